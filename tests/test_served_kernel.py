"""A served course's kernel sends nothing it writes to the learner's page: prints, log lines (a failing database's
SQL and a student's token), C-level writes and a widget handler's traceback all go to the server's log."""

from __future__ import annotations

import contextlib
import os
import queue
import time
from pathlib import Path
from typing import Any

import pytest

from shengji_tutor.course.served import SERVED

pytestmark = pytest.mark.slow  # a real kernel: seconds

CODE = """
import logging, os, sys
import ipywidgets as w
from shengji_tutor.course.served import quiet_when_served
quiet_when_served()
logging.getLogger("shengji_tutor.store").error(
    "the class's database cannot be reached", exc_info=RuntimeError("[SQL: UPDATE students SET token=%(t)s] tok-SECRET")
)
print("printed-line")
sys.__stderr__.write("raw-stderr-line\\n"); sys.__stderr__.flush()
os.write(2, b"fd-two-line\\n")
button = w.Button()
button.on_click(lambda _: 1 / 0)
button.click()
"""
WRITTEN = ("tok-SECRET", "printed-line", "raw-stderr-line", "fd-two-line", "ZeroDivisionError")


def run_in_kernel(served: bool, log: Path) -> list[dict[str, Any]]:
    """Run ``CODE`` in a fresh kernel whose standard error (the server's log) is ``log``: the messages its page got."""
    from jupyter_client.manager import start_new_kernel

    # as a server's kernel: ipykernel forwards its descriptors 1 and 2 to the page except under pytest
    env = {k: v for k, v in os.environ.items() if k not in (SERVED, "PYTEST_CURRENT_TEST")}
    env |= {SERVED: "1"} if served else {}
    with log.open("w") as server_log:
        manager, client = start_new_kernel(kernel_name="python3", env=env, stderr=server_log)
        try:
            client.execute(CODE)
            reply = client.get_shell_msg(timeout=120)
            assert reply["content"]["status"] == "ok", reply["content"]
            time.sleep(1)  # what reaches the kernel's descriptors is forwarded by a thread of its own, a little later
            got = []
            with contextlib.suppress(queue.Empty):
                while True:
                    got.append(client.get_iopub_msg(timeout=1))  # any parent: a descriptor's text may have none
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    return [m for m in got if m["msg_type"] in ("stream", "error")]


def test_a_served_kernel_writes_to_the_servers_log_and_nothing_to_the_page(tmp_path: Path) -> None:
    sent = run_in_kernel(served=True, log=tmp_path / "server.log")
    assert sent == []
    said = (tmp_path / "server.log").read_text()
    for line in WRITTEN:
        assert line in said, line


def test_a_kernel_in_jupyterlab_still_shows_what_it_writes(tmp_path: Path) -> None:
    """Without the served course's environment (an instructor's JupyterLab) the page gets it all, as usual."""
    sent = run_in_kernel(served=False, log=tmp_path / "server.log")
    text = "".join(m["content"].get("text", "") + "".join(m["content"].get("traceback", [])) for m in sent)
    for line in WRITTEN:
        assert line in text, line

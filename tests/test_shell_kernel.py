"""The course's page in a real kernel (IPython's shell, as Voilà runs it): every place runs, and what a cell displays
is kept in place, even through an Output widget."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_tutor.course.places import PLACES

pytestmark = pytest.mark.slow  # real kernels: seconds each (make test-fast skips them)

CODE = """
import json
from shengji_tutor.course.places import PLACES
from shengji_tutor.course.shell import course
from shengji_tutor.course.lesson_runner import LessonRun
shell = course()
errors = {}
for place in PLACES:
    shell.router.browser_event({"event": "navigate", "route": place.route})
    errors[place.route] = shell.run.error if shell.run is not None else None
print(json.dumps(errors))
"""
SHOWN = """
import json, nbformat, pathlib, ipywidgets as w
nb = nbformat.v4.new_notebook()
nb.cells = [nbformat.v4.new_code_cell(s) for s in (
    "from IPython.display import display, HTML\\ndisplay(HTML('<b>shown</b>'))\\nprint('printed')",
    "import ipywidgets as w\\nout = w.Output()\\nwith out:\\n    print('inside')\\nout",
)]
nbformat.write(nb, pathlib.Path(FOLDER) / "shown.ipynb")
run = LessonRun("shown.ipynb", pathlib.Path(FOLDER))
list(run.parts())
print(json.dumps({"error": run.error, "kinds": [type(p).__name__ for p in run.pieces],
                  "text": "".join(str(getattr(p, "value", "")) for p in run.pieces)}))
"""


def execute(client: object, code: str) -> str:
    """Run ``code`` in the kernel; its printed lines, or the error it raised."""
    import json

    msg_id = client.execute(code)  # type: ignore[attr-defined]
    printed = []
    while True:
        reply = client.get_iopub_msg(timeout=240)  # type: ignore[attr-defined]
        if reply["parent_header"].get("msg_id") != msg_id:
            continue
        if reply["msg_type"] == "stream":
            printed.append(reply["content"]["text"])
        elif reply["msg_type"] == "error":
            raise AssertionError("\n".join(reply["content"]["traceback"]))
        elif reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            return json.loads("".join(printed).strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from jupyter_client.manager import start_new_kernel

    data = tmp_path_factory.mktemp("kernel-data")
    manager, client = start_new_kernel(kernel_name="python3", env={**os.environ, "SHENGJI_TUTOR_DATA": str(data)})
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_every_place_runs_in_a_real_kernel(kernel: object) -> None:
    errors = execute(kernel, CODE)
    assert errors == {place.route: None for place in PLACES}


def test_what_a_cell_displays_is_kept_in_place(kernel: object, tmp_path: Path) -> None:
    shown = execute(kernel, f"FOLDER = {str(tmp_path)!r}\n" + SHOWN)
    assert shown["error"] is None
    assert "<b>shown</b>" in shown["text"]
    assert "printed" in shown["text"]
    assert "Output" in shown["kinds"]  # the Output widget is shown as itself, and entering it broke nothing

"""A served page's kernel writes to the server's log, never to the learner's page.

In a Jupyter kernel everything written to standard output or error — a
``print``, a log line, a traceback from a button's handler, even a C library
writing to file descriptor 2 — is sent to the page as a ``stream`` (or
``error``) message. A page of the served course has no use for any of it, and
some of it is private: a failing database's error names the host, the SQL and
its parameters (a student's token among them). ``quiet_when_served()`` sends it
all to the server's log instead, where the operator reads it:

- the kernel's file descriptors 1 and 2 are the server's again (ipykernel had
  put a pipe there that forwards to the page);
- ``sys.stdout`` and ``sys.stderr`` write to the server's standard error;
- log records go there too, through one handler on the root logger (without it,
  Python's last-resort handler writes to ``sys.stderr``, i.e. to the page);
- a traceback IPython would show (an exception in a widget's handler) is logged.

It acts only in a kernel of a served course (``SERVED`` in the environment,
which ``app.serve.voila_env`` sets); in JupyterLab an instructor still sees what
a notebook prints. A lesson's own ``print`` is still shown in place: the lesson
runner captures it while a cell runs.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

__all__ = ["SERVED", "quiet_when_served"]

SERVED = "SHENGJI_TUTOR_SERVED"
"""Set to "1" in the environment of a served course (the server's, and so its kernels')."""
LOG = logging.getLogger("shengji_tutor.kernel")
FORMAT = "[shengji-tutor kernel %(process)d] %(levelname)s %(name)s: %(message)s"
_done: list[bool] = []


def quiet_when_served() -> None:
    """In a served course's kernel, route everything written to standard output, standard error and the log to
    the server's log (see the module docstring); elsewhere, or a second time, do nothing."""
    if os.environ.get(SERVED) != "1" or _done:
        return
    _done.append(True)
    for stream, fd in ((sys.stdout, 1), (sys.stderr, 2)):
        original = getattr(stream, "_original_stdstream_copy", None)  # ipykernel's copy of the server's descriptor
        if isinstance(original, int):
            os.dup2(original, fd)
    log = sys.__stderr__ if sys.__stderr__ is not None else open(os.devnull, "w")  # noqa: SIM115 - kept open
    sys.stdout = sys.stderr = log
    handler = logging.StreamHandler(log)
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.WARNING:  # the default: the course's own warnings and errors are what matters
        root.setLevel(logging.INFO)
    _log_tracebacks()


def _log_tracebacks() -> None:
    """Make IPython log the tracebacks it would send to the page (a widget handler's exception, a cell's)."""
    try:
        from IPython.core.interactiveshell import InteractiveShell
    except ImportError:
        return
    if not InteractiveShell.initialized():
        return
    shell = InteractiveShell.instance()

    def showtraceback(*_args: Any, **_kwargs: Any) -> None:
        error = sys.exc_info()[1]
        LOG.error("%s", type(error).__name__ if error else "an error", exc_info=error or None)

    shell.showtraceback = showtraceback  # type: ignore[method-assign]  # this kernel's shell only

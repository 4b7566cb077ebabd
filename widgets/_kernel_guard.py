"""What a lesson kernel does with a malformed widget message from its page: nothing the page
can see (issue 32, item 9).

A learner may send the kernel any comm message with the browser's developer tools. The
kernel's comm layer (the ``comm`` package and ipykernel) answered a malformed one with a
traceback: ipywidgets' handler of the widgets' control comm (``jupyter.widget.control``)
raises on a ``comm_open`` without its protocol version or a ``comm_msg`` without
``data.method``, a widget's handler raises on a state it refuses, and the comm layer logs
the exception with its traceback through the loggers ``"Comm"`` and ``"ipykernel.comm"``.
Those loggers have no handler of their own, so Python's last-resort handler wrote the
traceback to ``sys.stderr``, which in a kernel is a stream *to the page*.

:func:`install` (run when :mod:`cardkit_widgets._common` is imported, which every widget
module does) changes two things in the kernel:

* the two loggers get a handler of their own, which writes **one line** (the logger's
  message and the exception's type, no traceback, no data of the message) to the kernel
  process's own standard error (the server's log, not the page: ipykernel sends what is
  written to file descriptor 2 to the page too, so the line goes to its copy of the
  original descriptor), at
  most :data:`LOGGED_LINES` lines and then one line every :data:`LOG_EVERY` messages;
* the control comm's target is registered again with :func:`open_control_comm`, which
  opens the comm only for a ``comm_open`` carrying the control protocol's major version
  and answers, on that comm, only ``{"method": "request_states"}``; any other message is
  dropped quietly (counted in the same log).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

from cardkit.errors import log_thinned

__all__ = ["install", "open_control_comm", "QuietCommLog", "LOGGED_LINES", "LOG_EVERY"]

#: The comm layer's loggers (the ``comm`` package's and ipykernel's).
COMM_LOGGERS = ("Comm", "ipykernel.comm")
#: Lines written before the log thins out, then one line every LOG_EVERY messages.
LOGGED_LINES = 20
LOG_EVERY = 1000
CONTROL_TARGET = "jupyter.widget.control"


class QuietCommLog(logging.Handler):
    """A logging handler that writes a record as one short line, without its traceback,
    to ``stream`` (default: the process's own standard error, read when writing), at most
    :data:`LOGGED_LINES` lines and then one every :data:`LOG_EVERY` records.

    :ivar count: records handled so far (written or not).
    """

    def __init__(self, stream: Any = None) -> None:
        super().__init__(level=logging.WARNING)
        self.stream = stream
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if not log_thinned(self.count, LOGGED_LINES, LOG_EVERY):
            return
        try:
            text = " ".join(str(record.getMessage()).split())[:200]
            if record.exc_info and record.exc_info[0] is not None:
                text += f" ({record.exc_info[0].__name__})"
            line = f"cardkit: a page's widget message was refused ({self.count} so far): {text}\n"
            if self.stream is not None:
                self.stream.write(line)
                self.stream.flush()
            else:
                _server_log(line)
        except Exception:  # noqa: BLE001 - a log line must never raise into the kernel
            pass


def _server_log(line: str) -> None:
    """Write ``line`` to the kernel process's own standard error, which the server logs. In
    a kernel, ipykernel captures file descriptor 2 and sends what is written there to the
    page too; its stream keeps a copy of the original descriptor, which goes to the server
    only."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(fd, int):
        os.write(fd, line.encode("utf-8", "replace"))
    elif sys.__stderr__ is not None:
        sys.__stderr__.write(line)
        sys.__stderr__.flush()


_handler: QuietCommLog | None = None


def _drop(reason: str) -> None:
    """Count a message the control comm drops, in the comm log (one line, rate-limited)."""
    logging.getLogger("Comm").warning("the widgets' control comm %s", reason)


def open_control_comm(comm: Any, msg: Any) -> None:
    """The ``jupyter.widget.control`` comm target: ipywidgets' own
    (``Widget.handle_control_comm_opened``) for a well-formed ``comm_open``, whose
    ``metadata.version`` has the control protocol's major version; any other ``comm_open``
    closes the comm quietly. On an open comm, ``{"method": "request_states"}`` is answered
    as ipywidgets does; any other message is dropped (one line in the server's log)."""
    from ipywidgets._version import __control_protocol_version__
    from ipywidgets.widgets.widget import Widget

    metadata = msg.get("metadata") if isinstance(msg, dict) else None
    version = metadata.get("version") if isinstance(metadata, dict) else None
    major = __control_protocol_version__.split(".")[0]
    if not isinstance(version, str) or version.split(".")[0] != major:
        _drop("was opened without its protocol version")
        comm.close()
        return
    Widget.handle_control_comm_opened(comm, msg)
    comm.on_msg(_control_message)


def _control_message(msg: Any) -> None:
    from ipywidgets.widgets.widget import Widget

    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    if not isinstance(data, dict) or data.get("method") != "request_states":
        _drop("was sent a message that is not a request for the widgets' states")
        return
    Widget._handle_control_comm_msg(msg)


def install(stream: Any = None) -> QuietCommLog:
    """Give the comm layer's loggers the one-line handler (once per process; ``stream`` for
    tests) and, in a running kernel, register :func:`open_control_comm` as the control
    comm's target. Safe to call again; returns the handler."""
    global _handler
    if _handler is None:
        _handler = QuietCommLog(stream)
        for name in COMM_LOGGERS:
            logger = logging.getLogger(name)
            logger.addHandler(_handler)
            logger.propagate = False
    elif stream is not None:
        _handler.stream = stream
    try:
        from IPython import get_ipython

        if get_ipython() is not None:  # as ipywidgets registers its own targets
            from ipywidgets.comm import get_comm_manager

            manager = get_comm_manager()
            if manager is not None:
                manager.register_target(CONTROL_TARGET, open_control_comm)
    except Exception:  # noqa: BLE001 - outside a kernel there is nothing to register
        pass
    return _handler

"""``cardkit-lessons``: serve the lesson notebooks as Voila dashboards.

Usage::

    cardkit-lessons [--port N] [--no-browser]

It serves the ``lessons/`` folder on 127.0.0.1 (port 8866 unless ``--port``
says otherwise), prints the URL of the lessons index and runs until Ctrl-C.
It has no authentication and is for one person: it says so first
(``ONE_PERSON_NOTICE``); a class uses ``cardkit-hub`` (``cardkit/serving/hub_cli.py``).
The ``lessons/`` folder is looked for in the current directory first, then in
the repository this package was installed from (the parent of the ``cardkit``
folder, which is where an editable install ``pip install -e .`` points).

Settings chosen for a classroom (see ``voila_args``):

* kernel culling is on: Voila keeps the kernel of a closed browser tab alive
  (voila issue 1458), so idle kernels are shut down after ``CULL_IDLE_TIMEOUT``
  seconds, checked every ``CULL_INTERVAL`` seconds;
* tracebacks are hidden from students and code cells are not shown;
* cells tagged ``teacher-only`` are removed from the dashboards;
* the port is fixed (``--Voila.port_retries=0``) so the printed URL is right;
* progressive rendering: a lesson's text shows as soon as its kernel has started, and
  each cell's output appears when that cell has run (not a spinner until the end);
* ``cardkit/serving/lesson_server.py`` (loaded from ``cardkit/serving/voila_config/voila.py``): teacher-only cells
  removed before they run, a closed page's kernel shut down at once, at most
  ``serving.DEFAULT_MAX_KERNELS`` kernels (a clear page beyond that);
* every numba kernel compiled or loaded (``cardkit.prepare``) before the URL is printed.

The browser is never opened (the flag ``--no-browser`` is accepted for
familiarity): open the printed URL yourself. This module imports neither
ipywidgets nor, until the server starts, Voila itself.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

HOST = "127.0.0.1"
DEFAULT_PORT = 8866
INDEX_NOTEBOOK = "index.ipynb"
CULL_IDLE_TIMEOUT = 600  # seconds a kernel may sit idle before it is shut down
CULL_INTERVAL = 60  # seconds between two checks for idle kernels
IOPUB_TIMEOUT = 120  # seconds: see voila_args
# Show each lesson's text at once and fill in the cells' outputs as they run (issue 10 §6):
# without it Voila shows only a spinner until the whole notebook has run (22 s for the
# slowest lesson at load 2-8 on 2 cores); with it the first screen comes after the kernel
# has started (benchmarks/lesson_first_screen.py).
PROGRESSIVE_RENDERING = True

REMOVED_CELL_TAGS = ("teacher-only",)
# The kernel caps of cardkit/serving/lesson_server.py's BoundedKernelManager: one person's server
# (cardkit-lessons), and one learner's server under cardkit-hub.
DEFAULT_MAX_KERNELS = 6
LEARNER_MAX_KERNELS = 3
# The only messages a page may send a kernel (the widgets' comm messages, kernel info,
# shutdown: no execute_request). Voila's own app uses exactly this list.
KERNEL_MESSAGE_TYPES = (
    "comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request", "shutdown_request",
)
# Voila settings a command line cannot give (the prelaunch hook, a function), and the kernel
# cap: ``cardkit/serving/voila_config/voila.py`` (see ``cardkit/serving/lesson_server.py``).
VOILA_CONFIG_DIR = Path(__file__).resolve().parent / "voila_config"

# Printed first at every start: this server is for one person.
ONE_PERSON_NOTICE = (
    "cardkit lessons: no authentication, for one person on this computer "
    "(anyone who can reach the port can use it and start kernels); "
    "for a class use cardkit-hub or Zero to JupyterHub (docs/classroom.md)"
)

# The repository root of a source checkout / editable install: the folder
# holding the ``cardkit`` package folder.
REPO_ROOT = Path(__file__).resolve().parents[2]


def index_url(port: int, host: str = HOST) -> str:
    """URL of the lessons index dashboard served on ``host:port``."""
    return f"http://{host}:{port}/voila/render/{INDEX_NOTEBOOK}"


def find_lessons_dir(cwd: str | os.PathLike[str] | None = None) -> Path | None:
    """Return the ``lessons/`` folder to serve, or None if there is none.

    ``<cwd>/lessons`` wins over ``<repo root>/lessons``.
    """
    candidates = [Path(cwd if cwd is not None else os.getcwd()) / "lessons", REPO_ROOT / "lessons"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate.resolve()
    return None


def voila_args(
    lessons_dir: str | os.PathLike[str],
    port: int,
    *,
    host: str = HOST,
    cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
    cull_interval: int = CULL_INTERVAL,
    show_tracebacks: bool = False,
    strip_sources: bool = True,
    removed_cell_tags: Iterable[str] = REMOVED_CELL_TAGS,
    iopub_timeout: int = IOPUB_TIMEOUT,
    progressive_rendering: bool = PROGRESSIVE_RENDERING,
    max_kernels: int = DEFAULT_MAX_KERNELS,
) -> list[str]:
    """Command-line arguments for ``voila`` (without the program name).

    Pure function: the tests' Voila server uses it too, so tests and
    classroom run the same configuration. ``iopub_timeout`` (seconds) is how long Voila
    waits for a cell's output after it ran: its default, 4 s, drops a dashboard's output
    when many pages open at once on a busy server (seen with 10-20 pages on 2 cores).
    ``progressive_rendering``: the page shows the notebook's text at once and each cell's
    output when it has run (``VoilaConfiguration.progressive_rendering``). ``max_kernels``:
    kernels at most at once (``cardkit.serving.BoundedKernelManager``; beyond it the oldest
    kernel whose page has gone makes room, or the page says to close a lesson).
    """
    args = [
        str(lessons_dir),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        f"--VoilaConfiguration.show_tracebacks={show_tracebacks}",
        f"--VoilaConfiguration.strip_sources={strip_sources}",
        f"--VoilaExecutor.iopub_timeout={iopub_timeout}",
        f"--VoilaConfiguration.progressive_rendering={progressive_rendering}",
        # cardkit.serving: teacher-only cells removed before they run, the closed page's kernel
        # shut down at once (the _xsrf cookie its close-time call carries), kernels capped.
        f"--Voila.config_file_paths={VOILA_CONFIG_DIR}",
        f"--BoundedKernelManager.max_kernels={int(max_kernels)}",
    ]
    # The flag is repeated once per tag (the set form '{"a"}' is ignored by Voila).
    args += [f"--TagRemovePreprocessor.remove_cell_tags={tag}" for tag in removed_cell_tags]
    return args


def port_is_free(port: int, host: str = HOST) -> bool:
    """True if a server could listen on ``host:port`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as tornado does
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid port {text!r}: not a whole number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {port}: must be between 1 and 65535")
    return port


class OneLineErrorParser(argparse.ArgumentParser):
    """ArgumentParser whose usage errors are a single line on stderr."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="cardkit-lessons",
        description="Serve the cardkit lessons as Voila dashboards on 127.0.0.1 and print the URL.",
    )
    parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--no-browser",
        action="store_true",
        help="do not open a browser (accepted for familiarity: a browser is never opened)",
    )
    return parser


def _error(message: str) -> int:
    print(f"cardkit-lessons: error: {message}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``cardkit-lessons``; returns the exit status."""
    args = build_parser().parse_args(argv)
    lessons_dir = find_lessons_dir()
    if lessons_dir is None:
        return _error(
            f"no lessons/ folder found in {Path.cwd()} nor in {REPO_ROOT}; "
            "run from the cardkit checkout"
        )
    if not port_is_free(args.port):
        return _error(f"port {args.port} on {HOST} is already in use; choose another with --port N")

    print(ONE_PERSON_NOTICE, flush=True)
    from .prepare import PrepareError, prepare_kernels

    try:  # before the address: the first Hint must not wait for numba (issue 19)
        prepare_kernels(say=lambda line: print(line, flush=True), who="cardkit lessons")
    except PrepareError as error:
        return _error(str(error))
    print(f"cardkit lessons: open {index_url(args.port)}  (serving {lessons_dir}; Ctrl-C stops)", flush=True)

    from voila.app import main as voila_main  # imported late: --help and errors stay fast

    # Voila's own Ctrl-C / SIGTERM handling shuts its kernels down before it returns.
    voila_main(argv=voila_args(lessons_dir, args.port))
    return 0


if __name__ == "__main__":  # python -m cardkit.lessons_cli
    sys.exit(main())

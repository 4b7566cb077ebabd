"""One Voila server for the browser benchmarks (``lesson_first_screen.py``,
``classroom_load.py``): a free port on the loopback, Jupyter's config/data/runtime folders
and the kernels' connection files in a temporary folder, the classroom settings of
``cardkit-lessons`` (``cardkit.lessons_cli.voila_args``), a wait until ``voila.js`` is
served, and a stop (SIGTERM, so that Voila shuts its kernels down; SIGKILL after 30 s).

Imported as ``benchmarks._voila`` (each script puts the repository root on ``sys.path``,
which also works when a test loads a script by its file path).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterable
from pathlib import Path

from cardkit.lessons_cli import voila_args

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (the system's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as "0.52 0.61 0.70"."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def jupyter_env(tmp: str) -> dict[str, str]:
    """The environment for a Voila server whose Jupyter and IPython folders are all in
    ``tmp`` (nothing of the user's is read or written); makes ``tmp/connections``."""
    Path(f"{tmp}/connections").mkdir()
    return dict(os.environ, JUPYTER_CONFIG_DIR=f"{tmp}/config", JUPYTER_DATA_DIR=f"{tmp}/data",
                JUPYTER_RUNTIME_DIR=f"{tmp}/runtime", IPYTHONDIR=f"{tmp}/ipython", PYTHONUNBUFFERED="1")


def voila_command(tmp: str, port: int, *, drop: Iterable[str] = (), **settings) -> list[str]:
    """``python -m voila`` on ``lessons/`` with the classroom settings (``voila_args(LESSONS,
    port, **settings)``), the kernels' connection files in ``tmp/connections``, and
    without the options that start with one of ``drop`` (the caller appends its own)."""
    cmd = [sys.executable, "-m", "voila", *voila_args(LESSONS, port, **settings),
           f"--Voila.connection_dir_root={tmp}/connections"]
    drop = tuple(drop)
    return [a for a in cmd if not (drop and a.startswith(drop))]


def start_voila(cmd: list[str], tmp: str, env: dict[str, str]) -> tuple[subprocess.Popen, Path]:
    """Start ``cmd`` in ``tmp`` with its output in ``tmp/voila.log``: (process, log path)."""
    log_path = Path(tmp) / "voila.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  env=env, cwd=tmp)
    return server, log_path


def wait_until_ready(server: subprocess.Popen, base_url: str, log_path: Path, *, poll: float,
                     timeout: float = 60) -> float | None:
    """Seconds until ``base_url`` serves ``voila.js`` (asked every ``poll`` seconds), or
    None, with the log's last 2,000 characters on stderr, when the server exits or
    ``timeout`` seconds pass first."""
    t0 = time.monotonic()
    while True:
        try:
            urllib.request.urlopen(f"{base_url}/voila/static/voila.js", timeout=2).close()
            return time.monotonic() - t0
        except OSError:
            if server.poll() is not None or time.monotonic() - t0 > timeout:
                print(log_path.read_text(errors="replace")[-2000:], file=sys.stderr)
                return None
            time.sleep(poll)


def stop_voila(server: subprocess.Popen | None) -> None:
    """Stop the server if it still runs: SIGTERM (Voila shuts its kernels down), then
    SIGKILL if it has not ended within 30 s."""
    if server is not None and server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


def lesson_paths() -> list[str]:
    """Every lesson notebook under ``lessons/``, relative to it: the index, the rules
    reference, then each game's lessons in order (the browser benchmarks' order).
    The Russian pages (``ru/``, the same file names) follow in the same order."""
    paths: list[str] = []
    for lang in ("", "ru/"):
        root = LESSONS / lang
        top = [lang + p for p in ("index.ipynb", "rules.ipynb", "deal_editor.ipynb") if (root / p).exists()]
        games = sorted(str(p.relative_to(LESSONS)) for p in root.glob("*/*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts and p.parent.name != "ru")
        paths += top + games
    return paths

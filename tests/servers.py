"""Servers started by the real-browser tests: a free port on 127.0.0.1, every Jupyter folder
inside the test's temporary folder, and the server and any kernel it left stopped by their
process ids (never by name)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

#: How long a server may take to serve Voila's static files (s).
START_TIMEOUT_S = 90


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(folder: Path) -> dict[str, str]:
    """This environment, with every Jupyter and temporary folder inside ``folder``."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                      ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython"), ("TMPDIR", "tmp")):
        (folder / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(folder / sub)
    env.pop("JUPYTER_CONFIG_PATH", None)
    return env


def processes_mentioning(marker: str) -> list[int]:
    """Ids of the processes whose command line holds ``marker`` (a test's own temp folder)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    pids.append(int(entry.name))
    return pids


def log_tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def serve(command: list[str], *, folder: Path, env: dict[str, str], cwd: Path, port: int,
          timeout: float = START_TIMEOUT_S) -> Iterator[str]:
    """Start ``command``, wait until it serves Voila's static files on ``port``, yield the
    base URL; then stop it (SIGTERM, then SIGKILL) and any kernel left with a connection file
    in ``folder``. Fails the test with the log's tail if the server exits or is not serving
    within ``timeout`` seconds."""
    log_path = folder / "server.log"
    base = f"http://127.0.0.1:{port}"
    with open(log_path, "ab") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env=env, cwd=cwd)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                pytest.fail(f"{command[:3]} exited with {process.returncode}:\n{log_tail(log_path)}")
            try:
                with urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"not serving after {timeout} s:\n{log_tail(log_path)}")
            time.sleep(0.2)
        yield base
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # Voila and Jupyter Server end their kernels first
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        for pid in processes_mentioning(str(folder)):  # kernels that outlived their server
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def app_in_thread(application) -> Iterator[str]:
    """Serve a tornado ``application`` (the room service's) on 127.0.0.1 and a free port, in a
    thread with an event loop of its own; yields its base URL (``http://127.0.0.1:PORT``), and
    stops the server and the thread on leaving."""
    import asyncio
    import threading

    from tornado.httpserver import HTTPServer

    port = free_port()
    ready = threading.Event()
    box: dict = {}

    def run() -> None:
        async def main() -> None:
            server = HTTPServer(application)
            server.listen(port, "127.0.0.1")
            box["stop"] = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await box["stop"].wait()
            server.stop()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10), "the server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(10)

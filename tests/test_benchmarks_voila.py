"""The two browser benchmarks start Voila through one helper (benchmarks/_voila.py), also
when loaded by file path (as tests/test_browser_first_screen.py does)."""

from __future__ import annotations

import importlib.util
import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_both_benchmarks_use_the_one_voila_helper(tmp_path):
    from benchmarks import _voila
    first, load = _load("lesson_first_screen"), _load("classroom_load")
    for name in ("free_port", "jupyter_env", "voila_command", "start_voila", "wait_until_ready", "stop_voila",
                 "load_average"):
        assert getattr(first, name) is getattr(load, name) is getattr(_voila, name), name
    assert first.CHROMIUM_ARGS is load.CHROMIUM_ARGS
    env = _voila.jupyter_env(str(tmp_path))
    assert (tmp_path / "connections").is_dir() and env["JUPYTER_CONFIG_DIR"] == f"{tmp_path}/config"
    cmd = _voila.voila_command(str(tmp_path), 8123, drop=("--VoilaExecutor.iopub_timeout=",), cull_interval=5)
    assert cmd[1:3] == ["-m", "voila"] and f"--Voila.connection_dir_root={tmp_path}/connections" in cmd
    assert not any(a.startswith("--VoilaExecutor.iopub_timeout=") for a in cmd)
    assert any("8123" in a for a in cmd) and any(a.endswith("=5") and "cull_interval" in a for a in cmd)
    port = _voila.free_port()
    with socket.socket() as s:   # the port is free: it can be bound
        s.bind(("127.0.0.1", port))

"""Tests of ``cardkit-lessons`` (cardkit/lessons_cli.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cardkit import lessons_cli
from cardkit.lessons_cli import find_lessons_dir, index_url, main, voila_args

REPO_ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ------------------------------------------------------------- voila_args


def test_voila_args_classroom_defaults():
    args = voila_args("/some/lessons", 8866)
    assert args[0] == "/some/lessons"
    for expected in [
        "--no-browser",
        "--port=8866",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_interval=60",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        "--TagRemovePreprocessor.remove_cell_tags=teacher-only",
        "--VoilaConfiguration.progressive_rendering=True",  # text at once, issue 10 §6
    ]:
        assert expected in args, expected
    # exactly one positional argument: the folder to serve
    assert [a for a in args if not a.startswith("--")] == ["/some/lessons"]


def test_voila_args_overrides_and_one_flag_per_removed_tag():
    args = voila_args(
        Path("/x"), 9000, cull_idle_timeout=5, cull_interval=1, show_tracebacks=True,
        removed_cell_tags=["teacher-only", "solution"],
    )
    assert "--port=9000" in args
    assert "--MappingKernelManager.cull_idle_timeout=5" in args
    assert "--MappingKernelManager.cull_interval=1" in args
    assert "--VoilaConfiguration.show_tracebacks=True" in args
    tags = [a for a in args if a.startswith("--TagRemovePreprocessor.remove_cell_tags=")]
    assert tags == [
        "--TagRemovePreprocessor.remove_cell_tags=teacher-only",
        "--TagRemovePreprocessor.remove_cell_tags=solution",
    ]


def test_index_url():
    assert index_url(8899) == "http://127.0.0.1:8899/voila/render/index.ipynb"


# ------------------------------------------------------ find_lessons_dir


def test_lessons_dir_in_current_directory_wins(tmp_path):
    (tmp_path / "lessons").mkdir()
    assert find_lessons_dir(tmp_path) == (tmp_path / "lessons").resolve()


def test_lessons_dir_falls_back_to_repo_root(tmp_path):
    assert find_lessons_dir(tmp_path) == (REPO_ROOT / "lessons").resolve()
    assert (find_lessons_dir(tmp_path) / "index.ipynb").is_file()


def test_no_lessons_dir_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(lessons_cli, "REPO_ROOT", tmp_path / "elsewhere")
    monkeypatch.chdir(tmp_path)
    assert find_lessons_dir() is None
    assert main([]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no lessons/ folder" in err


# ------------------------------------------------------------------ main


@pytest.mark.parametrize("bad", ["0", "65536", "-1", "http", "88.5", ""])
def test_bad_port_is_rejected_with_one_line(bad, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--port", bad])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("cardkit-lessons: error: argument --port: invalid port")


def test_port_in_use_is_a_one_line_error(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"port {port}" in err and "already in use" in err


def test_main_prints_url_and_runs_voila_with_voila_args(monkeypatch, capsys):
    import voila.app

    seen = {}
    monkeypatch.setattr(voila.app, "main", lambda argv: seen.setdefault("argv", argv))
    port = _free_port()
    assert main(["--port", str(port), "--no-browser"]) == 0
    lessons = find_lessons_dir()
    assert seen["argv"] == voila_args(lessons, port)
    assert index_url(port) in capsys.readouterr().out


def test_main_says_first_it_has_no_authentication_and_is_for_one_person(monkeypatch, capsys):
    import voila.app

    monkeypatch.setattr(voila.app, "main", lambda argv: None)
    assert main(["--port", str(_free_port())]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "no authentication" in first and "for one person" in first
    assert "cardkit-hub" in first  # and what to use for a class


def test_default_port_is_8866(monkeypatch):
    import voila.app

    seen = {}
    monkeypatch.setattr(voila.app, "main", lambda argv: seen.setdefault("argv", argv))
    monkeypatch.setattr(lessons_cli, "port_is_free", lambda port, host="127.0.0.1": True)
    assert main([]) == 0
    assert "--port=8866" in seen["argv"]


def test_importing_the_cli_loads_neither_ipywidgets_nor_voila():
    code = "import sys, cardkit.lessons_cli; print(sorted({'ipywidgets', 'voila'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_console_script_is_installed():
    script = Path(sys.executable).with_name("cardkit-lessons")
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert "--port" in result.stdout and "--no-browser" in result.stdout


# ------------------------------------------------------- for real, no browser


def test_cli_serves_the_index_and_stops_its_kernels(tmp_path):
    """``cardkit-lessons --port N`` serves the index over HTTP; SIGTERM ends it and its kernel.

    The free port is chosen here and may be taken by another process (another pytest-xdist
    worker's kernels) before Voila binds it: then the start is tried again, up to 3 times."""
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JUPYTER_DATA_DIR=str(tmp_path / "data"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        IPYTHONDIR=str(tmp_path / "ipython"),
        TMPDIR=str(tmp_path),  # Voila puts kernel connection files under it
    )
    log = open(tmp_path / "cli.log", "wb")

    def start():
        port = _free_port()
        return port, subprocess.Popen(
            [sys.executable, "-m", "cardkit.lessons_cli", "--port", str(port)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, cwd=tmp_path,
        )

    port, process = start()
    retries = 2
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None and retries and "no available port" in (tmp_path / "cli.log").read_text():
                retries -= 1
                port, process = start()
                continue
            assert process.poll() is None, (tmp_path / "cli.log").read_text()
            try:
                with urllib.request.urlopen(index_url(port), timeout=60) as response:
                    page = response.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "cli.log").read_text()
                time.sleep(0.2)
        assert "cardkit lessons" in page.lower()
        assert "There was an error when executing cell" not in page
        assert index_url(port) in (tmp_path / "cli.log").read_text()
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
    leftovers = [
        p.name for p in Path("/proc").glob("[0-9]*")
        if str(tmp_path) in _cmdline(p)
    ]
    assert leftovers == [], "kernels left running after SIGTERM"


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


# ------------------------------------------- ready before the first learner (issue 19)


def test_main_prepares_the_numba_kernels_before_it_says_the_address(monkeypatch, capsys):
    """The first Hint must not wait for numba: cardkit-lessons compiles (or loads) every
    kernel before printing the URL, and a failure is one line, with no server started."""
    import voila.app

    from cardkit import prepare

    events = []
    monkeypatch.setattr(prepare, "prepare_kernels", lambda **kw: events.append(("prepare", capsys.readouterr().out)))
    monkeypatch.setattr(voila.app, "main", lambda argv: events.append(("voila", capsys.readouterr().out)))
    assert main(["--port", str(_free_port())]) == 0
    assert [e[0] for e in events] == ["prepare", "voila"]
    assert "open http://" not in events[0][1] and "open http://" in events[1][1]

    def fails(**kw):
        raise prepare.PrepareError("compiling the card solvers failed: boom")

    monkeypatch.setattr(prepare, "prepare_kernels", fails)
    events.clear()
    assert main(["--port", str(_free_port())]) == 1
    out = capsys.readouterr()
    assert out.err.strip() == "cardkit-lessons: error: compiling the card solvers failed: boom"
    assert "open http://" not in out.out and events == []


def test_prepared_kernels_load_from_the_cache_without_compiling(tmp_path):
    """After prepare_kernels into a fresh NUMBA_CACHE_DIR (seeded from the kernels already
    compiled beside the modules), a new interpreter loads every kernel and compiles none."""
    from cardkit import prepare

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    prepare.prepare_kernels(environ=env, say=None)
    assert prepare.kernels_cached(env)
    code = "import importlib\nfor m in %r: importlib.import_module(m)" % (prepare.KERNEL_MODULES,)
    out = subprocess.run([sys.executable, "-c", code], env=dict(env, NUMBA_DEBUG_CACHE="1"), capture_output=True,
                         text=True, timeout=300, check=True).stdout
    lines = [line for line in out.splitlines() if line.startswith("[cache]")]
    assert lines and all(" loaded from " in line for line in lines), [x for x in lines if "loaded" not in x][:3]
    for module in prepare.KERNEL_MODULES:
        assert any(module.rsplit(".", 1)[1] + "." in line for line in lines), module

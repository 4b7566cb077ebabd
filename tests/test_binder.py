"""Binder: the files in binder/ install the kit in a fresh environment, and the lessons'
imports resolve there. Fast: a fresh venv sees this venv's packages through a .pth file (the
dependencies), pip runs with --no-deps (only the build backend is fetched, from the
machine's local mirror when there is one);
binder/postBuild itself is run, as repo2docker would, from a copy of the repository."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _lesson_imports() -> set[str]:
    mods = set()
    for nb in (ROOT / "lessons").rglob("*.ipynb"):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            src = "".join(cell["source"])
            src = "\n".join(l for l in src.splitlines() if not l.lstrip().startswith(("%", "!")))
            try:
                tree = ast.parse(src)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    mods.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    mods.add(node.module)
    return mods


def test_binder_files_install_the_kit(tmp_path):
    assert (ROOT / "binder" / "postBuild").is_file()
    assert (ROOT / "binder" / "requirements.txt").is_file()
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(
        ".git", "*.egg-info", "__pycache__", ".venv", "build", ".ipynb_checkpoints", "benchmarks"))
    venv = tmp_path / "venv"
    # without pip: pip and setuptools come from this venv through the .pth file below
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    py = venv / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    (Path(site) / "_deps_from_test_venv.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
               VIRTUAL_ENV=str(venv), PIP_NO_DEPS="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               PYTHONNOUSERSITE="1")
    if Path("/opt/pypi/simple").is_dir():  # this machine's local package mirror: stay offline
        env["PIP_INDEX_URL"] = "file:///opt/pypi/simple"
    env.pop("PYTHONPATH", None)
    # postBuild calls plain `pip`: it must be this venv's, never another environment's
    pip = venv / "bin" / "pip"
    pip.write_text(f'#!/bin/sh\nexec "{py}" -m pip "$@"\n')
    pip.chmod(0o755)
    assert shutil.which("pip", path=env["PATH"]) == str(pip)
    # binder/requirements.txt, then binder/postBuild from the repository root, as repo2docker does
    subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
                   cwd=repo, env=env, check=True, timeout=120)
    r = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    # the classroom settings for Voila as a server extension, in the environment's config folder
    etc = venv / "etc" / "jupyter"
    assert "cardkit.serving_setup" in (etc / "voila.py").read_text()
    assert "TagRemovePreprocessor" in json.loads((etc / "jupyter_server_config.json").read_text())
    code = ("import cardkit, cardkit_widgets, cardkit.codes, os; "
            "print(os.path.dirname(cardkit.__file__)); print(os.path.dirname(cardkit_widgets.__file__))")
    out = subprocess.run([str(py), "-c", code], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout.split()
    assert out[0] == str(repo / "cardkit") and out[1] == str(repo / "widgets")  # the installed copy
    mods = sorted(_lesson_imports())
    assert "cardkit" in {m.split(".")[0] for m in mods} or not mods
    check = "import importlib.util, sys; missing=[m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]; print(missing)"
    missing = subprocess.run([str(py), "-c", check, *mods], cwd=tmp_path, env=env, check=True,
                             capture_output=True, text=True, timeout=120).stdout.strip()
    assert missing == "[]", f"lesson imports not found in the Binder environment: {missing}"

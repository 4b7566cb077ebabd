"""Teacher-only cells never run for a learner, however the lessons are served (issue 22).

A tiny lesson — a title, a teacher-only note, a teacher-only code cell printing a secret, a
code cell printing a visible line — is served in each of the four ways the lessons are:

* ``cardkit-lessons``: ``python -m voila`` with ``lessons_cli.voila_args``;
* Binder: ``python -m jupyter_server`` with Voila as a server extension and the config that
  ``binder/postBuild`` writes (``python -m cardkit.serving_setup --binder``), the site's root
  above ``lessons/`` (``/voila/render/lessons/…``), started from the repository folder;
* plain ``voila lessons/`` started from the repository folder (its ``voila.json``) after
  ``python -m cardkit.serving_setup``;
* (``cardkit-hub``'s learners' servers: ``tests/test_browser_hub.py``.)

Each page is opened in headless Chromium with the classroom settings (progressive
rendering: the outputs come over a websocket). Neither secret may be in the page, in what
its websockets carried, or in the HTML; the visible line must be, once; and the page asks
nothing of any host but the server (no Font Awesome from cdn.jsdelivr.net: the classroom
may have no internet). Every Jupyter folder is a temporary one; each server and the kernels
it started are stopped by their process ids.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest
from servers import free_port, jupyter_env, serve

from cardkit.lessons_cli import voila_args

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "teacher.ipynb"
# Written in the sources in two halves: only an output or a teacher-only text can show them whole.
CODE_SECRET = "CODE-SECRET-" + "91c4"
NOTE_SECRET = "NOTE-SECRET-" + "7f3e"
VISIBLE = "VISIBLE-" + "line-42"
PAGE_TIMEOUT_MS = 90_000


def _tiny_lesson() -> nbformat.NotebookNode:
    teacher = {"tags": ["teacher-only"]}
    return nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# A tiny lesson"),
            nbformat.v4.new_markdown_cell(f"Teacher's note: {NOTE_SECRET}", metadata=teacher),
            nbformat.v4.new_code_cell('print("CODE-SECRET-" + "91c4")', metadata=teacher),
            nbformat.v4.new_code_cell('print("VISIBLE-" + "line-42")'),
        ],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """``<site>/lessons/teacher.ipynb``: the site's root is what Binder serves, its
    ``lessons/`` what cardkit-lessons and ``voila lessons/`` serve."""
    root = tmp_path_factory.mktemp("teacher-only-site")
    (root / "lessons").mkdir()
    nbformat.write(_tiny_lesson(), root / "lessons" / NOTEBOOK)
    return root


def test_the_tiny_lesson_holds_the_secrets_only_in_tagged_cells():
    nb = _tiny_lesson()
    assert NOTE_SECRET in nb.cells[1].source and "teacher-only" in nb.cells[1].metadata.tags
    assert CODE_SECRET not in nb.cells[2].source and VISIBLE not in nb.cells[3].source


# ------------------------------------------------------------------ servers


@pytest.fixture
def cardkit_lessons(site, tmp_path) -> Iterator[str]:
    """``cardkit-lessons``' Voila (``voila_args``) on ``<site>/lessons``."""
    port = free_port()
    yield from serve([sys.executable, "-m", "voila", *voila_args(site / "lessons", port)],
                      folder=tmp_path, env=jupyter_env(tmp_path), cwd=tmp_path, port=port)


@pytest.fixture
def binder(site, tmp_path) -> Iterator[str]:
    """Binder's server: Jupyter Server with the Voila extension and ``binder/postBuild``'s
    config (written into this test's JUPYTER_CONFIG_DIR), from the repository folder."""
    env = jupyter_env(tmp_path)
    subprocess.run([sys.executable, "-m", "cardkit.serving_setup", "--binder", "--config-dir",
                    env["JUPYTER_CONFIG_DIR"]], check=True, env=env, capture_output=True, timeout=60)
    port = free_port()
    command = [sys.executable, "-m", "jupyter_server", f"--ServerApp.root_dir={site}", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.open_browser=False",
               "--IdentityProvider.token="]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--ServerApp.allow_root=True")
    yield from serve(command, folder=tmp_path, env=env, cwd=REPO_ROOT, port=port)


@pytest.fixture
def plain_voila(site, tmp_path) -> Iterator[str]:
    """``voila lessons/`` as a teacher types it, from the repository folder, after
    ``python -m cardkit.serving_setup`` (into this test's JUPYTER_CONFIG_DIR)."""
    env = jupyter_env(tmp_path)
    subprocess.run([sys.executable, "-m", "cardkit.serving_setup", "--config-dir", env["JUPYTER_CONFIG_DIR"]],
                   check=True, env=env, capture_output=True, timeout=60)
    voila = shutil.which("voila", path=str(Path(sys.executable).parent))
    program = [voila] if voila else [sys.executable, "-m", "voila"]
    port = free_port()
    yield from serve([*program, str(site / "lessons"), f"--port={port}", "--Voila.ip=127.0.0.1", "--no-browser"],
                      folder=tmp_path, env=env, cwd=REPO_ROOT, port=port)


# -------------------------------------------------------------------- pages


def _check_page(context, url: str) -> None:
    """Open ``url`` in Chromium, other hosts cut off; check the secrets and the visible line."""
    html = urllib.request.urlopen(url, timeout=120).read().decode("utf-8", "replace")
    assert NOTE_SECRET not in html and CODE_SECRET not in html
    assert "cdn.jsdelivr.net" not in html  # the page asks no CDN for Font Awesome

    server = urlsplit(url).netloc
    elsewhere: list[str] = []
    frames: list[str] = []

    def only_the_server(route) -> None:
        if urlsplit(route.request.url).netloc == server:
            route.continue_()
        else:  # as in a classroom without internet access
            elsewhere.append(route.request.url)
            route.abort()

    page = context.new_page()
    try:
        page.route("**/*", only_the_server)
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        response = page.goto(url, timeout=PAGE_TIMEOUT_MS)
        assert response is not None and response.ok, (url, response and response.status)
        page.wait_for_function(
            """(visible) => document.body.innerText.includes(visible)
                 && !document.querySelector('.voila-skeleton-container')""", arg=VISIBLE)
        page.wait_for_timeout(1000)  # any late output (there must be none)
        text = page.inner_text("body")
        content = page.content()
    finally:
        page.close()
    assert "A tiny lesson" in text
    assert text.count(VISIBLE) == 1, text
    for secret in (NOTE_SECRET, CODE_SECRET):
        assert secret not in text and secret not in content, f"{secret} shown at {url}"
        assert not any(secret in frame for frame in frames), f"{secret} sent to the page at {url}"
    assert "There was an error" not in text
    assert elsewhere == [], f"the page asked other hosts: {elsewhere}"


def test_cardkit_lessons_never_runs_teacher_only_cells(cardkit_lessons, context):
    _check_page(context, f"{cardkit_lessons}/voila/render/{NOTEBOOK}")


def test_binder_never_runs_teacher_only_cells(binder, context):
    _check_page(context, f"{binder}/voila/render/lessons/{NOTEBOOK}")


def test_plain_voila_from_the_repository_never_runs_teacher_only_cells(plain_voila, context):
    _check_page(context, f"{plain_voila}/voila/render/{NOTEBOOK}")

"""How the default ``pytest`` shares the tests between pytest-xdist workers.

pyproject's addopts run the suite on two workers (``-n 2 --dist loadfile``): each file
runs whole, in order, on one worker (a notebook's cells, nbval, in one kernel; a module's
fixtures built once). The scheduler below adds one rule: every browser test file
(``tests/test_browser_*.py``, the files that use ``dashboard`` or pytest-playwright's
``page``/``context``/``browser``) is one unit, so one worker runs them all, with one
Voila server and one Chromium, while the other worker runs the rest.

The long random-play and agreement files in ``SPREAD_FILES`` (no fixtures, no order
between their tests) are the other exception: each of their tests is a unit of its own,
so two workers share them and neither waits alone at the end for a whole file.

Order: the browser unit is handed out first (it is the longest, and mostly waits on
Voila and Chromium), then the lessons (nbval), then the units of ``SPREAD_FILES``, then
the files, most tests first (xdist's own order), so the units left at the end are short;
``LAST_FILES`` (the lesson text scan, which reads the lessons' nbval runs: see the end of
this file) go last.

``pytest -n 0`` (or a run without pytest-xdist) runs everything in one process as before.
This file sits at the repository root so that it also applies to ``pytest lessons/``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path, PurePosixPath

import pytest

# Bytecode caches on, for this run and every process it starts (xdist workers, nbval and
# Voila kernels, subprocess tests): with PYTHONDONTWRITEBYTECODE set (as on some CI
# machines), each of them compiled every module of the kit from source again and pytest
# re-rewrote every test module's asserts, about 8 s of collection per worker. The caches
# go to ``__pycache__`` folders (git ignores them).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

#: The older paths of the modules issue 30 moved (``cardkit/codes.py`` -> ``cardkit/core/codes.py``):
#: each gives the moved module itself, whose doctests run once, at its new path (collected at the old
#: path too, pytest's doctest finds a module whose file is elsewhere: "import file mismatch").
_ROOT = Path(__file__).resolve().parent
collect_ignore = sorted(str(p.relative_to(_ROOT)) for p in (_ROOT / "cardkit").glob("*.py")
                        if "the older path of" in p.read_text(encoding="utf-8")[:400])

BROWSER_FILE_PREFIX = "test_browser_"
SPREAD_FILES = frozenset({
    "tests/test_variety_random_play.py",
    "tests/test_warsaw_hearts_random.py",
    "tests/test_armenian_durak_random.py",
    "tests/test_analysis_variety.py",
    "tests/test_simulate_variety.py",
    "tests/test_simulate_armenian_durak.py",
})


#: Handed out last: the lesson text scan reads each lesson's nbval run when it has passed.
LAST_FILES = ("tests/test_lesson_text.py",)


def _scope(nodeid: str) -> str:
    """The unit a worker runs whole: ``"browser"`` for a browser test file, the test
    itself in ``SPREAD_FILES``, else the file."""
    path = nodeid.split("::", 1)[0]
    if PurePosixPath(path).name.startswith(BROWSER_FILE_PREFIX):
        return "browser"
    return nodeid if path in SPREAD_FILES else path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTogether(LoadFileScheduling):
        """``--dist loadfile``, with all browser test files as one unit, handed out first;
        then the long random-play tests (one unit each), then the files, most tests first
        (xdist's order), so that the last units to run are small."""

        def _split_scope(self, nodeid: str) -> str:
            return _scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_ordered", False):
                self._ordered = True
                spread = [k for k in self.workqueue if k.split("::", 1)[0] in SPREAD_FILES]
                lessons = [k for k in self.workqueue if k.startswith("lessons/")]
                for key in reversed(["browser", *lessons, *spread]):
                    if key in self.workqueue:
                        self.workqueue.move_to_end(key, last=False)
                for key in LAST_FILES:  # they read what the lessons' nbval run left
                    if key in self.workqueue:
                        self.workqueue.move_to_end(key)
            super()._assign_work_unit(node)

    return BrowserTogether(config, log)


# ------------------------------------------------------------------------------------
# One execution of each lesson for nbval and the lesson text scan
# ------------------------------------------------------------------------------------
# nbval runs every lesson cell by cell (``--nbval-lax``: no error, outputs not compared).
# tests/test_lesson_text.py scans what a learner reads in each executed lesson; it ran
# every lesson a second time (~30 CPU-s a run, issue 13). When nbval has run a whole
# lesson and every cell passed, the hook below writes the lesson's outputs, cell by cell,
# and its final widget state (asked from nbval's kernel after the last cell) to
# ``$CARDKIT_EXECUTED_LESSONS/<lesson>.json``, a folder made for this run and shared by
# the xdist workers; the scan reads that file, and runs the lesson itself when there is
# none (nbval failed there, has not run it yet, or was not asked to run it). So each
# check still fails on its own.

EXECUTED_ENV = "CARDKIT_EXECUTED_LESSONS"
LESSONS_DIR = Path(__file__).resolve().parent / "lessons"
_made_folder: list[str] = []
_lesson_runs: dict[str, dict] = {}

# Run in nbval's kernel after a lesson's last cell: every widget's state (the traits that
# are JSON; references to other widgets are "IPY_MODEL_<id>" strings), as one JSON line.
_WIDGET_STATE_CODE = """
def _cardkit_widget_state():
    import json
    try:
        from ipywidgets.widgets.widget import _instances
    except ImportError:
        _instances = {}
    def is_json(v):
        try:
            json.dumps(v)
        except (TypeError, ValueError):
            return False
        return True
    print(json.dumps({mid: {k: v for k, v in w.get_state().items() if is_json(v)}
                      for mid, w in list(_instances.items())}))
_cardkit_widget_state()
del _cardkit_widget_state
"""


def pytest_configure(config):
    if not os.environ.get(EXECUTED_ENV):  # the controller (xdist workers inherit it) or -n 0
        folder = tempfile.mkdtemp(prefix="cardkit-executed-lessons-")
        os.environ[EXECUTED_ENV] = folder
        _made_folder.append(folder)


def pytest_unconfigure(config):
    for folder in _made_folder:
        shutil.rmtree(folder, ignore_errors=True)


def executed_lesson_file(rel: str) -> Path | None:
    """Where this run's nbval writes the lesson ``rel`` (relative to ``lessons/``), or None
    outside a pytest run of this repository."""
    folder = os.environ.get(EXECUTED_ENV)
    return Path(folder) / (rel.replace("/", "__") + ".json") if folder else None


def _widget_state(kernel, timeout: float = 60) -> dict | None:
    """The widgets' states from nbval's kernel (``_WIDGET_STATE_CODE``), or None."""
    msg_id = kernel.execute_cell_input(_WIDGET_STATE_CODE, allow_stdin=False)
    kernel.await_reply(msg_id, timeout=timeout)
    text = []
    while True:
        msg = kernel.get_message("iopub", timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "status" and content["execution_state"] == "idle":
            break
        if kind == "stream" and content["name"] == "stdout":
            text.append(content["text"])
        elif kind == "error":
            return None
    return json.loads("".join(text))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if call.when != "call" or type(item).__name__ != "IPyNbCell":
        return
    path = Path(str(item.parent.fspath)).resolve()
    target = executed_lesson_file(path.relative_to(LESSONS_DIR).as_posix()) \
        if LESSONS_DIR in path.parents else None
    if target is None:
        return
    run = _lesson_runs.setdefault(str(path), {"outputs": {}, "ok": True})
    run["ok"] = run["ok"] and outcome.get_result().passed
    run["outputs"][item.cell_num] = [dict(o) for o in (item.test_outputs or [])]
    code_cells = sum(c.cell_type == "code" for c in item.parent.nb.cells)
    if item.cell_num != code_cells - 1:
        return
    del _lesson_runs[str(path)]
    if not run["ok"] or len(run["outputs"]) != code_cells:
        return
    try:
        widgets = _widget_state(item.parent.kernel)
    except Exception:  # noqa: BLE001  # no file: the scan runs the lesson itself
        return
    if widgets is not None:
        outputs = [run["outputs"][i] for i in range(code_cells)]
        part = target.with_suffix(".part")
        part.write_text(json.dumps({"outputs": outputs, "widgets": widgets}))
        part.replace(target)  # whole or not at all, for a reader on another worker

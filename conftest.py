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
Voila and Chromium), then the units of ``SPREAD_FILES``, then the files, most tests
first (xdist's own order), so the units left at the end are short.

``pytest -n 0`` (or a run without pytest-xdist) runs everything in one process as before.
This file sits at the repository root so that it also applies to ``pytest lessons/``.
"""

from __future__ import annotations

import os
import sys
from pathlib import PurePosixPath

import pytest

# Bytecode caches on, for this run and every process it starts (xdist workers, nbval and
# Voila kernels, subprocess tests): with PYTHONDONTWRITEBYTECODE set (as on some CI
# machines), each of them compiled every module of the kit from source again and pytest
# re-rewrote every test module's asserts, about 8 s of collection per worker. The caches
# go to ``__pycache__`` folders (git ignores them).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

BROWSER_FILE_PREFIX = "test_browser_"
SPREAD_FILES = frozenset({
    "tests/test_variety_random_play.py",
    "tests/test_warsaw_hearts_random.py",
    "tests/test_armenian_durak_random.py",
    "tests/test_analysis_variety.py",
    "tests/test_simulate_variety.py",
    "tests/test_simulate_armenian_durak.py",
})


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
                for key in reversed(["browser", *spread]):
                    if key in self.workqueue:
                        self.workqueue.move_to_end(key, last=False)
            super()._assign_work_unit(node)

    return BrowserTogether(config, log)

"""A lesson's first screen appears quickly, cold (issue 10 §6), and it is the lesson's
title.

Every lesson begins with its title, a markdown cell (checked for all of them below,
from the files); Voila's progressive rendering (the classroom settings of
``cardkit-lessons``) draws the cells in order as they run, so the title is the first thing
a learner sees. In the browser, one Voila server (``voila_server``) serves the lessons and
three of them are opened in turn, each in a fresh browser context, so cold and with a fresh
kernel: the index (the first page a learner opens), the first rules lesson, and Warsaw
Hearts 3 (the longest to run: 14–22 s of spinner before progressive rendering). Each is
timed from the navigation request to its first text visible (its first heading drawn; the
loading spinner does not count), which must be its own title, read from the notebook
file. The times are printed (``-s``) with the load average.

The first screen of *every* lesson is timed by ``benchmarks/lesson_first_screen.py``
(speed is measured in benchmarks; a page load is about 6 CPU-s of Voila, kernel and
Chromium, and this file opened all 14 lessons: issue 13). The goal is 3 s on this
project's 2-core machine when it is quiet; the machine is shared, so the assertion uses a
generous bound, ``CARDKIT_FIRST_SCREEN_BOUND`` seconds (default 10), and the 3 s goal is
only printed.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import time
from pathlib import Path
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
BOUND_S = float(os.environ.get("CARDKIT_FIRST_SCREEN_BOUND", "10"))
GOAL_S = 3.0


def _benchmark():
    spec = importlib.util.spec_from_file_location("lesson_first_screen", ROOT / "benchmarks" / "lesson_first_screen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _benchmark()


def _title(lesson: str) -> str:
    """The lesson's title: the first ``# `` line of its first markdown cell, without markup."""
    nb = json.loads((ROOT / "lessons" / lesson).read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return re.sub(r"[*_`]", "", line[2:]).strip()
            break
    raise AssertionError(f"{lesson}: the first markdown cell has no '# ' title")


def test_lesson_paths_cover_every_notebook():
    found = {str(p.relative_to(ROOT / "lessons")) for p in (ROOT / "lessons").rglob("*.ipynb")
             if ".ipynb_checkpoints" not in p.parts}
    assert set(BENCH.lesson_paths()) == found
    assert {"index.ipynb", "rules.ipynb", "variety/1_rules.ipynb", "warsaw_hearts/3_strategy.ipynb"} <= found


#: opened cold in the browser: the index, the first rules lesson, the longest to run
COLD = ("index.ipynb", "variety/1_rules.ipynb", "warsaw_hearts/3_strategy.ipynb")


def test_every_lesson_begins_with_its_title():
    """The first cell of every lesson is markdown whose first line is its '# ' title (so
    progressive rendering draws the title before any cell has run)."""
    for lesson in BENCH.lesson_paths():
        first = json.loads((ROOT / "lessons" / lesson).read_text())["cells"][0]
        assert first["cell_type"] == "markdown", f"{lesson}: the first cell is {first['cell_type']}"
        assert "".join(first["source"]).startswith(f"# {_title(lesson)}"[:12]), lesson
        assert "teacher-only" not in first.get("metadata", {}).get("tags", []), lesson
    assert set(COLD) <= set(BENCH.lesson_paths())


def test_lessons_show_their_title_quickly_cold(browser, voila_server):
    lessons = COLD
    times: dict[str, float] = {}
    wrong: list[str] = []
    load_before = BENCH.load_average()
    for lesson in lessons:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.set_default_timeout(90_000)
            started = time.monotonic()
            page.goto(f"{voila_server}/voila/render/{quote(lesson)}", wait_until="commit")
            text = page.wait_for_function(BENCH.FIRST_SCREEN_JS, polling=50).json_value()
            times[lesson] = time.monotonic() - started
            if _title(lesson) not in text:
                wrong.append(f"{lesson}: first text {text[:80]!r}, expected the title {_title(lesson)!r}")
        finally:
            context.close()
    print(f"\nfirst screen, cold (load average {load_before} before, {BENCH.load_average()} after):")
    for lesson, t in times.items():
        print(f"  {lesson:<42} {t:6.2f} s{'' if t <= GOAL_S else '  (over the 3 s goal)'}")
    assert not wrong, wrong
    slow = {lesson: round(t, 2) for lesson, t in times.items() if t > BOUND_S}
    assert not slow, f"first screen over {BOUND_S:g} s: {slow}"

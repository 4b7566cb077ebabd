"""Every lesson's first screen appears quickly, cold (issue 10 §6).

One Voila server (``voila_server``, the classroom settings of ``cardkit-lessons``, with
progressive rendering); each lesson is opened in turn in a fresh browser context, so with
a fresh kernel, and timed from the navigation request to the lesson's first text visible
(its first heading drawn; the loading spinner does not count). The text must be the
lesson's own title, read from the notebook file. The times are printed (``-s``) with the
load average.

Without progressive rendering Voila showed only a spinner until the whole notebook had run
(Warsaw Hearts 3: 14–22 s); the goal is 3 s on this project's 2-core machine when it is
quiet. The machine is shared, so the assertion uses a generous bound,
``CARDKIT_FIRST_SCREEN_BOUND`` seconds (default 10), and the 3 s goal is only printed;
``benchmarks/lesson_first_screen.py`` prints the same figures with all cells' times.
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


def test_every_lesson_shows_its_title_quickly_cold(browser, voila_server):
    lessons = BENCH.lesson_paths()
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

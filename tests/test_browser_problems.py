"""The problem-set lessons in a real Voila + headless Chromium (issue 10 §2): a problem
answered wrong shows its cost at once, the right card is marked right, the count keeps the
first answer, and Show the answer gives the best line. The answers come from the stored
problem sets (checked against the exact judge by tests/test_problems.py)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cardkit.problems import load_problems

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
SHOTS = os.environ.get("CARDKIT_SCREENSHOTS")  # a folder: save a screenshot of each page


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_a_problem_answered_wrong_then_right(dashboard, game):
    problems = load_problems(LESSONS / game / "problems.json")
    k = next(i for i, p in enumerate(problems) if p.kind == "play")
    p = problems[k]
    page = dashboard(f"{game}/4_problems.ipynb")
    box = page.locator(".ck-problems")
    expect(box).to_have_count(1)
    expect(box).to_contain_text(f"0 of {len(problems)} solved")
    box.get_by_role("button", name=str(p.number), exact=True).click()
    expect(box).to_contain_text(f"Problem {p.number} of {len(problems)}")
    wrong = next(a for a in p.legal if a != p.best)
    label = lambda a: f"{a.label} (tableau)" if game == "armenian_durak" and a in p.state.up[p.seat] else a.label
    box.get_by_role("button", name=label(wrong), exact=True).click()
    cost = p.values[p.best] - p.values[wrong]
    expect(box).to_contain_text(f"{wrong.label} costs {cost} point")
    expect(box).to_contain_text(f"0 of {len(problems)} solved")
    box.get_by_role("button", name=label(p.best), exact=True).click()
    expect(box).to_contain_text(f"Right: {p.best.label} is best")
    expect(box).to_contain_text("the count keeps your first answer")
    box.get_by_role("button", name="Show the answer").click()
    expect(box).to_contain_text("The best line")
    expect(box).to_contain_text("You end with")
    if SHOTS:
        box.screenshot(path=str(Path(SHOTS) / f"problems_{game}.png"))

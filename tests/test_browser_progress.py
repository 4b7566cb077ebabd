"""Progress kept and problems rated, in a real Voila + headless Chromium (issue 33): an
exercise answered, the page reloaded, its first answer shown as kept and the index's state
changed with the next step in words; a problem solved, reloaded and still counted, and
**Next problem** showing the problem the learner's rating picks; storage tampered with by
hand changes nothing but her own view and shows no error. At 1366×768 and 390×844. Each
test in a browser context of its own (its own storage)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import expect

from cardkit.problems import load_problems
from cardkit.rating import pick_next, replay
from cardkit_widgets import exercises as X

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
SHOTS = os.environ.get("CARDKIT_SCREENSHOTS")  # a folder: save a screenshot of each page
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def own_page(browser):
    """A page in a browser context of its own: its storage starts empty and is its own."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


def no_sideways_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 1, f"the page scrolls sideways by {width} px"


@pytest.mark.parametrize("size", SIZES)
def test_an_exercise_answered_is_kept_and_the_index_changes(dashboard, own_page, size):
    own_page.set_viewport_size(SIZES[size])
    index = dashboard("index.ipynb", page=own_page)
    box = index.locator(".ck-progress")
    expect(box).to_contain_text("Variety 1: the rules: ○ not started")
    expect(box).to_contain_text("Next: Variety 1: the rules, the exercise «The cut for the first dealer».")
    expect(box).not_to_contain_text("Teaching room")        # not under the hub
    no_sideways_scroll(index)

    page = dashboard("variety/1_rules.ipynb", page=own_page)
    ex = page.locator(".ck-exercise").filter(has_text="Exercise: The cut for the first dealer")
    ex.scroll_into_view_if_needed()
    q = X.variety_cut(np.random.default_rng(110))
    wrong = next(label for label, v in q.choices if v != q.answer)
    ex.get_by_role("button", name=wrong, exact=True).click()
    expect(ex).to_contain_text("✘ Not right.")
    expect(ex).not_to_contain_text("earlier visit")

    page = dashboard("variety/1_rules.ipynb", page=own_page)      # reload
    ex = page.locator(".ck-exercise").filter(has_text="Exercise: The cut for the first dealer")
    expect(ex).to_contain_text("answered on an earlier visit: not right the first time")
    expect(ex).to_contain_text("0 of 0 right")                    # this visit's count starts afresh
    other = page.locator(".ck-exercise").filter(has_text="Exercise: The next deal")
    expect(other).not_to_contain_text("earlier visit")

    index = dashboard("index.ipynb", page=own_page)
    box = index.locator(".ck-progress")
    expect(box).to_contain_text("Variety 1: the rules: ◐ started (1 of 12 exercises answered)")
    expect(box).to_contain_text("Next: Variety 1: the rules, the exercise «The next deal».")
    expect(box).not_to_contain_text(re.compile(r"\.ipynb|_rules|variety/"))    # words, no file names
    no_sideways_scroll(index)
    if SHOTS:
        box.screenshot(path=str(Path(SHOTS) / f"progress_index_{size}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_problem_solved_is_kept_and_next_problem_picks_by_rating(dashboard, own_page, size):
    own_page.set_viewport_size(SIZES[size])
    problems = load_problems(LESSONS / "warsaw_hearts" / "problems.json")
    first = problems[0]
    page = dashboard("warsaw_hearts/4_problems.ipynb", page=own_page)
    box = page.locator(".ck-problems")
    expect(box).to_contain_text(f"0 of {len(problems)} solved")
    expect(box).to_contain_text(f"Problem 1 of {len(problems)} · easy · card play · rated {first.rating:.0f}")
    box.get_by_role("button", name=first.best.label, exact=True).click()
    expect(box).to_contain_text(f"1 of {len(problems)} solved")
    expect(box).to_contain_text("your rating for these problems")
    learner, rated = replay([(1, True)], {p.number: p.rating for p in problems})
    picked = pick_next(learner, {n: r for n, r in rated.items() if n != 1}, solved=[1], answered=[1],
                       order=[p.number for p in problems])
    box.get_by_role("button", name="Next problem").click()
    expect(box).to_contain_text(f"Problem {picked} of {len(problems)}")
    no_sideways_scroll(page)

    page = dashboard("warsaw_hearts/4_problems.ipynb", page=own_page)      # reload
    box = page.locator(".ck-problems")
    expect(box).to_contain_text(f"1 of {len(problems)} solved")
    expect(box).to_contain_text(f"your rating for these problems: {learner.rating:.0f}")
    box.get_by_role("button", name="Next problem").click()
    expect(box).to_contain_text(f"Problem {picked} of {len(problems)}")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"progress_problems_{size}.png"))

    index = dashboard("index.ipynb", page=own_page)
    expect(index.locator(".ck-progress")).to_contain_text(
        f"Warsaw Hearts 4: problems: ◐ started (1 of {len(problems)} problems answered; "
        f"your rating {learner.rating:.0f})")
    expect(index.locator(".ck-progress")).to_contain_text(f"Next: Warsaw Hearts 4: problems, problem {picked}.")


def test_storage_tampered_with_changes_only_her_view_and_shows_no_error(dashboard, own_page):
    page = dashboard("index.ipynb", page=own_page)
    page.evaluate("""() => localStorage.setItem("cardkit-progress-v1", JSON.stringify({v: 1, answers: {
        "exercise|variety/1_rules|The next deal": [1, 100],
        "exercise|variety/1_rules|<img src=x onerror=alert(1)>": [1, 100],
        "problem|warsaw_hearts/4_problems|2": ["yes", 1e300],
        "hack": {"deep": [1, 2, 3]}}}))""")
    page = dashboard("index.ipynb", page=own_page)           # fails by itself on an error shown
    box = page.locator(".ck-progress")
    expect(box).to_contain_text("Variety 1: the rules: ◐ started (1 of 12 exercises answered)")
    expect(box).to_contain_text("Warsaw Hearts 4: problems: ○ not started")
    page.evaluate("() => localStorage.setItem('cardkit-progress-v1', '{not json' + 'x'.repeat(2000000))")
    page = dashboard("index.ipynb", page=own_page)
    expect(page.locator(".ck-progress")).to_contain_text("Variety 1: the rules: ○ not started")
    expect(page.locator("body")).not_to_contain_text("Traceback")


def test_a_russian_problem_solved_is_kept_and_the_russian_index_shows_it(dashboard, own_page):
    """Issue 29: the Russian problem page speaks Russian (Т К Д В on its card buttons), its first
    answer is kept under the Russian page's own name (``ru/warsaw_hearts/4_problems``) and read
    back on reload, and the Russian index's progress shows it, in Russian."""
    from cardkit.i18n import translation
    from cardkit_widgets._common import cards_in_words_of
    own_page.set_viewport_size(SIZES["laptop"])
    problems = load_problems(LESSONS / "warsaw_hearts" / "problems.json")
    first = problems[0]
    page = dashboard("ru/warsaw_hearts/4_problems.ipynb", page=own_page)
    box = page.locator(".ck-problems")
    expect(box).to_contain_text(f"решено: 0 из {len(problems)}")
    expect(box).to_contain_text(f"Задача 1 из {len(problems)} · лёгкая · розыгрыш")
    box.get_by_role("button", name=cards_in_words_of(first.best.label, translation("ru")), exact=True).click()
    expect(box).to_contain_text("Верно")
    expect(box).to_contain_text(f"решено: 1 из {len(problems)}")
    learner, _rated = replay([(1, True)], {p.number: p.rating for p in problems})

    page = dashboard("ru/warsaw_hearts/4_problems.ipynb", page=own_page)      # reload
    box = page.locator(".ck-problems")
    expect(box).to_contain_text(f"решено: 1 из {len(problems)}")
    expect(box).to_contain_text(f"ваш рейтинг в этих задачах: {learner.rating:.0f}")

    index = dashboard("ru/index.ipynb", page=own_page)
    progress = index.locator(".ck-progress")
    expect(progress).to_contain_text(
        f"Варшавские червы 4: задачи: ◐ начато (отвечено на 1 из {len(problems)} задач; "
        f"ваш рейтинг {learner.rating:.0f})")
    expect(progress).to_contain_text("Варьете 1: правила: ○ не начато")
    expect(progress).not_to_contain_text(re.compile(r"[A-Za-z]{2,}"))
    expect(progress.get_by_role("link", name="Варшавские червы 4: задачи").first).to_have_attribute(
        "href", "warsaw_hearts/4_problems.ipynb")
    no_sideways_scroll(index)

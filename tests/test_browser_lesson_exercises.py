"""The rules lessons in a real Voila + headless Chromium: each renders without errors, its
code hidden, showing its worked examples (the figures below); and one exercise per lesson
is answered wrong, then right (issue 10 §1): the feedback says so at once, the count and
the lesson's score update, New example deals the next seed. The right answers come from
the same question makers with the seeds the lessons use. One page load per lesson for both
(a load is about 6 CPU-s of Voila, kernel and Chromium; issue 13)."""

import numpy as np
import pytest
from playwright.sync_api import expect

from cardkit_widgets import exercises as X

pytestmark = pytest.mark.browser

CASES = [  # lesson, exercise title, question maker, first seed (as in the lesson)
    ("variety/1_rules.ipynb", "The cut for the first dealer", X.variety_cut, 110),
    ("warsaw_hearts/1_rules.ipynb", "What is the penalty?", X.hearts_penalty, 310),
    ("armenian_durak/1_rules.ipynb", "Who wins the trick?", X.durak_trick_winner, 110),
]
SHOWN = {  # lines of each lesson's worked examples, computed by the engine in the page
    "warsaw_hearts/1_rules.ipynb": ["Sergei pays Vitaly (30 − 25) + 0 = 5 chips"],
    "armenian_durak/1_rules.ipynb": ["250 against 198: the first player wins by 52 points",
                                     "The rule bot's reply in this position: 7♥"],
}


def answer(box, question, value):
    if question.choices is None:
        box.get_by_role("textbox").fill(str(value).replace("-", "−"))
        box.get_by_role("button", name="Check").click()
    else:
        label = next(lab for lab, v in question.choices if v == value)
        box.get_by_role("button", name=label, exact=True).click()


@pytest.mark.parametrize("lesson,title,maker,seed", CASES, ids=[c[0].split("/")[0] for c in CASES])
def test_the_rules_lesson_renders_and_an_exercise_answered_wrong_then_right(dashboard, lesson, title, maker, seed):
    page = dashboard(lesson)  # fails by itself if the page shows an error
    for line in SHOWN.get(lesson, []):
        expect(page.get_by_text(line)).to_be_visible()
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
    box = page.locator(".ck-exercise").filter(has_text=f"Exercise: {title}")
    expect(box).to_have_count(1)
    box.scroll_into_view_if_needed()
    q = maker(np.random.default_rng(seed))
    wrong = q.answer + 1 if q.choices is None else next(v for _, v in q.choices if v != q.answer)
    answer(box, q, wrong)
    expect(box).to_contain_text("✘ Not right.")
    expect(box).to_contain_text("§")                       # the why quotes the rule
    expect(box).to_contain_text("0 of 1 right")
    box.get_by_role("button", name="New example").click()
    expect(box).to_contain_text(f"deal number {seed + 1}")
    q2 = maker(np.random.default_rng(seed + 1))
    answer(box, q2, q2.answer)
    expect(box).to_contain_text("✔ Right.")
    expect(box).to_contain_text("1 of 2 right")
    expect(page.get_by_text("So far in this lesson: 1 of 2 right")).to_be_visible()

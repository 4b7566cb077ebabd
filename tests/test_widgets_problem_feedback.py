"""What a problem set's answer says (issue 21): "you end with −2" says what the figure is."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from cardkit.problems import result_words

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_a_played_answer_says_what_you_end_with_means(game):
    from cardkit_widgets.problems import ProblemSet
    ps = ProblemSet(LESSONS / game / "problems.json")
    i = next(k for k, p in enumerate(ps.problems) if p.kind == "play")
    ps.show(i)
    p = ps.problem
    ps.answer_with(p.best)
    assert "end with" in ps.feedback.value and html.escape(result_words(game)) in ps.feedback.value
    wrong = next((a for a in p.legal if a != p.best and p.values[a] != p.values[p.best]), None)
    if wrong is not None:
        ps.answer_with(wrong)
        assert "costs" in ps.feedback.value and html.escape(result_words(game)) in ps.feedback.value


def test_hand_diagrams_write_the_ten_as_10():
    """A learner reads 10, never T, in every problem's hand diagrams (issue 33, item 1: Variety 4
    problem 1 showed "♠ A T 8 4 3", Warsaw Hearts 4 problem 1 "♥ T 7")."""
    import re
    from pathlib import Path

    from cardkit.problems import load_problems
    from cardkit_widgets.problems import position_html

    lessons = Path(__file__).resolve().parent.parent / "lessons"
    tens = 0
    for game in ("variety", "warsaw_hearts", "armenian_durak"):
        for p in load_problems(lessons / game / "problems.json"):
            text = re.sub(r"<[^>]+>", " ", position_html(p))
            assert not re.search(r"(?<![\w])T(?![\w'’])", text), (game, p.number, text)
            tens += text.count("10")
    assert tens > 0  # the sets do show tens

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

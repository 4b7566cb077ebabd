"""One helper puts the minus sign "−" in learner text (issue 13): the judge's verdicts,
the problem sets' lines and the widgets all call cardkit.wording.minus_signs, which
changes a hyphen-minus only where a number is negative; words keep their hyphens."""

from cardkit import problems, wording
from cardkit.analysis import judge


def test_words_keep_hyphens_numbers_get_the_minus_sign():
    text = "you take the face-down card; no-trump costs -3 points (-0.5 on average), deal V-4821"
    assert wording.minus_signs(text) == (
        "you take the face-down card; no-trump costs −3 points (−0.5 on average), deal V-4821")


def test_the_judges_verdict_keeps_word_hyphens():
    text = judge._verdict_text("no-trump", "face-down", 2.0, 0.5, -3, "J♠")
    assert "no-trump cost 2.0 ± 0.5" in text and "(better: face-down)" in text
    assert "known, it cost −3 points" in text and "-3" not in text and "−" not in text.replace("−3", "")


def test_every_user_calls_the_one_helper():
    from cardkit_widgets import _common, lesson
    assert judge.minus_signs is problems.minus_signs is wording.minus_signs
    assert lesson.minus_signs is _common.minus_signs is wording.minus_signs
    assert lesson.learner_words("RULES.md §3.3: the face-down card, -2") == "Rules §3.3: the face-down card, −2"

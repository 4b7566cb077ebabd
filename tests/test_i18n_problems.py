"""Issue 29: the problem sets (``ProblemSet``) in Russian and in the tests' pseudo-language.

``lang="qps"`` (:func:`cardkit.i18n.pseudo`: every message wrapped in ⟦ ⟧, its letters
accented): for a problem set of each game, every problem shown, answered right and wrong,
its answer shown, and Next / Previous pressed; every text the set shows (HTML, button
labels, tooltips, the picker's labels and tooltips) came through the catalog: no word in
plain ASCII letters. ``lang="ru"``: the same texts hold no Latin-letter word (cards Т К Д В
10). English stays the default.
"""

from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest
from registry_games import NAMES as GAMES
from test_i18n_tables import TAG, plain_words
from test_lesson_text import LESSONS
from test_lesson_text_ru import ru_findings

from cardkit.errors import CardkitError
from cardkit_widgets.problems import ProblemSet


def _texts(w, out: list[str]) -> None:
    if isinstance(w, W.HTML):
        out.append(w.value)
    for attr in ("description", "tooltip"):
        v = getattr(w, attr, None)
        if isinstance(v, str):
            out.append(v)
    if isinstance(w, W.ToggleButtons):
        out.extend(w.tooltips)
        out.extend(label for label, _ in w.options)
    for c in getattr(w, "children", ()):
        _texts(c, out)


def _worked(game: str, lang: str) -> list[str]:
    """Every problem of ``game``'s set shown, answered wrong (when it can be) and right, its
    answer shown; then Next and Previous pressed: the texts shown at each step."""
    ps = ProblemSet(LESSONS / game / "problems.json", lang=lang, lesson=f"{game}/4_problems")
    out: list[str] = []
    _texts(ps, out)
    for i, p in enumerate(ps.problems):
        ps.show(i)
        _texts(ps, out)
        wrong = [a for a in p.legal if a != p.best]
        for a in wrong[:1] + [p.best]:
            ps.answer_with(a)
            _texts(ps, out)
        ps.answer_with(p.best)        # tried again
        _texts(ps, out)
        ps.show_answer()
        _texts(ps, out)
    ps.show(0)
    ps.next_button.click()
    _texts(ps, out)
    ps.prev_button.click()
    _texts(ps, out)
    return [t for t in out if t]


@pytest.mark.parametrize("game", GAMES)
def test_a_problem_set_in_qps_says_every_word_through_the_catalog(game):
    texts = _worked(game, "qps")
    bad = sorted({w for t in texts for w in plain_words(t)})
    assert bad == [], f"{game}: words not through the catalog: {bad}"


@pytest.mark.parametrize("game", GAMES)
def test_a_problem_set_in_russian_has_no_latin_word(game):
    shown = [html.unescape(TAG.sub(" ", t)) + " " + " ".join(re.findall(r'title="([^"]*)"', t))
             for t in _worked(game, "ru")]
    found = sorted(set(ru_findings([(game, t) for t in shown])))
    assert found == [], "\n".join(found[:20])


def test_a_problem_set_speaks_russian_cards_and_words():
    ps = ProblemSet(LESSONS / "warsaw_hearts" / "problems.json", lang="ru", lesson="warsaw_hearts/4_problems")
    assert ps.next_button.description == "Следующая задача ▶"
    assert ps.answer_button.description == "Показать ответ"
    p = ps.problem
    ps.answer_with(p.best)
    assert "Верно" in ps.feedback.value
    shown = ps.show_answer()
    assert "Лучший ход" in shown and "Взятка" in shown
    labels = [b.description for b in ps.choice_box.children]
    assert not any(c in label for label in labels for c in "AKQJT"), labels
    assert all(b.tooltip and not any(ch.isascii() and ch.isalpha() for ch in b.tooltip)
               for b in ps.choice_box.children)


def test_a_problem_set_is_english_by_default_and_refuses_another_language():
    ps = ProblemSet(LESSONS / "variety" / "problems.json", lesson="variety/4_problems")
    assert ps.lang == "en" and ps.next_button.description == "Next problem ▶"
    with pytest.raises(CardkitError, match="lang 'de'"):
        ProblemSet(LESSONS / "variety" / "problems.json", lang="de")

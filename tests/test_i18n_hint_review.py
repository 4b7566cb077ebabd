"""Issue 29: the Hint's and How did I do?'s own sentences (widgets/_dashboard.py) in the
tests' pseudo-language and in Russian.

``lang="qps"``: a Hint at each of the learner's decisions of a Warsaw Hearts, an Armenian
Durak and a Variety deal (the best action, its points, the gap, the noise, how the judge made
its figures, a bid's valuation, the reason: "Why: …"), with a card pointed at, and How did I
do?'s summary, list heads and items after the deal (the judge's verdicts with their
reasons): every word came through the catalog, and a reason is among them. ``lang="ru"``: the
same pages show no Latin word (``ru_findings``), a Hint's «Почему: …» and a review's reason
among them.
"""

from __future__ import annotations

import re

import pytest
from registry_games import every_game
from test_i18n_tables import CODE, not_through_catalog
from test_lesson_text_ru import ru_findings

from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable

SMALL = re.compile(r"<small>.*?</small>")
TAG = re.compile(r"<[^>]*>")

TABLES = [(WarsawHeartsTable, {"players": 4}), (DurakTable, {"first_dealer": 1}), (VarietyTable, {})]
IDS = ["warsaw_hearts", "armenian_durak", "variety"]
every_game(IDS, "TABLES")


def _hints_and_review(cls, kw, lang: str) -> tuple[list[str], object]:
    t = cls(seed=2, lang=lang, **kw)
    out: list[str] = []
    for _ in range(400):
        st = t.state
        if st.is_terminal():
            break
        if st.current_player == t.seat and st.phase in ("play", "bidding", "draw"):
            legal = st.legal_actions()
            t.hint()
            out.append(t.status.value)
            if len(legal) > 2 and st.phase == "play":
                t.hint(about=legal[-1])
                out.append(t.status.value)
            t.act(legal[-1])
        else:
            t.act(st.legal_actions()[0])
    t.review_button.click()
    out += [t.status.value, t.review_list.description, t.review_button.description]
    out += [label for label, _v in t.review_list.options]   # "Trick 5: the verdict. Why: …"
    return [x for x in out if x], t


@pytest.mark.parametrize(("cls", "kw"), TABLES, ids=IDS)
def test_hint_and_review_in_the_pseudo_language(cls, kw):
    texts, _t = _hints_and_review(cls, kw, "qps")
    assert sum("⟦<b>Ĥíńť:</b>" in x for x in texts) >= 5
    assert any("⟦Ŵĥý: " in x or "⟦<b>Ŵĥý:</b>" in x for x in texts), "no reason among the Hints and the review"
    bad, _unused = not_through_catalog([CODE.sub("", x) for x in texts], [])
    assert not bad, sorted(bad)


@pytest.mark.parametrize(("cls", "kw"), TABLES, ids=IDS)
def test_hint_and_review_show_no_latin_word_in_russian(cls, kw):
    texts, t = _hints_and_review(cls, kw, "ru")
    found = ru_findings([("hint or review", TAG.sub(" ", x)) for x in texts])
    assert not found, "\n".join(found)
    hints = [x for x in texts if "<b>Подсказка:</b>" in x]
    assert any("<b>Почему:</b>" in x for x in hints) or any("Почему: " in label for label, _v in t.review_list.options)


def test_hint_and_review_in_russian():
    texts, _t = _hints_and_review(WarsawHeartsTable, {"players": 4}, "ru")
    joined = "\n".join(texts)
    assert "<b>Подсказка:</b>" in joined and "в среднем" in joined
    assert "<b>Как вы сыграли?</b>" in joined and "Взятка" in joined
    assert "Why" not in joined and "points" not in joined
    assert "раскладк" in joined and "решени" in joined


def test_how_did_i_do_s_refusals_in_the_pseudo_language():
    """How did I do? before the deal is over, and a judged decision's replay asked for too
    early or for an action the deal does not have: one line each, through the catalog."""
    from cardkit.errors import StateError

    t = WarsawHeartsTable(seed=2, lang="qps", players=4)
    said = []
    for call in (t.review_deal, lambda: t.review_jump(0)):
        with pytest.raises(StateError) as e:
            call()
        said.append(str(e.value))
    while not t.state.is_terminal():
        t.act(t.state.legal_actions()[0])
    with pytest.raises(StateError) as e:
        t.review_jump(999)
    said.append(str(e.value))
    assert all(x.startswith("⟦") for x in said), said
    bad, _unused = not_through_catalog(said, [])
    assert not bad, sorted(bad)

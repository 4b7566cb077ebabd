"""Issue 29: the Hint's and How did I do?'s own sentences (widgets/_dashboard.py) in the
tests' pseudo-language and in Russian.

``lang="qps"``: a Hint at each of the learner's card decisions of a Warsaw Hearts and an
Armenian Durak deal (the best card, its points, the gap, the noise, the number of deals),
with a card pointed at, and How did I do?'s summary and list heads after the deal: every
word came through the catalog. Still English (not checked here): how the judge made its
figures (the Hint's ``<small>`` source when it names the method, the bids' valuations),
the judge's verdicts (the list items' text after "Trick 5:") and the reasons ("Why:",
left out of a Russian Hint until the reasons are worded in the catalog).
"""

from __future__ import annotations

import re

import pytest
from test_i18n_tables import CODE, not_through_catalog

from cardkit_widgets import DurakTable, WarsawHeartsTable

SMALL = re.compile(r"<small>.*?</small>")


def _hints_and_review(cls, kw, lang: str) -> tuple[list[str], object]:
    t = cls(seed=2, lang=lang, **kw)
    out: list[str] = []
    for _ in range(400):
        st = t.state
        if st.is_terminal():
            break
        if st.current_player == t.seat and st.phase == "play":
            legal = st.legal_actions()
            t.hint()
            out.append(SMALL.sub("", t.status.value))
            if len(legal) > 2:
                t.hint(about=legal[-1])
                out.append(SMALL.sub("", t.status.value))
            t.act(legal[-1])
        else:
            t.act(st.legal_actions()[0])
    t.review_button.click()
    out += [t.status.value, t.review_list.description, t.review_button.description]
    out += [label.split(":")[0] for label, _v in t.review_list.options]   # where: "Trick 5"
    return [x for x in out if x], t


@pytest.mark.parametrize(("cls", "kw"), [(WarsawHeartsTable, {"players": 4}), (DurakTable, {"first_dealer": 1})],
                         ids=["warsaw_hearts", "armenian_durak"])
def test_hint_and_review_in_the_pseudo_language(cls, kw):
    texts, _t = _hints_and_review(cls, kw, "qps")
    assert sum("⟦<b>Ĥíńť:</b>" in x for x in texts) >= 5
    bad, _unused = not_through_catalog([CODE.sub("", x) for x in texts], [])
    assert not bad, sorted(bad)


def test_hint_and_review_in_russian():
    texts, _t = _hints_and_review(WarsawHeartsTable, {"players": 4}, "ru")
    joined = "\n".join(texts)
    assert "<b>Подсказка:</b>" in joined and "в среднем" in joined
    assert "<b>Как вы сыграли?</b>" in joined and "Взятка" in joined
    assert "Why" not in joined and "points" not in joined
    assert "раскладк" in joined and "решени" in joined

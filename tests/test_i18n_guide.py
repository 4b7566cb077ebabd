"""Issue 29: the guide ("Guide me through a deal", widgets/_guide.py) and Try it again
(widgets/_try_again.py) in the tests' pseudo-language and in Russian.

``lang="qps"``: a guided deal of each game played to its end (each step's words, what
just happened, Got it, a refused card with the guide's reason, the words once the guide
turns off), then How did I do? and Try it again from the learner's decisions (its
buttons, its status lines before and after the try's deal): every word came through the
catalog (:func:`test_i18n_tables.not_through_catalog`, nothing allowed but the words of
the parts still English: the replay's reasons and the judge's answers).
"""

from __future__ import annotations

import re

import pytest
from test_i18n_tables import CODE, not_through_catalog

from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable

PAGES = [(VarietyTable, {}), (WarsawHeartsTable, {"players": 4}), (DurakTable, {"first_dealer": 1}),
         (DurakTable, {"first_dealer": 0})]


def _guided_deal(cls, kw, lang: str, seed: int = 1) -> tuple[list[str], object]:
    """The guide's words, the refusals and Try it again's words over a guided deal."""
    t = cls(seed=seed, guide=True, lang=lang, **kw)
    g = t.guide
    out = [g.toggle.description, g.toggle.tooltip, g.ok.description, g.ok.tooltip]
    for _ in range(400):
        st = t.state
        if st.is_terminal():
            break
        out.append(g.box.value)
        if g.ok.layout.display is None:
            g.ok.click()
            out.append(g.box.value)
        if st.current_player != t.seat:
            t.act(st.legal_actions()[0])
            continue
        ct = t.table
        bad = [c for c in ct.hand_cards if c not in ct.legal_cards]
        if bad:
            ct.click(bad[0])            # refused: the engine's reason and the guide's
            out.append(t.status.value)
        if ct.enabled_bids:
            ct.bid(ct.enabled_bids[-1])
        elif ct.enabled_trump_picks:
            ct.pick_trump(ct.enabled_trump_picks[0])
        elif ct.enabled_draws:
            ct.choose_draw(ct.enabled_draws[0])
        else:
            ct.click(ct.legal_cards[-1])
    out += [g.box.value, g.toggle.description]
    g.toggle.value = True               # on again over a finished deal
    out += [g.box.value, g.toggle.description]
    g.toggle.value = False
    t.review_button.click()
    again = t.again.control
    out += [again.description] + [label for label, _v in again.options]
    for _label, v in list(again.options)[:2]:
        again.value = v
        t.again.start(v)
        out += [t.status.value, t.again.status_words()]
        for _ in range(400):
            st = t.state
            if st.is_terminal():
                break
            t.act(st.legal_actions()[0])
        out += [t.again.status_words()]
        t.again.stop()
    return [x for x in out if x], t


@pytest.mark.parametrize(("cls", "kw"), PAGES, ids=["variety", "warsaw_hearts", "durak_1", "durak_0"])
def test_guide_and_try_again_in_the_pseudo_language(cls, kw):
    texts, _t = _guided_deal(cls, kw, "qps")
    assert any("⟦" in x for x in texts)
    # the status line's other parts (a judged verdict, the deal's result) are not the guide's
    words = [re.sub(r"⚠[^<]*", "", x) if "⟦" not in x else x for x in texts]
    bad, _unused = not_through_catalog([CODE.sub("", x) for x in words], [])
    assert not bad, sorted(bad)


def test_guide_and_try_again_in_russian():
    texts, _t = _guided_deal(VarietyTable, {}, "ru")
    joined = "\n".join(texts)
    assert "Сдача по шагам: нет" in joined and "Понятно ▶" in joined
    assert "По шагам — ваша заявка." in joined and "Сейчас: нажмите число под столом." in joined
    assert "Разыгрывающие:" in joined and "Переиграть решение" in joined
    assert "Сыграно заново с момента «взятка" in joined or "Сыграно заново с момента «торговля" in joined
    texts, _t = _guided_deal(DurakTable, {"first_dealer": 0}, "ru")
    joined = "\n".join(texts)
    assert "По шагам — козырь выбран." in joined and "Соперник вытянул из вашего веера" in joined


def test_guide_in_english_unchanged():
    t = VarietyTable(seed=1, guide=True)
    assert t.guide.toggle.description == "Guide me through a deal: on"
    assert t.guide.box.value.startswith("<b>Guide — your bid.</b> <small>(steps done: 0 of 5: bid, the contract, "
                                        "lead, follow suit, a trick won)</small><br>A bid names one of the eight")
    assert t.guide.box.value.endswith("So far: East named 5. <b>Now: press a number under the table.</b>")

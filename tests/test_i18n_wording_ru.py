"""Issue 29: the Russian reader's pass over the tables' sentences.

A sentence built around a seat's name agrees with it: at two seats the learner is «Вы» and
the other seat «Соперник», so the Durak table says «Вы ▶ ходите» but «Соперник ▶ ходит»,
«её взяли вы», «у соперника», «из веера соперника» (each its own message: Russian cannot
put «Вы» into a sentence made for a third person). A number decides a word's form
(``ngettext``: 1 сдача, 3 сдачи, 5 сдач). The English of every such sentence is unchanged.
"""

from __future__ import annotations

import html
import re

import pytest

from cardkit.games import armenian_durak as ad
from cardkit_widgets import DurakTable
from cardkit_widgets.armenian_durak import TrumpPicker

TAG = re.compile(r"<[^>]*>")


def _plain(text: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", text)).split())


def _opponent_to_act(t):
    """A copy of the table's state after the learner's first action: the opponent to act."""
    st = t.state.clone()
    st.apply_action(st.legal_actions()[0])
    while st.current_player == t.seat:
        st.apply_action(st.legal_actions()[0])
    return st


def _turns(t, st) -> dict[str, str]:
    return {s["name"]: s["turn"] for s in t._seats_view(st, True, counts=[6, 6])}


@pytest.mark.parametrize(("lang", "mine", "theirs"), [("ru", "ходите", "ходит"), ("en", "to play", "to play")])
def test_durak_turn_mark_agrees_with_the_seat(lang, mine, theirs):
    t = DurakTable(3, lang=lang)
    you, opponent = t.names[t.seat], t.names[1 - t.seat]
    while t.state.phase != "play" or t.state.current_player != t.seat:
        t.act(t.state.legal_actions()[0])
    seats = {s["name"]: s["turn"] for s in t.table.state["seats"]}
    assert seats[you] == mine and seats[opponent] == ""
    assert _turns(t, _opponent_to_act(t)) == {you: "", opponent: theirs}


def test_durak_trump_draw_turn_mark_in_russian():
    t = DurakTable(3, lang="ru")          # the opponent deals: the learner draws the trump
    assert t.state.phase == "trump" and t.state.current_player == t.seat
    assert {s["name"]: s["turn"] for s in t.table.state["seats"]} == {"Вы": "тянете козырь", "Соперник": ""}


def _a_deal(lang: str, seed: int) -> list[str]:
    """Every caption, status line, seat note and trick note of a deal played to its end."""
    t = DurakTable(seed, lang=lang)
    out = []
    for _ in range(300):
        st = t.state
        trick = t.table.state["trick"]
        out += [t.status_text, t.table.state["caption"], trick.get("caption") or "", trick.get("note") or "",
                (trick.get("previous") or {}).get("note", "")]
        if st.is_terminal():
            break
        t.act(st.legal_actions()[0])
    return [_plain(x) for x in out if x]


def test_durak_in_russian_says_you_and_the_opponent_in_agreement():
    said = " | ".join(_a_deal("ru", 1) + _a_deal("ru", 3))
    assert "её взяли вы" in said and "последняя взятка: её взяли вы" in said
    assert "у соперника" in said and "из веера соперника;" in said
    for wrong in ("её взял Вы", "взял: Вы", "у игрока соперник", "у игрока Соперник", "соперника (соперник)",
                  "Вы ходит\b", "Вы взял\b"):
        assert not re.search(wrong, said), wrong


def test_durak_in_english_unchanged():
    said = " | ".join(_a_deal("en", 1) + _a_deal("en", 3))
    assert "; won by you ." in said and "last trick: You won it" in said
    assert "Deal over: you 23 points, your opponent 57." in said
    assert "you drew A♠ from your opponent's hand; it went back to the dealer." in said


@pytest.mark.parametrize(("lang", "note"), [("ru", "Вы взяли все взятки: +10"), ("en", "You took every trick: +10")])
def test_durak_sweep_note_agrees(monkeypatch, lang, note):
    t = DurakTable(3, lang=lang)
    monkeypatch.setattr(ad, "sweep_bonus", lambda tricks, rules: 10)
    assert t._deal_note(t.state) == note


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "вы вытянули Т♠ из веера соперника; карта вернулась к нему."),
    ("en", "you drew A♠ from Opponent's hand; it went back to Opponent."),
])
def test_trump_picker_names_the_opponent_once(lang, words):
    t = DurakTable(3)
    st = t.state.clone()
    st.apply_action(st.legal_actions()[0])     # the learner (seat 0) draws from the dealer's fan
    picker = TrumpPicker(lang=lang)
    picker.show(st, 0)
    assert words in _plain(picker.prompt.value)

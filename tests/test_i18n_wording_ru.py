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
    assert "её взял Соперник" in said   # one colon in the sentence: «Последняя взятка (1): …; её взял …»
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


# ---- a number decides the word's form: 1, 3, 5 ------------------------------------------------

_AFTER_3 = ("A game played three rounds (three deals), the higher total wins. After {deals} deals your total is "
            "{mine}, your opponent's {theirs}. What now?")
_AFTER_250 = ("A game played to 250 points. After {deals} deals your total is {mine}, your opponent's {theirs}. "
              "What now?")
_BEST = ("Best: <b>contract {n}</b> ({description}), expected margin {margin} ± {stderr} points (± one standard "
         "error), from {samples} deals per contract (random deals of the other hands, deal set {seed}: another set "
         "or number of deals gives other figures, within about their ±).")
PLURALS = [  # (the message, its values but the number, the number's name, Russian at 1, 3, 5)
    ("{place} holds {n} cards already: take one out before adding {card}", {"place": "Юг", "card": "Т♠"}, "n",
     ("уже лежит 1 карта;", "уже лежат 3 карты;", "уже лежат 5 карт;")),
    ("{n} of {size} placed{dealt} ({points} points)", {"n": 13, "size": 13, "dealt": ""}, "points",
     ("(1 очко)", "(3 очка)", "(5 очков)")),
    ("Playing {n} deals for each of the eight contracts…", {}, "n", ("по 1 сдаче", "по 3 сдачи", "по 5 сдач")),
    (_BEST, {"n": 3, "description": "x", "margin": "+1.00", "stderr": "0.50", "seed": 0}, "samples",
     ("по 1 сдаче на контракт", "по 3 сдачи на контракт", "по 5 сдач на контракт")),
    (_AFTER_3, {"mine": 100, "theirs": 90}, "deals", ("После 1 сдачи", "После 3 сдач", "После 5 сдач")),
    (_AFTER_250, {"mine": 100, "theirs": 90}, "deals", ("После 1 сдачи", "После 3 сдач", "После 5 сдач")),
]


@pytest.mark.parametrize(("message", "values", "number", "forms"), PLURALS, ids=[p[0][:30] for p in PLURALS])
def test_a_number_takes_its_russian_form(message, values, number, forms):
    """The code asks for the message with ``ngettext`` (the catalog test: the entry is a plural
    one, used by the code); the three Russian forms; the English as it was, whatever the number."""
    from cardkit.i18n import translation

    ru, en = translation("ru"), translation("en")
    for n, words in zip((1, 3, 5), forms):
        said = ru.ngettext(message, message, n).format(**values, **{number: n})
        assert words in said, (n, said)
        assert "очк." not in said and "сдач:" not in said
        assert en.ngettext(message, message, n) == message


@pytest.mark.parametrize(("n", "words"), [(1, "после 1 сдачи;"), (3, "после 3 сдач;"), (5, "после 5 сдач;")])
def test_variety_game_over_after_n_deals(n, words):
    from types import SimpleNamespace

    from cardkit_widgets import VarietyTable

    for lang, want in (("ru", words), ("en", f"The game is over after {n} deals: ")):
        t = VarietyTable(1, lang=lang)
        t.game = SimpleNamespace(totals=[40, 10, 12, 3], winner=lambda: [0], scores=[None] * n)
        assert want in t._game_over_text()


# ---- the terms: one bot, the stack's card below, the deal editor's labels ------------------------

@pytest.mark.parametrize(("lang", "label", "below"), [("ru", "Бот:", "под ней 1 закрытая карта"),
                                                      ("en", "Bots:", "1 face-down card below")])
def test_durak_one_bot_and_the_card_below_a_stack(lang, label, below):
    t = DurakTable(3, lang=lang)
    assert t.table.state["controls"]["bots_choice"]["description"] == label
    stacks = t.table.state["seats"][t.seat]["tableau"]
    assert {s["below_text"] for s in stacks if s["down"]} == {below}
    assert t.table.state["words"]["below_short"] == ("под ней: {n}" if lang == "ru" else "{n} below")
    # inside «стопка 1: Т♠, …» the words below take no second colon
    assert t.table.state["words"]["below"] == ("закрытых под ней — {n}" if lang == "ru" else "{n} face down below")


def test_four_seat_tables_keep_bots_in_the_plural():
    from cardkit_widgets import VarietyTable

    assert VarietyTable(1, lang="ru").table.state["controls"]["bots_choice"]["description"] == "Боты:"


@pytest.mark.parametrize(("lang", "button", "values"), [
    ("ru", "Таблица розыгрыша в открытую", ("Цена контрактов:", "по книге")),
    ("en", "Double-dummy table", ("Contract values:", "the book's values")),
])
def test_deal_editor_names_the_double_dummy_table_and_the_contract_values(lang, button, values):
    from cardkit_widgets import DealEditor

    e = DealEditor("variety", lang=lang)
    assert e.dd_button.description == button
    dd = e.variant_choices["contract_values"]
    assert (dd.description, dd.options[0][0]) == values


def test_durak_table_calls_its_stacks_as_the_lessons_do():
    """The Durak table's stacks are «стопки» as on the Russian pages and in RULES.ru.md (the
    book's six cards «стопкой»), never «место N», which reads as a seat's number."""
    from cardkit_widgets.armenian_durak import DrawChooser

    t = DurakTable(3, lang="ru")
    words = t.table.state["words"]
    assert words["stack"] == "Стопка {i}" and words["stack_label"].startswith("стопка {i}")
    chooser = DrawChooser(lang="ru")
    labels = [b.description for b in chooser.buttons.values()]
    assert any(x.startswith("Стопка 1") for x in labels) and not any("Место" in x for x in labels)

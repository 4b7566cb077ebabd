"""Issue 19, a scored game sealed: what a learner with the browser's developer tools can
send to a play dashboard, and what the page is sent.

Every message here goes in where the page's ``model.send()`` and state updates arrive in
the kernel: the card table widget's comm handler (``Widget._handle_msg``, which calls the
card table's message callback and then the dashboard's ``_table_action``). The three games:

- a control that is disabled or hidden ignores a click or a value from the page (the
  "Show all hands" toggle of a scored game, the hidden seed box, code box, ``Load``, the
  replay's buttons while the replay is off, ``How did I do?`` mid-deal, text lines);
- in a scored game (``practice=False``) no synced trait of any widget of the dashboard
  holds the deal's seed, the next deal's seed, the deal code or the cards form of the
  code while the deal is played; once it is over the cards form is shown (it deals the
  same cards, and names no seed, so not the next deals either);
- a number box reads only the digits 0 to 9: ``"٥٥"``, ``"５"``, ``"+5"`` are refused in
  one line (``int()`` reads the first three as 55, 5 and 5);
- cards, bids, trump picks and draws not the learner's to make are refused by the engine.
"""

from __future__ import annotations

import json
import re

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

from cardkit.cards import Card
from cardkit.codes import deal_code, deal_from_code
from cardkit.games import armenian_durak as ad
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable
from cardkit_widgets.card_table import card_json

TABLES = [VarietyTable, WarsawHeartsTable, DurakTable]
SEED = 48213  # five digits, found in the page's state only if it is sent


# ---- the page's side --------------------------------------------------------------------------

def page(t, content) -> None:
    """``content`` as the page's ``model.send(content)`` arrives: a custom comm message."""
    t.table._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def page_update(t, state: dict) -> None:
    """A state update from the page (``model.set(...); model.save_changes()``)."""
    t.table._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def synced_text(root: W.Widget) -> str:
    """Every synced trait of ``root`` and of every widget it refers to (children, layouts,
    styles, the card table), as the page gets them: ``get_state()`` as JSON, model ids dropped."""
    seen: set[str] = set()
    todo, parts = [root], []
    while todo:
        w = todo.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        text = json.dumps(w.get_state(), ensure_ascii=False, default=str)
        for mid in re.findall(r"IPY_MODEL_([0-9a-f]+)", text):
            todo.append(_instances[mid])
        parts.append(re.sub(r"IPY_MODEL_[0-9a-f]+", "", text))
    assert len(seen) > 5  # the card table, the side accordion, the score sheets...
    return "\n".join(parts)


def leaks(t, *extra: str) -> list[str]:
    """What would deal the cards again and is in the page's state: the deal's seed, the
    next deal's seed (the seed box's), the deal code, its cards form, ``extra``."""
    text = synced_text(t)
    numbers = {str(t.deal_seed), str(t.seed_box.value)} - {"None"}
    found = [n for n in numbers if re.search(rf"(?<![0-9]){n}(?![0-9])", text)]
    codes = {t.deal_code, deal_code(t.state, form="cards"), *extra} - {""}
    return found + [c for c in codes if c in text]


def learner_message(t) -> dict:
    """The page's message for the learner's first legal action now."""
    a = t.state.legal_actions()[0]
    if isinstance(a, Card):
        return {"kind": "card", "card": card_json(a)["id"]}
    if isinstance(a, ad.PickTrump):
        return {"kind": "trump", "index": a.index}
    if isinstance(a, ad.Draw):
        return {"kind": "draw", "stack": a.stack}
    return {"kind": "bid", "value": int(a)}


def snapshot(t) -> tuple:
    """Everything a forged message could change."""
    return (t.state.to_json() if t.state is not None else None, json.dumps(t.table.state, sort_keys=True),
            t.deal_seed, t.deal_code, t.show_all_hands, t.practice, t.replay is None, len(t.game.deals),
            t.table.size, t.last_error, {n: repr(c.value) for n, c in t._all_controls().items()})


FORGED_VALUES = (True, False, 0, 1, "7", "V-4821", "<b>forged</b>")


def forge_every_closed_control(t) -> list[str]:
    """Send a click and each of :data:`FORGED_VALUES` to every control the page shows
    disabled or hidden (or that is text only) now; returns those the message changed."""
    closed = [n for n, c in t._all_controls().items()
              if c.disabled or c.hidden or c.kind == "html"
              or (n in t.BAR_REPLAY and t.replay_pane.hidden)]
    assert closed
    changed = []
    for name in closed:
        for message in [{"kind": "control", "name": name}] + [
                {"kind": "control", "name": name, "value": v} for v in FORGED_VALUES]:
            before = snapshot(t)
            page(t, message)
            if snapshot(t) != before:
                changed.append(f"{name} {message.get('value', 'click')!r}")
                break
    return changed


# ---- a scored game: the learner's controls that are off stay off ------------------------------

@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_a_forged_show_all_hands_in_a_scored_game_is_ignored(cls):
    t = cls(seed=SEED, practice=False)
    assert t.show_hands.disabled
    page(t, {"kind": "control", "name": "show_hands", "value": True})
    assert t.show_all_hands is False and t.show_hands.value is False
    others = [s for s in t.table.state["seats"] if not s["me"]]
    assert all(s["hand"] is None for s in others)
    assert all(not (x or {}).get("down_card") for s in others for x in s.get("tableau") or [])
    page(t, {"kind": "control", "name": "show_hands"})      # a click: ignored too
    assert t.show_all_hands is False
    t.show_all_hands = True                                  # the teacher's code still may
    assert any(s["hand"] for s in t.table.state["seats"] if not s["me"])


@pytest.mark.parametrize("practice", [False, True], ids=["scored", "practice"])
@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_every_disabled_or_hidden_control_ignores_the_page(cls, practice):
    t = cls(seed=SEED, practice=practice)
    assert forge_every_closed_control(t) == []
    for _ in range(3):                                       # later in the deal too
        if t.state.is_terminal():
            break
        page(t, learner_message(t))
        assert forge_every_closed_control(t) == []


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_the_hidden_seed_and_code_boxes_load_and_new_deal_ignore_the_page(cls):
    t = cls(seed=SEED, practice=False)
    seed, code, hands = t.deal_seed, t.deal_code, t.state.to_json()
    page(t, {"kind": "control", "name": "seed_box", "value": "5"})
    page(t, {"kind": "control", "name": "new_deal_button"})
    assert t.deal_seed == seed and t.seed_box.value == SEED + 1 and t.state.to_json() == hands
    assert t.new_deal_button.disabled and "every deal counts" in t.new_deal_button.tooltip
    page(t, {"kind": "control", "name": "code_box", "value": cls.CODE_EXAMPLE})
    page(t, {"kind": "control", "name": "load_button"})
    assert t.deal_code == code and t.code_box.value == "" and t.state.to_json() == hands
    assert t.last_error is None
    while not t.state.is_terminal():                         # played to the end...
        page(t, learner_message(t))
    assert not t.new_deal_button.disabled                    # ...New deal deals the next deal
    page(t, {"kind": "control", "name": "seed_box", "value": "5"})   # the box is still hidden
    page(t, {"kind": "control", "name": "new_deal_button"})
    assert t.deal_seed == SEED + 1 and len(t.game.deals) == 2


def test_the_players_choice_is_fixed_in_a_scored_game():
    t = WarsawHeartsTable(seed=SEED, practice=False)
    assert t.players_choice.disabled and "scored game" in t.players_choice.tooltip
    page(t, {"kind": "control", "name": "players_choice", "value": 0})
    assert t.rules.players == 4 and len(t.game.deals) == 1
    practice = WarsawHeartsTable(seed=SEED)
    page(practice, {"kind": "control", "name": "players_choice", "value": 0})   # practice: as before
    assert practice.rules.players == 3


def test_the_page_may_not_rewrite_the_card_tables_state():
    t = VarietyTable(seed=SEED)
    before = json.dumps(t.table.state, sort_keys=True)
    page_update(t, {"state": {"hand": [], "controls": {}}, "four_colour": True})
    assert json.dumps(t.table.state, sort_keys=True) == before and t.four_colour is False
    page_update(t, {"size": "large"})                         # ?size=large: the one trait the page sets
    assert t.table.size == "large" and t.size_toggle.value is True


@pytest.mark.parametrize("message, word", [
    ({"kind": "control", "name": "last_trick", "value": "yes"}, "neither on nor off"),
    ({"kind": "control", "name": "bots_choice", "value": 7}, "no such choice"),
    ({"kind": "control", "name": "bots_choice", "value": True}, "no such choice"),
    ({"kind": "control", "name": "code_box", "value": ["V-4821"]}, "not text"),
    ({"kind": "control", "name": "seed_box", "value": {"n": 5}}, "number box"),
])
def test_a_value_of_the_wrong_kind_is_refused_in_words(message, word):
    t = VarietyTable(seed=SEED)
    controls = lambda: {n: repr(c.value) for n, c in t._all_controls().items() if c.kind != "html"}
    before, values = t.state.to_json(), controls()
    page(t, message)
    assert t.state.to_json() == before and controls() == values
    assert word in t.last_error and "\n" not in t.status_text and "Something went wrong" not in t.status_text


# ---- a scored game: no seed and no code in the page until the deal is over ---------------------

@pytest.mark.parametrize("layout", ["normal", "projector"])
@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_no_synced_trait_deals_the_cards_again_until_the_deal_is_over(cls, layout):
    t = cls(seed=SEED, practice=False, layout=layout)
    assert t.deal_code and t.seed_box.value == SEED + 1     # the kernel keeps them (the teacher's)
    while not t.state.is_terminal():
        assert leaks(t) == [], t.state.history
        page(t, learner_message(t))
    st = t.state
    shown = deal_code(st, form="cards")                      # the finished deal: its cards' code
    assert shown in t.table.state["status"]
    again = json.loads(deal_from_code(shown).to_json())
    played = json.loads(st._restart().to_json())
    played.pop("seed", None)
    assert again == played                                   # it deals those very cards
    assert leaks(t) == [shown]                               # and no seed: not the next deals
    page(t, {"kind": "control", "name": "new_deal_button"})
    assert t.deal_seed == SEED + 1 and leaks(t) == []


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_a_scored_game_from_a_link_or_not_dealt_yet_sends_no_code(cls):
    code = f"{cls.CODE_EXAMPLE[0]}-{SEED}"
    t = cls.from_query(f"deal={code}", practice=False)
    assert t.query_code == code and t.code_box.value == code  # loaded: the kernel's code box holds it
    assert leaks(t, code) == []
    empty = cls(seed=SEED, practice=False, deal=False)       # before the first deal
    assert str(SEED) not in synced_text(empty)
    practice = cls(seed=SEED)                                # practice: the code and the box as before
    assert practice.deal_code in practice.table.state["status"]
    assert practice.table.state["controls"]["seed_box"]["value"] == SEED + 1


# ---- number boxes read the digits 0 to 9 only ---------------------------------------------------

@pytest.mark.parametrize("typed", ["٥٥", "５", "+5", "۵", "-5", "1_0", "5.0"])
@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_the_seed_box_takes_the_digits_0_to_9_only(cls, typed):
    t = cls(seed=SEED)
    before, seed = t.state.to_json(), t.deal_seed
    page(t, {"kind": "control", "name": "seed_box", "value": typed})
    assert t.seed_box.value == typed                          # kept as typed, not read as a number
    page(t, {"kind": "control", "name": "new_deal_button"})
    assert t.state.to_json() == before and t.deal_seed == seed
    err = t.last_error
    assert err and "digits 0 to 9" in err and "whole number" in err and "\n" not in t.status_text
    assert "invalid literal" not in err and "Traceback" not in t.status_text
    page(t, {"kind": "control", "name": "seed_box", "value": " 5 "})   # spaces around: fine
    page(t, {"kind": "control", "name": "new_deal_button"})
    assert t.last_error is None and t.deal_seed == 5


# ---- actions that are not the learner's ----------------------------------------------------------

@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_an_action_for_another_seat_is_refused(cls):
    t = cls(seed=SEED, practice=False)
    st = t.state
    me = t.seat
    others = [s for s in range(len(t.names)) if s != me]
    for s in others:                                          # another seat's card, on the learner's turn
        for c in list(st.hands[s])[:3]:
            before, t.last_error = st.to_json(), None
            page(t, {"kind": "card", "card": card_json(c)["id"], "seat": s})
            assert st.to_json() == before and t.last_error
    while st.current_player == me:                            # the learner acts; a bot is to act now
        st.apply_action(st.legal_actions()[0])
    bot = st.current_player
    forged = [{"kind": "card", "card": card_json(c)["id"], "seat": bot} for c in list(st.hands[bot])[:3]]
    forged += [{"kind": "bid", "value": n, "seat": bot} for n in (1, 5, 8)]
    forged += [{"kind": "trump", "index": 0, "seat": bot}, {"kind": "draw", "stack": None, "seat": bot}]
    own = {"card"} | ({"bid"} if cls is VarietyTable else {"trump", "draw"} if cls is DurakTable else set())
    for message in forged:
        before, t.last_error = st.to_json(), None
        page(t, message)
        assert st.to_json() == before and "\n" not in t.status_text, message
        if message["kind"] in own:                            # refused in words (another game's kind: dropped)
            assert t.last_error and "turn" in t.last_error, message


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_forged_value_is_refused_in_the_pages_words_without_pythons_spelling(lang):
    """The refusal named the value in Python's spelling (None, {'a': 1}) and, on a Russian
    page, in English; a label with a bracket was cut inside it ("Try a decision again (practice")."""
    t = VarietyTable(seed=SEED, lang=lang)
    for value in (None, {"a": 1}, False, [1]):
        for name in ("last_trick", "code_box", "seed_box", "bots_choice"):
            page(t, {"kind": "control", "name": name, "value": value})
            said = t.last_error or ""
            assert said and not any(w in said for w in ("None", "False", "{'", "[1]")), said
            assert lang == "en" or not any(w in said for w in ("value sent", "no such choice")), said
    from cardkit_widgets._controls import Control
    assert Control("list", "x", description="Try a decision again (practice: not scored)")._what() == \
        "Try a decision again"


def test_players_changed_during_a_try_ends_the_try_and_the_page_goes_on():
    """Warsaw Hearts' Players choice during a Try it again made a 3-seat game under the try's
    4-seat deal: every later message raised out of the page until New deal."""
    from cardkit_widgets import WarsawHeartsTable
    t = WarsawHeartsTable(seed=9)
    while not t.state.is_terminal():
        page(t, {"kind": "card", "card": next(c["id"] for c in t.table.state["hand"] if c["legal"])})
    page(t, {"kind": "control", "name": "review_button"})
    page(t, {"kind": "control", "name": "review_again", "value": 0})
    assert t.again.on
    page(t, {"kind": "control", "name": "players_choice", "value": 0})    # 3 players
    assert not t.again.on and t.state.players == 3 and t.session.state is t.state and t.last_error is None
    page(t, {"kind": "card", "card": next(c["id"] for c in t.table.state["hand"] if c["legal"])})
    assert t.last_error is None and t.state.history


def test_a_scored_game_keeps_the_teachers_bots():
    """In a scored game the learner could swap the teacher's expert bots for rule bots mid-deal."""
    from cardkit_widgets import WarsawHeartsTable
    t = WarsawHeartsTable(seed=5, practice=False, bots="expert")
    page(t, {"kind": "control", "name": "bots_choice", "value": 0})
    assert t.bot_level == "expert" and t.bots_choice.disabled
    t.set_bots("rule")                         # the teacher, from code, still may
    assert t.bot_level == "rule"
    u = WarsawHeartsTable(seed=5, bots="expert")
    page(u, {"kind": "control", "name": "bots_choice", "value": 0})
    assert u.bot_level == "rule" and not u.bots_choice.disabled


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_durak_draw_or_trump_pick_out_of_place_is_refused_in_words(lang):
    """A draw sent during the trump draw, a fan card out of range, a second trump pick: the page
    showed the engine's notation ('draw 3', 'trump 0'..'trump 5') and "You draws"."""
    from cardkit_widgets import DurakTable
    t = DurakTable(seed=1, lang=lang)
    page(t, {"kind": "control", "name": "code_box", "value": "D-1"})
    page(t, {"kind": "control", "name": "load_button"})
    assert t.state.phase == "trump" and t.state.current_player == t.seat
    before = t.state.to_json()
    for msg in ({"kind": "draw", "stack": 3}, {"kind": "trump", "index": 99}, {"kind": "trump", "index": "x"}):
        page(t, msg)
        said = t.last_error or ""
        assert said and not any(w in said for w in ("'draw", "'trump", "draw 3", "trump 9")), said
        assert lang == "en" or ("cannot" not in said and "no such" not in said), said
    assert t.state.to_json() == before
    page(t, {"kind": "trump", "index": 0})
    assert t.last_error is None and t.state.phase != "trump"
    page(t, {"kind": "trump", "index": 0})
    assert t.last_error and "trump 0" not in t.last_error

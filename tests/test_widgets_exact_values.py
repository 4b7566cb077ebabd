"""Exact card values in the play tables when all hands are shown (issue 22 §2), headless.

In practice, with "Show all hands" on, each legal card of the learner carries a badge: what
that card gains or loses against the best card (0 for the best, "−5" for five points less),
from the judge's :func:`cardkit.analysis.analyse` (the mover's side's final margin, the
game's points), with a line under the hand; over the search's bound the line says so and
no card carries a value. Never in a scored game, whatever the page sends. In a kernel the
values are worked out after the click's answer is sent (the event loop's next turn), so
they come in a message of their own.

Messages go in where the page's ``model.send()`` arrives (the card table's comm handler).
"""

from __future__ import annotations

import asyncio

import pytest

import cardkit.analysis as analysis
from cardkit.games import armenian_durak as ad
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable, _exact as exact  # exact: the part (issue 30)
from cardkit_widgets.card_table import card_json

TABLES = [VarietyTable, WarsawHeartsTable, DurakTable]
TRICKS = {VarietyTable: 13, WarsawHeartsTable: 9, DurakTable: 18}
SEEDS = {VarietyTable: 5, WarsawHeartsTable: 4, DurakTable: 4}


@pytest.fixture(autouse=True)
def _no_foreign_event_loop():
    """Playwright's sync API (the browser tests share this worker) leaves its event loop
    running in the main thread; a dashboard would take it for a kernel's. Hidden here, so
    each test is a script (values at once) unless it runs its own loop."""
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


def page(t, content) -> None:
    """``content`` as the page's ``model.send(content)`` arrives: a custom comm message."""
    t.table._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def to_late_position(t, tricks_left: int = 6) -> None:
    """Play on (the last bid, the first trump pick, no draw, the first legal card) until the
    learner has a choice of two cards or more with at most ``tricks_left`` tricks left."""
    total = TRICKS[type(t)]
    for _ in range(400):
        st, ct = t.state, t.table
        assert not st.is_terminal(), "the deal ended first"
        if st.phase == "bidding" and ct.enabled_bids:
            ct.bid(ct.enabled_bids[-1])
        elif ct.enabled_trump_picks:
            ct.pick_trump(0)
        elif ct.enabled_draws:
            ct.choose_draw(None)
        elif total - len(st.completed_tricks) <= tricks_left and len(ct.legal_cards) >= 2:
            return
        else:
            ct.click(ct.legal_cards[0])
        assert t.last_error is None, t.last_error
    pytest.fail("never such a position")


def badges(t) -> dict[str, str]:
    """card id -> the value on the card, for every card of the learner the page shows with one
    (the hand and Armenian Durak's own face-up cards)."""
    s = t.table.state
    cards = list(s.get("hand") or [])
    for seat in s.get("seats") or []:
        if seat.get("me"):
            cards += [x["up"] for x in seat.get("tableau") or [] if x.get("up")]
    return {c["id"]: c["exact"] for c in cards if "exact" in c}


def legal_ids(t) -> set[str]:
    return {card_json(c)["id"] for c in t.table.legal_cards}


def expected(st) -> dict[str, str]:
    """What each legal card gains or loses against the best, from analyse, as the page writes it."""
    values = analysis.analyse(st.clone())
    best = max(values.values())
    return {card_json(a)["id"]: ("0" if v == best else f"−{best - v}") for a, v in values.items()}


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_values_only_in_practice_with_all_hands_shown(cls):
    t = cls(seed=SEEDS[cls])
    to_late_position(t)
    assert badges(t) == {} and "exact" not in t.table.state and t.exact_values is None
    page(t, {"kind": "control", "name": "show_hands", "value": True})
    assert t.show_all_hands
    shown = badges(t)
    assert set(shown) == legal_ids(t), (shown, legal_ids(t))     # every legal card, no other
    assert "0" in shown.values()
    assert all(v == "0" or (v.startswith("−") and v[1:].isdigit()) for v in shown.values()), shown
    note = t.table.state["exact"]["note"]
    assert note.startswith("Exact values (all hands shown): what each card gains or loses against the best one, "
                           "in points (your "), note
    assert t.table.state["exact"]["state"] == "ready"
    assert t.exact_note == note
    # the replay shows a past position: no values; back to the game: the values again
    page(t, {"kind": "control", "name": "replay_button", "value": True})
    assert t.replay is not None and badges(t) == {} and "exact" not in t.table.state
    page(t, {"kind": "control", "name": "replay_button", "value": False})
    assert badges(t) == shown
    page(t, {"kind": "control", "name": "show_hands", "value": False})
    assert badges(t) == {} and "exact" not in t.table.state and t.exact_values is None


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_the_values_are_analyses_on_a_late_position(cls):
    t = cls(seed=SEEDS[cls])
    to_late_position(t)
    history = list(t.state.history)
    want = expected(t.state)
    t.show_all_hands = True
    assert badges(t) == want
    assert {card_json(a)["id"]: v for a, v in t.exact_values.items()} == {
        k: int(v.replace("−", "-")) for k, v in want.items()}
    assert list(t.state.history) == history  # the judge searched a copy
    assert "T" not in "".join(badges(t).values()) + t.exact_note
    assert not any("T" in c["label"] for c in t.table.state["hand"])  # the ten is 10
    # played on: the next position's values, each time
    for _ in range(3):
        t.table.click(t.table.legal_cards[0])
        if t.state.is_terminal():
            break
        if len(t.table.legal_cards) >= 2 and t.state.phase == "play":
            assert badges(t) == expected(t.state)


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_never_in_a_scored_game_even_when_the_page_sends_show_hands(cls, monkeypatch):
    calls = []
    real = analysis.analyse
    monkeypatch.setattr(analysis, "analyse", lambda st, **kw: calls.append(1) or real(st, **kw))
    t = cls(seed=SEEDS[cls], practice=False)
    to_late_position(t)
    page(t, {"kind": "control", "name": "show_hands", "value": True})   # forged: the toggle is disabled
    page(t, {"kind": "control", "name": "show_hands"})
    assert t.show_all_hands is False
    assert badges(t) == {} and "exact" not in t.table.state
    t.show_all_hands = True  # the teacher's code may show the hands; the values stay off
    assert any(s["hand"] for s in t.table.state["seats"] if not s["me"])
    assert badges(t) == {} and "exact" not in t.table.state and t.exact_values is None and t.exact_note == ""
    t.table.click(t.table.legal_cards[0])
    assert badges(t) == {} and calls == []


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_over_the_bound_no_value_and_one_line_says_so(cls, monkeypatch):
    monkeypatch.setitem(exact.EXACT_NODES, cls.GAME, 1)
    t = cls(seed=SEEDS[cls])
    to_late_position(t)
    t.show_all_hands = True
    assert badges(t) == {} and t.exact_values is None
    note = t.table.state["exact"]["note"]
    assert note == ("Exact values (all hands shown): not shown here: the search was over its bound "
                    "(1 positions); they come later in the deal."), note
    assert t.table.state["exact"]["state"] == "over"


def test_a_single_legal_card_is_0_without_a_search(monkeypatch):
    t = VarietyTable(seed=5)
    t.show_all_hands = True
    for _ in range(60):
        if len(t.table.legal_cards) == 1 and t.state.phase == "play":
            break
        if t.state.phase == "bidding":
            t.table.bid(t.table.enabled_bids[-1])
        else:
            t.table.click(t.table.legal_cards[0])
    else:
        pytest.fail("never a single legal card")
    assert badges(t) == {card_json(t.table.legal_cards[0])["id"]: "0"}


def test_the_draw_choices_carry_their_values(monkeypatch):
    """Armenian Durak's draw after a card from the hand: each choice's value on its button
    (the values here are a stand-in for the judge's: a draw is rarely valued within the
    bound before the face-down cards are gone)."""
    t = DurakTable(seed=SEEDS[DurakTable])
    for _ in range(80):
        st, ct = t.state, t.table
        if ct.enabled_draws:
            break
        if ct.enabled_trump_picks:
            ct.pick_trump(0)
            continue
        hand = [c for c in ct.legal_cards if c in st.hands[t.seat]]
        ct.click(hand[0] if hand else ct.legal_cards[0])
    else:
        pytest.fail("never a draw")
    stand_in = {a: (-3 if a.stack is None else 2 * (a.stack or 0)) for a in t.state.legal_actions()}
    monkeypatch.setattr(analysis, "analyse", lambda st, **kw: dict(stand_in))
    t.show_all_hands = True
    best = max(stand_in.values())
    want = {a.stack: ("0" if v == best else f"−{best - v}") for a, v in stand_in.items()}
    stacks = t.table.state["panel"]["stacks"]
    assert {s["stack"]: s.get("exact") for s in stacks} == want
    assert all(isinstance(a, ad.Draw) for a in t.exact_values)
    assert "each choice gains or loses" in t.exact_note


@pytest.mark.parametrize("cls", [VarietyTable, DurakTable], ids=lambda c: c.__name__)
def test_in_a_kernel_the_values_come_after_the_clicks_answer(cls, monkeypatch):
    """With an event loop running (as in a kernel), a click is answered at once without
    values ("working them out…"); they come in the next message. A position the learner
    has left before its turn came is not searched."""
    t = cls(seed=SEEDS[cls])
    to_late_position(t, tricks_left=7)
    t.show_all_hands = True
    searched = []
    real = analysis.analyse
    monkeypatch.setattr(analysis, "analyse", lambda st, **kw: searched.append(len(st.history)) or real(st, **kw))
    sent = []
    t.table.observe(lambda c: sent.append(c["new"]), names="state")

    async def play() -> None:
        for _ in range(2):  # two cards played at once: the first position's values are never due
            if t.state.is_terminal() or not t.table.legal_cards:
                return
            t.table.click(t.table.legal_cards[0])
        if t.state.is_terminal() or len(t.table.legal_cards) < 2:
            pytest.skip("the deal ended")
        answer = sent[-1]
        assert answer["exact"] == {"note": "Exact values (all hands shown): working them out…", "state": "working"}
        assert not any("exact" in c for c in answer["hand"]) and searched == []
        await asyncio.sleep(exact.EXACT_DELAY + 0.5)
        assert searched == [len(t.state.history)]  # only the position shown
        assert sent[-1]["exact"]["state"] == "ready" and badges(t) == expected(t.state)

    asyncio.run(play())

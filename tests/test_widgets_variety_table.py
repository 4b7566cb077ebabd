"""VarietyTable, the play dashboard: a learner against three RuleBots (headless tests).

Every action here is a ``Button.click()`` on the learner's enabled buttons, as in the
browser; the bots play the rest."""

from __future__ import annotations

import numpy as np
import pytest

from cardkit import Card
from cardkit.games import variety
from cardkit_widgets import VarietyTable


def _enabled_bids(t: VarietyTable) -> list[int]:
    return [n for n, b in t.auction.buttons.items() if not b.disabled]


def _learner_step(t: VarietyTable, pick=0) -> None:
    """Click one of the learner's enabled buttons (bid or card)."""
    st = t.state
    assert st.current_player == t.seat
    if st.phase == "bidding":
        t.auction.buttons[_enabled_bids(t)[pick]].click()
    else:
        t.hand.buttons[t.hand.enabled_cards[pick]].click()
    assert t.last_error is None, t.last_error


def _to_play_phase(t: VarietyTable) -> None:
    while t.state.phase == "bidding":
        _learner_step(t)


def test_a_new_table_is_at_the_learners_turn_with_enabled_buttons_from_the_state():
    for seed in range(40):
        t = VarietyTable(seed=seed, first_dealer=1)  # North, East, then the learner bid
        st = t.state
        if st.phase == "bidding":
            break
    else:  # pragma: no cover
        pytest.fail("the bots ended every bidding before the learner's turn")
    assert st.current_player == 0 and len(st.bids) == 2
    assert _enabled_bids(t) == st.legal_actions()
    assert t.hand.enabled_cards == []  # the bidding comes first
    assert len(st.history) == (t.seat - st.first_bidder) % 4  # the bots before the learner bid
    assert "Your turn to bid" in t.status_text
    # bots' remarks are shown
    for seat, bid in zip(range(st.first_bidder, st.first_bidder + len(st.bids)), st.bids):
        assert f"I bid {bid}" in t.auction.remarks_box.value


def test_a_click_on_a_legal_card_plays_it():
    t = VarietyTable(seed=4)
    _to_play_phase(t)
    st = t.state
    assert st.current_player == 0 and st.phase == "play"
    assert set(t.hand.enabled_cards) == set(st.legal_actions())
    card = t.hand.enabled_cards[-1]
    n = len(st.history)
    t.hand.buttons[card].click()
    assert t.last_error is None
    assert st.history[n] == card
    assert len(st.history) > n
    assert card not in st.hands[0]
    assert t.hand.status_of(card) == "played" and t.hand.buttons[card].disabled
    # the trick table shows it: in the open trick, or (the trick was completed by the
    # bots) as the last trick
    if card in t.trick_table.shown["cards"].values():
        assert t.trick_table.shown["cards"][0] == card
    else:
        assert f"You {str(card)[0]}" in t.trick_table.caption.value.replace(
            '<span style="color:#c62828;font-weight:bold;white-space:nowrap">', "").replace(
            '<span style="color:#1a1a1a;font-weight:bold;white-space:nowrap">', "")
        t.last_trick.value = True
        assert t.trick_table.shown["cards"][0] == card
        assert t.last_trick.description == "Last trick: on"


def test_an_illegal_card_is_disabled_and_a_forced_click_is_one_status_line():
    for seed in range(40):
        t = VarietyTable(seed=seed)
        _to_play_phase(t)
        st = t.state
        illegal = [c for c in st.hands[0] if c not in st.legal_actions()]
        if illegal:
            break
    else:  # pragma: no cover
        pytest.fail("no position with an illegal card in 40 deals")
    assert all(t.hand.buttons[c].disabled for c in illegal)
    before = st.to_json()
    status_before = t.status_text
    # A browser cannot click a disabled button; a programmatic click() on one is ignored
    # as well (HandTable, commit 372bf5b): nothing changes, no message.
    t.hand.buttons[illegal[0]].click()
    assert st.to_json() == before
    assert t.last_error is None
    assert t.status_text == status_before
    # The illegal card played from code (a lesson calling act) is refused in one line.
    assert t.act(illegal[0]) is False
    assert st.to_json() == before
    assert t.last_error and "must follow" in t.last_error
    assert "⚠ Not allowed" in t.status_text and "must follow" in t.status_text
    assert "\n" not in t.status_text and "Traceback" not in t.status_text
    # the next legal click clears the message
    _learner_step(t)
    assert "⚠" not in t.status_text


def test_used_numbers_are_disabled_for_the_learner():
    for seed in range(60):
        t = VarietyTable(seed=seed, first_dealer=3)  # the learner bids first
        first = _enabled_bids(t)[0]
        _learner_step(t)
        if t.state.phase == "bidding":
            break
    else:  # pragma: no cover
        pytest.fail("no bidding in 60 deals that came back to the learner")
    assert t.state.current_player == 0
    assert first not in _enabled_bids(t)
    assert t.auction.buttons[first].disabled
    assert t.auction.buttons[first].style.text_decoration == "line-through"
    assert _enabled_bids(t) == t.state.legal_actions()
    t.auction.buttons[first].click()  # forced: refused in words, nothing changes
    assert t.last_error and "RULES.md §1.3" in t.last_error


def test_a_full_deal_by_clicks_gives_a_score_row_equal_to_returns(capsys):
    t = VarietyTable(seed=9)
    steps = 0
    while not t.state.is_terminal():
        _learner_step(t, pick=-1)
        steps += 1
        assert steps < 30
    st = t.state
    assert len(st.completed_tricks) == 13
    assert t.scores.rows == [st.returns()]
    assert t.scores.totals == st.returns()
    a, b = st.declarers
    assert st.returns()[a] == st.returns()[b]  # partners are credited alike
    assert f"contract {st.contract}" in t.scores.table.value
    assert "Deal over" in t.status_text
    assert t.hand.enabled_cards == [] and _enabled_bids(t) == []
    assert capsys.readouterr().out == ""  # callbacks write to widgets, never print


def test_undo_restores_the_learners_previous_position():
    t = VarietyTable(seed=4)
    _to_play_phase(t)
    st = t.state
    before = st.to_json()
    hand_before = list(st.hands[0])
    enabled_before = list(t.hand.enabled_cards)
    _learner_step(t)
    _learner_step(t)
    t.undo_button.click()
    t.undo_button.click()
    assert t.state.to_json() == before
    assert st.hands[0] == hand_before
    assert t.hand.enabled_cards == enabled_before
    assert t.state.current_player == 0


def test_undo_back_into_the_bidding_and_after_the_end():
    t = VarietyTable(seed=9)
    start = t.state.to_json()
    remarks = t.auction.remarks_box.value
    while not t.state.is_terminal():
        _learner_step(t, pick=-1)
    assert len(t.scores) == 1
    t.undo_button.click()
    assert len(t.scores) == 0 and t.state.current_player == 0
    while t.undo_button.disabled is False:
        t.undo_button.click()
    assert t.state.to_json() == start
    assert t.auction.remarks_box.value == remarks
    t.undo_button.click()  # nothing left: one line, no exception
    assert "nothing to undo" in t.last_error


def test_new_deal_with_the_same_seed_gives_the_same_hand_and_the_dealer_passes_left():
    t = VarietyTable(seed=21, first_dealer=2)
    assert t.state.dealer == 2 and t.seed_box.value == 22
    hand = list(t.state.hands[0])
    _learner_step(t)
    t.seed_box.value = 21
    t.new_deal_button.click()
    assert t.state.hands[0] == hand and t.state.dealer == 2  # unfinished: not scored, same dealer
    t.seed_box.value = 5
    t.new_deal_button.click()
    assert t.state.hands[0] != hand and t.deal_seed == 5
    while not t.state.is_terminal():
        _learner_step(t)
    t.new_deal(seed=21)
    assert t.state.dealer == 3  # after a finished deal the deal passes to the left
    assert t.state.hands[0] == hand


def test_updates_do_not_rebuild_the_widgets():
    t = VarietyTable(seed=4)
    hand_buttons = dict(t.hand.buttons)
    bid_buttons = dict(t.auction.buttons)
    cells = dict(t.trick_table.cells)
    children = t.children
    hand_children = t.hand.children
    _to_play_phase(t)
    _learner_step(t)
    t.show_hands.value = True
    t.undo_button.click()
    assert all(t.hand.buttons[c] is b for c, b in hand_buttons.items())
    assert all(t.auction.buttons[n] is b for n, b in bid_buttons.items())
    assert all(t.trick_table.cells[s] is c for s, c in cells.items())
    assert all(a is b for a, b in zip(t.children, children))
    assert all(a is b for a, b in zip(t.hand.children, hand_children))


def test_show_all_hands_and_contract_marks_are_text():
    t = VarietyTable(seed=4)
    _to_play_phase(t)
    st = t.state
    west = st.hands[1]
    assert "".join(c.rank.char for c in west if c.suit == west[0].suit) not in t.trick_table.cells[1].value \
        or t.show_hands.value is False
    t.show_hands.value = True
    assert t.show_hands.description == "Show all hands: on"
    for seat in (1, 2, 3):
        suit = st.hands[seat][0].suit
        ranks = "".join(c.rank.char for c in sorted((c for c in st.hands[seat] if c.suit == suit), key=lambda c: -c.rank))
        assert ranks in t.trick_table.cells[seat].value
    assert "played now" in t.contracts_table.marks[st.contract].value
    assert f"Contract {st.contract}" in t.status_text
    for s in st.declarers:
        assert "declarer" in t.trick_table.cells[s].value


def test_a_learner_in_another_seat_with_names():
    t = VarietyTable(seed=3, seat=2, names=["Sergei", "Gennady", "Fyodor", "Denis"])
    assert t.trick_table.positions[2] == "bottom"
    assert t.state.current_player == 2
    while not t.state.is_terminal():
        _learner_step(t)
    assert t.scores.rows == [t.state.returns()]
    assert "Fyodor" in t.scores.table.value


def test_bad_seed_and_seat_are_refused():
    with pytest.raises(ValueError):
        VarietyTable(seed=-1)
    with pytest.raises(ValueError):
        VarietyTable(seat=4)
    t = VarietyTable(seed=1)
    t.seed_box.value = -3
    t.new_deal_button.click()
    assert t.last_error and "-3" in t.last_error
    assert t.deal_seed == 1


def test_a_short_game_ends_names_the_winner_and_starts_again():
    t = VarietyTable(seed=30, rules=variety.Rules(deals=2), first_dealer=0)
    dealers = []
    for _ in range(2):
        dealers.append(t.state.dealer)
        while not t.state.is_terminal():
            _learner_step(t)
        if not t.game_over:
            t.new_deal_button.click()
    assert dealers == [0, 1]
    assert len(t.scores) == 2 and t.game_over
    best = max(t.scores.totals)
    winner = t.names[t.scores.totals.index(best)]
    assert "The game is over after 2 deals" in t.status_text and winner in t.status_text
    t.new_deal_button.click()
    assert len(t.scores) == 0 and not t.game_over and t.state.dealer == 0


def test_many_deals_by_clicks_never_refuse_an_enabled_button():
    rng = np.random.default_rng(0)
    t = VarietyTable(seed=100, rules=variety.Rules(deals=30), first_dealer=0)
    for deal in range(30):
        while not t.state.is_terminal():
            st = t.state
            enabled = _enabled_bids(t) if st.phase == "bidding" else t.hand.enabled_cards
            assert sorted(enabled, key=str) == sorted(st.legal_actions(), key=str)
            _learner_step(t, pick=int(rng.integers(len(enabled))))
        assert t.scores.rows[-1] == t.state.returns()
        if deal < 29:
            t.new_deal_button.click()
    assert len(t.scores) == 30
    assert [sum(col) for col in zip(*t.scores.rows)] == t.scores.totals


def test_the_hand_is_readable_in_the_bidding_and_the_follow_rule_is_said_in_words():
    """During the bidding the learner's cards are disabled but not greyed (``ck-readable``),
    with a tooltip saying why; in the play, when the learner must follow a led suit,
    the hand's caption says so, naming the playable cards."""
    t = VarietyTable(seed=5, first_dealer=3)
    assert t.state.phase == "bidding" and t.state.current_player == t.seat
    held = list(t.state.hands[t.seat])
    assert all(t.hand.buttons[c].disabled and "ck-readable" in t.hand.buttons[c]._dom_classes for c in held)
    assert "cards are played after the bidding" in t.hand.buttons[held[0]].tooltip
    for seed in range(60):
        t = VarietyTable(seed=seed)
        _to_play_phase(t)
        while not t.state.is_terminal():
            st = t.state
            if st.trick is not None and st.trick.cards and st.current_player == t.seat:
                led = st.trick.cards[0].suit
                legal = st.legal_actions()
                if len(legal) < len(st.hands[t.seat]):
                    assert f"{led.symbol} was led: you must follow {led.symbol}" in t.hand.caption.value
                    refused = [c for c in st.hands[t.seat] if c not in legal]
                    assert all("ck-readable" not in t.hand.buttons[c]._dom_classes for c in refused)
                    return
            _learner_step(t)
    pytest.fail("the learner never had to follow suit in 60 deals")  # pragma: no cover

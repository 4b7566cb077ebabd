"""Variety rules, scripted: the book's auctions, whole deals in card names, scoring,
errors, undo, observations, saved deals and the game (RULES.md §1)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cardkit import (Card, CardkitError, IllegalActionError, NotationError, StateError, deck,
                     format_cards, parse_card, parse_cards, parse_hand)
from cardkit.bots import play_out
from cardkit.games import variety
from cardkit.games.variety import (Game, RandomBot, RuleBot, Rules, State, new_deal, resolve_auction,
                                   score_deal)

import variety_reference as ref

# Seats A, B, C, D of RULES.md §1.3 with A on the dealer's left: D deals.
A, B, C, D = 0, 1, 2, 3

EXAMPLE_1 = [2, 3, 6, 2]                    # seed 001, example 1
EXAMPLE_2 = [5, 1, 8, 4, 7, 3, 4]           # seed 001, example 2
SERGEI = [1, 4, 3, 8, 5, 2, 6, 7, 3]        # seed 000, reconstruction; Sergei 0 .. Denis 3
SERGEI_SEAT, GENNADY, FYODOR, DENIS = 0, 1, 2, 3


def first_legal(state: State) -> None:
    """Finish a deal by a fixed rule: each player plays its first legal card."""
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])


def check_whole_deal(state: State) -> None:
    """Every trick winner and the final scores agree with the reference reading."""
    assert state.is_terminal() and len(state.tricks) == 13
    leader = state.tricks[0].leader
    for t in state.tricks:
        assert t.leader == leader
        leader = (t.leader + ref.trick_winner(t.cards, state.contract)) % 4
        assert t.winner == leader, (str(t), state.contract)
    taken = [[c for t in state.tricks if t.winner == s for c in t.cards] for s in range(4)]
    assert state.returns() == ref.scores(state.contract, state.declarers, taken, tie=state.rules.tie)


def play_trick(state: State, text: str, leader: int, winner: int) -> None:
    """Play four cards written in card names, in play order from ``leader``."""
    assert state.current_player == leader
    before = len(state.completed_tricks)
    for card in text.split():
        state.apply_action(card)
    t = state.completed_tricks[before]
    assert (t.leader, format_cards(t.cards)) == (leader, format_cards(parse_cards(text)))
    assert t.winner == winner, f"{text}: won by {t.winner}, expected {winner}"


# ---- RULES.md §1.3: the three auctions ----------------------------------------------------

@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_resolve_auction_book_examples(first):
    seat = lambda x: (first + x) % 4
    a = resolve_auction(EXAMPLE_1, first=first)
    assert (a.contract, a.declarers) == (2, (seat(A), seat(D)))      # A and D against B and C
    a = resolve_auction(EXAMPLE_2, first=first)
    assert (a.contract, a.declarers) == (4, (seat(D), seat(C)))      # D named 4 first, then C
    a = resolve_auction(SERGEI, first=first)
    assert (a.contract, a.declarers) == (3, (seat(FYODOR), seat(SERGEI_SEAT)))


def test_resolve_auction_while_open_and_errors():
    a = resolve_auction([5, 1, 8, 4, 7, 3], first=2)
    assert a.contract is None and a.declarers is None and a.next_bidder == 0
    with pytest.raises(IllegalActionError, match="never repeats their own number"):
        resolve_auction([5, 1, 8, 4, 5])                              # A may not bid 5 again
    with pytest.raises(IllegalActionError, match="ended"):
        resolve_auction([2, 3, 6, 2, 1])
    for bad in (0, 9, "4", True, 2.0):
        with pytest.raises(IllegalActionError):
            resolve_auction([1, bad])
    # eight different numbers, then any ninth bid ends the bidding
    a = resolve_auction([1, 2, 3, 4, 5, 6, 7, 8, 3])
    assert (a.contract, a.declarers) == (3, (2, 0))


def _bid(bids, dealer=3, rules=None):
    s = new_deal(seed=7, dealer=dealer, rules=rules)
    for b in bids:
        s.apply_action(str(b))  # notation, as a learner types it
    return s


@pytest.mark.parametrize("dealer", [3, 1])
def test_book_auctions_through_the_state(dealer):
    seat = lambda x: (dealer + 1 + x) % 4
    s = _bid(EXAMPLE_1, dealer)
    assert (s.phase, s.contract, s.declarers, s.bids) == ("play", 2, (seat(A), seat(D)), EXAMPLE_1)
    assert s.current_player == s.tricks[0].leader == seat(B)  # left of A, the first namer
    s = _bid(EXAMPLE_2, dealer)
    assert (s.contract, s.declarers) == (4, (seat(D), seat(C)))
    assert s.current_player == seat(A)                         # §1.4: D named 4 first, so A leads
    s = _bid(SERGEI, dealer)
    assert (s.contract, s.declarers) == (3, (seat(FYODOR), seat(SERGEI_SEAT)))
    assert sorted(s.defenders) == sorted([seat(GENNADY), seat(DENIS)])


def test_example_2_a_may_not_bid_5_again():
    s = _bid(EXAMPLE_2[:4])
    assert s.current_player == A and 5 not in s.legal_actions()
    assert s.legal_actions() == [1, 2, 3, 4, 6, 7, 8]
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="named 5 already"):
        s.apply_action(5)
    assert s.to_json() == before and s.current_player == A and s.phase == "bidding"


@pytest.mark.parametrize("lead, leader", [
    ("left_of_first_namer", DENIS),       # default: Fyodor named 3 first
    ("left_of_first_bidder", GENNADY),    # Sergei opened the bidding
    ("left_of_dealer", SERGEI_SEAT),      # Denis deals
])
def test_sergei_auction_opening_leader(lead, leader):
    rules = Rules(lead=lead)
    s = _bid(SERGEI, dealer=DENIS, rules=rules)
    assert s.phase == "play" and s.current_player == leader and s.tricks[0].leader == leader
    auction = resolve_auction(SERGEI, first=SERGEI_SEAT)
    assert variety.opening_leader(auction, DENIS, rules) == leader
    assert s.legal_actions() == s.hands[leader]


def test_bidding_legal_actions_and_phase():
    s = new_deal(seed=1, dealer=0)
    assert s.phase == "bidding" and s.current_player == 1 and s.legal_actions() == list(range(1, 9))
    for i, b in enumerate([1, 2, 3, 4, 5, 6, 7, 8]):
        assert s.phase == "bidding" and s.contract is None and s.declarers is None
        s.apply_action(b)
    assert s.current_player == 1 and s.legal_actions() == [2, 3, 4, 6, 7, 8]   # seat 1 named 1 and 5
    s.apply_action(8)                                  # the ninth bid always ends it
    assert (s.contract, s.declarers, s.phase) == (8, (0, 1), "play")


# ---- RULES.md §1.5: trick winners, in whole scripted deals --------------------------------

CONTRACT_1_HANDS = [
    "AKQJT9876.32.-.32",      # seat 0
    "54.-.-.AKQJT987654",     # seat 1
    "32.KQJT98.AKQJT.-",      # seat 2: void in clubs
    "-.A7654.98765432.-",     # seat 3: void in spades and clubs
]


def test_contract_1_whole_deal_discards_never_win():
    s = new_deal(CONTRACT_1_HANDS, dealer=3)
    s.apply_action("1")
    s.apply_action("1")                     # declarers 0 and 1; seat 1 leads (left of 0)
    assert (s.contract, s.declarers) == (1, (0, 1))
    play_trick(s, "JC KD AH 3C", 1, 1)      # K♦ and A♥ from players void in clubs: leader wins
    play_trick(s, "AC QD 2D 2C", 1, 1)
    play_trick(s, "5S 3S 3D AS", 1, 0)
    play_trick(s, "KS 4S 2S 4D", 0, 0)
    play_trick(s, "QS KC JD 5D", 0, 0)      # K♣ is a discard: Q♠ wins
    play_trick(s, "2H QC KH 4H", 0, 2)
    play_trick(s, "AD 6D 3H TC", 2, 2)
    play_trick(s, "TD 9D JS 9C", 2, 2)
    play_trick(s, "QH 7H TS 8C", 2, 2)
    play_trick(s, "JH 6H 9S 7C", 2, 2)
    play_trick(s, "TH 5H 8S 6C", 2, 2)
    play_trick(s, "9H 8D 7S 5C", 2, 2)
    with pytest.raises(StateError):
        s.returns()                         # one card still to play
    play_trick(s, "8H 7D 6S 4C", 2, 2)
    assert s.is_terminal() and s.current_player is None and s.legal_actions() == []
    # declarers took 2 + 3 tricks, defenders 8: +12 to the defenders, and +10 each
    assert [s.tricks_won(x) for x in range(4)] == [3, 2, 8, 0]
    assert s.returns() == [0, 0, 22, 22]
    check_whole_deal(s)


CONTRACT_3_HANDS = [
    "KQJT98.-.-.AKQJT98",
    "A765432.-.AKQJT9.-",
    "-.65432.8765432.7",       # seat 2: void in spades
    "-.AKQJT987.-.65432",      # seat 3: void in spades
]


@pytest.mark.parametrize("contract, winner", [(3, 2), (1, 1), (8, 1), (5, 1), (2, 3)])
def test_a_void_players_small_trump_wins_only_in_a_trump_contract(contract, winner):
    s = new_deal(CONTRACT_3_HANDS, dealer=3)
    s.apply_action(contract)
    s.apply_action(contract)
    assert s.current_player == 1
    # A♠ led; seat 2 (void) plays 6♥; seat 3 (void) discards 2♣; seat 0 follows K♠
    play_trick(s, "AS 6H 2C KS", 1, winner)   # ♥ trumps (3): 6♥ wins; ♣ trumps (2): 2♣; else A♠
    first_legal(s)
    check_whole_deal(s)


CONTRACT_6_HANDS = [
    "AKQJ.AKQ.-.AQJT32",
    "T876.JT.AKQJT95.-",
    "95432.98.876432.-",
    "-.765432.-.K987654",      # seat 3: void in spades and diamonds
]


def test_contract_6_lowest_card_and_lowest_trump_win():
    s = new_deal(CONTRACT_6_HANDS, dealer=3)
    s.apply_action(6)
    s.apply_action(6)
    play_trick(s, "TS 9S 2H JS", 1, 2)    # 9♠ beats T♠ and J♠; the 2♥ discard never wins
    play_trick(s, "2D KC 3C 5D", 2, 0)    # trumps played: the lowest trump, 3♣, wins (not 2♦)
    first_legal(s)
    check_whole_deal(s)


def test_contract_2_same_first_trick_normal_order():
    s = new_deal(CONTRACT_6_HANDS, dealer=3)
    s.apply_action(2)
    s.apply_action(2)
    play_trick(s, "TS 9S 2H JS", 1, 0)    # normal order: J♠ wins


def test_trick_winners_every_contract_against_reference_on_fixed_deals():
    for contract in range(1, 9):
        for seed in range(40):
            s = new_deal(seed=seed, dealer=seed % 4)
            s.apply_action(contract)
            s.apply_action(contract)
            play_out(s, [RandomBot(seed * 4 + k) for k in range(4)])
            check_whole_deal(s)


# ---- RULES.md §1.5: follow suit; illegal actions leave the state as it was ---------------

def _snapshot(s: State):
    return (s.to_json(), [list(h) for h in s.hands], [(t.leader, list(t.cards), t.winner) for t in s.tricks],
            list(s.history), s.phase, s.current_player, [s.tricks_won(x) for x in range(4)],
            [list(t) for t in s.taken], s.observation(s.current_player), s.legal_actions())


def _reach_5d_ks_facing_a_diamond():
    """A deal where a player holding exactly {5♦, K♠} faces a ♦ lead (trick 12).

    Seeded deals are played by a fixed rule: the holder of 5♦ and K♠ keeps them, the
    others keep their diamonds as long as they can; the first deal where that leads to
    the position wanted is returned.
    """
    keep = {parse_card("5D"), parse_card("KS")}
    is_diamond = lambda c: c.suit == parse_card("5D").suit
    for seed in range(500):
        s = new_deal(seed=seed, dealer=0)
        holder = next((x for x in range(4) if keep <= set(s.hands[x])), None)
        if holder is None:
            continue
        s.apply_action(1)
        s.apply_action(1)
        while len(s.completed_tricks) < 11:
            legal = s.legal_actions()
            if s.current_player == holder:
                pick = [c for c in legal if c not in keep] or legal
            else:
                pick = [c for c in legal if not is_diamond(c)] or legal
            s.apply_action(pick[0])
        leader = s.current_player
        if set(s.hands[holder]) != keep or leader == holder:
            continue
        lead = [c for c in s.hands[leader] if is_diamond(c)]
        if not lead:
            continue
        s.apply_action(lead[0])
        while s.current_player != holder:
            s.apply_action(s.legal_actions()[0])
        return s
    pytest.fail("no deal found where {5♦, K♠} faces a diamond lead")


def test_follow_suit_5d_ks_facing_a_diamond_lead():
    s = _reach_5d_ks_facing_a_diamond()
    seat = s.current_player
    assert set(s.hands[seat]) == {parse_card("5D"), parse_card("KS")}
    assert s.trick.cards[0].suit.name == "DIAMONDS"
    assert s.legal_actions() == [parse_card("5D")]
    assert s.observation(seat).legal_actions == (parse_card("5D"),)
    assert s.is_legal("5D") and not s.is_legal("KS")
    before = _snapshot(s)
    for attempt in ("KS", parse_card("KS"), "K♠"):
        with pytest.raises(IllegalActionError) as e:
            s.apply_action(attempt)
        msg = str(e.value)
        assert "must follow ♦" in msg and "5♦" in msg and "K♠" in msg
        assert _snapshot(s) == before
    s.apply_action("5D")
    assert parse_card("5D") in s.tricks[-1].cards or parse_card("5D") in s.completed_tricks[-1].cards


def test_must_follow_message_lists_the_cards_held():
    s = new_deal(CONTRACT_1_HANDS, dealer=3)
    s.apply_action(1)
    s.apply_action(1)
    for card in ("JC", "KD", "AH"):
        s.apply_action(card)
    before = _snapshot(s)
    with pytest.raises(IllegalActionError, match=r"must follow ♣: you hold 3♣ 2♣") as e:
        s.apply_action("AS")
    assert "A♠" in str(e.value)
    assert _snapshot(s) == before


@pytest.mark.parametrize("action, error, says", [
    ("QC", IllegalActionError, "not in seat 2's hand"),   # seat 2 is to play and has no Q♣
    (4, IllegalActionError, "bidding is over"),
    ("4", NotationError, "'4'"),
    ("1H", NotationError, "'1H'"),
    ("", NotationError, "''"),
    (None, NotationError, "None"),
])
def test_bad_actions_in_play_leave_the_state_unchanged(action, error, says):
    s = new_deal(CONTRACT_1_HANDS, dealer=3)
    s.apply_action(1)
    s.apply_action(1)
    s.apply_action("JC")
    s.apply_action("KD")
    s.undo_action()            # undo history is part of what must not change
    before = _snapshot(s)
    with pytest.raises(error) as e:
        s.apply_action(action)
    assert says in str(e.value)
    assert _snapshot(s) == before
    assert not s.is_legal(action)


@pytest.mark.parametrize("action, error", [
    ("QH", NotationError), (parse_card("QH"), IllegalActionError), (0, IllegalActionError),
    (9, IllegalActionError), ("nine", NotationError), ("²", NotationError), (True, NotationError),
    (2.5, NotationError),
])
def test_bad_bids_leave_the_state_unchanged(action, error):
    s = new_deal(seed=3)
    s.apply_action(4)
    before = _snapshot(s)
    with pytest.raises(error):
        s.apply_action(action)
    assert _snapshot(s) == before


def test_after_the_deal_nothing_can_be_played():
    s = new_deal(CONTRACT_3_HANDS, dealer=3)
    s.apply_action(3)
    s.apply_action(3)
    first_legal(s)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        s.apply_action("AS")
    assert s.to_json() == before


def test_table_talk_only_during_bidding():
    s = new_deal(seed=2)
    s.say(1, "I bid 1: I hold aces")
    s.apply_action(1)
    s.apply_action(1)
    with pytest.raises(IllegalActionError, match="forbidden"):
        s.say(2, "I hold the ace")
    assert s.remarks == [(1, "I bid 1: I hold aces")]


# ---- RULES.md §1.6: scoring -----------------------------------------------------------------

def _taken(*texts):
    return [parse_cards(t) for t in texts]


# Seat 0 took all the spades and A♣ K♣ Q♣ (4 tricks), seat 1 all the hearts and J♣ T♣ 9♣ (4),
# seat 2 all the diamonds and 8♣ 7♣ 6♣ (4), seat 3 5♣ 4♣ 3♣ 2♣ (1). Declarers 0 and 2.
TAKEN = _taken(" ".join(c.code for c in deck(52)[0:13]) + " AC KC QC",
               " ".join(c.code for c in deck(52)[13:26]) + " JC TC 9C",
               " ".join(c.code for c in deck(52)[26:39]) + " 8C 7C 6C",
               "5C 4C 3C 2C")


@pytest.mark.parametrize("contract, expected", [
    (1, [12, 0, 12, 0]),        # declarers 8 tricks to 5: +12, won
    (2, [16, 10, 16, 10]),      # +2 a trick: 8 and 5 tricks
    (3, [26, 0, 26, 0]),        # +2 a spade: all 13 spades with seat 0
    (4, [-6, 16, -6, 16]),      # decl: -16 + (13 - 3) = -6; def: (13 - 3) - 4 = 6; lost: +10
    (5, [0, 10, 0, 10]),        # J♠T♠ +10 and J♦T♦ -10 vs J♣T♣ +10 and J♥T♥ -10: tie, lost
    (6, [13, 23, 13, 23]),      # 13 diamonds vs 13 hearts: tie, lost
    (7, [-12, -14, -12, -14]),  # 6 clubs vs 7 clubs at -2: declarers win
    (8, [-16, 0, -16, 0]),      # 8 tricks vs 5 at -2: declarers lose
])
def test_score_deal_every_contract(contract, expected):
    assert score_deal(contract, (0, 2), TAKEN) == expected
    assert score_deal(contract, (2, 0), TAKEN) == expected
    assert ref.scores(contract, (0, 2), TAKEN) == expected      # the test's own reading agrees


@pytest.mark.parametrize("contract, expected", [
    (4, [-6, 16, -6, 16]),      # a loss still pays the bonus under no_bonus
    (5, [0, 0, 0, 0]),          # ties: nobody gets the +10
    (6, [13, 13, 13, 13]),
    (8, [-16, 0, -16, 0]),
    (1, [12, 0, 12, 0]),
])
def test_score_deal_tie_no_bonus(contract, expected):
    assert score_deal(contract, (0, 2), TAKEN, Rules(tie="no_bonus")) == expected


def test_defenders_win_contract_1_get_12_and_the_bonus():
    assert score_deal(1, (1, 3), TAKEN) == [22, 0, 22, 0]


@pytest.mark.parametrize("contract, expected", [
    (2, [8, 5, 8, 5]),          # +1 a trick
    (7, [-6, -7, -6, -7]),      # -1 a club: declarers still win
    (3, [26, 0, 26, 0]),        # other contracts unchanged
    (8, [-16, 0, -16, 0]),
])
def test_score_deal_halved_2_7(contract, expected):
    assert score_deal(contract, (0, 2), TAKEN, Rules(contract_values="halved_2_7")) == expected
    assert ref.scores(contract, (0, 2), TAKEN, halved=True) == expected


def test_contract_table_side_totals():
    for n, c in variety.CONTRACTS.items():
        assert c.side_total == ref.SIDE_TOTAL[n]
        assert c.trump == ref.TRUMP[n]
        assert c.lowest_wins == (n == 6)
    halved = variety.contracts(Rules(contract_values="halved_2_7"))
    assert [halved[n].side_total for n in range(1, 9)] == [ref.SIDE_TOTAL_HALVED[n] for n in range(1, 9)]


def test_score_deal_errors():
    for bad in (0, 9, "1"):
        with pytest.raises(CardkitError, match="contract"):
            score_deal(bad, (0, 2), TAKEN)
    for bad in ((0, 0), (0,), (0, 4), (0, 1, 2)):
        with pytest.raises(CardkitError, match="declarers"):
            score_deal(1, bad, TAKEN)


def test_rules_refuse_unknown_variants():
    for kwargs in ({"lead": "left"}, {"contract_values": "half"}, {"tie": "split"}, {"deals": 0}):
        with pytest.raises(CardkitError, match=repr(next(iter(kwargs.values())))):
            Rules(**kwargs)


def test_returns_raise_before_the_end_and_are_final_after_the_last_card():
    s = new_deal(seed=11)
    with pytest.raises(StateError, match="not over"):
        s.returns()
    s.apply_action(2)
    s.apply_action(2)
    while len(s.history) < 2 + 51:
        s.apply_action(s.legal_actions()[0])
        with pytest.raises(StateError):
            s.returns()
    s.apply_action(s.legal_actions()[0])
    r = s.returns()
    r.append(99)                  # a copy: the state's result cannot be changed through it
    assert len(s.returns()) == 4
    check_whole_deal(s)


# ---- undo -----------------------------------------------------------------------------------

def test_undo_everything_returns_to_the_start():
    s = new_deal(seed=5, dealer=2)
    start = s.to_json()
    with pytest.raises(StateError, match="nothing to undo"):
        s.undo_action()
    assert s.to_json() == start
    bots = [RuleBot(k) for k in range(4)]
    seen = [start]
    while not s.is_terminal():
        s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
        seen.append(s.to_json())
    final_returns = s.returns()
    for expected in reversed(seen[:-1]):
        s.undo_action()
        assert s.to_json() == expected
    assert s.to_json() == start and s.phase == "bidding" and s.bids == [] and s.history == []
    assert [len(h) for h in s.hands] == [13] * 4
    with pytest.raises(StateError):
        s.undo_action()
    # replaying the same actions gives the same result
    for a in json.loads(seen[-1])["history"]:
        s.apply_action(a)
    assert s.returns() == final_returns


def test_undo_out_of_the_play_back_into_the_bidding():
    s = _bid(EXAMPLE_2)
    s.apply_action(s.legal_actions()[0])
    s.undo_action()
    s.undo_action()
    assert s.phase == "bidding" and s.contract is None and s.declarers is None and s.tricks == []
    assert s.current_player == C and s.bids == EXAMPLE_2[:-1]
    s.apply_action(6)                                   # C may bid a fresh number now
    assert s.phase == "bidding"


# ---- clone ------------------------------------------------------------------------------------

def test_clone_during_bidding_is_independent():
    s = new_deal(seed=1)
    s.apply_action(3)
    before = s.to_json()
    named = [set(x) for x in s._named]
    c = s.clone()
    for b in (1, 2, 4, 5, 6):
        c.apply_action(b)
    first_legal(c)
    assert s.to_json() == before and [set(x) for x in s._named] == named
    assert s.legal_actions() == [1, 2, 3, 4, 5, 6, 7, 8] and s.current_player == 2
    s.apply_action(5)                                   # seat 2 is still free to bid 5
    assert s.phase == "bidding"


# ---- observations: hidden cards stay hidden ------------------------------------------------------

def _swap_hidden(s: State, seat: int, seed: int) -> State:
    """The same deal and actions, but the other seats' unplayed cards shuffled among them
    suit by suit (so every past play stays legal)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    others = [x for x in range(4) if x != seat]
    new_hands = [list(s.initial_hands[x]) for x in range(4)]
    for x in others:
        new_hands[x] = [c for c in s.initial_hands[x] if c not in s.hands[x]]  # played cards stay
    for suit_cards in ({c for x in others for c in s.hands[x] if c.suit == su} for su in {c.suit for c in deck(52)}):
        pool = sorted(suit_cards)
        slots = [x for x in others for c in s.hands[x] if c in suit_cards]
        for x, c in zip(slots, [pool[i] for i in rng.permutation(len(pool))]):
            new_hands[x].append(c)
    t = new_deal(new_hands, dealer=s.dealer, rules=s.rules)
    for a in s.history:
        t.apply_action(a)
    return t


def test_observation_does_not_depend_on_other_seats_hidden_cards():
    changed = 0
    for seed in range(30):
        s = new_deal(seed=seed, dealer=seed % 4)
        bots = [RandomBot(seed * 10 + k) for k in range(4)]
        stop = 4 + 4 * (seed % 12) + seed % 4          # some point in the bidding or the play
        while not s.is_terminal() and len(s.history) < stop:
            s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
        for seat in range(4):
            t = _swap_hidden(s, seat, seed)
            assert t.hands[seat] == s.hands[seat] and t.history == s.history
            changed += t.hands != s.hands
            assert t.observation(seat) == s.observation(seat)
    assert changed > 60         # the hidden cards really differed in most of the pairs


def test_observation_holds_no_hidden_card():
    s = new_deal(seed=9)
    s.apply_action(4)
    s.apply_action(4)
    for _ in range(10):
        s.apply_action(s.legal_actions()[-1])
    for seat in range(4):
        obs = s.observation(seat)
        assert not hasattr(obs, "hands") and not hasattr(obs, "initial_hands")
        hidden = {c for x in range(4) if x != seat for c in s.hands[x]}
        visible = set()
        for f in dataclasses.fields(obs):
            visible |= _cards_in(getattr(obs, f.name))
        assert not (visible & hidden)
        assert set(obs.hand) == set(s.hands[seat])
        assert obs.hand_sizes == tuple(len(h) for h in s.hands)
        assert obs.legal_actions == (tuple(s.legal_actions()) if seat == s.current_player else ())
    with pytest.raises(CardkitError):
        s.observation(4)


def _cards_in(value) -> set:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list, set, frozenset)):
        out = set()
        for v in value:
            out |= _cards_in(v)
        return out
    return set()


class _Spy(RuleBot):
    """A RuleBot that records what it is given."""

    def __init__(self, seed):
        super().__init__(seed)
        self.given = []

    def act(self, obs):
        self.given.append(obs)
        return super().act(obs)


def test_bots_only_ever_get_observations():
    spies = [_Spy(k) for k in range(4)]
    g = Game(spies, seed=4, rules=Rules(deals=2))
    g.play()
    s = new_deal(seed=4)
    play_out(s, spies)
    for k, spy in enumerate(spies):
        assert spy.given
        for obs in spy.given:
            assert type(obs) is variety.Observation and obs.seat == k and obs.current_player == k
            assert not isinstance(obs, State)


# ---- saved deals ------------------------------------------------------------------------------

def test_json_round_trip_mid_deal_and_at_the_end():
    s = new_deal(seed=12, dealer=1, rules=Rules(lead="left_of_dealer", tie="no_bonus"))
    texts = []
    bots = [RuleBot(k) for k in range(4)]
    while not s.is_terminal():
        s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
        if len(s.history) % 7 == 0:
            texts.append(s.to_json())
    texts.append(s.to_json())
    for text in texts:
        t = State.from_json(text)
        assert t.to_json() == text and t.rules == s.rules and t.dealer == 1
    t = State.from_json(texts[-1])
    assert t.returns() == s.returns() and [x.winner for x in t.tricks] == [x.winner for x in s.tricks]


@pytest.mark.parametrize("text", [
    "", "not json", "[]", "3", json.dumps({"game": "warsaw_hearts"}),
    json.dumps({"game": "variety"}),                                        # no hands
    json.dumps({"game": "variety", "hands": ["AK"] * 4}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS[:3]}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "dealer": 7}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "rules": {"lead": "nowhere"}}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "rules": {"colour": 1}}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "rules": "default"}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "history": "1 1"}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "history": ["1", "1", "AS"]}),  # seat 1 has no A♠
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "history": [1, 1, "JC", "AH"]}),  # A♥ is seat 3's, seat 2 plays
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "history": [1, 1, {"card": "JC"}]}),
    json.dumps({"game": "variety", "hands": CONTRACT_1_HANDS, "history": [1, 2, 1, 2, 1]}),
    json.dumps({"game": "variety", "hands": [CONTRACT_1_HANDS[0]] * 4}),       # cards dealt twice
])
def test_from_json_malformed_raises_notation_error(text):
    with pytest.raises(NotationError):
        State.from_json(text)


def test_from_json_quotes_the_bad_action():
    text = json.dumps({"game": "variety", "format": 1, "rules": dataclasses.asdict(Rules()), "hands": CONTRACT_1_HANDS,
                       "dealer": 3, "history": ["1", "1", "JC", "KD", "AH", "AS"]})
    with pytest.raises(NotationError) as e:
        State.from_json(text)
    assert "action 6" in str(e.value) and "'AS'" in str(e.value) and "must follow ♣" in str(e.value)


# ---- new_deal --------------------------------------------------------------------------------

def test_new_deal_checks_hands_and_dealer():
    with pytest.raises(NotationError, match="13"):
        new_deal(["AK7.AQ5.KJ4.AQ9"] * 4)
    with pytest.raises(NotationError, match="dealt twice"):
        new_deal([CONTRACT_1_HANDS[0], CONTRACT_1_HANDS[0], CONTRACT_1_HANDS[2], CONTRACT_1_HANDS[3]])
    with pytest.raises(NotationError):
        new_deal("AK73.AQ5.KJ4.AQ9")
    for bad in (4, -1, True, 1.0):
        with pytest.raises(CardkitError, match="dealer"):
            new_deal(seed=1, dealer=bad)
    s = new_deal([parse_hand(h) for h in CONTRACT_1_HANDS], dealer=2)
    assert s.hands == [parse_hand(h) for h in CONTRACT_1_HANDS] and s.current_player == 3


def test_seeded_deals_are_whole_decks():
    for seed in range(50):
        s = new_deal(seed=seed)
        assert sorted(c for h in s.hands for c in h) == sorted(deck(52))
        assert all(len(h) == 13 for h in s.hands)
    assert new_deal(seed=1).hands == new_deal(seed=1).hands != new_deal(seed=2).hands


# ---- RULES.md §1.1, §1.7: the game ----------------------------------------------------------------

def test_the_cut_highest_card_deals_ties_draw_again():
    with_ties = 0
    for seed in range(200):
        g = Game([None] * 4, seed=seed)
        drawing = [0, 1, 2, 3]
        for rnd in g.cut:
            assert sorted(rnd) == drawing                       # only the tied players draw again
            top = max(c.rank for c in rnd.values())
            drawing = sorted(x for x, c in rnd.items() if c.rank == top)
        assert drawing == [g.first_dealer]
        cards = [c for rnd in g.cut for c in rnd.values()]
        assert len(cards) == len(set(cards)) or len(g.cut) > 13
        with_ties += len(g.cut) > 1
    assert with_ties > 10    # ties are common (4 cards of 13 ranks): the redraw is exercised


def test_a_game_of_eight_deals_passes_the_deal_left():
    g = Game([RuleBot(1), RandomBot(2), RuleBot(3), RandomBot(4)], seed=21)
    with pytest.raises(StateError):
        g.winner()
    totals = g.play()
    assert g.is_over() and len(g.scores) == len(g.deals) == 8
    assert [d.dealer for d in g.deals] == [(g.first_dealer + i) % 4 for i in range(8)]
    assert [d.current_player for d in g.deals] == [None] * 8
    assert g.scores == [d.returns() for d in g.deals]
    assert totals == g.totals == [sum(row[x] for row in g.scores) for x in range(4)]
    assert g.winner() == [x for x in range(4) if totals[x] == max(totals)]
    for d in g.deals:                                           # bots talk in the bidding only
        assert all(0 <= seat < 4 and text for seat, text in d.remarks)
    assert any(d.remarks for d in g.deals)
    with pytest.raises(StateError, match="over"):
        g.new_deal()


def test_a_game_with_humans_records_each_deal():
    g = Game(["Ann", "Bob", "Cy", "Di"], seed=8, rules=Rules(deals=4))
    with pytest.raises(StateError):
        g.play_deal()                                           # no bots to play
    dealers = []
    for _ in range(4):
        s = g.new_deal()
        dealers.append(s.dealer)
        assert g.dealer == s.dealer
        with pytest.raises(StateError, match="not finished"):
            g.new_deal()
        first_legal(s)                                          # "humans" by the first legal action
        if len(dealers) % 2:
            g.record()
    g.record()
    assert dealers == [(g.first_dealer + i) % 4 for i in range(4)]
    assert len(g.scores) == 4 and g.is_over()
    assert g.scores == [d.returns() for d in g.deals]


def test_game_needs_four_players():
    for players in ([None] * 3, [None] * 5, "abcd"):
        with pytest.raises(CardkitError):
            Game(players, seed=1)


# ---- table talk across undo and saved deals (RULES.md §1.3) --------------------------------

def test_remarks_survive_undo_up_to_the_bid_they_came_with():
    s = new_deal(seed=7, dealer=3)
    s.say(0, "I bid 2: I hold five clubs")
    s.apply_action(2)
    s.say(1, "I like hearts")
    s.apply_action(3)
    s.say(2, "low cards")
    assert [t for _, t in s.remarks] == ["I bid 2: I hold five clubs", "I like hearts", "low cards"]
    s.undo_action()        # takes back bid 3: seat 1's remark and the later one go with it
    assert s.remarks == [(0, "I bid 2: I hold five clubs")] and s.bids == [2]
    s.undo_action()
    assert s.remarks == [] and s.bids == []
    s.say(0, "again")
    s.apply_action(4)
    assert s.remarks == [(0, "again")]


def test_remarks_in_the_saved_deal():
    s = new_deal(seed=7, dealer=3)
    s.say(0, "I bid 2: I hold five clubs")
    for b in (2, 3):
        s.apply_action(b)
    s.say(2, "Я пас")
    s.apply_action(6)
    text = s.to_json()
    back = State.from_json(text)
    assert back.remarks == s.remarks and back.to_json() == text
    back.undo_action()     # the positions came back too
    assert back.remarks == [(0, "I bid 2: I hold five clubs")]
    data = json.loads(text)
    del data["remarks"]    # JSON written before remarks were saved
    assert State.from_json(json.dumps(data)).remarks == []
    data["remarks"] = [[1, "hello"]]     # without the position: said at the start
    assert State.from_json(json.dumps(data)).remarks == [(1, "hello")]
    for bad in ([[5, "x", 0]], [[0, 3, 0]], [[0, "x", 9]], [[True, "x", 0]], "hi"):
        data["remarks"] = bad
        with pytest.raises(NotationError, match="remark"):
            State.from_json(json.dumps(data))


def test_remarks_after_the_bidding_are_refused_in_a_saved_deal():
    s = new_deal(seed=7, dealer=3)
    for b in (2, 3, 2):    # 2 named again: the bidding ends with the third bid
        s.apply_action(b)
    data = json.loads(s.to_json())
    data["remarks"] = [[0, "too late", 3]]
    with pytest.raises(NotationError, match="remark"):
        State.from_json(json.dumps(data))
    data["remarks"] = [[2, "in time", 2]]
    assert State.from_json(json.dumps(data)).remarks == [(2, "in time")]

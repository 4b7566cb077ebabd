"""Position helpers for the lessons: Warsaw Hearts card penalties and Armenian Durak
reply swings (cardkit.advisor), from an observation only."""

from __future__ import annotations

import pytest

from cardkit import CardkitError, StateError, parse_card
from cardkit.advisor import durak_reply_swings, hearts_card_penalties
from cardkit.games import armenian_durak as D
from cardkit.games import warsaw_hearts as W

HEARTS_HANDS = [
    "A6.-.AKQJT98.-",            # seat 0: A♠ 6♠ and seven diamonds
    "KQ7.-.76.AKQJ",             # seat 1 leads 7♠
    "-.AKQJT9876.-.-",           # seat 2: all hearts, void in spades
    "JT98.-.-.T9876",            # seat 3
]


def _hearts_position(hands=HEARTS_HANDS):
    st = W.new_deal(hands, dealer=0)
    for card in ("7S", "QH", "8S"):
        st.apply_action(card)
    return st


# Seat 0 holds low diamonds here: after ducking it need not win a trick again. (With the
# high diamonds of HEARTS_HANDS it wins later tricks anyway, and seat 2, known to be void
# in spades, dumps its honours on them: ducking then saves little.)
LOW_DIAMONDS = ["A6.-.QJT9876.-", "KQ7.-.AK.AKQJ", "-.AKQJT9876.-.-", "JT98.-.-.T9876"]


def test_hearts_taking_the_queen_costs_more_than_ducking():
    """Last to play on 7♠ Q♥ 8♠ holding A♠ and 6♠: winning with A♠ takes Q♥ (3 points at
    least), ducking with 6♠ does not; the expected penalties must say so."""
    st = _hearts_position(LOW_DIAMONDS)
    out = {o.card: o for o in hearts_card_penalties(st.observation(0), samples=400, seed=1)}
    assert set(out) == {parse_card("AS"), parse_card("6S")}
    assert out[parse_card("AS")].value >= 3
    assert out[parse_card("AS")].value > out[parse_card("6S")].value + 1
    assert all(o.samples == 400 and o.stderr >= 0 for o in out.values())


# A deal of four written so that, with two tricks left, seat 0's choice decides its bonus
# alone: it took the clean first trick (A♣ 6♣ 7♣ 8♣), every heart but 6♥ is gone, and on
# 7♠ 6♥ 8♠ it holds A♠ and 6♠. A♠ takes 6♥ (no honour, no penalty, but a heart: no +20);
# 6♠ ducks, and A♠ then takes the last trick, which holds spades and 9♣ only (no heart
# is left): +20. Penalty 0 either way, deal result +20 against 0 (RULES.md §2.2).
BONUS_HANDS = ["AS KS QS 6S AC 6D 9D TD JD", "7S TS 6C KC AD KD AH JH 8H",
               "7C QC 9C 7D QD KH TH 7H 6H", "8S 9S JS 8C TC JC 8D QH 9H"]
BONUS_PLAYS = ("AC 6C 7C 8C  6D AD 7D 8D  AH KH QH 9D  JH TH 9H TD  8H 7H JS JD  "
               "KD QD TC QS  KC QC JC KS  7S 6H 8S")


def test_hearts_cards_ranked_by_deal_result_with_the_penalty_kept():
    """Equal penalties (0), different results: ducking keeps the +20 bonus and comes
    first, although A♠ comes first among the legal cards (a ranking by penalty alone
    keeps that order); ``penalty`` is ``value`` and ``other`` is ``result``."""
    st = W.new_deal(BONUS_HANDS, dealer=3)
    for card in BONUS_PLAYS.split():
        st.apply_action(card)
    obs = st.observation(0)
    assert obs.legal_actions == (parse_card("AS"), parse_card("6S"))
    out = hearts_card_penalties(obs, samples=60, seed=2)
    assert [o.card for o in out] == [parse_card("6S"), parse_card("AS")]
    assert [(o.result, o.penalty, o.result_stderr, o.stderr) for o in out] == [(20, 0, 0, 0), (0, 0, 0, 0)]
    assert all(o.value == o.penalty and o.other == o.result for o in out)
    assert "deal result +20.00" in str(out[0]) and "penalty 0.00" in str(out[0])
    # a position with honours at stake: best result first, each result = bonus − penalty
    # averaged, so never above 20 − 0 nor below −20 (the default schedule's worst, §2.2)
    some = hearts_card_penalties(_hearts_position().observation(0), samples=200, seed=3)
    assert [o.result for o in some] == sorted((o.result for o in some), reverse=True)
    assert all(-20 <= o.result <= 20 - o.penalty and o.result_stderr >= 0 for o in some)


def test_hearts_helper_sees_only_the_observation():
    """The same observation from deals that differ in hidden cards gives the same answer."""
    other = list(HEARTS_HANDS)
    other[1], other[3] = "KQ7.-.7.AKQJT", "JT98.-.6.9876"   # swap hidden minor-suit cards
    a = _hearts_position()
    b = _hearts_position(other)
    assert a.observation(0) == b.observation(0)
    assert hearts_card_penalties(a.observation(0), samples=200, seed=5) == \
        hearts_card_penalties(b.observation(0), samples=200, seed=5)


def test_hearts_helper_errors():
    st = _hearts_position()
    with pytest.raises(StateError):
        hearts_card_penalties(st.observation(1), samples=10)
    with pytest.raises(CardkitError, match="samples"):
        hearts_card_penalties(st.observation(0), samples=1)


FIG52 = [  # hearts trumps; seat 0 leads J♠; seat 1 may reply A♠, 7♥ or 9♥ (RULES.md §3.3, fig. 52)
    {"hand": "JS QS KS 8S 9S 7D", "down": "TS 7S AH KH QH JH", "up": "6H 8H TH 6D AD KD"},
    {"hand": "AS 7H 9H 8D 9D TD", "down": "QD JD 6C AC KC 6S", "up": "QC 7C 8C 9C TC JC"},
]


def _durak_position(layout=FIG52):
    st = D.new_deal(layout, dealer=1, trump="H")
    st.apply_action("JS")
    if st.phase == "draw":
        st.apply_action("draw none")
    return st


def test_durak_fig52_replies():
    st = _durak_position()
    obs = st.observation(1)
    out = durak_reply_swings(obs, samples=300, seed=2)
    assert {o.card for o in out} == {parse_card(c) for c in ("AS", "7H", "9H")}
    assert [o.value for o in out] == sorted((o.value for o in out), reverse=True)
    # the swing is bounded by the points still to be won (80 minus those taken, + 10 sweep)
    assert all(abs(o.value) <= 90 and 0 <= o.other <= 80 for o in out)
    assert out == durak_reply_swings(obs, samples=300, seed=2)


def test_durak_helper_sees_only_the_observation():
    """Swap hidden cards (the leader's hand and face-down cards of both seats): the same
    observation, the same answer."""
    other = [dict(FIG52[0]), dict(FIG52[1])]
    other[0]["hand"], other[0]["down"] = "JS QS KS 8S JH QD", "TS 7S AH KH QH 9S"
    other[1]["down"] = "7D JD 6C AC KC 6S"
    a, b = _durak_position(), _durak_position(other)
    assert a.observation(1) == b.observation(1)
    assert durak_reply_swings(a.observation(1), samples=150, seed=3) == \
        durak_reply_swings(b.observation(1), samples=150, seed=3)


def test_durak_helper_errors():
    st = D.new_deal(FIG52, dealer=1, trump="H")
    with pytest.raises(StateError):
        durak_reply_swings(st.observation(0), samples=10)    # leading, not replying
    st.apply_action("JS")
    with pytest.raises(StateError):
        durak_reply_swings(st.observation(0), samples=10)    # not seat 0's turn


def test_hearts_samples_respect_shown_voids_exactly_and_uniformly():
    """Seat 2 dropped Q♥ on a spade lead: no sampled deal gives it a spade; and on a small
    case the constrained sampler hits every consistent deal equally often."""
    import collections
    import itertools

    import numpy as np

    from cardkit import Suit
    from cardkit.advisor import shown_voids
    from cardkit.analysis.worlds import deal_hidden
    obs = _hearts_position().observation(0)
    assert shown_voids(obs) == {2: {Suit.SPADES}}
    bits = np.uint64(1) << np.arange(6).astype(np.uint64)
    suits = [Suit.SPADES, Suit.SPADES, Suit.HEARTS, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    voids = [{Suit.SPADES}, set(), {Suit.HEARTS}]
    h = deal_hidden(bits, suits, [2, 2, 2], voids, 40_000, np.random.default_rng(0))
    seen = collections.Counter(zip(*(h[j].tolist() for j in range(3))))
    consistent = set()
    for perm in itertools.permutations(range(6)):
        hands = [perm[0:2], perm[2:4], perm[4:6]]
        if not any(suits[c] in voids[j] for j in range(3) for c in hands[j]):
            consistent.add(tuple(sum(1 << c for c in hd) for hd in hands))
    assert set(seen) == consistent and len(consistent) == 19
    expect = 40_000 / 19
    assert all(abs(k - expect) < 5 * expect ** 0.5 for k in seen.values())


def test_progress_is_called_and_changes_nothing():
    from cardkit.advisor import advise
    calls = []
    st = _hearts_position()
    a = hearts_card_penalties(st.observation(0), samples=50, seed=4, policy="random")
    b = hearts_card_penalties(st.observation(0), samples=50, seed=4, policy="random",
                              progress=lambda d, t: calls.append((d, t)))
    assert a == b and calls == [(1, 2), (2, 2)]
    calls.clear()
    obs = _durak_position().observation(1)
    a = durak_reply_swings(obs, samples=50, seed=4, policy="random")
    b = durak_reply_swings(obs, samples=50, seed=4, policy="random", progress=lambda d, t: calls.append((d, t)))
    assert a == b and calls == [(1, 3), (2, 3), (3, 3)]
    calls.clear()
    a = advise("KQ7.AJ5.KQ84.A92", samples=30, seed=4, policy="random")
    b = advise("KQ7.AJ5.KQ84.A92", samples=30, seed=4, policy="random", progress=lambda d, t: calls.append((d, t)))
    assert a == b and calls == [(k, 8) for k in range(1, 9)]

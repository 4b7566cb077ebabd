"""Warsaw Hearts random-play invariants (RULES.md §2): 10,000 seeded deals each for three
and for four players, every card played uniformly at random from ``legal_actions()``.

Each invariant is checked against the deal's own record (initial hands and tricks), not
against the engine's answers: a revoke, a wrong trick winner, a lost card or a penalty that
disagrees with :func:`penalty_and_bonus` would fail.
"""

from __future__ import annotations

import numpy as np
import pytest
from positions import play_at_random

from cardkit.cards import Suit, deck
from cardkit.games.warsaw_hearts import HONOURS, State, new_deal, penalty_and_bonus

DEALS = 10_000
DECK36 = frozenset(deck(36))


def once_each(cards: list) -> bool:
    """The 36 cards, each exactly once (a sorted comparison, in one pass)."""
    return len(cards) == 36 and set(cards) == DECK36
PENALTY_VALUES = {0, 2, 3, 4, 10, 15, 20}


def random_deal(players: int, i: int, rng: np.random.Generator) -> State:
    return play_at_random(new_deal(players=players, dealer=i % players, seed=i), rng)


def check_deal(state: State, players: int) -> None:
    k = 36 // players
    # the deal: 12 or 9 cards each, the 36 cards once
    assert [len(h) for h in state.initial_hands] == [k] * players
    assert once_each([c for h in state.initial_hands for c in h])
    # every card ended in a trick; k tricks of `players` cards
    assert len(state.tricks) == k and all(len(t.cards) == players for t in state.tricks)
    assert once_each([c for t in state.tricks for c in t.cards])
    assert all(not h for h in state.hands)
    # replay the tricks from the initial hands: follow suit, winner, next leader
    held = [set(h) for h in state.initial_hands]
    leader = (state.dealer + 1) % players
    for t in state.tricks:
        assert t.leader == leader
        led = t.cards[0].suit
        for seat, card in zip(t.seats, t.cards):
            assert card in held[seat]
            if card.suit != led:
                assert not any(c.suit == led for c in held[seat]), f"seat {seat} revoked with {card}"
            held[seat].remove(card)
        best = max((c for c in t.cards if c.suit == led), key=lambda c: c.rank)
        assert t.winner == t.seats[t.cards.index(best)]
        leader = t.winner
    # penalties and bonuses equal the public function over each player's tricks
    pen, bon = state.penalties(), state.bonuses()
    for s in range(players):
        mine = [t.cards for t in state.tricks if t.winner == s]
        assert (pen[s], bon[s]) == penalty_and_bonus(mine, state.rules)
        assert pen[s] in PENALTY_VALUES and bon[s] in (0, 20)
        if bon[s]:
            assert mine and not any(c.suit == Suit.HEARTS for t in mine for c in t)
    assert state.returns() == [b - p for p, b in zip(pen, bon)]
    # the three honours are charged to at most three players, and only to those who took one
    holders = {t.winner for t in state.tricks for c in t.cards if c in HONOURS}
    assert 1 <= len(holders) <= 3
    assert {s for s in range(players) if pen[s] > 0} == holders
    assert sum(pen) >= 9  # K♥ 4 + Q♥ 3 + J♥ 2 is the least the honours can cost


def check_copies(state: State, rng: np.random.Generator) -> None:
    """Clone, JSON and undo round trips at a random point of a finished deal's replay."""
    cut = int(rng.integers(len(state.history) + 1))
    mid = state._replay(state.history[:cut])
    saved = mid.to_json()
    back = State.from_json(saved)
    assert back.to_json() == saved and back.hands == mid.hands and back.legal_actions() == mid.legal_actions()
    twin = mid.clone()
    while not twin.is_terminal():  # play the clone out differently: the original is untouched
        legal = twin.legal_actions()
        twin.apply_action(legal[-1])
    assert mid.to_json() == saved and len(mid.history) == cut
    if cut:
        mid.undo_action()
        assert mid.to_json() == State.from_json(saved)._replay(state.history[:cut - 1]).to_json()


@pytest.mark.parametrize("players", [3, 4])
def test_random_play_invariants(players):
    rng = np.random.default_rng(players)
    for i in range(DEALS):
        state = random_deal(players, i, rng)
        check_deal(state, players)
        if i % 25 == 0:
            check_copies(state, rng)


@pytest.mark.parametrize("players", [3, 4])
def test_seeds_are_deterministic(players):
    a = [new_deal(players=players, seed=s).initial_hands for s in range(50)]
    b = [new_deal(players=players, seed=np.random.default_rng(s)).initial_hands for s in range(50)]
    assert a == b
    assert len({tuple(h) for h in a}) == 50
    x = random_deal(players, 7, np.random.default_rng(1))
    y = random_deal(players, 7, np.random.default_rng(1))
    assert x.to_json() == y.to_json()

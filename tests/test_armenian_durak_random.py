"""Armenian Durak with trumps: invariants over many seeded bot deals (RULES.md §3.3–§3.4).

Every deal must end after exactly 18 tricks (26 with 52 cards) of two cards each, the
card points must add up to the deck's 80 (86 with ``trump_six_double``), plus 10 when
one player took every trick, and every card must be in exactly one place after every
action. Measured on this machine: about 3.5 ms a deal with its checks, so the whole file
runs in about 45 s (four blocks, shared by two workers).
"""

from __future__ import annotations

import pytest

from cardkit import deck
from cardkit.games import armenian_durak as ad
from cardkit.games.armenian_durak import Rules

DECKS = {n: frozenset(deck(n)) for n in (36, 52)}


def once_each(cards: list, size: int) -> bool:
    """Every card of the ``size``-card deck exactly once (a sorted comparison, in one pass)."""
    return len(cards) == size and set(cards) == DECKS[size]


def _check_deal(state, rules):
    trump = state.trump
    assert state.is_terminal() and state.current_player is None
    assert len(state.tricks) == rules.tricks
    assert all(len(t.cards) == 2 and t.winner in (0, 1) for t in state.tricks)
    # the winner of each trick leads the next; the dealer's opponent leads the first
    assert state.tricks[0].leader == 1 - state.dealer
    assert all(b.leader == a.winner for a, b in zip(state.tricks, state.tricks[1:]))
    assert not any(state.hands) and not any(x is not None for s in state.up + state.down for x in s)
    assert once_each(state.taken[0] + state.taken[1], rules.deck)
    r = state.returns()
    total = ad.deck_points(trump, rules)
    sweep = not state.taken[0] or not state.taken[1]
    assert sum(r) == total + (ad.SWEEP_BONUS if sweep else 0)
    for s in (0, 1):
        assert r[s] == sum(ad.card_points(c, trump, rules) for c in state.taken[s]) + (
            ad.SWEEP_BONUS if not state.taken[1 - s] else 0)
    return r


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))
def test_ten_thousand_deals(block):
    """10,000 deals (four blocks of 2,500, so two workers share them), every one checked:
    even deals a RuleBot (seat 0) against a random player, which it must beat clearly;
    deals 4k + 1 two random players; deals 4k + 3 two RuleBots. One run serves the random
    and the RuleBot play (they were two runs of 10,000 deals)."""
    rules = Rules()
    wins = [0, 0]
    sweeps = 0
    for i in range(block * 2500, block * 2500 + 2500):
        bots = ([ad.RuleBot(i), ad.RandomBot(i + 1)] if i % 2 == 0
                else [ad.RandomBot(i), ad.RandomBot(i + 1)] if i % 4 == 1
                else [ad.RuleBot(i), ad.RuleBot(i + 1)])
        s = ad.new_deal(seed=i, dealer=i % 2, rules=rules)
        ad.play_out(s, bots)
        r = _check_deal(s, rules)
        sweeps += (not s.taken[0]) or (not s.taken[1])
        if i % 2 == 0:
            wins[0] += r[0] > r[1]
            wins[1] += r[1] > r[0]
    assert wins[0] > 2 * wins[1], wins  # the RuleBot beats a random player clearly
    assert sweeps < 2500


@pytest.mark.parametrize("rules", [Rules(deck=52), Rules(trump_six_double=True),
                                   Rules(deck=52, trump_six_double=True)], ids=["52", "double6", "52-double"])
def test_variant_deals(rules):
    for i in range(500):
        bots = [ad.RuleBot(i), ad.RandomBot(i + 1)] if i % 2 else [ad.RandomBot(i), ad.RuleBot(i + 1)]
        s = ad.new_deal(seed=i, dealer=i % 2, rules=rules)
        ad.play_out(s, bots)
        _check_deal(s, rules)


def test_every_card_in_exactly_one_place_after_every_action():
    for i in range(300):
        rules = Rules(deck=52) if i % 3 == 0 else Rules()
        s = ad.new_deal(seed=1000 + i, dealer=i % 2, rules=rules)
        bots = [ad.RandomBot(i), ad.RuleBot(i)]
        while True:
            cards = [c for h in s.hands for c in h] + [c for t in s.taken for c in t]
            cards += [c for st in s.up + s.down for c in st if c is not None]
            if s.trick is not None:
                cards += s.trick.cards
            assert once_each(cards, rules.deck)
            for seat in (0, 1):
                assert all(u is not None for u, d in zip(s.up[seat], s.down[seat]) if d is not None)
            if s.is_terminal():
                break
            s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))

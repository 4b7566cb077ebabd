"""Tests that kill the rule mutations that survived the suite (issue 13).

Each test names, in its docstring, the mutation it was written against; each was run with
the mutation applied by hand (and failed), then the mutation was reverted. The expected
figures come from RULES.md, not from the code's output.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardkit.simulate.variety as SV
from cardkit import Suit, deck
from cardkit.advisor import advise
from cardkit.bots import RandomBot, play_out
from cardkit.errors import StateError
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W
from cardkit.simulate.armenian_durak import simulate_armenian_durak

# ---- Armenian Durak: the +10 for taking every trick, in the simulator (RULES.md §3.4) ----

def _sweep_row(rules: D.Rules) -> np.ndarray:
    """A dealt row (positions in ``deck(rules.deck)``) giving the dealer (seat 0) every
    diamond and club and the opponent (seat 1, who leads) every spade and heart: dealing
    alternates one card at a time, dealer first (RULES.md §3.2), so the dealer's cards sit
    at the even places. With hearts trumps the leader wins every trick whatever anybody
    plays: a spade or heart led can only be answered with a diamond or a club, which
    never wins (§3.3)."""
    cards = deck(rules.deck)
    black_red = [i for i, c in enumerate(cards) if c.suit in (Suit.SPADES, Suit.HEARTS)]
    others = [i for i, c in enumerate(cards) if c.suit not in (Suit.SPADES, Suit.HEARTS)]
    row = np.empty(rules.deck, dtype=np.int64)
    row[0::2], row[1::2] = others, black_red
    return row


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "numpy"])
@pytest.mark.parametrize("deck_size", [36, 52])
def test_simulator_pays_the_sweep(monkeypatch, kernel, deck_size):
    """Mutation killed: ``simulate/armenian_durak.py``, the sweep test ``ntricks ==
    rules.deck // 2`` changed to ``== rules.deck`` (a sweep never paid), and the same
    change wherever the rule lives (the engine's sweep function). Verified failing under it.

    Seat 1 takes all the tricks, so every card: the deck's 80 points (each suit A 5, K 4,
    Q 3, J 2 and the special card 6, RULES.md §3.1; with 52 cards too) plus the sweep's +10."""
    monkeypatch.setattr(SV, "_USE_KERNEL", kernel)
    rules = D.Rules(deck=deck_size)
    row = _sweep_row(rules)
    for policy in ("random", "rule", "weakest"):
        b = simulate_armenian_durak(row[None, :], Suit.HEARTS, dealer=0, policy=policy, rules=rules, seed=3)
        assert b.tricks_won[0].tolist() == [0, rules.deck // 2], policy
        assert b.points[0].tolist() == [0, 80], policy
        assert b.scores[0].tolist() == [0, 80 + 10], policy
    # the object engine agrees on the same deal
    pack = [deck(rules.deck)[i] for i in row]
    state = D.new_deal(D.deal_layout(pack, 0, rules), dealer=0, trump=Suit.HEARTS, rules=rules)
    play_out(state, [RandomBot(1), RandomBot(2)])
    assert state.returns() == [0, 90]


# ---- the contract advisor: the partner is any other seat (RULES.md §1.3, §1.8) ----------

def test_advisor_partner_is_any_of_the_three_other_seats(monkeypatch):
    """Mutation killed: ``advisor.py``, the sampled partner ``(seat + rng.integers(1, 4,
    n)) % 4`` fixed to the opposite seat ``(seat + 2) % 4``. Verified failing under it.

    Partners may sit side by side (RULES.md §1.3), so the advisor takes the partner to be
    each of the other three seats with equal chance (§1.8). Over 600 samples each seat's
    count is binomial(600, 1/3): mean 200, s.d. 11.5; the bounds are over 6 s.d. away."""
    seen = []
    real = SV.play_batch

    def spy(hands, con, decl, dl, policy, rules, rng, prefix=None):
        seen.append(np.array(decl))
        return real(hands, con, decl, dl, policy, rules, rng, prefix)

    monkeypatch.setattr(SV, "play_batch", spy)
    seat = 1
    advise("KQ7.AJ5.KQ84.A92", seat=seat, dealer=0, samples=600, seed=4, policy="weakest")
    decl = np.concatenate(seen)
    assert (decl[:, 0] == seat).all()
    partners = decl[: 600, 1]                      # the first contract's batch: one per sample
    counts = np.bincount(partners, minlength=4)
    assert counts[seat] == 0
    assert all(130 <= counts[s] <= 270 for s in range(4) if s != seat), counts
    # every contract is played with the same partners (common random numbers)
    assert all((d[:, 1] == partners).all() for d in seen)


# ---- Armenian Durak: equal totals at the target play another deal (RULES.md §3.4) -------

def test_durak_equal_totals_at_the_target_do_not_end_the_game():
    """Mutation killed: ``games/armenian_durak.py`` ``game_over``, the condition ``and a
    != b`` dropped (a game ended on equal totals at or over the target). Verified failing
    under it (before, only a doctest caught it, and doctests were not run)."""
    assert D.game_over([250, 250], 7) is False
    assert D.game_over([300, 300], 9) is False
    assert D.game_over([250, 249], 7) is True
    assert D.game_over([249, 248], 7) is False
    g = D.Game([None, None], seed=1)
    g.scores = [[125, 125], [125, 125]]            # both totals 250: another deal
    assert g.totals == [250, 250] and not g.is_over()
    with pytest.raises(StateError):
        g.winner()
    g.scores.append([0, 4])
    assert g.is_over() and g.winner() == 1 and g.margin() == 4
    # a fixed number of deals ends the game even on equal totals (no target)
    g3 = D.Game([None, None], seed=1, rules=D.Rules(target=None, deals=3))
    g3.scores = [[10, 10]] * 3
    assert g3.is_over() and g3.winner() is None


# ---- Variety, contract 1: +12 only to the side with more tricks (RULES.md §1.2) ---------

def _tricks_by_side(state) -> tuple[int, int]:
    won = [t.winner for t in state.tricks if t.winner is not None]
    d = sum(1 for w in won if w in state.declarers)
    return d, len(won) - d


def test_contract_1_majority_is_strict():
    """Mutation killed: ``games/variety.py`` ``side_points``, the majority test ``tricks * 2
    > total_tricks`` changed to ``>=`` (equal trick counts paying +12 to both sides).
    Verified failing under it.

    Over 13 tricks the two are the same (13 is odd), so the test looks at the points so far
    during the play, which the replay shows learners ("so far declarers 12, defenders 0"):
    +12 only to the side that has taken more tricks than the other, nothing on equal
    counts (6 against 6 after 12 tricks included)."""
    equal_seen = 0
    for seed in range(6):
        s = V.new_deal(seed=seed, dealer=3)
        for b in [1, 2, 1]:                      # seats 0 and 2 declare contract 1
            s.apply_action(b)
        bots = [RandomBot(seed * 4 + k) for k in range(4)]
        while not s.is_terminal():
            s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
            if s.is_terminal() or s.trick is None or s.trick.cards:
                continue
            d, f = _tricks_by_side(s)
            equal_seen += d == f
            assert s.side_points() == (12 * (d > f), 12 * (f > d)), (seed, d, f)
        d, f = _tricks_by_side(s)
        assert d + f == 13 and sorted(s.side_points()) == [0, 12]
    assert equal_seen >= 6                       # every deal passes 0-0 ... at least 1-1
    # scoring two tricks, one to each side: neither side has more (a tie, §1.6: +10 to
    # each defender under the default)
    taken = [["AS", "2S", "3S", "4S"], [], ["AH", "2H", "3H", "4H"], []]
    assert V.side_points(1, [0, 1], taken) == 0 == V.side_points(1, [2, 3], taken)
    assert V.score_deal(1, [0, 1], taken) == [0, 0, 10, 10]


# ---- a deal given by its cards keeps no seed (deal codes) --------------------------------

@pytest.mark.parametrize("module, make", [
    (V, lambda seed: V.new_deal(V.new_deal(seed=3).initial_hands, dealer=0, seed=seed)),
    (W, lambda seed: W.new_deal(W.new_deal(seed=3).initial_hands, dealer=0, seed=seed)),
    (D, lambda seed: D.new_deal(D.new_deal(seed=3, dealer=0).layout, dealer=0, seed=seed)),
], ids=["variety", "warsaw_hearts", "armenian_durak"])
def test_hands_given_keep_no_seed(module, make):
    """Mutation killed: ``new_deal`` keeping the seed of ``new_deal(hands, seed=5)``
    (``seed_of(seed, dealt)`` read as ``seed_of(seed)``, in any of the three games).
    Verified failing under it.

    A state's ``seed`` names its deal in the short code (``V-5``): a seed that would not
    deal the given cards must not be kept, or the code would name another deal."""
    s = make(5)
    assert s.seed is None
    assert module.new_deal(seed=5, dealer=0).seed == 5
    assert module.new_deal(seed=5, dealer=0).to_json() != s.to_json()

"""Every kernel copy of the trick rule against the engine, for every game of the registry
(issue 30: one source of the trick rule for the kernels).

The compiled kernels call :mod:`cardkit.simulate.trick_rule`; the numpy simulators keep their
vectorised form of it (:class:`cardkit.simulate._core.FollowSuitPlay`, Durak's
``_beaters``). For each game and each copy:

- ``numpy`` and ``numba``: the batched simulator plays seeded deals with the random policy on
  that path; each card is replayed in the object engine (which refuses an illegal card: the
  follow-suit duty) and each trick's leader and winner must be the engine's.
- ``solver``: the solver's trick winner (Variety ``trick_winner_offset``, Hearts
  ``_trick_end``, Durak ``durak_reply_wins`` over the solver's ``BEAT`` table) on seeded random
  tricks in the solver's own card ids, against :func:`cardkit.core.tricks.winning_index` /
  Durak's ``trick_winner``.

A game added to the registry fails ``test_every_game_has_every_copy`` until its copies are
listed here.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from registry_games import NAMES

import cardkit.simulate.variety as SV
from cardkit import Card, Suit, deck
from cardkit.core.tricks import winning_index
from cardkit.games import (
    armenian_durak as D,
    variety as V,
    warsaw_hearts as W,
)
from cardkit.simulate import auction_for, deal_batch, random_variety, simulate_armenian_durak, simulate_warsaw_hearts

COPIES = ("numpy", "numba", "solver")
DEALS = 40        # per game and path: random play reaches every suit, void and trump case
TRICKS = 400      # random tricks per game for the solver's copy


def _path(monkeypatch, copy):
    monkeypatch.setattr(SV, "_USE_KERNEL", copy == "numba")
    if copy == "numba":
        assert SV.kernels_for() is not None, "numba path not available"


def _check_tricks(state, plays, leaders, winners, number):
    tricks = state.tricks
    assert [[number(c) for c in t.cards] for t in tricks] == plays
    assert [t.leader for t in tricks] == leaders
    assert [t.winner for t in tricks] == winners, "trick winners differ from the engine's"


# ---- the simulators, numpy and numba: whole deals replayed in the engine ----------------

def sim_variety(monkeypatch, copy):
    _path(monkeypatch, copy)
    batch = random_variety(DEALS * 2, seed=30 + (copy == "numba"), policy="random")
    assert set(batch.contract.tolist()) == set(range(1, 9))      # every trump, contract 6 reversed
    for b in range(len(batch)):
        hands = [[Card.from_index(int(i)) for i in batch.hands[b, s]] for s in range(4)]
        state = V.new_deal(hands, dealer=int(batch.dealer[b]))
        for bid in auction_for(int(batch.contract[b]), batch.declarers[b], int(batch.dealer[b])):
            state.apply_action(bid)
        for trick in batch.plays[b]:
            for ci in trick:
                state.apply_action(Card.from_index(int(ci)))   # refuses a card that breaks the duty
        _check_tricks(state, batch.plays[b].tolist(), batch.leaders[b].tolist(), batch.winners[b].tolist(),
                      lambda c: c.index)


def sim_warsaw_hearts(monkeypatch, copy):
    _path(monkeypatch, copy)
    deck36 = tuple(deck(36))
    for players in (3, 4):
        rules = W.Rules(players=players)
        rng = np.random.default_rng(40 + players)
        deals = deal_batch(DEALS, rng, deck=36)
        dealer = rng.integers(0, players, DEALS)
        batch = simulate_warsaw_hearts(deals, dealer=dealer, policy="random", rules=rules, seed=players)
        k = rules.cards_per_player
        for b in range(DEALS):
            hands = [[deck36[i] for i in deals[b, k * s:k * s + k]] for s in range(players)]
            state = W.new_deal(hands, dealer=int(dealer[b]), rules=rules)
            for trick in batch.plays[b]:
                for ci in trick:
                    state.apply_action(deck36[int(ci)])
            _check_tricks(state, batch.plays[b].tolist(), batch.leaders[b].tolist(), batch.winners[b].tolist(),
                          deck36.index)


def sim_armenian_durak(monkeypatch, copy):
    _path(monkeypatch, copy)
    for rules in (D.Rules(), D.Rules(deck=52)):
        rng = np.random.default_rng(50 + rules.deck)
        deals = deal_batch(DEALS, rng, deck=rules.deck)
        dealer, trump = rng.integers(0, 2, DEALS), rng.integers(0, 4, DEALS)
        batch = simulate_armenian_durak(deals, trump, dealer=dealer, policy="random", rules=rules, seed=rules.deck)
        dk = deck(rules.deck)
        for b in range(DEALS):
            pack = [dk[i] for i in deals[b]]
            state = D.new_deal(D.deal_layout(pack, int(dealer[b]), rules), dealer=int(dealer[b]),
                               trump=Suit(int(trump[b])), rules=rules)
            for t in range(rules.tricks):
                for j in range(2):
                    state.apply_action(dk[batch.plays[b, t, j]])    # the duty: suit led or trump
                    if state.phase == "draw":
                        d = int(batch.draws[b, t, j])
                        state.apply_action(D.Draw(None if d < 0 else d))
            _check_tricks(state, batch.plays[b].tolist(), batch.leaders[b].tolist(), batch.winners[b].tolist(),
                          dk.index)


# ---- the solvers: random tricks in the solver's card ids ----------------------------------

def solver_variety(monkeypatch, copy):
    from cardkit.analysis import _variety_kernel as K
    from cardkit.analysis.variety import SolverContext
    rng = np.random.default_rng(60)
    cards = tuple(deck(52))
    for contract in range(1, 9):
        state = V.new_deal([list(cards[13 * s:13 * s + 13]) for s in range(4)], dealer=0)
        for bid in auction_for(contract, (0, 2), 0):
            state.apply_action(bid)
        ctx = SolverContext(state, None)
        info = state.contract_info
        for _ in range(TRICKS // 8):
            trick = [cards[i] for i in rng.choice(52, 4, replace=False)]
            if rng.random() < 0.5:      # most tricks follow suit: the rank order decides
                suit = trick[0].suit
                same = [c for c in cards if c.suit == suit]
                trick = [same[i] for i in rng.choice(13, 4, replace=False)]
                if rng.random() < 0.5 and info.trump is not None:
                    trick[int(rng.integers(1, 4))] = next(c for c in cards if c.suit == info.trump
                                                          and c not in trick)
            ids = np.array([ctx.bit_of[c] for c in trick], dtype=np.int64)
            want = winning_index(trick, info.trump, lowest=info.lowest_wins)
            assert K.trick_winner_offset(ids, 0, ctx.trump) == want, (contract, trick)
            # the search's open trick (winner_offset over the first j cards) and its move
            # ordering's "does this card take it" (beats_id)
            for j in range(1, 5):
                assert K.winner_offset(ids, 0, j, ctx.trump) == winning_index(trick[:j], info.trump,
                                                                              lowest=info.lowest_wins)
            best = 0
            for i in range(1, 4):
                best = i if K.beats_id(ids[i], ids[best], ctx.trump) else best
            assert best == want, (contract, trick)


def solver_warsaw_hearts(monkeypatch, copy):
    from cardkit.analysis import _hearts_kernel as K
    from cardkit.analysis.warsaw_hearts import _cid
    rng = np.random.default_rng(61)
    cards = tuple(deck(36))
    for _ in range(TRICKS):
        n = int(rng.integers(3, 5))
        if rng.random() < 0.5:
            suit = cards[int(rng.integers(36))].suit
            same = [c for c in cards if c.suit == suit]
            trick = [same[i] for i in rng.choice(9, n, replace=False)]
        else:
            trick = [cards[i] for i in rng.choice(36, n, replace=False)]
        leader = int(rng.integers(n))
        played = np.array([0, *(_cid(c) for c in trick)], dtype=np.int64)   # the trick at offset 1
        winner, _ = K._trick_end(played, 1, n, leader)
        assert winner == (leader + winning_index(trick, None)) % n, (trick, leader)


def solver_armenian_durak(monkeypatch, copy):
    from cardkit.analysis import _durak_kernel as K
    from cardkit.analysis.armenian_durak import _card_id, _tables
    from cardkit.simulate.trick_rule import compiled
    durak_reply_wins = compiled().durak_reply_wins
    rng = np.random.default_rng(62)
    for rules in (D.Rules(), D.Rules(deck=52)):
        cards = tuple(deck(rules.deck))
        for trump in Suit:
            tb = _tables(rules, trump)
            for _ in range(TRICKS // 8):
                lead, reply = (cards[i] for i in rng.choice(len(cards), 2, replace=False))
                if rng.random() < 0.5:          # same suit: the special card and the ace
                    same = [c for c in cards if c.suit == lead.suit and c != lead]
                    reply = same[int(rng.integers(len(same)))]
                lc = _card_id(lead)
                got = durak_reply_wins(lc, _card_id(reply), tb[K.BEAT + lc], tb[K.TRUMP])
                assert got == D.trick_winner(lead, reply, trump, rules), (lead, reply, trump, rules)
            # every pair once: the rule is small enough to check whole
            for lead in cards:
                lc = _card_id(lead)
                for reply in cards:
                    if reply != lead:
                        assert (durak_reply_wins(lc, _card_id(reply), tb[K.BEAT + lc], tb[K.TRUMP])
                                == D.trick_winner(lead, reply, trump, rules)), (lead, reply, trump)


REPLAYS = {
    ("variety", "numpy"): sim_variety, ("variety", "numba"): sim_variety, ("variety", "solver"): solver_variety,
    ("warsaw_hearts", "numpy"): sim_warsaw_hearts, ("warsaw_hearts", "numba"): sim_warsaw_hearts,
    ("warsaw_hearts", "solver"): solver_warsaw_hearts,
    ("armenian_durak", "numpy"): sim_armenian_durak, ("armenian_durak", "numba"): sim_armenian_durak,
    ("armenian_durak", "solver"): solver_armenian_durak,
}


KERNELS = ("cardkit/simulate/_kernels.py", "cardkit/analysis/_variety_kernel.py",
           "cardkit/analysis/_hearts_kernel.py", "cardkit/analysis/_durak_kernel.py")


def test_kernels_name_the_trick_rule_they_inline():
    """Numba's cache of a kernel is keyed on the kernel's own file: a kernel compiled with an
    older ``trick_rule.py`` would be loaded unchanged. Each kernel module names the SHA-256 of the
    ``trick_rule.py`` it inlines, so a change there must touch every kernel module (and so
    invalidate its cache)."""
    import hashlib
    import importlib
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    sha = hashlib.sha256((root / "cardkit/simulate/trick_rule.py").read_bytes()).hexdigest()[:16]
    for path in KERNELS:
        module = importlib.import_module(path[:-3].replace("/", "."))
        assert sha == module.TRICK_RULE_SHA256, (
            f"{path}: TRICK_RULE_SHA256 = {module.TRICK_RULE_SHA256!r}, trick_rule.py is now {sha!r}: "
            f"write the new value (it makes numba compile the kernel again)")


def test_every_game_has_every_copy():
    assert sorted(REPLAYS) == sorted((g, c) for g in NAMES for c in COPIES)


@pytest.mark.parametrize("copy", COPIES)
@pytest.mark.parametrize("game", NAMES)
def test_kernel_copy_of_the_trick_rule_agrees_with_the_engine(monkeypatch, game, copy):
    REPLAYS[game, copy](monkeypatch, copy)


# ---- the rule policies' "can I win it" (winners_bit, winners_batch) ------------------------

@pytest.mark.parametrize("form", ["numba", "numpy"])
@pytest.mark.parametrize("game", ["variety", "warsaw_hearts"])
def test_would_win_masks_agree_with_the_engine(game, form):
    """For a random open trick and a random set of cards, the mask of the cards that would take
    the trick is the set of cards ``x`` with ``winning_index(trick + [x]) == len(trick)``, in
    each game's simulator layout (Variety every contract, contract 6 reversed; Hearts no trumps).
    Random play never asks this (the rule policies do), so it is checked apart."""
    from cardkit.simulate._core import SUIT_MASK
    from cardkit.simulate.trick_rule import compiled, winners_batch
    from cardkit.simulate.variety import kernel_tables
    from cardkit.simulate.warsaw_hearts import BIT_OF

    rng = np.random.default_rng(70)
    if game == "variety":
        tb, table = kernel_tables("book"), V.contracts(V.Rules())
        cases = [(tuple(deck(52)), table[n].trump, table[n].lowest_wins,
                  lambda c, n=n: int(tb.bit_of[n * 52 + c.index])) for n in range(1, 9)]
    else:
        d36 = tuple(deck(36))
        cases = [(d36, None, False, lambda c: int(BIT_OF[d36.index(c)]))]
    winners_bit = compiled().winners_bit
    for cards, trump, lowest, bit in cases:
        tm = np.uint64(sum(1 << bit(c) for c in cards if c.suit == trump))
        for _ in range(300 // len(cases) + 20):
            picks = [cards[i] for i in rng.choice(len(cards), 12, replace=False)]
            j = int(rng.integers(1, 4))
            trick, hand = picks[:j], picks[j:]
            if rng.random() < 0.5:      # a trick of one suit, so the ranks decide
                same = [c for c in cards if c.suit == trick[0].suit and c not in hand]
                trick = [same[i] for i in rng.choice(len(same), j, replace=False)]
            w = trick[winning_index(trick, trump, lowest=lowest)]
            bp, btrump = np.uint64(bit(w)), w.suit == trump
            L = np.uint64(sum(1 << bit(c) for c in hand))
            want = {bit(x) for x in hand if winning_index([*trick, x], trump, lowest=lowest) == j}
            if form == "numba":
                got = int(winners_bit(L, bp, btrump, SUIT_MASK, tm))
            else:
                got = int(winners_batch(np.array([L]), np.array([bit(w)], dtype=np.int32), np.array([btrump]),
                                        SUIT_MASK, np.array([tm]))[0])
            assert {b for b in range(64) if got >> b & 1} == want, (trick, hand, trump)

"""Advice by simulation: which Variety contract to bid with a hand (RULES.md §1.8), and
the small position helpers the strategy lessons use for the other games.

Every function here sees only what a player may see: its own hand (and, for the
position helpers, the cards already played). Unseen cards are dealt at random for each
sample, from an explicit seed or :class:`numpy.random.Generator`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dealing import as_generator
from .errors import CardkitError, NotationError
from .notation import parse_hand
from .simulate._core import U64, deal_bits, hands_from_bits, reverse_strength
from .simulate import variety as SV

__all__ = ["ContractAdvice", "advise", "sample_deals"]


@dataclass(frozen=True)
class ContractAdvice:
    """The simulated worth of one contract to the player who bids it (RULES.md §1.8).

    :ivar contract: 1..8.
    :ivar margin: the expected margin, in points: the bidder's deal score minus the
        average deal score of the other side, the defenders' +10 bonus included (§1.6).
    :ivar stderr: the standard error of ``margin`` (sample standard deviation / sqrt(n)).
    :ivar samples: how many deals were played for this contract.
    :ivar win_rate: the fraction of those deals the declarers won (§1.6).
    :ivar score: the bidder's mean deal score, in points.
    :ivar description: the contract's one-line description (``str(Contract)``).
    """

    contract: int
    margin: float
    stderr: float
    samples: int
    win_rate: float
    score: float
    description: str

    def __str__(self) -> str:
        return (f"{self.contract}: margin {self.margin:+.2f} ± {self.stderr:.2f} "
                f"({self.samples} deals, declarers win {self.win_rate:.0%})")


def _check_int(value, name, lo, hi):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not lo <= value <= hi:
        raise CardkitError(f"{name} {value!r}: expected a whole number {lo}..{hi}")
    return int(value)


def sample_deals(hand, seat: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Deals that agree with what the player at ``seat`` sees: ``hand`` at ``seat`` and the
    39 other cards dealt at random to the other seats (``Generator.permuted`` of the unseen
    cards in :attr:`Card.index` order; seat ``seat + 1 + k`` gets columns ``13k ..
    13k + 12``). The order in which ``hand`` is written does not matter.

    :param hand: 13 :class:`Card` objects (already checked).
    :returns: shape (4, samples) uint64 hand masks, ace-high layout
        (:mod:`cardkit.simulate._core`).
    """
    bits = SV._BITS
    own = np.zeros(52, dtype=bool)
    own[[c.index for c in hand]] = True
    unseen = np.flatnonzero(~own)                          # 39 card indices, ascending
    others = hands_from_bits(deal_bits(samples, bits[unseen], rng), 3, 13)   # (3, samples)
    hands = np.empty((4, samples), dtype=U64)
    hands[seat] = np.bitwise_or.reduce(bits[own])
    for k in range(3):
        hands[(seat + 1 + k) % 4] = others[k]
    return hands


def advise(hand, *, seat: int = 0, dealer: int = 3, samples: int = 1000, seed=None,
           policy: str = "rule", rules=None, progress=None) -> list[ContractAdvice]:
    """The eight Variety contracts ranked by their expected margin for the player who
    holds ``hand`` and bids them (RULES.md §1.8), best first.

    For each sample the 39 cards the player cannot see are dealt at random to the other
    three seats and a partner is drawn, each of the other three seats with equal chance;
    the bidder names the contract first and the partner repeats it (§1.3), so under the
    default lead rule the player on the bidder's left leads (§1.4). Every contract is
    played on the **same** samples (common random numbers, which sharpens the comparison
    between contracts), by the batched simulator with ``policy`` in every seat. Only the
    hand is an input: the other seats' real cards never are.

    :param hand: the bidder's 13 cards: PBN (``"KQ7.AJ5.KQ84.A92"``) or cards.
    :param seat: the bidder's seat 0..3; ``dealer`` the dealer's (the lead variants of
        §1.4 use them).
    :param samples: deals per contract (>= 2).
    :param seed: int or Generator; the same hand and seed give the same answer.
    :param policy: ``"rule"`` (default), ``"random"`` or ``"weakest"``.
    :param rules: :class:`cardkit.games.variety.Rules`.
    :param progress: optional callable ``progress(done, total)`` called as the contracts
        are played (for a progress bar); it must not raise.
    :returns: eight :class:`ContractAdvice`, by margin, best first (ties by number).
    :raises NotationError: for a hand that is not 13 different cards.
    :raises CardkitError: for a seat or dealer outside 0..3, samples < 2, or an unknown
        policy.
    """
    from .games import variety as V
    cards = parse_hand(hand)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise NotationError(f"hand {hand!r}: a Variety hand is 13 different cards (RULES.md §1.1)")
    seat = _check_int(seat, "seat", 0, 3)
    dealer = _check_int(dealer, "dealer", 0, 3)
    n = _check_int(samples, "samples", 2, 10**7)
    rules = rules or V.Rules()
    rng = as_generator(seed)
    table = V.contracts(rules)

    hands = sample_deals(cards, seat, n, rng)
    partner = (seat + rng.integers(1, 4, n)) % 4

    contracts = np.arange(1, 9)
    out: list[ContractAdvice] = []
    # all eight contracts in one batch (8 * n deals) unless that is very large
    chunk = 8 if n <= 20_000 else 1
    for start in range(0, 8, chunk):
        cs = contracts[start:start + chunk]
        con = np.repeat(cs, n).astype(np.int8)
        h = np.tile(hands, (1, len(cs)))
        tables = SV._tables(rules.contract_values)
        rev = tables.reversed[con]
        if rev.any():
            h = np.where(rev[None, :], reverse_strength(h, 13), h)
        decl = np.stack([np.full(len(con), seat), np.tile(partner, len(cs))], axis=1).astype(np.int8)
        batch = SV._play(h, con, decl, np.full(len(con), dealer, dtype=np.int8), policy, rules, rng)
        m = batch.margin(seat).reshape(len(cs), n)
        wins = batch.declarers_win.reshape(len(cs), n)
        own_score = batch.scores[:, seat].reshape(len(cs), n)
        for i, c in enumerate(cs):
            out.append(ContractAdvice(
                contract=int(c), margin=float(m[i].mean()),
                stderr=float(m[i].std(ddof=1) / np.sqrt(n)), samples=n,
                win_rate=float(wins[i].mean()), score=float(own_score[i].mean()),
                description=str(table[int(c)])))
        if progress is not None:
            progress(start + len(cs), 8)
    out.sort(key=lambda a: (-a.margin, a.contract))
    return out

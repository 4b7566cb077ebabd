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
from .cards import Card
from .simulate._core import ONE, U64, deal_bits, hands_from_bits, reverse_strength
from .simulate import variety as SV

__all__ = ["ContractAdvice", "advise", "sample_deals", "CardOutlook", "hearts_card_penalties",
           "durak_reply_swings"]


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


# ---- position helpers for the other games' lessons -------------------------------------------

@dataclass(frozen=True)
class CardOutlook:
    """What one legal card is expected to bring, by simulation from a position.

    :ivar card: the legal card.
    :ivar value: the expected figure (see the function that made it), in points.
    :ivar stderr: its standard error.
    :ivar samples: deals simulated for this card.
    :ivar other: a second expected figure, in points (see the function).
    """

    card: Card
    value: float
    stderr: float
    samples: int
    other: float

    def __str__(self) -> str:
        return f"{self.card}: {self.value:+.2f} ± {self.stderr:.2f} ({self.samples} deals)"


def _played_by_seat(obs):
    """Cards each seat has played so far, and every played card in play order."""
    order, by = [], {}
    for leader, cards, _ in obs.tricks:
        for i, c in enumerate(cards):
            by.setdefault((leader + i) % obs.players, []).append(c)
            order.append(c)
    for i, c in enumerate(obs.trick):
        by.setdefault((obs.trick_leader + i) % obs.players, []).append(c)
        order.append(c)
    return by, order


def _check_to_act(obs, what):
    from .errors import StateError
    if obs.phase != "play" or obs.current_player != obs.seat or not obs.legal_actions:
        raise StateError(f"{what}: the observation's seat ({obs.seat}) is not the one to play a card "
                         f"(phase {obs.phase!r}, current player {obs.current_player})")


def hearts_card_penalties(observation, *, samples: int = 500, seed=None, policy: str = "rule"
                          ) -> list[CardOutlook]:
    """Warsaw Hearts: the expected penalty (RULES.md §2.2) of each legal card, for the
    seat to play, by simulation from its observation only.

    For each sample, the cards the seat cannot see are dealt at random to the other seats
    (as many as each holds; a void shown earlier in the deal is not used), the deal is
    replayed to this point, the candidate card is played and the rest is played out with
    ``policy`` in every seat. Every card is tried on the same samples.

    :param observation: ``state.observation(seat)`` of a Warsaw Hearts deal, that seat to
        play.
    :param samples: deals per candidate card (>= 2).
    :param seed: int or Generator.
    :returns: one :class:`CardOutlook` per legal card, lowest expected penalty first:
        ``value`` the seat's expected penalty for the deal (points, >= 0), ``other`` its
        expected bonus minus penalty.
    :raises StateError: when the observation's seat is not the one to play.
    :raises CardkitError: for samples < 2 or an unknown policy.
    """
    from .simulate import warsaw_hearts as SW
    obs = observation
    _check_to_act(obs, "hearts_card_penalties")
    n = _check_int(samples, "samples", 2, 10**6)
    rng = as_generator(seed)
    rules, players = obs.rules, obs.players
    by, order = _played_by_seat(obs)
    idx = {c: i for i, c in enumerate(SW.DECK36)}
    seen = set(obs.hand) | set(order)
    unseen = np.array([i for i, c in enumerate(SW.DECK36) if c not in seen], dtype=np.int64)
    others = [s for s in range(players) if s != obs.seat]
    sizes = [obs.hand_sizes[s] for s in others]
    dealt = deal_bits(n, SW._BITS[unseen], rng)                          # (n, len(unseen))
    hands = np.zeros((players, n), dtype=U64)
    col = 0
    for s, k in zip(others, sizes):
        hands[s] = dealt[:, col:col + k].sum(axis=1, dtype=U64)
        col += k
    for s in range(players):
        known = list(by.get(s, [])) + (list(obs.hand) if s == obs.seat else [])
        if known:
            hands[s] |= np.bitwise_or.reduce(SW._BITS[[idx[c] for c in known]])
    legal = list(obs.legal_actions)
    m = len(legal)
    prefix = np.array([SW.BIT_OF[idx[c]] for c in order], dtype=np.int32)
    cand = np.array([SW.BIT_OF[idx[c]] for c in legal], dtype=np.int32)
    full_prefix = np.concatenate([np.repeat(prefix[:, None], m * n, axis=1), np.repeat(cand, n)[None, :]])
    first_leader = obs.tricks[0][0] if obs.tricks else obs.trick_leader
    dealer = np.full(m * n, (first_leader - 1) % players)
    batch = SW._play(np.tile(hands, (1, m)), dealer, rules, policy, rng, prefix=full_prefix)
    pen = batch.penalties[:, obs.seat].reshape(m, n).astype(np.float64)
    score = batch.scores[:, obs.seat].reshape(m, n).astype(np.float64)
    out = [CardOutlook(card=c, value=float(pen[i].mean()), stderr=float(pen[i].std(ddof=1) / np.sqrt(n)),
                       samples=n, other=float(score[i].mean())) for i, c in enumerate(legal)]
    return sorted(out, key=lambda o: o.value)


def durak_reply_swings(observation, *, samples: int = 500, seed=None, policy: str = "rule"
                       ) -> list[CardOutlook]:
    """Armenian Durak: the expected point swing of each legal reply (RULES.md §3.3, fig. 52),
    for the seat to reply, by simulation from its observation only.

    The hidden cards (the opponent's hand and every face-down card, the seat's own
    included) are dealt at random for each sample, except that the trump card drawn from
    the dealer's hand stays with the dealer until it is played (§3.2: it is public). Then
    the candidate reply is played and the deal is played out with ``policy`` in both seats.

    :param observation: ``state.observation(seat)`` with one card led and that seat to reply.
    :param samples: deals per candidate (>= 2).
    :returns: one :class:`CardOutlook` per legal reply, best first: ``value`` the expected
        swing, (own − opponent's) deal score at the end minus the same difference now
        (points, sweep bonus included); ``other`` the expected own points won from here on.
    :raises StateError: when the seat is not the one to reply to a led card.
    :raises CardkitError: for samples < 2 or an unknown policy.
    """
    from .errors import StateError
    from .games import armenian_durak as D
    from .simulate import armenian_durak as SD
    obs = observation
    _check_to_act(obs, "durak_reply_swings")
    if len(obs.trick) != 1:
        raise StateError("durak_reply_swings: the seat must be replying to a led card (RULES.md §3.3)")
    n = _check_int(samples, "samples", 2, 10**6)
    rng = as_generator(seed)
    rules = obs.rules
    tb = SD._tables(rules.deck)
    me, opp = obs.seat, 1 - obs.seat
    idx = {c: i for i, c in enumerate(tb.cards)}
    ups = [c for s in (0, 1) for c in obs.face_up[s] if c is not None]
    taken = [c for s in (0, 1) for c in obs.taken[s]]
    seen = set(obs.hand) | set(ups) | set(taken) | set(obs.trick)
    fixed = []
    if obs.trump_card is not None and obs.dealer == opp and obs.trump_card not in seen:
        fixed = [obs.trump_card]        # back in the dealer's hand, not played yet (§3.2)
    seen |= set(fixed)
    unseen = np.array([i for i, c in enumerate(tb.cards) if c not in seen], dtype=np.int64)
    h_opp = obs.hand_sizes[opp] - len(fixed)
    my_down = [i for i in range(SD.STACKS) if obs.face_down[me][i]]
    opp_down = [i for i in range(SD.STACKS) if obs.face_down[opp][i]]
    assert h_opp + len(my_down) + len(opp_down) == len(unseen)
    rows = deal_bits(n, tb.bit_of[unseen].astype(np.int16), rng).astype(np.int64)   # (n, unseen)
    hand = np.zeros((2, n), dtype=U64)
    hand[me] = np.bitwise_or.reduce(tb.bits[[idx[c] for c in obs.hand]]) if obs.hand else U64(0)
    hand[opp] = (ONE << rows[:, :h_opp].astype(U64)).sum(axis=1, dtype=U64)
    if fixed:
        hand[opp] |= tb.bits[idx[fixed[0]]]
    up = np.full((2, SD.STACKS, n), -1, dtype=np.int16)
    down = np.full((2, SD.STACKS, n), -1, dtype=np.int16)
    for s in (0, 1):
        for i, c in enumerate(obs.face_up[s]):
            if c is not None:
                up[s, i] = tb.bit_of[idx[c]]
    col = h_opp
    for s, stacks in ((me, my_down), (opp, opp_down)):
        for i in stacks:
            down[s, i] = rows[:, col]
            col += 1
    taken_m = np.zeros((2, n), dtype=U64)
    for s in (0, 1):
        if obs.taken[s]:
            taken_m[s] = np.bitwise_or.reduce(tb.bits[[idx[c] for c in obs.taken[s]]])
    won = np.array([sum(1 for t in obs.tricks if t[2] == s) for s in (0, 1)])
    legal = list(obs.legal_actions)
    m = len(legal)
    remaining = (sum(obs.hand_sizes) + len(ups) + len(my_down) + len(opp_down) + 1) // 2
    trump = int(obs.trump)
    play = SD._DurakPlay(tb, np.tile(hand, (1, m)), np.tile(up, (1, 1, m)), np.tile(down, (1, 1, m)),
                         np.full(m * n, opp), np.full(m * n, trump), SD.policy_codes(policy, 2), rng,
                         remaining, taken=np.tile(taken_m, (1, m)),
                         ntricks=np.tile(won[:, None], (1, m * n)))
    cand = np.repeat(np.array([tb.bit_of[idx[c]] for c in legal], dtype=np.int32), n)
    play.run(first_lead=np.full(m * n, tb.bit_of[idx[obs.trick[0]]], dtype=np.int32), first_reply=cand)
    batch = SD._finish(play, tb, np.full(m * n, obs.dealer), np.full(m * n, trump), rules)
    now = [sum(D.card_points(c, obs.trump, rules) for c in obs.taken[s]) for s in (0, 1)]
    diff = (batch.scores[:, me].astype(np.float64) - batch.scores[:, opp]).reshape(m, n) - (now[me] - now[opp])
    gain = batch.points[:, me].reshape(m, n).astype(np.float64) - now[me]
    out = [CardOutlook(card=c, value=float(diff[i].mean()), stderr=float(diff[i].std(ddof=1) / np.sqrt(n)),
                       samples=n, other=float(gain[i].mean())) for i, c in enumerate(legal)]
    return sorted(out, key=lambda o: -o.value)

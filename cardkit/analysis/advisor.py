"""Advice by simulation: which Variety contract to bid with a hand (RULES.md §1.8), and
the small position helpers the strategy lessons use for the other games.

Every function here sees only what a player may see: its own hand (and, for the
position helpers, the cards already played). Unseen cards are dealt at random for each
sample, from an explicit seed or :class:`numpy.random.Generator`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from cardkit.core._checks import check_max_nodes
from cardkit.core.cards import Card
from cardkit.core.dealing import as_generator, check_rules, check_seat
from cardkit.core.errors import CardkitError, NotationError, StateError, quote
from cardkit.core.notation import parse_hand
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.simulate import armenian_durak as SD, variety as SV, warsaw_hearts as SW
from cardkit.simulate._core import U64, policy_codes, reverse_strength

from .worlds import (
    MAX_SAMPLES,
    check_samples,
    deal_hidden,
    durak_hidden_bits,
    played_by_seat,
    sample_deals,
    shown_voids,
)

__all__ = ["ContractAdvice", "Advice", "advise", "is_robust", "sample_deals", "CardOutlook", "hearts_card_penalties",
           "durak_reply_swings", "shown_voids", "MAX_SAMPLES"]



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


def _check_policy(policy, seats: int) -> None:
    """:raises CardkitError: for a ``policy`` that is not one of the simulators' names
    (:data:`cardkit.simulate.POLICIES`) nor ``seats`` of them, before any deal is dealt."""
    policy_codes(policy, seats)


def _check_observation(obs, module, game: str, what: str) -> None:
    """:raises CardkitError: for anything but an observation of ``module``'s game."""
    if not isinstance(obs, module.Observation):
        raise CardkitError(f"{what}: {quote(obs)} is not an observation of {game}: expected "
                           f"state.observation(seat) of a {game} deal")


def _check_seconds(seconds) -> float | None:
    """:raises CardkitError: for a ``seconds`` that is neither None nor a positive finite number."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float, np.integer, np.floating)) \
            or not np.isfinite(seconds) or seconds <= 0:
        raise CardkitError(f"seconds={quote(seconds)}: expected None or a time budget in seconds above 0")
    return float(seconds)


def _check_progress(progress) -> None:
    """:raises CardkitError: for a ``progress`` that is neither None nor callable."""
    if progress is not None and not callable(progress):
        raise CardkitError(f"progress {quote(progress)}: expected None or a function progress(done, total)")


class Advice(list):
    """What :func:`advise` returns: a list of eight :class:`ContractAdvice`, best first,
    with how they were valued and whether the top contract depends on the play.

    :ivar evaluation: ``"rule"`` (each sampled deal played out by the rule policy) or
        ``"double_dummy"`` (each sampled deal valued by the exact solver from the opening
        lead, every card known: :func:`cardkit.analysis.solve`).
    :ivar label: with ``"double_dummy"``: ``"robust"`` when the top contract stays on top,
        or within one standard error of the top, under both evaluations; else
        ``"depends on the play"``. None with ``"rule"`` alone.
    :ivar rule_ranking: the eight :class:`ContractAdvice` under the rule policy, best first.
    :ivar double_dummy_ranking: the same under double-dummy play, or None.
    :ivar solved: with ``"double_dummy"``: the sampled deals solved exactly in all eight
        contracts, on which the double-dummy figures rest (each :class:`ContractAdvice`'s
        ``samples``); None with ``"rule"``.
    :ivar unsolved: sampled deals left out of the double-dummy figures because a search
        passed ``max_nodes`` or the ``seconds`` budget ran out (0 without a limit).
    :ivar seconds: wall-clock time taken.
    """

    evaluation: str = "rule"
    label: str | None = None
    rule_ranking: list | None = None
    double_dummy_ranking: list | None = None
    solved: int | None = None
    unsolved: int = 0
    seconds: float = 0.0


def is_robust(contract: int, ranking: list) -> bool:
    """Is ``contract`` first in ``ranking`` (:class:`ContractAdvice`, best first, e.g. the
    rule figures), or behind its first by no more than one standard error (the larger of
    the two)? :class:`Advice`'s ``"robust"`` label (RULES.md §1.8's advice, checked under two
    evaluations). ``ranking`` may hold only some contracts, ``contract`` among them.

    :raises KeyError: when ``contract`` is not in ``ranking``.
    """
    by = {a.contract: a for a in ranking}
    best = ranking[0]
    mine = by[contract]
    return mine.contract == best.contract or best.margin - mine.margin <= max(best.stderr, mine.stderr)


def _declarer_points(contract: V.Contract, margin: int) -> int:
    """A declarer's deal points (RULES.md §1.6) from the declarers' margin: the side
    total is fixed (:attr:`Contract.side_total`), a margin below 0 carries the
    defenders' +10 (a loss under either ``tie`` rule), one of 0 or more does not."""
    diff = margin if margin >= 0 else margin + V.DEFENDERS_BONUS
    return (contract.side_total + diff) // 2


#: ``advise(evaluation="double_dummy")`` ranks only when at least this share of the
#: samples was solved (the others are the hard deals, so the rest would be biased), and
#: never on fewer than 2 (no standard error).
MIN_SOLVED_SHARE = 0.5


def _deal_set(cards: list[Card], seat: int, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """:func:`advise`'s samples: ``(hands, partner)``, the deals (4, n) of
    :func:`sample_deals` and then each deal's partner, one of the other three seats with
    equal chance, drawn from the same ``rng`` in that order."""
    hands = sample_deals(cards, seat, n, rng)
    partner = (seat + rng.integers(1, 4, n)) % 4
    return hands, partner


def _contract_position(deal: list[list[Card]], contract: int, seat: int, partner: int, dealer: int,
                       rules) -> V.State:
    """The opening lead of ``deal`` in ``contract``, named by ``seat`` and repeated by
    ``partner`` (a forced bidding, :func:`cardkit.simulate.variety.auction_for`)."""
    st = V.new_deal(deal, dealer=dealer, rules=rules)
    for bid in SV.auction_for(contract, (seat, partner), dealer):
        st.apply_action(bid)
    return st


def _deal_of(hands: np.ndarray, k: int, rules) -> list[list[Card]]:
    """Sample ``k`` of :func:`sample_deals`' ``hands`` (4, samples) as four lists of cards,
    seat by seat (the input of :func:`cardkit.games.variety.new_deal`)."""
    bit = SV.kernel_tables(rules.contract_values).bit_of[52:104]      # ace-high layout of sample_deals
    return [[Card.from_index(i) for i in range(52) if (int(hands[s, k]) >> int(bit[i])) & 1] for s in range(4)]


def _double_dummy(seat, dealer, hands, partner, rules, progress, max_nodes, seconds, done0, total, t0):
    """Per contract, the bidder's margin on every sampled deal by exact solving (value
    only: one whole-deal search per contract and sample), on both cores. Samples are taken
    in blocks; within a block, contract by contract, the block's searches are spread over
    the worker threads of :func:`cardkit.analysis.variety.solve_values` (the kernel releases
    the GIL; the states of one contract and pair of declarers share a thread's table). A
    sample counts when all eight contracts were solved (within ``max_nodes``, before
    ``seconds`` ran out); a sample past ``max_nodes`` in one contract is not searched in
    the next ones."""
    from . import variety as AV
    workers = AV.default_workers()
    n = hands.shape[1]
    margin = np.zeros((8, n), dtype=np.int64)
    got = np.zeros((8, n), dtype=bool)
    failed = np.zeros(n, dtype=bool)
    done = done0
    out_of_time = False
    block = 16
    for b0 in range(0, n, block):
        ks = list(range(b0, min(n, b0 + block)))
        deals = {k: _deal_of(hands, k, rules) for k in ks}
        for c in range(1, 9):
            if seconds is not None and time.perf_counter() - t0 > seconds:
                out_of_time = True
                break
            todo = [k for k in ks if not failed[k]]
            states = [_contract_position(deals[k], c, seat, int(partner[k]), dealer, rules) for k in todo]

            skipped = len(ks) - len(todo)

            def step(d, _total, base=done + skipped):
                if progress is not None:
                    progress(base + d, total)

            values = AV.solve_values(states, max_nodes=max_nodes, workers=workers, progress=step) if todo else []
            done += len(ks)
            if progress is not None and not todo:
                progress(done, total)
            for k, v in zip(todo, values):
                if v is None:
                    failed[k] = True
                else:
                    margin[c - 1, k] = v
                    got[c - 1, k] = True
        if out_of_time:
            break
    if progress is not None and done < total:
        progress(total, total)
    table = V.contracts(rules)
    keep = got.all(axis=0)
    out = []
    for c in range(1, 9):
        m = margin[c - 1, keep].astype(np.float64)
        sc = np.array([_declarer_points(table[c], int(x)) for x in margin[c - 1, keep]], dtype=np.float64)
        se = float(m.std(ddof=1) / np.sqrt(len(m))) if len(m) > 1 else float("nan")
        out.append(ContractAdvice(contract=c, margin=float(m.mean()) if len(m) else float("nan"), stderr=se,
                                  samples=len(m), win_rate=float((m > 0).mean()) if len(m) else float("nan"),
                                  score=float(sc.mean()) if len(m) else float("nan"),
                                  description=str(table[c])))
    out.sort(key=lambda a: (-a.margin, a.contract))
    return out, int(keep.sum()), int(failed.sum()), out_of_time


def advise(hand, *, seat: int = 0, dealer: int = 3, samples: int = 1000, seed=None,
           policy: str = "rule", rules=None, progress=None, evaluation: str = "rule",
           max_nodes: int | None = None, seconds: float | None = None) -> Advice:
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
    :param samples: deals per contract, 2..:data:`MAX_SAMPLES` (100,000). Cost: about 25 ms
        per 1,000 samples (1,000: a twentieth of a second; 100,000: about 2.6 s, 105 MB).
    :param seed: int or Generator; the same hand and seed give the same answer.
    :param policy: ``"rule"`` (default), ``"random"`` or ``"weakest"``.
    :param rules: :class:`cardkit.games.variety.Rules`.
    :param progress: optional callable ``progress(done, total)``, called after each
        contract is played (``done`` of ``total`` = 8 contracts; ``done / total`` is the
        fraction done, 0..1), for a progress bar; it must not raise. The contracts are
        computed one at a time whether or not it is given, so the result is the same.
    :param evaluation: ``"rule"`` (default): each sampled deal is played out by ``policy``;
        ``"double_dummy"``: also valued per contract by :func:`cardkit.analysis.solve` from
        the opening lead (all cards known, best play by all four, as bridge players rate
        contracts), on the same samples, and the advice is labelled ``"robust"`` or
        ``"depends on the play"`` (:class:`Advice`). Cost: eight whole-deal searches
        (values only) per sample, from milliseconds (contracts 1 and 2) to seconds (the
        point contracts) each on this project's 2-core machine (``benchmarks/advisor.py``):
        use tens of samples with a ``max_nodes`` or ``seconds`` limit, not thousands. The
        searches of a contract are spread over one worker thread per core, at most two
        (:func:`cardkit.analysis.variety.solve_values`; the same figures as one thread);
        ``seconds`` is checked between contracts of a block of 16 samples.
        :attr:`Advice.solved` says how many samples the figures rest on.
    :param max_nodes: with ``"double_dummy"``: a sample whose search passes this many
        positions in any contract is left out (counted in :attr:`Advice.unsolved`); None:
        no limit; else a whole number 1..2**63 − 1 (checked with either evaluation).
    :param seconds: with ``"double_dummy"``: a time budget (seconds, > 0) for the exact
        searches; the samples not solved when it runs out are left out (counted in
        :attr:`Advice.unsolved`); None (default): no budget. Checked with either
        evaluation.
    :returns: :class:`Advice`, a list of eight :class:`ContractAdvice`, by margin, best
        first (ties by number); under ``"double_dummy"`` the double-dummy figures.
    :raises NotationError: for a hand that is not 13 different cards.
    :raises CardkitError: for a seat or dealer outside 0..3, samples outside
        2..:data:`MAX_SAMPLES`, a policy that is not one of :data:`cardkit.simulate.POLICIES`
        (None included), ``rules`` that are not Variety's ``Rules``, a ``progress`` that is
        not callable, a ``max_nodes`` that is neither None nor 1..2**63 − 1, a ``seconds``
        that is neither None nor a positive number, or a bad seed; all before any deal is
        dealt.
    :raises SearchLimit: (a :class:`CardkitError`) with ``"double_dummy"``, when fewer
        than 2 samples, or fewer than :data:`MIN_SOLVED_SHARE` of them, were solved within
        ``max_nodes`` and ``seconds``: the message says how many were; no ranking is made
        from too few (the ones left out are the hard deals).
    """
    cards = parse_hand(hand)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise NotationError(f"hand {quote(hand)}: a Variety hand is 13 different cards (RULES.md §1.1)")
    seat = check_seat(seat, 4)
    dealer = check_seat(dealer, 4, "dealer")
    n = check_samples(samples)
    rules = check_rules(rules, V.Rules, "Variety")
    _check_policy(policy, 4)
    _check_progress(progress)
    if evaluation not in ("rule", "double_dummy"):
        raise CardkitError(f"evaluation={quote(evaluation)}: expected 'rule' or 'double_dummy'")
    max_nodes = check_max_nodes(max_nodes)
    seconds = _check_seconds(seconds)
    t0 = time.perf_counter()
    dd = evaluation == "double_dummy"
    total = 8 + (8 * n if dd else 0)
    rng = as_generator(seed)
    table = V.contracts(rules)

    hands, partner = _deal_set(cards, seat, n, rng)

    contracts = np.arange(1, 9)
    out: list[ContractAdvice] = []
    # one contract per batch (n deals), with or without a progress callback, so that the
    # random policy draws the same numbers either way
    chunk = 1
    for start in range(0, 8, chunk):
        cs = contracts[start:start + chunk]
        con = np.repeat(cs, n).astype(np.int8)
        h = np.tile(hands, (1, len(cs)))
        tables = SV.kernel_tables(rules.contract_values)
        rev = tables.reversed[con]
        if rev.any():
            h = np.where(rev[None, :], reverse_strength(h, 13), h)
        decl = np.stack([np.full(len(con), seat), np.tile(partner, len(cs))], axis=1).astype(np.int8)
        batch = SV.play_batch(h, con, decl, np.full(len(con), dealer, dtype=np.int8), policy, rules, rng)
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
            progress(start + len(cs), total)
    out.sort(key=lambda a: (-a.margin, a.contract))
    result = Advice(out)
    result.rule_ranking = list(out)
    if dd:
        ddr, solved, over_nodes, out_of_time = _double_dummy(seat, dealer, hands, partner, rules, progress,
                                                             max_nodes, seconds, 8, total, t0)
        need = max(2, int(np.ceil(MIN_SOLVED_SHARE * n)))
        if solved < need:
            from . import SearchLimit
            why = []
            if over_nodes:
                why.append(f"{over_nodes} passed max_nodes={max_nodes:,}")
            if out_of_time:
                why.append(f"the time budget of {seconds:g} s ran out")
            raise SearchLimit(f"advise(evaluation='double_dummy'): only {solved} of {n} sampled deals were solved "
                              f"exactly ({'; '.join(why)}); at least {need} are needed to rank the contracts "
                              "(the deals left out are the hard ones): give more max_nodes or seconds, or fewer "
                              "samples")
        result = Advice(ddr)
        result.evaluation = "double_dummy"
        result.rule_ranking = list(out)
        result.double_dummy_ranking = list(ddr)
        result.solved = solved
        result.unsolved = n - solved
        result.label = "robust" if is_robust(ddr[0].contract, out) else "depends on the play"
    result.seconds = time.perf_counter() - t0
    return result


# ---- position helpers for the other games' lessons -------------------------------------------

@dataclass(frozen=True)
class CardOutlook:
    """What one legal card is expected to bring, by simulation from a position.

    :ivar card: the legal card.
    :ivar value: the expected figure (see the function that made it), in points:
        :func:`hearts_card_penalties`, the expected penalty; :func:`durak_reply_swings`,
        the expected swing (its ranking value).
    :ivar stderr: the standard error of ``value``.
    :ivar samples: deals simulated for this card.
    :ivar other: a second expected figure, in points (see the function).
    :ivar result: Warsaw Hearts: the expected deal result, bonus − penalty (points, as the
        settlement pays it, RULES.md §2.2–§2.3), the figure the cards are ranked by; None
        from functions that do not give one.
    :ivar result_stderr: the standard error of ``result`` (None with it).
    :ivar penalty: Warsaw Hearts: the expected penalty (points, >= 0; the same figure as
        ``value``), kept as a column beside the result; None elsewhere.
    """

    card: Card
    value: float
    stderr: float
    samples: int
    other: float
    result: float | None = None
    result_stderr: float | None = None
    penalty: float | None = None

    def __str__(self) -> str:
        if self.result is not None:
            return (f"{self.card}: deal result {self.result:+.2f} ± {self.result_stderr:.2f}, "
                    f"penalty {self.penalty:.2f} ± {self.stderr:.2f} ({self.samples} deals)")
        return f"{self.card}: {self.value:+.2f} ± {self.stderr:.2f} ({self.samples} deals)"


def _check_to_act(obs, what):
    if obs.phase != "play" or obs.current_player != obs.seat or not obs.legal_actions:
        raise StateError(f"{what}: the observation's seat ({obs.seat}) is not the one to play a card "
                         f"(phase {obs.phase!r}, current player {obs.current_player})")


def hearts_card_penalties(observation, *, samples: int = 500, seed=None, policy: str = "rule",
                          progress=None) -> list[CardOutlook]:
    """Warsaw Hearts: the expected deal result (bonus − penalty, RULES.md §2.2–§2.3) and
    the expected penalty of each legal card, for the seat to play, by simulation from its
    observation only. The cards are ranked by the deal result, as the settlement pays it:
    a penalty point and a bonus point are worth a chip each (§2.3), so a card that keeps
    the +20 bonus alive can beat a card with a lower penalty.

    For each sample, the cards the seat cannot see are dealt at random to the other seats,
    as many as each holds and none of a suit a seat has shown it lacks (it did not
    follow that suit, :func:`shown_voids`): uniformly over all the deals that agree with
    the observation (:func:`cardkit.analysis.worlds.deal_hidden`). The deal is replayed to this
    point, the candidate card is played and the rest is played out with ``policy`` in
    every seat. Every card is tried on the same samples, one card at a time.

    :param observation: ``state.observation(seat)`` of a Warsaw Hearts deal, that seat to
        play.
    :param samples: deals per candidate card, 2..:data:`MAX_SAMPLES`.
    :param seed: int or Generator.
    :param progress: optional callable ``progress(done, total)``, called after each legal
        card is played out (``done`` of ``total`` cards; ``done / total`` is the fraction
        done, 0..1); the result is the same with or without it.
    :returns: one :class:`CardOutlook` per legal card, best expected deal result first
        (ties: the lower expected penalty first): ``result`` the seat's expected bonus −
        penalty for the deal (points, −20..+20 under the default rules) with
        ``result_stderr``; ``penalty`` (the same as ``value``) its expected penalty
        (points, >= 0) with ``stderr``; ``other`` the same figure as ``result`` (kept for
        older code).
    :raises StateError: when the observation's seat is not the one to play.
    :raises CardkitError: for anything but an observation of this game, samples outside
        2..:data:`MAX_SAMPLES`, a policy that is not one of :data:`cardkit.simulate.POLICIES`
        (None included) or a ``progress`` that is not callable; before any deal is dealt.
    """
    obs = observation
    _check_observation(obs, W, "Warsaw Hearts", "hearts_card_penalties")
    _check_to_act(obs, "hearts_card_penalties")
    n = check_samples(samples)
    _check_policy(policy, obs.players)
    _check_progress(progress)
    rng = as_generator(seed)
    rules, players = obs.rules, obs.players
    by, order = played_by_seat(obs)
    idx = {c: i for i, c in enumerate(SW.DECK36)}
    seen = set(obs.hand) | set(order)
    unseen = np.array([i for i, c in enumerate(SW.DECK36) if c not in seen], dtype=np.int64)
    others = [s for s in range(players) if s != obs.seat]
    sizes = [obs.hand_sizes[s] for s in others]
    voids = shown_voids(obs)
    hidden = deal_hidden(SW.BITS[unseen], [SW.DECK36[i].suit for i in unseen], sizes,
                         [voids.get(s, set()) for s in others], n, rng)
    hands = np.zeros((players, n), dtype=U64)
    for j, s in enumerate(others):
        hands[s] = hidden[j]
    for s in range(players):
        known = list(by.get(s, [])) + (list(obs.hand) if s == obs.seat else [])
        if known:
            hands[s] |= np.bitwise_or.reduce(SW.BITS[[idx[c] for c in known]])
    legal = list(obs.legal_actions)
    m = len(legal)
    prefix = np.array([SW.BIT_OF[idx[c]] for c in order], dtype=np.int32)
    dealer = np.full(n, obs.dealer)      # the simulator leads from it by the engine's rule (§2.1)
    pen = np.empty((m, n))
    score = np.empty((m, n))
    for i, c in enumerate(legal):      # one card per batch, with or without progress
        full_prefix = np.concatenate([prefix, [SW.BIT_OF[idx[c]]]])
        batch = SW.play_batch(hands.copy(), dealer, rules, policy, rng, prefix=full_prefix)
        pen[i] = batch.penalties[:, obs.seat]
        score[i] = batch.scores[:, obs.seat]
        if progress is not None:
            progress(i + 1, m)
    out = []
    for i, c in enumerate(legal):
        p, r = float(pen[i].mean()), float(score[i].mean())
        out.append(CardOutlook(card=c, value=p, stderr=float(pen[i].std(ddof=1) / np.sqrt(n)), samples=n,
                               other=r, result=r, result_stderr=float(score[i].std(ddof=1) / np.sqrt(n)),
                               penalty=p))
    # best deal result first; equal results: the lower penalty, then the order of legal_actions
    return sorted(out, key=lambda o: (-(o.result or 0.0), o.penalty))  # result: a float for Hearts


def durak_reply_swings(observation, *, samples: int = 500, seed=None, policy: str = "rule",
                       progress=None) -> list[CardOutlook]:
    """Armenian Durak: the expected point swing of each legal reply (RULES.md §3.3, fig. 52),
    for the seat to reply, by simulation from its observation only.

    The hidden cards (the opponent's hand and every face-down card, the seat's own
    included) are dealt at random for each sample, uniformly over the placements that fit
    the observation (:func:`cardkit.analysis.worlds.durak_hidden_bits`, the judge's
    dealing): the trump card drawn from the dealer's hand stays with the dealer until it
    is played (§3.2: it is public), and a player who did not follow (RULES.md §3.3) held
    neither the suit led nor a trump then, so such a card in its hand now came from a
    face-down card it drew later (read from the observation's history, draw by draw).
    Then the candidate reply is played and the deal is played out with ``policy`` in both
    seats.

    :param observation: ``state.observation(seat)`` with one card led and that seat to reply.
    :param samples: deals per candidate, 2..:data:`MAX_SAMPLES`.
    :param progress: optional callable ``progress(done, total)``, called after each legal
        reply is played out (``done`` of ``total`` replies; ``done / total`` is the fraction
        done, 0..1); the result is the same with or without it.
    :returns: one :class:`CardOutlook` per legal reply, best first: ``value`` the expected
        swing, (own − opponent's) deal score at the end minus the same difference now
        (points, sweep bonus included); ``other`` the expected own points won from here on.
    :raises StateError: when the seat is not the one to reply to a led card.
    :raises CardkitError: for anything but an observation of this game, samples outside
        2..:data:`MAX_SAMPLES`, a policy that is not one of :data:`cardkit.simulate.POLICIES`
        (None included) or a ``progress`` that is not callable; before any deal is dealt.
    """
    obs = observation
    _check_observation(obs, D, "Armenian Durak", "durak_reply_swings")
    _check_to_act(obs, "durak_reply_swings")
    if len(obs.trick) != 1:
        raise StateError("durak_reply_swings: the seat must be replying to a led card (RULES.md §3.3)")
    n = check_samples(samples)
    _check_policy(policy, 2)
    _check_progress(progress)
    rng = as_generator(seed)
    rules = obs.rules
    tb = SD.kernel_tables(rules.deck)
    me, opp = obs.seat, 1 - obs.seat
    idx = {c: i for i, c in enumerate(tb.cards)}
    ups = [c for s in (0, 1) for c in obs.face_up[s] if c is not None]
    my_down = [i for i in range(SD.STACKS) if obs.face_down[me][i]]
    opp_down = [i for i in range(SD.STACKS) if obs.face_down[opp][i]]
    hand = np.zeros((2, n), dtype=U64)
    hand[me] = np.bitwise_or.reduce(tb.bits[[idx[c] for c in obs.hand]]) if obs.hand else U64(0)
    hand[opp], down = durak_hidden_bits(obs, tb.cards, tb.bit_of, n, rng)
    up = np.full((2, SD.STACKS, n), -1, dtype=np.int16)
    for s in (0, 1):
        for i, c in enumerate(obs.face_up[s]):
            if c is not None:
                up[s, i] = tb.bit_of[idx[c]]
    taken_m = np.zeros((2, n), dtype=U64)
    for s in (0, 1):
        if obs.taken[s]:
            taken_m[s] = np.bitwise_or.reduce(tb.bits[[idx[c] for c in obs.taken[s]]])
    won = np.array([sum(1 for t in obs.tricks if t[2] == s) for s in (0, 1)])
    legal = list(obs.legal_actions)
    m = len(legal)
    remaining = (sum(obs.hand_sizes) + len(ups) + len(my_down) + len(opp_down) + 1) // 2
    trump = int(obs.trump)
    codes = SD.policy_codes(policy, 2)
    now = [sum(D.card_points(c, obs.trump, rules) for c in obs.taken[s]) for s in (0, 1)]
    diff = np.empty((m, n))
    gain = np.empty((m, n))
    for i, c in enumerate(legal):      # one reply per batch, with or without progress
        play = SD.DurakPlay(tb, hand, up, down, np.full(n, opp), np.full(n, trump), codes, rng,
                             remaining, taken=taken_m, ntricks=np.tile(won[:, None], (1, n)),
                             draw_after=rules.draw_after)
        play.run(first_lead=np.full(n, tb.bit_of[idx[obs.trick[0]]], dtype=np.int32),
                 first_reply=np.full(n, tb.bit_of[idx[c]], dtype=np.int32))
        batch = SD.finish_batch(play, tb, np.full(n, obs.dealer), np.full(n, trump), rules)
        diff[i] = batch.scores[:, me].astype(np.float64) - batch.scores[:, opp] - (now[me] - now[opp])
        gain[i] = batch.points[:, me].astype(np.float64) - now[me]
        if progress is not None:
            progress(i + 1, m)
    out = [CardOutlook(card=c, value=float(diff[i].mean()), stderr=float(diff[i].std(ddof=1) / np.sqrt(n)),
                       samples=n, other=float(gain[i].mean())) for i, c in enumerate(legal)]
    return sorted(out, key=lambda o: -o.value)

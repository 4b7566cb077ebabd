"""Estimates from one seat's view, the review of a player's decisions, and the expert
bots, on top of the exact solvers (issue: the judge).

- :func:`estimate`: for each legal action of the player to move, its expected value in
  points from that player's observation only: worlds are dealt consistently with what the
  seat knows, each solved exactly first (within a bound on positions) or, past it, valued
  by a playout with the rule bots, and averaged with standard errors.
- :func:`evaluate_decision`: the one evaluator of a decision (the Hint, the review and the
  problem sets): :func:`estimate` (or, for a Variety bid, :func:`bid_estimate`) with fixed samples
  and random numbers from the deal's number and the decision's place, no time budget.
- :func:`review`: every decision of one seat so far, its cost against the best action,
  from the seat's view at that moment (:func:`evaluate_decision`) and (deal over) with all
  cards known.
- :class:`ExpertBot`: plays the action :func:`estimate` ranks first (Variety also bids
  from :func:`bid_estimate`).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import time
from dataclasses import dataclass, field

import numpy as np

from cardkit.core._checks import check_count, check_max_nodes, is_whole
from cardkit.core.bots import Bot, play_out
from cardkit.core.cards import Card
from cardkit.core.dealing import as_generator
from cardkit.core.errors import CardkitError, StateError, quote
from cardkit.core.registry import entry_of, game_entry

from ..wording import minus_signs
from ._exact_worlds import solve_worlds
from ._types import SearchLimit
from .worlds import MAX_SAMPLES, MAX_WORLDS, sample_deals

__all__ = ["Estimate", "estimate", "estimate_observation", "Verdict", "review", "decision_seed", "ExpertBot",
           "outcome", "EXACT_CARDS", "EXACT_NODES", "EXACT_SHARE", "MAX_ESTIMATE_SAMPLES",
           "evaluate_decision",
           "DECISION_SAMPLES", "BID_SAMPLES", "bid_estimate", "auction_end", "game_of", "rule_bots"]

#: The most worlds :func:`estimate` deals (:data:`cardkit.analysis.MAX_WORLDS`).
MAX_ESTIMATE_SAMPLES = MAX_WORLDS

#: With ``method="auto"`` every world is first solved exactly (:data:`EXACT_NODES`); at
#: most this many cards still to be played (in hands, on the tableau and in the open trick)
#: every world is tried, with more the exact attempts stop when the worlds tried that
#: passed the bound outnumber those solved (:func:`estimate_observation`). At or under it one world's exact
#: analysis takes a few milliseconds to a few tens of milliseconds on this project's 2-core
#: machine (``benchmarks/analysis.py``).
EXACT_CARDS = {"variety": 24, "warsaw_hearts": 16, "armenian_durak": 16}

#: A world's exact analysis in :func:`estimate` may search at most this many positions;
#: past it that world is played out by the rule bots instead (:attr:`Estimate.method`
#: ``"mixed"``). A bound on positions, not time, so that a Hint is reproducible. 800,000 since the
#: kernels search twice the positions a second (issue 31): a Hint takes what 400,000 took, and more
#: worlds are exact (Variety contract 2 at 44 cards left: 2 % → 69 % of the worlds).
EXACT_NODES = 800_000

#: Each game's share of :data:`EXACT_NODES` (a world's bound: ``max(1, int(EXACT_NODES * share))``).
#: Armenian Durak's kernel gained only 10–20 %: at its full share its slowest Hint took 1.2 s, not 0.7 s.
EXACT_SHARE = {"variety": 1.0, "warsaw_hearts": 1.0, "armenian_durak": 0.5}


def game_of(x) -> str:
    """The game's name (``"variety"``, ``"warsaw_hearts"``, ``"armenian_durak"``) of a state
    or an observation, from the registry (:func:`cardkit.registry.entry_of`).

    :raises StateError: for anything else, naming its type.
    """
    try:
        return entry_of(x).name
    except StateError:
        raise StateError(f"the judge knows Variety, Warsaw Hearts and Armenian Durak states, "
                         f"not {type(x).__name__}") from None


def outcome(state, seat: int) -> int:
    """A finished deal's result from ``seat``'s side, in points: Variety, its side's
    margin (declarers' score minus defenders', negated for a defender, RULES.md §1.6);
    Armenian Durak, its deal points minus the opponent's (§3.4); Warsaw Hearts, its deal
    result, bonus − penalty (§2.2).

    :param seat: a seat of that deal, 0..players − 1 (a whole number; not a bool).
    :raises StateError: before the deal is over, or for a state of another game.
    :raises CardkitError: for a ``seat`` that is not a seat of the deal (4 in Variety,
        2 in Armenian Durak, −1, None, ``True``, 2.0, text), quoting it.
    """
    from cardkit.core.dealing import check_seat
    game = game_of(state)
    seat = check_seat(seat, state.players)
    r = state.returns()
    if game == "variety":
        d = state.declarers[0]
        f = next(s for s in range(4) if s not in state.declarers)
        m = r[d] - r[f]
        return m if seat in state.declarers else -m
    if game == "armenian_durak":
        return r[seat] - r[1 - seat]
    return r[seat]


def cards_left(state) -> int:
    """Cards still to be played: in hands, on the tableau, in the open trick."""
    n = sum(len(h) for h in state.hands)
    for attr in ("up", "down"):
        for stacks in getattr(state, attr, ()):
            n += sum(1 for c in stacks if c is not None)
    t = state.trick
    return n + (len(t.cards) if t is not None else 0)


@dataclass(frozen=True)
class Estimate:
    """The expected value of each legal action, from one seat's view.

    :ivar seat: the seat to act, whose view it is.
    :ivar values: ``{action: points}``, the mean over the worlds of the action's value
        from that seat's side (:func:`outcome`'s units).
    :ivar stderr: ``{action: points}``, the standard error of each mean (sample standard
        deviation / sqrt(samples); 0.0 with one world).
    :ivar samples: worlds dealt and valued.
    :ivar method: ``"exact"`` (each world solved with all cards known), ``"playouts"``
        (each world played out once per action by the rule bots), ``"mixed"`` (some worlds
        each way: :attr:`exact_worlds` solved) or, for a Variety bid, ``"auction"``
        (:func:`bid_estimate`).
    :ivar seconds: wall-clock time taken.
    :ivar worlds: the value of each action in each world, a tuple of ``samples`` rows in
        the order of ``values`` (points), or None where the figures came without them
        (:func:`cardkit.advisor.advise`'s margins); read by :meth:`gap_stderr`.
    :ivar notes: ``{action: text}``, how each action was valued, in words for a learner, or
        None: a Variety bid (``method="auction"``) that repeats a number already named
        "ends the bidding: valued as contract N with the player on your left as your
        partner"; a fresh one "is valued by how the bidding may go on from here".
    :ivar basis: how the figures were made, one phrase for a learner ("from 24 deals of
        the cards you cannot see, each solved exactly"; a mixture says how many were
        solved), or None.
    :ivar exact_worlds: how many of the worlds were solved exactly (all cards known); the
        others were played out by the rule bots.
    """

    seat: int
    values: dict
    stderr: dict
    samples: int
    method: str
    seconds: float
    worlds: tuple | None = field(default=None, compare=False, repr=False)
    notes: dict | None = field(default=None, compare=False, repr=False)
    basis: str | None = field(default=None, compare=False)
    exact_worlds: int = 0

    def gap(self, a, b) -> float:
        """``values[a] − values[b]``, points."""
        return self.values[a] - self.values[b]

    def gap_stderr(self, a, b) -> float:
        """The standard error of :meth:`gap` ``(a, b)``, points. Every action is valued in
        the same worlds, so it is the standard error of the per-world difference (paired:
        the luck of a world that moves both actions alike cancels); without per-world rows
        (``worlds`` None) or with one world, the two errors combined as if independent,
        ``hypot(stderr[a], stderr[b])``.

        :raises KeyError: for an action not in ``values``.
        """
        if a == b:
            return 0.0
        if self.worlds is None or self.samples < 2:
            return math.hypot(self.stderr[a], self.stderr[b])
        order = list(self.values)
        i, j = order.index(a), order.index(b)
        d = np.array([row[i] - row[j] for row in self.worlds], dtype=np.float64)
        return float(d.std(ddof=1) / math.sqrt(len(d)))

    @property
    def best(self):
        """The action with the highest expected value (the first of equals in the
        engine's order)."""
        return max(self.values, key=lambda a: self.values[a])

    def ranked(self) -> list:
        """The actions, best first."""
        return sorted(self.values, key=lambda a: -self.values[a])


def _check_samples(samples) -> int:
    return check_count(samples, "samples", 1, MAX_ESTIMATE_SAMPLES, "worlds")


def _check_seconds(seconds):
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float, np.integer, np.floating)) \
            or not math.isfinite(seconds) or seconds <= 0:
        raise CardkitError(f"seconds={quote(seconds)}: expected a positive number of seconds, or None")
    return float(seconds)


def rule_bots(game: str, players: int, rng) -> list:
    """``players`` rule bots of ``game`` (a registry name), each seeded from ``rng``."""
    rule_bot = game_entry(game).rule_bot
    return [rule_bot(seed=int(rng.integers(2**63))) for _ in range(players)]


def estimate(state, *, samples: int = 32, seconds: float | None = None, seed=None, progress=None,
             method: str = "auto") -> Estimate:
    """The expected value of each legal action of the player to move, from that seat's
    observation only (hidden cards never influence it: two states that differ only in
    cards the seat cannot see give identical results with the same seed).

    :param state: a state of one of the three games, in its play (Durak's draw included).
    :param samples: worlds to deal, 1..:data:`MAX_ESTIMATE_SAMPLES`.
    :param seconds: stop dealing worlds after this much time (at least two are valued);
        None: exactly ``samples`` worlds (reproducible with a seed).
    :param seed: int or :class:`numpy.random.Generator`.
    :param progress: optional callable ``progress(done, total)``, called after each world.
    :param method: ``"auto"`` (each world exact first, within :data:`EXACT_NODES`
        positions × :data:`EXACT_SHARE`, else played out; attempts stop early in a deal when most worlds tried
        passed the bound, see :func:`estimate_observation`), ``"exact"`` (every world
        tried) or ``"playouts"``.
    :returns: :class:`Estimate` (points from the mover's side, :func:`outcome`).
    :raises StateError: for a state not in its play or not of the three games.
    :raises CardkitError: for a bad ``samples``, ``seconds``, ``method`` or ``progress``.
    """
    game = game_of(state)
    if state.phase in ("over", "bidding", "trump"):
        raise StateError(f"estimate values the play: not the phase {state.phase!r}")
    return estimate_observation(state.observation(state.current_player), samples=samples, seconds=seconds,
                                seed=seed, progress=progress, method=method, _game=game)


def estimate_observation(obs, *, samples: int = 32, seconds: float | None = None, seed=None, progress=None,
                         method: str = "auto", _game: str | None = None) -> Estimate:
    """:func:`estimate` from an observation (what a bot gets): ``obs.seat`` must be the
    player to act. Same parameters, result and errors.

    Worlds: :func:`cardkit.analysis.worlds.sample_worlds`, from the observation alone
    (the voids shown; Armenian Durak's draws and turned-up cards from its public
    history), the same worlds as the game's ``sample_worlds`` deals from the state with
    the same random numbers.

    Exact first (issue 31): each world is solved exactly (:func:`cardkit.analysis.analyse`,
    every legal action, all cards of that world known) within :data:`EXACT_NODES`
    positions × :data:`EXACT_SHARE`; a world that passes it is played out by the rule bots instead (once per
    action: the batched simulator for Variety and Warsaw Hearts, the engine's RuleBot for
    Armenian Durak). With ``method="auto"``, where more than :data:`EXACT_CARDS` cards are
    left, the exact attempts stop as soon as the worlds that passed the bound outnumber the
    worlds solved (the first world passing it stops them: the rest are played out), so a
    position too large for the solver costs one bounded search (measured, issue 31, load 8
    on 2 cores: stopping after two cost the first card's Hint 1.2-4.3 s, mostly failed
    searches). The bound counts positions, never time, so
    the same arguments give the same figures. The worlds are dealt in turn to one thread per
    core (at most 2, or ``CARDKIT_SOLVER_THREADS``), each with its own table and applying
    that rule to its own worlds (:func:`cardkit.analysis._exact_worlds.solve_worlds`): the
    same figures on the same number of threads; where every world is solved, the same as
    on one. :attr:`Estimate.method` is ``"exact"`` when
    every world was solved, ``"playouts"`` when none was, else ``"mixed"``;
    :attr:`Estimate.exact_worlds` and :attr:`Estimate.basis` say how many."""
    t0 = time.perf_counter()
    game = _game or game_of(obs)
    n = _check_samples(samples)
    seconds = _check_seconds(seconds)
    if method not in ("auto", "exact", "playouts"):
        raise CardkitError(f"method={quote(method)}: expected 'auto', 'exact' or 'playouts'")
    if progress is not None and not callable(progress):
        raise CardkitError(f"progress={quote(progress)}: expected a callable progress(done, total) or None")
    if obs.current_player != obs.seat or not obs.legal_actions:
        raise StateError(f"estimate: seat {obs.seat} is not the one to act (current player {obs.current_player})")
    rng = as_generator(seed)
    backend = game_entry(game).solver
    from .worlds import sample_worlds
    worlds = sample_worlds(obs, n, rng)  # from the observation only
    legal = list(obs.legal_actions)
    seat = obs.seat
    late = bool(worlds) and cards_left(worlds[0]) <= EXACT_CARDS[game]
    if method != "playouts":
        # each thread's table is emptied first, so a search's positions (and whether a
        # world passes EXACT_NODES) do not depend on what was solved before: the same
        # estimate gives the same figures (the Hint and the review)
        bound = max(1, int(EXACT_NODES * EXACT_SHARE.get(game, 1.0)))
        rows, reached = solve_worlds(backend, worlds, legal, max_nodes=bound,
                                     stop_early=method == "auto" and not late, workers=_workers(),
                                     seconds=seconds, t0=t0, progress=progress)
        keep = [i for i in range(len(worlds)) if reached[i]]
        worlds, rows = [worlds[i] for i in keep], [rows[i] for i in keep]
    else:
        rows = [None] * len(worlds)
    solved = sum(r is not None for r in rows)
    rest = [i for i, r in enumerate(rows) if r is None]
    if rest:
        played = _playout_rows(game, [worlds[i] for i in rest], legal, seat, rng, seconds, t0)
        for i, r in zip(rest, played):
            rows[i] = r
        if progress is not None:
            progress(n, n)
    rows = [r for r in rows if r is not None]     # Durak's playouts may stop at the time budget
    k = len(rows)
    how = "exact" if solved == k else "playouts" if solved == 0 else "mixed"
    basis = (f"from {k} deals solved exactly" if how == "exact" else
             f"from {k} deals played out by the rule bots" if how == "playouts" else
             f"from {k} deals: {solved} solved exactly, {k - solved} played out by the rule bots (too long to "
             f"solve)")
    return dataclasses.replace(_summary(seat, legal, rows, how, t0), basis=basis, exact_worlds=solved)


def _workers() -> int:
    """Threads the judge's worlds are solved in: one per core up to 2, or the server's
    ``CARDKIT_SOLVER_THREADS`` (:func:`cardkit.analysis.variety.default_workers`)."""
    from .variety import default_workers
    return default_workers()


def _playout_rows(game, worlds, legal, seat, rng, seconds, t0) -> list:
    """Each world played out once per action by the rule policy, its rows ``[value of each
    action]``: Variety and Warsaw Hearts through the batched simulator (the deal so far and
    the action forced, then the rule policy in every seat: all worlds at once), Armenian
    Durak with the engine's RuleBot (stopping at the time budget ``seconds``, if any, after
    two worlds: the rows not played are None)."""
    if game in ("variety", "warsaw_hearts"):
        return _batched_playouts(game, worlds, legal, seat, rng)
    rows: list = []
    for w in worlds:
        if seconds is not None and sum(r is not None for r in rows) >= 2 and time.perf_counter() - t0 > seconds:
            rows.append(None)
            continue
        bots = rule_bots(game, w.players, rng)
        row: list[float] = []
        for a in legal:
            c = w.clone()
            c.apply_action(a)
            play_out(c, bots)
            row.append(outcome(c, seat))
        rows.append(row)
    return rows


def _batched_playouts(game, worlds, legal, seat, rng) -> list[list[float]]:
    """(worlds, actions) values from :mod:`cardkit.simulate`'s rule policy, with the
    deal's cards played so far and then each action forced (its ``prefix``)."""
    from ..simulate._core import U64
    w0 = worlds[0]
    order = [c for t in w0.tricks for c in t.cards]
    B = len(worlds)
    out = np.empty((B, len(legal)))
    if game == "variety":
        from ..simulate import variety as SV
        tables = SV.kernel_tables(w0.rules.contract_values)
        off = w0.contract * 52
        bit = lambda c: int(tables.bit_of[off + c.index])
        hands = np.zeros((4, B), dtype=U64)
        for k, w in enumerate(worlds):
            for s in range(4):
                hands[s, k] = np.uint64(sum(1 << bit(c) for c in w.initial_hands[s]))
        con = np.full(B, w0.contract, dtype=np.int8)
        decl = np.tile(np.array(w0.declarers, dtype=np.int8), (B, 1))
        dl = np.full(B, w0.dealer, dtype=np.int8)
        for j, a in enumerate(legal):
            prefix = [bit(c) for c in order] + [bit(a)]
            batch = SV.play_batch(hands.copy(), con, decl, dl, "rule", w0.rules, rng, prefix=prefix)
            out[:, j] = batch.margin(seat)
    else:
        from ..simulate import warsaw_hearts as SW
        idx = {c: i for i, c in enumerate(SW.DECK36)}
        bit = lambda c: int(SW.BIT_OF[idx[c]])
        n = w0.players
        hands = np.zeros((n, B), dtype=U64)
        for k, w in enumerate(worlds):
            for s in range(n):
                hands[s, k] = np.uint64(sum(1 << bit(c) for c in w.initial_hands[s]))
        dealer = np.full(B, w0.dealer)
        for j, a in enumerate(legal):
            forced = np.array([bit(c) for c in order] + [bit(a)], dtype=np.int32)
            played = SW.play_batch(hands.copy(), dealer, w0.rules, "rule", rng, prefix=forced)
            out[:, j] = played.scores[:, seat]
    return out.tolist()


def _summary(seat, legal, rows, method, t0) -> Estimate:
    arr = np.array(rows, dtype=np.float64)
    k = arr.shape[0]
    means = arr.mean(axis=0)
    se = arr.std(axis=0, ddof=1) / math.sqrt(k) if k > 1 else np.zeros(len(legal))
    return Estimate(seat, {a: float(means[j]) for j, a in enumerate(legal)},
                    {a: float(se[j]) for j, a in enumerate(legal)}, k, method, time.perf_counter() - t0,
                    tuple(tuple(float(x) for x in row) for row in arr))


# ---- a Variety bid, in the auction as it stands (issue 31) ------------------------------------

_AROUND = {1: "the player on your left", 2: "the player opposite you", 3: "the player on your right"}


def _rule_bid(ev: dict, seat: int, bids: list, first: int, own: set) -> int:
    """The bid :class:`cardkit.games.variety.RuleBot` makes with a hand whose
    :func:`~cardkit.games.variety_bots.hand_evaluation` is ``ev``, at ``seat``, after
    ``bids`` (the first by ``first``), having named ``own`` (its rule, without the remark;
    ``tests/test_judge_bidding.py`` checks the two agree)."""
    legal = [m for m in range(1, 9) if m not in own]
    ranked = sorted(legal, key=lambda m: -ev[m])
    best = ev[ranked[0]]
    slack = 1.5 + 0.5 * (len(bids) // 4)
    others = {b for i, b in enumerate(bids) if (first + i) % 4 != seat}
    for m in ranked:
        if m in others and ev[m] >= best - slack:
            return m
    named = set(bids)
    return next((m for m in ranked if m not in named), ranked[0])


def auction_end(bids, first: int, evs=None) -> tuple[int, tuple[int, int]] | None:
    """Where the bidding ``bids`` (the first by seat ``first``) ends (RULES.md §1.3): a
    number named again ends it, its first namer and the player who repeated it the
    declarers. With ``evs`` (four :func:`~cardkit.games.variety_bots.hand_evaluation`
    dicts, one a seat) an unfinished bidding goes on as the rule bots bid, every seat
    included; without, None for an unfinished one.

    :returns: ``(contract, (first namer, repeater))`` or None.
    """
    namer: dict[int, int] = {}
    own: list[set] = [set() for _ in range(4)]
    bids = list(bids)
    i = 0
    while True:
        if i == len(bids):
            if evs is None:
                return None
            s = (first + i) % 4
            bids.append(_rule_bid(evs[s], s, bids, first, own[s]))
        b, s = bids[i], (first + i) % 4
        if b in namer:
            return b, (namer[b], s)
        namer[b] = s
        own[s].add(b)
        i += 1


def _hands_as_cards(hands: np.ndarray, rules) -> list[list[list]]:
    """:func:`cardkit.analysis.worlds.sample_deals`' hands (4, n) as n deals of four card lists."""
    from cardkit.core.cards import Card

    from ..simulate import variety as SV
    bit = SV.kernel_tables(rules.contract_values).bit_of[52:104].astype(np.uint64)   # ace-high layout
    cards = [Card.from_index(i) for i in range(52)]
    has = ((hands[:, :, None] >> bit[None, None, :]) & np.uint64(1)).astype(bool)   # (4, n, 52)
    return [[[cards[i] for i in np.flatnonzero(has[s, k])] for s in range(4)] for k in range(hands.shape[1])]


def bid_estimate(obs, *, samples: int = 400, seed=None) -> Estimate:
    """Each legal Variety bid of the bidder, valued in the auction as it stands (issue 31,
    RULES.md §1.3), from the bidder's observation (its 13 cards and the bids so far).

    ``samples`` deals of the 39 unseen cards (:func:`cardkit.analysis.worlds.sample_deals`, the
    same deals for every bid). A bid that **repeats** a number another player named ends
    the bidding: it is valued as that contract, with its first namer as the partner, in
    every deal. A **fresh** bid is valued by how the bidding may go on from it: in each
    deal the other hands (and the bidder's later bids) bid as the rule bots bid
    (:class:`cardkit.games.variety.RuleBot`: who may still repeat it, who has bid what),
    until a number is repeated. Each deal is then played out in the contract it reached
    by the rule policy (:mod:`cardkit.simulate.variety`), all bids in the same deals.

    :returns: :class:`Estimate`, ``method="auction"``: ``values`` the bidder's side's
        expected margin (points, :func:`outcome`'s units) for each legal bid in the
        engine's order, ``worlds`` the per-deal margins (paired gaps), ``notes`` which of
        the two valuations each bid had, in words.
    :raises StateError: for an observation not in Variety's bidding or not the bidder's.
    :raises CardkitError: for ``samples`` outside 2..:data:`cardkit.analysis.worlds.MAX_SAMPLES`.
    """
    from ..games import variety as V
    from ..games.variety_bots import hand_evaluation
    from ..simulate import variety as SV
    from ..simulate._core import reverse_strength
    t0 = time.perf_counter()
    if not isinstance(obs, V.Observation) or obs.phase != "bidding" or obs.current_player != obs.seat:
        raise StateError("bid_estimate: expected the observation of the Variety player to bid")
    n = check_count(samples, "samples", 2, MAX_SAMPLES, "deals")
    rng = as_generator(seed)
    seat, first, rules = obs.seat, obs.first_bidder, obs.rules
    bids = list(obs.bids)
    legal = list(obs.legal_actions)
    hands = sample_deals(list(obs.hand), seat, n, rng)
    namer: dict[int, int] = {}
    for i, b in enumerate(bids):
        namer.setdefault(b, (first + i) % 4)
    con = np.empty((len(legal), n), dtype=np.int8)
    decl = np.empty((len(legal), n, 2), dtype=np.int8)
    notes: dict[int, str] = {}
    evs = None
    for j, b in enumerate(legal):
        if b in namer:   # a repeat: the bidding ends, this contract with this partner
            con[j], decl[j] = b, (namer[b], seat)
            who = _AROUND[(namer[b] - seat) % 4]
            notes[b] = (f"bid {b} repeats the bid of {who}, so it ends the bidding: valued as contract {b} "
                        f"with that player as your partner")
            continue
        if evs is None:
            mine = hand_evaluation(obs.hand)
            evs = [[mine if s == seat else hand_evaluation(h[s]) for s in range(4)]
                   for k, h in enumerate(_hands_as_cards(hands, rules))]
        for k in range(n):
            c, d = auction_end(bids + [b], first, evs[k])   # type: ignore[misc]  # always ends with evs
            con[j, k], decl[j, k] = c, d
        notes[b] = (f"bid {b} is new, so it is valued by how the bidding may go on from here: who may still "
                    f"repeat it, every later bid as the rule bots would bid")
    con_f = con.reshape(-1)
    h = np.tile(hands, (1, len(legal)))
    rev = SV.kernel_tables(rules.contract_values).reversed[con_f]
    if rev.any():
        h = np.where(rev[None, :], reverse_strength(h, 13), h)
    batch = SV.play_batch(h, con_f, np.ascontiguousarray(decl.reshape(-1, 2)),
                     np.full(len(con_f), obs.dealer, dtype=np.int8), "rule", rules, rng)
    rows = batch.margin(seat).reshape(len(legal), n).T
    out = _summary(seat, legal, rows, "auction", t0)
    return dataclasses.replace(out, notes=notes, basis=f"from {n} deals of the other hands")


# ---- the review ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """One decision of a seat, judged.

    :ivar index: the action's position in ``state.history`` (0-based).
    :ivar seat: who decided.
    :ivar action: what was played (a card, a bid, a draw).
    :ivar best: the best action from the seat's view then (:func:`evaluate_decision`:
        :func:`estimate`, or for a Variety bid :func:`bid_estimate`'s best legal bid).
    :ivar cost: points the choice cost on average from the seat's view, best's value
        minus the action's value (>= 0 up to sampling noise).
    :ivar stderr: standard error of ``cost`` (points).
    :ivar exact_cost: with all cards known (once the deal is over), the exact value of the
        best action minus the action's (:func:`analyse`), or None when the position was too
        large to solve within the review's limit, or the decision was a bid.
    :ivar exact_best: the best action with all cards known, or None.
    :ivar method: how the view was valued (:attr:`Estimate.method`): ``"exact"``,
        ``"mixed"``, ``"playouts"`` or (a bid) ``"auction"``.
    :ivar text: one sentence for a learner ("J♠ cost 2.4 ± 0.6 points on average; with
        all cards known, it cost 4 points"); a cost within two standard errors reads "about 1.3
        points worse than Q♠ on average, not certain", one of 0 with all cards known
        "it cost nothing in this deal", a good choice from the view that cost points with
        all cards known "a good choice from what you could see; with all cards known, it cost
        14 points (best: Q♦)"; a decision that is :attr:`costly` from the view only
        because the analysis passed its limit ends "its cost in this deal as it was dealt
        (every card known) was too long to work out" (its cost then could be 0: the review says so rather than nothing).
    :ivar exact_limit: the deal was over and the all-cards-known analysis of this play
        decision passed the review's ``exact_nodes`` (so ``exact_cost`` is None).
    :ivar valuation: how the decision was valued from the seat's view, in words, part of
        :attr:`text`: a bid, whether it repeated a number (valued as the contract it made,
        with that partner) or was fresh (valued by how the bidding might go on); a card,
        how many of the sampled deals were solved exactly (:attr:`Estimate.basis`).
    """

    index: int
    seat: int
    action: object
    best: object
    cost: float
    stderr: float
    exact_cost: int | None
    exact_best: object
    method: str
    text: str
    exact_limit: bool = False
    valuation: str | None = None

    @property
    def certain(self) -> bool:
        """Is the cost from the seat's view clear: every sampled world agreed (no
        standard error) or it is over two standard errors?"""
        return cost_is_clear(self.cost, self.stderr)

    @property
    def costly(self) -> bool:
        """Should a review list it as a mistake: with all cards known it cost a point or
        more, or from the seat's view it cost a point or more and that cost is
        :attr:`certain`. (A listed decision whose cost with all cards known is 0 says so
        in :attr:`text`.)"""
        return (self.exact_cost or 0) >= 1 or (self.cost >= 1 and self.certain)


def _name(a) -> str:
    return str(a)


def cost_is_clear(cost: float, stderr: float) -> bool:
    """Is a cost (or a gain) from the view clear, as :func:`review` states one: at least
    0.05 points, and every sampled world agreed (``stderr`` 0) or it is over two standard
    errors. The Hint reads the same rule, so a gap it calls clear the review calls a cost
    and one it calls within the noise the review calls "not certain".

    :param cost: points (a difference of two actions' values).
    :param stderr: the standard error of that difference, points >= 0.
    """
    return cost >= 0.05 and (stderr == 0 or cost > 2 * stderr)


_clear = cost_is_clear   # the old private name (cardkit/problems.py reads it)


def _verdict_text(a, best, cost, se, exact_cost, exact_best, bid=False, name=_name, exact_limit=False,
                  valuation=None, tr=None) -> str:
    """One sentence: a cost is stated as a cost only when it is clear (:func:`cost_is_clear`), as
    "about N points, not certain" otherwise; a decision that cost nothing with all cards
    known says so, and one stated as a cost whose all-cards-known analysis passed its limit
    (``exact_limit``) says that was too long to work out. ``name`` writes an action (a
    page's words for a bid or a draw). ``tr`` (a :func:`cardkit.i18n.translation`) other
    than None: the same facts in its language, each a whole sentence of the catalog
    (:func:`_verdict_sentences`); None: English, the parts joined by semicolons."""
    if tr is not None:
        return _verdict_sentences(a, best, cost, se, exact_cost, exact_best, bid, name, exact_limit, valuation, tr)
    what = f"bid {a}" if bid else name(a)
    if cost < 0.05:   # a good choice; said to be from the view when all cards known show a cost
        s = f"{what}: a good choice" + (" from what you could see" if exact_cost else "")
    elif not cost_is_clear(cost, se):
        s = (f"{what}: about {cost:.1f} points worse than {name(best)} on average, not certain "
             f"(± {se:.1f}: within the noise of the sampled deals)")
    elif se == 0:   # every sampled deal gave the same gap
        s = f"{what} cost {cost:.1f} points in every one of the sampled deals (better: {name(best)})"
    else:
        s = f"{what} cost {cost:.1f} ± {se:.1f} points on average (better: {name(best)})"
    if exact_cost is not None:
        if exact_cost == 0:
            s += "; with all cards known, it cost nothing in this deal"
        else:
            s += f"; with all cards known, it cost {exact_cost} point{'s' if exact_cost != 1 else ''}"
            if exact_best is not None and exact_best != best:
                s += f" (best: {name(exact_best)})"
    elif exact_limit:   # say why there is no exact cost
        s += "; its cost in this deal as it was dealt (every card known) was too long to work out"
    if valuation:
        s += f"; {valuation}"
    return minus_signs(s)


def _verdict_sentences(a, best, cost, se, exact_cost, exact_best, bid, name, exact_limit, valuation, tr) -> str:
    """:func:`_verdict_text` in ``tr``'s language: the same facts, each its own sentence of the
    catalog (never glued from fragments); costs as ``2.4`` (a point as the decimal mark, as
    the Hint writes them), whole points through ``ngettext``; with the default ``name``, cards in
    the language's letters (``В♠``, the ten ``10♦``)."""
    _ = tr.gettext
    if name is _name:   # cards in the language's letters: В♠, Д♥, the ten 10♦
        letters = {"A": tr.pgettext("rank letter", "A"), "K": tr.pgettext("rank letter", "K"),
                   "Q": tr.pgettext("rank letter", "Q"), "J": tr.pgettext("rank letter", "J"), "T": "10"}

        def name(x) -> str:
            if isinstance(x, Card):
                return letters.get(x.rank.label, x.rank.label) + x.suit.symbol
            return str(x)
    what = _("bid {n}").format(n=a) if bid else name(a)
    f = {"what": what, "best": name(best), "cost": f"{cost:.1f}", "se": f"{se:.1f}"}
    if cost < 0.05:
        out = [(_("{what}: a good choice from what you could see.") if exact_cost else
                _("{what}: a good choice.")).format(**f)]
    elif not cost_is_clear(cost, se):
        out = [_("{what}: about {cost} points worse than {best} on average, not certain (± {se}: within the "
                 "noise of the sampled deals).").format(**f)]
    elif se == 0:
        out = [_("{what} cost {cost} points in every one of the sampled deals (better: {best}).").format(**f)]
    else:
        out = [_("{what} cost {cost} ± {se} points on average (better: {best}).").format(**f)]
    if exact_cost is not None:
        if exact_cost == 0:
            out.append(_("With all cards known, it cost nothing in this deal."))
        elif exact_best is not None and exact_best != best:
            out.append(tr.ngettext("With all cards known, it cost {n} point (best: {best}).",
                                   "With all cards known, it cost {n} points (best: {best}).",
                                   exact_cost).format(n=exact_cost, best=name(exact_best)))
        else:
            out.append(tr.ngettext("With all cards known, it cost {n} point.",
                                   "With all cards known, it cost {n} points.", exact_cost).format(n=exact_cost))
    elif exact_limit:
        out.append(_("Its cost in this deal as it was dealt (every card known) was too long to work out."))
    if valuation:
        out.append(valuation_words(valuation, tr))
    return minus_signs(" ".join(out))


# The judge's phrases of how it valued a decision (Estimate.basis and a bid's notes), in
# English as Estimate carries them: each read back as one sentence of the catalog, and the
# bases also as the phrase the Hint shows after its figures.
_SOLVED = re.compile(r"from (\d+) deals solved exactly")
_PLAYED = re.compile(r"from (\d+) deals played out by the rule bots")
_MIXED = re.compile(r"from (\d+) deals: (\d+) solved exactly, (\d+) played out by the rule bots \(too long to solve\)")
_OTHER_HANDS = re.compile(r"from (\d+) deals of the other hands")
_REPEAT = re.compile(r"bid (\d+) repeats the bid of the player (on your left|opposite you|on your right), so it ends "
                     r"the bidding: valued as contract \d+ with that player as your partner")
_FRESH = re.compile(r"bid (\d+) is new, so it is valued by how the bidding may go on from here: who may still "
                    r"repeat it, every later bid as the rule bots would bid")


def valuation_words(valuation: str, tr, *, phrase: bool = False) -> str:
    """How the judge valued a decision (:attr:`Estimate.basis`, a bid's :attr:`Estimate.notes`,
    :attr:`Verdict.valuation`: the English phrases this module writes) in ``tr``'s language
    (a :func:`cardkit.i18n.translation`), its numbers through ``ngettext``: one sentence, or
    with ``phrase`` a basis as the phrase the Hint shows after its figures ("from 24 deals
    solved exactly"). Text that is none of those phrases comes back as it is."""
    m = _SOLVED.fullmatch(valuation)
    if m:
        n = int(m[1])
        return (tr.ngettext("from {n} deal solved exactly", "from {n} deals solved exactly", n) if phrase else
                tr.ngettext("Valued from {n} deal of the cards you could not see, solved exactly.",
                   "Valued from {n} deals of the cards you could not see, each solved exactly.", n)).format(n=n)
    m = _PLAYED.fullmatch(valuation)
    if m:
        n = int(m[1])
        return (tr.ngettext(
            "from {n} deal played out by the rule bots", "from {n} deals played out by the rule bots", n)
                if phrase else
                tr.ngettext("Valued from {n} deal of the cards you could not see, played out by the rule bots.",
                   "Valued from {n} deals of the cards you could not see, played out by the rule bots.", n)
                ).format(n=n)
    m = _MIXED.fullmatch(valuation)
    if m:
        n, solved, rest = int(m[1]), int(m[2]), int(m[3])
        return (tr.ngettext(
            "from {n} deal: {solved} solved exactly, {rest} played out by the rule bots (too long to solve)",
                   "from {n} deals: {solved} solved exactly, {rest} played out by the rule bots (too long to solve)",
                   n) if phrase else
                tr.ngettext(
                    "Valued from {n} deal of the cards you could not see: {solved} solved exactly, {rest} played out "
                   "by the rule bots (too long to solve).",
                   "Valued from {n} deals of the cards you could not see: {solved} solved exactly, {rest} played "
                   "out by the rule bots (too long to solve).", n)).format(n=n, solved=solved, rest=rest)
    m = _OTHER_HANDS.fullmatch(valuation)
    if m:
        n = int(m[1])
        return (tr.ngettext("from {n} deals of the other hands", "from {n} deals of the other hands", n) if phrase else
                tr.ngettext("Valued from {n} deal of the other hands.", "Valued from {n} deals of the other hands.", n)
                ).format(n=n)
    m = _REPEAT.fullmatch(valuation)
    if m:
        return {"on your left": tr.gettext("Bid {n} repeats the bid of the player on your left, so it ends the "
                                           "bidding: valued as contract {n} with that player as your partner."),
                "opposite you": tr.gettext("Bid {n} repeats the bid of the player opposite you, so it ends the "
                                           "bidding: valued as contract {n} with that player as your partner."),
                "on your right": tr.gettext("Bid {n} repeats the bid of the player on your right, so it ends the "
                                            "bidding: valued as contract {n} with that player as your partner.")
                }[m[2]].format(n=int(m[1]))
    m = _FRESH.fullmatch(valuation)
    if m:
        return tr.gettext("Bid {n} is new, so it is valued by how the bidding may go on from here: who may still "
                          "repeat it, every later bid as the rule bots would bid.").format(n=int(m[1]))
    return valuation


def verdict_text(v: Verdict, name=_name, tr=None) -> str:
    """The sentence of :func:`review` for the verdict ``v``, with its actions written by
    ``name`` (a page writes a bid "bid 7" and a draw by its stack's number on the page).

    :param tr: None (English, the text :func:`review` gives, byte for byte) or a
        :func:`cardkit.i18n.translation`: the verdict in its language, each fact a whole
        sentence of the catalog (costs ``2.4``, whole points through ``ngettext``; with the
        default ``name``, the cards in its letters: ``Д♠``, the ten ``10♠``).
    """
    return _verdict_text(v.action, v.best, v.cost, v.stderr, v.exact_cost, v.exact_best, name=name,
                         exact_limit=v.exact_limit, valuation=v.valuation, tr=tr)


def decision_seed(seed: int, index: int) -> np.random.Generator:
    """The random numbers of the decision at ``state.history[index]`` of a deal judged with
    ``seed``: what :func:`review` gives :func:`estimate` (and :func:`bid_estimate`, for a bid) at
    that decision (through :func:`evaluate_decision`, which the Hint calls too, so both
    name the same best action there).

    :param seed: a whole number >= 0 (a deal's number, say).
    :param index: the decision's place in the deal's history, a whole number >= 0.
    :raises CardkitError: for any other ``seed`` or ``index``.
    """
    if not (is_whole(seed) and seed >= 0) or not (is_whole(index) and index >= 0):
        raise CardkitError(f"decision_seed({quote(seed)}, {quote(index)}): expected two whole numbers >= 0")
    return np.random.default_rng([int(seed), int(index)])


#: Worlds :func:`evaluate_decision` deals for a card (or a Durak draw) decision, by game:
#: the Hint's and the review's settings. Measured on this project's 2-core machine under
#: load 5-7 (``python benchmarks/hint_review.py``, two runs of 4 deals a game, and every
#: Variety contract at 24 cards left, where each world is first solved exactly): a Hint at
#: most 0.56 s in Variety (median 0.02-0.05 s), 0.30 s in Warsaw Hearts, 0.79 s in
#: Armenian Durak (median 0.12 s); a whole deal's review 0.3-1.9 s (Variety), 0.1-0.4 s
#: (Warsaw Hearts), 3.3-7.2 s (Armenian Durak, about 20 decisions; 2.1-6.2 s with the old
#: 8 worlds in the same runs), most of it the all-cards-known analysis.
DECISION_SAMPLES = {"variety": 32, "warsaw_hearts": 48, "armenian_durak": 16}
#: Deals of the other hands :func:`evaluate_decision` plays for a Variety bid
#: (:func:`bid_estimate`, every legal bid in the same deals).
BID_SAMPLES = 400


def _decision_key(state, base: int, samples: int | None) -> tuple:
    """What one evaluation depends on: the deal and its actions so far (the state's saved
    text less its extra fields, Variety's table talk: the same position rebuilt by replaying
    gives the same key), the deal's number and the samples."""
    saved = json.loads(state.to_json())
    for name in state.extra_fields:
        saved.pop(name, None)
    return ("decision", base, samples, json.dumps(saved, ensure_ascii=False))


def evaluate_decision(state, *, seed, samples: int | None = None, cache: dict | None = None) -> Estimate:
    """The one evaluator of a decision (issue 20): what the Hint, :func:`review` and the
    problem sets read, so that for the same position, deal number and samples they name the
    same best action. No time budget: the same arguments give the same figures.

    - In the play (and Armenian Durak's draw): :func:`estimate` from the mover's
      observation with ``samples`` worlds (default :data:`DECISION_SAMPLES` of the game)
      and the random numbers :func:`decision_seed` ``(seed, len(state.history))``: each
      world solved exactly first, within :data:`EXACT_NODES` positions, else played out
      by the rule bots (:attr:`Estimate.method`, :attr:`Estimate.basis`).
    - In Variety's bidding: :func:`bid_estimate`, each legal bid judged in the auction
      as it stands (``samples`` deals of the other hands, default :data:`BID_SAMPLES`): a
      bid that repeats a number ends the bidding and is valued as that contract with that
      partner; a fresh one by how the bidding may go on (RULES.md §1.3),
      ``method="auction"``, :attr:`Estimate.notes` saying which.

    Hidden cards never influence the result (only the mover's view is read).

    :param state: a state of one of the three games with a decision to make: the play,
        Armenian Durak's draw, or Variety's bidding.
    :param seed: the deal's number, a whole number >= 0 (the decision's random numbers are
        :func:`decision_seed` of it and the decision's place in the history); or a
        :class:`numpy.random.Generator`, used as it is (a problem set's stored generator).
    :param samples: worlds (a bid: deals per contract); None: the defaults above. A play
        decision takes 1..:data:`MAX_ESTIMATE_SAMPLES`, a bid 2..100,000
        (:data:`cardkit.analysis.worlds.MAX_SAMPLES`).
    :param cache: optional dict the result is kept in and read from, keyed by the
        position, the whole-number seed and ``samples`` (a Generator seed is never cached):
        a page passes the same dict to :func:`review` so a hinted decision is not worked
        out twice.
    :returns: :class:`Estimate`: ``values`` and ``stderr`` in points from the mover's side
        (:func:`outcome`; a bid: the bidder's side's expected margin in the contract the
        bidding reaches), ``samples`` the worlds or deals per contract, ``best`` and ``ranked``
        over the legal actions in the engine's order for ties.
    :raises StateError: for a deal that is over, Armenian Durak's blind trump draw, or a
        state of another game.
    :raises CardkitError: for a ``seed`` that is neither a whole number >= 0 nor a
        Generator, a bad ``samples`` or a ``cache`` that is not a dict, before any work.
    """
    game = game_of(state)
    if state.phase in ("over", "trump"):
        raise StateError(f"evaluate_decision: no decision to judge in the phase {state.phase!r}")
    bid = state.phase == "bidding"
    if isinstance(seed, np.random.Generator):
        base = None
    elif is_whole(seed) and seed >= 0:
        base = int(seed)
    else:
        raise CardkitError(f"seed={quote(seed)}: expected the deal's number (a whole number >= 0) or a numpy "
                           f"Generator")
    if samples is not None:
        if bid:
            samples = check_count(samples, "samples", 2, MAX_SAMPLES, "deals per contract")
        else:
            samples = _check_samples(samples)
    if cache is not None and not isinstance(cache, dict):
        raise CardkitError(f"cache={quote(cache)}: expected a dict or None")
    key = _decision_key(state, base, samples) if cache is not None and base is not None else None
    if cache is not None and key is not None and key in cache:
        return cache[key]
    rng = seed if base is None else decision_seed(base, len(state.history))
    if bid:   # in the auction as it stands (issue 31): a repeat is the contract it makes
        n = BID_SAMPLES if samples is None else samples
        out = bid_estimate(state.observation(state.current_player), samples=n, seed=rng)
    else:
        out = estimate(state, samples=DECISION_SAMPLES[game] if samples is None else samples, seed=rng)
    if cache is not None and key is not None:
        cache[key] = out
    return out


def review(state, seat: int, *, samples: int | None = None, seed=None, progress=None,
           exact_nodes: int | None = 3_000_000, cache: dict | None = None) -> list[Verdict]:
    """Judge every decision of ``seat`` so far (issue: the judge, part 4).

    Each position where ``seat`` had a choice is rebuilt from the deal's history; the
    choice is compared with the best action from the seat's view at that moment
    (:func:`evaluate_decision`, the Hint's evaluator: :func:`estimate` in the play,
    :func:`bid_estimate` for a Variety bid, in the auction as it stands) and, once the
    deal is over, with all cards known (:func:`analyse`, when the position solves within
    ``exact_nodes`` positions). Forced actions (one legal choice) are skipped.

    :param samples: worlds per decision (a bid: deals per contract), passed to
        :func:`evaluate_decision`; None (default): its settings,
        :data:`DECISION_SAMPLES` of the game and :data:`BID_SAMPLES`.
    :param seed: a whole number >= 0 (the deal's number): decision ``i`` is judged with
        :func:`decision_seed` ``(seed, i)``, so a Hint, ``evaluate_decision(position,
        seed=seed)``, names the same best action there; a Generator or None: one number
        drawn from it serves as the seed.
    :param exact_nodes: the node limit of each exact analysis: None (no limit) or a whole
        number 1..2**63 − 1 (:func:`cardkit._checks.check_max_nodes`).
    :param progress: optional callable ``progress(done, total)``, after each action replayed.
    :param cache: optional dict shared with :func:`evaluate_decision` (a page's Hints): a
        decision already evaluated with the same seed and samples is read from it, the
        others are added to it.
    :returns: a list of :class:`Verdict`, in the order of play.
    :raises StateError: for a state of another game.
    :raises CardkitError: for a bad seat, samples (a Variety review's bids need 2 or
        more), seed, ``exact_nodes``, ``progress`` or ``cache``, before any work.
    """
    game = game_of(state)
    from cardkit.core.dealing import check_seat
    seat = check_seat(seat, state.players)
    if samples is not None:
        samples = check_count(samples, "samples", 2 if game == "variety" else 1, MAX_ESTIMATE_SAMPLES, "worlds")
    exact_nodes = check_max_nodes(exact_nodes, "exact_nodes")
    if progress is not None and not callable(progress):
        raise CardkitError(f"progress={quote(progress)}: expected a callable progress(done, total) or None")
    if cache is not None and not isinstance(cache, dict):
        raise CardkitError(f"cache={quote(cache)}: expected a dict or None")
    if is_whole(seed) and seed >= 0:
        base = int(seed)
    else:   # a Generator (or None: fresh entropy): one number from it for the whole review
        base = int(as_generator(seed).integers(2**63))
    backend = game_entry(game).solver
    over = state.phase == "over"
    start = state._restart()
    history = list(state.history)
    out: list[Verdict] = []
    cur = start
    for i, a in enumerate(history):
        if cur.current_player == seat and len(cur.legal_actions()) > 1 and cur.phase in ("bidding", "play", "draw"):
            est = evaluate_decision(cur, seed=base, samples=samples, cache=cache)
            best = est.best
            cost = est.values[best] - est.values[a]
            se = est.gap_stderr(best, a)   # paired: both valued in the same worlds
            ec, eb, limit = None, None, False
            if over and cur.phase != "bidding":
                try:
                    an = backend.analyse(cur, max_nodes=exact_nodes)
                    eb = max(an, key=lambda x: an[x])
                    ec = int(an[eb] - an[a])
                except SearchLimit:
                    limit = True
            how = (est.notes or {}).get(a) if cur.phase == "bidding" else est.basis
            out.append(Verdict(i, seat, a, best, float(cost), float(se), ec, eb, est.method,
                               _verdict_text(a, best, cost, se, ec, eb, bid=cur.phase == "bidding",
                                             exact_limit=limit, valuation=how), limit, how))
        cur.apply_action(a)
        if progress is not None:
            progress(i + 1, len(history))
    return out


# ---- the expert bots ---------------------------------------------------------------------------

class ExpertBot(Bot):
    """Plays the action :func:`estimate_observation` ranks first, from its observation
    only (among exactly equal actions, the rule bot's choice). Variety bids from
    :func:`bid_estimate` (the legal bid with the best expected margin in the auction as it
    stands, RULES.md §1.3) and says why, as RuleBot does.

    :param seed: int or :class:`numpy.random.Generator`.
    :param samples: worlds per decision (default 24).
    :param seconds: time budget per decision (default 0.4 s, which keeps a reply at or
        under about 0.5 s on this project's 2-core machine); None: always ``samples``
        worlds (reproducible with a seed, slower early in a deal).
    """

    name = "expert"

    def __init__(self, seed=None, *, samples: int = 24, seconds: float | None = 0.4) -> None:
        super().__init__(seed)
        self.samples = _check_samples(samples)
        self.seconds = _check_seconds(seconds)

    def act(self, obs):
        self.remark = None
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bidding":
            return self._bid(obs)
        if obs.phase == "trump":  # Durak's blind trump draw: nothing to judge
            return legal[int(self.rng.integers(len(legal)))]
        est = estimate_observation(obs, samples=self.samples, seconds=self.seconds, seed=self.rng)
        return self._tie_break(obs, est)

    def _tie_break(self, obs, est):
        """The best action; among actions of exactly equal value (common when every world
        says the deal is decided, as in Variety's contract 1, whose +12 depends only on
        which side takes more tricks), the one the game's rule bot would play, if it is
        among them: the sampled worlds cannot tell them apart, the real deal may."""
        top = max(est.values.values())
        ties = [a for a, v in est.values.items() if v >= top - 1e-9]
        if len(ties) > 1:
            rule = entry_of(obs).rule_bot(seed=self.rng).act(obs)
            if rule in ties:
                return rule
        return ties[0]

    def _bid(self, obs):
        from ..games.variety_bots import bid_reason
        est = bid_estimate(obs, samples=300, seed=self.rng)   # in the auction as it stands
        choice = est.best
        self.remark = f"I bid {choice}: {bid_reason(choice, obs.hand)}"
        return choice

"""Exact analysis of Armenian Durak with trumps (RULES.md §3.3–§3.4): the judge's backend.

:func:`solve` and :func:`analyse` value a position with every card known (both hands and
every face-down card), from any point of the play: a lead, a reply, or the draw after a
card from the hand. The value is the margin of the player to move: their deal points
minus the opponent's, the tricks already taken and the sweep's +10 (§3.4) included.
:func:`sample_worlds` deals the cards one seat cannot see, for estimates from its view.

The search is a compiled (numba) fail-soft alpha-beta over single actions, the draw being
its own ply of the player who played the card, exactly as the engine sequences it (the
trick is resolved with the reply, then the replier draws, then the winner leads). It uses
a transposition table at trick boundaries (bounds of the value to go, keyed on both hands,
every stack's face-up and face-down card, the leader and who can still sweep), equivalence
of touching zero-point cards of one location class, move ordering (the table's move first,
then leads the opponent cannot beat, then replies by the points they gain, cards of equal
points by the history of cut-offs) and MTD(f) zero-window searches; the line of best play
tries the table's move first. The kernel (``cardkit.analysis._durak_kernel``) is compiled
on first use and cached.

Declining the draw (``Draw(None)``) is searched like any draw: it can be the better choice,
because the duty to follow (§3.3) counts every card one may play, so a card drawn into the
hand can take away the freedom to play any card. It is left out only where a face-down card
to draw is of a plain suit the opponent holds none of: that card can never bring a duty to
follow, and drawing it keeps every choice that declining keeps.
"""

from __future__ import annotations

import threading
import time
from functools import lru_cache

import numpy as np

from cardkit.core._checks import check_max_nodes, is_whole
from cardkit.core.cards import deck as make_deck
from cardkit.core.errors import CardkitError, StateError, quote

from ..games import armenian_durak as D
from ..simulate.kernel_tables import durak_solver_cards, durak_solver_id
from ..simulate.trick_rule import suit_beaters
from ._types import SearchLimit, Solution

__all__ = ["solve", "analyse", "sample_worlds"]

#: Transposition table sizes (entries, as bits): a search capped at :data:`SMALL_TABLE_NODES`
#: positions or fewer (the Hint, the review, the exact values on a page: 200,000-1,000,000)
#: uses 2**20 entries (24 MB); a larger one up to :data:`LARGE_TABLE_NODES` 2**22 (96 MB: at 14
#: tricks left 2 of 5 deals overflowed the small one past 30M positions). A search writes
#: entries all over its table, so a lesson kernel that only hints keeps 24 MB, not 96 MB
#: (issue 19's kernel memory).
#: A search capped above :data:`LARGE_TABLE_NODES` or not at all (a whole deal, offline: a
#: benchmark, a golden file) uses 2**24 entries (384 MB): at 14 tricks left the 2**22 table
#: overflows, and the bigger one searched 32 M positions instead of 45 M on deal D-3 and 52 M
#: instead of over 60 M on D-1 (``benchmarks/durak_whole_deals.py``, issue 31). The judge's
#: searches are capped far below it and never allocate it.
_TT_BITS = 22
_TT_BITS_SMALL = 20
_TT_BITS_LARGE = 24
SMALL_TABLE_NODES = 4_000_000
LARGE_TABLE_NODES = 20_000_000
_tt_cache: dict = {}
_stamp = [0]
#: positions searched by the last solve or analyse (for benchmarks)
last_nodes = [0]


#: the solver's card numbers (suit-major, :mod:`cardkit.simulate.kernel_tables`)
_card_id = durak_solver_id
_id_to_card = durak_solver_cards


def _draw_after(rules) -> str:
    return getattr(rules, "draw_after", "any")


@lru_cache(maxsize=64)
def _tables(rules, trump) -> np.ndarray:
    """The rule tables for the kernel, read from the engine (card points, which card beats
    which within a suit, the trump, the draw variant, the sweep bonus)."""
    from . import _durak_kernel as K
    tb = np.zeros(K.TB_SIZE, dtype=np.int64)
    cards = make_deck(rules.deck)
    zero = 0
    allm = 0
    beat_masks = suit_beaters(cards, _card_id, lambda d, c: D.beats(d, c, rules))
    for c in cards:
        i = _card_id(c)
        p = D.card_points(c, trump, rules)
        tb[K.PTS + i] = p
        allm |= 1 << i
        if p == 0:
            zero |= 1 << i
        tb[K.SUITM + int(c.suit)] |= 1 << i
        tb[K.BEAT + i] = beat_masks[c]
    tb[K.TRUMP] = int(trump)
    tb[K.LEADONLY] = 1 if _draw_after(rules) == "lead" else 0
    tb[K.ZERO] = zero
    tb[K.ALL] = allm
    tb[K.BONUS] = D.SWEEP_BONUS
    tb[K.ZLOW] = min((int(c.rank) for c in cards if D.card_points(c, trump, rules) == 0), default=0)
    for i in range(64):
        tb[K.DBT + ((((1 << i) * K.DEBRUIJN) & 0xFFFFFFFFFFFFFFFF) >> 58)] = i
    return tb


@lru_cache(maxsize=1)
def _zobrist():
    from . import _durak_kernel as K
    rng = np.random.default_rng(0x5EED_D0A4)
    z = rng.integers(np.iinfo(np.int64).min, np.iinfo(np.int64).max, size=(2, K.Z_SIZE), dtype=np.int64)
    return np.ascontiguousarray(z[0]), np.ascontiguousarray(z[1])


def _tt(max_nodes=None):
    """The shared transposition table for a search capped at ``max_nodes`` (made once per
    size: see :data:`_TT_BITS`); each search uses a new stamp, so nothing needs clearing and
    no entry of an earlier search is ever read."""
    if max_nodes is None or max_nodes > LARGE_TABLE_NODES:
        bits = _TT_BITS_LARGE
    elif max_nodes <= SMALL_TABLE_NODES:
        bits = _TT_BITS_SMALL
    else:
        bits = _TT_BITS
    cache, stamp = _own_tables()
    tt = cache.get(bits)
    if tt is None:
        tt = cache[bits] = np.zeros((1 << bits, 3), dtype=np.int64)
    if "ms" not in cache:
        cache["ms"] = np.zeros((128, 64), dtype=np.int64)
    stamp[0] = (stamp[0] + 1) % (1 << 28)
    return tt, cache["ms"], stamp[0] + 1


_LOCAL = threading.local()


def _own_tables() -> tuple[dict, list]:
    """The calling thread's tables and stamp: the module's in the main thread, else the
    thread's own, so searches in two threads at once (the judge's worlds,
    :func:`cardkit.analysis.judge.estimate`) never write one table (the kernels release
    the GIL)."""
    if threading.current_thread() is threading.main_thread():
        return _tt_cache, _stamp
    if not hasattr(_LOCAL, "cache"):
        _LOCAL.cache, _LOCAL.stamp = {}, [0]
    return _LOCAL.cache, _LOCAL.stamp


def _check_state(state, who: str) -> None:
    if not isinstance(state, D.State):
        raise StateError(f"{who}: expected an Armenian Durak State (cardkit.games.armenian_durak), "
                         f"got {type(state).__name__}")
    if state.phase == "trump":
        raise StateError(f"{who}: the trump has not been drawn yet; the analysis starts with the play "
                         "(RULES.md §3.2–§3.3)")


def _encode(state):
    """``(st, tb, kind, mover)``: the kernel's position for ``state`` (phase play or draw)."""
    from . import _durak_kernel as K
    st = np.zeros(K.ST_SIZE, dtype=np.int64)
    rules = state.rules
    tb = _tables(rules, state.trump)
    for p in range(2):
        h = 0
        for c in state.hands[p]:
            h |= 1 << _card_id(c)
        st[K.H + p] = h
        upm = 0
        dnc = 0
        for i in range(D.STACKS):
            u, d = state.up[p][i], state.down[p][i]
            st[K.UP + 6 * p + i] = -1 if u is None else _card_id(u)
            st[K.DN + 6 * p + i] = -1 if d is None else _card_id(d)
            if u is not None:
                upm |= 1 << _card_id(u)
            if d is not None:
                dnc += 1
        st[K.UPM + p] = upm
        st[K.DNC + p] = dnc
    gone = 0
    for p in range(2):
        for c in state.taken[p]:
            gone |= 1 << _card_id(c)
    st[K.GONE] = gone
    st[K.REMPTS] = int(sum(tb[K.PTS + _card_id(c)] for c in make_deck(rules.deck)
                           if not gone >> _card_id(c) & 1))
    won = [state.tricks_won(0), state.tricks_won(1)]
    st[K.SWEEP] = 0 if won == [0, 0] else 1 if won[1] == 0 else 2 if won[0] == 0 else 3
    trick = state.trick
    mover = state.current_player
    st[K.LEADER] = trick.leader
    st[K.LEADC] = -1
    if state.phase == "play":
        if trick.cards:
            st[K.LEADC] = _card_id(trick.cards[0])
            kind = 2
        else:
            kind = 0
    else:  # the draw
        if trick.cards:  # the leader drew after leading from the hand
            st[K.LEADC] = _card_id(trick.cards[0])
            kind = 1
        else:  # the replier, after the trick was resolved; the winner leads next
            st[K.DRAWER] = mover
            kind = 3
    st[K.MAXN] = np.iinfo(np.int64).max
    return st, tb, kind, mover


def _action_code(action):
    from . import _durak_kernel as K
    if isinstance(action, D.Draw):
        return K.NODRAW if action.stack is None else action.stack
    return _card_id(action)


def _base_margin(state, seat: int) -> int:
    pts = state.points()
    return pts[seat] - pts[1 - seat]


def _over_solution(state, t0: float) -> Solution:
    ret = tuple(state.returns())
    last = state.tricks[-1]
    seat = 1 - last.leader  # the player who played the last card
    return Solution(value=ret[seat] - ret[1 - seat], line=(), nodes=0, returns=ret,
                    seconds=time.perf_counter() - t0)


def _limit(max_nodes, st) -> None:
    """Put the node limit (checked by :func:`check_max_nodes`) into the kernel's state."""
    from . import _durak_kernel as K
    if max_nodes is not None:
        st[K.MAXN] = max_nodes


def solve(state, *, max_nodes: int | None = None) -> Solution:
    """The exact value of an Armenian Durak position with every card known, and a line of
    best play to the end of the deal (RULES.md §3.3–§3.4).

    :param state: a :class:`cardkit.games.armenian_durak.State` in the play or the draw
        (any point: a lead, a reply, the draw after a card from the hand), or over.
    :param max_nodes: stop after this many positions searched (None: no limit; else a
        whole number 1..2**63 − 1, :data:`cardkit._checks.MAX_NODES`).
    :returns: :class:`~cardkit.analysis.Solution`: ``value`` the margin (points) of the
        player to move, their deal points minus the opponent's, tricks already taken and
        the sweep's +10 included (for a deal that is over: the margin of the player who
        played the last card); ``line`` the actions (cards, :class:`~cardkit.games.
        armenian_durak.Draw`) of best play; ``returns`` both seats' deal points at the
        end of the line; ``nodes``; ``seconds``.
    :raises StateError: for anything but an Armenian Durak State, or one still in the
        trump draw (§3.2).
    :raises CardkitError: for a ``max_nodes`` that is not None nor a whole number 1..2**63 − 1.
    :raises SearchLimit: when ``max_nodes`` is exceeded.
    """
    from . import _durak_kernel as K
    t0 = time.perf_counter()
    _check_state(state, "solve")
    max_nodes = check_max_nodes(max_nodes)
    if state.phase == "over":
        return _over_solution(state, t0)
    st, tb, kind, mover = _encode(state)
    _limit(max_nodes, st)
    tt, ms, stamp = _tt(max_nodes)
    st[K.STAMP] = stamp
    z1, z2 = _zobrist()
    v = K.solve_value(st, tb, z1, z2, tt, ms, kind)
    if st[K.ABORT]:
        raise SearchLimit(f"solve: more than {max_nodes} positions searched (max_nodes)")
    out = np.zeros(4 * D.Rules(deck=state.rules.deck).tricks + 8, dtype=np.int64)
    walk = st.copy()
    n = K.best_line(walk, tb, z1, z2, tt, ms, kind, v, mover, out)
    st[K.NODES] += walk[K.NODES] - st[K.NODES]
    if n == -1:
        raise SearchLimit(f"solve: more than {max_nodes} positions searched (max_nodes)")
    if n < 0:  # pragma: no cover - the walk always finds the value it was given
        raise RuntimeError("solve: no line reaches the value found")
    ids = _id_to_card(state.rules.deck)
    line = []
    replay = state.clone()
    for code in out[:n]:
        code = int(code)
        a = D.Draw(None if code == K.NODRAW else code) if replay.phase == "draw" else ids[code]
        line.append(a)
        replay.apply_action(a)
    ret = tuple(replay.returns())
    last_nodes[0] = int(walk[K.NODES])
    value = int(v) + _base_margin(state, mover)
    return Solution(value=value, line=tuple(line), nodes=int(walk[K.NODES]), returns=ret,
                    seconds=time.perf_counter() - t0)


def analyse(state, *, max_nodes: int | None = None) -> dict:
    """The exact value of every legal action of the player to move (RULES.md §3.3–§3.4).

    :param state: a :class:`cardkit.games.armenian_durak.State` in the play or the draw.
    :param max_nodes: stop after this many positions searched in all (None: no limit).
    :returns: ``{action: value}`` for each action of ``state.legal_actions()`` (cards, or
        :class:`~cardkit.games.armenian_durak.Draw` in the draw), the value being the
        chooser's final margin (points: their deal points minus the opponent's, tricks
        already taken and the sweep's +10 included) after that action and best play by
        both. Empty for a deal that is over.
    :raises StateError: for anything but an Armenian Durak State, or one in the trump draw.
    :raises CardkitError: for a ``max_nodes`` that is not None nor a whole number 1..2**63 − 1.
    :raises SearchLimit: when ``max_nodes`` is exceeded.
    """
    from . import _durak_kernel as K
    _check_state(state, "analyse")
    max_nodes = check_max_nodes(max_nodes)
    if state.phase == "over":
        return {}
    actions = state.legal_actions()
    st, tb, kind, mover = _encode(state)
    _limit(max_nodes, st)
    tt, ms, stamp = _tt(max_nodes)
    st[K.STAMP] = stamp
    z1, z2 = _zobrist()
    moves = np.array([_action_code(a) for a in actions], dtype=np.int64)
    out = np.zeros(len(actions), dtype=np.int64)
    K.values_of(st, tb, z1, z2, tt, ms, kind, moves, out)
    last_nodes[0] = int(st[K.NODES])
    if st[K.ABORT]:
        raise SearchLimit(f"analyse: more than {max_nodes} positions searched (max_nodes)")
    base = _base_margin(state, mover)
    return {a: int(v) + base for a, v in zip(actions, out)}



# ---- worlds from one seat's view ------------------------------------------------------------

def sample_worlds(state, seat: int, n: int, rng) -> list:
    """``n`` full positions that seat ``seat`` cannot tell from ``state`` (RULES.md §3.2–§3.3).

    The seat sees its own hand, every face-up card, the trump (and the card drawn for it,
    which went back to the dealer's hand), and every card played; it does not see the
    opponent's hand nor any face-down card, its own included. Those cards are dealt at
    random into those places, uniformly over the placements that fit what the opponent
    has shown: a player who did not follow (§3.3) held no card of those suits then, so
    such a card in its hand now must have come from a face-down card it drew later
    (checked exactly, draw by draw), and a trump card drawn from the opponent's hand is
    still there until played. All of it is read from ``state.observation(seat)`` (its
    public history): :func:`cardkit.analysis.worlds.sample_worlds`. Each world is a new
    deal rebuilt from the sampled cards with the same actions replayed
    (``State.from_observation``; ``to_json``, ``undo_action`` work on it); where the seat
    cannot know which of the opponent's cards came from which face-down card, the
    reconstruction picks one fitting history (uniform over current placements, not over
    the histories behind them).

    :param state: an Armenian Durak State in the play, the draw, or over.
    :param seat: 0 or 1, whose view.
    :param n: how many worlds, a whole number 0..:data:`~cardkit.analysis.MAX_WORLDS`
        (10,000: about 3.4 s after 20 actions on this project's 2-core machine, ``benchmarks/worlds.py``).
    :param rng: a :class:`numpy.random.Generator`; the same generator state gives the same
        worlds for two states that differ only in cards the seat cannot see.
    :returns: a list of ``n`` State objects.
    :raises StateError: for anything but an Armenian Durak State, or one in the trump draw.
    :raises CardkitError: for a bad seat, ``n`` or ``rng``.
    """
    from . import worlds
    _check_state(state, "sample_worlds")
    if not is_whole(seat) or seat not in (0, 1):
        raise CardkitError(f"seat {quote(seat)}: expected 0 or 1 (RULES.md §3.1)")
    n = worlds.check_worlds(n)
    if not isinstance(rng, np.random.Generator):
        raise CardkitError(f"rng {type(rng).__name__}: expected a numpy.random.Generator")
    return worlds.sample_worlds(state.observation(int(seat)), n, rng)

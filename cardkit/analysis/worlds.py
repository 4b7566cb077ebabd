"""Worlds from one seat's view: full deals that agree with everything that seat knows, for
the three games; the one place where cardkit deals the cards a seat cannot see.

Only an observation is read (``state.observation(seat)``, or what a bot is given), so two
states that differ only in cards the seat cannot see give identical worlds with the same
random numbers (STYLE.md rule 6). The deals are uniform over the placements of the unseen
cards that agree with the observation:

- Variety and Warsaw Hearts: the other seats' hands, none holding a suit it has shown it
  lacks (it did not follow that suit, RULES.md §1.5, §2.1): :func:`shown_voids`,
  :func:`deal_hidden`.
- Armenian Durak: the opponent's hand and every face-down card, read from the public
  history of the observation (:attr:`cardkit.games.armenian_durak.Observation.history`):
  a player who did not follow (§3.3) held no card of those suits then, so such a card in
  its hand now came from a face-down card it drew later (checked draw by draw), and the
  trump card drawn from the dealer's fan stays in the dealer's hand until played (§3.2).

:func:`hidden_hands` deals the hidden cards; :func:`sample_worlds` makes each into a state
with the game's ``State.from_observation(obs, hidden)``. The advisor's simulations
(:mod:`cardkit.advisor`) and the judge's estimates (:func:`cardkit.analysis.
estimate_observation`, each game's ``cardkit.analysis.<game>.sample_worlds``) deal here.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from cardkit.core._checks import check_count, is_whole
from cardkit.core.cards import Card, deck
from cardkit.core.dealing import as_generator, check_seat
from cardkit.core.errors import CardkitError, StateError, quote
from cardkit.core.registry import GAMES, game_entry

from ..simulate._core import U64, deal_bits, hands_from_bits

__all__ = ["MAX_WORLDS", "check_worlds", "played_by_seat", "shown_voids", "deal_hidden", "hidden_hands",
           "durak_hidden_bits", "sample_worlds", "MAX_SAMPLES", "check_samples", "sample_deals"]

#: The most worlds one call of a game's ``sample_worlds`` deals (and :func:`cardkit.analysis.
#: estimate` values). Measured (``python benchmarks/worlds.py --worlds 10000``, 2 cores, load
#: about 5), 10,000 worlds, each a deal rebuilt and replayed: Variety 1.0 s after 4 tricks,
#: 1.6 s after 8; Warsaw Hearts (4 players) 1.2 s after 2 tricks, 1.4 s after 6; Armenian
#: Durak 2.7 s after 8 actions, 3.4 s after 20. (Before issue 20: 72 MB for Variety, 48 MB
#: Warsaw Hearts, 160 MB Armenian Durak.) ``n=10**30`` once ran past 60 s and 24 GB before
#: this bound.
MAX_WORLDS = 10_000


def check_worlds(n) -> int:
    """``n`` worlds: a whole number 0..:data:`MAX_WORLDS`.

    :raises CardkitError: for anything else, before any world is dealt.
    """
    return check_count(n, "n", 0, MAX_WORLDS, "worlds; cardkit.analysis.MAX_WORLDS")


#: The most samples (deals per contract or per candidate card) the advisor (:mod:`cardkit.advisor`)
#: and the judge's bid values (:func:`cardkit.analysis.judge.bid_estimate`) accept.
#: Measured (2 cores, numpy 2, policy "rule"): :func:`advise` takes about 25 ms per 1,000
#: samples (100,000: about 2.6 s and 105 MB of memory at peak; 1,000,000 took 89 s and
#: 736 MB, which can kill a Binder kernel). Above a few thousand samples the standard
#: error hardly changes a ranking.
MAX_SAMPLES = 100_000


def check_samples(samples, lo: int = 2) -> int:
    """``samples`` as an int ``lo``..:data:`MAX_SAMPLES`.

    :raises CardkitError: for anything else, saying what the maximum costs.
    """
    if is_whole(samples) and samples > MAX_SAMPLES:
        raise CardkitError(f"samples={quote(samples)}: at most {MAX_SAMPLES:,} (about 2.6 s and 105 MB for the "
                           f"contract advisor; more would only slow the kernel down, or kill it)")
    return check_count(samples, "samples", lo, MAX_SAMPLES, "deals")


def sample_deals(hand, seat: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Deals that agree with what the player at ``seat`` sees: ``hand`` at ``seat`` and the
    39 other cards dealt at random to the other seats (``Generator.permuted`` of the unseen
    cards in :attr:`Card.index` order; seat ``seat + 1 + k`` gets columns ``13k ..
    13k + 12``). The order in which ``hand`` is written does not matter.

    :param hand: 13 :class:`Card` objects (already checked).
    :param seat: 0..3.
    :param samples: deals, 1..:data:`MAX_SAMPLES`.
    :returns: shape (4, samples) uint64 hand masks, ace-high layout
        (:mod:`cardkit.simulate._core`).
    :raises CardkitError: for a seat outside 0..3 or samples outside 1..:data:`MAX_SAMPLES`.
    """
    from ..simulate import variety as SV
    seat = check_seat(seat, 4)
    samples = check_samples(samples, lo=1)
    bits = SV.BITS
    own = np.zeros(52, dtype=bool)
    own[[c.index for c in hand]] = True
    unseen = np.flatnonzero(~own)                          # 39 card indices, ascending
    others = hands_from_bits(deal_bits(samples, bits[unseen], rng), 3, 13)   # (3, samples)
    hands = np.empty((4, samples), dtype=U64)
    hands[seat] = np.bitwise_or.reduce(bits[own])
    for k in range(3):
        hands[(seat + 1 + k) % 4] = others[k]
    return hands


def _game(obs) -> str:
    for entry in GAMES.values():
        if entry.owns(obs) and isinstance(obs, entry.engine().Observation):
            return entry.name
    raise StateError(f"no worlds for an observation of type {type(obs).__name__}: expected "
                     "state.observation(seat) of Variety, Warsaw Hearts or Armenian Durak")


# ---- Variety and Warsaw Hearts -------------------------------------------------------------------

def played_by_seat(obs) -> tuple[dict[int, list[Card]], list[Card]]:
    """The cards each seat has played so far (``{seat: cards}``), and every played card
    in play order, from a Variety or Warsaw Hearts observation."""
    order: list[Card] = []
    by: dict[int, list[Card]] = {}
    for leader, cards, _ in obs.tricks:
        for i, c in enumerate(cards):
            by.setdefault((leader + i) % obs.players, []).append(c)
            order.append(c)
    for i, c in enumerate(obs.trick):
        by.setdefault((obs.trick_leader + i) % obs.players, []).append(c)
        order.append(c)
    return by, order


def shown_voids(obs) -> dict[int, set]:
    """The suits each seat other than ``obs.seat`` has shown it lacks: a seat that did not
    follow the suit led to a trick holds none of that suit afterwards (Variety RULES.md
    §1.5, Warsaw Hearts §2.1: follow suit if able; cards never come back to a hand).

    :returns: seat -> set of :class:`~cardkit.Suit` (seats without a shown void left out).
    """
    out: dict[int, set] = {}
    tricks = list(obs.tricks) + ([(obs.trick_leader, obs.trick, None)] if obs.trick else [])
    for leader, cards, _ in tricks:
        for i, c in enumerate(cards[1:], 1):
            seat = (leader + i) % obs.players
            if seat != obs.seat and c.suit != cards[0].suit:
                out.setdefault(seat, set()).add(cards[0].suit)
    return out


def _suit_count_tables(suit_sizes, caps, allowed):
    """Every way to split the unseen cards' suits among the hidden hands: matrices
    ``c[suit][j]`` with row sums ``suit_sizes``, column sums ``caps`` and ``c = 0`` where
    ``allowed[suit][j]`` is False; with weights ``prod_suit multinomial(size; c[suit])``,
    the number of deals with those counts."""
    out, weights = [], []

    def splits(u, left, ok):
        """Ways to give ``u`` cards of one suit to the hands with room ``left``."""
        if len(left) == 1:
            if u <= left[0] and (u == 0 or ok[0]):
                yield (u,)
            return
        for a in range(min(u, left[0]) + 1):
            if a and not ok[0]:
                break
            for rest in splits(u - a, left[1:], ok[1:]):
                yield (a,) + rest

    def walk(k, left, rows, w):
        if k == len(suit_sizes):
            if not any(left):
                out.append(rows)
                weights.append(w)
            return
        u = suit_sizes[k]
        for row in splits(u, left, allowed[k]):
            ww = w
            r = u
            for a in row:
                ww *= comb(r, a)
                r -= a
            walk(k + 1, tuple(x - a for x, a in zip(left, row)), rows + [row], ww)

    walk(0, tuple(caps), [], 1)
    return out, weights


def deal_hidden(unseen_bits, unseen_suits, caps, voids, n: int, rng) -> np.ndarray:
    """Hand masks, shape (len(caps), n) uint64, for the hidden hands: the unseen cards
    (``unseen_bits``, one bit each, with their suits ``unseen_suits``) dealt so that hand
    ``j`` gets ``caps[j]`` cards and none of a suit in ``voids[j]``.

    The distribution is **exactly uniform over the consistent deals**: first the split of
    each suit's cards among the hands (a matrix of counts) is drawn with probability
    proportional to the number of deals having it, then each suit's cards are shuffled
    and handed out in those numbers. Without voids this is one shuffle of all the unseen
    cards (``deal_bits``), hand ``j`` taking the next ``caps[j]`` columns.

    :raises CardkitError: when no deal agrees with the voids (not a real observation).
    """
    hands = np.zeros((len(caps), n), dtype=U64)
    if not any(voids):
        dealt = deal_bits(n, unseen_bits, rng)
        col = 0
        for j, k in enumerate(caps):
            hands[j] = dealt[:, col:col + k].sum(axis=1, dtype=U64)
            col += k
        return hands
    suits = sorted(set(unseen_suits))
    by_suit = [unseen_bits[[i for i, x in enumerate(unseen_suits) if x == su]] for su in suits]
    allowed = [[su not in voids[j] for j in range(len(caps))] for su in suits]
    tables, weights = _suit_count_tables([len(b) for b in by_suit], caps, allowed)
    if not tables:
        raise CardkitError("no deal of the unseen cards agrees with the voids shown: "
                           "the observation is not one of a real deal")
    total = sum(weights)
    p = np.array([w / total for w in weights], dtype=np.float64)
    counts = np.array(tables, dtype=np.int64)                      # (M, suits, hands)
    pick = rng.choice(len(tables), size=n, p=p / p.sum())
    for k, bits in enumerate(by_suit):
        dealt = deal_bits(n, bits, rng)                            # (n, size of suit)
        c = counts[pick, k, :]                                     # (n, hands)
        ends = np.cumsum(c, axis=1)
        cols = np.arange(len(bits))[None, :]
        for j in range(len(caps)):
            take = (cols >= (ends[:, j] - c[:, j])[:, None]) & (cols < ends[:, j][:, None])
            hands[j] |= np.where(take, dealt, U64(0)).sum(axis=1, dtype=U64)
    return hands


def _trick_hidden(obs, deck_size: int, n: int, rng) -> list[dict[int, list[Card]]]:
    """Variety / Warsaw Hearts: ``n`` deals of the unseen cards to the other seats."""
    _, order = played_by_seat(obs)
    seen = set(obs.hand) | set(order)
    unseen = [c for c in deck(deck_size) if c not in seen]
    others = [s for s in range(obs.players) if s != obs.seat]
    if not unseen:
        return [{s: [] for s in others} for _ in range(n)]
    voids = shown_voids(obs)
    bits = np.array([1 << c.index for c in unseen], dtype=np.uint64)
    hidden = deal_hidden(bits, [c.suit for c in unseen], [obs.hand_sizes[s] for s in others],
                         [voids.get(s, set()) for s in others], n, rng)
    idx = np.array([c.index for c in unseen], dtype=np.uint64)
    has = (hidden[:, :, None] >> idx[None, None, :]) & np.uint64(1)      # (others, n, unseen)
    return [{s: [unseen[b] for b in np.flatnonzero(has[j, i])] for j, s in enumerate(others)}
            for i in range(n)]


# ---- Armenian Durak --------------------------------------------------------------------------------

def _durak_public(obs):
    """What the observation shows of the opponent's play (RULES.md §3.3), read from its
    history: the times (action numbers) it showed it held no card of some suits (it did
    not follow), drew a face-down card (with the stack), and played a card from its hand;
    and the fan place of the trump draw (or None)."""
    from ..games.armenian_durak import Draw, PickTrump
    opp = 1 - obs.seat
    voids, draws, played, pick = [], [], [], None
    led = None
    for t, e in enumerate(obs.history):
        a = e.action
        if isinstance(a, PickTrump):
            pick = a.index
        elif isinstance(a, Draw):
            if e.seat == opp and a.stack is not None:
                draws.append((t, a.stack))
        elif isinstance(a, Card):
            if led is not None and e.seat == opp:
                follow = {obs.trump} if led.suit == obs.trump else {led.suit, obs.trump}
                if a.suit not in follow:
                    voids.append((t, follow))
            if e.seat == opp and e.stack is None:
                played.append((t, a))
            led = a if led is None else None
    return voids, draws, played, pick


def _tag(voids, card, deadline) -> int:
    """The last time before ``deadline`` the opponent showed it held no card of
    ``card``'s suit (-1: never)."""
    t = -1
    for te, suits in voids:
        if te < deadline and card.suit in suits and te > t:
            t = te
    return t


def _match(items, draws, fan_card):
    """Which card each of the opponent's draws brought, or None if no history fits.

    ``items``: ``(card, tag, deadline)`` for every card the opponent has held in its hand
    (played from it, or held now, deadline ``inf``); a card with a tag >= 0 must have been
    drawn after its tag and before its deadline. Draws are served in time order, each by
    the waiting card with the earliest deadline, cards that must have been drawn first.
    """
    used = set()
    out = {}
    for t, _stack in draws:
        best = None
        for j, (card, tag, dl) in enumerate(items):
            if j in used or card == fan_card or not (tag < t < dl):
                continue
            key = (0 if tag >= 0 else 1, dl, j)
            if best is None or key < best[0]:
                best = (key, j)
        if best is None:
            return None
        used.add(best[1])
        out[t] = items[best[1]][0]
    if any(tag >= 0 and j not in used for j, (_, tag, _) in enumerate(items)):
        return None
    return out


def _durak_hidden(obs, n: int, rng) -> list[dict]:
    """Armenian Durak: ``n`` placements of the unseen cards (the opponent's hand, every
    face-down card, the cards its draws took), uniform over the current placements that
    fit the opponent's play; each a ``hidden`` of ``State.from_observation``."""
    from ..games.armenian_durak import STACKS
    opp = 1 - obs.seat
    voids, draws, played, _pick = _durak_public(obs)
    visible = set(obs.hand) | set(obs.trick)
    for p in range(2):
        visible.update(c for c in obs.face_up[p] if c is not None)
        visible.update(obs.taken[p])
    unknown = [c for c in deck(obs.rules.deck) if c not in visible]
    hand_n = obs.hand_sizes[opp]
    downs = [(p, i) for p in range(2) for i in range(STACKS) if obs.face_down[p][i]]
    fan_card = obs.trump_card if obs.dealer == opp else None  # never drawn: dealt to the hand
    pinned = fan_card if fan_card in unknown else None
    inf = len(obs.history) + 1
    fixed_items = [(c, _tag(voids, c, t), t) for t, c in played]
    # cards that cannot be in the opponent's hand: shown void with no draw since
    last_draw = max((t for t, _ in draws), default=-1)
    forced = [c for c in unknown if c != pinned and _tag(voids, c, inf) > max(last_draw, -1)]
    free = [c for c in unknown if c != pinned and c not in forced]
    if len(forced) > len(downs):  # pragma: no cover - a history the engine cannot make
        raise StateError("worlds: the opponent's play fits no deal of the unseen cards")
    out = []
    for _ in range(n):
        for _attempt in range(2000):
            slots = list(range(hand_n + len(downs)))  # 0..hand_n-1: opponent's hand
            place = {}
            if pinned is not None:
                place[pinned] = 0
                slots.remove(0)
            down_free = [s for s in slots if s >= hand_n]
            pick_f = rng.permutation(len(down_free))[:len(forced)]
            for c, j in zip(forced, pick_f):
                place[c] = down_free[j]
            taken_slots = set(place.values())
            rest = [s for s in slots if s not in taken_slots]
            perm = rng.permutation(len(rest))
            for c, j in zip(free, perm):
                place[c] = rest[j]
            hand = sorted((c for c, s in place.items() if s < hand_n), key=lambda c: (c.suit, -c.rank))
            items = fixed_items + [(c, _tag(voids, c, inf), inf) for c in hand]
            m = _match(items, draws, fan_card)
            if m is not None:
                break
        else:  # pragma: no cover - only with very tight constraints
            raise StateError("worlds: no deal of the unseen cards fits the opponent's play after 2000 attempts")
        down: list[list[Card | None]] = [[None] * STACKS, [None] * STACKS]
        for c, s in place.items():
            if s >= hand_n:
                p, i = downs[s - hand_n]
                down[p][i] = c
        out.append({"hand": hand, "down": down, "drawn": [m[t] for t, _ in draws]})
    return out


def durak_hidden_bits(obs, cards, bit_of, n: int, rng) -> tuple[np.ndarray, np.ndarray]:
    """Armenian Durak, for a batched simulator: ``n`` placements of the unseen cards as
    bit numbers, with the distribution of :func:`hidden_hands` (uniform over the current
    placements that fit the opponent's play).

    :param cards: the simulator's cards, in its order; ``bit_of[i]`` the bit of ``cards[i]``.
    :returns: ``(hand, down)``: ``hand`` shape (n,) uint64, the opponent's hand masks (the
        trump card drawn from its fan included while unplayed); ``down`` shape (2, 6, n)
        int16, the bit of each face-down card, -1 where a stack has none.

    While the opponent has shown no void, the unseen cards other than the pinned trump card
    are one shuffle (``deal_bits``) per sample: the opponent's hand first, then the seat's
    own face-down cards and the opponent's, stack by stack; otherwise each placement is
    dealt as :func:`hidden_hands` deals it (draw by draw).
    """
    from ..games.armenian_durak import STACKS
    n = int(n)  # checked by the caller (the advisor allows more samples than worlds)
    me, opp = obs.seat, 1 - obs.seat
    idx = {c: i for i, c in enumerate(cards)}
    bits = np.asarray(bit_of)
    seen = set(obs.hand) | set(obs.trick)
    for p in range(2):
        seen.update(c for c in obs.face_up[p] if c is not None)
        seen.update(obs.taken[p])
    hand = np.zeros(n, dtype=U64)
    down = np.full((2, STACKS, n), -1, dtype=np.int16)
    voids = _durak_public(obs)[0]
    if not voids:
        fixed = []
        if obs.trump_card is not None and obs.dealer == opp and obs.trump_card not in seen:
            fixed = [obs.trump_card]        # back in the dealer's hand, not played yet (§3.2)
        seen |= set(fixed)
        unseen = np.array([i for i, c in enumerate(cards) if c not in seen], dtype=np.int64)
        h_opp = obs.hand_sizes[opp] - len(fixed)
        rows = deal_bits(n, bits[unseen].astype(np.int16), rng).astype(np.int64)   # (n, unseen)
        hand[:] = (U64(1) << rows[:, :h_opp].astype(U64)).sum(axis=1, dtype=U64)
        if fixed:
            hand |= U64(1) << U64(bits[idx[fixed[0]]])
        col = h_opp
        for s in (me, opp):
            for i in range(STACKS):
                if obs.face_down[s][i]:
                    down[s, i] = rows[:, col]
                    col += 1
        return hand, down
    for k, h in enumerate(_durak_hidden(obs, n, rng)):
        for c in h["hand"]:
            hand[k] |= U64(1) << U64(bits[idx[c]])
        for s in (0, 1):
            for i, c in enumerate(h["down"][s]):
                if c is not None:
                    down[s, i, k] = bits[idx[c]]
    return hand, down


# ---- every game ------------------------------------------------------------------------------------

def hidden_hands(obs, n: int, rng) -> list:
    """``n`` deals of the cards seat ``obs.seat`` cannot see, uniformly over those that
    agree with ``obs`` (see the module's text): each the ``hidden`` argument of the game's
    ``State.from_observation(obs, hidden)``. Variety and Warsaw Hearts: ``{seat: cards}``
    for every other seat (its hand now). Armenian Durak: ``{"hand": the
    opponent's hand now, "down": per seat six face-down cards or None, "drawn": the card
    of each of the opponent's draws}``.

    :param n: a whole number 0..:data:`MAX_WORLDS`.
    :param rng: a :class:`numpy.random.Generator` or an int.
    :raises StateError: for an observation of another kind.
    :raises CardkitError: for a bad ``n`` or ``rng``, or an observation no deal fits.
    """
    game = _game(obs)
    n = check_worlds(n)
    rng = as_generator(rng)
    if game == "armenian_durak":
        return _durak_hidden(obs, n, rng)
    return _trick_hidden(obs, 52 if game == "variety" else 36, n, rng)


#: the phases in which worlds are dealt: the play (Durak's draw included) and after it
_PHASES = ("play", "draw", "over")


def sample_worlds(obs, n: int, rng) -> list:
    """``n`` full states that seat ``obs.seat`` cannot tell from the deal it observes:
    :func:`hidden_hands` made into states by the game's ``State.from_observation`` (each
    a deal rebuilt from its start and replayed: ``undo_action``, ``to_json`` work on it;
    ``seed`` None). Each world's ``observation(obs.seat)`` equals ``obs``.

    :param obs: ``state.observation(seat)`` of one of the three games, in the play or over.
    :param n: a whole number 0..:data:`MAX_WORLDS` (10,000).
    :param rng: a :class:`numpy.random.Generator` or an int.
    :raises StateError: for an observation outside the play (Variety's bidding, Durak's
        trump draw) or of another kind.
    :raises CardkitError: for a bad ``n`` or ``rng``, before any world is dealt.
    """
    game = _game(obs)
    n = check_worlds(n)
    rng = as_generator(rng)
    if obs.phase not in _PHASES:
        raise StateError(f"worlds are dealt during the play, not in phase {obs.phase!r}")
    state_class: Any = game_entry(game).engine().State
    return [state_class.from_observation(obs, h) for h in hidden_hands(obs, n, rng)]

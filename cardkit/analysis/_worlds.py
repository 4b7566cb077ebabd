"""Worlds from one seat's view: full deals that agree with everything that seat knows.

Only an observation is read (``state.observation(seat)`` or a bot's observation), so
two states that differ only in cards the seat cannot see give identical worlds with the
same random numbers (STYLE.md rule 6).
"""

from __future__ import annotations

import numpy as np

from .._checks import check_count
from ..cards import Card, deck
from ..errors import StateError
from ..notation import sort_hand
from ..tricks import Trick

__all__ = ["hidden_hands", "trick_worlds", "world_from_observation", "MAX_WORLDS"]

#: The most worlds one call of a game's ``sample_worlds`` deals (and :func:`cardkit.analysis.
#: estimate` values). Measured (2 cores), 10,000 worlds late in a deal: Variety about 2.6 s
#: and 72 MB, Warsaw Hearts 2.8 s and 48 MB, Armenian Durak (each world a replayed deal)
#: 17 s and 160 MB. ``n=10**30`` once ran past 60 s and 24 GB before this bound.
MAX_WORLDS = 10_000


def _check_n(n) -> int:
    """``n`` worlds: a whole number 0..:data:`MAX_WORLDS`.

    :raises CardkitError: for anything else, before any world is dealt.
    """
    return check_count(n, "n", 0, MAX_WORLDS, "worlds; cardkit.analysis.MAX_WORLDS")


def hidden_hands(obs, deck_size: int, n: int, rng) -> list[dict[int, list[Card]]]:
    """For Variety and Warsaw Hearts: ``n`` deals of the cards ``obs.seat`` cannot see to
    the other seats, as many as each holds, none of a suit a seat has shown void in
    (RULES.md §1.5, §2.1: follow suit if able), uniformly over the consistent deals
    (:func:`cardkit.advisor._deal_hidden`).

    :returns: one ``{seat: cards}`` per world, for every seat but ``obs.seat``.
    :raises CardkitError: when no deal agrees with the voids shown.
    """
    from ..advisor import _deal_hidden, _played_by_seat, shown_voids
    _, order = _played_by_seat(obs)
    seen = set(obs.hand) | set(order)
    unseen = [c for c in deck(deck_size) if c not in seen]
    others = [s for s in range(obs.players) if s != obs.seat]
    sizes = [obs.hand_sizes[s] for s in others]
    if not unseen:
        return [{s: [] for s in others} for _ in range(n)]
    voids = shown_voids(obs)
    bits = np.array([1 << c.index for c in unseen], dtype=np.uint64)
    hidden = _deal_hidden(bits, [c.suit for c in unseen], sizes, [voids.get(s, set()) for s in others], n, rng)
    idx = np.array([c.index for c in unseen], dtype=np.uint64)
    out = []
    for i in range(n):
        w = {}
        for j, s in enumerate(others):
            h = hidden[j, i]
            w[s] = [c for c, b in zip(unseen, idx) if (h >> b) & np.uint64(1)]
        out.append(w)
    return out


def trick_worlds(state, seat: int, n: int, rng, deck_size: int) -> list:
    """Variety / Warsaw Hearts worlds: clones of ``state`` whose hidden hands are
    replaced by :func:`hidden_hands` (``initial_hands`` to match, ``seed`` None)."""
    from ..advisor import _played_by_seat
    from ..dealing import as_generator
    n = _check_n(n)
    rng = as_generator(rng)
    obs = state.observation(seat)
    by, _ = _played_by_seat(obs)
    worlds = []
    for hands in hidden_hands(obs, deck_size, n, rng):
        w = state.clone()
        w.seed = None
        for s, cards in hands.items():
            w.hands[s] = sort_hand(cards)
            w.initial_hands[s] = tuple(sort_hand(cards + list(by.get(s, []))))
        worlds.append(w)
    return worlds


def world_from_observation(obs, rng):
    """One full state that agrees with ``obs`` (hidden cards dealt at random): the
    stand-in a bot gives to a game's ``sample_worlds``, which deals the hidden cards
    again for each world, so the stand-in's hidden cards never matter.

    :raises StateError: for an observation outside the play (Variety's bidding, Durak's
        trump draw) or of an unknown game.
    """
    from ..games import armenian_durak as D, variety as V, warsaw_hearts as W
    if isinstance(obs, V.Observation):
        return _replayed(obs, V, 52, rng)
    if isinstance(obs, W.Observation):
        return _replayed(obs, W, 36, rng)
    if isinstance(obs, D.Observation):
        return _durak_snapshot(obs, rng)
    raise StateError(f"no worlds for an observation of type {type(obs).__name__}")


def _replayed(obs, module, deck_size, rng):
    """Variety or Warsaw Hearts: the deal replayed from its start with sampled hands."""
    from ..advisor import _played_by_seat
    if obs.phase not in ("play", "over"):
        raise StateError(f"worlds are dealt during the play, not in phase {obs.phase!r}")
    by, order = _played_by_seat(obs)
    hands = hidden_hands(obs, deck_size, 1, rng)[0]
    hands[obs.seat] = list(obs.hand)
    initial = [list(hands[s]) + list(by.get(s, [])) for s in range(obs.players)]
    if module.__name__.endswith("variety"):
        st = module.new_deal(initial, dealer=obs.dealer, rules=obs.rules)
        for b in obs.bids:
            st.apply_action(b)
    else:
        st = module.new_deal(initial, dealer=obs.dealer, rules=obs.rules, players=obs.players)
    for c in order:
        st.apply_action(c)
    return st


def _durak_snapshot(obs, rng):
    """Armenian Durak: a state built from the observation as it stands (the opponent's hand
    and every face-down card dealt at random from the unseen cards, the drawn trump card in
    the dealer's hand while unplayed, RULES.md §3.2). It has no history: it can be
    analysed and played on, not undone or saved."""
    from ..dealing import as_generator
    from ..games import armenian_durak as D
    rng = as_generator(rng)
    if obs.phase not in ("play", "draw", "over"):
        raise StateError(f"worlds are dealt during the play, not in phase {obs.phase!r}")
    rules = obs.rules
    opp = 1 - obs.seat
    played = [c for t in obs.tricks for c in t[1]] + list(obs.trick)
    seen = set(obs.hand) | {c for s in obs.face_up for c in s if c is not None} | set(played)
    unseen = [c for c in deck(rules.deck) if c not in seen]
    perm = [unseen[i] for i in rng.permutation(len(unseen))]
    need_opp = obs.hand_sizes[opp]
    if obs.trump_card is not None and obs.trump_card in perm and obs.dealer == opp:
        perm.remove(obs.trump_card)
        perm.insert(0, obs.trump_card)
    hand_opp, rest = perm[:need_opp], perm[need_opp:]
    st = object.__new__(D.State)
    st.players = 2
    st.rules = rules
    st.dealer = obs.dealer
    st.seed = None
    st.hands = [None, None]
    st.hands[obs.seat] = list(obs.hand)
    st.hands[opp] = sorted(hand_opp, key=D._sort_key)
    st.up = [list(obs.face_up[0]), list(obs.face_up[1])]
    st.down = [[None] * D.STACKS, [None] * D.STACKS]
    k = 0
    for s in range(2):
        for i, has in enumerate(obs.face_down[s]):
            if has:
                st.down[s][i] = rest[k]
                k += 1
    st.layout = []
    st.fan = ()
    st.tricks = []
    for leader, cards, winner in obs.tricks:
        st.tricks.append(Trick(leader, 2, list(cards), winner))
    st.taken = [list(obs.taken[0]), list(obs.taken[1])]
    st.history = []
    st.given_trump = obs.trump
    st.trump = obs.trump
    st.trump_card = obs.trump_card
    st._scores = None
    st.phase = obs.phase
    st.current_player = obs.current_player
    st._resume = None
    if obs.phase == "over":
        st._scores = D.score_deal(st.taken, st.trump, rules)
        return st
    if obs.trick_leader is not None:
        st.tricks.append(Trick(obs.trick_leader, 2, list(obs.trick), None))
    if obs.phase == "draw":
        # the drawer played from the hand; play resumes with the other seat in the trick,
        # or with the leader of the next trick
        # (it led: the opponent replies; it completed a trick: the winner leads next)
        st._resume = (1 - obs.current_player) if obs.trick else obs.trick_leader
    return st

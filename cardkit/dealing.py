"""Randomness, shuffling, dealing and the cut for the dealer.

Randomness is explicit (STYLE.md rule 5): every function takes a seed or a
:class:`numpy.random.Generator`; nothing touches global random state. Shuffles are
``Generator.permutation``, so a seed gives the same deal on every machine with the same
numpy bit generator (PCG64).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .cards import Card

__all__ = ["as_generator", "shuffled", "deal_hands", "cut_for_dealer", "Seed"]

Seed = "int | np.random.Generator | None"


def as_generator(seed: int | np.random.Generator | None = None) -> np.random.Generator:
    """A :class:`numpy.random.Generator`: ``seed`` itself if it is one, else
    ``numpy.random.default_rng(seed)`` (``None`` draws fresh entropy from the OS).

    :raises ValueError: for a seed that is neither None, an int >= 0 nor a Generator.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0):
        return np.random.default_rng(None if seed is None else int(seed))
    raise ValueError(f"seed {seed!r}: expected a whole number >= 0, None, or a numpy Generator")


def shuffled(cards: Sequence[Card], rng: np.random.Generator) -> list[Card]:
    """A new list of ``cards`` in a random order drawn with ``rng.permutation``."""
    return [cards[i] for i in rng.permutation(len(cards))]


def deal_hands(cards: Sequence[Card], players: int, per_player: int,
               rng: np.random.Generator) -> list[list[Card]]:
    """Shuffle ``cards`` and deal ``per_player`` cards to each of ``players`` seats.

    Seat ``s`` gets cards ``s*per_player .. (s+1)*per_player - 1`` of the shuffled pack
    (dealing one at a time round the table gives the same distribution).
    """
    pack = shuffled(cards, rng)
    return [pack[s * per_player:(s + 1) * per_player] for s in range(players)]


def cut_for_dealer(players: int, cards: Sequence[Card], rng: np.random.Generator, *,
                   lowest: bool = False) -> tuple[int, list[dict[int, Card]]]:
    """The cut for the first dealer (RULES.md, "Common conventions", §1.1, §2.1).

    Each player draws one card from the shuffled pack; the highest rank deals (the lowest
    with ``lowest=True``, as in Warsaw Hearts). Suits do not break ties: **default**, only
    the tied players draw again, from the cards still in the pack.

    :returns: ``(dealer, rounds)``; each round maps seat -> the card it drew.
    """
    pack = shuffled(cards, rng)
    drawing = list(range(players))
    rounds: list[dict[int, Card]] = []
    while True:
        if len(pack) < len(drawing):  # a long run of ties: draw from a fresh pack
            pack = shuffled(cards, rng)
        draw = {s: pack.pop() for s in drawing}
        rounds.append(draw)
        ranks = [c.rank for c in draw.values()]
        best = min(ranks) if lowest else max(ranks)
        drawing = [s for s, c in draw.items() if c.rank == best]
        if len(drawing) == 1:
            return drawing[0], rounds

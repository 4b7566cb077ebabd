"""Randomness, shuffling, dealing and the cut for the dealer.

Randomness is explicit (STYLE.md rule 5): every function takes a seed or a
:class:`numpy.random.Generator`; nothing touches global random state. Shuffles are
``Generator.permutation``, so a seed gives the same deal on every machine with the same
numpy bit generator (PCG64).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._checks import is_whole
from .cards import Card
from .errors import CardkitError, NotationError, quote
from .notation import check_deck, parse_hand

__all__ = ["as_generator", "shuffled", "deal_hands", "cut_for_dealer", "check_hands", "check_seat",
           "check_rules", "Seed"]

Seed = "int | np.random.Generator | None"


def as_generator(seed: int | np.random.Generator | None = None) -> np.random.Generator:
    """A :class:`numpy.random.Generator`: ``seed`` itself if it is one, else
    ``numpy.random.default_rng(seed)`` (``None`` draws fresh entropy from the OS).

    :raises CardkitError: (a ValueError) for a seed that is neither None, an int >= 0
        nor a Generator (a bool, a float, text, a negative number).
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or (is_whole(seed) and seed >= 0):
        return np.random.default_rng(None if seed is None else int(seed))
    raise CardkitError(f"seed {quote(seed)}: expected a whole number >= 0, None, or a numpy Generator")


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


_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def check_seat(seat, players: int, what: str = "seat") -> int:
    """``seat`` as an int, checked to be a seat 0..players-1.

    :raises CardkitError: for anything else (a bool, a float, a seat out of range), quoting
        it: "dealer 5: expected a seat 0..3".
    """
    if not is_whole(seat) or not 0 <= seat < players:
        raise CardkitError(f"{what} {quote(seat)}: expected a seat 0..{players - 1}")
    return int(seat)


def check_rules(rules, rules_class: type, game: str, default=None):
    """``rules`` checked to be the game's own ``Rules`` object; None gives ``default`` (or
    ``rules_class()``). Every ``new_deal``, ``Game``, scoring helper and simulator calls it
    first, so a wrong object fails at once, before any state changes.

    :raises CardkitError: for anything else (text, a dict, another game's Rules), naming
        the class expected: "rules 'x': expected Variety's Rules (cardkit.games.variety.Rules) or None".
    """
    if rules is None:
        return rules_class() if default is None else default
    if not isinstance(rules, rules_class):
        raise CardkitError(f"rules {quote(rules)}: expected {game}'s Rules "
                           f"({rules_class.__module__}.{rules_class.__qualname__}) or None")
    return rules


def check_hands(hands, players: int, per_player: int, deck_size: int = 52, *,
                game: str = "this game", rule: str = "") -> list[list[Card]]:
    """Read and check the hands of a deal given by hand (RULES.md, "Common conventions").

    :param hands: one hand per seat, each a PBN string (``"AK73.AQ5.KJ4.AQ9"``) or a list
        of cards / card strings.
    :param players: how many hands there must be.
    :param per_player: how many cards each hand must hold.
    :param deck_size: 52 or 36; every card must belong to that deck
        (:func:`cardkit.notation.check_deck`).
    :param game: the game's name, for messages ("Variety deals 13 to each").
    :param rule: the RULES.md section that fixes the deal, for messages.
    :returns: ``players`` lists of cards, each sorted in display order.
    :raises NotationError: for the wrong number of hands, bad notation, a hand of the wrong
        size, a card outside the deck or a card dealt twice; the message names the seat and
        quotes the hand.
    """
    word = _COUNT_WORDS.get(players, str(players))
    if isinstance(hands, str) or not hasattr(hands, "__len__") or len(hands) != players:
        raise NotationError(f"hands {quote(hands)}: expected {word} hands, one per seat 0..{players - 1}")
    ref = f" ({rule})" if rule else ""
    parsed = []
    for s, h in enumerate(hands):
        try:
            cards = parse_hand(h)
            check_deck(cards, deck_size, what=f"hand {quote(h)}")
        except NotationError as e:
            raise NotationError(f"seat {s}: {e}") from None
        if len(cards) != per_player:
            raise NotationError(
                f"seat {s}: hand {quote(h)} has {len(cards)} cards; {game} deals {per_player} to each{ref}")
        parsed.append(cards)
    seen: dict[Card, int] = {}
    for s, cards in enumerate(parsed):
        for c in cards:
            if c in seen:
                raise NotationError(f"{c} is dealt twice, to seats {seen[c]} and {s}")
            seen[c] = s
    return parsed

"""Armenian Durak with trumps: the deal (RULES.md §3.2).

The order in which the dealer deals a pack into the two tableaux and hands
(:func:`dealing_steps`, :func:`deal_layout`), the choice of the first dealer
(:func:`first_dealer`), and the check of a layout given card by card (``parse_layout``,
read by :func:`cardkit.games.armenian_durak.new_deal`). Reads the rules from
:mod:`cardkit.games.armenian_durak_rules`; every name here is importable from
:mod:`cardkit.games.armenian_durak` as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardkit.core.cards import Card, deck
from cardkit.core.dealing import as_generator, shuffled
from cardkit.core.errors import CardkitError, NotationError, quote
from cardkit.core.notation import check_deck, parse_cards

from .armenian_durak_rules import PLAYERS, STACKS, Rules, check_durak_seat, checked_rules

__all__ = ["dealing_steps", "deal_layout", "first_dealer", "parse_layout"]


def dealing_steps(pack: Sequence[Card], dealer: int = 0, rules: Rules | None = None
                  ) -> Iterator[tuple[int, str, int, Card]]:
    """The deal of RULES.md §3.2, card by card, from ``pack`` (top card first).

    The dealer deals one card at a time, to themself first, then the opponent, in three
    rounds: 6 cards each face down in a row (the tableau), 6 each (14 with 52 cards) into
    a pile that becomes the hand, 6 each face up, one on each face-down card.

    :returns: an iterator of ``(seat, place, position, card)``; ``place`` is ``"down"``,
        ``"hand"`` or ``"up"``; ``position`` is the stack (0..5) or the place in the hand.
    :raises CardkitError: for a pack that is not the rules' whole deck, or a bad dealer.
    """
    rules = checked_rules(rules)
    check_durak_seat(dealer, "dealer")
    if isinstance(pack, (str, bytes)) or not isinstance(pack, (Sequence, Iterator)):
        raise CardkitError(f"pack {quote(pack)}: expected a list of the {rules.deck} cards, top card first "
                           f"(RULES.md §3.2)")
    pack = list(pack)
    if not all(isinstance(c, Card) for c in pack):
        raise CardkitError(f"pack: {quote(next(c for c in pack if not isinstance(c, Card)))} is not a Card; "
                           f"expected the {rules.deck}-card deck once (RULES.md §3.1)")
    if len(pack) != rules.deck or set(pack) != set(deck(rules.deck)):
        raise CardkitError(f"pack of {len(pack)} cards: expected the {rules.deck}-card deck once (RULES.md §3.1)")
    order = (dealer, 1 - dealer)
    i = 0
    for place, n in (("down", STACKS), ("hand", rules.hand_size), ("up", STACKS)):
        for pos in range(n):
            for seat in order:
                yield seat, place, pos, pack[i]
                i += 1


def deal_layout(pack: Sequence[Card], dealer: int = 0, rules: Rules | None = None) -> list[dict]:
    """The layout that :func:`dealing_steps` gives: for seats 0 and 1 a dict with
    ``"hand"`` (cards in the order dealt), ``"down"`` and ``"up"`` (6 cards each, by stack).
    This is the ``layout`` argument of :func:`new_deal`.

    :raises CardkitError: as :func:`dealing_steps`.
    """
    out: list[dict[str, list[Card]]] = [{"hand": [], "down": [], "up": []} for _ in range(PLAYERS)]
    for seat, place, _, card in dealing_steps(pack, dealer, rules):
        out[seat][place].append(card)
    return out


def first_dealer(seed=None, rules: Rules | None = None) -> tuple[int, list[tuple[int, Card]]]:
    """Choose the dealer for a game, RULES.md §3.2: cards are turned face up one at a
    time, to seat 0, seat 1, seat 0, ...; the first player to receive a six deals
    (``deck=52``: a two, **default**).

    :param seed: an int or :class:`numpy.random.Generator`.
    :returns: ``(dealer, turned)``: the cards turned, as ``(seat, card)`` in order.
    """
    rules = checked_rules(rules)
    pack = shuffled(deck(rules.deck), as_generator(seed))
    turned = []
    for i, card in enumerate(pack):
        turned.append((i % PLAYERS, card))
        if card.rank == rules.special:
            return i % PLAYERS, turned
    raise AssertionError("a deck always holds the special rank")  # pragma: no cover


def parse_layout(layout, rules: Rules) -> list[dict]:
    if isinstance(layout, (str, dict)) or not hasattr(layout, "__len__") or len(layout) != PLAYERS:
        raise NotationError(f"layout {quote(layout)}: expected two entries, one per seat, each "
                            "{'hand': ..., 'down': ..., 'up': ...} or (hand, down, up)")
    out = []
    seen: dict[Card, int] = {}
    for s, entry in enumerate(layout):
        if isinstance(entry, dict):
            try:
                parts = entry["hand"], entry["down"], entry["up"]
            except KeyError as e:
                raise NotationError(f"layout, seat {s}: missing {quote(e.args[0])}; "
                                    f"expected keys 'hand', 'down', 'up'") from None
        elif isinstance(entry, (list, tuple)) and len(entry) == 3:
            parts = tuple(entry)
        else:
            raise NotationError(f"layout, seat {s}: {quote(entry)}: expected (hand, down, up)")
        got = {}
        for name, part, n in zip(("hand", "down", "up"), parts, (rules.hand_size, STACKS, STACKS)):
            try:
                cards = parse_cards(part)
            except NotationError as e:
                raise NotationError(f"layout, seat {s}, {name}: {e}") from None
            if len(cards) != n:
                raise NotationError(f"layout, seat {s}, {name}: {len(cards)} cards given, {n} expected "
                                    f"with the {rules.deck}-card deck (RULES.md §3.2)")
            check_deck(cards, rules.deck, f"layout, seat {s}, {name}")
            for c in cards:
                if c in seen:
                    raise NotationError(f"layout: {c} is dealt twice (seats {seen[c]} and {s})")
                seen[c] = s
            got[name] = cards
        out.append(got)
    return out


# Older private names of the public ones above, for code written before they were public.
_parse_layout = parse_layout

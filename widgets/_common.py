"""Helpers shared by the table widgets: card and suit display, seat names and positions,
compact layouts, and one-line error messages.

Nothing here knows a game's rules: the widgets only call the state protocol of
:mod:`cardkit.state` (``legal_actions``, ``apply_action``, ``undo_action``,
``observation``, ``returns``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W

from cardkit.cards import Card, Rank, Suit

__all__ = [
    "RED", "BLACK", "BUTTON_WIDTH", "BUTTON_HEIGHT", "ranks_for", "suit_html", "card_html",
    "seat_names", "seat_positions", "one_line", "card_button_layout", "SUIT_NAMES",
]

RED = "#c62828"
BLACK = "#1a1a1a"
BUTTON_WIDTH = "2.6em"
BUTTON_HEIGHT = "2.1em"
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


def ranks_for(deck_size: int) -> tuple[Rank, ...]:
    """The ranks of a ``deck_size``-card deck, ace first: 13 ranks A..2 for 52 cards, 9
    ranks A..6 for 36 (RULES.md §2.1, §3.1).

    :raises CardkitError: for another deck size.
    """
    from cardkit.errors import CardkitError

    if deck_size == 52:
        low = Rank.TWO
    elif deck_size == 36:
        low = Rank.SIX
    else:
        raise CardkitError(f"deck size {deck_size!r}: the table widgets know the 52- and 36-card decks")
    return tuple(r for r in sorted(Rank, reverse=True) if r >= low)


def suit_colour(suit: Suit) -> str:
    return RED if suit.is_red else BLACK


def suit_html(suit: Suit, *, size: str | None = None) -> str:
    """The suit symbol in its colour, with the suit's name as a tooltip."""
    style = f"color:{suit_colour(suit)};font-weight:bold"
    if size:
        style += f";font-size:{size}"
    return f'<span title="{SUIT_NAMES[suit]}" style="{style}">{suit.symbol}</span>'


def card_html(card: Card | None, *, size: str | None = None) -> str:
    """``Q♥`` in the suit's colour (red for ♥ ♦); ``—`` for None. The text says the card,
    the colour only repeats the suit."""
    if card is None:
        return "—"
    style = f"color:{suit_colour(card.suit)};font-weight:bold;white-space:nowrap"
    if size:
        style += f";font-size:{size}"
    return f'<span style="{style}">{html.escape(str(card))}</span>'


def seat_names(players: int, names: Sequence[str] | None = None, viewer: int | None = None) -> list[str]:
    """Names for seats 0..players-1.

    Default (``names`` None): the viewer is "You" and the others are named by where they
    sit from the viewer (4 seats: West on the left, North opposite, East on the right;
    3 seats: Left, Right; 2 seats: Opponent). With no viewer: "Seat 0", "Seat 1", ...

    :raises CardkitError: when ``names`` is not one name per seat.
    """
    from cardkit.errors import CardkitError

    if names is not None:
        names = [str(n) for n in names]
        if len(names) != players:
            raise CardkitError(f"names {names!r}: expected {players} names, one per seat")
        return names
    if viewer is None:
        return [f"Seat {s}" for s in range(players)]
    around = {2: ["You", "Opponent"], 3: ["You", "Left", "Right"],
              4: ["You", "West", "North", "East"]}[players]
    return [around[(s - viewer) % players] for s in range(players)]


def seat_positions(players: int, viewer: int = 0) -> dict[int, str]:
    """Where each seat sits on screen, seen from ``viewer`` at the bottom: play goes
    clockwise, so the next seat (``viewer + 1``) is on the left (RULES.md, "Common
    conventions"). Values are ``"bottom"``, ``"left"``, ``"top"``, ``"right"``.
    """
    order = {2: ["bottom", "top"], 3: ["bottom", "left", "right"],
             4: ["bottom", "left", "top", "right"]}
    if players not in order:
        from cardkit.errors import CardkitError

        raise CardkitError(f"players {players!r}: the table widgets seat 2, 3 or 4 players")
    return {s: order[players][(s - viewer) % players] for s in range(players)}


def one_line(exc: BaseException) -> str:
    """An exception as one line of text for a status line (never a traceback)."""
    text = str(exc).strip().splitlines()
    msg = text[0] if text else type(exc).__name__
    return msg


def card_button_layout(width: str = BUTTON_WIDTH) -> W.Layout:
    return W.Layout(width=width, height=BUTTON_HEIGHT, padding="0px", margin="1px")

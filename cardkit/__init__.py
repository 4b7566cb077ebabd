"""cardkit: rule engines for Variety, Warsaw Hearts and Armenian Durak with trumps.

Pure Python and numpy; never imports any UI code. The rules are in RULES.md (cited by
section in every docstring).

>>> from cardkit import parse_card, parse_hand
>>> str(parse_card("10h"))
'T♥'
"""

from .core.cards import Card, Rank, Suit, deck
from .core.errors import CardkitError, IllegalActionError, NotationError, StateError
from .core.notation import format_cards, format_hand, parse_card, parse_cards, parse_hand, sort_hand
from .core.tricks import Trick, winning_index

__all__ = [
    "Card", "Rank", "Suit", "deck",
    "CardkitError", "IllegalActionError", "NotationError", "StateError",
    "parse_card", "parse_cards", "parse_hand", "format_hand", "format_cards", "sort_hand",
    "Trick", "winning_index",
]
__version__ = "0.1.0"

"""The games cardkit knows: one :class:`GameEntry` each, found by code letter or name
(:func:`game_entry`, as python-chess's ``find_variant``).

An entry says how deal codes (:mod:`cardkit.codes`), records and replays reach a game
generically: its letter and names, its numbers of players, the rule variants a deal code
carries (their values read from the game's ``Rules.choices``, so each list is written
once, in the rules), where the cards lie at the start of a deal, and how to deal one again.
:mod:`cardkit.codes` re-exports these names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .errors import NotationError, quote
from .games import armenian_durak as _durak, variety as _variety, warsaw_hearts as _hearts

__all__ = ["VariantOption", "GameEntry", "GAMES", "game_entry"]


@dataclass(frozen=True)
class VariantOption:
    """One rule variant that a deal code can carry: ``letter`` + index into ``values``.

    :ivar letter: the option's letter (upper case, not ``D`` or ``P``).
    :ivar field: the name of the field of the game's ``Rules``.
    :ivar values: the allowed values; ``values[0]`` is the **default**.
    :ivar deal: False: a field of ``Rules``; True: a keyword of the engine's ``new_deal``
        (Armenian Durak's given trump), kept in :attr:`DealSpec.extras`.
    """

    letter: str
    field: str
    values: tuple
    deal: bool = False


@dataclass(frozen=True)
class GameEntry:
    """How deal codes, records and replays reach one game (generic over the state protocol).

    :ivar letter: the code's first letter.
    :ivar name: ``State.game`` (``"variety"``).
    :ivar title: the English name.
    :ivar module: the engine's module name (``"cardkit.games.variety"``); :meth:`engine` returns it.
    :ivar players: the allowed numbers of players; the first is the default.
    :ivar variants: the rule variants a code carries.
    :ivar places: ``places(state) -> list of card lists``: where each card of the deck
        lies at the start of the deal (Variety: the four hands).
    :ivar place_sizes: ``place_sizes(players, rules) -> list of ints``.
    :ivar deck_size: ``deck_size(players, rules) -> int`` (52 or 36).
    :ivar from_places: ``from_places(module, places, dealer, rules, players) -> State``.
    :ivar from_seed: ``from_seed(module, seed, dealer, rules, players) -> State``.
    """

    letter: str
    name: str
    title: str
    module: str
    players: tuple[int, ...]
    variants: tuple[VariantOption, ...]
    places: Callable[[Any], list[list[Card]]]
    place_sizes: Callable[[int, Any], list[int]]
    deck_size: Callable[[int, Any], int]
    from_places: Callable[..., Any]
    from_seed: Callable[..., Any]

    def engine(self):
        """The engine module.

        :raises NotationError: when this installation has no engine for the game yet.
        """
        try:
            return importlib.import_module(self.module)
        except ImportError:
            raise NotationError(
                f"game {self.letter!r} ({self.title}) is not available in this version of cardkit") from None


GAMES: dict[str, GameEntry] = {}


def _register(entry: GameEntry) -> None:
    GAMES[entry.letter] = entry


_register(GameEntry(
    letter="V", name="variety", title="Variety", module="cardkit.games.variety",
    players=(4,),
    variants=(
        VariantOption("L", "lead", _variety.Rules.choices["lead"]),
        VariantOption("C", "contract_values", _variety.Rules.choices["contract_values"]),
        VariantOption("T", "tie", _variety.Rules.choices["tie"]),
    ),
    places=lambda s: [list(h) for h in s.initial_hands],
    place_sizes=lambda players, rules: [13] * 4,
    deck_size=lambda players, rules: 52,
    from_places=lambda m, places, dealer, rules, players: m.new_deal(places, dealer=dealer, rules=rules),
    from_seed=lambda m, seed, dealer, rules, players: m.new_deal(seed=seed, dealer=dealer, rules=rules),
))


_register(GameEntry(
    letter="W", name="warsaw_hearts", title="Warsaw Hearts", module="cardkit.games.warsaw_hearts",
    players=(4, 3),
    variants=(
        VariantOption("H", "double_honour_trick", _hearts.Rules.choices["double_honour_trick"]),
        VariantOption("B", "bonus_without_tricks", _hearts.Rules.choices["bonus_without_tricks"]),
        VariantOption("S", "settlement_bonus", _hearts.Rules.choices["settlement_bonus"]),
    ),
    places=lambda s: [list(h) for h in s.initial_hands],
    place_sizes=lambda players, rules: [rules.cards_per_player] * players,
    deck_size=lambda players, rules: 36,
    from_places=lambda m, places, dealer, rules, players: m.new_deal(places, dealer=dealer, rules=rules),
    from_seed=lambda m, seed, dealer, rules, players: m.new_deal(seed=seed, dealer=dealer, rules=rules),
))


def _durak_places(state) -> list[list[Card]]:
    # Every card is a place of its own: the order of the hand matters (the dealer's hand is
    # the fan the trump is drawn from, RULES.md §3.2), and each stack is a position.
    out = []
    for e in state.layout:
        for part in ("hand", "down", "up"):
            out += [[c] for c in e[part]]
    return out


def _durak_layout(places, rules) -> list[dict]:
    cards = [p[0] for p in places]
    n = rules.hand_size
    out, i = [], 0
    for _ in range(2):
        e = {}
        for part, k in (("hand", n), ("down", 6), ("up", 6)):
            e[part] = cards[i:i + k]
            i += k
        out.append(e)
    return out


_register(GameEntry(
    letter="D", name="armenian_durak", title="Armenian Durak", module="cardkit.games.armenian_durak",
    players=(2,),
    variants=(
        VariantOption("K", "deck", _durak.Rules.choices["deck"]),
        VariantOption("S", "trump_six_double", _durak.Rules.choices["trump_six_double"]),
        VariantOption("A", "draw_after", _durak.Rules.choices["draw_after"]),
        VariantOption("T", "trump", (None, "S", "H", "D", "C"), deal=True),
    ),
    places=_durak_places,
    place_sizes=lambda players, rules: [1] * rules.deck,
    deck_size=lambda players, rules: rules.deck,
    from_places=lambda m, places, dealer, rules, players, trump=None: m.new_deal(
        _durak_layout(places, rules), dealer=dealer, rules=rules, trump=trump),
    from_seed=lambda m, seed, dealer, rules, players, trump=None: m.new_deal(
        seed=seed, dealer=dealer, rules=rules, trump=trump),
))


def game_entry(game: str) -> GameEntry:
    """The :class:`GameEntry` for a code letter (``"V"``) or a game name (``"variety"``).

    :raises NotationError: for a game the kit does not know.
    """
    if isinstance(game, str):
        g = game.strip()
        if g.upper() in GAMES:
            return GAMES[g.upper()]
        for e in GAMES.values():
            if e.name == g.lower():
                return e
    known = ", ".join(f"{e.letter} ({e.title})" for e in GAMES.values())
    raise NotationError(f"game {quote(game)}: expected one of {known}")

"""The games cardkit knows: one :class:`GameEntry` each, found by code letter or name
(:func:`game_entry`, as python-chess's ``find_variant``), or by a state or observation
(:func:`entry_of`).

An entry is the one way to find each part of a game: its engine, rule bot, expert bot,
exact solver, batched simulator, world dealer and seat names, and how deal codes
(:mod:`cardkit.codes`), records and replays reach it generically: its letter and names, its
numbers of players, the rule variants a deal code carries (their values read from the
game's ``Rules.choices``, so each list is written once, in the rules), where the cards lie
at the start of a deal, and how to deal one again. The parts are named by text
(``"module:attribute"``) and imported on first use, so importing the registry imports no
game. :mod:`cardkit.codes` re-exports these names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cardkit.wording import SEAT_NAMES

from .cards import Card
from .errors import NotationError, StateError, quote

__all__ = ["VariantOption", "GameEntry", "GAMES", "game_entry", "entry_of", "load", "KERNEL_MODULES"]

#: Every module that defines numba kernels, compiled ahead by :mod:`cardkit.serving.prepare`
#: (``tests/test_prepare.py`` checks the list).
KERNEL_MODULES = (
    "cardkit.simulate._kernels",
    "cardkit.analysis._variety_kernel",
    "cardkit.analysis._hearts_kernel",
    "cardkit.analysis._durak_kernel",
)


def load(where: str) -> Any:
    """The object a ``"module:attribute"`` text names (``"module"`` alone: the module),
    imported now.

    >>> load("cardkit.cards:Card").__name__
    'Card'

    :raises ImportError: when the module is missing; AttributeError when it has no such name.
    """
    module, _, attr = where.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attr) if attr else found


@dataclass(frozen=True)
class VariantOption:
    """One rule variant that a deal code can carry: ``letter`` + index into ``values``.

    :ivar letter: the option's letter (upper case, not ``D`` or ``P``).
    :ivar field: the name of the field of the game's ``Rules``.
    :ivar values: the allowed values; ``values[0]`` is the **default** (an entry reads them
        from the game's ``Rules.choices`` unless it gives them).
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
    :ivar variant_fields: the rule variants a code carries, as ``(letter, field of Rules,
        values or None, deal)``: None reads the values from ``Rules.choices[field]``
        (:attr:`variants` has them as :class:`VariantOption`).
    :ivar places: ``places(state) -> list of card lists``: where each card of the deck
        lies at the start of the deal (Variety: the four hands).
    :ivar place_sizes: ``place_sizes(players, rules) -> list of ints``.
    :ivar deck_size: ``deck_size(players, rules) -> int`` (52 or 36).
    :ivar from_places: ``from_places(module, places, dealer, rules, players) -> State``.
    :ivar from_seed: ``from_seed(module, seed, dealer, rules, players) -> State``.
    :ivar parts: ``"module:attribute"`` texts of the game's parts, each loaded on first use
        by :meth:`part` (and the properties :attr:`rule_bot`, :attr:`expert_bot`,
        :attr:`solver`, :attr:`simulator`, :attr:`world_dealer`).
    """

    letter: str
    name: str
    title: str
    module: str
    players: tuple[int, ...]
    variant_fields: tuple[tuple[str, str, tuple | None, bool], ...]
    places: Callable[[Any], list[list[Card]]]
    place_sizes: Callable[[int, Any], list[int]]
    deck_size: Callable[[int, Any], int]
    from_places: Callable[..., Any]
    from_seed: Callable[..., Any]
    parts: dict[str, str] = field(default_factory=dict, compare=False)

    @cached_property
    def variants(self) -> tuple[VariantOption, ...]:
        """The rule variants a code carries (their values read from the engine's ``Rules``
        on first use)."""
        def values_of(name: str, values: tuple | None) -> tuple:
            return self.engine().Rules.choices[name] if values is None else values
        return tuple(VariantOption(letter, name, values_of(name, values), deal)
                     for letter, name, values, deal in self.variant_fields)

    def part(self, kind: str) -> Any:
        """The game's part ``kind`` (a key of :attr:`parts`: ``"rule_bot"``, ``"expert_bot"``,
        ``"solver"``, ``"simulator"``, ``"world_dealer"``), imported now.

        :raises NotationError: for a part the game does not have.
        """
        if kind not in self.parts:
            raise NotationError(f"{self.title} has no {kind.replace('_', ' ')}")
        return load(self.parts[kind])

    @property
    def rule_bot(self) -> type:
        """The rule bot's class (``RuleBot(seed=...)``, :class:`cardkit.bots.Bot`)."""
        return self.part("rule_bot")

    @property
    def expert_bot(self) -> type:
        """The expert bot's class (:class:`cardkit.analysis.ExpertBot`)."""
        return self.part("expert_bot")

    @property
    def solver(self) -> Any:
        """The exact solver's module (``solve``, ``analyse``, ``sample_worlds``)."""
        return self.part("solver")

    @property
    def simulator(self) -> Callable[..., Any]:
        """The batched simulator (``simulate_<game>``, :mod:`cardkit.simulate`)."""
        return self.part("simulator")

    @property
    def world_dealer(self) -> Callable[..., Any]:
        """``sample_worlds(state, seat, n, rng)``: the deals a seat cannot tell from the real one."""
        return self.part("world_dealer")

    def seat_names(self, players: int | None = None) -> tuple[str, ...]:
        """The seats' names at a table of ``players`` (default: the game's first number),
        seat 0 first (:data:`cardkit.wording.SEAT_NAMES`)."""
        return SEAT_NAMES[self.players[0] if players is None else players]

    def owns(self, x) -> bool:
        """Is ``x`` a state or an observation of this game? (Its class comes from the engine
        module, which is not imported for this: an object of an engine not yet loaded
        cannot exist.)"""
        import sys
        engine = sys.modules.get(self.module)
        return engine is not None and isinstance(x, (engine.State, engine.Observation))

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
    variant_fields=(("L", "lead", None, False), ("C", "contract_values", None, False), ("T", "tie", None, False)),
    places=lambda s: [list(h) for h in s.initial_hands],
    place_sizes=lambda players, rules: [13] * 4,
    deck_size=lambda players, rules: 52,
    from_places=lambda m, places, dealer, rules, players: m.new_deal(places, dealer=dealer, rules=rules),
    from_seed=lambda m, seed, dealer, rules, players: m.new_deal(seed=seed, dealer=dealer, rules=rules),
    parts={"rule_bot": "cardkit.games.variety_bots:RuleBot", "expert_bot": "cardkit.analysis.judge:ExpertBot",
           "solver": "cardkit.analysis.variety",
           "simulator": "cardkit.simulate.variety:simulate_variety",
           "world_dealer": "cardkit.analysis.variety:sample_worlds"},
))


_register(GameEntry(
    letter="W", name="warsaw_hearts", title="Warsaw Hearts", module="cardkit.games.warsaw_hearts",
    players=(4, 3),
    variant_fields=(("H", "double_honour_trick", None, False), ("B", "bonus_without_tricks", None, False),
                    ("S", "settlement_bonus", None, False)),
    places=lambda s: [list(h) for h in s.initial_hands],
    place_sizes=lambda players, rules: [rules.cards_per_player] * players,
    deck_size=lambda players, rules: 36,
    from_places=lambda m, places, dealer, rules, players: m.new_deal(places, dealer=dealer, rules=rules),
    from_seed=lambda m, seed, dealer, rules, players: m.new_deal(seed=seed, dealer=dealer, rules=rules),
    parts={"rule_bot": "cardkit.games.warsaw_hearts_bots:RuleBot", "expert_bot": "cardkit.analysis.judge:ExpertBot",
           "solver": "cardkit.analysis.warsaw_hearts",
           "simulator": "cardkit.simulate.warsaw_hearts:simulate_warsaw_hearts",
           "world_dealer": "cardkit.analysis.warsaw_hearts:sample_worlds"},
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
    variant_fields=(("K", "deck", None, False), ("S", "trump_six_double", None, False),
                    ("A", "draw_after", None, False), ("T", "trump", (None, "S", "H", "D", "C"), True)),
    places=_durak_places,
    place_sizes=lambda players, rules: [1] * rules.deck,
    deck_size=lambda players, rules: rules.deck,
    from_places=lambda m, places, dealer, rules, players, trump=None: m.new_deal(
        _durak_layout(places, rules), dealer=dealer, rules=rules, trump=trump),
    from_seed=lambda m, seed, dealer, rules, players, trump=None: m.new_deal(
        seed=seed, dealer=dealer, rules=rules, trump=trump),
    parts={"rule_bot": "cardkit.games.armenian_durak_bots:RuleBot", "expert_bot": "cardkit.analysis.judge:ExpertBot",
           "solver": "cardkit.analysis.armenian_durak",
           "simulator": "cardkit.simulate.armenian_durak:simulate_armenian_durak",
           "world_dealer": "cardkit.analysis.armenian_durak:sample_worlds"},
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


def entry_of(x) -> GameEntry:
    """The :class:`GameEntry` of a state or an observation of any game.

    :raises StateError: for anything else, naming its type.
    """
    for e in GAMES.values():
        if e.owns(x):
            return e
    raise StateError(f"cardkit knows {', '.join(e.title for e in GAMES.values())} states, not {type(x).__name__}")

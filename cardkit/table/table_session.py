"""One card table without any UI or storage: who sits where, the board in play, the bots'
replies, the teacher's undo and the next board, and what each viewer may see.

A :class:`TableSession` holds one table of one game (Variety, Warsaw Hearts or Armenian
Durak): its ``Rules``, the set of boards it plays (deal codes, :mod:`cardkit.codes`, or
random boards), the people at its seats and the kind of bot that plays the other seats.
Every rule is the engine's: the session deals a board from its code, hands each action to
``state.apply_action`` and each bot its own seat's ``state.observation(seat)``
(:func:`cardkit.core.bots.run_bots`; STYLE.md rule 6), and reads ``returns()`` at the end.

Each change is also written down as an *event* (:meth:`TableSession.take_events`): a board
dealt, an action, a board finished or taken back, a seat taken or left. A store
(:class:`cardkit.room.Room` keeps them in a database) writes the events, and
:meth:`TableSession.restore` builds the same session again from what it wrote (the board's
code and its actions, replayed on the deal).

Bots are deterministic: the bot that acts for seat ``s`` with ``n`` actions taken on board
``b`` of table ``key`` is made afresh with a seed drawn from those four values, so a
restored table plays on exactly as the first one would have (rule bots; the expert bot's
time budget per decision makes its choice depend on the machine's speed).

:func:`table_view` is the view of a viewer (a seat, or a teacher who sees every hand):
a JSON-able dict built from the engine's observation of that seat.

Seats are numbers ``0 .. players - 1`` clockwise (RULES.md, "Common conventions"), named
as :data:`SEAT_NAMES` says: South, West, North, East with four players; South, West, East
with three; South and North in Armenian Durak.

>>> t = TableSession("warsaw_hearts", deals=["W-17"], key="demo")
>>> t.sit(0, "ann")
[]
>>> moves = t.start()
>>> t.code, t.state.current_player
('W-17', 0)
>>> [(m.seat, m.action, m.by) for m in t.moves]      # North and East (bots) played first
[(2, '6H', 'bot'), (3, '8H', 'bot')]
>>> t.legal(0)                                      # South follows suit (RULES.md §2.1)
['9H', '7H']
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields as dataclass_fields, is_dataclass, replace as dataclass_replace
from typing import Any

import numpy as np

from cardkit.core._checks import is_whole
from cardkit.core.bots import run_bots
from cardkit.core.cards import Card, Suit
from cardkit.core.codes import MAX_SEED_DIGITS, deal_code, game_entry, parse_deal_code
from cardkit.core.errors import CardkitError, StateError, quote
from cardkit.wording import SEAT_NAMES  # the one list of seat names (re-exported here)

from .card_view import engine_refusals

__all__ = ["SEAT_NAMES", "BOT_KINDS", "BOT", "RESERVED_NAMES", "MAX_DEALS_PER_CALL", "PACES",
           "Move", "TableSession", "seat_names", "table_view", "jsonable"]


#: The bots a table may fill its empty seats with: the game's rule bot, its expert bot
#: (:class:`cardkit.analysis.ExpertBot`), or None (people only).
BOT_KINDS = ("rule", "expert", None)

#: What a seat played by a bot shows as its player. A seat is a bot's because no person
#: holds it (:meth:`TableSession.is_bot`), never because of a name: the room refuses the
#: user names of :data:`RESERVED_NAMES` (a person named "bot" would read as a bot).
BOT = "bot"

#: User names no person may have at a table (compared without case and surrounding spaces).
RESERVED_NAMES = frozenset({BOT})

#: At most this many boards are dealt by one call: a finished board is held until
#: :meth:`TableSession.next_board` deals the next one (an action or a seat taken deals none),
#: so a table of bots alone never plays its whole set at once.
MAX_DEALS_PER_CALL = 1

#: How a table moves on once a board is over (issue 34, item 11): the finished board is held
#: on every page (its last trick, its score, the running total) until the teacher deals the
#: next board (``"teacher"``), or until the teacher or a person seated there presses Next
#: (``"self"``, a self-paced set). A board never moves on by itself.
PACES = ("teacher", "self")

#: At most this many boards in a prepared set.
MAX_DEALS = 1000


def seat_names(players: int) -> tuple[str, ...]:
    """The names of seats ``0 .. players - 1`` (:data:`SEAT_NAMES`).

    :raises CardkitError: for a number of players no game of the kit has (2, 3 or 4).
    """
    if not is_whole(players) or players not in SEAT_NAMES:
        raise CardkitError(f"players {quote(players)}: a table seats 2, 3 or 4 players")
    return SEAT_NAMES[int(players)]


@dataclass(frozen=True)
class Move:
    """One action taken at a table.

    :ivar seat: the seat that acted (0..players-1).
    :ivar action: the action in notation (``"4"``, ``"QH"``, ``"trump 3"``, ``"draw none"``).
    :ivar by: the user name of the person who took it, or ``"bot"``.
    :ivar remark: table talk said with it (a Variety bot's reason for its bid, RULES.md
        §1.3), or None.
    """

    seat: int
    action: str
    by: str
    remark: str | None = None


def _digest(*parts) -> int:
    """A whole number 0 .. 2**63 - 1 from ``parts``, the same on every machine."""
    text = "\x1f".join(map(str, parts)).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


#: a card's code (:func:`jsonable` makes each once)
_CARD_CODES: dict[Card, str] = {}
#: a dataclass's field names, per class (:func:`jsonable` reads them once)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def jsonable(value, action_text=str) -> Any:
    """``value`` as plain JSON values: a card as its code (``"QH"``), a suit as its letter,
    a dataclass (a game's ``Rules``, an observation) as an object of its fields, tuples as
    lists, numpy integers as ints; an observation's ``legal_actions`` in notation
    (``action_text``, a state's ``action_to_str``).

    >>> from cardkit import parse_card
    >>> jsonable({"trick": (parse_card("QH"), parse_card("10S")), "trump": parse_card("AH").suit})
    {'trick': ['QH', 'TS'], 'trump': 'H'}
    """
    kind = type(value)   # the common kinds first, by exact type (a view makes hundreds of these calls)
    if kind is Card:
        code = _CARD_CODES.get(value)
        if code is None:
            code = _CARD_CODES[value] = value.code
        return code
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if kind is list or kind is tuple:
        return [jsonable(v, action_text) for v in value]
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.letter
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if is_whole(value):
        return int(value)
    names = _FIELD_NAMES.get(kind)
    if names is None and is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclass_fields(value))
    if names is not None:
        out = {}
        for name in names:
            v = getattr(value, name)
            out[name] = [action_text(a) for a in v] if name == "legal_actions" else jsonable(v, action_text)
        return out
    if isinstance(value, (list, tuple)):
        return [jsonable(v, action_text) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v, action_text) for k, v in value.items()}
    return str(value)


def _check_pace(pace):
    if pace not in PACES:
        raise CardkitError(f"pace {quote(pace)}: expected 'teacher' (the teacher deals each next board) or 'self' "
                           f"(a person at the table presses Next)")
    return pace


def _check_bots(bots):
    if bots not in BOT_KINDS or isinstance(bots, bool):
        raise CardkitError(f"bots {quote(bots)}: expected 'rule', 'expert' or None (people only)")
    return bots


class TableSession:
    """One table: its game, rules, set of boards, seats, the board in play and the bots.

    :param game: ``"variety"``, ``"warsaw_hearts"`` or ``"armenian_durak"`` (or the code
        letter, :func:`cardkit.codes.game_entry`).
    :param rules: the game's ``Rules`` (variants), or None: with a prepared set, the rules
        its first code names (the variants a code carries, the rest at their defaults);
        without one, the game's default rules. Warsaw Hearts' ``Rules(players=3)`` makes a
        three-seat table.
    :param deals: the prepared set, deal codes in the order played (``["V-4821",
        "V-17-L2"]``), or None for random boards: board ``k`` (0-based) is then the deal
        number ``seed + k`` (the code ``V-<seed + k>``). Each code must be of this game,
        for this number of players, and carry the same rule variants as ``rules``.
    :param bots: ``"rule"`` (default), ``"expert"``, or None: what plays a seat no person
        holds once the table has started. With None a person must hold every seat to start.
    :param key: the table's name; with the board and the seat it seeds every bot's choice.
    :param seed: the deal number of the first random board (0 .. 10**12 - 1); None draws
        one from fresh entropy.
    :param pace: ``"teacher"`` (default) or ``"self"`` (:data:`PACES`): a finished board
        is held (:attr:`held`) until :meth:`next_board` (the teacher, or with ``"self"`` a
        person seated at the table).
    :param bot_for: the bot of each seat no person holds, ``bot_for(seat)`` (a play page's
        own bots, seeded from its deal), or None: the game's rule or expert bot, seeded from
        ``key`` (:meth:`bot`).
    :raises CardkitError: for an unknown game, a pace not in :data:`PACES`, rules that are not the game's ``Rules``, a
        bad bots kind, a code that is not well formed, of another game or number of
        players, or with other variants than the table's (the message names the code).
    """

    def __init__(self, game, *, rules=None, deals: Sequence[str] | None = None, bots="rule",
                 key: str = "table", seed: int | None = None, pace: str = "teacher",
                 bot_for: Callable[[int], Any] | None = None) -> None:
        self.entry = game_entry(game)
        self.bot_for = bot_for
        #: ``before_bot(state, seat, bot)`` runs before each bot chooses (a page shows "West is
        #: thinking…"); None: nothing
        self.before_bot: Callable[[Any, int, Any], None] | None = None
        self.pace: str = _check_pace(pace)
        #: a paused table takes no action and its bots wait (:meth:`set_paused`)
        self.paused = False
        self.game: str = self.entry.name
        self.module = self.entry.engine()
        self.bots = _check_bots(bots)
        self.key = str(key)
        if rules is not None and not isinstance(rules, self.module.Rules):
            raise CardkitError(f"rules {quote(rules)}: expected {self.entry.title}'s Rules "
                               f"({self.module.__name__}.Rules) or None")
        codes = self._parse_set(deals)
        if rules is None:
            rules = codes[0][1].rules if codes else self.module.Rules()
        self.rules = rules
        self.players: int = getattr(rules, "players", None) or self.entry.players[0]
        self.deals: tuple[str, ...] | None = self._check_set(codes)
        if seed is None:
            seed = int(np.random.default_rng().integers(10 ** MAX_SEED_DIGITS))
        if not is_whole(seed) or not 0 <= seed < 10 ** MAX_SEED_DIGITS:
            raise CardkitError(f"seed {quote(seed)}: the first random board's deal number is a whole number "
                               f"0..{10 ** MAX_SEED_DIGITS - 1}")
        self.seed = int(seed)
        #: seat -> the user name of the person who holds it
        self.people: dict[int, str] = {}
        self.started = False
        #: the board in play: its number at this table (0-based, -1 before the first), its
        #: place in the set (-1: none dealt from the set yet), code, state and moves
        self.number = -1
        self.position = -1
        self.code: str | None = None
        self.state: Any = None
        self.moves: list[Move] = []
        #: whether the board in play has been recorded (it is over)
        self.recorded = False
        #: the table's finished boards, in order: dicts as :meth:`_result` makes them
        self.results: list[dict] = []
        #: closed by the teacher (:meth:`close`): nobody sits, nothing is played there any more
        self.closed = False
        self._events: list[tuple] = []

    # ---- the set of boards ----------------------------------------------------------------

    def _parse_set(self, deals) -> list[tuple[str, Any]]:
        """``[(canonical code, DealSpec)]`` of a prepared set, or ``[]`` for None."""
        if deals is None:
            return []
        if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
            raise CardkitError(f"deals {quote(deals)}: expected a list of deal codes such as ['V-4821', 'V-17'], "
                               f"or None for random boards")
        if not 1 <= len(deals) <= MAX_DEALS:
            raise CardkitError(f"deals: a prepared set holds 1 to {MAX_DEALS:,} deal codes, got {len(deals):,}")
        out = []
        for code in deals:
            spec = parse_deal_code(code)
            if spec.game != self.game:
                raise CardkitError(f"deal code {quote(code)} is a deal of {game_entry(spec.game).title}, "
                                   f"but this table plays {self.entry.title}")
            out.append((deal_code(spec), spec))
        return out

    def _check_set(self, codes: list[tuple[str, Any]]) -> tuple[str, ...] | None:
        """The canonical codes, each checked against the table's players and variants."""
        if not codes:
            return None
        for code, spec in codes:
            if spec.players != self.players:
                raise CardkitError(f"deal code {quote(code)} is a deal for {spec.players} players, but this "
                                   f"table seats {self.players}")
            for o in self.entry.variants:
                if not o.deal and getattr(spec.rules, o.field) != getattr(self.rules, o.field):
                    raise CardkitError(
                        f"deal code {quote(code)} plays {o.field.replace('_', ' ')} "
                        f"{getattr(spec.rules, o.field)!r}, but this table plays "
                        f"{getattr(self.rules, o.field)!r}: give codes of the table's rules")
        return tuple(code for code, _ in codes)

    def set_deals(self, deals: Sequence[str] | None) -> list[tuple[int, Move]]:
        """Play another set from now on: ``deals`` as for the constructor (None: random
        boards). A started table deals the new set's first board at once (an unfinished
        board in play is left unfinished; it counts in no result) and the bots act.

        :returns: the bots' moves, as :meth:`act` returns them.
        :raises CardkitError: for a set the constructor would refuse; nothing changes.
        """
        deals = self._check_set(self._parse_set(deals))
        self._check_open()
        start = len(self._events)
        self.deals = deals
        self.position = -1
        if self.started:
            self._deal_next()
            self.settle()
        return self._moves_since(start)

    def next_code(self) -> str | None:
        """The code of the board that comes after the one in play, or None when the set
        has no more boards (random boards never end)."""
        k = self.position + 1
        if self.deals is None:
            seed = (self.seed + k) % 10 ** MAX_SEED_DIGITS
            return deal_code(self.game, seed=seed, players=self.players, rules=self.rules)
        return self.deals[k] if k < len(self.deals) else None

    def _new_state(self, code: str):
        spec = parse_deal_code(code)
        return dataclass_replace(spec, rules=self.rules).new_state()

    def _deal_next(self) -> None:
        code = self.next_code()
        if code is None:
            raise StateError(f"the set has no board after board {self.position + 1}: set another set of boards "
                             f"to play on")
        self.number += 1
        self.position += 1
        self.code = code
        self.state = self._new_state(code)
        self.moves = []
        self.recorded = False
        self._events.append(("deal", self.number, self.position, code))

    # ---- seats -------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.closed:
            raise StateError("the teacher has closed this table: nothing more is played there")

    def who(self, seat: int) -> str | None:
        """The player of ``seat``: a user name, ``"bot"`` (a started table with bots, the
        seat held by no person), or None (an empty seat)."""
        if seat in self.people:
            return self.people[seat]
        return BOT if self.started and self.bots is not None else None

    def is_bot(self, seat: int) -> bool:
        """True when a bot plays ``seat`` now: no person holds it and the table has
        started with bots (whatever a person's name)."""
        return seat not in self.people and self.started and self.bots is not None

    def sit(self, seat: int, user: str) -> list[tuple[int, Move]]:
        """``user`` takes ``seat`` (a seat held by no person: empty, or a bot's, who gives
        it up). On a started table the bots then act, as after an action.

        :returns: the bots' moves, as :meth:`act` returns them.
        :raises CardkitError: for a seat outside 0..players-1 or one a person holds.
        """
        if not is_whole(seat) or not 0 <= seat < self.players:
            raise CardkitError(f"seat {quote(seat)}: expected a seat 0..{self.players - 1}")
        if seat in self.people:
            raise CardkitError(f"seat {seat} is taken by {self.people[seat]!r}")
        self._check_open()
        start = len(self._events)
        self.people[int(seat)] = str(user)
        self._events.append(("seat", int(seat), str(user)))
        if self.started:
            self.settle()
        return self._moves_since(start)

    def leave(self, seat: int) -> list[tuple[int, Move]]:
        """The person at ``seat`` leaves it: a bot plays it from now on (none: the seat is
        empty and the table waits for a person there). The bots then act; a table no
        person sits at waits.

        :returns: the bots' moves, as :meth:`act` returns them.
        :raises CardkitError: for a seat no person holds.
        """
        if seat not in self.people:
            raise CardkitError(f"seat {quote(seat)}: no person sits there")
        start = len(self._events)
        del self.people[seat]
        self._events.append(("seat", seat, None))
        if self.started:
            self.settle()
        return self._moves_since(start)

    def unseat(self, seat: int) -> list[tuple[int, Move]]:
        """The teacher takes the person at ``seat`` out of it: as :meth:`leave` (a bot plays
        the seat from now on; a table without bots waits for a person there), and the event
        ``("unseat", seat, user)`` says whom.

        :returns: the bots' moves, as :meth:`act` returns them.
        :raises CardkitError: for a seat no person holds; nothing changes.
        """
        if seat not in self.people:
            raise CardkitError(f"seat {quote(seat)}: no person sits there")
        user = self.people[seat]
        start = len(self._events)
        moves = self.leave(seat)
        self._events.insert(start + 1, ("unseat", seat, user))
        return moves

    # ---- play ----------------------------------------------------------------------------

    def start(self) -> list[tuple[int, Move]]:
        """Deal the first board and let the bots act until a person is to act.

        :returns: the bots' moves, as ``(board, move)`` pairs (board: 0-based at this table).

        :raises StateError: when the table has started already, no person sits at it, or
            (bots None) a seat is empty; nothing changes.
        """
        self._check_open()
        if self.started:
            raise StateError("the table has started already")
        if not self.people:
            raise StateError("nobody sits at the table, and the bots play only beside a person: a learner (or "
                             "the teacher) takes a seat first, then Start")
        empty = [seat_names(self.players)[s] for s in range(self.players) if s not in self.people]
        if empty and self.bots is None:
            raise StateError(f"{', '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty and this table "
                             f"has no bots: a person takes every seat before it starts")
        start = len(self._events)
        self.started = True
        self._events.append(("start",))
        self._deal_next()
        self.settle()
        return self._moves_since(start)

    @property
    def over(self) -> bool:
        """True when the board in play is over and the set has no board after it."""
        return self.state is not None and self.state.is_terminal() and self.next_code() is None

    @property
    def held(self) -> bool:
        """True when the board in play is over and the set has a board after it: the
        finished board stays on every page until :meth:`next_board` deals the next."""
        return self.state is not None and self.state.is_terminal() and self.next_code() is not None

    def legal(self, seat: int) -> list[str]:
        """The actions ``seat`` may take now, in notation (``"4"``, ``"QH"``, ``"draw 2"``);
        empty when it is not that seat's turn (or the table has not started)."""
        st = self.state
        if st is None or self.paused or st.is_terminal() or st.current_player != seat:
            return []
        return [st.action_to_str(a) for a in st.legal_actions()]

    def act(self, seat: int, action, by: str, *, reply: bool = True) -> list[tuple[int, Move]]:
        """The action of the person ``by`` at ``seat``, whose turn it is; then the bots
        reply until a person is to act. A board that ends is recorded at once and held
        (:attr:`held`) until :meth:`next_board`.

        :param action: notation or an action object (``state.apply_action`` reads both).
        :param reply: False: the bots wait for :meth:`settle` (a page shows the person's card
            first).
        :returns: the moves taken, this action first, as ``(board, move)`` pairs (board:
            0-based at this table; the bots' moves may reach into the next board).
        :raises StateError: when the table has not started, is paused, the board is over (held
            for the next, or the set played out), it is another seat's turn or a bot's seat;
            nothing changes.
        :raises NotationError: for text that is not an action now; :raises
            IllegalActionError: for an action the rules forbid (the engine's message);
            in both cases nothing changes.
        """
        st = self.state
        if st is None:
            raise StateError("the table has not started")
        if self.paused:
            raise StateError("the teacher has paused the table: wait until play resumes")
        if st.is_terminal():
            raise StateError(self.held_words() if self.held else "every board of the table's set has been played")
        if st.current_player != seat:
            raise StateError(f"it is seat {st.current_player}'s turn, not seat {quote(seat)}'s")
        if self.people.get(seat) != by:
            raise StateError(f"seat {seat} is not held by {quote(by)}")
        start = len(self._events)
        st.apply_action(action)
        self._moved(Move(seat, st.action_to_str(st.history[-1]), str(by)))
        if reply:
            self.settle()
        return self._moves_since(start)

    def play(self, state, *, code: str | None = None, reply: bool = True) -> list[tuple[int, Move]]:
        """Put a board dealt elsewhere in play, as it stands: a play page's own deal (its
        deal number, its dealer in the game's turn) or a practice copy of a finished deal
        taken back to a decision. The board's moves are the state's history (a person's
        seat's actions theirs, the others the bots'); the table counts as started; then the
        bots act until a person is to act, as after :meth:`next_board`.

        :param state: a state of this table's game (its engine's ``State``).
        :param code: its deal code, when it has one.
        :param reply: False: the bots wait for :meth:`settle` (a page shows the deal first).
        :returns: the bots' moves, as :meth:`act` returns them.
        :raises CardkitError: for a state of another game, or a closed table; nothing changes.
        """
        if not isinstance(state, self.module.State):
            raise CardkitError(f"state {type(state).__name__}: expected a state of {self.entry.title}")
        self._check_open()
        start = len(self._events)
        self.started = True
        self.number += 1
        self.code, self.state, self.recorded = code, state, state.is_terminal()
        self.moves = [Move(seat, state.action_to_str(a), self.people.get(seat, BOT))
                      for seat, a in zip(state.history_seats(), state.history)]
        self._events.append(("deal", self.number, self.position, code))
        if reply:
            self.settle()
        return self._moves_since(start)

    @property
    def can_undo(self) -> bool:
        """True when a person has acted on the board in play (:meth:`undo` takes it back)."""
        return self.state is not None and any(m.by != BOT for m in self.moves)

    def held_words(self) -> str:
        """What a person who acts on a held board is told (one line)."""
        how = "press Next board when everyone is ready" if self.pace == "self" else \
            "the teacher deals the next board"
        return f"board {self.number + 1} is over: {how}"

    def _moves_since(self, start: int) -> list[tuple[int, Move]]:
        """The ``(board, move)`` pairs of the move events from event ``start`` on."""
        return [(e[1], e[3]) for e in self._events[start:] if e[0] == "move"]

    def _moved(self, move: Move) -> None:
        self.moves.append(move)
        self._events.append(("move", self.number, len(self.moves) - 1, move))

    def bot(self, seat: int):
        """The bot that acts for ``seat`` now: the game's rule bot or expert bot, made
        afresh with a seed drawn from the table's key, the board, the seat and the number
        of actions taken (so the same position gets the same bot everywhere); a page's
        own bots when the session was given ``bot_for``."""
        if self.bot_for is not None:
            return self.bot_for(seat)
        seed = _digest("cardkit.table_session", self.key, self.number, seat, len(self.moves))
        if self.bots == "expert":
            return self.entry.expert_bot(seed=seed)
        return self.entry.rule_bot(seed=seed)

    def settle(self) -> None:
        """The bots act while a bot is to act, a person sits at the table and it is not
        paused; a finished board is recorded and held (the next is dealt by
        :meth:`next_board` only, one a call: :data:`MAX_DEALS_PER_CALL`). The bots act
        through :func:`cardkit.core.bots.run_bots`, the one bot loop of the package."""
        st = self.state
        if st is None or not self.people or self.paused:
            return
        said: list[str | None] = [None]

        def talk(state, seat: int, bot) -> None:   # table talk during the bidding (RULES.md §1.3)
            remark = getattr(bot, "remark", None)
            said[0] = remark if remark and state.phase == "bidding" and hasattr(state, "say") else None
            if said[0]:
                state.say(seat, said[0])

        def moved(state, seat: int, _bot) -> None:
            self._moved(Move(seat, state.action_to_str(state.history[-1]), BOT, said[0]))

        run_bots(st, self.bot, until=lambda state: not self.is_bot(state.current_player), before=self.before_bot,
                 after=talk, applied=moved)
        if st.is_terminal() and not self.recorded:
            self._record()

    def _result(self) -> dict:
        st = self.state
        row = {"board": self.number, "position": self.position, "code": self.code,
               "players": {s: self.who(s) for s in range(self.players)}, "returns": st.returns()}
        if getattr(st, "contract", None) is not None:  # Variety: the contract and its declarers
            row["contract"] = st.contract
            row["declarers"] = list(st.declarers)
        return row

    def _record(self) -> None:
        row = self._result()
        self.results.append(row)
        self.recorded = True
        self._events.append(("finish", self.number, row))

    # ---- the teacher's controls ---------------------------------------------------------

    def undo(self) -> int:
        """Take back the last action a person took on the board in play and every bot
        action after it (a finished board's result is taken back first); then the bots act
        if a bot now holds that seat.

        :returns: the number of actions left on the board (after the bots' replies, if any).
        :raises StateError: when no person has acted on the board in play; nothing changes.
        """
        self._check_open()
        people = [i for i, m in enumerate(self.moves) if m.by != BOT]
        if self.state is None or not people:
            raise StateError("no person has acted on the board in play: there is nothing to undo")
        n = people[-1]
        if self.recorded:
            self.results.pop()
            self.recorded = False
            self._events.append(("unfinish", self.number))
        self.state.undo_to(n)
        del self.moves[n:]
        self._events.append(("undo", self.number, n))
        self.settle()
        return len(self.moves)

    def next_board(self, *, held_only: bool = False) -> list[tuple[int, Move]]:
        """Deal the next board of the set now (an unfinished board in play is left
        unfinished and counts in no result); the bots act.

        :param held_only: deal only if the board in play is over (:attr:`held`): a
            learner's Next in a self-paced set never cuts a board short.
        :returns: the bots' moves, as :meth:`act` returns them.
        :raises StateError: when the table has not started, the set has no more boards, or
            (``held_only``) the board in play is not over.
        """
        self._check_open()
        if not self.started:
            raise StateError("the table has not started")
        if held_only and not self.held:
            raise StateError("the set has no more boards" if self.over else
                             f"board {self.number + 1} is not over yet: Next deals a board once it is over")
        start = len(self._events)
        self._deal_next()
        self.settle()
        return self._moves_since(start)

    def close(self) -> None:
        """Close the table (the teacher's): every person leaves their seat (events
        ``("seat", seat, None)``), an unfinished board in play stays unfinished and counts in
        no result, and nothing more is played here: :meth:`sit`, :meth:`start`,
        :meth:`next_board`, :meth:`set_deals` and :meth:`undo` are refused with a
        :class:`StateError`. The results stay. Event ``("close",)``.

        :raises StateError: for a table closed already; nothing changes.
        """
        self._check_open()
        for seat in sorted(self.people):
            self._events.append(("seat", seat, None))
        self.people = {}
        self.closed = True
        self._events.append(("close",))

    # ---- storage ----------------------------------------------------------------------

    def take_events(self) -> list[tuple]:
        """The changes since the last call, oldest first, and forget them:

        - ``("start",)``; ``("seat", seat, user or None)``; ``("unseat", seat, user)``: the
          teacher took ``user`` out of ``seat`` (after its ``("seat", seat, None)``);
        - ``("deal", board, position, code)``: a board dealt (board: its number at this
          table, 0-based; position: its place in the set, 0-based);
        - ``("move", board, index, Move)``: an action, ``index`` 0-based on the board;
        - ``("finish", board, row)``: the board is over; ``row`` as in :attr:`results`
          (``board``, ``position``, ``code``, ``players`` seat -> user or ``"bot"``,
          ``returns``, and Variety's ``contract`` and ``declarers``);
        - ``("unfinish", board)``: its result taken back; ``("undo", board, n)``: the
          board's actions from index ``n`` on taken back;
        - ``("close",)``: the teacher closed the table (:meth:`close`).
        """
        out, self._events = self._events, []
        return out

    def restore(self, *, started: bool, people: dict[int, str], results: Sequence[dict], number: int,
                position: int, code: str | None, moves: Sequence[Move], recorded: bool) -> None:
        """Put the session where a store left it: the board ``code`` dealt again and its
        ``moves`` replayed through the engine (remarks said where they were). No event is
        written and no bot acts.

        :raises CardkitError: when a stored action is not legal where it stands (named
            with its place).
        """
        self.started, self.people = bool(started), dict(people)
        self.results = [dict(r) for r in results]
        self.number, self.position, self.code = number, position, code
        self.moves, self.recorded, self.state = [], bool(recorded), None
        if code is None:
            return
        st = self._new_state(code)
        for i, m in enumerate(moves):
            try:
                if m.remark:
                    st.say(m.seat, m.remark)
                st.apply_action(m.action)
            except CardkitError as e:
                raise CardkitError(f"board {code}, stored action {i + 1} ({quote(m.action)}): {e}") from None
            self.moves.append(m)
        self.state = st
        self._events = []

    def set_paused(self, paused: bool) -> list[tuple[int, Move]]:
        """Pause the table (no action is taken, the bots wait) or resume it (the bots act).

        :returns: the bots' moves on resuming, as :meth:`act` returns them.
        """
        start = len(self._events)
        self.paused = bool(paused)
        self.settle()
        return self._moves_since(start)

    def set_pace(self, pace: str) -> None:
        """How the table moves on from a finished board from now on (:data:`PACES`).

        :raises CardkitError: for a pace not in :data:`PACES`; nothing changes.
        """
        self.pace = _check_pace(pace)

    def clone(self) -> TableSession:
        """An independent copy (the state cloned), for a change that may be refused."""
        # made by the constructor; the set's codes were checked already, so they are not parsed again
        new = TableSession(self.game, rules=self.rules, bots=self.bots, key=self.key, seed=self.seed,
                           pace=self.pace)
        new.deals = self.deals
        new.paused, new.started, new.closed, new.recorded = self.paused, self.started, self.closed, self.recorded
        new.number, new.position, new.code = self.number, self.position, self.code
        new.people = dict(self.people)
        new.moves = list(self.moves)
        new.results = list(self.results)
        new._events = list(self._events)
        new.state = None if self.state is None else self.state.clone()
        return new

    def view(self, seat: int | None = None, *, everything: bool = False) -> dict:
        """:func:`table_view` of this session."""
        return table_view(self, seat, everything=everything)


def _public(obs_json: dict) -> dict:
    return {k: v for k, v in obs_json.items() if k not in ("seat", "hand", "legal_actions")}


def table_view(session: TableSession, seat: int | None = None, *, everything: bool = False) -> dict:
    """What one viewer sees of a table, as JSON values (json.dumps takes it as it is).

    A seat (``seat`` given, ``everything`` False) sees what its observation holds
    (``state.observation(seat)``, what bots get; STYLE.md rule 6): its own hand and the
    public cards. A teacher (``everything`` True) sees every hand from the full state
    (Armenian Durak: also the face-down cards).

    Keys: ``game``, ``title``, ``players`` (number of seats), ``seats`` (per seat:
    ``seat``, ``name``, ``player`` — a user name, ``"bot"`` or None), ``started``,
    ``paused`` (the teacher paused the table), ``pace`` (:data:`PACES`), ``held`` (the
    board in play is over and the set has another: :attr:`TableSession.held`),
    ``set_over`` (the set is played out), ``viewer``
    (``seat``, ``name``, ``everything``), ``board`` (None before the start, else ``number``
    1-based at this table, ``position`` 1-based in the set, ``set_size`` or None for random
    boards, ``code``, ``actions`` taken, ``over``, ``returns`` once over, else None),
    ``turn`` (the seat to act or None), ``turn_name``, ``your_turn``, ``legal`` (the
    viewer's actions in notation), ``hand`` (the viewer's cards, codes such as ``"QH"``;
    empty for a viewer without a seat), ``public`` (the observation's other fields:
    ``phase``, ``dealer``, ``trump``, ``trick``, ``tricks`` as ``[leader, cards, winner]``,
    ``hand_sizes``, Variety's ``bids``, ``contract``, ``declarers``, Durak's ``face_up``,
    ``face_down`` counts, ``taken``, ``points``, ``rules`` …, and Variety's table talk
    ``remarks`` as ``[seat, text]``), ``refusals`` (a seated viewer's own cards the engine
    refuses now, by code, with its reason in English: :func:`cardkit.table.card_view.engine_refusals`;
    empty for a teacher), ``scores`` (the table's finished boards:
    ``board``, ``code``, ``returns``), ``totals`` (per seat, the game's points), and for
    ``everything`` also ``hands`` (every seat's cards) and, in Armenian Durak,
    ``face_down_cards`` (per seat and stack, a code or None).
    """
    names = seat_names(session.players)
    st = session.state
    view: dict[str, Any] = {
        "game": session.game, "title": session.entry.title, "players": session.players,
        "seats": [{"seat": s, "name": names[s], "player": session.who(s)} for s in range(session.players)],
        "started": session.started, "paused": session.paused, "pace": session.pace,
        "held": session.held, "set_over": session.over,
        "viewer": {"seat": seat, "name": None if seat is None else names[seat], "everything": bool(everything)},
        "board": None, "turn": None, "turn_name": None, "your_turn": False, "legal": [], "hand": [],
        "public": None,
        "scores": [{"board": r["board"] + 1, "code": r["code"], "returns": list(r["returns"])}
                   for r in session.results],
        "totals": [sum(r["returns"][s] for r in session.results) for s in range(session.players)],
    }
    if st is None:
        return view
    obs = st.observation(0 if seat is None else seat)
    obs_json = jsonable(obs, st.action_to_str)
    public = _public(obs_json)
    if getattr(st, "remarks", None) is not None:
        public["remarks"] = [[s, t] for s, t in st.remarks]
    turn = st.current_player
    view.update({
        "board": {"number": session.number + 1, "position": session.position + 1,
                  "set_size": None if session.deals is None else len(session.deals), "code": session.code,
                  "actions": len(st.history), "over": st.is_terminal(),
                  "returns": st.returns() if st.is_terminal() else None},
        "turn": turn, "turn_name": None if turn is None else names[turn],
        "your_turn": seat is not None and turn == seat and not session.paused,
        "legal": session.legal(seat) if seat is not None else [],
        "hand": obs_json["hand"] if seat is not None else [],
        "public": public,
        # the engine's reasons for refusing the viewer's own cards (nothing of another hand)
        "refusals": engine_refusals(st, seat) if seat is not None and not everything else {},
    })
    if everything:
        view["hands"] = [jsonable(list(h)) for h in st.hands]
        down = getattr(st, "down", None)  # Armenian Durak's face-down cards (RULES.md §3.2)
        if down is not None:
            view["face_down_cards"] = [jsonable(list(d)) for d in down]
    return view

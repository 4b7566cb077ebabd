"""The teaching room: tables of people and bots playing boards, stored in a database.

A teacher opens tables (:meth:`Room.open_table`) of one game each, with a prepared set of boards
(deal codes, :mod:`cardkit.codes`) or random ones; learners take seats (:meth:`Room.sit`), the
table starts (:meth:`Room.start`) and bots fill the empty seats; each person acts in turn
(:meth:`Room.legal`, :meth:`Room.act`) and sees their own view (:meth:`Room.view`). A finished
board is recorded at once, and every table that played the same board appears in its traveller
(:meth:`Room.results`, duplicate scoring: each seat's points are matchpointed against the same
seat's at the other tables, so the luck of the cards is taken out of the comparison;
:meth:`Room.travellers` every board's, :meth:`Room.ranking` the learners by average matchpoints).
The results and the lessons' answers leave the room as CSV (:meth:`Room.export_csv`,
:meth:`Room.export_answers_csv`), the boards as hand records (:meth:`Room.hand_records`,
:mod:`cardkit.room_records`). The teacher sees every hand, and alone can undo at a table
(:meth:`Room.undo`), move it to the next board (:meth:`Room.next_board`), give it another set of
boards (:meth:`Room.set_deals`), see whom a table waits for (:meth:`Room.waiting`,
:meth:`Room.idle`: a person who has not acted for :data:`IDLE_SECONDS`), take a person out of a
seat (:meth:`Room.unseat`: a bot plays it), seat a learner (:meth:`Room.seat_learner`) and close a
table (:meth:`Room.close_table`). A finished board is held (its last trick and score on every page)
until the teacher moves the table on (:meth:`Room.next_board`, :meth:`Room.next_board_all`), or, at
a self-paced table, a learner seated there does (:meth:`Room.advance`); the teacher pauses and
resumes tables (:meth:`Room.pause`, :meth:`Room.pause_all`) and sets the announcement every page
shows (:meth:`Room.announce`); :meth:`Room.overview` is the class at a glance. A teacher may also
sit at a table: she then sees what her seat sees (every hand only on the teachers' page,
``view(..., everything=True)``), and her results are marked as the teacher's (``teachers`` in a
traveller's row, ``role`` in the export) and left out of the learners' ranking. A table starts only
once a person sits at it (the bots play beside people, never alone): :meth:`Room.start` says so in
words.

Every rule is the engine's (:class:`cardkit.table_session.TableSession` deals a board from its
code, hands each action to the engine and each bot its own seat's observation). Everything is
stored as it happens, through SQLAlchemy Core only, in SQLite or PostgreSQL
(:mod:`cardkit.room.storage`): a Room opened again resumes every table, and two Room objects on one
database refuse a change made on a stale copy (:class:`TableChangedError`).

Seats are numbers or names (:mod:`cardkit.room.sessions`); a user holds at most one seat in the
room at a time, and a learner who has held one seat of a board takes no other seat of it, here or
at another table (:class:`BoardSeenError`, :mod:`cardkit.room.seen`).

>>> room = Room("sqlite://", teachers=["ms_k"])
>>> t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
>>> room.sit(t, "ann", "South")                         # before the start no bot acts
[]
>>> [(m["name"], m["action"]) for m in room.start(t)]      # the bots North and East lead
[('North', '6H'), ('East', '8H')]
>>> room.legal(t, "ann")
['9H', '7H']
>>> room.view(t, "ann")["hand"]
['JS', '9S', '8S', '9H', '7H', 'KD', 'AC', 'TC', '7C']
>>> room.act(t, "bob", "9H")
Traceback (most recent call last):
...
cardkit.room.errors.NotSeatedError: 'bob' does not sit at table 'T1': take a seat first
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import create_engine, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from cardkit.core._checks import is_whole
from cardkit.core.codes import board_identity
from cardkit.core.errors import StateError, quote
from cardkit.i18n import N_, translation
from cardkit.table.table_session import PACES, TableSession, seat_names, table_view

from . import answers, seen as seen_boards, storage, travellers as tv
from .answers import (  # noqa: F401
    ANSWER_KINDS,
    LESSON_NAMES,
    MAX_ANSWERS_PER_USER,
    MAX_POINTS_LOST,
    PRINTABLE as _PRINTABLE,
    RULES_SECTIONS,
)
from .errors import (
    MAX_USER,  # noqa: F401  (the room's names, as before the split)
    AnswerError,
    BoardSeenError,
    NotSeatedError,
    NotTeacherError,
    NotYourTurnError,
    RoomError,
    SeatError,
    SeatTakenError,
    TableChangedError,
    UnknownTableError,
    check_table_id as _check_table_id,
    check_user as _check_user,
    session_said as _session_said,
)
from .records import ranking as room_ranking
from .sessions import (
    KEPT_BACK,
    ReadBatches,
    check_may_act,
    check_may_advance,
    check_person_at,
    check_seat_free,
    keep_back,
    moves_json,
    overview_line,
    seat_number,
    seat_of,
    table_row,
    turn_of,
    waiting_line,
)
from .storage import (
    METADATA,
    TABLES as _TABLES,
    driver as _driver,
    identities as _identities,
    insert_table,
    migrate as _migrate,
    reads_engine,
    rebuild,
    seat_of_user,
    set_setting,
    setting,
    stored_board,
    table_codes,
    unseated,
    write_ahead,
    write_change,
)

#: the tables' older private names (tests and tools read them from ``cardkit.room``)
_ACTIONS, _ADDED_COLUMNS, _ANSWERS, _BOARDS, _SEATS, _SEEN, _SETTINGS, _UNSEATED = (
    storage.ACTIONS, storage.ADDED_COLUMNS, storage.ANSWERS, storage.BOARDS, storage.SEATS, storage.SEEN,
    storage.SETTINGS, storage.UNSEATED)

__all__ = [
    "Room", "RoomError", "UnknownTableError", "SeatError", "SeatTakenError", "NotSeatedError",
    "NotYourTurnError", "NotTeacherError", "BoardSeenError", "TableChangedError", "AnswerError", "METADATA",
    "ANSWER_KINDS", "KEPT_BACK", "LESSON_NAMES", "RULES_SECTIONS",
    "MAX_ANSWERS_PER_USER", "IDLE_SECONDS", "MAX_ANNOUNCEMENT", "PACES", "learners_only",
]


#: at most this many characters in the teacher's announcement (one line every page shows)
MAX_ANNOUNCEMENT = 300

#: a person to act at a started table who has not acted for this many seconds is pointed
#: out to the teachers (:meth:`Room.idle`; the teacher's page says "South (eve) has not
#: played for 2 min", with a button to unseat her)
IDLE_SECONDS = 90.0


def learners_only(rows: Iterable[dict]) -> list[dict]:
    """A traveller's rows (:meth:`Room.results`) for the learners' ranking: each row's
    ``players`` without the seats its ``teachers`` lists (copies; the rows are unchanged)."""
    return [{**r, "players": {s: who for s, who in r["players"].items() if s not in r.get("teachers", ())}}
            for r in rows]


class Room:
    """A room of card tables stored in a database.

    :param url: a SQLAlchemy database URL (``"sqlite:///room.db"``, a file for one
        machine; ``"postgresql://user:password@host/db"`` for a class on Zero to
        JupyterHub; ``"sqlite://"`` in memory, for one process), or an
        :class:`sqlalchemy.engine.Engine`. The room's tables are created if missing. A
        SQLite file given by URL is switched to write-ahead logging (:func:`~cardkit.room.storage.write_ahead`).
    :param teachers: the user names of the teachers (a list; one name may be given as
        text). A teacher sees every hand of every table and alone may use :meth:`undo`,
        :meth:`next_board`, :meth:`next_board_all`, :meth:`set_deals`, :meth:`unseat`,
        :meth:`pause`, :meth:`pause_all`, :meth:`set_pace`, :meth:`announce`, :meth:`overview`,
        :meth:`waiting` and :meth:`idle`.
    :param clock: ``clock() -> seconds since 1970`` (default :func:`time.time`): when a turn
        passed, for :meth:`waiting` and :meth:`idle` (tests give a fake clock).
    :raises RoomError: for teachers that are not user names.

    A database made by an older version is brought up to this one when opened
    (:func:`~cardkit.room.storage.migrate`).
    """

    def __init__(self, url, *, teachers: Iterable[str] | str = (), clock: Callable[[], float] = time.time) -> None:
        self.engine: Engine = url if isinstance(url, Engine) else create_engine(_driver(url))
        if not isinstance(url, Engine):
            write_ahead(self.engine)
        self._reads: Engine = reads_engine(self.engine)
        if isinstance(teachers, str):
            teachers = (teachers,)
        self.teachers: frozenset[str] = frozenset(_check_user(t) for t in teachers)
        self.clock = clock
        METADATA.create_all(self.engine)
        _migrate(self.engine, clock())
        self._lock = threading.RLock()
        #: table id -> (version, session) as last read or written
        self._cache: dict[str, tuple[int, TableSession]] = {}
        #: (user, code, table, seat) rows of the seats held on a board known to be stored
        self._seen_known: set[tuple[str, str, str, int]] = set()
        #: table id -> when its turn last passed (its ``turn_since``), as last read or written
        self._since: dict[str, float | None] = {}
        #: each thread's :meth:`batch`, if one is open: the tables read in it, and what it read once
        self._batches = ReadBatches()

    def batch(self):
        """A batch of reads (and changes) in this thread, as the room service makes for one
        message and the pages it updates (:class:`cardkit.room.sessions.ReadBatches`: each
        table's row read once in it; nested batches are one).

        >>> room = Room("sqlite://")
        >>> with room.batch():
        ...     t = room.open_table("variety")
        ...     [r["table"] for r in room.tables()]
        ['T1']
        """
        return self._batches.open()

    # ---- tables ----------------------------------------------------------------------------

    def open_table(self, game: str, *, deals: Sequence[str] | None = None, rules=None, bots: str | None = "rule",
                   seed: int | None = None, pace: str = "teacher") -> str:
        """Open a new table and return its id (``"T1"``, ``"T2"``, … in the order opened).

        :param game: ``"variety"``, ``"warsaw_hearts"`` or ``"armenian_durak"``.
        :param deals: the prepared set: deal codes in the order played (``["V-4821",
            "V-17"]``), each of this game, its number of players and the table's rule
            variants; None: random boards, one after another without end.
        :param rules: the game's ``Rules`` (variants, e.g. Warsaw Hearts'
            ``Rules(players=3)``), or None: the rules the set's first code names, or the
            game's defaults.
        :param bots: what plays the seats no person holds once the table starts:
            ``"rule"`` (the game's rule bot, default), ``"expert"`` (its expert bot, about
            half a second a decision), or None (people only: every seat must be taken to start).
        :param seed: the deal number of the first random board (board ``k`` is deal
            number ``seed + k``: ``V-<seed + k>``); None: drawn at random once, then stored.
        :param pace: how the table moves on from a finished board, which is held on every
            page until then (:data:`PACES`): ``"teacher"`` (the teacher's :meth:`next_board`
            or :meth:`next_board_all`) or ``"self"`` (also a person seated there:
            :meth:`advance`).
        :raises CardkitError: for an unknown game, rules not the game's, a bad bots kind, a pace,
            or a code the table cannot play (named); nothing is stored.
        """
        session = TableSession(game, rules=rules, deals=deals, bots=bots, seed=seed, pace=pace)
        with self._lock:
            for _ in range(100):  # another process may take the same id: try the next
                try:
                    with self.engine.begin() as conn:
                        now = float(self.clock())
                        tid = insert_table(conn, session, now)
                except IntegrityError:
                    continue
                self._cache[tid] = (0, session)
                self._since[tid] = now
                b = self._batches.current()
                if b is not None:
                    b["ids"] = None
                    b["fresh"].add(tid)
                return tid
        raise RoomError("could not open a table: the database kept refusing a new table id")  # pragma: no cover

    def tables(self, only: str | None = None) -> list[dict]:
        """Every table of the room, in the order opened: ``table`` (its id), ``game``,
        ``players`` (number of seats), ``bots``, ``started``, ``board`` (its code, or None
        before the start), ``over`` (its set played out), ``held`` (its board is over and
        waits for the next: :meth:`next_board`), ``paused``, ``pace``, ``seats`` (per
        seat, a user name, ``"bot"`` or None), ``closed`` (a teacher closed it:
        :meth:`close_table`), ``set_size`` (the boards of its prepared set, or None: random
        boards) and ``position`` (the board in play's place in the set, 1-based; 0 before
        the start).

        :param only: a table id: that table's row alone (one row read, not every table's).
        :raises UnknownTableError: for an ``only`` that names no table.
        """
        b = self._batches.current()
        if only is not None:
            ids = [self._load(only)[1].key]
        elif b is not None and b["ids"] is not None:
            ids = list(b["ids"])
        else:
            with self._connect() as conn:
                ids = [r.id for r in conn.execute(select(_TABLES.c.id).order_by(_TABLES.c.serial))]
            if b is not None:
                b["ids"] = list(ids)
        out = []
        for tid in ids:
            out.append(table_row(self._load(tid)[1]))
        return out

    # ---- seats -----------------------------------------------------------------------------

    def sit(self, table: str, user: str, seat: int | str) -> list[dict]:
        """``user`` takes ``seat`` at ``table``: an empty seat or a bot's, before or after
        the start (a learner who comes late takes over from the bot; the bots then act as
        after an action). Sitting again where one sits already changes nothing.

        :param seat: a seat number ``0 .. players - 1`` or a seat's name (``"South"``,
            ``"west"``; see the module docstring).
        :returns: the bots' actions it set off, as :meth:`act` returns them.
        :raises UnknownTableError: for a table that does not exist.
        :raises SeatError: for a seat the table does not have.
        :raises SeatTakenError: for a seat another person holds, or a user who holds a
            seat at this or another table (leave it first); nothing changes.
        :raises BoardSeenError: (a learner, not a teacher) for a seat on a board (the one in
            play, or the first to be dealt) that the user has held another seat of, here or
            at another table playing the same cards (in any form of their code, with any
            dealer or variant: :func:`cardkit.codes.cards_identity`), or has played to its end
            elsewhere;
            or a table whose board is over while another table still plays it. A user may
            sit again at the seat they held on it. Nothing changes.
        """
        user = _check_user(user)

        def change(s: TableSession) -> list[dict]:
            n = seat_number(s, seat)
            if s.people.get(n) == user:
                return []
            check_seat_free(s, n, user, self._seat_of_user(user), self._players_of)
            if user not in self.teachers:
                self._check_not_seen(s, n, user)
            return moves_json(s, s.sit(n, user))

        return self._change(table, change)

    def leave(self, table: str, user: str) -> list[dict]:
        """``user`` leaves their seat at ``table``: a bot plays it from now on (a table
        without bots waits for a person there; a table nobody sits at waits).

        :returns: the bots' actions it set off, as :meth:`act` returns them.
        :raises UnknownTableError: for a table that does not exist.
        :raises NotSeatedError: for a user who does not sit there; nothing changes.
        """
        user = _check_user(user)
        return self._change(table, lambda s: moves_json(s, s.leave(seat_of(s, user))))

    def seat_learner(self, table: str, user: str, seat: int | str, learner: str) -> list[dict]:
        """A teacher (``user``) seats ``learner`` at ``seat`` of ``table``: as if the learner took it
        (:meth:`sit`, every rule of it: an empty seat or a bot's, one seat in the room at a time, no
        other seat of a board they have seen). The learner's lobby then shows their table.

        :returns: the bots' actions it set off, as :meth:`act` returns them.
        :raises NotTeacherError: for a ``user`` who is not a teacher (a learner seats nobody).
        :raises UnknownTableError, SeatError, SeatTakenError, BoardSeenError: as :meth:`sit`
            (a learner who sits elsewhere: unseat them there first); :raises RoomError: for
            a closed table or a learner that is not a user name. Nothing changes.
        """
        self._teacher(user, "seat a learner")
        return self.sit(table, learner, seat)

    def close_table(self, table: str, user: str) -> list[dict]:
        """A teacher closes ``table``: everyone at it leaves their seat (their pages say the teacher
        closed it), an unfinished board in play counts in no result, and nothing more is played
        there (sitting, starting, the teacher's controls are refused). Its finished boards stay in
        the travellers, the ranking and the exports. The lobby no longer lists it to the learners.

        :returns: ``[]`` (no bot acts at a closed table).
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: for a table closed already. Nothing changes.
        """
        self._teacher(user, "close a table")

        def change(s: TableSession) -> list[dict]:
            s.close()
            return []

        return self._change(table, change)

    # ---- play ------------------------------------------------------------------------------

    def start(self, table: str) -> list[dict]:
        """Deal the table's first board (the set's first code, or a random board) and let
        the bots act until a person is to act, as :meth:`act` does.

        :returns: the bots' actions, as :meth:`act` returns them.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: when the table has started already, nobody sits at it, or it
            has no bots and a seat is empty; nothing changes.
        """
        return self._change(table, lambda s: moves_json(s, s.start()))

    def legal(self, table: str, user: str) -> list[str]:
        """The actions ``user`` may take at ``table`` now, in notation (bids ``"4"``,
        cards ``"QH"``, Durak's ``"trump 3"``, ``"draw 2"``, ``"draw none"``); empty when
        it is not their turn, they do not sit there, or the table has not started.

        :raises UnknownTableError: for a table that does not exist.
        """
        user = _check_user(user)
        with self._lock:
            s = self._load(table)[1]
            seat = next((n for n, u in s.people.items() if u == user), None)
            return [] if seat is None else s.legal(seat)

    def act(self, table: str, user: str, action) -> list[dict]:
        """Take ``action`` for ``user``'s seat at ``table`` and return once the bots have
        replied (until a person is to act). A finished board is recorded at once and held
        on every page (its last trick, its score, the running total) until the table is
        moved on (:meth:`next_board`, :meth:`next_board_all`, :meth:`advance`).

        :param action: the action in notation, as :meth:`legal` lists them (``"QH"``,
            ``"10♥"`` and ``"qh"`` are read too), or an action object.
        :returns: the actions taken, this one first: dicts with ``board`` (1-based, its
            number at this table: the bots may finish the board and act on the next),
            ``seat``, ``name`` (the seat's name), ``action`` (notation), ``by`` (a user
            name or ``"bot"``).
        :raises UnknownTableError: for a table that does not exist.
        :raises NotSeatedError: for a user who does not sit at this table.
        :raises NotYourTurnError: when another seat is to act.
        :raises RoomError: when the table has not started, is paused, its board is over (held
            for the next) or it has played every board of its set.
        :raises NotationError: for text that is not an action now; :raises
            IllegalActionError: for an action the rules forbid (the engine's message names
            the rule). In every case nothing changes.
        """
        user = _check_user(user)

        def change(s: TableSession) -> list[dict]:
            seat = check_may_act(s, user)
            return moves_json(s, s.act(seat, action, user))

        return self._change(table, change)

    def view(self, table: str, user: str, *, everything: bool = False) -> dict:
        """What ``user`` sees of ``table``, as JSON values (:func:`json.dumps` takes it as
        it is): :func:`cardkit.table_session.table_view`, with ``table`` (the id) and
        ``viewer.user`` added.

        A seated user (a teacher too) sees their own hand (``hand``), their legal actions (``legal``) and
        the public part of their seat's observation (``public``: the tricks played, the
        bidding and contract, Durak's face-up cards and trump, whose turn, …), never a card
        their seat cannot see; every board finished at the table is in ``scores`` and
        ``totals``. While another table still plays a board (the same cards, in any form of
        their code), a learner
        is not shown its code or result: a finished board's ``code`` reads
        :data:`KEPT_BACK` and its ``returns`` are None, in ``board`` and in ``scores``
        (``totals`` add the boards shown). A teacher who does not sit at the table also
        sees every hand (``hands``; in Durak the face-down cards, ``face_down_cards``); a
        teacher who sits there sees what her seat sees, as a learner would, unless
        ``everything`` asks for every hand (the teachers' page).

        :param everything: a teacher's view of every hand, seated or not (the teachers' page).
        :raises UnknownTableError: for a table that does not exist.
        :raises NotSeatedError: for a user who neither sits at the table nor is a teacher.
        :raises NotTeacherError: for ``everything`` asked by a user who is not a teacher.
        """
        user = _check_user(user)
        teacher = user in self.teachers
        if everything and not teacher:
            self._teacher(user, "see every hand of a table")
        with self._lock:
            s = self._load(table)[1]
            seat = next((n for n, u in s.people.items() if u == user), None)
            if seat is None and not teacher:
                raise NotSeatedError(f"{user!r} does not sit at table {s.key!r}: only its players and the "
                                     f"teachers see it")
            god = teacher and (everything or seat is None)
            out = table_view(s, None if god and everything else seat, everything=god)
            if not teacher and (out["scores"] or (out["board"] is not None and out["board"]["over"])):
                keep_back(out, self._codes_in_play(but=s.key))   # nothing finished: nothing to keep back
        out["table"] = s.key
        out["viewer"]["user"] = user
        return out

    def results(self, code: str) -> list[dict]:
        """The traveller of one board, in the order the tables were opened: :func:`cardkit.room.travellers.results`
        (its rows, what it raises).

        :param code: the board's deal code, in any form.
        """
        with self._connect() as conn:
            return tv.results(conn, code, self.teachers)

    # ---- duplicate scoring, exports, hand records (issue 34, items 1, 2, 12) -----------------

    def travellers(self) -> list[dict]:
        """Every board finished at some table of the room, with its traveller:
        :func:`cardkit.room.travellers.travellers`."""
        with self._connect() as conn:
            return tv.travellers(conn, self.teachers)

    def ranking(self, codes: Iterable[str] | None = None, *, game: str | None = None) -> list[dict]:
        """The learners ranked by matchpoints (duplicate scoring, :func:`cardkit.room_records.ranking`):
        their average matchpoints over the boards they played that another table played too (a
        board played at one table only has no matchpoints and counts in ``boards`` only), best
        first. A teacher who played at a table is not ranked (her points still count for the others').

        :param codes: the boards of a set (deal codes in any form, compared by
            :func:`~cardkit.codes.board_identity`); None: every board finished in the room.
        :param game: only the boards of this game (``"variety"``, ...); None: every game.
        :returns: dicts ``rank``, ``player``, ``boards``, ``compared``, ``matchpoints``
            (a percentage or None).
        :raises NotationError: for a code that is not well formed.
        """
        wanted = None if codes is None else {board_identity(c) for c in codes}
        return room_ranking(learners_only(b["rows"]) for b in self.travellers()
                            if (wanted is None or b["board_id"] in wanted) and (game is None or b["game"] == game))

    def export_csv(self) -> str:
        """The results as CSV text: :func:`cardkit.room.travellers.export_csv` (a row per finished
        board and seat, by table, board and seat)."""
        return tv.export_csv(self.travellers(), {r["table"]: k for k, r in enumerate(self.tables())})

    def export_answers_csv(self) -> str:
        """What each learner did in the lessons as CSV text (a header row; one row per answer
        stored, by learner then time): ``learner``, ``kind`` (exercise, problem), ``lesson``,
        ``section`` (of the rules), ``item``, ``right`` (yes, no), ``points lost`` (problems; empty
        for an exercise) and ``at`` (UTC, ``2025-03-01 14:05:09``). The same answers
        :meth:`answers_summary` counts; text cells guarded as in :meth:`export_csv`."""
        with self._connect() as conn:
            return answers.export_csv(conn)

    def hand_records(self, user: str, table: str | None = None) -> list[dict]:
        """The boards of a hand record, for the teachers (they see every hand): dicts with
        ``code``, ``board_id``, ``game``, ``diagram`` (:func:`cardkit.room_records.deal_diagram`:
        every hand as dealt), ``rows`` (the traveller with matchpoints, :meth:`results`; a
        teacher's name followed by "(teacher)") and ``playing`` (the tables playing it now).

        :param table: a table: the boards of its set, in order (a random set: the boards it
            dealt), played anywhere or not yet; None: every board finished in the room
            (:meth:`travellers`' order).
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        """
        self._teacher(user, "see the hand records")
        known = {b["board_id"]: b for b in self.travellers()}
        with self._lock:
            s = None if table is None else self._load(table)[1]
        with self._connect() as conn:
            codes = [b["code"] for b in known.values()] if s is None else table_codes(conn, s)
        return tv.hand_record_boards(codes, known, self._playing())

    def _playing(self) -> dict[str, list[str]]:
        """board identity -> the tables playing it now (started, unfinished)."""
        playing: dict[str, list[str]] = {}
        for t in self.tables():
            if t["started"] and not t["over"] and t["board"] is not None:
                s = self._load(t["table"])[1]
                if s.state is not None and not s.state.is_terminal():
                    playing.setdefault(_identities(t["board"])[1], []).append(t["table"])
        return playing

    # ---- what each learner did (issue 23 §4), read back by her lessons (issue 33) -----------

    def record_answer(self, user: str, kind: str, *, lesson: str = "", section: str = "", item: str,
                      right: bool, points_lost: float | None = None, at: float | None = None) -> None:
        """Store one answer a learner gave in a lesson: an exercise of a rules lesson
        (``kind="exercise"``) or a problem of a problem set (``kind="problem"``).

        :param user: the learner (under the hub: the owner of the hub token that sent it,
            never a name the lesson gives); the other fields as :func:`cardkit.room.answers.checked`
            reads them.
        :raises AnswerError: as :func:`~cardkit.room.answers.checked` says, or for a learner with
            :data:`MAX_ANSWERS_PER_USER` answers stored; nothing is stored.
        """
        user = _check_user(user)
        answer = answers.checked(kind, lesson=lesson, section=section, item=item, right=right,
                                 points_lost=points_lost, at=at)
        with self._lock, self.engine.begin() as conn:
            answers.store(conn, user, answer, MAX_ANSWERS_PER_USER)

    def answers_summary(self, user: str) -> dict[str, dict]:
        """What each learner did, for the teacher: learner name -> a dict with

        - ``exercises``: rules section (``"1.3"``, ``""`` for none) -> ``{"right": n,
          "wrong": m}``, the answers counted, in book order;
        - ``problems``: lesson -> ``{"answered": n, "solved": k, "points_lost": p}`` (``p``
          the points lost over the problems answered, 0.0 when every one was solved);
        - ``answers``: the number of answers stored, ``last``: when the last came
          (seconds since 1970).

        Learners in alphabetical order; a learner with no answer is not listed.

        :raises NotTeacherError: for a user who is not a teacher.
        """
        self._teacher(user, "see what each learner did")
        with self._connect() as conn:
            return answers.summary(conn)

    def own_answers(self, user: str) -> list[dict]:
        """One learner's **own** first answers, for her lessons' progress under the hub
        (:func:`cardkit.progress.from_room`): for each ``(kind, lesson, item)`` the earliest
        answer stored, as dicts with ``kind``, ``lesson``, ``item``, ``right`` (bool) and
        ``at`` (seconds since 1970, UTC), in the order they came. Read-only; only ``user``'s
        rows (the route passes the hub token's owner, never a name from the request).

        :raises RoomError: for a user name that is not one.
        """
        user = _check_user(user)
        with self._connect() as conn:
            return answers.own(conn, user)

    # ---- the teacher's controls ------------------------------------------------------------

    def board_in_play(self, table: str) -> dict | None:
        """The board in play at ``table``, for the service's bookkeeping (no hand, no view):
        ``{"number": 1-based at the table, "code": its deal code, "over": bool}`` (``over``:
        this board is over, whether held for the next or the set's last), or None before the
        start. Inside a :meth:`batch`, no read beyond the table's first.

        :raises UnknownTableError: for a table that does not exist.
        """
        with self._lock:
            s = self._load(table)[1]
        if s.code is None:
            return None
        return {"number": s.number + 1, "code": s.code, "over": s.over or s.held}

    def board_actions(self, table: str, user: str, board: int) -> dict:
        """A board played at ``table`` as stored, for the teacher's replay: ``code`` (its
        deal code), ``finished`` and ``actions`` (dicts with ``seat``, ``name``,
        ``action`` in notation, ``by`` a user name or ``"bot"``, in the order taken).

        :param board: the board's number at the table, 1-based (as in :meth:`view`'s
            ``scores``).
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: for a board the table has not dealt.
        """
        self._teacher(user, "replay a board")
        with self._lock:
            s = self._load(table)[1]
        if not is_whole(board) or not 1 <= board <= s.number + 1:
            raise RoomError(f"board {quote(board)}: table {s.key!r} has dealt the boards 1..{s.number + 1}")
        names = seat_names(s.players)
        with self._connect() as conn:
            row, actions = stored_board(conn, s.key, board - 1, names)
        if row is None:  # pragma: no cover - every board dealt is stored
            raise RoomError(f"board {quote(board)}: not stored for table {s.key!r}")
        return {"table": s.key, "board": int(board), "code": row.code, "finished": bool(row.finished),
                "actions": actions}

    def undo(self, table: str, user: str) -> int:
        """Take back the last action a person took on the board in play at ``table``, and
        every bot action after it (a finished board's result is taken back first): that
        person is to act again.

        :returns: the number of actions left on the board (after the bots' replies, should a
            bot now hold the seat).
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: when no person has acted on the board in play; nothing changes.
        """
        self._teacher(user, "undo")
        return self._change(table, lambda s: s.undo())

    def next_board(self, table: str, user: str) -> list[dict]:
        """Move ``table`` to the next board of its set now; an unfinished board in play
        stays unfinished and counts in no result. The bots act as after an action.

        :returns: the bots' actions, as :meth:`act` returns them.
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: when the table has not started or its set has no more boards;
            :class:`BoardSeenError` when a learner seated there has held another seat of the
            next board, here or at another table (unseat them first). Nothing changes.
        """
        self._teacher(user, "move a table to the next board")
        return self._change(table, lambda s: moves_json(s, s.next_board()))

    def next_board_all(self, user: str) -> dict[str, list[str]]:
        """"Next board for all tables": every table whose board is over and held
        (:meth:`tables`' ``held``) is dealt its next board, as :meth:`next_board` does; a
        table still playing its board is left to finish it.

        :returns: ``{"moved": [table ids], "playing": [table ids still playing a board]}``,
            and ``"refused": [one line per table]`` when a table's next board was refused
            (:meth:`next_board`'s :class:`BoardSeenError`: that table stays as it was).
        :raises NotTeacherError: for a user who is not a teacher.
        """
        self._teacher(user, "move the tables to their next board")
        moved, playing, refused = [], [], []
        for t in self.tables():
            if t["closed"]:
                continue   # a closed table plays no more
            if t["held"]:
                try:
                    self._change(t["table"], lambda s: s.next_board(held_only=True))
                except BoardSeenError as e:
                    refused.append(str(e))
                    continue
                moved.append(t["table"])
            elif t["started"] and not t["over"]:
                playing.append(t["table"])
        return {"moved": moved, "playing": playing, **({"refused": refused} if refused else {})}

    def advance(self, table: str, user: str) -> list[dict]:
        """A person seated at a self-paced table (``pace="self"``) presses Next: the board,
        which is over, gives way to the next of the set; the bots act.

        :returns: the bots' actions, as :meth:`act` returns them.
        :raises UnknownTableError: for a table that does not exist.
        :raises NotSeatedError: for a user who does not sit there.
        :raises RoomError: for a table the teacher moves on (not self-paced), a board not
            over yet, a paused table or a set played out; :class:`BoardSeenError` when a
            learner seated there has held another seat of the next board (here or at another
            table). In every case nothing changes.
        """
        user = _check_user(user)

        def change(s: TableSession) -> list[dict]:
            check_may_advance(s, user)
            return moves_json(s, s.next_board(held_only=True))

        return self._change(table, change)

    def pause(self, table: str, user: str, paused: bool = True) -> list[dict]:
        """Pause ``table`` (every action refused in one line, the bots wait, every page says
        "paused by the teacher") or, with ``paused=False``, resume it (the bots act).

        :returns: the bots' actions on resuming, as :meth:`act` returns them.
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: for ``paused`` that is not True or False; nothing changes.
        """
        self._teacher(user, "pause or resume a table")
        if not isinstance(paused, bool):
            raise RoomError(f"paused {quote(paused)}: expected true or false")
        return self._change(table, lambda s: moves_json(s, s.set_paused(paused)))

    def pause_all(self, user: str, paused: bool = True) -> list[str]:
        """:meth:`pause` (or resume) every table of the room; returns the ids of the tables
        changed (those not paused already, or not running already).

        :raises NotTeacherError: for a user who is not a teacher.
        """
        self._teacher(user, "pause or resume the tables")
        if not isinstance(paused, bool):
            raise RoomError(f"paused {quote(paused)}: expected true or false")
        changed = [t["table"] for t in self.tables() if t["paused"] != paused and not t["closed"]]
        for tid in changed:
            self.pause(tid, user, paused)
        return changed

    def set_pace(self, table: str, user: str, pace: str) -> None:
        """How ``table`` moves on from a finished board from now on (:data:`PACES`:
        ``"teacher"`` or ``"self"``, :meth:`advance`).

        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises RoomError: for another pace; nothing changes.
        """
        self._teacher(user, "set how a table moves on")
        if pace not in PACES:
            raise RoomError(f"pace {quote(pace)}: expected 'teacher' (the teacher deals each next board) or 'self' "
                            f"(a person at the table presses Next)")
        self._change(table, lambda s: s.set_pace(pace))

    def announce(self, user: str, text: str) -> str:
        """Set the announcement every page of the room shows (one line of at most
        :data:`MAX_ANNOUNCEMENT` characters; "" takes it down). Returns it as stored, stripped.

        :raises NotTeacherError: for a user who is not a teacher.
        :raises RoomError: for text that is not one line of at most :data:`MAX_ANNOUNCEMENT`
            characters; nothing changes.
        """
        self._teacher(user, "make an announcement")
        if not isinstance(text, str) or len(text) > MAX_ANNOUNCEMENT or not _PRINTABLE.fullmatch(text):
            raise RoomError(f"announcement {quote(text)[:80]}: expected one line of text of at most "
                            f"{MAX_ANNOUNCEMENT} characters",
                            said=(N_("An announcement is one line of text of at most {n} characters."),
                                  {"n": MAX_ANNOUNCEMENT}))
        text = text.strip()
        with self._lock, self.engine.begin() as conn:
            set_setting(conn, "announcement", text)
        return text

    def announcement(self) -> str:
        """The teacher's announcement (:meth:`announce`), or "" when there is none."""
        with self._connect() as conn:
            return setting(conn, "announcement")

    def overview(self, user: str, table: str | None = None) -> list[dict]:
        """One line per table for the teacher's overview, in the order opened: ``table``,
        ``game``, ``started``, ``over``, ``held``, ``paused``, ``pace``, ``board`` (number
        at the table, 1-based, or None), ``position`` and ``set_size`` (None: random
        boards), ``turn`` (the seat's name to act, or None), ``player`` (who holds it: a
        user name, ``"bot"``), ``since`` (seconds since the turn last passed: the last
        action, the board dealt or a person sitting down) and ``waiting`` (:meth:`waiting`:
        a person to act, ``idle`` from :data:`IDLE_SECONDS`).

        :param table: a table id: its line alone.
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a ``table`` that names no table.
        """
        self._teacher(user, "see every table")
        out = []
        now = float(self.clock())
        for t in self.tables(only=table):
            with self._lock:
                s = self._load(t["table"])[1]
                since = self._since.get(s.key)
            out.append(overview_line(s, since, now, self.waiting(s.key, user)))
        return out

    def set_deals(self, table: str, user: str, deals: Sequence[str] | None) -> list[dict]:
        """Give ``table`` another set of boards (deal codes as for :meth:`open_table`, or
        None for random boards). A started table deals the new set's first board at once
        (an unfinished board in play counts in no result); one not started yet plays it
        from the start.

        :returns: the bots' actions, as :meth:`act` returns them.
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        :raises CardkitError: for a code the table cannot play (named); nothing changes.
        """
        self._teacher(user, "set a table's boards")
        return self._change(table, lambda s: moves_json(s, s.set_deals(deals)))

    def unseat(self, table: str, user: str, seat: int | str) -> list[dict]:
        """Take the person at ``seat`` of ``table`` out of it (a learner who holds the table
        up): the table's bot (its kind, :meth:`open_table`'s ``bots``) plays the seat from
        now on and the bots act as after an action; a table without bots waits for a person
        there. Whoever sits down there next takes it over, as from a bot. The learner's page
        says so (:meth:`seat_notice`) until they sit down again; they may sit again at that
        seat, as after :meth:`leave` (not at another seat of the board: they have seen it).

        :param seat: a seat number ``0 .. players - 1`` or a seat's name (``"South"``).
        :returns: the bots' actions it set off, as :meth:`act` returns them.
        :raises NotTeacherError: for a user who is not a teacher (a learner unseats nobody).
        :raises UnknownTableError: for a table that does not exist.
        :raises SeatError: for a seat the table does not have.
        :raises RoomError: for a seat no person holds. In every case nothing changes.
        """
        self._teacher(user, "unseat a player")

        def change(s: TableSession) -> list[dict]:
            n = seat_number(s, seat)
            check_person_at(s, n)
            return moves_json(s, s.unseat(n))

        return self._change(table, change)

    def seat_notice(self, table: str, user: str, tr=None) -> str | None:
        """The line a learner's page shows once a teacher took them out of their seat at
        ``table`` (:meth:`unseat`), until they sit down again anywhere; else None. ``tr``: its
        language (a :func:`cardkit.i18n.translation`; None: English).

        >>> room = Room("sqlite://", teachers=["ms_k"])
        >>> t = room.open_table("warsaw_hearts", deals=["W-17"])
        >>> _ = room.sit(t, "eve", "South"), room.sit(t, "ann", "North"), room.start(t)
        >>> _ = room.unseat(t, "ms_k", "South")
        >>> room.seat_notice(t, "eve")
        'The teacher gave your seat (South) at table T1 to a bot.'
        """
        user = _check_user(user)
        tid = _check_table_id(table)
        with self._connect() as conn:
            row = unseated(conn, user, tid)
        if row is None:
            return None
        tr = tr or translation("en")
        name = tr.gettext(seat_names(self._load(tid)[1].players)[row.seat])
        if row.bot:
            return tr.gettext("The teacher gave your seat ({seat}) at table {table} to a bot.").format(
                seat=name, table=tid)
        return tr.gettext("The teacher took you out of your seat ({seat}) at table {table}; the seat waits for a "
                          "player.").format(seat=name, table=tid)

    def waiting(self, table: str, user: str) -> dict | None:
        """Whom ``table`` waits for: the person to act at a started table, and for how long
        (since the turn passed to them: the last action, the board dealt, or their sitting
        down, whichever came last); None when a bot or nobody is to act, the board is over,
        the table is paused or has not started.

        :returns: ``{"table", "seat", "name", "user", "seconds", "idle", "idle_after"}``:
            ``seconds`` waited (a float), ``idle`` True from ``idle_after`` seconds on
            (:data:`IDLE_SECONDS`).
        :raises NotTeacherError: for a user who is not a teacher.
        :raises UnknownTableError: for a table that does not exist.
        """
        self._teacher(user, "see whom a table waits for")
        with self._lock:
            s = self._load(table)[1]
            since = self._since.get(s.key)
        turn = turn_of(s)
        if turn is None or turn[3] is None or since is None:
            return None
        return waiting_line(s, turn, max(0.0, float(self.clock()) - since), IDLE_SECONDS)

    def idle(self, user: str) -> list[dict]:
        """The tables held up by a person who has not acted for :data:`IDLE_SECONDS` or more,
        in the order opened: :meth:`waiting`'s dicts (the teacher's page says "South (eve)
        has not played for 2 min" beside a button to :meth:`unseat` her).

        :raises NotTeacherError: for a user who is not a teacher.
        """
        self._teacher(user, "see which tables wait")
        out = []
        for t in self.tables():
            w = self.waiting(t["table"], user)
            if w is not None and w["idle"]:
                out.append(w)
        return out

    # ---- inside ----------------------------------------------------------------------------

    def _teacher(self, user, what: str) -> None:
        user = _check_user(user)
        if user not in self.teachers:
            raise NotTeacherError(f"only a teacher may {what}; {user!r} is not one of the room's teachers",
                                  said=(N_("Only a teacher may do that."), {}))

    def _codes_in_play(self, but: str | None = None) -> set[str]:
        """The cards identities (:func:`~cardkit.codes.cards_identity`) of the boards in play
        and unfinished at a started table (other than ``but``): the same cards in any form of
        their code, with any dealer or variant."""
        batch = self._batches.current()
        found = None if batch is None else batch["in_play"]
        if found is None:
            with self._connect() as conn:
                found = seen_boards.boards_in_play(conn)
            if batch is not None:
                batch["in_play"] = found
        return {cards for tid, cards in found if tid != but}

    def _held_elsewhere(self, s: TableSession, n: int, user: str, code: str) -> tuple[set, list]:
        with self._connect() as conn:
            return seen_boards.held_elsewhere(conn, s, n, user, code)

    def _check_not_seen(self, s: TableSession, n: int, user: str) -> None:
        seen_boards.check_not_seen(s, n, user, lambda code: self._held_elsewhere(s, n, user, code),
                                   self._players_of, lambda: self._codes_in_play(but=s.key))

    def _check_dealt(self, s: TableSession) -> None:
        seen_boards.check_dealt(s, self.teachers, lambda n, user: self._held_elsewhere(s, n, user, s.code or "")[1],
                                self._players_of)

    def _players_of(self, table: str) -> int:
        return self._load(table)[1].players

    def _seat_of_user(self, user: str) -> tuple[str, int] | None:
        with self._connect() as conn:
            return seat_of_user(conn, user)

    @contextmanager
    def _connect(self):
        """A connection used under the room's lock (threads sharing one connection: none at once)."""
        with self._lock, self.engine.connect() as conn:
            yield conn

    def _load(self, table) -> tuple[int, TableSession]:
        """The table's version and session: the cached one while the database holds the
        same version, else rebuilt from the database (its board's actions replayed)."""
        tid = _check_table_id(table)
        b = self._batches.current()
        if b is not None and tid in b["fresh"] and tid in self._cache:
            return self._cache[tid]   # read (or written) in this batch already
        with self._lock, self._reads.connect() as conn:
            row = conn.execute(select(_TABLES).where(_TABLES.c.id == tid)).first()
            if row is None:
                raise UnknownTableError(f"table {quote(table)}: no such table in this room",
                                        said=(N_("There is no such table in this room."), {}))
            self._since[tid] = row.turn_since
            cached = self._cache.get(tid)
            if cached is None or cached[0] != row.version:
                cached = self._cache[tid] = (row.version, rebuild(conn, row))
        if b is not None:
            b["fresh"].add(tid)
        return cached

    def _change(self, table, fn: Callable[[TableSession], Any]) -> Any:
        """Run ``fn`` on a copy of the table's session; write what it changed (its
        events) in one transaction, only if the table is still at the version read; then
        keep the copy. If ``fn`` raises, nothing is written and the session is as it was."""
        with self._lock:
            version, session = self._load(table)
            new = session.clone()
            try:
                out = fn(new)
            except StateError as e:  # the session's refusals, in the room's words
                raise RoomError(f"table {new.key!r}: {e}", said=_session_said(str(e), new.key)) from None
            events = new.take_events()
            if any(e[0] == "deal" for e in events):
                self._check_dealt(new)   # a learner seated there who held another seat of it: refused
            seen = seen_boards.seen_rows(new, self._seen_known)
            since = self._since.get(new.key)
            if turn_of(new) != turn_of(session) or since is None:
                since = float(self.clock())
            try:
                with self.engine.begin() as conn:
                    write_change(conn, new, version, since, events, seen, self.clock)
            except (TableChangedError, IntegrityError) as e:
                self._cache.pop(new.key, None)
                b = self._batches.current()
                if b is not None:
                    b["fresh"].discard(new.key)
                    b["in_play"] = None
                if isinstance(e, TableChangedError):
                    raise
                raise TableChangedError(f"table {new.key!r}: the database refused the change (another process "
                                        f"changed the room meanwhile): nothing was done; try again") from None
            self._cache[new.key] = (version + 1, new)
            self._since[new.key] = since
            self._seen_known.update(seen)
            b = self._batches.current()
            if b is not None:
                b["fresh"].add(new.key)
                if any(e[0] in ("deal", "finish", "unfinish", "start", "close") for e in events):
                    b["in_play"] = None   # the boards in play changed
            return out

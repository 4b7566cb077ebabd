"""What the room reads off a table session: a seat from its number or name, who sits where,
whose turn it is for the idle clock, the actions taken as the room returns them, and a learner's
view with the boards another table still plays kept back. Part of :mod:`cardkit.room.rooms`
(issue 30 split it).

Seats are numbers ``0 .. players - 1`` clockwise (RULES.md, "Common conventions") or their
names, in either case: with four players South, West, North, East; with three South,
West, East; in Armenian Durak South and North (:data:`cardkit.table_session.SEAT_NAMES`).
Variety seats 4 (RULES.md §1.1), Warsaw Hearts 4 or 3 (``Rules(players=3)``, §2.1),
Armenian Durak 2 (§3.2).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

from cardkit.core._checks import is_whole
from cardkit.core.errors import quote
from cardkit.i18n import N_
from cardkit.table.table_session import Move, TableSession, seat_names

from .errors import NotSeatedError, NotYourTurnError, RoomError, SeatError, SeatTakenError
from .storage import identities

__all__ = ["KEPT_BACK", "ReadBatches", "paused_error", "check_may_act", "check_may_advance", "check_person_at",
           "check_seat_free",
           "overview_line", "table_row", "waiting_line", "seat_number", "seat_of", "moves_json", "turn_of",
           "keep_back"]

#: what a learner's view shows for the code of a finished board another table still plays
KEPT_BACK = "kept back while another table plays this board"


def seat_number(s: TableSession, seat) -> int:
    """The seat ``seat`` (a number or a seat's name, in either case) of ``s``."""
    names = seat_names(s.players)
    if is_whole(seat) and 0 <= seat < s.players:
        return int(seat)
    if isinstance(seat, str):
        lower = [n.lower() for n in names]
        if seat.strip().lower() in lower:
            return lower.index(seat.strip().lower())
    raise SeatError(f"seat {quote(seat)}: table {s.key!r} has the seats 0..{s.players - 1}, "
                    f"named {', '.join(names)}")


def seat_of(s: TableSession, user: str) -> int:
    """The seat ``user`` holds at ``s``."""
    for n, u in s.people.items():
        if u == user:
            return n
    raise NotSeatedError(f"{user!r} does not sit at table {s.key!r}: take a seat first",
                         said=(N_("You do not sit at table {table}: take a seat first."), {"table": s.key}))


def moves_json(s: TableSession, moves: list[tuple[int, Move]]) -> list[dict]:
    """The actions taken (``(board, Move)`` pairs) as the room returns them."""
    names = seat_names(s.players)
    return [{"board": b + 1, "seat": m.seat, "name": names[m.seat], "action": m.action, "by": m.by}
            for b, m in moves]


def turn_of(s: TableSession) -> tuple | None:
    """Whose turn it is, as far as the idle clock counts: the board, the actions taken on
    it, the seat to act and the person who holds it; None when nobody is to act (the
    board over, or the table paused: resuming starts the clock afresh)."""
    st = s.state
    if not s.started or st is None or st.is_terminal() or s.paused:
        return None
    seat = st.current_player
    return s.number, len(s.moves), seat, s.people.get(seat)


def keep_back(view: dict, pending: set[str]) -> None:
    """Hide from a learner's view the code and result of each finished board whose cards
    identity is in ``pending``."""
    board = view.get("board")
    if board is not None and board["over"] and identities(board["code"])[0] in pending:
        board["code"], board["returns"] = KEPT_BACK, None
    shown = []
    for row in view["scores"]:
        if identities(row["code"])[0] in pending:
            row["code"], row["returns"] = KEPT_BACK, None
        else:
            shown.append(row["returns"])
    view["totals"] = [sum(r[k] for r in shown) for k in range(view["players"])]


def paused_error(s: TableSession) -> RoomError:
    """The refusal of an action or a Next at a table the teacher paused (one wording for both)."""
    return RoomError(f"table {s.key!r} is paused by the teacher: wait until play resumes",
                     said=(N_("Table {table} is paused by the teacher: wait until play resumes."), {"table": s.key}))


def check_may_act(s: TableSession, user: str) -> int:
    """The seat ``user`` acts from at ``s`` now (:meth:`cardkit.room.rooms.Room.act`).

    :raises NotSeatedError: for a user who does not sit there.
    :raises NotYourTurnError: when another seat is to act.
    :raises RoomError: when the table has not started, is paused, its board is over (held for the
        next) or it has played every board of its set.
    """
    seat = seat_of(s, user)
    if not s.started:
        raise RoomError(f"table {s.key!r} has not started yet: wait for the start",
                        said=(N_("Table {table} has not started yet: wait for the start."), {"table": s.key}))
    if s.paused:
        raise paused_error(s)
    if s.over:
        raise RoomError(f"table {s.key!r} has played every board of its set",
                        said=(N_("Table {table} has played every board of its set."), {"table": s.key}))
    if s.held:
        raise RoomError(f"table {s.key!r}: {s.held_words()}", said=(
            N_("Board {number} is over: press Next board when everyone is ready.") if s.pace == "self"
            else N_("Board {number} is over: the teacher deals the next board."), {"number": s.number + 1}))
    names = seat_names(s.players)
    turn = s.state.current_player
    if turn != seat:
        raise NotYourTurnError(f"it is {names[turn]}'s turn at table {s.key!r}, not {names[seat]}'s "
                               f"({user!r}): wait for your turn",
                               said=(N_("It is {seat}'s turn, not yours: wait for your turn."),
                                     {"seat": names[turn]}))
    return seat


def overview_line(s: TableSession, since: float | None, now: float, waiting: dict | None) -> dict:
    """The teacher's overview line of ``s`` (:meth:`cardkit.room.rooms.Room.overview`): ``since``
    when its turn last passed, ``now`` the clock, ``waiting`` whom it waits for."""
    st = s.state
    turn = None if st is None or st.is_terminal() or not s.started else st.current_player
    names = seat_names(s.players)
    return {"table": s.key, "game": s.game, "started": s.started, "over": s.over, "held": s.held,
                "paused": s.paused, "pace": s.pace, "board": None if st is None else s.number + 1,
                "position": None if st is None else s.position + 1,
                "set_size": None if s.deals is None else len(s.deals),
                "turn": None if turn is None else names[turn], "player": None if turn is None else s.who(turn),
                "since": None if since is None else max(0.0, now - since),
                "waiting": waiting}


def check_seat_free(s: TableSession, n: int, user: str, where: tuple[str, int] | None,
                    players_of: Callable[[str], int]) -> None:
    """Refuse (:class:`SeatTakenError`) ``user`` at seat ``n`` of ``s`` if another person holds it,
    or if ``user`` sits elsewhere (``where``: their table and seat, or None; ``players_of(table)``:
    its seats)."""
    name = seat_names(s.players)[n]
    if n in s.people:
        raise SeatTakenError(f"{name} at table {s.key!r} is taken by {s.people[n]!r}: choose another seat",
                             said=(N_("{seat} at table {table} is taken by {user}: choose another seat."),
                                   {"seat": name, "table": s.key, "user": s.people[n]}))
    if where is not None:
        other, m = where
        other_name = seat_names(players_of(other))[m] if other != s.key else seat_names(
            s.players)[m]
        raise SeatTakenError(f"{user!r} sits at table {other!r} as {other_name} already: leave that seat "
                             f"first (one seat in the room at a time)",
                             said=(N_("You sit at table {table} as {seat} already: leave that seat first "
                                      "(one seat in the room at a time)."),
                                   {"table": other, "seat": other_name}))


def check_may_advance(s: TableSession, user: str) -> None:
    """Refuse ``user``'s Next at ``s`` (:meth:`cardkit.room.rooms.Room.advance`): not seated there
    (:class:`NotSeatedError`), a table the teacher moves on, or a paused one (:class:`RoomError`)."""
    seat_of(s, user)
    if s.pace != "self":
        raise RoomError(f"table {s.key!r}: the teacher deals the next board here (the set is not self-paced)",
                        said=(N_("At table {table} the teacher deals the next board."), {"table": s.key}))
    if s.paused:
        raise paused_error(s)


def check_person_at(s: TableSession, n: int) -> None:
    """Refuse (:class:`RoomError`) to unseat seat ``n`` of ``s`` when no person sits there."""
    if n not in s.people:
        name = seat_names(s.players)[n]
        raise RoomError(f"{name} at table {s.key!r}: no person sits there ("
                        f"{'a bot plays it' if s.is_bot(n) else 'it is empty'})",
                        said=(N_("No person sits at {seat} at table {table}."), {"seat": name, "table": s.key}))


def table_row(s: TableSession) -> dict:
    """``s``'s row of :meth:`cardkit.room.rooms.Room.tables`."""
    return {"table": s.key, "game": s.game, "players": s.players, "bots": s.bots, "started": s.started,
                "board": s.code, "over": s.over, "held": s.held, "paused": s.paused, "pace": s.pace,
                "seats": [s.who(i) for i in range(s.players)],
                "closed": s.closed, "set_size": None if s.deals is None else len(s.deals),
                "position": s.position + 1}


def waiting_line(s: TableSession, turn: tuple, seconds: float, idle_after: float) -> dict:
    """Whom ``s`` waits for (:meth:`cardkit.room.rooms.Room.waiting`): ``turn`` (:func:`turn_of`),
    ``seconds`` waited, idle from ``idle_after`` seconds on."""
    seat = turn[2]
    return {"table": s.key, "seat": seat, "name": seat_names(s.players)[seat], "user": turn[3],
            "seconds": seconds, "idle": seconds >= idle_after, "idle_after": idle_after}


class ReadBatches:
    """Each thread's batch of reads of a :class:`cardkit.room.rooms.Room` (its ``batch()``).

    A batch of reads (and changes) in one thread, as the room service makes for one
    message and the pages it updates: within it each table's row is read from the
    database once (its version checked; then its cached session is used), the table
    list and the boards in play once; a change made in it refreshes what it touched.
    Outside a batch every call reads afresh. Nested batches are one. A change is still
    written only at the version read (:class:`~cardkit.room.errors.TableChangedError`), so
    another process's change is never written over; within a batch a read may miss a change
    another process made meanwhile (the next batch sees it).
    """

    def __init__(self) -> None:
        self._local = threading.local()

    @contextlib.contextmanager
    def open(self) -> Iterator[None]:
        """Open this thread's batch (inside one already open: that one)."""
        if getattr(self._local, "batch", None) is not None:
            yield
            return
        self._local.batch = {"fresh": set(), "in_play": None, "ids": None}
        try:
            yield
        finally:
            self._local.batch = None

    def current(self) -> dict | None:
        """This thread's open batch: ``fresh`` (the table ids read in it), ``in_play`` (the
        boards in play, once read) and ``ids`` (the table ids, once read); None outside one."""
        return getattr(self._local, "batch", None)

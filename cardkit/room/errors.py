"""The room's refusals (:class:`RoomError` and its kinds, each with the line a learner's page
shows in its language) and the checks of a user name and a table id. Part of
:mod:`cardkit.room.rooms` (issue 30 split it); ``cardkit.room`` and ``cardkit.room.rooms`` still
give every name."""

from __future__ import annotations

from typing import Any

from cardkit.core.errors import CardkitError, quote
from cardkit.i18n import N_
from cardkit.table.table_session import RESERVED_NAMES

__all__ = [
    "RoomError", "UnknownTableError", "SeatError", "SeatTakenError", "NotSeatedError", "NotYourTurnError",
    "NotTeacherError", "BoardSeenError", "TableChangedError", "AnswerError", "SESSION_SAID", "session_said",
    "MAX_USER", "check_user", "check_table_id",
]

#: the table sessions' refusals (:class:`cardkit.table_session.TableSession`'s StateError, by the
#: start of their English line) as a page in another language says them
SESSION_SAID: tuple[tuple[str, str], ...] = (
    ("the table has started already", N_("Table {table} has started already.")),
    ("nobody sits at the table", N_("Nobody sits at table {table}, and the bots play only beside a person: a learner "
                                    "(or the teacher) takes a seat first, then Start.")),
    ("the table has not started", N_("Table {table} has not started yet: wait for the start.")),
    ("the teacher has paused", N_("Table {table} is paused by the teacher: wait until play resumes.")),
    ("every board of the table's set", N_("Table {table} has played every board of its set.")),
    ("no person has acted", N_("No person has acted on the board in play at table {table}: there is nothing to "
                               "undo.")),
    ("the set has no more boards", N_("Table {table} has played every board of its set.")),
    ("the set has no board after", N_("The set of table {table} has no more boards: give it another set to play "
                                      "on.")),
    ("the teacher has closed", N_("The teacher has closed table {table}: nothing more is played there.")),
    ("board ", N_("The board in play at table {table} is not over yet: Next deals a board once it is over.")),
)


def session_said(line: str, table: str) -> tuple[str, dict[str, Any]] | None:
    """What a page in another language says for a table session's refusal ``line`` (None:
    the page's generic line)."""
    if " empty and this table has no bots" in line:
        return N_("A seat of table {table} is empty and the table has no bots: a person takes every seat before it "
                  "starts."), {"table": table}
    if line.startswith("board ") and "is over:" in line:   # held_words: a held board
        return None
    return next(((m, {"table": table}) for start, m in SESSION_SAID if line.startswith(start)), None)


class RoomError(CardkitError):
    """Something the room refuses: the message says what, in plain words, and quotes the
    input. Nothing has changed.

    ``said``: what a learner's page shows in its language, a catalog message (marked with
    ``N_``) and its placeholders' values (a seat's English name, translated where it is
    shown); None: the page's generic line (the English message is for the log)."""

    #: the class's ``said`` when none is given
    default_said: tuple[str, dict[str, Any]] | None = None

    def __init__(self, message: str = "", *, said: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.said = said if said is not None else self.default_said


class UnknownTableError(RoomError):
    """A table id that names no table of the room."""


class SeatError(RoomError):
    """A seat that is not one of the table's: neither a number ``0 .. players - 1`` nor a
    seat's name (South, West, North, East)."""

    default_said = (N_("There is no such seat at this table."), {})


class SeatTakenError(RoomError):
    """A seat another person holds, or a user who holds a seat elsewhere in the room."""


class BoardSeenError(SeatTakenError):
    """A seat on a board the user has already played or seen from another seat or at
    another table (the same cards, :func:`cardkit.codes.cards_identity`, in whatever form
    its code was written, with whatever dealer or variant): taking it would show them
    another hand of that board (seat hopping). A user may sit again where they sat on that
    board only."""

    default_said = (N_("You have played or seen this board from another seat: you may not take this seat now."),
                    {})


class NotSeatedError(RoomError):
    """A user who does not sit at the table (and, for a view, is not a teacher)."""


class NotYourTurnError(RoomError):
    """A seated user's action while another seat is to act."""


class NotTeacherError(RoomError):
    """A teacher's control (undo, next board, another set of boards, unseating a player,
    whom a table waits for) asked by a user who is not one of the room's teachers."""


class AnswerError(RoomError):
    """A lesson's answer that :meth:`Room.record_answer` refuses: a bad kind, an id that is
    not short plain text, a right/wrong that is not a bool, points lost that are not a
    number of points, or a learner past :data:`MAX_ANSWERS_PER_USER`."""


class TableChangedError(RoomError):
    """The table changed in another process between reading and writing it: nothing was
    written; the next call reads the table afresh."""


#: at most this many characters in a user name (JupyterHub's names are shorter)
MAX_USER = 255


def check_user(user) -> str:
    if not isinstance(user, str) or not user.strip() or len(user) > MAX_USER:
        raise RoomError(f"user {quote(user)}: expected a user name, text of 1 to {MAX_USER} characters")
    if user.strip().lower() in RESERVED_NAMES:
        raise RoomError(f"user {quote(user)}: this name is reserved for the room's bots; log in with another name")
    return user


def check_table_id(table) -> str:
    if not isinstance(table, str) or not table or len(table) > 32:
        raise UnknownTableError(f"table {quote(table)}: expected a table id such as 'T1', as open_table returns")
    return table

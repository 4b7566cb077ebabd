"""Who has seen which board (seat hopping, issue 34): the places a learner held a board
(:func:`held_elsewhere`), the refusals of a seat or a deal that would show her a second hand of it
(:func:`check_not_seen`, :func:`check_dealt`), the seats to record as seen (:func:`seen_rows`) and
the boards in play (:func:`boards_in_play`). :class:`cardkit.room.rooms.Room` calls these. Part
of :mod:`cardkit.room.rooms` (issue 30 split it).

A user holds at most one seat in the room at a time, so that
nobody sees two hands of a board that two tables play; and a learner who has held one seat
of a board takes no other seat of it, here or at another table (:class:`~cardkit.room.errors.BoardSeenError`).
A board is known by its cards (:func:`cardkit.codes.cards_identity`), not by how its code
was written: ``V-4821``, ``V-4821-D2`` and the cards form ``V-XA3WLA6HFKZUGP5C7ZCEPM-D1``
are one board for this rule (the dealer changes the bidding, not the hands).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.engine import Connection

from cardkit.table.table_session import TableSession, seat_names

from .errors import BoardSeenError
from .storage import BOARDS, SEEN, TABLES, identities

__all__ = ["boards_in_play", "held_elsewhere", "check_not_seen", "check_dealt", "seen_rows"]


def boards_in_play(conn: Connection) -> list[tuple[str, str]]:
    """``(table, cards identity)`` of each board in play and unfinished at a started table."""
    b, t = BOARDS.c, TABLES.c
    q = (select(b.table_id, b.code, b.cards_id).join(TABLES, (t.id == b.table_id) & (t.board == b.number))
         .where(t.started.is_(True), b.finished.is_(False)))
    return [(r.table_id, r.cards_id or identities(r.code)[0]) for r in conn.execute(q)]


def held_elsewhere(conn: Connection, s: TableSession, n: int, user: str, code: str) -> tuple[set, list]:
    """The (table, seat) places where ``user`` held the board ``code`` (its cards
    identity), and those of them other than seat ``n`` of ``s``."""
    cards = identities(code)[0]
    held: set[tuple[str, int]] = set()
    q = select(SEEN.c.table_id, SEEN.c.seat).where(SEEN.c.user_name == user, SEEN.c.cards_id == cards)
    held |= {(r.table_id, r.seat) for r in conn.execute(q)}
    q2 = select(BOARDS.c.table_id, BOARDS.c.players).where(BOARDS.c.cards_id == cards,
                                                             BOARDS.c.finished.is_(True))
    for r in conn.execute(q2):
        held |= {(r.table_id, int(k)) for k, v in json.loads(r.players).items() if v == user}
    return held, sorted(h for h in held if h != (s.key, n))


def check_not_seen(s: TableSession, n: int, user: str, held_of: Callable[[str], tuple[set, list]],
                   players_of: Callable[[str], int], in_play: Callable[[], set[str]]) -> None:
    """Refuse (:class:`BoardSeenError`) ``user`` at seat ``n`` of ``s`` if they have held
    another seat of its board (here or at another table, in any form of its code: the
    same cards identity) or if its board is over while another table plays it. ``held_of(code)``:
    :func:`held_elsewhere` for this seat; ``players_of(table)``: its seats; ``in_play()``: the
    cards identities in play at the other tables."""
    code = s.code if s.started else s.next_code()
    if code is None:
        return
    cards = identities(code)[0]
    held, other = held_of(code)
    names = seat_names(s.players)
    if other:
        tid, m = other[0]
        held_name = seat_names(s.players if tid == s.key else players_of(tid))[m]
        where = "here" if tid == s.key else f"at table {tid!r}"
        board = "the board in play here" if s.started else "the first board this table deals"
        again = f"sit at {held_name} again" if tid == s.key else "sit at a table playing another board"
        raise BoardSeenError(f"{user!r} held {held_name} {where} on {board}: sitting at {names[n]} would show "
                             f"another hand of it; {again}, or wait for the next board")
    if not held and s.started and s.state is not None and s.state.is_terminal() and \
            cards in in_play():
        raise BoardSeenError(f"the board just played at table {s.key!r} is still being played at another "
                             f"table: wait until it is over there")


def check_dealt(s: TableSession, teachers: frozenset[str], other_of: Callable[[int, str], list],
                players_of: Callable[[str], int]) -> None:
    """Refuse (:class:`BoardSeenError`) the board just dealt at ``s`` (a Next board, the
    start, a new set) if a learner seated there has held another seat of it, here or at
    another table, or played it to its end elsewhere: dealing it would show her a
    second hand of it (a learner could sit North of V-17 at one table, leave, and press
    Next at a self-paced table whose set deals V-17 while she sits South). ``other_of(seat, user)``:
    :func:`held_elsewhere`'s other places; ``players_of(table)``: its seats."""
    if not s.started or s.code is None:
        return
    names = seat_names(s.players)
    for n, user in sorted(s.people.items()):
        if user in teachers:
            continue
        other = other_of(n, user)
        if other:
            tid, m = other[0]
            held_name = seat_names(s.players if tid == s.key else players_of(tid))[m]
            where = "here" if tid == s.key else f"at table {tid!r}"
            raise BoardSeenError(
                f"table {s.key!r}: the next board is not dealt: {user!r} (at {names[n]}) has held {held_name} "
                f"{where} on it, and dealing it here would show that learner another hand of it; the "
                f"teacher may unseat them first")


def seen_rows(s: TableSession, known: set) -> list[tuple[str, str, str, int]]:
    """The (user, code, table, seat) rows of the people at ``s``'s board in play not stored yet."""
    if not s.started or s.code is None:
        return []
    rows = [(u, s.code, s.key, seat) for seat, u in s.people.items()]
    return [r for r in rows if r not in known]

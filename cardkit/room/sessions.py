"""What the room reads off a table session: a seat from its number or name, who sits where,
whose turn it is for the idle clock, the actions taken as the room returns them, and a learner's
view with the boards another table still plays kept back. Part of :mod:`cardkit.room.rooms`
(issue 30 split it)."""

from __future__ import annotations

from cardkit.core._checks import is_whole
from cardkit.core.errors import quote
from cardkit.i18n import N_
from cardkit.table.table_session import Move, TableSession, seat_names

from .errors import NotSeatedError, SeatError
from .storage import identities

__all__ = ["KEPT_BACK", "seat_number", "seat_of", "moves_json", "turn_of", "keep_back"]

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

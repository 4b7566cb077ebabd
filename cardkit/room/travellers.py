"""The room's travellers (duplicate scoring, issue 34): one board's rows at every table that
finished it (:func:`results`), every board's (:func:`travellers`), the results as CSV
(:func:`export_csv`) and the boards of a hand record (:func:`hand_record_boards`), read from the
room's storage. :class:`cardkit.room.rooms.Room`'s methods of the same names call these. Part of
:mod:`cardkit.room.rooms` (issue 30 split it)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.engine import Connection

from cardkit.core.codes import board_identity, parse_deal_code
from cardkit.table.table_session import seat_names

from .records import csv_text, deal_diagram, score_traveller
from .storage import BOARDS, TABLES, identities, traveller_row

__all__ = ["marked", "results", "travellers", "export_csv", "hand_record_boards"]


def marked(row: dict, teachers: frozenset[str]) -> dict:
    """``row`` (a traveller's) with ``teachers``: the seats a teacher held."""
    row["teachers"] = sorted(s for s, who in row["players"].items() if who in teachers)
    return row


def results(conn: Connection, code: str, teachers: frozenset[str]) -> list[dict]:
    """The traveller of one board: a row per table that finished it, in the order the
    tables were opened (a table that played it twice has two rows). One board is the
    same :func:`~cardkit.codes.board_identity` (the same cards, dealer and rule variants),
    whatever form each table's code was written in: ``V-4821``, ``V-4821-D1`` and
    ``V-XA3WLA6HFKZUGP5C7ZCEPM-D1`` share a traveller; ``V-4821-D2`` (another dealer,
    another bidding) has its own.

    :param code: the board's deal code, in any form :func:`cardkit.codes.parse_deal_code`
        reads (``"v-4821"`` is ``"V-4821"``).
    :returns: dicts with ``table`` (its id), ``board`` (1-based, its number at that
        table), ``code`` (canonical, as that table's set wrote it), ``players`` (seat number -> user name or
        ``"bot"``, who held each seat when the board ended), ``returns`` (the engine's
        ``returns()``, per seat in the game's points: RULES.md §1.6, §2.2, §3.4),
        ``matchpoints`` (per seat, a percentage 0..100: the share of the other rows'
        points at that seat it beat, ties counting half; None for every seat of a board
        finished at one table only, which has nothing to be compared with:
        :func:`cardkit.room_records.matchpoints`), ``teachers`` (the seats a teacher
        held: her results are the teacher's, left out of the learners' ranking), and
        for Variety ``contract`` (1..8) and ``declarers`` (``[first namer, repeater]``).
    :raises NotationError: for a code that is not well formed.
    """
    board = board_identity(code if isinstance(code, str) else parse_deal_code(code))  # not text: refused
    q = (select(BOARDS, TABLES.c.serial).join(TABLES, TABLES.c.id == BOARDS.c.table_id)
         .where(BOARDS.c.board_id == board, BOARDS.c.finished.is_(True))
         .order_by(TABLES.c.serial, BOARDS.c.number))
    rows = conn.execute(q).all()
    return score_traveller([marked(traveller_row(r), teachers) for r in rows])


def travellers(conn: Connection, teachers: frozenset[str]) -> list[dict]:
    """Every board finished at some table of the room, with its traveller: dicts with
    ``board_id`` (:func:`~cardkit.codes.board_identity`), ``code`` (as the first table
    to finish it wrote it), ``game``, ``players`` (its number of seats) and ``rows``
    (:func:`results`' rows, matchpoints included), in the order the boards were first
    finished (by the tables' opening order, then board number)."""
    q = (select(BOARDS, TABLES.c.serial, TABLES.c.game).join(TABLES, TABLES.c.id == BOARDS.c.table_id)
         .where(BOARDS.c.finished.is_(True)).order_by(TABLES.c.serial, BOARDS.c.number))
    found = conn.execute(q).all()
    boards: dict[str, dict] = {}
    for r in found:
        key = r.board_id or identities(r.code)[1]
        b = boards.setdefault(key, {"board_id": key, "code": r.code, "game": r.game, "rows": []})
        b["rows"].append(marked(traveller_row(r), teachers))
    for b in boards.values():
        score_traveller(b["rows"])
        b["players"] = len(b["rows"][0]["returns"])
    return list(boards.values())


def export_csv(boards: list[dict], order: dict[str, int]) -> str:
    """The results of ``boards`` (:func:`travellers`) as CSV text (a header row; one row per
    finished board and seat, by table (``order``: table id -> its place), board and seat):
    ``table``, ``board`` (1-based at that table), ``deal code``,
    ``player`` (a user name or ``bot``), ``seat`` (its name), ``contract`` and
    ``declarers`` (Variety: "South and North"; empty elsewhere), ``points`` (the
    seat's points, RULES.md §1.6, §2.2, §3.4) and ``matchpoints`` (a percentage with one
    decimal; empty for a board played at one table only) and ``role`` (``learner``,
    ``teacher``: a teacher who played at the table, or ``bot``). Text cells that a spreadsheet
    would run as a formula start with ``'`` (:func:`cardkit.room_records.safe_cell`)."""
    out = []
    for b in boards:
        names = seat_names(b["players"])
        for r in b["rows"]:
            decl = " and ".join(names[d] for d in r.get("declarers") or [])
            for seat, points in enumerate(r["returns"]):
                mp = r["matchpoints"][seat]
                who = r["players"].get(seat, "")
                role = "teacher" if seat in r["teachers"] else "bot" if who == "bot" else "learner"
                out.append(((order.get(r["table"], len(order)), r["board"], seat),
                            [r["table"], r["board"], r["code"], who, names[seat],
                             r.get("contract"), decl, points, None if mp is None else round(mp, 1), role]))
    out.sort(key=lambda x: x[0])
    return csv_text(["table", "board", "deal code", "player", "seat", "contract", "declarers", "points",
                     "matchpoints", "role"], (row for _, row in out))


def hand_record_boards(codes: list[str], known: dict[str, dict], playing: dict[str, list[str]]) -> list[dict]:
    """The boards of ``codes`` as :meth:`cardkit.room.rooms.Room.hand_records` gives them (each board once):
    ``known`` the travellers by board identity, ``playing`` the tables playing each board now."""
    out, done = [], set()
    for code in codes:
        board = identities(code)[1]
        if board in done:
            continue
        done.add(board)
        b = known.get(board)
        diagram = deal_diagram(code)
        rows = [{**r, "players": {s: f"{who} (teacher)" if s in r["teachers"] else who
                                  for s, who in r["players"].items()}} for r in (b["rows"] if b else [])]
        out.append({"code": code, "board_id": board, "game": diagram["game"], "diagram": diagram,
                    "rows": rows, "playing": playing.get(board, [])})
    return out

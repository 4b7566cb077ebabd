"""The room's storage: its tables in SQLAlchemy Core (:data:`METADATA`), bringing an older
database up to date (:func:`migrate`), and a table session to and from its rows
(:func:`rebuild`, :func:`write_event`). Part of :mod:`cardkit.room.rooms` (issue 30 split it);
``cardkit.room`` still gives :data:`METADATA` and the older private names of the tables.

Everything is stored as it happens, through SQLAlchemy Core only (portable: a SQLite file
for one machine, ``Room("sqlite:///room.db")``; PostgreSQL for a class on Zero to
JupyterHub, ``Room("postgresql://...")``): tables, seats, boards with their results, and
every action. A Room opened again on the same database has every result and resumes every
unfinished table at the same action (its board's stored actions replayed on the deal). Two
Room objects (two processes) on one database see each other's changes: each call reads
the table's version first, and a change made on a stale copy is refused
(:class:`~cardkit.room.errors.TableChangedError`) rather than written over the other.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from importlib.util import find_spec
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError

from cardkit.core.codes import board_identity, cards_identity, game_entry
from cardkit.core.errors import CardkitError
from cardkit.core.state import rules_from_json
from cardkit.table.table_session import PACES, Move, TableSession

from .errors import TableChangedError

__all__ = [
    "METADATA", "TABLES", "SETTINGS", "SEATS", "BOARDS", "ACTIONS", "ANSWERS", "SEEN", "UNSEATED", "ADDED_COLUMNS",
    "identities", "migrate", "driver", "traveller_row", "table_fields", "rebuild", "write_event", "write_change",
    "stored_board", "insert_table", "write_ahead", "reads_engine", "table_codes",
    "seat_of_user", "unseated", "setting", "set_setting",
]

#: The room's tables (SQLAlchemy Core; :class:`~cardkit.room.rooms.Room` creates those missing).
METADATA = MetaData()

TABLES = Table(
    "cardkit_room_tables", METADATA,
    Column("id", String(32), primary_key=True),
    Column("serial", Integer, nullable=False, unique=True),      # the order tables were opened
    Column("game", String(32), nullable=False),
    Column("rules", Text, nullable=False),                       # JSON: the Rules' fields
    Column("bots", String(16), nullable=True),                   # "rule", "expert" or null
    Column("deals", Text, nullable=True),                        # JSON list of codes, or null (random)
    Column("seed", BigInteger, nullable=False),                  # the first random board's deal number
    Column("started", Boolean, nullable=False),
    Column("board", Integer, nullable=False),                    # the board in play (0-based), -1
    Column("position", Integer, nullable=False),                 # its place in the set (0-based), -1
    Column("version", Integer, nullable=False),                  # +1 at every change
    Column("turn_since", Float, nullable=True),                  # when the turn last passed (seconds since
                                                                 # 1970): the board, action or player to act
    Column("pace", String(16), nullable=True),                   # "teacher" (null) or "self": who deals on
    Column("paused", Boolean, nullable=True),                    # the teacher paused the table (null: no)
    Column("closed", Boolean, nullable=True),                    # closed by a teacher (null: open)
)

SETTINGS = Table(
    "cardkit_room_settings", METADATA,                           # the room's own settings: "announcement"
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

SEATS = Table(
    "cardkit_room_seats", METADATA,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_name", String(255), nullable=False, unique=True),   # one seat per user in the room
)

BOARDS = Table(
    "cardkit_room_boards", METADATA,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),                 # 0-based, per table
    Column("position", Integer, nullable=False),
    Column("code", String(200), nullable=False),                 # the canonical deal code
    Column("cards_id", String(64), nullable=True),               # codes.cards_identity(code): seen, in play
    Column("board_id", String(200), nullable=True),              # codes.board_identity(code): the traveller
    Column("finished", Boolean, nullable=False),
    Column("players", Text, nullable=True),                      # JSON seat -> user or "bot", once finished
    Column("returns", Text, nullable=True),                      # JSON list, once finished
    Column("contract", Integer, nullable=True),                  # Variety
    Column("declarers", Text, nullable=True),                    # Variety: JSON [first namer, repeater]
    Index("ix_cardkit_room_boards_code", "code"),
    Index("ix_cardkit_room_boards_cards_id", "cards_id"),
    Index("ix_cardkit_room_boards_board_id", "board_id"),
)

ACTIONS = Table(
    "cardkit_room_actions", METADATA,
    Column("table_id", String(32), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),                    # 0-based on the board
    Column("seat", Integer, nullable=False),
    Column("action", String(64), nullable=False),                # notation
    Column("by_user", String(255), nullable=False),              # a user name or "bot"
    Column("remark", Text, nullable=True),                       # Variety table talk (RULES.md §1.3)
)

ANSWERS = Table(
    "cardkit_room_answers", METADATA,                            # issue 23 §4: what each learner did
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_name", String(255), nullable=False),
    Column("kind", String(16), nullable=False),                  # "exercise" or "problem"
    Column("lesson", String(100), nullable=False),               # "variety/1_rules", or ""
    Column("section", String(32), nullable=False),               # the rules section, "1.3", or ""
    Column("item", String(100), nullable=False),                 # the exercise's title, the problem's number
    Column("right", Boolean, nullable=False),
    Column("points_lost", Float, nullable=True),                 # problems: the grade's cost in points
    Column("at", Float, nullable=False),                         # seconds since 1970 (UTC)
    Index("ix_cardkit_room_answers_user", "user_name"),
)

SEEN = Table(
    "cardkit_room_seen", METADATA,                               # who held which seat of which board
    Column("user_name", String(255), primary_key=True),
    Column("code", String(200), primary_key=True),               # the board's canonical deal code
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("cards_id", String(64), nullable=True),               # codes.cards_identity(code)
    Index("ix_cardkit_room_seen_cards", "user_name", "cards_id"),
)

UNSEATED = Table(
    "cardkit_room_unseated", METADATA,                           # a learner a teacher took out of a seat,
    Column("user_name", String(255), primary_key=True),          # until they sit again anywhere
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("bot", Boolean, nullable=False),                      # a bot plays the seat (else it waits)
    Column("at", Float, nullable=False),
)

#: the columns added to the room's tables after their first version: :class:`~cardkit.room.rooms.Room`
#: adds those an older database lacks and fills them in (the codes' identities, the turn's time)
ADDED_COLUMNS = {TABLES: ("turn_since", "pace", "paused", "closed"), BOARDS: ("cards_id", "board_id"),
                  SEEN: ("cards_id",)}


@functools.lru_cache(maxsize=8192)
def identities(code: str) -> tuple[str, str]:
    """``(cards identity, board identity)`` of a stored code (:func:`cardkit.codes.cards_identity`,
    :func:`~cardkit.codes.board_identity`); a code this version cannot read (none is stored
    unread) stands for itself."""
    try:
        return cards_identity(code), board_identity(code)
    except CardkitError:  # pragma: no cover - every stored code was read when stored
        return code[:64], code


def migrate(engine: Engine, now: float) -> None:
    """Bring a database made by an older version up to this one: add the columns of
    :data:`ADDED_COLUMNS` it lacks and their indexes, then fill in what older rows left
    empty (each board's and seen row's identities, from its code; a table's turn time: now).
    Safe to run again, and by two processes at once (a column another process added first
    is taken as added)."""
    have = inspect(engine)
    for table, columns in ADDED_COLUMNS.items():
        present = {c["name"] for c in have.get_columns(table.name)}
        for name in columns:
            if name in present:
                continue
            kind = table.c[name].type.compile(dialect=engine.dialect)
            try:
                with engine.begin() as conn:
                    conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {name} {kind}")
            except DBAPIError:  # added meanwhile by another process
                if name not in {c["name"] for c in inspect(engine).get_columns(table.name)}:
                    raise
    for table in ADDED_COLUMNS:
        for index in table.indexes:
            with contextlib.suppress(DBAPIError):  # created meanwhile by another process
                index.create(engine, checkfirst=True)
    with engine.begin() as conn:
        conn.execute(update(TABLES).where(TABLES.c.turn_since.is_(None)).values(turn_since=now))
        for table in (BOARDS, SEEN):
            codes = [r.code for r in conn.execute(select(table.c.code).where(table.c.cards_id.is_(None)).distinct())]
            for code in codes:
                cards, board = identities(code)
                values = {"cards_id": cards, **({"board_id": board} if table is BOARDS else {})}
                conn.execute(update(table).where(table.c.code == code, table.c.cards_id.is_(None)).values(**values))


def driver(url: str) -> URL:
    """``url`` as a SQLAlchemy URL; ``postgresql://`` names psycopg 3 (the ``postgres`` extra)
    when psycopg2 is not installed (SQLAlchemy 2.0 would ask for psycopg2, 2.1 asks for psycopg)."""
    u = make_url(url)
    if u.drivername == "postgresql" and find_spec("psycopg2") is None and find_spec("psycopg") is not None:
        u = u.set(drivername="postgresql+psycopg")
    return u


def table_fields(s: TableSession) -> dict:
    """The table row's columns that a session's changes set."""
    return {"deals": None if s.deals is None else json.dumps(list(s.deals)), "started": s.started,
            "board": s.number, "position": s.position, "pace": s.pace, "paused": s.paused,
            "closed": s.closed}


def traveller_row(r) -> dict:
    """A finished board's stored row as a traveller's row (before matchpoints and ``teachers``)."""
    row: dict[str, Any] = {"table": r.table_id, "board": r.number + 1, "code": r.code,
                           "players": {int(k): v for k, v in json.loads(r.players).items()},
                           "returns": json.loads(r.returns)}
    if r.contract is not None:
        row["contract"] = r.contract
        row["declarers"] = json.loads(r.declarers)
    return row


def rebuild(conn: Connection, row) -> TableSession:
    """The session of the table stored in ``row``, its seats, results and board in play
    read through ``conn`` (the board's actions replayed on its deal)."""
    module = game_entry(row.game).engine()
    rules = rules_from_json(json.loads(row.rules), module.Rules)
    deals = None if row.deals is None else json.loads(row.deals)
    s = TableSession(row.game, rules=rules, deals=deals, bots=row.bots, key=row.id, seed=row.seed,
                     pace=row.pace if row.pace in PACES else "teacher")
    s.paused = bool(row.paused)
    people = {r.seat: r.user_name for r in conn.execute(select(SEATS).where(SEATS.c.table_id == row.id))}
    boards = conn.execute(select(BOARDS).where(BOARDS.c.table_id == row.id).order_by(BOARDS.c.number)).all()
    results = []
    for b in boards:
        if b.finished:
            r = traveller_row(b)
            r.update(board=b.number, position=b.position)
            results.append(r)
    current = next((b for b in boards if b.number == row.board), None)
    moves = []
    if current is not None:
        q = (select(ACTIONS).where(ACTIONS.c.table_id == row.id, ACTIONS.c.board == row.board)
             .order_by(ACTIONS.c.idx))
        moves = [Move(a.seat, a.action, a.by_user, a.remark) for a in conn.execute(q)]
    s.restore(started=row.started, people=people, results=results, number=row.board, position=row.position,
              code=None if current is None else current.code, moves=moves,
              recorded=bool(current is not None and current.finished))
    s.closed = bool(row.closed)
    return s


def write_event(conn: Connection, tid: str, event: tuple, clock: Callable[[], float]) -> None:
    """Store one event of a table session (:meth:`cardkit.table_session.TableSession.take_events`)
    of table ``tid`` in ``conn``'s transaction; ``clock()``: when a person was unseated."""
    kind = event[0]
    if kind == "seat":
        _, seat, user = event
        conn.execute(delete(SEATS).where(SEATS.c.table_id == tid, SEATS.c.seat == seat))
        if user is not None:
            conn.execute(insert(SEATS).values(table_id=tid, seat=seat, user_name=user))
            conn.execute(delete(UNSEATED).where(UNSEATED.c.user_name == user))
    elif kind == "unseat":
        _, seat, user = event
        conn.execute(delete(UNSEATED).where(UNSEATED.c.user_name == user))
        bots = conn.execute(select(TABLES.c.bots).where(TABLES.c.id == tid)).scalar()
        conn.execute(insert(UNSEATED).values(user_name=user, table_id=tid, seat=seat, bot=bots is not None,
                                              at=float(clock())))
    elif kind == "deal":
        _, number, position, code = event
        cards, board = identities(code)
        conn.execute(insert(BOARDS).values(table_id=tid, number=number, position=position, code=code,
                                            cards_id=cards, board_id=board, finished=False))
    elif kind == "move":
        _, number, idx, m = event
        conn.execute(insert(ACTIONS).values(table_id=tid, board=number, idx=idx, seat=m.seat,
                                             action=m.action, by_user=m.by, remark=m.remark))
    elif kind == "finish":
        _, number, row = event
        conn.execute(update(BOARDS).where(BOARDS.c.table_id == tid, BOARDS.c.number == number).values(
            finished=True, players=json.dumps({str(k): v for k, v in row["players"].items()}),
            returns=json.dumps(list(row["returns"])), contract=row.get("contract"),
            declarers=None if "declarers" not in row else json.dumps(list(row["declarers"]))))
    elif kind == "unfinish":
        _, number = event
        conn.execute(update(BOARDS).where(BOARDS.c.table_id == tid, BOARDS.c.number == number).values(
            finished=False, players=None, returns=None, contract=None, declarers=None))
    elif kind == "undo":
        _, number, n = event
        conn.execute(delete(ACTIONS).where(ACTIONS.c.table_id == tid, ACTIONS.c.board == number,
                                            ACTIONS.c.idx >= n))
    # "start": the table row's fields say it


def write_change(conn: Connection, new: TableSession, version: int, since: float | None, events: list[tuple],
                 seen: list[tuple[str, str, str, int]], clock: Callable[[], float]) -> None:
    """Write a table session's change in ``conn``'s transaction: its table row at ``version + 1``
    (refused with :class:`~cardkit.room.errors.TableChangedError` if another process wrote it
    meanwhile), its ``events`` (:func:`write_event`, the actions in one statement) and the
    ``seen`` rows not stored yet; ``since``: when its turn last passed."""
    done = conn.execute(update(TABLES).where(TABLES.c.id == new.key, TABLES.c.version == version)
                        .values(version=version + 1, turn_since=since, **table_fields(new)))
    if done.rowcount != 1:
        raise TableChangedError(f"table {new.key!r} changed meanwhile (another window or process "
                                f"acted there): nothing was done; try again")
    for event in events:
        if event[0] != "move":
            write_event(conn, new.key, event, clock)
    moves = [{"table_id": new.key, "board": e[1], "idx": e[2], "seat": e[3].seat,
              "action": e[3].action, "by_user": e[3].by, "remark": e[3].remark}
             for e in events if e[0] == "move"]
    if moves:   # one statement for the action and the bots' replies (one round trip)
        conn.execute(insert(ACTIONS), moves)
    c = SEEN.c
    for u, code, tid, seat in seen:
        if conn.execute(select(func.count()).select_from(SEEN).where(
                c.user_name == u, c.code == code, c.table_id == tid, c.seat == seat)).scalar() == 0:
            conn.execute(insert(SEEN).values(user_name=u, code=code, table_id=tid, seat=seat,
                                              cards_id=identities(code)[0]))


def stored_board(conn: Connection, tid: str, number: int, names: Sequence[str]) -> tuple[Any, list[dict]]:
    """Board ``number`` (0-based) of table ``tid`` as stored: its row (None if not dealt) and its
    actions (dicts ``seat``, ``name`` from ``names``, ``action``, ``by``), in the order taken."""
    row = conn.execute(select(BOARDS).where(BOARDS.c.table_id == tid,
                                             BOARDS.c.number == number)).first()
    q = (select(ACTIONS).where(ACTIONS.c.table_id == tid, ACTIONS.c.board == number)
         .order_by(ACTIONS.c.idx))
    actions = [{"seat": a.seat, "name": names[a.seat], "action": a.action, "by": a.by_user}
               for a in conn.execute(q)]
    return row, actions


def setting(conn: Connection, name: str) -> str:
    """The room's setting ``name`` (``"announcement"``), or "" when there is none."""
    return conn.execute(select(SETTINGS.c.value).where(SETTINGS.c.name == name)).scalar() or ""


def set_setting(conn: Connection, name: str, value: str) -> None:
    """Set the room's setting ``name`` to ``value`` ("" takes it away)."""
    conn.execute(delete(SETTINGS).where(SETTINGS.c.name == name))
    if value:
        conn.execute(insert(SETTINGS).values(name=name, value=value))


def insert_table(conn: Connection, session: TableSession, now: float) -> str:
    """Store a new table for ``session`` in ``conn``'s transaction, its turn starting ``now``:
    its id is ``"T<n>"``, ``n`` one more than the last serial (set as ``session.key`` and
    returned); two processes taking the same id: :class:`sqlalchemy.exc.IntegrityError`."""
    serial = (conn.execute(select(func.max(TABLES.c.serial))).scalar() or 0) + 1
    tid = f"T{serial}"
    session.key = tid
    conn.execute(insert(TABLES).values(id=tid, serial=serial, game=session.game,
                                       rules=json.dumps(asdict(session.rules)), bots=session.bots,
                                       seed=session.seed, version=0, turn_since=now,
                                       **table_fields(session)))
    return tid


def write_ahead(engine: Engine) -> None:
    """Switch a SQLite file to write-ahead logging (``journal_mode=WAL``, kept in the file; each
    commit still waits for the disk, one sync instead of the rollback journal's several: 19 -> 6
    ms a commit on this project's machine); nothing for an in-memory database or another kind."""
    if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")


def reads_engine(engine: Engine) -> Engine:
    """The engine a table's row is read with: on PostgreSQL one round trip, not three (BEGIN,
    SELECT, ROLLBACK): its default isolation (read committed) gives each statement its own
    snapshot inside a transaction too, so reading outside one sees nothing else; a change is
    written in a transaction at the version read (:func:`write_change`), as before."""
    return engine.execution_options(isolation_level="AUTOCOMMIT") if engine.dialect.name == "postgresql" else engine


def table_codes(conn: Connection, s: TableSession) -> list[str]:
    """The boards of ``s``'s set in order; a random set: the boards it dealt."""
    if s.deals is not None:
        return list(s.deals)
    return [r.code for r in conn.execute(select(BOARDS.c.code).where(BOARDS.c.table_id == s.key)
                                         .order_by(BOARDS.c.number))]


def seat_of_user(conn: Connection, user: str) -> tuple[str, int] | None:
    """``(table, seat)`` where ``user`` sits, or None."""
    row = conn.execute(select(SEATS.c.table_id, SEATS.c.seat).where(SEATS.c.user_name == user)).first()
    return None if row is None else (row.table_id, row.seat)


def unseated(conn: Connection, user: str, tid: str) -> Any:
    """The row of ``user`` taken out of a seat at table ``tid`` by a teacher, or None."""
    return conn.execute(select(UNSEATED).where(UNSEATED.c.user_name == user, UNSEATED.c.table_id == tid)).first()

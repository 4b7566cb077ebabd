"""Exports and hand records of the teaching room (issue 34, item 2): the results and the
lessons' answers as CSV (parsed back with the csv module; no cell a spreadsheet would run
as a formula), their download routes and the hand records page, teachers only (403 for a
learner, nobody logged in gets no file)."""

from __future__ import annotations

import csv
import io

import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

pytest.importorskip("jupyterhub")

from test_room_duplicate import play_board
from test_room_service import PREFIX, TEACHER, StubAuth
from tornado.testing import AsyncHTTPTestCase

from cardkit.room import Room
from cardkit.room_records import csv_text, dd_summary, deal_diagram, records_page, safe_cell
from cardkit.room_service import RoomService

EVIL = "=HYPERLINK(\"http://x\")"


def parse(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def played_room(engine=None) -> tuple[Room, list[str]]:
    """Two Warsaw Hearts tables that played W-17 (one learner named like a formula) and
    one Variety table that played V-4821 alone; all moved on to their next board."""
    room = Room(engine or "sqlite://", teachers=[TEACHER])
    tables = []
    for k, user in enumerate(("ann", EVIL)):
        t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
        room.sit(t, user, "South")
        room.start(t)
        play_board(room, t, user, -k)
        tables.append(t)
    v = room.open_table("variety", deals=["V-4821", "V-17"])
    room.sit(v, "bob", "North")
    room.start(v)
    play_board(room, v, "bob", 0)
    tables.append(v)
    return room, tables


def test_safe_cell_and_csv_text():
    for bad in ("=1+1", "+1", "-1+2", "@SUM(A1)", "\t=1", "\r=1"):
        assert safe_cell(bad) == "'" + bad
    assert safe_cell("ann") == "ann" and safe_cell(-10) == -10 and safe_cell(2.5) == 2.5
    text = csv_text(["a", "b"], [["=cmd", -3], [None, False]])
    assert list(csv.reader(io.StringIO(text))) == [["a", "b"], ["'=cmd", "-3"], ["", "no"]]


def test_export_csv_one_row_per_finished_board_and_seat():
    room, (t1, t2, v) = played_room()
    rows = parse(room.export_csv())
    assert list(rows[0]) == ["table", "board", "deal code", "player", "seat", "contract", "declarers", "points",
                             "matchpoints", "role"]
    assert len(rows) == 4 + 4 + 4                                 # W-17 at two tables, V-4821 at one
    assert [(r["table"], r["seat"]) for r in rows[:4]] == [(t1, n) for n in ("South", "West", "North", "East")]
    w17 = room.results("W-17")
    for r in rows:
        if r["deal code"] != "W-17":
            continue
        row = next(x for x in w17 if x["table"] == r["table"])
        seat = ["South", "West", "North", "East"].index(r["seat"])
        assert int(r["points"]) == row["returns"][seat]
        assert float(r["matchpoints"]) == pytest.approx(row["matchpoints"][seat], abs=0.05)
        assert r["contract"] == r["declarers"] == ""
    # the learner named like a formula is text in a spreadsheet
    assert [r["player"] for r in rows if r["table"] == t2 and r["seat"] == "South"] == ["'" + EVIL]
    assert not any(str(c).startswith(("=", "+", "@")) for r in rows for c in r.values())
    # Variety: the contract and declarers; no matchpoints for a board played at one table
    (vr,) = room.results("V-4821")
    variety = [r for r in rows if r["table"] == v]
    assert [r["player"] for r in variety] == ["bot", "bot", "bob", "bot"]
    assert {r["contract"] for r in variety} == {str(vr["contract"])}
    names = ["South", "West", "North", "East"]
    assert {r["declarers"] for r in variety} == {" and ".join(names[d] for d in vr["declarers"])}
    assert {r["matchpoints"] for r in variety} == {""}
    # nothing played: the header alone
    assert Room("sqlite://").export_csv().splitlines() == [",".join(rows[0])]


def test_export_answers_csv_one_row_per_answer():
    room = Room("sqlite://", teachers=[TEACHER])
    room.record_answer("eve", "exercise", lesson="variety/1_rules", section="1.3", item="=1+1", right=True, at=0.0)
    room.record_answer("ann", "problem", lesson="variety/4_problems", item="2", right=False, points_lost=4.5,
                       at=86_400.0)
    rows = parse(room.export_answers_csv())
    assert rows == [
        {"learner": "ann", "kind": "problem", "lesson": "variety/4_problems", "section": "", "item": "2",
         "right": "no", "points lost": "4.5", "at": "1970-01-02 00:00:00"},
        {"learner": "eve", "kind": "exercise", "lesson": "variety/1_rules", "section": "1.3", "item": "'=1+1",
         "right": "yes", "points lost": "", "at": "1970-01-01 00:00:00"}]
    summary = room.answers_summary(TEACHER)
    assert sum(w["answers"] for w in summary.values()) == len(rows)


def test_dd_summary_within_its_budget_and_records_page():
    dd = dd_summary("V-17", seconds=0.0)                           # no time: nothing solved, every cell "–"
    assert dd["solved"] == 0 and len(dd["margins"]) == 8 and all(len(r) == 6 for r in dd["margins"])
    assert dd_summary("W-17") is None and dd_summary("D-5") is None
    one = dd_summary("V-17", seconds=0.01, max_nodes=50_000)       # the first contract at least
    assert one["solved"] > 0
    page = records_page([{"diagram": deal_diagram("V-17"), "dd": one, "rows": [], "playing": ["T9"]},
                         {"diagram": deal_diagram("D-5"), "dd": None, "rows": [], "playing": []}],
                        prefix="/p/", title="<b>records</b>")
    assert "&lt;b&gt;records&lt;/b&gt;" in page and "<b>records</b>" not in page
    assert page.count('class="record-board"') == 2 and "Still being played at T9" in page
    assert "face down" in page and "<td>–</td>" in page


class ExportRoutesTest(AsyncHTTPTestCase):
    def get_app(self):
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        self.room, self.tables = played_room(engine)
        self.service = RoomService(self.room, prefix=PREFIX, hub_auth=StubAuth(), dd_seconds=0.5,
                                   dd_max_nodes=20_000, dd_in_process=False)
        return self.service.application()

    def tearDown(self):
        self.service.close()
        super().tearDown()

    def get(self, path: str, user: str | None):
        headers = {"Cookie": f"room-test-user={user}"} if user else {}
        return self.fetch(PREFIX + path, headers=headers, follow_redirects=False)

    def test_learners_and_strangers_get_no_export_nor_records(self):
        for path in ("export/results.csv", "export/answers.csv", "records", f"records?table={self.tables[0]}"):
            r = self.get(path, "ann")
            assert r.code == 403, path
            assert b"HYPERLINK" not in r.body and b"record-board" not in r.body
            assert self.get(path, None).code in (302, 403), path
        assert [x[:3] for x in self.service.refusals[-4:]] == [("ann", "export", "open"), ("ann", "export", "open"),
                                                                ("ann", "records", "open"), ("ann", "records", "open")]

    def test_the_teacher_downloads_the_results_and_answers(self):
        self.room.record_answer("eve", "exercise", item="-rm", right=False)
        r = self.get("export/results.csv", TEACHER)
        assert r.code == 200
        assert r.headers["Content-Type"] == "text/csv; charset=utf-8"
        assert r.headers["Content-Disposition"] == 'attachment; filename="room-results.csv"'
        assert r.body.decode("utf-8") == self.room.export_csv()
        a = self.get("export/answers.csv", TEACHER)
        assert a.code == 200 and a.headers["Content-Disposition"] == 'attachment; filename="room-answers.csv"'
        assert parse(a.body.decode("utf-8"))[0]["item"] == "'-rm"
        assert self.get("export/other.csv", TEACHER).code == 404

    def test_the_teacher_gets_the_hand_records(self):
        t1 = self.tables[0]
        r = self.get(f"records?table={t1}", TEACHER)
        assert r.code == 200 and r.headers["Content-Type"].startswith("text/html")
        page = r.body.decode("utf-8")
        assert page.count('class="record-board"') == 2                   # W-17 and W-18, the set
        assert 'data-code="W-17"' in page and 'data-code="W-18"' in page
        assert "No table has finished this board yet." in page                       # W-18
        assert page.count('<tr data-table=') == 2                                    # W-17 at two tables
        assert "=HYPERLINK(&quot;http://x&quot;)" in page                            # escaped, not markup
        every = self.get("records", TEACHER).body.decode("utf-8")
        assert every.count('class="record-board"') == 2                              # W-17 and V-4821
        assert 'class="record-dd"' in every                                          # Variety's table
        assert len(self.service.dd_cache) == 1
        self.get("records", TEACHER)
        assert len(self.service.dd_cache) == 1                                       # computed once
        assert self.get("records?table=T99", TEACHER).code == 404
        assert self.get("records?table=" + "x" * 500, TEACHER).code == 404


def test_the_double_dummy_table_runs_in_a_process_of_its_own_once_per_board():
    import asyncio

    service = RoomService(Room("sqlite://", teachers=[TEACHER]), hub_auth=StubAuth(), dd_seconds=0.2,
                          dd_max_nodes=20_000)

    async def twice():
        first = await asyncio.gather(service.double_dummy("V-17"), service.double_dummy("V-17-D1"))
        return first, await service.double_dummy("v 17")

    try:
        (a, b), c = asyncio.run(twice())
        assert a == b == c and a["cells"] == 48
        assert type(service._dd_executor).__name__ == "ProcessPoolExecutor"
        assert len(service.dd_cache) == 1                   # one board, whatever form its code
    finally:
        service.close()
    assert service._dd_executor is None

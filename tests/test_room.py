"""The teaching room (cardkit.room): tables of people and bots, stored in a database.

Every test plays through the public API (open_table, sit, start, legal, act, view,
results, undo, next_board, set_deals) on a SQLite file in tmp_path, and checks the room
against the engines: a mirror state of each board (the board's deal code dealt by
cardkit.codes, every action the room reports applied to it) gives the observations, hands
and returns the room must show.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from sqlalchemy import select

from cardkit import CardkitError, IllegalActionError, NotationError, deck
from cardkit.codes import deal_from_code
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.room import (
    KEPT_BACK,
    METADATA,
    BoardSeenError,
    NotSeatedError,
    NotTeacherError,
    NotYourTurnError,
    Room,
    RoomError,
    SeatError,
    SeatTakenError,
    TableChangedError,
    UnknownTableError,
)
from cardkit.table_session import jsonable

TEACHER = "teach"
CARDS = {c.code for c in deck(52)}


def url(tmp_path, name="room.db"):
    return f"sqlite:///{tmp_path / name}"


def cards_in(value) -> set[str]:
    """Every string in a JSON value that is a card code."""
    if isinstance(value, str):
        return {value} if value in CARDS else set()
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


def dump(room: Room, *, version: bool = True) -> dict:
    """Every row of the room's database, sorted (the table rows' version and turn time left
    out if asked)."""
    out = {}
    with room.engine.connect() as conn:
        for table in METADATA.sorted_tables:
            cols = [c for c in table.c if version or c.name not in ("version", "turn_since")]
            out[table.name] = sorted((tuple(r) for r in conn.execute(select(*cols))), key=repr)
    return out


class Harness:
    """Plays a table through the room's API and keeps a mirror state per board."""

    def __init__(self, room: Room, table: str, users, *, check_views: bool = False) -> None:
        self.room, self.table, self.users = room, table, list(users)
        self.check_views = check_views
        self.mirror: dict[int, object] = {}
        self.moves: list[dict] = []
        self.codes: dict[int, str] = {}

    def current(self):
        v = self.room.view(self.table, TEACHER)
        b = v["board"]["number"]
        if b not in self.mirror:
            self.codes[b] = v["board"]["code"]
            self.mirror[b] = deal_from_code(v["board"]["code"])
        return b, self.mirror[b]

    def absorb(self, moves) -> None:
        for m in moves:
            if m["board"] not in self.mirror:
                assert self.current()[0] == m["board"]
            st = self.mirror[m["board"]]
            assert st.current_player == m["seat"]
            st.apply_action(m["action"])
            self.moves.append(m)

    def start(self) -> None:
        self.absorb(self.room.start(self.table))
        self.check()

    def undo(self) -> int:
        """The teacher's undo, mirrored: the board goes back to the actions left."""
        b, st = self.current()
        left = self.room.undo(self.table, TEACHER)
        st.undo_to(left)
        del self.moves[len(self.moves) - (len([m for m in self.moves if m["board"] == b]) - left):]
        self.check()
        return left

    def step(self, rng) -> bool:
        """One person's action chosen at random from legal(), or the teacher's Next board at a
        board's end (held, issue 34 item 11); False when nobody may act and the set is over."""
        for u in self.users:
            legal = self.room.legal(self.table, u)
            if legal:
                break
        else:
            if self.room.tables(only=self.table)[0]["held"]:   # a finished board waits for the teacher
                self.absorb(self.room.next_board(self.table, TEACHER))
                self.check()
                return True
            return False
        self.current()
        moves = self.room.act(self.table, u, legal[int(rng.integers(len(legal)))])
        assert moves[0]["by"] == u
        self.absorb(moves)
        self.check()
        return True

    def play(self, rng, limit: int = 10_000) -> int:
        n = 0
        while n < limit and self.step(rng):
            n += 1
        return n

    def check(self) -> None:
        if not self.check_views:
            return
        st = self.current()[1]
        teacher = self.room.view(self.table, TEACHER)
        assert teacher["hands"] == [[c.code for c in h] for h in st.hands]
        for u in self.users:
            v = self.room.view(self.table, u)
            json.dumps(v)  # JSON-able as it is
            seat = v["viewer"]["seat"]
            obs = st.observation(seat)
            o = jsonable(obs, st.action_to_str)
            assert v["hand"] == [c.code for c in st.hands[seat]] == o["hand"]
            assert v["legal"] == o["legal_actions"] == self.room.legal(self.table, u)
            public = {k: x for k, x in v["public"].items() if k != "remarks"}
            assert public == {k: x for k, x in o.items() if k not in ("seat", "hand", "legal_actions")}
            seen = cards_in(v)
            assert seen <= cards_in(o), "the view shows a card the seat's observation does not hold"
            allowed = {obs.trump_card.code} if getattr(obs, "trump_card", None) else set()  # RULES.md §3.2
            for other in range(st.players):
                if other != seat:
                    assert not ({c.code for c in st.hands[other]} & seen) - allowed
            for stack in getattr(st, "down", ()):
                assert not ({c.code for c in stack if c is not None} & seen), "a face-down card in a view"
            assert "hands" not in v and "face_down_cards" not in v


# (game, rules, deals, seed, people by seat)
CONFIGS = {
    "variety": ("variety", None, ["V-4821", "V-17"], None, {0: "ann", 2: "bob"}),
    "variety_lead_variant": ("variety", V.Rules(lead="left_of_dealer"), ["V-500-L2", "V-501-L2"], None,
                             {1: "ann", 3: "bob"}),
    "hearts4": ("warsaw_hearts", None, ["W-17", "W-18"], None, {0: "ann", 2: "bob"}),
    "hearts3": ("warsaw_hearts", W.Rules(players=3), ["W-17-P3", "W-18-P3"], None, {0: "ann", 1: "bob"}),
    "durak": ("armenian_durak", None, ["D-5", "D-6"], None, {0: "ann"}),
    "durak_draw_after_lead": ("armenian_durak", D.Rules(draw_after="lead"), ["D-5-A1", "D-6-A1"], None,
                              {0: "ann", 1: "bob"}),
}


def open_and_sit(room, game, rules, deals, seed, people, **kw):
    t = room.open_table(game, deals=deals, rules=rules, seed=seed, **kw)
    for seat, user in people.items():
        room.sit(t, user, seat)
    return t


@pytest.mark.parametrize("name", list(CONFIGS))
def test_whole_boards_played_by_legal_and_act(tmp_path, name):
    game, rules, deals, seed, people = CONFIGS[name]
    room = Room(url(tmp_path), teachers=[TEACHER])
    t = open_and_sit(room, game, rules, deals, seed, people)
    h = Harness(room, t, people.values(), check_views=True)
    h.start()
    h.play(np.random.default_rng(7))
    v = room.view(t, TEACHER)
    assert v["board"]["over"] and v["board"]["number"] == 2 and not any(room.legal(t, u) for u in people.values())
    assert [h.codes[1], h.codes[2]] == deals
    assert len(v["scores"]) == 2
    for b in (1, 2):
        st = h.mirror[b]
        assert st.is_terminal()
        rows = room.results(deals[b - 1])
        assert len(rows) == 1
        row = rows[0]
        assert row["table"] == t and row["board"] == b and row["code"] == deals[b - 1]
        assert row["returns"] == st.returns() == v["scores"][b - 1]["returns"]
        assert row["players"] == {s: people.get(s, "bot") for s in range(st.players)}
        if game == "variety":
            assert row["contract"] == st.contract and row["declarers"] == list(st.declarers)
        else:
            assert "contract" not in row
        # every action the room reported is the board's history in the mirror
        assert [m["action"] for m in h.moves if m["board"] == b] == [st.action_to_str(a) for a in st.history]
    assert v["totals"] == [sum(h.mirror[b].returns()[s] for b in (1, 2)) for s in range(h.mirror[1].players)]


def test_random_boards_with_a_variant_from_rules(tmp_path):
    """A random table (deals None) with Rules(lead=...) plays the deal numbers seed, seed + 1,
    ... with the variant in their codes, and the lead falls where the variant says (§1.4)."""
    room = Room(url(tmp_path), teachers=[TEACHER])
    rules = V.Rules(lead="left_of_dealer")
    t = open_and_sit(room, "variety", rules, None, 500, {1: "ann", 3: "bob"})
    h = Harness(room, t, ["ann", "bob"], check_views=True)
    h.start()
    rng = np.random.default_rng(3)
    while room.view(t, TEACHER)["board"]["number"] == 1:
        assert h.step(rng)
    assert h.codes[1] == "V-500-L2" and h.codes[2] == "V-501-L2"
    st = h.mirror[1]
    assert st.rules == rules and st.tricks[0].leader == (st.dealer + 1) % 4
    assert [r["table"] for r in room.results("v-500-l2")] == [t]
    assert room.view(t, "ann")["board"]["set_size"] is None


def test_refusals_change_nothing(tmp_path):
    room = Room(url(tmp_path), teachers=[TEACHER])
    t1 = open_and_sit(room, "variety", None, ["V-4821"], None, {0: "ann", 2: "bob"})
    t2 = open_and_sit(room, "warsaw_hearts", None, ["W-17"], None, {0: "carl"})
    room.start(t1)
    room.start(t2)
    rng = np.random.default_rng(1)
    h = Harness(room, t1, ["ann", "bob"])
    for _ in range(3):
        h.step(rng)
    turn = room.view(t1, TEACHER)["turn"]
    mover, waiter = ("ann", "bob") if turn == 0 else ("bob", "ann")
    assert room.legal(t1, mover) and room.legal(t1, waiter) == []
    users = ["ann", "bob", "carl", TEACHER]

    def snapshot():
        views = {}
        for tab in (t1, t2):
            for u in users:
                try:
                    views[tab, u] = room.view(tab, u)
                except NotSeatedError:
                    views[tab, u] = None
        return dump(room), views

    before = snapshot()
    phase = room.view(t1, TEACHER)["public"]["phase"]
    legal = room.legal(t1, mover)
    illegal = next(a for a in ([str(n) for n in range(1, 9)] if phase == "bidding" else sorted(CARDS))
                   if a not in legal)
    refusals = [
        (NotSeatedError, "'zed'", lambda: room.act(t1, "zed", legal[0])),
        (NotYourTurnError, repr(waiter), lambda: room.act(t1, waiter, legal[0])),
        (IllegalActionError, "", lambda: room.act(t1, mover, illegal)),
        (NotationError, "'ZZ'", lambda: room.act(t1, mover, "ZZ")),
        (NotSeatedError, "'carl'", lambda: room.act(t1, "carl", legal[0])),    # carl sits at another table
        (NotSeatedError, "'ann'", lambda: room.act(t2, "ann", "AS")),          # ann's seat is at T1
        (SeatTakenError, "'ann'", lambda: room.sit(t1, "dan", "South")),       # South is ann's
        (SeatTakenError, "'ann'", lambda: room.sit(t2, "ann", "North")),       # one seat in the room
        (SeatTakenError, "'ann'", lambda: room.sit(t1, "ann", 1)),             # and one seat at a table
        (SeatError, "'Nowhere'", lambda: room.sit(t1, "dan", "Nowhere")),
        (SeatError, "4", lambda: room.sit(t1, "dan", 4)),
        (SeatError, "True", lambda: room.sit(t1, "dan", True)),
        (NotTeacherError, "'ann'", lambda: room.undo(t1, "ann")),
        (NotTeacherError, "'bob'", lambda: room.next_board(t1, "bob")),
        (NotTeacherError, "'carl'", lambda: room.set_deals(t1, "carl", ["V-1"])),
        (NotSeatedError, "'zed'", lambda: room.view(t1, "zed")),
        (NotSeatedError, "'zed'", lambda: room.leave(t1, "zed")),
        (UnknownTableError, "'T9'", lambda: room.act("T9", "ann", legal[0])),
        (UnknownTableError, "'T9'", lambda: room.view("T9", TEACHER)),
        (RoomError, "''", lambda: room.act(t1, "", legal[0])),
        (RoomError, "started", lambda: room.start(t1)),
        (CardkitError, "'W-17'", lambda: room.set_deals(t1, TEACHER, ["W-17"])),     # another game's code
        (CardkitError, "'V-1-L2'", lambda: room.set_deals(t1, TEACHER, ["V-1-L2"])),  # other variants
        (NotationError, "'V-1-Q9'", lambda: room.set_deals(t1, TEACHER, ["V-1-Q9"])),
    ]
    for kind, quoted, call in refusals:
        with pytest.raises(kind) as info:
            call()
        assert isinstance(info.value, CardkitError)
        assert quoted in str(info.value), (kind, str(info.value))
        assert snapshot() == before, f"{kind.__name__} changed the room: {info.value}"
    assert room.legal(t1, "zed") == [] and room.legal(t1, "carl") == []


def test_reopen_mid_board_continues_identically(tmp_path):
    def run(path, stops=()):
        room = Room(url(path), teachers=[TEACHER])
        tables, harnesses = [], []
        for game, deals, people in (("variety", ["V-4821", "V-17"], {0: "ann", 2: "bob"}),
                                    ("armenian_durak", ["D-5", "D-6"], {1: "carl"}),
                                    ("warsaw_hearts", ["W-17-P3", "W-18-P3"], {2: "dan"})):
            t = open_and_sit(room, game, None, deals, None, people)
            h = Harness(room, t, people.values())
            h.start()
            tables.append(t)
            harnesses.append(h)
        rng = np.random.default_rng(5)
        n = 0
        while True:
            stepped = [h.step(rng) for h in harnesses]   # a step at every table in turn
            if not any(stepped):
                break
            n += 1
            if n in stops:
                views = {(t, u): room.view(t, u) for t, h in zip(tables, harnesses) for u in h.users + [TEACHER]}
                results = [room.results(c) for c in ("V-4821", "D-5", "W-17-P3")]
                room.engine.dispose()
                room = Room(url(path), teachers=[TEACHER])
                for h in harnesses:
                    h.room = room
                assert {k: room.view(*k) for k in views} == views
                assert [room.results(c) for c in ("V-4821", "D-5", "W-17-P3")] == results
        assert all(room.view(t, TEACHER)["board"]["over"] for t in tables)
        traveller = [room.results(c) for c in ("V-4821", "V-17", "D-5", "D-6", "W-17-P3", "W-18-P3")]
        return [h.moves for h in harnesses], traveller

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    straight = run(tmp_path / "a")
    resumed = run(tmp_path / "b", stops=(4, 9, 30))   # mid-board 1 (bidding, then play) and mid-board 2
    assert resumed == straight
    assert all(len(rows) == 1 for rows in straight[1])


def test_a_set_of_two_codes_and_the_traveller_of_each_board(tmp_path):
    room = Room(url(tmp_path), teachers=[TEACHER])
    codes = ["W-17", "W-18"]
    t1 = open_and_sit(room, "warsaw_hearts", None, codes, None, {0: "ann"})
    t2 = open_and_sit(room, "warsaw_hearts", None, codes, None, {1: "bob", 3: "carl"})
    t3 = open_and_sit(room, "warsaw_hearts", None, ["w 18"], None, {2: "dan"})   # any form of the code
    rng = np.random.default_rng(2)
    hs = [Harness(room, t, us) for t, us in ((t1, ["ann"]), (t2, ["bob", "carl"]), (t3, ["dan"]))]
    for h in hs:
        h.start()
    assert room.view(t1, "ann")["board"]["code"] == "W-17"
    while room.view(t1, "ann")["board"]["number"] == 1:
        hs[0].step(rng)
    assert room.view(t1, "ann")["board"]["code"] == "W-18"      # board 1, then board 2
    assert [r["table"] for r in room.results("W-17")] == [t1]
    for h in hs:
        h.play(rng)
    r17, r18 = room.results("W-17"), room.results("W-18")
    assert [r["table"] for r in r17] == [t1, t2]
    assert [r["table"] for r in r18] == [t1, t2, t3]
    assert [r["board"] for r in r18] == [2, 2, 1]
    assert r18[1]["players"] == {0: "bot", 1: "bob", 2: "bot", 3: "carl"}
    mirrors = {(h.table, b): st for h in hs for b, st in h.mirror.items()}
    for r in r17 + r18:
        assert r["returns"] == mirrors[r["table"], r["board"]].returns()
    assert room.results("W-19") == []
    assert [(x["table"], x["players"], x["over"]) for x in room.tables()] == [(t1, 4, True), (t2, 4, True),
                                                                              (t3, 4, True)]
    assert room.tables()[1]["seats"] == ["bot", "bob", "bot", "carl"]


def test_teacher_undo_next_board_and_set_deals(tmp_path):
    room = Room(url(tmp_path), teachers=[TEACHER])
    t = open_and_sit(room, "variety", None, ["V-4821", "V-17"], None, {0: "ann"})
    h = Harness(room, t, ["ann"])
    h.start()
    with pytest.raises(RoomError, match="nothing to undo"):
        room.undo(t, TEACHER)
    rng = np.random.default_rng(4)
    h.step(rng)
    before = (dump(room, version=False), room.view(t, "ann"), room.legal(t, "ann"))
    assert h.step(rng)                     # ann acts, the three bots reply
    assert room.view(t, "ann") != before[1]
    left = h.undo()                        # ann's action and the bots' replies taken back
    assert (dump(room, version=False), room.view(t, "ann"), room.legal(t, "ann")) == before
    assert left == before[1]["board"]["actions"]

    h.absorb(room.next_board(t, TEACHER))  # board 1 left unfinished: in no traveller
    v = room.view(t, "ann")
    assert v["board"]["code"] == "V-17" and v["board"]["number"] == 2 and v["board"]["position"] == 2
    assert room.results("V-4821") == []
    h.play(rng)
    assert [r["board"] for r in room.results("V-17")] == [2]
    with pytest.raises(RoomError, match="no board after"):
        room.next_board(t, TEACHER)
    # the last board of the set is over: undo takes its result back, and it can be finished again
    h.undo()
    assert room.results("V-17") == [] and not room.view(t, "ann")["board"]["over"]
    h.play(rng)
    assert len(room.results("V-17")) == 1
    assert room.results("V-17")[0]["returns"] == h.mirror[2].returns()

    h.absorb(room.set_deals(t, TEACHER, ["V-99", "V-98"]))  # a new set, dealt at once
    v = room.view(t, "ann")
    assert v["board"]["code"] == "V-99" and v["board"]["set_size"] == 2 and v["board"]["number"] == 3
    assert len(v["scores"]) == 1               # the finished V-17 stays
    room.set_deals(t, TEACHER, None)           # random boards from the table's first deal number
    assert room.view(t, "ann")["board"]["set_size"] is None


def test_seats_by_name_late_comers_and_leaving(tmp_path):
    room = Room(url(tmp_path), teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    room.sit(t, "ann", "south")
    room.sit(t, "bob", " North ")
    room.sit(t, "bob", 2)                    # where bob sits already: nothing changes
    assert [s["player"] for s in room.view(t, "ann")["seats"]] == ["ann", None, "bob", None]
    room.start(t)
    assert [s["player"] for s in room.view(t, "ann")["seats"]] == ["ann", "bot", "bob", "bot"]
    rng = np.random.default_rng(9)
    h = Harness(room, t, ["ann", "bob"])
    while room.view(t, TEACHER)["turn"] != 2:
        h.step(rng)
    h.absorb(room.leave(t, "bob"))           # North's bot plays on at once
    v = room.view(t, "ann")
    assert v["seats"][2]["player"] == "bot" and v["turn"] == 0
    with pytest.raises(NotSeatedError):
        room.view(t, "bob")
    assert room.sit(t, "carl", "West") == []  # a late comer takes over West from its bot
    assert room.view(t, "carl")["seats"][1]["player"] == "carl"
    assert room.leave(t, "carl") == []       # not West's turn: nothing to play
    assert room.leave(t, "ann") == []        # nobody left: the table waits, South to act
    assert room.view(t, TEACHER)["turn"] == 0
    assert room.sit(t, "ann", 0) == []
    assert room.view(t, "ann")["your_turn"]


def test_start_refusals(tmp_path):
    room = Room(url(tmp_path), teachers=TEACHER)
    t = room.open_table("armenian_durak", deals=["D-5"], bots=None)
    with pytest.raises(RoomError, match="nobody sits"):
        room.start(t)
    room.sit(t, "ann", "North")
    with pytest.raises(RoomError, match="South is empty"):
        room.start(t)
    with pytest.raises(RoomError, match="not started"):
        room.act(t, "ann", "trump 0")
    room.sit(t, "bob", "South")
    room.start(t)
    assert [s["player"] for s in room.view(t, TEACHER)["seats"]] == ["bob", "ann"]
    h = Harness(room, t, ["ann", "bob"], check_views=True)
    h.play(np.random.default_rng(0))
    assert room.results("D-5")[0]["players"] == {0: "bob", 1: "ann"}
    with pytest.raises(RoomError, match="every board"):
        room.act(t, "ann", "AS")


@pytest.mark.parametrize(("kw", "quoted"), [
    (dict(game="chess"), "'chess'"),
    (dict(game="variety", deals="V-1"), "'V-1'"),
    (dict(game="variety", deals=[]), "0"),
    (dict(game="variety", deals=["W-17"]), "'W-17'"),
    (dict(game="warsaw_hearts", deals=["W-17-P3"], rules=W.Rules()), "'W-17-P3'"),
    (dict(game="variety", deals=["V-1"], rules=V.Rules(lead="left_of_dealer")), "'V-1'"),
    (dict(game="variety", rules=W.Rules()), "Rules"),
    (dict(game="variety", bots="random"), "'random'"),
    (dict(game="variety", seed=-1), "-1"),
])
def test_open_table_refusals(tmp_path, kw, quoted):
    room = Room(url(tmp_path))
    kw = dict(kw)  # the parameter is shared by the SQLite and PostgreSQL runs
    game = kw.pop("game")
    with pytest.raises(CardkitError) as info:
        room.open_table(game, **kw)
    assert quoted in str(info.value)
    assert room.tables() == []


def test_expert_bots_reply(tmp_path):
    """An expert-bot table for a few actions: V-4821's dealer is West (1), so North and East
    bid first; they name 1 and repeat it, East leads, and the expert bots of South and West
    follow from their own observations."""
    room = Room(url(tmp_path), teachers=[TEACHER])
    t = open_and_sit(room, "variety", None, ["V-4821"], None, {2: "nora", 3: "eve"}, bots="expert")
    h = Harness(room, t, ["nora", "eve"], check_views=True)
    h.start()
    h.absorb(room.act(t, "nora", "1"))
    h.absorb(room.act(t, "eve", "1"))
    lead = room.legal(t, "eve")[0]
    moves = room.act(t, "eve", lead)
    h.absorb(moves)
    assert [(m["name"], m["by"]) for m in moves] == [("East", "eve"), ("South", "bot"), ("West", "bot")]
    h.check()
    assert room.view(t, "nora")["your_turn"]


def test_two_rooms_on_one_database_see_each_other(tmp_path):
    """Two Room objects (two processes) on one database: each call reads the table's
    version, so either may serve any call; a change made on a stale copy is refused."""
    def play(rooms):
        a = rooms[0]
        t = a.open_table("warsaw_hearts", deals=["W-17", "W-18"])
        a.sit(t, "ann", 0)
        rooms[-1].sit(t, "bob", 2)
        h = Harness(a, t, ["ann", "bob"])
        h.start()
        rng = np.random.default_rng(8)
        i = 0
        while True:
            h.room = rooms[i % len(rooms)]
            if not h.step(rng):
                break
            i += 1
        return h.moves, [a.results(c) for c in ("W-17", "W-18")], [r.view(t, TEACHER) for r in rooms]

    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = play([Room(url(tmp_path / "one"), teachers=[TEACHER])])
    a, b = (Room(url(tmp_path / "two"), teachers=[TEACHER]) for _ in range(2))
    two = play([a, b])
    assert two[:2] == one[:2] and two[2][0] == two[2][1] == one[2][0]

    t = a.open_table("variety", deals=["V-1"])
    a.sit(t, "cy", 0)
    b.view(t, TEACHER)                                   # b reads the table now
    a.sit(t, "di", 1)                                    # a changes it
    assert [s["player"] for s in b.view(t, TEACHER)["seats"]][:2] == ["cy", "di"]
    with pytest.raises(TableChangedError):               # b changes it while a was changing it
        a._change(t, lambda s: (b.leave(t, "di"), s.leave(0)))
    assert [s["player"] for s in a.view(t, TEACHER)["seats"]][:2] == ["cy", None]


def test_a_sqlite_file_is_written_ahead(tmp_path):
    """A SQLite file opened by URL uses write-ahead logging (one disk sync a commit), and a
    second room on the same file reads what the first wrote."""
    url = f"sqlite:///{tmp_path / 'room.sqlite'}"
    room = Room(url)
    with room.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t, "ann", "South")
    assert Room(url).tables()[0]["seats"][0] == "ann"


# ---- issue 32 item 2: one board, whatever form its code was written in -------------------------

#: every form of Variety seed 4821's cards (tests/test_codes.py checks they deal the same hands)
V4821_FORMS = ["V-4821", "V-4821-D0", "V-4821-D2", "V-4821-D3", "V-XA3WLA6HFKZUGP5C7ZCEPM-D1",
               "V-XA3WLA6HFKZUGP5C7ZCEPM", "v 4821 d2", "v_xa3wla6hfkzugp5c7zcepm_d3", "V-4821-L2"]


def test_a_learner_is_refused_every_other_form_of_a_deal_she_has_seen(tmp_path):
    """eve sits South at a table playing V-4821; a table is open for each other form of the
    same cards (each dealer, the cards form, lower case, spaces, a lead variant), each played
    by another learner. After leaving, every seat of every one of them is refused her (she
    has seen South's 13 cards of this deal), and nothing changes; her own seat and another
    deal are not."""
    room = Room(url(tmp_path), teachers=[TEACHER])
    tables = []
    for k, code in enumerate(V4821_FORMS):
        t = room.open_table("variety", deals=[code])
        room.sit(t, "eve" if k == 0 else f"p{k}", "South" if k == 0 else "East")
        if k % 2 == 0:                                     # started and not started tables alike
            room.start(t)
        tables.append(t)
    first = tables[0]
    room.leave(first, "eve")
    refused = 0
    for t in tables[1:]:
        for seat in ("South", "West", "North"):
            before = dump(room)
            with pytest.raises(BoardSeenError, match=f"held South at table '{first}'") as info:
                room.sit(t, "eve", seat)
            assert "4821" not in str(info.value) and "\n" not in str(info.value)
            assert dump(room) == before
            refused += 1
    assert refused == 3 * (len(V4821_FORMS) - 1)
    room.sit(first, "eve", "South")                        # her own seat again: yes
    room.leave(first, "eve")
    other = room.open_table("variety", deals=["V-4822"])
    room.sit(other, "eve", "North")                        # other cards: yes


def play_out(room: Room, t: str, user: str) -> None:
    """``user`` plays their seat at ``t`` to the end of the board (first legal action each turn)."""
    for _ in range(500):
        legal = room.legal(t, user)
        if not legal:
            return
        room.act(t, user, legal[0])


def test_a_finished_board_in_another_form_is_refused_and_kept_back(tmp_path):
    """The review's case: eve plays V-4821 to its end as South while another table plays the
    cards form (dealer 1: the same board) and a third V-4821-D2 (the same cards, another
    dealer). She may sit at neither; her view keeps the code and result back while either
    plays; the traveller of V-4821 has the cards-form table's row, not the D2 table's."""
    room = Room(url(tmp_path), teachers=[TEACHER])
    t1 = room.open_table("variety", deals=["V-4821"])
    t2 = room.open_table("variety", deals=["V-XA3WLA6HFKZUGP5C7ZCEPM-D1"])
    t3 = room.open_table("variety", deals=["V-4821-D2"])
    for t, who in ((t1, "eve"), (t2, "ann"), (t3, "bob")):
        room.sit(t, who, "South")
        room.start(t)
    play_out(room, t1, "eve")
    view = room.view(t1, "eve")
    assert view["board"]["over"] and view["board"]["code"] == KEPT_BACK and view["board"]["returns"] is None
    assert "4821" not in json.dumps(view)
    room.leave(t1, "eve")
    for t in (t2, t3):
        with pytest.raises(BoardSeenError, match=f"at table '{t1}'"):
            room.sit(t, "eve", "North")
    with pytest.raises(BoardSeenError, match="still being played at another table"):
        room.sit(t1, "carl", "West")                       # its tricks show every hand of t2's and t3's board
    play_out(room, t2, "ann")
    assert room.view(t2, "ann")["board"]["code"] == KEPT_BACK      # t3 still plays the same cards
    play_out(room, t3, "bob")
    assert room.view(t2, "ann")["board"]["code"] == "V-XA3WLA6HFKZUGP5C7ZCEPM-D1"
    traveller = room.results("v 4821")
    assert [(r["table"], r["code"]) for r in traveller] == [(t1, "V-4821"), (t2, "V-XA3WLA6HFKZUGP5C7ZCEPM-D1")]
    assert [r["table"] for r in room.results("V-XA3WLA6HFKZUGP5C7ZCEPM-D2")] == [t3]


def test_durak_forms_of_one_deal(tmp_path):
    """D-5 and D-5-T2 (hearts given as trump) deal the same cards: one board for seat
    hopping; D-5-D0 (the other dealer) deals other cards."""
    room = Room(url(tmp_path), teachers=[TEACHER])
    t1 = room.open_table("armenian_durak", deals=["D-5"])
    t2 = room.open_table("armenian_durak", deals=["D-5-T2"])
    t3 = room.open_table("armenian_durak", deals=["D-5-D0"])
    room.sit(t1, "eve", "South")
    room.start(t1)
    room.leave(t1, "eve")
    with pytest.raises(BoardSeenError):
        room.sit(t2, "eve", "North")
    room.sit(t3, "eve", "North")


def test_an_older_database_is_brought_up_to_date(tmp_path):
    """A database written before the identities and the turn time: its tables lack the new
    columns. Opening it adds them and fills them in from the stored codes, so a seat held
    there on V-4821 refuses the cards form at a new table; the old traveller keeps its rows."""
    from sqlalchemy import MetaData, Table, create_engine, insert

    from cardkit.room import _ADDED_COLUMNS, _BOARDS, _SEEN, _TABLES

    db = url(tmp_path, "old.db")
    old = MetaData()
    for table in METADATA.sorted_tables:
        if table.name == "cardkit_room_unseated":
            continue
        added = next((cols for t, cols in _ADDED_COLUMNS.items() if t.name == table.name), ())
        Table(table.name, old, *[c._copy() for c in table.c if c.name not in added])
    engine = create_engine(db)
    old.create_all(engine)
    with engine.begin() as conn:
        conn.execute(insert(old.tables[_TABLES.name]).values(
            id="T1", serial=1, game="variety", rules=json.dumps({"lead": "left_of_first_namer",
                                                                 "contract_values": "book", "deals": 8,
                                                                 "tie": "declarers_lose"}),
            bots="rule", deals=json.dumps(["V-4821"]), seed=1, started=True, board=0, position=0, version=3))
        conn.execute(insert(old.tables[_BOARDS.name]).values(
            table_id="T1", number=0, position=0, code="V-4821", finished=True, players=json.dumps(
                {"0": "eve", "1": "bot", "2": "bot", "3": "bot"}), returns=json.dumps([1, -1, 1, -1]),
            contract=2, declarers="[0, 2]"))
        conn.execute(insert(old.tables[_SEEN.name]).values(user_name="eve", code="V-4821", table_id="T1", seat=0))
    engine.dispose()
    room = Room(db, teachers=[TEACHER])
    t = room.open_table("variety", deals=["V-XA3WLA6HFKZUGP5C7ZCEPM-D3"])
    with pytest.raises(BoardSeenError, match="held South at table 'T1'"):
        room.sit(t, "eve", "West")
    assert [r["table"] for r in room.results("V-XA3WLA6HFKZUGP5C7ZCEPM-D1")] == ["T1"]
    old_row = room.tables(only="T1")[0]                     # issue 34: paced by the teacher, not paused
    assert (old_row["pace"], old_row["paused"]) == ("teacher", False)
    assert room.announcement() == ""                        # the settings' table is made too
    Room(db, teachers=[TEACHER])                            # opened again: nothing more to do


# ---- issue 32 item 4: the teacher unseats a learner; a table held up is pointed out -------------

class Clock:
    """A fake clock for the room's turn times (seconds since 1970)."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _to_eve(room: Room, t: str) -> None:
    """ann (North) plays until it is eve's (South's) turn."""
    for _ in range(60):
        w = room.waiting(t, TEACHER)
        if w is not None and w["user"] == "eve":
            return
        room.act(t, "ann", room.legal(t, "ann")[0])
    raise AssertionError("eve never came to act")


def test_the_teacher_unseats_a_learner_and_the_bot_plays_on(tmp_path):
    room = Room(url(tmp_path), teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    room.sit(t, "eve", "South")
    room.sit(t, "ann", "North")
    room.start(t)
    _to_eve(room, t)
    actions = len(room.view(t, TEACHER)["public"]["tricks"]) * 4 + len(room.view(t, TEACHER)["public"]["trick"])
    # a learner unseats nobody, herself included; nothing changes
    before = dump(room)
    for who in ("ann", "eve"):
        with pytest.raises(NotTeacherError, match="only a teacher may unseat"):
            room.unseat(t, who, "South")
    for bad, error in (("West", "no person sits there"), ("Centre", "has the seats"), (7, "has the seats")):
        with pytest.raises(RoomError, match=error):
            room.unseat(t, TEACHER, bad)
    with pytest.raises(UnknownTableError):
        room.unseat("T9", TEACHER, "South")
    assert dump(room) == before
    assert room.seat_notice(t, "eve") is None
    # the teacher does: South's bot plays eve's card at once, and the table goes on to ann
    moves = room.unseat(t, TEACHER, "south")
    assert moves and moves[0]["name"] == "South" and moves[0]["by"] == "bot"
    v = room.view(t, TEACHER)
    assert v["seats"][0]["player"] == "bot"
    assert len(v["public"]["tricks"]) * 4 + len(v["public"]["trick"]) > actions
    assert room.waiting(t, TEACHER)["user"] == "ann"
    with pytest.raises(NotSeatedError):
        room.view(t, "eve")
    assert room.seat_notice(t, "eve") == f"The teacher gave your seat (South) at table {t} to a bot."
    assert Room(url(tmp_path), teachers=[TEACHER]).seat_notice(t, "eve") is not None   # stored
    with pytest.raises(BoardSeenError):                     # she has seen South's cards: no other seat
        room.sit(t, "eve", "West")
    room.sit(t, "eve", "South")                              # her seat again: yes, and the notice is gone
    assert room.seat_notice(t, "eve") is None and room.view(t, TEACHER)["seats"][0]["player"] == "eve"


def test_unseating_at_a_table_without_bots_leaves_the_seat_empty(tmp_path):
    room = Room(url(tmp_path), teachers=[TEACHER])
    t = room.open_table("armenian_durak", deals=["D-5"], bots=None)
    room.sit(t, "eve", "North")
    room.sit(t, "ann", "South")
    room.start(t)
    assert room.unseat(t, TEACHER, "North") == []
    assert room.view(t, TEACHER)["seats"][1]["player"] is None
    assert "the seat waits for a player" in room.seat_notice(t, "eve")
    room.sit(t, "carl", "North")                             # another learner takes it over
    assert room.seat_notice(t, "eve") is not None            # eve is told until she sits again


def test_a_person_who_does_not_act_is_pointed_out_after_idle_seconds(tmp_path):
    from cardkit.room import IDLE_SECONDS

    clock = Clock()
    room = Room(url(tmp_path), teachers=[TEACHER], clock=clock)
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    quiet = room.open_table("warsaw_hearts", deals=["W-20"])
    room.sit(t, "eve", "South")
    room.sit(t, "ann", "North")
    assert room.waiting(t, TEACHER) is None                  # not started: nobody to act
    room.start(t)
    _to_eve(room, t)
    w = room.waiting(t, TEACHER)
    assert (w["table"], w["seat"], w["name"], w["user"], w["seconds"], w["idle"]) == (t, 0, "South", "eve", 0.0, False)
    clock.now += IDLE_SECONDS - 1
    room.sit(t, "carl", "West")                              # another seat taken: eve's clock runs on
    assert room.waiting(t, TEACHER)["seconds"] == IDLE_SECONDS - 1 and room.idle(TEACHER) == []
    clock.now += 31
    w = room.waiting(t, TEACHER)
    assert w["idle"] and w["seconds"] == IDLE_SECONDS + 30 and w["idle_after"] == IDLE_SECONDS
    assert [(r["table"], r["name"], r["user"]) for r in room.idle(TEACHER)] == [(t, "South", "eve")]
    assert Room(url(tmp_path), teachers=[TEACHER], clock=clock).waiting(t, TEACHER) == w   # stored
    for who in ("eve", "ann"):                               # the teachers' only
        with pytest.raises(NotTeacherError):
            room.waiting(t, who)
        with pytest.raises(NotTeacherError):
            room.idle(who)
    # eve acts: her clock is done; whoever acts next starts from now
    room.act(t, "eve", room.legal(t, "eve")[0])
    w = room.waiting(t, TEACHER)
    assert w is None or (w["seconds"] == 0.0 and not w["idle"])
    assert room.idle(TEACHER) == []
    assert room.waiting(quiet, TEACHER) is None

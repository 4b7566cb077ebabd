"""Duplicate scoring in the teaching room (issue 34, item 1): each seat's matchpoints on a
board against the same seat at the other tables (ties half, a percentage; a board played
at one table only has none), every board's traveller, and the learners' ranking."""

from __future__ import annotations

import pytest

from cardkit.room import NotTeacherError, Room
from cardkit.room_records import matchpoints, ranking, score_traveller

TEACHER = "teach"


def play_board(room: Room, table: str, user: str, pick: int) -> None:
    """``user`` plays the board in play at ``table`` to its end, always the ``pick``-th legal
    action (mod the number of them); the bots play the other seats."""
    start = room.view(table, user)["board"]["number"]
    for _ in range(500):
        legal = room.legal(table, user)
        board = room.view(table, user)["board"]
        if not legal or board["number"] != start or board["over"]:
            return
        room.act(table, user, legal[pick % len(legal)])
    raise AssertionError("the board did not end")


def test_matchpoints_beaten_one_tied_half_as_a_percentage():
    assert matchpoints([10, 4]) == [100.0, 0.0]
    assert matchpoints([4, 4]) == [50.0, 50.0]
    assert matchpoints([10, 4, 4]) == [100.0, 25.0, 25.0]          # three tables, a tie
    assert matchpoints([-3, 7, 2, 7]) == [0.0, pytest.approx(500 / 6), pytest.approx(100 / 3), pytest.approx(500 / 6)]
    assert matchpoints([5]) == [None]                              # one table: nothing to compare
    assert matchpoints([]) == []


def test_score_traveller_compares_each_seat_with_the_same_seat():
    rows = score_traveller([{"returns": [26, 0, 0, -26]}, {"returns": [0, 26, 0, -26]}, {"returns": [0, 0, 26, -26]}])
    assert [r["matchpoints"] for r in rows] == [[100.0, 25.0, 25.0, 50.0], [25.0, 100.0, 25.0, 50.0],
                                                [25.0, 25.0, 100.0, 50.0]]
    (alone,) = score_traveller([{"returns": [3, -3]}])
    assert alone["matchpoints"] == [None, None]


def test_ranking_averages_the_compared_boards_and_shares_ranks():
    b1 = score_traveller([{"players": {0: "ann", 1: "bot"}, "returns": [5, -5]},
                          {"players": {0: "bob", 1: "eve"}, "returns": [2, -2]},
                          {"players": {0: "cy", 1: "bot"}, "returns": [2, -2]}])
    b2 = score_traveller([{"players": {0: "ann", 1: "bot"}, "returns": [0, 0]}])       # one table: no matchpoints
    b3 = score_traveller([{"players": {0: "bob", 1: "bot"}, "returns": [9, -9]},
                          {"players": {0: "zed", 1: "bot"}, "returns": [1, -1]}])
    out = {r["player"]: r for r in ranking([b1, b2, b3])}
    assert out["ann"] == {"rank": 1, "player": "ann", "boards": 2, "compared": 1, "matchpoints": 100.0}
    assert out["bob"]["boards"] == 2 and out["bob"]["matchpoints"] == pytest.approx((25.0 + 100.0) / 2)
    assert out["eve"]["matchpoints"] == 75.0 and out["cy"]["matchpoints"] == 25.0   # eve: -2 beat -5, tied -2
    assert out["zed"]["matchpoints"] == 0.0
    assert "bot" not in out
    assert [(r["rank"], r["player"]) for r in ranking([b1, b2, b3])] == [(1, "ann"), (2, "eve"), (3, "bob"),
                                                                         (4, "cy"), (5, "zed")]
    # equal averages share a rank: bob and cy both 25 % on board 1
    assert [(r["rank"], r["player"]) for r in ranking([b1])] == [(1, "ann"), (2, "eve"), (3, "bob"), (3, "cy")]
    lone = ranking([b2])
    assert lone == [{"rank": None, "player": "ann", "boards": 1, "compared": 0, "matchpoints": None}]


def three_tables(game: str, code: str, picks=(0, 0, -1)) -> tuple[Room, list[str]]:
    room = Room("sqlite://", teachers=[TEACHER])
    tables = []
    for k, pick in enumerate(picks):
        t = room.open_table(game, deals=[code, code.replace("17", "18").replace("4821", "4822").replace("-5", "-6")])
        room.sit(t, f"p{k}", "South")
        room.start(t)
        play_board(room, t, f"p{k}", pick)
        tables.append(t)
    assert room.next_board_all(TEACHER)["moved"] == tables    # each board held until the teacher moves on
    return room, tables


@pytest.mark.parametrize(("game", "code"), [("warsaw_hearts", "W-17"), ("warsaw_hearts", "W-17-P3"),
                                            ("armenian_durak", "D-5"), ("variety", "V-4821")])
def test_results_carry_each_seats_matchpoints_at_three_tables(game, code):
    room, tables = three_tables(game, code)
    rows = room.results(code)
    assert [r["table"] for r in rows] == tables
    seats = len(rows[0]["returns"])
    for s in range(seats):
        assert [r["matchpoints"][s] for r in rows] == matchpoints([r["returns"][s] for r in rows])
    # each seat's matchpoints over the three tables add up to 150 (three pairs, one point a pair)
    for s in range(seats):
        assert sum(r["matchpoints"][s] for r in rows) == pytest.approx(150.0)


def test_a_board_played_at_one_table_has_no_matchpoints():
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    room.sit(t, "ann", "South")
    room.start(t)
    play_board(room, t, "ann", 0)
    (row,) = room.results("W-17")
    assert row["matchpoints"] == [None, None, None, None]
    assert room.ranking() == [{"rank": None, "player": "ann", "boards": 1, "compared": 0, "matchpoints": None}]


def test_travellers_list_every_finished_board_after_the_tables_moved_on():
    """Item 12: two tables played W-17 and went on to W-18: W-17's traveller is still listed,
    with both rows and their matchpoints, in any form the code was typed in."""
    room = Room("sqlite://", teachers=[TEACHER])
    t1 = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    t2 = room.open_table("warsaw_hearts", deals=["w 17", "W-18"])
    for k, t in enumerate((t1, t2)):
        room.sit(t, f"p{k}", "South")
        room.start(t)
        play_board(room, t, f"p{k}", -k)
    assert room.next_board_all(TEACHER) == {"moved": [t1, t2], "playing": []}   # held until then
    assert all(room.view(t, TEACHER)["board"]["number"] == 2 for t in (t1, t2))
    boards = room.travellers()
    assert len(boards) == 1
    (w17,) = boards
    assert w17["game"] == "warsaw_hearts" and w17["players"] == 4 and w17["code"] == "W-17"
    assert [r["table"] for r in w17["rows"]] == [t1, t2]
    assert w17["rows"] == room.results("W-17")
    for s in range(4):
        assert [r["matchpoints"][s] for r in w17["rows"]] == matchpoints([r["returns"][s] for r in w17["rows"]])


def test_the_ranking_of_a_set_and_per_game():
    room, _ = three_tables("warsaw_hearts", "W-17")
    other = room.open_table("armenian_durak", deals=["D-5"])
    room.sit(other, "solo", "South")
    room.start(other)
    play_board(room, other, "solo", 0)
    everyone = room.ranking()
    assert {r["player"] for r in everyone} == {"p0", "p1", "p2", "solo"}
    hearts = room.ranking(game="warsaw_hearts")
    assert {r["player"] for r in hearts} == {"p0", "p1", "p2"}
    assert room.ranking(["w-17"]) == hearts                        # the set by its codes, any form
    assert room.ranking(["D-5"]) == [{"rank": None, "player": "solo", "boards": 1, "compared": 0,
                                      "matchpoints": None}]
    rows = room.results("W-17")
    for r in hearts:
        mine = [row["matchpoints"][0] for row in rows if row["players"][0] == r["player"]]
        assert r["matchpoints"] == pytest.approx(sum(mine) / len(mine)) and r["boards"] == 1


def test_hand_records_are_the_teachers_only():
    room, tables = three_tables("warsaw_hearts", "W-17")
    with pytest.raises(NotTeacherError):
        room.hand_records("p0")
    boards = room.hand_records(TEACHER, tables[0])
    assert [b["code"] for b in boards] == ["W-17", "W-18"]
    assert len(boards[0]["rows"]) == 3 and boards[1]["rows"] == []
    assert boards[1]["playing"] == tables                       # all three play W-18 now
    cards = [c for hand in boards[0]["diagram"]["hands"] for c in hand]
    assert len(cards) == len(set(cards)) == 36                  # every hand as dealt
    assert [b["code"] for b in room.hand_records(TEACHER)] == ["W-17"]

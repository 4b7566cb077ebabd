"""The teaching room against a learner who attacks it (issue 23, the security findings):
a learner named like the bots, seat hopping on a board in play, the deal code of a board
another table still plays, and the bounds of the bots' loop. Room and TableSession only
(the service's own findings are in tests/test_room_service.py)."""

from __future__ import annotations

import json
import threading

import pytest
from sqlalchemy import insert

from cardkit.hub_cli import HubSetupError, check_learner_name
from cardkit.room import _SEATS as SEATS, KEPT_BACK, BoardSeenError, Room, RoomError
from cardkit.table_session import MAX_DEALS_PER_CALL, TableSession

TEACHER = "teach"


def finished_in(fn, seconds: float = 10.0) -> bool:
    """Whether ``fn()`` returned within ``seconds`` (a looping call fails the test, not hangs it)."""
    th = threading.Thread(target=fn, daemon=True)
    th.start()
    th.join(seconds)
    return not th.is_alive()


# ---- finding 1: a learner named "bot" --------------------------------------------------------

@pytest.mark.parametrize("name", ["bot", "Bot", " BOT "])
def test_the_room_refuses_the_bots_name(name):
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17"])
    with pytest.raises(RoomError, match="reserved for the room's bots"):
        room.sit(t, name, "West")
    assert room.tables(only=t)[0]["seats"] == [None] * 4
    with pytest.raises(RoomError, match="reserved"):
        Room("sqlite://", teachers=[name])


@pytest.mark.parametrize("name", ["bot", "BOT", "b0t"])
def test_hub_log_in_refuses_the_bots_name(name):
    with pytest.raises(HubSetupError, match="reserved for the teaching room's bots"):
        check_learner_name(name)
    assert check_learner_name("robot") == "robot"


def test_a_person_named_bot_in_old_data_is_a_person(tmp_path):
    """A seat stored for a person named "bot" (before the name was refused): the table reads
    it as a person, its bots stop at that seat's turn, and no call loops."""
    url = f"sqlite:///{tmp_path / 'room.db'}"
    room = Room(url, teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=None, seed=5)
    room.sit(t, "ann", "South")
    room.start(t)
    with room.engine.begin() as conn:
        conn.execute(insert(SEATS).values(table_id=t, seat=1, user_name="bot"))
    again = Room(url, teachers=[TEACHER])
    assert finished_in(lambda: again.leave(t, "ann"), 10), "the bots' loop did not stop"
    view = again.view(t, TEACHER)
    assert view["seats"][1]["player"] == "bot" and view["board"]["number"] == 1
    assert again.view(t, TEACHER)["turn"] in (0, 1)  # a bot-free seat waits: South (now a bot) or "bot" the person


def test_a_session_with_a_person_named_bot_waits_for_that_person():
    s = TableSession("warsaw_hearts", deals=["W-17", "W-18", "W-19"], key="x")
    s.sit(0, "ann")
    s.start()
    s.leave(0)
    assert finished_in(lambda: s.sit(1, "bot"), 10)
    assert not s.is_bot(1) and s.is_bot(0)
    assert s.number == 0, "a person named bot counted as a bot: the whole set was played"
    assert s.state.current_player == 1 or not s.state.is_terminal()


def test_the_bots_deal_at_most_one_board_a_call(monkeypatch):
    """Even when no person has a turn (here every seat made a bot's), one call deals at most
    MAX_DEALS_PER_CALL boards, not the whole set."""
    s = TableSession("warsaw_hearts", deals=[f"W-{k}" for k in range(1, 20)], key="x")
    s.sit(0, "ann")
    s.start()
    monkeypatch.setattr(s, "is_bot", lambda seat: True)
    s.legal(0)
    before = s.number
    assert finished_in(s.settle, 10)
    assert s.number - before <= MAX_DEALS_PER_CALL


# ---- findings 2 and 3: seat hopping, and the code of a board another table plays ----------------

def play_out(room: Room, t: str, user: str) -> None:
    """``user`` plays their seat at ``t`` to the end of the board (first legal action each turn)."""
    for _ in range(500):
        legal = room.legal(t, user)
        if not legal:
            return
        room.act(t, user, legal[0])


def test_seat_hopping_at_one_table_is_refused():
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=["W-17", "W-18"])
    room.sit(t, "ann", "South")
    room.start(t)
    room.leave(t, "ann")
    for seat in ("West", "North", "East"):
        with pytest.raises(BoardSeenError, match="held South here") as info:
            room.sit(t, "ann", seat)
        assert "W-17" not in str(info.value)              # the refusal never names the deal code
    assert room.tables(only=t)[0]["seats"] == ["bot"] * 4
    room.sit(t, "ann", "South")                             # her own seat again: yes
    room.leave(t, "ann")
    room.sit(t, "bob", "South")
    room.next_board(t, TEACHER)                              # the teacher moves the table on: a new board
    room.leave(t, "bob")
    room.sit(t, "ann", "West")
    room.sit(t, TEACHER, "North")                            # a teacher sees every hand anyway


def test_seat_hopping_to_another_table_of_the_same_board_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    room = Room(url, teachers=[TEACHER])
    t1 = room.open_table("warsaw_hearts", deals=["W-17"])
    t2 = room.open_table("warsaw_hearts", deals=["W-17"])
    t3 = room.open_table("warsaw_hearts", deals=["W-17"])    # not started: its first board is W-17
    room.sit(t1, "ann", "South")
    room.sit(t2, "carl", "South")
    room.start(t1)
    room.start(t2)
    room.leave(t1, "ann")
    again = Room(url, teachers=[TEACHER])                    # stored, not only in this process
    for room_, t, seat in ((room, t2, "West"), (room, t2, "North"), (again, t3, "South"), (again, t2, "East")):
        with pytest.raises(BoardSeenError, match=f"at table '{t1}'"):
            room_.sit(t, "ann", seat)
    other = again.open_table("warsaw_hearts", deals=["W-18"])
    again.sit(other, "ann", "West")                          # another board: yes


def test_the_code_and_result_wait_until_no_table_plays_the_board():
    room = Room("sqlite://", teachers=[TEACHER])
    t1 = room.open_table("warsaw_hearts", deals=["W-17"])
    t2 = room.open_table("warsaw_hearts", deals=["W-17"])
    room.sit(t1, "ann", "South")
    room.sit(t2, "carl", "South")
    room.start(t1)
    room.start(t2)
    play_out(room, t1, "ann")
    view = room.view(t1, "ann")
    assert view["board"]["over"]
    assert "W-17" not in json.dumps(view), "the deal code shown while table T2 still plays it"
    assert view["board"]["code"] == KEPT_BACK and view["board"]["returns"] is None
    assert view["scores"][0]["code"] == KEPT_BACK and view["scores"][0]["returns"] is None
    assert room.view(t1, TEACHER)["board"]["code"] == "W-17"     # the teacher sees it
    room.leave(t1, "ann")
    with pytest.raises(BoardSeenError):                      # she played it: not at another table of it
        room.sit(t2, "ann", "West")
    with pytest.raises(BoardSeenError, match="still being played at another table"):
        room.sit(t1, "bob", "West")                          # a finished board's tricks show every hand
    room.sit(t1, "ann", "South")
    play_out(room, t2, "carl")
    view = room.view(t1, "ann")
    assert view["board"]["code"] == "W-17" and view["scores"][0]["code"] == "W-17"
    assert view["board"]["returns"] is not None and view["totals"] == view["scores"][0]["returns"]

"""The teaching room against a learner who attacks it (issue 23, the security findings):
a learner named like the bots, seat hopping on a board in play, the deal code of a board
another table still plays, and the bounds of the bots' loop. Room and TableSession only
(the service's own findings are in tests/test_room_service.py)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import insert

from cardkit.hub_cli import HubSetupError, check_learner_name
from cardkit.room import _SEATS as SEATS, Room, RoomError
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
    assert finished_in(s._settle, 10)
    assert s.number - before <= MAX_DEALS_PER_CALL

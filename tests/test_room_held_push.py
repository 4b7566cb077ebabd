"""A board's end that is held (more boards in the set) reaches the other tables playing it
(found in the teacher's class pass, issue 34): the table that finished first showed "Its result
is shown once every table has played it" until its learner reloaded, because the service took
a held board's end for no end (``Room.board_in_play``'s ``over`` said the set was played out)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardkit.room import Room

TEACHER = "teacher"
SET = ["W-17", "W-18"]


def test_a_held_boards_end_is_a_board_over():
    room = Room("sqlite://", teachers=[TEACHER])
    t = room.open_table("warsaw_hearts", deals=SET)
    room.sit(t, "ann", "South")
    room.start(t)
    assert room.board_in_play(t)["over"] is False
    while room.legal(t, "ann"):
        room.act(t, "ann", room.legal(t, "ann")[0])
    held = room.board_in_play(t)
    assert held["number"] == 1 and held["over"] is True, held


def test_the_last_table_to_finish_updates_the_first_tables_page():
    pytest.importorskip("jupyterhub")
    from cardkit.room_service import RoomService

    room = Room("sqlite://", teachers=[TEACHER])
    first, last = (room.open_table("warsaw_hearts", deals=SET) for _ in range(2))
    for t, user in ((first, "ann"), (last, "bob")):
        room.sit(t, user, "South")
        room.start(t)
    while room.legal(first, "ann"):
        room.act(first, "ann", room.legal(first, "ann")[0])
    kept = room.view(first, "ann")
    assert kept["board"]["over"]
    service = RoomService(room, hub_auth=None)
    bob = SimpleNamespace(page="table", table=last, user="bob", ready=True)
    ann = SimpleNamespace(page="table", table=first, user="ann", ready=True)
    for _ in range(500):
        legal = room.legal(last, "bob")
        if not legal:
            break
        _answer, pushes, scope = service.respond(bob, "act", {"kind": "act", "action": legal[0]}, [ann, bob])
    else:
        raise AssertionError("bob's board did not end")
    # the last action's push: ann's page (the other table) is sent its new state, with her score
    assert scope[1], f"the board's end changed no traveller: {scope}"
    sent = {s.user: p for s, p in pushes}
    assert "ann" in sent, "ann's page (the table that finished first) was not sent the result"
    assert "Your score" in sent["ann"]["state"]["status"], sent["ann"]["state"]["status"]

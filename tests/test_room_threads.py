"""The room called from two threads at once on one shared connection (the class server's page
thread and a caller; an in-memory SQLite database shared by every thread has one connection):
every read and write holds the room's lock, so no thread's release of the connection rolls
back another's transaction half-way (CI once stored a board whose actions did not replay)."""

from __future__ import annotations

import sys
import threading

from room_testing import memory_room, play_out

from cardkit.room import Room


def test_reads_in_another_thread_never_break_a_write():
    room = memory_room()
    errors: list[str] = []
    done = threading.Event()

    def reader() -> None:
        while not done.is_set():
            try:
                room.travellers()
                room.announcement()
                room.results("W-17")
                room.tables()
            except Exception as e:   # noqa: BLE001 - every failure is the test's finding
                errors.append(f"reader: {e!r}")

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)    # switch threads as often as the interpreter can
    th = threading.Thread(target=reader)
    th.start()
    try:
        for k in range(12):
            user = f"learner{k}"
            t = room.open_table("warsaw_hearts", deals=["W-17"])
            room.sit(t, user, "South")
            room.start(t)
            play_out(room, t, user)
    except Exception as e:   # noqa: BLE001
        errors.append(f"writer: {e!r}")
    finally:
        done.set()
        th.join()
        sys.setswitchinterval(old)
    assert errors == []
    again = Room(room.engine, teachers=["teach"])   # every stored board replays as it was played
    assert [again.view(r["table"], "teach")["board"]["over"] for r in again.tables()] == [True] * 12

"""What the teachers' session costs as the room fills (issue 34): a room of 8 Warsaw Hearts
tables, each with a learner at South, plays a set of N boards (8 results a board); then
times :meth:`cardkit.room.Room.travellers` (every traveller with matchpoints), the service's
session payload (sent to the teachers' pages whenever a board finishes) with its size in
JSON, :meth:`~cardkit.room.Room.export_csv` and the teachers' whole payload.

Usage::

    python benchmarks/room_session.py [--boards 60]

Measured here (2 cores shared, SQLite in memory), 60 boards = 480 results: travellers
0.016 s, session payload 0.026 s and 120 KB, results CSV 0.034 s (59 KB), the teachers'
whole payload 0.035 s (185 KB).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_room_duplicate import play_board

from cardkit.room import Room
from cardkit.room_service import RoomService


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=60)
    args = parser.parse_args()
    room = Room("sqlite://", teachers=["teach"])
    codes = [f"W-{k}" for k in range(100, 100 + args.boards)]
    t0 = time.perf_counter()
    for k in range(8):
        t = room.open_table("warsaw_hearts", deals=codes)
        room.sit(t, f"p{k}", "South")
        room.start(t)
        for _ in codes:
            play_board(room, t, f"p{k}", -k)
            if room.tables(only=t)[0]["held"]:    # a finished board is held until the teacher moves on
                room.next_board(t, "teach")
    print(f"played {8 * args.boards} results in {time.perf_counter() - t0:.1f} s")
    service = RoomService(room)
    for name, fn in (("travellers", room.travellers), ("session payload", service.session_payload),
                     ("results CSV", room.export_csv), ("teachers' payload", lambda: service.teacher_payload("teach"))):
        t0 = time.perf_counter()
        out = fn()
        seconds = time.perf_counter() - t0
        size = len(out if isinstance(out, str) else json.dumps(out)) / 1024
        print(f"{name:20} {seconds:.3f} s  {size:.0f} KB")
    service.close()


if __name__ == "__main__":
    main()

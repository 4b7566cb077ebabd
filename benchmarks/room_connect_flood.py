"""One learner opening and closing connections in a loop against another learner's round trip
(issue 32, item 5). Not a test: it prints figures. Loopback only, bounded in time.

For each mode (``off``: no limit on connections, as before; ``on``: the room's limit,
:data:`cardkit.room_service.CONNECT_BURST` and ``CONNECT_RATE_PER_MINUTE`` per user), a room
service process (``benchmarks/room_load.py``'s: the real service, a SQLite file, a test-only
stub of the hub's log-in) on 127.0.0.1 at a free port, and:

* **bob**, the other learner, in this process: his lobby's websocket, a ``ping`` (answered in
  the event loop) and a ``leave`` (answered through the room's worker thread and database: "you
  sit at no table", nothing changed) every 0.25 s; their round trips, median and p95 (the
  room logs as in service, to nowhere);
* first ``--quiet`` seconds with nobody else, then ``--seconds`` with **ann** flooding from a
  process of her own: ``--clients`` loops each opening her lobby's websocket (waiting for its
  first message) and closing it, or GETting her lobby page, as fast as they can;
* ann's connections made and how they were answered, and the CPU seconds of the room process
  during her flood (``/proc``).

Usage::

    python benchmarks/room_connect_flood.py [--seconds 15] [--quiet 8] [--clients 4] [--modes off,on]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from room_load import PREFIX, cpu_seconds, free_port  # noqa: E402


def serve(port: int, data_dir: str, limit: bool) -> None:
    import room_load
    from tornado.httpserver import HTTPServer

    from cardkit.room import Room
    from cardkit.room_service import RoomService

    room = Room(f"sqlite:///{Path(data_dir) / 'room.sqlite'}", teachers=[room_load.TEACHER])
    service = RoomService(room, prefix=PREFIX, hub_auth=room_load.StubAuth())
    if not limit:
        service.may_connect = lambda user: True      # as before issue 32: no limit on connections
    app = service.application()

    async def run() -> None:
        server = HTTPServer(app, **service.server_settings())
        server.listen(port, "127.0.0.1")
        print("ready", flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())


async def flood(port: int, seconds: float, clients: int) -> None:
    """ann's loops; prints one JSON line: the statuses of her connections."""
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    base = f"127.0.0.1:{port}{PREFIX}"
    headers = {"Cookie": "room-test-user=ann"}
    client = AsyncHTTPClient()
    counts: dict[str, int] = {}
    end = time.monotonic() + seconds

    async def loop(k: int) -> None:
        n = 0
        while time.monotonic() < end:
            n += 1
            try:
                if n % 2:
                    ws = await websocket_connect(HTTPRequest(f"ws://{base}ws/lobby", headers=headers))
                    await ws.read_message()
                    ws.close()
                    status = "ws 101"
                else:
                    r = await client.fetch(f"http://{base}", headers=headers, raise_error=False)
                    status = f"page {r.code}"
            except HTTPClientError as e:
                status = f"ws {e.code}"
            except OSError as e:
                status = type(e).__name__
            counts[status] = counts.get(status, 0) + 1

    await asyncio.gather(*(loop(k) for k in range(clients)))
    print(json.dumps(counts), flush=True)


async def measure(port: int, quiet: float, seconds: float, clients: int, server_pid: int) -> dict:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{port}{PREFIX}ws/lobby",
                                             headers={"Cookie": "room-test-user=bob"}))
    await ws.read_message()

    async def round_trips(duration: float) -> dict[str, list[float]]:
        out: dict[str, list[float]] = {"ping": [], "leave": []}
        end = time.monotonic() + duration
        while time.monotonic() < end:
            for kind in ("ping", "leave"):
                t0 = time.perf_counter()
                ws.write_message(json.dumps({"kind": kind}))
                while True:
                    m = json.loads(await ws.read_message())
                    if m["kind"] in ("pong", "error"):
                        break
                out[kind].append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.25)          # 8 messages a second: within the room's 10
        return out

    unloaded = await round_trips(quiet)
    cpu0 = cpu_seconds(server_pid)
    proc = await asyncio.create_subprocess_exec(sys.executable, __file__, "--flood", str(port), str(seconds),
                                                str(clients), stdout=asyncio.subprocess.PIPE)
    loaded = await round_trips(seconds)
    out, _ = await proc.communicate()
    cpu = cpu_seconds(server_pid) - cpu0
    ws.close()
    return {"unloaded": unloaded, "loaded": loaded, "flood": json.loads(out.decode().strip().splitlines()[-1]),
            "cpu": cpu}


def figures(ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else ms * 19
    return f"median {statistics.median(ms):5.1f} ms, p95 {q[18]:6.1f} ms ({len(ms)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--quiet", type=float, default=8.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--modes", default="off,on")
    args = parser.parse_args()
    for mode in args.modes.split(","):
        port = free_port()
        with tempfile.TemporaryDirectory() as tmp:
            server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), tmp, mode],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                assert server.stdout is not None and server.stdout.readline().strip() == "ready"
                r = asyncio.run(measure(port, args.quiet, args.seconds, args.clients, server.pid))
            finally:
                server.terminate()
                server.wait(10)
        made = sum(r["flood"].values())
        cpu = r["cpu"]
        print(f"limit {mode}: ann made {made:,} connections in {args.seconds:.0f} s ({made / args.seconds:,.0f}/s): "
              f"{r['flood']}; the room's CPU during the flood {cpu:.1f} s ({cpu / args.seconds:.0%} of a core)")
        for kind in ("ping", "leave"):
            u, loaded = r["unloaded"][kind], r["loaded"][kind]
            ratio = statistics.median(loaded) / statistics.median(u)
            print(f"  bob's {kind:5s} alone:  {figures(u)}\n  bob's {kind:5s} during: {figures(loaded)}  "
                  f"(median x{ratio:.2f})")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), sys.argv[3], sys.argv[4] == "on")
    elif len(sys.argv) > 1 and sys.argv[1] == "--flood":
        asyncio.run(flood(int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])))
    else:
        main()

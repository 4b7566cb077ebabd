"""Widgets and widget messages per play page at load, and cold page-to-table time (issue 11).

Starts Voila on ``lessons/`` with the classroom settings (``cardkit.lessons_cli.voila_args``,
Jupyter's folders in a temporary folder), opens each play page once in headless Chromium
(Debian's ``/usr/bin/chromium``) and listens to the page's kernel websocket:

- **widgets** and **kernel msgs**: the widget models the page's code builds and the widget
  messages its kernel sends while it runs (``comm_open`` and every ``comm_msg``: state
  updates as the dashboard deals and the bots play up to the learner's turn). Counted in
  this process: the notebook's first code cell runs with a counting comm (``comm.create_comm``
  replaced), as ``ipykernel`` would run it;
- **page msgs**: the websocket messages of the widget protocol between the page and its
  kernel from the request until ``--settle`` seconds after the table is drawn (``comm_open``,
  ``comm_msg``, ``comm_close``, ``comm_info_request``/``reply``), both ways; Voila sends
  the widgets' state in one ``update_states`` reply, so this stays small;
- **page to table**: from the request to the learner's first card drawn
  (``.ckt-hand [role=button]``), a cold kernel each time (Voila starts one per page);
- **first reply**: the learner's first action (Variety: a bid; Warsaw Hearts: a card;
  Durak: the trump draw) to the status line saying it was done, with the bots' replies
  (rule bots).

Usage::

    python benchmarks/widget_messages.py [--runs 1] [--settle 2] [--pages variety,warsaw_hearts,armenian_durak]

Prints one row per page (the median over ``--runs``) and the machine's load average. The
figures depend on the machine's load: quote them with it.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardkit.lessons_cli import voila_args  # noqa: E402

PAGES = {
    "variety": "variety/2_play.ipynb",
    "warsaw_hearts": "warsaw_hearts/2_play.ipynb",
    "armenian_durak": "armenian_durak/2_play.ipynb",
}
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
WIDGET_TYPES = {"comm_open", "comm_msg", "comm_close", "comm_info_request", "comm_info_reply"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _message(frame) -> dict | None:
    """A kernel websocket frame as ``{"msg_type", "content"}`` (the JSON protocol, or the
    binary ``v1.kernel.websocket.jupyter.org`` one), or None."""
    if isinstance(frame, str):
        try:
            msg = json.loads(frame)
        except ValueError:
            return None
        return {"msg_type": msg.get("header", {}).get("msg_type") or msg.get("msg_type"),
                "content": msg.get("content", {})}
    data = bytes(frame)
    try:
        n = struct.unpack("<Q", data[:8])[0]
        offsets = [struct.unpack("<Q", data[8 * (i + 1):8 * (i + 2)])[0] for i in range(n)]
        offsets.append(len(data))
        parts = [data[offsets[i]:offsets[i + 1]] for i in range(n)]
        header = json.loads(parts[1])
        content = json.loads(parts[4]) if len(parts) > 4 and parts[4] else {}
    except (ValueError, IndexError, struct.error):
        return None
    return {"msg_type": header.get("msg_type"), "content": content}


def _start_voila(tmp: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_DATA_DIR=str(tmp / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), IPYTHONDIR=str(tmp / "ipython"))
    log = open(tmp / "voila.log", "ab")
    proc = subprocess.Popen([sys.executable, "-m", "voila", *voila_args(ROOT / "lessons", port,
                                                                         cull_idle_timeout=20, cull_interval=10)],
                            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2):
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit(f"Voila did not start; see {tmp / 'voila.log'}")


def kernel_counts(notebook: str) -> tuple[int, int]:
    """(widgets built, widget messages sent) by the notebook's first code cell, run here
    with a counting comm in place of the kernel's."""
    import comm
    from comm.base_comm import BaseComm

    counts = {"open": 0, "msgs": 0}

    class CountingComm(BaseComm):
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            counts["msgs"] += 1
            if msg_type == "comm_open":
                counts["open"] += 1

    saved = comm.create_comm
    comm.create_comm = lambda *a, **k: CountingComm(*a, **k)
    try:
        cells = json.loads((ROOT / "lessons" / notebook).read_text())["cells"]
        code = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        env = dict(os.environ)
        os.environ["QUERY_STRING"] = ""
        try:
            exec(compile(code, notebook, "exec"), {"__name__": "__main__"})
        finally:
            os.environ.clear()
            os.environ.update(env)
    finally:
        comm.create_comm = saved
    return counts["open"], counts["msgs"]


def measure(browser, base: str, notebook: str, settle: float) -> dict:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    frames: list[tuple[str, dict]] = []

    def on_ws(ws):
        if "/channels" not in ws.url:
            return
        ws.on("framereceived", lambda payload: frames.append(("in", _message(payload))))
        ws.on("framesent", lambda payload: frames.append(("out", _message(payload))))

    page.on("websocket", on_ws)
    t0 = time.monotonic()
    page.goto(f"{base}/voila/render/{notebook}", timeout=180_000)
    page.wait_for_selector(".ckt-hand [role=button]", timeout=180_000)
    to_table = time.monotonic() - t0
    page.wait_for_timeout(int(settle * 1000))
    loaded = [m for _d, m in frames if m is not None]
    widget_msgs = [m for m in loaded if m["msg_type"] in WIDGET_TYPES]
    models = set()
    for m in widget_msgs:
        c = m["content"] or {}
        if m["msg_type"] == "comm_open" and c.get("target_name") == "jupyter.widget":
            models.add(c.get("comm_id"))
        data = c.get("data") or {}
        if isinstance(data, dict) and data.get("method") == "update_states":
            models.update((data.get("states") or {}).keys())
        if m["msg_type"] == "comm_info_reply":
            models.update(k for k, v in (c.get("comms") or {}).items()
                          if (v or {}).get("target_name") == "jupyter.widget")
    # the learner's first action, to the status line saying it was done
    status = page.locator(".ckt-status")
    if "armenian_durak" in notebook:
        target, done = page.get_by_role("button", name="Draw card 1", exact=True), "You drew"
    elif page.locator(".ckt-bid:enabled").count():
        target, done = page.locator(".ckt-bid:enabled").first, "You bid"
    else:
        target, done = page.locator(".ckt-hand .ckt-legal").first, "You played"
    t1 = time.monotonic()
    target.click()
    page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText.includes(text)",
                           arg=[".ckt-status", done], timeout=60_000)
    reply = time.monotonic() - t1
    assert status.count() == 1
    page.close()
    return {"page_widgets": len(models), "page_messages": len(widget_msgs), "to_table": to_table, "reply": reply}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="cold pages per lesson (the median is shown)")
    ap.add_argument("--settle", type=float, default=2.0, help="seconds to keep listening after the table is drawn")
    ap.add_argument("--pages", default=",".join(PAGES), help="comma-separated: " + ", ".join(PAGES))
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="cardkit-widget-messages-") as tmp:
        proc, base = _start_voila(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                rows = []
                for name in args.pages.split(","):
                    runs = [measure(browser, base, PAGES[name], args.settle) for _ in range(args.runs)]
                    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                    med["widgets"], med["messages"] = kernel_counts(PAGES[name])
                    rows.append((name, med))
                browser.close()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    load = os.getloadavg()
    print(f"{'page':<16}{'widgets':>9}{'kernel msgs':>13}{'page msgs':>11}{'page→table s':>14}{'1st reply s':>13}")
    for name, m in rows:
        print(f"{name:<16}{m['widgets']:>9.0f}{m['messages']:>13.0f}{m['page_messages']:>11.0f}"
              f"{m['to_table']:>14.2f}{m['reply']:>13.2f}")
    print(f"(median of {args.runs} cold page(s) each; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"{os.cpu_count()} cores)")


if __name__ == "__main__":
    main()

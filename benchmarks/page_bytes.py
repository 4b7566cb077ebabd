"""Bytes a lesson page sends its kernel (issue 32): the figures behind
``cardkit.serving``'s ``MAX_PAGE_MESSAGE_BYTES`` and ``PAGE_BYTES_PER_MINUTE``.

Starts Voila on ``lessons/`` with the classroom settings (``benchmarks/_voila.py``), opens
each page in headless Chromium (Debian's ``/usr/bin/chromium``) and adds up the kernel
websocket frames the page *sends* (``framesent``: every byte the server's
``LessonKernelConnection`` counts):

- each game's play page (``<game>/2_play.ipynb``): opening it, then one whole deal played
  by clicking, as a learner does, the first enabled bid, trump pick or draw, else the
  first legal card, until nothing is left to click;
- the deal editor (``deal_editor.ipynb``) opening a set of 500 Variety boards
  (``MAX_BOARDS``) as PBN, the largest form, through its "Open a set" button (the file
  rides in one message);
- an exercise page (``variety/1_rules.ipynb``): opening it and pressing its first enabled
  figure button.

Usage::

    python benchmarks/page_bytes.py [--pages variety,warsaw_hearts,armenian_durak,editor,exercise]

Prints one row per page: messages and bytes sent, the largest message, and the seconds.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._voila import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    jupyter_env,
    load_average,
    start_voila,
    stop_voila,
    voila_command,
    wait_until_ready,
)

GAMES = ("variety", "warsaw_hearts", "armenian_durak")
_ACTIONS = ".ckt-panel button:enabled, .ckt-legal"


class Sent:
    """The frames a page sends on its kernel websockets."""

    def __init__(self, page) -> None:
        self.sizes: list[int] = []
        page.on("websocket", self._on_ws)

    def _on_ws(self, ws) -> None:
        if "/channels" in ws.url:
            ws.on("framesent", lambda payload: self.sizes.append(len(payload)))

    def row(self, name: str, since: int, seconds: float) -> str:
        sizes = self.sizes[since:]
        return (f"{name:<34} {len(sizes):>6} {sum(sizes) / 1024:>10.1f} {max(sizes, default=0) / 1024:>9.1f}"
                f" {seconds:>7.1f}")


def _open(page, base: str, notebook: str, ready: str) -> None:
    page.goto(f"{base}/voila/render/{notebook}", timeout=180_000)
    page.wait_for_selector(ready, timeout=180_000, state="attached")
    page.wait_for_timeout(1500)


def play_page(browser, base: str, game: str) -> list[str]:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    sent = Sent(page)
    t0 = time.monotonic()
    _open(page, base, f"{game}/2_play.ipynb", ".ckt-hand [role=button]")
    rows = [sent.row(f"{game} play page: open", 0, time.monotonic() - t0)]
    start, t1, clicks, idle = len(sent.sizes), time.monotonic(), 0, 0.0
    while idle < 6.0 and clicks < 400:
        target = page.locator(_ACTIONS).first
        if not target.count():
            page.wait_for_timeout(500)
            idle += 0.5
            continue
        idle = 0.0
        before = page.locator(".ckt-status").inner_text()
        try:
            target.click(timeout=5000)
        except Exception:  # noqa: BLE001 - redrawn under the pointer: look again
            continue
        clicks += 1
        for _ in range(40):  # the kernel's answer redraws the status line
            page.wait_for_timeout(100)
            if page.locator(".ckt-status").inner_text() != before:
                break
    rows.append(sent.row(f"{game} play page: a whole deal ({clicks} clicks)", start, time.monotonic() - t1))
    page.close()
    return rows


def editor_page(browser, base: str, tmp: str) -> list[str]:
    from cardkit.deal_sets import MAX_BOARDS, deals_to_pbn
    from cardkit.games import variety

    text = deals_to_pbn([variety.new_deal(seed=s) for s in range(MAX_BOARDS)])  # the editor shows Variety first
    path = Path(tmp, "set.txt")
    path.write_text(text, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    sent = Sent(page)
    t0 = time.monotonic()
    _open(page, base, "deal_editor.ipynb", ".cardkit-deal-editor")
    rows = [sent.row("deal editor: open", 0, time.monotonic() - t0)]
    start, t1 = len(sent.sizes), time.monotonic()
    import re

    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=re.compile("Open a set")).first.click()
    chooser.value.set_files(str(path))
    page.wait_for_timeout(8000)
    print("  the editor says:", " ".join(page.locator(".cardkit-deal-editor").inner_text().split())[:300])
    rows.append(sent.row(f"deal editor: a set of {MAX_BOARDS} boards ({len(text.encode()) // 1024} KB)", start,
                         time.monotonic() - t1))
    page.close()
    return rows


def exercise_page(browser, base: str) -> list[str]:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    sent = Sent(page)
    t0 = time.monotonic()
    _open(page, base, "variety/1_rules.ipynb", "button[data-ck]")
    rows = [sent.row("exercise page (variety/1_rules): open", 0, time.monotonic() - t0)]
    start, t1 = len(sent.sizes), time.monotonic()
    page.locator("button[data-ck]:enabled").first.click()
    page.wait_for_timeout(2000)
    rows.append(sent.row("exercise page: one answer", start, time.monotonic() - t1))
    page.close()
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", default="variety,warsaw_hearts,armenian_durak,editor,exercise")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server, log_path = start_voila(voila_command(tmp, port), tmp, jupyter_env(tmp))
        try:
            base = f"http://127.0.0.1:{port}"
            if wait_until_ready(server, base, log_path, poll=0.2, timeout=120) is None:
                raise SystemExit("Voila did not start")
            print(f"load {load_average()}")
            print(f"{'page':<34} {'msgs':>6} {'KB sent':>10} {'max KB':>9} {'s':>7}")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name in args.pages.split(","):
                    if name in GAMES:
                        rows = play_page(browser, base, name)
                    elif name == "editor":
                        rows = editor_page(browser, base, tmp)
                    else:
                        rows = exercise_page(browser, base)
                    print("\n".join(rows), flush=True)
                browser.close()
        finally:
            stop_voila(server)


if __name__ == "__main__":
    main()

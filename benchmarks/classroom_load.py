"""A class on one server: N headless browser sessions open the play page and play a card.

Not a test: it prints figures. Loopback only, bounded in count and time.

One Voila server on 127.0.0.1 (a free port; Jupyter's config/data/runtime folders and the
kernels' connection files in a temporary folder; the classroom settings of
``cardkit-lessons`` from ``cardkit.lessons_cli.voila_args``, with the culling time given
here). ONE Chromium process (Debian's ``/usr/bin/chromium`` through Playwright's async API;
never ``playwright install``) with one browser context per learner, so the browsers cost
one browser's overhead; in a real class each learner's browser runs on their own machine,
so the CPU taken here by Chromium is reported apart from the server's. Every request that
is not to 127.0.0.1 is aborted in the browser (Voila's page asks a CDN for icons).

Each session ("a learner") arrives at its time (all at once, or spread uniformly at random
over ``--arrival-spread`` seconds, seeded), opens ``/voila/render/variety/2_play.ipynb``,
waits until its card table (the anywidget ``CardTable``, ``.ckt``) is drawn with the
learner's turn, bids (an enabled ``.ckt-bid`` button of the group "Bid a number") until the
hand has legal cards (``.ckt-hand [role=button].ckt-legal``, each with ``data-card="QH"``),
clicks the first legal card and waits until the status line (``.ckt-status``) says "You
played <card>" or the trick area (``.ckt-trick``) shows the card. With ``--concurrency`` >= ``--sessions`` every page stays open
until all sessions have finished (a class in the room); then all pages close and the script
waits until every kernel has been culled.

Printed:
  * sessions that succeeded, and each failure in one line;
  * time from navigation to the first byte of the page, to the end of the page's HTML
    (the server has started the kernel and executed the notebook by then), to the card table
    (drawn, the learner's turn shown), to the legal cards (after the bidding); click on a
    card to the card shown played: p50, p95, max;
  * CPU seconds used during the sessions by: the Voila server process, the kernels, the
    Chromium process tree, the Playwright driver, this script, and the rest of the machine
    (other users) -- from /proc, with each group's share of the machine's 100 %;
  * memory per kernel: largest RSS of each kernel, and its PSS (shared pages split between
    the kernels) when all pages are open; the Voila server's RSS;
  * seconds from closing the pages until all kernels are culled.

Kernels are the Voila process's ``ipykernel`` children (Voila has no ``/api/kernels``). The
machine's load average is printed at the start and at the end, but it lags by minutes: the
"everything else (others)" CPU line says how busy other users kept the machine DURING the run.

What was found (2 cores; the figures are in the commit message that added this text):

* Voila's executor waits only nbclient's default 4 s (``iopub_timeout``) for a cell's IOPub
  messages after its reply. The old play dashboard's one cell sent ~1,230 of them (560 widgets
  opened, 660 updates); Voila's single process decodes every kernel's, so with 10-20 pages
  at once the tail (the cell's output, i.e. the dashboard) came later than that and the page
  was served WITHOUT the dashboard ("Timeout waiting for IOPub output" in the log; no error on
  the page). The card table sends about 20; this script still passes
  ``--VoilaExecutor.iopub_timeout`` (default 120 s; 0 keeps Voila's default). Waiting longer
  costs nothing when messages are on time.
* Voila's loading page animates; 20 headless pages repainting it starve the two cores (see
  NO_ANIMATIONS_JS). Chromium still takes most of the CPU: with the card table, 30 learners at
  once, 6.9 CPU-s per page (62 % of the machine; 3-4 with the old dashboard at 20), so the
  time to the table here (p50 150 s) is mostly the 30 browsers sharing the server's 2 cores.
* The server spends ~1.5 CPU-s per learner with the card table (Voila 0.5 + kernel 1.0; 30 at
  once), about as before (~1.3 at 20): the kernel's part is mostly starting Python and
  ipykernel (importing ipykernel and ipywidgets alone takes ~0.45 CPU-s on a quiet machine),
  which fewer widget messages do not reduce. A fresh kernel per learner cannot meet 0.4 CPU-s.
* ``--preheat`` (``--preheat_kernel --pool_size``) pools only the notebook under test: Voila's
  ``--pool_size`` alone preheats N kernels for EVERY notebook under ``lessons/``. A pool keeps N
  spare kernels (twice the memory), and a preheated kernel has run the notebook before the
  request, so ``?deal=`` (``QUERY_STRING``) is not seen by the dashboard.

Usage::

    python benchmarks/classroom_load.py --sessions 30         # 30 learners, all at once (default 20)
    python benchmarks/classroom_load.py --arrival-spread 15   # 20 learners over 15 s
    python benchmarks/classroom_load.py --preheat 20          # Voila's preheated kernel pool
    python benchmarks/classroom_load.py --browser-nice 19     # the server's work goes first
    python benchmarks/classroom_load.py --iopub-timeout 0     # Voila's default 4 s (the old dashboard was lost)

Options: ``--sessions`` (at most 40), ``--concurrency`` (pages open at once),
``--cull-timeout`` / ``--cull-interval`` (seconds; the timeout must be longer than the
slowest page load, or kernels are culled before their page connects), ``--page-timeout``,
``--time-limit`` (hard limit for the whole run), ``--seed``, ``--verbose`` (progress every
10 s; failures quote the page's state), ``--keep-log FILE``. Exit status 0 when every session
succeeded and every kernel was culled, 2 otherwise. Ctrl-C, an error or the time limit stop
Voila, its kernels and the browser; no process is left behind.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks._voila import (  # noqa: E402  # shared with lesson_first_screen.py
    CHROMIUM,
    CHROMIUM_ARGS,
    LESSONS,
    free_port,
    jupyter_env,
    load_average,
    start_voila,
    stop_voila,
    voila_command,
    wait_until_ready,
)

MAX_SESSIONS = 40
# Before the card table the play dashboard sent ~1,230 IOPub messages while its cell ran (560
# widgets opened, 660 updates; now about 20). Voila's one process decodes every kernel's
# messages; with 10-20 pages at once the last ones (the cell's output: the dashboard) came more
# than nbclient's default 4 s after the execute reply, and Voila then sent the page WITHOUT the
# dashboard (log: "Timeout waiting for IOPub output"). A longer wait costs nothing when
# messages are on time.
IOPUB_TIMEOUT = 120
# A learner's afternoon: the index, the heaviest lesson (Variety 1: the rules), then the play page.
DEFAULT_LESSONS = ("index.ipynb", "variety/1_rules.ipynb", "variety/2_play.ipynb")
HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK")

# What a learner would see as an error (with show_tracebacks=False).
ERROR_TEXTS = ("There was an error when executing cell", "Traceback (most recent call last)",
               "Javascript Error:", "Error displaying widget")
# Whose turn the card table shows: 'bid' / 'play' when it is the learner's, else null. The
# play page draws everything with the anywidget CardTable (``.ckt``): the learner's cards are
# ``.ckt-hand [role=button]`` (``data-card="QH"``, class ``ckt-legal`` or ``ckt-illegal``), the
# bids ``.ckt-bid`` buttons (group "Bid a number"), the status line ``.ckt-status``, the trick
# ``.ckt-trick``. The table counts as drawn once Voila has moved the rendered cells into its
# main panel and the hand has its cards. The page checks read textContent, not innerText, so
# that polling 30 pages forces no layout.
TURN_JS = """() => {
  const t = document.querySelector('.ckt');
  const main = document.getElementById('jp-main-content-panel');
  if (!t || !main || !main.contains(t)) return null;
  const s = t.querySelector('.ckt-status');
  const hand = t.querySelector('.ckt-hand');
  if (!s || !hand || !hand.querySelector('[role=button]') || !s.textContent.includes('Your turn')) return null;
  if (hand.querySelector('[role=button].ckt-legal')) return 'play';
  if (t.querySelector('[aria-label="Bid a number"] .ckt-bid:enabled')) return 'bid';
  return null;
}"""
# The card is played: the status line says so ("You played Q♥.") or the trick area shows it
# (the trick, or the trick just finished drawn faded).
PLAYED_JS = """([id, label]) => {
  const s = document.querySelector('.ckt-status');
  if (s && s.textContent.includes('You played ' + label)) return true;
  return !!document.querySelector('.ckt-trick [data-card="' + id + '"]');
}"""
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Voila's loading page animates a spinner and "skeleton" lines until the widgets show: with
# software rendering that repaints every frame, and 20 such pages on 2 cores starve the server
# (in a class each learner's own machine pays for it). Unless --keep-animations, each page
# gets a style sheet, before anything else loads, that turns CSS animations and transitions off.
NO_ANIMATIONS_JS = """(() => {
  const css = '*, *::before, *::after { animation: none !important; transition: none !important; }';
  const add = () => { const s = document.createElement('style'); s.textContent = css;
                      (document.head || document.documentElement).appendChild(s); };
  if (document.documentElement) add();
  else new MutationObserver((_, o) => { if (document.documentElement) { o.disconnect(); add(); } })
         .observe(document, {childList: true});
})();"""
# A lesson read (not the play page): its title, the first heading of the rendered cells, drawn
# with a box; then its first exercise (``widgets.lesson.Exercise``, class ``ck-exercise``) drawn
# with its buttons, or, for a lesson without exercises, every cell run and drawn (no output
# placeholder, no progressive-rendering skeleton left, every widget output attached).
TITLE_JS = """() => {
  const cells = document.getElementById('rendered_cells');
  const h = cells && cells.querySelector('h1');
  if (!h || !h.textContent.trim()) return false;
  const r = h.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}"""
FIRST_EXERCISE_JS = """() => {
  const main = document.getElementById('jp-main-content-panel');
  const ex = document.querySelector('.ck-exercise');
  if (!ex || !main || !main.contains(ex)) return false;
  const b = ex.querySelector('button');
  if (!b) return false;
  const r = b.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}"""
ALL_CELLS_JS = """() => {
  const cells = document.getElementById('rendered_cells');
  if (!cells || !document.getElementById('jp-main-content-panel')?.contains(cells)) return false;
  const pending = 'script[type="application/vnd.voila.cell-output+json"], .voila-skeleton-container';
  if (document.querySelector(pending)) return false;
  return [...cells.querySelectorAll('.jp-OutputArea-output.lm-Panel')].every(e => e.childElementCount > 0);
}"""
# An ipykernel's command line names its connection file, kernel-<kernel id>.json.
KERNEL_FILE_RE = re.compile(r"kernel-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json")
PAGE_STATE_JS = """() => ({ready: document.readyState,
  outputs: document.querySelectorAll('.jp-OutputArea-output').length,
  placeholders: document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]').length,
  spinner: !!document.querySelector('#loading'),
  text: document.body.innerText.slice(0, 120)})"""
ERRORS_JS = """(texts) => {
  const found = [...document.querySelectorAll('.voila-error')].map(e => e.innerText.trim().slice(0, 80));
  const body = document.body.innerText;
  for (const t of texts) if (body.includes(t)) found.push(t);
  return found;
}"""


# ------------------------------------------------------------------ /proc


def _proc_table() -> dict[int, tuple[int, str, int, int, str]]:
    """pid -> (ppid, comm, own CPU ticks, children's CPU ticks, cmdline) for every process."""
    table = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                cmd = f.read().decode(errors="replace").replace("\0", " ")
        except OSError:
            continue
        head, rest = stat.rsplit(")", 1)
        fields = rest.split()
        # fields[0] is state (field 3); utime, stime, cutime, cstime are fields 14..17
        table[int(entry.name)] = (int(fields[1]), head.split("(", 1)[1], int(fields[11]) + int(fields[12]),
                                  int(fields[13]) + int(fields[14]), cmd)
    return table


def _descendants(table, root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for pid, row in table.items():
        children.setdefault(row[0], []).append(pid)
    out, todo = [], [root]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def kernel_pids(server_pid: int, table=None) -> list[int]:
    """The server's child processes whose command line runs ipykernel (one per kernel)."""
    table = table if table is not None else _proc_table()
    return [p for p, row in table.items() if row[0] == server_pid and "ipykernel" in row[4]]


def _status_kib(pid: int, key: str) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _pss_kib(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    total = sum(values[:8])  # guest time is already in user
    return total - idle, total


class CpuMeter:
    """CPU ticks per group of processes, sampled from /proc.

    A group's ticks are the sum, over its live processes, of own + reaped children's ticks
    (a reaped child's ticks move into its parent's counters, so nothing is lost when a
    renderer or a kernel exits). The Voila server's own ticks are its group; its children
    (kernels) are the ``kernels`` group, including the reaped ones.
    """

    def __init__(self, server_pid: int):
        self.server_pid = server_pid
        self.me = os.getpid()
        self.start = self.sample()

    def sample(self) -> dict[str, float]:
        table = _proc_table()
        groups = dict.fromkeys(("voila", "kernels", "chromium", "playwright", "script"), 0)
        if self.server_pid in table:
            _, _, own, reaped, _ = table[self.server_pid]
            groups["voila"] = own
            groups["kernels"] = reaped + sum(table[p][2] + table[p][3] for p in _descendants(table, self.server_pid))
        me = table.get(self.me)
        if me:
            groups["script"] = me[2]
        server_tree = set(_descendants(table, self.server_pid)) | {self.server_pid}
        for pid in _descendants(table, self.me):
            if pid in server_tree:
                continue
            _, comm, own, reaped, cmd = table[pid]
            group = "chromium" if "chrom" in comm or "chrom" in cmd.split(" ", 1)[0] else "playwright"
            groups[group] += own + reaped  # a zygote holds its exited renderers' ticks
        busy, total = _machine_ticks()
        groups["machine_busy"], groups["machine_total"] = busy, total
        groups["t"] = time.monotonic()
        return groups

    @staticmethod
    def report(a: dict, b: dict, title: str) -> list[str]:
        ncpu = os.cpu_count() or 1
        wall = b["t"] - a["t"]
        total = (b["machine_total"] - a["machine_total"]) or 1
        lines = [f"CPU during {title} ({wall:.1f} s wall, {ncpu} cores = {wall * ncpu:.0f} CPU-s available):"]
        ours = 0.0
        labels = {"voila": "Voila server process", "kernels": "kernels (all)", "chromium": "Chromium (all contexts)",
                  "playwright": "Playwright driver", "script": "this script"}
        for key, label in labels.items():
            ticks = max(0, b[key] - a[key])
            ours += ticks
            lines.append(f"  {label:<26} {ticks / CLK_TCK:7.1f} CPU-s  {100 * ticks / total:5.1f} % of the machine")
        other = max(0.0, (b["machine_busy"] - a["machine_busy"]) - ours)
        idle = (total - (b["machine_busy"] - a["machine_busy"]))
        lines.append(f"  {'everything else (others)':<26} {other / CLK_TCK:7.1f} CPU-s  {100 * other / total:5.1f} %")
        lines.append(f"  {'idle':<26} {idle / CLK_TCK:7.1f} CPU-s  {100 * idle / total:5.1f} %")
        return lines

    @staticmethod
    def seconds(a: dict, b: dict, key: str) -> float:
        return max(0, b[key] - a[key]) / CLK_TCK


def renice_browser(nice: int, server_pid: int, done: set[int]) -> None:
    """Give every thread of our Chromium processes the niceness ``nice`` (new ones inherit it).

    Linux niceness is per thread, so each task in /proc/PID/task is set; ``done`` remembers
    the threads already set.
    """
    table = _proc_table()
    server_tree = set(_descendants(table, server_pid)) | {server_pid}
    for pid in _descendants(table, os.getpid()):
        if pid in server_tree or "chrom" not in table[pid][1] + table[pid][4].split(" ", 1)[0]:
            continue
        try:
            tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
        except OSError:
            continue
        for tid in tids:
            if tid not in done:
                try:
                    os.setpriority(os.PRIO_PROCESS, tid, nice)
                    done.add(tid)
                except OSError:
                    pass


# ------------------------------------------------------------------ helpers


def pct(values, q):
    v = sorted(values)
    if not v:
        return float("nan")
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def fmt_dist(values: list[float]) -> str:
    if not values:
        return "      -        -        -"
    return f"{pct(values, 0.5):7.2f}  {pct(values, 0.95):7.2f}  {max(values):7.2f}"


# ------------------------------------------------------------------ sessions


def kernel_id_of(cmdline: str) -> str | None:
    """The kernel id in an ipykernel command line (its connection file ``kernel-<id>.json``)."""
    m = KERNEL_FILE_RE.search(cmdline)
    return m.group(1) if m else None


def has_exercise(lesson: str) -> bool:
    """True if the notebook ``lessons/<lesson>`` makes an ``Exercise`` (its code mentions one)."""
    try:
        nb = json.loads((LESSONS / lesson).read_text())
    except (OSError, ValueError):
        return False
    return any(c.get("cell_type") == "code" and "Exercise(" in "".join(c.get("source", ())) for c in nb["cells"])


async def read_lesson(page, p: dict, t0: float, args, exercise: bool) -> None:
    """A lesson opened to read: its title drawn, then its first exercise (or, with none, every cell)."""
    await page.wait_for_function(TITLE_JS, polling=args.poll_ms)
    p["title"] = time.monotonic() - t0
    await page.wait_for_function(FIRST_EXERCISE_JS if exercise else ALL_CELLS_JS, polling=args.poll_ms)
    p["ready"] = time.monotonic() - t0


async def play_a_card(page, p: dict, t0: float, args) -> None:
    """The play page: the card table drawn with the learner's turn, bids until the hand has
    legal cards, a click on the first legal card, and the card shown played."""
    turn = await (await page.wait_for_function(TURN_JS, polling=args.poll_ms)).json_value()
    p["widgets"] = time.monotonic() - t0
    bids = 0
    while turn == "bid":
        if bids == 4:
            raise RuntimeError("the bidding did not end after four bids of the learner")
        bid = page.locator('.ckt [aria-label="Bid a number"] .ckt-bid:enabled').first
        number = (await bid.inner_text()).strip()
        await bid.click()
        bids += 1
        await page.wait_for_function(
            "(n) => (document.querySelector('.ckt-status') || {textContent: ''}).textContent"
            ".includes('You bid ' + n + '.')", arg=number, polling=args.poll_ms)
        turn = await (await page.wait_for_function(TURN_JS, polling=args.poll_ms)).json_value()
    p["bids"] = bids
    p["cards"] = time.monotonic() - t0
    card_face = page.locator(".ckt-hand [role=button].ckt-legal").first
    card_id = await card_face.get_attribute("data-card")
    if not card_id or card_id[-1] not in SUITS:
        raise RuntimeError(f"a legal card without a card id: data-card={card_id!r}")
    rank = card_id[:-1]
    label = ("10" if rank == "T" else rank) + SUITS[card_id[-1]]  # "Q♥"; a learner reads a ten as "10♥"
    t1 = time.monotonic()
    await card_face.click()
    await page.wait_for_function(PLAYED_JS, arg=[card_id, label], polling=50)
    p["click"] = time.monotonic() - t1
    p["card"] = label
    status = await page.locator(".ckt-status").inner_text()
    if "⚠" in status:
        raise RuntimeError(f"status warns: {status!r}")


async def one_session(browser, base_url, i, delay, args, results, sem, all_done, t_start):
    """One learner: the lessons of ``args.lessons`` one after another in one tab (``page.goto``
    in the same page, so the page left runs its unload handler, which shuts its kernel down),
    a card played on the last; the page closed as a tab is (its unload handler run)."""
    await asyncio.sleep(delay)
    r: dict = {"i": i, "arrival": delay, "ok": False, "pages": []}
    results.append(r)
    async with sem:
        ctx = await browser.new_context()
        console: list[str] = []
        page = None
        current: list = [None, 0.0]  # the page record being loaded, its navigation time
        try:
            await ctx.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]|data:|blob:)"), lambda route: route.abort())
            if not args.keep_animations:
                await ctx.add_init_script(NO_ANIMATIONS_JS)
            page = await ctx.new_page()
            page.on("console", lambda m: console.append(f"{m.type}: {m.text[:200]}") if m.type in ("error", "warning")
                    else None)
            page.on("requestfailed", lambda q: console.append(f"request failed: {q.url[:100]} {q.failure}")
                    if "127.0.0.1" in q.url else None)
            page.set_default_timeout(args.page_timeout * 1000)
            page.set_default_navigation_timeout(args.page_timeout * 1000)
            page.on("domcontentloaded",
                    lambda _p: current[0].setdefault("html", time.monotonic() - current[1]) if current[0] else None)
            r["start"] = time.monotonic() - t_start
            for k, lesson in enumerate(args.lessons):
                t0 = time.monotonic()
                p: dict = {"lesson": lesson, "left_at": t0 - t_start}  # the previous page is left now
                r["pages"].append(p)
                current[:] = [p, t0]
                response = await page.goto(f"{base_url}/voila/render/{lesson}", wait_until="commit")
                p["first_byte"] = time.monotonic() - t0
                if response is None or not response.ok:
                    status = response.status if response else "nothing"
                    cap = f" (the kernel cap: --max-kernels {args.max_kernels})" if status == 503 else ""
                    raise RuntimeError(f"GET {lesson} answered {status}{cap}")
                if k == len(args.lessons) - 1:
                    await play_a_card(page, p, t0, args)
                else:
                    await read_lesson(page, p, t0, args, args.exercise[lesson])
                p.setdefault("html", min(v for key, v in p.items() if key in ("title", "widgets")))
                errors = await page.evaluate(ERRORS_JS, list(ERROR_TEXTS))
                if errors:
                    raise RuntimeError(f"{lesson} shows {errors}")
                try:
                    p["kernel"] = json.loads(await page.locator("#jupyter-config-data").text_content())["kernelId"]
                except Exception:
                    p["kernel"] = None
            r["ok"] = True
            r["done"] = time.monotonic() - t_start
        except Exception as e:  # report, do not stop the others
            r["error"] = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:160] if str(e).strip() else ''}"
            r["failed_after"] = time.monotonic() - t_start
            if r["pages"]:
                p = r["pages"][-1]
                reached = [k for k in ("first_byte", "html", "title", "ready", "widgets", "cards", "click") if k in p]
                r["error"] += f" [{p['lesson']}, lesson {len(r['pages'])}; reached: {', '.join(reached) or 'nothing'}]"
            if args.verbose and page is not None:
                try:
                    r["error"] += f" [page: {await page.evaluate(PAGE_STATE_JS)}]"
                except Exception:
                    pass
                r["error"] += "".join(f"\n      {c}" for c in console[-4:])
        finally:
            try:
                if args.concurrency >= args.sessions:
                    await all_done.wait()  # a class: pages stay open until everybody has played
            finally:
                try:
                    if page is not None:
                        r["closed_at"] = time.monotonic() - t_start
                        # as a closed tab: the page's beforeunload handler sends its kernel's shutdown
                        await page.close(run_before_unload=True)
                        for _ in range(50):
                            if page.is_closed():
                                break
                            await asyncio.sleep(0.1)
                        # A closed tab's browser goes on (its shutdown beacon is sent); closing the
                        # whole context at once cancelled the beacon, which no real learner's does.
                        await asyncio.sleep(2.0)
                finally:
                    await ctx.close()


class Sampler:
    """Every ``every`` seconds: the kernels alive, the Voila process's RSS plus all its kernels'
    RSS (KiB), each kernel's largest RSS; every ``pss_every`` seconds the same in PSS (reading
    ``smaps_rollup`` costs ~3 ms a process, so not every time); when each kernel was last seen."""

    def __init__(self, server_pid: int, every: float, pss_every: float, t_start: float):
        self.server_pid, self.every, self.pss_every, self.t_start = server_pid, every, pss_every, t_start
        self.alive_max, self.alive_max_at = 0, 0.0
        self.total_rss_max, self.total_rss_at, self.total_rss_kernels = 0, 0.0, 0
        self.total_pss_max, self.total_pss_at, self.total_pss_kernels = 0, 0.0, 0
        self.voila_rss_max = 0
        self.kernel_rss: dict[str, int] = {}   # kernel id -> largest RSS
        self.kernel_pss: dict[str, int] = {}   # kernel id -> largest PSS (when sampled)
        self.last_seen: dict[str, float] = {}  # kernel id -> seconds from t_start
        self.alive_now: set[str] = set()
        self.samples = 0
        self.load_max = 0.0
        self._last_pss = -1e9

    def sample(self) -> None:
        now = time.monotonic()
        table = _proc_table()
        ks = [(p, kernel_id_of(table[p][4]) or f"pid{p}") for p in kernel_pids(self.server_pid, table)]
        self.samples += 1
        self.alive_now = {k for _, k in ks}
        if len(ks) > self.alive_max:
            self.alive_max, self.alive_max_at = len(ks), now - self.t_start
        voila = _status_kib(self.server_pid, "VmRSS:") or 0
        self.voila_rss_max = max(self.voila_rss_max, voila)
        total = voila
        for p, k in ks:
            rss = _status_kib(p, "VmRSS:") or 0
            total += rss
            self.kernel_rss[k] = max(rss, self.kernel_rss.get(k, 0))
            self.last_seen[k] = now - self.t_start
        if total > self.total_rss_max:
            self.total_rss_max, self.total_rss_at, self.total_rss_kernels = total, now - self.t_start, len(ks)
        if self.pss_every and now - self._last_pss >= self.pss_every:
            self._last_pss = now
            total = _pss_kib(self.server_pid) or 0
            for p, k in ks:
                pss = _pss_kib(p) or 0
                total += pss
                self.kernel_pss[k] = max(pss, self.kernel_pss.get(k, 0))
            if total > self.total_pss_max:
                self.total_pss_max, self.total_pss_at, self.total_pss_kernels = total, now - self.t_start, len(ks)
        self.load_max = max(self.load_max, os.getloadavg()[0])


async def run(args, base_url, server_pid, report):
    from playwright.async_api import async_playwright

    results: list[dict] = []
    sem = asyncio.Semaphore(args.concurrency)
    all_done = asyncio.Event()
    rng = random.Random(args.seed)
    delays = sorted(rng.uniform(0, args.arrival_spread) for _ in range(args.sessions)) if args.arrival_spread else \
        [0.0] * args.sessions
    reniced: set[int] = set()
    sampler = Sampler(server_pid, 0.5, args.pss_every, time.monotonic())

    async def sampling():
        while True:
            if args.browser_nice:
                renice_browser(args.browser_nice, server_pid, reniced)
            sampler.sample()
            await asyncio.sleep(sampler.every)

    sampling_task = asyncio.create_task(sampling())
    pss_open: list[int] = []
    rss_open: list[int] = []
    alive_played = 0
    gone_after = None
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if args.browser_nice:
                renice_browser(args.browser_nice, server_pid, reniced)
            tasks: list[asyncio.Task] = []
            try:
                meter = CpuMeter(server_pid)
                t_start = sampler.t_start = time.monotonic()
                tasks += [asyncio.create_task(one_session(browser, base_url, i, d, args, results, sem, all_done,
                                                          t_start)) for i, d in enumerate(delays)]

                async def everybody_played():
                    last = t_start
                    while len(results) < args.sessions or any(
                            "done" not in r and "failed_after" not in r for r in results):
                        await asyncio.sleep(0.2)
                        if args.verbose and time.monotonic() - last >= 10:
                            last = time.monotonic()
                            on = [sum(len(r["pages"]) == k + 1 and "failed_after" not in r and "done" not in r
                                      for r in results) for k in range(len(args.lessons))]
                            print(f"  {last - t_start:5.0f} s: on lesson 1..{len(on)}: {on}, done "
                                  f"{sum('done' in r for r in results)}, failed "
                                  f"{sum('failed_after' in r for r in results)}, kernels "
                                  f"{len(sampler.alive_now)} (max {sampler.alive_max}), load {load_average()}",
                                  flush=True)

                try:
                    await asyncio.wait_for(everybody_played(), timeout=max(1.0, args.deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    report.append(f"time limit {args.time_limit:.0f} s reached during the sessions")
                played = meter.sample()
                wall = played["t"] - t_start
                # every learner on the last lesson, all pages still open (a class in the room)
                table = _proc_table()
                kernels_now = kernel_pids(server_pid, table)
                alive_played = len(kernels_now)
                for p in kernels_now:
                    pss, rss = _pss_kib(p), _status_kib(p, "VmRSS:")
                    if pss and rss:
                        pss_open.append(pss)
                        rss_open.append(rss)
                all_done.set()
                closed = time.monotonic()
                try:
                    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=60)
                except asyncio.TimeoutError:
                    report.append("some pages did not close within 60 s")
            finally:
                all_done.set()  # also on Ctrl-C / time limit: no session waits for the others
                for t in tasks:
                    t.cancel()
                await asyncio.wait_for(browser.close(), timeout=30)
        cpu_lines = CpuMeter.report(meter.start, played, "the sessions")
        cpu = {k: CpuMeter.seconds(meter.start, played, k) for k in ("voila", "kernels", "chromium")}
        # the closed pages' kernels end at once (a preheated pool keeps its kernels: wait for the pool only);
        # the idle culler is the fallback
        limit = min(args.cull_timeout + 4 * args.cull_interval + 60, max(5.0, args.deadline - time.monotonic()))
        while time.monotonic() - closed < limit:
            if len(kernel_pids(server_pid)) <= args.preheat:
                gone_after = time.monotonic() - closed
                break
            await asyncio.sleep(0.2)
    finally:
        sampling_task.cancel()
    return dict(results=results, wall=wall, cpu=cpu_lines, cpu_s=cpu, sampler=sampler, alive_played=alive_played,
                pss_open=pss_open, rss_open=rss_open, gone_after=gone_after)


# ------------------------------------------------------------------ main


class TimeLimit(Exception):
    pass


def _alarm(signum, frame):
    raise TimeLimit("hard time limit reached")


def _stop_everything(server: subprocess.Popen | None, marker: str) -> None:
    """Stop Voila (SIGTERM: it shuts its kernels down), then kill what is left of ours by pid."""
    stop_voila(server)
    table = _proc_table()
    leftovers = [p for p in _descendants(table, os.getpid())] + \
                [p for p, row in table.items() if marker in row[4] and p != os.getpid()]
    for pid in set(leftovers):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def wait_for_pool(server_pid: int, size: int, timeout: float) -> float:
    """With a preheated pool: wait until ``size`` kernels exist and their CPU use has settled."""
    t0 = time.monotonic()
    last, quiet_since = None, None
    while time.monotonic() - t0 < timeout:
        table = _proc_table()
        ks = kernel_pids(server_pid, table)
        ticks = table.get(server_pid, (0, "", 0, 0, ""))[2] + sum(table[p][2] for p in ks)
        if len(ks) >= size and ticks == last:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= 2:
                break
        else:
            quiet_since = None
        last = ticks
        time.sleep(0.5)
    return time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20, help=f"learners in all (at most {MAX_SESSIONS})")
    ap.add_argument("--concurrency", type=int, default=None,
                    help="pages open at once (default: all; then pages stay open until everybody has played)")
    ap.add_argument("--arrival-spread", type=float, default=0.0,
                    help="arrivals uniformly at random over this many seconds (0: all at once)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the arrival times")
    ap.add_argument("--lessons", default=None, metavar="A,B,...",
                    help=f"lessons (paths under lessons/) each learner opens one after another in one tab; a card "
                         f"is played on the last, which must have the card table (default {','.join(DEFAULT_LESSONS)})")
    ap.add_argument("--notebook", default=None, metavar="NB",
                    help="only this lesson, with the card table (the single-page run: --lessons NB)")
    ap.add_argument("--max-kernels", type=int, default=None, metavar="N",
                    help="the server's kernel cap (BoundedKernelManager.max_kernels; cardkit-lessons' default, 6, "
                         "is for one person; default here 3 x --sessions: one server for the whole class)")
    ap.add_argument("--pss-every", type=float, default=5.0, metavar="S",
                    help="sample PSS every S seconds (~3 ms a process; 0: only with all pages open)")
    ap.add_argument("--cull-timeout", type=int, default=120,
                    help="cull_idle_timeout, seconds (longer than the slowest page load)")
    ap.add_argument("--cull-interval", type=int, default=10, help="cull_interval, seconds")
    ap.add_argument("--iopub-timeout", type=int, default=IOPUB_TIMEOUT, metavar="S",
                    help=f"VoilaExecutor.iopub_timeout, seconds (default {IOPUB_TIMEOUT}; nbclient's own default "
                         "is 4, and with many pages at once the old dashboard's widget was then left out of the page; "
                         "0: leave Voila's default)")
    ap.add_argument("--browser-nice", type=int, default=0, metavar="N",
                    help="run Chromium at niceness N (e.g. 19): the server and kernels go first, as when each "
                         "learner's browser runs on their own machine (0: same priority)")
    ap.add_argument("--preheat", type=int, default=0, metavar="N",
                    help="Voila's preheated kernel pool of N kernels (0: off)")
    ap.add_argument("--page-timeout", type=float, default=240, help="per page, seconds")
    ap.add_argument("--keep-animations", action="store_true",
                    help="leave the loading page's CSS animations on (they burn the shared cores)")
    ap.add_argument("--poll-ms", type=int, default=250, help="how often each page checks for the card table, ms")
    ap.add_argument("--verbose", action="store_true", help="failures quote the page's state and console")
    ap.add_argument("--keep-log", metavar="FILE", help="copy Voila's log to FILE")
    ap.add_argument("--time-limit", type=float, default=900, help="hard limit for the whole run, seconds")
    args = ap.parse_args()
    args.sessions = max(1, min(args.sessions, MAX_SESSIONS))
    args.concurrency = max(1, min(args.concurrency or args.sessions, args.sessions))
    args.preheat = max(0, min(args.preheat, MAX_SESSIONS))
    if args.notebook and args.lessons:
        ap.error("give --lessons or --notebook, not both")
    args.lessons = [args.notebook] if args.notebook else \
        [s.strip() for s in (args.lessons or ",".join(DEFAULT_LESSONS)).split(",") if s.strip()]
    for lesson in args.lessons:
        if not (LESSONS / lesson).is_file():
            ap.error(f"no lesson {lesson[:60]!r} under {LESSONS}")
    args.notebook = args.lessons[-1]  # the play page (a preheated pool is for it alone)
    args.exercise = {lesson: has_exercise(lesson) for lesson in args.lessons}
    args.max_kernels = args.max_kernels or 3 * args.sessions
    if args.max_kernels < 1:
        ap.error("--max-kernels must be at least 1")
    if not os.access(CHROMIUM, os.X_OK):
        print(f"no Chromium at {CHROMIUM}", file=sys.stderr)
        return 1
    t_begin = time.monotonic()
    args.deadline = t_begin + args.time_limit
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(int(args.time_limit) + 120)  # last resort if a wait hangs
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))

    load_before = load_average()
    server = None
    report: list[str] = []
    with tempfile.TemporaryDirectory(prefix="cardkit-load-") as tmp:
        env = jupyter_env(tmp)
        port = free_port()
        # ours replaces any iopub_timeout that voila_args gives (0: Voila's own default)
        cmd = voila_command(tmp, port, drop=("--VoilaExecutor.iopub_timeout=",), host=HOST,
                            cull_idle_timeout=args.cull_timeout, cull_interval=args.cull_interval,
                            max_kernels=args.max_kernels)
        if args.iopub_timeout:
            cmd.append(f"--VoilaExecutor.iopub_timeout={args.iopub_timeout}")
        if args.preheat:
            # --pool_size alone preheats that many kernels for EVERY notebook under lessons/
            # (about 240 kernels for 20): pool only the notebook under test.
            Path(f"{tmp}/config").mkdir(exist_ok=True)
            Path(f"{tmp}/config/voila.json").write_text(json.dumps({"VoilaKernelManager": {"kernel_pools_config": {
                "default": {"pool_size": 0}, args.notebook: {"pool_size": args.preheat}}}}))
            # Voila refuses preheated kernels with progressive rendering (cardkit-lessons' default)
            cmd = [a for a in cmd if not a.startswith("--VoilaConfiguration.progressive_rendering=")]
            cmd += ["--preheat_kernel=True", f"--pool_size={args.preheat}",
                    "--VoilaConfiguration.progressive_rendering=False"]
        log_path = Path(f"{tmp}/voila.log")
        out = None
        try:
            server, log_path = start_voila(cmd, tmp, env)
            base = f"http://{HOST}:{port}"
            ready = wait_until_ready(server, base, log_path, poll=0.2)
            if ready is None:
                return 1
            pool = f"; pool of {args.preheat} preheated in {wait_for_pool(server.pid, args.preheat, 180):.1f} s" \
                if args.preheat else ""
            arrivals = f"arriving over {args.arrival_spread:g} s (seed {args.seed})" if args.arrival_spread \
                else "arriving at once"
            print(f"{os.cpu_count()} cores, load average {load_before}; Voila ready in {ready:.1f} s{pool}")
            print(f"{args.sessions} sessions {arrivals}, at most {args.concurrency} open; one Chromium"
                  f"{f' at nice {args.browser_nice}' if args.browser_nice else ''}, "
                  f"{'animations on' if args.keep_animations else 'CSS animations off'}, "
                  f"a context each; lessons in one tab: {' -> '.join(args.lessons)} (a card played on the last); "
                  f"max_kernels {args.max_kernels}; cull_idle_timeout {args.cull_timeout} s, "
                  f"cull_interval {args.cull_interval} s; VoilaExecutor.iopub_timeout "
                  f"{args.iopub_timeout or 'default (4)'} s", flush=True)
            out = asyncio.run(run(args, base, server.pid, report))
        except (KeyboardInterrupt, TimeLimit) as e:
            print(f"stopped: {type(e).__name__} {e}", file=sys.stderr)
        finally:
            signal.alarm(0)
            _stop_everything(server, f"{tmp}/connections")
            if args.keep_log and log_path.exists():
                Path(args.keep_log).write_bytes(log_path.read_bytes())
            log_tail = re.sub(r"\x1b\[[0-9;]*m", "", log_path.read_text(errors="replace")).splitlines()[-12:] \
                if log_path.exists() else []
    if out is None:
        return 2
    return print_summary(args, out, report, log_tail, load_before, load_average())


def _mb(kib: float) -> float:
    """KiB to MB (10^6 bytes)."""
    return kib * 1024 / 1e6


def _goal(ok: bool) -> str:
    return "met" if ok else "NOT met"


def print_summary(args, out, report, log_tail, load_before, load_after) -> int:
    results, s = out["results"], out["sampler"]
    n, nl = args.sessions, len(args.lessons)
    ok = [r for r in results if r.get("ok")]
    print()
    for line in report:
        print(line)
    print(f"succeeded: {len(ok)} of {n} learners ({nl} lessons each) in {out['wall']:.1f} s from the first arrival "
          f"(load average before {load_before}, after {load_after}; 1-minute load at most {s.load_max:.2f} during)")
    for r in results:
        if not r.get("ok"):
            print(f"  session {r['i']} (arrived at {r['arrival']:.1f} s) failed after "
                  f"{r.get('failed_after', float('nan')):.1f} s: {r.get('error', 'did not finish')}")
    if len(ok) < len(results):
        print("Voila log tail:\n  " + "\n  ".join(log_tail))

    print(f"\n{'seconds (successful learners)':<48} {'p50':>7}  {'p95':>7}  {'max':>7}")
    for k, lesson in enumerate(args.lessons):
        pages = [r["pages"][k] for r in ok]
        print(f"lesson {k + 1}: {lesson}")
        if k < nl - 1:
            last = "navigation to the first exercise" if args.exercise[lesson] else "navigation to every cell drawn"
            keys = (("first_byte", "navigation to first byte"), ("html", "navigation to end of HTML"),
                    ("title", "navigation to the title"), ("ready", last))
        else:
            keys = (("first_byte", "navigation to first byte"), ("html", "navigation to end of HTML"),
                    ("widgets", "navigation to the card table (playable)"),
                    ("cards", "navigation to legal cards (after bids)"), ("click", "click on a card to card played"))
        for key, label in keys:
            print(f"  {label:<46} {fmt_dist([p[key] for p in pages if key in p])}")
    table = [r["pages"][-1]["widgets"] for r in ok]
    if ok:
        print(f"{'a learner: arrival to card played':<48} {fmt_dist([r['done'] - r['start'] for r in ok])}")
        print(f"bids before the play: {sorted({r['pages'][-1]['bids'] for r in ok})}; last learner done at "
              f"{max(r['done'] for r in ok):.1f} s")
    print()
    for line in out["cpu"]:
        print(line)
    server_s = out["cpu_s"]["voila"] + out["cpu_s"]["kernels"]
    print(f"  per learner: server {server_s / n:.2f} CPU-s (Voila {out['cpu_s']['voila'] / n:.2f} + kernels "
          f"{out['cpu_s']['kernels'] / n:.2f}) for {nl} lessons; browser {out['cpu_s']['chromium'] / n:.2f} CPU-s "
          f"(on the learner's own machine in a class). The server's share alone: "
          f"{server_s / (os.cpu_count() or 1):.0f} s of all {os.cpu_count()} cores for the {n} learners")

    # kernels: alive, and how soon a page's kernel ended once the page was left or closed
    print()
    pool = f" (with the preheated pool of {args.preheat})" if args.preheat else ""
    print(f"kernels: {len(s.kernel_rss)} started; alive at once at most {s.alive_max}{pool} (at {s.alive_max_at:.0f} s)"
          f" = {s.alive_max / n:.2f} per learner; {out['alive_played']} alive when every learner had played "
          f"(all on the last lesson, pages open); sampled every {s.every:g} s ({s.samples} samples)")
    left, closed = [], []
    for r in results:
        pages = r["pages"]
        for k, p in enumerate(pages):
            kid = p.get("kernel")
            if not kid or kid not in s.last_seen:
                continue
            gone_from = pages[k + 1]["left_at"] if k + 1 < len(pages) else r.get("closed_at")
            if gone_from is not None:
                (left if k + 1 < len(pages) else closed).append(max(0.0, s.last_seen[kid] - gone_from))
    for name, v in (("left (next lesson opened)", left), ("closed (tab closed)", closed)):
        if v:
            print(f"  a {name} page's kernel last seen alive after: p50 {pct(v, .5):.1f} s, p95 {pct(v, .95):.1f} s, "
                  f"max {max(v):.1f} s ({sum(x > 10 for x in v)} of {len(v)} after more than 10 s)")
    gone = out["gone_after"]
    target = f"down to the pool of {args.preheat}" if args.preheat else "all kernels gone"
    print(f"  {target} " + (f"{gone:.1f} s after the pages closed" if gone is not None else "NOT within the wait")
          + f" (the idle culler, the fallback: cull_idle_timeout {args.cull_timeout} s, cull_interval "
          f"{args.cull_interval} s)")

    # memory
    print()
    print(f"peak server memory (Voila's RSS + all its kernels' RSS, every {s.every:g} s): "
          f"{_mb(s.total_rss_max) / 1000:.2f} GB at {s.total_rss_at:.0f} s with {s.total_rss_kernels} kernels = "
          f"{_mb(s.total_rss_max / n):.0f} MB per learner  (MB = 10^6 bytes)")
    if s.total_pss_max:
        print(f"peak server memory in PSS (shared pages split; every {s.pss_every:g} s): "
              f"{_mb(s.total_pss_max) / 1000:.2f} GB at {s.total_pss_at:.0f} s with {s.total_pss_kernels} kernels = "
              f"{_mb(s.total_pss_max / n):.0f} MB per learner")
    print(f"Voila server process: largest RSS {_mb(s.voila_rss_max):.0f} MB")
    by_lesson: dict[str, list[str]] = {}
    for r in results:
        for p in r["pages"]:
            if p.get("kernel"):
                by_lesson.setdefault(p["lesson"], []).append(p["kernel"])
    print("largest RSS per kernel, by lesson:" + (" (PSS sampled every "
                                                  f"{s.pss_every:g} s, so a lower bound)" if s.pss_every else ""))
    for lesson in args.lessons:
        rss = [_mb(s.kernel_rss[k]) for k in by_lesson.get(lesson, ()) if k in s.kernel_rss]
        pss = [_mb(s.kernel_pss[k]) for k in by_lesson.get(lesson, ()) if k in s.kernel_pss]
        if rss:
            print(f"  {lesson:<28} RSS median {statistics.median(rss):.0f} MB, max {max(rss):.0f} MB"
                  + (f"; PSS median {statistics.median(pss):.0f} MB, max {max(pss):.0f} MB" if pss else "")
                  + f" ({len(rss)} kernels)")
    rss_all = [_mb(v) for v in s.kernel_rss.values()]
    if out["pss_open"]:
        pss = [_mb(v) for v in out["pss_open"]]
        print(f"with every learner on the last lesson: {len(pss)} kernels, RSS {_mb(sum(out['rss_open'])):.0f} MB in "
              f"all, PSS {sum(pss):.0f} MB in all, PSS per kernel median {statistics.median(pss):.0f} MB")

    # the goals of issue 19
    kmax = max(rss_all) if rss_all else float("nan")
    peak_gb = _mb(s.total_rss_max) / 1000
    peak_30 = peak_gb * 30 / n
    print("\ngoals (issue 19):")
    print(f"  kernels alive <= 2 per learner at any time: at most {s.alive_max / n:.2f} per learner "
          f"({s.alive_max} for {n})  -- {_goal(s.alive_max <= 2 * n)}")
    print(f"  <= 150 MB per kernel: largest RSS of any kernel {kmax:.0f} MB"
          f"{f', median {statistics.median(rss_all):.0f} MB' if rss_all else ''}  -- {_goal(kmax <= 150)}")
    print(f"  peak server memory for 30 learners <= 8 GB: {peak_gb:.2f} GB for {n}"
          + (f" (x 30/{n} = {peak_30:.2f} GB)" if n != 30 else "") + f"  -- {_goal(peak_30 <= 8)}")
    print(f"  (server CPU per learner: {server_s / n:.2f} CPU-s for {nl} lessons; load average before "
          f"{load_before}, after {load_after})")

    arrivals = f"over {args.arrival_spread:g} s" if args.arrival_spread else "at once"
    print("\n| learners | arrivals | lessons | succeeded | playable table p50 / p95 | server CPU-s per learner | "
          "kernels alive max (per learner) | peak server RSS (per learner) | largest kernel RSS | all gone after close "
          "| load before / after |")
    print(f"| {n} | {arrivals} | {nl} | {len(ok)}/{n} | {pct(table, .5):.1f} / {pct(table, .95):.1f} s | "
          f"{server_s / n:.2f} | {s.alive_max} ({s.alive_max / n:.2f}) | {peak_gb:.2f} GB ({_mb(s.total_rss_max / n):.0f} "
          f"MB) | {kmax:.0f} MB | {f'{gone:.1f} s' if gone is not None else 'no'} | "
          f"{load_before.split()[0]} / {load_after.split()[0]} |")
    return 0 if len(ok) == n and gone is not None else 2


if __name__ == "__main__":
    sys.exit(main())

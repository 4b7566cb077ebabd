"""A class on one server: N headless browsers open the play dashboard at once.

Not a test: it prints figures. One Voila server on 127.0.0.1 (a free port, Jupyter's
folders in a temporary folder, the classroom settings of ``cardkit-lessons`` but a short
kernel culling time). N concurrent Playwright sessions (Debian Chromium, never
``playwright install``) each open ``lessons/variety/2_play.ipynb`` (any lesson with
``--notebook``), wait for the widgets, and make one move (a bid, or a card when the
table is at the play), then close. Then it waits until the kernels are culled.

Prints: pages that succeeded; time from navigation to widgets (p50, p95, max);
time from click to the table's answer; kernels alive at the peak and the RSS of each
kernel process (from /proc, MiB); seconds until all kernels were culled after the
pages closed. Kernels are counted as the server's child processes running
``ipykernel_launcher`` (Voila does not expose ``/api/kernels``).

Usage::

    python benchmarks/classroom_load.py [--sessions 20] [--concurrency 20] [--cull-timeout 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from cardkit.lessons_cli import voila_args  # noqa: E402

CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
PAGE_TIMEOUT_MS = 180_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernel_pids(server_pid: int) -> list[int]:
    """Descendants of the server whose command line runs ipykernel."""
    children: dict[int, list[int]] = {}
    cmd: dict[int, str] = {}
    for e in Path("/proc").iterdir():
        if not e.name.isdigit():
            continue
        try:
            stat = (e / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            cmd[int(e.name)] = (e / "cmdline").read_bytes().decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(e.name))
    out, todo = [], [server_pid]
    while todo:
        p = todo.pop()
        for c in children.get(p, []):
            todo.append(c)
            if "ipykernel" in cmd.get(c, ""):
                out.append(c)
    return out


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def pct(values, q):
    v = sorted(values)
    if not v:
        return float("nan")
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


async def one_session(browser, url, i, results, sem, peak):
    async with sem:
        ctx = await browser.new_context()
        page = await ctx.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        t0 = time.monotonic()
        try:
            await page.goto(url, timeout=PAGE_TIMEOUT_MS)
            await page.locator(".cardkit-hand").wait_for(state="visible")
            await page.locator(".cardkit-auction button:enabled, .cardkit-hand button:enabled").first.wait_for(
                state="visible")
            t_widgets = time.monotonic() - t0
            status = page.locator(".cardkit-status")
            before = await status.inner_text() if await status.count() else ""
            button = page.locator(".cardkit-auction button:enabled, .cardkit-hand button:enabled").first
            t1 = time.monotonic()
            await button.click()
            if await status.count():
                await page.wait_for_function(
                    "(b) => { const e = document.querySelector('.cardkit-status'); return e && e.innerText !== b; }",
                    arg=before)
            t_click = time.monotonic() - t1
            errors = await page.locator(".voila-error").count()
            results.append({"ok": errors == 0, "widgets": t_widgets, "click": t_click})
            peak.append(time.monotonic())
        except Exception as e:  # report, do not stop the others
            results.append({"ok": False, "error": f"{type(e).__name__}: {str(e).splitlines()[0][:120]}"})
        finally:
            await ctx.close()


async def run(args, base_url, server_pid):
    from playwright.async_api import async_playwright

    url = f"{base_url}/voila/render/{args.notebook}"
    results: list[dict] = []
    peak: list[float] = []
    sem = asyncio.Semaphore(args.concurrency)
    kernel_samples: list[dict[int, float]] = []

    async def sample():
        while True:
            ks = {p: rss_mib(p) for p in kernel_pids(server_pid)}
            kernel_samples.append({p: r for p, r in ks.items() if r is not None})
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        started = time.monotonic()
        await asyncio.wait_for(
            asyncio.gather(*(one_session(browser, url, i, results, sem, peak) for i in range(args.sessions))),
            timeout=args.time_limit)
        wall = time.monotonic() - started
        await browser.close()
    closed = time.monotonic()
    # wait for culling
    culled_after = None
    while time.monotonic() - closed < args.cull_timeout * 6 + 30:
        if not kernel_pids(server_pid):
            culled_after = time.monotonic() - closed
            break
        await asyncio.sleep(0.5)
    sampler.cancel()
    return results, wall, kernel_samples, culled_after


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20, help="browser sessions in all (max 40)")
    ap.add_argument("--concurrency", type=int, default=20, help="sessions open at the same time")
    ap.add_argument("--notebook", default="variety/2_play.ipynb", help="path under lessons/")
    ap.add_argument("--cull-timeout", type=int, default=5, help="cull_idle_timeout, seconds")
    ap.add_argument("--time-limit", type=float, default=600, help="give up after this many seconds")
    args = ap.parse_args()
    args.sessions = max(1, min(args.sessions, 40))
    args.concurrency = max(1, min(args.concurrency, args.sessions))
    if not os.access(CHROMIUM, os.X_OK):
        print(f"no Chromium at {CHROMIUM}", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory(prefix="cardkit-load-") as tmp:
        env = dict(os.environ, JUPYTER_CONFIG_DIR=f"{tmp}/config", JUPYTER_DATA_DIR=f"{tmp}/data",
                   JUPYTER_RUNTIME_DIR=f"{tmp}/runtime", IPYTHONDIR=f"{tmp}/ipython")
        port = free_port()
        cmd = [sys.executable, "-m", "voila",
               *voila_args(ROOT / "lessons", port, cull_idle_timeout=args.cull_timeout, cull_interval=2)]
        log = open(f"{tmp}/voila.log", "wb")
        server = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  env=env, cwd=tmp)
        base = f"http://127.0.0.1:{port}"
        try:
            t0 = time.monotonic()
            while True:
                try:
                    urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2)
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() - t0 > 60:
                        print(Path(f"{tmp}/voila.log").read_text()[-2000:], file=sys.stderr)
                        return 1
                    time.sleep(0.2)
            print(f"server ready in {time.monotonic() - t0:.1f} s; {args.sessions} sessions, "
                  f"concurrency {args.concurrency}, {os.cpu_count()} cores, {args.notebook}")
            results, wall, samples, culled = asyncio.run(run(args, base, server.pid))
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            log_tail = Path(f"{tmp}/voila.log").read_text(errors="replace").splitlines()[-15:]

    ok = [r for r in results if r.get("ok")]
    print(f"succeeded: {len(ok)} of {len(results)} in {wall:.1f} s")
    for r in results:
        if not r.get("ok"):
            print("  failed:", r.get("error", "error shown on the page"))
    if len(ok) < len(results):
        print("Voila log tail:\n  " + "\n  ".join(log_tail))
    if ok:
        w = [r["widgets"] for r in ok]
        c = [r["click"] for r in ok]
        print(f"time to widgets: p50 {pct(w, 0.5):.2f} s, p95 {pct(w, 0.95):.2f} s, max {max(w):.2f} s")
        print(f"click to answer: p50 {pct(c, 0.5):.2f} s, p95 {pct(c, 0.95):.2f} s")
    peak = max(samples, key=len) if samples else {}
    biggest: dict[int, float] = {}
    for smp in samples:
        for p, r in smp.items():
            biggest[p] = max(r, biggest.get(p, 0.0))
    if biggest:
        rss = list(biggest.values())
        at_peak = sum(max((smp.get(p, 0.0) for smp in samples), default=0.0) for p in peak)
        print(f"kernels: {len(biggest)} in all, {len(peak)} alive at once at the peak; largest RSS per kernel: "
              f"median {statistics.median(rss):.0f} MiB, max {max(rss):.0f} MiB; about {at_peak:.0f} MiB "
              f"for the kernels alive at the peak")
    print("all kernels culled " + (f"{culled:.1f} s after the pages closed" if culled is not None
                                   else "NOT within the wait"))
    return 0 if len(ok) == len(results) and culled is not None else 2


if __name__ == "__main__":
    sys.exit(main())

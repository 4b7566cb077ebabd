"""First screen of every lesson, cold, in Voila + headless Chromium (issue 10 §6).

Starts one Voila server on ``lessons/`` with the classroom settings of ``cardkit-lessons``
(``cardkit.lessons_cli.voila_args``; Jupyter's folders in a temporary folder), then opens
each lesson in turn, each in a fresh browser context (nothing cached) and so with a fresh
kernel (Voila starts one per page), and times from the navigation request to:

- **first screen**: the lesson's first text visible to the learner: its first heading or
  paragraph drawn with a non-empty box (the loading spinner does not count);
- **all cells**: every cell executed and every output drawn, widgets included (no output
  placeholder left, no progressive-rendering skeleton left).

Usage::

    python benchmarks/lesson_first_screen.py [--runs 1] [--lessons variety/1_rules.ipynb,...]
        [--no-progressive]

``--no-progressive`` serves the pages without ``VoilaConfiguration.progressive_rendering``
(Voila's default: nothing is shown until the whole notebook has run), for comparison.
Prints one row per lesson (the median over ``--runs``) and the load average before and
after: the figures depend on the machine's load, so quote them with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._voila import (  # noqa: E402  # shared with classroom_load.py
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    jupyter_env,
    lesson_paths,
    load_average,
    start_voila,
    stop_voila,
    voila_command,
    wait_until_ready,
)

# The first lesson text a learner can read: a heading or paragraph of the rendered cells
# with a box (display: none anywhere above it gives an empty box). Returns its text.
FIRST_SCREEN_JS = """() => {
  const cells = document.getElementById('rendered_cells');
  if (!cells) return false;
  for (const e of cells.querySelectorAll('h1, h2, p')) {
    const r = e.getBoundingClientRect();
    const text = e.innerText.trim();
    if (r.width > 0 && r.height > 0 && text && getComputedStyle(e).visibility !== 'hidden') return text;
  }
  return false;
}"""
# Every cell run and drawn: no output placeholder (classic rendering) and no skeleton
# (progressive rendering) left, every widget output attached.
ALL_CELLS_JS = """() => {
  const cells = document.getElementById('rendered_cells');
  if (!cells || !document.getElementById('jp-main-content-panel')?.contains(cells)) return false;
  const pending = 'script[type="application/vnd.voila.cell-output+json"], .voila-skeleton-container';
  if (document.querySelector(pending)) return false;
  return [...cells.querySelectorAll('.jp-OutputArea-output.lm-Panel')].every(e => e.childElementCount > 0);
}"""


def measure(browser, base_url: str, lesson: str, timeout_s: float = 120) -> tuple[float, float]:
    """(first screen, all cells) in seconds for one cold page of ``lesson``."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(timeout_s * 1000)
        started = time.monotonic()
        page.goto(f"{base_url}/voila/render/{quote(lesson)}", wait_until="commit")
        page.wait_for_function(FIRST_SCREEN_JS, polling=50)
        first = time.monotonic() - started
        page.wait_for_function(ALL_CELLS_JS, polling=100)
        return first, time.monotonic() - started
    finally:
        context.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="cold pages per lesson (the median is printed)")
    ap.add_argument("--lessons", default="", help="comma-separated paths under lessons/ (default: all)")
    ap.add_argument("--no-progressive", action="store_true",
                    help="serve without progressive rendering (Voila's default), for comparison")
    args = ap.parse_args()
    lessons = [s for s in args.lessons.split(",") if s] or lesson_paths()
    if not os.access(CHROMIUM, os.X_OK):
        print(f"no Chromium at {CHROMIUM}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="cardkit-first-screen-") as tmp:
        env = jupyter_env(tmp)
        port = free_port()
        cmd = voila_command(tmp, port, drop=("--VoilaConfiguration.progressive_rendering=",),
                            cull_idle_timeout=20, cull_interval=5)
        cmd.append(f"--VoilaConfiguration.progressive_rendering={not args.no_progressive}")
        server, log_path = start_voila(cmd, tmp, env)
        base = f"http://127.0.0.1:{port}"
        rows = []
        try:
            ready = wait_until_ready(server, base, log_path, poll=0.1)
            if ready is None:
                return 1
            mode = "classic rendering" if args.no_progressive else "progressive rendering"
            print(f"{os.cpu_count()} cores, load average {load_before}; Voila ready in "
                  f"{ready:.1f} s; {mode}; {args.runs} cold page(s) per lesson", flush=True)
            print(f"{'lesson':<42} {'first screen':>12} {'all cells':>10}")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for lesson in lessons:
                        times = [measure(browser, base, lesson) for _ in range(args.runs)]
                        first = statistics.median(t[0] for t in times)
                        whole = statistics.median(t[1] for t in times)
                        rows.append((lesson, first, whole))
                        print(f"{lesson:<42} {first:>10.2f} s {whole:>8.2f} s", flush=True)
                finally:
                    browser.close()
        finally:
            stop_voila(server)
    worst = max(rows, key=lambda r: r[1])
    print(f"slowest first screen: {worst[0]} {worst[1]:.2f} s; over 3 s: "
          f"{sum(r[1] > 3 for r in rows)} of {len(rows)}; load average after {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

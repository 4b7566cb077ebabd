"""Widget models and kernel memory per lesson (issue 19, kernels bounded).

For each lesson notebook a fresh kernel (nbclient with jupyter_client's ``python3``
kernel, as nbval and the lesson text scan run them) executes every code cell top to
bottom; then one more cell, run in the same kernel, reports:

- **widgets**: the widget models alive in the kernel (``ipywidgets``' ``_instances``:
  every widget, layout and style built and not closed; Voila sends each to the page),
  and the three commonest kinds;
- **RSS** and **PSS** of the kernel process, in MB (from ``/proc/<pid>/smaps_rollup``;
  PSS shares the pages held with other processes between them, so the sum over several
  kernels is what they cost the machine together);
- **s**: the time to run the lesson's cells (kernel start not included).

Usage::

    python benchmarks/kernel_memory.py [--lessons variety/1_rules,index] [--timeout 600]

``--lessons`` takes names relative to ``lessons/`` (``.ipynb`` optional), comma-separated;
a name without a slash also matches a game folder (``variety`` runs its five lessons).
Prints one row per lesson and the machine's load average before and after: run times
and memory depend on the machine's load, so quote them with it. One run of all 15
lessons takes a few minutes on this project's 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
sys.path.insert(0, str(ROOT))

from benchmarks._voila import lesson_paths  # noqa: E402  # the browser benchmarks' order of the lessons

#: Run in the lesson's kernel after its last cell: one JSON line on stdout.
PROBE = r"""
def _cardkit_kernel_probe():
    import collections, gc, json, os
    try:
        from ipywidgets.widgets.widget import _instances
    except ImportError:
        _instances = {}
    gc.collect()
    kinds = collections.Counter(getattr(w, "_model_name", type(w).__name__) for w in list(_instances.values()))
    mem = {}
    try:
        with open(f"/proc/{os.getpid()}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if parts and parts[0] in ("Rss:", "Pss:"):
                    mem[parts[0][:-1].lower()] = int(parts[1])          # kB
    except OSError:
        pass
    print("CARDKIT-PROBE " + json.dumps({"pid": os.getpid(), "widgets": sum(kinds.values()),
                                          "kinds": kinds.most_common(), **mem}))
_cardkit_kernel_probe()
del _cardkit_kernel_probe
"""


def select(names: str | None) -> list[str]:
    """The lessons named in ``--lessons`` (see the module's docstring), in the usual order.

    :raises SystemExit: for a name that matches no lesson.
    """
    every = lesson_paths()
    if not names:
        return every
    chosen: list[str] = []
    for name in (n.strip() for n in names.split(",")):
        if not name:
            continue
        stem = name[:-len(".ipynb")] if name.endswith(".ipynb") else name
        found = [p for p in every if p[:-len(".ipynb")] == stem or ("/" not in stem and p.startswith(stem + "/"))]
        if not found:
            raise SystemExit(f"--lessons: no lesson {name!r}; the lessons are: {', '.join(every)}")
        chosen += [p for p in found if p not in chosen]
    return [p for p in every if p in chosen]


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as "0.52 0.61 0.70"."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def measure(rel: str, timeout: float = 600) -> dict:
    """Run the lesson ``rel`` in a fresh kernel and probe it (see the module's docstring):
    ``{"lesson", "widgets", "kinds", "rss", "pss" (kB), "seconds", "errors"}``."""
    import nbformat
    from nbclient import NotebookClient

    path = LESSONS / rel
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(PROBE))
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    started = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - started
    errors = [f"{o.get('ename')}: {o.get('evalue')}" for c in nb.cells if c.cell_type == "code"
              for o in c.get("outputs", ()) if o.get("output_type") == "error"]
    probe: dict = {}
    for o in nb.cells[-1].get("outputs", ()):
        for line in o.get("text", "").splitlines():
            if line.startswith("CARDKIT-PROBE "):
                probe = json.loads(line[len("CARDKIT-PROBE "):])
    return {"lesson": rel, "widgets": probe.get("widgets"), "kinds": probe.get("kinds", []),
            "rss": probe.get("rss"), "pss": probe.get("pss"), "seconds": seconds, "errors": errors}


def _mb(kb) -> str:
    return "?" if kb is None else f"{kb / 1024:.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lessons", help="comma-separated lessons (relative to lessons/; default: all)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per cell (default 600)")
    args = parser.parse_args(argv)
    chosen = select(args.lessons)
    print(f"load average at start: {load_average()}")
    print(f"{'lesson':<34} {'widgets':>7} {'RSS MB':>7} {'PSS MB':>7} {'s':>6}  commonest models")
    rows = []
    for rel in chosen:
        row = measure(rel, args.timeout)
        rows.append(row)
        kinds = ", ".join(f"{n} {k.removesuffix('Model')}" for k, n in row["kinds"][:3])
        print(f"{rel:<34} {row['widgets'] if row['widgets'] is not None else '?':>7} {_mb(row['rss']):>7} "
              f"{_mb(row['pss']):>7} {row['seconds']:6.1f}  {kinds}", flush=True)
        for e in row["errors"]:
            print(f"    error: {e[:200]}")
    if len(rows) > 1:
        total = sum(r["widgets"] or 0 for r in rows)
        print(f"{'all ' + str(len(rows)) + ' lessons':<34} {total:>7} "
              f"{'max ' + _mb(max((r['rss'] or 0) for r in rows)):>7} "
              f"{'max ' + _mb(max((r['pss'] or 0) for r in rows)):>7} {sum(r['seconds'] for r in rows):6.1f}")
    print(f"load average at end: {load_average()}")
    return 1 if any(r["errors"] or r["widgets"] is None for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

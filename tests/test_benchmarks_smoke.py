"""Smoke runs of the judge's benchmark scripts (benchmarks/analysis.py, benchmarks/bots.py):
each runs as a subprocess at a tiny size, exits 0 and prints its table."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> str:
    out = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_analysis_benchmark_prints_its_table():
    out = _run("benchmarks/analysis.py", "--quick", "--positions", "2")
    assert "load average at start" in out and "load average at end" in out
    # one row per game with its time figures and a node rate; every search of a quick run finishes
    for game in ("Variety", "Armenian Durak", "Warsaw Hearts"):
        rows = [line for line in out.splitlines() if line.startswith(game) and "analyse" in line]
        assert rows, out
        for line in rows:
            assert re.search(r"\s2/2\s+[\d.]+ (ms|s)\s+[\d.]+ (ms|s)\s+[\d.]+ [Mk]/s", line), line
    # a target column, judged one way or the other
    assert re.search(r"≤ 20\.0 ms: (met|NOT met)", out), out


def test_bots_benchmark_prints_its_table():
    out = _run("benchmarks/bots.py", "--pairs", "1", "--contracts", "2", "--games", "variety",
               "--samples", "4", "--seconds", "0.05")
    lines = out.splitlines()
    row = next(line for line in lines if re.match(r"\s+2\s+1\s+[+-]\d", line))
    # the gain is the difference of the two margins printed beside it
    nums = [float(x) for x in re.findall(r"[+-]\d+\.\d\d", row)]
    assert len(nums) == 3 and nums[0] == nums[1] - nums[2], row
    # contract 2 (RULES.md §1.2, §1.6): 2 points a trick, 13 tricks; declarers taking t
    # tricks have the margin 2t − 2(13 − t) = 4t − 26 when they win (t >= 7), and
    # 4t − 26 − 10 (the defenders' +10) when they lose (t <= 6)
    possible = {4 * t - 26 for t in range(7, 14)} | {4 * t - 36 for t in range(7)}
    assert all(int(x) in possible for x in nums[1:]), row
    assert re.search(r"variety\s+\d+\s+\d+ ms\s+\d+ ms", out), out
    assert "load average at start" in out and "load average at end" in out


def test_kernel_memory_benchmark_prints_a_row_per_lesson():
    """benchmarks/kernel_memory.py on one short lesson: a fresh kernel runs it, and the row
    gives its widget models (its three exercises: a box and a figure each, issue 19) and the
    kernel's memory in MB; an unknown lesson is refused before any kernel starts."""
    out = _run("benchmarks/kernel_memory.py", "--lessons", "variety/5_card_play")
    assert "load average at start" in out and "load average at end" in out
    row = next(line for line in out.splitlines() if line.startswith("variety/5_card_play.ipynb"))
    widgets, rss, pss = (int(x) for x in row.split()[1:4])
    assert 6 <= widgets <= 20 and 20 < pss <= rss < 2000, row
    bad = subprocess.run([sys.executable, "benchmarks/kernel_memory.py", "--lessons", "nowhere"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "no lesson 'nowhere'" in bad.stderr


def test_estimates_benchmark_prints_a_row_per_position_kind():
    """benchmarks/estimates.py at a tiny size: a row for the asked contract and tricks, its
    two methods' medians and the count of positions valued exactly (late in a deal every
    world is solved exactly, so the exact column counts 1 of 1)."""
    out = _run("benchmarks/estimates.py", "--games", "variety", "--contracts", "2", "--tricks", "4",
               "--positions", "1", "--samples", "3")
    row = next(line for line in out.splitlines() if line.startswith("variety c2  4 left"))
    assert re.search(r"\|\s+[\d.]+\s+[\d.]+\s+1/1\s+\|\s+[\d.]+\s+[\d.]+\s+1/1", row), row
    assert "load at start" in out and "load at end" in out


def test_worlds_benchmark_prints_a_row_per_position():
    """benchmarks/worlds.py at a tiny size: a row per game and depth, with the actions
    replayed and a time per world."""
    out = _run("benchmarks/worlds.py", "--worlds", "3")
    for name in ("Variety, 4 tricks played", "Warsaw Hearts 4p, 6 tricks", "Armenian Durak, 20 actions"):
        row = next(line for line in out.splitlines() if line.startswith(name))
        assert re.search(r"\s\d+\s+[\d.]+\s+[\d.]+$", row), row
    assert "load average" in out

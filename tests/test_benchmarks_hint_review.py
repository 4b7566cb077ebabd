"""Smoke run of benchmarks/hint_review.py (issue 20: the Hint's and the review's times with
the one evaluator): at a tiny size it exits 0 and prints a Hint row per deal, the review's
three times, the game's summary and the load."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_hint_review_benchmark_prints_its_rows():
    out = subprocess.run([sys.executable, "benchmarks/hint_review.py", "--games", "warsaw_hearts", "--deals", "1",
                          "--edge", "0", "--first", "0"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout
    assert "at start" in text and "at end" in text and "worlds per decision" in text
    assert re.search(r"deal 41: \d+ decisions; Hint: first [\d.]+ s \((playouts|mixed|exact), 48, \d+ cards left\)", text), text
    assert re.search(r"review [\d.]+ s; after a Hint at every decision [\d.]+ s; with 8 worlds", text), text
    assert re.search(r"warsaw_hearts: slowest Hint [\d.]+ s, median [\d.]+ s; review median", text), text


def test_hint_review_benchmark_prints_the_first_card_rows():
    """Issue 31: the Hint at the first card of the play, per contract and game."""
    out = subprocess.run([sys.executable, "benchmarks/hint_review.py", "--deals", "0", "--edge", "0", "--first", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    rows = re.findall(r"  (.+): median [\d.]+ s, slowest [\d.]+ s; every world exact in [01] of 1; worlds solved "
                      r"\d+ of \d+ \(\d+%\)", out.stdout)
    assert rows == [f"variety contract {c}" for c in range(1, 9)] + [
        "warsaw_hearts 3 players", "warsaw_hearts 4 players", "armenian_durak"], out.stdout

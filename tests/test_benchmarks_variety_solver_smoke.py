"""Smoke runs of benchmarks/analysis.py's issue-31 tables (whole deals of each contract
against DDS, and dd_table per contract with its threads): each exits 0 and prints its row."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> str:
    out = subprocess.run([sys.executable, "benchmarks/analysis.py", *args], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_contracts_against_dds_prints_a_row_per_contract():
    pytest.importorskip("endplay.dds")
    out = _run("--contracts", "1", "--positions", "1", "--verbose")
    assert "load average at start" in out and "load average at end" in out
    assert re.search(r"^   deal 0: .* positions; DDS .*ratio [\d.]+, CPU [\d.]+$", out, re.M), out
    assert re.search(r"^1\s+1/1\s+.*×\s+[\d.]+×\s+[\d.]+×\s+[\d,]+\s+[\d,]+\s+[\d.]+$", out, re.M), out


def test_dd_table_rows_say_their_threads():
    out = _run("--dd-table", "1", "--contracts", "1", "--workers", "2")
    assert "2 threads" in out
    assert re.search(r"^1\s+1\s+[\d.]+ (ms|s)\s+[\d.]+ (ms|s)\s+0 of 12\s+[\d.]+$", out, re.M), out

"""Each "How we know" part of a lesson says what it holds. On the strategy pages a bare
"How we know" (how a figure was measured, in the markdown) sat right above "How we know: the
figures" (the figures, from the code cell): two collapsed lines a learner could not tell
apart (seen on Warsaw Hearts 3, "A policy over many deals", at 390x844)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*/*.ipynb"))
SUMMARY = re.compile(r"<summary>\s*(How we know[^<]*?)\s*</summary>", re.I)


def test_lessons_found():
    assert len(NOTEBOOKS) >= 12


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_how_we_know_says_what_it_holds(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    bare = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"
            for s in SUMMARY.findall("".join(c["source"])) if s.rstrip(" .:").lower() == "how we know"]
    assert not bare, f"cells {bare}: a bare “How we know” (say what it holds: how it was measured, the figures)"

"""Bid and own-view problems are graded by one helper (issue 13): the same figures give the
same verdict, cost and standard error, and sentences that differ only in their nouns."""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path

from cardkit.problems import grade, load_problems

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOUNS = [("the best bid here", "best from what you can see"), ("expected margin", "expected result"),
         ("the best bid.", "the best card.")]


def test_a_bid_graded_as_a_view_differs_only_in_its_nouns():
    bids = [p for p in load_problems(LESSONS / "variety" / "problems.json") if p.kind == "bid"]
    assert bids
    checked = 0
    for p in bids:
        as_view = dataclasses.replace(p, kind="view")
        for a in p.legal:
            g, v = grade(p, a), grade(as_view, a)
            assert (g.right, g.cost, g.stderr) == (v.right, v.cost, v.stderr)
            # the figures, checked apart from the code: cost and its standard error
            if a != p.best:
                assert g.cost == p.values[p.best] - p.values[a] > 0
                assert g.stderr == math.hypot(p.stderr[p.best], p.stderr[a])
            text = re.sub(r"^(Naming|Repeating) ", "", g.text)
            for bid_words, view_words in NOUNS:
                text = text.replace(bid_words, view_words)
            assert text == v.text, (g.text, v.text)
            checked += 1
    assert checked >= 2 * len(bids)

"""The classroom features in a real Voila + headless Chromium (lessons/variety/2_play.ipynb):

- a teacher's link ``?deal=V-4821`` gives two learners (two pages, two kernels) the same
  hand, the one ``deal_from_code("V-4821")`` deals;
- a bad code in the link gives one status line and a normal deal, no error page;
- a cell tagged ``teacher-only`` is not on the page (``cardkit.lessons_cli.voila_args``
  passes ``--TagRemovePreprocessor.remove_cell_tags=teacher-only``, and the
  ``voila_server`` fixture uses it).

The ``dashboard`` fixture quotes its path (a ``?`` would become ``%3F``), so these tests
open the URL with ``voila_server`` and ``page`` themselves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cardkit.codes import deal_from_code

pytestmark = pytest.mark.browser

LESSON = "variety/2_play.ipynb"
NOTEBOOK = Path(__file__).resolve().parent.parent / "lessons" / LESSON
TIMEOUT_MS = 30_000
NAVIGATION_TIMEOUT_MS = 90_000


def _open(page, base_url: str, query: str):
    page.set_default_timeout(TIMEOUT_MS)
    page.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    response = page.goto(f"{base_url}/voila/render/{LESSON}{query}")
    assert response is not None and response.ok, response
    status = page.locator(".cardkit-status")
    expect(status).to_contain_text("Deal code", timeout=TIMEOUT_MS)
    return page


def _hand(page) -> list[str]:
    """The cards shown in the learner's hand (the grid hides the cells of absent cards)."""
    hand = page.locator(".cardkit-hand")
    expect(hand).to_contain_text("13 cards")
    names = [b.inner_text().strip() for b in hand.locator("button").all() if b.is_visible()]
    return sorted(names)


def test_a_deal_link_gives_two_learners_the_same_hand(voila_server, page, context):
    expect.set_options(timeout=TIMEOUT_MS)
    first = _open(page, voila_server, "?deal=V-4821")
    second = _open(context.new_page(), voila_server, "?deal=V-4821")
    for p in (first, second):
        expect(p.locator(".cardkit-status")).to_contain_text("Deal code V-4821.")
        expect(p.locator(".cardkit-status")).not_to_contain_text("⚠")
    expected = sorted(str(c) for c in deal_from_code("V-4821").hands[0])
    assert _hand(first) == expected
    assert _hand(second) == expected
    second.close()


def test_a_bad_deal_link_gives_one_line_and_a_normal_deal(voila_server, page):
    expect.set_options(timeout=TIMEOUT_MS)
    p = _open(page, voila_server, "?deal=V-48X1")
    status = p.locator(".cardkit-status")
    expect(status).to_contain_text("The link's deal code could not be used")
    expect(status).to_contain_text("here is a normal deal")
    assert "Traceback" not in p.inner_text("body")
    assert "There was an error when executing cell" not in p.inner_text("body")
    assert len(_hand(p)) == 13


def test_teacher_only_cells_are_not_on_the_page(voila_server, page):
    expect.set_options(timeout=TIMEOUT_MS)
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    tagged = ["".join(c["source"]) for c in cells if "teacher-only" in c.get("metadata", {}).get("tags", [])]
    assert tagged and "Teacher's note" in tagged[0]  # the lesson has such a cell
    p = _open(page, voila_server, "")
    expect(p.get_by_text(re.compile("play against three bots"))).to_be_visible()  # the other cells are there
    body = p.inner_text("body")
    assert "Teacher's note" not in body
    assert "teacher-only" not in body

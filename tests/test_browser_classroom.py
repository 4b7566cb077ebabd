"""The classroom features in a real Voila + headless Chromium (lessons/variety/2_play.ipynb):

- a teacher's link ``?deal=V-4821`` gives two learners (two pages, two kernels) the same
  hand, the one ``deal_from_code("V-4821")`` deals;
- a bad code in the link gives one status line and a normal deal, no error page;
- a cell tagged ``teacher-only`` is not on the page (``cardkit.lessons_cli.voila_args``
  passes ``--TagRemovePreprocessor.remove_cell_tags=teacher-only``, and the
  ``voila_server`` fixture uses it).

Pages are opened with the ``dashboard`` fixture (``query="deal=V-4821"`` for a link;
``page=`` for a second learner's page)."""

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


def _status(page):
    status = page.locator(".ckt-status")
    expect(status).to_contain_text("Deal code")
    return status


def _hand(page) -> list[str]:
    """The cards shown in the learner's hand, as notation ("QH")."""
    hand = page.locator(".ckt-hand [role=button]")
    expect(hand).to_have_count(13)
    return sorted(hand.evaluate_all("es => es.map(e => e.dataset.card)"))


def test_a_deal_link_gives_two_learners_the_same_hand(dashboard, context):
    first = dashboard(LESSON, query="deal=V-4821")
    second = dashboard(LESSON, query="?deal=V-4821", page=context.new_page())
    for p in (first, second):
        expect(_status(p)).to_contain_text("Deal code V-4821.")
        expect(_status(p)).not_to_contain_text("⚠")
    expected = sorted(c.rank.char + c.suit.letter for c in deal_from_code("V-4821").hands[0])
    assert _hand(first) == expected
    assert _hand(second) == expected
    second.close()


def test_a_bad_deal_link_gives_one_line_and_a_normal_deal_without_teacher_only_cells(dashboard):
    """One page load for two checks (a load is about 6 CPU-s; issue 13): a bad code in the
    link, and the cells tagged ``teacher-only`` (which a page opened from a link has as
    any other)."""
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    tagged = ["".join(c["source"]) for c in cells if "teacher-only" in c.get("metadata", {}).get("tags", [])]
    assert tagged and "Teacher's note" in tagged[0]  # the lesson has such a cell
    p = dashboard(LESSON, query="deal=V-48X1")  # fails on an error cell or a traceback
    status = _status(p)
    expect(status).to_contain_text("The link's deal code could not be used")
    expect(status).to_contain_text("here is a normal deal")
    assert "Traceback" not in p.inner_text("body")
    assert len(_hand(p)) == 13
    # the teacher-only cell is not on the page; the other cells are
    expect(p.get_by_text(re.compile("play against three bots"))).to_be_visible()
    body = p.inner_text("body")
    assert "Teacher's note" not in body
    assert "teacher-only" not in body

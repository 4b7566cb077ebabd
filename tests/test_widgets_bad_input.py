"""Issue 12 §2 in the play dashboards, headless: a ``?deal=`` link with a 5,000-digit
number or 60,000 characters gives one short status line and a normal deal; the seed box
refuses what is not a whole number 0..999 999 999 999 in one line and keeps the deal;
a scored game (``practice=False``) shows no deal code or seed that would let a learner
deal the same cards and read every hand."""

from __future__ import annotations

import pytest

from cardkit.codes import deal_from_code
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable
from cardkit_widgets._common import MAX_SEED, read_seed

TABLES = [VarietyTable, WarsawHeartsTable, DurakTable]
BIG = "9" * 5000


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("tail", ["-1-D" + BIG, "-1-P" + BIG, "-1-L" + BIG, "-" + BIG, "-X" + "A" * 60_000])
def test_a_link_with_a_huge_code_gives_one_line_and_a_normal_deal(cls, tail):
    letter = cls.CODE_EXAMPLE[0]
    t = cls.from_query("deal=" + letter + tail, seed=1)
    assert t.state is not None and t.query_code is None
    assert t.query_problem is not None and "\n" not in t.query_problem
    assert len(t.query_problem) < 300            # the code is quoted, not echoed whole
    assert len(t.status_text) < 600
    normal = cls(seed=1)
    assert t.state.to_json() == normal.state.to_json()


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_seed_box_refuses_what_is_not_a_whole_number_in_range(cls):
    t = cls(seed=5)
    before, seed_before = t.state.to_json(), t.deal_seed
    for bad in (-3, 12345678901234567, 10 ** 23, "1e30", "12.5", "abc", 1.5, True, MAX_SEED + 1):
        t.seed_box.value = bad
        t.new_deal_button.click()
        assert t.last_error is not None and "whole number" in t.last_error, bad
        assert "\n" not in t.status_text
        assert t.state.to_json() == before and t.deal_seed == seed_before, bad
        t.table.state  # the page's state is still built (text in a number box is sent as text)
    for typed in ("-3", "12345678901234567", str(10 ** 23), "1e30"):   # as the page sends them
        t.seed_box.set_from_page(typed)
        t.new_deal_button.click()
        assert t.last_error is not None and "whole number" in t.last_error, typed
        assert t.state.to_json() == before
    t.seed_box.set_from_page(" 4821 ")
    t.new_deal_button.click()
    assert t.last_error is None and t.deal_seed == 4821
    t.seed_box.value = MAX_SEED
    t.new_deal_button.click()
    assert t.deal_seed == MAX_SEED and t.seed_box.value == 0   # the box wraps, stays in range


def test_read_seed():
    assert read_seed("12") == 12 and read_seed(0) == 0 and read_seed(MAX_SEED) == MAX_SEED
    for bad in (-1, "−3", "1e3", "+5", "", None, 2.0, "１２"):
        with pytest.raises(ValueError):
            read_seed(bad)


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.__name__)
def test_a_scored_game_hides_the_deal_code(cls):
    t = cls(seed=3, practice=False)
    code = t.deal_code                     # the kernel keeps it (the teacher's side)
    assert code and deal_from_code(code).to_json()  # it names the deal...
    shown = t.status_text + " " + t.title.text + " " + t.code_banner.text
    assert code not in shown                # ...but the page does not show it
    assert "deal number 3" not in shown and "hidden" in t.status_text
    assert t.seed_box.hidden and t.code_box.hidden and t.load_button.hidden
    t.new_deal_button.click()
    shown = t.status_text + " " + t.title.text + " " + t.code_banner.text
    assert t.deal_code not in shown and "seed" not in t.status_text.lower().replace("deal codes", "")
    t.practice = True                       # practice again: the code and the boxes come back
    assert t.deal_code in t.status_text and not t.seed_box.hidden


def test_projector_scored_game_shows_no_code_banner():
    t = VarietyTable(seed=3, practice=False, layout="projector")
    assert t.deal_code not in t.code_banner.text and t.deal_code not in t.status_text
    t.practice = True
    assert t.deal_code in t.code_banner.text and t.seed_box.hidden   # the projector hides the boxes

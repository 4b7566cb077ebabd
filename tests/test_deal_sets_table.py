"""A set of boards at a play table (DealDashboard.load_deals, board_step) and the played
deal's download, headless."""

from __future__ import annotations

import urllib.parse

import pytest

from cardkit.codes import deal_code
from cardkit.deal_sets import deals_from_text, deals_to_text
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable


def _finish(t) -> None:
    while not t.state.is_terminal():
        assert t.act(next(iter(t.state.legal_actions()))), t.last_error


def _page(t, name: str, **extra) -> None:
    t._table_action({"kind": "control", "name": name, **extra})


@pytest.mark.parametrize("cls,codes", [
    (VarietyTable, ["V-11", "V-12-D1", "V-13"]),
    (WarsawHeartsTable, ["W-4", "W-5", "W-6"]),
    (DurakTable, ["D-5", "D-6-T1", "D-7"]),
])
def test_load_a_set_and_step_through_it(cls, codes):
    t = cls(seed=1)
    assert t.board_next.hidden and t.board_back.hidden       # no set: no board buttons
    assert t.load_deals(deals_to_text(codes))
    assert t.boards == codes and t.deal_code == codes[0] and t.board_info.text == "Board 1 of 3"
    assert not t.board_next.hidden and t.board_back.disabled and not t.board_next.disabled
    assert t.status_text.startswith("Board 1 of 3: ")
    _page(t, "board_next")                                   # from the page, as a click
    assert t.deal_code == codes[1] and t.board_index == 1 and not t.board_back.disabled
    t.board_next.click()
    assert t.deal_code == codes[2] and t.board_next.disabled
    assert not t.board_step("next")                          # the end: one line, nothing changes
    assert t.last_error == "board 3 is the last of the set" and t.deal_code == codes[2]
    t.board_back.click()
    assert t.deal_code == codes[1] and t.board_info.text == "Board 2 of 3"


def test_a_set_the_table_cannot_deal_is_refused_and_nothing_lost():
    t = VarietyTable(seed=1)
    t.load_deals(["V-11", "V-12"])
    for bad, words in ((["V-1", "W-2"], "board 2: deal code 'W-2' is a Warsaw Hearts deal"),
                       (["V-1-L2"], "board 1: deal code 'V-1-L2' is for"),
                       ('[Board "1"]\n[Game "variety"]\n[Game "variety"]\n', "tag 'Game' is given twice"),
                       ("nonsense", "no board found")):
        assert not t.load_deals(bad)
        assert words in t.last_error and "\n" not in t.last_error
        assert t.status_text.startswith("⚠ Boards not loaded:")
        assert t.boards == ["V-11", "V-12"] and t.deal_code == "V-11"


def test_scored_game_steps_forward_only_after_each_board():
    t = VarietyTable(seed=1, practice=False)
    t.load_deals(["V-11", "V-12"])
    assert t.board_next.disabled and t.board_back.disabled
    _page(t, "board_next")                                   # a forged click on a disabled button
    assert t.board_index == 0
    assert not t.board_step("next") and "finish this board first" in t.last_error
    _finish(t)
    assert not t.board_next.disabled and t.board_back.disabled
    t.board_next.click()
    assert t.board_index == 1
    assert not t.board_step("back") and "forward only" in t.last_error


def test_download_the_played_deal():
    t = VarietyTable(seed=1)
    t.load_deals(["V-11"])
    assert t.download_link.hidden
    _finish(t)
    assert not t.download_link.hidden and "Download this deal" in t.download_link.value
    href = t.download_link.value.split("href='")[1].split("'")[0]
    text = urllib.parse.unquote(href.split(",", 1)[1].replace("&amp;", "&"))
    assert text == t.played_deal_text()
    (back,) = deals_from_text(text)
    assert back.history == t.state.history and back.returns() == t.state.returns()
    assert deal_code(back) == "V-11"


def test_download_in_a_scored_game_names_no_seed():
    t = VarietyTable(seed=4821, practice=False)
    _finish(t)
    text = t.played_deal_text()
    assert '[Code "V-X' in text and "4821" not in text
    (back,) = deals_from_text(text)
    assert back.history == t.state.history

"""The room's set box takes a whole deal-set file as well as codes (issue 34, item 13): the
teacher pasted the deal editor's saved set and got "deal code '%': expected a game letter…"."""

from __future__ import annotations

import pytest

from cardkit.codes import deal_from_code, parse_deal_code
from cardkit.deal_sets import deals_to_pbn, deals_to_text
from cardkit.room_service import MessageRefused, _deals

CODES = ["V-4821", "V-17"]


def test_the_kits_own_set_file_gives_its_codes():
    text = deals_to_text([deal_from_code(c) for c in CODES])
    assert _deals(text) == CODES


def test_a_pbn_file_gives_the_same_cards_and_dealers():
    text = deals_to_pbn([deal_from_code(c) for c in CODES])
    codes = _deals(text)
    assert len(codes) == 2
    for got, want in zip(codes, CODES):
        assert deal_from_code(got).hands == deal_from_code(want).hands
        assert parse_deal_code(got).dealer == parse_deal_code(want).dealer


def test_bare_codes_still_work_and_a_bad_file_is_one_line():
    assert _deals("V-4821, V-17") == CODES
    with pytest.raises(MessageRefused) as refused:
        _deals('[Deal "N:this is not a hand"]')
    assert "\n" not in str(refused.value) and "deal set file" in str(refused.value)

"""Deal sets (cardkit.deal_sets): many boards in one text, read back exactly, errors that
name the board and the tag, and the codes a teaching room takes."""

from __future__ import annotations

import numpy as np
import pytest
from positions import play_at_random

from cardkit import CardkitError, NotationError
from cardkit.codes import deal_code, deal_from_code
from cardkit.deal_sets import MAX_BOARDS, deal_set_codes, deals_from_text, deals_to_text
from cardkit.records import deal_from_text, deal_to_text

#: every game, with variants and seat counts, in both code forms
CODES = ["V-4821", "V-4821-D3-L2", "V-17-C1-T1", "W-17", "W-17-P3", "W-5-H1-B1-S1", "D-5", "D-5-T2",
         "D-7-K1", "D-9-S1-A1"]


def _played(code: str, n: int, seed: int = 1):
    return play_at_random(deal_from_code(code), np.random.default_rng(seed), actions=n)


def _cards_form(code: str) -> str:
    return deal_code(deal_from_code(code), form="cards")


def test_round_trip_every_game_and_variant():
    text = deals_to_text(CODES)
    states = deals_from_text(text)
    assert [deal_code(s) for s in states] == CODES          # the seed forms kept
    assert deals_to_text(states) == text                      # read back exactly
    assert deal_set_codes(text) == CODES
    assert text.count("[Board ") == len(CODES) and text.endswith("\n")


def test_cards_form_and_played_deals_round_trip():
    boards = [_cards_form("V-4821-D2"), _played("V-99", 30), _played("W-3-P3", 1000),   # a whole deal
              _played("D-5", 15), _cards_form("D-8-T3")]
    text = deals_to_text(boards)
    back = deals_from_text(text)
    assert deals_to_text(back) == text
    assert [deal_code(s, form="cards") for s in back] == [deal_code(deal_from_code(b), form="cards")
                                                          if isinstance(b, str) else deal_code(b, form="cards")
                                                          for b in boards]
    assert [len(s.history) for s in back] == [0, 30, len(boards[2].history), 15, 0]
    assert back[2].is_terminal() and "[Scores " in text
    # a board is exactly the deal text of its deal, after its Board tag
    assert deal_to_text(back[1]) in text


def test_texts_without_board_tags_split_at_game():
    a, b = deal_to_text(deal_from_code("V-1")), deal_to_text(deal_from_code("D-2"))
    states = deals_from_text(a + b)     # deal_from_text refuses this text: 'Game' is given twice
    with pytest.raises(NotationError, match="'Game' is given twice"):
        deal_from_text(a + b)
    assert [deal_code(s) for s in states] == ["V-1", "D-2"]


def test_errors_name_the_board_and_the_tag():
    text = deals_to_text(["V-1", "V-2", "V-3"])
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("[Dealer") and k > lines.index('[Board "2"]'))
    doubled = "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    with pytest.raises(NotationError) as e:
        deals_from_text(doubled)
    msg = str(e.value)
    assert msg.startswith("deal set, board 2:") and "'Dealer' is given twice" in msg
    assert f"line {i + 2}" in msg                 # the file's line, not the board's
    assert "\n" not in msg
    bad = text.replace('[Dealer "2"]', '[Dealr "2"]', 1)
    with pytest.raises(NotationError, match=r"^deal set, board \d: .*unknown tag 'Dealr'"):
        deals_from_text(bad)
    wrong_code = text.replace('[Code "V-3"]', '[Code "V-4"]')
    with pytest.raises(NotationError, match=r"^deal set, board 3: .*Code tag 'V-4' names another deal"):
        deals_from_text(wrong_code)
    with pytest.raises(NotationError, match=r"Board 'two' should be a board number"):
        deals_from_text(text.replace('[Board "2"]', '[Board "two"]'))
    with pytest.raises(NotationError, match=r"Board '1' is given twice \(first on line 2\)"):
        deals_from_text(text.replace('[Board "2"]', '[Board "1"]'))
    with pytest.raises(NotationError, match="before the first board"):
        deals_from_text("hello\n" + text)
    with pytest.raises(NotationError, match="no board found"):
        deals_from_text("% nothing\n")
    with pytest.raises(NotationError, match="expected text"):
        deals_from_text(b"[Board \"1\"]")    # type: ignore[arg-type]


def test_bad_items_are_refused_naming_the_board():
    with pytest.raises(CardkitError, match=r"^deal set, board 2: deal code 'V-1-Q9'"):
        deals_to_text(["V-1", "V-1-Q9"])
    with pytest.raises(CardkitError, match=r"board 1: 42 is not a deal"):
        deals_to_text([42])
    with pytest.raises(CardkitError, match="no boards"):
        deals_to_text([])
    with pytest.raises(CardkitError, match="not one text"):
        deals_to_text("V-1")
    with pytest.raises(CardkitError, match=f"at most {MAX_BOARDS}"):
        deals_to_text(["V-1"] * (MAX_BOARDS + 1))


def test_room_takes_a_sets_codes(tmp_path):
    from cardkit.room import Room
    codes = deal_set_codes(deals_to_text(["V-11", _cards_form("V-12-D1"), "V-13"]))
    room = Room(f"sqlite:///{tmp_path / 'room.db'}", teachers=["teach"])
    t = room.open_table("variety", deals=codes)
    room.sit(t, "ann", 0)
    room.start(t)
    assert room.tables()[0]["board"] == codes[0]
    room.next_board(t, "teach")
    assert room.tables()[0]["board"] == codes[1]
    room.set_deals(t, "teach", deal_set_codes(deals_to_text(["V-21", "V-22"])))   # another set, from its text
    assert room.tables()[0]["board"] == "V-21"

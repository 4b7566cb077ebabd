"""PBN in and out for Variety deal sets (cardkit.deal_sets.deals_to_pbn / deals_from_pbn),
checked against endplay's PBN reader and writer (the bridge tools' own reading)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from cardkit.codes import deal_code, deal_from_code
from cardkit.deal_sets import deals_from_pbn, deals_from_text, deals_to_pbn, deals_to_text
from cardkit.errors import CardkitError, NotationError

pbn = pytest.importorskip("endplay.parsers.pbn")
from endplay.types import Player  # noqa: E402

# Variety's seats (South, West, North, East) as endplay's players
SEAT_PLAYER = {0: Player.south, 1: Player.west, 2: Player.north, 3: Player.east}


def hands_of(state) -> list[str]:
    return list(state._start_json()["hands"])


def endplay_hands(board) -> list[str]:
    return [board.deal[SEAT_PLAYER[s]].to_pbn() for s in range(4)]


CODES = ["V-4821", "V-4821-D2", "V-17-L2", "V-0-C1-T1", "V-999999999999-D1"]


def test_round_trip_keeps_codes_dealers_and_rules() -> None:
    text = deals_to_pbn(CODES)
    back = deals_from_pbn(text)
    assert [deal_code(s) for s in back] == CODES
    assert [s.dealer for s in back] == [deal_from_code(c).dealer for c in CODES]
    assert deals_to_pbn(back) == text


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10**12 - 1), min_size=1, max_size=4), st.integers(0, 3))
def test_round_trip_any_seed(seeds: list[int], dealer: int) -> None:
    codes = [f"V-{s}-D{dealer}" for s in seeds]
    text = deals_to_pbn(codes)
    assert deals_to_pbn(deals_from_pbn(text)) == text
    assert [hands_of(s) for s in deals_from_pbn(text)] == [hands_of(deal_from_code(c)) for c in codes]


def test_endplay_reads_what_we_write_to_the_same_hands() -> None:
    text = deals_to_pbn(CODES)
    boards = pbn.loads(text)
    assert len(boards) == len(CODES)
    for board, code in zip(boards, CODES):
        assert endplay_hands(board) == hands_of(deal_from_code(code))
        assert board.info["VarietyCode"] == code
    assert [b.board_num for b in boards] == [1, 2, 3, 4, 5]


def test_we_read_what_endplay_writes() -> None:
    from endplay.dealer import generate_deals
    from endplay.types import Board, Vul

    deals = list(generate_deals(seed=7, produce=4))  # endplay's own dealer, not our cards
    boards = []
    for n, deal in enumerate(deals, 1):
        board = Board(deal=deal, board_num=n, vul=Vul.none)
        board.dealer = [Player.north, Player.east, Player.south, Player.west][(n - 1) % 4]
        boards.append(board)
    text = pbn.dumps(boards)
    states = deals_from_pbn(text)
    assert [hands_of(s) for s in states] == [endplay_hands(b) for b in boards]
    # endplay writes each board's dealer: N, E, S, W are Variety's seats 2, 3, 0, 1
    assert [s.dealer for s in states] == [2, 3, 0, 1]


def test_a_bridge_file_with_comments_sections_and_repeated_tags() -> None:
    hands = hands_of(deal_from_code("V-4821"))  # South, West, North, East
    north_first = " ".join([hands[2], hands[3], hands[0], hands[1]])
    text = (
        "% PBN 2.1\n% EXPORT\n"
        '[Event "Club night"]\n[Site "Hall"]\n\n'  # a header game without a deal: passed over
        '[Event "Club night"]\n[Board "1"] ; the first board\n[Dealer "E"]\n'
        f'[Vulnerable "NS"]\n[Deal "N:{north_first}"]\n'
        '{ a comment\n over two lines }\n'
        '[Contract "4S"]\n[Declarer "N"]\n[Auction "E"]\nPass 1S Pass 4S\nAP\n'
        '[Play "E"]\nHA H3 H2 HK\n*\n\n'
        '[Event "#"]\n[Board "2"]\n'
        f'[Deal "W:{hands[1]} {hands[2]} {hands[3]} {hands[0]}"]\n'
    )
    first, second = deals_from_pbn(text)
    assert hands_of(first) == hands == hands_of(second)
    assert first.dealer == 3  # E
    assert second.dealer == 3  # no Dealer tag: board 2's dealer in bridge's rotation is East


@pytest.mark.parametrize("text, words", [
    ("", "no board found"),
    ('[Event "x"]\n', "no board found"),
    ('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n', "unknown ('-')"),
    ('[Board "1"]\n[Dealer "N"]\n[Deal "X:a b c d"]\n', "seat letter and four hands"),
    ('[Board "1"]\n[Dealer "Q"]\n[Deal "S:' + " ".join(hands_of(deal_from_code("V-1"))) + '"]\n',
     "should be N, E, S or W"),
    ('[Board "x"]\n[Deal "S:' + " ".join(hands_of(deal_from_code("V-1"))) + '"]\n', "no Dealer tag"),
    ('[Board "3"]\n[Dealer "N"]\n[Deal "S:' + " ".join(hands_of(deal_from_code("V-1"))) + '"]\n'
     '[VarietyCode "V-2"]\n', "VarietyCode tag"),
])
def test_bad_files_are_refused_in_one_line_naming_the_board(text: str, words: str) -> None:
    with pytest.raises(NotationError) as e:
        deals_from_pbn(text)
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_only_variety_goes_to_pbn() -> None:
    with pytest.raises(CardkitError, match="Variety deals only"):
        deals_to_pbn(["V-1", "W-17"])
    with pytest.raises(CardkitError, match="not one text"):
        deals_to_pbn("V-1")
    with pytest.raises(CardkitError, match="no boards"):
        deals_to_pbn([])


def test_pbn_and_the_kits_own_set_agree() -> None:
    states = deals_from_pbn(deals_to_pbn(CODES))
    assert deals_to_text(states) == deals_to_text(deals_from_text(deals_to_text(CODES)))

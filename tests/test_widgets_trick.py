"""TrickTable (one HTML widget) and ScoreSheet (headless widget tests)."""

from __future__ import annotations

import re

import pytest

from cardkit import CardkitError, parse_card
from cardkit.games import variety, warsaw_hearts
from cardkit_widgets import ScoreSheet, TrickTable


def _cell_text(table: TrickTable, seat: int) -> str:
    text = table.cell_html(seat)
    assert text in table.value        # what is shown
    return text


def test_a_trick_table_is_one_html_widget():
    """Issue 19: the table only shows, so it is one ``HTML`` widget (its layout and style
    shared by every trick table), where it was a box of seven widgets and their styles."""
    import ipywidgets as W
    from ipywidgets.widgets.widget import _instances

    TrickTable(4)
    before = set(_instances)
    table = TrickTable(4, names=["Seat 0", "Seat 1", "Seat 2", "Seat 3"])
    table.update({0: parse_card("QH")}, leader=0, winner=0, heading="Contract 1")
    assert isinstance(table, W.HTML) and set(_instances) - before == {table.model_id}


def test_four_seats_sit_clockwise_around_the_viewer():
    table = TrickTable(4, viewer=0)
    assert table.positions == {0: "bottom", 1: "left", 2: "top", 3: "right"}
    assert table.names == ["You", "West", "North", "East"]
    table = TrickTable(4, viewer=2)
    assert table.positions[2] == "bottom" and table.positions[3] == "left"
    assert table.names[2] == "You"
    assert [f"grid-area:{table.positions[s]};" in table.value for s in range(4)] == [True] * 4
    assert table.positions == {0: "top", 1: "right", 2: "bottom", 3: "left"}


def test_three_and_two_seats():
    t3 = TrickTable(3, names=["Sergei", "Vitaly", "Petr"], viewer=1)
    assert t3.positions == {1: "bottom", 2: "left", 0: "right"}
    assert "Vitaly" in _cell_text(t3, 1)
    t2 = TrickTable(2)
    assert t2.positions == {0: "bottom", 1: "top"}
    with pytest.raises(CardkitError):
        TrickTable(5)
    with pytest.raises(CardkitError, match="3 names"):
        TrickTable(3, names=["a", "b"])


def test_update_marks_leader_winner_and_turn_in_words():
    table = TrickTable(4)
    table.update({1: parse_card("QH"), 2: parse_card("3H")}, leader=1, to_play=3)
    assert "Q♥" in _cell_text(table, 1) and "led" in _cell_text(table, 1)
    assert "▶ to play" in _cell_text(table, 3)
    assert "no card" in _cell_text(table, 0)
    table.update({1: parse_card("QH"), 2: parse_card("3H"), 3: parse_card("AH"), 0: parse_card("2H")},
                 leader=1, winner=3)
    assert "wins the trick" in _cell_text(table, 3)
    assert all("wins the trick" not in _cell_text(table, s) for s in (0, 1, 2))


def test_show_a_variety_trick_and_the_last_trick_on_request():
    state = variety.new_deal(seed=5, dealer=3)
    for bid in (1, 2, 3, 1):
        state.apply_action(bid)
    table = TrickTable(4)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    first = state.completed_tricks[0]
    state.apply_action(state.legal_actions()[0])  # the first card of trick 2
    table.show(state)
    assert table.shown["cards"] == {state.tricks[-1].leader: state.tricks[-1].cards[0]}
    assert table.shown["winner"] is None and table.shown["last"] is False
    assert "Last trick (1)" in table.caption and f"won by <b>{table.names[first.winner]}" in table.caption
    assert table.caption in table.value
    table.show(state, last=True)
    assert table.shown["cards"] == dict(zip(first.seats, first.cards))
    assert table.shown["winner"] == first.winner
    assert "wins the trick" in _cell_text(table, first.winner)
    assert "(the last finished trick)" in table.centre  # the default note
    table.show(state, last=True, last_note="(the trick just finished)")  # a caller's note, escaped
    assert "(the trick just finished)" in table.centre and "last finished" not in table.centre
    table.show(state, last=True, last_note="<b>")
    assert "&lt;b&gt;" in table.centre and "&lt;b&gt;" in table.value
    table.show(state)
    assert "(the" not in table.centre  # no note on the open trick


def test_show_three_seats_of_warsaw_hearts():
    state = warsaw_hearts.new_deal(players=3, seed=2)
    table = TrickTable(3, viewer=0)
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
    table.show(state)
    trick = state.tricks[-1]
    assert table.shown["cards"] == dict(zip(trick.seats, trick.cards))
    assert table.shown["to_play"] == state.current_player
    assert str(trick.cards[0]) in _cell_text(table, trick.leader)
    state.apply_action(state.legal_actions()[0])
    table.show(state, last=True)
    done = state.completed_tricks[-1]
    assert "wins the trick" in _cell_text(table, done.winner)


def test_the_winner_is_marked_by_text_class_and_border_shape_not_colour_alone():
    table = TrickTable(4)
    assert {"ck-table", "ck-trick"} <= set(table._dom_classes)
    cards = {1: parse_card("QH"), 2: parse_card("3H"), 3: parse_card("AH"), 0: parse_card("2H")}
    table.update(cards, leader=1, winner=3)
    winners = [s for s in range(4) if "ck-winner" in table.cell_classes(s)]
    assert winners == [3]
    assert '<div class="ck-seat ck-winner"' in table.value
    assert "★ wins the trick" in _cell_text(table, 3) and "double" in _cell_text(table, 3)
    assert "ck-led" in table.cell_classes(1) and "ck-led" not in table.cell_classes(3)
    assert all("double" not in _cell_text(table, s) for s in (0, 1, 2))
    # the next trick: the class goes with the text; the seat to play has a dashed border
    table.update({}, to_play=3)
    assert not any("ck-winner" in table.cell_classes(s) for s in range(4)) and "ck-winner" not in table.value
    assert "ck-to-play" in table.cell_classes(3) and "dashed" in _cell_text(table, 3)
    assert "wins the trick" not in _cell_text(table, 3)


def test_four_colour_trick_table_redraws_cells_and_caption_in_place():
    state = variety.new_deal(seed=5, dealer=3)
    for bid in (1, 2, 3, 1):
        state.apply_action(bid)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    table = TrickTable(4, four_colour=True)
    table.show(state)
    done = state.completed_tricks[0]
    assert "ck-four-colour" in table._dom_classes
    assert "ck-four-colour" in table.caption  # the last trick in words, four colours
    assert all(f"ck-suit-{c.suit.letter}" in table.caption for c in done.cards)
    seat = state.tricks[-1].leader
    card = state.tricks[-1].cards[0]
    assert f'class="ck-card ck-suit-{card.suit.letter} ck-four-colour"' in _cell_text(table, seat)
    table.set_four_colour(False)
    assert "ck-four-colour" not in table.caption and "ck-four-colour" not in table.value
    assert str(card) in _cell_text(table, seat) and "ck-four-colour" not in table._dom_classes
    # notes and headings written with card_html are shown in the table's deck too
    from cardkit_widgets._common import BLUE, card_html

    table.set_four_colour(True)
    table.update({}, heading=f"led {card_html(parse_card('5D'))}", notes={0: card_html(parse_card("KD"))})
    assert BLUE in table.centre and BLUE in _cell_text(table, 0)


def test_trick_table_large_size():
    table = TrickTable(3, size="large")
    assert "ck-large" in table._dom_classes
    normal = TrickTable(3)
    assert "width:17.6em;" in table.value and "width:11em;" in normal.value   # a seat's cell
    table.update({0: parse_card("QH")})
    assert "font-size:2em" in _cell_text(table, 0)
    table.set_size("normal")
    assert "width:11em;" in table.value and "width:17.6em;" not in table.value
    with pytest.raises(CardkitError):
        table.set_size("tiny")


# ---- ScoreSheet -------------------------------------------------------------------------

def test_score_sheet_penalties_lead_low_and_bonuses_mark_no_leader():
    """Issue 21: Warsaw Hearts' penalties are shown as counted (positive, plain "0"), the
    fewest lead; its bonuses do not decide the game, so no total is marked."""
    pens = ScoreSheet(["South", "West", "North", "East"], lead="low", signs=False)
    pens.add_row([0, 4, 10, 3])
    pens.add_row([2, 0, 0, 3])
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", pens.table.value)
    assert "+0" not in pens.table.value and "−" not in pens.table.value and "0" in cells
    assert pens.table.value.count("▲ leads") == 1 and pens.totals == [2, 4, 10, 6]
    lead_cell = pens.table.value.split("▲ leads")[0].rsplit("<b>", 1)[1]
    assert lead_cell.startswith("2<")
    bons = ScoreSheet(["South", "West", "North", "East"], lead=None, signs=False)
    bons.add_row([20, 0, 0, 0])
    assert "▲ leads" not in bons.table.value and ">20<" in bons.table.value
    with pytest.raises(CardkitError, match="lead"):
        ScoreSheet(["A", "B"], lead="middle")


def test_score_sheet_signed_zero_and_leader_in_line():
    """Issue 21 (Variety 1 §8): a signed sheet writes zero as "0", not "+0", and the
    leader's total carries "▲ leads" on its own line of text (no line break), so the
    totals row stays level."""
    sheet = ScoreSheet(["South", "West", "North", "East"])
    sheet.add_row([-20, 20, -20, 20])
    sheet.add_row([26, 0, 30, -4])
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", sheet.table.value)
    assert "+0" not in sheet.table.value and "0" in cells and "+26" in cells and "−20" in cells
    total = sheet.table.value.split("<tfoot>")[1]
    assert "<br" not in total and total.count("▲ leads") == 1
    assert "<b>+20</b> <small>▲ leads</small>" in total and "nowrap" in total


def test_score_sheet_rows_totals_and_the_leader_in_words():
    sheet = ScoreSheet(["You", "West", "North", "East"])
    assert sheet.rows == [] and sheet.totals == [0, 0, 0, 0]
    assert "No deal finished yet" in sheet.table.value
    sheet.add_row([12, 0, 12, 0])
    sheet.add_row([-4, 6, -4, 6], label="2", note="contract 8")
    assert sheet.rows == [[12, 0, 12, 0], [-4, 6, -4, 6]]
    assert sheet.totals == [8, 6, 8, 6]
    assert len(sheet) == 2
    assert sheet.table.value.count("▲ leads") == 2  # You and North share the lead
    assert "contract 8" in sheet.table.value
    assert sheet.remove_last_row() == [-4, 6, -4, 6]
    assert sheet.totals == [12, 0, 12, 0]
    with pytest.raises(CardkitError, match=r"\[1, 2\]"):
        sheet.add_row([1, 2])
    sheet.clear()
    with pytest.raises(CardkitError):
        sheet.remove_last_row()


def test_score_sheet_classes_and_large_size():
    sheet = ScoreSheet(["A", "B"], size="large")
    assert {"ck-table", "ck-scores", "ck-large"} <= set(sheet._dom_classes)
    assert sheet.table.style.font_size == "1.6em"
    sheet.set_size("normal")
    assert sheet.table.style.font_size == "" and "ck-large" not in sheet._dom_classes


def test_score_sheet_for_three_players_updates_one_html_in_place():
    sheet = ScoreSheet(["Sergei", "Vitaly", "Petr"], unit="penalty points")
    html_widget = sheet.table
    sheet.add_row([4, 0, 20])
    assert sheet.table is html_widget and sheet.children == (html_widget,)
    assert "Sergei" in sheet.table.value and "+20" in sheet.table.value


def test_before_the_play_the_turn_is_named_by_the_phase():
    state = variety.new_deal(seed=5, dealer=3)
    table = TrickTable(4)
    table.show(state)
    assert "▶ to bid" in _cell_text(table, 0) and "to play" not in _cell_text(table, 0)
    assert "led" not in _cell_text(table, 0)

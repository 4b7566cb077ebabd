"""AuctionTable and ContractTable, each one widget (headless widget tests), RULES.md §1.2–§1.3."""

from __future__ import annotations

import pytest

from cardkit import CardkitError
from cardkit.games import variety
from cardkit_widgets import AuctionTable, ContractTable


def _enabled(table: AuctionTable) -> list[int]:
    found = [n for n, b in table.buttons.items() if not b.disabled]
    assert found == table.enabled
    return found


def _decoration(b) -> str:
    return dict(x.split(":") for x in b.style.split(";"))["text-decoration"]


def test_a_bidding_and_the_contracts_are_one_widget_each():
    """Issue 19: a bidding was about 45 widget models (its buttons, lines and their
    styles), the contracts about 165; each is now one widget and its layout."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    table = AuctionTable(4, viewer=0)
    table.show(variety.new_deal(seed=1, dealer=3), seat=0)
    assert len(set(_instances) - before) <= 2
    before = set(_instances)
    ContractTable().select(3)
    assert len(set(_instances) - before) <= 2


def test_a_press_from_the_page_bids_only_a_legal_number():
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4):
        state.apply_action(bid)
    got = []
    table = AuctionTable(4, names=["A", "B", "C", "D"], on_bid=got.append)
    table.show(state)
    for forged in ({"press": "5"}, {"press": "9"}, {"press": "0"}, {"press": 3}, {"press": " 3"}, {"bid": 3}, "3"):
        table._on_page_message(table, forged, [])
    table.click(5)                          # A named 5 already: disabled, nothing happens
    assert got == []
    table._on_page_message(table, {"press": "3"}, [])
    assert got == [3]
    read_only = AuctionTable(4, names="ABCD", read_only=True, on_bid=got.append)
    read_only.show(state)
    read_only._on_page_message(read_only, {"press": "3"}, [])
    read_only.click(3)
    assert got == [3] and "<button" not in read_only.html


def test_used_numbers_are_disabled_for_the_player_to_bid():
    # seed 001 example 2, A on the dealer's left: A 5, B 1, C 8, D 4, then A to bid again
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4):
        state.apply_action(bid)
    assert state.current_player == 0
    table = AuctionTable(4, names=["A", "B", "C", "D"])
    table.show(state)
    assert _enabled(table) == state.legal_actions() == [1, 2, 3, 4, 6, 7, 8]
    used = table.buttons[5]
    assert used.disabled and _decoration(used) == "line-through"
    assert "never names their own number twice" in used.tooltip and "Rules §1.3" in used.tooltip
    # numbers others named: enabled, underlined, the tooltip says a repeat ends the bidding
    assert _decoration(table.buttons[4]) == "underline" and "font-weight:bold" in table.buttons[4].style
    assert "ends the bidding" in table.buttons[4].tooltip
    assert "struck through" in table.caption and ": 5." in table.caption and table.caption in table.html
    # B to bid after A 7: B's own 1 is disabled, A's 5 and 7 are not
    state.apply_action(7)
    table.show(state)
    assert _enabled(table) == state.legal_actions()
    assert table.buttons[1].disabled and not table.buttons[5].disabled and not table.buttons[7].disabled


def test_book_example_2_ends_with_contract_4():
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4, 7, 3, 4):
        state.apply_action(bid)
    table = AuctionTable(4, names=["A", "B", "C", "D"])
    table.show(state)
    assert _enabled(table) == []
    assert "4 ✓ contract" in table.table and table.table in table.html
    assert "declarers D and C" in table.caption
    # rounds by seats: two rows of bids, the first bidder's column first
    assert table.table.count("<tr>") == 1 + 2
    assert table.table.index(">A<") < table.table.index(">B<")


def test_the_viewer_may_bid_only_in_turn_and_clicks_reach_the_callback():
    state = variety.new_deal(seed=1, dealer=3)
    got = []
    table = AuctionTable(4, viewer=0, on_bid=got.append)
    table.show(state, seat=0)
    assert _enabled(table) == list(range(1, 9))
    table.click(3)
    assert got == [3]
    state.apply_action(3)
    table.show(state, seat=0)
    assert _enabled(table) == []
    assert "Waiting: West bids" in table.caption
    table.click(4)                          # not the viewer's turn: every number disabled
    assert got == [3]
    table.show(state, seat=0, remarks=[(1, "I bid 2: I hold 6 clubs")])
    assert "I hold 6 clubs" in table.remarks_box and "West" in table.remarks_box and table.remarks_box in table.html


def test_contract_table_lists_the_eight_contracts_from_the_data():
    table = ContractTable()
    assert list(table.buttons) == list(range(1, 9))
    assert [b.description for b in table.buttons.values()] == [f"Contract {n}" for n in range(1, 9)]
    html = table.html
    for c in variety.CONTRACTS.values():
        assert c.scoring in html
    assert "reversed" in html  # contract 6
    halved = ContractTable(variety.Rules(contract_values="halved_2_7"))
    assert "+1 per trick" in halved.buttons[2].tooltip
    assert "+2 per trick" in table.buttons[2].tooltip


def test_contract_table_selection_is_a_value_trait():
    seen, picked = [], []
    table = ContractTable(on_select=picked.append)
    table.observe(lambda ch: seen.append(ch["new"]), names="value")
    assert table.value is None
    table.buttons[6].click()
    assert table.value == 6 and seen == [6] and picked == [6]
    assert "chosen" in table.marks[6] and table.marks[3] == "" and table.marks[6] in table.html
    table._on_page_message(table, {"press": "6"}, [])  # the same again, from the page: no second change event
    assert seen == [6]
    table.mark(3, "played now")
    assert "played now" in table.marks[3] and "chosen" in table.marks[6]
    with pytest.raises(CardkitError, match="9"):
        table.select(9)
    assert table.value == 6
    for forged in ({"press": "9"}, {"press": "6.0"}, {"press": None}, {"value": 2}):
        table._on_page_message(table, forged, [])
    assert seen == [6]
    reference = ContractTable(selectable=False)
    assert all(b.disabled for b in reference.buttons.values())
    reference._on_page_message(reference, {"press": "2"}, [])
    reference.click(2)
    assert reference.value is None


# ---- read-only, classes, sizes -----------------------------------------------------------

def test_read_only_table_hides_its_buttons_and_never_enables_them():
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4):
        state.apply_action(bid)
    table = AuctionTable(4, names=["A", "B", "C", "D"], read_only=True)
    assert table.buttons == {} and "<button" not in table.html
    assert "ck-read-only" in table._dom_classes
    table.show(state)  # A to bid, with legal numbers: a read-only table ignores them
    assert state.legal_actions() and _enabled(table) == []
    assert "struck through" not in table.caption and "A bids next" in table.caption
    assert ": 5." in table.caption  # A named 5 already: not allowed again
    # switched back in place: the buttons show the same bidding's legal numbers
    table.set_read_only(False)
    assert list(table.buttons) == list(range(1, 9)) and "ck-read-only" not in table._dom_classes
    assert _enabled(table) == state.legal_actions()
    assert "struck through" in table.caption
    table.set_read_only(True)
    assert _enabled(table) == []


def test_a_finished_bidding_as_a_record():
    a = variety.resolve_auction([5, 1, 8, 4, 7, 3, 4], first=0)
    table = AuctionTable(names="ABCD", title="Seed 001, example 2", read_only=True)
    table.update(a.bids, a.first, contract=a.contract, declarers=a.declarers)
    assert _enabled(table) == [] and table.buttons == {}
    assert "contract <b>4</b>" in table.caption


def test_the_contract_cell_does_not_wrap():
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4, 7, 3, 4):
        state.apply_action(bid)
    table = AuctionTable(4, names=["Anastasia", "Boris", "Constantin", "Dmitri"])
    table.show(state)
    value = table.table
    cell = value[value.rindex("<td", 0, value.index("✓ contract")):value.index("✓ contract")]
    assert "white-space:nowrap" in cell


def test_auction_classes_and_large_size():
    table = AuctionTable(4, viewer=0, size="large")
    assert {"ck-table", "ck-auction", "ck-large"} <= set(table._dom_classes)
    assert all("ck-bid" in b.classes for b in table.buttons.values())
    style = dict(x.split(":") for x in table.buttons[3].style.split(";"))
    assert style["font-size"] == "2.5em" and float(style["width"][:-2]) * 2.5 == 5.0
    # eight 5-em buttons fit in one row of the widget
    assert float(table.width[:-2]) >= 8 * 5 and f"width:{table.width}" in table.html
    table.set_size("normal")
    style = dict(x.split(":") for x in table.buttons[3].style.split(";"))
    assert style["width"] == "2.6em" and table.width == "24em" and "ck-large" not in table._dom_classes
    assert {"ck-table", "ck-contracts"} <= set(ContractTable()._dom_classes)
    with pytest.raises(CardkitError):
        AuctionTable(size="xl")


def test_contract_table_four_colour_trumps_and_chosen_class():
    from cardkit_widgets._common import BLUE, GREEN, RED

    table = ContractTable(four_colour=True)
    trumps = {n: c.trump for n, c in table.contracts.items()}
    cells = table._trump_cells
    assert BLUE in cells[4] and "diamonds" in cells[4]  # contract 4: ♦ trumps
    assert GREEN in cells[2] and "clubs" in cells[2] and cells[2] in table.html
    assert cells[1] == "none" and trumps[1] is None
    table.set_four_colour(False)
    assert RED in cells[4] and BLUE not in cells[4] and BLUE not in table.html
    table.select(3)
    assert "ck-chosen" in table.buttons[3].classes and "◀ chosen" in table.marks[3]
    table.select(5)
    assert "ck-chosen" not in table.buttons[3].classes and "ck-chosen" in table.buttons[5].classes

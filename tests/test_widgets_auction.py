"""AuctionTable and ContractTable (headless widget tests), RULES.md §1.2–§1.3."""

from __future__ import annotations

import pytest

from cardkit import CardkitError
from cardkit.games import variety
from cardkit_widgets import AuctionTable, ContractTable


def _enabled(table: AuctionTable) -> list[int]:
    return [n for n, b in table.buttons.items() if not b.disabled]


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
    assert used.disabled and used.style.text_decoration == "line-through"
    assert "never names their own number twice" in used.tooltip and "Rules §1.3" in used.tooltip
    # numbers others named: enabled, underlined, the tooltip says a repeat ends the bidding
    assert table.buttons[4].style.text_decoration == "underline"
    assert "ends the bidding" in table.buttons[4].tooltip
    assert "struck through" in table.caption.value and ": 5." in table.caption.value
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
    assert "4 ✓ contract" in table.table.value
    assert "declarers D and C" in table.caption.value
    # rounds by seats: two rows of bids, the first bidder's column first
    assert table.table.value.count("<tr>") == 1 + 2
    assert table.table.value.index(">A<") < table.table.value.index(">B<")


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
    assert "Waiting: West bids" in table.caption.value
    buttons = dict(table.buttons)
    table.show(state, seat=0, remarks=[(1, "I bid 2: I hold 6 clubs")])
    assert "I hold 6 clubs" in table.remarks_box.value and "West" in table.remarks_box.value
    assert all(table.buttons[n] is b for n, b in buttons.items())


def test_contract_table_lists_the_eight_contracts_from_the_data():
    table = ContractTable()
    assert list(table.buttons) == list(range(1, 9))
    assert [b.description for b in table.buttons.values()] == [f"Contract {n}" for n in range(1, 9)]
    html = " ".join(w.value for w in table.grid.children if hasattr(w, "value") and isinstance(w.value, str))
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
    assert "chosen" in table.marks[6].value and table.marks[3].value == ""
    table.buttons[6].click()  # the same again: no second change event
    assert seen == [6]
    table.mark(3, "played now")
    assert "played now" in table.marks[3].value and "chosen" in table.marks[6].value
    with pytest.raises(CardkitError, match="9"):
        table.select(9)
    reference = ContractTable(selectable=False)
    assert all(b.disabled for b in reference.buttons.values())


# ---- read-only, classes, sizes -----------------------------------------------------------

def test_read_only_table_hides_its_buttons_and_never_enables_them():
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4):
        state.apply_action(bid)
    table = AuctionTable(4, names=["A", "B", "C", "D"], read_only=True)
    assert table.button_row in table.children and table.button_row.layout.display == "none"
    assert "ck-read-only" in table._dom_classes
    table.show(state)  # A to bid, with legal numbers: a read-only table ignores them
    assert state.legal_actions() and _enabled(table) == []
    assert "struck through" not in table.caption.value and "A bids next" in table.caption.value
    assert ": 5." in table.caption.value  # A named 5 already: not allowed again
    # switched back in place: the buttons show the same bidding's legal numbers
    table.set_read_only(False)
    assert table.button_row.layout.display is None and "ck-read-only" not in table._dom_classes
    assert _enabled(table) == state.legal_actions()
    assert "struck through" in table.caption.value
    table.set_read_only(True)
    assert _enabled(table) == []


def test_a_finished_bidding_as_a_record():
    a = variety.resolve_auction([5, 1, 8, 4, 7, 3, 4], first=0)
    table = AuctionTable(names="ABCD", title="Seed 001, example 2", read_only=True)
    table.update(a.bids, a.first, contract=a.contract, declarers=a.declarers)
    assert _enabled(table) == [] and table.button_row.layout.display == "none"
    assert "contract <b>4</b>" in table.caption.value


def test_the_contract_cell_does_not_wrap():
    state = variety.new_deal(seed=0, dealer=3)
    for bid in (5, 1, 8, 4, 7, 3, 4):
        state.apply_action(bid)
    table = AuctionTable(4, names=["Anastasia", "Boris", "Constantin", "Dmitri"])
    table.show(state)
    value = table.table.value
    cell = value[value.rindex("<td", 0, value.index("✓ contract")):value.index("✓ contract")]
    assert "white-space:nowrap" in cell


def test_auction_classes_and_large_size():
    table = AuctionTable(4, viewer=0, size="large")
    assert {"ck-table", "ck-auction", "ck-large"} <= set(table._dom_classes)
    assert all("ck-bid" in b._dom_classes for b in table.buttons.values())
    b = table.buttons[3]
    assert b.style.font_size == "2.5em" and float(b.layout.width[:-2]) * 2.5 == 5.0
    # eight 5-em buttons fit in one row of the widget
    assert float(table.layout.width[:-2]) >= 8 * 5
    table.set_size("normal")
    assert b.layout.width == "2.6em" and table.layout.width == "24em"
    assert {"ck-table", "ck-contracts"} <= set(ContractTable()._dom_classes)
    with pytest.raises(CardkitError):
        AuctionTable(size="xl")


def test_contract_table_four_colour_trumps_and_chosen_class():
    from cardkit_widgets._common import BLUE, GREEN, RED

    table = ContractTable(four_colour=True)
    trumps = {n: c.trump for n, c in table.contracts.items()}
    cells = table._trump_cells
    assert BLUE in cells[4].value and "diamonds" in cells[4].value  # contract 4: ♦ trumps
    assert GREEN in cells[2].value and "clubs" in cells[2].value
    assert cells[1].value == "none" and trumps[1] is None
    table.set_four_colour(False)
    assert RED in cells[4].value and BLUE not in cells[4].value
    table.select(3)
    assert "ck-chosen" in table.buttons[3]._dom_classes and "◀ chosen" in table.marks[3].value
    table.select(5)
    assert "ck-chosen" not in table.buttons[3]._dom_classes and "ck-chosen" in table.buttons[5]._dom_classes

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
    assert "never names their own number twice" in used.tooltip and "RULES.md §1.3" in used.tooltip
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

"""The Variety solver's bounds (quick tricks, the grouping bound of contracts 4 and 5, issue
20) cut no true value: with them and without them (``variety._BOUNDS``), every card's value
is the same, in every contract, at 6-8 tricks left and mid-trick; and against a plain
minimax on the engine where the grouping bound is on."""

from __future__ import annotations

import pytest
from test_analysis_variety import minimax, position

from cardkit.analysis import variety as AV
from cardkit.games import variety as V


def analyse_both(st, monkeypatch):
    AV.clear_table()
    with_bounds = AV.analyse(st)
    AV.clear_table()
    monkeypatch.setattr(AV, "_BOUNDS", False)
    plain = AV.analyse(st)
    monkeypatch.setattr(AV, "_BOUNDS", True)
    AV.clear_table()
    return with_bounds, plain


@pytest.mark.parametrize("contract", range(1, 9))
def test_bounds_change_no_value(contract, monkeypatch):
    rules = V.Rules(contract_values="halved_2_7") if contract in (2, 7) else None
    for i, cards in enumerate((24, 27, 29, 32, 26, 30)):
        st = position(9100 + 37 * contract + i, contract, cards, rules)
        got, want = analyse_both(st, monkeypatch)
        assert got == want, (contract, cards, st.to_json())


@pytest.mark.parametrize("contract", (4, 5, 8))
def test_bounds_equal_minimax(contract):
    for i, cards in enumerate((16, 18, 19, 20)):
        st = position(9700 + 41 * contract + i, contract, cards)
        AV.clear_table()
        got = AV.solve(st).value
        assert got == minimax(st, {}), (contract, cards, st.to_json())


def test_grouping_bound_is_on_where_values_have_both_signs():
    on = {c for c in range(1, 9) if AV._Ctx(position(5, c, 40), None).prm[4]}
    assert on == {4, 5}


def test_mixed_values_table_shared_across_deals_equals_minimax():
    """Contract 5 (suits of mixed values): the table's entries keep the kept cards' values
    and the bucket each hand's cards of each value, so an entry answers positions whose
    scoring cards below the kept ones have other ranks. Many deals with the same declarers
    share the table (not cleared between them): every value equals the engine minimax."""
    import random

    from cardkit.simulate.variety import auction_for

    AV.clear_table()
    for seed in range(24):
        rng = random.Random(5000 + seed)
        dealer = rng.randrange(4)
        st = V.new_deal(seed=5000 + seed, dealer=dealer)
        for b in auction_for(5, (1, 3), dealer):
            st.apply_action(b)
        while sum(map(len, st.hands)) > 15 + seed % 6:
            st.apply_action(rng.choice(st.legal_actions()))
        sign = 1 if st.current_player in st.declarers else -1
        for card, v in AV.analyse(st).items():
            child = st.clone()
            child.apply_action(card)
            assert v == sign * minimax(child, {}), (seed, str(card), st.to_json())

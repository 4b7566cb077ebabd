"""cardkit.analysis.dd_table: Variety's double-dummy table (issue 20), RULES.md §1.2–§1.6.

Contracts 1 and 2 with the declarers opposite are bridge deals, so their cells are checked
against DDS's own double-dummy table (endplay's ``calc_dd_table``): with the default lead
(§1.4, the seat on the first namer's left), the first namer is bridge's declarer. The other
cells are checked against ``solve`` of the same deal bid to that contract by that pair.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardkit import analysis as A
from cardkit.errors import CardkitError, StateError
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.simulate.variety import auction_for


def bid(state, contract, pair):
    s = V.new_deal(hands=[list(h) for h in state.initial_hands], dealer=state.dealer, rules=state.rules)
    for b in auction_for(contract, pair, state.dealer):
        s.apply_action(b)
    return s


def margin_from_tricks(contract: int, d: int) -> int:
    """The declarers' margin taking ``d`` of 13 tricks (RULES.md §1.2, §1.6, written out)."""
    mine, theirs = ((12, 0) if d > 13 - d else (0, 12)) if contract == 1 else (2 * d, 2 * (13 - d))
    return mine - theirs - (10 if mine <= theirs else 0)


@pytest.mark.parametrize("seed", [11, 12])
def test_contracts_1_2_opposite_equal_dds(seed):
    dds = pytest.importorskip("endplay.dds")
    from endplay.types import Deal, Denom, Player
    s = V.new_deal(seed=seed, dealer=seed % 4)
    T = A.dd_table(s, contracts=[1, 2], pairs=[(a, (a + 2) % 4) for a in range(4)])
    assert T.unsolved == () and len(T.margins) == 8
    pbn = " ".join(".".join("".join(c.rank.char for c in sorted(h, key=lambda c: -int(c.rank)) if int(c.suit) == su)
                            for su in range(4)) for h in s.initial_hands)
    table = dds.calc_dd_table(Deal("N:" + pbn))
    for a in range(4):
        pair = (a, (a + 2) % 4)
        assert T.leaders[(1, pair)] == (a + 1) % 4
        for c, denom in ((1, Denom.nt), (2, Denom.clubs)):
            assert T.margin(c, pair) == margin_from_tricks(c, table[denom, Player(a)]), (c, pair)


def test_cells_equal_solve_and_play_does_not_change_the_table():
    s = V.new_deal(seed=21, dealer=1)
    few = [(0, 1), (1, 0), (2, 1), (3, 1)]
    T = A.dd_table(s, contracts=[1], pairs=few)
    assert set(T.margins) == {(1, p) for p in few}
    for pair in few:
        assert T.margin(1, pair) == A.solve(bid(s, 1, pair)).value
    # the same deal later in its play: the table is of the deal as dealt
    p = bid(s, 1, (0, 1))
    for _ in range(6):
        p.apply_action(p.legal_actions()[0])
    assert A.dd_table(p, contracts=[1], pairs=few).margins == T.margins
    arr = T.array()
    assert arr.shape == (8, 4, 4) and np.isnan(arr[0].diagonal()).all() and np.isnan(arr[1:]).all()
    assert arr[0, 2, 1] == T.margin(1, (2, 1))


def test_point_contract_cell_equals_solve():
    s = V.new_deal(seed=30, dealer=0)
    T = A.dd_table(s, contracts=[3], pairs=[(1, 3)], max_nodes=8_000_000)
    assert T.unsolved == ()
    assert T.margin(3, (1, 3)) == A.solve(bid(s, 3, (1, 3)), max_nodes=8_000_000).value


def test_lead_variant_solves_each_side_once_and_progress_counts():
    seen = []
    s = V.new_deal(seed=23, dealer=2, rules=V.Rules(lead="left_of_dealer"))
    T = A.dd_table(s, contracts=[1], progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 6) for i in range(1, 7)]
    assert all(T.leaders[(1, p)] == 3 for p in A.ddtable.PAIRS)
    for a, b in A.ddtable.PAIRS:
        assert T.margin(1, (a, b)) == T.margin(1, (b, a))
    seen.clear()
    A.dd_table(V.new_deal(seed=23, dealer=2), contracts=[1], pairs=[(0, 1), (1, 0)],
               progress=lambda d, t: seen.append(t))
    assert seen[-1] == 2


def test_node_limit_leaves_cells_unsolved():
    s = V.new_deal(seed=24, dealer=0)
    T = A.dd_table(s, contracts=[2], max_nodes=1)
    assert len(T.unsolved) == 12 and T.nodes > 0 and all(T.margins[k] is None for k in T.unsolved)
    assert T.best((0, 2)) == (0, None)


def test_refusals():
    with pytest.raises(StateError, match=r"Warsaw Hearts.*no contracts"):
        A.dd_table(W.new_deal(players=4, seed=1))
    with pytest.raises(StateError, match=r"Armenian Durak.*no contracts"):
        A.dd_table(D.new_deal(seed=1))
    with pytest.raises(StateError, match="Variety state"):
        A.dd_table("N:AKQJ...")
    s = V.new_deal(seed=1)
    for bad in ([0], [9], "12", [1.5], [], [True]):
        with pytest.raises(CardkitError, match="contracts"):
            A.dd_table(s, contracts=bad)
    with pytest.raises(CardkitError, match="max_nodes"):
        A.dd_table(s, contracts=[1], max_nodes=0)
    with pytest.raises(CardkitError, match="progress"):
        A.dd_table(s, contracts=[1], progress=3)
    for bad in ([(0, 0)], [(0, 4)], [(0,)], "01", [], [(True, 2)], [(0.5, 1)]):
        with pytest.raises(CardkitError, match="pairs"):
            A.dd_table(s, contracts=[1], pairs=bad)
    T = A.dd_table(s, contracts=[1], pairs=[(0, 1)])
    with pytest.raises(CardkitError, match="pairs"):
        T.margin(1, (0, 0))
    with pytest.raises(CardkitError):
        T.margin(2, (0, 1))

"""The Variety solver's table and threads (issue 31): each feature switched off gives the
same values on the same positions, and the searches spread over threads give the values
of one thread.

- move to front: an entry that answers a lookup moves to its bucket's head
  (``variety._MOVE_TO_FRONT``), so the next lookup compares fewer entries;
- a table emptied when the contract or the declarers change clears only its buckets (the
  entries are rewritten when taken), so only the entries used take memory;
- :func:`cardkit.analysis.variety.solve_values` and ``dd_table(workers=...)``: the kernel
  releases the GIL and each thread keeps its own table.
"""

from __future__ import annotations

import pytest
from test_analysis_variety import minimax, position

from cardkit import analysis as A
from cardkit.analysis import variety as AV
from cardkit.errors import CardkitError, StateError
from cardkit.games import variety as V


def analyse_fresh(st):
    AV.clear_table()
    out = AV.analyse(st)
    AV.clear_table()
    return out


@pytest.mark.parametrize("contract", range(1, 9))
def test_move_to_front_changes_no_value(contract, monkeypatch):
    for i, cards in enumerate((24, 27, 29, 32)):
        st = position(9300 + 53 * contract + i, contract, cards)
        on = analyse_fresh(st)
        monkeypatch.setattr(AV, "_MOVE_TO_FRONT", False)
        off = analyse_fresh(st)
        monkeypatch.setattr(AV, "_MOVE_TO_FRONT", True)
        assert on == off, (contract, cards, st.to_json())


def test_move_to_front_switch_reaches_the_kernel():
    st = position(9301, 3, 28)
    assert AV._Ctx(st, None).prm[7] == 1


def test_table_kept_across_contracts_equals_minimax():
    """One table through positions of contracts 3, 4, 3, 5, 3 (cleared at each change: its
    buckets only, the entries left behind rewritten when taken): each value is the engine's
    minimax, as with a fresh table."""
    AV.clear_table()
    for k, contract in enumerate((3, 4, 3, 5, 3, 8, 3)):
        st = position(7100 + k, contract, 18)
        got = AV.solve(st).value
        assert got == minimax(st, {}), (contract, st.to_json())
    AV.clear_table()


def test_solve_values_equal_solve_value_one_or_two_threads():
    states = [position(8800 + i, c, 20) for i, c in enumerate((2, 3, 3, 5, 7, 8, 3, 4))]
    want = []
    for st in states:
        AV.clear_table()
        want.append(AV.solve_value(st))
    AV.clear_table()
    assert AV.solve_values(states, workers=1) == want
    seen = []
    assert AV.solve_values(states, workers=2, progress=lambda d, t: seen.append((d, t))) == want
    assert seen[-1] == (len(states), len(states)) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_solve_values_over_the_cap_is_none_and_bad_input_one_line():
    st = position(8900, 5, 40)
    assert AV.solve_values([st], max_nodes=1) == [None]
    assert AV.solve_values([]) == []
    over = position(8901, 2, 4)
    while not over.is_terminal():
        over.apply_action(over.legal_actions()[0])
    assert AV.solve_values([over]) == [AV.margin_of(over)]
    for bad in (0, -1, 2.0, "2", True, 65):
        with pytest.raises(CardkitError, match=r"^solve_values\(workers=") as e:
            AV.solve_values([st], workers=bad)
        assert "\n" not in str(e.value)
    with pytest.raises(CardkitError):
        AV.solve_values([st], max_nodes=0)
    with pytest.raises(CardkitError):
        AV.solve_values([st], progress=3)
    with pytest.raises(StateError):
        AV.solve_values([st, "N:AKQ"])
    with pytest.raises(StateError):
        AV.solve_values([V.new_deal(seed=1)])


def test_dd_table_two_threads_equals_one():
    s = V.new_deal(seed=41, dealer=3)
    pairs = [(0, 2), (2, 0), (1, 2), (3, 0)]
    one = A.dd_table(s, contracts=[1, 2, 3], pairs=pairs, workers=1)
    seen = []
    two = A.dd_table(s, contracts=[1, 2, 3], pairs=pairs, workers=2, progress=lambda d, t: seen.append((d, t)))
    assert two.margins == one.margins and two.unsolved == () and two.nodes > 0
    total = seen[-1][1]
    assert [d for d, _ in seen] == list(range(1, total + 1))
    for bad in (0, 2.5, "two", 100):
        with pytest.raises(CardkitError, match=r"^dd_table\(workers="):
            A.dd_table(s, contracts=[1], workers=bad)


def test_guess_from_last_changes_no_value(monkeypatch):
    """MTD(f)'s first guess from the previous position solved with the same table (worlds
    of one decision, cells of one contract and side): the values are those with the guess 0."""
    states = [position(8700 + i, 3 if i % 2 else 7, 24) for i in range(6)]
    s = V.new_deal(seed=43, dealer=0)
    pairs = [(0, 2), (2, 0), (1, 3), (3, 1)]
    AV.clear_table()
    on = AV.solve_values(states, workers=1)
    T_on = A.dd_table(s, contracts=[2, 3], pairs=pairs, workers=1)
    monkeypatch.setattr(AV, "_GUESS_FROM_LAST", False)
    AV.clear_table()
    assert AV.solve_values(states, workers=1) == on
    assert A.dd_table(s, contracts=[2, 3], pairs=pairs, workers=1).margins == T_on.margins
    AV.clear_table()


def test_default_threads_follow_the_environment_and_the_cores(monkeypatch):
    import os
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "1")
    assert AV.default_workers() == 1
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "3")
    assert AV.default_workers() == 3
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    for junk in ("", "0", "two", "-1", "100", "²", "٣", "1.5"):
        monkeypatch.setenv("CARDKIT_SOLVER_THREADS", junk)
        assert AV.default_workers() == max(1, min(2, cores))

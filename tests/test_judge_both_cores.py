"""The judge's worlds solved on two threads (issue 31: "both cores"): the same figures as
on one wherever every world is solved, the same figures run after run, each thread with
its own table, and the progress told once per world."""

import threading

import pytest

from cardkit import analysis as A
from cardkit.analysis import judge as J, variety as AV
from cardkit.analysis._exact_worlds import shares
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.simulate.variety import auction_for


def _late(game: str):
    """A position a few tricks from the end, where every world is solved exactly."""
    if game == "variety":
        st = V.new_deal(seed=11, dealer=2)
        for b in auction_for(5, (1, 3), 2):
            st.apply_action(b)
        left = 20
    elif game == "warsaw_hearts":
        st, left = W.new_deal(seed=11, players=4), 14
    else:
        st, left = D.new_deal(seed=11), 14
        while st.phase == "trump":
            st.apply_action(st.legal_actions()[0])
    while J.cards_left(st) > left or st.phase == "draw":
        st.apply_action(st.legal_actions()[-1])
    return st


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_two_threads_give_one_threads_figures(game, monkeypatch):
    st = _late(game)
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "1")
    one = A.estimate(st, samples=6, seed=3)
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "2")
    two = A.estimate(st, samples=6, seed=3)
    again = A.estimate(st, samples=6, seed=3)
    assert one.method == two.method == "exact" and two.exact_worlds == 6
    assert one.values == two.values == again.values and one.stderr == two.stderr


def test_progress_is_told_once_per_world_in_order_on_two_threads(monkeypatch):
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "2")
    seen = []
    A.estimate(_late("variety"), samples=5, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 5) for i in range(1, 6)]


def test_the_worlds_are_solved_in_two_threads_at_once(monkeypatch):
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "2")
    names, real = [], AV.analyse

    def traced(state, *, max_nodes=None):
        names.append(threading.current_thread().name)
        return real(state, max_nodes=max_nodes)

    monkeypatch.setattr(AV, "analyse", traced)
    A.estimate(_late("variety"), samples=4, seed=2)
    assert len(names) == 4 and len(set(names)) == 2
    assert all(n.startswith("cardkit-worlds") for n in names)


def test_a_worker_threads_search_keeps_its_own_table():
    st = _late("variety")
    AV.clear_table()
    AV.solve_value(st)
    main = AV._TT_CACHE["arrays"][2].copy()        # rows in use in the main thread's table
    seen = {}

    def other():
        AV.clear_table()                           # empties only this thread's table
        seen["value"] = AV.solve_value(st)
        seen["own"] = AV._own_cache() is not AV._TT_CACHE

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen["own"] and seen["value"] == AV.solve_value(st)
    assert (AV._TT_CACHE["arrays"][2] == main).all()


def test_worlds_are_dealt_to_the_threads_in_turn():
    assert [list(r) for r in shares(5, 2)] == [[0, 2, 4], [1, 3]]
    assert [list(r) for r in shares(1, 2)] == [[0]]
    assert sorted(i for r in shares(32, 3) for i in r) == list(range(32))


def test_a_search_error_in_a_thread_reaches_the_caller_and_nothing_hangs(monkeypatch):
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "2")
    real, calls = AV.analyse, []

    def broken(state, *, max_nodes=None):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("a broken search")
        return real(state, max_nodes=max_nodes)

    monkeypatch.setattr(AV, "analyse", broken)
    with pytest.raises(RuntimeError, match="a broken search"):
        A.estimate(_late("variety"), samples=6, seed=2)
    assert threading.active_count() < 20 and not any(t.name.startswith("cardkit-worlds") and t.is_alive()
                                                     for t in threading.enumerate())


def test_a_time_budget_on_two_threads_still_values_two_worlds(monkeypatch):
    monkeypatch.setenv("CARDKIT_SOLVER_THREADS", "2")
    est = A.estimate(_late("variety"), samples=30, seed=2, seconds=1e-9)
    assert 2 <= est.samples < 30


class _SlowBackend:
    """A stand-in solver: each world takes a few milliseconds; world ``bad`` raises."""

    def __init__(self, bad=None):
        self.bad, self.calls, self.lock = bad, 0, threading.Lock()

    def analyse(self, world, *, max_nodes=None):
        with self.lock:
            self.calls += 1
        if world == self.bad:
            raise RuntimeError("a broken search")
        threading.Event().wait(0.005)
        return {0: float(world)}


def test_an_error_in_one_thread_stops_the_other_threads_worlds():
    from cardkit.analysis._exact_worlds import solve_worlds

    backend = _SlowBackend(bad=0)
    with pytest.raises(RuntimeError, match="a broken search"):
        solve_worlds(backend, list(range(200)), [0], max_nodes=1, stop_early=False, workers=2)
    assert backend.calls < 20      # not the other thread's whole share of 100
    assert not any(t.name.startswith("cardkit-worlds") and t.is_alive() for t in threading.enumerate())


def test_an_interrupted_caller_stops_the_threads_and_is_interrupted():
    from cardkit.analysis._exact_worlds import solve_worlds

    backend = _SlowBackend()

    def progress(done, total):
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve_worlds(backend, list(range(200)), [0], max_nodes=1, stop_early=False, workers=2,
                     progress=progress)
    assert backend.calls < 30
    assert not any(t.name.startswith("cardkit-worlds") and t.is_alive() for t in threading.enumerate())

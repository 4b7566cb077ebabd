"""The UI-free controller (issues 13, 30): one bot loop (cardkit.core.bots.run_bots) used by
play_out, DealSeries.play_deal and the table session the play pages and the room drive; its undo
takes the deal back to the learner's last decision in one step, popping snapshots, never replaying."""

from __future__ import annotations

import inspect

import pytest

from cardkit import bots as bots_module, series as series_module
from cardkit.bots import Bot, RandomBot
from cardkit.core.bots import run_bots
from cardkit.errors import StateError
from cardkit.games import armenian_durak, variety, warsaw_hearts
from cardkit.state import TrickGameState


class Spy(Bot):
    """A random player that notes the observations it was given."""

    def __init__(self, seed, log):
        super().__init__(seed)
        self.log = log

    def act(self, obs):
        self.log.append((obs.seat, obs.current_player, len(obs.hand)))
        return obs.legal_actions[int(self.rng.integers(len(obs.legal_actions)))]


@pytest.fixture
def no_replay(monkeypatch):
    def replay(self, actions):
        raise AssertionError("the history was replayed")
    monkeypatch.setattr(TrickGameState, "_replay", replay)


@pytest.mark.parametrize("module", [variety, warsaw_hearts, armenian_durak])
def test_bots_act_from_their_own_seat_until_the_end(module):
    state = module.new_deal(seed=11)
    log: list = []
    players = [Spy(s, log) for s in range(state.players)]
    n = run_bots(state, players)
    assert state.is_terminal() and n == len(state.history) == len(log)
    assert all(seat == to_act for seat, to_act, _ in log)      # each bot saw its own seat, on its turn


def test_until_stops_before_the_learners_turn_and_hooks_run_in_order():
    state = variety.new_deal(seed=12, dealer=3)                  # seat 0 bids first
    calls: list = []
    players = {s: RandomBot(s) for s in (1, 2, 3)}
    n = run_bots(state, players, until=lambda st: st.current_player == 0)
    assert n == 0 and state.history == []                         # the learner (seat 0) is first
    state.apply_action(state.legal_actions()[0])
    n = run_bots(state, players.get, until=lambda st: st.current_player == 0,
                 before=lambda st, seat, bot: calls.append(("before", seat, len(st.history))),
                 after=lambda st, seat, bot: calls.append(("after", seat, len(st.history))))
    assert state.current_player == 0 or state.is_terminal()
    assert n == len(state.history) - 1
    # before and after each bot's choice, the action not yet applied
    assert calls[:2] == [("before", 1, 1), ("after", 1, 1)]
    assert len(calls) == 2 * n


def test_a_seat_without_a_bot_is_named():
    state = warsaw_hearts.new_deal(seed=13)
    with pytest.raises(StateError, match=f"seat {state.current_player} has no bot"):
        run_bots(state, {})
    assert state.history == []


def test_play_out_and_play_deal_use_the_one_loop():
    """No second copy of the loop: both call run_bots (and play the same deal as it)."""
    assert "run_bots(" in inspect.getsource(bots_module.play_out)
    assert "run_bots(" in inspect.getsource(series_module.DealSeries.play_deal)
    a, b = variety.new_deal(seed=14), variety.new_deal(seed=14)
    bots_module.play_out(a, [RandomBot(s) for s in range(4)])
    run_bots(b, [RandomBot(s) for s in range(4)])
    assert a.to_json() == b.to_json()


def test_play_deal_says_variety_remarks_during_the_bidding():
    game = variety.Game([variety.RuleBot(s) for s in range(4)], seed=15)
    game.play_deal()
    st = game.deals[-1]
    assert st.remarks and all(text.startswith("I bid") for _, text in st.remarks)


def test_undo_goes_back_to_the_learners_decision_without_replaying(no_replay):
    """A table session (the pages' and the room's) takes the deal back to the person's last
    decision in one step, popping snapshots, never replaying; a finished deal's result first."""
    from cardkit.table.table_session import TableSession
    state = warsaw_hearts.new_deal(seed=16)
    others = {s: RandomBot(s) for s in range(4) if s != 0}
    session = TableSession("warsaw_hearts", bot_for=others.__getitem__, seed=0)
    session.sit(0, "ann")
    session.play(state)
    positions = []
    while not state.is_terminal():
        positions.append(state.to_json())
        session.act(0, state.legal_actions()[0], "ann")
    assert len(positions) == 9 and session.recorded and len(session.results) == 1
    n = session.undo()
    assert session.results == [] and not session.recorded       # the finished deal's result first
    assert state.to_json() == positions[-1] and n == len(state.history)
    for i in reversed(range(len(positions) - 1)):
        session.undo()
        assert state.to_json() == positions[i]
    assert not session.can_undo
    with pytest.raises(StateError, match="nothing to undo"):
        session.undo()


def test_the_dashboard_undoes_without_replaying(no_replay):
    pytest.importorskip("ipywidgets")
    from cardkit_widgets import WarsawHeartsTable
    from cardkit_widgets._dashboard import DealDashboard
    source = inspect.getsource(DealDashboard)
    assert ".settle()" in inspect.getsource(DealDashboard._run_bots)   # the table session's bot loop
    assert "undo_action" not in source and ".act(st.observation" not in source
    t = WarsawHeartsTable(seed=18)
    start = t.state.to_json()
    for _ in range(3):
        t.act(t.state.legal_actions()[0])
    assert len(t.state.history) > 3 + 6
    t.undo()
    t.undo()
    t.undo()
    assert t.state.to_json() == start and t.last_error is None


def test_bots_act_in_one_loop_of_the_package():
    """Issue 30: ``bot.act(`` appears in one function of the package, the one bot loop
    (:func:`cardkit.core.bots.run_bots`); the room's table session and the dashboards call it."""
    import ast
    import pathlib

    root = pathlib.Path(bots_module.__file__).parents[2]
    found = []
    for base in ("cardkit", "widgets"):
        for path in sorted((root / base).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    body = ast.get_source_segment(path.read_text(encoding="utf-8"), node) or ""
                    inner = [n for n in ast.walk(node) if n is not node
                             and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
                    if "bot.act(" in body and not any("bot.act(" in (ast.get_source_segment(
                            path.read_text(encoding="utf-8"), n) or "") for n in inner):
                        found.append(f"{path.relative_to(root)}:{node.name}")
    assert found == ["cardkit/core/bots.py:run_bots"]
    from cardkit.table import table_session
    assert "run_bots(" in inspect.getsource(table_session.TableSession.settle)

"""benchmarks/mine_problems.py plays its deals with cardkit.core.bots.run_bots (issue 13):
its ``play`` sees each bot's choice before it is applied, and gives the deal a plain bot
loop gives with the same seeded bots."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _mine():
    spec = importlib.util.spec_from_file_location("mine_problems", ROOT / "benchmarks" / "mine_problems.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _plain_loop(state, bots):
    while not state.is_terminal():
        seat = state.current_player
        state.apply_action(bots[seat].act(state.observation(seat)))
    return state


def test_play_is_the_plain_bot_loop_and_looks_before_each_action():
    mine = _mine()
    for game in ("warsaw_hearts", "armenian_durak"):
        state, Bot = mine.new(game, 3)
        seen = []

        def look(st, seat, choice, seen=seen):
            assert st.current_player == seat and choice in st.legal_actions()
            seen.append((len(st.history), choice))

        mine.play(state, [Bot(seed=30 + s) for s in range(state.players)], look, say=False)
        plain, _ = mine.new(game, 3)
        _plain_loop(plain, [Bot(seed=30 + s) for s in range(plain.players)])
        assert state.is_terminal() and list(state.history) == list(plain.history)
        assert seen == [(i, a) for i, a in enumerate(plain.history)]


def test_play_stops_where_until_says():
    mine = _mine()
    state, Bot = mine.new("warsaw_hearts", 4)
    bots = [Bot(seed=s) for s in range(state.players)]
    mine.play(state, bots, lambda *a: None, until=lambda st: len(st.history) >= 5)
    assert len(state.history) == 5 and not state.is_terminal()

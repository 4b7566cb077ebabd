"""Undo as a stack of snapshots (issue 13, python-chess's push/pop): undo pops the
snapshot taken before the action and restores it, without replaying the deal; replaying
the history is only the fallback (a history changed by hand, a failed apply)."""

from __future__ import annotations

import pytest
from registry_games import GAMES

from cardkit.bots import RandomBot
from cardkit.errors import StateError
from cardkit.games import variety, warsaw_hearts
from cardkit.state import TrickGameState


def _view(state) -> dict:
    """Everything a state holds but its undo stack (tricks as plain values)."""
    out = {}
    for k, v in state.__dict__.items():
        if k == TrickGameState._UNDO:
            continue
        if k == "tricks":
            v = [(t.leader, list(t.cards), t.winner) for t in v]
        out[k] = v
    return out


def _random_deal(module, seed: int):
    state = module.new_deal(seed=seed)
    bots = [RandomBot(seed * 10 + s) for s in range(state.players)]
    views, jsons = [], []
    while not state.is_terminal():
        views.append(_view(state.clone()))
        jsons.append(state.to_json())
        seat = state.current_player
        state.apply_action(bots[seat].act(state.observation(seat)))
    return state, views, jsons


@pytest.fixture
def no_replay(monkeypatch):
    """Replaying the history fails the test: undo must not use it."""
    def replay(self, actions):
        raise AssertionError("undo replayed the history")
    monkeypatch.setattr(TrickGameState, "_replay", replay)


@pytest.mark.parametrize("game", list(GAMES))
def test_undo_restores_every_earlier_position_without_replaying(game, no_replay):
    for seed in (1, 2):
        state, views, jsons = _random_deal(GAMES[game], seed)
        assert len(views) == len(state.history) > 10
        for i in reversed(range(len(views))):
            state.undo_action()
            assert len(state.history) == i
            assert _view(state) == views[i]
            assert state.to_json() == jsons[i]
        with pytest.raises(StateError):
            state.undo_action()


@pytest.mark.parametrize("game", list(GAMES))
def test_undo_to_goes_back_several_actions_and_play_goes_on(game, no_replay):
    state, views, _ = _random_deal(GAMES[game], 3)
    end = state.to_json()
    actions = list(state.history)
    state.undo_to(5)
    assert _view(state) == views[5]
    for a in actions[5:]:                     # the same actions again: the same end
        state.apply_action(a)
    assert state.to_json() == end
    state.undo_to(len(state.history))         # nothing to take back: unchanged
    assert state.to_json() == end


@pytest.mark.parametrize("bad", [-1, 10_000, 2.0, "3", None, True])
def test_undo_to_refuses_a_bad_length_and_changes_nothing(bad):
    state, _, _ = _random_deal(variety, 4)
    before = state.to_json()
    with pytest.raises(StateError, match="undo_to"):
        state.undo_to(bad)
    assert state.to_json() == before


def test_a_clone_shares_snapshots_but_undoing_it_leaves_the_original():
    state, views, _ = _random_deal(warsaw_hearts, 5)
    end = _view(state)
    twin = state.clone()
    twin.undo_to(3)
    assert _view(twin) == views[3]
    assert _view(state) == end
    state.undo_to(3)
    assert _view(state) == views[3]


def test_a_history_changed_by_hand_falls_back_on_replay(monkeypatch):
    """When the stack does not match the history (no stack, or a history set by hand as the
    analysis's sampled worlds do), undo replays: slower, still right."""
    state, views, _ = _random_deal(variety, 6)
    del state.__dict__[TrickGameState._UNDO]
    calls = []
    real = TrickGameState._replay
    monkeypatch.setattr(TrickGameState, "_replay", lambda self, a: calls.append(len(a)) or real(self, a))
    state.undo_action()
    assert calls == [len(views) - 1]
    assert _view(state) == views[-1]
    # the stack rebuilt by the replay serves the next undo
    state.undo_action()
    assert calls == [len(views) - 1]
    assert _view(state) == views[-2]


def test_snapshots_are_not_changed_by_later_play():
    """The position before an action is restored as it was even after many later
    actions changed the hands, tricks and taken cards in place."""
    state = variety.new_deal(seed=7)
    first = _view(state.clone())
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    state.undo_to(0)
    assert _view(state) == first


def test_variety_remarks_go_with_the_bid_they_came_with():
    """A remark said before a bid (a bot's reason for it) goes when that bid is undone, as
    it did when undo replayed the deal."""
    state = variety.new_deal(seed=8)
    state.say(state.current_player, "I like clubs")
    state.apply_action(state.legal_actions()[0])
    state.say(state.current_player, "me too")
    state.apply_action(state.legal_actions()[0])
    state.undo_action()
    assert [t for _, t in state.remarks] == ["I like clubs"]
    state.undo_action()
    assert state.remarks == [] and state.history == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_snapshot_every_few_actions_and_undo_to_any_length(game, no_replay):
    """Snapshots are taken before every ``UNDO_EVERY``-th action only (copying the whole
    state before each action cost a third of a bot-played deal); undo_to any earlier
    length, straight from the end, restores exactly that position."""
    state, views, jsons = _random_deal(GAMES[game], 9)
    every = TrickGameState.UNDO_EVERY
    assert every > 1
    stack = state.__dict__[TrickGameState._UNDO]
    assert [m for m, _ in stack] == list(range(0, len(state.history), every))
    for k in range(len(views)):
        twin = state.clone()
        twin.undo_to(k)
        assert _view(twin) == views[k] and twin.to_json() == jsons[k]
        if k < len(views) - 1:  # play goes on from there as before
            twin.apply_action(state.history[k])
            assert _view(twin) == views[k + 1]


def _other_line(module, seed: int, length: int, changed: int):
    """The actions of ``module.new_deal(seed=seed)`` played by random bots to ``length``
    actions, and another line of the same length whose action ``changed`` differs."""
    state, _, _ = _random_deal(module, seed)
    line = list(state.history[:length])
    other = module.new_deal(seed=seed)
    for a in line[:changed]:
        other.apply_action(a)
    other.apply_action(next(a for a in other.legal_actions() if a != line[changed]))
    bots = [RandomBot(seed * 10 + 100 + s) for s in range(other.players)]
    while len(other.history) < length:
        seat = other.current_player
        other.apply_action(bots[seat].act(other.observation(seat)))
    return line, list(other.history)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("how", ["in place", "new list"])
def test_a_history_replaced_by_one_of_the_same_length_is_replayed(game, how):
    """A history changed by hand to another line of the same length (a middle action
    replaced) is not the one the snapshots were taken for: undo gives the position of the
    new line (it used to restore a snapshot of the old line and apply the new line's
    actions after it: a ValueError half way, or silently another position)."""
    module = GAMES[game]
    line, other = _other_line(module, 11, 20, 5)
    state = module.new_deal(seed=11)
    for a in line:
        state.apply_action(a)
    if how == "in place":
        state.history[:] = other
    else:
        state.history = list(other)
    state.undo_to(12)
    fresh = module.new_deal(seed=11)
    for a in other[:12]:
        fresh.apply_action(a)
    assert _view(state) == _view(fresh) and state.to_json() == fresh.to_json()
    for a in other[12:]:  # and play goes on along the new line
        state.apply_action(a)
        fresh.apply_action(a)
    state.undo_action()
    fresh.undo_action()
    assert _view(state) == _view(fresh)


def test_a_stack_pickled_with_only_its_length_is_replayed():
    """A state pickled while the stack kept only the history's length (no copy of the
    actions) reads back; such a stack matches no history, so its first undo replays and
    gives the position of the history."""
    import pickle

    from cardkit.state import _UndoStack

    state = variety.new_deal(seed=12)
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    older = _UndoStack.__new__(_UndoStack)       # what unpickling the older stack did:
    list.extend(older, state.__dict__[TrickGameState._UNDO])
    older.length = 10                            # its items, then its slot 'length'
    copy.__dict__[TrickGameState._UNDO] = older
    copy.undo_to(3)
    fresh = variety.new_deal(seed=12)
    for _ in range(3):
        fresh.apply_action(fresh.legal_actions()[0])
    assert _view(copy) == _view(fresh) and copy.to_json() == fresh.to_json()

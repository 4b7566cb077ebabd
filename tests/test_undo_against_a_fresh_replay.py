"""Undo checked against a fresh replay: undo as a stack of snapshots in the
three games, the UI-free controller (DealSeries.act / play_bots / undo) and the exercises
of the lesson "Variety 5: playing the cards", driven as a hostile learner would.

The reference for every undo is independent of the snapshots: a fresh ``new_deal`` with
the same seed and rules, the shortened history applied action by action."""

from __future__ import annotations

import copy
import json
import os
import random
import re
from pathlib import Path

import numpy as np
import pytest
from registry_games import GAMES

from cardkit.bots import Bot, RandomBot
from cardkit.cards import deck
from cardkit.errors import CardkitError, IllegalActionError, NotationError, StateError
from cardkit.games import armenian_durak, variety, warsaw_hearts
from cardkit.records import deal_from_text, deal_to_text
from cardkit.state import TrickGameState

JUNK = [None, True, 1.5, "", "XX", "trump 99", "draw 7", "draw none", "trump 0", 0, 9, -1, 10 ** 30, "QH", "4", [],
        "AS" * 40]


def _view(state) -> dict:
    """Everything a state holds but its undo stack (tricks as plain values), copied."""
    out = {}
    for k, v in state.__dict__.items():
        if k == TrickGameState._UNDO:
            continue
        if k == "tricks":
            v = [(t.leader, list(t.cards), t.winner) for t in v]
        out[k] = copy.deepcopy(v)
    return out


def _summary(state) -> dict:
    """What a player or a UI asks a state: JSON, legal actions, every observation, scores."""
    out = {"json": state.to_json(), "legal": state.legal_actions(), "phase": state.phase,
           "to_act": state.current_player, "obs": [state.observation(s) for s in range(state.players)]}
    if state.is_terminal():
        out["returns"] = state.returns()
    return out


def _rules(module, rng):
    kw = {k: rng.choice(v) for k, v in module.Rules.choices.items()}
    if module is warsaw_hearts:
        kw["players"] = rng.choice([3, 4])
    return module.Rules(**kw)


def _replayed(module, seed, rules, history):
    state = module.new_deal(seed=seed, rules=rules)
    for a in history:
        state.apply_action(a)
    return state


def _refuse(state, action) -> None:
    """``action`` is refused with one of the project's errors and changes nothing."""
    before = _view(state)
    with pytest.raises(CardkitError):
        state.apply_action(action)
    assert _view(state) == before


# ---- 1. undo in the three games --------------------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
def test_random_play_with_refusals_and_undos_equals_a_fresh_replay(game):
    """Random deals under random rule variants: legal actions, refused junk, undo_action,
    undo_to, clones and JSON reloads interleaved; after every undo the state answers
    everything as a fresh replay of the shortened history does."""
    module = GAMES[game]
    cards = list(deck(52))
    for d in range(200):
        rng = random.Random(d)
        seed, rules = rng.randrange(10 ** 6), _rules(module, rng)
        state = module.new_deal(seed=seed, rules=rules)
        for _ in range(rng.randrange(5, 60)):
            r = rng.random()
            if r < 0.15:
                a = rng.choice(JUNK + cards)
                if not state.is_legal(a):
                    _refuse(state, a)
            elif r < 0.25 and state.history:
                state.undo_to(max(0, len(state.history) - rng.choice([1, 2, 5])))
            elif r < 0.3:
                state = type(state).from_json(state.to_json())
            elif r < 0.35:
                twin = state.clone()
                if twin.history:
                    twin.undo_action()
            elif not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        n = rng.randrange(len(state.history) + 1)
        if rng.random() < 0.5:
            state.undo_to(n)
        else:
            while len(state.history) > n:
                state.undo_action()
        ref = _replayed(module, seed, rules, state.history)
        assert _summary(state) == _summary(ref), (game, d)
        assert _view(state) == _view(ref), (game, d)


@pytest.mark.parametrize("game", list(GAMES))
def test_undo_after_a_refused_action_and_past_the_start(game):
    module = GAMES[game]
    state = module.new_deal(seed=11)
    start = _view(state)
    for a in ("XX", None, 10 ** 30, "AS" * 40):
        _refuse(state, a)
    with pytest.raises(StateError):                       # nothing to undo: unchanged
        state.undo_action()
    assert _view(state) == start
    first = state.legal_actions()[0]
    state.apply_action(first)
    after_one = _view(state)
    bad = next(c for c in deck(52) if not state.is_legal(c))
    _refuse(state, bad)
    assert _view(state) == after_one
    state.undo_action()                                  # takes back the legal one, not the refused one
    assert _view(state) == start and state.history == []
    with pytest.raises(StateError):
        state.undo_action()
    state.undo_to(0)                                     # nothing to take back: fine, unchanged
    assert _view(state) == start


@pytest.mark.parametrize("bad", [-1, np.int64(-1), 10_000, 2 ** 70, True, False, np.bool_(True), 2.0, float("nan"),
                                 "3", "", None, [1]])
@pytest.mark.parametrize("game", list(GAMES))
def test_undo_to_a_bad_length_raises_a_value_error_of_the_project_and_changes_nothing(game, bad):
    state = GAMES[game].new_deal(seed=5)
    for _ in range(7):
        state.apply_action(state.legal_actions()[-1])
    before, stack = _view(state), list(state.__dict__[TrickGameState._UNDO])
    with pytest.raises(StateError, match="undo_to") as e:
        state.undo_to(bad)
    assert isinstance(e.value, ValueError) and len(str(e.value)) < 300
    assert _view(state) == before and state.__dict__[TrickGameState._UNDO] == stack
    state.undo_to(np.int64(3))                           # a numpy whole number is a number
    assert len(state.history) == 3


@pytest.mark.parametrize("game", list(GAMES))
def test_clones_undo_and_play_on_independently(game):
    module = GAMES[game]
    state = module.new_deal(seed=21)
    rng = random.Random(1)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    mine, history = _view(state), list(state.history)
    twin = state.clone()
    twin.undo_to(4)
    for _ in range(6):                                    # other actions on the clone
        twin.apply_action(twin.legal_actions()[-1])
    twin.undo_to(2)
    assert _view(state) == mine
    state.undo_to(8)                                      # the original's own snapshots are intact
    assert _view(state) == _view(_replayed(module, 21, state.rules, history[:8]))
    assert _view(twin) == _view(_replayed(module, 21, state.rules, history[:2]))


@pytest.mark.parametrize("game", list(GAMES))
def test_undo_then_new_actions_then_undo_again(game):
    module = GAMES[game]
    state = module.new_deal(seed=33)
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    state.undo_to(5)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])     # another line from action 5
    line = list(state.history)
    state.undo_to(7)
    assert state.history == line[:7]
    assert _summary(state) == _summary(_replayed(module, 33, state.rules, line[:7]))
    state.undo_to(0)
    assert _summary(state) == _summary(module.new_deal(seed=33))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_saved_and_reloaded_is_undone_as_the_original(game):
    module = GAMES[game]
    for seed in range(12):
        rng = random.Random(seed)
        state = module.new_deal(seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        for loaded in (type(state).from_json(state.to_json()), deal_from_text(deal_to_text(state))):
            assert loaded.to_json() == state.to_json()
            n = rng.randrange(len(loaded.history) + 1)
            loaded.undo_to(n)
            assert _summary(loaded) == _summary(_replayed(module, seed, state.rules, state.history[:n]))


def test_a_durak_deal_text_with_only_the_trump_drawn_reads_back():
    """deal_to_text writes the lone action ``trump 3`` without a comma; it was read back as
    two actions, ``trump`` and ``3``, and refused."""
    state = armenian_durak.new_deal(seed=4)
    state.apply_action("trump 3")
    loaded = deal_from_text(deal_to_text(state))
    assert loaded.to_json() == state.to_json() and loaded.phase == "play"
    text = deal_to_text(state).replace('"trump 3"', '"trump 3 draw"')
    with pytest.raises(NotationError):
        deal_from_text(text)


def test_durak_trump_phase_and_draw_phase_undone():
    for seed in range(30):
        state = armenian_durak.new_deal(seed=seed)
        assert state.phase == "trump"
        trump_start = _summary(state)
        state.apply_action(state.legal_actions()[2])
        assert state.trump is not None and state.phase == "play"
        state.undo_action()                               # the trump draw taken back
        assert _summary(state) == trump_start and state.trump is None and state.trump_card is None
        state.apply_action(state.legal_actions()[4])
        # play until a draw is offered, then undo both the draw and the card before it
        while state.phase != "draw" and not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        if state.phase != "draw":
            continue
        at_draw, n = _summary(state), len(state.history)
        draws = state.legal_actions()
        assert draws[-1] == armenian_durak.Draw(None)
        take = draws[0]
        hand = list(state.hands[state.current_player])
        state.apply_action(take)
        state.undo_action()
        assert _summary(state) == at_draw and state.phase == "draw"
        assert list(state.hands[state.current_player]) == hand
        state.undo_action()                               # the card that offered the draw
        ref = _replayed(armenian_durak, seed, state.rules, state.history)
        assert len(state.history) == n - 1 and _summary(state) == _summary(ref) and state.phase == "play"
        return
    raise AssertionError("no draw phase reached in 30 deals")


# ---- 2. the controller: a table session's act / settle / undo (the one the pages and the room use) ----

class _Liar(Bot):
    """A bot that answers with an action the rules forbid."""

    def act(self, observation):
        return 9 if observation.phase == "bidding" else "trump 99"


class _Boom(Bot):
    """A bot with a bug."""

    def act(self, observation):
        raise RuntimeError("bot bug")


def _session_with_human_first(bot_class):
    """A Variety table session whose person ("ann", one seat) bids first, the other seats
    played by ``bot_class`` bots."""
    from cardkit.table.table_session import TableSession
    st = variety.new_deal(seed=1)
    first = st.current_player
    bots = {s: bot_class(s) for s in range(4) if s != first}
    s = TableSession("variety", bot_for=bots.__getitem__, seed=0)
    s.sit(first, "ann")
    s.play(st)
    return s, first


def test_a_bots_illegal_action_after_the_humans_leaves_the_humans_action_undoable():
    """A bot's refused reply raises the engine's error; the person's bid stands in the session
    (the room writes nothing of such a change) and undo takes it back."""
    s, human = _session_with_human_first(_Liar)
    st = s.state
    bid = st.legal_actions()[0]
    with pytest.raises(IllegalActionError):
        s.act(human, bid, "ann")
    assert st.history == [bid] and st.current_player == (human + 1) % 4
    assert s.undo() == 0 and st.history == []


def test_a_bot_that_raises_leaves_the_humans_action_undoable():
    s, human = _session_with_human_first(_Boom)
    st = s.state
    with pytest.raises(RuntimeError, match="bot bug"):
        s.act(human, st.legal_actions()[0], "ann")
    assert len(st.history) == 1
    assert s.undo() == 0 and st.history == [] and st.current_player == human
    with pytest.raises(StateError):                       # nothing more to undo
        s.undo()


def test_out_of_turn_refused_and_undo_at_the_start():
    s, human = _session_with_human_first(RandomBot)
    st = s.state
    with pytest.raises(StateError):
        s.undo()
    s.act(human, st.legal_actions()[0], "ann")           # the bots bid until the person's turn
    assert st.current_player == human or st.is_terminal()
    before = st.to_json()
    for bad in ("not a bid", 99):
        with pytest.raises(CardkitError):
            s.act(human, bad, "ann")
    assert st.to_json() == before and s.can_undo
    bot_seat = (human + 1) % 4
    with pytest.raises(StateError, match="turn"):          # a bot's seat: not the person's turn
        s.act(bot_seat, st.legal_actions()[0], "ann")
    assert st.to_json() == before


@pytest.mark.parametrize("game", ["variety", "warsaw_hearts", "armenian_durak"])
def test_undo_after_a_finished_deal_takes_its_result_back(game):
    from cardkit.table.table_session import TableSession
    module = GAMES[game]
    st = module.new_deal(seed=7)
    seats = st.players
    bots = {s: RandomBot(s) for s in range(1, seats)}
    s = TableSession(game, bot_for=bots.__getitem__, seed=0)
    s.sit(0, "ann")
    s.play(st)
    rng = random.Random(0)
    while not st.is_terminal():
        s.act(0, rng.choice(st.legal_actions()), "ann")
    assert [r["returns"] for r in s.results] == [st.returns()] and s.recorded
    n = s.undo()
    assert not st.is_terminal() and s.results == [] and not s.recorded
    assert len(st.history) == n and st.current_player == 0       # the person's decision again
    assert _summary(st) == _summary(type(st).from_json(st.to_json()))
    while not st.is_terminal():                           # played again: one result, not two
        s.act(0, rng.choice(st.legal_actions()), "ann")
    assert len(s.results) == 1 and s.results[0]["returns"] == st.returns()
    s.play(module.new_deal(seed=8))
    with pytest.raises(StateError):                       # a new deal: nothing of the old one to undo
        s.undo()
    assert len(s.results) == 1



# ---- 3. the lesson "Variety 5: playing the cards", its exercises driven ----------------

LESSON = Path(__file__).resolve().parents[1] / "lessons" / "variety" / "5_card_play.ipynb"


@pytest.fixture(scope="module")
def lesson():
    """Every code cell of the lesson, run as the lesson runs them (from its folder), with
    display() a no-op."""
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    ns: dict = {}
    here = os.getcwd()
    os.chdir(LESSON.parent)
    try:
        for c in nb["cells"]:
            if c["cell_type"] == "code":
                src = "".join(c["source"]).replace("from IPython.display import HTML, display",
                                                   "from IPython.display import HTML\ndisplay = lambda *a, **k: None")
                exec(compile(src, "lesson cell", "exec"), ns)
    finally:
        os.chdir(here)
    return ns


def _text(widget) -> str:
    return re.sub(r"<[^>]+>", "", widget.value).replace("&nbsp;", " ")


def test_every_card_of_many_examples_clicked_wrong_then_right(lesson):
    from cardkit import analysis as A
    exercises = [lesson["ex_six"], lesson["ex_eight"], lesson["ex_draw"]]
    tally = lesson["tally"]
    judged: dict = {}
    firsts = right_firsts = 0
    for ex in exercises:
        for i in range(15):
            p = ex.question.extra["position"]
            values = judged.setdefault(id(p), A.analyse(p.state))
            top = max(values.values())
            choices = [v for _, v in ex.question.choices]
            assert sorted(map(str, choices)) == sorted(map(str, values))
            assert sorted(c.label for c in choices) == sorted(b.description for b in ex.buttons)  # a ten is 10
            order = list(range(len(choices)))
            if i % 3 == 0:                                  # sometimes the right card first
                order.sort(key=lambda j: values[choices[j]] != top)
            else:
                order.sort(key=lambda j: values[choices[j]] == top)
            for n, j in enumerate(order):
                ex.buttons[j].click()
                fb = _text(ex.feedback)
                right = values[choices[j]] == top
                assert fb.startswith("✔ Right." if right else "✘ Not right."), fb
                if not right:
                    cost = int(top - values[choices[j]])
                    assert f"costs {cost} point{'s' if cost != 1 else ''}:" in fb
                assert not re.search(r"Traceback|Error|Card\(|Suit\.|\bNone\b|\b[a-z]+_[a-z_]+\b", fb), fb
                assert not re.search(r"(?<![\w])-\d", fb), fb    # the minus sign is "−"
                if n == 0:
                    firsts += 1
                    right_firsts += right
            assert f"{ex.right} of {ex.answered} right" in _text(ex.status)
            prompt = _text(ex.prompt)
            assert not re.search(r"(?<![\w])-\d|Card\(|\bNone\b|\b[a-z]+_[a-z_]+\b", prompt), prompt
            ex.new_button.click()
            assert _text(ex.feedback) == ""
    assert sum(e.answered for e in exercises) == firsts == 45
    assert sum(e.right for e in exercises) == right_firsts == 15
    assert f"{right_firsts} of {firsts} right" in _text(tally)

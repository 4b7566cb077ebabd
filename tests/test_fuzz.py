"""Fuzzing every way in (issue 12 §2): random action sequences through every game and
variant, mixing legal, illegal and malformed actions, and mutated saved deals, deal codes,
deal texts and game records.

The contract checked: a bad input raises a :class:`cardkit.CardkitError` (never a bare
ValueError, TypeError, RecursionError ...), in one line that quotes at most about 60
characters of the input, and a refused action leaves the state exactly as it was (its
JSON, hands, tricks and history). ``is_legal`` answers True or False for anything and
agrees with ``apply_action``. Derandomized, so CI sees the same examples every run;
about 40 s in all on a quiet machine.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from registry_games import every_game

from cardkit import Card, CardkitError, Rank, Suit, codes, deck, records
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W

FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def fuzz(examples: int) -> settings:
    """The shared settings with ``examples`` examples: the budget of one test."""
    return settings(FUZZ, max_examples=examples)

#: Every game and variant: (name, a deal from a seed)
DEALERS = {
    "variety": lambda seed: V.new_deal(seed=seed, dealer=seed % 4),
    "variety-variants": lambda seed: V.new_deal(seed=seed, rules=V.Rules(lead="left_of_dealer", tie="no_bonus",
                                                                       contract_values="halved_2_7")),
    "warsaw_hearts-4": lambda seed: W.new_deal(seed=seed, players=4, dealer=seed % 4),
    "warsaw_hearts-3": lambda seed: W.new_deal(seed=seed, players=3, dealer=seed % 3),
    "armenian_durak-36": lambda seed: D.new_deal(seed=seed, dealer=seed % 2),
    "armenian_durak-52": lambda seed: D.new_deal(seed=seed, rules=D.Rules(deck=52, trump_six_double=True)),
    "armenian_durak-36-trump": lambda seed: D.new_deal(seed=seed, trump="H"),
}
every_game({g.split("-")[0] for g in DEALERS}, "DEALERS")

BIG = "9" * 5000


class Odd:
    """An object no engine knows, with a repr that fails."""

    def __repr__(self):
        raise RuntimeError("no repr")


_TEXT_ACTIONS = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["QH", "10♥", "t♠", "2c", " 4 ", "8", "0", "9", "-1", "²", "３", "trump 0", "trump 13",
                     "trump -1", "draw 0", "draw 5", "draw none", "draw", "trump", "draw 1 2", "QH QS",
                     BIG, "trump " + BIG, "draw " + BIG, "-" + BIG, "1e30", "\x00", "♥", "draw ２"]),
    st.builds(lambda w, n: f"{w} {n}", st.sampled_from(["trump", "draw", "bid", "TRUMP", "Draw"]),
              st.integers(-3, 10 ** 12)),
)

_OBJECT_ACTIONS = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(-10, 20),
    st.sampled_from([10 ** 5000, -10 ** 5000, 2 ** 64, 2 ** 63 - 1, 1.0, 3.5, float("inf"), b"QH", [], {}, (),
                     ["QH"], Suit.HEARTS, Rank.ACE, D.PickTrump(0), D.PickTrump(5), D.PickTrump(13),
                     D.Draw(None), D.Draw(0), D.Draw(5), object(), Odd(), Card, V.Rules()]),
    st.sampled_from(deck(52)),
)


def _snapshot(state):
    return (state.to_json(), [list(h) for h in state.hands],
            [(t.leader, list(t.cards), t.winner) for t in state.tricks],
            list(state.history), state.phase, state.current_player)


def _one_line(e: BaseException) -> None:
    text = str(e)
    assert "\n" not in text, text[:200]
    assert len(text) < 700, f"{len(text)} characters: {text[:200]}"


@pytest.mark.parametrize("game", sorted(DEALERS))
@fuzz(25)
@given(data=st.data(), seed=st.integers(0, 10 ** 6))
def test_random_actions_every_rejection_is_a_cardkit_error_and_changes_nothing(game, data, seed):
    state = DEALERS[game](seed)
    for _ in range(data.draw(st.integers(20, 160), label="steps")):
        legal = state.legal_actions()
        kind = data.draw(st.sampled_from(["legal", "legal", "legal", "text", "object"]), label="kind")
        if kind == "legal" and legal:
            action = data.draw(st.sampled_from(legal), label="legal action")
            # its notation too: whatever to_json writes, apply_action reads
            if data.draw(st.booleans(), label="as text"):
                action = state.action_to_str(action)
        elif kind == "text":
            action = data.draw(_TEXT_ACTIONS, label="text")
        else:
            action = data.draw(_OBJECT_ACTIONS, label="object")
        before = _snapshot(state)
        ok = state.is_legal(action)
        assert ok is True or ok is False
        assert _snapshot(state) == before
        try:
            state.apply_action(action)
        except CardkitError as e:
            _one_line(e)
            assert not ok, f"is_legal said True for {action!r:.80}"
            assert _snapshot(state) == before, f"{action!r:.80} was refused but changed the state"
        else:
            assert ok, f"is_legal said False for {action!r:.80}, which was applied"
            assert len(state.history) == len(before[3]) + 1
    # what was played reads back as the same deal
    again = type(state).from_json(state.to_json())
    assert _snapshot(again) == _snapshot(state)


# ---- saved deals ---------------------------------------------------------------------------

_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 60), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8), st.sampled_from(["__BIG__", "__DEEP__", "QH", "trump 99", "draw none", "AS KS", -1,
                                          2 ** 200, 1.5, "9" * 70]),
    st.lists(st.one_of(st.integers(-2, 10), st.text(max_size=4), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(-1, 3), max_size=2),
)


def _paths(value, prefix=()):
    """Every path to a value in a JSON tree (keys and indices)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            yield from _paths(v, prefix + (i,))


def _mutate(data, path, junk, delete: bool):
    """``data`` with the value at ``path`` replaced by ``junk`` (or deleted), as JSON text;
    the sentinels "__BIG__" and "__DEEP__" become a 5,000-digit number and 3,000 brackets."""
    data = json.loads(json.dumps(data))
    if not path:
        target = junk
    else:
        target = data
        parent = None
        for k in path[:-1]:
            target = target[k]
        parent, key = target, path[-1]
        if delete:
            del parent[key]
        else:
            parent[key] = junk
        target = data
    text = json.dumps(target)
    return (text.replace('"__BIG__"', BIG).replace('"__DEEP__"', "[" * 3000 + "]" * 3000))


def _played(game: str, seed: int, steps: int):
    state = DEALERS[game](seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply_action(legal[(seed + len(state.history)) % len(legal)])
    return state


@pytest.mark.parametrize("game", sorted(DEALERS))
@fuzz(100)
@given(data=st.data(), seed=st.integers(0, 1000), steps=st.integers(0, 40))
def test_from_json_of_mutated_saved_deals(game, data, seed, steps):
    state = _played(game, seed, steps)
    saved = json.loads(state.to_json())
    path = data.draw(st.sampled_from(list(_paths(saved))), label="path")
    text = _mutate(saved, path, data.draw(_JUNK, label="junk"), delete=data.draw(st.booleans(), label="delete"))
    try:
        read = type(state).from_json(text)
    except CardkitError as e:
        _one_line(e)
        return
    assert type(read).from_json(read.to_json()).to_json() == read.to_json()
    if read.seed is not None:   # a kept seed deals the saved cards
        assert codes.deal_code(read, form="seed")


@fuzz(150)
@given(st.one_of(st.text(max_size=40), st.binary(max_size=20), st.none(), st.integers(), st.just("[" * 3000)))
def test_from_json_of_any_text(text):
    for cls in (V.State, W.State, D.State):
        try:
            cls.from_json(text)
        except CardkitError as e:
            _one_line(e)


# ---- deal codes ----------------------------------------------------------------------------

_CODE_CHARS = st.sampled_from(list("VWDX-_ 0123456789ABCDLPKSTHAZ27") + ["²", "-"])


@fuzz(400)
@given(st.one_of(
    st.text(max_size=30),
    st.text(alphabet=_CODE_CHARS, max_size=40),
    st.builds(lambda g, body, opts: f"{g}-{body}" + "".join(f"-{o}" for o in opts),
              st.sampled_from("VWDQ"), st.one_of(st.integers(0, 10 ** 14).map(str), st.just(BIG), st.text(max_size=5)),
              st.lists(st.builds(lambda k, v: f"{k}{v}", st.sampled_from("DPLCTHBKSAZ"),
                                 st.one_of(st.integers(0, 10 ** 9), st.just(BIG))), max_size=4)),
    st.none(), st.integers(), st.binary(max_size=8)))
def test_parse_deal_code_answers_everything(code):
    try:
        spec = codes.parse_deal_code(code)
    except CardkitError as e:
        _one_line(e)
        assert len(str(e)) < 450
        return
    state = spec.new_state()
    assert codes.parse_deal_code(codes.deal_code(state)).new_state().to_json() == state.to_json()


# ---- deal texts and game records -------------------------------------------------------------

@pytest.mark.parametrize("game", ["variety", "warsaw_hearts-3", "armenian_durak-52"])
@fuzz(40)
@given(data=st.data(), seed=st.integers(0, 1000), steps=st.integers(0, 30))
def test_deal_text_with_a_mutated_line(game, data, seed, steps):
    text = records.deal_to_text(_played(game, seed, steps))
    lines = text.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1), label="line")
    junk = data.draw(st.one_of(st.text(max_size=20), st.sampled_from(
        ["9" * 5000, "[" * 3000, "[" * 3000 + "]" * 3000, '"', "]", "null", "1e30", "-1", "0:" + BIG])), label="junk")
    how = data.draw(st.sampled_from(["value", "line", "drop"]), label="how")
    if how == "value" and lines[i].startswith("[") and ' "' in lines[i]:
        tag = lines[i].split(" ", 1)[0]
        lines[i] = f'{tag} "{junk}"]'
    elif how == "line":
        lines[i] = junk
    else:
        del lines[i]
    try:
        records.deal_from_text("\n".join(lines))
    except CardkitError as e:
        _one_line(e)


def _record(game_module, rules, seed):
    bots = [game_module.RandomBot(seed=seed + s) for s in range(getattr(rules, "players", None) or
                                                                  (2 if game_module is D else 4))]
    game = game_module.Game(bots, rules=rules, seed=seed)
    game.play()
    return json.loads(records.game_record_to_json(game))


_RECORDS = {
    "variety": (V, V.Rules(deals=1)),
    "warsaw_hearts-3": (W, W.Rules(players=3, loss_at=3)),
    "armenian_durak": (D, D.Rules(target=None, deals=1)),
}


@pytest.mark.parametrize("game", sorted(_RECORDS))
@fuzz(100)
@given(data=st.data(), seed=st.integers(0, 50))
def test_game_record_with_a_mutated_field(game, data, seed):
    module, rules = _RECORDS[game]
    saved = _record(module, rules, seed)
    paths = [p for p in _paths(saved) if not (len(p) > 3 and p[:1] == ("deals",) and p[2:3] == ("deal",))]
    path = data.draw(st.sampled_from(paths), label="path")
    text = _mutate(saved, path, data.draw(_JUNK, label="junk"), delete=data.draw(st.booleans(), label="delete"))
    try:
        rec = records.game_record_from_json(text)
    except CardkitError as e:
        _one_line(e)
        return
    assert records.game_record_from_json(records.game_record_to_json(rec.to_game())) is not None


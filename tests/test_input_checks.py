"""Bad input gives one cardkit error line, never a bare TypeError/ValueError/IndexError nor
a silent wrong answer (the adversarial report's findings F02-F16). Each test names the
finding it covers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cardkit import CardkitError, IllegalActionError, NotationError, StateError, Suit, deck, parse_card
from cardkit.advisor import advise
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W
from cardkit.simulate import (deal_batch, random_armenian_durak, random_variety, random_warsaw_hearts,
                              simulate_armenian_durak, simulate_variety, simulate_warsaw_hearts)

HAND = "KQ7.AJ5.KQ84.A92"


# ---- F11: a bad seed is a CardkitError ------------------------------------------------------

@pytest.mark.parametrize("seed", [-1, 1.5, "1", True, [1]])
def test_a_bad_seed_is_a_cardkit_error_everywhere(seed):
    calls = [lambda: V.new_deal(seed=seed), lambda: W.new_deal(seed=seed), lambda: D.new_deal(seed=seed),
             lambda: V.Game([None] * 4, seed=seed), lambda: W.Game([None] * 3, seed=seed),
             lambda: D.Game([None, None], seed=seed), lambda: advise(HAND, samples=2, seed=seed),
             lambda: deal_batch(2, seed=seed), lambda: random_variety(2, seed=seed),
             lambda: random_warsaw_hearts(2, seed=seed), lambda: random_armenian_durak(2, seed=seed)]
    for call in calls:
        with pytest.raises(CardkitError, match="seed"):
            call()


def test_deal_batch_refuses_other_decks_and_sizes_with_a_cardkit_error():
    for kw in ({"batch": 0}, {"batch": 2, "deck": 40}, {"batch": 2, "deck": True}):
        with pytest.raises(CardkitError):
            deal_batch(**kw)


# ---- F04: a trump given as text is read, anything else refused -------------------------------

def test_parse_suit_reads_letters_symbols_and_names_and_refuses_the_rest():
    from cardkit.notation import parse_suit
    for text in ("H", "h", " ♥ ", "♡", "hearts", "HEARTS", "♥\ufe0f", Suit.HEARTS):
        assert parse_suit(text) is Suit.HEARTS
    assert parse_suit(None, allow_none=True) is None
    for bad in (None, 1, 99, True, "X", "", "heart", b"H", 1.0):
        with pytest.raises(NotationError, match="trump"):
            parse_suit(bad, "trump")


def test_durak_trick_winner_and_card_points_read_a_trump_given_as_text():
    for trump in ("H", "♥", "hearts", Suit.HEARTS):
        assert D.trick_winner("JS", "7H", trump) == 1          # 7♥ trumps J♠ (RULES.md §3.3)
        assert D.card_points("6H", trump, D.Rules(trump_six_double=True)) == 12
        assert D.new_deal(seed=1, trump=trump).trump is Suit.HEARTS
        assert D.deck_points(trump, D.Rules(trump_six_double=True)) == 86
    assert D.trick_winner("JS", "7H", None) == 0 and D.card_points("6H", None, D.Rules(trump_six_double=True)) == 6
    for bad in (99, 1, "x", True):
        with pytest.raises(NotationError, match="trump"):
            D.trick_winner("JS", "7H", bad)
        with pytest.raises(NotationError, match="trump"):
            D.card_points("6H", bad)
        with pytest.raises(NotationError, match="trump"):
            D.new_deal(seed=1, trump=bad)


# ---- F02, F10: Armenian Durak actions are whole numbers; '²' is not a digit -----------------

def _durak_at_draw(seed=3):
    s = D.new_deal(seed=seed)
    s.apply_action("trump 2")
    while s.phase != "draw":
        s.apply_action(s.legal_actions()[0])
    return s


def test_durak_actions_take_whole_numbers_only():
    for bad in (True, False, 1.0, 2.5, "1", None, [1]):
        with pytest.raises(IllegalActionError, match="trump"):
            D.PickTrump(bad)
    for bad in (True, False, 1.0, "1", [1]):
        with pytest.raises(IllegalActionError, match="draw"):
            D.Draw(bad)
    # numpy integers are normalised, so the saved deal reads "draw 1", not "draw np.int64(1)"
    assert D.PickTrump(np.int64(2)) == D.PickTrump(2) and type(D.Draw(np.int8(1)).stack) is int
    s = _durak_at_draw()
    stack = next(a.stack for a in s.legal_actions() if a.stack is not None)
    s.apply_action(D.Draw(np.int64(stack)))
    assert D.State.from_json(s.to_json()).to_json() == s.to_json()


def test_durak_draw_of_a_float_is_refused_and_the_state_unchanged():
    s = _durak_at_draw()
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply_action(D.Draw(1.0))
    assert s.to_json() == before


@pytest.mark.parametrize("text", ["trump ²", "draw ²", "trump ３", "draw ٣", "trump -1", "draw 1.0"])
def test_durak_action_text_with_non_ascii_digits_is_a_notation_error(text):
    s = D.new_deal(seed=1) if text.startswith("trump") else _durak_at_draw()
    before = s.to_json()
    with pytest.raises(NotationError, match="expected"):
        s.apply_action(text)
    assert s.to_json() == before and not s.is_legal(text)


# ---- F03: State.from_json is strict -------------------------------------------------------------

def _saved(module):
    if module is D:
        s = D.new_deal(seed=2)
        s.apply_action("trump 1")
    else:
        s = module.new_deal(seed=1)
    s.apply_action(s.legal_actions()[0])
    return json.loads(s.to_json())


def _refused(module, data, *words):
    with pytest.raises(NotationError) as e:
        module.State.from_json(json.dumps(data))
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    assert "Error(" not in str(e.value)          # no exception repr inside the message


@pytest.mark.parametrize("module", [V, W, D], ids=["variety", "warsaw_hearts", "armenian_durak"])
def test_from_json_reads_what_to_json_writes(module):
    data = _saved(module)
    assert module.State.from_json(json.dumps(data)).to_json() == json.dumps(data, ensure_ascii=False)
    del data["seed"]                           # optional
    module.State.from_json(json.dumps(data))


@pytest.mark.parametrize("module", [V, W, D], ids=["variety", "warsaw_hearts", "armenian_durak"])
def test_from_json_refuses_missing_null_unknown_and_mistyped_fields(module):
    cards = "layout" if module is D else "hands"
    base = _saved(module)
    for field in ("format", "rules", "dealer", cards, "history") + (("trump",) if module is D else ()):
        data = dict(base)
        del data[field]
        _refused(module, data, repr(field), "missing")
    for field in ("rules", "dealer", cards, "history"):
        _refused(module, dict(base, **{field: None}), repr(field))
    data = dict(base)
    data["hsitory"] = data.pop("history")
    _refused(module, data, "'history' is missing", "'hsitory'")
    _refused(module, dict(base, format=99), "format 99")
    _refused(module, dict(base, format="1"), "format '1'")
    _refused(module, dict(base, colour="red"), "unknown field 'colour'")
    _refused(module, dict(base, dealer=True), "'dealer'")
    _refused(module, dict(base, dealer=1.0), "'dealer'")
    _refused(module, dict(base, history="2 3"), "'history'")
    rules = dict(base["rules"])
    name = next(iter(rules))
    del rules[name]
    _refused(module, dict(base, rules=rules), repr(name), "lacks")
    _refused(module, dict(base, rules=dict(base["rules"], colour=1)), "'colour'")


def test_from_json_null_hands_is_not_a_random_deal():
    j = json.dumps({"game": "variety", "format": 1, "rules": {"lead": "left_of_first_namer",
                    "contract_values": "seed", "deals": 8, "tie": "declarers_lose"},
                    "dealer": 0, "hands": None, "history": []})
    with pytest.raises(NotationError, match="'hands' is null"):
        V.State.from_json(j)

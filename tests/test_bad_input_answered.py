"""Issue 12 §2, "Every bad input answered": each finding of the fuzzing of main, as a test
that failed before its fix. Every bad input raises a CardkitError (a ValueError
subclass), in one line that quotes at most about 60 characters of the input, and leaves
the state as it was."""

from __future__ import annotations

import json
import time

import pytest
from registry_games import ENGINES as GAMES  # Variety, Warsaw Hearts, Armenian Durak

from cardkit import CardkitError, NotationError, Suit, codes, format_hand, parse_cards, records, winning_index
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W

BIG = "9" * 5000          # past Python's 4,300-digit limit for int(text)
NESTED = "[" * 3000 + "]" * 3000


def _short(message: str, limit: int = 200) -> bool:
    """One line, and no 5,000-character echo of the input."""
    return "\n" not in message and len(message) < limit + 150


# ---- quote: the one helper every message uses ----------------------------------------------

def test_quote_cuts_long_text_and_numbers_to_about_60_characters():
    from cardkit.errors import quote
    assert quote("QH") == "'QH'"
    assert quote("x" * 60) == repr("x" * 60)
    q = quote("x" * 60_000)
    assert len(q) < 90 and "60,000 characters" in q and q.startswith("'xxxx")
    assert quote(10 ** 5000) == "a whole number of 5,001 digits"   # repr() itself raises here
    assert quote(-10 ** 4300) == "a negative whole number of 4,301 digits"
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert "list" in quote(deep)  # repr() would raise RecursionError


# ---- numbers over 4,300 digits ---------------------------------------------------------------

@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("text", [BIG, "trump " + BIG, "draw " + BIG, " " + BIG + " "])
def test_huge_numbers_as_actions_are_refused_and_change_nothing(module, text):
    state = module.new_deal(seed=11)
    before = state.to_json()
    with pytest.raises(CardkitError) as e:
        state.apply_action(text)
    assert _short(str(e.value))
    assert state.is_legal(text) is False
    assert state.to_json() == before


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_huge_int_objects_as_actions_are_refused(module):
    state = module.new_deal(seed=11)
    before = state.to_json()
    for action in (10 ** 5000, -10 ** 5000, 2 ** 64):
        with pytest.raises(CardkitError) as e:
            state.apply_action(action)
        assert _short(str(e.value))
        assert state.is_legal(action) is False
    if module is D:
        for make in (D.PickTrump, D.Draw):
            with pytest.raises(CardkitError):
                make(10 ** 5000)
    assert state.to_json() == before


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_huge_numbers_in_a_saved_history_are_notation_errors(module):
    data = json.loads(module.new_deal(seed=11).to_json())
    for action in (BIG, "trump " + BIG, "draw " + BIG):
        data["history"] = [action]
        with pytest.raises(NotationError) as e:
            module.State.from_json(json.dumps(data))
        assert _short(str(e.value)) and "action 1" in str(e.value)


@pytest.mark.parametrize("code", ["V-1-D" + BIG, "W-1-P" + BIG, "V-1-L" + BIG, "D-1-T" + BIG, "V-" + BIG,
                                  "V-1-D1" * 10_000, "V-X" + "A" * 60_000])
def test_huge_deal_codes_are_one_short_line(code):
    with pytest.raises(NotationError) as e:
        codes.parse_deal_code(code)
    assert _short(str(e.value))


def test_deal_text_with_a_huge_dealer_or_first_seat():
    text = records.deal_to_text(V.new_deal(seed=5))
    bad = text.replace('[Dealer "0"]', f'[Dealer "{BIG}"]')
    assert bad != text
    with pytest.raises(NotationError) as e:
        records.deal_from_text(bad)
    assert _short(str(e.value))
    bad = text.replace('[Deal "0:', f'[Deal "{BIG}:')
    assert bad != text
    with pytest.raises(NotationError):
        records.deal_from_text(bad)


def _record_text():
    game = V.Game([V.RandomBot(seed=1)] * 4, seed=3, rules=V.Rules(deals=1))
    game.play()
    return records.game_record_to_json(game)


def test_game_record_with_huge_numbers():
    data = json.loads(_record_text())
    data["deals"][0]["deal"]["history"][0] = BIG
    with pytest.raises(NotationError) as e:
        records.game_record_from_json(json.dumps(data))
    assert _short(str(e.value))
    data = json.loads(_record_text())
    data["cut"] = [{BIG: "AS"}]
    with pytest.raises(NotationError) as e:
        records.game_record_from_json(json.dumps(data))
    assert _short(str(e.value))


# ---- JSON nested deeper than the stack -----------------------------------------------------

@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_from_json_nested_too_deep(module):
    with pytest.raises(NotationError):
        module.State.from_json(NESTED)
    data = json.loads(module.new_deal(seed=2).to_json())
    text = json.dumps(data).replace('"history": []', '"history": ' + NESTED)
    with pytest.raises(NotationError):
        module.State.from_json(text)


def test_records_and_deal_text_nested_too_deep():
    with pytest.raises(NotationError):
        records.game_record_from_json(NESTED)
    text = records.deal_to_text(D.new_deal(seed=3))
    bad = text.replace('[Trump "null"]', f'[Trump "{NESTED}"]')
    assert bad != text
    with pytest.raises(NotationError):
        records.deal_from_text(bad)
    text = records.deal_to_text(V.new_deal(seed=3))
    bad = text.replace("deals=8", "deals=" + NESTED)
    assert bad != text
    with pytest.raises(NotationError):
        records.deal_from_text(bad)


# ---- a record's rng state ------------------------------------------------------------------

@pytest.mark.parametrize("where, value", [(("state", "state"), -1), (("state", "state"), 2 ** 200),
                                          (("uinteger",), -1), (("state", "state"), 1.5),
                                          (("state", "inc"), True), (("has_uint32",), 2),
                                          (("uinteger",), 2 ** 32), (("bit_generator",), "MT19937")])
def test_record_rng_state_out_of_range_is_refused(where, value):
    data = json.loads(_record_text())
    assert records.game_record_from_json(json.dumps(data)).rng_state == data["rng"]
    target = data["rng"]
    for k in where[:-1]:
        target = target[k]
    target[where[-1]] = value
    with pytest.raises(NotationError) as e:
        records.game_record_from_json(json.dumps(data))
    assert "rng" in str(e.value)


# ---- the simulators: limits checked before any work ------------------------------------------

def test_simulators_refuse_huge_batches_and_bad_arguments_at_once():
    from cardkit.simulate import (
        MAX_BATCH,
        random_armenian_durak,
        random_variety,
        random_warsaw_hearts,
        simulate_variety,
    )
    assert MAX_BATCH == 1_000_000
    calls = [lambda: random_variety(10 ** 7), lambda: random_variety(2 ** 63),
             lambda: random_variety(MAX_BATCH + 1),
             lambda: random_warsaw_hearts(10 ** 7), lambda: random_armenian_durak(2 ** 63),
             # a full-size batch with one bad argument: refused before dealing a card
             lambda: random_variety(MAX_BATCH, contract=99), lambda: random_variety(MAX_BATCH, policy="nope"),
             lambda: random_variety(MAX_BATCH, seed=-1),
             lambda: random_warsaw_hearts(MAX_BATCH, policy="nope"),
             lambda: random_warsaw_hearts(MAX_BATCH, players=5),
             lambda: random_armenian_durak(MAX_BATCH, policy="nope"),
             lambda: random_armenian_durak(MAX_BATCH, seed="x"),
             lambda: simulate_variety([[0] * 52], 1, (0, 1), policy="nope")]
    for call in calls:
        t = time.perf_counter()
        with pytest.raises(CardkitError):
            call()
        assert time.perf_counter() - t < 1.0   # dealing 10**6 deals takes seconds


def test_simulator_and_advisor_arguments_with_huge_numbers_are_quoted():
    from cardkit.advisor import advise
    from cardkit.simulate import random_variety, simulate_variety
    calls = [lambda: random_variety(10, contract=10 ** 5000),       # repr() itself would raise
             lambda: random_variety(10, policy="x" * 9000),
             lambda: simulate_variety([[0] * 52], 1, (10 ** 5000, 1)),
             lambda: advise("AKQJT98765432.-.-.-", samples=10 ** 5000),
             lambda: advise("AKQJT98765432.-.-.-", seat=-10 ** 5000)]
    for call in calls:
        with pytest.raises(CardkitError) as e:
            call()
        assert _short(str(e.value)), str(e.value)[:100]


def test_rules_limits_so_that_a_game_ends():
    with pytest.raises(CardkitError, match="1,000"):
        V.Rules(deals=10 ** 9)
    with pytest.raises(CardkitError, match="10,000"):
        W.Rules(loss_at=10 ** 12)
    with pytest.raises(CardkitError, match="100,000"):
        D.Rules(target=10 ** 12)
    with pytest.raises(CardkitError, match="1,000"):
        D.Rules(deals=10 ** 9)
    assert V.Rules(deals=V.MAX_DEALS).deals == 1000
    assert W.Rules(loss_at=W.MAX_LOSS_AT).loss_at == 10_000
    assert D.Rules(target=D.MAX_TARGET, deals=D.MAX_DEALS).target == 100_000


# ---- bare errors of small functions --------------------------------------------------------

def test_winning_index_reads_the_trump_as_a_suit():
    cards = parse_cards("2H AS")             # 2♥ leads, A♠ follows
    assert winning_index(cards, None) == 0
    assert winning_index(cards, "S") == 1 and winning_index(cards, "♠") == 1
    assert winning_index(parse_cards("AS 2H"), "H") == 1   # was 0: "H" was ignored
    assert winning_index(parse_cards("AS 2H"), Suit.HEARTS) == 1
    with pytest.raises(NotationError):
        winning_index(parse_cards("2S AH"), 1)  # 1 is not read as hearts
    for bad in ([], None, "QH AS", ["QH"], [None]):
        with pytest.raises(CardkitError):
            winning_index(bad)


def test_small_functions_raise_cardkit_errors():
    assert D.beats("6S", "AS") is True and D.beats("AS", "6S") is False
    with pytest.raises(NotationError):
        D.beats("6S", "ZZ")
    for bad in (None, "AS KS", [None] * 36, 5):
        with pytest.raises(CardkitError):
            D.deal_layout(bad)
    with pytest.raises(CardkitError):
        D.score_deal([["AS"]], "H")
    with pytest.raises(CardkitError, match="twice"):
        D.score_deal([["AS", "6H"], ["AS"]], "H")
    with pytest.raises(CardkitError):
        D.score_deal([["2S"], []], "H")           # not in the 36-card deck
    assert D.score_deal([["AS", "6H"], ["KS"]], "H") == [11, 4]
    with pytest.raises(NotationError):
        format_hand(["QH"])
    with pytest.raises(NotationError):
        format_hand("QH")
    assert format_hand(parse_cards("QH")) == ".Q.."


# ---- a saved seed that does not deal the saved hands is dropped ----------------------------

@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_from_json_drops_a_seed_that_does_not_deal_the_hands(module):
    state = module.new_deal(seed=7)
    assert module.State.from_json(state.to_json()).seed == 7
    data = json.loads(state.to_json())
    data["seed"] = 8
    read = module.State.from_json(json.dumps(data))
    assert read.seed is None
    assert codes.deal_code(read).split("-")[1].startswith("X")   # no seed code for other cards
    assert read.hands == state.hands

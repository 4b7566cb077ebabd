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


# ---- F06: simulators check whole numbers and ranges before any cast ----------------------------

def test_simulate_variety_refuses_out_of_range_and_fractional_setups():
    d = deal_batch(2, seed=1)
    assert simulate_variety(d, 2, (0, 1), seed=1).contract.tolist() == [2, 2]
    bad = [((257, (0, 1)), {}, "contract"), ((-255, (0, 1)), {}, "contract"),
           ((np.array([2, 258]), (0, 1)), {}, "contract"), ((2.5, (0, 1)), {}, "contract"),
           ((np.array([2.0, 3.0]), (0, 1)), {}, "contract"), (("2", (0, 1)), {}, "contract"),
           ((2**70, (0, 1)), {}, "contract"), ((2, (0.5, 1)), {}, "declarers"), ((2, None), {}, "declarers"),
           ((2, (0, 1, 2)), {}, "declarers"), ((2, (0, 1)), {"dealer": 1.7}, "dealer"),
           ((2, (0, 1)), {"dealer": 260}, "dealer")]
    for args, kw, name in bad:
        with pytest.raises(CardkitError, match=name):
            simulate_variety(d, *args, **kw)


def test_simulate_hearts_and_durak_refuse_fractions_and_read_trump_text():
    d36 = deal_batch(2, seed=1, deck=36)
    for dealer in (1.5, 4, -1, np.array([0.0, 1.0]), "0"):
        with pytest.raises(CardkitError, match="dealer"):
            simulate_warsaw_hearts(d36, dealer=dealer)
        with pytest.raises(CardkitError, match="dealer"):
            simulate_armenian_durak(d36, 1, dealer=dealer)
    for trump in (1.5, 4, 259, np.array([1.0, 2.0])):
        with pytest.raises(CardkitError, match="trump"):
            simulate_armenian_durak(d36, trump)
    with pytest.raises(NotationError, match="trump 'x'"):
        simulate_armenian_durak(d36, "x")
    by_text = simulate_armenian_durak(d36, "H", seed=3)
    assert by_text.trump.tolist() == [1, 1]
    assert (by_text.scores == simulate_armenian_durak(d36, Suit.HEARTS, seed=3).scores).all()
    assert simulate_armenian_durak(d36, ["♠", "clubs"], seed=3).trump.tolist() == [0, 3]


def test_hearts_simulators_refuse_players_that_disagree_with_the_rules():
    d36 = deal_batch(2, seed=1, deck=36)
    with pytest.raises(CardkitError, match=r"players=3.*rules.players=4"):
        random_warsaw_hearts(3, players=3, rules=W.Rules(), seed=1)
    with pytest.raises(CardkitError, match=r"players=4.*rules.players=3"):
        simulate_warsaw_hearts(d36, players=4, rules=W.Rules(players=3))
    with pytest.raises(CardkitError, match=r"players=4.*rules.players=3"):
        W.new_deal(players=4, rules=W.Rules(players=3))
    assert random_warsaw_hearts(2, players=3, seed=1).penalties.shape == (2, 3)
    assert random_warsaw_hearts(2, rules=W.Rules(players=3), seed=1).penalties.shape == (2, 3)
    assert W.new_deal(seed=1, rules=W.Rules(players=3)).players == 3


def test_auction_for_refuses_a_bad_dealer_contract_or_declarers():
    from cardkit.simulate import auction_for
    assert auction_for(4, (3, 2), dealer=3) == [1, 2, 3, 4, 5, 6, 4]
    for args in ((2, (0, 1), 7), (2, (0, 1), True), (2, (0, 1), 1.0), (2.5, (0, 1), 0),
                 (2, (0.0, 1), 0), (2, None, 0), (2, (0, 1, 2), 0), (9, (0, 1), 0)):
        with pytest.raises(CardkitError):
            auction_for(*args)


# ---- F09: Rules are plain ints; a rules object of the wrong kind is refused up front ----------

def test_rules_normalise_numpy_ints_and_refuse_floats_and_bools():
    r = W.Rules(players=np.int64(3), loss_at=np.int64(30))
    assert type(r.players) is int and type(r.loss_at) is int and r == W.Rules(players=3)
    assert type(D.Rules(deck=np.int64(52)).deck) is int
    assert type(D.Rules(target=np.int32(100), deals=np.int8(3)).deals) is int
    assert type(V.Rules(deals=np.int64(4)).deals) is int
    W.new_deal(seed=1, rules=W.Rules(players=np.int64(3))).to_json()      # saves (was a TypeError)
    D.new_deal(seed=1, rules=D.Rules(deck=np.int64(52))).to_json()
    for make in (lambda: W.Rules(players=3.0), lambda: W.Rules(players=True), lambda: W.Rules(loss_at=30.0),
                 lambda: D.Rules(deck=36.0), lambda: D.Rules(deck=True), lambda: D.Rules(target=250.0),
                 lambda: V.Rules(deals=True), lambda: V.Rules(deals=8.0)):
        with pytest.raises(CardkitError, match="Rules"):
            make()


@pytest.mark.parametrize("call", [
    lambda: V.new_deal(seed=1, rules="x"), lambda: V.new_deal(seed=1, rules=W.Rules()),
    lambda: W.new_deal(seed=1, rules=V.Rules()), lambda: D.new_deal(seed=1, rules=W.Rules()),
    lambda: V.Game([None] * 4, rules="x"), lambda: W.Game([None] * 4, rules=D.Rules()),
    lambda: D.Game([None] * 2, rules={"deck": 36}), lambda: advise(HAND, samples=2, rules="x"),
    lambda: random_variety(2, rules="x"), lambda: random_warsaw_hearts(2, rules=V.Rules()),
    lambda: random_armenian_durak(2, rules="x"),
    lambda: simulate_variety(deal_batch(2), 1, (0, 1), rules="x"),
    lambda: V.score_deal(2, (0, 1), [[]] * 4, rules="x"), lambda: V.contracts("x"),
    lambda: W.penalty_and_bonus([["KH"]], rules="x"), lambda: W.settle([30, 0, 0], [0, 0, 0], rules="x"),
    lambda: D.card_points("6H", None, "x"), lambda: D.trick_winner("AS", "6S", None, "x"),
    lambda: D.game_over([1, 2], 1, "x"),
], ids=range(19))
def test_a_rules_object_of_the_wrong_kind_is_refused_up_front(call):
    with pytest.raises(CardkitError, match="rules"):
        call()


def test_a_failing_bid_leaves_the_state_as_it_was():
    s = V.new_deal(seed=1)
    for b in (1, 2, 3, 4):
        s.apply_action(b)
    before = s.to_json()
    s.rules = "x"                              # as a careless caller could
    with pytest.raises(Exception):
        s.apply_action(2)                      # ends the bidding: the opening leader reads the rules
    s.rules = V.Rules()
    assert s.bids == [1, 2, 3, 4] and s.history == [1, 2, 3, 4] and s.contract is None
    assert s.to_json() == before and s.phase == "bidding" and s.current_player == 1
    s.apply_action(2)
    assert s.contract == 2 and s.declarers == (2, 1)


@pytest.mark.parametrize("module", [V, W, D], ids=["variety", "warsaw_hearts", "armenian_durak"])
def test_apply_action_never_leaves_a_half_applied_state(module, monkeypatch):
    s = module.new_deal(seed=5)
    if module is V:
        s.say(1, "I like clubs")
        for b in (2, 3, 4, 2):
            s.apply_action(b)
    elif module is D:
        s.apply_action("trump 0")
    while s.phase != "play" or len(s.trick.cards) != s.players - 1:   # the last card of a trick
        s.apply_action(s.legal_actions()[0])
    def snapshot(st):
        return (st.to_json(), [list(h) for h in st.hands], [(t.leader, list(t.cards), t.winner) for t in st.tricks],
                [list(t) for t in st.taken], st.current_player, st.phase, list(getattr(st, "remarks", [])))
    before = snapshot(s)

    def broken(self, trick):
        raise RuntimeError("a bug in the trick winner")
    monkeypatch.setattr(type(s), "_trick_winner_index", broken)
    with pytest.raises(RuntimeError):
        s.apply_action(s.legal_actions()[0])   # removes the card, adds it to the trick, then fails
    monkeypatch.undo()
    assert snapshot(s) == before and s.seed == 5
    s.apply_action(s.legal_actions()[0])       # and the state plays on


# ---- F07: scoring helpers refuse what no deal can give -------------------------------------------

def test_variety_score_deal_checks_the_cards_taken():
    quarters = [deck(52)[i * 13:(i + 1) * 13] for i in range(4)]
    d = deck(52)
    good = [d[0:16], d[16:28], d[28:40], d[40:52]]              # 4, 3, 3 and 3 tricks
    assert V.score_deal(2, (0, 1), good) == V.score_deal(2, (0, 1), [[c.code for c in t] for t in good])
    with pytest.raises(CardkitError, match="A♠ is taken twice"):
        V.score_deal(2, (0, 1), [deck(52)[:13]] * 4)         # was [12, 12, 22, 22]
    with pytest.raises(CardkitError, match=r"taken\[0\]: 13 cards"):
        V.score_deal(2, (0, 1), quarters)
    for taken in ([[]] * 3, "AS KS", [["AS"], "x", [], []], None):
        with pytest.raises(CardkitError, match="taken"):
            V.score_deal(2, (0, 1), taken)
    with pytest.raises(NotationError):
        V.score_deal(2, (0, 1), [["ZZ", "AS", "KS", "QS"], [], [], []])
    for declarers in (None, (0, "a"), (0.0, 2), (0, 0), (0, 1, 2), (0, 4)):
        with pytest.raises(CardkitError, match="declarers"):
            V.score_deal(2, declarers, good)
    with pytest.raises(CardkitError, match="taken twice"):
        V.side_points(2, (0, 1), [deck(52)[:4]] * 4)


def test_a_warsaw_hearts_trick_has_three_or_four_cards():
    nine = ["KH", "QH", "JH", "AH", "TH", "9H", "8H", "7H", "6H"]
    with pytest.raises(NotationError, match="trick 1 holds 9 cards.*3 or 4"):
        W.penalty_and_bonus([nine])
    with pytest.raises(NotationError, match="trick 2 holds 2 cards"):
        W.assess_tricks([["KH", "6S", "7S"], ["QH", "8S"]])
    assert W.penalty_and_bonus([["KH", "6S", "7S"], ["QH", "8S", "9S", "TS"]]) == (10, 0)


# ---- F13: one cardkit error line, not a bare TypeError ----------------------------------------

@pytest.mark.parametrize("call, words", [
    (lambda: V.Game(None), "players None"), (lambda: W.Game(None), "players None"),
    (lambda: D.Game(None), "players None"), (lambda: W.Game(iter([None] * 3)), "players"),
    (lambda: D.Game(2), "players 2"), (lambda: V.Game("abcd"), "players 'abcd'"),
    (lambda: D.new_deal(layout=5), "layout 5"), (lambda: D.game_over([1, 2, 3], 1), "totals"),
    (lambda: D.game_over(None, 1), "totals"), (lambda: D.game_over([1, 2], None), "deals"),
    (lambda: D.margin([1]), "totals"), (lambda: D.margin(["a", "b"]), "totals"),
    (lambda: V.resolve_auction(None), "bids None"), (lambda: V.resolve_auction([2, 3], first=None), "first"),
    (lambda: V.score_deal(2, None, [[]] * 4), "declarers"),
    (lambda: advise(HAND, samples=2, progress=5), "progress 5"),
    (lambda: D.card_points("6H", None, "x"), "rules 'x'"),
], ids=range(17))
def test_bad_arguments_give_one_cardkit_error_line(call, words):
    with pytest.raises(CardkitError) as e:
        call()
    assert words in str(e.value) and "\n" not in str(e.value)


# ---- F16: the advisor's sample count has a documented maximum ------------------------------

def test_advise_refuses_more_than_max_samples_and_says_why():
    from cardkit.advisor import MAX_SAMPLES, durak_reply_swings, hearts_card_penalties
    assert MAX_SAMPLES == 100_000
    for n in (MAX_SAMPLES + 1, 10**7):
        with pytest.raises(CardkitError, match="at most 100,000"):
            advise(HAND, samples=n)
    s = W.new_deal(seed=1)
    with pytest.raises(CardkitError, match="at most 100,000"):
        hearts_card_penalties(s.observation(s.current_player), samples=10**6)
    d = D.new_deal(seed=1, trump="H")
    while not (d.phase == "play" and d.trick.cards):     # a reply to make
        d.apply_action(d.legal_actions()[0])
    with pytest.raises(CardkitError, match="at most 100,000"):
        durak_reply_swings(d.observation(d.current_player), samples=10**6)
    for bad in (1, 2.0, True):
        with pytest.raises(CardkitError, match="samples"):
            advise(HAND, samples=bad)

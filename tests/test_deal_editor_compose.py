"""Composing a deal (cardkit.composing): cards placed by hand, the rest dealt at random
under wishes, for the three games; refusals in words."""

from __future__ import annotations

import time

import pytest

from cardkit import CardkitError, NotationError
from cardkit.cards import Suit
from cardkit.codes import deal_from_code, parse_deal_code
from cardkit.composing import (
    HandWish,
    compose_deal,
    deal_places,
    hand_points,
    parse_lengths,
    parse_points,
    places_of,
)
from cardkit.notation import parse_cards, parse_hand

ANY = (0, 52)


def _len(cards, suit: Suit) -> int:
    return sum(1 for c in cards if c.suit == suit)


def test_places_of_each_game():
    assert [p.name for p in deal_places("variety")] == ["South", "West", "North", "East"]
    assert [p.size for p in deal_places("warsaw_hearts", players=3)] == [12, 12, 12]
    durak = deal_places("armenian_durak")
    assert [p.name for p in durak][:3] == ["your hand", "your face-down cards", "your face-up cards"]
    assert [p.size for p in durak] == [6, 6, 6, 6, 6, 6]
    assert places_of(deal_from_code("D-5"))[3] == list(deal_from_code("D-5").layout[1]["hand"])


def test_two_hands_fixed_two_dealt_under_wishes():
    south, north = parse_hand("AK73.AQ5.KJ4.AQ9"), parse_hand("QT98.K2.T98.KJT8")
    wish_w = HandWish(points=(6, 8), lengths=(ANY, (5, 13), ANY, ANY))
    wish_e = HandWish(holding=tuple(parse_cards("2S 3H")))
    spec = compose_deal("variety", [south, None, north], wishes={1: wish_w, 3: wish_e}, seed=3, dealer=2)
    st = spec.new_state()
    hands = [list(h) for h in st.initial_hands]
    assert set(hands[0]) == set(south) and set(hands[2]) == set(north)
    assert 6 <= hand_points(hands[1]) <= 8 and _len(hands[1], Suit.HEARTS) >= 5
    assert set(parse_cards("2S 3H")) <= set(hands[3])
    assert st.dealer == 2 and spec.code.startswith("V-X") and spec.code.endswith("-D2")
    assert parse_deal_code(spec.code).places == spec.places          # the code names this deal
    # the deal number decides: the same number, the same deal; another, another
    assert compose_deal("variety", [south, None, north], wishes={1: wish_w, 3: wish_e}, seed=3,
                        dealer=2).code == spec.code
    assert compose_deal("variety", [south, None, north], wishes={1: wish_w, 3: wish_e}, seed=4,
                        dealer=2).code != spec.code


def test_warsaw_hearts_and_durak():
    w = compose_deal("warsaw_hearts", [None, "AS KS"], players=3, seed=2,
                     wishes={2: HandWish(lengths=((0, 0), ANY, ANY, ANY))})
    hands = [list(h) for h in w.new_state().initial_hands]
    assert len(hands) == 3 and set(parse_cards("AS KS")) <= set(hands[1]) and _len(hands[2], Suit.SPADES) == 0
    d = compose_deal("armenian_durak", ["QS AS KS", None, "6H 7H"], trump="H", seed=1,
                     wishes={3: HandWish(points=(6, 40))})
    st = d.new_state()
    assert list(st.layout[0]["hand"][:3]) == parse_cards("QS AS KS")          # a hand's order is kept
    assert list(st.layout[0]["up"][:2]) == parse_cards("6H 7H")
    assert hand_points(st.layout[1]["hand"]) >= 6 and d.code.endswith("-T2") and st.phase != "trump"
    assert parse_deal_code(d.code).places == d.places


@pytest.mark.parametrize("args,kw,words", [
    ([["AS"], ["AS"]], {}, "A♠ is given twice: in South and in West"),
    ([["2S"]], {"game": "armenian_durak"}, "your hand: 2♠ is not in Armenian Durak's 36-card deck"),
    ([parse_cards("AS KS QS JS TS 9S 8S")], {"game": "armenian_durak"}, "7 cards given, but it holds 6"),
    ([["AS"]], {"wishes": {1: HandWish(holding=tuple(parse_cards("AS")))}}, "West should hold A♠, but South has it"),
    ([parse_hand("AKQJ.AKQ.AKQ.AKQ")], {"wishes": {1: HandWish(points=(4, 40))}},
     "West: at most 3 points can be there"),
    ([], {"wishes": {0: HandWish(lengths=((7, 13), (7, 13), ANY, ANY))}}, "add up to at least 14 cards"),
    ([["AS", "KS"]], {"wishes": {0: HandWish(lengths=((0, 1), ANY, ANY, ANY))}}, "hold 2 ♠ already"),
    ([], {"dealer": 4}, "dealer 4"),
    ([], {"seed": -1}, "deal number -1"),
    ([], {"trump": "H"}, "only Armenian Durak"),
    ([[], [], [], [], []], {}, "Variety has 4 places"),
])
def test_refusals_in_words(args, kw, words):
    game = kw.pop("game", "variety")
    with pytest.raises(CardkitError) as e:
        compose_deal(game, args, **kw)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_wishes_too_rare_are_refused_soon():
    t = time.perf_counter()
    with pytest.raises(CardkitError, match=r"no deal met the wishes \(South 37 points\) in 5000 random deals"):
        compose_deal("variety", wishes={0: HandWish(points=(37, 37))}, tries=5000)
    assert time.perf_counter() - t < 5


def test_typed_ranges():
    assert parse_points("12-14") == (12, 14) and parse_points("15+") == (15, 40)
    assert parse_points("at most 9") == (0, 9) and parse_points("10") == (10, 10) and parse_points(" ") == (0, 40)
    assert parse_lengths("♠5+ ♥0-1") == ((5, 52), (0, 1), ANY, ANY)
    assert parse_lengths("S 5-6, D at most 2") == ((5, 6), ANY, (0, 2), ANY)
    for bad, words in (("lots", "expected a number or a range"), ("9-3", r"the least \(9\) is more")):
        with pytest.raises(NotationError, match=words):
            parse_points(bad)
    for bad, words in (("x", "expected a suit"), ("S5 S6", "named twice"), ("S", "has no range")):
        with pytest.raises(NotationError, match=words):
            parse_lengths(bad)
    with pytest.raises(CardkitError, match="least first"):
        HandWish(points=(5, 2))
    assert HandWish().is_free and HandWish(points=(12, 14), lengths=((5, 52), ANY, ANY, ANY)).words() == \
        "12-14 points, ♠ 5+"

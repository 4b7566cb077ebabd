"""Issue 30: Variety's bids are values (a frozen type with ``str`` and ``parse``, like Durak's
``PickTrump`` and ``Draw``), not bare ints; they still count, compare and write JSON as numbers."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from cardkit.codes import deal_from_code
from cardkit.errors import IllegalActionError, NotationError
from cardkit.games.variety import Bid, State


def test_the_bidding_offers_and_keeps_bids():
    st = deal_from_code("V-5")
    assert st.legal_actions() and all(type(a) is Bid for a in st.legal_actions())
    st.apply_action(3)          # an int, as a lesson types it
    st.apply_action("2")        # notation
    st.apply_action(Bid(5))
    assert [type(b) for b in st.history] == [Bid, Bid, Bid] and list(st.history) == [3, 2, 5]
    assert all(type(b) is Bid for b in st.bids)
    obs = st.observation(st.current_player)
    assert all(type(b) is Bid for b in obs.bids) and all(type(a) is Bid for a in obs.legal_actions)
    back = State.from_json(st.to_json())
    assert [type(b) for b in back.history] == [Bid, Bid, Bid] and back.to_json() == st.to_json()
    assert json.loads(st.to_json())["history"] == ["3", "2", "5"]


def test_a_bid_is_a_frozen_value_with_notation():
    b = Bid(4)
    assert b == 4 and hash(b) == hash(4) and Bid(b) is b and Bid(4) == b
    assert str(b) == "4" and f"{b}" == "4" and repr(b) == "Bid(4)" and json.dumps([b]) == "[4]"
    assert Bid.parse(" 4 ") == b and type(Bid.parse("4")) is Bid
    assert pickle.loads(pickle.dumps(b)) == b and type(copy.deepcopy(b)) is Bid
    with pytest.raises(AttributeError):
        b.number = 5
    for bad in (0, 9, True, 2.0, "3", None):
        with pytest.raises(IllegalActionError, match=r"contract number 1\.\.8"):
            Bid(bad)
    for bad in ("9", "0", "٣", "3.0", "", 3):
        with pytest.raises(NotationError, match=r"contract number 1\.\.8"):
            Bid.parse(bad)


def test_a_bid_out_of_range_is_refused_in_the_auctions_words_and_changes_nothing():
    st = deal_from_code("V-5")
    before = st.to_json()
    for bad in (9, "9", 0):
        with pytest.raises(IllegalActionError, match=r"bid 9|bid 0|contract number 1\.\.8"):
            st.apply_action(bad)
    assert st.to_json() == before

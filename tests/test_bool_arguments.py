"""True and False are ints in Python; as a seat, dealer, contract, bid, index or count they
are mistakes, and the engines refuse them with the project's errors instead of reading
True as 1 (STYLE.md rule 4)."""

from __future__ import annotations

import numpy as np
import pytest

from cardkit import CardkitError, IllegalActionError, NotationError, deck, parse_card
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W
from cardkit.simulate import (deal_batch, random_armenian_durak, random_variety, random_warsaw_hearts,
                              simulate_armenian_durak, simulate_variety, simulate_warsaw_hearts)
from cardkit.simulate.variety import auction_for

NO_TAKEN = [[] for _ in range(4)]


@pytest.mark.parametrize("call", [
    lambda: V.score_deal(True, (0, 2), NO_TAKEN),
    lambda: V.score_deal(1, (True, 2), NO_TAKEN),
    lambda: V.score_deal(1, (0, False), NO_TAKEN),
    lambda: V.side_points(True, (0, 2), NO_TAKEN),
    lambda: V.resolve_auction([1, 2], first=True),
    lambda: V.new_deal(seed=1, dealer=True),
    lambda: V.new_deal(seed=1).say(True, "hello"),
    lambda: V.new_deal(seed=1).say(7, "hello"),
    lambda: V.new_deal(seed=1).observation(False),
    lambda: V.Rules(deals=True),
    lambda: V.opening_leader(V.resolve_auction([1, 1]), True),
    lambda: W.new_deal(seed=1, dealer=True),
    lambda: W.new_deal(seed=1).tricks_of(True),
    lambda: W.Rules(players=True),
    lambda: W.settle([True, 30], [0, 0]),
    lambda: D.new_deal(seed=1, dealer=True),
    lambda: D.new_deal(seed=1).face_down_count(True),
    lambda: D.new_deal(seed=1).observation(True),
    lambda: D.Rules(target=True),
    lambda: D.deal_layout(deck(36), dealer=True),
])
def test_engines_refuse_bools_as_numbers(call):
    with pytest.raises(CardkitError):
        call()


def test_score_deal_still_takes_numbers():
    # the same deal with contract 1 given as an int and as a numpy int
    s = V.new_deal(seed=3)
    assert V.score_deal(1, (0, 2), NO_TAKEN) == V.score_deal(np.int64(1), (np.int8(0), 2), NO_TAKEN)
    with pytest.raises(CardkitError, match="contract True"):
        V.score_deal(True, (0, 2), s.taken)


def test_bids_and_draws_refuse_bools():
    s = V.new_deal(seed=1)
    for bad in (True, False):
        with pytest.raises((NotationError, IllegalActionError)):
            s.apply_action(bad)
    assert s.history == [] and not s.is_legal(True)
    with pytest.raises(IllegalActionError):
        V.resolve_auction([True, 2])
    d = D.new_deal(seed=1)
    before = d.to_json()
    with pytest.raises(IllegalActionError, match="trump True"):
        d.apply_action(D.PickTrump(True))
    assert d.to_json() == before
    d.apply_action(D.PickTrump(1))
    # play from the hand until a draw is offered, then try Draw(True)
    while d.phase != "draw":
        d.apply_action(d.hands[d.current_player][0] if d.hands[d.current_player] else d.legal_actions()[0])
    assert D.Draw(1) in d.legal_actions() or D.Draw(0) in d.legal_actions()
    before = d.to_json()
    for bad in (True, False):  # refused when the action is made (Draw(True) is not stack 1)
        with pytest.raises(IllegalActionError, match=f"draw {bad}"):
            d.apply_action(D.Draw(bad))
    assert d.to_json() == before


def test_simulators_refuse_bools():
    d52, d36 = deal_batch(3, 1), deal_batch(3, 1, deck=36)
    calls = [
        lambda: simulate_variety(d52, True, (0, 2)),
        lambda: simulate_variety(d52, 1, (True, 2)),
        lambda: simulate_variety(d52, 1, (0, 2), dealer=True),
        lambda: simulate_variety(d52, np.array([True, False, True]), (0, 2)),
        lambda: simulate_warsaw_hearts(d36, dealer=True),
        lambda: simulate_armenian_durak(d36, True),
        lambda: simulate_armenian_durak(d36, 0, dealer=True),
        lambda: random_variety(True),
        lambda: random_warsaw_hearts(True),
        lambda: random_armenian_durak(True),
        lambda: deal_batch(True, 1),
        lambda: auction_for(True, (0, 2), 0),
        lambda: auction_for(2, (True, 2), 0),
    ]
    for call in calls:
        with pytest.raises(CardkitError):
            call()
    # the numbers themselves still work
    assert len(simulate_variety(d52, 1, (0, 2), dealer=1)) == 3
    assert len(simulate_armenian_durak(d36, 1, dealer=1)) == 3
    assert auction_for(2, (1, 2), 0)[-1] == 2 and parse_card("AS")

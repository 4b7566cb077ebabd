"""Variety bots: RuleBot's bidding talk and its play quality against RandomBot (RULES.md §1)."""

from __future__ import annotations

import math

import pytest

from cardkit.bots import play_out
from cardkit.games.variety import RandomBot, RuleBot, new_deal

DEALS = 150   # per contract and per role: 2 x 8 x 150 = 2,400 deals


def side_margin(contract: int, seed: int, rule_declares: bool) -> int:
    """The RuleBot pair's score minus the RandomBot pair's score (points, bonus included) in
    one seeded deal of ``contract``; seats 0 and 1 declare (they bid it twice)."""
    s = new_deal(seed=seed, dealer=3)
    s.apply_action(contract)
    s.apply_action(contract)
    assert s.declarers == (0, 1)
    bots = [(RuleBot if (seat < 2) == rule_declares else RandomBot)(seed * 4 + seat) for seat in range(4)]
    play_out(s, bots)
    r = s.returns()
    return (r[0] - r[2]) if rule_declares else (r[2] - r[0])


@pytest.mark.parametrize("contract", range(1, 9))
def test_rule_pair_beats_random_pair_in_every_contract(contract):
    """Duplicate style: each deal is played twice, RuleBots declaring and then defending the
    same cards, so the declarers' advantage or handicap cancels out."""
    margins = [(side_margin(contract, seed, True) + side_margin(contract, seed, False)) / 2
               for seed in range(10_000, 10_000 + DEALS)]
    mean = sum(margins) / DEALS
    se = math.sqrt(sum((m - mean) ** 2 for m in margins) / (DEALS - 1) / DEALS)
    assert mean - 3 * se > 0, f"contract {contract}: RuleBot pair margin {mean:.2f} ± {se:.2f} points a deal"


def test_rule_bot_bids_with_a_reason_and_plays_silently():
    s = new_deal(seed=3)
    bots = [RuleBot(k) for k in range(4)]
    while s.phase == "bidding":
        seat = s.current_player
        bid = bots[seat].act(s.observation(seat))
        assert bid in s.legal_actions()
        assert bots[seat].remark.startswith(f"I bid {bid}: ")
        s.apply_action(bid)
    while not s.is_terminal():
        seat = s.current_player
        card = bots[seat].act(s.observation(seat))
        assert card in s.legal_actions() and bots[seat].remark is None   # no talk in the play
        s.apply_action(card)


def test_rule_bot_repeats_a_good_number_to_end_the_bidding():
    """Ten diamonds and three hearts: contract 4 (♦ trumps, +1 per red card) is this hand's
    best; when another player has named 4, the RuleBot repeats it and becomes a declarer."""
    hands = ["AKQJT98765432.-.-.-", "-.AKQ.AKQJT98765.-", "-.JT98765432.432.-", "-.-.-.AKQJT98765432"]
    s = new_deal(hands, dealer=3)
    s.apply_action(4)                                      # seat 0 names 4
    bot = RuleBot(0)
    assert bot.act(s.observation(1)) == 4
    assert bot.remark == "I bid 4: I hold 10 diamonds and 13 red cards"
    s.apply_action(4)
    assert (s.contract, s.declarers) == (4, (0, 1))

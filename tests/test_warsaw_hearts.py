"""Warsaw Hearts (RULES.md §2): the rules object, the penalty schedule, the settlement,
a whole scripted deal, errors, observations, bots and the game series.

Random-play invariants are in test_warsaw_hearts_random.py.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import numpy as np
import pytest

from cardkit import CardkitError, IllegalActionError, NotationError, StateError, parse_card, parse_cards
from cardkit.bots import Bot, play_out
from cardkit.cards import deck
from cardkit.games import warsaw_hearts as wh
from cardkit.games.warsaw_hearts import (
    BONUS, PENALTY_SCHEDULE, Game, RandomBot, RuleBot, Rules, new_deal, penalty_and_bonus, settle,
)
from cardkit.tricks import Trick


def tricks(*texts):
    """Tricks from text, one string of cards per trick: tricks("KH QH 6S", "JH 7C 8C")."""
    return [parse_cards(t) for t in texts]


# ---- Rules (RULES.md §2.1–§2.3) ------------------------------------------------------------

def test_rules_defaults():
    r = Rules()
    assert (r.players, r.double_honour_trick, r.bonus_without_tricks, r.loss_at) == (4, "max", False, 30)
    assert Rules(players=3).cards_per_player == 12 and r.cards_per_player == 9


@pytest.mark.parametrize("kwargs, word", [
    (dict(players=5), "players"), (dict(players=2), "players"), (dict(players=True), "players"),
    (dict(double_honour_trick="sum"), "double_honour_trick"),
    (dict(bonus_without_tricks=1), "bonus_without_tricks"),
    (dict(loss_at=0), "loss_at"), (dict(loss_at=30.0), "loss_at"),
])
def test_rules_reject_bad_values(kwargs, word):
    with pytest.raises(CardkitError, match=word) as e:
        Rules(**kwargs)
    assert isinstance(e.value, ValueError)
    assert "RULES.md §2" in str(e.value)


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().loss_at = 20


# ---- the penalty schedule (RULES.md §2.2) -------------------------------------------------

def test_schedule_is_data():
    assert [r.penalty for r in PENALTY_SCHEDULE] == [20, 15, 10, 4, 3, 2]
    assert wh.HONOUR_VALUES == {parse_card("KH"): 4, parse_card("QH"): 3, parse_card("JH"): 2}
    assert {r.figure for r in PENALTY_SCHEDULE} >= {"fig. 199", "fig. 200"}


@pytest.mark.parametrize("taken, expected", [
    # rule 4: one honour alone
    (["KH 6S 7S 8S"], 4),
    (["QH 6S 7S 8S"], 3),
    (["JH 6S 7S 8S"], 2),
    # rule 4, with other tricks and low hearts beside it
    (["JH 6S 7S 8S", "AH TH 9D 6C", "AS KS QS JS"], 2),
    # rule 3: two honours in two different tricks replace the single values
    (["QH 6S 7S", "KH 9C TC"], 10),  # the source's example: 10, not 7
    (["KH 6S 7S", "JH 9C TC"], 10),
    (["QH 6S 7S", "JH 9C TC"], 10),
    # rule 2: three honours in three different tricks, fig. 199
    (["KH 6S 7S", "QH 9C TC", "JH 6D 7D"], 15),
    # rule 1: two honours in one trick, fig. 200
    (["KH QH 7S"], 20),
    (["KH JH 7S"], 20),
    (["QH JH 7S 8S"], 20),
    # rule 1: three honours in one trick (default 20 as well)
    (["KH QH JH"], 20),
    # rule 1 takes the whole penalty by default
    (["KH QH 7S", "JH 9C TC"], 20),
    (["QH JH 7S", "KH 9C TC"], 20),
    # no honour
    (["AH TH 9H 8H", "7H 6H 6S"], 0),
    ([], 0),
])
def test_penalty_rows(taken, expected):
    assert penalty_and_bonus(tricks(*taken))[0] == expected


@pytest.mark.parametrize("taken, expected", [
    (["KH QH 7S", "JH 9C TC"], 22),    # RULES.md §2.2: 20 + J♥ 2
    (["QH JH 7S", "KH 9C TC"], 24),    # 20 + K♥ 4
    (["KH JH 7S", "QH 9C TC"], 23),    # 20 + Q♥ 3
    (["KH QH JH"], 20),                # nothing outside the double trick
    (["KH QH 7S"], 20),
    (["KH 6S 7S", "QH 9C TC", "JH 6D 7D"], 15),  # no double trick: unchanged
    (["QH 6S 7S", "KH 9C TC"], 10),
    (["KH 6S 7S"], 4),
])
def test_penalty_additive_variant(taken, expected):
    assert penalty_and_bonus(tricks(*taken), Rules(double_honour_trick="additive"))[0] == expected


def test_bonus_for_tricks_without_hearts():
    assert penalty_and_bonus(tricks("AS 6S 7S", "9C TC JC")) == (0, BONUS) == (0, 20)


@pytest.mark.parametrize("heart", ["AH", "TH", "9H", "8H", "7H", "6H"])
def test_low_hearts_cost_nothing_but_stop_the_bonus(heart):
    assert penalty_and_bonus(tricks("AS 6S 7S", f"9C TC {heart}")) == (0, 0)


def test_honours_stop_the_bonus():
    assert penalty_and_bonus(tricks("AS 6S 7S", "9C TC JH")) == (2, 0)


def test_no_tricks_no_bonus_by_default_and_with_the_variant():
    assert penalty_and_bonus([]) == (0, 0)
    assert penalty_and_bonus([], Rules(bonus_without_tricks=True)) == (0, 20)
    # the variant changes nothing for a player with tricks
    assert penalty_and_bonus(tricks("AH 6S 7S"), Rules(bonus_without_tricks=True)) == (0, 0)


def test_assessment_says_which_honour_lay_in_which_trick():
    a = wh.assess_tricks(tricks("AS 6S 7S", "QH 9C TC", "KH 6D 7D"))
    assert a.honours == ((parse_card("KH"), 2), (parse_card("QH"), 1))
    assert a.row.penalty == 10 and a.row.item == 3 and a.hearts == 2 and a.tricks == 3
    b = wh.assess_tricks(tricks("KH QH 7S", "JH 9C TC"), Rules(double_honour_trick="additive"))
    assert (b.row.item, b.added, b.penalty) == (1, 2, 22)


def test_penalty_accepts_trick_objects_and_cards():
    t = Trick(0, 3, parse_cards("KH QH 7S"), winner=1)
    assert penalty_and_bonus([t]) == (20, 0)
    assert penalty_and_bonus([[parse_card("JH"), "6S", "7S"]]) == (2, 0)


@pytest.mark.parametrize("bad, words", [
    ([["2H", "6S", "7S"]], ["2♥", "36-card deck"]),
    ([["KH", "6S"], ["KH", "7S"]], ["K♥", "twice"]),
    ([[]], ["empty"]),
    ([["ZZ"]], ["'ZZ'"]),
    ("KH QH", ["list of tricks"]),
    ([["KH QH 7S"]], ["'KH QH 7S'"]),
])
def test_penalty_rejects_bad_tricks(bad, words):
    with pytest.raises(NotationError) as e:
        penalty_and_bonus(bad)
    for w in words:
        assert w in str(e.value)


# ---- settlement (RULES.md §2.3) ---------------------------------------------------------------

def test_settlement_source_example_differences():
    # seed 003: Sergei 30 loses; Vitaly 25, Petr 15, Maxim 10 -> Sergei pays 5, 15 and 20
    assert settle([30, 25, 15, 10], [0, 0, 0, 0]) == [-40, 5, 15, 20]


def test_settlement_source_example_bonus():
    # seed 003: Vitaly with 20 plus points and no penalty gets 30 + 20 = 50
    chips = settle([30, 0, 10, 5], [0, 20, 0, 0])
    assert chips[1] == 50
    assert chips == [-(50 + 20 + 25), 50, 20, 25]


def test_settlement_none_while_nobody_reached_the_limit():
    assert settle([29, 25, 15, 10], [0, 0, 0, 0]) is None
    assert settle([29, 0, 0], [0, 60, 0]) is None
    assert settle([20, 10, 0], [0, 0, 0], Rules(loss_at=20)) == [-30, 10, 20]


def test_settlement_loser_bonus_does_not_count():
    assert settle([30, 10, 0], [40, 0, 0]) == [-50, 20, 30]


def test_settlement_highest_of_several_loses():
    # two over 30 in the same deal: only the highest loses; the other one is paid 2
    assert settle([32, 30, 10, 0], [0, 0, 0, 0]) == [-(2 + 22 + 32), 2, 22, 32]


def test_settlement_tied_losers_pay_nobody_among_themselves():
    chips = settle([31, 31, 10, 5], [0, 20, 20, 0])
    # each loser pays seat 2 (31 - 10) + 20 = 41 and seat 3 26; the losers' bonus is ignored
    assert chips == [-67, -67, 82, 52]
    assert wh.losers([31, 31, 10, 5]) == [0, 1]


def test_settlement_sums_to_zero():
    rng = np.random.default_rng(7)
    for _ in range(500):
        n = int(rng.integers(3, 5))
        p = [int(x) for x in rng.integers(0, 45, n)]
        b = [int(x) for x in rng.integers(0, 4, n) * 20]
        chips = settle(p, b)
        if max(p) < 30:
            assert chips is None
        else:
            assert sum(chips) == 0
            for s in range(n):
                assert (chips[s] < 0) == (p[s] == max(p))


@pytest.mark.parametrize("p, b", [([30, 1], [0]), ([30, -1, 0], [0, 0, 0]), ([30, 1.5, 0], [0, 0, 0]),
                                  ("30 20", [0, 0])])
def test_settlement_rejects_bad_totals(p, b):
    with pytest.raises(CardkitError):
        settle(p, b)


# ---- a whole scripted deal, three players ------------------------------------------------------

# Dealer seat 2, so seat 0 (on the dealer's left) leads. 36 cards, 12 each.
SCRIPT_HANDS = [
    "AKQJT98..KQJ.J6",   # seat 0: seven spades, three diamonds, two clubs, no heart
    "6.AKJT9876..AT9",   # seat 1: one spade, eight hearts, three clubs
    "7.Q.AT9876.KQ87",   # seat 2: one spade, Q♥, six diamonds, four clubs
]
# Each trick in play order, from its leader; the winner is worked out by hand.
SCRIPT_TRICKS = [
    ("AS 6S 7S", 0),   # 1  seat 0 leads: clean trick to 0
    ("QS KH QH", 0),   # 2  seats 1 and 2 are void in spades and dump K♥ Q♥: two honours, one trick
    ("KS JH 6D", 0),   # 3  J♥ dumped on seat 0 again
    ("JS 6H 7D", 0),   # 4  a low heart: costs nothing
    ("6C AC 7C", 1),   # 5  seat 0 gives up the lead: A♣ wins
    ("AH 8D TS", 1),   # 6  seat 1 leads hearts; 2 and 0 are void (order 1, 2, 0)
    ("TH 9D 9S", 1),   # 7
    ("9H 8C 8S", 1),   # 8
    ("8H TD JD", 1),   # 9
    ("7H QC QD", 1),   # 10
    ("9C KC JC", 2),   # 11 seat 1 leads clubs: K♣ wins, a clean trick for seat 2
    ("AD KD TC", 2),   # 12 seat 2 leads (order 2, 0, 1): A♦ wins, clean
]
# Worked out by hand (RULES.md §2.2):
# - seat 0 took tricks 1-4: K♥ Q♥ together in trick 2 (rule 1, 20) and J♥ in trick 3.
#   Default: rule 1 is the whole penalty, 20. Additive: 20 + J♥'s 2 = 22. No bonus (hearts).
# - seat 1 took tricks 5-10: only A♥ T♥ 9♥ 8♥ 7♥ (and no honour): penalty 0, and no
#   bonus because its tricks hold hearts.
# - seat 2 took tricks 11 and 12, no heart in them: penalty 0, bonus +20.
SCRIPT_PENALTIES = [20, 0, 0]
SCRIPT_PENALTIES_ADDITIVE = [22, 0, 0]
SCRIPT_BONUSES = [0, 0, 20]


def play_script(rules=None):
    state = new_deal(SCRIPT_HANDS, players=3, dealer=2, rules=rules)
    for cards, winner in SCRIPT_TRICKS:
        for card in cards.split():
            state.apply_action(card)
        assert state.tricks_won(winner) >= 1
        done = state.completed_tricks[-1]
        assert done.winner == winner, (cards, done)
    return state


def test_scripted_deal_three_players():
    state = play_script()
    assert state.is_terminal() and state.current_player is None
    assert [len(h) for h in state.initial_hands] == [12, 12, 12]
    assert [t.winner for t in state.tricks] == [w for _, w in SCRIPT_TRICKS]
    assert [t.leader for t in state.tricks] == [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2]
    assert state.penalties() == SCRIPT_PENALTIES
    assert state.bonuses() == SCRIPT_BONUSES
    assert state.returns() == [b - p for p, b in zip(SCRIPT_PENALTIES, SCRIPT_BONUSES)] == [-20, 0, 20]
    a = state.assessments()[0]
    assert [(str(c), i) for c, i in a.honours] == [("K♥", 1), ("Q♥", 1), ("J♥", 2)]


def test_scripted_deal_additive_variant():
    state = play_script(Rules(players=3, double_honour_trick="additive"))
    assert state.penalties() == SCRIPT_PENALTIES_ADDITIVE


def test_scripted_deal_revoke_is_refused_and_state_unchanged():
    state = new_deal(SCRIPT_HANDS, players=3, dealer=2)
    for card in "AS 6S 7S QS KH QH KS JH 6D JS 6H 7D 6C AC".split():
        state.apply_action(card)
    before = state.to_json()
    assert state.current_player == 2
    with pytest.raises(IllegalActionError, match="must follow ♣") as e:
        state.apply_action("8D")  # seat 2 holds K♣ Q♣ 8♣ 7♣
    assert "7♣" in str(e.value)
    with pytest.raises(IllegalActionError, match="not in seat 2's hand"):
        state.apply_action("AC")
    assert state.to_json() == before
    assert sorted(map(str, state.legal_actions())) == sorted(["K♣", "Q♣", "8♣", "7♣"])


def test_scripted_deal_json_undo_and_returns_before_end():
    state = new_deal(SCRIPT_HANDS, players=3, dealer=2)
    with pytest.raises(StateError):
        state.returns()
    with pytest.raises(StateError):
        state.penalties()
    with pytest.raises(StateError):
        state.bonuses()
    with pytest.raises(StateError):
        state.undo_action()
    done = play_script()
    back = wh.State.from_json(done.to_json())
    assert back.penalties() == SCRIPT_PENALTIES and back.to_json() == done.to_json()
    done.undo_action()
    assert not done.is_terminal() and done.current_player == 1 and done.legal_actions() == [parse_card("TC")]


# ---- dealing and errors (RULES.md §2.1) ----------------------------------------------------

def test_deal_sizes_and_lead_left_of_dealer():
    for players, k in ((3, 12), (4, 9)):
        for dealer in range(players):
            s = new_deal(players=players, dealer=dealer, seed=dealer)
            assert [len(h) for h in s.hands] == [k] * players
            assert sorted(c for h in s.hands for c in h) == sorted(deck(36))
            assert s.current_player == (dealer + 1) % players
            assert s.phase == "play"


def test_hand_outside_the_36_card_deck():
    two = parse_card("2H")
    assert str(two) == "2♥"  # a valid card...
    hands = ["2H AS KS QS JS TS 9S 8S 7S", "6S AH KH QH JH TH 9H 8H 7H",
             "AD KD QD JD TD 9D 8D 7D 6D", "AC KC QC JC TC 9C 8C 7C 6C"]
    with pytest.raises(NotationError) as e:
        new_deal(hands)
    msg = str(e.value)
    assert "2♥" in msg and "36-card deck" in msg and "seat 0" in msg


@pytest.mark.parametrize("hands, words", [
    (["AKQJT9876...", "", ""], ["four hands"]),
    (["AKQJT9876...", ".AKQJT9876..", "..AKQJT9876.", "...AKQJT987"], ["seat 3", "8 cards", "9 to each"]),
    (["AKQJT9876...", "AKQJT9876...", "..AKQJT9876.", "...AKQJT9876"], ["dealt twice"]),
])
def test_bad_hands(hands, words):
    with pytest.raises(NotationError) as e:
        new_deal(hands)
    for w in words:
        assert w in str(e.value)


def test_bad_players_and_dealer():
    with pytest.raises(CardkitError, match="3 or 4"):
        new_deal(players=5)
    with pytest.raises(CardkitError, match="dealer 3"):
        new_deal(players=3, dealer=3)
    with pytest.raises(CardkitError, match="rules.players"):
        new_deal(players=3, rules=Rules(players=4))
    assert new_deal(rules=Rules(players=3), seed=1).players == 3


def test_from_json_rejects_other_games_and_bad_actions():
    s = new_deal(players=3, seed=4)
    with pytest.raises(NotationError, match="variety"):
        wh.State.from_json(s.to_json().replace('"warsaw_hearts"', '"variety"'))
    data = s.to_json().replace('"history": []', '"history": ["2H"]')
    with pytest.raises(NotationError, match="action 1"):
        wh.State.from_json(data)


def test_cardkit_imports_no_ui():
    code = ("import sys, cardkit.games.warsaw_hearts; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'cardkit_widgets', 'IPython')]; "
            "print(bad); assert not bad")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


# ---- observations and bots ---------------------------------------------------------------

def test_observation_hides_other_hands():
    s = new_deal(players=4, seed=11)
    obs = s.observation(2)
    assert obs.hand == tuple(s.hands[2]) and obs.legal_actions == ()
    assert obs.trump is None and obs.lowest_wins is False and obs.hand_sizes == (9, 9, 9, 9)
    others = {c for seat in (0, 1, 3) for c in s.hands[seat]}
    visible = set(obs.hand) | set(obs.trick) | {c for t in obs.tricks for c in t[1]}
    assert not visible & others
    assert s.observation(1).legal_actions == tuple(s.legal_actions())
    with pytest.raises(CardkitError):
        s.observation(4)


def obs_for(hand, trick, leader, players=3, seat=None, tricks=()):
    """An observation built by hand for the bot tests."""
    hand = tuple(parse_cards(hand))
    trick = tuple(parse_cards(trick))
    seat = (leader + len(trick)) % players if seat is None else seat
    led = trick[0].suit if trick else None
    follow = [c for c in hand if c.suit == led]
    legal = tuple(follow or hand)
    return wh.Observation(seat=seat, players=players, phase="play", current_player=seat, dealer=0,
                          hand=hand, legal_actions=legal, trump=None, lowest_wins=False,
                          trick_leader=leader, trick=trick, tricks=tuple(tricks),
                          hand_sizes=(len(hand),) * players, rules=Rules(players=players))


def test_rulebot_dumps_an_honour_when_void():
    bot = RuleBot(0)
    assert bot.act(obs_for("QH JH 6H AD", "9S TS", leader=0)) == parse_card("QH")
    assert bot.act(obs_for("KH QH 6H AD", "9S", leader=0)) == parse_card("KH")


def test_rulebot_ducks_an_honour_under_a_higher_heart():
    # K♥ was led; the bot holds A♥ Q♥ 7♥: Q♥ goes under the king
    assert RuleBot(0).act(obs_for("AH QH 7H 6S", "KH", leader=0)) == parse_card("QH")


def test_rulebot_does_not_win_a_trick_with_an_honour_in_it():
    # J♥ is winning; the bot, last, holds A♥ and T♥: it ducks with T♥ (keeps a low heart)
    assert RuleBot(0).act(obs_for("AH TH 6S", "9H JH", leader=1)) == parse_card("TH")
    # it keeps its lowest heart for later: ducks with the highest card that ducks
    assert RuleBot(0).act(obs_for("AH TH 7H 6S", "9H JH", leader=1)) == parse_card("TH")


def test_rulebot_keeps_low_hearts_when_discarding():
    # void in spades, no honour: it throws the high diamond, not a low heart
    assert RuleBot(0).act(obs_for("7H 6H AD", "9S", leader=0)) == parse_card("AD")


def test_rulebot_acts_from_observation_only():
    """Two deals that differ only in cards hidden from seat 0 give seat 0 the same
    observation, and so the same action, all through the first trick."""
    hands = ["AKQ.AKQ.AKQ.", "JT9.JT9.JT9.", "876.876.876.", "...AKQJT9876"]
    swapped = ["AKQ.AKQ.AKQ.", "JT9.JT9.876.", "876.876.JT9.", "...AKQJT9876"]
    a, b = new_deal(hands, dealer=3), new_deal(swapped, dealer=3)
    assert a.hands != b.hands
    for card in ["AS", "9S", "6S", "6C"]:
        assert a.observation(0) == b.observation(0)
        if a.current_player == 0:
            assert RuleBot(0).act(a.observation(0)) == RuleBot(0).act(b.observation(0))
        a.apply_action(card)
        b.apply_action(card)


def mean_penalties(n, deals=2000):
    rule, rand = [], []
    for i in range(deals):
        seat = i % n
        bots = [RandomBot(1000 * i + k) for k in range(n)]
        bots[seat] = RuleBot(i)
        s = new_deal(players=n, dealer=(i // n) % n, seed=i)
        play_out(s, bots)
        p = s.penalties()
        rule.append(p[seat])
        rand.extend(p[k] for k in range(n) if k != seat)
    return float(np.mean(rule)), float(np.mean(rand))


@pytest.mark.parametrize("n", [3, 4])
def test_rulebot_takes_fewer_penalties_than_randombot(n):
    rule, rand = mean_penalties(n)
    # the honours cost at least 9 points a deal among the players
    assert rand * (n - 1) + rule >= 9
    assert rule < 0.75 * rand, (rule, rand)


def test_randombot_is_the_core_one():
    from cardkit import bots
    assert RandomBot is bots.RandomBot and issubclass(RuleBot, bots.TrickBot)


# ---- a game (RULES.md §2.1, §2.3) ------------------------------------------------------------

@pytest.mark.parametrize("n, seed", [(3, 1), (4, 2), (4, 3), (3, 4)])
def test_game_until_thirty_and_settlement(n, seed):
    g = Game([RuleBot(seed * 10 + k) if k % 2 else RandomBot(seed * 10 + k) for k in range(n)], seed=seed)
    assert g.rules.players == n
    # the cut: the first dealer drew the lowest card of the last round, alone
    last = g.cut[-1]
    assert last[g.first_dealer].rank < min(c.rank for s, c in last.items() if s != g.first_dealer)
    for earlier in g.cut[:-1]:
        low = min(c.rank for c in earlier.values())
        assert sum(c.rank == low for c in earlier.values()) >= 2
    g.play()
    assert g.is_over()
    assert max(g.penalty_totals) >= 30
    # the game ended at the first deal that took someone to 30
    before = [sum(r[s] for r in g.penalty_rows[:-1]) for s in range(n)]
    assert max(before) < 30
    for i, d in enumerate(g.deals):
        assert d.dealer == (g.first_dealer + i) % n
        assert d.penalties() == g.penalty_rows[i] and d.bonuses() == g.bonus_rows[i]
        assert g.scores[i] == [b - p for p, b in zip(g.penalty_rows[i], g.bonus_rows[i])]
    chips = g.settlement()
    assert chips == settle(g.penalty_totals, g.bonus_totals) and sum(chips) == 0
    loser = g.losers()
    assert loser and all(g.penalty_totals[s] == max(g.penalty_totals) for s in loser)
    with pytest.raises(StateError, match="30"):
        g.new_deal()


def test_game_with_a_human_seat():
    g = Game([None, RuleBot(1), RuleBot(2)], seed=5)
    with pytest.raises(StateError):
        g.play_deal()
    s = g.new_deal()
    assert s.dealer == g.first_dealer and g.settlement() is None
    with pytest.raises(StateError):
        g.new_deal()
    while not s.is_terminal():
        seat = s.current_player
        act = s.legal_actions()[0] if seat == 0 else g.players[seat].act(s.observation(seat))
        s.apply_action(act)
    row = g.record()
    assert row == s.returns() and g.record() == row and len(g.penalty_rows) == 1
    assert g.dealer == (g.first_dealer + 1) % 3


@pytest.mark.parametrize("players, rules", [([None] * 5, None), ([None] * 2, None),
                                            ([None] * 3, Rules(players=4))])
def test_game_bad_players(players, rules):
    with pytest.raises(CardkitError):
        Game(players, rules=rules, seed=0)


def test_game_is_deterministic():
    def run(seed):
        g = Game([RuleBot(1), RandomBot(2), RuleBot(3), RandomBot(4)], seed=seed)
        g.play()
        return g.first_dealer, g.penalty_rows, g.bonus_rows, [d.to_json() for d in g.deals]
    assert run(9) == run(9)
    assert run(9) != run(10)


def test_payments_name_who_pays_whom():
    paid = wh.payments([31, 31, 10, 5], [0, 20, 20, 0])
    assert [(p.payer, p.receiver, p.difference, p.bonus, p.chips) for p in paid] == [
        (0, 2, 21, 20, 41), (0, 3, 26, 0, 26), (1, 2, 21, 20, 41), (1, 3, 26, 0, 26)]
    assert wh.payments([10, 0, 0], [0, 0, 0]) is None
    # everybody tied at the top: all lose, nobody is paid
    assert settle([30, 30, 30], [20, 0, 0]) == [0, 0, 0]


def test_game_drop_deal_and_unrecord():
    g = Game([None, None, None], seed=8)
    a = g.new_deal(seed=3)
    assert a.initial_hands == new_deal(players=3, dealer=a.dealer, seed=3).initial_hands
    g.drop_deal()
    b = g.new_deal()
    assert b.dealer == a.dealer and len(g.deals) == 1
    play_out(b, [RandomBot(s) for s in range(3)])
    row = g.record()
    assert g.unrecord() == row and g.scores == [] and g.penalty_rows == [] and g.bonus_rows == []
    with pytest.raises(StateError):
        g.unrecord()
    b.undo_action()
    b.apply_action(b.legal_actions()[0])
    g.record()
    assert g.penalty_rows == [b.penalties()] and g.dealer == (a.dealer + 1) % 3

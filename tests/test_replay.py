"""Replay with commentary (cardkit/replay.py): golden transcript, navigation, engine agreement."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit import StateError, parse_card
from cardkit.bots import RandomBot, play_out
from cardkit.games import variety
from cardkit.replay import Replay, explain_trick_winner

GOLDEN = Path(__file__).parent / "golden" / "variety_replay.txt"

# A scripted deal of contract 6 (clubs trumps, the lowest card wins, +1 per red card):
# dealer seat 3; seat 0 names 6 and seat 1 repeats it, so seats 0 and 1 declare and
# seat 1 (left of the first namer, RULES.md §1.4) leads. The play has follows, discards,
# trumps on a void, a lone trump, the lowest of two trumps, and a lost contract (+10 each).
HANDS = ["985.AJ7543.K.KQ4", "JT7.6.AT765.AT86", "KQ32.T2.J94.J972", "A64.KQ98.Q832.53"]
ACTIONS = ("1 8 3 7 6 6 7D 9D QD KD TS QS 4S 5S 8H JH 6H 2H KS AS 9S JS 4C TC 9C 5C 3H 6D TH KH "
           "8S 7S 2S 6S JD 8D 7H TD QH 5H 5D 2C JC 3C QC 6C 9H AH 8C 7C 3S 3D 4H AD 4D 2D KC AC").split()


def scripted_deal():
    state = variety.new_deal(HANDS, dealer=3)
    for a in ACTIONS:
        state.apply_action(a)
    return state


def test_golden_transcript():
    state = scripted_deal()
    assert state.is_terminal()
    text = Replay(state).transcript()
    if not GOLDEN.exists():  # written once, then read by hand against RULES.md
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_golden_facts_that_the_rules_fix():
    # Independent of the golden file: facts from RULES.md §1.2-§1.6 for this deal.
    r = Replay(scripted_deal())
    flat = [line for ls in r.lines for line in ls]
    assert any("contract 6" in l and "declarers 0 and 1 against 2 and 3" in l and "seat 1 leads" in l for l in flat)
    trick9 = next(l for l in flat if l.startswith("trick 9 "))
    assert "to seat 2" in trick9 and "2♣ is the only trump" in trick9 and "worth +3" in trick9
    trick13 = next(l for l in flat if l.startswith("trick 13 "))
    assert "K♣ is the lowest trump" in trick13 and "to seat 0" in trick13
    assert flat[-1].startswith("deal over: declarers 10, defenders 16: the declarers lose")
    assert flat[-1].endswith("scores +10 +10 +26 +26")


def test_forward_back_and_state_at():
    state = scripted_deal()
    r = Replay(state)
    assert len(r) == len(ACTIONS) and r.position == 0
    with pytest.raises(StateError):
        r.back()
    first = r.forward()
    assert first == ["seat 0 bids 1"] and r.position == 1
    assert r.back() == first and r.position == 0
    for i in (0, 6, 10, len(r)):
        s = r.state_at(i)
        assert len(s.history) == i
        assert [s.action_to_str(a) for a in s.history] == ACTIONS[:i]
    assert r.state_at(len(r)).returns() == state.returns()
    # a copy: playing on it does not change the replay
    s6 = r.state_at(6)
    s6.apply_action(s6.legal_actions()[0])
    assert len(r.state_at(6).history) == 6
    with pytest.raises(StateError):
        r.state_at(len(r) + 1)
    r.seek(len(r))
    with pytest.raises(StateError):
        r.forward()


def test_trick_by_trick():
    r = Replay(scripted_deal())
    lines = r.forward_trick()  # the bidding, to the contract
    assert r.position == 6 and "contract 6" in lines[-1]
    lines = r.forward_trick()
    assert r.position == 10 and lines[-1].startswith("trick 1 ")
    r.forward()
    r.back_trick()
    assert r.position == 10
    r.back_trick()
    assert r.position == 6
    stops = r.trick_boundaries()
    assert stops == [6] + [6 + 4 * k for k in range(1, 14)]


def test_commentary_agrees_with_the_engine_on_random_deals():
    # Each trick line names the engine's winner; "follows suit" exactly when the suit was
    # followed; "void" only when the player held no card of the suit led.
    for seed in range(60):
        state = variety.new_deal(seed=seed, dealer=seed % 4)
        play_out(state, [RandomBot(seed * 4 + i) for i in range(4)])
        r = Replay(state)
        tricks = iter(state.tricks)
        for i, ls in enumerate(r.lines):
            before = r.state_at(i)
            action = state.history[i]
            if before.phase != "play":
                continue
            line = ls[0]
            hand = before.hands[before.current_player]
            trick = before.trick
            if trick.cards:
                led = trick.cards[0].suit
                assert ("follows suit" in line) == (action.suit == led)
                assert ("void in" in line) == (not any(c.suit == led for c in hand))
            if len(ls) > 1 and ls[1].startswith("trick"):
                t = next(tricks)
                assert f"to seat {t.winner}" in ls[1]
                assert str(t.cards[state._trick_winner_index(t)]) in ls[1].split(": ", 1)[1]


def test_explain_winner_in_a_normal_contract():
    # contract 2 (clubs trumps, normal order): the highest trump wins
    state = variety.new_deal(seed=3)
    for b in (2, 2):
        state.apply_action(b)
    from cardkit.tricks import Trick
    t = Trick(0, 4, [parse_card(c) for c in ("AS", "2C", "KS", "5C")], None)
    t.winner = 3
    assert explain_trick_winner(state, t) == "5♣ is the highest trump (♣ trumps)"
    t2 = Trick(0, 4, [parse_card(c) for c in ("9H", "AH", "KD", "2H")], None)
    assert explain_trick_winner(state, t2) == "A♥ is the highest card of the suit led (♥)"


def test_durak_commentary_names_the_six_over_the_ace_and_the_draws():
    # RULES.md §3.1: the six beats the ace of its suit; the engine decides, the replay explains.
    from cardkit.codes import deal_from_code
    found = 0
    for seed in range(40):
        s = deal_from_code(f"D-{seed}")
        play_out(s, [RandomBot(seed), RandomBot(seed + 1000)])
        lines = [l for ls in Replay(s).lines for l in ls]
        assert "so " in lines[0] and "is trump" in lines[0]
        for t in s.tricks:
            cards = {c.code for c in t.cards}
            six_ace = len({c.suit for c in t.cards}) == 1 and {c.rank.char for c in t.cards} == {"6", "A"}
            if six_ace:
                six = next(c for c in t.cards if c.rank.char == "6")
                line = next(l for l in lines if l.startswith("trick ") and all(str(c) in l.split(":")[0] for c in t.cards))
                assert f"{six} beats" in line and "the 6 beats the ace" in line
                found += 1
        assert lines[-1].startswith("deal over: scores")
    assert found > 0


def test_hearts_commentary_counts_penalties_from_the_engine():
    from cardkit.codes import deal_from_code
    s = deal_from_code("W-4821")
    play_out(s, [RandomBot(i) for i in range(4)])
    lines = [l for ls in Replay(s).lines for l in ls]
    assert lines[-1] == (f"deal over: penalties {' '.join(map(str, s.penalties()))}, bonuses "
                         f"{' '.join(map(str, s.bonuses()))} (RULES.md §2.2)")

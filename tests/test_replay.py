"""Replay with commentary (cardkit/replay.py): golden transcript, navigation, engine agreement."""

from __future__ import annotations

from pathlib import Path

import pytest
from playthrough import check_golden

from cardkit import CardkitError, StateError, parse_card
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
    check_golden(text, GOLDEN)    # a missing file fails (write it with tests/playthrough.py)


def test_golden_facts_that_the_rules_fix():
    # Independent of the golden file: facts from RULES.md §1.2-§1.6 for this deal.
    r = Replay(scripted_deal())
    flat = [line for ls in r.lines for line in ls]
    assert any("contract 6" in l and "declarers seat 0 and seat 1 against seat 2 and seat 3" in l and "seat 1 leads" in l for l in flat)
    trick9 = next(l for l in flat if l.startswith("trick 9 "))
    assert "to seat 2" in trick9 and "2♣ is the only trump" in trick9 and "worth +3" in trick9
    trick13 = next(l for l in flat if l.startswith("trick 13 "))
    assert "K♣ is the lowest trump" in trick13 and "to seat 0" in trick13
    assert flat[-1].startswith("deal over: declarers 10, defenders 16: the declarers lose")
    assert flat[-1].endswith("scores seat 0 +10, seat 1 +10, seat 2 +26, seat 3 +26")


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
    each = lambda values: ", ".join(f"seat {i} {v}" for i, v in enumerate(values))  # noqa: E731
    assert lines[-1] == (f"deal over: penalties {each(s.penalties())}; bonuses {each(s.bonuses())} (RULES.md §2.2)")


# ---- hidden cards stay hidden: the viewer (breaker F08, F13) ----------------------------------

from cardkit import CardkitError, IllegalActionError  # noqa: E402
from cardkit.games import warsaw_hearts  # noqa: E402
from cardkit.replay import ALL  # noqa: E402

# wording that is read from the player's hand, not from what the table saw
PRIVATE = ("only legal card", "holds no trump", "void in", "instead of following", "must play a trump",
           "may play any card")


def _mid_deal(module, seed, actions):
    s = module.new_deal(seed=seed)
    bots = [module.RuleBot(seed=seed * 10 + i) for i in range(s.players)]
    while len(s.history) < actions and not s.is_terminal():
        s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
    return s


def test_the_breakers_position_mid_deal_tells_nothing_private():
    # breaker F08: Variety seed 0 after 30 actions said "(the only legal card)" and
    # "holds no trump" about other seats.
    s = _mid_deal(variety, 0, 30)
    assert not s.is_terminal()
    full = [l for ls in Replay(s, viewer=ALL).lines for l in ls]
    assert any(p in l for l in full for p in PRIVATE)  # there is something to hide
    for viewer in (None, 0, 1, 2, 3):
        r = Replay(s, viewer=viewer)
        for i, ls in enumerate(r.lines):
            seat = r.state_at(i).current_player
            if seat != viewer:
                assert not any(p in l for l in ls for p in PRIVATE), (viewer, seat, ls)


def _swap_hidden_cards(module, state, viewer, rng):
    """The same deal, history and viewer's hand, with one unplayed card of two other seats
    swapped; None when the history is not legal any more."""
    others = [s for s in range(state.players) if s != viewer]
    a, b = rng.choice(others, size=2, replace=False)
    played = {c for t in state.tricks for c in t.cards}
    ha = [c for c in state.initial_hands[a] if c not in played]
    hb = [c for c in state.initial_hands[b] if c not in played]
    if not ha or not hb:
        return None
    ca, cb = ha[rng.integers(len(ha))], hb[rng.integers(len(hb))]
    hands = [list(h) for h in state.initial_hands]
    hands[a][hands[a].index(ca)] = cb
    hands[b][hands[b].index(cb)] = ca
    new = module.new_deal(hands, dealer=state.dealer, rules=state.rules)
    try:
        for act in state.history:
            new.apply_action(act)
    except IllegalActionError:
        return None
    return new


@pytest.mark.parametrize("module", [variety, warsaw_hearts], ids=["variety", "warsaw_hearts"])
def test_mid_deal_commentary_depends_only_on_what_the_viewer_may_see(module):
    # Swapping cards the viewer cannot see (unplayed cards of two other seats), with the
    # same history, must not change one word the viewer reads; with every hand shown it
    # does change sometimes (so the test can tell).
    import numpy as np
    rng = np.random.default_rng(7)
    compared = differs_openly = 0
    for seed in range(40):
        s = _mid_deal(module, seed, 10 + seed % 20)
        if s.is_terminal() or s.phase != "play":
            continue
        for viewer in (None, seed % s.players):
            for _ in range(6):
                t = _swap_hidden_cards(module, s, viewer, rng)
                if t is None:
                    continue
                a, b = Replay(s, viewer=viewer), Replay(t, viewer=viewer)
                assert a.lines == b.lines
                assert a.transcript() == b.transcript()
                compared += 1
                differs_openly += Replay(s, viewer=ALL).lines != Replay(t, viewer=ALL).lines
    assert compared > 50 and differs_openly > 0


def test_public_wording_agrees_with_the_cards_shown():
    for seed in range(20):
        s = _mid_deal(variety, seed, 40)
        r = Replay(s)  # a spectator: every play is described publicly
        for i, ls in enumerate(r.lines):
            before = r.state_at(i)
            action = s.history[i]
            if before.phase != "play":
                continue
            line = ls[0]
            trick = before.trick
            if not trick.cards:
                assert "leads" in line
                continue
            led = trick.cards[0].suit
            assert ("follows suit" in line) == (action.suit == led)
            assert ("does not follow" in line) == (action.suit != led)
            assert ("plays a trump" in line) == (action.suit != led and action.suit == before.trump)


def test_the_viewers_own_plays_keep_the_full_commentary():
    s = _mid_deal(variety, 0, 30)
    full = Replay(s, viewer=ALL)
    for viewer in range(4):
        r = Replay(s, viewer=viewer)
        for i, ls in enumerate(r.lines):
            seat = r.state_at(i).current_player
            assert (ls == full.lines[i]) or seat != viewer
    # the viewer can be changed on the replay; the lines follow
    r = Replay(s)
    assert r.viewer is None and r.lines != full.lines
    r.viewer = "all"
    assert r.lines == full.lines
    r.seek(len(r))
    assert r.back() == full.lines[-1]


def test_after_the_deal_every_viewer_reads_the_full_commentary():
    state = scripted_deal()
    full = Replay(state, viewer=ALL)
    for viewer in (None, 0, 3):
        r = Replay(state, viewer=viewer)
        assert r.lines == full.lines and r.transcript() == full.transcript()
    assert any(p in l for ls in full.lines for l in ls for p in PRIVATE)


def test_mid_deal_transcript_lists_only_the_viewers_hand():
    s = _mid_deal(variety, 3, 12)
    text = Replay(s, viewer=2).transcript()
    from cardkit.notation import format_cards
    assert f"seat 2: {format_cards(s.initial_hands[2])}" in text
    for seat in (0, 1, 3):
        assert f"seat {seat}: 13 cards (hidden)" in text
        assert format_cards(s.initial_hands[seat]) not in text


def test_durak_mid_deal_hides_the_opponents_hand_and_every_face_down_card():
    from cardkit.codes import deal_from_code
    from cardkit.games import armenian_durak as d
    from cardkit.notation import format_cards
    for seed in range(10):
        s = deal_from_code(f"D-{seed}")
        bots = [d.RuleBot(seed), d.RuleBot(seed + 100)]
        while len(s.history) < 30:
            s.apply_action(bots[s.current_player].act(s.observation(s.current_player)))
        r = Replay(s, viewer=0)
        for i, ls in enumerate(r.lines):
            if r.state_at(i).current_player == 1:
                assert not any(p in l for l in ls for p in PRIVATE), ls
        text = r.transcript()
        start = r.state_at(0)
        assert format_cards(start.hands[0]) in text and format_cards(start.hands[1]) not in text
        assert "face down 6 cards" in text
        assert format_cards([c for c in start.down[0] if c is not None]) not in text


@pytest.mark.parametrize("bad", [5, -1, 4, True, "seat 1", 1.0])
def test_a_bad_viewer_is_one_clear_line(bad):
    with pytest.raises(CardkitError) as e:
        Replay(scripted_deal(), viewer=bad)
    assert repr(bad) in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("bad", [None, "V-4821", 5, [1, 2]])
def test_replay_of_something_that_is_not_a_deal_is_one_clear_line(bad):
    with pytest.raises(CardkitError) as e:
        Replay(bad)
    assert "expected a game's state" in str(e.value) and "\n" not in str(e.value)


def test_positions_may_be_numpy_integers():
    import numpy as np
    r = Replay(scripted_deal())
    r.seek(np.int64(3))
    assert r.position == 3 and type(r.position) is int
    assert len(r.state_at(np.int32(5)).history) == 5
    with pytest.raises(StateError):
        r.seek(np.bool_(True))


def test_names_replace_seat_numbers_and_you_takes_the_plain_verb():
    from cardkit.games import warsaw_hearts as wh
    st = wh.new_deal(seed=4)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    plain = Replay(st)
    named = Replay(st, viewer=0, names=["You", "West", "North", "East"])
    text = [x for ls in named.lines for x in ls]
    assert not any("seat " in x for x in text)
    assert any(x.startswith("You play ") for x in text) and not any("You plays" in x for x in text)
    assert any(x.startswith("West plays ") for x in text)
    assert [x for ls in plain.lines for x in ls] != text and any(x.startswith("seat 0 plays") for ls in plain.lines for x in ls)
    with pytest.raises(CardkitError):
        Replay(st, names=["You", "West"])


def test_durak_commentary_names_stacks_and_the_fan_as_the_page_does_and_the_opponent_mid_sentence():
    """The page numbers stacks and the fan's cards from 1 ("stack 1", "draw card 1 of the
    dealer's fan"), so the replay does; "Your opponent" inside a sentence is "your opponent"."""
    from cardkit.bots import play_out
    from cardkit.games import armenian_durak as D
    s = D.new_deal(seed=3)
    play_out(s, [D.RuleBot(seed=1), D.RuleBot(seed=2)])
    r = Replay(s, viewer=0, names=["You", "Your opponent"])
    lines = [line for _ in range(len(r)) for line in r.forward()]
    assert any(line.startswith("Your opponent ") for line in lines)
    assert not any(" Your opponent" in line for line in lines)
    assert any(" to your opponent:" in line for line in lines)
    draws = [line for line in lines if "face-down card of stack" in line]
    assert draws and not any("stack 0 " in line for line in draws)
    assert all(1 <= int(line.split("stack ")[1].split()[0]) <= 6 for line in draws)
    fan = next(line for line in lines if "of the dealer's fan" in line)
    assert s.history[0].index + 1 == int(fan.split("draws card ")[1].split()[0])


def test_the_durak_result_names_the_sweep_bonus_only_when_one_player_took_every_trick():
    """A Durak deal's last line said "+10 for taking every trick" after every deal; the bonus is
    in the score only when one player took every trick (RULES.md §3.4)."""
    from cardkit.games import armenian_durak
    seen = set()
    for seed in range(60):
        st = armenian_durak.new_deal(seed=seed)
        play_out(st, [RandomBot(seed), RandomBot(seed + 1000)])
        last = Replay(st).transcript().splitlines()[-1]
        sweep = len({t.winner for t in st.completed_tricks}) == 1
        assert ("+10 for taking every trick" in last) == sweep, (seed, last)
        seen.add(sweep)
    assert False in seen

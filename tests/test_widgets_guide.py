"""A guided first deal (issue 33): "Guide me through a deal" on each play page, driven
headless step by step on a fixed deal (deal number 1, as the lessons' play pages deal it).

Each step says what to do now and why, in words with the seats named, waits for the
learner, refuses an action the step does not allow with the engine's reason and the
guide's, tells what just happened (the contract, a trick won, points taken) until it is
read, and goes on; the toggle turns itself off after the guided deal. The guide takes no
control away (Undo, New deal work as without it)."""

from __future__ import annotations

import pytest
from test_lesson_text import findings

from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable
from cardkit_widgets._dashboard import plain_text

#: The lessons' play pages: the table, its arguments, and the steps the guide goes through
#: on deal number 1 (the learner playing the first card or bid the table enables).
PAGES = {
    "variety": (VarietyTable, {}, ["bid", "contract", "lead", "trick", "follow"]),
    "warsaw_hearts": (WarsawHeartsTable, {"players": 4}, ["lead", "trick", "points", "follow"]),
    "armenian_durak": (DurakTable, {"first_dealer": 1}, ["trump", "lead", "take", "trick", "beat"]),
}

#: Words each step must say (what to do, and why).
STEP_WORDS = {
    "bid": ["A bid names one of the eight contracts", "the bidding ends", "declarers", "Now: press a number"],
    "contract": ["the bidding is over", "The declarers are", "you are a"],
    "lead": ["You lead", "suit led", "Now: click"],
    "follow": ["The trick so far", "Now: click"],
    "trick": ["won it"],
    "points": ["took Q♥", "penalty points"],
    "trump": ["draw one card", "trumps for the whole deal", "Now: click one of the face-down cards"],
    "take": ["face-down card", "Don't draw"],
    "beat": ["To beat", "trump", "Now: click one of the raised cards"],
}


def _do(t) -> None:
    """The learner's action as the page sends it: the first card, bid, trump pick or draw
    the table enables."""
    ct = t.table
    if ct.enabled_bids:
        ct.bid(ct.enabled_bids[0])
    elif ct.enabled_trump_picks:
        ct.pick_trump(ct.enabled_trump_picks[0])
    elif ct.enabled_draws:
        ct.choose_draw(ct.enabled_draws[0])
    else:
        ct.click(ct.legal_cards[0])


def _refused(t):
    """An action the guided step does not allow, as the page sends it (None when every
    card the learner could click is allowed): a card in the bidding or before the trump
    draw or the draw is chosen, a card of another suit when the learner holds the suit led."""
    ct, st = t.table, t.state
    hand = st.hands[t.seat] if not hasattr(st, "hand") else None
    cards = [c for c in ct.hand_cards if c not in ct.legal_cards]
    if t.guide.step in ("bid", "trump", "take"):
        return ct.hand_cards[0]
    if t.guide.step == "follow" and cards:
        del hand
        return cards[0]
    return None


def _page_guide(t) -> str:
    """The guide's words as the page gets them (the card table's state), plain text."""
    state = t.table.state
    assert state["bar_guide"] == ["guide_box", "guide_ok"]
    box = state["controls"]["guide_box"]
    return "" if box["hidden"] else plain_text(box["value"])


@pytest.mark.parametrize("game", list(PAGES))
def test_the_guided_deal_step_by_step(game):
    cls, kw, expected = PAGES[game]
    t = cls(seed=1, guide=True, **kw)
    controls = t.table.state["controls"]
    assert "guide_toggle" in t.table.state["bar_main"]
    assert controls["guide_toggle"]["description"] == "Guide me through a deal: on"
    steps, texts, refusals = [], [], []
    for _ in range(60):
        if not t.guide.on:
            break
        words = _page_guide(t)
        texts.append(("guide", words))
        step = t.guide.step
        assert step is not None, words
        if step not in steps:
            steps.append(step)
        for w in STEP_WORDS[step]:
            assert w in words, (step, w, words)
        told = not controls_of(t)["guide_ok"]["hidden"]
        if told:      # what just happened, told until read: Got it
            t.table.press("guide_ok")
            assert t.last_error is None and controls_of(t)["guide_ok"]["hidden"]
            assert step in t.guide.done
            continue
        bad = _refused(t)
        if bad is not None:   # an action the step does not allow: refused with the guide's reason too
            history = list(t.state.history)
            t.table.click(bad)
            assert t.state.history == history
            assert t.last_error is not None and "(the guide: " in t.last_error, (step, t.last_error)
            refusals.append(step)
            texts.append(("refusal", t.status_text))
        _do(t)
        assert t.last_error is None, t.last_error
    assert steps == expected, steps
    assert refusals and set(refusals) <= {"bid", "trump", "take", "follow"}, refusals
    assert set(t.guide.done) == set(expected)
    assert not t.guide.on and controls_of(t)["guide_toggle"]["description"] == "Guide me through a deal: off"
    end = _page_guide(t)
    assert "that was every step" in end and "turns off" in end
    texts.append(("guide", end))
    # the seats are named in words, South (you) at a four-seat table
    if game != "armenian_durak":
        assert any("South (you)" in x for _, x in texts)
    found = sorted(set(findings(texts)))
    assert not found, "\n".join(found)
    # off now: the next deal is not guided, and a refusal has no guide's words
    t.table.press("new_deal_button")
    assert t.last_error is None and not t.guide.on and _page_guide(t) == ""
    if _refused(t) is not None:
        t.table.click(_refused(t))
        assert t.last_error and "the guide" not in t.last_error


def controls_of(t) -> dict:
    return t.table.state["controls"]


def test_the_guide_is_off_unless_asked():
    t = VarietyTable(seed=1)
    assert not t.guide.on and _page_guide(t) == ""
    assert controls_of(t)["guide_toggle"]["description"] == "Guide me through a deal: off"
    t.table.press("new_deal_button")
    assert t.last_error is None


def test_the_guide_turned_on_mid_deal_and_off_again():
    t = WarsawHeartsTable(seed=1)
    _do(t)
    t.table.press("guide_toggle", True)
    assert t.guide.on and "Guide" in _page_guide(t)
    assert t.guide.step in ("lead", "follow", "trick", "points")
    t.table.press("guide_toggle", False)
    assert not t.guide.on and _page_guide(t) == ""
    t.table.press("undo_button")           # off: undo works again
    assert t.last_error is None


def test_the_guide_turned_on_after_a_deal_waits_for_the_next():
    t = DurakTable(seed=1, first_dealer=1)
    while not t.state.is_terminal():
        t.act(t.state.legal_actions()[0])
    t.table.press("guide_toggle", True)
    assert "The guide starts with your next deal" in _page_guide(t)
    t.table.press("new_deal_button")       # the deal is over: New deal is allowed, the guide starts
    assert t.last_error is None and t.guide.on
    assert t.guide.step in ("trump", "lead", "beat", "trick")


def test_the_guide_takes_no_control_away_and_follows_undo_and_a_new_deal():
    """Undo and New deal work in a guided deal: the guide follows the deal as it is, and a
    new deal before the guided one is over is guided in its place."""
    t = VarietyTable(seed=1, guide=True)
    _do(t)                                   # the bid; the contract is told
    assert t.guide.step == "contract" and "the bidding is over" in _page_guide(t)
    t.table.press("undo_button")
    assert t.last_error is None and t.state.phase == "bidding" and t.guide.step == "bid"
    assert "bid" not in t.guide.done and "✓" not in _page_guide(t)   # undone: the step is to do again
    _do(t)
    _do(t)                                   # a card played while the contract is told: it counts as read
    assert t.last_error is None and "contract" in t.guide.done and "lead" in t.guide.done
    t.table.press("new_deal_button")
    assert t.last_error is None and t.guide.on and not t.guide.done
    assert "Guide" in _page_guide(t)


def test_the_guide_refuses_a_forged_got_it_and_ignores_it_hidden():
    t = VarietyTable(seed=1, guide=True)
    assert t.guide.step == "bid" and controls_of(t)["guide_ok"]["hidden"]
    history = list(t.state.history)
    t.table.send_action({"kind": "control", "name": "guide_ok"})   # hidden: ignored
    assert t.state.history == history and not t.guide.done
    assert t.last_error is None


def test_the_dealer_learner_hears_which_trump_was_drawn():
    """Armenian Durak with the learner dealing: the opponent draws the trump; the guide
    explains it (Got it) before the first reply."""
    t = DurakTable(seed=1, first_dealer=0, guide=True)
    assert t.state.trump is not None
    words = _page_guide(t)
    assert t.guide.step == "trump" and "Your opponent drew" in words and "from your fan" in words
    t.table.press("guide_ok")
    assert t.guide.step == "beat" and "trump" in t.guide.done
    assert t.table.legal_cards and not t.table.enabled_trump_picks


@pytest.mark.parametrize("game", list(PAGES))
def test_guided_deals_of_many_deal_numbers_read_as_words(game):
    """Ten deals per game, the guide on, the learner's actions varied (now and then an undo,
    Got it, a card the step does not allow): every word the guide shows passes the lesson
    text scan, nothing goes wrong, and the guide is off once each deal is over."""
    import random

    cls, kw, _ = PAGES[game]
    rng = random.Random(7)
    texts = []
    for seed in range(2, 12):
        t = cls(seed=seed, guide=True, **{k: v for k, v in kw.items() if k != "first_dealer"})
        for _ in range(200):
            st = t.state
            if st.is_terminal():
                break
            texts.append((f"deal {seed}", _page_guide(t)))
            roll = rng.random()
            if roll < 0.1 and not controls_of(t)["undo_button"]["disabled"]:
                t.table.press("undo_button")
            elif roll < 0.25 and not controls_of(t)["guide_ok"]["hidden"]:
                t.table.press("guide_ok")
            elif roll < 0.35 and _refused(t) is not None:
                t.table.click(_refused(t))
                assert t.last_error, t.status_text
                texts.append((f"deal {seed} refusal", t.status_text))
                continue
            else:
                legal = st.legal_actions()
                assert t.act(legal[rng.randrange(len(legal))]), t.last_error
            assert t.last_error is None, t.status_text
        assert t.state.is_terminal() and not t.guide.on
        texts.append((f"deal {seed} end", _page_guide(t)))
    found = sorted(set(findings(texts)))
    assert not found, "\n".join(found[:30])


@pytest.mark.parametrize("game", list(PAGES))
def test_every_step_words_go_when_the_deal_is_over(game):
    """'That was every step … play the rest of this deal on your own (Hint is there …)' is
    about the deal in play: once it is over (How did I do?, Try it again's list) it is not
    shown any more. The Variety bid step says where the contracts' list is (above the
    number buttons, as the page draws it)."""
    cls, kw, _expected = PAGES[game]
    t = cls(seed=1, guide=True, **kw)
    if game == "variety":
        assert "the list is just above the number buttons" in _page_guide(t)
    for _ in range(200):
        if t.state.is_terminal():
            break
        if not controls_of(t)["guide_ok"]["hidden"]:
            t.table.press("guide_ok")
            continue
        if t.state.current_player != t.seat and not t.table.enabled_bids and not t.table.legal_cards \
                and not t.table.enabled_draws and not t.table.enabled_trump_picks:
            break
        _do(t)
        if not t.guide.on and not t.state.is_terminal():
            assert "that was every step" in _page_guide(t)
    assert t.state.is_terminal(), t.status_text
    assert not t.guide.on
    assert "that was every step" not in _page_guide(t)
    assert "play the rest of this deal" not in _page_guide(t)

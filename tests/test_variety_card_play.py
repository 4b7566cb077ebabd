"""Variety 5, "Playing the cards" (issue 10 §4): the lesson's positions are graded as the
exact judge says (the best card "right", any other card its cost in points), the idea each
position teaches holds in it (checked with the engine's trick rule, not with the lesson's
words), the figures the lesson quotes are the stored measurements, and the benchmark that
made them runs."""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

import pytest

from cardkit import analysis as A, winning_index
from cardkit.cards import Suit
from cardkit.notation import parse_card

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "lessons" / "variety" / "5_card_play.ipynb"
DATA_PATH = ROOT / "lessons" / "variety" / "card_play.json"
DATA = json.loads(DATA_PATH.read_text(encoding="utf-8"))
TOPICS = {"contract 6": {6}, "contract 8": {8}, "drawing trumps": {2, 3, 4, 5}}


def _cells(kind: str) -> list[str]:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    """The lesson's setup cell, run as the lesson runs it (from its folder)."""
    import os
    src = next(s for s in _cells("code") if "load_problems(" in s)
    here = os.getcwd()
    os.chdir(LESSON.parent)
    try:
        ns: dict = {}
        exec(compile(src, "setup cell", "exec"), ns)
    finally:
        os.chdir(here)
    return ns


@pytest.fixture(scope="module")
def positions(lesson):
    return lesson["POSITIONS"]


def test_notebook_is_stored_without_outputs_and_links_are_in_place():
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    assert nb["metadata"]["title"] == "Variety 5: playing the cards"
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and c["execution_count"] is None
    text = "\n".join(_cells("markdown"))
    assert not re.search(r"\w+\.(json|py|md)\b", text)          # no file names for the learner
    assert "RULES.md" not in text and "-2" not in text            # sections in words; true minus signs
    assert "(variety/5_card_play.ipynb)" in (ROOT / "lessons" / "index.ipynb").read_text(encoding="utf-8")
    assert "(5_card_play.ipynb)" in (ROOT / "lessons" / "variety" / "3_choosing_a_contract.ipynb").read_text(
        encoding="utf-8")
    # the lesson imports only public names
    code = "\n".join(_cells("code"))
    assert "_common" not in code and not re.search(r"import .*\b_[a-z]", code)


def test_every_topic_has_positions_of_its_contracts(positions):
    for topic, contracts in TOPICS.items():
        mine = [p for p in positions if p.data["topic"] == topic]
        assert len(mine) >= 6, topic
        assert {p.state.contract for p in mine} <= contracts
        assert all(p.state.current_player == p.seat and p.state.phase == "play" for p in mine)
        assert all(3 <= len(p.state.hands[p.seat]) <= 6 for p in mine)


def test_stored_values_are_the_judges_and_the_line_ends_with_them(positions):
    for p in positions:
        fresh = A.analyse(p.state)
        assert fresh == p.values, p.number
        best = max(fresh, key=fresh.get)
        assert sorted(fresh.values())[-2] < fresh[best] and best == p.best       # unique best
        st = p.state.clone()
        for a in p.line:
            st.apply_action(st.parse_action(a))
        assert st.is_terminal()
        r = st.returns()
        mine = r[p.seat]
        theirs = next(r[s] for s in range(4) if (s in st.declarers) != (p.seat in st.declarers))
        assert mine - theirs == fresh[best], p.number


def test_grading_says_right_for_the_best_card_and_the_cost_for_the_others(lesson, positions):
    words = lesson["answer_words"]
    for p in positions:
        fresh = A.analyse(p.state)
        top = max(fresh.values())
        for card, v in fresh.items():
            right, why = words(p, card)
            plain = re.sub(r"<[^>]+>", "", why)
            if v == top:
                assert right and "is the best card" in plain
            else:
                cost = top - v
                assert not right
                assert f"costs {cost} point{'s' if cost != 1 else ''}:" in plain, plain
            assert "The best line:" in plain and "-" not in re.sub(r"<[^>]+>", "", plain.split("The best line:")[0])


def _winner(st, cards):
    c = st.contract_info
    i = winning_index(cards, c.trump, lowest=c.lowest_wins)
    return cards[i], (st.trick.leader + i) % 4


def test_the_idea_of_each_position_holds(positions):
    """Each position shows its pattern, checked with the trick rule; and the other card the
    lesson warns against costs at least a point."""
    for p in positions:
        st, best = p.state, p.best
        alt = parse_card(p.data["alternative"])
        hand = list(st.hands[p.seat])
        c = st.contract_info
        kind = p.data["pattern"]
        assert p.values[best] - p.values[alt] >= 1, p.number
        partner = next(s for s in (st.declarers if p.seat in st.declarers else st.defenders) if s != p.seat)
        if kind == "draw":
            assert c.number in (2, 3, 4, 5) and p.seat in st.declarers
            assert st.trick is None or not st.trick.cards                        # a lead
            assert best.suit == c.trump and alt.suit != c.trump
            assert any(x.suit == c.trump for s in st.defenders for x in st.hands[s])
            continue
        cards = list(st.trick.cards)
        led = cards[0].suit
        win, seat = _winner(st, cards)
        after_best, seat_best = _winner(st, cards + [best])
        after_alt, _ = _winner(st, cards + [alt])
        if kind == "win_low":                          # contract 6: the lower card beats the winner
            assert c.number == 6 and c.lowest_wins and seat not in (p.seat, partner)
            assert best.suit == alt.suit == win.suit and best.rank < win.rank < alt.rank
            assert after_best == best and after_alt == win
        elif kind == "red_to_partner":                 # contract 6: a red card to the partner's trick
            assert c.number == 6 and len(cards) == 3 and seat == partner
            assert not any(x.suit == led for x in hand)
            assert best.suit.is_red and alt.suit is Suit.SPADES
            assert seat_best == partner and c.card_values[best.index] == 1 and c.card_values[alt.index] == 0
        elif kind == "shed_high":                      # contract 6: the highest card, unable to win
            assert c.number == 6 and best.suit == alt.suit == led
            assert best.rank == max(x.rank for x in hand if x.suit == led) > alt.rank
            assert after_best == win and after_alt == win
        elif kind == "duck":                           # contract 8: under the winning card
            assert c.number == 8 and c.trump is None and best.suit == alt.suit == led == win.suit
            assert best.rank < win.rank < alt.rank and after_best == win and after_alt == alt
            assert best.rank == max(x.rank for x in hand if x.suit == led and x.rank < win.rank)
        elif kind == "discard_high":                   # contract 8: the highest card, void
            assert c.number == 8 and not any(x.suit == led for x in hand)
            assert best.rank == max(x.rank for x in hand) > alt.rank and after_best == win
        else:
            raise AssertionError(f"unknown pattern {kind}")


def test_the_exercise_widget_counts_and_draws_new_examples(lesson):
    ex = lesson["card_exercise"]("contract 8", "Play a card in contract 8", 81)
    tally = lesson["tally"]
    q = ex.question
    assert {str(c) for c in q.extra["position"].legal} == {b.description for b in ex.buttons}
    wrong = next(c for c in q.extra["position"].legal if c != q.answer)
    assert ex.answer(wrong) is False and "✘" in ex.feedback.value and "costs" in ex.feedback.value
    assert ex.answer(q.answer) is True and "count keeps your first answer" in ex.feedback.value
    assert (ex.right, ex.answered) == (0, 1) and tally.answered >= 1
    seen = {id(ex.question.extra["position"])}
    for _ in range(6):
        ex.new_button.click()
        seen.add(id(ex.question.extra["position"]))
    assert len(seen) >= 2
    again = lesson["card_exercise"]("contract 8", "Play a card in contract 8", 81)
    assert again.question.extra["position"] is q.extra["position"]          # same seed, same position


def test_the_figures_the_lesson_quotes_are_the_stored_ones():
    """Every "a ± b" in the lesson's words is a stored figure, and a figure called clear is
    more than three standard errors from 0."""
    stored = []

    def walk(x):
        if isinstance(x, dict):
            if "mean" in x and "stderr" in x:
                stored.append((x["mean"], x["stderr"]))
                assert (x["verdict"] == "clear") == (abs(x["mean"]) > 3 * x["stderr"]), x
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(DATA["figures"])
    walk(DATA["whole_deals"])
    text = "\n".join(_cells("markdown")).replace("−", "-")
    quoted = re.findall(r"([+-]?\d+\.\d+) ± (\d+\.\d+)", text)
    assert quoted
    for m, s in quoted:
        assert any(math.isclose(float(m), sm, abs_tol=0.006) and math.isclose(float(s), ss, abs_tol=0.006)
                   for sm, ss in stored), (m, s)


def test_the_benchmark_measures_a_technique_with_the_judge():
    """A tiny run of the benchmark's measurement: the technique's gain is what the judge
    says on each position (recomputed here), and the whole-deal comparison plays the
    declarers differently."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import variety_card_play as B
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    rows = B.measure("duck_high", (8,), B.m_duck_high, 3, 6, 42)
    assert len(rows) == 3 and all(c == 8 for c, _, _ in rows)
    assert all(d >= 0 for _, d, _ in rows)     # the highest card under the winner is never worse here
    f = B.draw_trumps_deals(2, 200, 7)
    assert f["deals"] == 200 and 0 < f["changed"] < 1 and f["stderr"] > 0
    split = f["by_trumps"]
    assert split["7 or fewer"]["positions"] + split["8 or more"]["positions"] == 200
    # the positions of a measurement are the same for the same seeds (what --only relies on)
    assert B.measure("duck_high", (8,), B.m_duck_high, 3, 6, 42) == rows

"""Warsaw Hearts 3's policy comparison (the rule bot against ``KeepHonoursBot``): the
stored per-deal penalties are what the engine and the bots give (deals replayed here), the
bot keeps its heart honours exactly when it should, and the lesson's printed figures are
the stored data's (the lesson plays nothing when it loads)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import statistics
import sys
from pathlib import Path

import numpy as np
import pytest

from cardkit.bots import play_out
from cardkit.errors import CardkitError
from cardkit.games import warsaw_hearts as WH
from cardkit.games.warsaw_hearts import KeepHonoursBot, RuleBot, new_deal
from cardkit.notation import parse_cards

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "lessons" / "warsaw_hearts" / "3_strategy.ipynb"
DATA = json.loads((LESSON.parent / "keep_honours.json").read_text(encoding="utf-8"))
HONOUR_SET = set(parse_cards("KH QH JH"))      # RULES.md §2.2, written out, not the module's constant
# Every penalty one player can get in a deal, RULES.md §2.2 (default "max" reading)
PENALTIES = {0, 2, 3, 4, 10, 15, 20}


def _code_cells() -> list[str]:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _seat0(k: int, bot) -> int:
    deal = new_deal(seed=k, dealer=3)
    play_out(deal, [bot, RuleBot(), RuleBot(), RuleBot()])
    return int(deal.penalties()[0])


# ---- the stored data -------------------------------------------------------------------------

def test_stored_data_has_its_provenance_and_1500_penalties_per_bot():
    assert DATA["deals"] == 1500 and DATA["dealer"] == 3 and DATA["until"] == 4
    assert DATA["command"].startswith("python benchmarks/warsaw_hearts_keep_honours.py --write")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", DATA["date"]) and len(DATA["load_average"]) == 2
    assert "seed=k" in DATA["seed_rule"] and "dealer=3" in DATA["seed_rule"]
    for key in ("rule_bot", "keep_honours"):
        xs = DATA[key]
        assert len(xs) == 1500 and all(type(x) is int for x in xs)
        assert set(xs) <= PENALTIES, key
    # four players share the 9+ points of K♥ Q♥ J♥ every deal: seat 0 gets none in many
    assert 0.3 < DATA["rule_bot"].count(0) / 1500 < 0.9


def test_forty_seeded_deals_replayed_give_the_stored_penalties():
    """30 deals drawn among all, 10 among those where the two bots differ: the stored data
    cannot drift from the engine or the bots without this failing."""
    rule, keep = np.array(DATA["rule_bot"]), np.array(DATA["keep_honours"])
    changed = np.flatnonzero(rule != keep)
    assert 10 <= len(changed) <= 300            # the variant changes some deals, not most
    rng = np.random.default_rng(20261201)
    ks = list(rng.choice(1500, 30, replace=False)) + list(rng.choice(changed, 10, replace=False))
    for k in map(int, ks):
        assert _seat0(k, RuleBot()) == rule[k], k
        assert _seat0(k, KeepHonoursBot()) == keep[k], k


# ---- the bot ---------------------------------------------------------------------------------

def test_the_bot_is_public_and_reexported_lazily():
    from cardkit.games import warsaw_hearts_bots as home
    assert WH.KeepHonoursBot is home.KeepHonoursBot and "KeepHonoursBot" in dir(WH)
    assert "KeepHonoursBot" in WH.__all__ and "KeepHonoursBot" in home.__all__
    assert issubclass(KeepHonoursBot, RuleBot) and KeepHonoursBot.name == "keep-honours"
    assert "RULES.md §2" in KeepHonoursBot.__doc__ and KeepHonoursBot().until == 4


@pytest.mark.parametrize("bad", [-1, 2.0, True, "4", None])
def test_a_bad_until_is_refused(bad):
    with pytest.raises(CardkitError, match=r"until=.*RULES\.md §2\.2"):
        KeepHonoursBot(until=bad)


def _decisions(k: int, until: int):
    """Play deal k with KeepHonoursBot(until) in seat 0; yield (obs, its card, RuleBot's card)
    at each of seat 0's turns."""
    state = new_deal(seed=k, dealer=3)
    me, rule, others = KeepHonoursBot(until=until), RuleBot(), [RuleBot() for _ in range(3)]
    while not state.is_terminal():
        seat = state.current_player
        obs = state.observation(seat)
        if seat == 0:
            card = me.act(obs)
            assert card in obs.legal_actions
            yield obs, card, rule.act(obs)
        else:
            card = others[seat - 1].act(obs)
        state.apply_action(card)


@pytest.mark.parametrize("until", [4, 2])
def test_void_early_it_never_plays_an_honour_when_it_has_another_card(until):
    kept = differ_later = 0
    for k in range(150):
        for obs, card, rules_card in _decisions(k, until):
            legal = set(obs.legal_actions)
            void = bool(obs.trick) and not any(c.suit == obs.trick[0].suit for c in obs.hand)
            early = len(obs.tricks) < until
            if void and early and legal & HONOUR_SET and legal - HONOUR_SET:
                assert card not in HONOUR_SET, (k, obs)
                kept += rules_card in HONOUR_SET          # the rule bot would have dumped it
            else:
                differ_later += card != rules_card
    assert kept >= 3            # the situation comes up, and the rule bot dumps there
    assert differ_later == 0    # everywhere else it plays the rule bot's card


def test_until_zero_is_the_rule_bot():
    for k in range(40):
        for _, card, rules_card in _decisions(k, 0):
            assert card == rules_card


# ---- the lesson ------------------------------------------------------------------------------

def test_the_lesson_reads_the_data_and_plays_nothing():
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in nb["cells"] if c["cell_type"] == "code")
    code = "\n".join(_code_cells())
    assert 'Path("keep_honours.json")' in code
    assert "class KeepHonoursBot" not in code and "play_out" not in code
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "keep_honours" not in text and "KeepHonoursBot" not in text     # no file or code names
    # the words describe the stored run: the first four tricks, the same 1,500 deals
    assert "first four tricks" in text and "**same** 1,500 deals" in text


def test_the_lesson_prints_the_stored_figures():
    """Run the lesson's setup cell and its figure cell from the lesson's folder (as the
    lesson runs) and compare the printed sentences with figures computed here, without numpy."""
    cells = _code_cells()
    setup = next(s for s in cells if "import ipywidgets" in s)
    figure = next(s for s in cells if "keep_honours.json" in s)
    here = os.getcwd()
    os.chdir(LESSON.parent)
    shown: list[str] = []
    try:
        ns: dict = {}
        exec(compile(setup, "setup cell", "exec"), ns)
        ns["line"] = shown.append  # the lesson's line(): a sentence shown as page text
        exec(compile(figure, "figure cell", "exec"), ns)
    finally:
        os.chdir(here)
    rule, keep = DATA["rule_bot"], DATA["keep_honours"]
    diff = [b - a for a, b in zip(rule, keep)]
    moved = [d for d in diff if d]
    n = len(diff)

    def sign(x, digits):
        return f"{x:+.{digits}f}".replace("-", "−")
    se = statistics.stdev(diff) / n ** 0.5
    expected = [f"Your mean penalty per deal: {sum(rule) / n:.2f} playing like the rule bot, "
                f"{sum(keep) / n:.2f} keeping your honours.",
                f"Keeping honours costs {sign(sum(diff) / n, 3)} ± {se:.3f} points a deal "
                f"(the choice changed the result in {len(moved)} of {n} deals; "
                f"in those, {sign(sum(moved) / len(moved), 2)} points on average)"]
    assert shown == expected


def test_the_benchmark_plays_the_same_deals():
    """A tiny run of the benchmark (no --write): its first deals are the stored ones."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import warsaw_hearts_keep_honours as B
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert [B.seat0_penalty(k, False) for k in range(5)] == DATA["rule_bot"][:5]
    assert [B.seat0_penalty(k, True) for k in range(5)] == DATA["keep_honours"][:5]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        B.main(["--deals", "4"])
    assert "4 deals twice" in out.getvalue() and "load average" in out.getvalue()

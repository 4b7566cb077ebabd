"""Mine the graded problems of the three problem-set lessons (issue 10 §2).

Seeded random deals are played by the rule bots (``RuleBot`` in every seat; Variety's
bots also bid). Late in each deal, where the exact judge is fast (Variety at most 6
tricks left, Warsaw Hearts (four players) at most 5, Armenian Durak at most 8), every card
decision with two or more legal cards is valued with :func:`cardkit.analysis.analyse`
(all cards known). A position is a candidate when its best card is **unique** (every
other legal card is worth strictly less). Its **gap** is what the rule bot's card costs
(the best card's value minus the rule bot's card's value, in points): the rule bot
stands for a typical learner who follows the usual rule of thumb.

The sets, from easy to hard:

- **easy**: the rule of thumb finds the best card (gap 0), and some other legal card
  costs at least 2 points (so the question is not idle);
- **medium**: the rule bot's card costs a few points (the smallest gaps);
- **hard**: the rule bot's card costs the most (the largest gaps).

At most one position per deal. Variety also gets **bidding** problems: for the bidder's
13 cards and the bids so far, the advisor (:func:`cardkit.advisor.advise`, 20,000
sampled deals, fixed seed, through :func:`cardkit.analysis.evaluate_decision`, the
Hint's evaluator) values every legal bid; kept when its best legal bid beats the
second by more than three standard errors, half of them first bids ("which contract to
name"), half where another player's number may be repeated ("repeat or not").

Writes ``lessons/<game>/problems.json``: for each problem the position as the game's
``State.to_json()`` text, the seat to act, the exact value of every legal action (or the
advisor's margin ± standard error of every legal bid), the best action, the rule bot's
action and the best line (:func:`cardkit.analysis.solve`'s principal variation) in card
names. ``tests/test_problems.py`` recomputes every stored value.

    python benchmarks/mine_problems.py                 # all three games (about a minute)
    python benchmarks/mine_problems.py --game variety --deals 200
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from pathlib import Path

import numpy as np

from cardkit import analysis as A
from cardkit.analysis.judge import cards_left
from cardkit.core.bots import run_bots
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W

ROOT = Path(__file__).resolve().parents[1]
MAX_TRICKS = {"variety": 6, "warsaw_hearts": 5, "armenian_durak": 8}
MIN_TRICKS = 3
COUNTS = {"variety": (3, 4, 3), "warsaw_hearts": (4, 4, 4), "armenian_durak": (4, 4, 4)}
BID_SAMPLES, BID_SEED = 20_000, 11
MAX_NODES = 3_000_000


def tricks_left(state, game) -> int:
    n = cards_left(state)
    per = {"variety": 4, "warsaw_hearts": state.players, "armenian_durak": 2}[game]
    return math.ceil(n / per)


def new(game, seed):
    if game == "variety":
        return V.new_deal(seed=seed, dealer=seed % 4), V.RuleBot
    if game == "warsaw_hearts":
        return W.new_deal(seed=seed, dealer=seed % 4), W.RuleBot
    st = D.new_deal(seed=seed, dealer=seed % 2)
    return st, D.RuleBot


class _Chooser:
    """A bot that keeps its last action (``run_bots``' ``after`` is given the bot, not what it chose)."""

    def __init__(self, bot):
        self.bot, self.choice = bot, None

    def act(self, obs):
        self.choice = self.bot.act(obs)
        return self.choice


def play(state, bots, look, *, say=True, until=None) -> None:
    """Let ``bots`` (one a seat) play ``state`` with :func:`cardkit.core.bots.run_bots` until
    the deal is over or ``until(state)``; after each bot has chosen and before its action is
    applied, a Variety bot's bidding remark is said (``say``) and ``look(state, seat, choice)`` runs."""
    choosers = [_Chooser(b) for b in bots]

    def after(st, seat, chooser):
        if say and st.phase == "bidding" and getattr(chooser.bot, "remark", None):
            st.say(seat, chooser.bot.remark)
        look(st, seat, chooser.choice)

    run_bots(state, choosers, until=until, after=after)


def mine_deal(game, seed):
    """The best candidate of one deal: a dict, or None."""
    state, Bot = new(game, seed)
    bots = [Bot(seed=seed * 10 + s) for s in range(state.players)]
    found = []

    def look(state, seat, choice):
        legal = state.legal_actions()
        if (state.phase == "play" and len(legal) > 1
                and MIN_TRICKS <= tricks_left(state, game) <= MAX_TRICKS[game]):
            try:
                values = A.analyse(state, max_nodes=MAX_NODES)
            except A.SearchLimit:
                values = None
            if values:
                ranked = sorted(values.values(), reverse=True)
                if ranked[0] > ranked[1]:
                    best = max(values, key=values.get)
                    gap = values[best] - values[choice]
                    spread = ranked[0] - ranked[-1]
                    found.append((gap, spread, state.to_json(), seat, best, choice, values))

    play(state, bots, look, say=game == "variety")
    if not found:
        return None
    # per deal: the largest gap, else (all gaps 0) the largest spread
    gap, spread, text, seat, best, choice, values = max(found, key=lambda f: (f[0], f[1]))
    return {"kind": "play", "seed": seed, "gap": int(gap), "spread": int(spread), "state": text, "seat": seat,
            "best": str(best.code if hasattr(best, "code") else best),
            "rule_choice": str(choice.code if hasattr(choice, "code") else choice),
            "values": {(a.code if hasattr(a, "code") else str(a)): int(v) for a, v in values.items()}}


def attach_line(game, p):
    cls = {"variety": V.State, "warsaw_hearts": W.State, "armenian_durak": D.State}[game]
    st = cls.from_json(p["state"])
    sol = A.solve(st)
    p["line"] = [st.action_to_str(a) for a in sol.line]
    p["value"] = int(sol.value)
    return p


def choose(cands, counts):
    easy_n, mid_n, hard_n = counts
    easy = sorted([c for c in cands if c["gap"] == 0 and c["spread"] >= 2], key=lambda c: (c["spread"], c["seed"]))
    fails = sorted([c for c in cands if c["gap"] > 0], key=lambda c: (c["gap"], c["seed"]))
    if len(easy) < easy_n or len(fails) < mid_n + hard_n:
        raise SystemExit(f"too few candidates: {len(easy)} easy, {len(fails)} where the rule bot fails")
    # easy: spread out over the easy ones (not only the largest spreads)
    pick_easy = [easy[round(i * (len(easy) - 1) / max(1, easy_n - 1))] for i in range(easy_n)]
    pick_mid = fails[:mid_n] if len(fails) < 3 * mid_n else \
        [fails[round(i * (len(fails) // 2 - 1) / max(1, mid_n - 1))] for i in range(mid_n)]
    pick_hard = fails[-hard_n:]
    out = []
    for level, group in (("easy", pick_easy), ("medium", pick_mid), ("hard", pick_hard)):
        for c in sorted(group, key=lambda c: (c["gap"], c["spread"])):
            c["level"] = level
            out.append(c)
    return out


def mine_bids(n_first, n_repeat, deals):
    """Variety bidding problems: the advisor's margins of every legal bid."""
    first, repeat_yes, repeat_no = [], [], []
    n_yes = n_repeat // 2
    for seed in range(deals):
        if len(first) >= n_first and len(repeat_yes) >= n_yes and len(repeat_no) >= n_repeat - n_yes:
            break
        _bid_deal(seed, n_first, n_repeat, first, repeat_yes, repeat_no)
    return first[:n_first], repeat_yes + repeat_no


def _bid_deal(seed, n_first, n_repeat, first, repeat_yes, repeat_no) -> None:
    """The bidding of deal ``10_000 + seed``, until it gives one problem (appended to its list)."""
    n_yes = n_repeat // 2
    state = V.new_deal(seed=10_000 + seed, dealer=seed % 4)
    bots = [V.RuleBot(seed=seed * 10 + s) for s in range(4)]
    kept = []   # the deal's problem once found: its bidding stops there

    def look(state, seat, choice):
        others = {b for i, b in enumerate(state.bids) if (state.first_bidder + i) % 4 != seat}
        want_first = not state.bids and len(first) < n_first
        want_repeat = bool(others) and len(state.bids) <= 3 and (len(repeat_yes) < n_yes
                                                                or len(repeat_no) < n_repeat - n_yes)
        if want_first or want_repeat:
            # the Hint's and the review's evaluator (the advisor's margins of the legal bids), its seed a
            # generator made from BID_SEED: the same figures as advise(..., seed=BID_SEED)
            est = A.evaluate_decision(state, seed=np.random.default_rng(BID_SEED), samples=BID_SAMPLES)
            by = {n: (est.values[n], est.stderr[n]) for n in est.values}
            legal = state.legal_actions()
            ranked = sorted(legal, key=lambda n: -by[n][0])
            b, s2 = ranked[0], ranked[1]
            se = math.hypot(by[b][1], by[s2][1])
            gap = by[b][0] - by[choice][0]
            ok = by[b][0] - by[s2][0] > 3 * se
            if ok:
                p = {"kind": "bid", "seed": 10_000 + seed, "gap": round(gap, 2), "state": state.to_json(),
                     "seat": seat, "best": str(b), "rule_choice": str(choice),
                     "margins": {str(n): [round(by[n][0], 3), round(by[n][1], 3)] for n in legal},
                     "samples": BID_SAMPLES, "advisor_seed": BID_SEED,
                     "question": "repeat" if want_repeat and not want_first else "name",
                     "level": "easy" if gap == 0 else "medium" if gap < 10 else "hard"}
                if p["question"] == "name":
                    first.append(p)
                    kept.append(p)
                    return
                # half the "repeat or not" problems where repeating is best, half where it is not
                box, cap = (repeat_yes, n_yes) if b in others else (repeat_no, n_repeat - n_yes)
                if len(box) < cap:
                    box.append(p)
                    kept.append(p)

    play(state, bots, look, say=False, until=lambda st: bool(kept) or st.phase != "bidding")


VIEW_SAMPLES, VIEW_SEED = 200, 5
VIEW_TRICKS = {"variety": 4, "warsaw_hearts": 4}


def mine_view(game, tries=200):
    """One single-dummy problem: the mover sees only its own cards and what was played;
    :func:`cardkit.analysis.estimate` (exact per world, fixed seed) values each card over
    deals of the hidden cards. Kept when the best card beats the next by more than three
    standard errors and the rule bot's card is not it."""
    for seed in range(5000, 5000 + tries):
        problem = _view_deal(game, seed)
        if problem is not None:
            return problem
    raise SystemExit(f"{game}: no single-dummy problem found")


def _view_deal(game, seed):
    """Deal ``seed`` played by the rule bots up to its one look (:func:`mine_view`): the problem, or None."""
    state, Bot = new(game, seed)
    bots = [Bot(seed=seed * 10 + s) for s in range(state.players)]
    looked: list = []   # one look per deal: [None], or [the problem]

    def look(state, seat, choice):
        legal = state.legal_actions()
        if state.phase == "play" and len(legal) > 2 and tricks_left(state, game) == VIEW_TRICKS[game]:
            # the Hint's and the review's evaluator (every world solved exactly this late in the deal), its
            # seed a generator made from VIEW_SEED: the same figures as estimate(..., seed=VIEW_SEED)
            est = A.evaluate_decision(state, seed=np.random.default_rng(VIEW_SEED), samples=VIEW_SAMPLES)
            if est.method != "exact":
                raise SystemExit(f"{game} deal {seed}: the view problem's worlds were not all solved exactly")
            ranked = sorted(legal, key=lambda a: -est.values[a])
            b, s2 = ranked[0], ranked[1]
            clear = est.values[b] - est.values[s2] > 3 * math.hypot(est.stderr[b], est.stderr[s2])
            hidden_matter = max(est.stderr.values()) > 0   # else the view is the whole deal
            looked.append(None)
            if clear and choice != b and hidden_matter:
                exact = A.analyse(state)
                code = lambda a: a.code
                looked[0] = {"kind": "view", "seed": seed, "state": state.to_json(), "seat": seat,
                             "best": code(b), "rule_choice": code(choice), "level": "hard",
                             "gap": round(est.values[b] - est.values[choice], 3),
                             "values": {code(a): round(est.values[a], 6) for a in legal},
                             "stderr": {code(a): round(est.stderr[a], 6) for a in legal},
                             "samples": VIEW_SAMPLES, "estimate_seed": VIEW_SEED,
                             "exact": {code(a): int(v) for a, v in exact.items()}}

    play(state, bots, look, say=game == "variety", until=lambda st: bool(looked))
    return looked[0] if looked else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(MAX_TRICKS), action="append")
    ap.add_argument("--deals", type=int, default=150)
    a = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for game in a.game or sorted(MAX_TRICKS):
        t0 = time.perf_counter()
        cands = [c for c in (mine_deal(game, s) for s in range(a.deals)) if c]
        t1 = time.perf_counter()
        chosen = [attach_line(game, c) for c in choose(cands, COUNTS[game])]
        problems = chosen
        if game == "variety":
            first, repeat = mine_bids(2, 2, 600)
            bids = sorted(first + repeat, key=lambda p: p["gap"])   # easy to hard
            problems = bids + chosen
        if game != "armenian_durak":  # late in a Durak deal no card is hidden once the face-down ones are up
            problems = problems + [mine_view(game)]
        from cardkit.rating import seed_rating
        for i, p in enumerate(problems):
            p["number"] = i + 1
            p["rating"] = seed_rating(p)   # issue 33: its first rating, from how hard it measured
        out = {"game": game, "format": 1,
               "how": "mined by benchmarks/mine_problems.py from seeded rule-bot deals; values exact "
                      "(all cards known) or, for bids, the advisor's margins",
               "problems": problems}
        path = ROOT / "lessons" / game / "problems.json"
        path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{game}: {len(cands)} candidates from {a.deals} deals in {t1 - t0:.1f} s; "
              f"{len(problems)} problems, gaps {[p['gap'] for p in problems]} -> {path.relative_to(ROOT)} "
              f"({time.perf_counter() - t0:.1f} s)")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

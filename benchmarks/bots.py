"""Strength of the ExpertBots against the RuleBots, in duplicate form (issue 9 §3).

The same deal is played twice with the sides swapped, so the luck of the cards cancels:

- Variety, every contract asked for: a seeded deal (``new_deal(seed=...)``) with a
  random dealer and random declarers, the bidding forced with
  :func:`cardkit.simulate.variety.auction_for` (so every contract is measured, whatever
  the hands); played once with ExpertBots as the declarers and RuleBots as the
  defenders, once with RuleBots declaring and ExpertBots defending. The experts' gain per
  pair = (declarers' margin with experts declaring) − (declarers' margin with rule bots
  declaring), in points (RULES.md §1.6).
- Warsaw Hearts, 4 and 3 players: one ExpertBot among RuleBots against a RuleBot in the
  same seat on the same deal (the seat rotates from deal to deal); the difference of
  that seat's deal result, bonus − penalty (``state.returns()``, RULES.md §2.2).
- Armenian Durak (36 cards): the same deal and trump draw twice, the ExpertBot in seat 0
  then in seat 1 against a RuleBot; the expert's margin (its deal points minus the
  opponent's, RULES.md §3.4) summed over the two deals of a pair.

Each rule bot keeps its seed from one half of a pair to the other. Reported: the mean
per pair (per deal for Hearts) ± its standard error (sample standard deviation /
sqrt(n)), mean / s.e., and whether the mean is more than 3 standard errors above 0; the
ExpertBot's time per decision (mean and 95th percentile, over decisions with more than
one legal action); the load average at the start and the end. With a time budget
(``--seconds``) the expert's play depends on the machine's speed, so reruns differ a
little; ``--seconds 0`` gives every decision exactly ``--samples`` worlds (reproducible).

    python benchmarks/bots.py --pairs 10                         # every game, contracts 1..8
    python benchmarks/bots.py --pairs 200 > /tmp/bots_200.txt     # the issue's size (hours)
    python benchmarks/bots.py --pairs 5 --games variety --contracts 2,5 --samples 16 --seconds 0.2

Progress goes to stderr; the tables to stdout.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import numpy as np

from cardkit.analysis.judge import outcome
from cardkit.games import armenian_durak as D
from cardkit.games import variety as V
from cardkit.games import warsaw_hearts as W

GAMES = {"variety": "variety", "hearts": "warsaw_hearts", "warsaw_hearts": "warsaw_hearts",
         "durak": "armenian_durak", "armenian_durak": "armenian_durak"}


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


class Timed:
    """An ExpertBot whose decisions (more than one legal action) are timed into ``times``."""

    def __init__(self, bot, times: list) -> None:
        self.bot, self.times = bot, times

    def act(self, obs):
        if len(obs.legal_actions) < 2:
            return self.bot.act(obs)
        t0 = time.perf_counter()
        a = self.bot.act(obs)
        self.times.append(time.perf_counter() - t0)
        return a


def play(state, bots) -> None:
    while not state.is_terminal():
        seat = state.current_player
        state.apply_action(bots[seat].act(state.observation(seat)))


def seed_of(*parts) -> int:
    return int(np.random.default_rng(list(parts)).integers(2**63))


def mean_se(xs) -> tuple[float, float]:
    a = np.asarray(xs, dtype=float)
    if len(a) < 2:
        return float(a.mean()) if len(a) else float("nan"), float("nan")
    return float(a.mean()), float(a.std(ddof=1) / math.sqrt(len(a)))


def pm(m: float, se: float, width: int = 8) -> str:
    """``mean ± s.e.`` (the s.e. as – with fewer than two values)."""
    e = f"{se:.2f}" if math.isfinite(se) else "–"
    return f"{m:>+{width}.2f} ± {e:<5}"


def verdict(m: float, se: float) -> tuple[str, str]:
    if not math.isfinite(se) or se == 0:
        return "–", "–"
    z = m / se
    return f"{z:+.1f}", "yes" if z > 3 else "no"


class Expert:
    """Makes ExpertBots with the run's options and collects their decision times."""

    def __init__(self, args) -> None:
        self.samples = args.samples
        self.seconds = None if args.seconds <= 0 else args.seconds
        self.times: dict[str, list] = {}

    def __call__(self, game: str, seed: int):
        from cardkit.analysis import ExpertBot
        return Timed(ExpertBot(seed, samples=self.samples, seconds=self.seconds), self.times.setdefault(game, []))


# ---- Variety ---------------------------------------------------------------------------------

def variety_pair(seed: int, contract: int, k: int, expert: Expert) -> tuple[int, int]:
    """(declarers' margin with experts declaring, with rule bots declaring) for pair ``k``."""
    from cardkit.simulate.variety import auction_for
    rng = np.random.default_rng([seed, contract, k])
    dealer = int(rng.integers(4))
    declarers = tuple(int(x) for x in rng.choice(4, size=2, replace=False))
    deal_seed = int(rng.integers(2**31))
    bids = auction_for(contract, declarers, dealer)
    margins = []
    for experts_declare in (True, False):
        s = V.new_deal(seed=deal_seed, dealer=dealer)
        for b in bids:
            s.apply_action(b)
        assert s.contract == contract and set(s.declarers) == set(declarers)
        bots = []
        for seat in range(4):
            is_expert = (seat in declarers) == experts_declare
            bots.append(expert("variety", seed_of(seed, contract, k, seat, 1)) if is_expert
                        else V.RuleBot(seed_of(seed, contract, k, seat, 0)))
        play(s, bots)
        margins.append(outcome(s, declarers[0]))
    return margins[0], margins[1]


def run_variety(args, expert: Expert) -> list:
    rows = []
    for c in args.contracts:
        gains, with_e, with_r = [], [], []
        t0 = time.perf_counter()
        for k in range(args.pairs):
            me, mr = variety_pair(args.seed, c, k, expert)
            gains.append(me - mr)
            with_e.append(me)
            with_r.append(mr)
            m, se = mean_se(gains)
            log(f"variety contract {c}: pair {k + 1}/{args.pairs}: gain {me - mr:+d} "
                f"(mean {m:+.2f} ± {se:.2f}), {time.perf_counter() - t0:.0f} s")
        rows.append((c, gains, with_e, with_r))
    return rows


def print_variety(rows) -> None:
    print("Variety: experts' gain per deal pair, points (declarers' margin with ExpertBots declaring "
          "− with RuleBots declaring, the same deal)")
    print(f"{'contract':>8} {'pairs':>6} {'gain ± s.e.':>16} {'mean/s.e.':>9} {'> 3 s.e.':>8}"
          f"   {'margin, experts declare':>24} {'margin, rule bots declare':>26}")
    for c, gains, with_e, with_r in rows:
        m, se = mean_se(gains)
        z, ok = verdict(m, se)
        me, see = mean_se(with_e)
        mr, ser = mean_se(with_r)
        print(f"{c:>8} {len(gains):>6} {pm(m, se)} {z:>9} {ok:>8}   {pm(me, see, 16)} {pm(mr, ser, 18)}")


# ---- Warsaw Hearts ---------------------------------------------------------------------------

def hearts_deal(seed: int, players: int, k: int, expert: Expert) -> tuple[int, int, int]:
    """(expert's seat, its deal result, a RuleBot's result in that seat) on deal ``k``."""
    rng = np.random.default_rng([seed, 100 + players, k])
    dealer = int(rng.integers(players))
    deal_seed = int(rng.integers(2**31))
    seat = k % players
    results = []
    for with_expert in (True, False):
        s = W.new_deal(players=players, seed=deal_seed, dealer=dealer)
        bots = [W.RuleBot(seed_of(seed, players, k, p, 0)) for p in range(players)]
        if with_expert:
            bots[seat] = expert("warsaw_hearts", seed_of(seed, players, k, seat, 1))
        play(s, bots)
        results.append(int(s.returns()[seat]))
    return seat, results[0], results[1]


def run_hearts(args, expert: Expert) -> list:
    rows = []
    for players in (4, 3):
        diffs, res_e, res_r = [], [], []
        t0 = time.perf_counter()
        for k in range(args.pairs):
            _, e, r = hearts_deal(args.seed, players, k, expert)
            diffs.append(e - r)
            res_e.append(e)
            res_r.append(r)
            m, se = mean_se(diffs)
            log(f"warsaw hearts {players} players: deal {k + 1}/{args.pairs}: {e - r:+d} "
                f"(mean {m:+.2f} ± {se:.2f}), {time.perf_counter() - t0:.0f} s")
        rows.append((players, diffs, res_e, res_r))
    return rows


def print_hearts(rows) -> None:
    print("Warsaw Hearts: one ExpertBot among RuleBots − a RuleBot in the same seat, the same deal "
          "(that seat's deal result, bonus − penalty, points)")
    print(f"{'players':>8} {'deals':>6} {'diff ± s.e.':>16} {'mean/s.e.':>9} {'> 3 s.e.':>8}"
          f"   {'result, ExpertBot':>18} {'result, RuleBot':>18}")
    for players, diffs, res_e, res_r in rows:
        m, se = mean_se(diffs)
        z, ok = verdict(m, se)
        me, see = mean_se(res_e)
        mr, ser = mean_se(res_r)
        print(f"{players:>8} {len(diffs):>6} {pm(m, se)} {z:>9} {ok:>8}   {pm(me, see, 10)} {pm(mr, ser, 10)}")


# ---- Armenian Durak --------------------------------------------------------------------------

def durak_pair(seed: int, k: int, expert: Expert) -> tuple[int, int]:
    """The expert's margin in seat 0 and in seat 1 on the same deal and trump draw."""
    rng = np.random.default_rng([seed, 200, k])
    dealer = int(rng.integers(2))
    deal_seed = int(rng.integers(2**31))
    pick = None
    out = []
    for expert_seat in (0, 1):
        s = D.new_deal(seed=deal_seed, dealer=dealer)
        la = s.legal_actions()  # the blind trump draw: the same card both times
        if pick is None:
            pick = la[int(rng.integers(len(la)))]
        s.apply_action(pick)
        bots = [D.RuleBot(seed_of(seed, 200, k, p, 0)) for p in range(2)]
        bots[expert_seat] = expert("armenian_durak", seed_of(seed, 200, k, expert_seat, 1))
        play(s, bots)
        out.append(outcome(s, expert_seat))
    return out[0], out[1]


def run_durak(args, expert: Expert) -> list:
    sums = []
    t0 = time.perf_counter()
    for k in range(args.pairs):
        a, b = durak_pair(args.seed, k, expert)
        sums.append(a + b)
        m, se = mean_se(sums)
        log(f"armenian durak: pair {k + 1}/{args.pairs}: {a:+d} {b:+d} (mean {m:+.2f} ± {se:.2f}), "
            f"{time.perf_counter() - t0:.0f} s")
    return sums


def print_durak(sums) -> None:
    print("Armenian Durak: the ExpertBot's margin against a RuleBot, summed over a deal pair (the same deal, "
          "seats swapped), points")
    print(f"{'pairs':>6} {'margin ± s.e.':>16} {'mean/s.e.':>9} {'> 3 s.e.':>8}   {'per deal':>8}")
    m, se = mean_se(sums)
    z, ok = verdict(m, se)
    print(f"{len(sums):>6} {pm(m, se)} {z:>9} {ok:>8}   {m / 2:>+8.2f}")


# ---- main ------------------------------------------------------------------------------------

def parse_contracts(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-", 1)
            out += list(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    if not out or any(not 1 <= c <= 8 for c in out):
        raise argparse.ArgumentTypeError(f"contracts {text[:60]!r}: expected numbers 1..8, e.g. 2 or 1,5 or 1-8")
    return out


def parse_games(text: str) -> list[str]:
    out = []
    for g in text.split(","):
        g = g.strip().lower()
        if g not in GAMES:
            raise argparse.ArgumentTypeError(f"game {g[:60]!r}: expected variety, hearts or durak")
        if GAMES[g] not in out:
            out.append(GAMES[g])
    return out


def warm_up(expert: Expert, games) -> None:
    """Compile or load the kernels (solvers and batched simulators) before any timing."""
    from cardkit.analysis import estimate
    for g in games:
        if g == "variety":
            from cardkit.simulate.variety import auction_for
            s = V.new_deal(seed=1, dealer=0)
            for b in auction_for(2, (1, 3), 0):
                s.apply_action(b)
            states = [s]
        elif g == "warsaw_hearts":
            states = [W.new_deal(players=4, seed=1), W.new_deal(players=3, seed=1)]
        else:
            s = D.new_deal(seed=1, dealer=0)
            s.apply_action(s.legal_actions()[0])
            states = [s]
        for s in states:  # one decision valued by playouts, one exactly
            rng = np.random.default_rng(0)
            methods = set()
            while not s.is_terminal() and len(methods) < 2:
                if s.phase in ("play", "draw") and len(s.legal_actions()) > 1:
                    est = estimate(s, samples=2, seed=0)
                    methods.add(est.method)
                la = s.legal_actions()
                s.apply_action(la[int(rng.integers(len(la)))])


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=20,
                   help="deal pairs per Variety contract, per Durak run; deals per Hearts table size (default 20; "
                        "the issue asks for >= 200)")
    p.add_argument("--samples", type=int, default=24, help="ExpertBot worlds per decision (default 24)")
    p.add_argument("--seconds", type=float, default=0.4,
                   help="ExpertBot time budget per decision in seconds (default 0.4, the bot's own); "
                        "0: no budget, always --samples worlds")
    p.add_argument("--games", type=parse_games, default=["variety", "warsaw_hearts", "armenian_durak"],
                   help="comma-separated: variety, hearts, durak (default all three)")
    p.add_argument("--contracts", type=parse_contracts, default=list(range(1, 9)),
                   help="Variety contracts: 2, or 1,5, or 1-8 (default 1-8)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the deals and the bots (default 2026)")
    args = p.parse_args(argv)
    if args.pairs < 1 or args.samples < 1 or args.seconds < 0:
        p.error("--pairs and --samples must be >= 1, --seconds >= 0")

    t_start = time.perf_counter()
    print("ExpertBot against RuleBot, duplicate deals (cardkit.analysis.ExpertBot)")
    print(f"load average at start: {load()}; nproc={os.cpu_count()}")
    print(f"ExpertBot(samples={args.samples}, seconds={args.seconds if args.seconds > 0 else None}); "
          f"{args.pairs} pairs; seed {args.seed}")
    expert = Expert(args)
    log("warming up (compiling or loading the kernels)...")
    warm_up(expert, args.games)
    print()
    if "variety" in args.games:
        print_variety(run_variety(args, expert))
        print()
    if "warsaw_hearts" in args.games:
        print_hearts(run_hearts(args, expert))
        print()
    if "armenian_durak" in args.games:
        print_durak(run_durak(args, expert))
        print()
    print("ExpertBot time per decision (decisions with more than one legal action):")
    print(f"{'game':<16} {'decisions':>9} {'mean':>9} {'p95':>9} {'max':>9}")
    for g in args.games:
        t = np.array(expert.times.get(g, []))
        if len(t):
            print(f"{g:<16} {len(t):>9} {t.mean() * 1000:>7.0f} ms {np.percentile(t, 95) * 1000:>6.0f} ms "
                  f"{t.max() * 1000:>6.0f} ms")
    print()
    print(f"load average at end: {load()}   (total {time.perf_counter() - t_start:.0f} s)")


if __name__ == "__main__":
    main()

"""Measure the policy comparison of the lesson "Warsaw Hearts 3: when to dump an honour,
measured": the rule bot against the variant that keeps its heart honours early.

Deal ``k`` (``k = 0, 1, ..., deals − 1``) is ``new_deal(seed=k, dealer=3)`` (four players,
RULES.md §2.1: seat 0 leads to the first trick). It is played twice with the rule engine
and the bots themselves (the batched simulator has no hook for a variant): once with
``RuleBot()`` in seat 0, once with ``KeepHonoursBot()`` (``until=4``: while void in the
suit led during the first four tricks it does not dump a heart honour if it has another
card), seats 1–3 ``RuleBot()`` both times. Seat 0's penalty in each deal (points,
RULES.md §2.2) is kept for both bots, so the difference is measured deal by deal.

``--write`` stores the two lists of penalties (ints, one per deal), with the command, the
date, the machine's load average before and after, the number of deals and the seed rule,
in ``lessons/warsaw_hearts/keep_honours.json``, which the lesson reads (nothing is played
when the lesson loads); ``tests/test_warsaw_hearts_keep_honours.py`` replays some of the
stored deals with the engine.

    python benchmarks/warsaw_hearts_keep_honours.py            # about 10 s, prints only
    python benchmarks/warsaw_hearts_keep_honours.py --write    # and stores the lesson's data
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import time
from pathlib import Path

import numpy as np

from cardkit.bots import play_out
from cardkit.games.warsaw_hearts import KeepHonoursBot, RuleBot, new_deal

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "lessons" / "warsaw_hearts" / "keep_honours.json"
DEALER = 3
UNTIL = 4
SEED_RULE = "deal k (k = 0 .. deals - 1) is cardkit.games.warsaw_hearts.new_deal(seed=k, dealer=3)"


def seat0_penalty(k: int, keep: bool) -> int:
    """Seat 0's penalty (points) in deal ``k``, seat 0 playing ``KeepHonoursBot(until=4)``
    if ``keep`` else ``RuleBot()``, seats 1–3 ``RuleBot()``."""
    deal = new_deal(seed=k, dealer=DEALER)
    seat0 = KeepHonoursBot(until=UNTIL) if keep else RuleBot()
    play_out(deal, [seat0, RuleBot(), RuleBot(), RuleBot()])
    return int(deal.penalties()[0])


def summary(rule: np.ndarray, keep: np.ndarray) -> str:
    """The comparison in two lines (the lesson prints the same figures)."""
    diff = keep - rule
    changed = diff != 0
    n = len(diff)
    moved = diff[changed].mean() if changed.any() else 0.0
    return (f"seat 0's mean penalty per deal: the rule bot {rule.mean():.3f}, keep-honours {keep.mean():.3f}\n"
            f"keeping honours costs {diff.mean():+.3f} ± {diff.std(ddof=1) / n ** 0.5:.3f} points a deal "
            f"(the choice changed the result in {changed.sum()} of {n} deals; "
            f"in those, {moved:+.2f} points on average)")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1500, help="deals, each played with both bots in seat 0")
    ap.add_argument("--write", action="store_true", help=f"store the data in {OUT.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    load0 = os.getloadavg()[0]
    t0 = time.time()
    rule = np.array([seat0_penalty(k, False) for k in range(args.deals)])
    keep = np.array([seat0_penalty(k, True) for k in range(args.deals)])
    seconds = time.time() - t0
    load1 = os.getloadavg()[0]
    print(summary(rule, keep))
    print(f"{args.deals} deals twice in {seconds:.1f} s; load average {load0:.2f} before, {load1:.2f} after")
    if args.write:
        data = {
            "game": "warsaw_hearts", "format": 1,
            "how": "benchmarks/warsaw_hearts_keep_honours.py --write (the rule engine and the bots, no simulator)",
            "date": datetime.date.today().isoformat(),
            "command": "python benchmarks/warsaw_hearts_keep_honours.py --write"
                       + (f" --deals {args.deals}" if args.deals != ap.get_default("deals") else ""),
            "load_average": [round(load0, 2), round(load1, 2)],
            "seconds": round(seconds, 1),
            "deals": args.deals, "dealer": DEALER, "seed_rule": SEED_RULE,
            "seats": "seat 0 RuleBot() or KeepHonoursBot(until=4); seats 1-3 RuleBot()",
            "until": UNTIL,
            "units": "seat 0's penalty in the deal, points (RULES.md §2.2)",
        }
        text = json.dumps(data, indent=1, ensure_ascii=False)
        # the two long lists one line each, so that the file stays short and readable
        lists = ",\n".join(f' "{key}": {json.dumps([int(x) for x in arr], separators=(",", ":"))}'
                           for key, arr in (("rule_bot", rule), ("keep_honours", keep)))
        OUT.write_text(text[:-2] + ",\n" + lists + "\n}\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()

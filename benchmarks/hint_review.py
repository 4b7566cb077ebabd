"""How long a Hint and a whole-deal review take with the one evaluator (issue 20).

The Hint and How did I do? both read :func:`cardkit.analysis.evaluate_decision` (fixed
worlds per decision, :data:`cardkit.analysis.judge.DECISION_SAMPLES`; a Variety bid
:data:`cardkit.analysis.judge.BID_SAMPLES` deals per contract; no time budget). This
script plays ``--deals`` seeded deals per game with the rule bots in every seat, takes
seat 0 as the learner, and prints:

- per deal, the Hint's time (one ``evaluate_decision`` call) at the learner's first,
  middle and last card decision, Variety's first bid and the slowest of all the learner's
  decisions, with the cards left, the method (``exact``: every world solved;
  ``playouts``: rule-bot playouts) and the worlds;
- the whole review as the dashboard runs it (:func:`cardkit.analysis.review`,
  ``exact_nodes`` = the dashboard's ``REVIEW_NODES``): from nothing, and after a Hint at
  every decision (the page's store read back: what is left is the all-cards-known
  analysis), beside the review with the old settings (8 worlds a decision);
- each game's slowest Hint and median review;
- the Hint at the first card of the play (issue 31: every world solved exactly from the
  first card, within :data:`cardkit.analysis.judge.EXACT_NODES` positions a world, the
  others played out): per Variety contract, Warsaw Hearts with 3 and 4 players and
  Armenian Durak, the median and slowest time, the share of Hints with every world
  solved (``method == "exact"``) and the share of worlds solved (``--first`` deals a row);
- the slowest Hint at the first positions whose worlds are all solved exactly
  (:data:`cardkit.analysis.EXACT_CARDS` cards left and the next two: Variety, each
  contract; Warsaw Hearts, four players; Armenian Durak), where a Hint takes longest
  (``--edge`` deals a row). Run it again when ``EXACT_CARDS`` or ``DECISION_SAMPLES`` changes.

The first calls of a process also load the numba kernels; they are made (and printed)
before the figures. Load is printed at the start and the end: figures under load are slower than
on a quiet machine.

    python benchmarks/hint_review.py                  # 3 deals a game
    python benchmarks/hint_review.py --games armenian_durak --deals 5
    python benchmarks/hint_review.py --deals 0 --edge 0 --first 5    # the first card only
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cardkit import analysis as A
from cardkit.analysis.judge import DECISION_SAMPLES, EXACT_CARDS, EXACT_NODES, cards_left
from cardkit.bots import play_out
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W

GAMES = {"variety": V, "warsaw_hearts": W, "armenian_durak": D}
REVIEW_NODES = 200_000   # widgets/_dashboard.py's REVIEW_NODES (not imported: no widgets here)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} / {five:.1f} (1 / 5 min) on {os.cpu_count()} cores"


def played(game: str, seed: int):
    mod = GAMES[game]
    st = W.new_deal(seed=seed, players=4) if game == "warsaw_hearts" else mod.new_deal(seed=seed)
    play_out(st, [mod.RuleBot(seed=seed * 10 + s) for s in range(st.players)])
    return st


def decisions(st, seat: int = 0) -> list:
    """(index, position) of each decision of ``seat`` with a choice, in the order of play."""
    out, cur = [], st._restart()
    for i, a in enumerate(st.history):
        if cur.current_player == seat and cur.phase in ("bidding", "play", "draw") and len(cur.legal_actions()) > 1:
            out.append((i, cur.clone()))
        cur.apply_action(a)
    return out


def timed(f, *args, **kwargs):
    """``(f(*args, **kwargs), seconds)``."""
    t0 = time.perf_counter()
    out = f(*args, **kwargs)
    return out, time.perf_counter() - t0


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated (default: all three)")
    p.add_argument("--deals", type=int, default=3, help="deals per game (default 3)")
    p.add_argument("--seed", type=int, default=41, help="first deal's number (default 41)")
    p.add_argument("--first", type=int, default=3,
                   help="deals per row of the Hint at the first card of the play (default 3; 0: none)")
    p.add_argument("--edge", type=int, default=3,
                   help="deals per row of the first exact positions (default 3; 0: none)")
    a = p.parse_args(argv)
    print(f"{load()} at start; worlds per decision {DECISION_SAMPLES}")
    if a.first:
        first_card(a.first)
    for game in (a.games.split(",") if a.deals else []):
        cards = [d for d in decisions(played(game, a.seed + 1000)) if d[1].phase != "bidding"]
        warm = [timed(A.evaluate_decision, pos, seed=1)[1] for pos in (cards[0][1], cards[-1][1])]
        print(f"{game}: first calls of the process (kernels loaded): playouts {warm[0]:.2f} s, "
              f"exact {warm[1]:.2f} s")
        hints, reviews = [], []
        for seed in range(a.seed, a.seed + a.deals):
            st = played(game, seed)
            ds = decisions(st)
            cache: dict = {}
            took = {}
            for i, pos in ds:     # a Hint at every decision, each kept in the page's store
                est, t = timed(A.evaluate_decision, pos, seed=seed, cache=cache)
                left = "" if pos.phase == "bidding" else f", {cards_left(pos)} cards left"
                took[i] = (t, f"{t:.3f} s ({est.method}, {est.samples}{left})")
            hints += [t for t, _ in took.values()]
            cards = [i for i, pos in ds if pos.phase != "bidding"]
            picks = {"first": cards[0], "middle": cards[len(cards) // 2], "last": cards[-1]}
            bids = [i for i, pos in ds if pos.phase == "bidding"]
            if bids:
                picks = {"first bid": bids[0], **picks}
            picks["slowest"] = max(took, key=lambda i: took[i][0])
            row = [f"{name} {took[i][1]}" for name, i in picks.items()]
            print(f"  deal {seed}: {len(ds)} decisions; Hint: " + "; ".join(row), flush=True)
            _, cached = timed(A.review, st, 0, seed=seed, exact_nodes=REVIEW_NODES, cache=cache)
            _, fresh = timed(A.review, st, 0, seed=seed, exact_nodes=REVIEW_NODES)
            _, old = timed(A.review, st, 0, samples=8, seed=seed, exact_nodes=REVIEW_NODES)
            reviews.append(fresh)
            print(f"    review {fresh:.2f} s; after a Hint at every decision {cached:.2f} s; "
                  f"with 8 worlds a decision (the old setting) {old:.2f} s", flush=True)
        print(f"{game}: slowest Hint {max(hints):.3f} s, median {statistics.median(hints):.3f} s; "
              f"review median {statistics.median(reviews):.2f} s, slowest {max(reviews):.2f} s", flush=True)
    if a.edge:
        edge(a.edge)
    print(f"{load()} at end")


def first_card(deals: int) -> None:
    """The Hint (``evaluate_decision`` with the page's settings) at the first card of the
    play: Variety in each contract (declarers seats 1 and 3, the deal's own dealer), Warsaw
    Hearts with 3 and 4 players, Armenian Durak (after a random trump draw)."""
    import random

    from cardkit.simulate.variety import auction_for

    def variety(c, seed):
        st = V.new_deal(seed=seed, dealer=seed % 4)
        for b in auction_for(c, (1, 3), seed % 4):
            st.apply_action(b)
        return st

    def durak(seed):
        st, rng = D.new_deal(seed=seed), random.Random(seed)
        while st.phase != "play":
            st.apply_action(rng.choice(st.legal_actions()))
        return st

    rows = [(f"variety contract {c}", lambda seed, c=c: variety(c, seed)) for c in range(1, 9)]
    rows += [(f"warsaw_hearts {n} players", lambda seed, n=n: W.new_deal(seed=seed, players=n)) for n in (3, 4)]
    rows += [("armenian_durak", durak)]
    print(f"the Hint at the first card of the play ({deals} deals a row; EXACT_NODES {EXACT_NODES:,} a world):")
    for label, make in rows:
        times, exact, solved, worlds = [], 0, 0, 0
        for seed in range(deals):
            st = make(seed)
            est, t = timed(A.evaluate_decision, st, seed=seed)
            times.append(t)
            exact += est.method == "exact"
            solved += est.exact_worlds
            worlds += est.samples
        print(f"  {label}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s; every world "
              f"exact in {exact} of {deals}; worlds solved {solved} of {worlds} ({solved / worlds:.0%})", flush=True)


def edge(deals: int) -> None:
    """The Hint where it is slowest: the first positions whose worlds are all solved
    exactly (:data:`cardkit.analysis.EXACT_CARDS` cards left and the next two: Variety,
    every contract; Warsaw Hearts, four players; Armenian Durak), reached by random play
    from ``deals`` seeded deals."""
    import random

    from cardkit.simulate.variety import auction_for

    def rows(label, positions):
        worst = (0.0, "")
        for st in positions:
            est, t = timed(A.evaluate_decision, st, seed=1)
            worst = max(worst, (t, f"{t:.3f} s ({est.method}, {est.samples}, {cards_left(st)} cards left)"))
        print(f"  {label}: slowest Hint {worst[1]}", flush=True)

    def play(st, n, rng):
        for _ in range(n):
            st.apply_action(rng.choice(st.legal_actions()))
        return st

    print(f"the first exact positions (random play to there; EXACT_CARDS {EXACT_CARDS}):")
    first = {g: [n - EXACT_CARDS[g] + k for k in range(3)] for g, n in (("variety", 52), ("warsaw_hearts", 36))}
    for c in range(1, 9):
        ps = []
        for seed in range(deals):
            for n in first["variety"]:
                st = V.new_deal(seed=seed, dealer=seed % 4)
                for b in auction_for(c, (1, 3), seed % 4):
                    st.apply_action(b)
                ps.append(play(st, n, random.Random(seed)))
        rows(f"variety contract {c}", ps)
    rows("warsaw_hearts 4 players", [play(W.new_deal(seed=seed, players=4), n, random.Random(seed))
                                     for seed in range(2 * deals) for n in first["warsaw_hearts"]])

    def durak(seed, left):
        st, rng = D.new_deal(seed=seed), random.Random(seed)
        while st.phase != "over" and (st.phase != "play" or cards_left(st) > left):
            st.apply_action(rng.choice(st.legal_actions()))
        return st

    rows("armenian_durak", [st for seed in range(2 * deals) for k in range(3)
                            if (st := durak(seed, EXACT_CARDS["armenian_durak"] - k)).phase == "play"])


if __name__ == "__main__":
    main()

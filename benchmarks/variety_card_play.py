"""Measure the card-play techniques of the lesson "Variety 5: Playing the cards" (issue 10 §4)
and mine its exercise positions.

Three topics, each measured as a **duplicate** comparison: the same position (or the same
deal) played once with the technique and once without, so that the luck of the cards
cancels. Units: points of the mover's side's margin (its deal score minus the other
side's, the defenders' +10 included, RULES.md §1.6).

1. Contract 6's reversed order (RULES.md §1.2, §1.5: ♣ trumps, the lowest card / lowest
   trump wins, +1 per red card taken).
2. Ducking in contract 8 (no trumps, −2 per trick).
3. Drawing trumps as declarers (contracts 2, 3, 4, 5).

**Exact comparisons on positions.** Seeded deals (random cards, random declarers and
dealer) are played by the kit's rule policy (``RulePolicyBot`` in every seat) to a
position where the player to move holds at most ``--cards`` cards (default 8) and faces
the decision a technique is about (for example: void in the suit led in contract 6 and
holding two clubs or more). There :func:`cardkit.analysis.analyse` values every legal card
exactly (all cards known, everyone playing their best afterwards), and the technique's
card is compared with the alternative (the lowest club against the highest). At most one
position per deal and measurement, so the positions are independent; the mean difference
± its standard error (the spread over positions / √n) is printed, with how often the
technique's card was at least as good.

**Whole deals.** Drawing trumps is also measured over whole deals with the batched
simulator: the rule policy's declarers with its trump-drawing lead switched on against
the same policy with it off (``draws_trumps``), the defenders unchanged, on the same
deals, 20,000 per contract, also split by the declarers' trumps between them.

A difference is called **clear** only when it is more than three standard errors from 0.

``--write`` also stores the figures and the exercise positions (3 to 5 cards a hand, 6
for drawing trumps; the technique's card the unique best, the alternative costing at
least a point) in ``lessons/variety/card_play.json``, which the lesson reads (nothing is
computed when the lesson loads); ``tests/test_variety_card_play.py`` solves every stored
position again.

    python benchmarks/variety_card_play.py                    # about 10 minutes, prints only
    python benchmarks/variety_card_play.py --write            # and stores the lesson's data
    python benchmarks/variety_card_play.py --positions 60 --deals 2000   # a quick look
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import time
from pathlib import Path

import numpy as np

from cardkit import analysis as A
from cardkit.cards import Suit
from cardkit.games import variety as V
from cardkit.simulate.variety import RulePolicyBot, auction_for
from cardkit.tricks import winning_index

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "lessons" / "variety" / "card_play.json"
MAX_NODES = 5_000_000


# ---- positions ----------------------------------------------------------------------------

def deal_in(contract: int, seed: int, draws: bool = True):
    """A seeded deal of ``contract``: random cards, dealer and declarers; bidding done; and
    four rule-policy bots (``draws``: whether they lead trumps to draw them)."""
    rng = np.random.default_rng(seed)
    st = V.new_deal(seed=int(rng.integers(2**31)), dealer=int(rng.integers(4)))
    first = int(rng.integers(4))
    for bid in auction_for(contract, (first, (first + int(rng.integers(1, 4))) % 4), st.dealer):
        st.apply_action(bid)
    bots = [RulePolicyBot(seed * 10 + s) for s in range(4)]
    for b in bots:
        b.draws_trumps = draws
    return st, bots


def decisions(contract: int, seed: int, max_cards: int, min_cards: int = 1, draws: bool = True):
    """Yield each decision of a rule-policy deal where the mover holds between
    ``min_cards`` and ``max_cards`` cards (the state is played on after each yield)."""
    st, bots = deal_in(contract, seed, draws)
    while not st.is_terminal():
        seat = st.current_player
        if min_cards <= len(st.hands[seat]) <= max_cards and len(st.legal_actions()) > 1:
            yield st
        st.apply_action(bots[seat].act(st.observation(seat)))


class View:
    """What a technique asks of a position, from the mover's side."""

    def __init__(self, st):
        self.st = st
        c = st.contract_info
        self.c = c
        self.seat = st.current_player
        self.hand = list(st.hands[self.seat])
        self.legal = st.legal_actions()
        t = st.trick
        self.trick = list(t.cards) if t is not None else []
        self.leader = t.leader if t is not None else self.seat
        self.led = self.trick[0].suit if self.trick else None
        self.declarer = self.seat in st.declarers
        self.partner = next(s for s in (st.declarers if self.declarer else st.defenders) if s != self.seat)
        if self.trick:
            i = winning_index(self.trick, c.trump, lowest=c.lowest_wins)
            self.win_card = self.trick[i]
            self.win_seat = (self.leader + i) % 4
        else:
            self.win_card = self.win_seat = None
        self.void = self.led is not None and not any(x.suit == self.led for x in self.hand)
        self.last = len(self.trick) == 3

    def wins_now(self, card) -> bool:
        """Would ``card`` win the trick as it stands (the later players not counted)?"""
        cards = self.trick + [card]
        return winning_index(cards, self.c.trump, lowest=self.c.lowest_wins) == len(self.trick)

    def side_holds(self, suit, side) -> list:
        return [x for s in side for x in self.st.hands[s] if x.suit == suit]


def _rank(x):
    return int(x.rank)


# Each measurement: (topic, key, contracts, words, pick(view) -> (technique cards, alternative
# cards) or None). With several cards on a side, the side's best value counts ("your best
# red card against your best spade").

def m_ruff_low(v):
    """Contract 6, void in a side suit led, two clubs or more: the lowest club or the highest."""
    clubs = [x for x in v.legal if x.suit is Suit.CLUBS]
    if not v.void or v.led is Suit.CLUBS or len(clubs) < 2:
        return None
    return [min(clubs, key=_rank)], [max(clubs, key=_rank)]


def m_win_low(v):
    """Contract 6, an opponent winning the trick, holding a card of the winning card's suit
    that beats it and one that does not: the best card that wins now, or the highest card
    of that suit (which would win in the normal order)."""
    if not v.trick or v.win_seat in (v.seat, v.partner):
        return None
    suit = v.win_card.suit
    same = [x for x in v.legal if x.suit == suit]
    if not same:
        return None
    top = max(same, key=_rank)
    winners = [x for x in same if v.wins_now(x)]
    if not winners or top in winners:
        return None
    return winners, [top]


def m_shed_high(v):
    """Contract 6, following suit, no card of it can win the trick now: the highest or the lowest."""
    if not v.trick or v.void or len(v.legal) < 2 or any(v.wins_now(x) for x in v.legal):
        return None
    return [max(v.legal, key=_rank)], [min(v.legal, key=_rank)]


def _discards(v, colour_red: bool):
    return [x for x in v.legal if x.suit is not Suit.CLUBS and x.suit.is_red == colour_red]


def m_red_to_partner(v):
    """Contract 6, last to play, void, the partner winning: a red card or a spade."""
    if not (v.last and v.void and v.win_seat == v.partner):
        return None
    red, spades = _discards(v, True), _discards(v, False)
    if not red or not spades:
        return None
    return red, spades


def m_black_to_opponents(v):
    """Contract 6, last to play, void, an opponent winning: a spade or a red card."""
    if not (v.last and v.void and v.win_seat not in (v.seat, v.partner)):
        return None
    red, spades = _discards(v, True), _discards(v, False)
    if not red or not spades:
        return None
    return spades, red


def m_duck(v):
    """Contract 8, following suit, holding cards under and over the winning card: the
    highest card under it, or the lowest card over it (which takes the trick when the
    mover plays last); tagged ``"last"`` or ``"not last"``."""
    if not v.trick or v.void or v.win_card.suit != v.led:
        return None
    under = [x for x in v.legal if x.rank < v.win_card.rank]
    over = [x for x in v.legal if x.rank > v.win_card.rank]
    if not under or not over:
        return None
    return [max(under, key=_rank)], [min(over, key=_rank)], "last" if v.last else "not last"


def m_duck_high(v):
    """Contract 8, following suit with two cards or more under the winning card: the
    highest of them or the lowest."""
    if not v.trick or v.void or v.win_card.suit != v.led:
        return None
    under = [x for x in v.legal if x.rank < v.win_card.rank]
    if len(under) < 2:
        return None
    return [max(under, key=_rank)], [min(under, key=_rank)]


def m_discard_high(v):
    """Contract 8, void in the suit led: discard the highest card held or the lowest."""
    if not v.void or len({_rank(x) for x in v.legal}) < 2:
        return None
    top, low = max(map(_rank, v.legal)), min(map(_rank, v.legal))
    return [x for x in v.legal if _rank(x) == top], [x for x in v.legal if _rank(x) == low]


def draw_position(v):
    """A declarer leading, holding trumps and another suit, a defender holding a trump:
    (the trumps it may lead, its other cards, ``"long"`` when the declarers hold more
    trumps than the defenders, else ``"short"``), or None."""
    if v.trick or not v.declarer or v.c.trump is None:
        return None
    trump = v.c.trump
    mine = [x for x in v.legal if x.suit == trump]
    other = [x for x in v.legal if x.suit != trump]
    theirs = v.side_holds(trump, v.st.defenders)
    if not mine or not other or not theirs:
        return None
    ours = v.side_holds(trump, v.st.declarers)
    return mine, other, "long" if len(ours) > len(theirs) else "short"


def m_draw(v):
    """A ``draw_position`` where the rule policy's drawing lead picks a trump: that trump
    (its strongest), or the card the same policy leads when it does not draw trumps."""
    got = draw_position(v)
    if got is None:
        return None
    obs = v.st.observation(v.seat)
    on, off = RulePolicyBot(0), RulePolicyBot(0)
    on.draws_trumps, off.draws_trumps = True, False
    a, b = on.act(obs), off.act(obs)
    if a == b:
        return None
    return [a], [b], got[2]


MEASURES = [
    ("contract 6", "ruff_low", (6,), "void in the suit led: ruff with your lowest club rather than your highest",
     m_ruff_low),
    ("contract 6", "win_low", (6,), "an opponent winning: beat the card with a lower one of its suit rather than "
     "play your highest card of that suit", m_win_low),
    ("contract 6", "shed_high", (6,), "following suit, unable to win: play your highest card rather than your lowest",
     m_shed_high),
    ("contract 6", "red_to_partner", (6,),
     "last to play, void, your partner winning: give a red card rather than a spade", m_red_to_partner),
    ("contract 6", "black_to_opponents", (6,),
     "last to play, void, an opponent winning: give a spade rather than a red card", m_black_to_opponents),
    ("contract 8", "duck", (8,), "following suit: play under the winning card (your highest such card) rather than "
     "take the trick with your lowest card over it", m_duck),
    ("contract 8", "duck_high", (8,), "following suit under the winning card: your highest card under it rather than "
     "your lowest", m_duck_high),
    ("contract 8", "discard_high", (8,), "void in the suit led: throw your highest card rather than your lowest",
     m_discard_high),
    # (contract 4 left out: there the rule bots' drawing lead changes 1 deal in 100)
    ("drawing trumps", "draw", (2, 3, 5), "trumps not drawn so far, a declarer on lead, a defender holding a trump, "
     "the rule policy's drawing lead picking a trump: that trump rather than the card it leads otherwise", m_draw),
]
#: the measurements whose positions come from deals where nobody has drawn trumps so far
NOT_DRAWN = {"draw"}


def summary(diffs) -> dict:
    """mean, standard error, share of positions where the technique was at least as good, n."""
    d = np.asarray(diffs, dtype=float)
    se = round(float(d.std(ddof=1) / math.sqrt(len(d))), 2) if len(d) > 1 else float("nan")
    mean = round(float(d.mean()), 2)
    # the verdict from the figures as stored and shown (two decimals): clear only beyond 3 s.e.
    return {"mean": mean, "stderr": se, "positions": len(d),
            "share_at_least_as_good": round(float((d >= 0).mean()), 3),
            "verdict": "clear" if abs(mean) > 3 * se else "not decided"}


def measure(key, contracts, pick, n, max_cards, seed0) -> list[tuple[int, float, str]]:
    """``n`` independent positions (one per deal at most): (contract, the technique's card's
    value minus the alternative's, tag)."""
    out = []
    seed = seed0
    for k, contract in enumerate(contracts):   # the same number of positions per contract
        quota = (n * (k + 1)) // len(contracts) - (n * k) // len(contracts)
        found = deals = 0
        while found < quota and deals < 50 * quota:
            deals += 1
            seed += 1
            found += _measure_deal(out, key, contract, seed, pick, max_cards)
    return out


def _measure_deal(out, key, contract, seed, pick, max_cards) -> int:
    """The first position of one deal that ``pick`` accepts, measured into ``out``; 1 or 0."""
    for st in decisions(contract, seed, max_cards, draws=key not in NOT_DRAWN):
        got = pick(View(st))
        if got is None:
            continue
        tech, alt, tag = got if len(got) == 3 else (*got, "")
        try:
            values = A.analyse(st, max_nodes=MAX_NODES)
        except A.SearchLimit:
            return 0
        out.append((contract, max(values[x] for x in tech) - max(values[x] for x in alt), tag))
        return 1
    return 0


# ---- whole deals: drawing trumps switched on and off --------------------------------------

def draw_trumps_deals(contract: int, n: int, seed: int) -> dict:
    """The rule policy's declarers drawing trumps against the same declarers not drawing
    them, the defenders the same policy (never drawing), on ``n`` same deals: the mean gain
    of the declarers' margin per deal and its standard error, overall and by how many
    trumps the two declarers hold between them (7 or fewer, 8 or more)."""
    import cardkit.simulate.variety as SV
    from cardkit.cards import deck
    from cardkit.simulate import deal_batch, simulate_variety

    class Switched(SV._VarietyPlay):
        declarers_draw = True

        def rule(self, j, L):
            if j != 0:
                return super().rule(j, L)
            self.draws_trumps = True
            on = super().rule(j, L)
            self.draws_trumps = False
            off = super().rule(j, L)
            # the defenders never draw trumps in either run: only the declarers' lead differs
            return np.where((self.side_rel[0] == 1) & self.declarers_draw, on, off)

    rng = np.random.default_rng(seed)
    deals = deal_batch(n, rng)
    first = rng.integers(0, 4, n)
    decl = np.stack([first, (first + rng.integers(1, 4, n)) % 4], axis=1)
    dealer = rng.integers(0, 4, n)
    saved = SV._USE_KERNEL, SV._VarietyPlay
    margins = []
    try:
        SV._USE_KERNEL, SV._VarietyPlay = False, Switched
        for draw in (True, False):
            Switched.declarers_draw = draw
            batch = simulate_variety(deals, contract, decl, dealer=dealer, policy="rule")
            margins.append(batch.margin(decl[:, 0]))
    finally:
        SV._USE_KERNEL, SV._VarietyPlay = saved
    d = margins[0] - margins[1]
    trump = V.CONTRACTS[contract].trump
    is_trump = np.array([c.suit == trump for c in deck(52)])[deals]          # (n, 52)
    seat = np.arange(52) // 13                                                # seat s holds row[13s:13s+13]
    held = ((seat[None, :] == decl[:, :1]) | (seat[None, :] == decl[:, 1:])) & is_trump
    count = held.sum(axis=1)
    out = {"contract": contract, "deals": n, **summary(d), "changed": round(float((d != 0).mean()), 3)}
    out["by_trumps"] = {"7 or fewer": summary(d[count <= 7]), "8 or more": summary(d[count >= 8])}
    return out


# ---- exercise positions ------------------------------------------------------------------

def _line(st):
    sol = A.solve(st)
    return [st.action_to_str(a) for a in sol.line], int(sol.value)


def _trick_winner_in_line(st, line):
    """The seat that wins the trick in which the line's first card is played."""
    s = st.clone()
    n = len(s.completed_tricks)
    for a in line:
        s.apply_action(s.parse_action(a))
        if len(s.completed_tricks) > n:
            return s.completed_tricks[n].winner
    return None


def pattern_of(topic, v, values):
    """The exercise pattern the position's unique best card shows, with the alternative
    card the learner is warned against, or None."""
    best = max(values, key=values.get)
    others = sorted(values.values(), reverse=True)
    if others[0] == others[1]:
        return None
    if topic == "contract 6":
        got = m_win_low(v)
        if got and best in got[0] and best.rank < got[1][0].rank:
            return "win_low", got[1][0]
        got = m_red_to_partner(v)
        if got and best.suit.is_red and best in got[0]:
            return "red_to_partner", max(got[1], key=values.get)
        got = m_shed_high(v)
        if got and best == got[0][0]:
            return "shed_high", got[1][0]
        return None
    if topic == "contract 8":
        got = m_duck(v)
        if got and best == got[0][0]:
            return "duck", got[1][0]
        got = m_discard_high(v)
        if got and best in got[0]:
            return "discard_high", max(got[1], key=values.get)
        return None
    got = draw_position(v)
    if got and best in got[0]:
        return "draw", max(got[1], key=values.get)
    return None


def mine_exercises(topic, contracts, want, max_cards, seed0):
    out, seed, deals = [], seed0, 0
    per_pattern: dict[str, int] = {}
    while len(out) < want and deals < 4000:
        contract = contracts[deals % len(contracts)]
        deals += 1
        seed += 1
        for st in decisions(contract, seed, max_cards, min_cards=3, draws=topic != "drawing trumps"):
            v = View(st)
            values = A.analyse(st, max_nodes=MAX_NODES)
            got = pattern_of(topic, v, values)
            if got is None:
                continue
            pattern, alt = got
            best = max(values, key=values.get)
            cap = -(-want // PATTERNS[topic])              # as many of each pattern as can be
            if values[best] - values[alt] < 1 or per_pattern.get(pattern, 0) >= cap:
                continue
            line, value = _line(st)
            assert line[0] == st.action_to_str(best) and value * (1 if v.declarer else -1) == values[best]
            per_pattern[pattern] = per_pattern.get(pattern, 0) + 1
            rule = RulePolicyBot(0).act(st.observation(v.seat))
            out.append({"kind": "play", "topic": topic, "pattern": pattern, "deal_seed": seed,
                        "state": st.to_json(), "seat": v.seat, "best": best.code, "alternative": alt.code,
                        "rule_choice": rule.code, "values": {a.code: int(x) for a, x in values.items()},
                        "line": line, "level": "", "trick_winner": _trick_winner_in_line(st, line)})
            break
    return out


def figure(k: int, args) -> dict:
    """Measurement ``k`` of :data:`MEASURES` (its seeds fixed by ``k``), printed and returned."""
    topic, key, contracts, words, pick = MEASURES[k]
    t = time.time()
    rows = measure(key, contracts, pick, args.positions, args.cards, 1_000_000 * (k + 1))
    fig = {"topic": topic, "key": key, "contracts": list(contracts), "words": words,
           **summary([d for _, d, _ in rows])}
    if len(contracts) > 1:
        fig["per_contract"] = {str(c): summary([d for cc, d, _ in rows if cc == c]) for c in contracts}
    tags = sorted({t for _, _, t in rows if t})
    if tags:
        fig["by_tag"] = {t: summary([d for _, d, tt in rows if tt == t]) for t in tags}
        if len(contracts) > 1:
            fig["by_contract_and_tag"] = {f"{c} {t}": summary([d for cc, d, tt in rows if cc == c and tt == t])
                                          for c in contracts for t in tags
                                          if sum(1 for cc, _, tt in rows if cc == c and tt == t) > 1}
    f = fig
    print(f"{topic:15s} {key:19s} {f['mean']:+6.2f} ± {f['stderr']:4.2f} points ({f['verdict']}); technique at "
          f"least as good in {100 * f['share_at_least_as_good']:4.1f} % of {f['positions']} positions  "
          f"[{time.time() - t:5.1f} s]", flush=True)
    for part in ("per_contract", "by_tag", "by_contract_and_tag"):
        for name, g in fig.get(part, {}).items():
            print(f"    {name:10s} {g['mean']:+6.2f} ± {g['stderr']:4.2f} ({g['verdict']}, "
                  f"{g['positions']} positions, {100 * g['share_at_least_as_good']:.0f} % at least as good)")
    return fig


TOPICS = [("contract 6", (6,)), ("contract 8", (8,)), ("drawing trumps", (2, 3, 4, 5))]
#: how many patterns each topic's exercises show (see :func:`pattern_of`)
PATTERNS = {"contract 6": 3, "contract 8": 2, "drawing trumps": 1}
#: cards in the mover's hand at most in an exercise position (a trump lead worth making is
#: rarer late in a deal)
EXERCISE_CARDS = {"contract 6": 5, "contract 8": 5, "drawing trumps": 6}


def mine_all(args) -> list[dict]:
    """The exercise positions of the three topics, numbered."""
    exercises = []
    for k, (topic, contracts) in enumerate(TOPICS):
        t = time.time()
        found = mine_exercises(topic, contracts, args.exercises, EXERCISE_CARDS[topic], 5_000_000 * (k + 1))
        print(f"exercises, {topic}: {len(found)} ({', '.join(sorted({f['pattern'] for f in found}))}) "
              f"[{time.time() - t:.1f} s]", flush=True)
        exercises += found
    for i, p in enumerate(exercises):
        p["number"] = i + 1
    return exercises


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=600, help="positions per measurement (default 600)")
    ap.add_argument("--deals", type=int, default=20_000, help="whole deals per contract (default 20,000)")
    ap.add_argument("--cards", type=int, default=8, help="cards in the mover's hand at most (default 8)")
    ap.add_argument("--exercises", type=int, default=10, help="exercise positions per topic (default 10)")
    ap.add_argument("--write", action="store_true", help="store the figures and exercises for the lesson")
    ap.add_argument("--out", type=Path, default=OUT, help="where --write stores them (default: next to the lesson)")
    ap.add_argument("--only", default="", help="measure only these (comma-separated keys, e.g. duck, or exercises "
                    "to mine the exercises again); with --write, replace them in the stored data (the same seeds "
                    "give the same positions)")
    args = ap.parse_args(argv)
    t0 = time.time()
    load0 = os.getloadavg()[0]
    only = set(args.only.split(",")) if args.only else None
    figures = [figure(k, args) for k in range(len(MEASURES)) if only is None or MEASURES[k][1] in only]
    if only is not None:           # update those figures (or the exercises) in the stored data, nothing else
        found = mine_all(args) if "exercises" in only else None
        load1 = os.getloadavg()[0]
        print(f"total {time.time() - t0:.0f} s; load average {load0:.2f} before, {load1:.2f} after")
        if args.write:
            data = json.loads(args.out.read_text(encoding="utf-8"))
            new = {f["key"]: f for f in figures}
            data["figures"] = [new.get(f["key"], f) for f in data["figures"]]
            if found is not None:
                data["problems"] = found
            data.setdefault("updates", []).append({
                "date": datetime.date.today().isoformat(), "figures": sorted(new) + (["exercises"] if found else []),
                "command": f"python benchmarks/variety_card_play.py --write --only {args.only}",
                "load_average": [round(load0, 2), round(load1, 2)]})
            args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            print(f"updated {args.out}")
        return
    deals = []
    for contract in (2, 3, 4, 5):
        t = time.time()
        f = draw_trumps_deals(contract, args.deals, 700 + contract)
        deals.append(f)
        print(f"whole deals, contract {contract}: declarers drawing trumps {f['mean']:+.2f} ± {f['stderr']:.2f} points "
              f"a deal ({f['verdict']}); the margin changed in {100 * f['changed']:.0f} % of {args.deals} deals  "
              f"[{time.time() - t:.1f} s]", flush=True)
        for name, g in f["by_trumps"].items():
            print(f"    declarers' trumps {name}: {g['mean']:+.2f} ± {g['stderr']:.2f} ({g['verdict']}, "
                  f"{g['positions']} deals)")
    exercises = mine_all(args) if args.write else []
    load1 = os.getloadavg()[0]
    print(f"total {time.time() - t0:.0f} s; load average {load0:.2f} before, {load1:.2f} after")
    if args.write:
        data = {"game": "variety", "format": 1,
                "how": "benchmarks/variety_card_play.py --write (exact values by cardkit.analysis.analyse)",
                "date": datetime.date.today().isoformat(),
                "command": "python benchmarks/variety_card_play.py --write" + "".join(
                    f" --{k} {getattr(args, k)}" for k in ("positions", "deals", "cards", "exercises")
                    if getattr(args, k) != ap.get_default(k)),
                "load_average": [round(load0, 2), round(load1, 2)],
                "cards": args.cards, "figures": figures, "whole_deals": deals, "problems": exercises}
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

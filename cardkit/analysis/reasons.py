"""Why one card is better than another, in words (issue 33, item 12): the reason a Hint gives
for its best choice and a review item for a costly one, drawn from the judge's own line of
play (:func:`cardkit.analysis.solve`'s principal variation after each card) and the rules.

- :func:`reason` ``(state, best, other, seat=..., worlds=None)``: one or two sentences, or
  None when nothing plain can be said. With ``worlds`` None every card of ``state`` is known
  to the learner (a play problem, an ending shown open, a finished deal); with ``worlds``
  (states the learner cannot tell from the real one, :func:`cardkit.analysis.sample_worlds`)
  only facts that hold in most of them are said, and a card the learner cannot see is named
  only inside a condition ("if East holds ♣ A K").
- :func:`hint_reason`: the Hint's reason, from a few worlds dealt from the learner's own
  view (never from the real hidden cards): late in a deal (at most :data:`REASON_CARDS`
  cards left: 7 tricks of Variety, 6 of Warsaw Hearts with four players, 8 of Armenian
  Durak) the solver's lines; earlier, the rule bots' lines (the judge's playouts) in
  :data:`REASON_BOT_WORLDS` worlds.
- :func:`review_reason`: a review item's reason, in the finished deal with all cards known
  where the all-cards-known analysis found the cost, else from the learner's view.

What is compared, from the decision's trick to the end of the deal, after ``best`` and
after ``other``: who wins this trick (and with which card, with the rule that makes it win
when it is not the plain highest card of the suit led: "(a trump)", "(the lowest card wins)"
in Variety's contract 6, "(the six beats the ace)" in Armenian Durak), the tricks the same
player then wins in a row (and their points), a void the best card makes in Variety and
the trick a trump of the learner's then wins, the cards that score which change hands (Variety: the contract's cards;
Warsaw Hearts: K♥ Q♥ J♥ and the hearts that cost the +20 bonus; Armenian Durak: the cards
with points), and the tricks a side makes (Variety's trick contracts 1, 2 and 8). Seats are
named from the learner's chair ("you", West, North, East; "your opponent" in Armenian
Durak); the ten is written 10; nothing else of the program shows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from cardkit.core._checks import is_whole
from cardkit.core.cards import Card, Rank
from cardkit.core.errors import CardkitError, StateError, quote

from ..i18n import N_
from ..wording import SEAT_WORDS, minus_signs, tens_as_10

__all__ = ["reason", "hint_reason", "review_reason", "REASON_CARDS", "REASON_WORLDS", "REASON_BOT_WORLDS",
           "REASON_NODES"]

#: Reasons are worked out only when at most this many cards are still to be played (hands,
#: tableaux and the open trick, :func:`cardkit.analysis.judge.cards_left`), by game: then two
#: exact lines in each of :data:`REASON_WORLDS` worlds take a median of 10-50 ms and at most
#: about 0.2 s on this project's 2-core machine under load 10 (``python benchmarks/reasons.py``;
#: Variety at 8 tricks and Warsaw Hearts at 7 or 8 took up to 0.6 s and 2.2 s).
REASON_CARDS = {"variety": 28, "warsaw_hearts": 24, "armenian_durak": 16}

#: Worlds :func:`hint_reason` and :func:`review_reason` deal from the learner's view.
REASON_WORLDS = 5

#: Worlds (or runs of the real deal) whose rule-bot lines are compared earlier in a deal,
#: past :data:`REASON_CARDS` (``reason(lines="bots")``).
REASON_BOT_WORLDS = 16

#: The node limit of each line's exact search; past it, no reason (None).
REASON_NODES = 300_000


# ---- one line of play ----------------------------------------------------------------------

@dataclass
class _Line:
    """A card and the solver's best line after it, played to the end of the deal."""
    result: int            # the learner's outcome (points, cardkit.analysis.outcome)
    tricks: list           # the completed tricks from the decision's trick on


@dataclass
class _World:
    """One position with every card known, and the two lines compared in it."""
    state: object
    best: _Line
    other: _Line
    facts: dict = field(default_factory=dict)   # key -> a function (visible) -> (text, hidden cards)

    @property
    def gap(self) -> int:
        return self.best.result - self.other.result


def _game(state) -> str:
    from .judge import game_of as _game_of
    return _game_of(state)


def _play_line(state, first, seat: int, max_nodes: int, bots_seed=None) -> _Line:
    """``first``, then the solver's best line to the end (within ``max_nodes`` positions); with
    ``bots_seed`` (an int) the rule bots play every seat instead, as the judge's playouts do."""
    from . import solve
    from .judge import outcome
    s = state.clone()
    k0 = len(s.tricks) - 1 if s.trick is not None else len(s.tricks)
    s.apply_action(first)
    if not s.is_terminal():
        if bots_seed is None:
            for a in solve(s, max_nodes=max_nodes).line:
                s.apply_action(a)
        else:
            from cardkit.core.bots import play_out

            from .judge import rule_bots as _rule_bots
            play_out(s, _rule_bots(_game(s), s.players, np.random.default_rng(bots_seed)))
    done = [t for t in s.tricks[k0:] if t.winner is not None]
    # the bots' later tricks vary from run to run: only this trick is compared
    return _Line(outcome(s, seat), done if bots_seed is None else done[:1])


# ---- words ------------------------------------------------------------------------------------

def _names(players: int, seat: int) -> list[str]:
    """The seats' names from the learner's chair: "you", then West, North, East (three
    players: West, East; two: your opponent)."""
    around = SEAT_WORDS[players]
    return ["you" if s == seat else around[(s - seat) % players] for s in range(players)]


def _verb(name: str, you: str, other: str) -> str:
    return f"{name} {you if name == 'you' else other}"


def _cards(cards, commas: bool = True) -> str:
    """Cards in words, grouped by suit, highest first: "K♦", "♣ A K", "10♠ and ♥ Q J",
    "A♠, ♥ A 6 and K♣" (``commas`` False: "A♠ and ♥ A 6 and K♣", inside a condition)."""
    by: dict = {}
    for c in sorted(set(cards), key=lambda c: (int(c.suit), -int(c.rank))):
        by.setdefault(c.suit, []).append(c)
    parts = []
    for suit, cs in by.items():
        parts.append(_card(cs[0]) if len(cs) == 1 else f"{suit.symbol} " + " ".join(c.rank.label for c in cs))
    if len(parts) <= 2 or not commas:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _card(c: Card) -> str:
    """A card as a learner reads it: "9♦", "10♠"."""
    return c.rank.label + c.suit.symbol


def _points(n: int) -> str:
    return f"{n} point{'s' if abs(n) != 1 else ''}"


#: :meth:`_Ctx.rule_kind`'s rules as the English note after a card (the English reasons)
_RULE_NOTES = {"trump": " (a trump)", "lowest": " (the lowest card wins)", "six": " (the six beats the ace)",
               "two": " (the two beats the ace)"}
#: the same rules as sentences of their own (the reasons in another language)
_RULE_SENTENCES = {"trump": N_("{card} is a trump."), "lowest": N_("In this contract the lowest card wins the trick."),
                   "six": N_("The six beats the ace."), "two": N_("The two beats the ace.")}


class _Say:
    """A reason's words in another language (``tr``, a :func:`cardkit.i18n.translation`):
    cards in its letters (the ten 10), seats by their names from the learner's chair, each
    sentence one message of the catalog."""

    def __init__(self, tr, ctx: _Ctx):
        self.tr = tr
        self.ctx = ctx
        self.letters = {"A": tr.pgettext("rank letter", "A"), "K": tr.pgettext("rank letter", "K"),
                        "Q": tr.pgettext("rank letter", "Q"), "J": tr.pgettext("rank letter", "J"), "T": "10"}

    def _(self, message: str, **kw) -> str:
        return self.tr.gettext(message).format(**kw)

    def ngettext(self, singular: str, plural: str, n: int, **kw) -> str:
        return self.tr.ngettext(singular, plural, abs(int(n))).format(n=n, **kw)

    def rank(self, c: Card) -> str:
        label = c.rank.label
        return self.letters.get(label, label)

    def card(self, c: Card) -> str:
        return self.rank(c) + c.suit.symbol

    def cards(self, cards, commas: bool = True) -> str:
        """:func:`_cards` in the language: "К♦", "♣ Т К", "10♠ и ♥ Д В"."""
        by: dict = {}
        for c in sorted(set(cards), key=lambda c: (int(c.suit), -int(c.rank))):
            by.setdefault(c.suit, []).append(c)
        parts = [self.card(cs[0]) if len(cs) == 1 else f"{suit.symbol} " + " ".join(self.rank(c) for c in cs)
                 for suit, cs in by.items()]
        if len(parts) == 1:
            return parts[0]
        head = ", ".join(parts[:-1]) if commas else parts[0]
        if not commas and len(parts) > 2:
            for p in parts[1:-1]:
                head = self._("{first} and {last}", first=head, last=p)
        return self._("{first} and {last}", first=head, last=parts[-1])

    def seat(self, s: int) -> str:
        """A seat other than the learner's, as the subject of a sentence: West, North, East,
        your opponent."""
        name = self.ctx.names[s]
        return {"West": self.tr.gettext("West"), "North": self.tr.gettext("North"),
                "East": self.tr.gettext("East"),
                "your opponent": self.tr.pgettext("a seat in a sentence", "your opponent")}.get(name, name)

    def seat_of(self, s: int) -> str:
        """A seat other than the learner's as an owner ("West's" in English)."""
        name = self.ctx.names[s]
        return {"West": self.tr.pgettext("whose", "West"), "North": self.tr.pgettext("whose", "North"),
                "East": self.tr.pgettext("whose", "East"),
                "your opponent": self.tr.pgettext("whose", "your opponent")}.get(name, name)

    def rule_note(self, t) -> str | None:
        """:meth:`_Ctx.six_note` as a sentence of its own, or None."""
        kind = self.ctx.rule_kind(t)
        if kind is None:
            return None
        return self._(_RULE_SENTENCES[kind], card=self.card(_winning_card(t)))


def _winning_card(t) -> Card:
    return t.cards[(t.winner - t.leader) % t.players]


class _Ctx:
    """What a position's reasons read: the game, the learner's side, the names, the value
    of a card or a trick to a side."""

    def __init__(self, state, seat: int, bots: bool = False):
        self.bots = bots   # the rule bots' lines (only this trick compared)
        self.game = _game(state)
        self.players = state.players
        self.seat = seat
        self.names = _names(state.players, seat)
        if self.game == "variety":
            decl = set(state.declarers)
            self.side = decl if seat in decl else set(range(4)) - decl
            self.contract = state.contract_info
        else:
            self.side = {seat}
            self.contract = None
        self.state = state

    # the learner's side in words
    def us(self) -> str:
        return "your side" if len(self.side) > 1 else "you"

    def partner(self, s: int) -> str:
        return f"{self.names[s]}, your partner," if s in self.side and s != self.seat else self.names[s]

    def card_value(self, c: Card) -> int:
        """Points a card is worth to the side that takes it (Variety, Armenian Durak)."""
        if self.game == "variety":
            return self.contract.card_points(c)
        if self.game == "armenian_durak":
            from ..games.armenian_durak_rules import card_points
            return card_points(c, self.state.trump, self.state.rules)
        return 0

    def rule_kind(self, t) -> str | None:
        """The rule that makes a trick's winning card win, when it is not the plain highest
        card of the suit led: ``"trump"`` (Variety's trump contracts, Armenian Durak),
        ``"lowest"`` (Variety's contract 6, RULES.md §1.5), ``"six"`` / ``"two"`` (Armenian
        Durak's six, with ``deck=52`` the two, over its suit's ace, §3.1); else None."""
        c = _winning_card(t)
        trump = getattr(self.state, "trump", None)
        if trump is not None and c.suit == trump and t.cards[0].suit != trump:
            return "trump"
        if self.game == "variety" and self.contract.lowest_wins:
            return "lowest"
        if self.game != "armenian_durak":
            return None
        from ..games.armenian_durak_rules import special_rank
        special = special_rank(self.state.rules)
        if c.rank == special and any(x.suit == c.suit and x.rank == Rank.ACE for x in t.cards):
            return "six" if special == Rank.SIX else "two"
        return None

    def six_note(self, t) -> str:
        """:meth:`rule_kind` as the English note after a card: " (a trump)", " (the lowest
        card wins)", " (the six beats the ace)"; else ""."""
        kind = self.rule_kind(t)
        return _RULE_NOTES[kind] if kind is not None else ""

    def trick_value(self, t) -> int:
        """Points one trick is worth to the side that wins it (Variety without the
        majority of contract 1; Armenian Durak's card points), 0 in Warsaw Hearts."""
        if self.game == "warsaw_hearts":
            return 0
        return (self.contract.per_trick if self.game == "variety" else 0) + sum(self.card_value(c) for c in t.cards)


# ---- the facts compared ------------------------------------------------------------------------

def _trick_fact(ctx: _Ctx, b: Card, o: Card, lb: _Line, lo: _Line):
    """This trick changes sides: (key, render) or None."""
    if not lb.tricks or not lo.tricks:
        return None
    tb, to = lb.tricks[0], lo.tricks[0]
    us_b, us_o = tb.winner in ctx.side, to.winner in ctx.side
    if us_b == us_o:
        return None
    names = ctx.names

    def following_run(line: _Line, w: int, first: bool) -> list:
        """The tricks right after the compared one that ``w`` also wins (none at the first
        card, none in Warsaw Hearts: there the reason is this trick only)."""
        run: list = []
        for nt in (line.tricks[1:] if not first and ctx.game != "warsaw_hearts" else ()):
            if nt.winner != w:
                break
            run.append(nt)
        return run

    def won(card: Card, t, line: _Line, *, first: bool) -> tuple[str, list]:
        """"B wins this trick" / "after O, North, your partner, wins it" / "O lets East win it with K♦,
        and East then wins the next 2 tricks with ♣ A K: 6 points to East's side"."""
        w = t.winner
        it = "this trick" if first else "it"
        named: list = []
        if w == ctx.seat:
            return f"{card} wins {it}{ctx.six_note(t)}", named
        if w in ctx.side:
            return f"after {card}, {ctx.partner(w)} wins {it}", named
        c = _winning_card(t)
        named.append(c)
        s = f"{card} lets {names[w]} win {it} with {c}{ctx.six_note(t)}"
        run = following_run(line, w, first)
        if run:
            cs = [_winning_card(nt) for nt in run]
            n = len(run)
            if n == 1:
                s += f", and {names[w]} then wins the next trick with {cs[0]}"
            elif n <= 4:
                s += f", and {names[w]} then wins the next {n} tricks with {_cards(cs)}"
            else:
                s += f", and {names[w]} then wins the next {n} tricks"
            named += cs if n <= 4 else []
        pts = sum(ctx.trick_value(x) for x in [t] + run)
        if pts > 0 and not first and ctx.game != "warsaw_hearts":   # what the other card gives away
            whose = "your opponent" if ctx.game == "armenian_durak" else f"{names[w]}'s side"
            s += f": {_points(pts)} to {whose}"
        return s, named

    def won_in(say: _Say, card: Card, t, line: _Line, *, first: bool) -> list[str]:
        """:func:`won`'s facts in another language, each its own sentence."""
        w = t.winner
        card_w, note = say.card(card), say.rule_note(t)
        if w == ctx.seat:
            return [say._("{card} wins this trick.", card=card_w)] + ([note] if note else [])
        if w in ctx.side:
            return [say._("After {card}, {seat}, your partner, wins this trick.", card=card_w, seat=say.seat(w))]
        c = _winning_card(t)
        out = [say._("After {card}, {seat} wins this trick with {winner}.", card=card_w, seat=say.seat(w),
                     winner=say.card(c))] + ([note] if note else [])
        run = following_run(line, w, first)
        if run:
            cs = [_winning_card(nt) for nt in run]
            n = len(run)
            if n <= 4:
                out.append(say.ngettext("Then {seat} wins the next trick too, with {cards}.",
                                  "Then {seat} wins the next {n} tricks too, with {cards}.", n, seat=say.seat(w),
                                  cards=say.cards(cs)))
            else:
                out.append(say.ngettext(
                    "Then {seat} wins the next trick too.", "Then {seat} wins the next {n} tricks too.",
                                  n, seat=say.seat(w)))
        pts = sum(ctx.trick_value(x) for x in [t] + run)
        if pts > 0 and not first and ctx.game != "warsaw_hearts":
            if ctx.game == "armenian_durak":
                out.append(say.ngettext(
                    "That gives {n} point to your opponent.", "That gives {n} points to your opponent.",
                                  pts))
            else:
                out.append(say.ngettext(
                    "That gives {n} point to {seat_of} side.", "That gives {n} points to {seat_of} side.",
                                  pts, seat_of=say.seat_of(w)))
        return out

    def render(say: _Say | None = None):
        sb, nb = won(b, tb, lb, first=True)
        so, no = won(o, to, lo, first=False)
        if say is not None:
            tb_words = won_in(say, b, tb, lb, first=True)
            to_words = [x for x in won_in(say, o, to, lo, first=False) if x not in tb_words]   # a rule said once
            return " ".join(tb_words + to_words), nb + no
        lowest = " (the lowest card wins)"
        if lowest in sb and lowest in so:   # the rule said once
            so = so.replace(lowest, "", 1)
        return f"{sb}; {so}", nb + no

    return ("trick", us_b), render


def _cards_fact(ctx: _Ctx, b: Card, o: Card, lb: _Line, lo: _Line):
    """Scoring cards that change hands over the rest of the deal, in best's favour."""
    def taken(line: _Line) -> set:
        return {c for t in line.tricks if t.winner in ctx.side for c in t.cards}

    # only cards played in both lines (all of them in whole lines; the bots' lines stop after
    # this trick, where a card kept in hand after one choice is taken by nobody yet)
    both = {c for t in lb.tricks for c in t.cards} & {c for t in lo.tricks for c in t.cards}
    kb, ko = taken(lb) & both, taken(lo) & both
    us = ctx.us()
    if ctx.game == "warsaw_hearts":
        from ..games import warsaw_hearts as W
        honours = set(W.HONOURS)
        kept = sorted(c for c in ko - kb if c in honours)
        if kept:
            it = "it" if len(kept) == 1 else "them"

            def keeps(say: _Say | None = None):
                if say is not None:
                    return say._("{best} keeps {cards} out of your tricks.", best=say.card(b), cards=say.cards(kept)) \
                        + " " + (say._("After {other}, you take it: a penalty.", other=say.card(o)) if len(kept) == 1
                                 else say._("After {other}, you take them: a penalty.", other=say.card(o))), kept
                return f"{b} keeps {_cards(kept)} out of your tricks; after {o} you take {it} (a penalty)", kept
            return ("cards", "keeps"), keeps
        # the +20 bonus: no heart in any of the learner's tricks, best keeps it
        st = ctx.state
        before = [t.cards for t in st.tricks if t.winner == ctx.seat]

        def bonus(line: _Line) -> int:
            mine = before + [t.cards for t in line.tricks if t.winner == ctx.seat]
            return W.penalty_and_bonus(mine, st.rules)[1]

        if bonus(lb) > bonus(lo):
            hearts = sorted(c for c in ko if c.suit.symbol == "♥")
            if hearts:
                def bonus_words(say: _Say | None = None):
                    if say is not None:
                        head = say._("{best} keeps every heart out of your tricks, for the +20 bonus.",
                                     best=say.card(b))
                        then = say._("After {other}, you take {cards}.", other=say.card(o), cards=say.cards(hearts))
                        return f"{head} {then}", hearts
                    return (f"{b} keeps every heart out of your tricks, for the +20 bonus; after {o} you take "
                            f"{_cards(hearts)}", hearts)
                return ("cards", "bonus"), bonus_words
        return None
    gain = [c for c in kb - ko if ctx.card_value(c) > 0]
    keep = [c for c in ko - kb if ctx.card_value(c) < 0]
    vg, vk = sum(ctx.card_value(c) for c in gain), -sum(ctx.card_value(c) for c in keep)
    if not gain and not keep:
        return None
    opp = "your opponent" if ctx.game == "armenian_durak" else "the other side"
    take = "take" if us == "you" else "takes"
    side = len(ctx.side) > 1
    if gain and vg >= vk:
        it = "it" if len(gain) == 1 else "them"

        def gain_words(say: _Say | None = None):
            if say is None:
                return f"after {b}, {us} {take} {_some(gain, vg)}; after {o}, {opp} takes {it}", gain[:_LISTED]
            bw, ow = say.card(b), say.card(o)
            if len(gain) <= _LISTED:
                first = (say.ngettext("After {best}, your side takes {cards}: {n} point.",
                                "After {best}, your side takes {cards}: {n} points.", vg, best=bw,
                                cards=say.cards(gain)) if side else
                         say.ngettext("After {best}, you take {cards}: {n} point.",
                                "After {best}, you take {cards}: {n} points.", vg, best=bw, cards=say.cards(gain)))
            else:
                first = (say.ngettext(
                    "After {best}, your side takes cards that score: {count} of them, {n} point in all.",
                                "After {best}, your side takes cards that score: {count} of them, {n} points in all.",
                                vg, best=bw, count=len(gain)) if side else
                         say.ngettext("After {best}, you take cards that score: {count} of them, {n} point in all.",
                                "After {best}, you take cards that score: {count} of them, {n} points in all.",
                                vg, best=bw, count=len(gain)))
            if ctx.game == "armenian_durak":
                then = (say._("After {other}, your opponent takes it.", other=ow) if len(gain) == 1 else
                        say._("After {other}, your opponent takes them.", other=ow))
            else:
                then = (say._("After {other}, the other side takes it.", other=ow) if len(gain) == 1 else
                        say._("After {other}, the other side takes them.", other=ow))
            return first + " " + then, gain[:_LISTED]
        return ("cards", "gain"), gain_words
    whose = "your side's tricks" if len(ctx.side) > 1 else "your tricks"
    it = "it" if len(keep) == 1 else "them"

    def keep_words(say: _Say | None = None):
        if say is None:
            return (f"{b} keeps {_cards(keep) if len(keep) <= _LISTED else 'cards that cost'} out of {whose}; "
                    f"after {o}, {us} {take} {it} ({_points(-vk)})", keep[:_LISTED])
        bw, ow = say.card(b), say.card(o)
        if len(keep) <= _LISTED:
            first = (say._("{best} keeps {cards} out of your side's tricks.", best=bw, cards=say.cards(keep)) if side
                     else say._("{best} keeps {cards} out of your tricks.", best=bw, cards=say.cards(keep)))
        else:
            first = (say._("{best} keeps cards that cost out of your side's tricks.", best=bw) if side
                     else say._("{best} keeps cards that cost out of your tricks.", best=bw))
        if len(keep) == 1:
            then = (say.ngettext(
                "After {other}, your side takes it: {n} point.", "After {other}, your side takes it: {n} "
                           "points.", -vk, other=ow) if side else
                    say.ngettext(
                        "After {other}, you take it: {n} point.", "After {other}, you take it: {n} points.", -vk,
                           other=ow))
        else:
            then = (say.ngettext(
                "After {other}, your side takes them: {n} point.", "After {other}, your side takes them: "
                           "{n} points.", -vk, other=ow) if side else
                    say.ngettext(
                        "After {other}, you take them: {n} point.", "After {other}, you take them: {n} points.",
                           -vk, other=ow))
        return first + " " + then, keep[:_LISTED]
    return ("cards", "keep"), keep_words


#: At most this many cards are listed in a reason; more are counted.
_LISTED = 6


def _some(cards, points: int) -> str:
    """"♠ A K (9 points)", or "8 cards that score, 32 points in all"."""
    if len(cards) <= _LISTED:
        return f"{_cards(cards)} ({_points(points)})"
    return f"{len(cards)} cards that score, {_points(points)} in all"


def _tricks_fact(ctx: _Ctx, b: Card, o: Card, lb: _Line, lo: _Line):
    """The side's tricks from here (Variety's trick contracts 1, 2 and 8)."""
    if ctx.game != "variety" or (ctx.contract.per_trick == 0 and ctx.contract.majority == 0):
        return None
    nb = sum(1 for t in lb.tricks if t.winner in ctx.side)
    no = sum(1 for t in lo.tricks if t.winner in ctx.side)
    if nb == no:
        return None
    fewer = ctx.contract.per_trick < 0   # contract 8: each trick costs
    if fewer != (nb < no):
        return None
    us = ctx.us()
    tr = lambda n: f"{n} trick{'s' if n != 1 else ''}"
    rule = {1: "the side with more tricks scores 12", 2: f"{_points(ctx.contract.per_trick)} a trick",
            8: f"{_points(ctx.contract.per_trick)} a trick"}.get(ctx.contract.number, "")
    side = len(ctx.side) > 1

    def tricks_words(say: _Say | None = None):
        if say is None:
            return (f"from this trick on, {us} {'take' if us == 'you' else 'takes'} {tr(nb)} after {b}, {tr(no)} "
                    f"after {o}" + (f" ({rule})" if rule else ""), [])
        bw, ow = say.card(b), say.card(o)
        out = [say.ngettext("From this trick on, your side takes {n} trick after {best}.",
                      "From this trick on, your side takes {n} tricks after {best}.", nb, best=bw) if side else
               say.ngettext("From this trick on, you take {n} trick after {best}.",
                      "From this trick on, you take {n} tricks after {best}.", nb, best=bw),
               say.ngettext("After {other}, {n} trick.", "After {other}, {n} tricks.", no, other=ow)]
        if ctx.contract.number == 1:
            out.append(say._("In this contract the side with more tricks scores 12."))
        elif ctx.contract.number in (2, 8):
            out.append(say.ngettext("In this contract each trick scores {n} point.",
                              "In this contract each trick scores {n} points.", ctx.contract.per_trick))
        return " ".join(out), []
    return ("tricks", nb < no), tricks_words


def _ruff_fact(ctx: _Ctx, b: Card, o: Card, lb: _Line, lo: _Line):
    """Variety with trumps: ``best`` is the learner's last card of its suit (a void made), and
    after it the learner later wins a trick of that suit led by the other side with a trump,
    worth something to the learner's side, which after ``other`` the learner does not."""
    if ctx.game != "variety" or ctx.contract.trump is None:
        return None
    trump, suit, seat = ctx.contract.trump, b.suit, ctx.seat
    if suit == trump or any(c.suit == suit for c in ctx.state.hands[seat] if c != b):
        return None

    def ruffs(line: _Line) -> list:
        out = []
        for t in line.tricks[1:]:
            if t.cards[0].suit != suit or t.winner != seat or t.leader in ctx.side or ctx.trick_value(t) <= 0:
                continue   # a trick of that suit led by the other side, won by the learner, worth points
            mine = t.cards[(seat - t.leader) % t.players]
            if mine.suit == trump:
                out.append(t)
        return out

    rb, ro = ruffs(lb), ruffs(lo)
    if not rb or len(ro) >= len(rb):
        return None
    t = rb[0]
    led, mine = t.cards[0], t.cards[(seat - t.leader) % t.players]
    who = ctx.names[t.leader]

    def ruff_words(say: _Say | None = None):
        if say is None:
            return (f"{b} leaves you void in {suit.symbol}, so you later win {_possessive(who)} {led} with {mine} "
                    f"(a trump)", [led])
        return say._("{best} leaves you void in {suit}, so you later win {seat_of} {led} with your trump {mine}.",
                     best=say.card(b), suit=suit.symbol, seat_of=say.seat_of(t.leader), led=say.card(led),
                     mine=say.card(mine)), [led]
    return ("ruff",), ruff_words


def _possessive(name: str) -> str:
    return "your" if name == "you" else f"{name}'s"


def _value_fact(ctx: _Ctx, b: Card, o: Card, lb: _Line, lo: _Line):
    """The rule bots' lines only (early in a deal, where only this trick is compared): the
    same side wins this trick after either card, but it is worth more to the learner's side
    after ``best`` (Variety's and Armenian Durak's points in the trick)."""
    if not ctx.bots or ctx.game == "warsaw_hearts" or not lb.tricks or not lo.tricks:
        return None
    tb, to = lb.tricks[0], lo.tricks[0]
    ours = tb.winner in ctx.side
    if ours != (to.winner in ctx.side):
        return None
    vb, vo = ctx.trick_value(tb), ctx.trick_value(to)
    if (vb > vo) != ours or vb == vo:
        return None
    us = ctx.us()
    side = len(ctx.side) > 1

    def worth(say: _Say) -> str:
        return " ".join(say.ngettext("With {card}, it is worth {n} point.", "With {card}, it is worth {n} points.", v,
                               card=say.card(c)) for c, v in ((b, vb), (o, vo)))

    if ours:
        take = "take" if us == "you" else "takes"

        def ours_words(say: _Say | None = None):
            if say is None:
                return (f"after {b} as after {o}, {us} {take} this trick: with {b}, it is worth {_points(vb)}; "
                        f"with {o}, {_points(vo)}", [])
            head = (say._("After {best} as after {other}, your side takes this trick.", best=say.card(b),
                          other=say.card(o)) if side else
                    say._("After {best} as after {other}, you take this trick.", best=say.card(b), other=say.card(o)))
            return head + " " + worth(say), []
        return ("value", True), ours_words
    who = "your opponent" if ctx.game == "armenian_durak" else "the other side"

    def theirs_words(say: _Say | None = None):
        if say is None:
            return (f"after {b} as after {o}, {who} takes this trick: with {b}, it is worth {_points(vb)} to "
                    f"{'them' if who == 'the other side' else 'your opponent'}; with {o}, {_points(vo)}", [])
        head = (say._("After {best} as after {other}, your opponent takes this trick.", best=say.card(b),
                      other=say.card(o)) if ctx.game == "armenian_durak" else
                say._("After {best} as after {other}, the other side takes this trick.", best=say.card(b),
                      other=say.card(o)))
        return head + " " + worth(say), []
    return ("value", False), theirs_words


_FACTS = (_trick_fact, _value_fact, _ruff_fact, _cards_fact, _tricks_fact)


# ---- visibility ------------------------------------------------------------------------------

def _visible(state, seat: int) -> set:
    """The cards the learner can see now: its hand, every card played, both tableaux'
    face-up cards (Armenian Durak), the trump card drawn."""
    obs = state.observation(seat)
    seen = set(obs.hand) | set(obs.trick)
    for t in obs.tricks:
        seen |= set(t[1])
    for row in getattr(obs, "face_up", ()):
        seen |= {c for c in row if c is not None}
    if getattr(obs, "trump_card", None) is not None:   # Armenian Durak: shown, back in the dealer's hand
        seen.add(obs.trump_card)
    return seen


def _holders(ctx: _Ctx, world, cards, say: _Say | None = None) -> str | None:
    """"East holds K♦ and West holds ♣ A K" for cards of ``world``'s hidden hands and
    face-down cards; None if a card is in neither (then nothing is said of it). With ``say``
    (another language): a sentence for each holder ("Suppose East holds K♦.")."""
    by: dict = {}
    for c in cards:
        for s in range(world.players):
            if c in world.hands[s]:
                by.setdefault(("hand", s), []).append(c)
                break
        else:
            for s, row in enumerate(getattr(world, "down", ())):
                if c in row:
                    by.setdefault(("down", s), []).append(c)
                    break
            else:
                return None
    if say is not None:
        said = []
        for (where, s), cs in by.items():
            cw, mine = say.cards(cs, commas=False), s == ctx.seat
            if where == "hand":
                said.append(say._("Suppose you hold {cards}.", cards=cw) if mine else
                            say._("Suppose {seat_of} hand holds {cards}.", seat_of=say.seat_of(s), cards=cw))
            elif mine:
                said.append(say._("Suppose {cards} is among your face-down cards.", cards=cw) if len(cs) == 1 else
                            say._("Suppose {cards} are among your face-down cards.", cards=cw))
            else:
                said.append(say._("Suppose {cards} is among {seat_of} face-down cards.", cards=cw,
                                  seat_of=say.seat_of(s)) if len(cs) == 1 else
                            say._("Suppose {cards} are among {seat_of} face-down cards.", cards=cw,
                                  seat_of=say.seat_of(s)))
        return " ".join(said)
    parts = []
    for (where, s), cs in by.items():
        who = ctx.names[s]
        if where == "hand":
            parts.append(_verb(who, "hold", "holds") + " " + _cards(cs, commas=False))
        else:
            parts.append(f"{_cards(cs, commas=False)} {'is' if len(cs) == 1 else 'are'} among "
                         f"{'your' if who == 'you' else who + chr(8217) + 's'} face-down cards")
    return " and ".join(parts)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


#: A sentence drawn from a sampled world names at most this many cards the learner cannot
#: see (in its condition); one that would name more is left out: a long "if" of one deal
#: among many says little.
MAX_CONDITION_CARDS = 3


def _words(ctx: _Ctx, world, chosen, visible, tr=None) -> str | None:
    """The facts ``chosen`` said from ``world``: in English (``tr`` None) each a sentence of
    its parts; in ``tr``'s language each part its own sentence of the catalog, a card the
    learner cannot see named first in a sentence of its own ("Suppose East holds K♦.")."""
    out = []
    said_points = False   # the trick's sentence said the points of this trick
    here = {c for line in (world.best, world.other) for c in (line.tricks[0].cards if line.tricks else ())}
    say = None if tr is None else _Say(tr, ctx)
    for key in chosen:
        text, named = world.facts[key]()
        if key[0] == "trick":
            said_points = " to your opponent" in text or "'s side" in text
        elif key[0] == "cards" and said_points and set(named) <= here:
            continue   # the same cards, already counted in the trick's sentence
        hidden = [] if visible is None else [c for c in dict.fromkeys(named) if c not in visible]
        if len(hidden) > MAX_CONDITION_CARDS:
            continue
        if say is not None:
            words = world.facts[key](say)[0]
            if hidden:
                where = _holders(ctx, world.state, hidden, say)
                if where is None:
                    continue
                words = f"{where} {words}"
            out.append(words)
            continue
        if hidden:   # a card the learner cannot see: named only as a condition
            where = _holders(ctx, world.state, hidden)
            if where is None:
                continue
            text = f"if {where}, {text}"
        out.append(_sentence(text))
    if say is not None:
        return minus_signs(" ".join(out)) if out else None
    return minus_signs(tens_as_10(" ".join(out))) if out else None


def _check_choice(state, a, what: str):
    said = quote(_card(a) if isinstance(a, Card) else a)
    try:
        got = a if isinstance(a, Card) else state.parse_action(a)
    except (CardkitError, TypeError, ValueError):
        got = None
    if got is None or got not in state.legal_actions():
        raise CardkitError(f"{what} {said}: expected a legal card of the player to move")
    return got


def _pick(worlds: list[_World], ctxs, bots: bool = False) -> tuple[_World, list] | None:
    """The facts to say and the world to say them from: the keys present in more than half
    the worlds (in order: this trick, a trump won by a void made, the cards, the tricks),
    at most two; the world that
    has the most of them, then whose gap is nearest the median gap."""
    n = len(worlds)
    counts: Counter = Counter(k for w in worlds for k in w.facts)
    keep = [k for k in counts if counts[k] * 2 > n]
    if bots:   # the rule bots' lines: a fact is said only where, on average, it goes with best's gain
        keep = [k for k in keep if np.mean([w.gap for w in worlds if k in w.facts]) > 0]
    order = {"trick": 0, "value": 0, "ruff": 1, "cards": 2, "tricks": 3}
    keep.sort(key=lambda k: order[k[0]])
    if not keep:
        return None
    # one fact of a kind (the most common), and the cards or the tricks after this trick
    chosen: list = []
    for k in sorted(keep, key=lambda k: (order[k[0]], -counts[k])):
        if any(c[0] == k[0] for c in chosen):
            continue
        if k[0] == "tricks" and any(c[0] == "cards" for c in chosen):
            continue
        chosen.append(k)
    chosen = chosen[:2]
    good = [w for w in worlds if w.gap > 0] or worlds
    median = float(np.median([w.gap for w in good]))
    rep = max(worlds, key=lambda w: (sum(k in w.facts for k in chosen), w.gap > 0, -abs(w.gap - median)))
    chosen = [k for k in chosen if k in rep.facts]
    return (rep, chosen) if chosen else None


def reason(state, best, other, *, seat: int, worlds=None, max_nodes: int = REASON_NODES,
           lines: str = "exact", seed: int = 0, tr=None) -> str | None:
    """Why ``best`` is better than ``other`` for the learner at ``seat``, in one or two
    sentences, or None when nothing plain can be said (the two lines differ in nothing
    these words name, or ``other`` is as good, or the search passed its limit).

    :param state: a position of one of the three games in its play, ``seat`` to move
        (a Variety, Warsaw Hearts or Armenian Durak state).
    :param best, other: two different legal cards of ``seat`` (a card or its notation,
        ``"QH"``); a bid or an Armenian Durak draw gives None.
    :param seat: the learner's seat, the player to move.
    :param worlds: None: every card of ``state`` is known to the learner (a play problem,
        an open ending, a finished deal's review), and any card may be named. Else a list
        of states the learner cannot tell from ``state`` (same observation of ``seat``,
        :func:`cardkit.analysis.sample_worlds`): only facts found in more than half of
        them are said, from one of them, and a card ``seat`` cannot see is named only in a
        condition ("(if East holds ♣ A K)").
    :param max_nodes: each line's search limit (positions).
    :param lines: ``"exact"``: after each card the solver's best line; ``"bots"``: the rule
        bots play every seat on, as the judge's playouts do early in a deal (cheap: about
        5 ms a Variety deal), the same bots (seeded from ``seed`` and the world's index)
        after both cards, so only the card differs; with ``worlds`` None the real deal is
        played on :data:`REASON_BOT_WORLDS` times and the facts said are those of most runs.
        The bots' later tricks vary from run to run, so only the decision's own trick is
        compared (who wins it, with what, the cards of value in it).
    :param seed: a whole number >= 0, the bots' seed with ``lines="bots"``.
    :param tr: None (English, each fact one sentence of its parts joined by semicolons) or a
        :func:`cardkit.i18n.translation`: the same facts in its language, each part a whole
        sentence of the catalog (cards in its letters: ``Д♥``, the ten ``10``; seats by the
        tables' names; points and tricks through ``ngettext``).
    :returns: text for a learner (cards as ``9♦``, the ten ``10``, seats by name), or None.
    :raises CardkitError: for a ``seat`` that is not the player to move, or a ``best`` or
        ``other`` that is not one of its legal actions, before any search.
    :raises StateError: for a state of another game or not in its play.
    """
    from .judge import game_of as _game_of
    _game_of(state)
    if state.phase not in ("play", "draw") or state.current_player is None:
        raise StateError(f"a reason is given for a card in the play, not in the phase {state.phase!r}")
    if not is_whole(seat) or int(seat) != state.current_player:
        raise CardkitError(f"seat {quote(seat)}: expected the seat to move ({state.current_player})")
    seat = int(seat)
    if state.phase != "play":
        return None
    b, o = _check_choice(state, best, "best"), _check_choice(state, other, "other")
    if not isinstance(b, Card) or not isinstance(o, Card) or b == o:
        return None
    from ._types import SearchLimit
    if lines not in ("exact", "bots"):
        raise CardkitError(f"lines={quote(lines)}: expected 'exact' or 'bots'")
    bots = lines == "bots"
    positions = ([state] * (REASON_BOT_WORLDS if bots else 1)) if worlds is None else list(worlds)
    if not positions:
        return None
    visible = None if worlds is None else _visible(state, seat)
    done: list[_World] = []
    ctx = None
    for i, pos in enumerate(positions):
        if pos.current_player != seat or b not in pos.legal_actions() or o not in pos.legal_actions():
            raise CardkitError("worlds: expected positions the learner cannot tell from the state, the same "
                               "seat to move with the same cards")
        c = _Ctx(pos, seat, bots)
        try:
            bs = [int(seed), len(state.history), i, 34] if bots else None
            w = _World(pos, _play_line(pos, b, seat, max_nodes, bs), _play_line(pos, o, seat, max_nodes, bs))
        except SearchLimit:
            return None
        for f in _FACTS:
            got = f(c, b, o, w.best, w.other)
            if got is not None:
                w.facts[got[0]] = got[1]
        done.append(w)
        ctx = c
    if worlds is None and not bots and done[0].gap <= 0:
        return None
    if bots:   # the bots' lines are noisy: refuse only where they show ``other`` clearly better
        gaps = np.array([w.gap for w in done], dtype=float)
        se = gaps.std(ddof=1) / np.sqrt(len(gaps)) if len(gaps) > 1 else 0.0
        if gaps.mean() + 2 * se < 0:
            return None
    picked = _pick(done, ctx, bots)
    if picked is None:
        return None
    rep, chosen = picked
    if rep.gap <= 0 and not bots:
        return None
    return _words(_Ctx(rep.state, seat), rep, chosen, visible, tr)


def _cheap(state) -> bool:
    from .judge import cards_left
    return cards_left(state) <= REASON_CARDS[_game(state)]


def _worlds(state, seat: int, seed, n: int = REASON_WORLDS) -> list:
    from .worlds import sample_worlds
    rng = np.random.default_rng([int(seed), len(state.history), 33])
    return sample_worlds(state.observation(seat), n, rng)


def hint_reason(state, best, other, *, seat: int, seed: int = 0, tr=None) -> str | None:
    """The Hint's reason: :func:`reason` over :data:`REASON_WORLDS` worlds dealt from
    ``seat``'s own view (the hidden cards of ``state`` never read) with the solver's lines,
    or, when more than :data:`REASON_CARDS` cards are left, over :data:`REASON_BOT_WORLDS`
    worlds with the rule bots' lines. None for a bid or a draw, or when nothing plain can
    be said. Same position and ``seed`` (the deal's number, a whole number >= 0), same words;
    ``tr``: the language, as :func:`reason`'s.

    :raises CardkitError: as :func:`reason`, or for a bad ``seed``.
    """
    if not (is_whole(seed) and seed >= 0):
        raise CardkitError(f"seed={quote(seed)}: expected the deal's number, a whole number >= 0")
    if state.phase != "play" or not isinstance(best, Card) or not isinstance(other, Card):
        return None
    if _cheap(state):
        return reason(state, best, other, seat=seat, worlds=_worlds(state, seat, seed), tr=tr)
    return reason(state, best, other, seat=seat, worlds=_worlds(state, seat, seed, REASON_BOT_WORLDS),
                  lines="bots", seed=seed, tr=tr)


def review_reason(state, verdict, *, seed: int = 0, tr=None) -> str | None:
    """A review item's reason, for :class:`cardkit.analysis.Verdict` ``verdict`` of the
    finished deal ``state``: with all cards known (the deal is over) between the best card
    then and the card played where that analysis found a cost (``exact_cost >= 1``); else,
    where the cost from the learner's view is clear, from worlds dealt from that view; past
    :data:`REASON_CARDS` cards left with the rule bots' lines (``reason(lines="bots")``).
    None for a bid or a draw, or when nothing plain can be said. ``tr``: the language, as
    :func:`reason`'s.

    :raises StateError: for a deal that is not over.
    :raises CardkitError: for a verdict that is not one of this deal's card decisions.
    """
    if not state.is_terminal():
        raise StateError("a review's reason is given once the deal is over")
    i = getattr(verdict, "index", None)
    if not is_whole(i) or not 0 <= i < len(state.history) or state.history[i] != getattr(verdict, "action", None):
        raise CardkitError(f"verdict {quote(verdict)}: expected a verdict of an action of this deal")
    if not isinstance(verdict.action, Card):
        return None
    pos = state._replay(state.history[:i])
    if pos.phase != "play":
        return None
    seat = pos.current_player
    cheap = _cheap(pos)
    lines = "exact" if cheap else "bots"
    if (verdict.exact_cost or 0) >= 1 and isinstance(verdict.exact_best, Card):
        return reason(pos, verdict.exact_best, verdict.action, seat=seat, lines=lines, seed=seed, tr=tr)
    if verdict.exact_cost is None and getattr(verdict, "certain", False) and verdict.cost >= 1 \
            and isinstance(verdict.best, Card):
        n = REASON_WORLDS if cheap else REASON_BOT_WORLDS
        return reason(pos, verdict.best, verdict.action, seat=seat, worlds=_worlds(pos, seat, seed, n),
                      lines=lines, seed=seed, tr=tr)
    return None

"""The judge of a play dashboard: ``Hint`` and ``How did I do?`` (issue 10 §3, issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.judge``), holding its controls and its state:

- ``Hint`` (:meth:`Judge.hint`, the dashboard's :meth:`~DealDashboard.hint`) names the best
  card, bid or draw from the learner's own view, with its expected value and its margin over
  the next best (or over the card the learner last pointed at); each position hinted counts
  once in :attr:`Judge.hints_used`, the score sheet's note for the deal (:meth:`Judge.hint_note`);
- ``How did I do?`` (:meth:`Judge.review`, the dashboard's ``review_deal``) judges every
  decision of the learner once the deal is over and lists those that cost a point or more,
  worst first, in :attr:`Judge.review_list`; a click (:meth:`Judge.jump`, ``review_jump``)
  shows one in the replay, whose commentary carries the verdicts.

The Hint and the review read one evaluator (:func:`cardkit.analysis.evaluate_decision`) and
share its store (:attr:`Judge.evaluations`), so a decision hinted is not worked out again.
The dashboard keeps its public names (``hint``, ``review_deal``, ``review_jump``,
``hint_text``, ``hints_used``, ``review_verdicts``, ``review_unsure``) as delegates to this part.
"""

from __future__ import annotations

import dataclasses
import html
import time
import zlib
from typing import Any, ClassVar

import numpy as np

from cardkit._checks import is_whole
from cardkit.cards import Card
from cardkit.errors import CardkitError, StateError, quote
from cardkit.i18n import N_
from cardkit.replay import Replay
from cardkit.wording import signed

from ._common import card_html, plain_text
from ._controls import Control
from ._try_again import PairedList

__all__ = ["Judge", "REVIEW_NODES", "EVALUATIONS_KEPT", "HINT_UNITS", "history_key", "join_notes"]

#: The Hint and How did I do? read one evaluator,
#: :func:`cardkit.analysis.evaluate_decision`, with its own settings (worlds per decision
#: :data:`cardkit.analysis.judge.DECISION_SAMPLES`, deals per contract for a bid
#: :data:`cardkit.analysis.judge.BID_SAMPLES`, no time budget) and the deal's number, so
#: for the same decision both name the same best action; a decision hinted is not worked
#: out again by the review (the page keeps each evaluation for the deal). How did I do?
#: also analyses each decision with all cards known within this many positions
#: (``exact_nodes``; a larger position gets no all-cards-known figure). A whole deal is
#: judged in about 0.1-2 s (Variety, Warsaw Hearts) to 3-7 s (Armenian Durak, about 20
#: decisions) on this project's 2-core machine under load 5-7, a hinted deal faster
#: (``python benchmarks/hint_review.py``).
REVIEW_NODES = 200_000
#: The most evaluations a page keeps for its deal (about 2.7 kB each with its key, measured
#: over 40 Variety play decisions with tracemalloc: under 3 MB in all), and the most hint
#: figures; past it the store is emptied and the review works out what it no longer finds.
EVALUATIONS_KEPT = 1000
#: What a hint's points are, by game (the units of :func:`cardkit.analysis.outcome`).
HINT_UNITS = {"variety": N_("your side's margin"), "warsaw_hearts": N_("your deal result, bonus − penalty"),
              "armenian_durak": N_("your points minus your opponent's")}



def history_key(st) -> str:
    """The position of the deal (its actions so far), as text."""
    return "|".join(str(a) for a in st.history)


def join_notes(*notes: str) -> str:
    """The notes that are not empty, joined with "; " (a score sheet's note column)."""
    return "; ".join(n for n in notes if n)


def _costly(v) -> bool:
    """Whether a verdict lists among the decisions that cost a point or more: the judge's
    own rule (``Verdict.costly``: with all cards known it cost a point or more, or from the
    learner's view a point or more and the cost is clear, over two standard errors), so the
    list and the judge's words never disagree."""
    return bool(v.costly)


def _listed_cost(v) -> tuple[float, float]:
    """How How did I do? orders its list, worst first: by the figure the item's sentence leads
    with (the cost from the learner's view; for a good choice from the view, the cost with all
    cards known), then by the other figure."""
    view, exact = float(v.cost), float(v.exact_cost or 0)
    return (view, exact) if view >= 0.05 else (exact, view)


def _unsure(v) -> bool:
    """A decision that may have cost a point or more but not clearly (a cost from the view of
    a point or more within two standard errors, and none known with all cards): How did I do?
    lists it after the clear ones, said to be not certain."""
    return not v.costly and v.cost >= 1 and v.exact_cost is None


def _signed(x: float) -> str:
    """A number of points with its sign, one decimal, the minus sign "−": "+3.2", "−0.4", "0.0"."""
    return signed(x, 1)



class Judge:
    """The Hint and How did I do? of a play dashboard (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar hint_button: ``button`` "Hint" (:meth:`hint`), enabled on the learner's turn (not
        the blind trump draw); its tooltip says why when it is not.
    :ivar review_button: ``button`` "How did I do?" (:meth:`review`), shown once the deal is over.
    :ivar review_list: ``list`` of the decisions that cost a point or more (:meth:`jump` on a
        click), in the replay pane.
    :ivar hint_text: the last hint as plain text (None before one).
    :ivar review_verdicts: the verdicts How did I do? listed as costly, worst first (None before).
    :ivar review_unsure: the verdicts it listed after them, which may have cost a point or more
        but not clearly (None before).
    :ivar hinted: the positions of this deal a hint was given for (:func:`history_key`).
    :ivar hint_cache: position -> the Hint's figures (at most :data:`EVALUATIONS_KEPT`).
    :ivar evaluations: the judge's evaluations of this deal (the Hint's and the review's store).
    :ivar pointed: the card the page last said the learner pointed at (sent with a Hint click).
    :ivar verdicts: every verdict of the deal judged last, and ``verdicts_key`` its position.
    """

    HINT_TOOLTIP: ClassVar[str] = N_("The best card (or bid, or draw) from what you can see, with how much it gains "
                                     "on average; a hint used is noted on the score sheet")

    def __init__(self, table: Any) -> None:
        self.table = table
        _ = self._
        self.hint_button = Control("button", "hint_button", description=_("Hint"), tooltip=_(self.HINT_TOOLTIP))
        self.hint_button.pointer = True  # the page sends the card the learner last pointed at
        self.review_button = Control("button", "review_button", description=_("How did I do?"), display="none",
                                     tooltip=_("Judge each of your decisions in this deal: which ones cost points, "
                                               "and what was better"))
        self.review_list = PairedList("review_list", again="review_again", display="none")
        self.hint_text: str | None = None          # the last hint, plain text
        self.review_verdicts: list | None = None   # the decisions listed by How did I do?, worst first
        self.review_unsure: list | None = None     # ... and listed after them: may have cost a point
        self.hinted: set[str] = set()              # the positions of this deal a hint was given for
        self.hint_cache: dict[str, tuple] = {}
        self.evaluations: dict = {}                # the judge's evaluations of this deal (Hint and review)
        self.pointed: str | None = None
        self.verdicts: list | None = None
        self.verdicts_key: str | None = None
        self.hint_button.on_click(lambda _b: table._safely(self.clicked))
        self.review_button.on_click(lambda _b: table._safely(self.review))
        self.review_list.on_click(lambda c: table._safely(self.jump, c.value))

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (the dashboard's ``_``)."""
        return self.table._(message, **values)

    def reset(self) -> None:
        """A new deal: no hint used, nothing judged."""
        self.hinted, self.hint_cache, self.evaluations = set(), {}, {}
        self.hint_text = None
        self.pointed = None
        self.verdicts = self.verdicts_key = self.review_verdicts = self.review_unsure = None
        self.review_list.options, self.review_list.value, self.review_list.description = [], None, ""

    def deal_base(self) -> int:
        """A number naming the deal: its seed, or (a deal loaded in the cards form) its code's CRC."""
        t = self.table
        return int(t.deal_seed) if t.deal_seed is not None else zlib.crc32(t.deal_code.encode())

    def no_hint_reason(self, st) -> str | None:
        """Why the Hint button gives nothing now (in words), or None when it does."""
        _ = self._
        if st is None:
            return _("there is no deal yet")
        if st.is_terminal():
            return _("the deal is over")
        if st.current_player != getattr(self.table, "seat", None):
            return _("it is not your turn")
        if st.phase == "trump":
            return _("the trump is drawn blind, face down: no card of the fan is better than another")
        if st.phase not in ("bidding", "play", "draw"):  # pragma: no cover - the three games have no other
            return _("nothing to decide")
        return None

    @property
    def hints_used(self) -> int:
        """How many positions of the current deal the learner asked a hint for."""
        return len(self.hinted)

    def hint_note(self) -> str:
        """The score sheet's note for the hints used in this deal: "", "hint used", "2 hints"."""
        n = self.hints_used
        return "" if n == 0 else self.table.i18n.ngettext("hint used", "{n} hints", n).format(n=n)

    def sync(self) -> None:
        st = self.table.state
        why = self.no_hint_reason(st)
        self.hint_button.disabled = why is not None
        self.hint_button.tooltip = self._(self.HINT_TOOLTIP) if why is None else self._("No hint now: {why}", why=why)
        over = st is not None and st.is_terminal()
        self.review_button.layout.display = None if over else "none"
        judged = over and self.verdicts is not None and self.verdicts_key == history_key(st)
        self.review_button.description = self._("How did I do? (judged)") if judged else self._("How did I do?")
        self.review_list.layout.display = None if judged else "none"

    def clicked(self) -> None:
        about, self.pointed = self.pointed, None
        self.hint(about=about)

    def hint(self, about=None) -> str:
        """The best action from the learner's own view, said in the status line; returns
        it as plain text (also :attr:`hint_text`).

        The figures are :func:`cardkit.analysis.evaluate_decision`'s, the evaluator How
        did I do? reads, with the deal's number: in the play (and Armenian Durak's draw)
        :func:`cardkit.analysis.estimate` from the learner's observation over a fixed
        number of deals of the hidden cards, each solved exactly where it solves
        within the judge's bound, the rest played out and the Hint says how many (no time
        budget); in Variety's bidding each legal bid in the auction as it stands
        (:func:`cardkit.analysis.judge.bid_estimate`, the Hint saying which valuation the
        best bid had). So the same position
        gives the same hint, and the review names the same best action there. The hint gives
        the best choice's expected value in points (the game's deal score from the
        learner's side: :func:`cardkit.analysis.outcome`) and how much more it gains than
        the next best, or than ``about``, the card the learner seems about to play (the
        page sends the legal card last hovered or focused), with the standard error of
        that difference; a gap not over two standard errors (the review's rule,
        :func:`cardkit.analysis.judge.cost_is_clear`) is said to be "within the noise" (or,
        when every deal agrees on a tie, "just as good in every deal"). Each position hinted
        counts once in :attr:`hints_used`, shown in the score sheet's note for the deal; the
        hint figures kept per position are emptied past :data:`EVALUATIONS_KEPT`.

        :param about: a card (or its notation, ``"QH"``) to compare with; ignored when it
            is not a legal action now.
        :raises StateError: when there is nothing to hint (no deal, the deal over, not the
            learner's turn, the blind trump draw); clicked, one status line.
        """
        st = self.table.state
        why = self.no_hint_reason(st)
        if why is not None:
            raise StateError(self._("no hint now: {why}", why=why))
        key = history_key(st)
        legal = list(st.legal_actions())
        if key not in self.hint_cache:
            if len(self.hint_cache) >= EVALUATIONS_KEPT:   # bounded like the judge's store (undo-and-hint loops)
                self.hint_cache.clear()
            if len(legal) > 1:
                self.table._message = self._("Working out a hint…")
                self.table.last_error = None
                self.table.refresh()
            self.hint_cache[key] = self.hint_figures(st, legal, key)
        rows, samples, *how = self.hint_cache[key]
        other = None
        if about is not None and not isinstance(about, (int, np.integer)):
            try:
                from cardkit.notation import parse_card
                about = about if isinstance(about, Card) else parse_card(str(about)[:8])
            except (CardkitError, ValueError):
                about = None
            other = next((r for r in rows if r[0] == about), None)
        text = self.hint_html(st, rows, samples, other, *how)
        self.hinted.add(key)
        self.table.last_error = None
        self.table._message = text
        self.hint_text = plain_text(text)
        self.table.refresh()
        return self.hint_text

    def hint_figures(self, st, legal: list, key: str) -> tuple:
        """``([(action, value, stderr of its gap to the best), ...] best first, deals, basis,
        notes)`` for the learner now: the judge's evaluation of the decision (kept for the
        review), with how it was made (:attr:`cardkit.analysis.Estimate.basis`, ``notes``)."""
        if len(legal) == 1:
            return [(legal[0], None, None)], 0, None, None
        from cardkit.analysis import evaluate_decision
        if len(self.evaluations) >= EVALUATIONS_KEPT:   # undo and hint, again and again: memory stays bounded
            self.evaluations.clear()
        est = evaluate_decision(st, seed=self.deal_base(), cache=self.evaluations)
        best = est.best
        # each action with its value and the standard error of its gap to the best (paired
        # over the same deals, as the review states it)
        return ([(a, est.values[a], est.gap_stderr(best, a)) for a in est.ranked()], est.samples, est.basis,
                est.notes)

    def action_words(self, st, a, *, short: bool = False) -> str:
        """An action for the learner, HTML: "play Q♥" / "Q♥", "bid 3 (♥ trumps)", "take the
        face-down card of stack 4", "don't draw"."""
        _ = self._
        if isinstance(a, Card):
            return card_html(a) if short else _("play {card}", card=card_html(a))
        if isinstance(a, (int, np.integer)):
            if short:
                return _("bid {n}", n=int(a))
            from cardkit.games import variety
            c = variety.contracts(st.rules)[int(a)]
            trumps = getattr(self.table, "_trump_words", None)
            trump = html.escape(trumps(int(a)) if trumps is not None else c.trump_name)
            return (_("bid {n} ({trumps}, lowest wins)", n=int(a), trumps=trump) if c.lowest_wins else
                    _("bid {n} ({trumps})", n=int(a), trumps=trump))
        stack: Any = getattr(a, "stack", "?")
        if stack is None:
            return _("not drawing") if short else _("don't draw")
        return (_("stack {n}'s face-down card", n=stack + 1) if short else
                _("take the face-down card of stack {n}", n=stack + 1))

    def hint_html(self, st, rows, samples: int, other, basis=None, notes=None) -> str:
        _ = self._
        best, value, _sd = rows[0]
        what = self.action_words(st, best)
        if value is None:
            return _("<b>Hint:</b> {what}: it is your only choice.", what=what)
        unit = _(HINT_UNITS.get(self.table.GAME, N_("your points")))
        after = ""   # another language: the best bid's valuation, its own sentence after the Hint's
        if st.phase == "bidding":   # issue 31: which of the two valuations the best bid had
            unit = _("your side's margin")
            if notes and best in notes:
                if self.table.lang == "en":
                    unit += f"; {html.escape(notes[best])}"
                else:
                    from cardkit.analysis.judge import valuation_words
                    after = " " + html.escape(valuation_words(notes[best], self.table.i18n))
        if other is not None and other[0] == best:
            what = _("{what} (the card you pointed at)", what=what)
            other = None
        if other is None:
            other = rows[1]
            than = _("the next best, {action}", action=self.action_words(st, other[0], short=True))
        else:
            than = _("{action}, the card you pointed at", action=self.action_words(st, other[0], short=True))
        from cardkit.analysis.judge import cost_is_clear  # the review's rule: over two standard errors
        gap = value - other[1]
        pm = other[2]   # the standard error of this gap (the best's own row holds 0)
        clear = cost_is_clear(gap, pm)
        noise = ("" if clear else _(": just as good in every deal") if pm == 0
                 else _(": not certain, within the noise, so about as good; a difference is clear only beyond "
                        "twice its ±"))
        # a gap within the noise is said as the review says it, "about …, not certain", never as
        # a plain gain beside "about as good" (the new-learner pass read that as a contradiction)
        more = (_("{gap} more than {than}", gap=f"{gap:.1f}", than=than) if clear or pm == 0 else
                _("about {gap} more than {than}", gap=f"{gap:.1f}", than=than))
        if basis:   # "from 24 deals solved exactly"
            if self.table.lang != "en":
                from cardkit.analysis.judge import valuation_words
                basis = valuation_words(basis, self.table.i18n, phrase=True)
            source = html.escape(basis)
        elif st.phase != "bidding":
            source = self.table.i18n.ngettext("from {n} deals of the cards you cannot see",
                                        "from {n} deals of the cards you cannot see", samples).format(n=samples)
        else:
            source = self.table.i18n.ngettext("from {n} deals of the other hands",
                                        "from {n} deals of the other hands", samples).format(n=samples)
        if gap == 0 and pm == 0:   # a tie in every deal: not "0.0 more than …, 9♦ (± 0.0: just as good …)"
            return _("<b>Hint:</b> {what}: {value} points on average ({unit}), just as good as {than}, in every "
                     "deal: either will do <small>— {source}</small>.", what=what, value=_signed(value), unit=unit,
                     than=than, source=source) + after
        return (_("<b>Hint:</b> {what}: {value} points on average ({unit}), {more} (± {pm}{noise}) "
                  "<small>— {source}</small>.", what=what, value=_signed(value), unit=unit, more=more,
                  pm=f"{pm:.1f}", noise=noise, source=source) + after
                + (self.hint_reason(st, best, other[0]) if clear else ""))

    def hint_reason(self, st, best, other) -> str:
        """The Hint's " Why: …": the reason in words for the best card against ``other`` (issue 33:
        :func:`cardkit.analysis.reasons.hint_reason`, from worlds dealt from the learner's
        view: the solver's lines late in a deal, :data:`cardkit.analysis.reasons.REASON_CARDS`,
        the rule bots' lines before), HTML; "" when none."""
        from cardkit.analysis.reasons import hint_reason
        try:
            why = hint_reason(st, best, other, seat=self.table.seat, seed=self.deal_base(),
                              tr=None if self.table.lang == "en" else self.table.i18n)
        except CardkitError:   # never stops the Hint: its figures stand alone
            why = None
        return " <br>" + self._("<b>Why:</b> {why}", why=html.escape(why)) if why else ""

    def decisions(self, st) -> list[int]:
        """The learner's decisions in ``st``'s history (indices): the positions where the
        learner had more than one legal choice, as :func:`cardkit.analysis.review` judges them."""
        out = []
        cur = st._restart()
        for i, a in enumerate(st.history):
            if cur.current_player == self.table.seat and cur.phase in ("bidding", "play", "draw") \
                    and len(cur.legal_actions()) > 1:
                out.append(i)
            cur.apply_action(a)
        return out

    def review(self) -> list:
        """How did I do?: judge every decision of the learner in the finished deal
        (:func:`cardkit.analysis.review`: each decision by the Hint's evaluator,
        :func:`cardkit.analysis.evaluate_decision` with the deal's number, a hinted one
        read from the page's store; with all cards known where a position solves within
        :data:`REVIEW_NODES` positions), behind a progress line ("Judging your 13
        decisions…"). Lists the decisions that cost a point or more (the judge's
        ``Verdict.costly``: ``exact_cost >= 1`` with all cards known, or ``cost >= 1`` from
        the learner's view when it is over two standard errors: a cost within the noise
        is not listed), worst first
        (by the larger of the two), each with its cost and the better choice, in
        :attr:`review_list` (a click: :meth:`review_jump`); says so when none did. The
        replay is opened and its commentary carries every verdict ("Judge: …").

        :returns: the verdicts listed (:class:`cardkit.analysis.Verdict`), also
            :attr:`review_verdicts`.
        :raises StateError: before a deal or while the deal is not over.
        """
        st = self.table.state
        if st is None:
            raise StateError(self._("no deal yet: press New deal"))
        if not st.is_terminal():
            raise StateError(self._("How did I do? judges a finished deal: play this one to the end first"))
        key = history_key(st)
        decisions = self.decisions(st)
        n = len(decisions)
        if self.verdicts is None or self.verdicts_key != key:
            from cardkit.analysis import review

            t0 = time.perf_counter()
            last = [t0]

            def progress(done, _total):
                now = time.perf_counter()
                if now - t0 < 1.0 or now - last[0] < 0.25:
                    return
                last[0] = now
                try:
                    self.table._message = self.judging_html(n, sum(1 for i in decisions if i < done))
                    self.table.refresh()
                except Exception:  # noqa: BLE001 - a progress line must never stop the judging
                    pass

            self.table.last_error = None
            self.table._message = self.judging_html(n, None)
            self.table.refresh()
            verdicts = review(st, self.table.seat, seed=self.deal_base(), progress=progress,
                              exact_nodes=REVIEW_NODES, cache=self.evaluations)
            self.verdicts = [dataclasses.replace(v, text=self.verdict_words(st, v)) for v in verdicts]
            self.verdicts_key = key
        bad = sorted((v for v in self.verdicts if _costly(v)), key=_listed_cost, reverse=True)
        unsure = sorted((v for v in self.verdicts if _unsure(v)), key=_listed_cost, reverse=True)
        self.review_verdicts = bad
        self.review_unsure = unsure
        replay = self.table.replay if self.table.replay is not None else self.table.replayer.new(st)
        replay.add_verdicts(self.verdicts)
        if self.table.replay is None:
            replay.seek(len(replay))
            self.table.replay = replay
            self.table.replayer.set_toggle(True)
        self.review_list.options = [(f"{self.where(replay, v)}: {plain_text(v.text)}", v.index)
                                    for v in bad + unsure]
        self.review_list.value = None

        u = len(unsure)
        if bad:
            if unsure:
                self.review_list.description = self._(
                    "The decisions that cost you a point or more, worst first ({bad} of your {n}), then {u} that "
                    "may have (not certain: within the noise of the sampled deals); click one to see it in the "
                    "replay:", bad=len(bad), n=n, u=u)
                self.table._message = self.table.i18n.ngettext(
                    "<b>How did you do?</b> {bad} of your {n} decision cost a point or more, and {u} more may have "
                    "(not certain): the list is under the replay, worst first.",
                    "<b>How did you do?</b> {bad} of your {n} decisions cost a point or more, and {u} more may have "
                    "(not certain): the list is under the replay, worst first.", n).format(bad=len(bad), n=n, u=u)
            else:
                self.review_list.description = self._(
                    "The decisions that cost you a point or more, worst first ({bad} of your {n}); click one to see "
                    "it in the replay:", bad=len(bad), n=n)
                self.table._message = self.table.i18n.ngettext(
                    "<b>How did you do?</b> {bad} of your {n} decision cost a point or more: the list is under the "
                    "replay, worst first.",
                    "<b>How did you do?</b> {bad} of your {n} decisions cost a point or more: the list is under the "
                    "replay, worst first.", n).format(bad=len(bad), n=n)
        elif unsure:
            self.review_list.description = self._(
                "No decision clearly cost you a point (all {n} judged); {u} may have (not certain: within the noise "
                "of the sampled deals); click one to see it in the replay:", n=n, u=u)
            self.table._message = self.table.i18n.ngettext(
                "<b>How did you do?</b> No decision clearly cost you a point ({n} decision judged); {u} may have "
                "(not certain): the list is under the replay.",
                "<b>How did you do?</b> No decision clearly cost you a point ({n} decisions judged); {u} may have "
                "(not certain): the list is under the replay.", n).format(n=n, u=u)
        else:
            self.review_list.description = self._(
                "No decision cost you a point (all {n} judged); the replay's commentary gives the verdict on each.",
                n=n)
            self.table._message = self.table.i18n.ngettext(
                "<b>How did you do?</b> No decision cost you a point ({n} decision judged). Well played.",
                "<b>How did you do?</b> No decision cost you a point ({n} decisions judged). Well played.",
                n).format(n=n)
        self.table.refresh()
        return list(bad)

    def judging_html(self, n: int, done: int | None) -> str:
        head = self.table.i18n.ngettext("Judging your {n} decision…", "Judging your {n} decisions…", n).format(n=n)
        if done is None:
            return head
        return (f"{head} <progress max='{max(n, 1)}' value='{done}'></progress> "
                + self._("{done} of {n} judged", done=done, n=n))

    def where(self, replay: Replay, v) -> str:
        """Where a judged decision was: "Bidding", "Trick 5", "Trick 5, the draw"."""
        before = replay.state_at(v.index)
        if before.phase == "bidding":
            return self._("Bidding")
        if before.phase == "draw":
            played = replay.state_at(max(v.index - 1, 0))
            return self._("Trick {n}, the draw", n=len(played.completed_tricks) + 1)
        return self._("Trick {n}", n=len(before.completed_tricks) + 1)

    def verdict_words(self, st, v) -> str:
        """The verdict's sentence (the judge's, for cards), with a bid ("bid 7") and an
        Armenian Durak draw said in words (the judge writes the notation ``draw 3`` for
        the stack numbered 4 on the page)."""
        from cardkit.analysis.judge import verdict_text  # the judge's sentence, the page's words for actions
        tr = None if self.table.lang == "en" else self.table.i18n
        if all(isinstance(x, Card) or x is None for x in (v.action, v.best, v.exact_best)):
            if tr is None:
                return v.text + self.verdict_reason(st, v)
            # another language: the verdict's sentences in it, the cards in its letters
            return verdict_text(v, tr=tr) + self.verdict_reason(st, v)

        def name(a) -> str:
            return plain_text(self.action_words(st, a, short=True)) if a is not None else ""

        return verdict_text(v, name=name, tr=tr)

    def verdict_reason(self, st, v) -> str:
        """A review item's ". Why: …" for a listed card decision (issue 33: :func:`cardkit.analysis.reasons.
        review_reason`, all cards known once the deal is over), "" when none."""
        if not _costly(v):
            return ""
        from cardkit.analysis.reasons import review_reason
        try:
            why = review_reason(st, v, seed=self.deal_base(), tr=None if self.table.lang == "en" else self.table.i18n)
        except CardkitError:   # never stops the review: its figures stand alone
            why = None
        if not why:
            return ""
        # the reason is about the best card with all cards known: say so where the verdict
        # named another card as better from the learner's view
        known = (v.exact_cost or 0) >= 1 and v.exact_best is not None and v.exact_best != v.best
        if self.table.lang == "en":
            return f". Why, with all cards known: {why}" if known else f". Why: {why}"
        if known:
            return " " + self._("Why, with all cards known: {why}", why=why)
        return " " + self._("Why: {why}", why=why)

    def jump(self, index: int) -> None:
        """Show the judged decision at ``index`` (its place in the deal's history: a
        :class:`~cardkit.analysis.Verdict`'s ``index``) in the replay: the position just
        after it, with its commentary and the judge's verdict.

        :raises StateError: when the deal is not over or ``index`` is not an action of it.
        """
        st = self.table.state
        if st is None or not st.is_terminal():
            raise StateError(self._("the replay of a judged decision needs a finished deal"))
        if self.table.replay is None:
            self.table.replay = self.table.replayer.new(st)
            self.table.replayer.set_toggle(True)
        if not is_whole(index) or not 0 <= index < len(self.table.replay):
            raise StateError(self._("decision {index}: not an action of this deal", index=quote(index)))
        self.table.replay.seek(int(index) + 1)
        self.review_list.value = int(index)
        self.table._message = ""
        self.table.refresh()

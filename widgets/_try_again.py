"""Try it again (issue 33): from a judged decision of a finished deal, back to that
decision, to play it another way and see the new result.

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.again``). Each item of How did I do?'s list gets a ``Try it again`` button
beside it (the page draws the control :attr:`TryAgain.control`, a ``list`` whose options
mirror the review list's, as a second button on each row). A click:

- takes a copy of the finished deal back to the moment before that decision (the same
  cards, the same actions up to there: the bots' choices are the ones they made), with
  the learner to act;
- marks the copy as practice: it is never recorded (the score sheet keeps the first
  result; the dashboard's ``_record`` and ``_unrecord`` leave the game alone while a try
  is played), undo works in it even in a scored game, and one line says so;
- once the copy's deal is over, the status line compares the results, from the learner's
  side in the game's points (:func:`cardkit.analysis.judge.outcome`): "Tried again from
  trick 5 (practice, not scored): this time +4, first time −8." How did I do? then judges
  the try.

``New deal``, ``Load`` or another board end the try (the finished deal stays as it was
recorded). The game's own record (:attr:`DealDashboard.game`) is never changed by a try:
the dashboard reads :attr:`TryAgain.state` as its current deal while a try is played.
"""

from __future__ import annotations

from typing import Any

from cardkit._checks import is_whole
from cardkit.errors import StateError, quote
from cardkit.i18n import N_
from cardkit.wording import signed

from ._controls import Control

__all__ = ["TryAgain", "PairedList"]

#: The words on each review item's second button.
AGAIN_WORDS = N_("Try it again")


class PairedList(Control):
    """A ``list`` control whose rows carry a second button: the items of the ``list``
    control named ``again`` (same order), drawn beside them by the card table's page
    (How did I do?'s list and its ``Try it again`` buttons). Its JSON adds ``"again"``,
    that control's name."""

    def __init__(self, name: str, *, again: str, **kwargs: Any) -> None:
        super().__init__("list", name, **kwargs)
        self.again = again

    def to_json(self) -> dict:
        out = super().to_json()
        out["again"] = self.again
        return out


class TryAgain:
    """The Try it again part of a play dashboard (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar control: the ``list`` control ``review_again`` (one option per review item,
        value the decision's index in the deal's history).
    :ivar state: the practice copy being played (None when no try is on).
    :ivar first_result: the first (recorded) result of the deal, from the learner's side,
        in points (None when no try is on).
    :ivar result: the try's result once its deal is over, else None.
    :ivar where: where the try started, in words ("trick 5", "the bidding").
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        self.control = Control("list", "review_again", display="none",
                               description=self._("Try a decision again (practice: not scored)"))
        self.control.on_click(lambda c: table._safely(self.start, c.value))
        self.state: Any = None
        #: the history length the try starts from (the decision tried, or an earlier one undone to)
        self.start_at = 0
        self.first_result: int | None = None
        self.result: int | None = None
        self.where = ""

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (its ``_``; English for a table without one)."""
        tr = getattr(self.table, "_", None)
        if tr is not None:
            return tr(message, **values)
        return message.format(**values) if values else message

    @property
    def on(self) -> bool:
        """Whether a try is being played (or has just ended and is shown)."""
        return self.state is not None

    def stop(self) -> None:
        """Leave the try (a new deal, a code loaded): the dashboard's deal is the game's again."""
        self.state = None
        self.first_result = self.result = None
        self.where = ""

    def sync(self) -> None:
        """The buttons follow How did I do?'s list: one ``Try it again`` per item, shown
        with it (called on every refresh)."""
        items = self.table.review_list
        self.control.options = [(self._("Try it again: {what}", what=label.split(":")[0]), v)
                                for label, v in items.options]
        self.control.layout.display = items.layout.display if items.options else "none"
        self.control.disabled = bool(items.disabled)

    def start(self, index) -> None:
        """Back to the moment before the learner's decision at ``index`` (its place in the
        finished deal's history: a verdict's ``index``, a review item's value), on a copy
        played as practice.

        :raises StateError: while the deal is not over, or for an ``index`` that is not one
            of the learner's decisions in it (quoted); nothing changes.
        """
        t = self.table
        st = t.state
        if st is None or not st.is_terminal():
            raise StateError(self._("Try it again starts from a finished deal: play this one to the end first"))
        if not is_whole(index) or int(index) not in t.judge.decisions(st):
            raise StateError(self._("decision {index}: not one of your decisions in this deal", index=quote(index)))
        index = int(index)
        from cardkit.analysis.judge import outcome

        first = self.first_result if self.on else outcome(st, t.seat)
        copy = st.clone()
        copy.undo_to(index)
        t._close_replay()
        self.where, self.start_at = self.place(copy), index
        self.state, self.first_result, self.result = copy, first, None
        t._play(copy)   # the table's session: undo goes back to each of the learner's decisions before it
        t._undone(index)  # a game's own bookkeeping after that point (Variety's bidding remarks)
        t.last_error = None
        t.judge.pointed = None
        t.last_trick.value = False
        t._message = self._("<b>Try it again</b>: back to {where}, before your decision, with the same cards and "
                            "the same play up to there.", where=self.where)
        t.refresh()

    def place(self, st) -> str:
        """Where a position is, in words (the table's language): "the bidding", "trick 5",
        "trick 5, the draw", "the trump draw"."""
        if st.phase == "bidding":
            return self._("the bidding")
        if st.phase == "trump":
            return self._("the trump draw")
        n = len(st.completed_tricks) + (1 if st.phase != "draw" else 0)
        return self._("trick {n}, the draw", n=max(n, 1)) if st.phase == "draw" else self._("trick {n}", n=n)

    def undone(self, n: int) -> None:
        """Undo in the try went back to history length ``n``: before the decision tried, the try
        now starts there (the status line and the result's line name that place)."""
        if self.state is not None and n < self.start_at:
            self.where, self.start_at, self.result = self.place(self.state), n, None

    def finished(self, st) -> None:
        """The try's deal is over: keep its result (nothing is recorded)."""
        from cardkit.analysis.judge import outcome

        self.result = outcome(st, self.table.seat)

    def status_words(self) -> str:
        """The status line's words about the try ("" when none is on)."""
        if not self.on:
            return ""
        if self.state is not None and self.state.is_terminal() and self.result is None:
            self.finished(self.state)
        if self.result is None:
            return self._("Practice: trying again from {where}; not scored, the score sheet keeps your first result.",
                          where=self.where)
        from ._judge import HINT_UNITS

        if self.table.GAME == "variety":   # not the declarers' and defenders' trick points of the line beside it
            unit = self._("your side's margin: your score this deal minus an opponent's")
        else:
            unit = self._(HINT_UNITS.get(self.table.GAME, N_("your points")))
        return self._("Tried again from {where} (practice, not scored): this time {now}, first time {first} "
                      "({unit}).", where=self.where, now=signed(self.result), first=signed(self.first_result or 0),
                      unit=unit)

    def played_deal_text(self) -> str:
        """The deal as played, as a deal set of one board (``Download this deal``; the
        dashboard's ``played_deal_text``, :meth:`BoardSteps.played_deal_text`): the deal as the
        game recorded it, never a practice try of it, which a learner could otherwise hand in
        as played.

        :raises CardkitError: before the first deal.
        """
        from ._boards import BoardSteps

        try_state, self.state = self.state, None
        try:
            return BoardSteps.played_deal_text(self.table)
        finally:
            self.state = try_state

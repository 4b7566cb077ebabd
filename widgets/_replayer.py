"""The replay of a play dashboard: ◀◀ ◀ ▶ ▶▶ through the deal so far, with commentary (issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.replayer``), holding its controls and the :class:`cardkit.replay.Replay` shown
(:attr:`Replayer.replay`, the dashboard's ``replay``). The ``Replay`` toggle opens it at the
end of the deal so far; the pane's buttons step it (:meth:`Replayer.step`, the dashboard's
``replay_step``) and the table above shows the position reached. The commentary is written
for the learner's eyes (``Replay(state, viewer=seat)``): while the deal is not over another
seat's card is described from public facts only; with ``show_all_hands`` on it is written
for someone who sees every hand (``viewer=ALL``), and it follows the toggle. When How did I
do? has judged the deal, its commentary carries the verdicts.

The dashboard keeps its names (``replay``, ``open_replay``, ``replay_step``, ``replay_lines``,
``_new_replay``, ``_close_replay``, ``_set_replay_toggle``) as delegates to this part.
"""

from __future__ import annotations

import html
from typing import Any

from cardkit.errors import CardkitError, StateError, quote
from cardkit.replay import ALL, Replay

from ._common import learner_words
from ._controls import Control
from ._judge import history_key

__all__ = ["Replayer"]


class Replayer:
    """The replay pane of a play dashboard (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar replay: the :class:`cardkit.replay.Replay` shown, or None when the replay is off.
    :ivar button: the ``toggle`` "Replay: on/off" (the dashboard's ``replay_button``).
    :ivar back_trick, back, forward, forward_trick: the pane's ``button`` s (``replay_back_trick`` ...).
    :ivar info, commentary: ``html``: where the replay is, and the commentary of the action just replayed.
    :ivar pane: ``html``, shown while the replay is on (``replay_pane``).
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        _ = table._
        self.replay: Replay | None = None
        self.syncing = False   # the toggle set from code (not the learner's click)
        self.button = Control("toggle", "replay_button", value=False, description=_("Replay: off"),
                              tooltip=_("Go through the deal so far, card by card, with commentary"))
        steps = _(table.REPLAY_STEP_WORDS)
        self.back_trick = Control("button", "replay_back_trick", description=_("◀◀ trick"),
                                  tooltip=_("Back to the end of the previous trick"))
        self.back = Control("button", "replay_back", description=_("◀ card"),
                            tooltip=_("Back one step ({steps})", steps=steps))
        self.forward = Control("button", "replay_forward", description=_("card ▶"),
                               tooltip=_("Forward one step ({steps})", steps=steps))
        self.forward_trick = Control("button", "replay_forward_trick", description=_("trick ▶▶"),
                                     tooltip=_("Forward to the end of the trick"))
        self.info = Control("html", "replay_info")
        self.commentary = Control("html", "replay_commentary")
        self.pane = Control("html", "replay_pane", display="none")
        self.button.observe(self.toggled, names="value")
        self.back.on_click(lambda _b: table._safely(self.step, "back"))
        self.forward.on_click(lambda _b: table._safely(self.step, "forward"))
        self.back_trick.on_click(lambda _b: table._safely(self.step, "back_trick"))
        self.forward_trick.on_click(lambda _b: table._safely(self.step, "forward_trick"))

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (the dashboard's ``_``)."""
        return self.table._(message, **values)


    def open(self, position: int | None = None) -> None:
        """Show the replay of the deal so far at ``position`` (default: the end).

        :raises StateError: before a deal, or for a position outside the deal.
        """
        st = self.table.state
        if st is None:
            raise StateError(self._("no deal yet: press New deal"))
        replay = self.new(st)
        replay.seek(len(replay) if position is None else position)
        self.replay = replay
        self.set_toggle(True)
        self.table.refresh()

    def viewer(self) -> int | str | None:
        """Whose eyes the replay's commentary is written for (:class:`cardkit.replay.Replay`'s
        ``viewer``): everyone's (:data:`cardkit.replay.ALL`) while all hands are shown,
        else the learner's seat (None for a table without one). So while the deal is not
        over, another seat's card is described from public facts only ("does not follow
        ♥: discards"), never "the only legal card" or "holds no trump"."""
        return ALL if self.table.show_all_hands else getattr(self.table, "seat", None)

    def follow_show_all_hands(self) -> None:
        if self.replay is not None:
            self.replay.viewer = self.viewer()
        self.table.refresh()

    def step(self, how: str) -> list[str]:
        """Step the replay: ``"forward"``, ``"back"`` (one action), ``"forward_trick"``,
        ``"back_trick"``; returns the commentary passed (see :class:`Replay`).

        :raises StateError: when the replay is off or at that end of the deal.
        :raises CardkitError: for any other ``how`` (the replay is left where it was).
        """
        steps = ("forward", "back", "forward_trick", "back_trick")
        if not isinstance(how, str) or how not in steps:
            raise CardkitError(f"replay step {quote(how)}: expected one of {', '.join(map(repr, steps))}")
        if self.replay is None:
            raise StateError("the replay is off: press Replay")
        lines = getattr(self.replay, how)()
        self.table.refresh()
        return lines

    @property
    def lines(self) -> list[str]:
        """The commentary shown: the lines of the action just replayed ([] at the start)."""
        r = self.replay
        if r is None or r.position == 0:
            return []
        return list(r.lines[r.position - 1])

    def toggled(self, change) -> None:
        if self.syncing:
            return
        if change["new"]:
            self.table._safely(self.open)
        else:
            self.replay = None
            self.table._safely(self.table.refresh)

    def set_toggle(self, value: bool) -> None:
        self.syncing = True
        try:
            self.button.value = value
        finally:
            self.syncing = False

    def close(self) -> None:
        self.replay = None
        self.set_toggle(False)

    def sync(self) -> None:
        r = self.replay
        self.button.description = self._("Replay: on") if r is not None else self._("Replay: off")
        st = self.table.state
        self.button.disabled = st is None or (not st.history and r is None)
        if r is None:
            self.pane.layout.display = "none"
            return
        self.pane.layout.display = None
        at = r.state
        done = len(at.completed_tricks)
        self.info.value = self.table.i18n.ngettext(
            "<b>Replay</b>: step {step} of {steps}, {n} trick finished; the table above shows this position "
            "<small>(Replay: on → off goes back to the game)</small>",
            "<b>Replay</b>: step {step} of {steps}, {n} tricks finished; the table above shows this position "
            "<small>(Replay: on → off goes back to the game)</small>", done).format(step=r.position, steps=len(r),
                                                                                    n=done)
        lines = self.lines
        self.commentary.value = ("<br>".join(html.escape(learner_words(x)) for x in lines) if lines else
                                        self._("<i>The start of the deal: nothing played yet.</i>"))
        self.back.disabled = self.back_trick.disabled = r.position == 0
        self.forward.disabled = self.forward_trick.disabled = r.position == len(r)

    def new(self, st) -> Replay:
        """The replay of ``st`` for the learner's eyes, with the judge's verdicts when How
        did I do? has judged this very deal."""
        replay = Replay(st, viewer=self.viewer(), names=self.table.names, lang=self.table.lang)
        judge = self.table.judge
        if judge.verdicts is not None and judge.verdicts_key == history_key(st):
            replay.add_verdicts(judge.verdicts)
        return replay

"""What a play dashboard's table shows: every hand, the last trick (issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.showing``), holding the ``Show all hands`` toggle (linked both ways with the
dashboard's ``show_all_hands`` trait; disabled in a scored game) and the ``Last trick``
toggle, and saying from them what the table draws: the other players' cards
(:meth:`Showing.others`) and the last finished trick instead of the current one
(:meth:`Showing.last_trick_shown`, with its note). The dashboard keeps its names
(``_show_others``, ``_show_last_trick``, ``_last_trick_note``) as delegates.
"""

from __future__ import annotations

from typing import Any

from ._controls import Control

__all__ = ["Showing"]


class Showing:
    """What the table shows (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar show_hands: ``toggle`` "Show all hands: on/off" (the dashboard's ``show_hands``).
    :ivar last_trick: ``toggle`` "Last trick: on/off" (the dashboard's ``last_trick``).
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        _ = table._
        self.show_hands = Control("toggle", "show_hands", value=False, description=_("Show all hands: off"),
                                  tooltip=_("Show every player's cards (practice)"))
        self.last_trick = Control("toggle", "last_trick", value=False, description=_("Last trick: off"),
                                  tooltip=_("Show the last finished trick instead of the current one"))
        self.last_trick.observe(lambda _c: table._safely(table.refresh), names="value")

    def others(self, live: bool) -> bool:
        """Whether the other players' cards are shown: the toggle, or a replay of a
        finished deal."""
        st = self.table.state
        return self.table.show_all_hands or (not live and st is not None and st.is_terminal())

    def last_trick_shown(self, st, live: bool) -> bool:
        """Whether the trick table shows the last finished trick: the toggle, or a replay
        position just after a trick (so ◀◀ and ▶▶ land on a complete trick)."""
        if self.last_trick.value:
            return True
        if live or st.is_terminal() or not st.completed_tricks:
            return False
        open_trick = st.tricks[-1] if st.tricks and st.tricks[-1].winner is None else None
        return open_trick is None or not open_trick.cards

    def last_trick_note(self, st, live: bool) -> str:
        """The note under the trick table's heading when it shows a finished trick
        (:meth:`last_trick_shown`): why that trick is shown."""
        _ = self.table._
        if live:
            return _("(last trick, shown on request)")
        open_trick = st.tricks[-1] if st.tricks and st.tricks[-1].winner is None else None
        if open_trick is None or not open_trick.cards:
            return _("(the trick just finished)")
        return _("(the last trick finished by this point of the replay)")

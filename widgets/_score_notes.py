"""The score sheet's notes of a play dashboard: the hints used in each recorded deal (issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.score_notes``): the notes of the current game's recorded deals, by deal index
(a new game starts with none), and the default score sheet (``dashboard.scores``, a
:class:`~cardkit_widgets.scores.ScoreSheet`) redrawn from the game's rows, each noted with
the dashboard's ``_deal_note`` and the hints used. The dashboard keeps its names
(``_notes_by_game``; ``_show_scores``, which a dashboard with other sheets overrides) as
delegates.
"""

from __future__ import annotations

from typing import Any

from ._judge import join_notes

__all__ = ["ScoreNotes"]


class ScoreNotes:
    """The notes of the recorded deals (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar game: the game the notes are of (None before the first).
    :ivar notes: deal index -> the note ("hint used", "2 hints").
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        self.game: Any = None
        self.notes: dict[int, str] = {}

    def notes_by_game(self, game) -> dict[int, str]:
        """The hints used in ``game``'s recorded deals (the score sheet's notes), by deal
        index; a new game starts with none."""
        if self.game is not game:
            self.game = game
            self.notes = {}
        return self.notes

    def show(self) -> None:
        """Redraw the score sheet (the dashboard's ``scores``) from its game's rows, each noted
        with the dashboard's ``_deal_note`` and the hints used (called on every refresh, after a
        row is recorded or taken back, and for a new game; redrawn only when something differs)."""
        t = self.table
        g = t.game
        hints = self.notes_by_game(g)
        notes = [join_notes(t._deal_note(st), hints.get(i, "")) for i, st in enumerate(g.deals[:len(g.scores)])]
        t.scores.set_rows(g.scores, notes=notes)

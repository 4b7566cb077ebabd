"""Playing a deal with bots, without any UI: the bot loop and the learner's undo marks.

One bot loop, :func:`cardkit.core.bots.run_bots` (re-exported here), serves every place
that lets bots act: :func:`cardkit.core.bots.play_out` (bots
in every seat), :meth:`cardkit.series.DealSeries.play_deal` (a game's deals) and the play
dashboards (``cardkit_widgets``: the bots act until the learner's turn). Each bot acts
from its own seat's observation only (STYLE.md rule 6). :class:`UndoMarks` keeps the
positions a learner may go back to and takes the deal back there in one step
(:meth:`~cardkit.state.TrickGameState.undo_to`: snapshots popped, nothing replayed),
taking a finished deal's recorded row back first.

Nothing here imports a UI (STYLE.md rule 1); a dashboard passes its drawing as the
``before`` hook (an expert bot "thinking…").
"""

from __future__ import annotations

from collections.abc import Callable

from ._checks import is_whole
from .bots import run_bots
from .errors import StateError, quote

__all__ = ["run_bots", "UndoMarks"]


class UndoMarks:
    """The positions a learner may go back to in one deal: the length of the deal's
    history just before each of the learner's decisions (python-chess's move stack,
    counted in the learner's decisions rather than in actions).

    >>> from cardkit.games import variety
    >>> state = variety.new_deal(seed=1)
    >>> marks = UndoMarks()
    >>> marks.mark(state); state.apply_action(state.legal_actions()[0])
    >>> state.apply_action(state.legal_actions()[0])           # a bot's bid after it
    >>> marks.undo(state), len(state.history)
    (0, 0)
    """

    def __init__(self) -> None:
        self._marks: list[int] = []

    def mark(self, state, at: int | None = None) -> None:
        """Remember ``state``'s position now (call just before the learner's action), or
        the position ``at`` (a history length, e.g. taken before the action was applied).

        :raises StateError: for an ``at`` beyond the deal's history.
        """
        n = len(state.history) if at is None else at
        if not is_whole(n) or not 0 <= n <= len(state.history):
            raise StateError(f"mark at {quote(n)}: expected a history length 0..{len(state.history)}")
        self._marks.append(n)

    def drop_last(self) -> None:
        """Forget the last mark (the learner's action was refused after all)."""
        if self._marks:
            self._marks.pop()

    def clear(self) -> None:
        """A new deal: nothing to go back to."""
        self._marks.clear()

    def __len__(self) -> int:
        return len(self._marks)

    def __bool__(self) -> bool:
        return bool(self._marks)

    @property
    def positions(self) -> list[int]:
        """The marks, oldest first (history lengths)."""
        return list(self._marks)

    def undo(self, state, unrecord: Callable[[], None] | None = None) -> int:
        """Take ``state`` back to the last mark: the learner's last decision and every bot
        action after it, in one step (:meth:`~cardkit.state.TrickGameState.undo_to`). A
        finished deal first has its recorded row taken back (``unrecord()``).

        :returns: the history length gone back to.
        :raises StateError: when there is no mark (the learner has not acted in this deal),
            or the mark lies beyond the deal's history (the state is then unchanged).
        """
        if not self._marks:
            raise StateError("nothing to undo: you have not acted in this deal yet")
        n = self._marks[-1]
        if n > len(state.history):
            raise StateError(f"the mark at action {n} lies beyond this deal's {len(state.history)} actions")
        if unrecord is not None and state.is_terminal():
            unrecord()
        state.undo_to(n)
        self._marks.pop()
        return n

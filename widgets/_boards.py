"""A set of boards at a play table, and a played deal to download (issue 22).

:class:`BoardSteps` is a part of :class:`~cardkit_widgets._dashboard.DealDashboard`: a
teacher (or a lesson) gives the table a deal set (:mod:`cardkit.deal_sets`: its text, or a
list of deal codes) with :meth:`BoardSteps.load_deals`; the table deals board 1 and shows
``◀ Previous board``, ``Board 1 of 3`` and ``Next board ▶`` in its first row, each
board dealt as its code deals it (:meth:`DealDashboard.load_code`). ``Download this deal``
(a link in the first row, shown once a deal is over) saves the deal as played, in the deal
set format (one board), so a learner can keep it or hand it in.

In a scored game (``practice=False``) the board buttons are disabled while a deal is
played, as ``New deal`` is (a board left unfinished would count for nothing), and
``Previous board`` stays off (a board played again is not a new score).
"""

from __future__ import annotations

import html
import urllib.parse
from typing import Any, ClassVar

from cardkit.errors import CardkitError

from ._controls import Control

__all__ = ["BoardSteps"]


class BoardSteps:
    """The board-set part of a play dashboard (mixed into ``DealDashboard``).

    :ivar boards: the loaded set's deal codes, in order ([] when none is loaded).
    :ivar board_index: the board shown (0-based), or None.
    :ivar board_back, board_next: ``Control`` buttons; ``board_info``: "Board 2 of 3";
        ``download_link``: the played deal as a file (an ``html`` control).
    """

    #: The board controls, at the end of the first row.
    BAR_BOARDS: ClassVar[tuple[str, ...]] = ("board_back", "board_info", "board_next", "download_link")

    boards: list[str]
    board_index: int | None

    def _setup_boards(self) -> None:
        self.boards = []
        self.board_index = None
        _: Any = self._  # type: ignore[attr-defined]  # the dashboard's words (cardkit.i18n)
        self.board_back = Control("button", "board_back", description=_("◀ Previous board"), display="none",
                                  tooltip=_("Deal the previous board of the set"))
        self.board_info = Control("html", "board_info", display="none")
        self.board_next = Control("button", "board_next", description=_("Next board ▶"), display="none",
                                  tooltip=_("Deal the next board of the set"))
        self.download_link = Control("html", "download_link", display="none")
        self.board_back.on_click(lambda _b: self._safely(self.board_step, "back"))  # type: ignore[attr-defined]
        self.board_next.on_click(lambda _b: self._safely(self.board_step, "next"))  # type: ignore[attr-defined]

    def load_deals(self, deals: Any) -> bool:
        """Play a set of boards, from its first.

        :param deals: a deal set's text (:func:`cardkit.deal_sets.deals_to_text`), or a list
            of deal codes, specs or states (each board is dealt at its start).
        :returns: True if loaded. A set that cannot be read, or a board this table cannot
            deal (another game, other rules), is refused in one status line naming the
            board ("⚠ Boards not loaded: board 2: ..."); the current deal and set are kept.
        """
        from cardkit.deal_sets import deal_set_codes

        self_: Any = self
        try:
            codes = deal_set_codes(deals)
            for n, code in enumerate(codes, 1):
                try:
                    self_._spec_for(code)
                except CardkitError as e:
                    raise CardkitError(self_._("board {n}: {why}", n=n, why=e)) from None
        except CardkitError as e:
            self_._error(e, prefix=self_._("Boards not loaded"))
            return False
        self.boards = codes
        return self._deal_board(0)

    def board_step(self, how: str) -> bool:
        """Deal the ``"next"`` or the ``"back"`` (previous) board of the set.

        :returns: True if a board was dealt; at either end of the set, or in a scored game
            while a deal is played, one status line says why and nothing changes.
        :raises CardkitError: for ``how`` other than ``"next"`` and ``"back"``.
        """
        if how not in ("next", "back"):
            raise CardkitError(f"board_step({how!r}): expected 'next' or 'back'")
        self_: Any = self
        if not self.boards or self.board_index is None:
            self_._error(CardkitError(self_._("no set of boards is loaded")), prefix=self_._("No board"))
            return False
        why = self._board_refusal(how)
        if why:
            self_._error(CardkitError(why), prefix=self_._("No board"))
            return False
        return self._deal_board(self.board_index + (1 if how == "next" else -1))

    def _board_refusal(self, how: str) -> str:
        """Why the board button ``how`` may not be used now ("" if it may)."""
        self_: Any = self
        i = self.board_index if self.board_index is not None else 0
        st = self_.state
        _ = self_._
        if not self_.practice:
            if how == "back":
                return _("a scored game goes forward only: a board played again is not a new score")
            if st is not None and not st.is_terminal():
                return _("finish this board first: in a scored game every board counts")
        if how == "next" and i + 1 >= len(self.boards):
            return _("board {n} is the last of the set", n=i + 1)
        if how == "back" and i == 0:
            return _("board 1 is the first of the set")
        return ""

    def _deal_board(self, i: int) -> bool:
        self_: Any = self
        self.board_index = i
        done = self_.load_code(self.boards[i])
        if done:
            self_._message = self_._("Board {n} of {total}: {what}", n=i + 1, total=len(self.boards),
                                     what=self_._message)
            self_.refresh()
        return done

    def _refresh_boards(self) -> None:
        """The board controls and the download link, from the state (called by refresh)."""
        self_: Any = self
        shown = None if self.boards else "none"
        for c in (self.board_back, self.board_info, self.board_next):
            c.layout.display = shown
        if self.boards and self.board_index is not None:
            self.board_info.value = self_._("Board {n} of {total}", n=self.board_index + 1, total=len(self.boards))
            for c, how in ((self.board_back, "back"), (self.board_next, "next")):
                why = self._board_refusal(how)
                c.disabled = bool(why)
                c.tooltip = why[:1].upper() + why[1:] if why else (
                    self_._("Deal the next board of the set") if how == "next" else
                    self_._("Deal the previous board of the set"))
        st = self_.state
        if st is None or not st.is_terminal():
            self.download_link.layout.display = "none"
            self.download_link.value = ""
            return
        text = self.played_deal_text()
        name = f"{self_.GAME}-deal.txt"
        href = "data:text/plain;charset=utf-8," + urllib.parse.quote(text)
        title, words = self_._("Save this deal as played (a deal set of one board)"), self_._("Download this deal")
        self.download_link.value = (f"<a download='{html.escape(name)}' href='{html.escape(href)}' "
                                    f"title='{html.escape(title)}'>{words}</a>")
        self.download_link.layout.display = None

    def played_deal_text(self) -> str:
        """The current deal as played so far, as a deal set of one board
        (:func:`cardkit.deal_sets.deals_to_text`): its cards, dealer, rules, actions and,
        once over, its scores.

        In a scored game the code in it is the cards form (``V-X…``), as the status line's.

        :raises CardkitError: before the first deal.
        """
        from cardkit.deal_sets import deals_to_text

        st = getattr(self, "state", None)
        if st is None:
            raise CardkitError("no deal yet: press New deal")
        if not getattr(self, "practice", True) and getattr(st, "seed", None) is not None:
            st = st.clone()   # a scored game names no seed (it would name the next deals): the cards form
            st.seed = None
        return deals_to_text([st])

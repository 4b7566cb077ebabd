"""Exact card values with all hands shown, on a play dashboard's table (issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.exact``). In practice with ``Show all hands`` on, each legal card of the learner
(Armenian Durak's draw: each stack) carries what it gains or loses against the best card with
all cards known (:func:`cardkit.analysis.analyse`), worked out after the click's answer is
sent, within :data:`EXACT_NODES` positions (over it one line says so); never in a scored game.
The part keeps the values found, per position (:attr:`Exact.cache`), and the position whose
values are due (:attr:`Exact.due`). The dashboard keeps its names (``exact_values``,
``exact_note``, ``_exact_into``) as delegates to this part.
"""

from __future__ import annotations

import contextlib
from typing import Any

from cardkit.cards import Card
from cardkit.i18n import N_
from cardkit.wording import signed

from ._common import one_line
from ._judge import HINT_UNITS, history_key
from .card_table import card_json

__all__ = ["Exact", "EXACT_NODES", "EXACT_DELAY"]

#: Exact values with all hands shown (practice only, :attr:`DealDashboard.exact_values`):
#: by game, the positions :func:`cardkit.analysis.analyse` may search for one position of
#: the learner; over it the table shows no values and says so in one line. A search
#: keeps the kernel busy for its time, an over-bound one too (``python
#: benchmarks/exact_values.py``, 4 deals, load 4 on 2 cores): Variety, the learner's first
#: card valued in 2 of 4 deals, 0.5 s median, 1.9 s at most (12 or more tricks left);
#: Warsaw Hearts, 3 of 4, 0.3 s, 0.7 s at most; Armenian Durak, none before 12 tricks are
#: left, 0.3-0.5 s each (at 1,000,000 one more position in 21, for 1-2 s each). With 6
#: tricks left every position was valued in 0.01 s or less.
EXACT_NODES = {"variety": 1_000_000, "warsaw_hearts": 1_000_000, "armenian_durak": 300_000}
#: How long after the click's answer is sent the values are worked out (s), so that the
#: page has the played card and the bots' replies first.
EXACT_DELAY = 0.05



class Exact:
    """The exact values of a play dashboard's table (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar cache: position (:meth:`key`) -> ``("ready", {action: points against the best})``,
        ``("over", None)`` (the search passed :data:`EXACT_NODES`) or ``("error", words)``;
        emptied past 256 positions.
    :ivar due: the position whose values are to be worked out next (None: none).
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        self.cache: dict[tuple, tuple] = {}
        self.due: tuple | None = None

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (the dashboard's ``_``)."""
        return self.table._(message, **values)

    def wanted(self, st) -> bool:
        """Whether the table shows exact values now: practice (never a scored game, even
        with :attr:`show_all_hands` set), all hands shown, the live deal (not the replay),
        the learner to play a card (or to choose Armenian Durak's draw)."""
        return (self.table.practice and self.table.show_all_hands and self.table.replay is None and st is not None
                and not st.is_terminal() and st.current_player == getattr(self.table, "seat", None)
                and st.phase in ("play", "draw"))

    def nodes(self) -> int:
        """This game's bound on the search (:data:`EXACT_NODES`)."""
        return EXACT_NODES.get(self.table.GAME, 300_000)

    def key(self, st) -> tuple:
        """The position: the deal (its code and rules) and its actions so far."""
        return (self.table.deal_code, repr(st.rules), history_key(st))

    @property
    def values(self) -> dict | None:
        """The exact values the table shows now (all hands shown, practice):
        ``{action: points}`` for each legal card of the learner (Armenian Durak's draw: each
        :class:`~cardkit.games.armenian_durak.Draw`), what that card gains or loses against
        the best card, 0 for the best: the difference of :func:`cardkit.analysis.analyse`'s
        values, the mover's side's final margin in the game's points (Variety, RULES.md §1.6;
        Warsaw Hearts, the deal result bonus − penalty, §2.2; Armenian Durak, §3.4), every
        player playing their best from here with all cards known. None when none are shown:
        not practice, hands not all shown, not the learner's card, still being worked out,
        or the search over this game's :data:`EXACT_NODES` positions (:attr:`exact_note`
        says which).
        A single legal card is 0 without a search."""
        st = self.table.state
        if not self.wanted(st):
            return None
        entry = self.cache.get(self.key(st))
        return dict(entry[1]) if entry is not None and entry[0] == "ready" else None

    @property
    def note(self) -> str:
        """The line under the hand about the exact values ("" when none are shown)."""
        st = self.table.state
        if not self.wanted(st):
            return ""
        entry = self.cache.get(self.key(st))
        _ = self._
        if entry is None:
            return _("Exact values (all hands shown): working them out…")
        if entry[0] == "over":
            nodes = f"{self.nodes():,}"
            return _("Exact values (all hands shown): not shown here: the search was over its bound ({n} positions); "
                     "they come later in the deal.", n=nodes)
        if entry[0] == "error":
            return _("Exact values (all hands shown): not shown: {why}", why=entry[1])
        unit = _(HINT_UNITS.get(self.table.GAME, N_("your points")))
        if st.phase == "draw":
            return _("Exact values (all hands shown): what each choice gains or loses against the best one, in "
                     "points ({unit}), with best play from here on; 0 is the best.", unit=unit)
        return _("Exact values (all hands shown): what each card gains or loses against the best one, in points "
                 "({unit}), with best play from here on; 0 is the best.", unit=unit)

    def into(self, out: dict) -> None:
        """Put the exact values into the card table's state ``out`` (a badge on each legal
        card, ``out["exact"]`` the line), or ask for them: they are worked out after the
        page's state is sent (:meth:`_exact_later`). ``out["exact"]``: ``{"note": the line,
        "state": "working" | "ready" | "over" (the bound passed) | "error"}``; a legal card's
        ``"exact"``: its value as shown, ``"0"``, ``"−5"``."""
        st = self.table.state
        if not self.wanted(st):
            return
        key = self.key(st)
        if key not in self.cache:
            legal = list(st.legal_actions())
            if len(legal) == 1:
                self.cache[key] = ("ready", {legal[0]: 0})
            else:
                self.later(key, st)
        entry = self.cache.get(key)
        out["exact"] = {"note": self.note, "state": "working" if entry is None else entry[0]}
        if entry is None or entry[0] != "ready":
            return
        values = entry[1]
        by_id = {card_json(a)["id"]: signed(v) for a, v in values.items() if isinstance(a, Card)}
        out["hand"] = [dict(c, exact=by_id[c["id"]]) if c.get("legal") and c.get("id") in by_id else c
                       for c in out.get("hand") or []]
        seats = []
        for seat in out.get("seats") or []:
            if seat.get("me") and seat.get("tableau"):
                seat = dict(seat, tableau=[
                    dict(s, up=dict(s["up"], exact=by_id[s["up"]["id"]]))
                    if s.get("legal") and s.get("up") and s["up"].get("id") in by_id else s
                    for s in seat["tableau"]])
            seats.append(seat)
        out["seats"] = seats
        panel = out.get("panel")
        if panel and panel.get("kind") == "draw":
            draws = {getattr(a, "stack", "?"): signed(v) for a, v in values.items() if not isinstance(a, Card)}
            out["panel"] = dict(panel, stacks=[dict(s, exact=draws[s["stack"]]) if s.get("stack") in draws else s
                                               for s in panel.get("stacks") or []])

    def later(self, key: tuple, st) -> None:
        """Work out the values of ``st`` (a copy) after the page's state is sent: in a kernel
        (a running event loop) :data:`EXACT_DELAY` s later, in the kernel's own thread (the
        judge's tables are shared with the bots and the Hint), the click's answer gone out
        first; then the table is sent the values. Without an event loop (a script, a test)
        at once."""
        import asyncio

        if self.due == key:
            return
        self.due = key
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self.work(key, st.clone(), push=False)
        else:
            loop.call_later(EXACT_DELAY, self.work, key, st.clone(), True)

    def work(self, key: tuple, st, push: bool) -> None:
        """Search ``st`` (:func:`cardkit.analysis.analyse`, at most this game's
        :data:`EXACT_NODES` positions) unless the learner has moved on; keep the values; send them (``push``)."""
        from cardkit.analysis import SearchLimit, analyse

        if self.due == key:
            self.due = None
        now = self.table.state
        if key in self.cache or not self.wanted(now) or self.key(now) != key:
            return  # the learner moved on: that position's values are not needed
        try:
            values = analyse(st, max_nodes=self.nodes())
            best = max(values.values())
            entry: tuple = ("ready", {a: int(v) - int(best) for a, v in values.items()})
        except SearchLimit:
            entry = ("over", None)
        except Exception as e:  # noqa: BLE001 - the table says so in one line, never a traceback
            entry = ("error", one_line(e))
        if len(self.cache) >= 256:
            self.cache.clear()
        self.cache[key] = entry
        if push:
            with contextlib.suppress(Exception):  # a late message must never raise in the event loop
                self.table._push()

"""ScoreSheet: a row per deal, a column per player, and the totals."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W

from cardkit.errors import CardkitError, quote
from cardkit.i18n import check_lang, translation

from ._common import number, set_class, signed, size_of


def _points(v: int) -> str:
    """A score with its sign and the minus sign "−"; zero as "0", without a sign (issue 21)."""
    return signed(v)


__all__ = ["ScoreSheet"]


class ScoreSheet(W.VBox):
    """A score sheet: one row per deal, one column per player, a totals row.

    The table is one ``HTML`` widget whose value is rewritten in place. The leading total
    is marked with text ("▲ leads"), not only by colour: the highest, or with
    ``lead="low"`` the lowest (penalty points); ``lead=None`` marks none (a sheet that does
    not decide the game, such as Warsaw Hearts' bonuses).

    :param names: one name per player (2, 3 or 4 columns; any number works).
    :param title: the heading.
    :param unit: what the numbers count, shown in the heading ("points", "chips").
    :param label: the word for a row ("Deal").
    :param lead: ``"high"`` (default), ``"low"`` or None: which total is marked "▲ leads".
    :param signs: True (default): every number with its sign, zero as "0" (points won or
        lost); False: plain counts, "0", "4" (penalty points, which only add up).
    :param lang: the language of the sheet's own words (``"en"`` or ``"ru"``; the title,
        unit and label are given in it).
    :param size: ``"normal"`` or ``"large"`` (a projector: text 1.6 em); see :meth:`set_size`.
    :raises CardkitError: for an unknown size or ``lead``.

    DOM classes: ``ck-table ck-scores`` (and ``ck-large``).

    :ivar table: the ``HTML`` widget holding the table.
    :ivar size: the display size, ``"normal"`` or ``"large"``.
    """

    def __init__(self, names: Sequence[str], *, title: str = "Score sheet", unit: str = "points",
                 label: str = "Deal", size: str = "normal", lead: str | None = "high",
                 signs: bool = True, lang: str = "en") -> None:
        self.i18n = translation(check_lang(lang))
        if lead not in ("high", "low", None):
            raise CardkitError(f"lead {quote(lead)}: expected 'high', 'low' or None")
        self.lead = lead
        self.signs = bool(signs)
        self.names = [str(n) for n in names]
        self.title = title
        self.unit = unit
        self.label = label
        self._rows: list[list[int]] = []
        self._labels: list[str] = []
        self._notes: list[str] = []
        self.table = W.HTML("")
        super().__init__([self.table], layout=W.Layout(padding="2px"))
        self.add_class("ck-table")
        self.add_class("ck-scores")
        self.set_size(size)
        self._draw()

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (a projector: text 1.6 em), in place.

        :raises CardkitError: for another size.
        """
        sz = size_of(size)
        self.size = sz.name
        set_class(self, "ck-large", sz.name == "large")
        self.table.style.font_size = sz.text_size

    @property
    def rows(self) -> list[list[int]]:
        """A copy of the rows, one list of ints per deal (points per player)."""
        return [list(r) for r in self._rows]

    @property
    def labels(self) -> list[str]:
        return list(self._labels)

    @property
    def notes(self) -> list[str]:
        """A copy of the rows' notes ("" where a row has none): the Note column."""
        return list(self._notes)

    @property
    def totals(self) -> list[int]:
        """Each player's total over the rows."""
        return [sum(r[i] for r in self._rows) for i in range(len(self.names))]

    def __len__(self) -> int:
        return len(self._rows)

    def add_row(self, values: Sequence[int], label: str | None = None, note: str = "") -> None:
        """Append one deal's values (one number per player), e.g. ``state.returns()``.

        :raises CardkitError: when ``values`` is not one number per player.
        """
        values = list(values)
        if len(values) != len(self.names):
            raise CardkitError(f"score row {quote(values)}: expected {len(self.names)} values, one per player")
        self._rows.append(values)
        self._labels.append(str(len(self._rows)) if label is None else str(label))
        self._notes.append(note)
        self._draw()

    def remove_last_row(self) -> list[int]:
        """Remove the last row and return it.

        :raises CardkitError: when the sheet is empty.
        """
        if not self._rows:
            raise CardkitError("the score sheet is empty: no row to remove")
        self._labels.pop()
        self._notes.pop()
        row = self._rows.pop()
        self._draw()
        return row

    def set_rows(self, rows: Sequence[Sequence[int]], labels: Sequence[str] | None = None,
                 notes: Sequence[str] | None = None) -> bool:
        """Show exactly ``rows`` (one list of numbers per deal, e.g. a
        :class:`~cardkit.series.DealSeries`' ``scores``), labelled ``labels`` (default
        "1", "2", …) with ``notes`` (default none); the table is redrawn only when
        something differs.

        :returns: True if the sheet changed.
        :raises CardkitError: for a row that is not one number per player, or labels or
            notes that are not one per row; the sheet is then unchanged.
        """
        new = [list(r) for r in rows]
        labels = [str(i + 1) for i in range(len(new))] if labels is None else [str(x) for x in labels]
        notes = [""] * len(new) if notes is None else [str(x) for x in notes]
        for r in new:
            if len(r) != len(self.names):
                raise CardkitError(f"score row {quote(r)}: expected {len(self.names)} values, one per player")
        if len(labels) != len(new) or len(notes) != len(new):
            raise CardkitError(f"{len(labels)} labels and {len(notes)} notes for {len(new)} rows: expected one each")
        if (new, labels, notes) == (self._rows, self._labels, self._notes):
            return False
        self._rows, self._labels, self._notes = new, labels, notes
        self._draw()
        return True

    def clear(self) -> None:
        """Remove every row."""
        self._rows, self._labels, self._notes = [], [], []
        self._draw()

    def set_names(self, names: Sequence[str]) -> None:
        if len(names) != len(self.names):
            raise CardkitError(f"names {quote(list(names))}: expected {len(self.names)} names")
        self.names = [str(n) for n in names]
        self._draw()

    def _number(self, v: int) -> str:
        return _points(v) if self.signs else number(v)

    def _draw(self) -> None:
        td = 'style="padding:1px 6px;text-align:right;border-bottom:1px solid #ddd"'
        tdl = 'style="padding:1px 6px;text-align:left;border-bottom:1px solid #ddd"'
        th = 'style="padding:1px 6px;text-align:right;border-bottom:2px solid #888"'
        thl = 'style="padding:1px 6px;text-align:left;border-bottom:2px solid #888"'
        _ = self.i18n.gettext
        leads = " <small>" + _("▲ leads") + "</small>"
        no_deal = _("No deal finished yet.")
        note_word, total_word = _("Note"), _("Total")
        head = "".join(f"<th {th}>{html.escape(n)}</th>" for n in self.names)
        has_notes = any(self._notes)
        rows = []
        for label, row, note in zip(self._labels, self._rows, self._notes):
            cells = "".join(f"<td {td}>{self._number(v)}</td>" for v in row)
            extra = f'<td style="padding:1px 6px;font-size:0.85em">{html.escape(note)}</td>' if has_notes else ""
            rows.append(f'<tr><td {tdl}>{html.escape(label)}</td>{cells}{extra}</tr>')
        totals = self.totals
        best = (None if not self._rows or self.lead is None
                else max(totals) if self.lead == "high" else min(totals))
        tcells = "".join(
            f'<td style="padding:2px 6px;text-align:right;border-top:2px solid #888;white-space:nowrap">'
            f'<b>{self._number(t)}</b>'
            f'{leads if best is not None and t == best else ""}</td>' for t in totals)
        body = "".join(rows) or (
            f'<tr><td colspan="{len(self.names) + 1}" style="padding:2px 6px;color:#555">'
            f'<i>{no_deal}</i></td></tr>')
        note_head = f'<th {thl}>{note_word}</th>' if has_notes else ""
        self.table.value = (
            f'<div><b>{html.escape(self.title)}</b> <small>({html.escape(self.unit)})</small></div>'
            f'<table style="border-collapse:collapse;font-variant-numeric:tabular-nums">'
            f'<thead><tr><th {thl}>{html.escape(self.label)}</th>{head}{note_head}</tr></thead>'
            f'<tbody>{body}</tbody>'
            f'<tfoot><tr><td style="padding:2px 6px;border-top:2px solid #888"><b>{total_word}</b></td>{tcells}'
            f'{"<td></td>" if has_notes else ""}</tr></tfoot></table>')

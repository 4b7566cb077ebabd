"""The double-dummy table of :class:`cardkit_widgets.deal_editor.DealEditor`: its HTML
(:func:`dd_table_html`, public as ``cardkit_widgets.deal_editor.dd_table_html``) and its
contracts' toggle buttons (:class:`ContractChoice`), apart from the editor (issue 30)."""

from __future__ import annotations

import html
import importlib
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from cardkit.errors import CardkitError, quote
from cardkit.i18n import check_lang, translation
from cardkit.wording import SEAT_WORDS

from ._common import signed

__all__ = ["DD_NODES", "PAIRS", "ContractChoice", "checked_contracts", "dd_table_function", "dd_table_html"]

#: Variety's declaring pairs, for a table given by side.
PAIRS = ("South & North", "West & East")
#: Positions searched at most per cell of the double-dummy table (about 1-3 s each here):
#: a cell that needs more is shown as not solved, so the page never waits minutes.
DD_NODES = 2_000_000
_SEAT_WORDS = SEAT_WORDS[4]


def dd_table_html(table: Any, lang: str = "en") -> str:
    """The double-dummy table as HTML: a row per contract, a column per declaring pair.

    :param table: what :func:`cardkit.analysis.dd_table` returns: a mapping contract ->
        (mapping pair -> margin, or a sequence of margins by pair), a mapping
        ``(contract, pair) -> margin``, a sequence of rows, or anything with ``to_html()``.
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :raises CardkitError: for another ``lang``.
    """
    tr = translation(check_lang(lang))
    if hasattr(table, "to_html"):
        return str(table.to_html())
    if hasattr(table, "margins") and isinstance(table.margins, dict):
        return _ddtable_html(table, tr)
    rows: list[tuple[str, list]] = []
    cols: list[str] = [_pair_words(p, tr) for p in range(len(PAIRS))]
    if isinstance(table, dict) and table and all(isinstance(k, tuple) and len(k) == 2 for k in table):
        contracts = sorted({k[0] for k in table})
        pairs = sorted({k[1] for k in table})
        cols = [_pair_words(p, tr) for p in pairs]
        rows = [(str(c), [table.get((c, p)) for p in pairs]) for c in contracts]
    elif isinstance(table, dict):
        for c, v in table.items():
            if isinstance(v, dict):
                cols = [_pair_words(p, tr) for p in v]
                rows.append((str(c), list(v.values())))
            else:
                rows.append((str(c), list(v) if isinstance(v, (list, tuple)) else [v]))
    else:
        try:
            rows = [(str(i + 1), list(r)) for i, r in enumerate(table)]
        except TypeError:
            return f"<div>{html.escape(str(table))}</div>"
    head = "".join(f"<th style='padding:0 8px'>{html.escape(c)}</th>" for c in cols)
    contract = tr.gettext("contract {n}")
    body = "".join(
        f"<tr><td style='padding:0 8px'>{html.escape(contract.format(n=c))}</td>"
        + "".join(f"<td style='padding:0 8px;text-align:right'>{_margin(x)}</td>" for x in vals) + "</tr>"
        for c, vals in rows)
    title = tr.gettext("<b>Double-dummy table</b>: the declarers' margin with every hand known.")
    return (f"<div>{title}</div>"
            f"<table class='ck-dd-table'><tr><th></th>{head}</tr>{body}</table>")


def _ddtable_html(table, tr) -> str:
    """:class:`cardkit.analysis.DDTable`: a row per declaring pair (the first namer first),
    a column per contract solved, in ``tr``'s language."""
    contracts = sorted({c for c, _p in table.margins})
    pairs = sorted({p for _c, p in table.margins})
    contract = tr.gettext("contract {n}")
    head = "".join(f"<th style='padding:0 8px'>{html.escape(contract.format(n=c))}</th>" for c in contracts)
    best_title = html.escape(tr.gettext("these declarers' best contract of those solved"), quote=True)

    def cell(c, p) -> str:
        m = table.margins[(c, p)]
        solved = [x for (cc, pp), x in table.margins.items() if pp == p and x is not None]
        if m is not None and len(contracts) > 1 and m == max(solved):   # the pair's best (ties: each)
            return (f"<td class='ck-dd-best' title='{best_title}' style='padding:0 8px;text-align:right;"
                    f"font-weight:bold;background:#fff3c4'>{_margin(m)}</td>")
        return f"<td style='padding:0 8px;text-align:right'>{_margin(m)}</td>"

    body = "".join(
        f"<tr><td style='padding:0 8px'>{html.escape(_pair_words(p, tr))}</td>"
        + "".join(cell(c, p) for c in contracts) + "</tr>"
        for p in pairs)
    marked = ("<div>" + tr.gettext("<b>Bold</b>, shaded: each pair's best contract of those solved (what a hand "
                                   "record prints beside the deal).") + "</div>"
              if len(contracts) > 1 else "")
    unsolved = len(getattr(table, "unsolved", ()) or ())
    nodes = f"{DD_NODES:,}" if tr is translation("en") else f"{DD_NODES:,}".replace(",", " ")
    note = ("<div>" + tr.ngettext("– : not solved within {nodes} positions ({n} cell); the point contracts take "
                                  "minutes each.",
                                  "– : not solved within {nodes} positions ({n} cells); the point contracts take "
                                  "minutes each.", unsolved).format(nodes=nodes, n=unsolved) + "</div>"
            if unsolved else "")
    title = tr.gettext("<b>Double-dummy table</b>: the declarers' margin when all four play their best with every "
                       "hand known. Declarers: the one who names the contract first, then the partner (who leads "
                       "follows from it, Rules §1.4).")
    declarers = html.escape(tr.gettext("declarers"))
    return (f"<div>{title}</div><table class='ck-dd-table'>"
            f"<tr><th>{declarers}</th>{head}</tr>{body}</table>{marked}{note}")


def _pair_words(p, tr=None) -> str:
    tr = translation("en") if tr is None else tr
    if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(PAIRS):
        p = (p, p + 2)
    if isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, int) and 0 <= x < 4 for x in p):
        return tr.pgettext("a pair of seats", "{first} & {second}").format(first=tr.gettext(_SEAT_WORDS[p[0]]),
                                                                           second=tr.gettext(_SEAT_WORDS[p[1]]))
    if p in PAIRS:
        return _pair_words(PAIRS.index(p), tr)
    return str(p)


def _margin(x) -> str:
    if x is None:
        return "–"
    try:
        return html.escape(signed(x))
    except (TypeError, ValueError):
        return html.escape(str(x))


class ContractChoice(W.HBox):
    """The double-dummy table's contracts as eight toggle buttons, each pressed or not with one
    click or tap (a multiple-choice list needed Ctrl-click, which a phone cannot do: issue 33,
    item 9). :attr:`value` is the tuple of the pressed contracts, in order."""

    def __init__(self, value: Sequence[int] = (1,), tooltip: str = "", *, contract_word: str = "contract",
                 contracts_word: str = "Contracts:") -> None:
        # the tooltip on each button: a box has no description, and ipywidgets' page code fails
        # to draw a box given a tooltip ("Cannot read properties of undefined (reading 'length')")
        self.buttons = {c: W.ToggleButton(description=str(c), value=c in value,
                                          tooltip=f"{contract_word} {c}" + (f": {tooltip}" if tooltip else ""),
                                          layout=W.Layout(width="2.6em")) for c in range(1, 9)}
        label = W.HTML(contracts_word, layout=W.Layout(margin="0 4px 0 0"))
        super().__init__([label, *self.buttons.values()], layout=W.Layout(flex_flow="row wrap", align_items="center"))

    @property
    def value(self) -> tuple[int, ...]:
        """The contracts pressed, in order."""
        return tuple(c for c, b in self.buttons.items() if b.value)

    @value.setter
    def value(self, contracts: Sequence[int]) -> None:
        """Press exactly ``contracts`` (whole numbers 1..8, in any order).

        :raises CardkitError: for anything else (a string, a number, a contract outside
            1..8); the buttons stay as they were."""
        chosen = checked_contracts(contracts, "ContractChoice.value")
        for c, b in self.buttons.items():
            b.value = c in chosen


def checked_contracts(contracts: Any, name: str) -> tuple[int, ...]:
    """``contracts`` as a tuple of Variety's contracts, whole numbers 1..8 (Rules §1.2).

    :raises CardkitError: naming ``name`` for a string, a single number, or anything not
        a sequence of 1..8."""
    ok = not isinstance(contracts, (str, bytes)) and isinstance(contracts, (Sequence, set, frozenset))
    chosen = tuple(contracts) if ok else ()
    if not ok or not all(isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 8 for c in chosen):
        raise CardkitError(f"{name} = {quote(contracts)}: expected contracts, whole numbers 1 to 8 "
                           "(Rules §1.2), e.g. (1, 3)")
    return chosen


def dd_table_function():
    """:func:`cardkit.analysis.dd_table`, or None while this version of the kit has none."""
    try:
        module = importlib.import_module("cardkit.analysis")
    except ImportError:  # pragma: no cover - the analysis is part of the kit
        return None
    try:
        return getattr(module, "dd_table", None)
    except (ImportError, AttributeError):  # a lazy export whose module is not there yet
        return None

"""Duplicate scoring, exports and hand records of the teaching room (issue 34, items 1, 2, 12).

**Matchpoints** (:func:`matchpoints`, :func:`score_traveller`): every table that played a
board (the same :func:`cardkit.codes.board_identity`) is one result on that board's
traveller. Each seat's points are compared with the same seat's points at every other
result of the board: a result scores 1 for each it beat and ½ for each it tied, out of one
per other result, as a percentage (100: it beat every other table; 50: as many beaten as
lost, or all tied). So the luck of the cards cancels out: everybody at a seat held the same
cards, and only how they were played counts. A board finished at one table only has
nothing to be compared with: its matchpoints are None (shown as "–" and left out of
averages), never a made-up 50 %.

**The ranking** (:func:`ranking`): each learner's average matchpoints over the boards of
theirs that had a comparison, and the boards they played (a seat held when the board
ended; the bots are not ranked).

**Exports** (:func:`csv_text`): CSV text with a header row, for a gradebook or a
spreadsheet; a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is written with a leading ``'`` (:func:`safe_cell`) so a spreadsheet shows it as
text and never runs it as a formula; numbers are written as numbers.

**Hand records** (:func:`deal_diagram`, :func:`dd_summary`, :func:`records_page`): a
printable page, one block per board: the hands as a bridge diagram (Armenian Durak: both
hands and the stacks, face up over face down), Variety's double-dummy table (capped:
:data:`DD_SECONDS`, :data:`DD_MAX_NODES`; an unsolved cell reads "–") and the class's
results with matchpoints. ``cardkit/room/static/records.css`` prints two boards to an A4 page.

UI-free: the teaching room (:mod:`cardkit.room`) and its service use it.
"""

from __future__ import annotations

import csv
import html
import io
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardkit.core.codes import deal_from_code, game_entry
from cardkit.i18n import N_, Translation, translation
from cardkit.table.table_session import seat_names

__all__ = ["matchpoints", "score_traveller", "ranking", "safe_cell", "csv_text", "deal_diagram", "dd_summary",
           "records_page", "format_matchpoints", "DD_SECONDS", "DD_MAX_NODES", "SIDES", "BOT"]

#: the player of a seat a bot held
BOT = "bot"
#: seconds at most spent on one board's double-dummy table (whole contracts are solved until
#: this much time has gone; the cells of the contracts left read "–")
DD_SECONDS = 3.0
#: positions searched at most per cell of the double-dummy table (past it the cell reads "–")
DD_MAX_NODES = 200_000
#: the double-dummy table's declaring sides, as two seats (South 0, West 1, North 2, East 3):
#: the cell is the better of the side's two orders of naming (who names first sets the lead)
SIDES = ((0, 2), (1, 3), (0, 1), (2, 3), (0, 3), (1, 2))
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_RANKS = "AKQJT98765432"
_SUITS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))


# ---- duplicate scoring ------------------------------------------------------------------------

def matchpoints(scores: Sequence[float]) -> list[float | None]:
    """Matchpoints of each of ``scores`` (one seat's points at each table that played a
    board) against all the others: 1 for each lower score, ½ for each equal one, as a
    percentage of the other results (0..100, a float). One score alone: ``[None]`` (nothing
    to compare with). Higher points are better in every game of the kit.

    >>> matchpoints([10, 4, 4])
    [100.0, 25.0, 25.0]
    >>> matchpoints([3])
    [None]
    """
    n = len(scores)
    if n < 2:
        return [None] * n
    out: list[float | None] = []
    for i, mine in enumerate(scores):
        won = sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                  for j, other in enumerate(scores) if j != i)
        out.append(100.0 * won / (n - 1))
    return out


def score_traveller(rows: Sequence[dict]) -> list[dict]:
    """The rows of one board's traveller (:meth:`cardkit.room.Room.results`' dicts, each with
    ``returns``: points per seat) with ``matchpoints`` added to each: per seat, that seat's
    :func:`matchpoints` against the same seat at the other rows (None for a board played at
    one table only). The rows are changed in place and returned."""
    seats = max((len(r["returns"]) for r in rows), default=0)
    columns = [matchpoints([r["returns"][s] for r in rows]) for s in range(seats)]
    for k, r in enumerate(rows):
        r["matchpoints"] = [columns[s][k] for s in range(len(r["returns"]))]
    return list(rows)


def ranking(travellers: Iterable[Sequence[dict]]) -> list[dict]:
    """The learners ranked over boards: ``travellers`` is one list of rows per board, each
    row with ``players`` (seat -> user name or ``"bot"``) and ``matchpoints`` (per seat,
    :func:`score_traveller`).

    :returns: dicts ``rank`` (1 = best; equal averages share a rank; None for a learner
        none of whose boards had a comparison), ``player``, ``boards`` (boards they held a
        seat of when it ended), ``compared`` (those played at two tables or more) and
        ``matchpoints`` (their average over ``compared``, a percentage, or None); best
        first, then more boards, then by name.

    >>> rows = score_traveller([{"players": {0: "ann", 1: "bot"}, "returns": [5, -5]},
    ...                         {"players": {0: "bob", 1: "eve"}, "returns": [2, -2]}])
    >>> [(r["rank"], r["player"], r["matchpoints"]) for r in ranking([rows])]
    [(1, 'ann', 100.0), (1, 'eve', 100.0), (3, 'bob', 0.0)]
    """
    stats: dict[str, list[float]] = {}
    for rows in travellers:
        for r in rows:
            for seat, who in r["players"].items():
                if who == BOT or who is None:
                    continue
                st = stats.setdefault(who, [0, 0, 0.0])
                st[0] += 1
                mp = r["matchpoints"][int(seat)]
                if mp is not None:
                    st[1] += 1
                    st[2] += mp
    scored = sorted(((p, int(b), int(c), t / c if c else None) for p, (b, c, t) in stats.items()),
                    key=lambda x: (x[3] is None, -(x[3] or 0.0), -x[1], x[0]))
    out: list[dict] = []
    rank: int | None = None
    for k, (player, boards, compared, mp) in enumerate(scored):
        before = scored[k - 1][3] if k else None
        if mp is None:
            rank = None
        elif before is None or abs(before - mp) > 1e-9:
            rank = k + 1
        out.append({"rank": rank, "player": player, "boards": boards, "compared": compared, "matchpoints": mp})
    return out


def format_matchpoints(mp: float | None) -> str:
    """``62.5`` -> ``"62.5 %"``, None -> ``"–"`` (a board played at one table only)."""
    return "–" if mp is None else f"{mp:.1f} %".replace(".0 %", " %")


# ---- CSV ---------------------------------------------------------------------------------------

def safe_cell(value: Any) -> Any:
    """A value as a CSV cell a spreadsheet will not run: text starting with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading ``'``; None is empty; a bool is
    ``yes`` / ``no``; numbers stay numbers.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-ann"), safe_cell(-10), safe_cell(None), safe_cell(True)
    ("'=HYPERLINK(1)", "'-ann", -10, '', 'yes')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """CSV text: the header row, then ``rows``, each cell through :func:`safe_cell`
    (``\\r\\n`` line ends, as the csv module writes them)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([safe_cell(h) for h in header])
    for row in rows:
        w.writerow([safe_cell(c) for c in row])
    return out.getvalue()


# ---- hand records ------------------------------------------------------------------------------

def deal_diagram(code: str) -> dict:
    """The hands of the deal ``code`` names, as dealt, for a hand record: ``game``,
    ``title``, ``names`` (the seats' names), ``dealer`` (a seat), ``hands`` (per seat, card
    codes such as ``"QH"``), and for Armenian Durak ``stacks`` (per seat, six ``[face up,
    face down]`` pairs of codes) and ``trump`` (a suit letter when the code gives it, else
    None: the dealer's opponent draws it).

    :raises NotationError: for a code that is not well formed.
    """
    st = deal_from_code(code)
    out: dict[str, Any] = {"game": st.game, "title": game_entry(st.game).title,
                           "names": list(seat_names(st.players)), "dealer": int(st.dealer),
                           "hands": [[c.code for c in h] for h in st.hands], "code": code}
    if st.game == "armenian_durak":
        out["stacks"] = [[[u.code if u else None, d.code if d else None] for u, d in zip(st.up[s], st.down[s])]
                         for s in range(st.players)]
        trump = getattr(st, "given_trump", None)
        out["trump"] = None if trump is None else "SHDC"[int(trump)]
    return out


def dd_summary(code: str, *, seconds: float = DD_SECONDS, max_nodes: int = DD_MAX_NODES) -> dict | None:
    """Variety's double-dummy table of ``code`` for a hand record, within a budget: whole
    contracts are solved (:func:`cardkit.analysis.dd_table`, at most ``max_nodes`` positions
    a cell) until ``seconds`` have gone. None for another game (no contract to bid).

    :returns: ``contracts`` (1..8), ``sides`` (:data:`SIDES`), ``margins`` (per contract,
        per side: the declarers' margin in points with every card known, the better of the
        side's two orders of naming; None when either order was not solved), ``solved`` and
        ``cells`` (how many of the table's cells have a margin), ``seconds`` spent.
    """
    st = deal_from_code(code)
    if st.game != "variety":
        return None
    from cardkit.analysis.ddtable import CONTRACTS, dd_table

    t0 = time.perf_counter()
    found: dict = {}
    for c in CONTRACTS:
        if time.perf_counter() - t0 >= seconds:
            break
        found.update(dd_table(st, contracts=[c], max_nodes=max_nodes).margins)

    def cell(c: int, side: tuple[int, int]) -> int | None:
        a, b = found.get((c, side)), found.get((c, side[::-1]))
        return None if a is None or b is None else int(max(a, b))

    margins = [[cell(c, side) for side in SIDES] for c in CONTRACTS]
    solved = sum(m is not None for row in margins for m in row)
    return {"contracts": list(CONTRACTS), "sides": [list(s) for s in SIDES], "margins": margins, "solved": solved,
            "cells": len(CONTRACTS) * len(SIDES), "seconds": round(time.perf_counter() - t0, 2)}


#: the records page's note for the screen (HTML of the catalog: not escaped)
_PRINT_NOTE = N_("""Print this page (Ctrl+P) for the class: two boards to an A4 page.
Matchpoints: each seat's points against the same seat at every other table that played the board
(1 for each beaten, ½ for each tie, as a percentage); "–" for a board played at one table only.""")
_EN = translation("en")
#: the seats' names a diagram holds, translated where they are shown
_SEAT_MSGIDS = frozenset({"South", "West", "North", "East", "You", "Your opponent"})


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _rank(r: str, tr: Translation = _EN) -> str:
    """A rank letter as a learner reads it: the ten ``10``, the ace and faces in ``tr``'s letters."""
    return "10" if r == "T" else tr.pgettext("rank letter", r) if r in "AKQJ" else r


def _suit_line(cards: Sequence[str], letter: str, symbol: str, tr: Translation = _EN) -> str:
    ranks = sorted((c[0] for c in cards if c and c[1] == letter), key=_RANKS.index)
    shown = " ".join(_rank(r, tr) for r in ranks) or "—"
    red = " record-red" if letter in "HD" else ""
    return f'<div class="record-suit"><span class="record-sym{red}">{symbol}</span> {_e(shown)}</div>'


def _hand(name: str, cards: Sequence[str], dealer: bool, tr: Translation = _EN) -> str:
    """A hand's block: ``name`` (the seat's English name: ``data-seat``) shown in ``tr``'s
    language, "(dealer)" after the dealer's, and its suits, the ranks in ``tr``'s letters."""
    shown = tr.gettext(name) if name in _SEAT_MSGIDS else name
    label = tr.gettext("{seat} (dealer)").format(seat=shown) if dealer else shown
    lines = "".join(_suit_line(cards, letter, symbol, tr) for letter, symbol in _SUITS)
    return f'<div class="record-hand" data-seat="{_e(name)}"><b>{_e(label)}</b>{lines}</div>'


def _suit_symbol(letter: str) -> str:
    red = " record-red" if letter in "HD" else ""
    return f'<span class="record-sym{red}">{dict(_SUITS)[letter]}</span>'


def _card(code: str | None, tr: Translation = _EN) -> str:
    if not code:
        return "—"
    return _e(_rank(code[0], tr)) + _suit_symbol(code[1])


def _durak_seat(d: dict, s: int, tr: Translation = _EN) -> str:
    name = d["names"][s]
    stacks = d["stacks"][s]
    up = "".join(f"<td>{_card(u, tr)}</td>" for u, _ in stacks)
    down = "".join(f"<td>{_card(dn, tr)}</td>" for _, dn in stacks)
    face_up, face_down = _e(tr.gettext("face up")), _e(tr.gettext("face down"))
    return (f'<div class="record-durak-seat">{_hand(name, d["hands"][s], s == d["dealer"], tr)}'
            f'<table class="record-stacks"><tr><th>{face_up}</th>{up}</tr>'
            f'<tr><th>{face_down}</th>{down}</tr></table></div>')


def _diagram(d: dict, tr: Translation = _EN) -> str:
    names, hands = d["names"], d["hands"]
    if d["game"] == "armenian_durak":
        north, south = names.index("North"), names.index("South")
        trump = (_e(tr.gettext("drawn by the dealer's opponent")).replace("&#x27;", "'") if not d.get("trump") else
                 _suit_symbol(d["trump"]))
        line = tr.gettext("Trump: {trump}").format(trump=trump)
        return (f'<div class="record-diagram record-durak">{_durak_seat(d, north, tr)}{_durak_seat(d, south, tr)}'
                f'<p class="record-trump">{line}</p></div>')
    at = {n: _hand(n, hands[s], s == d["dealer"], tr) for s, n in enumerate(names)}
    letter = {k: _e(tr.pgettext("seat letter", k)) for k in "NWES"}
    middle = (f'<div class="record-compass">{letter["N"] if "North" in at else ""}<br>{letter["W"]} &nbsp; '
              f'{letter["E"]}<br>{letter["S"]}</div>')
    return (f'<table class="record-diagram"><tr><td></td><td>{at.get("North", "")}</td><td></td></tr>'
            f'<tr><td>{at.get("West", "")}</td><td>{middle}</td><td>{at.get("East", "")}</td></tr>'
            f'<tr><td></td><td>{at.get("South", "")}</td><td></td></tr></table>')


def _dd_html(dd: dict | None, names: Sequence[str], tr: Translation = _EN) -> str:
    if dd is None:
        return ""
    names = [tr.gettext(n) if n in _SEAT_MSGIDS else n for n in names]
    heads = "".join(f"<th>{_e(names[a][0])}+{_e(names[b][0])}</th>" for a, b in dd["sides"])
    def cells(row: Sequence[int | None]) -> str:
        return "".join("<td>–</td>" if m is None else f"<td>{m}</td>" for m in row)

    rows = "".join(f"<tr><th>{c}</th>{cells(row)}</tr>" for c, row in zip(dd["contracts"], dd["margins"]))
    note = (tr.gettext('{solved} of {cells} cells solved; "–": not solved within the time given').format(
        solved=dd["solved"], cells=dd["cells"]) if dd["solved"] < dd["cells"] else tr.gettext("every cell solved"))
    caption = _e(tr.gettext("With every card known: the declarers' margin in points, per contract and declaring "
                            "side ({note})")).replace("&#x27;", "'").replace("{note}", _e(note))
    contract = _e(tr.gettext("Contract"))
    return (f'<table class="record-dd"><caption>{caption}</caption><thead><tr><th>{contract}</th>'
            f'{heads}</tr></thead><tbody>{rows}</tbody></table>')


def _player(who: str, tr: Translation) -> str:
    """Who played a seat, as the records show it: a name, or "bot" ("бот")."""
    return tr.gettext("a bot") if who == "bot" and tr is not _EN else who


def _results_html(rows: Sequence[dict], names: Sequence[str], tr: Translation = _EN) -> str:
    if not rows:
        return '<p class="record-none">' + _e(tr.gettext("No table has finished this board yet.")) + "</p>"
    names = [tr.gettext(n) if n in _SEAT_MSGIDS else n for n in names]
    variety = any("contract" in r for r in rows)
    head = "".join(f"<th>{_e(n)}</th>" for n in names)
    body = []
    for r in rows:
        contract = ""
        if variety:
            who = [names[d] for d in r.get("declarers") or []]
            decl = tr.gettext("{first} and {second}").format(first=who[0], second=who[1]) if len(who) == 2 \
                else " and ".join(who)
            contract = f"<td>{_e(r.get('contract', ''))}{' (' + _e(decl) + ')' if decl else ''}</td>"
        cells = "".join(
            f'<td><span class="record-who">{_e(_player(r["players"].get(s, "?"), tr))}</span> '
            + _e(tr.gettext("{points} pts · {matchpoints}").format(
                points=r["returns"][s], matchpoints=format_matchpoints(r["matchpoints"][s]))) + "</td>"
            for s in range(len(names)))
        body.append(f'<tr data-table="{_e(r["table"])}"><td>{_e(r["table"])}</td>{contract}{cells}</tr>')
    chead = "<th>" + _e(tr.gettext("Contract (declarers)")) + "</th>" if variety else ""
    table = _e(tr.gettext("Table"))
    return (f'<table class="record-results"><thead><tr><th>{table}</th>{chead}{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def records_page(boards: Sequence[Mapping[str, Any]], *, prefix: str, title: str, lang: str = "en") -> str:
    """The hand records page (HTML text, every value escaped): ``boards`` in order, each a
    dict with ``diagram`` (:func:`deal_diagram`), ``dd`` (:func:`dd_summary` or None),
    ``rows`` (the traveller, :func:`score_traveller`'s rows with ``table``, ``players``,
    ``returns``, ``matchpoints`` and Variety's ``contract`` and ``declarers``) and
    ``playing`` (the tables playing it now); ``prefix`` the room's address prefix (its
    stylesheets); ``lang`` its words' language (``"en"``, ``"ru"``; ``title`` is given in it)."""
    tr = translation(lang)
    blocks = []
    for k, b in enumerate(boards, 1):
        d = b["diagram"]
        playing = b.get("playing") or []
        still = ('<p class="record-playing">'
                 + _e(tr.gettext("Still being played at {tables}.").format(tables=", ".join(playing))) + "</p>"
                 if playing else "")
        dealer = d["names"][d["dealer"]]
        dealer = tr.gettext(dealer) if dealer in _SEAT_MSGIDS else dealer
        head = _e(tr.gettext("Board {k} · {code} · {title} · dealer {dealer}").format(
            k=k, code=d["code"], title=tr.gettext(d["title"]), dealer=dealer))
        blocks.append(
            f'<article class="record-board" data-code="{_e(d["code"])}" data-game="{_e(d["game"])}">'
            f'<h2>{head}</h2>{still}'
            f'<div class="record-top">{_diagram(d, tr)}{_dd_html(b.get("dd"), d["names"], tr)}</div>'
            f'{_results_html(b.get("rows") or [], d["names"], tr)}</article>')
    if not blocks:
        blocks.append('<p class="record-none">'
                      + _e(tr.gettext("No board to show: no table has finished a board yet.")) + "</p>")
    p = _e(prefix)
    note = tr.gettext(_PRINT_NOTE)
    back = _e(tr.gettext("Back to the teacher's page")).replace("&#x27;", "'")
    return f"""<!doctype html>
<html lang="{_e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title>
<link rel="stylesheet" href="{p}static/room.css"><link rel="stylesheet" href="{p}static/records.css">
</head>
<body class="records" data-page="records" data-boards="{len(boards)}">
<header class="records-head"><h1>{_e(title)}</h1>
<p class="records-screen">{note}
<a href="{p}teacher">{back}</a></p></header>
<main>{"".join(blocks)}</main>
</body></html>"""

"""Deal sets: many boards in one text file, one after another (as a PBN file holds a
bridge teacher's boards), so a teacher can save a lesson's deals, hand them out and step
through them board by board.

Format: each board is a ``[Board "n"]`` tag followed by
the deal's own tag pairs exactly as :func:`cardkit.records.deal_to_text` writes them, and
a blank line between boards; lines starting with ``%`` or ``;`` are comments::

    % cardkit deal set, 2 boards
    [Board "1"]
    [Game "variety"]
    [Code "V-4821"]
    [Dealer "1"]
    [Rules "lead=left_of_first_namer contract_values=book deals=8 tie=declarers_lose"]
    [Deal "0:AK73.AQ5.KJ4.AQ9 QJT9.KJ.AQ9.KJT8 8654.T987.T8.765 2.6432.7653.432"]

    [Board "2"]
    [Game "variety"]
    ...

A board may hold the deal's actions (``Actions``: a played deal, read back at the point
they reach) and its ``Scores``. A file written without ``Board`` tags (deal texts pasted
one after another) starts a new board at each ``Game`` tag. Boards of different games may
share a file; a play table takes the boards of its own game (``DealDashboard.load_deals``).

:func:`deals_to_text` and :func:`deals_from_text` are exact inverses on what the first
writes: ``deals_to_text(deals_from_text(text)) == text``.

Variety is dealt as bridge is (52 cards, four hands of 13), so a Variety set can also be
written and read as **PBN** (Portable Bridge Notation 2.1, the format every bridge program
reads): :func:`deals_to_pbn` and :func:`deals_from_pbn`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .codes import DealSpec, deal_code, deal_from_code
from .errors import CardkitError, NotationError, quote
from .records import deal_from_text, deal_to_text

__all__ = ["deals_to_text", "deals_from_text", "deal_set_codes", "deals_to_pbn", "deals_from_pbn", "MAX_BOARDS"]

#: The most boards one set holds (a safety limit for text from a page: a lesson has a few
#: dozen at most).
MAX_BOARDS = 500

_BOARD = re.compile(r'^\[\s*Board\s+"([^"]*)"\s*\]$')
_GAME = re.compile(r'^\[\s*Game\s+"')
_DIGITS = re.compile(r"[0-9]{1,6}")


def _state_of(deal: Any, n: int):
    """The state of one item given to :func:`deals_to_text` (a state, a spec, or a code)."""
    if isinstance(deal, str):
        try:
            return deal_from_code(deal)
        except CardkitError as e:
            raise CardkitError(f"deal set, board {n}: {e}") from None
    if isinstance(deal, DealSpec):
        return deal.new_state()
    if hasattr(deal, "game") and hasattr(deal, "_start_json"):
        return deal
    raise CardkitError(f"deal set, board {n}: {quote(deal)} is not a deal; expected a deal code such as "
                       f"'V-4821', a DealSpec or a game's state")


def _board_items(deals: Any, what: str) -> list:
    """The boards given to a writer as a list, or :class:`CardkitError` naming ``what``: one
    text instead of a list, something that is not a list, no boards, more than :data:`MAX_BOARDS`."""
    if isinstance(deals, (str, bytes)):
        raise CardkitError(f"{what} {quote(deals)}: expected a list of deals (codes, specs or states), not one text")
    try:
        items = list(deals)
    except TypeError:
        raise CardkitError(f"{what} {quote(deals)}: expected a list of deals (codes, specs or states)") from None
    if not items:
        raise CardkitError(f"{what}: no boards; give at least one deal")
    if len(items) > MAX_BOARDS:
        raise CardkitError(f"{what}: {len(items)} boards; a set holds at most {MAX_BOARDS}")
    return items


def deals_to_text(deals: Iterable[Any]) -> str:
    """The boards ``deals`` as one deal set text (see the module docstring).

    :param deals: deal codes (``"V-4821"``, ``"V-X…-D2"``), :class:`~cardkit.codes.DealSpec`
        objects or games' states (a played state keeps its actions), in board order.
    :returns: text: a comment line, then per board ``[Board "n"]`` (n from 1) and the
        deal's tag pairs (:func:`cardkit.records.deal_to_text`), boards separated by a
        blank line, ending with a newline.
    :raises CardkitError: for no boards, more than :data:`MAX_BOARDS`, or an item that is
        not a deal (a code that cannot be read: the message names the board and quotes it).

    >>> print(deals_to_text(["V-4821"]).splitlines()[1])
    [Board "1"]
    """
    items = _board_items(deals, "deal set")
    boards = [f'[Board "{n}"]\n' + deal_to_text(_state_of(d, n)) for n, d in enumerate(items, 1)]
    word = "board" if len(boards) == 1 else "boards"
    return f"% cardkit deal set, {len(boards)} {word}\n" + "\n".join(boards)


def _split_boards(lines: Sequence[str]) -> list[tuple[str, int, int]]:
    """``(board name, first line index, end index)`` per board: a board starts at a
    ``Board`` tag, or (a file with none) at each ``Game`` tag."""
    starts: list[tuple[int, str]] = []
    with_board = any(_BOARD.match(ln.strip()) for ln in lines)
    for i, raw in enumerate(lines):
        line = raw.strip()
        if with_board:
            m = _BOARD.match(line)
            if m:
                starts.append((i, m.group(1)))
        elif _GAME.match(line):
            starts.append((i, str(len(starts) + 1)))
    if not starts:
        raise NotationError('deal set: no board found; a board starts with [Board "1"] (or [Game "..."])')
    first = starts[0][0]
    for i in range(first):
        line = lines[i].strip()
        if line and line[0] not in "%;":
            raise NotationError(f"deal set, line {i + 1} {quote(lines[i])}: before the first board; a board "
                                f"starts with [Board \"1\"]")
    out = []
    for k, (i, name) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        out.append((name, i, end))
    return out


def deals_from_text(text: str) -> list:
    """Read a deal set (see the module docstring): one new state per board, in order.

    Each board is read as :func:`cardkit.records.deal_from_text` reads a deal (strictly:
    every tag known, none twice, the cards and the dealer given, the actions legal).

    :returns: a list of states, each at the point its ``Actions`` reach (the start if none).
    :raises NotationError: in one line that names the board (its ``Board`` number) and,
        from the deal's reader, the line of the file and the tag: text before the first
        board, a board number that is not a whole number or is given twice, more than
        :data:`MAX_BOARDS` boards, or any error of the deal's text (``deal set, board 2:
        deal text, line 14: tag 'Dealer' is given twice``). Nothing is returned in part.
    """
    if not isinstance(text, str):
        raise NotationError(f"deal set {quote(text)}: expected text of [Tag \"value\"] lines")
    lines = text.splitlines()
    boards = _split_boards(lines)
    if len(boards) > MAX_BOARDS:
        raise NotationError(f"deal set: {len(boards)} boards; a set holds at most {MAX_BOARDS}")
    seen: dict[str, int] = {}
    out = []
    for name, start, end in boards:
        label = name.strip()
        if not _DIGITS.fullmatch(label) or int(label) < 1:
            raise NotationError(f"deal set, line {start + 1}: Board {quote(name)} should be a board number "
                                f"1, 2, 3 ...")
        if label in seen:
            raise NotationError(f"deal set, line {start + 1}: Board {quote(name)} is given twice "
                                f"(first on line {seen[label]})")
        seen[label] = start + 1
        # the deal's own lines, the Board tag blanked; earlier lines blank too, so that the
        # deal reader's line numbers are the file's
        body = [""] * (start + 1) + list(lines[start + 1:end]) if _BOARD.match(lines[start].strip()) \
            else [""] * start + list(lines[start:end])
        try:
            out.append(deal_from_text("\n".join(body)))
        except CardkitError as e:
            raise NotationError(f"deal set, board {label}: {e}") from None
    return out


def deal_set_codes(deals: str | Iterable[Any]) -> list[str]:
    """The deal code of each board (at its start), for a teaching room
    (``Room.set_deals``) or a play table.

    :param deals: a deal set's text, or a list as :func:`deals_to_text` takes.
    :returns: one code per board: the short seed form for a deal dealt from a seed, else
        the cards form (:func:`cardkit.codes.deal_code`); a board's actions are not in it.
    :raises NotationError: for text that is not a deal set (:func:`deals_from_text`).
    :raises CardkitError: for an item that is not a deal.
    """
    if isinstance(deals, str):
        states = deals_from_text(deals)
    else:
        states = [_state_of(d, n) for n, d in enumerate(deals, 1)]
    return [deal_code(s) for s in states]


# ---- PBN (Portable Bridge Notation 2.1), Variety only -------------------------------------------

#: Variety's seats 0..3 (South, West, North, East: RULES.md §1.1) as PBN's seat letters.
PBN_SEATS = "SWNE"
_PBN_CLOCKWISE = "NESW"  # PBN's order of the hands after the first one named in a Deal tag
_PBN_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_PBN_DEAL = re.compile(r"^\s*([NESWnesw])\s*:\s*(.*)$")
_OWN_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')


def _pbn_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def deals_to_pbn(deals: Iterable[Any]) -> str:
    """Variety boards as a PBN 2.1 file, for bridge programs and bridge teachers' tools.

    Each board is a game of PBN's export format: the seven-tag roster and the other
    mandatory tags (``Event``, ``Site``, ``Date``, ``Board`` n from 1, the four players,
    ``Dealer``, ``Vulnerable "None"``, ``Deal "S:…"`` with South's hand first and then
    West, North, East, suits in the order ♠ ♥ ♦ ♣ and the ten as ``T``; ``Scoring``,
    ``Declarer``, ``Contract``, ``Result`` unknown, ``"?"``), then two tags of the kit's own
    that a bridge program keeps and ignores: ``VarietyCode`` (the deal code,
    :func:`cardkit.codes.deal_code`) and ``VarietyRules`` (the deal's rule variants, RULES.md
    §1). Games are separated by a blank line; the file starts with ``% PBN 2.1`` and
    ``% EXPORT``. Each board is written at its start (a played board's actions are not kept:
    PBN's auction and play sections are bridge's).

    :param deals: Variety deal codes, :class:`~cardkit.codes.DealSpec` objects or states,
        in board order (as :func:`deals_to_text` takes).
    :returns: the file's text, ending with a newline. :func:`deals_from_pbn` reads it back
        to the same deals (codes, dealers and rules).
    :raises CardkitError: for no boards, more than :data:`MAX_BOARDS`, an item that is not
        a deal, or a board of another game (PBN holds four hands of 13 cards).

    >>> print(deals_to_pbn(["V-4821"]).splitlines()[12])
    [Deal "S:QT3.AKT972.T62.9 9.QJ6.J9853.Q862 AK762.53.AK.KT75 J854.84.Q74.AJ43"]
    """
    items = _board_items(deals, "PBN deal set")
    games = []
    for n, item in enumerate(items, 1):
        state = _state_of(item, n)
        if state.game != "variety":
            raise CardkitError(f"PBN deal set, board {n}: a {state.game.replace('_', ' ')} deal; PBN holds "
                               f"Variety deals only (four hands of 13 cards)")
        own = {}
        for line in deal_to_text(state).splitlines():
            m = _OWN_TAG.match(line)
            if m:
                own[m.group(1)] = m.group(2)
        first, _, hands = own["Deal"].partition(":")
        if first != "0":  # deal_to_text writes seat 0 first
            raise CardkitError(f"PBN deal set, board {n}: unexpected deal text {quote(own['Deal'])}")
        tags = [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Board", str(n)),
                ("West", "?"), ("North", "?"), ("East", "?"), ("South", "?"),
                ("Dealer", PBN_SEATS[int(own["Dealer"])]), ("Vulnerable", "None"),
                ("Deal", "S:" + hands), ("Scoring", "?"), ("Declarer", "?"), ("Contract", "?"),
                ("Result", "?")]
        if "Code" in own:
            tags.append(("VarietyCode", own["Code"]))
        tags.append(("VarietyRules", own["Rules"]))
        games.append("".join(f'[{t} "{v}"]\n' for t, v in tags))
    return "% PBN 2.1\n% EXPORT\n" + "\n".join(games)


def _pbn_games(text: str) -> list[tuple[int, dict[str, str]]]:
    """``(first line number, {tag: value})`` per PBN game: tag pairs, games ended by an
    empty line; ``%`` lines, ``;`` comments, ``{…}`` comments (across lines) and the data
    lines of sections (``Auction``, ``Play``, tables) are passed over; a value ``"#"``
    repeats the previous game's value of that tag (PBN 2.1 §3.5)."""
    games: list[tuple[int, dict[str, str]]] = []
    current: dict[str, str] = {}
    start = 0
    previous: dict[str, str] = {}
    in_brace = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw
        if in_brace:
            end = line.find("}")
            if end < 0:
                continue
            line = line[end + 1:]
            in_brace = False
        stripped = line.strip()
        if stripped.startswith("%"):
            continue
        if not stripped:
            if current:
                games.append((start, current))
                previous, current = current, {}
            continue
        # comments inside the line: ";" to the end, "{...}" (may open a comment to a later line)
        out, i = [], 0
        while i < len(line):
            ch = line[i]
            if ch == '"':  # a tag's value: copied whole
                j = i + 1
                while j < len(line) and line[j] != '"':
                    j += 2 if line[j] == "\\" else 1
                out.append(line[i:j + 1])
                i = j + 1
            elif ch == ";":
                break
            elif ch == "{":
                j = line.find("}", i)
                if j < 0:
                    in_brace = True
                    break
                i = j + 1
            else:
                out.append(ch)
                i += 1
        for m in _PBN_TAG.finditer("".join(out)):
            if not current:
                start = n
            name, value = m.group(1), _unquote_pbn(m.group(2))
            if value == "#" and name in previous:
                value = previous[name]
            current.setdefault(name, value)
    if current:
        games.append((start, current))
    return games


def _unquote_pbn(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def deals_from_pbn(text: str) -> list:
    """Read the Variety boards of a PBN file (PBN 2.1; one written by :func:`deals_to_pbn`,
    or by a bridge program: BBO, Bridge Composer, dealer programs, endplay).

    A game with a ``Deal`` tag is a board (a game without one, e.g. a file's header of
    ``Event`` and ``Site`` only, is passed over). The four hands may start at any seat
    (``"N:…"``: North, East, South, West clockwise), suits ♠ ♥ ♦ ♣ separated by dots, the ten
    as ``T``; every hand must hold its 13 cards (``-`` for an unknown hand is refused). PBN's
    seats are Variety's: South is the learner's seat (RULES.md §1.1). The dealer is the
    ``Dealer`` tag's seat; a board without one (or ``"?"``) takes bridge's rotation from its
    ``Board`` number (1 North, 2 East, 3 South, 4 West, …). ``VarietyRules`` (as
    :func:`deals_to_pbn` writes it) gives the rule variants (else the defaults); a
    ``VarietyCode`` tag must name the same cards, dealer and rules, and keeps its seed form.
    Other tags (players' names, contracts, auctions and play of a bridge game) are read past.

    :param text: the file's text.
    :returns: one new Variety state per board, at its start, in the file's order.
    :raises NotationError: in one line naming the board (its ``Board`` tag, else its place)
        and the file's line: no board in the file, more than :data:`MAX_BOARDS`, a Deal that
        is not four hands of 13 cards, a seat letter that is not N, E, S or W, a
        ``VarietyCode`` that names another deal. Nothing is returned in part.
    """
    if not isinstance(text, str):
        raise NotationError(f"PBN file {quote(text)}: expected the text of a PBN file")
    games = [(line, tags) for line, tags in _pbn_games(text) if "Deal" in tags]
    if not games:
        raise NotationError('PBN file: no board found; a board is a game with a [Deal "N:..."] tag')
    if len(games) > MAX_BOARDS:
        raise NotationError(f"PBN file: {len(games)} boards; a set holds at most {MAX_BOARDS}")
    out = []
    for k, (line, tags) in enumerate(games, 1):
        board = tags.get("Board", "").strip()
        where = f"PBN file, board {board or k} (line {line})"
        m = _PBN_DEAL.match(tags["Deal"])
        hands = m.group(2).split() if m else []
        if not m or len(hands) != 4:
            raise NotationError(f"{where}: Deal {quote(tags['Deal'])} should be a seat letter and four hands, "
                                f"such as \"N:AK73.AQ5.KJ4.AQ9 ...\"")
        if "-" in hands:
            raise NotationError(f"{where}: Deal {quote(tags['Deal'])} leaves a hand unknown ('-'); a Variety deal "
                                f"needs all four hands")
        by_seat = [""] * 4
        first = _PBN_CLOCKWISE.index(m.group(1).upper())
        for i, hand in enumerate(hands):
            by_seat[PBN_SEATS.index(_PBN_CLOCKWISE[(first + i) % 4])] = hand
        dealer_tag = tags.get("Dealer", "").strip().upper()
        if dealer_tag in ("", "?"):
            if not _DIGITS.fullmatch(board) or int(board) < 1:
                raise NotationError(f"{where}: no Dealer tag and no board number to take the dealer from; "
                                    f"add [Dealer \"N\"] (N, E, S or W)")
            dealer_tag = _PBN_CLOCKWISE[(int(board) - 1) % 4]
        if len(dealer_tag) != 1 or dealer_tag not in PBN_SEATS:
            raise NotationError(f"{where}: Dealer {quote(tags['Dealer'])} should be N, E, S or W")
        own = [("Game", "variety")]
        if "VarietyCode" in tags:
            own.append(("Code", tags["VarietyCode"]))
        own.append(("Dealer", str(PBN_SEATS.index(dealer_tag))))
        if "VarietyRules" in tags:
            own.append(("Rules", tags["VarietyRules"]))
        own.append(("Deal", "0:" + " ".join(by_seat)))
        try:
            out.append(deal_from_text("".join(f'[{t} "{_pbn_value(v)}"]\n' for t, v in own)))
        except CardkitError as e:
            message = str(e).removeprefix("deal text: ").replace("Code tag", "VarietyCode tag")
            raise NotationError(f"{where}: {message}") from None
    return out

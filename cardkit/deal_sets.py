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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .codes import DealSpec, deal_code, deal_from_code
from .errors import CardkitError, NotationError, quote
from .records import deal_from_text, deal_to_text

__all__ = ["deals_to_text", "deals_from_text", "deal_set_codes", "MAX_BOARDS"]

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
    if isinstance(deals, (str, bytes)):
        raise CardkitError(f"deal set {quote(deals)}: expected a list of deals (codes, specs or states), "
                           f"not one text")
    try:
        items = list(deals)
    except TypeError:
        raise CardkitError(f"deal set {quote(deals)}: expected a list of deals (codes, specs or states)") from None
    if not items:
        raise CardkitError("deal set: no boards; give at least one deal")
    if len(items) > MAX_BOARDS:
        raise CardkitError(f"deal set: {len(items)} boards; a set holds at most {MAX_BOARDS}")
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

"""The cards form of a deal code (``docs/deal-codes.md``): a deal as one number, the
lexicographic rank of its card-to-place sequence among all with the same place sizes (a
multinomial rank), written in base32 (RFC 4648 alphabet ``A-Z 2-7``) with one check
character. :mod:`cardkit.codes` reads and writes whole codes with it and re-exports
:func:`encode_places` and :func:`decode_places`.

The check character is ``sum((2i + 1) * v_i) mod 32`` over the symbols' values ``v_i``:
the odd weights catch every single mistyped character, and every swap of two neighbours
except of two symbols whose values differ by 16.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

from cardkit.i18n import N_

from .cards import Card
from .errors import CardkitError, NotationError, quote

__all__ = ["encode_places", "decode_places", "B32_VALUE", "check_char"]

_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B32_VALUE = {ch: i for i, ch in enumerate(_B32)}
_CHECK_MOD = 32


def _count(sizes: Sequence[int]) -> int:
    """How many sequences have ``sizes[p]`` symbols ``p``: a multinomial coefficient."""
    n = factorial(sum(sizes))
    for s in sizes:
        n //= factorial(s)
    return n


def check_char(symbols: str) -> str:
    return _B32[sum((2 * i + 1) * B32_VALUE[ch] for i, ch in enumerate(symbols)) % _CHECK_MOD]


def _width(sizes: Sequence[int]) -> int:
    total = _count(sizes)
    return max(1, ((total - 1).bit_length() + 4) // 5)


def encode_places(places: Sequence[Sequence[Card]], cards: Sequence[Card]) -> str:
    """The ``CARDS`` part of a cards-form code: base32 of the deal's rank, plus a check.

    :param places: the cards of each place (order within a place does not count).
    :param cards: the game's deck, in :func:`cardkit.deck` order; every card must lie in
        exactly one place.
    :raises CardkitError: when the places do not hold each card of ``cards`` exactly once.
    """
    where: dict[Card, int] = {}
    for p, cs in enumerate(places):
        for c in cs:
            if c in where:
                raise CardkitError(f"{c} lies in two places ({where[c]} and {p})")
            where[c] = p
    if set(where) != set(cards):
        missing = [str(c) for c in cards if c not in where]
        extra = [str(c) for c in where if c not in set(cards)]
        raise CardkitError(f"the places must hold the deck once: missing {missing}, foreign {extra}")
    sizes = [len(cs) for cs in places]
    remaining = list(sizes)
    left = sum(sizes)
    rank = 0
    for c in cards:
        p = where[c]
        left -= 1
        for q in range(p):
            if remaining[q]:
                remaining[q] -= 1
                rank += _count(remaining)
                remaining[q] += 1
        remaining[p] -= 1
    width = _width(sizes)
    digits = []
    for _ in range(width):
        digits.append(_B32[rank & 31])
        rank >>= 5
    body = "".join(reversed(digits))
    return body + check_char(body)


def decode_places(text: str, cards: Sequence[Card], sizes: Sequence[int], *,
                  code: str | None = None) -> list[list[Card]]:
    """Inverse of :func:`encode_places`.

    :raises NotationError: for a wrong length, a character outside base32, a check
        character that does not match, or a number too large for a deal.
    """
    shown = code if code is not None else text
    width = _width(sizes)
    s = text.upper()
    bad = [ch for ch in s if ch not in B32_VALUE]
    if bad:
        raise NotationError.worded(N_("deal code {code}: {char} is not a card-code character (expected letters A-Z "
                                      "and digits 2-7 after 'X')"), code=quote(shown), char=quote(bad[0]))
    if len(s) != width + 1:
        raise NotationError.worded(N_("deal code {code}: expected {n} characters after 'X', found {found}"),
                                   code=quote(shown), n=width + 1, found=len(s))
    body, check = s[:-1], s[-1]
    if check_char(body) != check:
        raise NotationError.worded(N_("deal code {code}: the check character does not match; a character was "
                                      "mistyped"), code=quote(shown))
    rank = 0
    for ch in body:
        rank = rank * 32 + B32_VALUE[ch]
    if rank >= _count(sizes):
        raise NotationError.worded(N_("deal code {code}: the cards part names no deal (number too large)"),
                                   code=quote(shown))
    remaining = list(sizes)
    places: list[list[Card]] = [[] for _ in sizes]
    for c in cards:
        for p in range(len(remaining)):
            if not remaining[p]:
                continue
            remaining[p] -= 1
            n = _count(remaining)
            if rank < n:
                places[p].append(c)
                break
            rank -= n
            remaining[p] += 1
    return places


# Older private names of the public ones above, for code written before they were public.
_check_char = check_char

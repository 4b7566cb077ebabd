"""The room service's words and messages: the messages a page may send (:data:`MESSAGES`) and
their checks, a refusal (:class:`MessageRefused`) and its words (:func:`said_words`), the rate
limiter (:class:`TokenBucket`), a learner's text (:func:`for_learner`) and JSON read strictly
(:func:`read_json`). Part of :mod:`cardkit.room.service` (issue 30 split it), which gives every
name too."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardkit.core.codes import GAMES, cards_identity
from cardkit.core.errors import CardkitError, IllegalActionError, NotationError, quote
from cardkit.i18n import N_, Translation, translation
from cardkit.table.table_session import SEAT_NAMES
from cardkit.wording import seats_named, tens_as_10

from .lang import seat_word
from .limits import BURST, MAX_REMEMBERED, RATE
from .table import PageMessageError

# ---- the page's messages ------------------------------------------------------------------

ACTS = {"act": ("action",), "card": ("card",), "bid": ("value",), "trump": ("index",), "draw": ("stack",)}
#: page -> message kind -> the keys it may carry besides ``kind`` (``table`` and ``seat``
#: on a table page name the connection's own table and seat, or the message is refused)
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "lobby": {"ping": (), "sit": ("table", "seat"), "leave": (), "open": ("game", "deals", "bots", "pace")},
    "table": {"ping": (), "leave": ("table", "seat"), "control": ("name", "value", "card"), "next": ("table",),
              **{k: (*v, "table", "seat") for k, v in ACTS.items()}},
    "teacher": {"ping": (), "open": ("game", "deals", "bots", "pace"), "start": ("table",), "next_board": ("table",),
                "undo": ("table",), "set_deals": ("table", "deals"), "replay": ("table", "board"),
                "unseat": ("table", "seat"), "next_all": (), "pause": ("table", "paused"),
                "pause_all": ("paused",), "pace": ("table", "pace"), "announce": ("text",),
                "seat": ("table", "seat", "learner"), "close": ("table",)},
}
GAME_TITLES = {e.name: e.title for e in GAMES.values()}
#: what an action changed: its table and the deal code of the board it finished (if it did)
Scope = tuple[str, frozenset[str]]
#: what changed for the teachers' rows: one table's scope, or several merged (their ids)
TeacherScope = tuple[str | frozenset[str], frozenset[str]]


@contextlib.contextmanager
def codes_said():
    """Within: a refusal of the deal codes (the codes' own reason, English: ``cardkit/codes.py``)
    is said on a page in another language as one line of the catalog; the English line is as it was."""
    try:
        yield
    except CardkitError as e:
        if getattr(e, "said", None) is not None:
            raise
        raise MessageRefused(one_line(e), said=(N_("These deal codes cannot be played at this table: check "
                                                    "them (such as V-4821 V-17)."), {})) from None


def sock_lang(sock: Any) -> str:
    """A page's language (:attr:`RoomSocket.lang`; English for a stand-in without one)."""
    return getattr(sock, "lang", "en")


def merge_scopes(scopes: Sequence[Scope | None]) -> TeacherScope | None:
    """One scope for the changes ``scopes`` (None: everything)."""
    if not scopes or any(sc is None for sc in scopes):
        return None
    tables = frozenset(sc[0] for sc in scopes if sc is not None)
    codes = frozenset(c for sc in scopes if sc is not None for c in sc[1])
    return (next(iter(tables)) if len(tables) == 1 else tables), codes
BOT_KINDS = {"rule": "rule", "expert": "expert", "none": None}
#: the teacher's words for the tables a message changed
#: a table's bots as the lobby says them
BOT_WORDS = {"rule": N_("rule bots"), "expert": N_("expert bots"), None: N_("no bots (people only)")}
ENGLISH = translation("en")


def set_words(t: dict, tr: Translation | None = None) -> str:
    """A table's boards as the lobby says them (:meth:`Room.tables`' row), never their codes:
    "random boards", "a set of 6 boards", "a set of 6 boards, board 2 in play" (in ``tr``'s
    language; None: English)."""
    tr = tr or ENGLISH
    n = t.get("set_size")
    if n is None:
        return tr.gettext("random boards")
    if t.get("started") and t.get("position"):
        return tr.ngettext("a set of {n} board, board {position} in play",
                           "a set of {n} boards, board {position} in play", n).format(n=n, position=t["position"])
    return tr.ngettext("a set of {n} board", "a set of {n} boards", n).format(n=n)


def bot_words(bots: str | None, tr: Translation | None = None) -> str:
    """A table's bots in words ("rule bots") in ``tr``'s language."""
    return (tr or ENGLISH).gettext(BOT_WORDS[bots])


class MessageRefused(CardkitError):
    """A page's message that the service refuses (one line, to that connection only);
    ``said`` as :class:`cardkit.room.RoomError`'s (the line in the page's language)."""

    def __init__(self, message: str = "", *, said: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.said = said


#: what a page that is not English says for a refusal of these kinds that has no ``said``
#: of its own (the English message, for the log, quotes what was sent)
SAID_BY_CLASS: tuple[tuple[type, str], ...] = (
    (PageMessageError, N_("The page sent a message the room cannot read.")),
    (NotationError, N_("The room cannot read that action.")),
    (IllegalActionError, N_("The rules do not allow that now.")),
)


def said_words(error: BaseException | tuple[str, dict[str, Any]] | None, tr: Translation) -> str:
    """A refusal as a page in ``tr``'s language shows it: the error's ``said`` (a catalog
    message and its values; a seat's name translated), else the line of its class, else
    "The room cannot do that now." (the English message, which quotes what was sent, is
    logged)."""
    said = error if isinstance(error, tuple) or error is None else getattr(error, "said", None)
    if said is None and isinstance(error, BaseException):
        said = next(((m, {}) for cls, m in SAID_BY_CLASS if isinstance(error, cls)), None)
    if said is None:
        return tr.gettext("The room cannot do that now.")
    message, values = said
    return tr.gettext(message).format(**{k: seat_word(v, tr) if isinstance(v, str) else v for k, v in values.items()})


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved; each message takes one.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__   # the start, three messages at once, one later
    >>> b = TokenBucket(1.0, 2, clock=clock)
    >>> [b.take(), b.take(), b.take()]
    [True, True, False]
    >>> b.take()                   # a second later, one token more
    True
    """

    def __init__(self, rate: float = RATE, burst: int = BURST, *, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = float(rate), int(burst), clock
        self.tokens = float(burst)
        self.last = clock()

    def peek(self) -> float:
        """The tokens saved now (none taken)."""
        return min(self.burst, self.tokens + (self.clock() - self.last) * self.rate)

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False




def for_learner(text: str, players: int | None = None) -> str:
    """A message as a learner reads it (the room's display layer; the engines' words
    stay as they are): each ten ``10`` (:func:`cardkit.wording.tens_as_10`) and, with the
    table's number of ``players``, each ``seat 2`` named (``North``).

    >>> for_learner("T♠ is not in seat 0's hand: it holds J♠ T♣", 4)
    "10♠ is not in South's hand: it holds J♠ 10♣"
    """
    text = tens_as_10(text)
    if players in SEAT_NAMES:
        text = seats_named(text, players, SEAT_NAMES[players])
    return text


def one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__)[:300]


def no_constant(name: str):
    raise ValueError(f"not JSON ({name} is not a JSON number)")


def read_json(raw: str | bytes) -> Any:
    """The JSON value of a request body or a websocket message: the one door every message
    and answer goes through.

    Refused with a :class:`ValueError` whose text is the reason in a few words (for a
    learner's one line): bytes that are not UTF-8, text that is not JSON (or nested too deep,
    or a number of more than 4,300 digits), ``NaN`` / ``Infinity`` (not JSON numbers), and
    any string or key that is not valid Unicode text (a lone surrogate such as
    ``"\\ud800"``, which JSON's escapes can spell but no text holds).

    >>> read_json('{"kind": "ping"}')
    {'kind': 'ping'}
    >>> read_json('{"item": "\\ud800"}')
    Traceback (most recent call last):
    ...
    ValueError: not valid Unicode text (a lone surrogate)
    >>> read_json(b"\\xff")
    Traceback (most recent call last):
    ...
    ValueError: not JSON
    """
    try:
        value = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw, parse_constant=no_constant)
    except RecursionError:  # JSON nested past Python's recursion limit
        raise ValueError("not JSON (nested too deep)") from None
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError, a number of 4,301 digits, NaN
        raise ValueError(str(e) if str(e).startswith("not JSON (") else "not JSON") from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("not valid Unicode text (a lone surrogate)") from None
    except RecursionError:  # pragma: no cover - loads refuses deeper first
        raise ValueError("not JSON (nested too deep)") from None
    return value


def plays_board(board: str | None, codes: frozenset[str]) -> bool:
    """True when a table's board (its code, or None) is one of ``codes`` in any form of its
    code: the same cards (:func:`cardkit.codes.cards_identity`; ``V-4821-D2`` plays ``V-4821``)."""
    return board is not None and bool(codes) and cards_identity(board) in {cards_identity(c) for c in codes}


def traveller_line(r: dict, names: Sequence[str], tr: Translation | None = None) -> dict:
    """A traveller's row (:meth:`Room.results`) as the teachers' page shows it: the seats
    named (in ``tr``'s language; None: English), with the points and matchpoints per seat;
    a teacher who played marked "(teacher)"."""
    tr = tr or ENGLISH
    teachers = r.get("teachers") or ()
    names = [seat_word(n, tr) for n in names]
    return {"table": r["table"], "board": r["board"], "contract": r.get("contract"),
            "declarers": [names[d] for d in r.get("declarers") or []],
            "players": [tr.gettext("{seat} {player} (teacher)").format(seat=names[s], player=p) if s in teachers
                        else f"{names[s]} {p}" for s, p in sorted(r["players"].items())],
            "returns": r["returns"], "matchpoints": r["matchpoints"]}


def deal_list(value) -> list[str] | None:
    """A set of deal codes from a message: a list of codes, text (codes separated by
    spaces, commas or lines), a whole deal-set file's text (the kit's own, as the deal
    editor saves it: :func:`cardkit.deal_sets.deal_set_codes`; or PBN, Variety only:
    :func:`cardkit.deal_sets.deals_from_pbn`; each board keeps its dealer), or null / empty
    for random boards. A file that cannot be read is refused in one line."""
    if value is None:
        return None
    if isinstance(value, str) and "[" in value:  # a deal-set file (tags in brackets), not bare codes
        from cardkit.core.deal_sets import deal_set_codes, deals_from_pbn

        try:
            kits_own = "% cardkit deal set" in value or '[Code "' in value
            return deal_set_codes(value if kits_own else deals_from_pbn(value)) or None
        except CardkitError as error:
            raise MessageRefused(f"the deal set file: {str(error)[:200]}",
                                 said=(N_("The deal set file cannot be read."), {})) from None
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(c, str) and len(c) <= 200 for c in value):
        raise MessageRefused(f"deals {quote(value)}: expected deal codes such as 'V-4821 V-17', or none for random "
                             f"boards", said=(N_("Expected deal codes such as V-4821 V-17, or none for random boards."),
                                              {}))
    return value or None


def forget_oldest(memory: dict) -> None:
    """Keep ``memory`` (a dict, oldest first) under :data:`MAX_REMEMBERED`: past it, the
    oldest half is forgotten."""
    if len(memory) >= MAX_REMEMBERED:
        for k in list(memory)[:len(memory) // 2]:
            del memory[k]

"""Exporting and importing deals and whole games (generic over the state protocol).

Two formats, both documented in ``docs/deal-codes.md``:

**A deal as text** (:func:`deal_to_text`, :func:`deal_from_text`), PBN-like tag pairs,
one per line; lines starting with ``%`` or ``;`` are comments::

    [Game "variety"]
    [Code "V-XA3WLA6HFKZUGP5C7ZCEPW-D1"]
    [Dealer "1"]
    [Rules "lead=left_of_first_namer contract_values=book deals=8 tie=declarers_lose"]
    [Deal "0:AK73.AQ5.KJ4.AQ9 QJT9.KJ.AQ9.KJT8 8654.T987.T8.765 2.6432.7653.432"]
    [Actions "2 3 6 2 QH 2H 5H 3H"]
    [Scores "26 0 0 26"]

- ``Game``: the game's name (``State.game``). Required.
- ``Dealer``: the dealer's seat. ``Rules``: ``field=value`` pairs of the game's
  ``Rules`` (left out: the default). ``Deal`` (Variety and games dealt as hands only):
  ``"<first seat>:"`` then one PBN hand per seat, clockwise (RULES.md, "Common
  conventions"). Games whose start is more than hands write each field of their saved
  start (``State.to_json``) as a tag holding JSON.
- ``Actions`` (optional): every action so far in notation (bids as numbers, cards as
  ``QH``), separated by spaces, or by commas when an action holds a space (Armenian
  Durak's ``trump 3``, ``draw none``; without a comma a word is read with the number or
  word after it, so a lone ``trump 3`` is one action); it is replayed through the engine,
  so an illegal action is an error.
- ``Code`` and ``Scores`` (optional, written for information): when present on import
  they must agree with the deal (a check against hand-edited files). The code is
  ``deal_code(state)``: the short seed form (``V-4821``) for a deal dealt from a seed,
  else the cards form; on import the two deals are compared in the cards form, so either
  form is read.

**A whole game as JSON** (:func:`game_record_to_json`, :func:`game_record_from_json`)::

    {"format": "cardkit-game-record", "version": 1, "game": "variety",
     "rules": {...}, "first_dealer": 2, "cut": [{"0": "QH", "1": "7S", ...}, ...],
     "players": ["rule", "rule", null, "random"],
     "deals": [{"code": "V-X...-D2", "deal": <State.to_json() object>,
                "remarks": [[0, "I bid 4: ..."]], "scores": [26, 0, 0, 26]}, ...],
     "totals": [...], "rng": <numpy bit generator state, so the game can go on>}

A deal whose ``scores`` is null is unfinished or not yet recorded (only the last one may
be). Every import is a pure function: it builds new objects or raises
:class:`~cardkit.NotationError`; nothing the caller holds is touched, so a controller
that fails to load a file keeps the game it had.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any

import numpy as np

from ._checks import is_whole
from .cards import Card
from .codes import deal_code, game_entry
from .errors import CardkitError, NotationError, quote

__all__ = [
    "deal_to_text", "deal_from_text", "GameRecord", "game_record_to_json", "game_record_from_json",
    "RECORD_FORMAT",
]

RECORD_FORMAT = "cardkit-game-record"
RECORD_VERSION = 1

_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: '²', '３', '٣' are not seat numbers here

#: tags every game's deal text may hold (the game's start adds its own, see _start_tags)
_COMMON_TAGS = ("Game", "Code", "Dealer", "Rules", "Actions", "Scores")
#: start fields that hold the cards: a deal text without them names no deal
_CARD_FIELDS = ("hands", "layout")


# ---- a deal as text ------------------------------------------------------------------------

def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _camel(key: str) -> str:
    return "".join(p.capitalize() for p in key.split("_"))


def _snake(tag: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", tag).lower()


def _rules_text(rules) -> str:
    def text(v) -> str:
        return v if isinstance(v, str) else json.dumps(v)
    return " ".join(f"{f.name}={text(getattr(rules, f.name))}" for f in fields(rules))


def _parse_rules_text(text: str, rules_class) -> Any:
    kw: dict[str, Any] = {}
    names = {f.name for f in fields(rules_class)}
    for item in text.split():
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise NotationError(f"Rules tag: {quote(item)} should be field=value, such as 'lead=left_of_dealer'")
        if key not in names:
            raise NotationError(f"Rules tag: {quote(key)} is not a rule of this game; expected one of {sorted(names)}")
        if key in kw:
            raise NotationError(f"Rules tag {quote(text)}: {quote(key)} is given twice")
        try:
            kw[key] = json.loads(value)
        except (ValueError, RecursionError):  # read as text; the Rules refuse it
            kw[key] = value
    try:
        return rules_class(**kw)
    except (CardkitError, TypeError, ValueError) as e:
        raise NotationError(f"Rules tag {quote(text)}: {e}") from None


def _seat_number(value: str, what: str, players: int) -> int:
    """A seat written in a tag: ASCII digits, 0..players-1.

    :raises NotationError: naming ``what`` and quoting ``value``.
    """
    v = value.strip()
    if not _DIGITS.fullmatch(v) or len(v) > 6 or int(v) >= players:  # int() refuses 4,300 digits
        raise NotationError(f"deal text: {what} {quote(value)} should be a seat number 0..{players - 1}")
    return int(v)


def _start_tags(entry, module, rules) -> tuple[dict[str, str], int]:
    """The tags of the game's start (``{"Layout": "layout", ...}``, and ``Deal`` for a game
    dealt as hands) and the number of players, read off a reference deal of the engine."""
    players = getattr(rules, "players", None) or entry.players[0]
    ref = entry.from_seed(module, 0, 0, rules, players)
    tags = {_camel(k): k for k in ref._start_json() if k not in ("rules", "dealer", "remarks")}
    if "hands" in tags.values():
        tags["Deal"] = "hands"
    return tags, ref.players


def deal_to_text(state) -> str:
    """The deal of ``state`` (its start, and the actions so far) as PBN-like tag pairs.

    :param state: any game's state (:class:`~cardkit.state.TrickGameState`).
    :returns: text, one ``[Tag "value"]`` per line, ending with a newline.
    """
    start = state._start_json()
    lines = [("Game", state.game)]
    with contextlib.suppress(CardkitError):
        lines.append(("Code", deal_code(state)))
    lines.append(("Dealer", str(state.dealer)))
    lines.append(("Rules", _rules_text(state.rules)))
    for key, value in start.items():
        if key in ("rules", "dealer", "remarks"):
            continue
        if key == "hands" and all(isinstance(h, str) for h in value):
            lines.append(("Deal", "0:" + " ".join(h if h.strip(".") else "-" for h in value)))
        else:
            lines.append((_camel(key), json.dumps(value, ensure_ascii=False)))
    if state.history:
        acts = [state.action_to_str(a) for a in state.history]
        sep = ", " if any(" " in a for a in acts) else " "
        lines.append(("Actions", sep.join(acts)))
    if state.is_terminal():
        lines.append(("Scores", " ".join(str(x) for x in state.returns())))
    return "".join(f'[{tag} "{_quote(value)}"]\n' for tag, value in lines)


def deal_from_text(text: str):
    """Read a deal written by :func:`deal_to_text` (or by hand in the same format).

    :returns: a new state at the point the ``Actions`` tag reaches (the start if none).
    Strict: every tag must be one this game writes (``Game``, ``Code``, ``Dealer``,
    ``Rules``, ``Actions``, ``Scores``, and the game's start: ``Deal`` or ``Hands`` for
    Variety and Warsaw Hearts, ``Layout`` and ``Trump`` for Armenian Durak); a misspelled
    tag such as ``[Dealr "2"]`` is an error naming it, never silently ignored. ``Dealer``
    and the cards (``Deal`` / ``Hands`` / ``Layout``) are required. Seat numbers are ASCII
    digits (``²`` or ``３`` are refused).

    :raises NotationError: for a line that is not a tag pair or a comment, a tag given
        twice, an unknown tag, a missing ``Game``, ``Dealer`` or cards tag, a seat number
        that is not a seat (``Dealer``, the first seat of ``Deal``), bad hands, an
        illegal action (quoted with its position), or a ``Code`` / ``Scores`` tag that
        disagrees with the deal.
    """
    if not isinstance(text, str):
        raise NotationError(f"deal text {quote(text)}: expected text of [Tag \"value\"] lines")
    tags: dict[str, str] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "%;":
            continue
        m = _TAG.match(line)
        if not m:
            raise NotationError(f"deal text, line {n} {quote(raw)}: expected a tag pair such as [Dealer \"0\"]")
        tag, value = m.group(1), _unquote(m.group(2))
        if tag in tags:
            raise NotationError(f"deal text, line {n}: tag {quote(tag)} is given twice")
        tags[tag] = value
    if "Game" not in tags:
        raise NotationError("deal text: the [Game \"...\"] tag is missing")
    entry = game_entry(tags["Game"])
    module = entry.engine()
    rules = _parse_rules_text(tags.get("Rules", ""), module.Rules)
    start_tags, players = _start_tags(entry, module, rules)
    known = list(_COMMON_TAGS) + sorted(start_tags)
    for tag in tags:
        if tag not in known:
            close = difflib.get_close_matches(tag, known, n=1)
            hint = f" (did you mean {quote(close[0])}?)" if close else ""
            raise NotationError(f"deal text: unknown tag {quote(tag)}{hint}; a {entry.title} deal has the tags "
                                f"{', '.join(known)}")
    data: dict[str, Any] = {"game": entry.name, "format": 1, "rules": asdict(rules)}
    if "Deal" in tags and "Hands" in tags:
        raise NotationError("deal text: give the hands once, in [Deal \"...\"] or [Hands \"...\"], not both")
    if "Deal" in tags:
        first, colon, hands_text = tags["Deal"].partition(":")
        if not colon or not _DIGITS.fullmatch(first.strip()):
            raise NotationError(f"deal text: Deal {quote(tags['Deal'])} should start with the first seat and a colon, "
                                f"such as \"0:AK73.AQ5.KJ4.AQ9 ...\"")
        k = _seat_number(first, "the first seat of Deal", players)
        hands = [("" if h == "-" else h) for h in hands_text.split()]
        data["hands"] = hands[-k:] + hands[:-k] if k else hands
    for tag, value in tags.items():
        if tag not in start_tags or tag == "Deal":
            continue
        try:
            data[start_tags[tag]] = json.loads(value)
        except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested too deep
            raise NotationError(f"deal text: tag {quote(tag)} should hold JSON, found {quote(value)}") from None
    missing = [t for t, k in start_tags.items() if k in _CARD_FIELDS and k not in data and t != "Hands"]
    if missing:
        raise NotationError(f"deal text: the [{missing[0]} \"...\"] tag is missing: it gives the cards")
    if "Dealer" not in tags:
        raise NotationError("deal text: the [Dealer \"...\"] tag is missing")
    data["dealer"] = _seat_number(tags["Dealer"], "Dealer", players)
    acts = tags.get("Actions", "")
    data["history"] = [a.strip() for a in acts.split(",") if a.strip()] if "," in acts else _space_separated(acts)
    try:
        state = module.State.from_json(json.dumps(data))
    except CardkitError as e:
        raise NotationError(f"deal text: {e}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        # the engine's own reading should raise NotationError; never let a bare one out
        raise NotationError(f"deal text: the deal could not be read: {e}") from None
    if "Code" in tags:
        try:
            coded = _start_of_code(tags["Code"])
            mine = _cards_code(state)
        except CardkitError as e:
            raise NotationError(f"deal text: Code tag: {e}") from None
        if coded != mine:
            raise NotationError(f"deal text: the Code tag {quote(tags['Code'])} names another deal than the Deal tag")
        _keep_seed(state, tags["Code"])
    if "Scores" in tags:
        want = tags["Scores"].split()
        got = [str(x) for x in state.returns()] if state.is_terminal() else None
        if got != want:
            raise NotationError(f"deal text: Scores {quote(tags['Scores'])} do not match the play "
                                f"({'unfinished' if got is None else ' '.join(got)})")
    return state


def _space_separated(text: str) -> list[str]:
    """The actions of an ``Actions`` tag without commas: split at spaces, but a word of
    three letters or more (``trump``, ``draw``; never a card or a bid) is read with the token
    after it, so that the lone action ``trump 3``, written without a comma, is one action."""
    out: list[str] = []
    for token in text.split():
        if out and _WORD.fullmatch(out[-1]):
            out[-1] += " " + token
        else:
            out.append(token)
    return out


_WORD = re.compile(r"[a-z]{3,}", re.IGNORECASE)


def _start_of_code(code: str) -> str:
    """The cards-form code of the deal ``code`` names (seed codes are dealt out), for
    comparing the cards, dealer and deal-level rules of two deals."""
    from .codes import deal_from_code
    return _cards_code(deal_from_code(code))


def _keep_seed(state, code: str) -> None:
    """``code`` (already checked to name the deal of ``state``) is a seed code: an engine
    whose states keep the ``seed`` they were dealt from gets it back, so that
    ``deal_code`` of the state read gives the same short code as the state written."""
    from .codes import parse_deal_code
    seed = parse_deal_code(code).seed
    if seed is not None and hasattr(state, "seed") and getattr(state, "seed", None) is None:
        state.seed = seed


def _cards_code(state) -> str:
    """The cards form of the deal of ``state`` (``V-X...``), whatever its seed: two deals
    compare equal exactly when their cards, dealer and deal-level rules agree."""
    return deal_code(state, form="cards")


# ---- a whole game as JSON -----------------------------------------------------------------

@dataclass
class GameRecord:
    """A game read back from JSON: every deal replayed and checked through the engine.

    :ivar game: the game's name.
    :ivar rules: the game's ``Rules``.
    :ivar first_dealer: the seat that dealt the first deal.
    :ivar cut: the cut for the first dealer, rounds of ``{seat: card}``.
    :ivar players: a name per seat (a bot's name, or None for a human), for information.
    :ivar deals: the states of the deals, in order (the last one may be unfinished).
    :ivar scores: the recorded scores, one list of ints (points) per recorded deal.
    :ivar rng_state: the numpy bit generator state of the game, or None.
    """

    game: str
    rules: Any
    first_dealer: int
    cut: list = field(default_factory=list)
    players: list = field(default_factory=list)
    deals: list = field(default_factory=list)
    scores: list = field(default_factory=list)
    rng_state: dict | None = None

    @property
    def totals(self) -> list[int]:
        """Each seat's total over the recorded deals (points)."""
        n = len(self.scores[0]) if self.scores else len(self.players)
        return [sum(row[s] for row in self.scores) for s in range(n)]

    def to_game(self, players=None):
        """A ``Game`` of the engine, at the point the record reached, ready to go on.

        :param players: bots or None per seat (default: None everywhere, humans).
        :raises CardkitError: when the engine has no ``Game`` class.
        """
        module = game_entry(self.game).engine()
        cls = module.Game
        return cls.resumed(list(players) if players is not None else [None] * len(self.players), rules=self.rules,
                           first_dealer=self.first_dealer,
                           cut=[dict(r) if isinstance(r, dict) else r for r in self.cut],
                           scores=self.scores, deals=[d.clone() for d in self.deals], rng_state=self.rng_state)


def _player_name(p) -> str | None:
    if p is None:
        return None
    if isinstance(p, str):
        return p
    return getattr(p, "name", type(p).__name__)


def game_record_to_json(game) -> str:
    """A whole game (deals, bids, plays, scores) as JSON text (format in the module doc).

    :param game: a game object such as :class:`cardkit.games.variety.Game` (attributes
        ``rules``, ``deals``, ``scores``, ``first_dealer``, ``cut``, ``players``, ``rng``),
        or a :class:`GameRecord`.
    """
    deals = list(game.deals)
    name = deals[0].game if deals else game_entry(_game_name_of(game)).name
    out_deals = []
    for i, st in enumerate(deals):
        item: dict[str, Any] = {}
        with contextlib.suppress(CardkitError):
            item["code"] = deal_code(st)
        item["deal"] = json.loads(st.to_json())
        if getattr(st, "remarks", None):
            item["remarks"] = [[s, t] for s, t in st.remarks]
        item["scores"] = list(game.scores[i]) if i < len(game.scores) else None
        out_deals.append(item)
    rng = getattr(game, "rng", None)
    rng_state = rng.bit_generator.state if rng is not None else getattr(game, "rng_state", None)
    data = {
        "format": RECORD_FORMAT, "version": RECORD_VERSION, "game": name,
        "rules": asdict(game.rules),
        "first_dealer": game.first_dealer,
        "cut": [_cut_to_json(r) for r in getattr(game, "cut", [])],
        "players": [_player_name(p) for p in game.players],
        "deals": out_deals,
        "totals": [sum(row[s] for row in game.scores) for s in range(len(game.scores[0]))] if game.scores else [],
        "rng": rng_state,
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def _cut_to_json(r):
    """A round of the cut ``{seat: card}`` (Variety, Hearts) or one turned card
    ``(seat, card)`` (Armenian Durak's choice of dealer)."""
    if isinstance(r, dict):
        return {str(s): c.code for s, c in r.items()}
    seat, card = r
    return [seat, card.code]


def _game_name_of(game) -> str:
    mod = type(game).__module__.rsplit(".", 1)[-1]
    return getattr(game, "game", mod)


_RECORD_KEYS = ("format", "version", "game", "rules", "first_dealer", "cut", "players", "deals", "totals", "rng")
_DEAL_KEYS = ("code", "deal", "remarks", "scores")


def _record_seat(value, what: str, players: int) -> int:
    """A seat in a record: a JSON whole number 0..players-1 (not 1.7, not true, not "1")."""
    if not is_whole(value) or not 0 <= value < players:
        raise NotationError(f"game record: {what} {quote(value)}: expected a seat, a whole number 0..{players - 1}")
    return value


def _record_row(value, what: str, players: int) -> list[int]:
    """A list of one whole number (points) per seat."""
    if not isinstance(value, list) or len(value) != players or not all(is_whole(x) for x in value):
        raise NotationError(f"game record: {what} {quote(value)}: expected a list of {players} whole numbers "
                            f"(points), one per seat")
    return list(value)


def _record_cut(value, players: int) -> list:
    """The cut: rounds of ``{"seat": "card"}`` (Variety, Hearts) or ``[seat, "card"]``
    (Armenian Durak's turned cards)."""
    from .notation import parse_card
    if not isinstance(value, list):
        raise NotationError(f"game record: cut {quote(value)}: expected a list of rounds")
    out: list[dict[int, Card] | tuple[int, Card]] = []
    for n, r in enumerate(value, 1):
        what = f"cut round {n}"
        try:
            if isinstance(r, dict):
                rnd: dict[int, Card] = {}
                for seat, card in r.items():
                    if not _DIGITS.fullmatch(seat) or len(seat) > 6 or int(seat) >= players:
                        raise NotationError(f"seat {quote(seat)}: expected a seat 0..{players - 1}")
                    rnd[int(seat)] = parse_card(card)
                out.append(rnd)
            elif isinstance(r, list) and len(r) == 2:
                out.append((_record_seat(r[0], f"{what}: seat", players), parse_card(r[1])))
            else:
                raise NotationError(f"{quote(r)}: expected {{\"seat\": \"card\"}} or [seat, \"card\"]")
        except NotationError as e:
            msg = str(e).removeprefix("game record: ")
            raise NotationError(f"game record: {what}: {msg}") from None
    return out


def _record_remarks(value, where: str, players: int) -> list[tuple[int, str]]:
    """Table talk: a list of ``[seat, "text"]`` pairs."""
    if not isinstance(value, list):
        raise NotationError(f"{where}: remarks {quote(value)}: expected a list of [seat, \"text\"] pairs")
    out = []
    for r in value:
        if (not isinstance(r, list) or len(r) != 2 or not is_whole(r[0]) or not 0 <= r[0] < players
                or not isinstance(r[1], str)):
            raise NotationError(f"{where}: remarks: {quote(r)} should be [seat, \"text\"] with a seat "
                                f"0..{players - 1}")
        out.append((r[0], r[1]))
    return out


#: the fields of a record's ``rng``: numpy's PCG64 state, each a JSON whole number in range
_RNG_RANGES = {("state", "state"): 2 ** 128, ("state", "inc"): 2 ** 128, ("has_uint32",): 2, ("uinteger",): 2 ** 32}


def _check_rng_state(value) -> None:
    """A record's ``rng``: exactly what ``numpy.random.default_rng().bit_generator.state``
    writes (PCG64): ``{"bit_generator": "PCG64", "state": {"state": s, "inc": i},
    "has_uint32": h, "uinteger": u}`` with ``s`` and ``i`` whole numbers 0 .. 2**128 − 1,
    ``h`` 0 or 1 and ``u`` 0 .. 2**32 − 1 (not 1.5, not true, not −1).

    :raises NotationError: naming the field that is missing, unknown or out of range.
    """
    shape = ('{"bit_generator": "PCG64", "state": {"state": ..., "inc": ...}, '
             '"has_uint32": ..., "uinteger": ...}')
    if (not isinstance(value, dict) or set(value) != {"bit_generator", "state", "has_uint32", "uinteger"}
            or value["bit_generator"] != "PCG64" or not isinstance(value["state"], dict)
            or set(value["state"]) != {"state", "inc"}):
        raise NotationError(f"game record: rng {quote(value)}: expected numpy's PCG64 state, {shape}")
    for path, end in _RNG_RANGES.items():
        v: Any = value
        for k in path:
            v = v[k]
        if not is_whole(v) or not 0 <= v < end:
            raise NotationError(f"game record: rng {'.'.join(path)} {quote(v)}: expected a whole number "
                                f"0..{end - 1 if end < 2 ** 64 else '2**128 − 1'}")


def game_record_from_json(text: str) -> GameRecord:
    """Read a game written by :func:`game_record_to_json`.

    Pure: it returns a new :class:`GameRecord` or raises, and changes nothing else.
    Every deal is replayed through the engine, so an illegal bid or card is caught.
    Nothing is coerced: seats and points are JSON whole numbers (``1.7``, ``true`` and
    ``"1"`` are refused), and a key the format does not have is an error (a misspelled
    ``"scroes"`` would otherwise read as an unscored deal). Required: ``format``,
    ``version``, ``game``, ``rules``, ``first_dealer``, ``deals``; optional: ``cut``
    (default none), ``players`` (default a human, null, per seat), ``totals`` (checked
    when present), ``rng``; per deal ``deal`` is required, ``code``, ``remarks`` and
    ``scores`` optional (``scores`` null or missing: unfinished, the last deal only).

    :raises NotationError: (one line, naming the field and the deal) for text that is
        not JSON, another format or version, an unknown game, rule or key, a missing
        field, a field of the wrong type (``first_dealer`` not a seat, ``remarks`` not
        ``[seat, text]`` pairs, ``scores`` / ``totals`` not one whole number per seat),
        a deal that does not replay, a dealer out of turn, a ``code`` that names another
        deal, scores that disagree with the play, table talk in a game without it, or an
        unfinished deal that is not the last one.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise NotationError(f"game record is not JSON: {e}") from None
    except RecursionError:  # "[[[[...": nested deeper than Python's stack
        raise NotationError("game record is not JSON that cardkit reads: nested too deep") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise NotationError(f"game record: expected a JSON object with \"format\": {RECORD_FORMAT!r}")
    if not is_whole(data.get("version")) or data.get("version") != RECORD_VERSION:
        raise NotationError(f"game record: version {quote(data.get('version'))} is not {RECORD_VERSION}")
    unknown = [k for k in data if k not in _RECORD_KEYS]
    if unknown:
        raise NotationError(f"game record: unknown field {quote(unknown[0])}; expected {', '.join(_RECORD_KEYS)}")
    for key in ("game", "rules", "first_dealer", "deals"):
        if key not in data:
            raise NotationError(f"game record: the field {quote(key)} is missing")
    entry = game_entry(data["game"])
    module = entry.engine()
    if not isinstance(data["rules"], dict):
        raise NotationError(f"game record: rules {quote(data['rules'])}: expected an object of the game's rules")
    try:
        rules = module.Rules(**data["rules"])
    except (TypeError, ValueError) as e:
        raise NotationError(f"game record: rules {quote(data.get('rules'))}: {e}") from None
    n = getattr(rules, "players", None) or entry.players[0]
    first_dealer = _record_seat(data["first_dealer"], "first_dealer", n)
    cut = _record_cut(data.get("cut", []), n)
    players = data.get("players", [None] * n)
    if (not isinstance(players, list) or len(players) != n
            or not all(p is None or isinstance(p, str) for p in players)):
        raise NotationError(f"game record: players {quote(players)}: expected a list of {n} names "
                            f"(a bot's name, or null for a human)")
    deals_in = data["deals"]
    if not isinstance(deals_in, list):
        raise NotationError(f"game record: deals {quote(deals_in)}: expected a list of deals")
    deals: list[Any] = []
    scores: list[list[int]] = []
    for i, item in enumerate(deals_in):
        where = f"game record, deal {i + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("deal"), dict):
            raise NotationError(f"{where}: expected an object with a \"deal\"")
        unknown = [k for k in item if k not in _DEAL_KEYS]
        if unknown:
            raise NotationError(f"{where}: unknown field {quote(unknown[0])}; expected {', '.join(_DEAL_KEYS)}")
        try:
            state = module.State.from_json(json.dumps(item["deal"]))
        except CardkitError as e:
            raise NotationError(f"{where}: {e}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
            raise NotationError(f"{where}: the deal could not be read: {e}") from None
        if state.rules != rules:
            raise NotationError(f"{where}: played with rules {state.rules} but the game's are {rules}")
        if state.dealer != (first_dealer + i) % n:
            raise NotationError(f"{where}: dealer {state.dealer}, but the deal passes to the left: "
                                f"expected {(first_dealer + i) % n}")
        if "code" in item:
            if not isinstance(item["code"], str):
                raise NotationError(f"{where}: code {quote(item['code'])}: expected a deal code such as 'V-4821'")
            try:
                same = _start_of_code(item["code"]) == _cards_code(state)
            except CardkitError as e:
                raise NotationError(f"{where}: code: {e}") from None
            if not same:
                raise NotationError(f"{where}: code {quote(item['code'])} names another deal than the one recorded")
            _keep_seed(state, item["code"])
        remarks = _record_remarks(item.get("remarks", []), where, n)
        if remarks:
            if not hasattr(state, "remarks"):
                raise NotationError(f"{where}: remarks {quote(item['remarks'])}: {entry.title} keeps no table talk")
            if not state.remarks:
                state.remarks.extend(remarks)
            elif list(state.remarks) != remarks:  # the saved deal carries its own table talk
                raise NotationError(f"{where}: remarks {quote(item['remarks'])} disagree with the deal's own "
                                    f"{[list(r) for r in state.remarks]!r}")
        row = item.get("scores")
        if row is not None:
            row = _record_row(row, f"deal {i + 1}: scores", n)
            if not state.is_terminal():
                raise NotationError(f"{where}: scores {quote(row)} are recorded but the deal is unfinished")
            if row != state.returns():
                raise NotationError(f"{where}: recorded scores {quote(row)} do not match the play {state.returns()}")
            if len(scores) != i:
                raise NotationError(f"{where}: scored after an unscored deal")
            scores.append(row)
        elif i != len(deals_in) - 1:
            raise NotationError(f"{where}: has no scores, but only the last deal may be unfinished")
        deals.append(state)
    totals = data.get("totals")
    computed = [sum(r[s] for r in scores) for s in range(n)] if scores else []
    if totals is not None:
        if not (totals == [] and not scores):
            totals = _record_row(totals, "totals", n)
        if totals != computed:
            raise NotationError(f"game record: totals {quote(totals)} do not match the deals' scores {computed}")
    rng_state = data.get("rng")
    if rng_state is not None:
        _check_rng_state(rng_state)
        try:
            np.random.default_rng().bit_generator.state = rng_state
        except (TypeError, ValueError, KeyError, OverflowError) as e:
            raise NotationError(f"game record: rng state is malformed: {e}") from None
    return GameRecord(entry.name, rules, first_dealer, cut, players, deals, scores, rng_state)

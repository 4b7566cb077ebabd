"""Exporting and importing deals and whole games (generic over the state protocol).

Two formats, both documented in ``docs/deal-codes.md``:

**A deal as text** (:func:`deal_to_text`, :func:`deal_from_text`), PBN-like tag pairs,
one per line; lines starting with ``%`` or ``;`` are comments::

    [Game "variety"]
    [Code "V-XA3WLA6HFKZUGP5C7ZCEPW-D1"]
    [Dealer "1"]
    [Rules "lead=left_of_first_namer contract_values=seed deals=8 tie=declarers_lose"]
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
  Durak's ``trump 3``, ``draw none``); it is replayed through the engine, so an illegal action
  is an error.
- ``Code`` and ``Scores`` (optional, written for information): when present on import
  they must agree with the deal (a check against hand-edited files).

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

import json
import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any

import numpy as np

from .codes import deal_code, game_entry
from .errors import CardkitError, NotationError

__all__ = [
    "deal_to_text", "deal_from_text", "GameRecord", "game_record_to_json", "game_record_from_json",
    "RECORD_FORMAT",
]

RECORD_FORMAT = "cardkit-game-record"
RECORD_VERSION = 1

_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')


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
    return " ".join(f"{f.name}={json.dumps(getattr(rules, f.name)) if not isinstance(getattr(rules, f.name), str) else getattr(rules, f.name)}"
                    for f in fields(rules))


def _parse_rules_text(text: str, rules_class) -> Any:
    kw: dict[str, Any] = {}
    names = {f.name for f in fields(rules_class)}
    for item in text.split():
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise NotationError(f"Rules tag: {item!r} should be field=value, such as 'lead=left_of_dealer'")
        if key not in names:
            raise NotationError(f"Rules tag: {key!r} is not a rule of this game; expected one of {sorted(names)}")
        try:
            kw[key] = json.loads(value)
        except ValueError:
            kw[key] = value
    try:
        return rules_class(**kw)
    except CardkitError as e:
        raise NotationError(f"Rules tag {text!r}: {e}") from None


def deal_to_text(state) -> str:
    """The deal of ``state`` (its start, and the actions so far) as PBN-like tag pairs.

    :param state: any game's state (:class:`~cardkit.state.TrickGameState`).
    :returns: text, one ``[Tag "value"]`` per line, ending with a newline.
    """
    start = state._start_json()
    lines = [("Game", state.game)]
    try:
        lines.append(("Code", deal_code(state)))
    except CardkitError:
        pass
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
    :raises NotationError: for a line that is not a tag pair or a comment, a tag given
        twice, a missing ``Game`` or ``Deal``, bad hands, an illegal action (quoted with
        its position), or a ``Code`` / ``Scores`` tag that disagrees with the deal.
    """
    if not isinstance(text, str):
        raise NotationError(f"deal text {text!r}: expected text of [Tag \"value\"] lines")
    tags: dict[str, str] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "%;":
            continue
        m = _TAG.match(line)
        if not m:
            raise NotationError(f"deal text, line {n} {raw!r}: expected a tag pair such as [Dealer \"0\"]")
        tag, value = m.group(1), _unquote(m.group(2))
        if tag in tags:
            raise NotationError(f"deal text, line {n}: tag {tag!r} is given twice")
        tags[tag] = value
    if "Game" not in tags:
        raise NotationError("deal text: the [Game \"...\"] tag is missing")
    entry = game_entry(tags["Game"])
    module = entry.engine()
    rules = _parse_rules_text(tags.get("Rules", ""), module.Rules)
    try:
        dealer = int(tags.get("Dealer", "0"))
    except ValueError:
        raise NotationError(f"deal text: Dealer {tags['Dealer']!r} should be a seat number") from None
    data: dict[str, Any] = {"game": entry.name, "format": 1, "rules": asdict(rules), "dealer": dealer}
    known = {"Game", "Code", "Dealer", "Rules", "Deal", "Actions", "Scores"}
    if "Deal" in tags:
        first, colon, hands = tags["Deal"].partition(":")
        if not colon or not first.strip().isdigit():
            raise NotationError(f"deal text: Deal {tags['Deal']!r} should start with the first seat and a colon, "
                                f"such as \"0:AK73.AQ5.KJ4.AQ9 ...\"")
        hands = [("" if h == "-" else h) for h in hands.split()]
        k = int(first) % max(1, len(hands))
        data["hands"] = hands[-k:] + hands[:-k] if k else hands
    for tag, value in tags.items():
        if tag in known:
            continue
        try:
            data[_snake(tag)] = json.loads(value)
        except ValueError:
            raise NotationError(f"deal text: tag {tag!r} should hold JSON, found {value!r}") from None
    acts = tags.get("Actions", "")
    data["history"] = [a.strip() for a in acts.split(",") if a.strip()] if "," in acts else acts.split()
    state = module.State.from_json(json.dumps(data))
    if "Code" in tags:
        try:
            coded = _start_of_code(tags["Code"])
        except NotationError as e:
            raise NotationError(f"deal text: Code tag: {e}") from None
        if coded != deal_code(state):
            raise NotationError(f"deal text: the Code tag {tags['Code']!r} names another deal than the Deal tag")
    if "Scores" in tags:
        want = tags["Scores"].split()
        got = [str(x) for x in state.returns()] if state.is_terminal() else None
        if got != want:
            raise NotationError(f"deal text: Scores {tags['Scores']!r} do not match the play "
                                f"({'unfinished' if got is None else ' '.join(got)})")
    return state


def _start_of_code(code: str) -> str:
    """The cards-form code of the deal ``code`` names (seed codes are dealt out), for
    comparing the cards, dealer and deal-level rules of two deals."""
    from .codes import deal_from_code
    return deal_code(deal_from_code(code))


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
        cls = getattr(module, "Game", None)
        if cls is None:
            raise CardkitError(f"{self.game}: the engine has no Game class")
        game = object.__new__(cls)
        game.players = list(players) if players is not None else [None] * len(self.players)
        game.rules = self.rules
        rng = np.random.default_rng()
        if self.rng_state is not None:
            rng.bit_generator.state = self.rng_state
        game.rng = rng
        game.first_dealer = self.first_dealer
        game.cut = [dict(r) if isinstance(r, dict) else r for r in self.cut]
        game.scores = [list(r) for r in self.scores]
        game.deals = [d.clone() for d in self.deals]
        game.state = game.deals[-1] if game.deals else None
        recorded = game.deals[:len(game.scores)]
        if self.game == "warsaw_hearts":  # the two running totals of RULES.md §2.2
            game.penalty_rows = [d.penalties() for d in recorded]
            game.bonus_rows = [d.bonuses() for d in recorded]
        return game


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
        try:
            item["code"] = deal_code(st)
        except CardkitError:
            pass
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


def _cut_from_json(r):
    from .notation import parse_card
    if isinstance(r, dict):
        return {int(s): parse_card(c) for s, c in r.items()}
    seat, card = r
    return (int(seat), parse_card(card))


def _game_name_of(game) -> str:
    mod = type(game).__module__.rsplit(".", 1)[-1]
    return getattr(game, "game", mod)


def game_record_from_json(text: str) -> GameRecord:
    """Read a game written by :func:`game_record_to_json`.

    Pure: it returns a new :class:`GameRecord` or raises, and changes nothing else.
    Every deal is replayed through the engine, so an illegal bid or card is caught.

    :raises NotationError: (one line, naming the deal) for text that is not JSON, another
        format, an unknown game or rule, a deal that does not replay, a dealer out of
        turn, a ``code`` that names another deal, scores that disagree with the play, or
        an unfinished deal that is not the last one.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise NotationError(f"game record is not JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise NotationError(f"game record: expected a JSON object with \"format\": {RECORD_FORMAT!r}")
    if data.get("version") != RECORD_VERSION:
        raise NotationError(f"game record: version {data.get('version')!r} is not {RECORD_VERSION}")
    entry = game_entry(data.get("game", ""))
    module = entry.engine()
    try:
        rules = module.Rules(**(data.get("rules") or {}))
    except (TypeError, CardkitError) as e:
        raise NotationError(f"game record: rules {data.get('rules')!r}: {e}") from None
    try:
        first_dealer = int(data["first_dealer"])
        cut = [_cut_from_json(r) for r in data.get("cut", [])]
        players = list(data.get("players", []))
        deals_in = data["deals"]
        if not isinstance(deals_in, list):
            raise TypeError("'deals' must be a list")
    except NotationError as e:
        raise NotationError(f"game record: cut: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise NotationError(f"game record: missing or malformed field: {e}") from None
    deals, scores = [], []
    for i, item in enumerate(deals_in):
        where = f"game record, deal {i + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("deal"), dict):
            raise NotationError(f"{where}: expected an object with a \"deal\"")
        try:
            state = module.State.from_json(json.dumps(item["deal"]))
        except NotationError as e:
            raise NotationError(f"{where}: {e}") from None
        if state.rules != rules:
            raise NotationError(f"{where}: played with rules {state.rules} but the game's are {rules}")
        n = state.players
        if state.dealer != (first_dealer + i) % n:
            raise NotationError(f"{where}: dealer {state.dealer}, but the deal passes to the left: "
                                f"expected {(first_dealer + i) % n}")
        if "code" in item:
            try:
                same = _start_of_code(item["code"]) == deal_code(state)
            except NotationError as e:
                raise NotationError(f"{where}: {e}") from None
            if not same:
                raise NotationError(f"{where}: code {item['code']!r} names another deal than the one recorded")
        if hasattr(state, "remarks") and not state.remarks:
            # records written before the deal's own JSON kept its table talk
            for seat, remark in item.get("remarks", []) or []:
                state.remarks.append((int(seat), str(remark)))
        row = item.get("scores")
        if row is not None:
            if not state.is_terminal():
                raise NotationError(f"{where}: scores {row!r} are recorded but the deal is unfinished")
            if list(row) != state.returns():
                raise NotationError(f"{where}: recorded scores {row!r} do not match the play {state.returns()}")
            if len(scores) != i:
                raise NotationError(f"{where}: scored after an unscored deal")
            scores.append(list(row))
        elif i != len(deals_in) - 1:
            raise NotationError(f"{where}: has no scores, but only the last deal may be unfinished")
        deals.append(state)
    totals = data.get("totals")
    computed = [sum(r[s] for r in scores) for s in range(len(scores[0]))] if scores else []
    if totals is not None and list(totals) != computed:
        raise NotationError(f"game record: totals {totals!r} do not match the deals' scores {computed}")
    rng_state = data.get("rng")
    if rng_state is not None:
        try:
            np.random.default_rng().bit_generator.state = rng_state
        except (TypeError, ValueError, KeyError) as e:
            raise NotationError(f"game record: rng state is malformed: {e}") from None
    return GameRecord(entry.name, rules, first_dealer, cut, players, deals, scores, rng_state)

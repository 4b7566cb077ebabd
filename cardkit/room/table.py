"""The teaching room's card table, without any UI: what the page's card table draws for one
viewer of a room table, and what a page's message asks to do.

:func:`card_table_state` turns :meth:`cardkit.room.Room.view` (a learner's or a teacher's)
into the state of the play dashboards' card table front end (``widgets/card_table.js``;
its keys are described in ``widgets/card_table.py``): the learner's hand with the legal
cards raised, the trick, whose turn, the status line, Variety's bidding panel, Armenian
Durak's tableaux and its trump and draw panels. It is a pure function of the view, so it
can hold nothing the view does not: a learner's view holds only their own cards
(:func:`cardkit.table_session.table_view`), and while a board is played its deal code is
left out too (the code names every hand, RULES.md "Deal codes").

:func:`page_action` reads one message of a page (``{"kind": "act", "action": "QH"}``, or
the card table's own ``{"kind": "card", "card": "QH"}``, ``{"kind": "bid", "value": 3}``,
``{"kind": "trump", "index": 2}``, ``{"kind": "draw", "stack": 4}``) as an action in
notation, refusing anything else with :class:`PageMessageError`.

Imports no UI or server code (``cardkit.room_service`` serves it).

>>> from cardkit.room import Room
>>> room = Room("sqlite://", teachers=["ms_k"])
>>> t = room.open_table("warsaw_hearts", deals=["W-17"])
>>> _ = room.sit(t, "ann", "South"); _ = room.start(t)
>>> state = card_table_state(room.view(t, "ann"))
>>> [c["id"] for c in state["hand"] if c["legal"]]
['9H', '7H']
>>> page_action({"kind": "card", "card": "9H"})
'9H'
"""

from __future__ import annotations

import html
from typing import Any

from cardkit.core._checks import is_whole
from cardkit.core.errors import CardkitError, quote
from cardkit.core.notation import parse_card
from cardkit.wording import PHASE_REFUSALS

__all__ = ["card_table_state", "page_action", "card_json", "PageMessageError", "MAX_ACTION_CHARS",
           "TURN_WORDS"]

#: what a seat to act is doing, by phase
TURN_WORDS = {"bidding": "to bid", "play": "to play", "trump": "to draw the trump", "draw": "to choose a draw"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
               "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: the learner's cards in a row: ♠ ♥ ♣ ♦ (the colours alternate), ace first
_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
_RANK_ORDER = "AKQJT98765432"
_POSITIONS = {2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"]}

#: the longest action text a page may send (``"draw none"``, ``"trump 11"``, ``"QH"``)
MAX_ACTION_CHARS = 32


class PageMessageError(CardkitError):
    """A page's message that is not an action of the card table: the message quotes it and
    says what was expected."""


# ---- cards ---------------------------------------------------------------------------------

def card_json(code: str) -> dict:
    """A card code (``"QH"``, ``"TS"``) as the card table draws it: ``{"id": "QH", "rank":
    "Q", "suit": "H", "sym": "♥", "label": "Q♥", "name": "queen of hearts"}`` (a ten is
    drawn ``10``)."""
    rank, suit = code[0], code[1]
    shown = "10" if rank == "T" else rank
    return {"id": code, "rank": shown, "suit": suit, "sym": _SYMBOLS[suit], "label": f"{shown}{_SYMBOLS[suit]}",
            "name": f"{_RANK_NAMES[rank]} of {_SUIT_NAMES[suit]}"}


def _suit_json(letter: str | None) -> dict | None:
    if not letter:
        return None
    return {"suit": letter, "sym": _SYMBOLS[letter], "name": _SUIT_NAMES[letter]}


def _order(code: str) -> tuple[int, int]:
    return _SUIT_ORDER[code[1]], _RANK_ORDER.index(code[0])


def _card_html(code: str) -> str:
    c = card_json(code)
    colour = "#c62828" if c["suit"] in "HD" else "#1a1a1a"
    return f'<span style="color:{colour};font-weight:bold" title="{c["name"]}">{c["label"]}</span>'


def _signed(x) -> str:
    x = int(x) if float(x).is_integer() else x
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


# ---- the state -----------------------------------------------------------------------------

def _player_words(player: str | None) -> str:
    return "empty seat" if player is None else "a bot" if player == "bot" else player


def card_table_state(view: dict) -> dict:
    """The card table's state (``widgets/card_table.js``) for one viewer of a room table.

    :param view: :meth:`cardkit.room.Room.view` of a seated learner (their hand, legal
        actions and the public cards) or of a teacher (every hand: ``hands``, and in
        Armenian Durak ``face_down_cards``).
    :returns: a JSON object with the keys the card table reads (``game``, ``players``,
        ``title``, ``banner``, ``status``, ``caption``, ``seats``, ``hand``, ``trick``,
        ``trump``, ``panel``, ``controls`` and the three bars, empty), plus ``table``
        (the id), ``your_turn``, ``over`` (the board in play is over), ``started`` and
        ``legal`` (the viewer's actions now, in notation, as :meth:`~cardkit.room.Room.legal`),
        ``board_number`` and ``actions`` (the board's number at the table and the actions
        taken on it, None before the start: a page knows which state is newer), ``held``
        (the board is over and held until the next is dealt), ``paused`` (by the teacher),
        ``pace``, ``next_allowed`` (a seated learner of a self-paced table may press Next
        board now) and ``totals_line`` (the running total of the boards finished, in words;
        "" before the first). A learner's state holds their own cards only, and no deal
        code while the board is played.
    """
    players = int(view["players"])
    me = view["viewer"]["seat"]
    everything = bool(view["viewer"].get("everything"))
    names = [s["name"] for s in view["seats"]]
    who = [s["player"] for s in view["seats"]]
    order = _POSITIONS[players]
    base = 0 if me is None else me
    pos = {s: order[(s - base) % players] for s in range(players)}
    board = view.get("board")
    public = view.get("public") or {}
    game = view["game"]
    over = bool(board and board["over"])
    show_code = everything or over
    state: dict[str, Any] = {
        "game": game, "players": players, "table": view.get("table"), "started": bool(view["started"]),
        "your_turn": bool(view["your_turn"]), "over": over, "banner": "", "error": False,
        "controls": {}, "bar_main": [], "bar_more": [], "bar_replay": [],
        "seats": [], "hand": [], "caption": "", "trick": {}, "trump": None, "panel": None,
        "legal": list(view.get("legal") or []) if me is not None else [],
        "board_number": board["number"] if board else None, "actions": board["actions"] if board else None,
        "held": bool(view.get("held")), "paused": bool(view.get("paused")), "pace": view.get("pace", "teacher"),
        "next_allowed": bool(view.get("held")) and view.get("pace") == "self" and me is not None
        and not view.get("paused"),
        "totals_line": _totals_line(view, names, me),
    }
    title = f"{html.escape(view['title'])} · table {html.escape(str(view.get('table')))}"
    if board:
        of = f" of {board['set_size']}" if board.get("set_size") else ""
        title += f" · board {board['position']}{of}"
        if show_code:
            title += f" <small>(deal code {html.escape(board['code'])})</small>"
    if me is not None:
        title += f" <small>(you sit {names[me]}, at the bottom)</small>"
    state["title"] = f"<h3 style='margin:2px'>{title}</h3>"
    if board is None:
        state["status"] = html.escape(
            "The table has not started yet: the teacher starts it." if not view["started"] else "Waiting.")
        if view.get("paused"):
            state["status"] += " " + PAUSED_WORDS
        state["seats"] = [{"seat": s, "name": f"{names[s]} · {_player_words(who[s])}", "short": names[s],
                           "pos": pos[s], "me": s == me, "count": None, "notes": "", "turn": "",
                           "hand": None, "tableau": None} for s in range(players)]
        return state

    phase = public.get("phase")
    turn = view["turn"] if not over and not view.get("paused") else None   # a paused table waits for nobody
    legal = list(view.get("legal") or [])
    hands = view.get("hands")
    tricks = public.get("tricks") or []
    won = [sum(1 for t in tricks if t[2] == s) for s in range(players)]
    notes = _notes(game, public, won, players)
    seats = []
    for s in range(players):
        open_hand = hands[s] if everything and hands is not None and s != me else None
        seats.append({"seat": s, "name": f"{names[s]} · {_player_words(who[s])}", "short": names[s], "pos": pos[s],
                      "me": s == me, "count": public.get("hand_sizes", [None] * players)[s], "notes": notes.get(s, ""),
                      "turn": TURN_WORDS.get(phase or "", "to act") if s == turn else "",
                      "hand": [card_json(c) for c in sorted(open_hand, key=_order)] if open_hand else None,
                      "tableau": _tableau(view, public, s, me, legal) if game == "armenian_durak" else None})
    state["seats"] = seats

    # the viewer's hand: legal cards raised, the others with the reason in words
    def refusal(code: str) -> str:
        if over:
            return "the board is over"
        if view.get("paused"):
            return "paused by the teacher"
        if not view["your_turn"]:
            return f"not your turn: {names[turn]} {TURN_WORDS.get(phase or '', 'to act')}" if turn is not None \
                else "not your turn"
        if phase in PHASE_REFUSALS:
            return PHASE_REFUSALS[phase]
        trick = public.get("trick") or []
        if trick and game != "armenian_durak":
            led = trick[0][1]
            if code[1] != led and any(c[1] == led for c in view["hand"]):
                return f"{_SYMBOLS[led]} was led: you must follow {_SYMBOLS[led]}"
        return "not playable now: the raised cards are"

    hand = sorted(view.get("hand") or [], key=_order)
    state["hand"] = [{**card_json(c), "legal": c in legal, "reason": "" if c in legal else refusal(c)} for c in hand]
    playable = [c for c in hand if c in legal]
    caption = f"{len(hand)} card{'s' if len(hand) != 1 else ''}. " if me is not None else ""
    if playable:
        caption += "Playable now (raised, outlined): " + " ".join(_card_html(c) for c in playable) + "."
    ups = [c for c in (public.get("face_up") or [[]] * players)[me] if c is not None and c in legal] \
        if me is not None and game == "armenian_durak" else []
    if ups:
        caption += " From your tableau: " + " ".join(_card_html(c) for c in ups) + "."
    trick_view = _trick(view, public, names, pos, players, over)
    if trick_view.pop("caption"):
        caption += " " + _last_trick_caption(tricks, names)
    state["caption"] = caption.strip()
    state["trick"] = trick_view
    state["trump"] = _suit_json(public.get("trump"))
    state["panel"] = _panel(view, public, names, legal)
    state["status"] = _status(view, public, names, who, phase, turn, over)
    return state


#: what every page of a paused table says
PAUSED_WORDS = "<b>Paused by the teacher</b>: play resumes when the teacher says so."


def _totals_line(view: dict, names: list[str], me: int | None) -> str:
    """"Running total after 2 boards: South +5 (you), West −2, …" (plain text), or ""."""
    shown = [r for r in view.get("scores") or [] if r.get("returns") is not None]
    if not shown:
        return ""
    totals = view.get("totals") or [0] * len(names)
    parts = ", ".join(f"{names[s]} {_signed(x)}" + (" (you)" if s == me else "") for s, x in enumerate(totals))
    return f"Running total after {len(shown)} board{'s' if len(shown) != 1 else ''}: {parts}."


def _notes(game: str, public: dict, won: list[int], players: int) -> dict[int, str]:
    if game == "variety":
        declarers = public.get("declarers")
        if declarers is None:
            return {}
        return {s: f"{'declarer' if s in declarers else 'defender'}, {won[s]} tr." for s in range(players)}
    if game == "armenian_durak":
        points = public.get("points") or [0] * players
        return {s: f"{won[s]} tr., {points[s]} pts" for s in range(players)}
    return {s: f"{won[s]} tr." for s in range(players)}


def _tableau(view: dict, public: dict, s: int, me: int | None, legal: list[str]) -> list[dict] | None:
    ups = public.get("face_up")
    downs = public.get("face_down")
    if ups is None or downs is None:
        return None
    hidden = view.get("face_down_cards")
    out = []
    for i, (up, down) in enumerate(zip(ups[s], downs[s])):
        card = hidden[s][i] if hidden is not None and down else None
        ok = s == me and up is not None and up in legal
        reason = "" if ok or up is None or s != me else "not playable now"
        out.append({"up": card_json(up) if up else None, "down": int(down),
                    "down_card": card_json(card) if card else None, "legal": ok, "reason": reason})
    return out


def _trick(view: dict, public: dict, names: list[str], pos: dict[int, str], players: int, over: bool) -> dict:
    def cards_of(leader: int, cards: list[str]) -> list[dict]:
        seats = [(leader + i) % players for i in range(len(cards))]
        return [{"seat": s, "pos": pos[s], "name": names[s], "short": names[s], "card": card_json(c), "led": i == 0}
                for i, (s, c) in enumerate(zip(seats, cards))]

    tricks = public.get("tricks") or []
    current = public.get("trick") or []
    leader = public.get("trick_leader")
    game = view["game"]
    n = len(tricks) + (1 if current else 0)
    heading = f"Trick {max(1, n)}"
    if game == "variety":
        heading = "Bidding" if public.get("contract") is None else (
            f"Contract <b>{public['contract']}</b><br>Trick {max(1, min(n, 13))} of 13")
    out: dict[str, Any] = {"cards": [], "winner": None, "heading": heading, "note": "", "last": False,
                           "previous": None, "caption": bool(tricks)}
    if current and leader is not None:
        out["cards"] = cards_of(leader, current)
    elif tricks:
        t = tricks[-1]
        if over:
            out.update(cards=cards_of(t[0], t[1]), winner=t[2], note="the last trick")
        else:
            out["previous"] = {"cards": cards_of(t[0], t[1]), "winner": t[2],
                               "note": f"last trick: {names[t[2]]} won it"}
    return out


def _last_trick_caption(tricks: list, names: list[str]) -> str:
    leader, cards, winner = tricks[-1]
    n = len(names)
    played = ", ".join(f"{html.escape(names[(leader + i) % n])} {_card_html(c)}" for i, c in enumerate(cards))
    return f"Last trick ({len(tricks)}): {played}; won by <b>{html.escape(names[winner])}</b>."


def _panel(view: dict, public: dict, names: list[str], legal: list[str]) -> dict | None:
    phase = public.get("phase")
    me = view["viewer"]["seat"]
    mine = bool(view["your_turn"])
    if view["game"] == "variety" and phase == "bidding":
        bids = public.get("bids") or []
        first = public.get("first_bidder", 0)
        own = {b for i, b in enumerate(bids) if (first + i) % len(names) == me}
        numbers = [{"n": n, "legal": str(n) in legal, "used": n in own,
                    "tooltip": f"Bid {n}" if str(n) in legal else
                    (f"you named {n} already (a player never names their own number twice)" if n in own else str(n))}
                   for n in range(1, 9)]
        record = " · ".join(f"{html.escape(names[(first + i) % len(names)])} <b>{b}</b>" for i, b in enumerate(bids))
        talk = "".join(f"<div><b>{html.escape(names[s])}</b> says: “{html.escape(t)}”</div>"
                       for s, t in public.get("remarks") or [])
        prompt = "<b>Your turn to bid</b> a contract number." if mine else "The bidding."
        if not mine and view["turn"] is not None:
            prompt = f"The bidding: {html.escape(names[view['turn']])} bids."
        return {"kind": "bidding", "active": mine, "numbers": numbers,
                "record": f"Bids: {record}" if record else "No bids yet.", "remarks": talk, "prompt": prompt}
    if view["game"] == "armenian_durak" and phase == "trump":
        dealer = public.get("dealer", 0)
        picking = mine and any(a.startswith("trump ") for a in legal)
        fans = "you fan your hand" if dealer == me else f"{html.escape(names[dealer])} fans the hand"
        prompt = (f"<b>First the trump must be drawn:</b> {fans} face down; "
                  + ("<b>you draw one card</b>: its suit will be trump, and the card goes back to the dealer."
                     if picking else f"{html.escape(names[1 - dealer])} draws one card."))
        return {"kind": "trump", "active": picking, "fan": public["hand_sizes"][dealer], "prompt": prompt}
    if view["game"] == "armenian_durak" and phase == "draw" and mine:
        stacks = sorted(int(a.split()[1]) for a in legal if a.startswith("draw ") and a != "draw none")
        items: list[dict] = [{"stack": x, "legal": True,
                              "tooltip": f"take stack {x + 1}'s face-down card into your hand"} for x in stacks]
        if "draw none" in legal:
            items.append({"stack": None, "legal": True, "tooltip": "keep the face-down cards where they are"})
        return {"kind": "draw", "stacks": items,
                "prompt": "<b>You played from your hand: you may take one face-down card into your hand</b>."}
    return None


def _status(view: dict, public: dict, names: list[str], who: list, phase, turn, over: bool) -> str:
    board = view["board"]
    me = view["viewer"]["seat"]
    paused = f" {PAUSED_WORDS}" if view.get("paused") else ""
    if over:
        returns = board.get("returns") or []
        if view.get("held"):
            after = (" Press <b>Next board</b> when everyone is ready." if view.get("pace") == "self" and me is not None
                     else " The next board comes when the teacher deals it.")
        else:
            after = html.escape(" This table has played every board of its set.")
        if not returns:  # kept back while another table plays the same board
            return html.escape(f"Board {board['position']} is over. Its result is shown once every table has "
                               f"played it.") + after + paused
        parts = ", ".join(f"{names[s]} {_signed(r)}" for s, r in enumerate(returns))
        mine = f" Your score: {_signed(returns[me])}." if me is not None else ""
        return html.escape(f"Board {board['position']} is over: {parts}.{mine}") + after + paused
    if paused:
        return paused.strip()
    if turn is None:
        return "Waiting."
    if view["your_turn"]:
        if phase == "bidding":
            return "<b>Your turn to bid.</b>"
        if phase == "trump":
            return "<b>Your turn: draw a card from the dealer's fan for trumps.</b>"
        if phase == "draw":
            return "<b>Your turn: take a face-down card into your hand, or don't draw.</b>"
        if view["game"] == "armenian_durak":
            return "<b>Your turn: play a card from your hand or your tableau.</b>"
        return "<b>Your turn: play a card.</b>"
    return html.escape(f"{names[turn]} ({_player_words(who[turn])}) {TURN_WORDS.get(phase or '', 'to act')}.")


# ---- the page's messages ---------------------------------------------------------------------

_ACTION_KEYS = {"act": "action", "card": "card", "bid": "value", "trump": "index", "draw": "stack"}


def page_action(message: dict) -> str:
    """The action in notation that a page's message asks for.

    :param message: ``{"kind": "act", "action": "QH"}`` (text of at most
        :data:`MAX_ACTION_CHARS` characters), or the card table's ``{"kind": "card",
        "card": "QH"}``, ``{"kind": "bid", "value": 1..8}``, ``{"kind": "trump", "index":
        0..35}``, ``{"kind": "draw", "stack": 0..5 or null}``. Other keys are left to the
        caller (a ``table`` or ``seat`` it checks).
    :returns: ``"QH"``, ``"3"``, ``"trump 2"``, ``"draw 4"``, ``"draw none"``: whether it
        is legal is the engine's to say.
    :raises PageMessageError: for another kind or a value of the wrong type or range.
    """
    if not isinstance(message, dict) or message.get("kind") not in _ACTION_KEYS:
        kind = message.get("kind") if isinstance(message, dict) else message
        raise PageMessageError(f"message kind {quote(kind)}: expected an action (act, card, bid, trump or draw)")
    kind = message["kind"]
    key = _ACTION_KEYS[kind]
    value = message.get(key)
    if kind in ("act", "card"):
        if not isinstance(value, str) or not 1 <= len(value) <= MAX_ACTION_CHARS:
            raise PageMessageError(f"{key} {quote(value)}: expected the action as text of 1 to {MAX_ACTION_CHARS} "
                                   f"characters, such as 'QH'")
        if kind == "card":
            parse_card(value)  # NotationError quotes a text that is not a card
        return value.strip()
    if kind == "draw" and value is None:
        return "draw none"
    limit = {"bid": (1, 8), "trump": (0, 35), "draw": (0, 5)}[kind]
    if not is_whole(value) or not limit[0] <= value <= limit[1]:
        raise PageMessageError(f"{key} {quote(value)}: expected a whole number {limit[0]} to {limit[1]}"
                               + (" or null (don't draw)" if kind == "draw" else ""))
    return str(int(value)) if kind == "bid" else f"{kind} {int(value)}"

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
from cardkit.i18n import N_, Translation, translation
from cardkit.table.card_view import (  # card_json: re-exported
    TURN_WORDS,
    card_json,
    card_order,
    card_table_words,
    hand_caption,
    hand_part,
    refusal_words,
    seat_positions,
    seats_part,
    suit_json,
    tableau_part,
    trick_part,
)
from cardkit.wording import remark_words

__all__ = ["card_table_state", "page_action", "card_json", "PageMessageError", "MAX_ACTION_CHARS",
           "TURN_WORDS"]

_EN = translation("en")
#: the seats' names a view holds, translated where they are shown
_SEAT_MSGIDS = frozenset({"South", "West", "North", "East", "You", "Your opponent"})
#: the longest action text a page may send (``"draw none"``, ``"trump 11"``, ``"QH"``)
MAX_ACTION_CHARS = 32


class PageMessageError(CardkitError):
    """A page's message that is not an action of the card table: the message quotes it and
    says what was expected."""


# ---- cards ---------------------------------------------------------------------------------

def _card_html(code: str, tr: Translation | None = None) -> str:
    c = card_json(code, tr)
    colour = "#c62828" if c["suit"] in "HD" else "#1a1a1a"
    return f'<span style="color:{colour};font-weight:bold" title="{c["name"]}">{c["label"]}</span>'


def _signed(x) -> str:
    x = int(x) if float(x).is_integer() else x
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


# ---- the state -----------------------------------------------------------------------------

def _player_words(player: str | None, tr: Translation = _EN) -> str:
    return tr.gettext("empty seat") if player is None else tr.gettext("a bot") if player == "bot" else player


def card_table_state(view: dict, tr: Translation | None = None) -> dict:
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

    :param tr: the words' language (a :func:`cardkit.i18n.translation`); None: English.
    """
    tr = tr or _EN
    players = int(view["players"])
    me = view["viewer"]["seat"]
    everything = bool(view["viewer"].get("everything"))
    names, compass = _seat_names(view, tr)
    who = [s["player"] for s in view["seats"]]
    pos = seat_positions(players, 0 if me is None else me)
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
        "totals_line": _totals_line(view, names, me, tr),
    }
    e = html.escape
    title = e(tr.gettext("{game} · table {table}")).format(game=e(tr.gettext(view["title"])),
                                                           table=e(str(view.get("table"))))
    if board:
        if board.get("set_size"):
            title += e(tr.gettext(" · board {position} of {size}")).format(position=board["position"],
                                                                           size=board["set_size"])
        else:
            title += e(tr.gettext(" · board {position}")).format(position=board["position"])
        if show_code:
            title += " <small>" + e(tr.gettext("(deal code {code})")).format(code=e(board["code"])) + "</small>"
    if me is not None:
        title += " <small>" + e(tr.gettext("(you sit {seat}, at the bottom)")).format(seat=compass[me]) + "</small>"
    state["title"] = f"<h3 style='margin:2px'>{title}</h3>"
    if tr is not _EN:
        state["words"] = card_table_words(tr)
    if board is None:
        state["status"] = html.escape(tr.gettext("The table has not started yet: the teacher starts it.")
                                      if not view["started"] else tr.gettext("Waiting."))
        if view.get("paused"):
            state["status"] += " " + tr.gettext(PAUSED_WORDS)
        state["seats"] = seats_part(names, me, counts=[None] * players, tr=tr,
                                    labels=[f"{names[s]} · {_player_words(who[s], tr)}" for s in range(players)])
        return state

    phase = public.get("phase")
    turn = view["turn"] if not over and not view.get("paused") else None   # a paused table waits for nobody
    legal = list(view.get("legal") or [])
    hands = view.get("hands")
    tricks = public.get("tricks") or []
    won = [sum(1 for t in tricks if t[2] == s) for s in range(players)]
    notes = _notes(game, public, won, players, tr)
    counts = public.get("hand_sizes") or [None] * players
    shown = {s: hands[s] for s in range(players) if everything and hands is not None and s != me and hands[s]}
    state["seats"] = seats_part(names, me, counts=counts, to_act=turn, phase=phase, notes=notes, hands=shown,
                                tableaux={s: _tableau(view, public, s, me, legal, tr) for s in range(players)}
                                if game == "armenian_durak" else None,
                                labels=[f"{names[s]} · {_player_words(who[s], tr)}" for s in range(players)],
                                tr=tr, cards_tr=tr)

    # the viewer's hand: legal cards raised, the others with the reason in words (the engine's)
    hand = sorted(view.get("hand") or [], key=card_order)
    state["hand"] = hand_part(hand, set(legal), lambda c: _refusal(view, c, tr), tr)
    current = public.get("trick") or []
    caption = hand_caption(hand, set(legal), led=current[0][1] if current else None,
                           nothing_why=state["hand"][0]["reason"] if hand else None, tr=tr,
                           html_of=lambda c: _card_html(c, tr)) if me is not None else ""
    ups = [c for c in (public.get("face_up") or [[]] * players)[me] if c is not None and c in legal] \
        if me is not None and game == "armenian_durak" else []
    if ups:
        caption += " " + tr.gettext("From your tableau: {cards}.").format(
            cards=" ".join(_card_html(c, tr) for c in ups))
    trick_view = _trick(view, public, names, pos, players, over, tr)
    if trick_view.pop("caption"):
        caption += " " + _last_trick_caption(tricks, names, tr)
    state["caption"] = caption.strip()
    state["trick"] = trick_view
    state["trump"] = suit_json(public.get("trump"), tr)
    state["panel"] = _panel(view, public, names, legal, tr)
    state["status"] = _status(view, public, names, who, phase, turn, over, tr)
    return state


def _seat_names(view: dict, tr: Translation) -> tuple[list[str], list[str]]:
    """The seats' names as the card table shows them to the viewer (in other languages the
    viewer's seat as the widgets name it: Юг (вы); Вы / Соперник), and their own names."""
    players = int(view["players"])
    me = view["viewer"]["seat"]
    names = [tr.gettext(s["name"]) if s["name"] in _SEAT_MSGIDS else s["name"] for s in view["seats"]]
    compass = list(names)   # the seats' own names (the title says which one is the viewer's)
    if tr is not _EN and me is not None:
        if players == 2:
            names = [tr.gettext("You") if s == me else tr.gettext("Your opponent") for s in range(players)]
        elif view["seats"][me]["name"] == "South":
            names[me] = tr.pgettext("seat of 3 or 4", "You")
    return names, compass


def _refusal(view: dict, code: str, tr: Translation) -> str:
    """Why the viewer may not play the card ``code`` now, in words: the engine's reason the
    view carries (``refusals``), or why nothing may be played (:func:`refusal_words`)."""
    board = view.get("board")
    over = bool(board and board["over"])
    paused = bool(view.get("paused"))
    turn = view["turn"] if not over and not paused else None
    seat = None if turn is None else _seat_names(view, tr)[0][turn]
    return refusal_words(over=over, your_turn=bool(view["your_turn"]), paused=paused, turn_seat=seat,
                         phase=(view.get("public") or {}).get("phase"),
                         engine=(view.get("refusals") or {}).get(code), tr=tr)


#: what every page of a paused table says
PAUSED_WORDS = N_("<b>Paused by the teacher</b>: play resumes when the teacher says so.")


def _totals_line(view: dict, names: list[str], me: int | None, tr: Translation = _EN) -> str:
    """"Running total after 2 boards: South +5 (you), West −2, …" (plain text), or ""."""
    shown = [r for r in view.get("scores") or [] if r.get("returns") is not None]
    if not shown:
        return ""
    totals = view.get("totals") or [0] * len(names)
    parts = ", ".join(tr.gettext("{seat} {points} (you)").format(seat=names[s], points=_signed(x)) if s == me
                      else f"{names[s]} {_signed(x)}" for s, x in enumerate(totals))
    return tr.ngettext("Running total after {n} board: {totals}.", "Running total after {n} boards: {totals}.",
                       len(shown)).format(n=len(shown), totals=parts)


def _notes(game: str, public: dict, won: list[int], players: int, tr: Translation = _EN) -> dict[int, str]:
    if game == "variety":
        declarers = public.get("declarers")
        if declarers is None:
            return {}
        return {s: (tr.gettext("declarer, {n} tr.") if s in declarers else tr.gettext("defender, {n} tr.")).format(
            n=won[s]) for s in range(players)}
    if game == "armenian_durak":
        points = public.get("points") or [0] * players
        return {s: tr.gettext("{n} tr., {points} pts").format(n=won[s], points=points[s]) for s in range(players)}
    return {s: tr.gettext("{n} tr.").format(n=won[s]) for s in range(players)}


def _tableau(view: dict, public: dict, s: int, me: int | None, legal: list[str],
             tr: Translation = _EN) -> list[dict] | None:
    ups = public.get("face_up")
    downs = public.get("face_down")
    if ups is None or downs is None:
        return None
    hidden = view.get("face_down_cards")
    return tableau_part(ups[s], downs[s], hidden=hidden[s] if hidden is not None else None, mine=s == me,
                        legal=set(legal), reason=lambda code: _refusal(view, code, tr), tr=tr, cards_tr=tr)


def _trick(view: dict, public: dict, names: list[str], pos: dict[int, str], players: int, over: bool,
           tr: Translation = _EN) -> dict:
    tricks = public.get("tricks") or []
    current = public.get("trick") or []
    leader = public.get("trick_leader")
    game = view["game"]
    n = len(tricks) + (1 if current else 0)
    heading = tr.gettext("Trick {n}").format(n=max(1, n))
    if game == "variety":
        heading = tr.gettext("Bidding") if public.get("contract") is None else tr.gettext(
            "Contract <b>{contract}</b><br>Trick {n} of 13").format(contract=public["contract"], n=max(1, min(n, 13)))
    def seats_of(leader: int, n: int) -> list[int]:
        return [(leader + i) % players for i in range(n)]

    last = (seats_of(tricks[-1][0], len(tricks[-1][1])), tricks[-1][1], tricks[-1][2]) if tricks else None
    now = (seats_of(leader, len(current)), current) if current and leader is not None else None
    out = trick_part(last, now, pos, names, over=over, heading=heading, tr=tr, cards_tr=tr)
    out["caption"] = bool(tricks)
    return out


def _last_trick_caption(tricks: list, names: list[str], tr: Translation = _EN) -> str:
    leader, cards, winner = tricks[-1]
    n = len(names)
    played = ", ".join(f"{html.escape(names[(leader + i) % n])} {_card_html(c, tr)}" for i, c in enumerate(cards))
    return tr.gettext("Last trick ({n}): {cards}; won by <b>{seat}</b>.").format(
        n=len(tricks), cards=played, seat=html.escape(names[winner]))


def _panel(view: dict, public: dict, names: list[str], legal: list[str], tr: Translation = _EN) -> dict | None:
    phase = public.get("phase")
    me = view["viewer"]["seat"]
    mine = bool(view["your_turn"])
    e = html.escape
    if view["game"] == "variety" and phase == "bidding":
        bids = public.get("bids") or []
        first = public.get("first_bidder", 0)
        own = {b for i, b in enumerate(bids) if (first + i) % len(names) == me}
        numbers = [{"n": n, "legal": str(n) in legal, "used": n in own,
                    "tooltip": tr.gettext("Bid {n}").format(n=n) if str(n) in legal else
                    (tr.gettext("you named {n} already (a player never names their own number twice)").format(n=n)
                     if n in own else str(n))}
                   for n in range(1, 9)]
        record = " · ".join(f"{e(names[(first + i) % len(names)])} <b>{b}</b>" for i, b in enumerate(bids))
        talk = "".join("<div>" + tr.gettext("<b>{seat}</b> says: “{remark}”").format(
            seat=e(names[s]), remark=e(t if tr is _EN else remark_words(t, tr))) + "</div>"
            for s, t in public.get("remarks") or [])
        prompt = tr.gettext("<b>Your turn to bid</b> a contract number.") if mine else tr.gettext("The bidding.")
        if not mine and view["turn"] is not None:
            prompt = e(tr.gettext("The bidding: {seat} bids.")).format(seat=e(names[view["turn"]]))
        return {"kind": "bidding", "active": mine, "numbers": numbers,
                "record": tr.gettext("Bids: {bids}").format(bids=record) if record else tr.gettext("No bids yet."),
                "remarks": talk, "prompt": prompt}
    if view["game"] == "armenian_durak" and phase == "trump":
        dealer = public.get("dealer", 0)
        picking = mine and any(a.startswith("trump ") for a in legal)
        if dealer == me:
            prompt = tr.gettext("<b>First the trump must be drawn:</b> you fan your hand face down; <b>you draw one "
                                "card</b>: its suit will be trump, and the card goes back to the dealer.") if picking \
                else tr.gettext("<b>First the trump must be drawn:</b> you fan your hand face down; {seat} draws one "
                                "card.")
        else:
            prompt = tr.gettext("<b>First the trump must be drawn:</b> {dealer} fans the hand face down; <b>you draw "
                                "one card</b>: its suit will be trump, and the card goes back to the dealer.") \
                if picking else tr.gettext("<b>First the trump must be drawn:</b> {dealer} fans the hand face down; "
                                           "{seat} draws one card.")
        prompt = prompt.format(dealer=e(names[dealer]), seat=e(names[1 - dealer]))
        return {"kind": "trump", "active": picking, "fan": public["hand_sizes"][dealer], "prompt": prompt}
    if view["game"] == "armenian_durak" and phase == "draw" and mine:
        stacks = sorted(int(a.split()[1]) for a in legal if a.startswith("draw ") and a != "draw none")
        items: list[dict] = [{"stack": x, "legal": True,
                              "tooltip": tr.gettext("take stack {n}'s face-down card into your hand").format(n=x + 1)}
                             for x in stacks]
        if "draw none" in legal:
            items.append({"stack": None, "legal": True,
                          "tooltip": tr.gettext("keep the face-down cards where they are")})
        return {"kind": "draw", "stacks": items,
                "prompt": tr.gettext("<b>You played from your hand: you may take one face-down card into your "
                                     "hand</b>.")}
    return None


def _status(view: dict, public: dict, names: list[str], who: list, phase, turn, over: bool,
            tr: Translation = _EN) -> str:
    board = view["board"]
    me = view["viewer"]["seat"]
    paused = " " + tr.gettext(PAUSED_WORDS) if view.get("paused") else ""
    if over:
        returns = board.get("returns") or []
        if view.get("held"):
            after = " " + (tr.gettext("Press <b>Next board</b> when everyone is ready.")
                           if view.get("pace") == "self" and me is not None
                           else tr.gettext("The next board comes when the teacher deals it."))
        else:
            after = html.escape(" " + tr.gettext("This table has played every board of its set."))
        if not returns:  # kept back while another table plays the same board
            return html.escape(tr.gettext("Board {position} is over. Its result is shown once every table has "
                                          "played it.").format(position=board["position"])) + after + paused
        parts = ", ".join(f"{names[s]} {_signed(r)}" for s, r in enumerate(returns))
        mine = " " + tr.gettext("Your score: {score}.").format(score=_signed(returns[me])) if me is not None else ""
        return html.escape(tr.gettext("Board {position} is over: {scores}.").format(
            position=board["position"], scores=parts) + mine) + after + paused
    if paused:
        return paused.strip()
    if turn is None:
        return tr.gettext("Waiting.")
    if view["your_turn"]:
        if phase == "bidding":
            return tr.gettext("<b>Your turn to bid.</b>")
        if phase == "trump":
            return tr.gettext("<b>Your turn: draw a card from the dealer's fan for trumps.</b>")
        if phase == "draw":
            return tr.gettext("<b>Your turn: take a face-down card into your hand, or don't draw.</b>")
        if view["game"] == "armenian_durak":
            return tr.gettext("<b>Your turn: play a card from your hand or your tableau.</b>")
        return tr.gettext("<b>Your turn: play a card.</b>")
    return html.escape(tr.gettext("{seat} ({player}) {doing}.").format(
        seat=names[turn], player=_player_words(who[turn], tr), doing=tr.gettext(TURN_WORDS.get(phase or "",
                                                                                              N_("to act")))))


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

"""The card table's parts for one seat, without any UI: the one builder both faces of a table
use, the play dashboards (``cardkit_widgets``) and the teaching room
(:func:`cardkit.room.table.card_table_state`).

Why a card is refused comes from the engine (``state.why_illegal``: the rule's own words),
never from a re-coding of the rule here. :func:`engine_refusals` asks the engine for each card
of one seat's hand (English, as JSON for a view: :func:`cardkit.table.table_session.table_view`
carries them for a seated viewer, their own cards only); :func:`refusal_words` says a card's
refusal in a language, the engine's reason (:data:`ENGINE_REFUSALS`) or why nothing may be
played now (the deal is over, not your turn, the bidding first...).

>>> from cardkit.core.codes import deal_from_code
>>> st = deal_from_code("W-17")
>>> st.apply_action(st.legal_actions()[0])
>>> engine_refusals(st, st.current_player)["KH"]
'must follow ♠: you hold A♠ Q♠, so K♥ cannot be played'
>>> refusal_words(over=False, your_turn=False, turn_seat="West", phase="play")
'not your turn: West to play'

Imports no UI code.
"""

from __future__ import annotations

import re

from cardkit.core.cards import Card
from cardkit.i18n import N_, Translation, translation
from cardkit.wording import PHASE_REFUSALS, cards_in_words_of, rules_words, tens_as_10

__all__ = ["CARD_TABLE_WORDS", "card_table_words", "ENGINE_REFUSALS", "TURN_WORDS",
           "turn_words", "engine_refusal", "engine_refusals", "engine_words",
           "refusal_words", "hand_refusals", "MAX_REASON_CHARS", "SUIT_ORDER", "POSITIONS", "card_code",
           "card_order", "seat_positions", "card_json", "suit_json", "hand_part", "trick_cards", "seats_part",
           "trick_part", "tableau_part", "hand_caption"]

_EN = translation("en")

#: what a seat to act is doing, by the state's phase (the words after "▶", and in "not your turn")
TURN_WORDS = {"bidding": N_("to bid"), "play": N_("to play"), "trump": N_("to draw the trump"),
              "draw": N_("to choose a draw")}

#: The card table page's own words (``widgets/card_table.js``'s ``tw`` keys) and their English:
#: both faces send them in the viewer's language (:func:`card_table_words`); ``{i}``, ``{name}``...
#: are filled in by the page.
CARD_TABLE_WORDS = {
    "more": N_("More: deal number, deal code, four colours, large cards"), "trick": N_("The trick"),
    "led": N_("led"), "wins": N_("wins the trick"), "trumps": N_("Trumps {sym}"), "trumps_title": N_("trumps: {name}"),
    "bid_number": N_("Bid a number"), "fan": N_("The dealer's fan, face down"),
    "fan_title": N_("draw card {i} of the dealer's fan (face down)"), "fan_label": N_("Draw card {i}"),
    "fan_card": N_("card {i}"), "draw_row": N_("Draw a face-down card"), "no_draw": N_("Don't draw"),
    "stack": N_("Stack {i}"), "exact": N_("exact value {value}"), "hand": N_("Your hand"), "guide": N_("Guide"),
    "open_hand": N_("{name}'s cards (shown to all)"), "my_tableau": N_("Your tableau"),
    "tableau": N_("{name}'s tableau"), "below": N_("{n} face down below"), "nothing_below": N_("nothing below"),
    "stack_mine": N_("stack {i}, {below}"), "stack_label": N_("stack {i}: {card}, {below}"),
    "stack_empty": N_("stack {i}: empty, {below}"), "below_short": N_("{n} below"),
    "legal_title": N_("{card} ({name}): legal, click or Enter to play"),
    "refused": N_("{card} ({name}) cannot be played: {reason}"),
}


def card_table_words(tr: Translation | None = None) -> dict[str, str]:
    """:data:`CARD_TABLE_WORDS` in ``tr``'s language (None: English), by key."""
    tr = tr or _EN
    return {k: tr.gettext(v) for k, v in CARD_TABLE_WORDS.items()}


#: the longest engine reason carried (cardkit's messages quote at most ~60 characters)
MAX_REASON_CHARS = 400

#: The engine's refusals of a card a seat holds, as :func:`engine_refusals` words them (a
#: regular expression each), with the catalog's message that says them in another language
#: (the named groups fill its placeholders). Others stay as the engine says them.
ENGINE_REFUSALS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"(?P<card>\S+) is not in your hand: it holds (?P<cards>.+)"),
     N_("{card} is not in your hand: you hold {cards}")),
    (re.compile(r"must follow (?P<suit>[♠♥♦♣]): you hold (?P<cards>[^,]+), so (?P<card>\S+) cannot be played"),
     N_("must follow {suit}: you hold {cards}, so {card} cannot be played")),
    (re.compile(r"(?P<card>\S+) cannot be played: (?P<led>[♠♥♦♣]) was led, so play a trump: you have "
                r"(?P<cards>.+) \(Rules §3\.3\)"),
     N_("{card} cannot be played: {led} was led, so play a trump: you have {cards} (Rules §3.3)")),
    (re.compile(r"(?P<card>\S+) cannot be played: (?P<led>[♠♥♦♣]) was led, so play a (?P=led) or a trump "
                r"\((?P<trump>[♠♥♦♣])\): you have (?P<cards>.+) \(Rules §3\.3\)"),
     N_("{card} cannot be played: {led} was led, so play a {led} or a trump ({trump}): you have {cards} "
        "(Rules §3.3)")),
)


def _code(card: Card) -> str:
    return f"{card.rank.char}{card.suit.letter}"


def engine_refusals(state, seat: int | None) -> dict[str, str]:
    """Why the engine refuses each card of ``seat``'s hand (and, in Armenian Durak, of its
    tableau's face-up cards) now, in English, by card code.

    :param state: an engine state (``hands``, ``current_player``, ``phase``, ``why_illegal``).
    :param seat: the seat whose cards are asked about (None: no seat, ``{}``).
    :returns: ``{"KS": "must follow ♥: you hold 9♥, 7♥, so K♠ cannot be played", ...}``: the
        engine's reason (Rules §… as a learner reads it, the ten as 10, at most
        :data:`MAX_REASON_CHARS` characters) for each card it refuses, only while ``seat`` is
        to act in a phase where cards are played; ``{}`` otherwise (the reason is then not the
        card's: :func:`refusal_words`). Nothing is applied to the state.
    """
    if seat is None or state.is_terminal() or state.current_player != seat or state.phase in PHASE_REFUSALS:
        return {}
    out = {}
    ups = getattr(state, "up", None)   # Armenian Durak: the seat's face-up cards (``up``) are played too
    for card in [*state.hands[seat], *(c for c in (ups[seat] if ups is not None else ()) if c is not None)]:
        why = engine_refusal(state, card)
        if why is not None:
            out[_code(card)] = why
    return out


def engine_refusal(state, card: Card) -> str | None:
    """The engine's reason for refusing ``card`` from the player to act now (English, as
    :func:`engine_refusals` words it), or None when the engine takes it."""
    why = state.why_illegal(card)
    if why is None:
        return None
    text = tens_as_10(rules_words(" ".join(str(why).split())))
    return text if len(text) <= MAX_REASON_CHARS else text[:MAX_REASON_CHARS] + "…"


def engine_words(text: str, tr: Translation | None = None) -> str:
    """An engine's refusal (:data:`ENGINE_REFUSALS`) in ``tr``'s language; other text as it is."""
    if tr is None or tr is _EN:
        return text
    for pattern, message in ENGINE_REFUSALS:
        m = pattern.fullmatch(text)
        if m is not None:
            return cards_in_words_of(tr.gettext(message).format(**m.groupdict()), tr)
    return cards_in_words_of(text, tr)


def turn_words(phase: str | None, tr: Translation | None = None, *, named_you: bool = False) -> str:
    """The words after "▶" at the seat to act (:data:`TURN_WORDS`, "to act" for another phase).

    :param named_you: the seat is named "You" (Armenian Durak's learner): the verb agrees
        with it (Russian «Вы ▶ ходите», not «ходит»); English is the same either way.
    """
    tr = tr or _EN
    if named_you:
        words = {"bidding": tr.pgettext("the seat named You", "to bid"),
                 "play": tr.pgettext("the seat named You", "to play"),
                 "trump": tr.pgettext("the seat named You", "to draw the trump"),
                 "draw": tr.pgettext("the seat named You", "to choose a draw")}
        return words.get(phase or "") or tr.pgettext("the seat named You", "to act")
    return tr.gettext(TURN_WORDS.get(phase or "", N_("to act")))


def refusal_words(*, over: bool, your_turn: bool, turn_seat: str | None, phase: str | None,
                  engine: str | None = None, paused: bool = False, tr: Translation | None = None) -> str:
    """Why a card of the viewer's hand may not be played now, in words.

    :param over: the deal is over.
    :param your_turn: the viewer is to act.
    :param turn_seat: the name of the seat to act, in ``tr``'s language (None: nobody).
    :param phase: the state's phase (``"bidding"``, ``"play"``, ``"trump"``, ``"draw"``).
    :param engine: the engine's reason for this card (:func:`engine_refusals`), or None.
    :param paused: the teacher paused the table.
    :param tr: the language (:func:`cardkit.i18n.translation`); None: English.
    :returns: one line, such as "not your turn: West to play" or "must follow ♥: …".
    """
    tr = tr or _EN
    if over:
        return tr.gettext("the deal is over")
    if paused:
        return tr.gettext("paused by the teacher")
    if not your_turn:
        if turn_seat is None:
            return tr.gettext("not your turn")
        return tr.gettext("not your turn: {seat} {to_act}").format(
            seat=turn_seat, to_act=tr.gettext(TURN_WORDS.get(phase or "", N_("to act"))))
    if phase in PHASE_REFUSALS:
        return tr.gettext(PHASE_REFUSALS[phase])
    return engine_words(engine, tr) if engine is not None else tr.gettext("not playable now")


def hand_refusals(state, seat: int, names: list[str], tr: Translation | None = None, *,
                  paused: bool = False) -> dict[str, str]:
    """Each card of ``seat``'s hand with its refusal in words ("" for a card it may play now).

    :param state: an engine state.
    :param seat: the viewer's seat.
    :param names: the seats' names in ``tr``'s language, in seat order.
    :returns: ``{"QH": "", "KS": "must follow ♥: …"}`` by card code.
    """
    over = state.is_terminal()
    turn = None if over else state.current_player
    mine = turn == seat and not paused
    legal = {_code(a) for a in state.legal_actions() if isinstance(a, Card)} if mine else set()
    engine = engine_refusals(state, seat) if mine else {}
    return {_code(c): "" if _code(c) in legal else refusal_words(
        over=over, your_turn=mine, turn_seat=None if turn is None else names[turn], phase=state.phase,
        engine=engine.get(_code(c)), paused=paused, tr=tr) for c in state.hands[seat]}


# ---- the card table's parts ----------------------------------------------------------------

#: the learner's cards in a row: ♠ ♥ ♣ ♦ (the colours alternate), ace first
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
_RANK_ORDER = "AKQJT98765432"
#: where the seats sit on screen, from the viewer's seat on (play goes clockwise: the next seat is on the left)
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
               "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_code(card: Card | str) -> str:
    """A card's code, ``"QH"``, ``"TS"`` (a code is returned as it is)."""
    return card if isinstance(card, str) else _code(card)


def card_order(card: Card | str) -> tuple[int, int]:
    """The sort key of a card (or code) in the learner's row: :data:`SUIT_ORDER`, ace first."""
    code = card_code(card)
    return SUIT_ORDER[code[1]], _RANK_ORDER.index(code[0])


def seat_positions(players: int, viewer: int = 0) -> dict[int, str]:
    """Where each seat sits on screen, seen from ``viewer`` at the bottom: play goes
    clockwise, so the next seat (``viewer + 1``) is on the left (RULES.md, "Common
    conventions"). Values are ``"bottom"``, ``"left"``, ``"top"``, ``"right"``.

    :raises CardkitError: for another number of players than 2, 3 or 4.
    """
    if players not in POSITIONS:
        from cardkit.core.errors import CardkitError, quote

        raise CardkitError(f"players {quote(players)}: the table widgets seat 2, 3 or 4 players")
    return {s: POSITIONS[players][(s - viewer) % players] for s in range(players)}


def card_json(card: Card | str, tr: Translation | None = None) -> dict:
    """A card (or its code, ``"QH"``) as the card table draws it: ``{"id": "QH", "rank": "Q",
    "suit": "H", "sym": "♥", "label": "Q♥", "name": "queen of hearts"}`` (a ten is drawn
    ``10``); with ``tr`` (a :func:`cardkit.i18n.translation`) its rank, label and name in that
    language (``Д``, ``Д♥``, ``дама червей``)."""
    code = card_code(card)
    rank, suit = code[0], code[1]
    if tr is not None and tr is not _EN:
        from cardkit.wording import card_code_in

        label, name = card_code_in(code, tr)
        return {"id": code, "rank": label[:-1], "suit": suit, "sym": _SYMBOLS[suit], "label": label, "name": name}
    shown = "10" if rank == "T" else rank
    return {"id": code, "rank": shown, "suit": suit, "sym": _SYMBOLS[suit], "label": f"{shown}{_SYMBOLS[suit]}",
            "name": f"{_RANK_NAMES[rank]} of {_SUIT_NAMES[suit]}"}


def suit_json(suit, tr: Translation | None = None) -> dict | None:
    """A suit (a :class:`~cardkit.core.cards.Suit` or its letter) as the card table draws the
    trump: ``{"suit": "H", "sym": "♥", "name": "hearts"}``; None for none."""
    if suit is None or suit == "":
        return None
    letter = suit if isinstance(suit, str) else suit.letter
    if tr is None or tr is _EN:
        name = _SUIT_NAMES[letter]
    else:
        from cardkit.core.cards import Suit
        from cardkit.wording import suit_words

        name = suit_words(Suit("SHDC".index(letter)), tr)
    return {"suit": letter, "sym": _SYMBOLS[letter], "name": name}


def hand_part(cards, legal, reasons, tr: Translation | None = None) -> list[dict]:
    """The viewer's hand as the card table draws it: the cards sorted (:func:`card_order`),
    each :func:`card_json` with ``legal`` (raised) and ``reason`` ("" for a legal card).

    :param cards: the cards (or codes) held.
    :param legal: the codes of the cards that may be played now.
    :param reasons: the refusal of each other card by code (:func:`hand_refusals`,
        :func:`refusal_words`), or a function of the code giving it.
    """
    why = reasons if callable(reasons) else reasons.get
    out = []
    for c in sorted(cards, key=card_order):
        code = card_code(c)
        ok = code in legal
        out.append({**card_json(code, tr), "legal": ok, "reason": "" if ok else why(code)})
    return out


def trick_cards(seats, cards, positions: dict[int, str], names, tr: Translation | None = None) -> list[dict]:
    """A trick's cards as the card table draws them: per card ``seat``, ``pos``, ``name``,
    ``short`` (the seat's name), ``card`` (:func:`card_json`) and ``led`` (the first)."""
    return [{"seat": s, "pos": positions[s], "name": names[s], "short": names[s], "card": card_json(c, tr),
             "led": i == 0} for i, (s, c) in enumerate(zip(seats, cards))]


def seats_part(names, viewer: int | None, *, counts, to_act: int | None = None, phase: str | None = None,
               notes=None, hands=None, tableaux=None, labels=None, tr: Translation | None = None,
               cards_tr: Translation | None = None) -> list[dict]:
    """One object per seat as the card table draws it: ``seat``, ``name`` (``labels[s]``,
    default the seat's name), ``short`` (the seat's name), ``pos`` (:func:`seat_positions`
    from ``viewer``), ``me``, ``count`` and ``count_text`` (its cards in hand, in words),
    ``notes``, ``turn`` (:func:`turn_words` at the seat to act, else ""), ``hand`` (its cards
    when every hand is shown, sorted, :func:`card_json` in ``cards_tr``'s language) and
    ``tableau``.

    :param names: the seats' names in ``tr``'s language, in seat order.
    :param counts: each seat's number of cards in hand (None: not known).
    :param hands: ``{seat: cards}`` shown face up; ``notes``, ``tableaux``: ``{seat: ...}``.
    """
    tr = tr or _EN
    pos = seat_positions(len(names), viewer or 0)
    you = tr.gettext("You")
    out = []
    for s in range(len(names)):
        cards = (hands or {}).get(s)
        n = counts[s]
        out.append({"seat": s, "name": (labels or names)[s], "short": names[s], "pos": pos[s], "me": s == viewer,
                    "count": n, "count_text": "" if n is None else
                    tr.ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n),
                    "notes": (notes or {}).get(s, ""),
                    "turn": turn_words(phase, tr, named_you=names[s] == you) if s == to_act else "",
                    "hand": [card_json(c, cards_tr) for c in sorted(cards, key=card_order)] if cards else None,
                    "tableau": (tableaux or {}).get(s)})
    return out


def trick_part(last_done, open_trick, positions: dict[int, str], names, *, over: bool, heading: str,
               tr: Translation | None = None, cards_tr: Translation | None = None) -> dict:
    """The trick as the card table draws it: the open trick's cards, or once the deal is over
    the last finished trick with its ``winner``; while the deal goes on, the trick just
    finished is ``previous`` (its cards, winner and a note).

    :param last_done: ``(seats, cards, winner)`` of the last finished trick, or None.
    :param open_trick: ``(seats, cards)`` of the trick being played, or None.
    :param names: the seats' names in ``tr``'s language; ``cards_tr``: the cards' language.
    :returns: ``{"cards", "winner", "heading", "note", "last": False, "previous"}``.
    """
    tr = tr or _EN
    out: dict = {"cards": [], "winner": None, "heading": heading, "note": "", "last": False, "previous": None}
    if open_trick is not None and len(open_trick[1]):
        out["cards"] = trick_cards(open_trick[0], open_trick[1], positions, names, cards_tr)
    elif last_done is not None:
        seats, cards, winner = last_done
        shown = trick_cards(seats, cards, positions, names, cards_tr)
        if over:
            out.update(cards=shown, winner=winner, note=tr.gettext("the last trick"))
        else:
            out["previous"] = {"cards": shown, "winner": winner,
                               "note": tr.gettext("last trick: You won it") if names[winner] == tr.gettext("You")
                               else tr.gettext("last trick: {seat} won it").format(seat=names[winner])}
    return out


def tableau_part(ups, downs, *, hidden=None, mine: bool, legal, reason, tr: Translation | None = None,
                 cards_tr: Translation | None = None) -> list[dict]:
    """One seat's tableau (Armenian Durak's stacks) as the card table draws it: per stack
    ``up`` (:func:`card_json` or None), ``down`` (face-down cards under it), ``down_card``
    (the face-down card when every hand is shown, else None), ``legal``, ``reason`` (the
    viewer's own face-up card's refusal, else "") and ``below_text`` (the face-down count in
    words, "" for none).

    :param ups: the face-up card (or code) of each stack, or None; ``downs``: the counts.
    :param hidden: the face-down card (or code) of each stack, shown to a teacher, or None.
    :param mine: the tableau is the viewer's; ``legal``: the codes playable now;
        ``reason(code)``: the refusal of another of its face-up cards.
    """
    tr = tr or _EN
    out = []
    for i, (up, down) in enumerate(zip(ups, downs)):
        down = int(down)
        card = hidden[i] if hidden is not None and down else None
        ok = mine and up is not None and card_code(up) in legal
        out.append({"up": card_json(up, cards_tr) if up is not None else None, "down": down,
                    "down_card": card_json(card, cards_tr) if card is not None else None, "legal": ok,
                    "reason": "" if ok or up is None or not mine else reason(card_code(up)),
                    "below_text": tr.ngettext("{n} face-down card below", "{n} face-down cards below", down).format(
                        n=down) if down else ""})
    return out


def hand_caption(cards, legal, *, led: str | None = None, nothing_why: str | None = None,
                 tr: Translation | None = None, html_of=card_code) -> str:
    """The line under the viewer's hand: how many cards, and which may be played now ("♥ was
    led: you must follow ♥ (…)", "Playable now (raised, outlined): …"), or why none may.

    :param cards: the hand, sorted as shown (cards or codes); ``legal``: the codes playable now.
    :param led: the suit letter led to the open trick, or None.
    :param nothing_why: the refusal of the hand's cards when none may be played.
    :param html_of: a card (as given in ``cards``) as the page writes it inside the line (HTML).
    """
    tr = tr or _EN
    n = len(cards)
    caption = tr.ngettext("{n} card.", "{n} cards.", n).format(n=n) + " "
    playable = [c for c in cards if card_code(c) in legal]
    if playable:
        shown = " ".join(html_of(c) for c in playable)
        if led is not None:
            suits = [card_code(c)[1] for c in cards]
            sym = _SYMBOLS[led]
            if all(card_code(c)[1] == led for c in playable) and len(playable) < n:
                caption += tr.gettext("{suit} was led: you must follow {suit} ({cards}).").format(
                    suit=sym, cards=shown) + " "
            elif led not in suits and len(playable) == n:
                caption += tr.gettext("{suit} was led: you have no {suit}, so any card may be played.").format(
                    suit=sym) + " "
        caption += tr.gettext("Playable now (raised, outlined): {cards}.").format(cards=shown)
    elif cards and nothing_why:
        caption += tr.gettext("Nothing to play from your hand now: {why}.").format(why=nothing_why)
    return caption

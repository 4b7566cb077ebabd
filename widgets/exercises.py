"""The rules lessons' exercises (issue 10 §1): one question maker per rule.

Each function takes a :class:`numpy.random.Generator` and returns a
:class:`cardkit_widgets.lesson.Question`: the prompt (HTML), the choices (or None for a
number box), and a ``check`` that asks the engine (``cardkit.games.*``: legal actions,
trick winners, score functions, the auction, losers and the settlement) whether an answer
is right, and says why in words that quote the rule (RULES.md section in brackets). Pass
one to :class:`cardkit_widgets.lesson.Exercise`.

Variety (RULES.md §1): :func:`variety_cut`, :func:`variety_next_deal`,
:func:`variety_trick_worth`, :func:`variety_may_bid`, :func:`variety_partners`,
:func:`variety_first_lead`, :func:`variety_next_lead`, :func:`variety_may_play`,
:func:`variety_trick_winner`, :func:`variety_score`, :func:`variety_game_winner`,
:func:`variety_margin`.

Warsaw Hearts (RULES.md §2): :func:`hearts_cut`, :func:`hearts_first_lead`,
:func:`hearts_may_play`, :func:`hearts_trick_winner`, :func:`hearts_penalty`,
:func:`hearts_bonus`, :func:`hearts_loser`, :func:`hearts_chips`.

Armenian Durak with trumps (RULES.md §3): :func:`durak_trick_winner`,
:func:`durak_trick_points`, :func:`durak_dealer`, :func:`durak_dealing`,
:func:`durak_who_leads`, :func:`durak_may_play`, :func:`durak_may_draw`,
:func:`durak_score`, :func:`durak_game`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import numpy as np

from cardkit import Card, CardkitError, Suit, deck, winning_index
from cardkit.dealing import cut_for_dealer

from ._common import COMPASS, one_line
from ._exercise_kit import (
    LETTERS,
    NOT_A_CHOICE,  # noqa: F401 (public here)
    NOT_A_NUMBER,  # noqa: F401 (public here)
    choice as _choice,
    gettext,
    ngettext,
    number as _number,
    rule_words,
    yes_no as _yes_no,
)
from ._exercises_durak import (
    durak_dealer,
    durak_dealing,
    durak_game,
    durak_may_draw,
    durak_may_play,
    durak_score,
    durak_trick_points,
    durak_trick_winner,
    durak_who_leads,
)
from .lesson import Question, card_html, cards_html, signed

__all__ = [
    "variety_cut", "variety_next_deal", "variety_trick_worth", "variety_may_bid", "variety_partners",
    "variety_first_lead", "variety_next_lead", "variety_may_play", "variety_trick_winner", "variety_score",
    "variety_game_winner", "variety_margin",
    "hearts_cut", "hearts_first_lead", "hearts_may_play", "hearts_trick_winner", "hearts_penalty",
    "hearts_bonus", "hearts_loser", "hearts_chips",
    "durak_trick_winner", "durak_trick_points", "durak_dealer", "durak_dealing", "durak_who_leads",
    "durak_may_play", "durak_may_draw", "durak_score", "durak_game",
]

def _cut_question(players: int, cards, lowest: bool, rng: np.random.Generator, rule: str,
                  names: Sequence[str]) -> Question:
    """The cut for the first dealer (highest card, or lowest in Warsaw Hearts): who deals
    first; or, in half the examples, a tie: who draws again (only the tied players)."""
    want_tie = rng.random() < 0.5
    for _ in range(200):
        dealer, rounds = cut_for_dealer(players, cards, rng, lowest=lowest)
        if (len(rounds) > 1) == want_tie and (len(rounds) == 1 or len(rounds[1]) < players):
            break
    first = ", ".join(f"{names[s]} {card_html(c)}" for s, c in rounds[0].items())
    intro = (gettext("The cut for the first dealer: each player draws one card, and the <b>lowest</b> card deals."
                     "<br>Draw 1: {cards}<br>", cards=first) if lowest else
             gettext("The cut for the first dealer: each player draws one card, and the <b>highest</b> card deals."
                     "<br>Draw 1: {cards}<br>", cards=first))
    if len(rounds) == 1:
        card = card_html(rounds[0][dealer])
        why = (gettext("{seat} drew the lowest card, {card} ({rule}).", seat=names[dealer], card=card, rule=rule)
               if lowest else
               gettext("{seat} drew the highest card, {card} ({rule}).", seat=names[dealer], card=card, rule=rule))
        return _choice(intro + gettext("Who deals first?"), [(names[s], s) for s in range(players)], dealer, why)
    again = tuple(sorted(rounds[1]))
    tied = gettext(" and ").join(names[s] for s in again)
    later = "; ".join(gettext("draw {n}: {cards}", n=i + 1,
                              cards=", ".join(f"{names[s]} {card_html(c)}" for s, c in r.items()))
                      for i, r in enumerate(rounds[1:], 1))
    why = gettext("a tie: {tied} drew cards of the same rank, and on a tie only the tied players draw again ({rule}; "
                  "the sources say only \"draw again\", and this is the default). Then {later}: {seat} deals.",
                  tied=tied, rule=rule, later=later, seat=names[dealer])
    choices = [(gettext("only {tied}", tied=tied), again), (gettext("all the players"), tuple(range(players)))]
    question = (gettext("There is a tie for the lowest card. Who draws again?") if lowest else
                gettext("There is a tie for the highest card. Who draws again?"))
    return _choice(intro + question, choices, again, why)


def _random_play(state, rng: np.random.Generator, steps: int) -> None:
    """Apply ``steps`` random legal actions (fewer if the deal ends)."""
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])


#: The engine's refusal of a card that does not follow suit (as :func:`rule_words` gives it).
_FOLLOW = re.compile(r"must follow (?P<suit>[♠♥♦♣]): you hold (?P<cards>[^,]+), so (?P<card>\S+) cannot be played")


def _may_play_check(state, card: Card, seat_name: str, rule: str, void_words: str,
                    lead_words: str | None = None) -> Question:
    """May the player to move play ``card``? The engine's ``legal_actions`` decides; a
    refused card is explained with the engine's own message."""
    if lead_words is None:
        lead_words = gettext("the leader may lead any card")
    legal = card in state.legal_actions()
    trick = state.trick
    if legal:
        if trick is None or not trick.cards:
            why = gettext("{card} may be led: {lead} ({rule}).", card=card_html(card), lead=lead_words, rule=rule)
        elif card.suit == trick.cards[0].suit:
            why = gettext("{card} follows the suit led ({rule}).", card=card_html(card), rule=rule)
        else:
            why = gettext("{seat} holds no {suit}, so any card may be played: {void} ({rule}).", seat=seat_name,
                          suit=trick.cards[0].suit.symbol, void=void_words, rule=rule)
    else:
        probe = state.clone()
        try:
            probe.apply_action(card)
            msg = "the engine accepted it"  # pragma: no cover - legal_actions said no
        except CardkitError as e:
            msg = rule_words(one_line(e, players=state.players))
        follow = _FOLLOW.fullmatch(msg)
        if follow is not None:   # the engine speaks to the player to act: "you hold"
            msg = (gettext("must follow {suit}: you hold {cards}, so {card} cannot be played", **follow.groupdict())
                   if state.current_player == 0 else
                   gettext("must follow {suit}: {seat} holds {cards}, so {card} cannot be played", seat=seat_name,
                           **follow.groupdict()))
        elif state.current_player != 0:
            msg = msg.replace("you hold", f"{seat_name} holds")
        if "§" not in msg:
            msg += " " + gettext("({rule}: a player must follow the suit led if able)", rule=rule)
        why = gettext("{card} may not be played: {why}.", card=card_html(card), why=msg)
    return _yes_no("", legal, why)


# ---- Variety (RULES.md §1) -------------------------------------------------------------

def _who(seat: int, players: int = 4) -> str:
    """A seat by name (RULES.md, "Common conventions"): South, West, North, East from seat 0
    (three players: South, West, East)."""
    return gettext(COMPASS[players][seat])


def _variety():
    from cardkit.games import variety
    return variety


def variety_cut(rng: np.random.Generator) -> Question:
    """§1.1: who deals first after the cut (the highest card; a tie draws again)."""
    return _cut_question(4, deck(52), False, rng, gettext("the rules, §1.1: the highest card in the cut deals"),
                         [f"{_who(s)}" for s in range(4)])


def _bid_out(state, rng: np.random.Generator) -> None:
    while state.phase == "bidding":
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])


def _trump_words(c) -> str:
    """A Variety contract's trump in words (the engine's ``trump_name``: "♣ trumps", "no trumps")."""
    return gettext("no trumps") if c.trump is None else gettext("{suit} trumps", suit=c.trump.symbol)


def variety_next_deal(rng: np.random.Generator) -> Question:
    """§1.1: the deal passes to the left, and any contract may be chosen again."""
    V = _variety()
    g = V.Game([None] * 4, seed=rng)
    last = g.new_deal()
    _bid_out(last, rng)
    _random_play(last, rng, 52)
    g.record()
    nxt = g.new_deal()
    n = last.contract
    intro = gettext("Last deal {dealer} dealt and the contract was <b>{n}</b> (declarers {first} and {second}). Now "
                    "the next deal begins.", dealer=_who(last.dealer), n=n, first=_who(last.declarers[0]),
                    second=_who(last.declarers[1]))
    if rng.random() < 0.5:
        first = nxt.first_bidder
        why = gettext("the deal passes to the left (the rules, §1.1): {dealer} deals now, and the player on the "
                      "dealer's left, {first}, bids first (§1.3).", dealer=_who(nxt.dealer), first=_who(first))
        return _choice(intro + "<br>" + gettext("Who bids first in the new deal?"),
                       [(f"{_who(s)}", s) for s in range(4)], first, why)
    may = n in nxt.legal_actions()
    why = (gettext("any contract may be chosen again in a later deal (the rules, §1.1): contract {n} is a legal first "
                   "bid of the new deal.", n=n) if may else
           gettext("any contract may be chosen again in a later deal (the rules, §1.1): contract {n} is not a legal "
                   "first bid of the new deal.", n=n))
    return _yes_no(intro + "<br>" + gettext("May {seat}, the first to bid now, name contract {n}?",
                                            seat=_who(nxt.first_bidder), n=n), may,
                   why, yes_label=gettext("Yes: {n} may be chosen again", n=n),
                   no_label=gettext("No: {n} was played already", n=n))


def variety_trick_worth(rng: np.random.Generator) -> Question:
    """§1.2: what one trick is worth to the side that takes it (contracts 2 to 8)."""
    V = _variety()
    n = int(rng.integers(2, 9))
    c = V.contracts()[n]
    pack = list(deck(52))
    # lean towards the cards that score in this contract
    weights = np.array([3.0 if (c.card_values[x.index] or (c.trump is not None and x.suit == c.trump)) else 1.0
                        for x in pack])
    idx = rng.choice(52, size=4, replace=False, p=weights / weights.sum())
    cards = [pack[i] for i in idx]
    w = winning_index(cards, c.trump, lowest=c.lowest_wins)
    taken: list[list[Card]] = [[], [], [], []]
    taken[w] = cards
    worth = V.side_points(n, [w], taken)
    trick = ", ".join(f"{_who(s)} {card_html(x)}" for s, x in enumerate(cards))
    values = dict(n=n, trump=html.escape(_trump_words(c)), scoring=rule_words(gettext(c.scoring)), cards=trick,
                  seat=_who(w))
    prompt = (gettext("Contract <b>{n}</b>: {trump}, the lowest card wins; {scoring}.<br>The trick, South leads: "
                      "{cards}.<br>{seat} wins it. How many points is it worth to {seat}'s side?", **values)
              if c.lowest_wins else
              gettext("Contract <b>{n}</b>: {trump}; {scoring}.<br>The trick, South leads: {cards}.<br>{seat} wins it. "
                      "How many points is it worth to {seat}'s side?", **values))
    parts = [gettext("{points} for the trick", points=signed(c.per_trick))] if c.per_trick else []
    parts += [f"{card_html(x)} {signed(c.card_points(x))}" for x in cards if c.card_points(x)]
    why = gettext("contract {n} scores {scoring} (the rules, §1.2): {parts}; in all {worth}.", n=n,
                  scoring=rule_words(gettext(c.scoring)),
                  parts=", ".join(parts) if parts else gettext("nothing in this trick scores"), worth=signed(worth))
    return _number(prompt, worth, why, points=True)


def _auction_html(bids: Sequence[int], names=LETTERS) -> str:
    rows = []
    for r in range(0, len(bids), 4):
        rows.append("<tr>" + "".join(f"<td style='padding:0 10px;text-align:center'>{b}</td>"
                                      for b in bids[r:r + 4]) + "</tr>")
    head = "".join(f"<th style='padding:0 10px'>{x}</th>" for x in names)
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def _letter(seat: int) -> str:
    """A bidder's letter (A B C D; А Б В Г in Russian)."""
    return {0: gettext("A"), 1: gettext("B"), 2: gettext("C"), 3: gettext("D")}[seat]


def _letters() -> list[str]:
    return [_letter(s) for s in range(4)]


def variety_may_bid(rng: np.random.Generator) -> Question:
    """§1.3: may this player name this number, and does it end the bidding? A third of the
    examples are the ninth bid (eight different numbers named)."""
    V = _variety()
    state = V.new_deal(seed=rng, dealer=3)       # A (seat 0) bids first
    if rng.random() < 1 / 3:                      # eight different numbers: the ninth bid
        for b in rng.permutation(8) + 1:
            state.apply_action(int(b))
    else:
        stop = int(rng.integers(1, 8))
        for _ in range(stop):
            legal = [b for b in state.legal_actions()
                     if not any(b == x for x in state.history)]   # keep it going: numbers not yet named
            if not legal:
                break
            state.apply_action(int(legal[int(rng.integers(len(legal)))]))
    seat = state.current_player
    bids = [int(a) for a in state.history]
    own = [b for i, b in enumerate(bids) if i % 4 == seat]
    others = [b for i, b in enumerate(bids) if i % 4 != seat]
    pool = [own, others, [b for b in range(1, 9) if b not in bids]]
    pool = [p for p in pool if p]
    group = pool[int(rng.integers(len(pool)))]
    k = int(group[int(rng.integers(len(group)))])
    name = _letter(seat)
    is_legal = k in state.legal_actions()
    if is_legal:
        probe = state.clone()
        probe.apply_action(k)
        ends = probe.phase != "bidding"
        outcome = "ends" if ends else "goes on"
    else:
        outcome = "refused"
    prompt = gettext("The bidding so far (A sits on the dealer's left and bids first):{auction}It is {seat}'s turn. "
                     "{seat} wants to bid <b>{k}</b>. What happens?", auction=_auction_html(bids, _letters()),
                     seat=name, k=k)
    choices = [(gettext("{seat} may not bid {k}", seat=name, k=k), "refused"), (gettext("The bidding ends"), "ends"),
               (gettext("The bidding goes on"), "goes on")]
    if outcome == "refused":
        why = gettext("{seat} named {k} already: a player may not name a number they have already named (the rules, "
                      "§1.3).", seat=name, k=k)
    elif outcome == "ends":
        first = _letter(probe.declarers[0])
        values = dict(first=first, seat=name, k=k)
        why = (gettext("{first} named {k} before, so {seat}'s {k} ends the bidding: contract {k}, {first} and {seat} "
                       "are the declarers (the rules, §1.3: a number another player named before ends the bidding; "
                       "{first} and {seat} sit side by side, and nobody moves).", **values)
               if (seat - probe.declarers[0]) % 2 else
               gettext("{first} named {k} before, so {seat}'s {k} ends the bidding: contract {k}, {first} and {seat} "
                       "are the declarers (the rules, §1.3: a number another player named before ends the bidding).",
                       **values))
        if len(bids) == 8:
            why += " " + gettext("With eight different numbers named, the ninth bid always ends the bidding: only "
                                 "eight numbers exist.")
    else:
        why = gettext("nobody has named {k}, so the bidding goes on (the rules, §1.3).", k=k)
    q = _choice(prompt, choices, outcome, why)
    q.extra = {"bids": bids, "bid": k}
    return q


def variety_partners(rng: np.random.Generator) -> Question:
    """§1.3: who are the declarers once the bidding ends (partners may sit side by side)."""
    V = _variety()
    state = V.new_deal(seed=rng, dealer=3)
    _bid_out(state, rng)
    bids = [int(a) for a in state.history]
    a, b = state.declarers
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    values = dict(second=_letter(b), n=state.contract, first=_letter(a))
    why = (gettext("the bidding ended when {second} named {n}, which {first} had named first: they are the declarers, "
                   "partners for this deal; they sit side by side (the rules, §1.3: partners may sit opposite or side "
                   "by side; nobody moves).", **values) if (a - b) % 2 else
           gettext("the bidding ended when {second} named {n}, which {first} had named first: they are the declarers, "
                   "partners for this deal; they sit opposite each other (the rules, §1.3: partners may sit opposite "
                   "or side by side; nobody moves).", **values))
    if len(bids) == 9:
        why += " " + gettext("It took the ninth bid: only eight numbers exist.")
    prompt = gettext("A whole bidding (A on the dealer's left bids first):{auction}Who are the declarers?",
                     auction=_auction_html(bids, _letters()))
    return _choice(prompt, [(gettext("{first} and {second}", first=_letter(i), second=_letter(j)), (i, j))
                            for i, j in pairs], tuple(sorted((a, b))), why)


def variety_first_lead(rng: np.random.Generator) -> Question:
    """§1.4: who leads to the first trick (default: the left of the first to name the contract)."""
    V = _variety()
    state = V.new_deal(seed=rng, dealer=3)
    _bid_out(state, rng)
    bids = [int(a) for a in state.history]
    leader = state.current_player
    first = state.declarers[0]
    why = gettext("{first} named {n} first, and the player on the left of the first to name the contract leads: "
                  "{leader} (the rules, §1.4, the default from the dictionary; other readings give the lead to the "
                  "left of the first bidder or of the dealer).", first=_letter(first), n=state.contract,
                  leader=_letter(leader))
    prompt = gettext("D deals; A bids first. The bidding:{auction}Contract {n}. Who leads to the first trick?",
                     auction=_auction_html(bids, _letters()), n=state.contract)
    return _choice(prompt, [(x, i) for i, x in enumerate(_letters())], leader, why)


def variety_next_lead(rng: np.random.Generator) -> Question:
    """§1.4 and §1.5: the winner of a trick leads the next."""
    V = _variety()
    state = V.new_deal(seed=rng, dealer=3)
    _bid_out(state, rng)
    _random_play(state, rng, 4 * int(rng.integers(0, 11)))
    leader = state.current_player
    _random_play(state, rng, 4)
    t = state.completed_tricks[-1]
    c = state.contract_info
    seats = t.seats
    values = dict(n=state.contract, trump=html.escape(_trump_words(c)), leader=_who(leader),
                  cards=", ".join(f"{_who(s)} {card_html(x)}" for s, x in zip(seats, t.cards)))
    prompt = (gettext("Contract {n} ({trump}, the lowest card wins). {leader} led; the trick: {cards}. Who leads the "
                      "next trick?", **values) if c.lowest_wins else
              gettext("Contract {n} ({trump}). {leader} led; the trick: {cards}. Who leads the next trick?", **values))
    nxt = state.current_player
    why = gettext("{seat} won the trick with {card}, and the winner of each trick leads the next (the rules, §1.4).",
                  seat=_who(t.winner), card=card_html(t.cards[seats.index(t.winner)]))
    return _choice(prompt, [(f"{_who(s)}", s) for s in range(4)], nxt, why)


def _void_position(start, rng: np.random.Generator, tricks_max: int, want_void: bool):
    """``start`` played on at random (a copy) into a trick where the player to move is
    (or, with ``want_void`` False, is not) void in the suit led, when such a position
    comes within a few tries; else the last position tried that has a card led."""
    found = None
    for _ in range(40):
        s = start.clone()
        _random_play(s, rng, s.players * int(rng.integers(0, tricks_max)) + int(rng.integers(1, s.players)))
        if s.is_terminal() or s.trick is None or not s.trick.cards:
            continue
        led = s.trick.cards[0].suit
        hand = s.hands[s.current_player]
        found = s
        if (not any(x.suit == led for x in hand)) == want_void and len(hand) > 1:
            return s
    return found


def variety_may_play(rng: np.random.Generator) -> Question:
    """§1.5: may the player play this card (follow suit; no duty to trump or beat the trick)?"""
    V = _variety()
    state = V.new_deal(seed=rng, dealer=3)
    _bid_out(state, rng)
    state = _void_position(state, rng, 9, bool(rng.random() < 0.5))
    seat = state.current_player
    hand = state.hands[seat]
    t = state.trick
    led = t.cards[0].suit if t and t.cards else None
    c = state.contract_info
    # prefer a card that is not the suit led and not a trump: the interesting question
    odd = [x for x in hand if x.suit != led and x.suit != c.trump]
    card = (odd or hand)[int(rng.integers(len(odd or hand)))]
    q = _may_play_check(state, card, f"{_who(seat)}", gettext("the rules, §1.5"),
                        gettext("there is no duty to trump, nor to beat the cards already played"))
    played = (", ".join(f"{_who(s)} {card_html(x)}" for s, x in zip(t.seats, t.cards)) if t and t.cards
              else gettext("none yet"))
    q.prompt = gettext("Contract {n} ({trump}). The trick so far: {played}.<br>{seat} holds {hand}.<br>May {seat} play "
                       "{card}?", n=state.contract, trump=html.escape(_trump_words(c)), played=played, seat=_who(seat),
                       hand=cards_html(hand), card=card_html(card))
    return q


def variety_trick_winner(rng: np.random.Generator) -> Question:
    """§1.5: who wins the trick, normal order or contract 6's reversed order."""
    V = _variety()
    n = 6 if rng.random() < 0.4 else int(rng.integers(1, 9))
    c = V.contracts()[n]
    pack = list(deck(52))
    led = Suit(int(rng.integers(4)))
    weights = np.array([4.0 if x.suit == led else (2.0 if x.suit == c.trump else 1.0) for x in pack])
    first = [x for x in pack if x.suit == led][int(rng.integers(13))]
    weights[pack.index(first)] = 0
    rest = rng.choice(52, size=3, replace=False, p=weights / weights.sum())
    cards = [first] + [pack[i] for i in rest]
    w = winning_index(cards, c.trump, lowest=c.lowest_wins)
    trumped = c.trump is not None and any(x.suit == c.trump for x in cards)
    winner = card_html(cards[w])
    if trumped:
        why = (gettext("in contract {n} the lowest trump wins: {card} (the rules, §1.5).", n=n, card=winner)
               if c.lowest_wins else
               gettext("in contract {n} the highest trump wins: {card} (the rules, §1.5).", n=n, card=winner))
    else:
        why = (gettext("in contract {n} the lowest card of the suit led ({suit}) wins: {card} (the rules, §1.5; a card "
                       "of another suit never wins).", n=n, suit=led.symbol, card=winner) if c.lowest_wins else
               gettext("in contract {n} the highest card of the suit led ({suit}) wins: {card} (the rules, §1.5; a "
                       "card of another suit never wins).", n=n, suit=led.symbol, card=winner))
    values = dict(n=n, trump=html.escape(_trump_words(c)),
                  cards=", ".join(f"{_who(s)} {card_html(x)}" for s, x in enumerate(cards)))
    prompt = (gettext("Contract <b>{n}</b> ({trump}, the lowest card wins). South leads; the trick: {cards}. Who wins "
                      "it?", **values) if c.lowest_wins else
              gettext("Contract <b>{n}</b> ({trump}). South leads; the trick: {cards}. Who wins it?", **values))
    q = _choice(prompt, [(f"{_who(s)}: {x}", s) for s, x in enumerate(cards)], w, why)
    q.extra = {"contract": n, "cards": cards}
    return q


def _variety_taken(rng: np.random.Generator, tricks: int) -> list[list[Card]]:
    pack = [deck(52)[i] for i in rng.permutation(52)]
    return [pack[:4 * tricks], pack[4 * tricks:], [], []]


def variety_score(rng: np.random.Generator) -> Question:
    """§1.6: a player's score for a deal: the side's points, and the defenders' +10."""
    V = _variety()
    n = int(rng.choice([1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 8]))
    tricks = int(rng.integers(3, 11))
    taken = _variety_taken(rng, tricks)
    decl = (0, 2)
    scores = V.score_deal(n, decl, taken)
    d_pts = V.side_points(n, decl, taken)
    f_pts = V.side_points(n, (1, 3), taken)
    seat = int(rng.integers(4))
    c = V.contracts()[n]

    def by_trick(cards):  # the tricks as taken, four cards each, numbered
        return "; ".join(f"<span style='white-space:nowrap'>{k + 1}: {cards_html(cards[4 * k:4 * k + 4])}</span>"
                         for k in range(len(cards) // 4))
    values = dict(n=n, scoring=rule_words(gettext(c.scoring)), tricks=tricks, declarers=by_trick(taken[0]),
                  other=13 - tricks, defenders=by_trick(taken[1]), seat=_who(seat))
    prompt = (gettext("Contract <b>{n}</b> ({scoring}). South and North are the declarers.<br>The declarers took "
                      "{tricks} tricks: {declarers}<br>The defenders took {other}: {defenders}<br>What does {seat} (a "
                      "declarer) score for this deal?", **values) if seat in decl else
              gettext("Contract <b>{n}</b> ({scoring}). South and North are the declarers.<br>The declarers took "
                      "{tricks} tricks: {declarers}<br>The defenders took {other}: {defenders}<br>What does {seat} (a "
                      "defender) score for this deal?", **values))
    if d_pts > f_pts:
        result = gettext("the declarers win (strictly more points): no bonus")
    elif d_pts == f_pts:
        result = gettext("a tie, which is the declarers' loss (the default, from the dictionary): each defender gets "
                         "+10")
    else:
        result = gettext("the declarers lose: each defender gets +10")
    why = gettext("declarers {declarers}, defenders {defenders}; {result}. Every player is credited with their own "
                  "side's points (the rules, §1.6), so {seat} scores {score}.", declarers=signed(d_pts),
                  defenders=signed(f_pts), result=result, seat=_who(seat), score=signed(scores[seat]))
    return _number(prompt, scores[seat], why, points=True)


def variety_game_winner(rng: np.random.Generator) -> Question:
    """§1.7: who wins a game of 8 deals (default: the highest total)."""
    V = _variety()
    g = V.Game([None] * 4, seed=rng)
    for _ in range(g.rules.deals):
        n = int(rng.integers(1, 9))
        decl = tuple(int(x) for x in rng.choice(4, size=2, replace=False))
        taken = _variety_taken(rng, int(rng.integers(2, 12)))
        order = [decl[0], next(s for s in range(4) if s not in decl)]
        four: list[list[Card]] = [[], [], [], []]
        four[order[0]], four[order[1]] = taken[0], taken[1]
        g.scores.append(V.score_deal(n, decl, four))
    winners = g.winner()
    totals = g.totals
    rows = "".join("<tr><td>" + gettext("deal {n}", n=i + 1) + "</td>"
                   + "".join(f"<td style='text-align:right;padding:0 8px'>{signed(x)}</td>" for x in row) + "</tr>"
                   for i, row in enumerate(g.scores))
    head = "".join(f"<th style='padding:0 8px'>{_who(s)}</th>" for s in range(4))
    table = f"<table><tr><th></th>{head}</tr>{rows}</table>"
    prompt = gettext("A whole game: {n} deals, so each player deals twice (the rules, §1.7). The scores:{table}Who "
                     "wins the game?", n=g.rules.deals, table=table)
    shown = ", ".join(f"{_who(s)} {signed(t)}" for s, t in enumerate(totals))
    why = (gettext("the totals are {totals}; the player with the highest total wins (the rules, §1.7: the default, "
                   "since the sources do not say), and here several share it.", totals=shown) if len(winners) > 1 else
           gettext("the totals are {totals}; the player with the highest total wins (the rules, §1.7: the default, "
                   "since the sources do not say).", totals=shown))
    return _choice(prompt, [(f"{_who(s)}", s) for s in range(4)], winners[0], why, accept=lambda v: v in winners)


def variety_margin(rng: np.random.Generator) -> Question:
    """§1.8: the bidder's margin: the deal score minus the other side's (the +10 included)."""
    V = _variety()
    state = V.new_deal(seed=rng, dealer=3)
    _bid_out(state, rng)
    _random_play(state, rng, 52)
    from cardkit.analysis.variety import margin_of

    d_pts, f_pts = state.side_points()
    first = state.declarers[0]
    r = state.returns()
    m = margin_of(state)
    defender = next(s for s in range(4) if s not in state.declarers)
    lost = r[defender] != f_pts
    prompt = gettext("A deal of contract {n} is over. {seat} named it first. The declarers' side took {declarers} "
                     "points, the defenders' side {defenders}.<br>What is {seat}'s <b>margin</b>: {seat}'s deal score "
                     "minus the other side's?", n=state.contract, seat=_who(first), declarers=signed(d_pts),
                     defenders=signed(f_pts))
    values = dict(seat=_who(first), score=signed(r[first]), defender=signed(r[defender]), margin=signed(m))
    why = (gettext("{seat} scores {score}, each defender {defender} (the +10 for the declarers' loss included): the "
                   "margin is {margin}. A contract is worth its expected margin to the bidder (the rules, §1.8), which "
                   "is why a contract that scores little but is sure can beat a big one that fails.", **values)
           if lost else
           gettext("{seat} scores {score}, each defender {defender}: the margin is {margin}. A contract is worth its "
                   "expected margin to the bidder (the rules, §1.8), which is why a contract that scores little but "
                   "is sure can beat a big one that fails.", **values))
    return _number(prompt, m, why, points=True)


# ---- Warsaw Hearts (RULES.md §2) ---------------------------------------------------------

def _hearts():
    from cardkit.games import warsaw_hearts
    return warsaw_hearts


def hearts_cut(rng: np.random.Generator) -> Question:
    """§2.1: the lowest card in the cut deals first; a tie draws again."""
    n = int(rng.choice([3, 4]))
    return _cut_question(n, deck(36), True, rng, gettext("the rules, §2.1: the lowest card in the cut deals"),
                         [f"{_who(s, n)}" for s in range(n)])


def hearts_first_lead(rng: np.random.Generator) -> Question:
    """§2.1: the player on the dealer's left leads to the first trick (default)."""
    H = _hearts()
    n = int(rng.choice([3, 4]))
    dealer = int(rng.integers(n))
    state = H.new_deal(players=n, dealer=dealer, seed=rng)
    leader = state.current_player
    why = gettext("the player on the dealer's left leads to the first trick (the rules, §2.1, a default: the source is "
                  "silent): {seat}. Play goes clockwise, and {seat} sits on {dealer}'s left.", seat=_who(leader, n),
                  dealer=_who(dealer, n))
    return _choice(gettext("{n} players; {dealer} deals. Who leads to the first trick?", n=n, dealer=_who(dealer, n)),
                   [(f"{_who(s, n)}", s) for s in range(n)], leader, why)


def hearts_may_play(rng: np.random.Generator) -> Question:
    """§2.1: follow suit if able, else any card; any card may be led, hearts included."""
    H = _hearts()
    n = int(rng.choice([3, 4]))
    state = H.new_deal(players=n, seed=rng)
    kind = rng.random()
    if kind < 1 / 3:                              # a lead: may a heart be led?
        _random_play(state, rng, n * int(rng.integers(0, 6)))
        seat = state.current_player
        hand = state.hands[seat]
        hearts = [x for x in hand if x.suit == Suit.HEARTS]
        pool = hearts or hand
    else:
        state = _void_position(state, rng, 5, kind < 2 / 3)
        seat = state.current_player
        hand = state.hands[seat]
        led = state.trick.cards[0].suit
        pool = [x for x in hand if x.suit != led] or hand
    card = pool[int(rng.integers(len(pool)))]
    q = _may_play_check(state, card, f"{_who(seat, n)}", gettext("the rules, §2.1, a default"),
                        gettext("there are no trumps, and a card of another suit never wins"),
                        gettext("any card may be led at any time, hearts included"))
    t = state.trick
    if t is not None and t.cards:
        played = gettext("The trick so far: {cards}",
                         cards=", ".join(f"{_who(s, n)} {card_html(x)}" for s, x in zip(t.seats, t.cards)))
    else:
        played = gettext("{seat} leads to a new trick", seat=_who(seat, n))
    q.prompt = gettext("{played}.<br>{seat} holds {hand}.<br>May {seat} play {card}?", played=played,
                       seat=_who(seat, n), hand=cards_html(hand), card=card_html(card))
    return q


def hearts_trick_winner(rng: np.random.Generator) -> Question:
    """§2.1: no trumps: the highest card of the suit led wins."""
    n = int(rng.choice([3, 4]))
    pack = list(deck(36))
    led = Suit(int(rng.integers(4)))
    weights = np.array([6.0 if x.suit == led else 1.0 for x in pack])
    idx = rng.choice(36, size=n, replace=False, p=weights / weights.sum())
    cards = [pack[i] for i in idx]
    if cards[0].suit != led:
        j = next((i for i, x in enumerate(cards) if x.suit == led), 0)
        cards[0], cards[j] = cards[j], cards[0]
    w = winning_index(cards)
    why = gettext("there are no trumps: the highest card of the suit led ({suit}) wins, {card}; a card of another suit "
                  "never wins, however high (the rules, §2.1).", suit=cards[0].suit.symbol, card=card_html(cards[w]))
    prompt = gettext("{seat} leads; the trick: {cards}. Who wins it?", seat=_who(0, n),
                     cards=", ".join(f"{_who(s, n)} {card_html(x)}" for s, x in enumerate(cards)))
    return _choice(prompt, [(f"{_who(s, n)}: {x}", s) for s, x in enumerate(cards)], w, why)


def _hearts_tricks(rng: np.random.Generator) -> list[list[Card]]:
    """One player's tricks of a 4-player deal, with the heart honours put in at random
    (sometimes two or three in one trick, sometimes none, sometimes a low heart)."""
    pack = [deck(36)[i] for i in rng.permutation(36)]
    hon = [x for x in pack if x.suit == Suit.HEARTS and x.rank >= 11]   # J Q K of hearts
    rest = [x for x in pack if x not in hon]
    k = int(rng.integers(1, 5))
    tricks = [rest[4 * i:4 * i + 4] for i in range(k)]
    pool = rest[4 * k:]
    mode = rng.random()
    chosen = [h for h in hon if rng.random() < 0.6] if mode > 0.15 else []
    for h in chosen:
        t = tricks[0] if (rng.random() < 0.2 or k == 1) else tricks[int(rng.integers(k))]
        j = int(rng.integers(1, 4)) if t[0] in hon else int(rng.integers(4))
        if t[j] in hon:
            j = next(i for i in range(4) if t[i] not in hon)
        t[j] = h
    if not chosen and rng.random() < 0.5:                    # no honour: sometimes strip the hearts too
        for t in tricks:
            for j, x in enumerate(t):
                if x.suit == Suit.HEARTS:
                    t[j] = next(p for p in pool if p.suit != Suit.HEARTS and not any(p in u for u in tricks))
    return tricks


def _tricks_html(tricks) -> str:
    return "<br>".join(gettext("trick {n}: {cards}", n=i + 1, cards=cards_html(t))
                       for i, t in enumerate(tricks)) or gettext("no trick")


def hearts_penalty(rng: np.random.Generator) -> Question:
    """§2.2: the penalty for the honours a player took (20, 15, 10, or 4, 3, 2)."""
    H = _hearts()
    tricks = _hearts_tricks(rng)
    a = H.assess_tricks(tricks)
    if a.row is None:
        why = gettext("no heart honour (K♥ Q♥ J♥) among them: no penalty; A♥ and the low hearts never cost a point "
                      "(the rules, §2.2).")
    else:
        why = gettext("the rule that fits first: {rule} → {penalty} (the rules, §2.2, rule {item}).",
                      rule=rule_words(gettext(a.row.text)), penalty=a.penalty, item=a.row.item)
        if a.row.item == 3:
            why += " " + gettext("The 10 replaces the single values: it is not their sum.")
        if a.row.item == 1 and len(a.honours) == 3 and len({i for _, i in a.honours}) == 1:
            why += " " + gettext("Three honours in one trick: not in the source; the default charges 20 as well.")
    q = _number(gettext("A player took these tricks in a deal:<br>{tricks}<br>What is the penalty?",
                        tricks=_tricks_html(tricks)), a.penalty, why)
    q.extra = {"tricks": tricks}
    return q


def hearts_bonus(rng: np.random.Generator) -> Question:
    """§2.2: the +20 bonus: tricks without any heart (and at least one trick, default)."""
    H = _hearts()
    if rng.random() < 0.15:
        tricks = []
    else:
        tricks = _hearts_tricks(rng)
        if rng.random() < 0.5:   # a clean hand often enough to see the +20
            clean = [x for x in deck(36) if x.suit != Suit.HEARTS]
            idx = rng.permutation(len(clean))[:4 * len(tricks)]
            tricks = [[clean[i] for i in idx[4 * t:4 * t + 4]] for t in range(len(tricks))]
    a = H.assess_tricks(tricks)
    if a.bonus:
        why = gettext("none of the player's tricks holds a heart: +20 (the rules, §2.2).")
    elif not tricks:
        why = gettext("the player took no trick: by the default the bonus needs at least one trick «for tricks without "
                      "hearts» (the rules, §2.2; a variant gives it anyway).")
    else:
        why = ngettext("the tricks hold {n} heart: any heart, even a low one, spoils the bonus (the rules, §2.2).",
                       "the tricks hold {n} hearts: any heart, even a low one, spoils the bonus (the rules, §2.2).",
                       a.hearts, n=a.hearts)
    prompt = gettext("A player took these tricks in a deal:<br>{tricks}<br>Does the player get the bonus?",
                     tricks=_tricks_html(tricks))
    return _choice(prompt, [("+20", H.BONUS), (gettext("0: no bonus"), 0)], a.bonus, why)


def hearts_loser(rng: np.random.Generator) -> Question:
    """§2.3: the game ends when a penalty total reaches 30; the highest total loses."""
    H = _hearts()
    n = int(rng.choice([3, 4]))
    kind = rng.random()
    if kind < 0.25:
        pens = [int(x) for x in rng.integers(0, 30, size=n)]
    else:
        pens = [int(x) for x in rng.integers(5, 42, size=n)]
        if kind > 0.8:                                  # two players pass 30 together, sometimes tied
            top = int(rng.integers(30, 40))
            pens[0], pens[1] = top, top if rng.random() < 0.5 else top - int(rng.integers(1, 5))
            pens = [pens[i] for i in rng.permutation(n)]
    lost = H.losers(pens)
    prompt = gettext("Penalty totals after a deal: {totals}. Who loses the game?",
                     totals=", ".join(f"{_who(s, n)} {p}" for s, p in enumerate(pens)))
    choices = [(f"{_who(s, n)}", (s,)) for s in range(n)] + [(gettext("Nobody yet: play another deal"), ())]
    if len(lost) > 1:
        choices.insert(n, (gettext(" and ").join(f"{_who(s, n)}" for s in lost), tuple(lost)))
    if not lost:
        why = gettext("nobody's penalty total has reached 30, so the game goes on (the rules, §2.3).")
    elif len(lost) == 1:
        over = [s for s, p in enumerate(pens) if p >= 30]
        if len(over) > 1:
            why = gettext("{seat} has {total}: at 30 or more the game ends, and the highest penalty total loses when "
                          "several pass 30 together (the rules, §2.3).", seat=_who(lost[0], n), total=pens[lost[0]])
        else:
            why = gettext("{seat} has {total}: at 30 or more the game ends, and that player loses (the rules, §2.3).",
                          seat=_who(lost[0], n), total=pens[lost[0]])
    else:
        why = gettext("tied at the highest total over 30, both lose, and pay nobody among themselves "
                      "(the rules, §2.3, a default).")
    return _choice(prompt, choices, tuple(lost), why)


def hearts_chips(rng: np.random.Generator) -> Question:
    """§2.3: what the loser pays one player: the penalty difference plus that player's bonus."""
    H = _hearts()
    n = int(rng.choice([3, 4]))
    while True:
        pens = [int(x) for x in rng.integers(0, 28, size=n)]
        loser = int(rng.integers(n))
        pens[loser] = int(rng.integers(30, 36))
        if H.losers(pens) == [loser]:
            break
    bons = [int(20 * rng.integers(0, 3)) if rng.random() < 0.5 else 0 for _ in range(n)]
    pays = H.payments(pens, bons)
    p = pays[int(rng.integers(len(pays)))]
    prompt = gettext("The game is over. Penalty totals: {penalties}.<br>Bonus totals: {bonuses}.<br>How many chips "
                     "does {payer} pay {receiver}?",
                     penalties=", ".join(f"{_who(s, n)} {x}" for s, x in enumerate(pens)),
                     bonuses=", ".join(f"{_who(s, n)} {x}" for s, x in enumerate(bons)),
                     payer=_who(p.payer, n), receiver=_who(p.receiver, n))
    # the English says "chips" for any number; Russian takes its three forms
    why = ngettext("the loser pays each other player the difference of penalty totals, {payer_total} − "
                   "{receiver_total} = {difference}, plus that player's bonus, {bonus}: {chips} chips (the rules, "
                   "§2.3; the loser's own bonus never counts).",
                   "the loser pays each other player the difference of penalty totals, {payer_total} − "
                   "{receiver_total} = {difference}, plus that player's bonus, {bonus}: {chips} chips (the rules, "
                   "§2.3; the loser's own bonus never counts).", p.chips, payer_total=pens[p.payer],
                   receiver_total=pens[p.receiver], difference=p.difference, bonus=p.bonus, chips=p.chips)
    q = _number(prompt, p.chips, why)
    q.extra = {"penalties": pens, "bonuses": bons, "payer": p.payer, "receiver": p.receiver}
    return q

"""The rules lessons' exercises of Armenian Durak with trumps (RULES.md §3), public as
``cardkit_widgets.exercises.durak_*`` (:mod:`cardkit_widgets.exercises` says how they work)."""

from __future__ import annotations

import re

import numpy as np

from cardkit import Card, CardkitError, Suit, deck
from cardkit.i18n import N_

from ._common import one_line
from ._exercise_kit import choice as _choice, gettext, ngettext, number as _number, rule_words, yes_no as _yes_no
from .lesson import Question, card_html, cards_html, suit_html

__all__ = ["durak_trick_winner", "durak_trick_points", "durak_dealer", "durak_dealing", "durak_who_leads",
           "durak_may_play", "durak_may_draw", "durak_score", "durak_game"]


#: Armenian Durak's two seats as the exercises name them: the learner and the opponent.
_DURAK = (N_("You"), N_("Your opponent"))


# ---- Armenian Durak with trumps (RULES.md §3) -------------------------------------------

def _durak():
    from cardkit.games import armenian_durak
    return armenian_durak


def _durak_pair(rng: np.random.Generator) -> tuple[Card, Card, Suit]:
    """A lead and a reply, often an ace and a six of one suit, or a trump."""
    pack = list(deck(36))
    trump = Suit(int(rng.integers(4)))
    kind = rng.random()
    if kind < 0.35:
        suit = Suit(int(rng.integers(4)))
        pair = [x for x in pack if x.suit == suit and x.rank in (14, 6)]
        if rng.random() < 0.5:
            pair.reverse()
        return pair[0], pair[1], trump
    i, j = rng.choice(36, size=2, replace=False)
    lead, reply = pack[i], pack[j]
    if kind < 0.65 and reply.suit != lead.suit:
        same = [x for x in pack if x.suit == lead.suit and x != lead]
        reply = same[int(rng.integers(len(same)))]
    return lead, reply, trump


def durak_trick_winner(rng: np.random.Generator) -> Question:
    """§3.1: who wins a trick of two cards (the six beats the ace of its suit)."""
    D = _durak()
    lead, reply, trump = _durak_pair(rng)
    w = D.trick_winner(lead, reply, trump)
    cards = (lead, reply)
    if lead.suit == reply.suit:
        if {lead.rank, reply.rank} == {14, 6}:
            rule = gettext("the six is beaten by every card of its suit except the ace, and it beats the ace")
        elif 6 in (lead.rank, reply.rank):
            rule = gettext("the six is beaten by every card of its suit except the ace")
        else:
            rule = gettext("the higher card of the suit wins")
    elif trump in (lead.suit, reply.suit):
        rule = gettext("a trump beats any card of another suit")
    else:
        rule = gettext("a card of a third suit never wins: the lead takes the trick")
    why = gettext("{rule} (the rules, §3.1): {card} wins.", rule=rule, card=card_html(cards[w]))
    prompt = gettext("{trump} are trumps. You lead {lead}; your opponent replies {reply}. Who wins the trick?",
                     trump=suit_html(trump), lead=card_html(lead), reply=card_html(reply))
    q = _choice(prompt, [(gettext("the lead, {card}", card=lead), 0), (gettext("the reply, {card}", card=reply), 1)],
                w, why)
    q.extra = {"lead": lead, "reply": reply, "trump": trump}
    return q


def durak_trick_points(rng: np.random.Generator) -> Question:
    """§3.1: the points of the cards in a trick (6 → 6, A 5, K 4, Q 3, J 2)."""
    D = _durak()
    lead, reply, trump = _durak_pair(rng)
    pts = D.card_points(lead, trump) + D.card_points(reply, trump)
    why = gettext("{lead} is worth {lead_points} and {reply} {reply_points}: six 6, ace 5, king 4, queen 3, jack 2, "
                  "the others 0 (the rules, §3.1).", lead=card_html(lead), lead_points=D.card_points(lead, trump),
                  reply=card_html(reply), reply_points=D.card_points(reply, trump))
    return _number(gettext("A trick holds {lead} and {reply}. How many points is it worth?", lead=card_html(lead),
                           reply=card_html(reply)), pts, why)


def _durak_name(seat: int) -> str:
    """Armenian Durak's seat ``seat`` as the exercises name it ("You", "Your opponent"), in the
    exercise's language."""
    return gettext(_DURAK[seat])


def _durak_choices() -> list[tuple[str, int]]:
    return [(gettext("You"), 0), (gettext("Your opponent"), 1)]


def durak_dealer(rng: np.random.Generator) -> Question:
    """§3.2: cards turned up one at a time; the first player to receive a six deals."""
    D = _durak()
    dealer, turned = D.first_dealer(rng)
    shown = ", ".join(f"{_durak_name(s)} {card_html(c)}" for s, c in turned)
    why = gettext("the first player to receive a six deals (the rules, §3.2): {card} went to {seat}.",
                  card=card_html(turned[-1][1]), seat=_durak_name(dealer).lower())
    return _choice(gettext("Cards are turned face up, one to each player in turn: {cards}. Who deals?", cards=shown),
                   _durak_choices(), dealer, why)


def durak_dealing(rng: np.random.Generator) -> Question:
    """§3.2: the order of the deal: 6 face down, 6 into the hand, 6 face up, one at a time."""
    D = _durak()
    dealer = int(rng.integers(2))
    pack = [deck(36)[i] for i in rng.permutation(36)]
    steps = list(D.dealing_steps(pack, dealer))
    k = int(rng.integers(1, 37))
    seat, place, _, _ = steps[k - 1]
    words = {"down": gettext("face down on the table"), "hand": gettext("into the hand"),
             "up": gettext("face up on a stack")}
    who = {dealer: gettext("the dealer"), 1 - dealer: gettext("the opponent")}
    choices = [(gettext("to {who}, {where}", who=who[s], where=words[p]), (s, p))
               for s in (dealer, 1 - dealer) for p in ("down", "hand", "up")]
    why = gettext("one card at a time, the dealer's own first (the rules, §3.2): cards 1–12 face down, 13–24 into the "
                  "hands, 25–36 face up; card {k} goes to {who}, {where}.", k=k, who=who[seat], where=words[place])
    prompt = (gettext("You deal 36 cards. Where does card number <b>{k}</b> go?", k=k) if dealer == 0 else
              gettext("Your opponent deals 36 cards. Where does card number <b>{k}</b> go?", k=k))
    return _choice(prompt, choices, (seat, place), why)


def durak_who_leads(rng: np.random.Generator) -> Question:
    """§3.3: the dealer's opponent leads first; then the winner of each trick leads."""
    D = _durak()
    dealer = int(rng.integers(2))
    state = D.new_deal(seed=rng, dealer=dealer, trump=Suit(int(rng.integers(4))))
    if rng.random() < 0.4:
        prompt = gettext("{seat} dealt and the trump is drawn. Who leads to the first trick?", seat=_durak_name(dealer))
        ans = state.current_player
        why = gettext("the dealer's opponent leads to the first trick (the rules, §3.3): {seat}.",
                      seat=_durak_name(ans).lower())
    else:
        while not state.is_terminal():
            a = state.legal_actions()
            state.apply_action(a[int(rng.integers(len(a)))])
            between = state.phase == "play" and state.trick is not None and not state.trick.cards
            if state.completed_tricks and between and rng.random() < 0.3:
                break
        t = state.completed_tricks[-1]
        prompt = gettext("{trump} are trumps. {leader} led {lead}, {other} replied {reply}. Who leads next?",
                         trump=suit_html(state.trump), leader=_durak_name(t.leader), lead=card_html(t.cards[0]),
                         other=_durak_name(1 - t.leader).lower(), reply=card_html(t.cards[1]))
        ans = state.current_player if not state.is_terminal() else t.winner
        won = card_html(t.cards[t.seats.index(t.winner)])
        why = gettext("{seat} won the trick with {card}, and the winner of each trick leads the next (the rules, "
                      "§3.3).", seat=_durak_name(t.winner).lower(), card=won)
    return _choice(prompt, _durak_choices(), ans, why)


def _durak_position(rng: np.random.Generator, reply: bool):
    """A random deal played some way in, the player to move in the play phase (to reply
    when ``reply``)."""
    D = _durak()
    state = D.new_deal(seed=rng, dealer=int(rng.integers(2)), trump=Suit(int(rng.integers(4))))
    steps = int(rng.integers(0, 20))
    for _ in range(200):
        a = state.legal_actions()
        state.apply_action(a[int(rng.integers(len(a)))])
        if state.is_terminal():
            return None
        steps -= 1
        if steps <= 0 and state.phase == "play" and bool(state.trick.cards) == reply:
            return state
    return None


def _tableau_html(state, seat: int) -> str:
    ups = [u for u in state.up[seat] if u]
    empty = len(state.up[seat]) - len(ups)
    downs = sum(d is not None for d in state.down[seat])
    gone = (", " + ngettext("{n} stack with no face-up card", "{n} stacks with no face-up card", empty, n=empty)
            if empty else "")
    return gettext("hand {hand}; face up on the stacks {ups} ({downs}{gone})", hand=cards_html(state.hands[seat]),
                   ups=cards_html(ups) if ups else gettext("no card"),
                   downs=ngettext("{n} face-down card under them", "{n} face-down cards under them", downs, n=downs),
                   gone=gone)


#: The engine's refusals of a Durak card (cardkit.games.armenian_durak, as :func:`one_line`
#: words them), each with its message: the named groups fill the placeholders.
_DURAK_REFUSALS = (
    (re.compile(r"(?P<card>\S+) cannot be played: (?P<led>[♠♥♦♣]) was led, so play a trump: you have (?P<cards>.+) "
                r"\(Rules §3\.3\)"), N_("{card} cannot be played: {led} was led, so play a trump: you have {cards} "
                                         "(Rules §3.3)")),
    (re.compile(r"(?P<card>\S+) cannot be played: (?P<led>[♠♥♦♣]) was led, so play a (?P=led) or a trump "
                r"\((?P<trump>[♠♥♦♣])\): you have (?P<cards>.+) \(Rules §3\.3\)"),
     N_("{card} cannot be played: {led} was led, so play a {led} or a trump ({trump}): you have {cards} "
        "(Rules §3.3)")),
    (re.compile(r"(?P<card>\S+) cannot be played: it lies face down; you may play from its hand or its face-up "
                r"cards: (?P<cards>.+) \(Rules §3\.3\)"),
     N_("{card} cannot be played: it lies face down; you may play from its hand or its face-up cards: {cards} "
        "(Rules §3.3)")),
    (re.compile(r"(?P<card>\S+) cannot be played: it lies face down; your opponent may play from its hand or its "
                r"face-up cards: (?P<cards>.+) \(Rules §3\.3\)"),
     N_("{card} cannot be played: it lies face down; your opponent may play from its hand or its face-up cards: "
        "{cards} (Rules §3.3)")),
)


def _durak_refusal(msg: str) -> str:
    """The engine's refusal ``msg`` in the exercise's language (others as they are)."""
    for pattern, message in _DURAK_REFUSALS:
        m = pattern.fullmatch(msg)
        if m is not None:
            return gettext(message, **m.groupdict())
    return msg


def durak_may_play(rng: np.random.Generator) -> Question:
    """§3.3: may this card be played: hand or face up; follow with the suit or a trump; a
    trump led asks for a trump; one card at a time."""
    state = None
    while state is None:
        state = _durak_position(rng, reply=rng.random() < 0.75)
    seat = state.current_player
    t = state.trick
    kind = rng.random()
    if kind < 0.12:                                     # two cards at once, as in ordinary Durak
        pool = state.legal_actions()
        card = pool[0]
        two = [x for x in state.hands[seat] + [u for u in state.up[seat] if u] if x != card][:1]
        ok = True
        try:
            probe = state.clone()
            probe.apply_action(f"{card} {two[0]}")
        except (CardkitError, IndexError):
            ok = False
        why = gettext("every lead and every reply is a single card (the rules, §3.3, «always one card»), unlike the "
                      "attacks of ordinary Durak.")
        q = _yes_no("", ok, why)
        what = (gettext("both {card} and {other} together", card=card_html(card), other=card_html(two[0])) if two
                else gettext("{card} twice", card=card_html(card)))
    else:
        downs = [d for d in state.down[seat] if d is not None]
        pool = state.hands[seat] + [u for u in state.up[seat] if u]
        if kind < 0.25 and downs:
            card = downs[int(rng.integers(len(downs)))]
        else:
            led = t.cards[0].suit if t.cards else None
            odd = [x for x in pool if led is not None and x.suit not in (led, state.trump)]
            pick = odd if odd and rng.random() < 0.35 else pool
            card = pick[int(rng.integers(len(pick)))]
        legal = card in state.legal_actions()
        if legal:
            if not t.cards:
                why = gettext("{card} may be led: any card from the hand or face up on your stacks (the rules, §3.3).",
                              card=card_html(card))
            elif card.suit == state.trump:
                why = gettext("{card} is a trump: a plain suit led may be answered with that suit or a trump, as you "
                              "choose; a trump led needs a trump (the rules, §3.3).", card=card_html(card))
            elif card.suit == t.cards[0].suit:
                why = gettext("{card} is of the suit led: a plain suit led may be answered with that suit or a trump, "
                              "as you choose; a trump led needs a trump (the rules, §3.3).", card=card_html(card))
            else:
                why = gettext("you hold neither a {suit} nor a trump, so any card may be played (the rules, §3.3).",
                              suit=t.cards[0].suit.symbol)
        else:
            probe = state.clone()
            try:
                probe.apply_action(card)
                msg = ""
            except CardkitError as e:
                msg = _durak_refusal(rule_words(one_line(e, players=state.players)))
            why = f"{msg}." if msg.startswith(str(card)) else gettext("{card} may not be played: {why}.",
                                                                      card=card_html(card), why=msg)
        q = _yes_no("", legal, why)
        what = (gettext("{card} (it lies face down)", card=card_html(card)) if card in downs and kind < 0.25
                else card_html(card))
    if not t.cards:
        led_text = gettext("You lead")
    elif t.cards[0].suit == state.trump:
        led_text = gettext("Your opponent led {card} (a trump)", card=card_html(t.cards[0]))
    else:
        led_text = gettext("Your opponent led {card}", card=card_html(t.cards[0]))
    q.prompt = gettext("{trump} are trumps. {led}.<br>You: {tableau}.<br>May you play {what}?",
                       trump=suit_html(state.trump), led=led_text, tableau=_tableau_html(state, seat), what=what)
    return q


def durak_may_draw(rng: np.random.Generator) -> Question:
    """§3.3: after a card from the hand the player may take one face-down card (optional);
    after a face-up card nothing is drawn, and neither with no face-down card left."""
    state = None
    while state is None:
        state = _durak_position(rng, reply=rng.random() < 0.5)
    seat = state.current_player
    legal = state.legal_actions()
    from_hand = [x for x in legal if x in state.hands[seat]]
    from_up = [x for x in legal if x not in state.hands[seat]]
    use_hand = bool(from_hand) and (not from_up or rng.random() < 0.6)
    pool = from_hand if use_hand else from_up
    card = pool[int(rng.integers(len(pool)))]
    downs = sum(d is not None for d in state.down[seat])
    probe = state.clone()
    probe.apply_action(card)
    may = probe.phase == "draw" and probe.current_player == seat
    where = gettext("from your hand") if use_hand else gettext("from the face-up cards of your tableau")
    if may:
        why = gettext("after a card from the hand you <b>may</b> take one face-down card into the hand, choosing the "
                      "stack, not the card; you may also decline (the rules, §3.3).")
    elif use_hand and downs == 0:
        why = gettext("you have no face-down card left, so nothing is taken (the rules, §3.3).")
    elif use_hand:
        why = gettext("in this variant the draw follows only a lead from the hand (the rules, §3.3).")
    else:
        below = state.down[seat][state.up[seat].index(card)]
        why = (gettext("the draw follows only a card from the hand (the rules, §3.3); a face-up card played from a "
                       "stack turns up the card under it instead.") if below is not None else
               gettext("the draw follows only a card from the hand (the rules, §3.3); a face-up card played from a "
                       "stack had nothing under it."))
    prompt = gettext("{trump} are trumps. You: {tableau}.<br>You play {card} {where}. May you now take a face-down "
                     "card into your hand?", trump=suit_html(state.trump), tableau=_tableau_html(state, seat),
                     card=card_html(card), where=where)
    return _choice(prompt, [(gettext("Yes, if I wish"), True), (gettext("No"), False)], may, why)


def durak_score(rng: np.random.Generator) -> Question:
    """§3.4: a deal's points: the cards in the tricks taken, +10 for taking every trick."""
    D = _durak()
    trump = Suit(int(rng.integers(4)))
    pack = [deck(36)[i] for i in rng.permutation(36)]
    if rng.random() < 0.25:
        taken = [pack, []]
    else:
        k = int(rng.integers(2, 9))
        taken = [pack[:2 * k], pack[2 * k:]]
    pts = D.score_deal(taken, trump)
    shown = sorted(taken[0], key=lambda x: (x.suit, -x.rank))
    sweep = not taken[1]
    if sweep:
        why = gettext("the points of the cards: six 6, ace 5, king 4, queen 3, jack 2 (the rules, §3.1), in all "
                      "{points}, plus 10 for taking every trick (the rules, §3.4): {total}.", points=pts[0] - 10,
                      total=pts[0])
    else:
        why = gettext("the points of the cards: six 6, ace 5, king 4, queen 3, jack 2 (the rules, §3.1), in all "
                      "{points}.", points=pts[0])
    n = len(taken[0]) // 2
    if sweep:   # the English says "tricks" for any number (at least 2 here); Russian takes its three forms
        prompt = ngettext("At the end of a deal ({trump} trumps) you took {n} tricks, every trick of the deal, "
                          "holding: {cards}.<br>How many points do you score for the deal?",
                          "At the end of a deal ({trump} trumps) you took {n} tricks, every trick of the deal, "
                          "holding: {cards}.<br>How many points do you score for the deal?", n,
                          trump=suit_html(trump), n=n, cards=cards_html(shown))
    else:
        prompt = ngettext("At the end of a deal ({trump} trumps) you took {n} tricks, holding: {cards}.<br>How many "
                          "points do you score for the deal?",
                          "At the end of a deal ({trump} trumps) you took {n} tricks, holding: {cards}.<br>How many "
                          "points do you score for the deal?", n, trump=suit_html(trump), n=n,
                          cards=cards_html(shown))
    return _number(prompt, pts[0], why)


def durak_game(rng: np.random.Generator) -> Question:
    """§3.4: the game to 250 (equal totals play on) or three rounds (three deals)."""
    D = _durak()
    three = rng.random() < 0.3
    rules = D.Rules(target=None, deals=3) if three else D.Rules()
    if three:
        deals = int(rng.integers(2, 4))
        totals = [int(x) for x in rng.integers(40, 80, size=2) * deals // 2]
    else:
        deals = int(rng.integers(4, 9))
        kind = rng.random()
        base = int(rng.integers(230, 270))
        totals = [base, base] if kind < 0.25 else [base, int(rng.integers(150, 275))]
        totals = [totals[i] for i in rng.permutation(2)]
    over = D.game_over(totals, deals, rules)
    winner, margin = D.margin(totals)
    ans = winner if over else None
    if three:   # the English says "deals" for any number; Russian takes its three forms
        prompt = ngettext("A game played three rounds (three deals), the higher total wins. After {deals} deals your "
                          "total is {mine}, your opponent's {theirs}. What now?",
                          "A game played three rounds (three deals), the higher total wins. After {deals} deals your "
                          "total is {mine}, your opponent's {theirs}. What now?", deals,
                          deals=deals, mine=totals[0], theirs=totals[1])
    else:
        prompt = ngettext("A game played to 250 points. After {deals} deals your total is {mine}, your opponent's "
                          "{theirs}. What now?",
                          "A game played to 250 points. After {deals} deals your total is {mine}, your opponent's "
                          "{theirs}. What now?", deals, deals=deals, mine=totals[0], theirs=totals[1])
    choices = [(gettext("You win"), 0), (gettext("Your opponent wins"), 1), (gettext("Another deal is played"), None)]
    if over:   # the English says "points" for any margin; Russian takes its three forms
        why = (ngettext("the game is over (the rules, §3.4): you win by {n} points, the difference of the totals.",
                        "the game is over (the rules, §3.4): you win by {n} points, the difference of the totals.",
                        margin, n=margin) if winner == 0 else
               ngettext("the game is over (the rules, §3.4): your opponent wins by {n} points, the difference of "
                        "the totals.",
                        "the game is over (the rules, §3.4): your opponent wins by {n} points, the difference of "
                        "the totals.", margin, n=margin))
    elif not three and max(totals) >= 250:
        why = gettext("equal totals at or over 250: another deal is played (the rules, §3.4, a default).")
    elif three:
        why = gettext("three deals are not yet played: another deal is played (the rules, §3.4).")
    else:
        why = gettext("nobody has reached 250 yet: another deal is played (the rules, §3.4).")
    return _choice(prompt, choices, ans, why)

"""Replay a deal action by action (or trick by trick), forward and back, with commentary.

:class:`Replay` takes any game's state (the state protocol of :mod:`cardkit.state`) and
steps through its ``history``. Every line of commentary is read off the engine, never
from a second copy of the rules:

- why a card was legal: the engine's ``legal_actions()`` at that moment (the player
  followed suit; or held no card of the suit led, so a trump or a discard was allowed;
  or the game allowed a trump instead of following, RULES.md §3.3);
- who won the trick: the engine's trick winner (``_trick_winner_index``, the same
  function that play uses); the reason is worded from the cards it chose (highest or
  lowest trump, highest or lowest of the suit led, or a card that beat a higher one of
  its suit: Armenian Durak's six over the ace, RULES.md §3.1);
- what it scored: the game's own scoring functions (Variety: ``Contract.card_points``,
  ``per_trick`` and ``State.side_points()``, RULES.md §1.2, §1.6).

Hidden cards stay hidden: a replay has a *viewer* (see :class:`Replay`). While the deal
is not over, a card played by a seat whose hand the viewer may not see is described
from public facts only (what was led, whether the card followed suit, was a trump, or
was the seat's last card), never from the seat's hand ("the only legal card", "holds no
trump" would tell a suit length or a void the table cannot know).

The commentary speaks the language it is given (``lang``: English by default, Russian),
each line one whole message of the catalog ``cardkit/locale/ru/LC_MESSAGES/cardkit.po``
(``docs/translating.md``).

>>> from cardkit.games.variety import new_deal
>>> r = Replay(new_deal(seed=1))       # an unplayed deal: nothing to step through
>>> r.position, len(r)
(0, 0)
>>> d = new_deal(seed=1)
>>> d.apply_action(d.legal_actions()[0])
>>> Replay(d).lines, Replay(d, lang="ru").lines
([['seat 1 bids 1']], [['Запад: заявка 1']])
"""

from __future__ import annotations

import re

from cardkit.core._checks import is_whole
from cardkit.core.cards import Card, Suit
from cardkit.core.errors import CardkitError, StateError, quote
from cardkit.core.state import TrickGameState
from cardkit.games.variety import declarers_lose
from cardkit.i18n import N_, check_lang, translation
from cardkit.wording import COMPASS, signed

__all__ = ["Replay", "ALL", "commentary", "explain_trick_winner"]


def _trump(state):
    return getattr(state, "trump", None)


def _lowest_wins(state) -> bool:
    if hasattr(state, "lowest_wins"):
        return bool(state.lowest_wins)
    info = getattr(state, "contract_info", None)
    return bool(getattr(info, "lowest_wins", False))


def _role(state, seat: int) -> str:
    """A seat's role in the commentary: ``"a"`` a declarer, ``"f"`` a defender, ``"-"`` none
    (a game without declarers, or before the bidding ends)."""
    decl = getattr(state, "declarers", None)
    if decl:
        return "a" if seat in decl else "f"
    return "-"


class _Seat:
    """A seat in a message whose name is written last (:meth:`_Words.done`): its name and
    case depend on where the translated sentence puts it ("You play…", "…to you")."""

    __slots__ = ("role", "seat")

    def __init__(self, seat: int, role: str = "-") -> None:
        self.seat, self.role = int(seat), role

    def __format__(self, spec: str) -> str:
        return f"\x00{self.seat}{self.role}\x00"


_SEAT_TOKEN = re.compile("\x00(\\d+)([-af])\x00")

#: Variety's readings of who leads first (RULES.md §1.4), in words for the commentary.
_LEAD_WORDS = {"left_of_first_namer": N_("the player on the left of the first to name the contract"),
               "left_of_first_bidder": N_("the player on the left of the first bidder"),
               "left_of_dealer": N_("the player on the dealer's left")}

_signed = signed   # points with their sign, the minus sign "−": "+3", "−3", "0"


class _Words:
    """The commentary's words in one language (:func:`cardkit.i18n.translation`), every line
    one catalog message with named placeholders, the seats by name.

    :param lang: ``"en"`` (the words of the code), ``"ru"``, or the tests' ``"qps"``.
    :param names: one name per seat, or None: ``"seat N"`` in English (the engine's
        numbering, for developers and the golden transcript), the compass names in another
        language (a learner never reads a seat number).
    """

    def __init__(self, lang: str = "en", names=None, players: int = 4) -> None:
        lang = check_lang(lang)
        tr = self.tr = translation(lang)
        if names is None and lang != "en" and players in COMPASS:
            names = [tr.gettext(n) for n in COMPASS[players]]
        self.names = names
        self._you = tr.gettext("You").lower()
        self._others = {tr.gettext("Your opponent")}
        self._learner = tr.pgettext("seat of 3 or 4", "You")
        self._letters = {"A": tr.pgettext("rank letter", "A"), "K": tr.pgettext("rank letter", "K"),
                         "Q": tr.pgettext("rank letter", "Q"), "J": tr.pgettext("rank letter", "J"),
                         "T": tr.pgettext("rank letter", "T")}

    # ---- cards and seats --------------------------------------------------------------------

    def rank(self, rank) -> str:
        """A rank's letter: ``Q``, ``T`` in English (``str(card)``), ``Д``, ``10`` in Russian."""
        return self._letters.get(rank.char, rank.char)

    def card(self, card: Card) -> str:
        return self.rank(card.rank) + card.suit.symbol

    def cards(self, cards) -> str:
        return " ".join(self.card(c) for c in cards)

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is named with the pronoun (English "You", Russian "Вы"): its verb
        then agrees ("You play", "Вы ходите")."""
        return self.names is not None and self.names[seat].lower() == self._you

    def _name(self, seat: int, role: str, start: bool) -> str:
        tr = self.tr
        name = f"seat {seat}" if self.names is None else self.names[seat]
        pronoun = name.lower() == self._you
        if role == "-":
            label = name
        elif self.names is not None and name == self._learner and not pronoun:   # "Юг (вы, разыгрывающий)"
            label = (tr.pgettext("replay: the learner's seat", "You (declarer)") if role == "a" else
                     tr.pgettext("replay: the learner's seat", "You (defender)"))
        else:
            label = (tr.pgettext("replay", "{seat} (declarer)") if role == "a" else
                     tr.pgettext("replay", "{seat} (defender)")).format(seat=name)
        if pronoun:                       # "You" first in a sentence, else "you"
            return (label[:1].upper() if start else label[:1].lower()) + label[1:]
        if not start and (name.startswith("Your ") or name in self._others):   # "to your opponent"
            return label[:1].lower() + label[1:]
        return label

    def done(self, text: str) -> str:
        """``text`` with each seat (:class:`_Seat`) named, in the case its place needs."""
        def one(m: re.Match) -> str:
            start = m.start() == 0 or m.string[:m.start()].endswith(". ")
            return self._name(int(m[1]), m[2], start)
        return _SEAT_TOKEN.sub(one, text)

    def per_seat(self, values, fmt=str) -> str:
        """``"seat 0 +5, seat 1 −5, ..."``: each seat's figure labelled."""
        return ", ".join(self.tr.pgettext("replay", "{seat} {points}").format(seat=_Seat(i), points=fmt(v))
                         for i, v in enumerate(values))

    # ---- why a card was legal, why a trick was won -------------------------------------------

    def trick_winner(self, state, trick) -> str:
        tr = self.tr
        i = state._trick_winner_index(trick)
        w = trick.cards[i]
        led = trick.cards[0].suit
        trump = _trump(state)
        lowest = _lowest_wins(state)
        same = [c for j, c in enumerate(trick.cards) if j != i and c.suit == w.suit]
        beaten_higher = [c for c in same if (c.rank > w.rank) != lowest and c.rank != w.rank]
        card = self.card(w)
        if beaten_higher:
            # The engine chose a card that a plain rank order would not (Durak's six).
            return tr.pgettext("replay", "{card} beats {cards}: in this game the {rank} beats the ace of its suit "
                                         "(RULES.md §3.1)").format(card=card, rank=self.rank(w.rank),
                                                                   cards=", ".join(map(self.card, beaten_higher)))
        if trump is not None and w.suit == trump and led != trump:
            msg = (tr.pgettext("replay", "{card} is the only trump ({suit} trumps)") if not same else
                   tr.pgettext("replay", "{card} is the lowest trump ({suit} trumps)") if lowest else
                   tr.pgettext("replay", "{card} is the highest trump ({suit} trumps)"))
            return msg.format(card=card, suit=trump.symbol)
        if trump is not None and w.suit == trump:
            msg = (tr.pgettext("replay", "{card} is the only trump; trumps were led") if not same else
                   tr.pgettext("replay", "{card} is the lowest trump; trumps were led") if lowest else
                   tr.pgettext("replay", "{card} is the highest trump; trumps were led"))
            return msg.format(card=card)
        if not same:
            msg = tr.pgettext("replay", "{card} is the only card of the suit led ({suit})")
        elif lowest and getattr(state, "contract", None) == 6:
            msg = tr.pgettext("replay", "{card} is the lowest card of the suit led ({suit}) (contract 6: the lowest "
                                        "card wins)")
        elif lowest:
            msg = tr.pgettext("replay", "{card} is the lowest card of the suit led ({suit})")
        else:
            msg = tr.pgettext("replay", "{card} is the highest card of the suit led ({suit})")
        return msg.format(card=card, suit=led.symbol)

    def why_card(self, before, seat: int, card: Card, public: bool) -> str:
        """Why ``card`` was legal for ``seat`` in state ``before``: from the engine's
        ``legal_actions()`` and the seat's hand; with ``public``, from what the table saw
        only (the lead, whether it followed suit, whether it is a trump, whether it was the
        seat's last card), nothing read from the seat's hand or its legal cards."""
        tr = self.tr
        trick = before.trick
        trump = _trump(before)
        last = _cards_left(before, seat) == 1
        only = not public and len([a for a in before.legal_actions() if isinstance(a, Card)]) == 1
        if trick is None or not trick.cards:
            why = tr.pgettext("replay", "leads")
        elif not public:
            why = self._why_following(before, seat, card, trick.cards[0].suit, trump)
        else:
            led = trick.cards[0].suit
            why = (tr.pgettext("replay", "follows suit ({suit})") if card.suit == led else
                   tr.pgettext("replay", "does not follow {suit}: plays a trump")
                   if trump is not None and card.suit == trump else
                   tr.pgettext("replay", "does not follow {suit}: discards")).format(suit=led.symbol)
        if last:
            return tr.pgettext("replay", "{reason} (its last card)").format(reason=why)
        if only:
            return tr.pgettext("replay", "{reason} (the only legal card)").format(reason=why)
        return why

    def _why_following(self, before, seat: int, card: Card, led: Suit, trump) -> str:
        tr = self.tr
        legal = [a for a in before.legal_actions() if isinstance(a, Card)]
        if card.suit == led:
            msg = tr.pgettext("replay", "follows suit ({suit})")
        elif any(c.suit == led for c in legal):
            msg = tr.pgettext("replay", "trumps instead of following {suit}, which this game allows")
        else:
            playable = before._playable(seat)
            if trump is not None and card.suit == trump:
                if all(c.suit == trump for c in legal) and len(legal) < len(playable):
                    msg = tr.pgettext("replay", "void in {suit}, so must play a trump in this game")
                else:
                    msg = tr.pgettext("replay", "void in {suit}, so may play any card: trumps")
            elif trump is not None and not any(c.suit == trump for c in playable):
                msg = tr.pgettext("replay", "void in {suit} and holds no trump, so may play any card: discards")
            else:
                msg = tr.pgettext("replay", "void in {suit}, so may play any card: discards")
        return msg.format(suit=led.symbol)

    # ---- game-specific wording of the scores: read from the engine ----------------------------

    def variety_trick_score(self, state, trick) -> str:
        tr = self.tr
        c = state.contract_info
        worth = c.per_trick + sum(c.card_points(x) for x in trick.cards)
        d, f = state.side_points()
        n = abs(worth)
        if trick.winner in state.declarers:
            msg = (tr.ngettext("worth {worth} to the declarers; +{majority} to the side with more tricks "
                                          "at the end; so far declarers {d}, defenders {f}",
                                "worth {worth} to the declarers; +{majority} to the side with more tricks at the "
                                "end; so far declarers {d}, defenders {f}", n) if c.majority else
                   tr.ngettext("worth {worth} to the declarers; so far declarers {d}, defenders {f}",
                                "worth {worth} to the declarers; so far declarers {d}, defenders {f}", n))
        else:
            msg = (tr.ngettext("worth {worth} to the defenders; +{majority} to the side with more tricks "
                                          "at the end; so far declarers {d}, defenders {f}",
                                "worth {worth} to the defenders; +{majority} to the side with more tricks at the "
                                "end; so far declarers {d}, defenders {f}", n) if c.majority else
                   tr.ngettext("worth {worth} to the defenders; so far declarers {d}, defenders {f}",
                                "worth {worth} to the defenders; so far declarers {d}, defenders {f}", n))
        return msg.format(worth=_signed(worth), majority=c.majority, d=d, f=f)

    def variety_auction(self, state) -> str:
        tr = self.tr
        c = state.contract_info
        a, b = state.declarers
        defs = state.defenders
        leader = state.current_player
        msg = (tr.pgettext("replay: the seat is you",
                           "{n} was named first by {first} and repeated by {second}: the bidding ends (RULES.md "
                           "§1.3); contract {contract}; declarers {first} and {second} against {third} and "
                           "{fourth}; {leader} lead (RULES.md §1.4: {rule})") if self.is_you(leader) else
               tr.pgettext("replay",
                           "{n} was named first by {first} and repeated by {second}: the bidding ends (RULES.md "
                           "§1.3); contract {contract}; declarers {first} and {second} against {third} and "
                           "{fourth}; {leader} leads (RULES.md §1.4: {rule})"))
        lead = state.rules.lead
        rule = tr.gettext(_LEAD_WORDS[lead]) if lead in _LEAD_WORDS else str(lead)
        return msg.format(n=c.number, first=_Seat(a), second=_Seat(b), third=_Seat(defs[0]), fourth=_Seat(defs[1]),
                          leader=_Seat(leader), contract=self.contract(c), rule=rule)

    def contract(self, c) -> str:
        """A contract in words, ``"6: ♣ trumps, lowest card wins; +1 per red card taken"``
        (``str(contract)`` in English)."""
        tr = self.tr
        if c.trump is None:
            msg = tr.pgettext("replay", "{n}: no trumps; {scoring}")
        elif c.lowest_wins:
            msg = tr.pgettext("replay", "{n}: {suit} trumps, lowest card wins; {scoring}")
        else:
            msg = tr.pgettext("replay", "{n}: {suit} trumps; {scoring}")
        return msg.format(n=c.number, suit=c.trump.symbol if c.trump is not None else "",
                          scoring=tr.gettext(c.scoring))

    def variety_result(self, state) -> str:
        tr = self.tr
        d, f = state.side_points()
        scores = state.returns()
        if d > f:
            msg = tr.pgettext("replay", "declarers {d}, defenders {f}: the declarers win")
        elif d < f:
            msg = tr.pgettext("replay", "declarers {d}, defenders {f}: the declarers lose")
        elif declarers_lose(d, f, state.rules):      # a tie: the engine's rule, §1.6
            msg = tr.pgettext("replay", "declarers {d}, defenders {f}: the declarers lose (a tie is their loss)")
        else:
            msg = tr.pgettext("replay", "declarers {d}, defenders {f}: the declarers tie")
        parts = [msg.format(d=d, f=f)]
        if any(scores[s] != f for s in state.defenders):
            parts.append(tr.pgettext("replay", "each defender +10"))
        parts.append(tr.pgettext("replay", "scores {scores}").format(scores=self.per_seat(scores, _signed)))
        return "; ".join(parts)

    def hearts_trick_score(self, state, trick) -> str:
        from cardkit.games.warsaw_hearts import HONOURS

        tr = self.tr
        hon = [c for c in trick.cards if c in HONOURS]
        pens = self.per_seat([a.penalty for a in state.assessments()])
        if hon:
            msg = tr.pgettext("replay", "heart honours {cards}; penalties so far {penalties} (RULES.md §2.2)")
        elif not any(c.suit == Suit.HEARTS for c in trick.cards):
            msg = tr.pgettext("replay", "no heart honour; penalties so far {penalties} (RULES.md §2.2)")
        else:
            msg = tr.pgettext("replay", "hearts but no honour; penalties so far {penalties} (RULES.md §2.2)")
        return msg.format(cards=self.cards(hon), penalties=pens)

    def hearts_result(self, state) -> str:
        return self.tr.pgettext("replay", "penalties {penalties}; bonuses {bonuses} (RULES.md §2.2)").format(
            penalties=self.per_seat(state.penalties()), bonuses=self.per_seat(state.bonuses()))

    def durak_trick_score(self, state, trick) -> str:
        from cardkit.games.armenian_durak import card_points

        worth = sum(card_points(c, state.trump, state.rules) for c in trick.cards)
        return self.tr.ngettext("worth {n} card points (RULES.md §3.1); so far {points}",
                                 "worth {n} card points (RULES.md §3.1); so far {points}", worth).format(
            n=worth, points=self.per_seat(state.points()))

    def durak_result(self, state) -> str:
        winners = {t.winner for t in state.completed_tricks}
        if len(winners) == 1:   # one player took every trick: the bonus is in the score
            return self.tr.pgettext("replay", "scores {scores} (card points, +10 for taking every trick, RULES.md "
                                              "§3.4)").format(scores=self.per_seat(state.returns()))
        return self.tr.pgettext("replay", "scores {scores} (card points, RULES.md §3.4)").format(
            scores=self.per_seat(state.returns()))

    def durak_action(self, before, after, action) -> str | None:
        tr = self.tr
        seat = before.current_player
        you = self.is_you(seat)
        if before.phase == "trump":
            msg = (tr.pgettext("replay: the seat is you", "{seat} draw card {k} of the dealer's fan: {card}, so "
                                                          "{suit} is trump; it goes back to the dealer's hand "
                                                          "(RULES.md §3.2)") if you else
                   tr.pgettext("replay", "{seat} draws card {k} of the dealer's fan: {card}, so {suit} is trump; it "
                                         "goes back to the dealer's hand (RULES.md §3.2)"))
            return msg.format(seat=_Seat(seat), k=action.index + 1, card=self.card(after.trump_card),
                              suit=after.trump.symbol)
        if before.phase == "draw":
            if action.stack is None:
                msg = (tr.pgettext("replay: the seat is you", "{seat} take no face-down card into the hand (RULES.md "
                                                              "§3.3)") if you else
                       tr.pgettext("replay", "{seat} takes no face-down card into the hand (RULES.md §3.3)"))
                return msg.format(seat=_Seat(seat))
            msg = (tr.pgettext("replay: the seat is you", "{seat} take the face-down card of stack {k} into the hand "
                                                          "(RULES.md §3.3)") if you else
                   tr.pgettext("replay", "{seat} takes the face-down card of stack {k} into the hand (RULES.md "
                                         "§3.3)"))
            return msg.format(seat=_Seat(seat), k=action.stack + 1)
        return None

    # ---- the lines of one action ---------------------------------------------------------------

    def commentary(self, before, after, action, *, public: bool = False) -> list[str]:
        tr = self.tr
        seat = before.current_player
        game = before.game
        you = self.is_you(seat)
        lines = []
        if isinstance(action, Card):
            why = self.why_card(before, seat, action, public)
            msg = (tr.pgettext("replay: the seat is you", "{seat} play {card}: {why}") if you else
                   tr.pgettext("replay", "{seat} plays {card}: {why}"))
            lines.append(msg.format(seat=_Seat(seat, _role(before, seat)), card=self.card(action), why=why))
            done = after.tricks[len(before.tricks) - 1]
            if done.winner is not None:
                n = len(before.tricks)
                score = self._trick_score(game, after, done)
                won_you = self.is_you(done.winner)
                if score is None:
                    msg = (tr.pgettext("replay: the seat is you", "trick {n} [{cards}] to {seat}: {why}") if won_you
                           else tr.pgettext("replay", "trick {n} [{cards}] to {seat}: {why}"))
                else:
                    msg = (tr.pgettext("replay: the seat is you", "trick {n} [{cards}] to {seat}: {why}; {score}")
                           if won_you else tr.pgettext("replay", "trick {n} [{cards}] to {seat}: {why}; {score}"))
                lines.append(msg.format(n=n, cards=self.cards(done.cards), seat=_Seat(done.winner,
                                                                                       _role(after, done.winner)),
                                        why=self.trick_winner(after, done), score=score))
        elif game == "armenian_durak" and self.durak_action(before, after, action):
            lines.append(self.durak_action(before, after, action) or "")
        elif before.phase == "bidding":
            msg = (tr.pgettext("replay: the seat is you", "{seat} bid {bid}") if you else
                   tr.pgettext("replay", "{seat} bids {bid}"))
            lines.append(msg.format(seat=_Seat(seat), bid=before.action_to_str(action)))
            if after.phase != before.phase and game == "variety" and after.phase == "play":
                lines.append(self.variety_auction(after))
        else:
            msg = (tr.pgettext("replay: the seat is you", "{seat} choose {action}") if you else
                   tr.pgettext("replay", "{seat} chooses {action}"))
            lines.append(msg.format(seat=_Seat(seat, _role(before, seat)), action=before.action_to_str(action)))
        if after.is_terminal():
            result = self._result(game, after)
            if result is not None:
                lines.append(tr.pgettext("replay", "deal over: {result}").format(result=result))
        return [self.done(x) for x in lines]

    def _trick_score(self, game: str, state, trick) -> str | None:
        if game == "variety":
            return self.variety_trick_score(state, trick)
        if game == "warsaw_hearts":
            return self.hearts_trick_score(state, trick)
        if game == "armenian_durak":
            return self.durak_trick_score(state, trick)
        return None

    def _result(self, game: str, state) -> str | None:
        if game == "variety":
            return self.variety_result(state)
        if game == "warsaw_hearts":
            return self.hearts_result(state)
        if game == "armenian_durak":
            return self.durak_result(state)
        return None


def explain_trick_winner(state, trick, lang: str = "en") -> str:
    """Why the engine's winner of a complete ``trick`` won, in words.

    :param state: the state the trick was played in (after the trick, for its trump).
    :param trick: a complete :class:`~cardkit.tricks.Trick`.
    :param lang: the language (:func:`cardkit.i18n.check_lang`): ``"en"`` (default), ``"ru"``.
    :returns: e.g. ``"Q♠ is the highest card of the suit led (♠)"``; in Russian
        ``"Д♠ — старшая карта масти захода (♠)"``.
    :raises CardkitError: for another ``lang``.
    """
    return _Words(lang).trick_winner(state, trick)


def _cards_left(state, seat: int) -> int:
    """How many cards ``seat`` still has: hand, and (Armenian Durak) face-up and face-down
    stacks. A public count: everyone sees how many cards each player holds."""
    stacks = [c for part in (getattr(state, "up", None), getattr(state, "down", None)) if part is not None
              for c in part[seat] if c is not None]
    return len(state.hands[seat]) + len(stacks)


def commentary(before, after, action, *, public: bool = False, lang: str = "en", names=None) -> list[str]:
    """The lines of commentary for one action: ``before`` is the state just before it,
    ``after`` just after (``before`` is not changed).

    :param public: describe a card play from public facts only (the lead, whether it
        followed suit, was a trump, or was the seat's last card), for a seat whose hand the
        reader may not see. Every other line (bids, the trump draw, the draw's stack, trick
        winners, scores) is public anyway.
    :param lang: the language: ``"en"`` (default), ``"ru"`` (or the tests' ``"qps"``).
    :param names: one name per seat, or None (see :class:`Replay`).
    :returns: a list of str, one whole sentence (or ``;``-separated whole clauses) each.
    :raises CardkitError: for another ``lang``.
    """
    return _Words(lang, names, before.players).commentary(before, after, action, public=public)


#: the viewer who sees every hand (a teacher's "show all hands"); see :class:`Replay`
ALL = "all"


class Replay:
    """Step through a deal's actions, forward and back, with a line of commentary each.

    :param state: any game's state (a :class:`~cardkit.state.TrickGameState`); its
        ``history`` is replayed from the deal's start (the state itself is not changed).
    :param viewer: whose eyes the commentary is written for:

        - ``None`` (default): a spectator, who sees no hand;
        - a seat number (``0..players-1``): the learner at that seat, who sees that hand;
        - ``"all"`` (:data:`ALL`): someone who sees every hand (a teacher showing all
          hands, or a lesson discussing a deal openly).

    **The rule.** The commentary on a card played by seat ``s`` is the full one (why the
    card was legal, read from ``s``'s hand and the engine's ``legal_actions()``: "the only
    legal card", "void in ♣ and holds no trump", "trumps instead of following, which this
    game allows") when ``viewer`` is ``s`` or ``"all"``, or when the deal of ``state`` is
    over (``state.is_terminal()``: every card has been played, so every hand is known).
    Otherwise it uses public facts only: "leads", "follows suit (♥)", "does not follow ♥:
    plays a trump", "does not follow ♥: discards", and "(its last card)" (the number of
    cards a player has is public). Bids, Armenian Durak's trump draw and draws (the stack,
    never the card), trick winners and scores are public and always in full.
    :meth:`transcript` likewise lists only the hands the viewer may see (Armenian Durak's
    face-down cards only when the deal is over or ``viewer`` is ``"all"``: their owner
    does not see them either). :meth:`state_at` and :attr:`state` are the engine's whole
    states (every card): a display must show only what the viewer may see.
    ``viewer`` may be changed later (``replay.viewer = 2``); :attr:`lines` follow.

    :param names: optional, one name per seat (a dashboard's ``["You", "West", ...]``,
        in the replay's language: ``["Юг (вы)", "Запад", ...]``, ``["Вы", "Соперник"]``):
        the commentary then says the name instead of ``"seat N"``; the name "You" ("Вы")
        takes its own verb ("You play ♠A", "Вы ходите"), and "You" and "Your opponent"
        ("Вы", "Соперник") are written small inside a sentence ("to you", "берёте вы").
        Read once, when the replay is made. Default None: ``"seat N"`` in English (the
        engine's numbering, for developers and the golden transcript); in another
        language the compass names (Юг, Запад, Север, Восток; two seats Вы, Соперник), as
        a learner never reads a seat number.
    :param lang: the commentary's language (issue 29): ``"en"`` (the default: the words
        of the code, byte for byte as before), ``"ru"``, or the tests' pseudo-language
        ``"qps"``. Every line is one message of the catalog with named placeholders
        (``{seat}``, ``{card}``, ``{n}``), numbers through ``ngettext`` (1 очко, 2 очка,
        5 очков), cards in the language's letters (``Д♥``, ``10♥``; English keeps
        ``str(card)``, ``T♥``, which a page writes ``10♥``), the rules' sections as
        "RULES.md §1.3" in English (a page says "Rules §1.3") and «правила, §1.3» in Russian.
    :raises CardkitError: for a ``state`` that is not a game's state (e.g. None), a
        ``viewer`` that is not None, a seat of the deal, or ``"all"``, a ``names`` list
        whose length is not the number of players, or another ``lang`` (naming ``lang``).
    :ivar lang: the language.
    :ivar position: how many actions have been applied, 0..``len(self)``.
    :ivar lines: ``lines[i]`` is the commentary (a list of str) for action ``i``, as the
        viewer may read it.
    """

    def __init__(self, state, viewer: int | str | None = None, *, names=None, lang: str = "en") -> None:
        if not isinstance(state, TrickGameState):
            raise CardkitError(f"Replay: expected a game's state (such as variety.new_deal(seed=1)), "
                               f"got {quote(state)}")
        self._players = state.players
        if names is not None:
            names = [str(n) for n in names]
            if len(names) != state.players:
                raise CardkitError(f"Replay: names {quote(names)}: expected one name per seat ({state.players})")
        self.lang = check_lang(lang)
        self._words = _Words(self.lang, names, state.players)
        self.names = names
        self._over = state.is_terminal()
        self.viewer = viewer
        self._actions = list(state.history)
        start = state._restart()
        self._states = [start]
        self._seats: list[int | None] = []
        self._full: list[list[str]] = []
        self._public: list[list[str]] = []
        cur = start
        for a in self._actions:
            nxt = cur.clone()
            nxt.apply_action(a)
            self._seats.append(cur.current_player)
            self._full.append(self._words.commentary(cur, nxt, a))
            self._public.append(self._words.commentary(cur, nxt, a, public=True) if isinstance(a, Card)
                                else self._full[-1])
            self._states.append(nxt)
            cur = nxt
        self.position = 0

    @property
    def viewer(self) -> int | str | None:
        """None (a spectator), a seat, or ``"all"``; see the class docstring.

        :raises CardkitError: when set to anything else.
        """
        return self._viewer

    @viewer.setter
    def viewer(self, viewer) -> None:
        if viewer is None or (isinstance(viewer, str) and viewer == ALL):
            self._viewer: int | str | None = viewer
        elif is_whole(viewer) and 0 <= viewer < self._players:
            self._viewer = int(viewer)
        else:
            raise CardkitError(f"viewer {quote(viewer)}: expected None (a spectator), a seat "
                               f"0..{self._players - 1}, or {ALL!r} (every hand shown)")

    def sees(self, seat: int | None) -> bool:
        """Whether the viewer may see ``seat``'s hand: the deal is over, the viewer is
        ``"all"``, or the viewer sits at ``seat``."""
        return self._over or self._viewer == ALL or self._viewer == seat

    @property
    def lines(self) -> list[list[str]]:
        """The commentary of each action, for the viewer (see the class docstring)."""
        return [self._line(i) for i in range(len(self._actions))]

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def state(self):
        """A copy of the state at the current position."""
        return self.state_at(self.position)

    def state_at(self, i: int):
        """A copy of the state after the first ``i`` actions (0 is the start of the deal).

        :raises StateError: for ``i`` outside 0..len(self).
        """
        if not is_whole(i) or not 0 <= i <= len(self):
            raise StateError(f"position {quote(i)}: expected 0..{len(self)}")
        return self._states[int(i)].clone()

    def forward(self) -> list[str]:
        """Apply the next action; returns its commentary lines.

        :raises StateError: at the end of the deal.
        """
        if self.position >= len(self):
            raise StateError("the replay is at the end of the deal")
        self.position += 1
        return self._line(self.position - 1)

    def back(self) -> list[str]:
        """Take back the last action; returns the commentary of the action taken back.

        :raises StateError: at the start of the deal.
        """
        if self.position <= 0:
            raise StateError("the replay is at the start of the deal")
        self.position -= 1
        return self._line(self.position)

    def _line(self, i: int) -> list[str]:
        seen = self.sees(self._seats[i])
        out = list(self._full[i] if seen else self._public[i])
        v = self.__dict__.get("_verdicts", {}).get(i)
        if v is not None and seen:
            out.append(self._words.tr.pgettext("replay", "Judge: {verdict}").format(verdict=v.text))
        return out

    def add_verdicts(self, verdicts) -> None:
        """Show verdicts beside the commentary: the lines of each judged action end with
        ``"Judge: "`` and the verdict's sentence (:func:`cardkit.analysis.review`: what the
        choice cost). A verdict is shown only where the viewer may see that seat's hand
        (the class docstring's rule), since it speaks of the cards held.

        :param verdicts: :class:`cardkit.analysis.Verdict` objects (``index`` is the
            action's position in the deal's history); ``[]`` removes them.
        :raises CardkitError: for a verdict whose index is not an action of this deal.
        """
        out = {}
        for v in verdicts:
            i = getattr(v, "index", None)
            if not is_whole(i) or not 0 <= i < len(self._actions) \
                    or not hasattr(v, "text"):
                raise CardkitError(f"verdict {quote(v)}: expected a verdict of an action of this deal "
                                   f"(index 0..{len(self._actions) - 1})")
            out[int(i)] = v
        self._verdicts = out

    def seek(self, i: int) -> None:
        """Jump to position ``i``. :raises StateError: for ``i`` outside 0..len(self)."""
        self.state_at(i)
        self.position = int(i)

    def trick_boundaries(self) -> list[int]:
        """Positions at which a trick has just been completed (or the bidding ended), in
        order: where :meth:`forward_trick` and :meth:`back_trick` stop."""
        stops = []
        for i in range(1, len(self) + 1):
            before, after = self._states[i - 1], self._states[i]
            if after.phase != before.phase or len(after.completed_tricks) != len(before.completed_tricks):
                stops.append(i)
        return stops

    def forward_trick(self) -> list[str]:
        """Go forward to the end of the current trick (or of the bidding); returns the
        commentary of every action passed. :raises StateError: at the end."""
        if self.position >= len(self):
            raise StateError("the replay is at the end of the deal")
        target = next((b for b in self.trick_boundaries() if b > self.position), len(self))
        out = []
        while self.position < target:
            out += self.forward()
        return out

    def back_trick(self) -> list[str]:
        """Go back to the end of the previous trick (or the start). :raises StateError: at
        the start."""
        if self.position <= 0:
            raise StateError("the replay is at the start of the deal")
        target = max([b for b in self.trick_boundaries() if b < self.position] or [0])
        out: list[str] = []
        while self.position > target:
            out = self.back() + out
        return out

    def transcript(self) -> str:
        """The whole commentary, one line per line, with the start of the deal first:
        the hands the viewer may see, and the number of cards of the others."""
        start = self._states[0]
        w = _Words(self.lang, None, start.players)   # the head: "seat N" in English, else the compass
        tr = w.tr
        games = {"variety": tr.pgettext("replay: the game", "variety"),
                 "warsaw_hearts": tr.pgettext("replay: the game", "warsaw_hearts"),
                 "armenian_durak": tr.pgettext("replay: the game", "armenian_durak")}
        dealer = (tr.pgettext("replay: the seat is you", "{game}: dealer {seat}") if w.is_you(start.dealer) else
                  tr.pgettext("replay", "{game}: dealer {seat}"))
        head = [w.done(dealer.format(game=games.get(start.game, start.game), seat=_Seat(start.dealer)))]
        for s, h in enumerate(start.hands):
            shown = w.cards(h) if self.sees(s) else tr.ngettext("{n} cards (hidden)", "{n} cards (hidden)",
                                                                len(h)).format(n=len(h))
            line = tr.pgettext("replay", "{seat}: {cards}").format(seat=_Seat(s), cards=shown)
            if hasattr(start, "up") and hasattr(start, "down"):
                down = [c for c in start.down[s] if c is not None]
                downs = (w.cards(down) if self._over or self._viewer == ALL else
                         tr.ngettext("{n} cards", "{n} cards", len(down)).format(n=len(down)))
                line = tr.pgettext("replay", "{hand} | face up {up} | face down {down}").format(
                    hand=line, up=w.cards(start.up[s]), down=downs)
            head.append(w.done(line))
        body = [f"{i + 1:3d}. {line}" if j == 0 else f"     {line}"
                for i, ls in enumerate(self.lines) for j, line in enumerate(ls)]
        return "\n".join(head + body) + "\n"

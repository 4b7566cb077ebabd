"""Armenian Durak with trumps (Дурак армянский с козырями): a two-player trick game.

RULES.md §3 (source 004), which the book presents as a harder form of "simple Armenian
Durak" (not described there). It is played for tricks; its tableau resembles Officers'
Skat (a comparison from outside the source). Each player owns a **tableau** of six stacks
(a face-down card under a face-up card) and a hand; a card may be played from the hand or
from the face-up cards of one's own stacks. The six (the two with 52 cards) is the special
card: it beats only the ace of its suit and every other card of its suit beats it.

Public API: :class:`Rules`, :func:`card_points`, :func:`trick_winner`, :func:`new_deal`,
:class:`State`, :class:`Observation`, :class:`PickTrump`, :class:`Draw`,
:func:`deal_layout`, :func:`dealing_steps`, :func:`first_dealer`, :class:`Game`,
:class:`RandomBot`, :class:`RuleBot`.

This module holds the deal in play: :class:`State`, :class:`Observation`, the actions
(:class:`PickTrump`, :class:`Draw`) and :func:`new_deal`. The other jobs live in their
own modules and every name keeps being importable from here: the rules in
:mod:`cardkit.games.armenian_durak_rules`, the dealing in
:mod:`cardkit.games.armenian_durak_deal`, the game end (:class:`Game`, ``game_over``,
``margin``) in :mod:`cardkit.games.armenian_durak_game` and the rule bot in
:mod:`cardkit.games.armenian_durak_bots` (those two named here lazily, PEP 562).

>>> from cardkit import parse_card as c
>>> trick_winner(c("AS"), c("6S"), trump=None)     # the six takes the ace (RULES.md §3.1)
1
>>> card_points(c("6D")), card_points(c("AD")), deck_points()
(6, 5, 80)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import ClassVar

from cardkit.core._checks import is_whole, is_whole as _is_int
from cardkit.core._lazy import lazy_dir, lazy_exports
from cardkit.core.bots import RandomBot, play_out
from cardkit.core.cards import Card, Rank, Suit, deck
from cardkit.core.dealing import as_generator, check_rules, shuffled
from cardkit.core.errors import CardkitError, IllegalActionError, NotationError, StateError, quote
from cardkit.core.notation import check_deck, format_cards, parse_card, parse_cards, parse_suit, sort_hand
from cardkit.core.series import DealSeries
from cardkit.core.state import TrickGameState, TrickObservation, new_frozen, rules_from_json, seed_of
from cardkit.core.tricks import Trick
from cardkit.i18n import N_

from .armenian_durak_deal import deal_layout, dealing_steps, first_dealer, parse_layout as _parse_layout
from .armenian_durak_rules import (
    DEFAULT_RULES as _DEFAULT,
    MAX_DEALS,
    MAX_TARGET,
    PLAYERS,
    POINTS,
    STACKS,
    SWEEP_BONUS,
    Rules,
    beats,
    card_points,
    card_points_checked as _card_points,
    check_durak_seat as _check_seat,
    checked_rules as _check_rules,
    deck_points,
    first_leader,
    points_lookup as _table,
    points_table as _points_table,
    score_checked as _score,
    score_deal,
    special_rank,
    sweep_bonus,
    trick_winner,
)

#: Names that this module no longer uses but that were importable from it before the rules,
#: the dealing and the game end moved to their own modules: they stay importable from here.
_KEPT_IMPORTABLE = (_DEFAULT, _card_points, _is_int, Rank, CardkitError, StateError, DealSeries, check_deck,
                    check_rules, parse_cards, _points_table)

__all__ = [
    "Rules", "card_points", "deck_points", "trick_winner", "beats", "special_rank",
    "new_deal", "State", "Observation", "PickTrump", "Draw", "deal_layout", "dealing_steps",
    "first_dealer", "score_deal", "Game", "RandomBot", "RuleBot", "play_out",  # noqa: F822  # loaded on first use (_LAZY)
    "PLAYERS", "STACKS", "SWEEP_BONUS", "POINTS", "MAX_TARGET", "MAX_DEALS", "sweep_bonus",
    "first_leader", "margin", "game_over", "Seen",  # noqa: F822  # loaded on first use (_LAZY)
]


# ---- actions ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PickTrump:
    """The dealer's opponent draws the card at ``index`` (0-based) of the dealer's fanned,
    face-down hand; its suit is trump (RULES.md §3.2, fig. 51). Notation ``"trump 3"``."""

    index: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _whole_number(self.index, "trump", "a card of the dealer's fan, 0..5 "
                                                                           "(0..13 with 52 cards), RULES.md §3.2"))

    def __str__(self) -> str:
        return f"trump {self.index}"


@dataclass(frozen=True)
class Draw:
    """After playing a card from the hand: take the face-down card of stack ``stack``
    (0-based, 0..5) into the hand, or ``Draw(None)`` to decline (RULES.md §3.3).
    Notation ``"draw 2"``, ``"draw none"``."""

    stack: int | None

    def __post_init__(self) -> None:
        if self.stack is not None:
            object.__setattr__(self, "stack", _whole_number(self.stack, "draw", "a stack 0..5, or None "
                                                                             "to decline (RULES.md §3.3)"))

    def __str__(self) -> str:
        return "draw none" if self.stack is None else f"draw {self.stack}"


def _whole_number(value, word: str, expected: str) -> int:
    """``value`` as an int, for an action's number (numpy integers are normalised, so
    ``to_json`` writes ``"draw 2"``).

    :raises IllegalActionError: for a bool, a float, text or anything else that is not a
        whole number (``Draw(True)`` is not stack 1, ``Draw(1.0)`` not stack 1).
    """
    if not is_whole(value) or not -10**9 < value < 10**9:
        raise IllegalActionError(f"{word} {quote(value)}: expected a whole number, {expected}")
    return int(value)


#: The actions :meth:`State.legal_actions` offers in the trump draw and the draw, made once
#: (frozen values, equal to new ones): a bot's observation and the check of its action each
#: ask for the list. Fans of up to 14 cards (52-card deck), the six stacks.
_PICKS = tuple(PickTrump(i) for i in range(14))
_DRAWS = tuple(Draw(i) for i in range(STACKS))
_NO_DRAW = Draw(None)


def _parse_suit(value) -> Suit:
    """The trump of ``new_deal(trump=...)``: :func:`cardkit.notation.parse_suit`."""
    suit = parse_suit(value, "trump")
    assert suit is not None  # parse_suit refuses None unless allow_none
    return suit


_ASCII_DIGITS = re.compile(r"[0-9]+")
#: the answer to text that is no action (a learner's forged or typed action; issue 29: worded for the catalog)
_NOT_AN_ACTION = N_("action {action}: expected a card such as 'QH', 'trump N', 'draw N' or 'draw none'")


def _all_cards(words: Sequence[str]) -> bool:
    """Whether every word is a card code ("7h", "9♥"): several cards typed as one action."""
    try:
        for w in words:
            parse_card(w)
    except NotationError:
        return False
    return True


# ---- observation ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Seen:
    """One action of the deal as the observing seat saw it: an entry of
    :attr:`Observation.history` (OpenSpiel's information state, RULES.md §3.2–§3.3).

    :ivar seat: who acted, 0 or 1.
    :ivar action: the action: :class:`PickTrump` (the trump draw; the card drawn is
        :attr:`Observation.trump_card`), a :class:`~cardkit.Card` played, or :class:`Draw`
        (which stack, or ``Draw(None)``: public; the card taken is not).
    :ivar stack: for a card played from the tableau, its stack (0..5); None for a card
        from the hand and for the other actions.
    :ivar turned: the face-down card turned up when that face-up card was played (public),
        or None (played from the hand, or the stack's face-down card had been drawn).
    :ivar drawn: for a draw of the observing seat itself, the card it took into its hand
        (it sees it); None for the opponent's draws, which it does not see.
    """

    seat: int
    action: object
    stack: int | None = None
    turned: Card | None = None
    drawn: Card | None = None

    def __str__(self) -> str:
        """Short form: ``"1 7♦"``, ``"0 K♦ stack 2 turns 9♠"``, ``"1 draw 0"`` (``"… took 8♣"``
        for the seat's own), ``"1 trump 5"``."""
        text = f"{self.seat} {self.action}"
        if self.stack is not None:
            text += f" stack {self.stack}" + ("" if self.turned is None else f" turns {self.turned}")
        if self.drawn is not None:
            text += f" took {self.drawn}"
        return text


@dataclass(frozen=True)
class Observation(TrickObservation):
    """What one seat may see, RULES.md §3.2–§3.3: its own hand, both tableaux' face-up
    cards and how many face-down cards each stack holds, the trump, every card played.
    Never the opponent's hand nor any face-down card (the owner does not see them either).

    The fields of :class:`~cardkit.state.TrickObservation` (``seat``, ``players`` = 2,
    ``phase`` — ``"trump"``, ``"play"``, ``"draw"`` or ``"over"`` —, ``current_player``,
    ``dealer``, ``hand``, ``legal_actions``, ``trump`` — None before the trump draw —,
    ``lowest_wins`` — always False —, ``trick_leader``, ``trick``, ``tricks``,
    ``hand_sizes``), and:

    :ivar trump_card: the card drawn for trump (public: it went back to the dealer's hand),
        or None (trump given, or not drawn yet).
    :ivar face_up: ``face_up[s][i]``: the face-up card of seat ``s``'s stack ``i``, or None.
    :ivar face_down: ``face_down[s][i]``: 1 if that stack still holds a face-down card, else 0.
    :ivar taken: ``taken[s]``: the cards in the tricks seat ``s`` has won.
    :ivar points: each seat's card points so far (without the sweep bonus).
    :ivar rules: the :class:`Rules`.
    :ivar history: every action of the deal so far as this seat saw it, in order
        (:class:`Seen`): the trump draw, each card played and from where, each face-down
        card turned up, each draw (which stack; the card only for the seat's own draws).
        With the face-up cards it gives the deal's start as far as this seat can know it
        (:meth:`State.from_observation`).
    """

    trump_card: Card | None
    face_up: tuple[tuple[Card | None, ...], ...]
    face_down: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    rules: Rules
    history: tuple[Seen, ...] = ()

    @property
    def playable(self) -> tuple[Card, ...]:
        """The seat's own cards it could play if nothing restricted it: hand, then face-up."""
        return self.hand + tuple(c for c in self.face_up[self.seat] if c is not None)


# ---- the state -------------------------------------------------------------------------------

def _sort_key(c: Card):
    return (c.suit, -c.rank)


class State(TrickGameState):
    """One deal of Armenian Durak with trumps, RULES.md §3.2–§3.4. Build it with :func:`new_deal`.

    Attributes beyond :class:`~cardkit.state.TrickGameState`:

    - ``rules``: :class:`Rules`; ``trump``: the trump :class:`~cardkit.Suit` (None until drawn);
      ``trump_card``: the card drawn for trump or None.
    - ``down[s][i]`` / ``up[s][i]``: the face-down / face-up card of seat ``s``'s stack
      ``i`` (0..5), or None. A stack never holds a face-down card without a face-up card
      on it: when the face-up card is played the card under it is turned up at once.
    - ``hands[s]``: the hand, display order (suit by suit, high to low).
    - ``fan``: the dealer's hand in the order dealt (what the trump draw picks from).

    Phases: ``"trump"`` (the dealer's opponent acts: :class:`PickTrump`), ``"play"`` (a
    :class:`~cardkit.Card` from the hand or face up on one's own stacks), ``"draw"`` (after
    a card from the hand, while the player has a face-down card: :class:`Draw`; with
    ``rules.draw_after="lead"`` only after a lead from the hand), ``"over"``.
    """

    game: ClassVar[str] = "armenian_durak"
    phases: ClassVar[tuple[str, ...]] = ("trump", "play", "draw", "over")

    @classmethod
    def dealt_from_seed(cls, seed: int, *, dealer: int, rules: Rules) -> State:
        """:func:`new_deal` with ``seed``, ``dealer`` and ``rules``: the deal a seed gives
        (:meth:`from_json` checks a saved seed with it)."""
        return new_deal(seed=seed, dealer=dealer, rules=rules)

    def __init__(self, layout: list[dict], dealer: int, rules: Rules, trump: Suit | None = None) -> None:
        self.players = PLAYERS
        self.rules = rules
        self.dealer = dealer
        self.layout = [{k: tuple(v) for k, v in e.items()} for e in layout]
        self.hands = [sort_hand(e["hand"]) for e in layout]
        self.down = [list(e["down"]) for e in layout]
        self.up = [list(e["up"]) for e in layout]
        self.fan = tuple(layout[dealer]["hand"])
        self.tricks: list[Trick] = []
        self.taken = [[] for _ in range(PLAYERS)]
        self.history = []
        self.given_trump = trump
        self.trump = trump
        self.trump_card: Card | None = None
        self._resume: int | None = None
        self._scores: list[int] | None = None
        # the history as each seat saw it (Observation.history): one list per seat
        self._seen: list[list[Seen]] = [[], []]
        if trump is None:
            self.phase = "trump"
            self.current_player = 1 - dealer
        else:
            self._start_play()

    def _start_play(self) -> None:
        leader = first_leader(self.dealer)
        self.phase = "play"
        self.tricks.append(Trick(leader, PLAYERS))
        self.current_player = leader

    # -- the trump draw (RULES.md §3.2, fig. 51)
    def _legal_trump(self) -> list[PickTrump]:
        picks = _PICKS
        return [picks[i] if i < len(picks) else PickTrump(i) for i in range(len(self.fan))]

    def _check_trump(self, a) -> None:
        if not isinstance(a, PickTrump):
            raise IllegalActionError(
                f"{quote(self.action_to_str(a))}: first the trump draw: seat {self.current_player} draws one of the "
                f"dealer's {len(self.fan)} face-down cards, 'trump 0'..'trump {len(self.fan) - 1}' (RULES.md §3.2)")
        if not is_whole(a.index) or not 0 <= a.index < len(self.fan):
            raise IllegalActionError(
                f"trump {quote(a.index)}: the dealer fans {len(self.fan)} cards; draw one of "
                f"0..{len(self.fan) - 1} (RULES.md §3.2)")

    def _apply_trump(self, a: PickTrump) -> None:
        assert self.current_player is not None  # the dealer's opponent draws
        self._saw(Seen(self.current_player, a))
        card = self.fan[a.index]  # it goes back to the dealer's hand: nothing moves
        self.trump_card = card
        self.trump = card.suit
        self._start_play()

    # -- trick play: the shared core with durak's hooks (RULES.md §3.3)
    def _playable(self, seat: int) -> list[Card]:
        """The hand, then the face-up cards of the seat's own stacks."""
        return self.hands[seat] + [c for c in self.up[seat] if c is not None]

    def _legal_play(self) -> list[Card]:
        """Following, RULES.md §3.3: a plain suit led: that suit or a trump (the player's
        choice), with neither any card; a trump led: a trump, with none any card."""
        assert self.current_player is not None  # the play phase always has a player to act
        cards = self._playable(self.current_player)
        trick = self.tricks[-1]
        if trick.cards:
            led = trick.cards[0].suit
            follow = [c for c in cards if c.suit == led or c.suit == self.trump]
            if follow:
                return follow
        return list(cards)

    def _not_a_card_message(self, action) -> str:
        return f"{quote(self.action_to_str(action))}: now seat {self.current_player} plays a card (RULES.md §3.3)"

    def _not_playable_message(self, card: Card, seat: int, cards: Sequence[Card]) -> str:
        where = self.where(card)
        why = {"down": "it lies face down", "taken": "it has been played already",
               "trick": "it is in the trick already"}.get(where[0], f"it is not seat {seat}'s")
        return (f"{card} cannot be played: {why}; seat {seat} may play from its hand or its face-up cards: "
                f"{format_cards(cards)} (RULES.md §3.3)")

    def _follow_message(self, card: Card, legal: Sequence[Card]) -> str:
        led = self.tricks[-1].cards[0].suit
        assert self.trump is not None  # drawn before the play
        need = "a trump" if led == self.trump else f"a {led.symbol} or a trump ({self.trump.symbol})"
        return (f"{card} cannot be played: {led.symbol} was led, so play {need}: you have "
                f"{format_cards(legal)} (RULES.md §3.3)")

    def _remove_played(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
            return
        i = self.up[seat].index(card)  # played from a stack: turn up the card under it
        self.up[seat][i] = self.down[seat][i]
        self.down[seat][i] = None

    def _apply_play(self, card: Card) -> None:
        seat = self.current_player
        assert seat is not None  # the play phase always has a player to act
        from_hand = card in self.hands[seat]
        # the draw follows a card from the hand: any such card, or only a lead (RULES.md §3.3)
        offered = from_hand and (self.rules.draw_after == "any" or not self.tricks[-1].cards)
        if from_hand:
            self._saw(Seen(seat, card))
        else:  # from a stack: the card under it is turned up, for both to see
            stack = self.up[seat].index(card)
            self._saw(Seen(seat, card, stack, self.down[seat][stack]))
        super()._apply_play(card)
        if offered and any(d is not None for d in self.down[seat]):
            self._resume = self.current_player
            self.phase = "draw"
            self.current_player = seat

    def _more_tricks(self) -> bool:
        return any(self.hands) or any(c is not None for s in self.up for c in s)

    def _trick_winner_index(self, trick: Trick) -> int:
        return trick_winner(trick.cards[0], trick.cards[1], self.trump, self.rules)

    # -- the optional draw (RULES.md §3.3)
    def _legal_draw(self) -> list[Draw]:
        seat = self.current_player
        assert seat is not None  # the player who may draw
        draws = _DRAWS
        return [draws[i] if i < len(draws) else Draw(i) for i, d in enumerate(self.down[seat]) if d is not None] + [
            _NO_DRAW]

    def _check_draw(self, a) -> None:
        seat = self.current_player
        assert seat is not None  # the player who may draw
        stacks = [i for i, d in enumerate(self.down[seat]) if d is not None]
        if not isinstance(a, Draw):
            raise IllegalActionError(
                f"{quote(self.action_to_str(a))}: seat {seat} played from the hand and now may take a face-down "
                f"card: 'draw N' for stack N in {stacks}, or 'draw none' (RULES.md §3.3)")
        if a.stack is not None and (not is_whole(a.stack) or a.stack not in stacks):
            raise IllegalActionError(
                f"draw {quote(a.stack)}: stack {quote(a.stack)} of seat {seat} has no face-down card; "
                f"choose one of {stacks} or 'draw none' (RULES.md §3.3)")

    def _apply_draw(self, a: Draw) -> None:
        seat = self.current_player
        assert seat is not None  # the player who may draw
        if a.stack is None:
            self._saw(Seen(seat, a))
        else:
            card = self.down[seat][a.stack]
            self._saw(Seen(seat, a), Seen(seat, a, drawn=card))  # only the drawer sees the card
            self.down[seat][a.stack] = None  # the face-up card of that stack stays
            hand = self.hands[seat]
            hand.append(card)
            hand.sort(key=_sort_key)
        self.phase = "play"
        self.current_player = self._resume
        self._resume = None

    def _saw(self, public: Seen, own: Seen | None = None) -> None:
        """Add an action to the history each seat saw: ``own`` (what the actor saw, if it
        saw more) for the actor, ``public`` for the other."""
        seen = self._seen_lists()
        actor = public.seat
        seen[actor].append(own or public)
        seen[1 - actor].append(public)

    # -- scoring (RULES.md §3.4)
    def _deal_over(self) -> None:
        try:  # the deal's own cards, checked as they were played
            self._scores = _score(self.taken, self.trump, self.rules)
        except (KeyError, TypeError):  # something put in by hand: score_deal names it
            self._scores = score_deal(self.taken, self.trump, self.rules)

    def _returns(self) -> list[int]:
        assert self._scores is not None  # asked only when the deal is over
        return list(self._scores)

    def points(self) -> list[int]:
        """Each seat's card points in the tricks it has taken so far (no sweep bonus)."""
        if type(self.rules) is Rules and (self.trump is None or type(self.trump) is Suit):
            table = _table(self.rules, self.trump)
            try:
                return [sum(map(table.__getitem__, t)) for t in self.taken]
            except (KeyError, TypeError):  # an item that is not a card: card_points says so
                pass
        return [sum(card_points(c, self.trump, self.rules) for c in t) for t in self.taken]

    # -- where the cards are
    def where(self, card) -> tuple:
        """Where ``card`` is now: ``("hand", seat)``, ``("down", seat, stack)``,
        ``("up", seat, stack)``, ``("trick",)``, ``("taken", seat)``, or ``("out",)`` for a
        card not in this deal's deck.

        :raises NotationError: for text that is not a card.
        """
        card = parse_card(card)
        for s in range(PLAYERS):
            if card in self.hands[s]:
                return ("hand", s)
            if card in self.up[s]:
                return ("up", s, self.up[s].index(card))
            if card in self.down[s]:
                return ("down", s, self.down[s].index(card))
            if card in self.taken[s]:
                return ("taken", s)
        t = self.trick
        if t is not None and card in t.cards:
            return ("trick",)
        return ("out",)

    def face_down_count(self, seat: int) -> int:
        """How many face-down cards seat ``seat`` still has (0..6).

        :raises CardkitError: for a seat other than 0 or 1.
        """
        _check_seat(seat)
        return sum(1 for d in self.down[seat] if d is not None)

    # -- notation and saved deals
    def parse_action(self, action):
        """``"trump 3"`` → :class:`PickTrump`, ``"draw 2"`` / ``"draw none"`` → :class:`Draw`,
        a card code (``"QH"``, ``"10♥"``) → :class:`~cardkit.Card`; action objects pass through.

        :raises NotationError: for anything else; for several cards in one action
            (``"7H 9H"``) the message says to play one card at a time (RULES.md §3.3).
        """
        if isinstance(action, (Card, PickTrump, Draw)):
            return action
        if isinstance(action, str):
            words = action.strip().lower().split()
            if len(words) == 2 and words[0] in ("trump", "draw"):
                if words[0] == "draw" and words[1] in ("none", "-", "no"):
                    return Draw(None)
                if _ASCII_DIGITS.fullmatch(words[1]) and len(words[1]) <= 9:  # not str.isdigit: int('²') fails;
                    n = int(words[1])  # and no stack or fan place has 10 digits (int() refuses 4,300)
                    return PickTrump(n) if words[0] == "trump" else Draw(n)
                raise NotationError.worded(N_("action {action}: expected 'trump N', 'draw N' or 'draw none' "
                                              "(N a number from 0)"), action=quote(action))
            try:
                return parse_card(action)
            except NotationError:
                if len(words) > 1 and _all_cards(words):
                    raise NotationError.worded(N_("action {action}: play one card at a time ({n} cards given; "
                                                  "RULES.md §3.3)"), action=quote(action), n=len(words)) from None
                raise NotationError.worded(_NOT_AN_ACTION, action=quote(action)) from None
        raise NotationError.worded(_NOT_AN_ACTION, action=quote(action))

    def action_to_str(self, action) -> str:
        if isinstance(action, Card):
            return action.code
        return str(action)

    def _start_json(self) -> dict:
        return {"rules": asdict(self.rules), "dealer": self.dealer,
                "layout": [{k: " ".join(c.code for c in v) for k, v in e.items()} for e in self.layout],
                "trump": None if self.given_trump is None else self.given_trump.letter}

    # saved deals: the start is the layout and the trump (null: drawn in the deal)
    start_fields = ("rules", "dealer", "layout", "trump")
    nullable_fields = ("trump",)

    @classmethod
    def _from_start_json(cls, data: dict) -> State:
        return new_deal(data["layout"], dealer=data["dealer"], trump=data["trump"],
                        rules=rules_from_json(data["rules"], Rules))

    def observation(self, seat: int) -> Observation:
        """What seat ``seat`` may see (see :class:`Observation`). Two states that differ
        only in cards this seat cannot see give equal observations.

        :raises CardkitError: for a seat other than 0 or 1.
        """
        _check_seat(seat)
        fields = self._trick_observation(seat, self.trump, False)
        up, down, taken = self.up, self.down, self.taken
        fields.update(trump_card=self.trump_card, face_up=(tuple(up[0]), tuple(up[1])),
                      face_down=(tuple([0 if d is None else 1 for d in down[0]]),
                                 tuple([0 if d is None else 1 for d in down[1]])),
                      taken=(tuple(taken[0]), tuple(taken[1])), points=tuple(self.points()), rules=self.rules,
                      history=tuple(self._seen_lists()[seat]))
        return new_frozen(Observation, fields)

    @classmethod
    def from_observation(cls, obs: Observation, hidden: dict) -> State:
        """A full deal that seat ``obs.seat`` cannot tell from the one it observes: the
        deal rebuilt from its start with the hidden cards ``hidden``, and the actions of
        ``obs.history`` applied again (``undo_action``, ``to_json`` work on it; ``seed``
        None). What the seat sees comes from ``obs``: its hand, every face-up card and the
        cards turned up, every card played, its own draws, the trump draw (RULES.md
        §3.2–§3.3).

        :param obs: ``state.observation(seat)`` of an Armenian Durak deal.
        :param hidden: what the seat cannot see, as a dict: ``"hand"``, the opponent's
            hand now (``obs.hand_sizes`` cards); ``"down"``, for each seat a sequence of six:
            the face-down card of each stack now, None where ``obs.face_down`` has 0;
            ``"drawn"``, the card each of the opponent's draws took (one per ``Draw`` of a
            stack by the opponent in ``obs.history``, in order; such a card may have been
            played since). Cards as :class:`~cardkit.Card` or text (``"QH"``).
        :returns: a :class:`State` whose ``observation(obs.seat)`` equals ``obs``.
        :raises NotationError: for hidden cards that contradict ``obs``, naming the card:
            one not in the deck, one the seat sees, one given twice, too many or too few, a
            face-down card where the stack has none, the trump card drawn from the
            opponent's fan not in its hand, a drawn card neither in its hand nor played
            from it since, or cards that make the opponent's play break the duty to
            follow (§3.3).
        :raises CardkitError: for an ``obs`` that is not an Armenian Durak observation.
        """
        if not isinstance(obs, Observation):
            raise CardkitError(f"from_observation: {quote(obs)} is not an Armenian Durak observation "
                               "(state.observation(seat))")
        me, opp = obs.seat, 1 - obs.seat
        rules = obs.rules
        if not isinstance(hidden, dict) or set(hidden) != {"hand", "down", "drawn"}:
            raise NotationError(f"hidden cards {quote(hidden)}: expected a dict of 'hand', 'down' and 'drawn' "
                                "(State.from_observation)")
        hand = _hidden_cards(hidden["hand"], "the opponent's hand")
        drawn = _hidden_cards(hidden["drawn"], "the opponent's draws")
        down_in = hidden["down"]
        if not isinstance(down_in, Sequence) or isinstance(down_in, str) or len(down_in) != PLAYERS:
            raise NotationError(f"hidden face-down cards {quote(down_in)}: expected two sequences of six, one per "
                                "seat (None where a stack has no face-down card)")
        down_now: list[list[Card | None]] = []
        for p in range(PLAYERS):
            row = down_in[p]
            if not isinstance(row, Sequence) or isinstance(row, str) or len(row) != STACKS:
                raise NotationError(f"hidden face-down cards of seat {p} {quote(row)}: expected six, one per stack")
            cards = [None if c is None else _hidden_cards([c], f"seat {p}'s face-down cards")[0] for c in row]
            for i, c in enumerate(cards):
                if (c is not None) != bool(obs.face_down[p][i]):
                    has = "has a face-down card" if obs.face_down[p][i] else "has no face-down card"
                    raise NotationError(f"hidden face-down card of seat {p}'s stack {i} {quote(c)}: that stack "
                                        f"{has} (RULES.md §3.2)")
            down_now.append(cards)
        full = deck(rules.deck)
        in_deck = set(full)
        seen: set[Card] = set(obs.hand) | set(obs.trick)
        for p in range(PLAYERS):
            seen.update(c for c in obs.face_up[p] if c is not None)
            seen.update(obs.taken[p])
        given = hand + [c for row in down_now for c in row if c is not None]
        twice: set[Card] = set()
        for c in given:
            if c not in in_deck:
                raise NotationError(f"hidden card {c}: not in the {rules.deck}-card deck (RULES.md §3.1)")
            if c in seen:
                raise NotationError(f"hidden card {c}: seat {me} sees it (in its hand, face up, played)")
            if c in twice:
                raise NotationError(f"hidden card {c}: given twice")
            twice.add(c)
        if len(hand) != obs.hand_sizes[opp]:
            raise NotationError(f"hidden hand {format_cards(hand) or '-'}: the opponent holds {obs.hand_sizes[opp]} "
                                f"cards, not {len(hand)}")
        # the start of the deal, read from the history: the first card seen on each stack,
        # the card under it (turned up, drawn, or still face down), the hands at the start
        up0 = [list(obs.face_up[p]) for p in range(PLAYERS)]
        down0 = [list(down_now[p]) for p in range(PLAYERS)]
        hand0 = [list(obs.hand), list(hand)]
        if me == 1:
            hand0.reverse()
        opp_draws = [e for e in obs.history if isinstance(e.action, Draw) and e.seat == opp and e.action.stack
                     is not None]
        if len(drawn) != len(opp_draws):
            raise NotationError(f"hidden drawn cards {format_cards(drawn) or '-'}: the opponent drew "
                                f"{len(opp_draws)} face-down cards, not {len(drawn)}")
        pick = None
        for e in reversed(obs.history):  # backwards: the earliest card seen on a stack is written last
            a = e.action
            if isinstance(a, PickTrump):
                pick = a.index
            elif isinstance(a, Card):
                if e.stack is None:
                    hand0[e.seat].append(a)
                else:
                    up0[e.seat][e.stack] = a
                    if e.turned is not None:
                        down0[e.seat][e.stack] = e.turned
        k = 0
        for e in obs.history:
            a = e.action
            if isinstance(a, Draw) and a.stack is not None:
                card = e.drawn if e.seat == me else drawn[k]
                if e.seat == opp:
                    k += 1
                if card is None:  # pragma: no cover - the engine records the drawer's card
                    raise NotationError(f"observation: seat {me}'s draw from stack {a.stack} names no card")
                down0[e.seat][a.stack] = card
                if card not in hand0[e.seat]:
                    where = "the opponent's hand" if e.seat == opp else "its hand"
                    raise NotationError(f"hidden drawn card {card}: neither in {where} nor played from it since "
                                        "the draw (RULES.md §3.3)")
                hand0[e.seat].remove(card)
        for c in drawn:
            if c not in in_deck:
                raise NotationError(f"hidden drawn card {c}: not in the {rules.deck}-card deck (RULES.md §3.1)")
        for p in range(PLAYERS):
            hand0[p] = sort_hand(hand0[p])
        if pick is not None:
            card = obs.trump_card
            fan = hand0[obs.dealer]
            if card not in fan:
                who = "the opponent's" if obs.dealer == opp else "its own"
                raise NotationError(f"hidden cards: the trump card {card} was drawn from {who} fan, so it is in that "
                                    "hand or was played from it (RULES.md §3.2)")
            fan.remove(card)
            fan.insert(min(pick, len(fan)), card)
        layout = [{"hand": hand0[p], "down": down0[p], "up": up0[p]} for p in range(PLAYERS)]
        trump = None if pick is not None or obs.phase == "trump" else obs.trump
        try:
            world = new_deal(layout, dealer=obs.dealer, trump=trump, rules=rules)
        except NotationError as error:
            raise NotationError(f"hidden cards do not make a deal with what seat {me} sees: {error}") from None
        from ._views import replay
        try:
            replay(world, [e.action for e in obs.history])
        except IllegalActionError as error:
            raise NotationError(f"hidden cards contradict the play: action {len(world.history) + 1} would be "
                                f"illegal with them: {error}") from None
        if world.observation(me) != obs:
            raise NotationError(f"hidden cards do not give seat {me}'s observation (check the drawn cards and the "
                                "face-down cards)")
        return world

    def _seen_lists(self) -> list[list[Seen]]:
        """The history each seat saw (``_seen``); for a state made before it was kept
        (unpickled from an older version), rebuilt once from the actions."""
        seen = self.__dict__.get("_seen")
        if seen is None:
            seen = self._seen = self._replay(self.history)._seen_lists() if self.history else [[], []]
        return seen

    def __str__(self) -> str:
        lines = [f"Armenian Durak: dealer {self.dealer}, trump {self.trump or '?'}, phase {self.phase}"]
        for s in range(PLAYERS):
            ups = " ".join("--" if u is None else str(u) for u in self.up[s])
            downs = "".join("#" if d is not None else "." for d in self.down[s])
            lines.append(f"seat {s}: hand {format_cards(self.hands[s]) or '-'} | up {ups} | down {downs}")
        if self.trick is not None and self.trick.cards:
            lines.append(f"trick: {self.trick}")
        return "\n".join(lines)


def _hidden_cards(cards, what: str) -> list[Card]:
    """``cards`` (Card objects or text) as a list, for :meth:`State.from_observation`.

    :raises NotationError: for anything that is not a sequence of cards.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, (Sequence, set, frozenset)):
        raise NotationError(f"hidden cards of {what} {quote(cards)}: expected a list of cards")
    return [c if type(c) is Card else parse_card(c) for c in cards]


def new_deal(layout=None, *, dealer: int = 0, seed=None, trump=None, rules: Rules | None = None) -> State:
    """A new deal, RULES.md §3.2.

    :param layout: for each seat 0 and 1, ``{"hand": ..., "down": ..., "up": ...}`` or
        ``(hand, down, up)``: the hand (6 cards, 14 with 52), then the six face-down and the
        six face-up cards by stack; each a list of cards or text such as ``"AS KS 6H"``.
        Together the whole deck. None: a random deal: the deck of :func:`cardkit.deck` is
        permuted with ``Generator.permutation`` and dealt as :func:`dealing_steps` says.
    :param dealer: seat 0 or 1. The dealer's opponent draws the trump and leads first.
    :param seed: for a random deal, an int or a :class:`numpy.random.Generator`; an int is
        kept as ``state.seed`` (the short deal code ``D-5``, :mod:`cardkit.codes`).
    :param trump: a suit (``Suit.HEARTS``, ``"H"``, ``"♥"``) to skip the trump draw; None:
        the deal starts in the ``"trump"`` phase.
    :param rules: :class:`Rules` (default ``Rules()``).
    :raises NotationError: for a layout that is not the whole deck dealt as §3.2 says (a
        number, text, a dict), or a trump that is not a suit
        (:func:`cardkit.notation.parse_suit`).
    :raises CardkitError: for a dealer other than 0 or 1, ``rules`` that are not
        :class:`Rules`, or a bad seed.
    """
    rules = _check_rules(rules)
    _check_seat(dealer, "dealer")
    trump = None if trump is None else _parse_suit(trump)
    if layout is None:
        parsed = deal_layout(shuffled(deck(rules.deck), as_generator(seed)), int(dealer), rules)
    else:
        parsed = _parse_layout(layout, rules)  # every part's size checked: the whole deck
    state = State(parsed, int(dealer), rules, trump)
    state.seed = seed_of(seed, layout is None)
    return state


#: Names re-exported here lazily (:func:`cardkit._lazy.lazy_exports`), so that importing this
#: module imports none of them (no import cycle, no solver): ``ExpertBot``, the judge's expert
#: player (:class:`cardkit.analysis.ExpertBot`), the rule bot ``RuleBot``
#: (:mod:`cardkit.games.armenian_durak_bots`), and the game end ``Game``, ``game_over``,
#: ``margin`` (:mod:`cardkit.games.armenian_durak_game`, which reads :func:`new_deal` from here).
_LAZY = {"ExpertBot": ("cardkit.analysis.judge", "ExpertBot"),
         "RuleBot": ("cardkit.games.armenian_durak_bots", "RuleBot"),
         "Game": ("cardkit.games.armenian_durak_game", "Game"),
         "game_over": ("cardkit.games.armenian_durak_game", "game_over"),
         "margin": ("cardkit.games.armenian_durak_game", "margin"),
         "_two_totals": ("cardkit.games.armenian_durak_game", "_two_totals")}

__getattr__ = lazy_exports(__name__, _LAZY)
__dir__ = lazy_dir(globals(), _LAZY)

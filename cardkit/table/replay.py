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

>>> from cardkit.games.variety import new_deal
>>> r = Replay(new_deal(seed=1))       # an unplayed deal: nothing to step through
>>> r.position, len(r)
(0, 0)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from cardkit.core._checks import is_whole
from cardkit.core.cards import Card, Suit
from cardkit.core.errors import CardkitError, StateError, quote
from cardkit.core.notation import format_cards
from cardkit.core.state import TrickGameState
from cardkit.games.variety import declarers_lose
from cardkit.wording import signed

__all__ = ["Replay", "ALL", "commentary", "explain_trick_winner"]


def _trump(state):
    return getattr(state, "trump", None)


def _lowest_wins(state) -> bool:
    if hasattr(state, "lowest_wins"):
        return bool(state.lowest_wins)
    info = getattr(state, "contract_info", None)
    return bool(getattr(info, "lowest_wins", False))


def _seat(state, seat: int) -> str:
    """``"seat 2"``, with the seat's role when the game has declarers."""
    decl = getattr(state, "declarers", None)
    if decl:
        return f"seat {seat} ({'declarer' if seat in decl else 'defender'})"
    return f"seat {seat}"


def explain_trick_winner(state, trick) -> str:
    """Why the engine's winner of a complete ``trick`` won, in words.

    :param state: the state the trick was played in (after the trick, for its trump).
    :param trick: a complete :class:`~cardkit.tricks.Trick`.
    :returns: e.g. ``"Q♠ is the highest card of the suit led (♠)"``.
    """
    i = state._trick_winner_index(trick)
    w = trick.cards[i]
    led = trick.cards[0].suit
    trump = _trump(state)
    lowest = _lowest_wins(state)
    same = [c for j, c in enumerate(trick.cards) if j != i and c.suit == w.suit]
    word = "lowest" if lowest else "highest"
    beaten_higher = [c for c in same if (c.rank > w.rank) != lowest and c.rank != w.rank]
    if beaten_higher:
        # The engine chose a card that a plain rank order would not (Durak's six).
        over = ", ".join(str(c) for c in beaten_higher)
        return f"{w} beats {over}: in this game the {w.rank.char} beats the ace of its suit (RULES.md §3.1)"
    if trump is not None and w.suit == trump and led != trump:
        kind = f"the {word} trump" if same else "the only trump"
        return f"{w} is {kind} ({trump.symbol} trumps)"
    if trump is not None and w.suit == trump:
        kind = f"the {word} trump" if same else "the only trump"
        return f"{w} is {kind}; trumps were led"
    if not same:
        return f"{w} is the only card of the suit led ({led.symbol})"
    rule = " (contract 6: the lowest card wins)" if lowest and getattr(state, "contract", None) == 6 else ""
    return f"{w} is the {word} card of the suit led ({led.symbol}){rule}"


def _cards_left(state, seat: int) -> int:
    """How many cards ``seat`` still has: hand, and (Armenian Durak) face-up and face-down
    stacks. A public count: everyone sees how many cards each player holds."""
    stacks = [c for part in (getattr(state, "up", None), getattr(state, "down", None)) if part is not None
              for c in part[seat] if c is not None]
    return len(state.hands[seat]) + len(stacks)


def _explain_card_publicly(before, seat: int, card: Card) -> str:
    """What the table saw of ``card`` played by ``seat``: public facts only (the lead,
    whether it followed suit, whether it is a trump, whether it was the seat's last card);
    nothing read from the seat's hand or its legal cards."""
    trick = before.trick
    trump = _trump(before)
    last = " (its last card)" if _cards_left(before, seat) == 1 else ""
    if trick is None or not trick.cards:
        return f"leads{last}"
    led = trick.cards[0].suit
    if card.suit == led:
        return f"follows suit ({led.symbol}){last}"
    if trump is not None and card.suit == trump:
        return f"does not follow {led.symbol}: plays a trump{last}"
    return f"does not follow {led.symbol}: discards{last}"


def _explain_card(before, seat: int, card: Card) -> str:
    """Why ``card`` was legal for ``seat`` in state ``before`` (from ``legal_actions()``);
    reads the seat's hand, so only for a seat whose cards the viewer may see."""
    legal = [a for a in before.legal_actions() if isinstance(a, Card)]
    trick = before.trick
    trump = _trump(before)
    only = " (its last card)" if _cards_left(before, seat) == 1 else \
        " (the only legal card)" if len(legal) == 1 else ""
    if trick is None or not trick.cards:
        return f"leads{only}"
    led = trick.cards[0].suit
    if card.suit == led:
        return f"follows suit ({led.symbol}){only}"
    if any(c.suit == led for c in legal):
        return f"trumps instead of following {led.symbol}, which this game allows{only}"
    playable = before._playable(seat)
    if trump is not None and card.suit == trump:
        if all(c.suit == trump for c in legal) and len(legal) < len(playable):
            return f"void in {led.symbol}, so must play a trump in this game{only}"
        return f"void in {led.symbol}, so may play any card: trumps{only}"
    if trump is not None and not any(c.suit == trump for c in playable):
        return f"void in {led.symbol} and holds no trump, so may play any card: discards{only}"
    return f"void in {led.symbol}, so may play any card: discards{only}"


# ---- game-specific wording of the scores: read from the engine ------------------------------

_signed = signed   # points with their sign, the minus sign "−": "+3", "−3", "0"


def _variety_trick_score(state, trick) -> str:
    c = state.contract_info
    worth = c.per_trick + sum(c.card_points(x) for x in trick.cards)
    side = "declarers" if trick.winner in state.declarers else "defenders"
    d, f = state.side_points()
    majority = f"; +{c.majority} to the side with more tricks at the end" if c.majority else ""
    return f"worth {_signed(worth)} to the {side}{majority}; so far declarers {d}, defenders {f}"


#: Variety's readings of who leads first (RULES.md §1.4), in words for the commentary.
_LEAD_WORDS = {"left_of_first_namer": "the player on the left of the first to name the contract",
               "left_of_first_bidder": "the player on the left of the first bidder",
               "left_of_dealer": "the player on the dealer's left"}


def _variety_auction(state) -> str:
    c = state.contract_info
    a, b = state.declarers
    defs = state.defenders
    return (f"{c.number} was named first by seat {a} and repeated by seat {b}: the bidding ends "
            f"(RULES.md §1.3); contract {c}; declarers seat {a} and seat {b} "
            f"against seat {defs[0]} and seat {defs[1]}; "
            f"seat {state.current_player} leads (RULES.md §1.4: {_LEAD_WORDS.get(state.rules.lead, state.rules.lead)})")


def _per_seat(values, fmt=str) -> str:
    """``"seat 0 +5, seat 1 −5, ..."``: each seat's figure labelled (the commentary's names
    then read "South +5, West −5, ...")."""
    return ", ".join(f"seat {i} {fmt(v)}" for i, v in enumerate(values))


def _variety_result(state) -> str:
    d, f = state.side_points()
    scores = state.returns()
    won = ("win" if d > f else "lose" if d < f                    # a tie: the engine's rule, §1.6
           else "lose (a tie is their loss)" if declarers_lose(d, f, state.rules) else "tie")
    bonus = " each defender +10;" if any(scores[s] != f for s in state.defenders) else ""
    return (f"declarers {d}, defenders {f}: the declarers {won};{bonus} "
            f"scores {_per_seat(scores, _signed)}")


def _hearts_trick_score(state, trick) -> str:
    from cardkit.games.warsaw_hearts import HONOURS
    hon = [c for c in trick.cards if c in HONOURS]
    pens = [a.penalty for a in state.assessments()]
    what = f"heart honours {format_cards(hon)}" if hon else \
        "no heart honour" if not any(c.suit == Suit.HEARTS for c in trick.cards) else "hearts but no honour"
    return f"{what}; penalties so far {_per_seat(pens)} (RULES.md §2.2)"


def _hearts_result(state) -> str:
    return (f"penalties {_per_seat(state.penalties())}; bonuses "
            f"{_per_seat(state.bonuses())} (RULES.md §2.2)")


def _durak_trick_score(state, trick) -> str:
    from cardkit.games.armenian_durak import card_points
    worth = sum(card_points(c, state.trump, state.rules) for c in trick.cards)
    pts = state.points()
    return f"worth {worth} card points (RULES.md §3.1); so far seat 0 {pts[0]}, seat 1 {pts[1]}"


def _durak_result(state) -> str:
    return f"scores {_per_seat(state.returns())} (card points, +10 for taking every trick, RULES.md §3.4)"


def _durak_action(before, after, action) -> str | None:
    seat = before.current_player
    if before.phase == "trump":
        return (f"seat {seat} draws card {action.index + 1} of the dealer's fan: {after.trump_card}, so "
                f"{after.trump.symbol} is trump; it goes back to the dealer's hand (RULES.md §3.2)")
    if before.phase == "draw":
        if action.stack is None:
            return f"seat {seat} takes no face-down card into the hand (RULES.md §3.3)"
        return f"seat {seat} takes the face-down card of stack {action.stack + 1} into the hand (RULES.md §3.3)"
    return None


_TRICK_SCORE: dict[str, Callable] = {"variety": _variety_trick_score, "warsaw_hearts": _hearts_trick_score,
                                     "armenian_durak": _durak_trick_score}
_AUCTION: dict[str, Callable] = {"variety": _variety_auction}
_RESULT: dict[str, Callable] = {"variety": _variety_result, "warsaw_hearts": _hearts_result,
                                "armenian_durak": _durak_result}
_OTHER_ACTION: dict[str, Callable] = {"armenian_durak": _durak_action}


def commentary(before, after, action, *, public: bool = False) -> list[str]:
    """The lines of commentary for one action: ``before`` is the state just before it,
    ``after`` just after (``before`` is not changed).

    :param public: describe a card play from public facts only (see
        :func:`_explain_card_publicly`), for a seat whose hand the reader may not see.
        Every other line (bids, the trump draw, the draw's stack, trick winners, scores)
        is public anyway.
    """
    seat = before.current_player
    game = before.game
    lines = []
    if isinstance(action, Card):
        why = _explain_card_publicly(before, seat, action) if public else _explain_card(before, seat, action)
        lines.append(f"{_seat(before, seat)} plays {action}: {why}")
        done = after.tricks[len(before.tricks) - 1]
        if done.winner is not None:
            n = len(before.tricks)
            text = (f"trick {n} [{format_cards(done.cards)}] to {_seat(after, done.winner)}: "
                    f"{explain_trick_winner(after, done)}")
            if game in _TRICK_SCORE:
                text += "; " + _TRICK_SCORE[game](after, done)
            lines.append(text)
    elif game in _OTHER_ACTION and _OTHER_ACTION[game](before, after, action):
        lines.append(_OTHER_ACTION[game](before, after, action))
    else:
        lines.append(f"{_seat(before, seat) if before.phase != 'bidding' else f'seat {seat}'} "
                     f"{'bids' if before.phase == 'bidding' else 'chooses'} {before.action_to_str(action)}")
        if after.phase != before.phase and game in _AUCTION and after.phase == "play":
            lines.append(_AUCTION[game](after))
    if after.is_terminal() and game in _RESULT:
        lines.append("deal over: " + _RESULT[game](after))
    return lines


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

    :param names: optional, one name per seat (a dashboard's ``["You", "West", ...]``):
        the commentary then says the name instead of ``"seat N"`` (the name ``"You"``
        with the verb agreeing: "You play ♠A", "to you"). Default None: ``"seat N"``.
    :raises CardkitError: for a ``state`` that is not a game's state (e.g. None), a
        ``viewer`` that is not None, a seat of the deal, or ``"all"``, or a ``names`` list
        whose length is not the number of players.
    :ivar position: how many actions have been applied, 0..``len(self)``.
    :ivar lines: ``lines[i]`` is the commentary (a list of str) for action ``i``, as the
        viewer may read it.
    """

    def __init__(self, state, viewer: int | str | None = None, *, names=None) -> None:
        if not isinstance(state, TrickGameState):
            raise CardkitError(f"Replay: expected a game's state (such as variety.new_deal(seed=1)), "
                               f"got {quote(state)}")
        self._players = state.players
        if names is not None:
            names = [str(n) for n in names]
            if len(names) != state.players:
                raise CardkitError(f"Replay: names {quote(names)}: expected one name per seat ({state.players})")
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
            self._full.append(commentary(cur, nxt, a))
            self._public.append(commentary(cur, nxt, a, public=True) if isinstance(a, Card) else self._full[-1])
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
        out = self._named(self._full[i] if seen else self._public[i])
        v = self.__dict__.get("_verdicts", {}).get(i)
        if v is not None and seen:
            out.append("Judge: " + v.text)
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

    _VERBS: ClassVar[dict[str, str]] = {
        "plays": "play", "draws": "draw", "takes": "take", "chooses": "choose", "bids": "bid",
        "leads": "lead", "deals": "deal", "wins": "win", "holds": "hold"}

    def _named(self, lines: list[str]) -> list[str]:
        """``lines`` with "seat N" replaced by the seat's name (see ``names``)."""
        if self.names is None:
            return list(lines)
        names = self.names

        def one(m: re.Match) -> str:
            name = names[int(m.group(1))]
            role, verb = m.group(2) or "", m.group(3)
            start = m.start() == 0 or m.string[:m.start()].endswith(". ")
            if name.startswith("Your ") and not start:   # "to your opponent", mid-sentence
                name = "y" + name[1:]
            if name.lower() == "you":
                name = "You" if start else "you"
                if verb:                          # "You (defender) play K♦", as "You play"
                    verb = self._VERBS.get(verb, verb)
            return name + role + (" " + verb if verb else "")

        pat = re.compile(r"\bseat (\d+)( \((?:declarer|defender)\))?(?: (" + "|".join(self._VERBS) + r")\b)?")
        return [pat.sub(one, line) for line in lines]

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
        head = [f"{start.game}: dealer seat {start.dealer}"]
        for s, h in enumerate(start.hands):
            shown = format_cards(h) if self.sees(s) else f"{len(h)} cards (hidden)"
            extra = ""
            if hasattr(start, "up") and hasattr(start, "down"):
                down = [c for c in start.down[s] if c is not None]
                downs = format_cards(down) if self._over or self._viewer == ALL else f"{len(down)} cards"
                extra = f" | face up {format_cards(start.up[s])} | face down {downs}"
            head.append(f"seat {s}: {shown}{extra}")
        body = [f"{i + 1:3d}. {line}" if j == 0 else f"     {line}"
                for i, ls in enumerate(self.lines) for j, line in enumerate(ls)]
        return "\n".join(head + body) + "\n"

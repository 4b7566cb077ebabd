"""A guided first deal (issue 33): each step of a deal told one at a time, the learner
doing each.

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed:
``dashboard.guide``). The toggle ``Guide me through a deal`` (:attr:`Guide.toggle`, in the
first row of controls) is on for the first deal a play page deals when the table is built
with ``guide=True`` (the three lessons' play pages do), and turns itself off when that
deal is over or every step has been done; the learner may turn it on again for a deal.

While it is on, a box above the status line (:attr:`Guide.box`) says what to do now and
why, in words, with the seats named (South (you), West, North, East; in Armenian Durak
you and your opponent), and waits for the learner to do it:

- Variety: the bidding (what a bid means), the contract chosen (who declares, what it
  scores), the lead, following suit, a trick won (who won it and why);
- Warsaw Hearts: the lead, following suit, a trick won, a trick with points taken;
- Armenian Durak: the trump draw (or the trump your opponent drew), the first lead,
  beating a card, taking a face-down card into the hand, a trick won.

A step waits for the learner to do it: an action the step does not allow (a card in the
bidding, a card of another suit when the learner holds the suit led, a card before the
trump is drawn or before the draw is chosen) is refused in one status line with the
engine's reason and the guide's ("the guide: ♥ was led and you hold ♥: play one of
them"). What just happened (the contract chosen, a trick won, points taken, the trump
your opponent drew) is told above the step's words until the learner's next action or
``Got it ▶`` (:attr:`Guide.ok`). The guide never takes a control away: ``Undo``,
``New deal``, ``Replay`` and the rest work as without it (the guide follows the deal as
it is; a new deal before the guided one is over is guided in its place).

The steps are worked out from the deal as it goes (the engine's state: whose turn, the
trick, the contract), so a guide follows any deal, a teacher's ``?deal=`` link too; the
lessons open on a fixed deal (deal number 1), on which the tests walk each step.
"""

from __future__ import annotations

import html
from typing import Any

from cardkit.cards import Card
from cardkit.errors import StateError
from cardkit.i18n import N_

from ._common import card_html, learner_words, suit_html
from ._controls import Control

__all__ = ["Guide", "GUIDE_STEPS"]

#: The steps of a guided deal, by game, in the order they usually come.
GUIDE_STEPS: dict[str, tuple[str, ...]] = {
    "variety": ("bid", "contract", "lead", "follow", "trick"),
    "warsaw_hearts": ("lead", "follow", "trick", "points"),
    "armenian_durak": ("trump", "lead", "beat", "take", "trick"),
}

#: Each step in words (the guide's progress line).
STEP_WORDS = {"bid": N_("bid"), "contract": N_("the contract"), "lead": N_("lead"), "follow": N_("follow suit"),
              "trick": N_("a trick won"), "points": N_("points taken"), "trump": N_("the trump"),
              "beat": N_("beat a card"), "take": N_("take a card")}


def _honour(card: Card) -> bool:
    """K♥, Q♥ or J♥: the cards that cost penalty points in Warsaw Hearts (RULES.md §2.2)."""
    return card.suit.letter == "H" and card.rank.char in "KQJ"


class Guide:
    """The guided deal of a play dashboard (see the module's docstring).

    :param table: the dashboard.

    :ivar toggle: ``toggle`` control "Guide me through a deal: on/off".
    :ivar box: ``html`` control, the step's words (hidden while the guide is off and has
        nothing to say).
    :ivar ok: ``button`` "Got it ▶", shown while a step explains what just happened.
    :ivar done: the steps done in this deal (keys of :data:`GUIDE_STEPS`).
    :ivar step: the step shown now (a key, ``"end"`` once finished, or None).
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        self.toggle = Control("toggle", "guide_toggle", value=False, description=self._toggle_words(False),
                              tooltip=self._("Step by step through a deal: what to do now and why"))
        self.box = Control("html", "guide_box", display="none")
        self.ok = Control("button", "guide_ok", description=self._("Got it ▶"), display="none",
                          tooltip=self._("Go on to the next step of the guide"))
        self.done: dict[str, int] = {}   # step -> the deal's length (actions) when it was done
        self.step: str | None = None
        self._pending: tuple[str, str] | None = None   # (step, words): what just happened, told until read
        self._seen: tuple = (None, 0, False, False, 0)     # what was looked at: (deal, tricks, contract, trump)
        self._note = ""                                 # the last words, kept once the guide is off
        self._note_till_deal_end = False                # ... only while the deal they speak of goes on
        self._quiet = False
        self.toggle.observe(self._toggled, names="value")
        self.ok.on_click(lambda _b: table._safely(self.got_it))

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (its ``_``; English for a table without one),
        its ``{placeholders}`` filled from ``values``."""
        tr = getattr(self.table, "_", None)
        if tr is not None:
            return tr(message, **values)
        return message.format(**values) if values else message

    @property
    def _en(self) -> bool:
        return getattr(self.table, "lang", "en") == "en"

    def _toggle_words(self, on: bool) -> str:
        return self._("Guide me through a deal: on") if on else self._("Guide me through a deal: off")

    # ---- on and off -------------------------------------------------------------------------

    @property
    def on(self) -> bool:
        """Whether the guide is on."""
        return bool(self.toggle.value)

    @property
    def steps(self) -> tuple[str, ...]:
        return GUIDE_STEPS.get(self.table.GAME, ())

    def set(self, on: bool) -> None:
        """Turn the guide on (from the deal as it is now) or off, without a redraw."""
        self._quiet = True
        try:
            self.toggle.value = bool(on)
        finally:
            self._quiet = False
        self._reset()

    def _toggled(self, change) -> None:
        self.toggle.description = self._toggle_words(bool(change["new"]))
        if self._quiet:
            return
        self._reset()
        if not change["new"]:
            self._note = ""
        self.table._safely(self.table.refresh)

    def _reset(self) -> None:
        self.done = {}
        self._pending = None
        self.step = None
        self._note = ""
        self._note_till_deal_end = False
        st = self._live()
        self._seen = self._look(st) if st is not None else (None, 0, False, False, 0)

    def deal_started(self) -> None:
        """A new deal: a guide that is on starts again from its first step."""
        self._reset()

    def _finish(self, words: str, till_deal_end: bool = False) -> None:
        """The guided deal is over (or every step done): the words stay, the toggle goes off.

        :param till_deal_end: the words are about the rest of the deal being played ("play
            the rest of this deal on your own"): they go once that deal is over.
        """
        self._note = words
        self._note_till_deal_end = till_deal_end
        self._pending = None
        self.step = "end"
        self._quiet = True
        try:
            self.toggle.value = False
        finally:
            self._quiet = False
        self.toggle.description = self._toggle_words(False)

    # ---- refusals ---------------------------------------------------------------------------

    def _live(self):
        t = self.table
        return t.state if getattr(t, "game", None) is not None else None

    def why_not(self, st) -> str | None:
        """The guide's reason an action of the learner was refused in ``st`` (the step's
        rule in words), or None when the guide is off or it is not the learner's turn."""
        if not self.on:
            return None
        step = self.situation(st)
        _ = self._
        if step == "bid":
            return _("the guide: this is the bidding, so press a number; cards are played after it")
        if step == "trump":
            return _("the guide: first draw the trump, one of the dealer's face-down cards")
        if step == "take":
            return _("the guide: first take a face-down card from one of your stacks, or press Don't draw")
        if step == "lead":
            return None
        trick = st.trick
        led = trick.cards[0]
        if step == "beat":
            trump = st.trump
            if led.suit == trump:
                return _("the guide: a trump ({suit}) was led: answer with a trump if you have one",
                         suit=led.suit.symbol)
            return _("the guide: {card} was led: answer with a {suit} or a trump ({trump}) if you have one",
                     card=led.label, suit=led.suit.symbol, trump=trump.symbol)
        if any(c.suit == led.suit for c in st.hands[self.table.seat]):
            return _("the guide: {suit} was led and you hold {suit}: play one of them", suit=led.suit.symbol)
        return None

    # ---- the steps --------------------------------------------------------------------------

    def situation(self, st) -> str | None:
        """The step the learner's turn in ``st`` is (``"bid"``, ``"lead"``, ``"follow"``,
        ``"trump"``, ``"beat"``, ``"take"``), or None when it is not the learner's turn."""
        t = self.table
        if st is None or st.is_terminal() or st.current_player != t.seat:
            return None
        if st.phase == "bidding":
            return "bid"
        if st.phase == "trump":
            return "trump"
        if st.phase == "draw":
            return "take"
        trick = getattr(st, "trick", None)
        led = trick is not None and bool(trick.cards)
        if t.GAME == "armenian_durak":
            return "beat" if led else "lead"
        return "follow" if led else "lead"

    def acted(self, step: str | None, at: int) -> None:
        """The learner did the step ``step`` by the deal's action number ``at`` (a history
        length; called after the action was applied); what was told of the last events
        counts as read. Undo back before ``at`` makes the step not done again."""
        if not self.on:
            return
        if step is not None:
            self.done.setdefault(step, at)
        self._read(at)

    def _read(self, at: int) -> None:
        if self._pending is not None:
            self.done.setdefault(self._pending[0], at)
            if self._pending[0] == "points":
                self.done.setdefault("trick", at)
            self._pending = None

    def got_it(self) -> None:
        """``Got it ▶``: the explanation shown is read; the guide goes on.

        :raises StateError: when no explanation is waiting (the button is hidden then).
        """
        if self._pending is None:
            raise StateError("the guide has nothing waiting to be read")
        st = self._live()
        self._read(len(st.history) if st is not None else 0)
        self.table.last_error = None
        self.table._message = ""
        self.table.refresh()

    def _look(self, st) -> tuple:
        tricks = len(st.completed_tricks)
        contract = getattr(st, "contract", None) is not None
        trump = getattr(st, "trump", None) is not None and st.phase != "trump"
        return (id(st), tricks, contract, trump, len(st.history))

    def sync(self) -> None:
        """Bring the box and ``Got it`` up to date (called on every refresh): what just
        happened (the contract chosen, a trick won) waits to be read; else the step of the
        learner's turn."""
        words = self._words()
        self.box.value = words
        self.box.layout.display = None if words else "none"
        self.ok.layout.display = None if self.on and self._pending is not None else "none"

    def _words(self) -> str:
        t = self.table
        if not self.on:
            if self._note_till_deal_end:
                live = self._live()
                if live is None or live.is_terminal():
                    return ""
            return self._note
        st = self._live()
        if st is None:
            return ""
        if st.is_terminal() and self.step is None and not self.done and self._pending is None:
            return self._("The guide starts with your next deal: press New deal.")
        if t.replay is not None and not st.is_terminal():
            return (self._head(self._("The replay is on"))
                    + self._("The guide waits for the game: press Replay: on to go back to it."))
        self._events(st)
        told = ""
        if self._pending is not None:
            if st.is_terminal() or self.situation(st) is None:
                self.step = self._pending[0]
                return self._pending[1]
            told = self._pending[1]
        if st.is_terminal():
            self._finish(self._end_words(st))
            return self._note
        if all(s in self.done for s in self.steps):
            self._finish(self._head(self._("that was every step")) + self._(
                "You have seen each part of a deal. The guide turns off now: play the rest of this deal on your "
                "own (Hint is there if you want it), or turn “Guide me through a deal” on again for another deal."),
                till_deal_end=True)
            return self._note
        step = self.situation(st)
        self.step = self._pending[0] if self._pending is not None else step
        if step is None:
            return told
        if told:   # what just happened, then only what to do now (the box keeps about its height)
            return f"{told} {self._now(st, step)}"
        return self._step_words(st, step)

    def _now(self, st, step: str) -> str:
        """The step's last sentence, what to do now ("<b>Now: click …</b>")."""
        words = self._step_words(st, step)
        i = words.rfind("<b>")
        return words[i:] if i > 0 else ""

    def _events(self, st) -> None:
        """What happened since the guide last looked: a step to explain, waiting for Got it."""
        seen = self._look(st)
        old = self._seen
        self._seen = seen
        if old[0] == seen[0] and seen[4] < old[4]:   # undone: what was told may not have happened now
            self._pending = None
            self.done = {k: n for k, n in self.done.items() if n < seen[4]}
            return
        if self._pending is not None or old[0] != seen[0]:
            return
        t = self.table
        if seen[2] and not old[2] and "contract" in self.steps and "contract" not in self.done:
            self._pending = ("contract", self._contract_words(st))
        elif seen[3] and not old[3] and "trump" not in self.done and t.GAME == "armenian_durak":
            self._pending = ("trump", self._trump_drawn_words(st))
        elif seen[1] > old[1]:
            trick = st.completed_tricks[-1]
            honours = [c for c in trick.cards if _honour(c)]
            if "points" in self.steps and "points" not in self.done and honours:
                self._pending = ("points", self._trick_words(st, points=honours))
            elif "trick" in self.steps and "trick" not in self.done:
                self._pending = ("trick", self._trick_words(st))

    # ---- words --------------------------------------------------------------------------------

    def who(self, s: int, start: bool = False) -> str:
        """A seat in words: "South (you)" (in a two-player game "you"), "West", "your opponent"
        (in Russian the table's names: "Юг (вы)", "Запад", "вы", "соперник")."""
        t = self.table
        name = t.names[s]
        if not self._en:
            if len(t.names) == 2:
                word = self._("You") if s == t.seat else self._("Your opponent")
                return word if start else word[0].lower() + word[1:]
            return html.escape(name)
        if s == t.seat:
            if len(t.names) == 2:
                return "You" if start else "you"
            return "South (you)" if name == "You" else f"{html.escape(name)} (you)"
        if name == "Your opponent" and not start:
            return "your opponent"
        return html.escape(name)

    def subject(self, s: int) -> str:
        """A seat starting a sentence as its subject: "You" (the learner), "West", "Your opponent"."""
        if not self._en:
            return self.who(s, True)
        return "You" if s == self.table.seat else self.who(s, True)

    def _head(self, title: str) -> str:
        """The guide's bold head line: ``title`` (already in the table's language) and the steps done."""
        n = len(self.steps)
        k = len([s for s in self.steps if s in self.done])
        steps = ", ".join(("✓ " if s in self.done else "") + self._(STEP_WORDS[s]) for s in self.steps)
        return self._("<b>Guide — {title}.</b> <small>(steps done: {k} of {n}: {steps})</small><br>",
                      title=title, k=k, n=n, steps=steps)

    def _leads(self, s: int, first: bool) -> str:
        """"You lead the next trick" / "West leads the next trick" (``first``: the first trick)."""
        if s == self.table.seat:
            return self._("You lead the first trick.") if first else self._("You lead the next trick.")
        who = self.subject(s)
        return (self._("{seat} leads the first trick.", seat=who) if first else
                self._("{seat} leads the next trick.", seat=who))

    def _trick_no(self, st) -> int:
        return len(st.completed_tricks) + 1

    def _step_words(self, st, step: str) -> str:
        g = self.table.GAME
        if step == "bid":
            return self._bid_words(st)
        if step == "trump":
            return self._trump_words(st)
        if step == "take":
            return self._take_words(st)
        if step == "lead":
            return self._lead_words(st)
        if g == "armenian_durak":
            return self._beat_words(st)
        return self._follow_words(st)

    def _bid_words(self, st) -> str:
        from cardkit.games import variety

        _ = self._
        first = st.first_bidder
        so_far = "; ".join(_("{seat} named {n}", seat=self.who((first + i) % variety.PLAYERS, True), n=b)
                           for i, b in enumerate(st.bids))
        return (self._head(_("your bid")) +
                _("A bid names one of the eight contracts by its number: the number says which suit is trumps (or "
                  "none) and what the tricks taken score (the list is just above the number buttons, and under “The "
                  "eight contracts” below the table). When a player names a number that another player has already "
                  "named, the bidding ends: that contract is played, and those two players are the declarers, "
                  "partners against the other two. You may not name the same number twice.") + " "
                + (_("So far: {bids}.", bids=so_far) if so_far else _("You bid first.")) + " "
                + _("<b>Now: press a number under the table.</b>"))

    def _contract_words(self, st) -> str:
        from cardkit.games import variety

        _ = self._
        c = st.contract_info
        first = st.first_bidder
        seats = [(first + i) % variety.PLAYERS for i in range(len(st.bids))]
        named = next(seats[i] for i, b in enumerate(st.bids) if b == c.number)
        repeated = seats[-1]
        decl = _("{a} and {b}", a=self.who(st.declarers[0]), b=self.who(st.declarers[1]))
        d = [s for s in range(variety.PLAYERS) if s not in st.declarers]
        defs = _("{a} and {b}", a=self.who(d[0]), b=self.who(d[1]))
        leader = st.tricks[0].seats[0] if st.tricks and st.tricks[0].cards else st.current_player
        t = self.table
        trump_name = t._trump_words(c.number) if hasattr(t, "_trump_words") else c.trump_name
        scoring = t._scoring_words(c.number) if hasattr(t, "_scoring_words") else c.scoring
        order = (" " + _("In this contract the order is reversed: the lowest card wins.")) if c.lowest_wins else ""
        return (self._head(_("the contract chosen")) +
                _("{seat} named {n}, which {first} had named first: the bidding is over.",
                  seat=self.subject(repeated), n=c.number, first=self.who(named)) + " "
                + _("Contract {n}: {trumps}; {scoring}.", n=c.number, trumps=html.escape(trump_name),
                    scoring=html.escape(scoring)) + " "
                + (_("The declarers are {declarers}; {defenders} defend, and you are a declarer.", declarers=decl,
                     defenders=defs) if self.table.seat in st.declarers else
                   _("The declarers are {declarers}; {defenders} defend, and you are a defender.", declarers=decl,
                     defenders=defs)) + " "
                + _("Each side counts what its tricks score; the declarers must score more than the defenders.")
                + order + " " + self._leads(leader, True))

    def _trump_words(self, st) -> str:
        fan = len(st.hands[st.dealer])
        return (self._head(self._("the trump")) +
                self._("Before the play, a trump suit is chosen: {dealer}, the dealer, fans the hand face down and "
                       "you draw one card. Its suit is trumps for the whole deal (a trump beats any card of another "
                       "suit); the card goes back to the dealer's hand.", dealer=self.who(st.dealer)) + " "
                + self._("<b>Now: click one of the face-down cards (card 1 … card {n}) under the table.</b>", n=fan))

    def _trump_drawn_words(self, st) -> str:
        lang = self.table.lang
        card, suit = card_html(st.trump_card, lang=lang), suit_html(st.trump, lang=lang)
        if st.dealer == self.table.seat:
            drew = self._("Your opponent drew {card} from your fan: {suit} is trumps for this deal.", card=card,
                          suit=suit)
        else:
            drew = self._("You drew {card} from your opponent's fan: {suit} is trumps for this deal.", card=card,
                          suit=suit)
        return (self._head(self._("the trump chosen")) + drew + " "
                + self._("A trump beats any card of another suit, so keep an eye on yours."))

    def _led_rule(self, st) -> str:
        g = self.table.GAME
        lang = self.table.lang
        if g == "warsaw_hearts":
            return self._("The others must play the suit led if they can; the highest card of the suit led wins the "
                          "trick (there are no trumps in Warsaw Hearts). Whoever wins a trick takes its cards: K♥, "
                          "Q♥ and J♥ in your tricks cost penalty points, and tricks with no heart at all earn a "
                          "bonus.")
        if g == "armenian_durak":
            return self._("Your opponent must answer with the suit led or a trump ({trump}) if they can; after a "
                          "trump led, with a trump. The higher card of the suit led wins (the six is beaten by every "
                          "card of its suit but the ace, which it beats), and a trump beats any other suit. The "
                          "trick's winner takes its card points: 6 → 6, A → 5, K → 4, Q → 3, J → 2.",
                          trump=suit_html(st.trump, lang=lang))
        c = st.contract_info
        trumps = (self._("There are no trumps in this contract.") if c.trump is None else
                  self._("Trumps are {suit}: a trump beats any card of another suit.",
                         suit=suit_html(c.trump, lang=lang)))
        if c.lowest_wins:
            rule = self._("The others must play the suit led if they can; the lowest card of the suit led wins "
                          "(this contract reverses the order).")
        else:
            rule = self._("The others must play the suit led if they can; the highest card of the suit led wins.")
        return f"{rule} {trumps}"

    def _lead_words(self, st) -> str:
        if self.table.GAME == "armenian_durak":
            lead = self._("You lead: you play the first card of this trick, from your hand or a face-up card of "
                          "your tableau.")
        else:
            lead = self._("You lead: you play the first card of this trick, any card of your hand.")
        return (self._head(self._("your lead, trick {n}", n=self._trick_no(st))) +
                f"{lead} {self._led_rule(st)} " + self._("<b>Now: click one of your raised cards.</b>"))

    def _cards_of(self, trick) -> str:
        """A trick's cards in words: "West 10♥, North 6♥, East 9♥"."""
        lang = self.table.lang
        return ", ".join(f"{self.who(s, i == 0)} {card_html(c, lang=lang)}"
                         for i, (s, c) in enumerate(zip(trick.seats, trick.cards)))

    def _trick_so_far(self, st) -> str:
        return self._cards_of(st.trick)

    def _follow_words(self, st) -> str:
        _ = self._
        lang = self.table.lang
        trick = st.trick
        led = trick.cards[0].suit
        hand = st.hands[self.table.seat]
        have = [c for c in hand if c.suit == led]
        so_far = self._trick_so_far(st)
        if have:
            what = self.table.i18n.ngettext(
                "You have {n} {suit}: you must play one of them (they are raised). That is following suit.",
                "You have {n} {suit}: you must play one of them (they are raised). That is following suit.",
                len(have)).format(n=len(have), suit=suit_html(led, lang=lang)) if hasattr(self.table, "i18n") else (
                f"You have {len(have)} {suit_html(led)}: you must play one of them (they are raised). That "
                f"is following suit.")
        else:
            if self.table.GAME == "warsaw_hearts":
                then = _("A card of another suit never wins the trick: a good moment to give away K♥, Q♥ or J♥ "
                         "if you hold one.")
            else:
                c = st.contract_info
                if c.trump is None:
                    then = _("A card of another suit never wins here: there are no trumps.")
                elif c.lowest_wins:
                    then = _("A trump ({suit}) wins the trick unless someone plays a lower trump.",
                             suit=suit_html(c.trump, lang=lang))
                else:
                    then = _("A trump ({suit}) wins the trick unless someone plays a higher trump.",
                             suit=suit_html(c.trump, lang=lang))
            what = _("You have no {suit}, so you may play any card.", suit=suit_html(led, lang=lang)) + " " + then
        return (self._head(_("following suit, trick {n}", n=self._trick_no(st))) +
                _("The trick so far: {cards}.", cards=so_far) + f" {what} "
                + _("<b>Now: click one of your raised cards.</b>"))

    def _beat_words(self, st) -> str:
        _ = self._
        lang = self.table.lang
        trick = st.trick
        card = trick.cards[0]
        trump = st.trump
        if card.suit == trump:
            rule = _("A trump was led: answer with a trump if you have one ({trump}); a higher trump beats it (a "
                     "six beats only the ace). With no trump you may play any card, and it loses.",
                     trump=suit_html(trump, lang=lang))
        else:
            rule = _("Answer with a {suit} or a trump ({trump}), as you choose; with neither, any card. To beat "
                     "{card}: a higher {suit} (a six beats only the ace, and the ace loses only to the six) or any "
                     "trump. A card of a third suit never wins.", suit=suit_html(card.suit, lang=lang),
                     trump=suit_html(trump, lang=lang), card=card_html(card, lang=lang))
        return (self._head(_("beating a card, trick {n}", n=self._trick_no(st))) +
                _("{seat} led {card}.", seat=self.subject(trick.seats[0]), card=card_html(card, lang=lang))
                + f" {rule} " + _("The raised cards, in your hand and your tableau, are the ones you may play.")
                + " " + _("<b>Now: click one of the raised cards.</b>"))

    def _take_words(self, st) -> str:
        return (self._head(self._("taking a card")) +
                self._("You played a card from your hand, so you may now take one face-down card of your tableau "
                       "into your hand: you choose the stack, not the card, and the face-up card stays on it. A card "
                       "in your hand is hidden from your opponent.") + " "
                + self._("<b>Now: press a stack's button under the table, or Don't draw.</b>"))

    def _trick_words(self, st, points: list[Card] | None = None) -> str:
        from cardkit.replay import Replay

        _ = self._
        lang = self.table.lang
        trick = st.completed_tricks[-1]
        n = len(st.completed_tricks)
        played = self._cards_of(trick)
        why = ""
        try:   # the replay's line of the trick, in the table's language: "trick 3 [...] to West: <why>"
            r = Replay(st, viewer=self.table.seat, names=self.table.names, lang=lang)
            closing = next(i for i in range(len(r) - 1, -1, -1) if len(r.state_at(i).completed_tricks) < n)
            line = r.lines[closing][1]   # the action that closed trick n: its play, then the trick
            why = learner_words(line.split(": ", 1)[1]) if ": " in line else ""
        except Exception:  # noqa: BLE001 - the guide still says who won
            why = ""
        winner = trick.winner
        title = _("points taken, trick {n}", n=n) if points else _("trick {n} won", n=n)
        extra = ""
        if points:
            taken = " ".join(card_html(c, lang=lang) for c in points)
            extra = " " + _("{seat} took {cards}: each of K♥, Q♥ and J♥ in a player's tricks costs penalty points "
                            "(K♥ 4, Q♥ 3, J♥ 2 alone; more for two or three, and 20 for two in one trick), counted "
                            "when the deal ends.", seat=self.subject(winner), cards=taken)
        nxt = "" if st.is_terminal() else " " + self._leads(winner, False)
        won = (_("{seat} won it: {why}.", seat=self.subject(winner), why=html.escape(why)) if why else
               _("{seat} won it.", seat=self.subject(winner)))
        return self._head(title) + _("The trick: {cards}.", cards=played) + " " + won + extra + nxt

    def _end_words(self, st) -> str:
        return (self._head(self._("the deal is over")) +
                self._("The deal is scored (the status line says how). The guide is off now: the next deal is yours "
                       "to play alone; turn “Guide me through a deal” on again whenever you want to be guided."))

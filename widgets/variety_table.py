"""VarietyTable: the dashboard of the Variety play lesson (RULES.md §1).

A learner in one seat plays against three :class:`cardkit.games.variety.RuleBot` s:
the bidding with an :class:`AuctionTable`, then the play with a :class:`HandTable` and a
:class:`TrickTable`; a :class:`ScoreSheet` keeps a game of several deals (the dealer
passes to the left, RULES.md §1.1, §1.7).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as W
import numpy as np

from cardkit.bots import Bot
from cardkit.cards import Card, deck
from cardkit.dealing import as_generator, cut_for_dealer
from cardkit.errors import CardkitError, IllegalActionError, StateError
from cardkit.games import variety

from ._common import card_html, one_line, seat_names, suit_html
from .auction import AuctionTable, ContractTable
from .hand import HandTable
from .scores import ScoreSheet
from .trick import TrickTable

__all__ = ["VarietyTable"]


class VarietyTable(W.VBox):
    """The Variety play dashboard: a learner against three bots, deal after deal.

    Layout, top to bottom: the title and controls (``New deal`` with a seed box,
    ``Undo``, ``Show all hands``, ``Last trick``); the bidding (:class:`AuctionTable`)
    beside the eight contracts (:class:`ContractTable`); the trick (:class:`TrickTable`)
    beside the :class:`ScoreSheet`; the status line; the learner's :class:`HandTable`.

    The widgets only call the state protocol: the enabled buttons come from
    ``state.legal_actions()``; a click calls ``state.apply_action``; a refused action
    (:class:`cardkit.CardkitError`) is shown as one line in the status line, never a
    traceback. Bots act from ``state.observation(seat)`` only and play on until it is the
    learner's turn; their bidding remarks are shown (table talk is allowed in the bidding
    only, RULES.md §1.3).

    :param seed: the seed of the first deal (an int >= 0); each ``New deal`` reads the
        seed box, which then moves on by one.
    :param seat: the learner's seat (default 0), shown at the bottom.
    :param names: one name per seat (default "You", "West", "North", "East" seen from the
        learner).
    :param rules: :class:`cardkit.games.variety.Rules` (default ``Rules()``); its
        ``deals`` is the length of the game.
    :param first_dealer: the first dealer's seat; default: the cut for the dealer
        (highest card, RULES.md §1.1) drawn with ``seed``.
    :param bots: seat -> :class:`cardkit.bots.Bot` for the three other seats; default a
        :class:`~cardkit.games.variety.RuleBot` per seat, seeded from each deal's seed.
    :param deal: whether to deal the first deal at once (default True).
    :raises CardkitError: for a seat outside 0..3, wrong names, or a negative seed.

    Attributes a lesson may use:

    :ivar state: the current :class:`cardkit.games.variety.State` (None before a deal).
    :ivar seed_box: ``IntText``, the seed of the next deal.
    :ivar deal_seed: the seed of the current deal.
    :ivar auction: :class:`AuctionTable`; :ivar contracts_table: :class:`ContractTable`;
    :ivar trick_table: :class:`TrickTable`; :ivar hand: :class:`HandTable`;
    :ivar scores: :class:`ScoreSheet` (one row per finished deal, ``state.returns()``).
    :ivar status: the ``HTML`` status line; :attr:`status_text` is its plain text.
    :ivar last_error: the last refused action's message, or None.
    :ivar new_deal_button, undo_button: ``Button``; :ivar show_hands, last_trick:
        ``ToggleButton`` (their descriptions say their state in words).
    """

    def __init__(self, seed: int = 0, *, seat: int = 0, names: Sequence[str] | None = None,
                 rules: variety.Rules | None = None, first_dealer: int | None = None,
                 bots: Mapping[int, Bot] | None = None, deal: bool = True) -> None:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < variety.PLAYERS:
            raise CardkitError(f"seat {seat!r}: expected a seat 0..3")
        as_generator(seed)  # validates the seed (ValueError with the value quoted)
        self.seat = int(seat)
        self.rules = rules or variety.Rules()
        self.names = seat_names(variety.PLAYERS, names, self.seat)
        if first_dealer is None:
            first_dealer, self.cut = cut_for_dealer(variety.PLAYERS, deck(52), as_generator(seed))
        else:
            if not 0 <= int(first_dealer) < variety.PLAYERS:
                raise CardkitError(f"first_dealer {first_dealer!r}: expected a seat 0..3")
            self.cut = []
        self.first_dealer = int(first_dealer)
        self._fixed_bots = dict(bots) if bots is not None else None
        self.bots: dict[int, Bot] = {}
        self.state: variety.State | None = None
        self.deal_seed: int | None = None
        self.last_error: str | None = None
        self._message = ""
        self._marks: list[int] = []          # history length before each learner decision
        self._remarks: list[tuple[int, int, str]] = []  # (history length, seat, text)
        self._recorded = False
        self._deal_number = 0

        # ---- the widgets, built once --------------------------------------------------
        self.title = W.HTML("")
        self.seed_box = W.IntText(value=int(seed), description="Seed",
                                  layout=W.Layout(width="11em"), style={"description_width": "3em"})
        self.new_deal_button = W.Button(description="New deal", tooltip="Deal new cards with the seed in the box",
                                        layout=W.Layout(width="7em"))
        self.undo_button = W.Button(description="Undo", tooltip="Take back your last decision (and the bots' actions after it)",
                                    layout=W.Layout(width="5em"))
        self.show_hands = W.ToggleButton(value=False, description="Show all hands: off",
                                         tooltip="Show every player's cards (practice)", layout=W.Layout(width="11em"))
        self.last_trick = W.ToggleButton(value=False, description="Last trick: off",
                                         tooltip="Show the last finished trick instead of the current one",
                                         layout=W.Layout(width="9em"))
        self.auction = AuctionTable(variety.PLAYERS, names=self.names, viewer=self.seat, rules=self.rules,
                                    on_bid=self._bid_clicked)
        self.contracts_table = ContractTable(self.rules, selectable=False)
        self.trick_table = TrickTable(variety.PLAYERS, names=self.names, viewer=self.seat)
        self.hand = HandTable(52, on_play=self._card_clicked, title="Your hand")
        self.scores = ScoreSheet(self.names, title="Score sheet", unit="points")
        self.status = W.HTML("", layout=W.Layout(margin="4px 0px", min_height="1.6em"))

        self.new_deal_button.on_click(lambda _b: self._safely(self.new_deal))
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        self.show_hands.observe(self._toggled, names="value")
        self.last_trick.observe(self._toggled, names="value")

        controls = W.HBox([self.new_deal_button, self.seed_box, self.undo_button, self.show_hands, self.last_trick],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        top = W.HBox([self.auction, self.contracts_table], layout=W.Layout(flex_flow="row wrap", grid_gap="12px"))
        middle = W.HBox([self.trick_table, self.scores], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([self.title, controls, top, middle, self.status, self.hand],
                         layout=W.Layout(padding="4px"))
        if deal:
            self.new_deal()
        else:
            self.refresh()

    # ---- game bookkeeping ---------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (or of the next one, if none is in progress)."""
        return (self.first_dealer + len(self.scores)) % variety.PLAYERS

    @property
    def game_over(self) -> bool:
        """True once ``rules.deals`` deals have been recorded (RULES.md §1.7)."""
        return len(self.scores) >= self.rules.deals

    def _bots_for(self, seed: int) -> dict[int, Bot]:
        if self._fixed_bots is not None:
            return {s: self._fixed_bots[s] for s in range(variety.PLAYERS) if s != self.seat}
        return {s: variety.RuleBot(np.random.default_rng([seed, s]))
                for s in range(variety.PLAYERS) if s != self.seat}

    # ---- actions (public: a lesson may call them as well as click) ------------------------

    def new_deal(self, seed: int | None = None) -> None:
        """Deal a new deal with ``seed`` (default: the seed box), then let the bots bid
        until it is the learner's turn. An unfinished deal is dropped (not scored; the
        same dealer deals again). After a full game (``rules.deals`` deals) the score
        sheet starts again.

        :raises ValueError: for a negative seed (shown in the status line when clicked).
        """
        seed = int(self.seed_box.value if seed is None else seed)
        as_generator(seed)
        if self.game_over:
            self.scores.clear()
        self.deal_seed = seed
        self.state = variety.new_deal(seed=seed, dealer=self.dealer, rules=self.rules)
        self.bots = self._bots_for(seed)
        self._marks, self._remarks, self._recorded = [], [], False
        self._deal_number = len(self.scores) + 1
        self.seed_box.value = seed + 1
        self.last_error = None
        self._message = f"New deal (seed {seed}): {html.escape(self.names[self.dealer])} deals."
        self.last_trick.value = False
        self._run_bots()
        self.refresh()

    def act(self, action) -> bool:
        """The learner's action (a bid number or a card, or its notation). Returns True if
        it was applied; else shows the reason in the status line and returns False."""
        st = self.state
        try:
            if st is None:
                raise StateError("no deal yet: press New deal")
            if st.is_terminal():
                raise StateError("the deal is over: press New deal")
            if st.current_player != self.seat:
                raise IllegalActionError(f"it is {self.names[st.current_player]}'s turn, not yours")
            before = len(st.history)
            phase = st.phase
            st.apply_action(action)
        except CardkitError as e:
            self._error(e)
            return False
        self._marks.append(before)
        self.last_error = None
        last = st.history[-1]
        self._message = (f"You bid {last}." if phase == "bidding" else f"You played {card_html(last)}.")
        self._run_bots()
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the learner's last decision and every bot action after it (practice
        mode). Shows "nothing to undo" when the learner has not acted in this deal."""
        st = self.state
        if st is None or not self._marks:
            self._error(StateError("nothing to undo: you have not acted in this deal yet"))
            return
        n = self._marks.pop()
        if self._recorded:
            self.scores.remove_last_row()
            self._recorded = False
        while len(st.history) > n:
            st.undo_action()
        self._remarks = [r for r in self._remarks if r[0] < n]
        self.last_error = None
        self._message = "Undone: your turn again."
        self.refresh()

    # ---- callbacks ----------------------------------------------------------------------

    def _bid_clicked(self, number: int) -> None:
        self._safely(self.act, number)

    def _card_clicked(self, card: Card) -> None:
        self._safely(self.act, card)

    def _toggled(self, change) -> None:
        self._safely(self.refresh)

    def _safely(self, f, *args) -> None:
        """Run a callback: a CardkitError (or any ValueError) becomes one status line; an
        unexpected error too, so the learner never sees a traceback."""
        try:
            f(*args)
        except ValueError as e:
            self._error(e)
        except Exception as e:  # noqa: BLE001 - a dashboard shows one line, never a traceback
            self._error(e, prefix=f"Something went wrong ({type(e).__name__})")

    def _error(self, e: BaseException, prefix: str = "Not allowed") -> None:
        self.last_error = one_line(e)
        self._message = f'<b>⚠ {prefix}:</b> {html.escape(self.last_error)}'
        self.refresh()

    def _run_bots(self) -> None:
        st = self.state
        while not st.is_terminal() and st.current_player != self.seat:
            s = st.current_player
            bot = self.bots[s]
            action = bot.act(st.observation(s))
            if st.phase == "bidding" and getattr(bot, "remark", None):
                self._remarks.append((len(st.history), s, bot.remark))
            st.apply_action(action)
        if st.is_terminal() and not self._recorded:
            row = st.returns()
            decl = " & ".join(self.names[s] for s in st.declarers)
            self.scores.add_row(row, label=str(self._deal_number), note=f"contract {st.contract}, {decl}")
            self._recorded = True

    # ---- display ------------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.status.value))

    def refresh(self) -> None:
        """Bring every part of the dashboard up to date with :attr:`state` (in place)."""
        self.show_hands.description = f"Show all hands: {'on' if self.show_hands.value else 'off'}"
        self.last_trick.description = f"Last trick: {'on' if self.last_trick.value else 'off'}"
        st = self.state
        self.undo_button.disabled = not self._marks
        if st is None:
            self.title.value = "<h3 style='margin:2px'>Variety (Варьете)</h3>"
            self.status.value = self._message or "Press New deal."
            return
        name = lambda s: html.escape(self.names[s])  # noqa: E731
        self.title.value = (
            f"<h3 style='margin:2px'>Variety (Варьете) — deal {self._deal_number} of {self.rules.deals}"
            f" <small>(seed {self.deal_seed}; dealer {name(st.dealer)}; you sit at the bottom)</small></h3>")
        remarks = [(s, t) for _, s, t in self._remarks]
        self.auction.show(st, self.seat, remarks=remarks)
        self.contracts_table.mark(st.contract, "played now")
        hands = None
        if self.show_hands.value:
            hands = {s: self._hand_html(st.hands[s]) for s in range(variety.PLAYERS) if s != self.seat}
        notes = {}
        if st.declarers is not None:
            for s in range(variety.PLAYERS):
                role = "declarer" if s in st.declarers else "defender"
                notes[s] = f"{role}, {st.tricks_won(s)} tr."
        self.trick_table.show(st, last=self.last_trick.value, hands=hands, notes=notes,
                              heading=self._heading(st))
        self.hand.show(st, self.seat)
        self.status.value = " · ".join(x for x in (self._message, self._turn_text(st)) if x)

    def _heading(self, st) -> str | None:
        if st.contract is None:
            return "Bidding"
        c = st.contract_info
        n = len(st.completed_tricks)
        if st.trick is not None and not self.last_trick.value:
            n += 1
        return (f"Contract <b>{c.number}</b><br>{c.trump_name}"
                f"{'<br><b>lowest wins</b>' if c.lowest_wins else ''}<br>Trick {n} of 13")

    def _turn_text(self, st) -> str:
        name = lambda s: html.escape(self.names[s])  # noqa: E731
        if st.phase == "bidding":
            who = "Your turn to bid" if st.current_player == self.seat else f"{name(st.current_player)} bids"
            return f"{who}."
        c = st.contract_info
        decl = " and ".join(name(s) for s in st.declarers)
        head = f"Contract {c.number} ({html.escape(c.trump_name)}; {html.escape(c.scoring)}); declarers {decl}"
        if st.is_terminal():
            d, f = st.side_points()
            won = d > f
            you = "you" if self.seat in st.declarers else "the defenders, you among them"
            result = "the declarers win" if won else (
                "a tie: the declarers lose" if d == f and self.rules.tie == "declarers_lose" else
                "a tie" if d == f else "the declarers lose")
            mine = st.returns()[self.seat]
            return (f"{head}. Deal over: declarers {d:+d}, defenders {f:+d} points, {result}. "
                    f"Your score this deal: {mine:+d}. Press New deal for the next deal."
                    + (self._game_over_text() if self.game_over else ""))
        turn = "Your turn: play a card" if st.current_player == self.seat else f"{name(st.current_player)} to play"
        return f"{head}. {turn}."

    def _game_over_text(self) -> str:
        totals = self.scores.totals
        best = max(totals)
        winners = " and ".join(html.escape(self.names[s]) for s in range(variety.PLAYERS) if totals[s] == best)
        return (f" The game is over after {len(self.scores)} deals: {winners} "
                f"{'wins' if ' and ' not in winners else 'win'} with {best:+d} (RULES.md §1.7); "
                f"New deal starts a new game.")

    @staticmethod
    def _hand_html(cards: Sequence[Card]) -> str:
        by_suit = {}
        for c in cards:
            by_suit.setdefault(c.suit, []).append(c)
        parts = []
        for suit, cs in sorted(by_suit.items()):
            ranks = "".join(c.rank.char for c in sorted(cs, key=lambda x: -x.rank))
            parts.append(f"{suit_html(suit)}{ranks}")
        return " ".join(parts) or "(no cards)"

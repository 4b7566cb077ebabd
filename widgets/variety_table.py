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
from cardkit.errors import CardkitError
from cardkit.games import variety

from ._common import card_html, seat_names
from ._dashboard import DealDashboard
from .auction import AuctionTable, ContractTable
from .hand import HandTable
from .scores import ScoreSheet
from .trick import TrickTable

__all__ = ["VarietyTable"]


class VarietyTable(DealDashboard):
    """The Variety play dashboard: a learner against three bots, deal after deal.

    Layout, top to bottom: the title and controls (``New deal`` with a seed box, the
    ``Deal code`` box with ``Load``, ``Undo``, ``Show all hands``, ``Last trick``,
    ``Replay``, ``Four colours``); the bidding (:class:`AuctionTable`) beside the eight contracts
    (:class:`ContractTable`); the trick (:class:`TrickTable`) beside the
    :class:`ScoreSheet`; the status line (with the deal code); the replay pane; the
    learner's :class:`HandTable`.

    The widgets only call the state protocol: the enabled buttons come from
    ``state.legal_actions()``; a click calls ``state.apply_action``; a refused action
    (:class:`cardkit.CardkitError`) is shown as one line in the status line, never a
    traceback. Bots act from ``state.observation(seat)`` only and play on until it is the
    learner's turn; their bidding remarks are shown (table talk is allowed in the bidding
    only, RULES.md §1.3). The controls, deal codes, the replay and the teacher's options
    are those of :class:`~cardkit_widgets._dashboard.DealDashboard`.

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
    :param practice: True (default): undo allowed; False: a scored game, undo off.
    :param layout: ``"normal"`` or ``"projector"`` (large cards, the code in big text).
    :param four_colour: a four-colour deck where the card controls offer it.
    :raises CardkitError: for a seat outside 0..3, wrong names, a negative seed, or an
        unknown layout.

    Attributes a lesson may use:

    :ivar state: the current :class:`cardkit.games.variety.State` (None before a deal).
    :ivar seed_box: ``IntText``, the seed of the next deal.
    :ivar deal_seed: the seed of the current deal.
    :ivar deal_code: the current deal's code (``"V-4821"``), a read-only trait.
    :ivar auction: :class:`AuctionTable`; :ivar contracts_table: :class:`ContractTable`;
    :ivar trick_table: :class:`TrickTable`; :ivar hand: :class:`HandTable`;
    :ivar scores: :class:`ScoreSheet` (one row per finished deal, ``state.returns()``).
    :ivar status: the ``HTML`` status line; :attr:`status_text` is its plain text.
    :ivar last_error: the last refused action's message, or None.
    :ivar new_deal_button, undo_button, load_button: ``Button``; :ivar code_box: ``Text``;
    :ivar show_hands, last_trick, replay_button: ``ToggleButton`` (their descriptions say
        their state in words).
    """

    GAME = "variety"
    TITLE = "Variety (Варьете)"

    def __init__(self, seed: int = 0, *, seat: int = 0, names: Sequence[str] | None = None,
                 rules: variety.Rules | None = None, first_dealer: int | None = None,
                 bots: Mapping[int, Bot] | None = None, deal: bool = True, practice: bool = True,
                 layout="normal", four_colour: bool = False) -> None:
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
        self._remarks: list[tuple[int, int, str]] = []  # (history length, seat, text)
        self._recorded = False
        self._deal_number = 0
        self._setup(seed, layout=layout,
                    undo_tooltip="Take back your last decision (and the bots' actions after it)")

        self.auction = AuctionTable(variety.PLAYERS, names=self.names, viewer=self.seat, rules=self.rules,
                                    on_bid=self._bid_clicked)
        self.contracts_table = ContractTable(self.rules, selectable=False)
        self.trick_table = TrickTable(variety.PLAYERS, names=self.names, viewer=self.seat)
        self.hand = HandTable(52, on_play=self._card_clicked, title="Your hand")
        self.scores = ScoreSheet(self.names, title="Score sheet", unit="points")

        controls = self._controls(self.show_hands, self.last_trick)
        top = W.HBox([self.auction, self.contracts_table], layout=W.Layout(flex_flow="row wrap", grid_gap="12px"))
        middle = W.HBox([self.trick_table, self.scores], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        self._assemble([self.title, controls, top, middle, self.status, self.replay_pane, self.hand],
                       deal=deal, practice=practice, four_colour=four_colour)

    @classmethod
    def _default_rules(cls, kwargs: dict) -> variety.Rules:
        return kwargs.get("rules") or variety.Rules()

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

    # ---- the hooks of DealDashboard -----------------------------------------------------

    def new_deal(self, seed: int | None = None) -> None:
        """Deal a new deal with ``seed`` (default: the seed box), then let the bots bid
        until it is the learner's turn. An unfinished deal is dropped (not scored; the
        same dealer deals again). After a full game (``rules.deals`` deals) the score
        sheet starts again.

        :raises ValueError: for a negative seed (shown in the status line when clicked).
        """
        super().new_deal(seed)

    def _begin_deal(self, seed, spec=None, code_seed=None) -> None:
        if self.game_over:
            self.scores.clear()
        if spec is None:
            self.state = variety.new_deal(seed=seed, dealer=self.dealer, rules=self.rules)
        else:
            self.state = spec.new_state()
        self.bots = self._bots_for(seed if code_seed is None else code_seed)
        self._remarks, self._recorded = [], False
        self._deal_number = len(self.scores) + 1

    def _bot(self, seat: int) -> Bot:
        return self.bots[seat]

    def _bot_acted(self, st, seat: int, bot) -> None:
        if st.phase == "bidding" and getattr(bot, "remark", None):
            self._remarks.append((len(st.history), seat, bot.remark))

    def _record(self) -> None:
        st = self.state
        if not self._recorded:
            decl = " & ".join(self.names[s] for s in st.declarers)
            self.scores.add_row(st.returns(), label=str(self._deal_number), note=f"contract {st.contract}, {decl}")
            self._recorded = True

    def _unrecord(self) -> None:
        if self._recorded:
            self.scores.remove_last_row()
            self._recorded = False

    def _undone(self, n: int) -> None:
        self._remarks = [r for r in self._remarks if r[0] < n]

    def _acted_text(self, st, before: int, phase: str) -> str:
        last = st.history[before]
        return f"You bid {last}." if phase == "bidding" else f"You played {card_html(last)}."

    # ---- callbacks ----------------------------------------------------------------------

    def _bid_clicked(self, number: int) -> None:
        self._safely(self.act, number)

    def _card_clicked(self, card: Card) -> None:
        self._safely(self.act, card)

    def _toggled(self, change) -> None:
        self._safely(self.refresh)

    # ---- display ------------------------------------------------------------------------

    def _title_html(self, st) -> str:
        return (f"<h3 style='margin:2px'>Variety (Варьете) — deal {self._deal_number} of {self.rules.deals}"
                f" <small>({self._deal_words()}; dealer {html.escape(self.names[st.dealer])}; "
                f"you sit at the bottom)</small></h3>")

    def _draw(self, st, live: bool) -> None:
        remarks = [(s, t) for n, s, t in self._remarks if n < len(st.history)]
        # a replay position: the bidding as a record, no seat may bid (-1 is nobody's seat)
        if callable(getattr(self.auction, "set_read_only", None)) and self.auction.read_only == live:
            self.auction.set_read_only(not live)
        self.auction.show(st, self.seat if live else -1, remarks=remarks)
        self.contracts_table.mark(st.contract, "played now")
        hands = None
        if self._show_others(live):
            hands = {s: self._hand_html(st.hands[s]) for s in range(variety.PLAYERS) if s != self.seat}
        notes = {}
        if st.declarers is not None:
            for s in range(variety.PLAYERS):
                role = "declarer" if s in st.declarers else "defender"
                notes[s] = f"{role}, {st.tricks_won(s)} tr."
        self.trick_table.show(st, last=self._show_last_trick(st, live), last_note=self._last_trick_note(st, live),
                              hands=hands, notes=notes,
                              heading=self._heading(st))
        self.hand.show(st, self.seat, active=live)

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

"""VarietyTable: the dashboard of the Variety play lesson (RULES.md §1).

A learner in one seat plays against three bots (:class:`cardkit.games.variety.RuleBot`,
or ``ExpertBot`` with ``bots="expert"``): the bidding and the play on one
:class:`~cardkit_widgets.card_table.CardTable`; a :class:`ScoreSheet` and the table of the
eight contracts below it (collapsible) show a game of several deals, kept in a
:class:`cardkit.games.variety.Game` (the dealer passes to the left, RULES.md §1.1, §1.7).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import ClassVar

import ipywidgets as W

from cardkit._checks import is_whole
from cardkit.bots import Bot
from cardkit.dealing import as_generator
from cardkit.errors import CardkitError, quote
from cardkit.games import variety
from cardkit.i18n import N_
from cardkit.wording import BOT_REMARKS, remark_words

from ._common import card_html, cards_in_words_of, in_sentence, seat_names, signed, suit_html, suit_words
from ._dashboard import DealDashboard
from .card_table import suit_json
from .scores import ScoreSheet

__all__ = ["VarietyTable"]

#: The engine's scoring lines of the eight contracts (``variety.contracts(rules)[n].scoring``,
#: both values of ``contract_values``), marked for the message catalog (cardkit.i18n): the
#: tables show them in their language.
SCORING_WORDS = (
    N_("+12 to the side that takes more tricks"), N_("+2 per trick"), N_("+1 per trick"), N_("+2 per ♠ taken"),
    N_("+1 per red card, −1 per black card taken"), N_("+5 per J♠ J♣ 10♠ 10♣, −5 per J♥ J♦ 10♥ 10♦ taken"),
    N_("+1 per red card taken"), N_("−2 per ♣ taken"), N_("−1 per ♣ taken"), N_("−2 per trick"),
)


class VarietyTable(DealDashboard):
    """The Variety play dashboard: a learner against three bots, deal after deal.

    Layout: one :class:`~cardkit_widgets.card_table.CardTable` (the title and controls:
    ``New deal``, ``Undo``, ``Last trick``, ``Hint``, ``How did I do?`` (once the deal is
    over), ``Show all hands``, ``Replay``, the bots' choice, and under "More" the seed box,
    the ``Deal code`` box with ``Load``, ``Four colours`` and ``Large cards``; the table
    with the other seats and the trick; the bidding's number buttons and record while it
    lasts; the status line; the learner's hand), then the :class:`ScoreSheet` and the contracts table, collapsible.

    The table only shows what the engine says: the legal cards and bids come from
    ``state.legal_actions()``, the reason a card is refused from the engine; a click
    calls ``state.apply_action``; a refused action
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
    :param bots: ``"rule"`` (default: a :class:`~cardkit.games.variety.RuleBot` per seat,
        seeded from each deal's seed), ``"expert"`` (:class:`cardkit.analysis.ExpertBot`), or seat ->
        :class:`cardkit.bots.Bot` for the three other seats. The page's "Bots" choice
        switches between the first two (:meth:`set_bots`).
    Common keyword options (``deal``, ``practice``, ``layout``, ``four_colour``, ``guide``,
    ``lang``): see :class:`~cardkit_widgets._dashboard.DealDashboard`.
    :raises CardkitError: for a seat outside 0..3, wrong names, a negative seed, or an
        unknown layout.

    The game itself is a :class:`cardkit.games.variety.Game` (:attr:`game`): the deals,
    the dealer passing left, the score rows and the game's end are read from it; the
    score sheet only shows its rows.

    Attributes a lesson may use:

    :ivar game: the :class:`~cardkit.games.variety.Game` (a new one after a finished game,
        with the same first dealer).
    :ivar state: the current :class:`cardkit.games.variety.State` (None before a deal).
    :ivar seed_box: ``IntText``, the seed of the next deal.
    :ivar deal_seed: the seed of the current deal.
    :ivar deal_code: the current deal's code (``"V-4821"``), a read-only trait.
    :ivar table: the :class:`~cardkit_widgets.card_table.CardTable`;
    :ivar contracts_table: an ``HTML`` table of the eight contracts, the one played marked;
    :ivar scores: :class:`ScoreSheet` showing :attr:`game`'s rows (one per finished deal,
        ``state.returns()``).
    :ivar status: the ``HTML`` status line; :attr:`status_text` is its plain text.
    :ivar last_error: the last refused action's message, or None.
    :ivar new_deal_button, undo_button, load_button: ``Button``; :ivar code_box: ``Text``;
    :ivar show_hands, last_trick, replay_button: ``ToggleButton`` (their descriptions say
        their state in words).
    """

    GAME = "variety"
    TITLE = N_("Variety (Варьете)")

    def __init__(self, seed: int = 0, *, seat: int = 0, names: Sequence[str] | None = None,
                 rules: variety.Rules | None = None, first_dealer: int | None = None,
                 bots: Mapping[int, Bot] | str = "rule", deal: bool = True, practice: bool = True,
                 layout="normal", four_colour: bool = False, guide: bool = False, lang: str = "en") -> None:
        self._set_lang(lang)
        if not is_whole(seat) or not 0 <= seat < variety.PLAYERS:
            raise CardkitError(f"seat {quote(seat)}: expected a seat 0..3")
        as_generator(seed)  # validates the seed (ValueError with the value quoted)
        self.seat = int(seat)
        self.rules = rules or variety.Rules()
        self.names = seat_names(variety.PLAYERS, names, self.seat, tr=self.i18n)
        if first_dealer is not None and not 0 <= int(first_dealer) < variety.PLAYERS:
            raise CardkitError(f"first_dealer {quote(first_dealer)}: expected a seat 0..3")
        if bots is None:
            bots = "rule"
        self._fixed_bots = dict(bots) if not isinstance(bots, str) else None
        # the game: the cut for the first dealer (highest card, RULES.md §1.1) drawn with seed
        self.game = variety.Game([None] * variety.PLAYERS, rules=self.rules, seed=seed)
        if first_dealer is not None:
            self.game.set_first_dealer(int(first_dealer))
        self._bot_seed = int(seed)
        self._setup(seed, layout=layout, bots=bots,
                    undo_tooltip=N_("Take back your last decision (and the bots' actions after it)"))

        self.contracts_table = W.HTML(self._contracts_html(None))
        self.contracts_table.add_class("cardkit-contracts")
        self.scores = ScoreSheet(self.names, title=self._("Score sheet"), unit=self._("points"), label=self._("Deal"),
                                 lang=self.lang)
        self._assemble([(self._("Score sheet"), self.scores),
                        (self._("The eight contracts (Rules §1.2)"), self.contracts_table)],
                       deal=deal, practice=practice, four_colour=four_colour, guide=guide)

    @classmethod
    def _default_rules(cls, kwargs: dict) -> variety.Rules:
        return kwargs.get("rules") or variety.Rules()

    # ---- game bookkeeping ---------------------------------------------------------------

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots of the current deal, by seat (the game's players but the learner)."""
        return {s: p for s, p in enumerate(self.game.players) if s != self.seat and p is not None}

    @property
    def game_over(self) -> bool:
        """True once ``rules.deals`` deals have been recorded (RULES.md §1.7): :attr:`game`'s end."""
        return self.game.is_over()

    def _bots_for(self, seed: int) -> dict[int, Bot]:
        if self._fixed_bots is not None:
            return {s: self._fixed_bots[s] for s in range(variety.PLAYERS) if s != self.seat}
        cls = self._bot_class(variety)
        return {s: self._make_bot(cls, seed, s) for s in range(variety.PLAYERS) if s != self.seat}

    def _replace_bots(self) -> None:
        for s, bot in self._bots_for(self._bot_seed).items():
            self.game.players[s] = bot

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
        self._bot_seed = seed if code_seed is None else code_seed
        g = self.game
        if g.is_over():     # a new game, with the same first dealer (no new cut)
            self.game = variety.Game(g.players, rules=self.rules, seed=self._bot_seed)
            self.game.set_first_dealer(g.first_dealer, g.cut)
        self._deal_next(seed, spec)
        self._replace_bots()
        self._show_scores()

    def _deal_note(self, state) -> str:
        """A score sheet row's note: the deal's contract and its declarers (RULES.md §1.3)."""
        return self._("contract {n}, {declarers}", n=state.contract,
                      declarers=" & ".join(self.names[s] for s in state.declarers))

    def _acted_text(self, st, before: int, phase: str) -> str:
        last = st.history[before]
        return (self._("You bid {n}.", n=last) if phase == "bidding" else
                self._("You played {card}.", card=card_html(last)))

    # ---- callbacks ----------------------------------------------------------------------

    def _table_extra_action(self, action: dict) -> None:
        if action.get("kind") == "bid":  # the engine words a bid that is not 1..8 (not int()'s message)
            self.act(action.get("value"))

    # ---- display ------------------------------------------------------------------------

    def _title_html(self, st) -> str:
        text = self._("Variety (Варьете) — deal {n} of {total} <small>({deal}; dealer {seat}; you sit at the "
                      "bottom)</small>", n=len(self.game.deals), total=self.rules.deals, deal=self._deal_words(),
                      seat=html.escape(in_sentence(self.names[st.dealer])))
        return f"<h3 style='margin:2px'>{text}</h3>"

    def _draw(self, st, live: bool) -> dict:
        remarks = list(st.remarks)   # the bots' table talk, said on the deal (RULES.md §1.3); undo takes it back
        self.contracts_table.value = self._contracts_html(st.contract)
        hands = None
        if self._show_others(live):
            hands = {s: st.hands[s] for s in range(variety.PLAYERS) if s != self.seat}
        notes = {}
        if st.declarers is not None:
            for s in range(variety.PLAYERS):
                notes[s] = (self._("declarer, {n} tr.", n=st.tricks_won(s)) if s in st.declarers else
                            self._("defender, {n} tr.", n=st.tricks_won(s)))
        hand, caption = self._hand_view(st, st.hands[self.seat], live)
        trick = self._trick_view(st, live, self._heading(st) or "")
        info = st.contract_info if st.contract is not None else None
        return {"seats": self._seats_view(st, live, counts=[len(h) for h in st.hands], notes=notes, hands=hands),
                "hand": hand, "caption": caption + (" " + trick["caption"] if trick["caption"] else ""),
                "trick": trick, "trump": suit_json(info.trump) if info is not None and info.trump is not None else None,
                "panel": self._bidding_panel(st, live, remarks) if st.contract is None else None}

    def _bidding_panel(self, st, live: bool, remarks) -> dict:
        """The bidding: the number buttons (the legal ones enabled), the bids so far, and the
        bots' table talk (allowed in the bidding only, RULES.md §1.3)."""
        mine = live and st.phase == "bidding" and st.current_player == self.seat
        legal = set(st.legal_actions()) if mine else set()
        first = st.first_bidder
        seat_of = lambda i: (first + i) % variety.PLAYERS
        own = {b for i, b in enumerate(st.bids) if seat_of(i) == self.seat}
        namer: dict[int, int] = {}
        for i, b in enumerate(st.bids):
            namer.setdefault(b, seat_of(i))
        _ = self._
        numbers = []
        for n in range(1, 9):
            words = self._contract_words(n)
            if n in legal:
                tip = _("Bid {contract}", contract=words)
                if n in namer and namer[n] != self.seat:
                    tip = _("Bid {contract}. {seat} named {n}: repeating it ends the bidding", contract=words,
                            seat=self.names[namer[n]], n=n)
            elif n in own:
                tip = _("{n}: you named {n} already; a player never names their own number twice (Rules §1.3)", n=n)
            else:
                tip = words
            numbers.append({"n": n, "legal": n in legal, "used": n in own, "tooltip": tip})
        record = " · ".join(f"{html.escape(self.names[seat_of(i)])} <b>{b}</b>" for i, b in enumerate(st.bids))
        record = _("Bids: {bids}", bids=record) if record else _("No bids yet.")
        if mine:
            used = ", ".join(str(n) for n in sorted(own)) or _("none yet")
            others = ", ".join(str(n) for n in sorted(namer) if namer[n] != self.seat) or _("none")
            prompt = _("<b>Your turn to bid</b> a contract number. Named by you (struck through, not allowed "
                       "again): {used}. Named by others (repeating one ends the bidding): {others}.", used=used,
                       others=others)
        elif st.phase == "bidding":
            prompt = _("The bidding: {seat} bids.", seat=html.escape(self.names[st.current_player]))
        else:
            prompt = _("The bidding.")
        kinds = []
        for n, c in variety.contracts(self.rules).items():
            suit = suit_html(c.trump, four_colour=self.four_colour) if c.trump is not None else ""
            kind = (_("<b>{n}</b> no trumps", n=n) if c.trump is None else
                    _("<b>{n}</b> {suit} trumps", n=n, suit=suit))
            kinds.append(kind + (" " + _("(lowest wins)") if c.lowest_wins else ""))
        prompt += "<br><small>" + _("The contracts: {kinds}; how each scores: open “The eight contracts” below.",
                                    kinds=", ".join(kinds)) + "</small>"
        talk = "".join("<div>" + _("<b>{seat}</b> says: “{words}”", seat=html.escape(self.names[s]),
                                   words=html.escape(self._remark_words(t))) + "</div>" for s, t in remarks)
        return {"kind": "bidding", "active": mine, "numbers": numbers, "record": record, "remarks": talk,
                "prompt": prompt}

    #: The bots' table talk in the bidding (``cardkit.games.variety_bots``: "I bid 2: I hold 5
    #: clubs"), a regular expression each, with the catalog's message that says it in the table's
    #: language (the named groups fill its placeholders); other talk is shown as said.
    #: the bots' table talk and its catalog messages (moved to :data:`cardkit.wording.BOT_REMARKS`)
    REMARKS: ClassVar[tuple[tuple[re.Pattern, str], ...]] = BOT_REMARKS

    def _remark_words(self, text: str) -> str:
        """A bot's table talk in the table's language (:func:`cardkit.wording.remark_words`)."""
        return text if self.lang == "en" else remark_words(text, self.i18n)

    def _contracts_html(self, played: int | None) -> str:
        """The eight contracts (RULES.md §1.2) as a table; the one played now marked in words."""
        th = 'style="padding:1px 6px;border-bottom:2px solid #888;text-align:left"'
        td = 'style="padding:1px 6px;border-bottom:1px solid #eee"'
        # the scoring's words keep a line's width on a phone (the table scrolls rather than squeeze it)
        tds = 'style="padding:1px 6px;border-bottom:1px solid #eee;min-width:15em"'
        _ = self._
        rows = []
        for n, c in variety.contracts(self.rules).items():
            trump = (_("none") if c.trump is None
                     else f"{suit_html(c.trump, four_colour=self.four_colour)} {suit_words(c.trump, self.i18n)}")
            order = _("<b>reversed</b>: lowest wins") if c.lowest_wins else _("normal")
            mark = _("<b>◀ played now</b>") if n == played else ""
            rows.append(f"<tr><td {td}><b>{n}</b></td><td {td}>{trump}</td><td {td}>{order}</td>"
                        f"<td {tds}>{html.escape(self._scoring_words(n))}</td><td {td}>{signed(c.side_total)}</td>"
                        f"<td {td}>{mark}</td></tr>")
        heads = "".join(f"<th {th}>{h}</th>" for h in (_("Contract"), _("Trump"), _("Order"), _("Scoring (per side)"),
                                                        _("Side total"), _("Note")))
        out = f"<table style='border-collapse:collapse'><tr>{heads}</tr>" + "".join(rows) + "</table>"
        return out if self.lang == "en" else cards_in_words_of(out, self.i18n)

    def _heading(self, st) -> str | None:
        _ = self._
        if st.contract is None:
            return _("Bidding")
        c = st.contract_info
        n = len(st.completed_tricks)
        if st.trick is not None and not self.last_trick.value:
            n += 1
        n = max(1, min(n, 13))
        return (_("Contract <b>{n}</b>", n=c.number) + "<br>" + self._trump_words(c.number)
                + ("<br><b>" + _("lowest wins") + "</b>" if c.lowest_wins else "")
                + "<br>" + _("Trick {n} of {total}", n=n, total=13))

    def _trump_words(self, n: int) -> str:
        """Contract ``n``'s trump in words (the engine's ``trump_name``: "no trumps", "♥ trumps")."""
        c = variety.contracts(self.rules)[n]
        if self.lang == "en":
            return c.trump_name
        return (self._("no trumps") if c.trump is None else
                self._("{suit} trumps", suit=c.trump.symbol))

    def _scoring_words(self, n: int) -> str:
        """How contract ``n`` scores, in words: the engine's ``scoring`` in the table's language
        (:data:`SCORING_WORDS`; a line the catalog lacks stays as the engine says it)."""
        return self._(variety.contracts(self.rules)[n].scoring)

    def _contract_words(self, n: int) -> str:
        """Contract ``n`` as the bidding buttons' tooltips name it (the engine's ``str(contract)``)."""
        c = variety.contracts(self.rules)[n]
        if self.lang == "en":
            return str(c)
        return self._("contract {n}: {trump}; {scoring}", n=n, trump=self._trump_words(n),
                      scoring=self._scoring_words(n))

    def _turn_text(self, st) -> str:
        name = lambda s: html.escape(self.names[s])
        _ = self._
        if st.phase == "bidding":
            return (_("Your turn to bid.") if st.current_player == self.seat else
                    _("{seat} bids.", seat=name(st.current_player)))
        c = st.contract_info
        you = _("you")  # mid-sentence
        decl = _(" and ").join(you if s == self.seat else name(s) for s in st.declarers)
        head = _("Contract {n} ({trump}; {scoring}); declarers {declarers}", n=c.number,
                 trump=html.escape(self._trump_words(c.number)), scoring=html.escape(self._scoring_words(c.number)),
                 declarers=decl)
        if st.is_terminal():
            d, f = st.side_points()
            won = d > f
            result = _("the declarers win") if won else (
                _("a tie: the declarers lose") if d == f and variety.declarers_lose(d, f, self.rules) else
                _("a tie") if d == f else _("the declarers lose"))
            mine = st.returns()[self.seat]
            # the defenders' +10 when the declarers lose (RULES.md §1.6): said, so that "defenders
            # −10" and a defender's own "Your score this deal: 0" agree (issue 33)
            defender = next(s for s in range(4) if s not in st.declarers)
            bonus = st.returns()[defender] - f
            if bonus > 0:
                result += " " + _("(each defender also gets {points} for the declarers' loss)", points=signed(bonus))
            return (_("{contract}. Deal over: declarers {declarers}, defenders {defenders} points, {result}. "
                      "Your score this deal: {mine}. Press New deal for the next deal.", contract=head,
                      declarers=signed(d), defenders=signed(f), result=result, mine=signed(mine))
                    + (self._game_over_text() if self.game_over else ""))
        turn = (_("Your turn: play a card.") if st.current_player == self.seat else
                _("{seat} to play.", seat=name(st.current_player)))
        auction = ""
        if not st.completed_tricks and (st.trick is None or self.seat not in st.trick.seats):
            # until the learner's first card: the bidding said, in order (issue 33, item 8: a
            # deal whose bidding ended before the learner's turn went straight to the play)
            bids = ", ".join(f"{you if (st.first_bidder + i) % 4 == self.seat else name((st.first_bidder + i) % 4)}"
                             f" {b}" for i, b in enumerate(st.bids))
            auction = " " + _("The bidding: {bids}.", bids=bids)
        return f"{head}.{auction} {turn}"

    def _game_over_text(self) -> str:
        totals = self.game.totals
        best = max(totals)
        seats = [html.escape(self.names[s]) for s in self.game.winner()]
        n = len(self.game.scores)
        ngettext = self.i18n.ngettext   # the English says "deals" for any number; Russian takes its three forms
        if len(seats) == 1:
            return " " + ngettext("The game is over after {n} deals: {seat} wins with {points} (Rules §1.7); New deal "
                                  "starts a new game.",
                                  "The game is over after {n} deals: {seat} wins with {points} (Rules §1.7); New deal "
                                  "starts a new game.", n).format(n=n, seat=seats[0], points=signed(best))
        return " " + ngettext("The game is over after {n} deals: {seats} win with {points} (Rules §1.7); New deal "
                              "starts a new game.",
                              "The game is over after {n} deals: {seats} win with {points} (Rules §1.7); New deal "
                              "starts a new game.", n).format(n=n, seats=self._(" and ").join(seats),
                                                              points=signed(best))

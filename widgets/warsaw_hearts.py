"""Warsaw Hearts table controls (RULES.md §2): the penalty schedule with the current
deal's honours marked, the settlement in chips, and the play dashboard.

- :class:`PenaltyTable`: the schedule of RULES.md §2.2, read from
  :data:`cardkit.games.warsaw_hearts.PENALTY_SCHEDULE`; who took which honour, in which
  trick; which row each player's tricks fall under now.
- :class:`SettlementTable`: who pays whom, in chips (RULES.md §2.3), from
  :func:`cardkit.games.warsaw_hearts.payments`.
- :class:`WarsawHeartsTable`: a learner against two or three
  :class:`~cardkit.games.warsaw_hearts.RuleBot` s until a penalty total reaches 30.

The controls only show what the engine computes: no rule is worked out here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence

import ipywidgets as W
import numpy as np

from cardkit.bots import Bot
from cardkit.cards import Card
from cardkit.dealing import as_generator, check_seat
from cardkit.errors import CardkitError, IllegalActionError, StateError
from cardkit.games import warsaw_hearts as wh

from ._common import card_html, one_line, seat_names, suit_html
from .hand import HandTable
from .scores import ScoreSheet
from .trick import TrickTable

__all__ = ["PenaltyTable", "SettlementTable", "WarsawHeartsTable"]

_TH = "style='padding:2px 8px;border-bottom:2px solid #888;text-align:left'"
_TD = "style='padding:2px 8px;border-bottom:1px solid #ddd;vertical-align:top'"
_TDM = "style='padding:2px 8px;border-bottom:1px solid #ddd;vertical-align:top;background:#fff8e1'"


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    return seat_names(players, names) if names is not None else [f"Seat {s}" for s in range(players)]


class PenaltyTable(W.VBox):
    """The penalty schedule of RULES.md §2.2, one row per
    :class:`~cardkit.games.warsaw_hearts.PenaltyRow`, then "no honour" and the bonus.

    :meth:`show` marks, for one deal, which row each player's tricks fall under so far
    (the "this deal" column, in words: "◀ West 20") and says where each honour is:
    "K♥: West took it in trick 3", "Q♥: not played yet". :meth:`show_tricks` does the
    same for one player's list of tricks (a lesson's exercise).

    :param rules: :class:`~cardkit.games.warsaw_hearts.Rules` (its variants are named
        under the table).
    :param names: one name per seat, for :meth:`show` (default "Seat 0", ...).

    :ivar table: the ``HTML`` table; :ivar honours_line: the ``HTML`` line about the honours.
    :ivar marks: row key -> the names marked on it; keys are the index in
        ``PENALTY_SCHEDULE``, ``"none"`` (no honour) and ``"bonus"``.
    :ivar places: honour -> where it is: ``("taken", seat, trick number)``,
        ``("open", seat, trick number)`` for the open trick, or None (still in a hand).
    """

    def __init__(self, rules: wh.Rules | None = None, *, names: Sequence[str] | None = None) -> None:
        self.rules = rules or wh.Rules()
        self.names = list(names) if names is not None else None
        self.table = W.HTML("")
        self.honours_line = W.HTML("")
        self.marks: dict = {}
        self.places: dict[Card, tuple | None] = {h: None for h in wh.HONOURS}
        super().__init__([self.table, self.honours_line], layout=W.Layout(padding="2px"))
        self._draw()

    # ---- input ------------------------------------------------------------------------

    def show(self, state: wh.State, names: Sequence[str] | None = None) -> None:
        """Mark the rows for every seat of ``state`` (its tricks so far) and say where each
        honour lies."""
        self.rules = state.rules
        names = _names(state.players, names or self.names)
        self.marks = {}
        for seat, a in enumerate(state.assessments()):
            self._mark(a, f"{names[seat]} {self._amount(a)}", final=state.is_terminal())
        self.places = {h: None for h in wh.HONOURS}
        for i, t in enumerate(state.tricks):
            for seat, c in zip(t.seats, t.cards):
                if c in self.places:
                    self.places[c] = ("taken", t.winner, i + 1) if t.winner is not None else ("open", seat, i + 1)
        parts = []
        for h in wh.HONOURS:
            p = self.places[h]
            if p is None:
                parts.append(f"{card_html(h)}: not played yet")
            elif p[0] == "taken":
                parts.append(f"{card_html(h)}: <b>{html.escape(names[p[1]])}</b> took it in trick {p[2]}")
            else:
                parts.append(f"{card_html(h)}: on the table in trick {p[2]} (played by {html.escape(names[p[1]])})")
        self._draw()
        self.honours_line.value = "The honours this deal: " + " · ".join(parts) + "."

    def show_tricks(self, tricks, name: str = "This player", rules: wh.Rules | None = None) -> wh.Assessment:
        """Mark the row that one player's ``tricks`` fall under and return the
        :class:`~cardkit.games.warsaw_hearts.Assessment`.

        :raises NotationError: as :func:`cardkit.games.warsaw_hearts.assess_tricks`.
        """
        if rules is not None:
            self.rules = rules
        a = wh.assess_tricks(tricks, self.rules)
        self.marks = {}
        self._mark(a, f"{name} {self._amount(a)}", final=True)
        self.places = {h: None for h in wh.HONOURS}
        for c, i in a.honours:
            self.places[c] = ("taken", None, i + 1)
        self._draw()
        where = [f"{card_html(c)} in trick {i + 1}" for c, i in a.honours]
        self.honours_line.value = (f"{html.escape(name)}: " + (", ".join(where) if where else "no honour")
                                   + f" → penalty <b>{a.penalty}</b>, bonus <b>{a.bonus}</b>.")
        return a

    # ---- drawing ----------------------------------------------------------------------

    @staticmethod
    def _amount(a: wh.Assessment) -> str:
        bits = []
        if a.penalty:
            bits.append(f"−{a.penalty}")
        if a.bonus:
            bits.append(f"+{a.bonus}")
        return " ".join(bits) or "0"

    def _mark(self, a: wh.Assessment, label: str, *, final: bool) -> None:
        key = "none" if a.row is None else wh.PENALTY_SCHEDULE.index(a.row)
        self.marks.setdefault(key, []).append(label)
        if a.bonus:
            self.marks.setdefault("bonus", []).append(label + ("" if final else " (so far)"))

    def _draw(self) -> None:
        def mark(key) -> str:
            who = self.marks.get(key, [])
            return "◀ " + ", ".join(html.escape(w) for w in who) if who else ""

        rows = []
        for i, r in enumerate(wh.PENALTY_SCHEDULE):
            td = _TDM if i in self.marks else _TD
            text = html.escape(r.text).replace("K♥", card_html(wh.HONOURS[0])).replace(
                "Q♥", card_html(wh.HONOURS[1])).replace("J♥", card_html(wh.HONOURS[2]))
            extra = ""
            if r.same_trick and self.rules.double_honour_trick == "additive":
                extra = " + the single value of an honour in another trick (variant <code>additive</code>)"
            rows.append(f"<tr><td {td}>{r.item}</td><td {td}>{text}{extra}</td><td {td}><b>{r.penalty}</b></td>"
                        f"<td {td}>{r.figure}</td><td {td}>{mark(i)}</td></tr>")
        td = _TDM if "none" in self.marks else _TD
        rows.append(f"<tr><td {td}>5</td><td {td}>no honour (A♥, T♥…6♥ never cost anything)</td>"
                    f"<td {td}><b>0</b></td><td {td}></td><td {td}>{mark('none')}</td></tr>")
        td = _TDM if "bonus" in self.marks else _TD
        need = "" if self.rules.bonus_without_tricks else " (at least one trick)"
        rows.append(f"<tr><td {td}>+</td><td {td}>bonus: no heart at all in the player's tricks{need}</td>"
                    f"<td {td}><b>+{wh.BONUS}</b></td><td {td}></td><td {td}>{mark('bonus')}</td></tr>")
        variants = (f"Variants in use: <code>double_honour_trick={self.rules.double_honour_trick!r}</code>"
                    f"{' (default)' if self.rules.double_honour_trick == 'max' else ''}, "
                    f"<code>bonus_without_tricks={self.rules.bonus_without_tricks!r}</code>"
                    f"{' (default)' if not self.rules.bonus_without_tricks else ''}. "
                    "The first row that fits gives the penalty; 10 and 15 replace the single values.")
        self.table.value = (
            f"<div><b>Penalties per deal</b> <small>(RULES.md §2.2; points)</small></div>"
            f"<table style='border-collapse:collapse'><tr><th {_TH}>#</th><th {_TH}>the honours a player took"
            f"</th><th {_TH}>penalty</th><th {_TH}>source</th><th {_TH}>this deal</th></tr>{''.join(rows)}</table>"
            f"<div style='font-size:0.85em'>{variants}</div>")

    @property
    def text(self) -> str:
        """The whole control as plain text (for tests and screen readers)."""
        return _plain(self.table.value + " " + self.honours_line.value)


class SettlementTable(W.VBox):
    """The settlement of RULES.md §2.3: who pays whom, in chips, with the sum written
    out ("(30 − 25) + 0 = 5"), and each player's net chips.

    :param names: one name per seat (default "Seat 0", ...).
    :param rules: :class:`~cardkit.games.warsaw_hearts.Rules` (``loss_at``).

    :ivar table: the ``HTML`` widget.
    :ivar chips: the net chips per seat (:func:`~cardkit.games.warsaw_hearts.settle`),
        or None while nobody has reached ``loss_at``.
    :ivar payments: the :class:`~cardkit.games.warsaw_hearts.Payment` list, or None.
    """

    def __init__(self, names: Sequence[str] | None = None, *, rules: wh.Rules | None = None) -> None:
        self.names = list(names) if names is not None else None
        self.rules = rules or wh.Rules()
        self.table = W.HTML("")
        self.chips: list[int] | None = None
        self.payments: list[wh.Payment] | None = None
        super().__init__([self.table], layout=W.Layout(padding="2px"))
        self.table.value = "<div><b>Settlement</b> <small>(chips)</small></div><i>No game totals yet.</i>"

    def show(self, penalties: Sequence[int], bonuses: Sequence[int], *, names: Sequence[str] | None = None,
             rules: wh.Rules | None = None) -> list[int] | None:
        """Show the settlement of these penalty and bonus totals; returns the chips.

        :raises CardkitError: for totals that are not whole numbers >= 0 (see
            :func:`~cardkit.games.warsaw_hearts.settle`).
        """
        if rules is not None:
            self.rules = rules
        penalties, bonuses = list(penalties), list(bonuses)
        names = _names(len(penalties), names or self.names)
        self.payments = wh.payments(penalties, bonuses, self.rules)
        self.chips = wh.settle(penalties, bonuses, self.rules)
        head = (f"<div><b>Settlement</b> <small>(RULES.md §2.3; chips; the game ends when a penalty total "
                f"reaches {self.rules.loss_at})</small></div>")
        totals = "".join(
            f"<tr><td {_TD}>{html.escape(n)}</td><td {_TD}>{p}</td><td {_TD}>{b}</td>"
            f"<td {_TD}>{'' if self.chips is None else f'<b>{self.chips[s]:+d}</b>'}</td></tr>"
            for s, (n, p, b) in enumerate(zip(names, penalties, bonuses)))
        table = (f"<table style='border-collapse:collapse'><tr><th {_TH}>player</th><th {_TH}>penalty total</th>"
                 f"<th {_TH}>bonus total</th><th {_TH}>chips</th></tr>{totals}</table>")
        if self.payments is None:
            far = max(penalties) if penalties else 0
            lines = (f"<div>Nobody has reached {self.rules.loss_at} penalty points yet (highest: {far}): "
                     f"no settlement.</div>")
        else:
            lost = sorted({p.payer for p in self.payments}) or wh.losers(penalties, self.rules)
            who = " and ".join(html.escape(names[s]) for s in lost)
            tied = " (tied: they pay nobody among themselves)" if len(lost) > 1 else ""
            verb = lambda s, v: v if names[s] == "You" else v + "s"  # noqa: E731
            rows = [f"<li>{html.escape(names[p.payer])} {verb(p.payer, 'pay')} <b>{html.escape(names[p.receiver])}</b> "
                    f"({penalties[p.payer]} − {penalties[p.receiver]}) + {p.bonus} = <b>{p.chips}</b> "
                    f"chip{'s' if p.chips != 1 else ''}</li>" for p in self.payments]
            lines = (f"<div><b>{who}</b> {'lose' if len(lost) > 1 else verb(lost[0], 'lose')}{tied}. Each loser pays every other "
                     f"player (loser's penalty − their penalty) + their bonus:</div><ul style='margin:2px 0'>"
                     + "".join(rows) + "</ul>")
        self.table.value = head + table + lines
        return self.chips

    @property
    def text(self) -> str:
        """The control as plain text."""
        return _plain(self.table.value)


class WarsawHeartsTable(W.VBox):
    """The Warsaw Hearts play dashboard: a learner against bots, deal (кон) after deal,
    until a penalty total reaches ``rules.loss_at`` (30); then the settlement in chips.

    The game itself is a :class:`cardkit.games.warsaw_hearts.Game` (the cut for the first
    dealer, lowest card; the deal passing left; the running totals). The widgets only call
    the state protocol: the enabled cards come from ``state.legal_actions()``; a click
    calls ``state.apply_action``; a refused action is one line in the status line, never
    a traceback. Bots act from ``state.observation(seat)`` only.

    Layout: title and controls (``New deal`` with a seed box, ``Undo``, ``Show all
    hands``, ``Last trick``); the trick (:class:`TrickTable`) beside the
    :class:`PenaltyTable`; the status line; the learner's :class:`HandTable`; the two
    running sheets (:class:`ScoreSheet`, penalties shown as minus points, and bonuses);
    the :class:`SettlementTable`.

    :param seed: the seed of the first deal (an int >= 0; the cut is drawn from it too);
        each ``New deal`` reads the seed box, which then moves on by one.
    :param players: 3 or 4.
    :param seat: the learner's seat, shown at the bottom.
    :param names: one name per seat (default "You", "Left", ... seen from the learner).
    :param rules: :class:`~cardkit.games.warsaw_hearts.Rules` (its ``players`` wins).
    :param bots: seat -> :class:`~cardkit.bots.Bot` for the other seats; default a
        :class:`~cardkit.games.warsaw_hearts.RuleBot` each.
    :param deal: deal the first deal at once (default True).
    :raises CardkitError: for a bad seat, players, names or seed.

    :ivar game: the :class:`~cardkit.games.warsaw_hearts.Game`; :ivar state: its current deal.
    :ivar seed_box, new_deal_button, undo_button, show_hands, last_trick: the controls.
    :ivar trick_table, penalty_table, hand, penalty_sheet, bonus_sheet, settlement: the parts.
    :ivar status: the ``HTML`` status line; :attr:`status_text` is its plain text.
    :ivar last_error: the last refused action's message, or None.
    """

    def __init__(self, seed: int = 0, *, players: int = 4, seat: int = 0, names: Sequence[str] | None = None,
                 rules: wh.Rules | None = None, bots: Mapping[int, Bot] | None = None, deal: bool = True) -> None:
        self.rules = rules or wh.Rules(players=players)
        n = self.rules.players
        self.seat = check_seat(seat, n)
        as_generator(seed)
        self.names = seat_names(n, names, self.seat)
        self._fixed_bots = dict(bots) if bots is not None else None
        self.game = self._new_game(seed)
        self.deal_seed: int | None = None
        self.last_error: str | None = None
        self._message = ""
        self._marks: list[int] = []

        self.title = W.HTML("")
        self.seed_box = W.IntText(value=int(seed), description="Seed", layout=W.Layout(width="11em"),
                                  style={"description_width": "3em"})
        self.new_deal_button = W.Button(description="New deal", tooltip="Deal new cards with the seed in the box",
                                        layout=W.Layout(width="7em"))
        self.undo_button = W.Button(description="Undo", tooltip="Take back your last card (and the bots' cards after it)",
                                    layout=W.Layout(width="5em"))
        self.show_hands = W.ToggleButton(value=False, description="Show all hands: off",
                                         tooltip="Show every player's cards (practice)", layout=W.Layout(width="11em"))
        self.last_trick = W.ToggleButton(value=False, description="Last trick: off",
                                         tooltip="Show the last finished trick", layout=W.Layout(width="9em"))
        self.trick_table = TrickTable(n, names=self.names, viewer=self.seat)
        self.penalty_table = PenaltyTable(self.rules, names=self.names)
        self.hand = HandTable(wh.DECK_SIZE, on_play=lambda c: self._safely(self.act, c), title="Your hand")
        self.penalty_sheet = ScoreSheet(self.names, title="Penalties (minus points)", unit="penalty points, as −",
                                        label="Deal")
        self.bonus_sheet = ScoreSheet(self.names, title="Bonuses", unit="bonus points", label="Deal")
        self.settlement = SettlementTable(self.names, rules=self.rules)
        self.status = W.HTML("", layout=W.Layout(margin="4px 0px", min_height="1.6em"))

        self.new_deal_button.on_click(lambda _b: self._safely(self.new_deal))
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        self.show_hands.observe(lambda _c: self._safely(self.refresh), names="value")
        self.last_trick.observe(lambda _c: self._safely(self.refresh), names="value")

        controls = W.HBox([self.new_deal_button, self.seed_box, self.undo_button, self.show_hands, self.last_trick],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        middle = W.HBox([self.trick_table, self.penalty_table],
                        layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        sheets = W.HBox([self.penalty_sheet, self.bonus_sheet, self.settlement],
                        layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([self.title, controls, middle, self.status, self.hand, sheets],
                         layout=W.Layout(padding="4px"))
        if deal:
            self.new_deal()
        else:
            self.refresh()

    # ---- the game ---------------------------------------------------------------------

    def _new_game(self, seed: int) -> wh.Game:
        seats = [None if s == self.seat else self._bot(s, seed) for s in range(self.rules.players)]
        return wh.Game(seats, rules=self.rules, seed=seed)

    def _bot(self, s: int, seed: int) -> Bot:
        if self._fixed_bots is not None:
            return self._fixed_bots[s]
        return wh.RuleBot(np.random.default_rng([seed, s]))

    @property
    def state(self) -> wh.State | None:
        """The current deal."""
        return self.game.state

    @property
    def game_over(self) -> bool:
        """True once a penalty total has reached ``rules.loss_at`` (RULES.md §2.3)."""
        return self.game.is_over()

    # ---- actions (public: a lesson may call them as well as click) ---------------------

    def new_deal(self, seed: int | None = None) -> None:
        """Deal with ``seed`` (default: the seed box) and let the bots play up to the
        learner's turn. An unfinished deal is dropped (not scored; the same dealer deals
        again). After a finished game, a new game starts (a new cut).

        :raises ValueError: for a negative seed (a status line when clicked).
        """
        seed = int(self.seed_box.value if seed is None else seed)
        as_generator(seed)
        if self.game.is_over():
            self.game = self._new_game(seed)
        elif self.state is not None and not self.state.is_terminal():
            self.game.drop_deal()
        self.game.new_deal(seed=seed)
        self.deal_seed = seed
        self.seed_box.value = seed + 1
        self._marks = []
        self.last_error = None
        self.last_trick.value = False
        self._message = f"New deal (seed {seed}): {html.escape(self.names[self.state.dealer])} deals."
        self._run_bots()
        self.refresh()

    def act(self, card) -> bool:
        """Play the learner's card (a Card or notation). Returns True if it was applied;
        else shows why in the status line and returns False."""
        st = self.state
        try:
            if st is None:
                raise StateError("no deal yet: press New deal")
            if st.is_terminal():
                raise StateError("the deal is over: press New deal")
            if st.current_player != self.seat:
                raise IllegalActionError(f"it is {self.names[st.current_player]}'s turn, not yours")
            before = len(st.history)
            st.apply_action(card)
        except CardkitError as e:
            self._error(e)
            return False
        self._marks.append(before)
        self.last_error = None
        self._message = f"You played {card_html(st.history[before])}."
        self._run_bots()
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the learner's last card and the bots' cards after it."""
        st = self.state
        if st is None or not self._marks:
            self._error(StateError("nothing to undo: you have not played a card in this deal"))
            return
        n = self._marks.pop()
        if st.is_terminal() and len(self.game.scores) == len(self.game.deals):
            self.game.unrecord()
        while len(st.history) > n:
            st.undo_action()
        self.last_error = None
        self._message = "Undone: your turn again."
        self.refresh()

    # ---- internals ----------------------------------------------------------------------

    def _safely(self, f, *args) -> None:
        try:
            f(*args)
        except ValueError as e:
            self._error(e)
        except Exception as e:  # noqa: BLE001 - a dashboard shows one line, never a traceback
            self._error(e, prefix=f"Something went wrong ({type(e).__name__})")

    def _error(self, e: BaseException, prefix: str = "Not allowed") -> None:
        self.last_error = one_line(e)
        self._message = f"<b>⚠ {prefix}:</b> {html.escape(self.last_error)}"
        self.refresh()

    def _run_bots(self) -> None:
        st = self.state
        while not st.is_terminal() and st.current_player != self.seat:
            s = st.current_player
            st.apply_action(self.game.players[s].act(st.observation(s)))
        if st.is_terminal() and len(self.game.scores) < len(self.game.deals):
            self.game.record()

    # ---- display --------------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        return _plain(self.status.value)

    def refresh(self) -> None:
        """Bring every part up to date with the game (in place)."""
        self.show_hands.description = f"Show all hands: {'on' if self.show_hands.value else 'off'}"
        self.last_trick.description = f"Last trick: {'on' if self.last_trick.value else 'off'}"
        self.undo_button.disabled = not self._marks
        st = self.state
        name = lambda s: html.escape(self.names[s])  # noqa: E731
        if st is None:
            self.title.value = "<h3 style='margin:2px'>Warsaw Hearts (Варшавские червы)</h3>"
            self.status.value = self._message or "Press New deal."
            return
        deal_no = len(self.game.deals)
        self.title.value = (f"<h3 style='margin:2px'>Warsaw Hearts (Варшавские червы) — deal {deal_no}"
                            f" <small>(seed {self.deal_seed}; dealer {name(st.dealer)}; you sit at the bottom; "
                            f"the game ends at {self.rules.loss_at} penalty points)</small></h3>")
        hands = None
        if self.show_hands.value:
            hands = {s: self._hand_html(st.hands[s]) for s in range(st.players) if s != self.seat}
        notes = {s: f"{st.tricks_won(s)} tr." for s in range(st.players)}
        total = len(st.initial_hands[0])
        n = len(st.completed_tricks) + (0 if st.trick is None or self.last_trick.value else 1)
        self.trick_table.show(st, last=self.last_trick.value, hands=hands, notes=notes,
                              heading=f"No trumps<br>Trick {max(n, 1)} of {total}")
        self.penalty_table.show(st, self.names)
        self.hand.show(st, self.seat)
        self._sheets()
        self.status.value = " · ".join(x for x in (self._message, self._turn_text(st)) if x)

    def _sheets(self) -> None:
        g = self.game
        for sheet, rows, sign in ((self.penalty_sheet, g.penalty_rows, -1), (self.bonus_sheet, g.bonus_rows, 1)):
            if sheet.rows != [[sign * v for v in r] for r in rows]:
                sheet.clear()
                for i, r in enumerate(rows):
                    sheet.add_row([sign * v for v in r], label=str(i + 1))
        self.settlement.show(g.penalty_totals, g.bonus_totals, names=self.names, rules=self.rules)

    def _turn_text(self, st: wh.State) -> str:
        name = lambda s: html.escape(self.names[s])  # noqa: E731
        if st.is_terminal():
            pen, bon = st.penalties(), st.bonuses()
            mine = f"your penalty this deal: {pen[self.seat]}, bonus: {bon[self.seat]}"
            totals = ", ".join(f"{name(s)} {p}" for s, p in enumerate(self.game.penalty_totals))
            end = (" The game is over: see the settlement. Press New deal for a new game." if self.game_over
                   else " Press New deal for the next deal.")
            return f"Deal over: {mine}. Penalty totals: {totals}.{end}"
        if st.current_player == self.seat:
            return "Your turn: play a card (follow the suit led if you can)."
        return f"{name(st.current_player)} to play."

    @staticmethod
    def _hand_html(cards: Sequence[Card]) -> str:
        parts = []
        for suit in sorted({c.suit for c in cards}):
            ranks = "".join(c.rank.char for c in sorted((c for c in cards if c.suit == suit), key=lambda x: -x.rank))
            parts.append(f"{suit_html(suit)}{ranks}")
        return " ".join(parts) or "(no cards)"

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

import dataclasses
import html
import re
from collections.abc import Mapping, Sequence

import ipywidgets as W

from cardkit.bots import Bot
from cardkit.cards import Card
from cardkit.dealing import as_generator, check_seat
from cardkit.errors import CardkitError, quote
from cardkit.games import warsaw_hearts as wh
from cardkit.i18n import N_, check_lang, translation

from ._common import card_html, cards_in_words_of, in_sentence, seat_names, signed
from ._controls import Control
from ._dashboard import DealDashboard
from .scores import ScoreSheet

__all__ = ["PenaltyTable", "SettlementTable", "WarsawHeartsTable"]

#: The engine's words in the penalty table (``PENALTY_SCHEDULE``'s ``text`` and ``figure``),
#: marked for the message catalog (cardkit.i18n): the table shows them in its language.
SCHEDULE_WORDS = (N_("two or three honours in one trick"), N_("K♥, Q♥ and J♥ in three different tricks"),
                  N_("two honours in two different tricks"), N_("K♥ alone"), N_("Q♥ alone"), N_("J♥ alone"),
                  N_("fig. 200"), N_("fig. 199"))

_TH = "style='padding:2px 8px;border-bottom:2px solid #888;text-align:left'"
_TD = "style='padding:2px 8px;border-bottom:1px solid #ddd;vertical-align:top'"
_TDM = "style='padding:2px 8px;border-bottom:1px solid #ddd;vertical-align:top;background:#fff8e1'"


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    return seat_names(players, names) if names is not None else seat_names(players)


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

    def __init__(self, rules: wh.Rules | None = None, *, names: Sequence[str] | None = None,
                 lang: str = "en") -> None:
        self.i18n = translation(check_lang(lang))
        self.rules = rules or wh.Rules()
        self.names = list(names) if names is not None else None
        self.table = W.HTML("")
        self.honours_line = W.HTML("")
        self.marks: dict = {}
        self.places: dict[Card, tuple | None] = dict.fromkeys(wh.HONOURS)
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
            self._mark(a, names[seat], final=state.is_terminal())
        self.places = dict.fromkeys(wh.HONOURS)
        for i, t in enumerate(state.tricks):
            for seat, c in zip(t.seats, t.cards):
                if c in self.places:
                    self.places[c] = ("taken", t.winner, i + 1) if t.winner is not None else ("open", seat, i + 1)
        parts = []
        _ = self.i18n.gettext
        for h in wh.HONOURS:
            p = self.places[h]
            if p is None:
                parts.append(_("{card}: not played yet").format(card=card_html(h)))
            elif p[0] == "taken":
                parts.append(_("{card}: <b>{seat}</b> took it in trick {n}").format(
                    card=card_html(h), seat=html.escape(names[p[1]]), n=p[2]))
            else:
                parts.append(_("{card}: on the table in trick {n} (played by {seat})").format(
                    card=card_html(h), n=p[2], seat=html.escape(names[p[1]])))
        self._draw()
        self.honours_line.value = self._cards(_("The honours this deal: {honours}.").format(honours=" · ".join(parts)))

    def show_tricks(self, tricks, name: str = "This player", rules: wh.Rules | None = None) -> wh.Assessment:
        """Mark the row that one player's ``tricks`` fall under and return the
        :class:`~cardkit.games.warsaw_hearts.Assessment`.

        :raises NotationError: as :func:`cardkit.games.warsaw_hearts.assess_tricks`.
        """
        if rules is not None:
            self.rules = rules
        a = wh.assess_tricks(tricks, self.rules)
        self.marks = {}
        self._mark(a, name, final=True)
        self.places = dict.fromkeys(wh.HONOURS)
        for c, i in a.honours:
            self.places[c] = ("taken", None, i + 1)
        self._draw()
        where = [f"{card_html(c)} in trick {i + 1}" for c, i in a.honours]
        self.honours_line.value = (f"{html.escape(name)}: " + (", ".join(where) if where else "no honour")
                                   + f" → penalty <b>{a.penalty}</b>, bonus <b>{a.bonus}</b>.")
        return a

    def clear(self) -> None:
        """Unmark every row and empty the honours line: the schedule alone, as before any
        :meth:`show` (an exercise waiting for the learner's tricks)."""
        self.marks = {}
        self.places = dict.fromkeys(wh.HONOURS)
        self.honours_line.value = ""
        self._draw()

    # ---- drawing ----------------------------------------------------------------------

    @staticmethod
    def _amount(a: wh.Assessment) -> str:
        bits = []
        if a.penalty:
            bits.append(f"−{a.penalty}")
        if a.bonus:
            bits.append(f"+{a.bonus}")
        return " ".join(bits) or "0"

    def _mark(self, a: wh.Assessment, name: str, *, final: bool) -> None:
        """Mark ``name`` with its penalty on the row it falls under, and with the bonus
        (if any) on the bonus line."""
        key = "none" if a.row is None else wh.PENALTY_SCHEDULE.index(a.row)
        self.marks.setdefault(key, []).append(f"{name} {f'−{a.penalty}' if a.penalty else '0'}")
        if a.bonus:
            self.marks.setdefault("bonus", []).append(f"{name} +{a.bonus}" + (
                "" if final else " " + self.i18n.gettext("(so far)")))

    def _draw(self) -> None:
        def mark(key) -> str:
            who = self.marks.get(key, [])
            return "◀ " + ", ".join(html.escape(w) for w in who) if who else ""

        rows = []
        _ = self.i18n.gettext
        for i, r in enumerate(wh.PENALTY_SCHEDULE):
            td = _TDM if i in self.marks else _TD
            text = html.escape(_(r.text)).replace("K♥", card_html(wh.HONOURS[0])).replace(
                "Q♥", card_html(wh.HONOURS[1])).replace("J♥", card_html(wh.HONOURS[2]))
            extra = ""
            if r.same_trick and self.rules.double_honour_trick == "additive":
                extra = " " + _("+ the single value of an honour in another trick (the reading “20 plus the lone "
                                "honour”)")
            figure = _(r.figure) if r.figure else ""
            rows.append(f"<tr><td {td}>{r.item}</td><td {td}>{text}{extra}</td><td {td}><b>{r.penalty}</b></td>"
                        f"<td {td}>{figure}</td><td {td}>{mark(i)}</td></tr>")
        td = _TDM if "none" in self.marks else _TD
        no_honour = _("no honour (A♥, 10♥…6♥ never cost anything)")
        rows.append(f"<tr><td {td}>5</td><td {td}>{no_honour}</td>"
                    f"<td {td}><b>0</b></td><td {td}></td><td {td}>{mark('none')}</td></tr>")
        td = _TDM if "bonus" in self.marks else _TD
        bonus_row = (_("bonus: no heart at all in the player's tricks") if self.rules.bonus_without_tricks else
                     _("bonus: no heart at all in the player's tricks (at least one trick)"))
        rows.append(f"<tr><td {td}>+</td><td {td}>{bonus_row}</td>"
                    f"<td {td}><b>+{wh.BONUS}</b></td><td {td}></td><td {td}>{mark('bonus')}</td></tr>")
        double = (_("two or more honours in one trick: 20 is the whole penalty (default)")
                  if self.rules.double_honour_trick == "max" else
                  _("two or more honours in one trick: 20, plus an honour taken in another trick"))
        bonus = (_("the bonus needs at least one trick (default)") if not self.rules.bonus_without_tricks else
                 _("the bonus also goes to a player who took no trick"))
        variants = _("Readings in use: {double}; {bonus}. The first row that fits gives the penalty; 10 and 15 "
                     "replace the single values.").format(double=double, bonus=bonus)
        heads = "".join(f"<th {_TH}>{h}</th>" for h in ("#", _("the honours a player took"), _("penalty"),
                                                         _("source"), _("this deal")))
        title = _("<b>Penalties per deal</b> <small>(Rules §2.2; points)</small>")
        self.table.value = self._cards(
            f"<div>{title}</div><table style='border-collapse:collapse'><tr>{heads}</tr>{''.join(rows)}</table>"
            f"<div style='font-size:0.85em'>{variants}</div>")

    def _cards(self, text: str) -> str:
        """``text`` with its cards in the table's letters (Д♥ in Russian)."""
        return cards_in_words_of(text, self.i18n)

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

    def __init__(self, names: Sequence[str] | None = None, *, rules: wh.Rules | None = None,
                 lang: str = "en") -> None:
        self.i18n = translation(check_lang(lang))
        self.names = list(names) if names is not None else None
        self.rules = rules or wh.Rules()
        self.table = W.HTML("")
        self.chips: list[int] | None = None
        self.payments: list[wh.Payment] | None = None
        super().__init__([self.table], layout=W.Layout(padding="2px"))
        self.table.value = self.i18n.gettext("<div><b>Settlement</b> <small>(chips)</small></div><i>No game totals "
                                             "yet.</i>")

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
        _ = self.i18n.gettext
        head = "<div>" + _("<b>Settlement</b> <small>(Rules §2.3; chips; the game ends when a penalty total reaches "
                           "{n})</small>").format(n=self.rules.loss_at) + "</div>"
        totals = "".join(
            f"<tr><td {_TD}>{html.escape(n)}</td><td {_TD}>{p}</td><td {_TD}>{b}</td>"
            f"<td {_TD}>{'' if self.chips is None else f'<b>{signed(self.chips[s])}</b>'}</td></tr>"
            for s, (n, p, b) in enumerate(zip(names, penalties, bonuses)))
        heads = "".join(f"<th {_TH}>{h}</th>" for h in (_("player"), _("penalty total"), _("bonus total"), _("chips")))
        table = f"<table style='border-collapse:collapse'><tr>{heads}</tr>{totals}</table>"
        if self.payments is None:
            far = max(penalties) if penalties else 0
            lines = "<div>" + _("Nobody has reached {n} penalty points yet (highest: {far}): no settlement.").format(
                n=self.rules.loss_at, far=far) + "</div>"
        else:
            lost = sorted({p.payer for p in self.payments}) or wh.losers(penalties, self.rules)
            who = _(" and ").join(html.escape(names[s]) for s in lost)
            you = lambda s: names[s] == "You"   # the English verb: "You pay", "West pays"
            only_plus = self.rules.settlement_bonus == "only_plus"
            rows = []
            for p in self.payments:
                unpaid = (" " + _("(bonus {bonus} not added: their penalty is not 0)").format(
                    bonus=bonuses[p.receiver]) if only_plus and bonuses[p.receiver] and not p.bonus else "")
                you_pay = you(p.payer)
                row = (self.i18n.ngettext(
                    "{payer} pay <b>{receiver}</b> ({payer_penalty} − {receiver_penalty}) + {bonus} = <b>{chips}</b> "
                    "chip",
                    "{payer} pay <b>{receiver}</b> ({payer_penalty} − {receiver_penalty}) + {bonus} = <b>{chips}</b> "
                    "chips",
                    p.chips) if you_pay else self.i18n.ngettext(
                    "{payer} pays <b>{receiver}</b> ({payer_penalty} − {receiver_penalty}) + {bonus} = <b>{chips}</b> "
                    "chip",
                    "{payer} pays <b>{receiver}</b> ({payer_penalty} − {receiver_penalty}) + {bonus} = <b>{chips}</b> "
                    "chips", p.chips))
                rows.append("<li>" + row.format(payer=html.escape(names[p.payer]),
                                                receiver=html.escape(names[p.receiver]),
                                                payer_penalty=penalties[p.payer],
                                                receiver_penalty=penalties[p.receiver], bonus=p.bonus,
                                                chips=p.chips) + unpaid + "</li>")
            loses = (_("<b>{who}</b> lose (tied: they pay nobody among themselves).") if len(lost) > 1 else
                     _("<b>{who}</b> lose.") if you(lost[0]) else _("<b>{who}</b> loses.")).format(who=who)
            pays = (_("Each loser pays every other player (loser's penalty − their penalty) + their bonus if they "
                      "have no penalty (the variant that adds only a player's plus points):") if only_plus else
                    _("Each loser pays every other player (loser's penalty − their penalty) + their bonus:"))
            lines = (f"<div>{loses} {pays}</div><ul style='margin:2px 0'>" + "".join(rows) + "</ul>")
        self.table.value = head + table + lines
        return self.chips

    @property
    def text(self) -> str:
        """The control as plain text."""
        return _plain(self.table.value)


class WarsawHeartsTable(DealDashboard):
    """The Warsaw Hearts play dashboard: a learner against bots, deal (кон) after deal,
    until a penalty total reaches ``rules.loss_at`` (30); then the settlement in chips.

    The game itself is a :class:`cardkit.games.warsaw_hearts.Game` (the cut for the first
    dealer, lowest card; the deal passing left; the running totals). The widgets only call
    the state protocol: the enabled cards come from ``state.legal_actions()``; a click
    calls ``state.apply_action``; a refused action is one line in the status line, never
    a traceback. Bots act from ``state.observation(seat)`` only. The controls, deal codes,
    the replay and the teacher's options are those of
    :class:`~cardkit_widgets._dashboard.DealDashboard`.

    Layout: one :class:`~cardkit_widgets.card_table.CardTable` (the title and controls,
    with the ``Players: 3 / 4`` choice and the bots' choice; the table with the other
    seats and the trick; the status line; the learner's hand), then, collapsible, the
    :class:`PenaltyTable` and the two running sheets (:class:`ScoreSheet`, penalties shown
    as minus points, and bonuses) with the :class:`SettlementTable`.

    :param seed: the seed of the first deal (an int >= 0; the cut is drawn from it too);
        each ``New deal`` reads the seed box, which then moves on by one.
    :param players: 3 or 4.
    :param seat: the learner's seat, shown at the bottom.
    :param names: one name per seat (default "You", "Left", ... seen from the learner).
    :param rules: :class:`~cardkit.games.warsaw_hearts.Rules` (its ``players`` wins).
    :param bots: ``"rule"`` (default: a :class:`~cardkit.games.warsaw_hearts.RuleBot`
        each), ``"expert"`` (:class:`cardkit.analysis.ExpertBot`), or seat ->
        :class:`~cardkit.bots.Bot` for the other seats. The page's "Bots" choice switches
        between the first two (:meth:`set_bots`).
    Common keyword options (``deal``, ``practice``, ``layout``, ``four_colour``, ``guide``,
    ``lang``): see :class:`~cardkit_widgets._dashboard.DealDashboard`.
    :raises CardkitError: for a bad seat, players, names, seed or layout.

    :ivar game: the :class:`~cardkit.games.warsaw_hearts.Game`; :ivar state: its current deal.
    :ivar seed_box, new_deal_button, undo_button, show_hands, last_trick: the controls
        (and ``code_box``, ``load_button``, ``replay_button``).
    :ivar table: the :class:`~cardkit_widgets.card_table.CardTable`;
    :ivar penalty_table, penalty_sheet, bonus_sheet, settlement: the side parts;
    :ivar players_choice: the ``Players: 3 / 4`` choice (a page control, ``value`` 3 or 4).
    :ivar status: the ``HTML`` status line; :attr:`status_text` is its plain text.
    :ivar deal_code: the current deal's code (``"W-17"``), a read-only trait.
    :ivar last_error: the last refused action's message, or None.
    """

    GAME = "warsaw_hearts"
    CODE_EXAMPLE = "W-17"
    TITLE = N_("Warsaw Hearts (Варшавские червы)")
    NOTHING_TO_UNDO = N_("nothing to undo: you have not played a card in this deal")
    REPLAY_STEP_WORDS = N_("a card")

    def __init__(self, seed: int = 0, *, players: int = 4, seat: int = 0, names: Sequence[str] | None = None,
                 rules: wh.Rules | None = None, bots: Mapping[int, Bot] | str = "rule", deal: bool = True,
                 practice: bool = True, layout="normal", four_colour: bool = False, guide: bool = False,
                 lang: str = "en") -> None:
        self._set_lang(lang)
        self.rules = rules or wh.Rules(players=players)
        n = self.rules.players
        self.seat = check_seat(seat, n)
        as_generator(seed)
        self.names = seat_names(n, names, self.seat, tr=self.i18n)
        if bots is None:
            bots = "rule"
        self._fixed_bots = dict(bots) if not isinstance(bots, str) else None
        self._setup(seed, layout=layout, bots=bots,
                    undo_tooltip=N_("Take back your last card (and the bots' cards after it)"))
        self.game = self._new_game(seed)

        self.penalty_table = PenaltyTable(self.rules, names=self.names, lang=self.lang)
        self.penalty_table.add_class("cardkit-penalties")
        self._build_sheets()
        self.players_choice = Control(
            "choice", "players_choice", options=[(self._("3 players (12 cards each)"), 3),
                                                 (self._("4 players (9 cards each)"), 4)],
            value=n, description=self._("Players:"), disabled=self._fixed_bots is not None,
            tooltip=self._("A new game starts with that many seats"))
        self.players_choice.observe(lambda c: self._safely(self.set_players, c["new"]), names="value")
        self._sheets_box = W.VBox([self.penalty_sheet, self.bonus_sheet, self.settlement])
        self._assemble([(self._("Penalty table (Rules §2.2)"), self.penalty_table),
                        (self._("Penalties, bonuses and the settlement"), self._sheets_box)],
                       deal=deal, practice=practice, four_colour=four_colour, guide=guide)

    EXTRA_MAIN = ("players_choice",)

    def _refresh_undo(self) -> None:
        """The Players choice is fixed in a scored game (``practice=False``): a new number of
        players starts a new game, which would drop the score so far (the teacher's
        :meth:`set_players` still works); and for a table given its own bots."""
        super()._refresh_undo()
        choice = getattr(self, "players_choice", None)
        if choice is None:  # pragma: no cover - built before the first refresh
            return
        choice.disabled = self._fixed_bots is not None or not self.practice
        choice.tooltip = (self._("The number of players is fixed in a scored game") if not self.practice else
                          self._("A new game starts with that many seats"))

    def _build_sheets(self) -> None:
        # penalty points as the rules count them (positive, the fewest lead: 30 loses); the
        # bonuses mark no leader, since they do not decide who loses (RULES.md §2.3)
        _ = self._
        self.penalty_sheet = ScoreSheet(self.names, title=_("Penalties"), unit=_("penalty points; 30 ends the game"),
                                        label=_("Deal"), lead="low", signs=False, lang=self.lang)
        self.bonus_sheet = ScoreSheet(self.names, title=_("Bonuses"), unit=_("bonus points"), label=_("Deal"),
                                      lead=None, signs=False, lang=self.lang)
        self.settlement = SettlementTable(self.names, rules=self.rules, lang=self.lang)

    def set_players(self, players: int) -> None:
        """Play with ``players`` seats (3 or 4, RULES.md §2.1): a new game starts, with a
        new deal from the seed box (the "Players" choice calls this). The learner keeps
        the seat at the bottom; the other seats get the default names and bots. The new
        game's first deal has the current deal's seed (else the seed box's).

        :raises CardkitError: for a number other than 3 or 4, or when the table was given
            its own bots (they are for one number of seats).
        """
        players = int(players)
        if players == self.rules.players:
            return
        if players not in (3, 4):
            raise CardkitError(f"players {quote(players)}: Warsaw Hearts is for 3 or 4 players (RULES.md §2.1)")
        if self._fixed_bots is not None:
            raise CardkitError("this table was given its own bots, for one number of players")
        self.again.stop()   # a try is of the old game's deal: it ends with it
        self._close_replay()
        self.rules = dataclasses.replace(self.rules, players=players)
        self.seat = min(self.seat, players - 1)
        self.names = seat_names(players, None, self.seat, tr=self.i18n)
        self.penalty_table.rules = self.rules
        self.penalty_table.names = list(self.names)
        for sheet in (self.penalty_sheet, self.bonus_sheet):
            sheet.names = list(self.names)
            sheet.clear()
        self.settlement.names = list(self.names)
        self.settlement.rules = self.rules
        if self.players_choice.value != players:
            self.players_choice.value = players
        seed = self.deal_seed if self.deal_seed is not None else self._read_seed_box()
        self.game = self._new_game(seed)
        self._apply_four_colour()
        self.new_deal(seed)

    @classmethod
    def _default_rules(cls, kwargs: dict) -> wh.Rules:
        return kwargs.get("rules") or wh.Rules(players=kwargs.get("players", 4))

    # ---- the game ---------------------------------------------------------------------

    def _new_game(self, seed: int) -> wh.Game:
        seats = [None if s == self.seat else self._bot_for(s, seed) for s in range(self.rules.players)]
        return wh.Game(seats, rules=self.rules, seed=seed)

    def _bot_for(self, s: int, seed: int) -> Bot:
        if self._fixed_bots is not None:
            return self._fixed_bots[s]
        return self._make_bot(self._bot_class(wh), seed, s)

    def _replace_bots(self) -> None:
        seed = self.deal_seed if self.deal_seed is not None else self._read_seed_box()
        for s in range(self.rules.players):
            if s != self.seat:
                self.game.players[s] = self._bot_for(s, seed)

    @property
    def game_over(self) -> bool:
        """True once a penalty total has reached ``rules.loss_at`` (RULES.md §2.3)."""
        return self.game.is_over()

    # ---- the hooks of DealDashboard -----------------------------------------------------

    def new_deal(self, seed: int | None = None) -> None:
        """Deal with ``seed`` (default: the seed box) and let the bots play up to the
        learner's turn. An unfinished deal is dropped (not scored; the same dealer deals
        again). After a finished game, a new game starts (a new cut).

        :raises ValueError: for a negative seed (a status line when clicked).
        """
        super().new_deal(seed)

    def _begin_deal(self, seed, spec=None, code_seed=None) -> None:
        if self.game.is_over():  # a new game, with a new cut
            self.game = self._new_game(seed if code_seed is None else code_seed)
        self._deal_next(seed, spec)

    def _acted_text(self, st, before: int, phase: str) -> str:
        return self._("You played {card}.", card=card_html(st.history[before]))

    # ---- display --------------------------------------------------------------------------

    def _title_html(self, st) -> str:
        text = self._("Warsaw Hearts (Варшавские червы) — deal {n} <small>({deal}; dealer {seat}; you sit at the "
                      "bottom; the game ends at {loss} penalty points)</small>", n=len(self.game.deals),
                      deal=self._deal_words(), seat=html.escape(in_sentence(self.names[st.dealer])),
                      loss=self.rules.loss_at)
        return f"<h3 style='margin:2px'>{text}</h3>"

    def _draw(self, st, live: bool) -> dict:
        hands = None
        if self._show_others(live):
            hands = {s: st.hands[s] for s in range(st.players) if s != self.seat}
        notes = {s: self._("{n} tr.", n=st.tricks_won(s)) for s in range(st.players)}
        total = len(st.initial_hands[0])
        n = len(st.completed_tricks) + (0 if st.trick is None or self.last_trick.value else 1)
        self.penalty_table.show(st, self.names)
        hand, caption = self._hand_view(st, st.hands[self.seat], live)
        trick = self._trick_view(st, live, self._("No trumps") + "<br>"
                                 + self._("Trick {n} of {total}", n=max(1, min(n, total)), total=total))
        return {"seats": self._seats_view(st, live, counts=[len(h) for h in st.hands], notes=notes, hands=hands),
                "hand": hand, "caption": caption + (" " + trick["caption"] if trick["caption"] else ""),
                "trick": trick}

    def _show_scores(self) -> None:
        """The penalty sheet and the bonus sheet (both as counted, positive) show
        :attr:`game`'s rows with the hints used; the settlement its totals (RULES.md §2.3)."""
        g = self.game
        notes = self._notes_by_game(g)
        for sheet, rows in ((self.penalty_sheet, g.penalty_rows), (self.bonus_sheet, g.bonus_rows)):
            sheet.set_rows([list(r) for r in rows], notes=[notes.get(i, "") for i in range(len(rows))])
        self.settlement.show(g.penalty_totals, g.bonus_totals, names=self.names, rules=self.rules)

    def _turn_text(self, st: wh.State) -> str:
        name = lambda s: html.escape(self.names[s])
        _ = self._
        if st.is_terminal():
            pen, bon = st.penalties(), st.bonuses()
            totals = ", ".join(f"{name(s)} {p}" for s, p in enumerate(self.game.penalty_totals))
            end = (_("The game is over: see the settlement. Press New deal for a new game.") if self.game_over
                   else _("Press New deal for the next deal."))
            return _("Deal over: your penalty this deal: {penalty}, bonus: {bonus}. Penalty totals: {totals}.",
                     penalty=pen[self.seat], bonus=bon[self.seat], totals=totals) + " " + end
        if st.current_player == self.seat:
            return _("Your turn: play a card (follow the suit led if you can).")
        return _("{seat} to play.", seat=name(st.current_player))

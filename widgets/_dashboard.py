"""DealDashboard: what the three play dashboards share (VarietyTable, WarsawHeartsTable,
DurakTable).

A learner in one seat plays against bots, deal after deal. The base class holds the
plumbing that is the same for every game, so each dashboard only says how its game deals,
scores and draws itself:

- the page: one :class:`~cardkit_widgets.card_table.CardTable` (:attr:`DealDashboard.table`)
  draws the whole play area from one JSON state: the controls (``New deal``, ``Undo``,
  ``Last trick``, ``Show all hands``, ``Replay``, the bots' choice; under "More" the seed
  box, the ``Deal code`` box with ``Load``, ``Four colours``, ``Large cards``), the other
  seats and the trick, the status line and the learner's hand; score sheets and tables go
  below it in a collapsible ``Accordion`` (:attr:`DealDashboard.side`). A page builds
  about 15-30 widgets (it was about 560: every card and control a widget of its own);
- the controls are :class:`~cardkit_widgets._controls.Control` objects with the
  attributes of the ipywidgets they replace (``value``, ``description``, ``disabled``,
  ``tooltip``, ``click()``), drawn by the card table and driven by its messages;
- the legality shown is the engine's: the legal cards from ``state.legal_actions()``, and
  for every other card the engine's own reason (the refusal ``state.apply_action`` gives,
  the state left as it was), in the card's title and, on a click, in the status line;
- the bots: ``bots="rule"`` or ``"expert"`` (the game's rule or expert bot, as its registry entry
  names them), switched from the page;
- the learner's actions (:meth:`DealDashboard.act`), refused in one status line
  ("⚠ Not allowed: …"), never a traceback; the bots playing on until the learner's
  turn, each from ``state.observation(seat)`` only;
- undo back to the learner's previous decision (practice mode only, see below);
- the judge (:mod:`cardkit_widgets._judge`, over :mod:`cardkit.analysis`): ``Hint``
  (:meth:`DealDashboard.hint`) names the best card, bid or draw from the learner's own view;
  once a deal is over ``How did I do?`` (:meth:`DealDashboard.review_deal`) lists the
  decisions that cost a point or more, worst first, a click (:meth:`DealDashboard.review_jump`)
  showing one in the replay; the hints used go in the score sheet's note column;
- Try it again (:attr:`DealDashboard.again`, :mod:`cardkit_widgets._try_again`): a
  ``Try it again`` button beside each How did I do? item takes a copy of the finished deal
  back to that decision, played as practice (never recorded; the status line then compares
  "this time +4, first time −8");
- the guide (:attr:`DealDashboard.guide`, :mod:`cardkit_widgets._guide`): ``Guide me
  through a deal`` (``guide=True``: on for the first deal) tells each step of a deal, what
  to do now and why, and adds its reason to a refused action;
- exact values (:attr:`DealDashboard.exact_values`, :mod:`cardkit_widgets._exact`): in
  practice with ``Show all hands`` on, what each legal card gains or loses against the best
  with all cards known; never in a scored game;
- deal codes (``docs/deal-codes.md``, :mod:`cardkit_widgets._deal_codes`): the current deal's
  code in the status line and in the read-only trait :attr:`DealDashboard.deal_code`;
  :meth:`DealDashboard.load_code`; :meth:`DealDashboard.from_query` for a link ``?deal=V-4821``;
- the replay pane (:mod:`cardkit_widgets._replayer`, :class:`cardkit.replay.Replay`): ◀◀ ◀ ▶ ▶▶
  through the deal so far with the engine's commentary, written for the learner's eyes
  (for every hand's while :attr:`DealDashboard.show_all_hands`);
- the teacher's options: :attr:`DealDashboard.show_all_hands` (a traitlet, synced with
  the toggle), ``layout="projector"`` (large cards and buttons, the deal code in big
  text, no seed or code boxes), ``practice=False`` (a scored game).

**Parts** (issue 30): each concern above that is not the deal's act/undo/bot loop or the card
table's state is an object of its own, with its own state, in its own module, composed by the
dashboard: :attr:`judge` (:mod:`~cardkit_widgets._judge`: Hint and How did I do?),
:attr:`replayer` (:mod:`~cardkit_widgets._replayer`), :attr:`exact`
(:mod:`~cardkit_widgets._exact`), :attr:`codes` (:mod:`~cardkit_widgets._deal_codes`: deal codes
and numbers, links), :attr:`bot_choice` (:mod:`~cardkit_widgets._bot_choice`), :attr:`appearance`
(:mod:`~cardkit_widgets._appearance`: four colours, size, projector), :attr:`showing`
(:mod:`~cardkit_widgets._showing`: Show all hands, Last trick), :attr:`score_notes`
(:mod:`~cardkit_widgets._score_notes`), :attr:`again` and :attr:`guide`. The dashboard's public
names and hooks stay (``table.hint()``, ``table.replay``, ``table.load_code(...)``), as
delegates to the part (:mod:`cardkit_widgets._part`: ``Method``, ``Delegate``).

**Undo in a scored game.** With ``practice=False`` undo is off: the ``Undo`` button is
disabled, its tooltip says why, and :meth:`DealDashboard.undo` answers with one status
line. (The other choice, letting undo mark the deal as practice, would leave a score
sheet whose rows mean different things; a class that wants take-backs plays with the
default ``practice=True``.) The learner's ``Show all hands`` toggle is disabled too in a
scored game; the teacher can still set :attr:`DealDashboard.show_all_hands` from code.

**A scored game sealed** (issue 19: a learner may forge any page message with the
browser's developer tools). A control ignores the page while it is disabled or hidden
(:meth:`DealDashboard._page_may_use`, the one check for every control), so the disabled
``Show all hands``, the hidden seed box, code box and ``Load`` stay as they are. While a
scored deal is played the page's state holds nothing that deals its cards again: no seed,
no next seed (the boxes' values are kept from the page), no deal code; ``New deal`` is
disabled until the deal is over (it would drop the deal unscored, so a learner could
keep only the deals they like), and so is Warsaw Hearts' ``Players`` choice (a new game).
Once the deal is over the status line gives the finished deal's code in the cards form
(``V-X…``: the same cards, no seed, so not the next deals). The teacher's code
(:meth:`new_deal`, :meth:`load_code`, :attr:`deal_code`) is not limited.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, ClassVar

import ipywidgets as W
import traitlets

from cardkit.cards import Card
from cardkit.dealing import as_generator
from cardkit.errors import CardkitError, IllegalActionError, StateError, quote
from cardkit.i18n import N_, check_lang, translation
from cardkit.table.card_view import (
    SUIT_ORDER,
    card_code,
    card_order,
    card_table_words,
    engine_refusal,
    engine_words,
    hand_caption,
    hand_part,
    refusal_words,
    seats_part,
    trick_cards,
    trick_part,
    turn_words,
)
from cardkit.table.table_session import TableSession
from cardkit.wording import PHASE_REFUSALS, SEAT_WORDS

from ._appearance import Appearance
from ._boards import BoardSteps
from ._bot_choice import BOT_LEVELS, BotChoice, make_bot
from ._common import (
    card_html,
    cards_in_language as _cards_in_language,
    cards_in_words_of,
    hand_html as _hand_html,
    in_sentence,
    one_line,
    plain_text,
    recolour_html,
    seat_positions,
    tens_as_10_in as _tens_as_10_in,
)
from ._controls import Control
from ._deal_codes import DealCodes, table_from_code, table_from_query
from ._exact import EXACT_DELAY, EXACT_NODES, Exact  # noqa: F401  (re-exported: the dashboard's names)
from ._guide import Guide
from ._judge import EVALUATIONS_KEPT, HINT_UNITS, REVIEW_NODES, Judge  # noqa: F401  (re-exported: the dashboard's names)
from ._part import Delegate, Method
from ._replayer import Replayer
from ._score_notes import ScoreNotes
from ._showing import Showing
from ._try_again import TryAgain
from .card_table import CardTable, parse_card_id

__all__ = ["DealDashboard", "plain_text", "PROJECTOR_CARD_FONT", "BOT_LEVELS", "REVIEW_NODES", "EXACT_NODES"]



#: The font size of a card button in the projector layout.
PROJECTOR_CARD_FONT = "2.5em"
#: The font size of the other buttons and boxes in the projector layout.
PROJECTOR_BUTTON_FONT = "1.6em"



#: The learner's name in the page's table session (:attr:`DealDashboard.session`).
LEARNER = "you"


def _seat_words(st, learner: int) -> tuple[str, ...] | None:
    """The seats as an engine's message is read on a page ("seat 0's hand": "your hand"): English
    compass names, the ``learner``'s seat "You" (then said in the page's language)."""
    names = None if st is None else SEAT_WORDS.get(st.players)
    return None if names is None else tuple("You" if i == learner else n for i, n in enumerate(names))


class DealDashboard(BoardSteps, W.VBox):
    """Base class of the play dashboards (not used on its own).

    A subclass sets :attr:`GAME` and :attr:`TITLE`, builds its parts between
    :meth:`_setup` and :meth:`_assemble` in its constructor, keeps its game in
    :attr:`game` (a :class:`~cardkit.series.DealSeries`: the deals, the dealer, the rows,
    the game end), and provides the hooks ``_begin_deal``, ``_bot``, ``_acted_text``,
    ``_draw``, ``_turn_text``, ``_title_html`` and ``_show_scores`` (see their docstrings
    below; ``_record`` and ``_unrecord`` record in :attr:`game`).

    Common constructor options (keyword-only in every dashboard):

    :param practice: True (default): practice, undo allowed. False: a scored game, undo
        is off (the button disabled, its tooltip says why) and the learner's
        ``Show all hands`` toggle is disabled.
    :param layout: ``"normal"`` (default) or ``"projector"``: the card table's large
        size (``Large cards: on``), the deal code in big text, and no seed or code boxes
        (``New deal`` stays). An ``ipywidgets.Layout`` is taken as the box's layout, as
        for any ``VBox``. ``?size=large`` in the page's address gives the large size too.
    :param bots: ``"rule"`` (default) or ``"expert"``; each dashboard also takes its
        own bots (see its docstring).
    :param four_colour: show the four-colour deck where the card controls offer it.
    :param deal: deal the first deal at once (default True).
    :param guide: the guide ("Guide me through a deal") on for the first deal: each step told, the
        learner doing it (:mod:`cardkit_widgets._guide`); default off.
    :param lang: the language of the table's words: ``"en"`` (default) or ``"ru"`` (the Russian
        lessons); anything else is a :class:`~cardkit.errors.CardkitError` naming ``lang``,
        raised before anything is built. Kept in :attr:`lang`.
    :raises CardkitError: for a layout other than these, or another ``bots`` level.

    Traits:

    :ivar deal_code: (``Unicode``, read-only) the current deal's code
        (``docs/deal-codes.md``): the short seed form ``"V-4821"`` for a seeded deal, or
        the code that was loaded; ``""`` before a deal.
    :ivar show_all_hands: (``Bool``) show every player's cards; linked both ways with
        the ``show_hands`` toggle.
    :ivar practice: (``Bool``) see above.
    :ivar four_colour: (``Bool``) see above; linked both ways with the ``Four colours``
        toggle, and passed to every table control's ``set_four_colour``.

    Parts (built once, updated in place; every button's ``description`` is its
    accessible name and every state is said in words). The controls are
    :class:`~cardkit_widgets._controls.Control` s drawn by the card table; their kinds
    are those of the ipywidgets they replace:

    :ivar table: the :class:`~cardkit_widgets.card_table.CardTable` (the page's play area);
        :ivar side: the ``Accordion`` below it (score sheets, tables).
    :ivar title, status: ``html``; :attr:`status_text` is the status line as plain text.
    :ivar seed_box: ``int``; :ivar new_deal_button, undo_button: ``button``.
    :ivar code_box: ``text`` ("Deal code"); :ivar load_button: ``button`` ("Load").
    :ivar show_hands, last_trick, replay_button, four_colour_toggle, size_toggle: ``toggle`` s
        whose descriptions say their state ("Show all hands: on", "Four colours: off",
        "Large cards: on"); ``four_colour_toggle`` is linked both ways with
        :attr:`four_colour`; ``size_toggle`` sets the card table's size.
    :ivar bots_choice: ``choice`` "Rule bots" / "Expert bots" (:attr:`bot_level`,
        :meth:`set_bots`); disabled for a table given its own bots.
    :ivar hint_button, review_button, review_list: ``Hint``, ``How did I do?`` and its list (the
        judge's, :class:`~cardkit_widgets._judge.Judge`); :attr:`hint_text`, :attr:`hints_used`,
        :attr:`review_verdicts` and :attr:`review_unsure` are what it found.
    :ivar code_banner: ``html``, the deal code in big text (projector layout only).
    :ivar replay_pane: shown while the replay is on, with ``replay_back_trick``, ``replay_back``,
        ``replay_forward``, ``replay_forward_trick``, ``replay_info``, ``replay_commentary``;
        :attr:`replay` is the :class:`cardkit.replay.Replay` shown, or None (the replay's,
        :class:`~cardkit_widgets._replayer.Replayer`).
    :ivar deal_seed: the current deal's seed (None for a deal loaded in the cards form).
    :ivar query_code, query_problem: set by :meth:`from_query`: the link's code when it
        was used, or why it was not (one line); both None otherwise.
    :ivar last_error: the last refused action's message (one line), or None.
    :ivar layout_mode: ``"normal"`` or ``"projector"``.
    """

    #: ``State.game`` of the dashboard's game (``"variety"``), for deal codes.
    GAME: ClassVar[str] = ""
    #: The game being played: its ``Game`` (a :class:`~cardkit.series.DealSeries`), the one
    #: record of the deals, the dealer passing left, the rows and the game end; the
    #: widgets only show it. Each dashboard sets it in its constructor.
    game: Any
    #: The title, HTML (the English and the Russian name).
    TITLE: ClassVar[str] = ""
    #: An example of this game's deal code, for the code box's placeholder.
    CODE_EXAMPLE: ClassVar[str] = "V-4821"
    #: What "nothing to undo" says.
    NOTHING_TO_UNDO: ClassVar[str] = N_("nothing to undo: you have not acted in this deal yet")
    #: the bot choice's two options, rule then expert (singular at a table with one bot)
    BOT_WORDS: ClassVar[tuple[str, str]] = (N_("Rule bots"), N_("Expert bots"))
    #: one bot plays against the learner (two seats): the bots' label in the singular where the
    #: language has one (Russian «Бот:»; the English label is "Bots:" either way)
    ONE_BOT: ClassVar[bool] = False
    BOTS_TOOLTIP: ClassVar[str] = N_("Rule bots play by simple rules and answer at once; expert bots look ahead "
                                     "and play better")
    #: what one step of the replay goes over (the replay buttons' tooltips)
    REPLAY_STEP_WORDS: ClassVar[str] = N_("a card, a bid")
    LAYOUTS: ClassVar[tuple[str, ...]] = ("normal", "projector")

    deal_code = traitlets.Unicode("", read_only=True, help="the current deal's code (docs/deal-codes.md)")
    show_all_hands = traitlets.Bool(False, help="show every player's cards (synced with the toggle)")
    practice = traitlets.Bool(True, help="practice: undo allowed; False: a scored game, undo off")
    four_colour = traitlets.Bool(False, help="a four-colour deck where the card controls offer it")

    #: The table's language, ``"en"`` (default) or ``"ru"`` (the constructor's ``lang``).
    lang: str = "en"

    # ---- construction -------------------------------------------------------------------

    def _set_lang(self, lang: object) -> None:
        """Check and keep the constructor's ``lang`` (call first: nothing is built for a bad one).

        :raises CardkitError: for a language other than ``"en"`` or ``"ru"``.
        """
        self.lang = check_lang(lang)
        #: the table's messages (:func:`cardkit.i18n.translation`): ``gettext``, ``ngettext``, ``pgettext``
        self.i18n = translation(self.lang)

    def _(self, message: str, **values) -> str:
        """``message`` in the table's language (:attr:`i18n`), its ``{placeholders}`` filled
        from ``values`` (none: the text as it is)."""
        text = self.i18n.gettext(message)
        return text.format(**values) if values else text

    @property
    def _error_words(self):
        """The translation a refusal is said in (:func:`one_line`'s ``tr``): None in English,
        where an error's own text is shown as it always was."""
        return None if self.lang == "en" else self.i18n

    def _setup(self, seed: int, *, undo_tooltip: str, layout="normal", bots="rule") -> None:
        """The common attributes and controls; call first in the subclass's constructor.

        :raises ValueError: for a bad seed, layout or bots (before anything is built).
        """
        as_generator(seed)  # validates the seed (ValueError with the value quoted)
        box_layout = None
        if isinstance(layout, W.Layout):
            box_layout, layout = layout, "normal"
        if layout not in self.LAYOUTS:
            raise CardkitError(f"layout {quote(layout)}: expected one of {', '.join(map(repr, self.LAYOUTS))}")
        if isinstance(bots, str) and bots not in BOT_LEVELS:
            raise CardkitError(f"bots {quote(bots)}: expected one of {', '.join(map(repr, BOT_LEVELS))} "
                               f"or a mapping of seats to bots")
        self.layout_mode: str = layout
        self._box_layout = box_layout
        self.deal_seed: int | None = None
        self.last_error: str | None = None
        self._message = ""
        #: the board in play as a table session (:class:`~cardkit.table_session.TableSession`, the room's
        #: too): the learner's and the bots' actions, undo; made at the first deal
        self.session: TableSession | None = None
        self.query_code: str | None = None     # from_query: the link's code, if it was used
        self.query_problem: str | None = None  # from_query: why the link's code was not used
        self._undo_tooltip = undo_tooltip

        # The controls are drawn by the card table (widgets/_controls.py): no widget each.
        self.title = Control("html", "title")
        self.code_banner = Control("html", "code_banner", display="none")
        _ = self._
        self.codes = DealCodes(self, seed)  # deal codes and numbers: the seed box, code box, Load (_deal_codes.py)
        c = self.codes
        self.seed_box, self.code_box, self.load_button = c.seed_box, c.code_box, c.load_button
        self.new_deal_button = Control("button", "new_deal_button", description=_("New deal"),
                                       tooltip=_("Deal the cards of the deal number in the box"))
        self.seed_box.enter = "new_deal_button"    # Enter in the deal number box deals it
        self.undo_button = Control("button", "undo_button", description=_("Undo"), tooltip=_(undo_tooltip))
        self.showing = Showing(self)   # Show all hands, Last trick: what the table shows (_showing.py)
        self.show_hands, self.last_trick = self.showing.show_hands, self.showing.last_trick
        self.appearance = Appearance(self)  # four colours, the size, the projector (_appearance.py)
        self.four_colour_toggle = self.appearance.four_colour_toggle
        self.size_toggle = self.appearance.size_toggle
        self.bot_choice = BotChoice(self, bots)   # rule or expert bots (_bot_choice.py)
        self.bots_choice = self.bot_choice.control
        self.replayer = Replayer(self)  # the replay: its controls and the Replay shown (_replayer.py)
        self.exact = Exact(self)        # exact values with all hands shown (_exact.py)
        self.replay_button = self.replayer.button
        self.judge = Judge(self)     # Hint and How did I do?: its controls and its state (_judge.py)
        self.hint_button = self.judge.hint_button
        self.review_button = self.judge.review_button
        self.review_list = self.judge.review_list
        self.again = TryAgain(self)  # Try it again: a review item's decision played another way (_try_again.py)
        self.guide = Guide(self)     # Guide me through a deal: each step told, the learner doing it (_guide.py)
        self.score_notes = ScoreNotes(self)  # the score sheet's notes: the hints used (_score_notes.py)
        self.status = Control("html", "status")
        r = self.replayer
        self.replay_back_trick, self.replay_back = r.back_trick, r.back
        self.replay_forward, self.replay_forward_trick = r.forward, r.forward_trick
        self.replay_info, self.replay_commentary, self.replay_pane = r.info, r.commentary, r.pane

        self.table = CardTable()
        self.table.on_action(self._table_action)

        self.new_deal_button.on_click(lambda _b: self._safely(self.new_deal))
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        self.table.observe(lambda c: self._safely(self.appearance.size_from_page, c["new"]), names="size")
        self._setup_boards()  # a set of boards, a played deal's download (_boards.py)

    #: The controls in the first row of the page, then under "More", then in the replay pane.
    BAR_MAIN: ClassVar[tuple[str, ...]] = ("new_deal_button", "undo_button", "last_trick", "hint_button",
                                           "review_button", "show_hands", "replay_button", "bots_choice")
    BAR_MORE: ClassVar[tuple[str, ...]] = ("seed_box", "code_box", "load_button", "four_colour_toggle",
                                           "size_toggle")
    BAR_REPLAY: ClassVar[tuple[str, ...]] = ("replay_info", "replay_back_trick", "replay_back", "replay_forward",
                                             "replay_forward_trick", "replay_commentary", "review_list")

    #: A game's own controls in the first row (Warsaw Hearts: the Players choice).
    EXTRA_MAIN: ClassVar[tuple[str, ...]] = ()

    def _bar_main(self) -> tuple[str, ...]:
        return (*self.BAR_MAIN, "guide_toggle", *self.EXTRA_MAIN, *self.BAR_BOARDS)

    def _all_controls(self) -> dict[str, Control]:
        parts = {"review_again": self.again.control,  # drawn beside the review list's items
                 "guide_toggle": self.guide.toggle, "guide_box": self.guide.box, "guide_ok": self.guide.ok}
        names = (*self._bar_main(), *self.BAR_MORE, *self.BAR_REPLAY, "replay_pane")
        return {n: parts[n] if n in parts else getattr(self, n) for n in names} | parts

    def _table_action(self, action: dict) -> None:
        """An action from the card table's page (see :mod:`cardkit_widgets.card_table`).

        A message for a control reaches it only while the page shows the control enabled
        (:meth:`_page_may_use`: not disabled, not hidden, not text; the replay's controls
        only while the replay is shown): anything else is ignored, as the page never sends
        it (a learner may forge messages with the browser's developer tools). A click goes
        to a button, a value to the other kinds (a value of the wrong kind is refused in
        one status line). Cards, bids, trump picks and draws go to :meth:`act`, where the
        engine refuses what the rules do not allow the learner now."""
        kind = action.get("kind")
        if kind == "control":
            control = self._all_controls().get(str(action.get("name")))
            if control is None or not self._page_may_use(control):
                return
            if "value" in action:
                try:
                    control.set_from_page(action["value"])
                except (ValueError, TypeError, IndexError) as e:
                    self._error(e)
            elif control.kind == "button":
                if control is self.hint_button:
                    card = action.get("card")
                    self.judge.pointed = str(card)[:8] if card else None
                control.click()
            self._push()
            return
        self._safely(self._page_action, action)
        self._push()

    def _page_may_use(self, control: Control) -> bool:
        """Whether the page shows ``control`` enabled now, so that a click or a value from
        the page may reach it (the one check for every control: toggles, boxes, choices,
        buttons, the replay's and a game's own controls)."""
        if not control.takes_page_input:
            return False
        in_replay = control.name in self.BAR_REPLAY or control is self.again.control
        return not (in_replay and self.replay_pane.hidden)

    def _page_action(self, action: dict) -> None:
        """A card, bid, trump pick or draw from the page: the learner's action (the
        engine refuses an illegal one with its reason, shown in the status line)."""

        kind = action.get("kind")
        if kind == "card":
            card = parse_card_id(action.get("card", ""))
            st = self.state
            if st is not None and card in st.history:
                return   # a card played already: a second click of a double-click, read after the bots' replies
            self.act(card)
        else:
            self._table_extra_action(action)

    def _table_extra_action(self, action: dict) -> None:
        """A game's own action from the page (a bid, a trump pick, a draw)."""

    def _assemble(self, side: Sequence[tuple[str, W.Widget]], *, deal: bool, practice: bool = True,
                  four_colour: bool = False, guide: bool = False) -> None:
        """Build the page: the card table, then ``side`` (``(title, widget)`` pairs: score
        sheets, the penalty table...) in a collapsible ``Accordion`` below it; deal the
        first deal if ``deal``; ``guide``: the guide is on for the first deal
        (:class:`~cardkit_widgets._guide.Guide`)."""
        self.guide.set(bool(guide))
        self.side = W.Accordion(children=[w for _t, w in side], titles=tuple(t for t, _w in side),
                                selected_index=None)
        W.VBox.__init__(self, [self.table, self.side], layout=self._box_layout or W.Layout(padding="2px"))
        self.add_class("cardkit-dashboard")
        self.practice = bool(practice)
        self.four_colour = bool(four_colour)
        traitlets.link((self.show_hands, "value"), (self, "show_all_hands"))
        traitlets.link((self, "four_colour"), (self.four_colour_toggle, "value"))  # the trait's value first
        traitlets.link((self, "four_colour"), (self.table, "four_colour"))
        self.observe(lambda _c: self._safely(self.replayer.follow_show_all_hands), names="show_all_hands")
        self.observe(lambda _c: self._safely(self.refresh), names="practice")
        self.observe(lambda _c: self._safely(self.appearance.apply_four_colour), names="four_colour")
        if self.four_colour:
            self.appearance.apply_four_colour()
        if self.layout_mode == "projector":
            self.appearance.apply_projector()
        if deal:
            self.new_deal()
        else:
            self.refresh()

    # ---- the teacher's options ----------------------------------------------------------

    #: The attributes that may hold a side control (each subclass has some of them).
    PART_NAMES: ClassVar[tuple[str, ...]] = (
        "contracts_table", "scores", "penalty_table", "penalty_sheet", "bonus_sheet", "settlement")

    _apply_four_colour = Method("appearance", "apply_four_colour")  # the side controls follow four_colour

    # ---- the bots (widgets/_bot_choice.py) --------------------------------------------------------------

    #: ``"rule"`` or ``"expert"``: the bots chosen (``bots=`` or the page's choice; :attr:`BotChoice.level`).
    bot_level = Delegate("bot_choice", "level")
    #: :meth:`BotChoice.set`: play against rule or expert bots from now on.
    set_bots = Method("bot_choice", "set")
    _bot_class = Method("bot_choice", "bot_class")   # the game's rule or expert bot class, for the level
    _make_bot = staticmethod(make_bot)          # a bot of a class seeded from the deal's seed and its seat

    def _replace_bots(self) -> None:
        """Rebuild the bots for :attr:`bot_level` (a subclass hook)."""

    def _refresh_undo(self) -> None:
        if not self.practice and not self.again.on:
            self.undo_button.disabled = True
            self.undo_button.tooltip = self._("Undo is off: this is a scored game (practice=False), "
                                              "every decision counts")
        else:
            self.undo_button.disabled = self.session is None or not self.session.can_undo
            self.undo_button.tooltip = self._(self._undo_tooltip)
        self.show_hands.disabled = not self.practice
        self.bot_choice.sync()
        self.show_hands.tooltip = (self._("Show every player's cards (practice)") if self.practice else
                                   self._("Off in a scored game (practice=False)"))
        # a scored deal is played to its end: New deal would drop it unscored (a learner
        # could keep only the deals they like); the teacher's new_deal() still deals
        st = self.state
        playing = not self.practice and not self.again.on and st is not None and not st.is_terminal()
        self.new_deal_button.disabled = playing
        self.new_deal_button.tooltip = self._(
            N_("Finish this deal first: in a scored game every deal counts") if playing else
            N_("Deal the cards of the deal number in the box") if self.practice else N_("Deal the next deal"))

    # ---- hooks a subclass provides ------------------------------------------------------

    def _begin_deal(self, seed: int | None, spec=None, code_seed: int | None = None) -> None:  # pragma: no cover
        """Start a deal: ``spec`` None: deal from ``seed`` with the game's dealer in turn;
        else the deal of the :class:`~cardkit.codes.DealSpec` ``spec`` (its rules already
        the dashboard's), with bots seeded from ``code_seed``. Drop an unfinished deal,
        start a new game after a finished one, and reset the per-deal bookkeeping."""
        raise NotImplementedError

    # ---- the game's deals, read from :attr:`game` ---------------------------------------------

    @property
    def state(self):
        """The current deal (:attr:`game`'s), None before the first; while a decision is
        tried again (:class:`~cardkit_widgets._try_again.TryAgain`), the practice copy."""
        again = self.__dict__.get("again")
        if again is not None and again.state is not None:
            return again.state
        return self.game.state

    #: The dealer of the current deal (or of the next one, if none is in progress): :attr:`game`'s,
    #: passing as its rules say (RULES.md §1.1, §2.1, §3.4).
    dealer = Delegate("game", "dealer")
    #: The first dealer's seat: drawn as the game's rules say (Variety, the highest card in the cut,
    #: RULES.md §1.1; Warsaw Hearts, the lowest, §2.1; Durak, the first six turned up, §3.2), or the
    #: seat given; a new game keeps it.
    first_dealer = Delegate("game", "first_dealer")
    #: How the first dealer was drawn (:attr:`game`'s: Variety and Warsaw Hearts, one dict seat → card
    #: per round of the cut; Durak, ``(seat, card)`` in the order turned up); [] when the first dealer
    #: was given.
    cut = Delegate("game", "cut")

    def _bot(self, seat: int):
        """The bot of ``seat`` for the current deal: :attr:`game`'s player there."""
        return self.game.players[seat]

    def _deal_next(self, seed, spec=None) -> None:
        """:attr:`game`'s next deal (the ``_begin_deal`` hooks' common part): an unfinished
        deal is dropped first (not scored; the same dealer deals again), then the deal of
        ``seed``, or of the deal code ``spec`` (with the code's dealer)."""
        g = self.game
        if g.state is not None and not g.state.is_terminal():
            g.drop_deal()
        if spec is None:
            g.new_deal(seed=seed)
        else:
            g.new_deal(state=spec.new_state())

    def _record(self) -> None:
        """The deal is over: record its row (once) in :attr:`game`, the
        :class:`~cardkit.series.DealSeries` that keeps the deals and their rows, with the
        hints used as the row's note; then the score sheets are redrawn from the game."""
        g = self.game
        if self.again.on:  # a try is practice: the game keeps the first result
            self.again.finished(self.state)
            return
        if len(g.scores) < len(g.deals):
            g.record()
            self._notes_by_game(g)[len(g.scores) - 1] = self._hint_note()
        self._show_scores()

    def _unrecord(self) -> None:
        """Undo after the end: take the deal's row back from :attr:`game` (when it was
        recorded); the score sheets are redrawn from the game."""
        g = self.game
        st = g.state
        if self.again.on:  # undo in a try: nothing of it was recorded
            self.again.result = None
            return
        if st is not None and st.is_terminal() and len(g.scores) == len(g.deals):
            g.unrecord()
            self._notes_by_game(g).pop(len(g.scores), None)
        self._show_scores()

    #: :meth:`ScoreNotes.notes_by_game`: the hints used in a game's recorded deals, by deal index.
    _notes_by_game = Method("score_notes", "notes_by_game")
    #: :meth:`ScoreNotes.show`: redraw the score sheet (``self.scores``) from :attr:`game`'s rows, each
    #: noted with :meth:`_deal_note` and the hints used; a dashboard with other sheets overrides it.
    _show_scores = Method("score_notes", "show")

    def _deal_note(self, state) -> str:
        """The score sheet's note for a recorded deal (its contract, a sweep); "" for none."""
        return ""

    def _undone(self, n: int) -> None:
        """Called after undo went back to history length ``n``."""

    def _acted_text(self, state, before: int, phase: str) -> str:
        """The status message after the learner's action ``state.history[before]``."""
        return f"You played {state.history[before]}."

    def _draw(self, state, live: bool) -> dict | None:  # pragma: no cover
        """Draw every part from ``state``: the live deal (``live``), or a replay position
        (nothing enabled); returns the card table's view (a dict) or None."""
        raise NotImplementedError

    def _draw_empty(self) -> dict | None:
        """Draw the parts before the first deal; returns the card table's view or None."""

    def _turn_text(self, state) -> str:  # pragma: no cover
        raise NotImplementedError

    def _title_html(self, state) -> str:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def _default_rules(cls, kwargs: dict):  # pragma: no cover
        """The rules the constructor would use for these keyword arguments."""
        raise NotImplementedError

    # ---- actions (public: a lesson may call them as well as click) ------------------------

    #: :meth:`DealCodes.new_deal`: deal the deal of a number (the seed box's by default).
    new_deal = Method("codes", "new_deal")

    #: :meth:`DealCodes.load`: deal the deal a code names; True if it was loaded.
    load_code = Method("codes", "load")
    _read_seed_box = Method("codes", "read_seed_box")  # the seed box's seed
    _spec_for = Method("codes", "spec_for")            # the DealSpec of a code this table can deal

    #: :func:`~cardkit_widgets._deal_codes.table_from_query`: the table a lesson shows, honouring
    #: a teacher's link ``?deal=CODE``.
    from_query = classmethod(table_from_query)
    #: :func:`~cardkit_widgets._deal_codes.table_from_code`: the table a class link ``?deal=CODE`` opens.
    from_code = classmethod(table_from_code)

    def _started(self, what: str) -> None:
        self.again.stop()  # a new deal ends a try (the game keeps the deal tried as recorded)
        self.guide.deal_started()
        st = self.state
        self._play(st, self._code_of_current())
        self.last_error = None
        self.last_trick.value = False
        self._reset_judge()
        if st.dealer == getattr(self, "seat", None):
            self._message = self._("{what}: you deal.", what=what)
        else:
            self._message = self._("{what}: {seat} deals.", what=what,
                                   seat=html.escape(in_sentence(self.names[st.dealer])))
        self.set_trait("deal_code", self._code_of_current())
        self._run_bots()
        self.refresh()

    def _session(self) -> TableSession:
        """The table session of the deal in play (a deal is in play once the page is built)."""
        if self.session is None:
            raise StateError(self._("no deal yet: press New deal"))
        return self.session

    def _play(self, st, code: str | None = None) -> None:
        """Put ``st`` in play in :attr:`session` (made for the deal's rules when it has none
        or other rules): the learner's seat is theirs, the others the game's bots
        (:meth:`_bot`). The bots do not act yet (:meth:`_run_bots`)."""
        s = self.session
        if s is None or s.rules != st.rules:
            s = self.session = TableSession(self.GAME, rules=st.rules, bot_for=self._bot, key="page", seed=0)
            s.sit(self.seat, LEARNER)
            s.before_bot = self._before_bot
        s.play(st, code=code or None, reply=False)    # the bots wait: the page shows the deal first
        s.take_events()

    _code_of_current = Method("codes", "of_current")  # the current deal's code
    def act(self, action) -> bool:
        """The learner's action (a card, a bid, ... or its notation). Returns True if it
        was applied; else shows the reason in the status line (one line) and returns False;
        the state is then unchanged."""
        st = self.state
        try:
            if st is None:
                raise StateError(self._("no deal yet: press New deal"))
            if st.is_terminal():
                raise StateError(self._("the deal is over: press New deal"))
            if st.current_player != self.seat:
                raise IllegalActionError(self._("it is {seat}'s turn, not yours", seat=self.names[st.current_player]))
            step = self.guide.situation(st)
            before = len(st.history)
            phase = st.phase
            self._session().act(self.seat, action, LEARNER, reply=False)   # the bots reply once it is shown
        except CardkitError as e:
            err: CardkitError = e
            if isinstance(action, Card) and st is not None and st.phase in PHASE_REFUSALS \
                    and st.current_player == self.seat:   # a card in the bidding, the trump draw, the draw: in words
                err = IllegalActionError(self._("{card} cannot be played now: {why}", card=action.label,
                                                why=self._(PHASE_REFUSALS[st.phase])))
            why = self.guide.why_not(st) if st is not None else None   # the guided step's rule, in words
            said = self._engine_words(one_line(err, tr=self._error_words, players=_seat_words(st, self.seat)))
            self._error(CardkitError(f"{said} ({why})") if why else CardkitError(said) if said != one_line(err)
                        else err)
            return False
        self._close_replay()
        self.guide.acted(step, before)
        self.last_error = None
        self._message = self._acted_text(st, before, phase)
        self._run_bots()
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the learner's last decision and every bot action after it (practice
        mode). Shows "nothing to undo" when the learner has not acted in this deal, and in
        a scored game (``practice=False``) that undo is off."""
        st = self.state
        if not self.practice and not self.again.on:
            self._error(StateError(self._("undo is off in a scored game (practice=False): every decision counts")))
            return
        if st is None or self.session is None or not self.session.can_undo:
            self._error(StateError(self._(self.NOTHING_TO_UNDO)))
            return
        self._close_replay()
        if st.is_terminal():
            self._unrecord()   # the deal's row first
        n = self.session.undo()   # back to the learner's last decision: snapshots, nothing replayed
        self.session.take_events()
        self._undone(n)
        if self.again.on:
            self.again.undone(n)
        self.last_error = None
        self._message = self._("Undone: back to {where}; your turn again.", where=self.again.place(st))
        self.refresh()

    # ---- the judge: Hint and How did I do? (widgets/_judge.py) ------------------------------

    #: :meth:`Judge.hint`: the best action from the learner's view, in the status line.
    hint = Method("judge")
    #: :meth:`Judge.review`: How did I do? (judge the finished deal's decisions).
    review_deal = Method("judge", "review")
    #: :meth:`Judge.jump`: a judged decision shown in the replay.
    review_jump = Method("judge", "jump")
    #: the last hint as plain text (None before one).
    hint_text = Delegate("judge", settable=True)
    #: how many positions of the current deal the learner asked a hint for.
    hints_used = Delegate("judge")
    #: the verdicts How did I do? listed as costly, worst first (None before).
    review_verdicts = Delegate("judge", settable=True)
    #: the verdicts it listed after them, which may have cost a point but not clearly (None before).
    review_unsure = Delegate("judge", settable=True)
    _reset_judge = Method("judge", "reset")    # a new deal: no hint used, nothing judged
    _hint_note = Method("judge", "hint_note")  # the score sheet's note for the hints used

    # ---- the replay -----------------------------------------------------------------------

    #: the :class:`cardkit.replay.Replay` shown, or None when the replay is off (:class:`Replayer`'s)
    replay = Delegate("replayer", settable=True)
    #: :meth:`Replayer.open`: the replay of the deal so far at a position.
    open_replay = Method("replayer", "open")
    #: :meth:`Replayer.step`: step the replay; returns the commentary passed.
    replay_step = Method("replayer", "step")
    #: the commentary shown: the lines of the action just replayed ([] at the start).
    replay_lines = Delegate("replayer", "lines")
    _new_replay = Method("replayer", "new")                # the replay of a state for the learner's eyes
    _close_replay = Method("replayer", "close")            # the replay off
    _set_replay_toggle = Method("replayer", "set_toggle")  # the toggle set from code

    # ---- the bots, errors ------------------------------------------------------------------

    def _run_bots(self) -> None:
        """The bots act from their observations until the learner's turn or the end; a
        finished deal is recorded and its replay opened at the end.

        Before an expert bot thinks (about half a second a decision), the page is sent the
        position so far, with "West is thinking…": the learner's card shows at once, and
        each bot's card as it is played. Rule bots answer at once: no extra messages."""
        st = self.state
        s = self._session()
        s.settle()   # the one bot loop (cardkit.core.bots.run_bots), as at the room's tables
        s.take_events()
        if st.is_terminal():
            self._record()
            self.replay = self._new_replay(st)
            self.replay.seek(len(self.replay))
            self._set_replay_toggle(True)

    def _before_bot(self, _state, seat: int, bot) -> None:
        if getattr(bot, "name", "") == "expert":
            self._show_thinking(seat)

    def _show_thinking(self, seat: int) -> None:
        """Send the page the position now, the status line saying that ``seat`` thinks."""
        saved = self._message
        who = (self._("You are thinking…") if seat == getattr(self, "seat", None) else
               self._("{seat} is thinking…", seat=html.escape(self.names[seat])))
        self._message = (saved + " " if saved else "") + who
        try:
            self.refresh()
        finally:
            self._message = saved

    def _safely(self, f, *args) -> None:
        """Run a callback: a CardkitError (or any ValueError) becomes one status line; an
        unexpected error too, so the learner never sees a traceback."""
        try:
            f(*args)
        except ValueError as e:
            self._error(e)
        except Exception as e:  # noqa: BLE001 - a dashboard shows one line, never a traceback
            self._error(e, prefix=self._("Something went wrong ({error})", error=type(e).__name__))

    def _error(self, e: BaseException, prefix: str | None = None) -> None:
        if prefix is None:
            prefix = self._("Not allowed")
        self.last_error = one_line(e, tr=self._error_words)
        self._message = f"<b>⚠ {prefix}:</b> {html.escape(self.last_error)}"
        self.refresh()

    # ---- display ---------------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        return plain_text(self.status.value)

    _show_others = Method("showing", "others")                 # the other players' cards shown?
    _hand_html = staticmethod(_hand_html)

    _show_last_trick = Method("showing", "last_trick_shown")   # the last finished trick shown?
    _last_trick_note = Method("showing", "last_trick_note")    # ... and why

    def refresh(self) -> None:
        """Bring every part of the dashboard up to date: the live deal, or the replay's
        position while the replay is on; then send the card table its new state (one
        message, none when nothing changed)."""
        _ = self._
        self.show_hands.description = _("Show all hands: on") if self.show_all_hands else _("Show all hands: off")
        self.last_trick.description = _("Last trick: on") if self.last_trick.value else _("Last trick: off")
        self.four_colour_toggle.description = _("Four colours: on") if self.four_colour else _("Four colours: off")
        self.size_toggle.description = _("Large cards: on") if self.size_toggle.value else _("Large cards: off")
        self._show_scores()
        self._refresh_undo()
        self._refresh_boards()
        self.judge.sync()
        self.again.sync()
        self.replayer.sync()
        self.guide.sync()
        self.codes.hide(not self.practice)
        st = self.state
        if st is None:
            self.title.value = f"<h3 style='margin:2px'>{_(self.TITLE)}</h3>"
            self.status.value = self._message or _("Press New deal.")
            self.code_banner.value = ""
            self._view = self._draw_empty() or {}
            self._push()
            return
        self.title.value = self._title_html(st)
        code = self.codes.page_code()  # a scored game hides the code while the deal is played (it names the hands)
        banner = _("Deal code: {code}", code=html.escape(code))
        self.code_banner.value = (f"<div style='font-size:1.6em;font-weight:bold;margin:2px 0px;"
                                  f"overflow-wrap:anywhere'>{banner}</div>" if code else "")
        if self.replay is not None:
            self._view = self._draw(self.replay.state, live=False) or {}
        else:
            self._view = self._draw(st, live=True) or {}
        code_text = ("" if self.practice else _(DealCodes.HIDDEN_CODE_TEXT)) if not code else (
            _("Deal code {code}.", code=html.escape(code)) if self.practice else
            _("Deal code {code} (the cards of the deal just played).", code=html.escape(code)))
        tried = self.again.status_words()
        status = " · ".join(x for x in (self._message, tried, self._turn_text(st), code_text) if x)
        self.status.value = status if self.lang == "en" else cards_in_words_of(status, self.i18n)
        self._push()

    # ---- exact values with all hands shown ---------------------------------------------------------

    #: :attr:`Exact.values`: the exact values the table shows now, ``{action: points}``, or None.
    exact_values = Delegate("exact", "values")
    #: :attr:`Exact.note`: the line under the hand about the exact values ("" when none are shown).
    exact_note = Delegate("exact", "note")
    _exact_into = Method("exact", "into")   # the values into the card table's state (or asked for)

    # ---- the card table's state -------------------------------------------------------------------

    def _push(self) -> None:
        """Send the card table the dashboard's state (:mod:`cardkit_widgets.card_table`)."""
        if getattr(self, "table", None) is not None:
            self.table.state = self._table_state()

    def _table_state(self) -> dict:
        view = dict(getattr(self, "_view", None) or {})
        four = self.four_colour
        controls = {n: c.to_json() for n, c in self._all_controls().items()}
        out = {"game": self.GAME, "players": len(self.names), "title": self.title.value,
               "banner": self.code_banner.value if not self.code_banner.hidden else "",
               "status": recolour_html(self.status.value, four), "error": self.last_error is not None,
               "controls": controls, "bar_main": list(self._bar_main()), "bar_more": list(self.BAR_MORE),
               "bar_replay": list(self.BAR_REPLAY), "bar_guide": ["guide_box", "guide_ok"],
               "seats": [], "hand": [], "caption": "", "trick": {},
               "trump": None, "panel": None}
        out.update(view)
        if out.get("caption"):
            out["caption"] = recolour_html(out["caption"], four)
        self._exact_into(out)
        out["words"] = self._page_words()
        out = _tens_as_10_in(out)
        return out if self.lang == "en" else _cards_in_language(out, self.i18n)

    def _page_words(self) -> dict[str, str]:
        """The card table page's own words (``card_table.js``: labels, tooltips, the Durak
        stacks' and the trump draw's buttons) in the table's language, by key; ``{i}``,
        ``{name}``... are filled in by the page."""
        return {**card_table_words(self.i18n), "again_title": self._("{what} (practice: not scored)")}

    #: The learner's cards in a row: ♠ ♥ ♣ ♦ (the colours alternate), ace first.
    SUIT_ORDER: ClassVar[dict[str, int]] = SUIT_ORDER

    def _card_order(self, card: Card):
        return card_order(card)

    def _positions(self) -> dict[int, str]:
        return seat_positions(len(self.names), getattr(self, "seat", 0))

    def _seats_view(self, st, live: bool, *, counts, notes=None, hands=None, tableaux=None) -> list[dict]:
        """One object per seat (see :mod:`cardkit_widgets.card_table`): the name, where it
        sits, its card count, notes, whose turn, and its cards when every hand is shown."""
        to_act = st.current_player if not st.is_terminal() else None
        return seats_part(self.names, self.seat, counts=counts, to_act=to_act, phase=st.phase, notes=notes,
                          hands=hands, tableaux=tableaux, tr=self.i18n)

    def _your_turn_words(self, phase: str) -> str:
        """The words after "▶" at the seat named "You" (:func:`cardkit.table.card_view.turn_words`)."""
        return turn_words(phase, self.i18n, named_you=True)

    def _refusal(self, st, card: Card, live: bool) -> str:
        """Why the learner may not play ``card`` now, in words: the engine's reason when it
        is the learner's turn to play (:func:`cardkit.table.card_view.refusal_words`, the
        room's words too)."""
        if not live:
            return self._("the replay shows a past position (Replay: off goes back to the game)")
        over = st.is_terminal()
        mine = not over and st.current_player == self.seat
        engine = engine_refusal(st, card) if mine and st.phase not in PHASE_REFUSALS else None
        return refusal_words(over=over, your_turn=mine, turn_seat=None if over else self.names[st.current_player],
                             phase=st.phase, engine=engine, tr=self.i18n)

    def _engine_words(self, text: str) -> str:
        """An engine's refusal (:data:`cardkit.table.card_view.ENGINE_REFUSALS`) in the table's
        language; other text as it is."""
        return text if self.lang == "en" else engine_words(text, self.i18n)

    def _hand_view(self, st, cards, live: bool) -> tuple[list[dict], str]:
        """The learner's cards (sorted by suit, each legal or with its reason) and the line
        under them."""
        mine = live and not st.is_terminal() and st.current_player == self.seat
        legal = {a for a in st.legal_actions() if isinstance(a, Card)} if mine else set()
        hand = sorted(cards, key=self._card_order)
        by_code = {card_code(c): c for c in hand}
        legal_codes = {card_code(c) for c in legal}
        out = hand_part(hand, legal_codes, lambda code: self._refusal(st, by_code[code], live))
        trick = getattr(st, "trick", None)
        led = trick.cards[0].suit.letter if trick is not None and trick.cards else None
        caption = hand_caption(hand, legal_codes, led=led,
                               nothing_why=self._refusal(st, hand[0], live) if hand else None, tr=self.i18n,
                               html_of=card_html)
        return out, caption

    def _trick_view(self, st, live: bool, heading: str) -> dict:
        """The trick shown (the open one, or the last finished one: see
        :meth:`_show_last_trick`), with the trick just finished as ``previous``."""
        pos = self._positions()

        def cards_of(t):
            return trick_cards(t.seats, t.cards, pos, self.names)

        done = [t for t in st.tricks if t.winner is not None]
        open_trick = st.tricks[-1] if st.tricks and st.tricks[-1].winner is None else None
        last = (done[-1].seats, done[-1].cards, done[-1].winner) if done else None
        now = (open_trick.seats, open_trick.cards) if open_trick is not None else None
        view: dict[str, Any] = trick_part(last, now, pos, self.names, over=st.is_terminal(), heading=heading,
                                          tr=self.i18n)
        view["caption"] = ""
        if done:
            t = done[-1]
            played = ", ".join(f"{html.escape(self.names[p])} {card_html(c)}" for p, c in zip(t.seats, t.cards))
            won = self.names[t.winner]   # inside a sentence: "won by your opponent", "won by you"
            if won == self._("You"):     # the verb agrees with the learner's name (Russian «её взяли вы»)
                view["caption"] = self._("Last trick ({n}): {cards}; won by <b>you</b>.", n=len(done), cards=played)
            else:
                won = won[0].lower() + won[1:] if won in ("You", "Your opponent") else won
                view["caption"] = self._("Last trick ({n}): {cards}; won by <b>{seat}</b>.", n=len(done),
                                         cards=played, seat=html.escape(won))
        if self._show_last_trick(st, live):   # the page's toggle (and a replay just after a trick)
            view.update(last=True, note=self._last_trick_note(st, live), cards=[], winner=None, previous=None)
            if done:
                view.update(cards=cards_of(done[-1]), winner=done[-1].winner)
            else:
                view["note"] = self._("No trick finished yet")
        return view

    #: :meth:`TryAgain.played_deal_text`: the deal as played, as a deal set of one board
    #: (``Download this deal``), as the game recorded it, never a practice try of it.
    played_deal_text = Method("again", "played_deal_text")

    _deal_words = Method("codes", "deal_words")   # "deal number 21", "deal code V-X…" (the status line)

"""DealDashboard: what the three play dashboards share (VarietyTable, WarsawHeartsTable,
DurakTable).

A learner in one seat plays against bots, deal after deal. The base class holds the
plumbing that is the same for every game, so each dashboard only says how its game deals,
scores and draws itself:

- the controls: ``New deal`` with a seed box, a ``Deal code`` box with ``Load``,
  ``Undo``, ``Show all hands``, ``Last trick``, ``Replay``, ``Four colours``;
- the learner's actions (:meth:`DealDashboard.act`), refused in one status line
  ("⚠ Not allowed: …"), never a traceback; the bots playing on until the learner's
  turn, each from ``state.observation(seat)`` only;
- undo back to the learner's previous decision (practice mode only, see below);
- deal codes (``docs/deal-codes.md``): the current deal's code in the status line and in
  the read-only trait :attr:`DealDashboard.deal_code`; :meth:`DealDashboard.load_code`;
  :meth:`DealDashboard.from_query` for a teacher's link ``?deal=V-4821``;
- the replay pane (:class:`cardkit.replay.Replay`): ◀◀ ◀ ▶ ▶▶ through the finished part
  of the deal with the engine's commentary, the position shown on the table. The
  commentary is written for the learner's eyes (``Replay(state, viewer=seat)``): while
  the deal is not over another seat's card is described from public facts only, never
  "the only legal card" or "holds no trump"; with ``show_all_hands`` on it is written for
  someone who sees every hand (``viewer=ALL``), and it follows the toggle;
- the teacher's options: :attr:`DealDashboard.show_all_hands` (a traitlet, synced with
  the toggle), ``layout="projector"`` (large cards and buttons, the deal code in big
  text, no seed or code boxes), ``practice=False`` (a scored game).

**Undo in a scored game.** With ``practice=False`` undo is off: the ``Undo`` button is
disabled, its tooltip says why, and :meth:`DealDashboard.undo` answers with one status
line. (The other choice, letting undo mark the deal as practice, would leave a score
sheet whose rows mean different things; a class that wants take-backs plays with the
default ``practice=True``.) The learner's ``Show all hands`` toggle is disabled too in a
scored game; the teacher can still set :attr:`DealDashboard.show_all_hands` from code.
"""

from __future__ import annotations

import dataclasses
import html
import os
import re
import zlib
from collections.abc import Sequence
from typing import ClassVar

import ipywidgets as W
import traitlets

from cardkit.cards import Card
from cardkit.codes import code_from_query, deal_code, game_entry, parse_deal_code
from cardkit.dealing import as_generator
from cardkit.errors import CardkitError, IllegalActionError, NotationError, StateError
from cardkit.replay import ALL, Replay

from ._common import one_line, suit_html

__all__ = ["DealDashboard", "plain_text", "PROJECTOR_CARD_FONT"]

#: The font size of a card button in the projector layout.
PROJECTOR_CARD_FONT = "2.5em"
#: The font size of the other buttons and boxes in the projector layout.
PROJECTOR_BUTTON_FONT = "1.6em"

_PROJECTOR_CSS = """<style>
.cardkit-projector .cardkit-projector-zoom { zoom: 1.7; }
.cardkit-projector .cardkit-projector-status { zoom: 1.6; }
.cardkit-projector .cardkit-projector-title { zoom: 1.5; }
</style>"""


def plain_text(text: str) -> str:
    """HTML as plain text: tags dropped, entities unescaped."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _hand_html(cards: Sequence[Card]) -> str:
    parts = []
    for suit in sorted({c.suit for c in cards}):
        ranks = "".join(c.rank.char for c in sorted((c for c in cards if c.suit == suit), key=lambda x: -x.rank))
        parts.append(f"{suit_html(suit)}{ranks}")
    return " ".join(parts) or "(no cards)"


class DealDashboard(W.VBox):
    """Base class of the play dashboards (not used on its own).

    A subclass sets :attr:`GAME` and :attr:`TITLE`, builds its parts between
    :meth:`_setup` and :meth:`_assemble` in its constructor, and provides the hooks
    ``_begin_deal``, ``_bot``, ``_record``, ``_unrecord``, ``_acted_text``, ``_draw``,
    ``_turn_text``, ``_title_html`` (see their docstrings below).

    Common constructor options (keyword-only in every dashboard):

    :param practice: True (default): practice, undo allowed. False: a scored game, undo
        is off (the button disabled, its tooltip says why) and the learner's
        ``Show all hands`` toggle is disabled.
    :param layout: ``"normal"`` (default) or ``"projector"``: large cards (font
        :data:`PROJECTOR_CARD_FONT`) and buttons, the deal code in big text, and no seed
        or code boxes (``New deal`` stays). An ``ipywidgets.Layout`` is taken as the
        box's layout, as for any ``VBox``.
    :param four_colour: show the four-colour deck where the card controls offer it.
    :raises CardkitError: for a layout other than these.

    Traits:

    :ivar deal_code: (``Unicode``, read-only) the current deal's code
        (``docs/deal-codes.md``): the short seed form ``"V-4821"`` for a seeded deal, or
        the code that was loaded; ``""`` before a deal.
    :ivar show_all_hands: (``Bool``) show every player's cards; linked both ways with
        the ``show_hands`` toggle.
    :ivar practice: (``Bool``) see above.
    :ivar four_colour: (``Bool``) see above; linked both ways with the ``Four colours``
        toggle, and passed to every table control's ``set_four_colour``.

    Widgets (built once, updated in place; every button's ``description`` is its
    accessible name and every state is said in words):

    :ivar title, status: ``HTML``; :attr:`status_text` is the status line as plain text.
    :ivar seed_box: ``IntText``; :ivar new_deal_button, undo_button: ``Button``.
    :ivar code_box: ``Text`` ("Deal code"); :ivar load_button: ``Button`` ("Load").
    :ivar show_hands, last_trick, replay_button, four_colour_toggle: ``ToggleButton`` s
        whose descriptions say their state ("Show all hands: on", "Four colours: off");
        ``four_colour_toggle`` is linked both ways with :attr:`four_colour`.
    :ivar code_banner: ``HTML``, the deal code in big text (projector layout only).
    :ivar replay_pane: ``VBox`` shown while the replay is on, with
        ``replay_back_trick``, ``replay_back``, ``replay_forward``,
        ``replay_forward_trick`` (``Button`` s), ``replay_info`` and
        ``replay_commentary`` (``HTML``).
    :ivar replay: the :class:`cardkit.replay.Replay` shown, or None when the replay is off;
        its ``viewer`` is the learner's seat, or ``"all"`` while :attr:`show_all_hands`.
    :ivar deal_seed: the current deal's seed (None for a deal loaded in the cards form).
    :ivar query_code, query_problem: set by :meth:`from_query`: the link's code when it
        was used, or why it was not (one line); both None otherwise.
    :ivar last_error: the last refused action's message (one line), or None.
    :ivar layout_mode: ``"normal"`` or ``"projector"``.
    """

    #: ``State.game`` of the dashboard's game (``"variety"``), for deal codes.
    GAME: ClassVar[str] = ""
    #: The title, HTML (the English and the Russian name).
    TITLE: ClassVar[str] = ""
    #: An example of this game's deal code, for the code box's placeholder.
    CODE_EXAMPLE: ClassVar[str] = "V-4821"
    #: What "nothing to undo" says.
    NOTHING_TO_UNDO: ClassVar[str] = "nothing to undo: you have not acted in this deal yet"
    LAYOUTS: ClassVar[tuple[str, ...]] = ("normal", "projector")

    deal_code = traitlets.Unicode("", read_only=True, help="the current deal's code (docs/deal-codes.md)")
    show_all_hands = traitlets.Bool(False, help="show every player's cards (synced with the toggle)")
    practice = traitlets.Bool(True, help="practice: undo allowed; False: a scored game, undo off")
    four_colour = traitlets.Bool(False, help="a four-colour deck where the card controls offer it")

    # ---- construction -------------------------------------------------------------------

    def _setup(self, seed: int, *, undo_tooltip: str, layout="normal") -> None:
        """The common attributes and widgets; call first in the subclass's constructor.

        :raises ValueError: for a bad seed or layout (before any widget is built).
        """
        as_generator(seed)  # validates the seed (ValueError with the value quoted)
        box_layout = None
        if isinstance(layout, W.Layout):
            box_layout, layout = layout, "normal"
        if layout not in self.LAYOUTS:
            raise CardkitError(f"layout {layout!r}: expected one of {', '.join(map(repr, self.LAYOUTS))}")
        self.layout_mode: str = layout
        self._box_layout = box_layout
        self.deal_seed: int | None = None
        self.last_error: str | None = None
        self.replay: Replay | None = None
        self._message = ""
        self._marks: list[int] = []          # history length before each learner decision
        self._loaded_code: str | None = None  # the code of a deal loaded with load_code
        self.query_code: str | None = None     # from_query: the link's code, if it was used
        self.query_problem: str | None = None  # from_query: why the link's code was not used
        self._syncing = False
        self._undo_tooltip = undo_tooltip

        self.title = W.HTML("")
        self.code_banner = W.HTML("", layout=W.Layout(display="none"))
        self.seed_box = W.IntText(value=int(seed), description="Next deal's seed", layout=W.Layout(width="17em"),
                                  style={"description_width": "10.5em"},
                                  tooltip="New deal deals with this seed (the same seed gives the same cards)")
        self.new_deal_button = W.Button(description="New deal", tooltip="Deal new cards with the seed in the box",
                                        layout=W.Layout(width="7em"))
        self.code_box = W.Text(value="", description="Deal code", placeholder=f"e.g. {self.CODE_EXAMPLE}",
                               layout=W.Layout(width="17em"), style={"description_width": "5.5em"})
        self.load_button = W.Button(description="Load", tooltip="Deal the cards of the code in the box",
                                    layout=W.Layout(width="5em"))
        self.undo_button = W.Button(description="Undo", tooltip=undo_tooltip, layout=W.Layout(width="5em"))
        self.show_hands = W.ToggleButton(value=False, description="Show all hands: off",
                                         tooltip="Show every player's cards (practice)", layout=W.Layout(width="11em"))
        self.last_trick = W.ToggleButton(value=False, description="Last trick: off",
                                         tooltip="Show the last finished trick instead of the current one",
                                         layout=W.Layout(width="9em"))
        self.four_colour_toggle = W.ToggleButton(
            value=False, description="Four colours: off",
            tooltip="A four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green (the suit symbols stay)",
            layout=W.Layout(width="10.5em"))
        self.replay_button = W.ToggleButton(value=False, description="Replay: off",
                                            tooltip="Go through the deal so far, card by card, with commentary",
                                            layout=W.Layout(width="8em"))
        self.status = W.HTML("", layout=W.Layout(margin="4px 0px", min_height="1.6em"))

        self.replay_back_trick = W.Button(description="◀◀ trick", tooltip="Back to the end of the previous trick",
                                          layout=W.Layout(width="6.5em"))
        self.replay_back = W.Button(description="◀ card", tooltip="Back one action (a card, a bid)",
                                    layout=W.Layout(width="5.5em"))
        self.replay_forward = W.Button(description="card ▶", tooltip="Forward one action (a card, a bid)",
                                       layout=W.Layout(width="5.5em"))
        self.replay_forward_trick = W.Button(description="trick ▶▶", tooltip="Forward to the end of the trick",
                                             layout=W.Layout(width="6.5em"))
        self.replay_info = W.HTML("")
        self.replay_commentary = W.HTML("", layout=W.Layout(min_height="2.6em"))
        self.replay_pane = W.VBox(
            [self.replay_info,
             W.HBox([self.replay_back_trick, self.replay_back, self.replay_forward, self.replay_forward_trick],
                    layout=W.Layout(flex_flow="row wrap", align_items="center")),
             self.replay_commentary],
            layout=W.Layout(display="none", border="1px solid #bbb", padding="4px", margin="4px 0px"))
        self._style = W.HTML("", layout=W.Layout(height="0px", margin="0px"))

        self.new_deal_button.on_click(lambda _b: self._safely(self.new_deal))
        self.load_button.on_click(lambda _b: self._safely(self.load_code, self.code_box.value))
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        self.last_trick.observe(lambda _c: self._safely(self.refresh), names="value")
        self.replay_button.observe(self._replay_toggled, names="value")
        self.replay_back.on_click(lambda _b: self._safely(self.replay_step, "back"))
        self.replay_forward.on_click(lambda _b: self._safely(self.replay_step, "forward"))
        self.replay_back_trick.on_click(lambda _b: self._safely(self.replay_step, "back_trick"))
        self.replay_forward_trick.on_click(lambda _b: self._safely(self.replay_step, "forward_trick"))

    def _controls(self, *toggles: W.Widget) -> W.HBox:
        """The row of controls: New deal, seed, code, Load, Undo, then ``toggles``, Replay
        and Four colours."""
        return W.HBox([self.new_deal_button, self.seed_box, self.code_box, self.load_button, self.undo_button,
                       *toggles, self.replay_button, self.four_colour_toggle],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def _assemble(self, children: Sequence[W.Widget], *, deal: bool, practice: bool = True,
                  four_colour: bool = False) -> None:
        """Build the box (``children`` in order, with the style and the code banner after
        the title) and deal the first deal if ``deal``."""
        children = list(children)
        i = children.index(self.title) + 1 if self.title in children else 0
        children[i:i] = [self.code_banner]
        children.append(self._style)
        W.VBox.__init__(self, children, layout=self._box_layout or W.Layout(padding="4px"))
        self.practice = bool(practice)
        self.four_colour = bool(four_colour)
        traitlets.link((self.show_hands, "value"), (self, "show_all_hands"))
        traitlets.link((self, "four_colour"), (self.four_colour_toggle, "value"))  # the trait's value first
        self.observe(lambda _c: self._safely(self._viewer_follows_show_all_hands), names="show_all_hands")
        self.observe(lambda _c: self._safely(self.refresh), names="practice")
        self.observe(lambda _c: self._safely(self._apply_four_colour), names="four_colour")
        if self.four_colour:
            self._apply_four_colour()
        if self.layout_mode == "projector":
            self._apply_projector()
        if deal:
            self.new_deal()
        else:
            self.refresh()

    # ---- the teacher's options ----------------------------------------------------------

    #: The attributes that may hold a table control (each subclass has some of them).
    PART_NAMES: ClassVar[tuple[str, ...]] = (
        "hand", "trick_table", "auction", "contracts_table", "scores", "penalty_table", "penalty_sheet",
        "bonus_sheet", "settlement", "their_tableau", "my_tableau", "trump_picker", "draw_chooser")

    def _parts(self) -> list[W.Widget]:
        """The table controls of this dashboard."""
        return [w for w in (getattr(self, n, None) for n in self.PART_NAMES) if w is not None]

    def _apply_four_colour(self) -> None:
        # The table controls that offer a four-colour deck (set_four_colour(), or a
        # four_colour attribute) switch; another keeps its red and black.
        for part in self._parts():
            setter = getattr(part, "set_four_colour", None)
            if callable(setter):
                setter(self.four_colour)
            elif "four_colour" in getattr(part, "__dict__", {}):
                part.four_colour = self.four_colour
        self.refresh()

    def _apply_projector(self) -> None:
        """Large cards and buttons, the deal code in big text, no seed or code boxes."""
        self.add_class("cardkit-projector")
        self._style.value = _PROJECTOR_CSS
        for w in (self.seed_box, self.code_box, self.load_button):
            w.layout.display = "none"
        self.code_banner.layout.display = None
        self.title.add_class("cardkit-projector-title")
        self.status.add_class("cardkit-projector-status")
        for b in (self.new_deal_button, self.undo_button, self.show_hands, self.last_trick, self.replay_button,
                  self.four_colour_toggle,
                  self.replay_back_trick, self.replay_back, self.replay_forward, self.replay_forward_trick):
            b.style.font_size = PROJECTOR_BUTTON_FONT  # widths in em grow with the font
            b.layout.height = "1.9em"
        sized = []
        for part in self._parts():
            set_size = getattr(part, "set_size", None)
            if callable(set_size):  # the control's own large size (a projector)
                set_size("large")
                sized.append(part)
        hand = getattr(self, "hand", None)
        if hand is not None and hand not in sized:
            # older controls: the card buttons' sizes are in em, so they grow with their font
            for b in hand.buttons.values():
                b.style.font_size = PROJECTOR_CARD_FONT
        for part in self._projector_zoomed():
            if part not in sized:
                part.add_class("cardkit-projector-zoom")

    def _projector_zoomed(self) -> list[W.Widget]:
        """The parts drawn larger on the projector by CSS zoom when they have no large
        size of their own."""
        return [w for w in (getattr(self, "trick_table", None),) if w is not None]

    def _refresh_undo(self) -> None:
        if not self.practice:
            self.undo_button.disabled = True
            self.undo_button.tooltip = ("Undo is off: this is a scored game (practice=False), "
                                        "every decision counts")
        else:
            self.undo_button.disabled = not self._marks
            self.undo_button.tooltip = self._undo_tooltip
        self.show_hands.disabled = not self.practice
        self.show_hands.tooltip = ("Show every player's cards (practice)" if self.practice else
                                   "Off in a scored game (practice=False)")

    # ---- hooks a subclass provides ------------------------------------------------------

    def _begin_deal(self, seed: int | None, spec=None, code_seed: int | None = None) -> None:  # pragma: no cover
        """Start a deal: ``spec`` None: deal from ``seed`` with the game's dealer in turn;
        else the deal of the :class:`~cardkit.codes.DealSpec` ``spec`` (its rules already
        the dashboard's), with bots seeded from ``code_seed``. Drop an unfinished deal,
        start a new game after a finished one, and reset the per-deal bookkeeping."""
        raise NotImplementedError

    def _bot(self, seat: int):  # pragma: no cover
        """The bot of ``seat`` for the current deal."""
        raise NotImplementedError

    def _bot_acted(self, state, seat: int, bot) -> None:
        """Called after ``bot`` chose its action, before it is applied (bidding remarks)."""

    def _record(self) -> None:  # pragma: no cover
        """The deal is over: record its row on the score sheet (once)."""
        raise NotImplementedError

    def _unrecord(self) -> None:  # pragma: no cover
        """Undo after the end: take the deal's row back (when it was recorded)."""
        raise NotImplementedError

    def _undone(self, n: int) -> None:
        """Called after undo went back to history length ``n``."""

    def _acted_text(self, state, before: int, phase: str) -> str:
        """The status message after the learner's action ``state.history[before]``."""
        return f"You played {state.history[before]}."

    def _draw(self, state, live: bool) -> None:  # pragma: no cover
        """Draw every part from ``state``: the live deal (``live``), or a replay position
        (nothing enabled)."""
        raise NotImplementedError

    def _draw_empty(self) -> None:
        """Draw the parts before the first deal."""

    def _turn_text(self, state) -> str:  # pragma: no cover
        raise NotImplementedError

    def _title_html(self, state) -> str:  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def _default_rules(cls, kwargs: dict):  # pragma: no cover
        """The rules the constructor would use for these keyword arguments."""
        raise NotImplementedError

    # ---- actions (public: a lesson may call them as well as click) ------------------------

    def new_deal(self, seed: int | None = None) -> None:
        """Deal a new deal with ``seed`` (default: the seed box, which then moves on by
        one), then let the bots act until it is the learner's turn. An unfinished deal is
        dropped (not scored; the same dealer deals again); after a finished game a new
        game starts.

        :raises ValueError: for a seed that is not an int >= 0 (one status line when
            clicked); nothing changes.
        """
        seed = int(self.seed_box.value if seed is None else seed)
        as_generator(seed)
        self._close_replay()
        self._begin_deal(seed)
        self.deal_seed = seed
        self._loaded_code = None
        self.seed_box.value = seed + 1
        self._started(f"New deal (seed {seed})")

    def load_code(self, code: str) -> bool:
        """Deal the deal that ``code`` names (``docs/deal-codes.md``), as every learner with
        the same code gets it, then let the bots act until the learner's turn.

        Returns True if it was loaded. A code that cannot be read, names another game, or
        carries rules other than this table's (``V-4821-L2`` on a table with the default
        lead) is refused in one status line ("⚠ Deal code not loaded: " and the
        :class:`~cardkit.NotationError`'s message, also in :attr:`last_error`) and the
        current deal is kept.
        """
        try:
            spec = self._spec_for(code)
        except CardkitError as e:
            self._error(e, prefix="Deal code not loaded")
            return False
        self._close_replay()
        canonical = spec.code
        self._begin_deal(spec.seed, dataclasses.replace(spec, rules=self.rules),
                         spec.seed if spec.seed is not None else zlib.crc32(canonical.encode()))
        self.deal_seed = spec.seed
        self._loaded_code = canonical
        if spec.seed is not None:
            self.seed_box.value = spec.seed + 1
        self.code_box.value = canonical
        self._started(f"Deal {canonical} loaded")
        return True

    def _spec_for(self, code: str):
        """The :class:`~cardkit.codes.DealSpec` of ``code`` if this table can deal it.

        :raises NotationError: for a code that cannot be read, of another game, or with
            other rules than the table's.
        """
        try:
            spec = parse_deal_code(code)
        except NotationError as e:
            # the reader's examples are Variety's ('V-4821'): name this game's instead
            raise NotationError(str(e).replace("'V-4821'", repr(self.CODE_EXAMPLE))) from None
        mine = game_entry(self.GAME)
        if spec.game != self.GAME:
            theirs = game_entry(spec.game)
            raise NotationError(f"deal code {code!r} is a {theirs.title} deal; this table plays {mine.title} "
                                f"(codes that start {mine.letter + '-'!r})")
        for f in self._code_fields(mine):
            want, have = getattr(spec.rules, f), getattr(self.rules, f)
            if want != have:
                raise NotationError(f"deal code {code!r} is for {f}={want!r}, but this table plays {f}={have!r}; "
                                    f"open the lesson with ?deal={spec.code} to get a table with those rules")
        return spec

    @staticmethod
    def _code_fields(entry) -> list[str]:
        """The ``Rules`` fields a deal code carries (players, the deal-level variants)."""
        out = [o.field for o in entry.variants if not o.deal]
        if len(entry.players) > 1:
            out.insert(0, "players")
        return out

    @classmethod
    def from_query(cls, query: str | None = None, **kwargs) -> "DealDashboard":
        """The dashboard a lesson shows, honouring a teacher's link ``?deal=CODE``.

        :param query: the page's query string (``"deal=V-4821"``, a leading ``?`` allowed);
            default ``os.environ["QUERY_STRING"]``, which Voila sets in the kernel.
        :param kwargs: the constructor's arguments. With a code, the table is built with
            the code's rules (its variants; Warsaw Hearts' number of players) over
            ``kwargs["rules"]`` and deals the code's deal.
        :returns: the dashboard. A code that cannot be used gives a normal deal and one
            status line saying why (:attr:`query_problem`); :attr:`query_code` is the
            code used, or None.
        """
        if query is None:
            query = os.environ.get("QUERY_STRING", "")
        code = code_from_query(query)
        problem = None
        if code is not None:
            try:
                spec = parse_deal_code(code)
                entry = game_entry(cls.GAME)
                if spec.game == cls.GAME:
                    fields = {f: getattr(spec.rules, f) for f in cls._code_fields(entry)}
                    kwargs = {**kwargs, "rules": dataclasses.replace(cls._default_rules(kwargs), **fields)}
                    kwargs.pop("players", None)
            except CardkitError as e:
                problem = one_line(e)
        table = cls(**kwargs)
        table.query_problem = problem
        if code is not None and problem is None:
            if table.load_code(code):
                table.query_code = table.deal_code
            else:
                table.query_problem = table.last_error
        if table.query_problem is not None:
            table.last_error = table.query_problem
            table._message = (f"<b>⚠ The link's deal code could not be used:</b> "
                              f"{html.escape(table.query_problem)} — here is a normal deal.")
            table.refresh()
        return table

    def _started(self, what: str) -> None:
        st = self.state
        self._marks = []
        self.last_error = None
        self.last_trick.value = False
        dealer = "you deal" if st.dealer == getattr(self, "seat", None) else f"{html.escape(self.names[st.dealer])} deals"
        self._message = f"{what}: {dealer}."
        self.set_trait("deal_code", self._code_of_current())
        self._run_bots()
        self.refresh()

    def _code_of_current(self) -> str:
        """The current deal's code: the code loaded, or the seed form, or (a seed a code
        cannot carry) the cards form."""
        st = self.state
        if self._loaded_code is not None:
            return self._loaded_code
        try:
            return deal_code(self.GAME, seed=self.deal_seed, dealer=st.dealer, rules=self.rules)
        except CardkitError:
            try:
                return deal_code(st)
            except CardkitError:
                return ""

    def act(self, action) -> bool:
        """The learner's action (a card, a bid, ... or its notation). Returns True if it
        was applied; else shows the reason in the status line (one line) and returns False;
        the state is then unchanged."""
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
        self._close_replay()
        self._marks.append(before)
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
        if not self.practice:
            self._error(StateError("undo is off in a scored game (practice=False): every decision counts"))
            return
        if st is None or not self._marks:
            self._error(StateError(self.NOTHING_TO_UNDO))
            return
        self._close_replay()
        n = self._marks.pop()
        self._unrecord()
        while len(st.history) > n:
            st.undo_action()
        self._undone(n)
        self.last_error = None
        self._message = "Undone: your turn again."
        self.refresh()

    # ---- the replay -----------------------------------------------------------------------

    def open_replay(self, position: int | None = None) -> None:
        """Show the replay of the deal so far at ``position`` (default: the end).

        :raises StateError: before a deal, or for a position outside the deal.
        """
        st = self.state
        if st is None:
            raise StateError("no deal yet: press New deal")
        replay = Replay(st, viewer=self._replay_viewer(), names=self.names)
        replay.seek(len(replay) if position is None else position)
        self.replay = replay
        self._set_replay_toggle(True)
        self.refresh()

    def _replay_viewer(self) -> int | str | None:
        """Whose eyes the replay's commentary is written for (:class:`cardkit.replay.Replay`'s
        ``viewer``): everyone's (:data:`cardkit.replay.ALL`) while all hands are shown,
        else the learner's seat (None for a table without one). So while the deal is not
        over, another seat's card is described from public facts only ("does not follow
        ♥: discards"), never "the only legal card" or "holds no trump"."""
        return ALL if self.show_all_hands else getattr(self, "seat", None)

    def _viewer_follows_show_all_hands(self) -> None:
        if self.replay is not None:
            self.replay.viewer = self._replay_viewer()
        self.refresh()

    def replay_step(self, how: str) -> list[str]:
        """Step the replay: ``"forward"``, ``"back"`` (one action), ``"forward_trick"``,
        ``"back_trick"``; returns the commentary passed (see :class:`Replay`).

        :raises StateError: when the replay is off or at that end of the deal.
        """
        if self.replay is None:
            raise StateError("the replay is off: press Replay")
        lines = getattr(self.replay, how)()
        self.refresh()
        return lines

    @property
    def replay_lines(self) -> list[str]:
        """The commentary shown: the lines of the action just replayed ([] at the start)."""
        r = self.replay
        if r is None or r.position == 0:
            return []
        return list(r.lines[r.position - 1])

    def _replay_toggled(self, change) -> None:
        if self._syncing:
            return
        if change["new"]:
            self._safely(self.open_replay)
        else:
            self.replay = None
            self._safely(self.refresh)

    def _set_replay_toggle(self, value: bool) -> None:
        self._syncing = True
        try:
            self.replay_button.value = value
        finally:
            self._syncing = False

    def _close_replay(self) -> None:
        self.replay = None
        self._set_replay_toggle(False)

    def _draw_replay(self) -> None:
        r = self.replay
        self.replay_button.description = f"Replay: {'on' if r is not None else 'off'}"
        st = self.state
        self.replay_button.disabled = st is None or (not st.history and r is None)
        if r is None:
            self.replay_pane.layout.display = "none"
            return
        self.replay_pane.layout.display = None
        at = r.state
        done = len(at.completed_tricks)
        self.replay_info.value = (f"<b>Replay</b>: action {r.position} of {len(r)}, {done} trick"
                                  f"{'s' if done != 1 else ''} finished; the table above shows this position "
                                  f"<small>(Replay: on → off goes back to the game)</small>")
        lines = self.replay_lines
        self.replay_commentary.value = ("<br>".join(html.escape(x) for x in lines) if lines else
                                        "<i>The start of the deal: nothing played yet.</i>")
        self.replay_back.disabled = self.replay_back_trick.disabled = r.position == 0
        self.replay_forward.disabled = self.replay_forward_trick.disabled = r.position == len(r)

    # ---- the bots, errors ------------------------------------------------------------------

    def _run_bots(self) -> None:
        """The bots act from their observations until the learner's turn or the end; a
        finished deal is recorded and its replay opened at the end."""
        st = self.state
        while not st.is_terminal() and st.current_player != self.seat:
            s = st.current_player
            bot = self._bot(s)
            action = bot.act(st.observation(s))
            self._bot_acted(st, s, bot)
            st.apply_action(action)
        if st.is_terminal():
            self._record()
            self.replay = Replay(st, viewer=self._replay_viewer(), names=self.names)
            self.replay.seek(len(self.replay))
            self._set_replay_toggle(True)

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
        self._message = f"<b>⚠ {prefix}:</b> {html.escape(self.last_error)}"
        self.refresh()

    # ---- display ---------------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        return plain_text(self.status.value)

    def _show_others(self, live: bool) -> bool:
        """Whether the other players' cards are shown: the toggle, or a replay of a
        finished deal."""
        st = self.state
        return self.show_all_hands or (not live and st is not None and st.is_terminal())

    _hand_html = staticmethod(_hand_html)

    def _show_last_trick(self, st, live: bool) -> bool:
        """Whether the trick table shows the last finished trick: the toggle, or a replay
        position just after a trick (so ◀◀ and ▶▶ land on a complete trick)."""
        if self.last_trick.value:
            return True
        if live or st.is_terminal() or not st.completed_tricks:
            return False
        open_trick = st.tricks[-1] if st.tricks and st.tricks[-1].winner is None else None
        return open_trick is None or not open_trick.cards

    def _last_trick_note(self, st, live: bool) -> str:
        """The note under the trick table's heading when it shows a finished trick
        (:meth:`_show_last_trick`): why that trick is shown."""
        if live:
            return "(last trick, shown on request)"
        open_trick = st.tricks[-1] if st.tricks and st.tricks[-1].winner is None else None
        if open_trick is None or not open_trick.cards:
            return "(the trick just finished)"
        return "(the last trick finished by this point of the replay)"

    def refresh(self) -> None:
        """Bring every part of the dashboard up to date (in place): the live deal, or the
        replay's position while the replay is on."""
        self.show_hands.description = f"Show all hands: {'on' if self.show_all_hands else 'off'}"
        self.last_trick.description = f"Last trick: {'on' if self.last_trick.value else 'off'}"
        self.four_colour_toggle.description = f"Four colours: {'on' if self.four_colour else 'off'}"
        self._refresh_undo()
        self._draw_replay()
        st = self.state
        if st is None:
            self.title.value = f"<h3 style='margin:2px'>{self.TITLE}</h3>"
            self.status.value = self._message or "Press New deal."
            self.code_banner.value = ""
            self._draw_empty()
            return
        self.title.value = self._title_html(st)
        code = self.deal_code
        self.code_banner.value = (f"<div style='font-size:3em;font-weight:bold;margin:4px 0px'>Deal code: "
                                  f"{html.escape(code)}</div>" if code else "")
        if self.replay is not None:
            self._draw(self.replay.state, live=False)
        else:
            self._draw(st, live=True)
        code_text = f"Deal code {html.escape(code)}." if code else ""
        self.status.value = " · ".join(x for x in (self._message, self._turn_text(st), code_text) if x)

    def _deal_words(self) -> str:
        """"seed 21", or "deal code V-X…" for a deal loaded in the cards form."""
        return f"seed {self.deal_seed}" if self.deal_seed is not None else f"deal code {html.escape(self.deal_code)}"

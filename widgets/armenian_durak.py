"""Armenian Durak with trumps (RULES.md §3): the tableau, the trump draw, the draw chooser
and the :class:`DurakTable` dashboard (a learner against the RuleBot, a game to 250).

Every control shows what one seat may see: it is drawn from ``state.observation(seat)``
(face-down cards are shown only as backs with a count). Legality comes from
``state.legal_actions()``; a click calls back with an action, and the controller applies
it with ``state.apply_action``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from cardkit.bots import Bot
from cardkit.cards import Card
from cardkit.dealing import as_generator
from cardkit.errors import CardkitError, IllegalActionError, quote
from cardkit.games import armenian_durak as ad
from cardkit.i18n import N_, check_lang, translation
from cardkit.table.card_view import tableau_part
from cardkit.wording import PHASE_REFUSALS

from ._common import card_button_layout, card_html, cards_in_words_of, in_sentence, seat_names, suit_colour, suit_html
from ._dashboard import DealDashboard
from .card_table import card_json, parse_card_id, suit_json
from .scores import ScoreSheet

__all__ = ["TableauView", "DrawChooser", "TrumpPicker", "DurakTable"]

BACK = "🂠"


class _Callbacks:
    """The callbacks that a control's buttons fire. A click on a disabled button is
    ignored, as in a browser (a programmatic ``Button.click()`` still fires ``on_click``)."""

    _callbacks: list

    def _register(self, callback, remove: bool) -> None:
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _emit(self, button, action) -> None:
        if button.disabled or action is None:
            return
        for cb in list(self._callbacks):
            cb(action)


class TableauView(_Callbacks, W.VBox):
    """One player's tableau (RULES.md §3.2): six stacks, each a face-up card lying on a
    face-down card.

    Each stack is a column: a button for the face-up card (its ``description`` is the card,
    ``"Q♥"``, or ``"—"`` when the stack is empty), and under it a line that says in words
    whether a face-down card lies below ("🂠 1 below" / "nothing below"). A face-up card
    that is legal now is enabled, bold and underlined; a click calls the :meth:`on_play`
    callbacks with the :class:`~cardkit.Card`.

    :param title: the heading (HTML allowed; default "Your tableau" in ``lang``).
    :param on_play: a callback ``f(card)``, optional.
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :ivar buttons: six ``Button`` s, one per stack; :ivar below: six ``HTML`` lines.
    :ivar caption: a line that counts the face-down cards.
    """

    def __init__(self, *, title: str | None = None, on_play: Callable[[Card], object] | None = None,
                 lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        _ = self.i18n.gettext
        if title is None:
            title = _("Your tableau")
        self.buttons = []
        self.below = []
        self._cards: list[Card | None] = [None] * ad.STACKS
        self._callbacks: list[Callable[[Card], object]] = []
        columns = []
        for i in range(ad.STACKS):
            stack = _("stack {n}").format(n=i + 1)
            b = W.Button(description="—", disabled=True, tooltip=stack, layout=card_button_layout("3.2em"))
            b.on_click(self._make_handler(i))
            lab = W.HTML("", layout=W.Layout(width="4.2em"))
            head = W.HTML(f'<div style="font-size:0.8em;color:#555;text-align:center">{stack}</div>',
                          layout=W.Layout(width="4.2em"))
            self.buttons.append(b)
            self.below.append(lab)
            columns.append(W.VBox([head, b, lab], layout=W.Layout(align_items="center", margin="0px 2px")))
        self.title = W.HTML(f"<b>{title}</b>")
        self.caption = W.HTML("")
        super().__init__([self.title, W.HBox(columns), self.caption], layout=W.Layout(padding="2px"))
        if on_play is not None:
            self.on_play(on_play)

    def on_play(self, callback: Callable[[Card], object], remove: bool = False) -> None:
        """Register (or remove) ``callback(card)``, called when a face-up card is clicked."""
        self._register(callback, remove)

    def _make_handler(self, i: int):
        return lambda b: self._emit(b, self._cards[i])

    def update(self, face_up: Sequence[Card | None], face_down: Sequence[int], legal=(), *,
               reason: str | None = None, caption: str | None = None) -> None:
        """Show six stacks in place.

        :param face_up: six cards or None (an empty stack), by stack.
        :param face_down: six counts (0 or 1), by stack.
        :param legal: the cards that may be played now (others are disabled).
        :param reason: why a face-up card is disabled (its tooltip).
        """
        _ = self.i18n.gettext
        if reason is None:
            reason = _("not playable now")
        legal = set(legal)
        self._cards = list(face_up)
        for i, (card, down, b, lab) in enumerate(zip(face_up, face_down, self.buttons, self.below)):
            if card is None:
                b.description = "—"
                b.disabled = True
                b.tooltip = _("stack {n}: empty").format(n=i + 1)
                b.style.font_weight = "normal"
                b.style.text_decoration = "none"
            else:
                b.description = self._card(card)
                b.style.text_color = suit_colour(card.suit)
                ok = card in legal
                b.disabled = not ok
                b.tooltip = (_("{card}, stack {n}: legal, click to play").format(card=self._card(card), n=i + 1) if ok
                             else _("{card}, stack {n}: {why}").format(card=self._card(card), n=i + 1, why=reason))
                b.style.font_weight = "bold" if ok else "normal"
                b.style.text_decoration = "underline" if ok else "none"
            below, nothing = _("{back} {n} below").format(back=BACK, n=down), _("nothing below")
            lab.value = (f'<div style="text-align:center;font-size:0.85em">{below}</div>' if down
                         else f'<div style="text-align:center;font-size:0.85em;color:#777">{nothing}</div>')
        if caption is None:
            n = sum(face_down)
            up = [c for c in face_up if c is not None]
            playable = [c for c in up if c in legal]
            caption = _("{up} face up, {down} face down.").format(up=len(up), down=n)
            if playable:
                caption += " " + _("Playable now (bold, underlined): {cards}.").format(
                    cards=" ".join(card_html(c) for c in playable))
        self.caption.value = caption if self.lang == "en" else cards_in_words_of(caption, self.i18n)

    def _card(self, card: Card) -> str:
        """A card as a button shows it: ``Q♥`` (``Д♥`` in Russian; the ten as 10 there)."""
        text = str(card)
        return text if self.lang == "en" else cards_in_words_of(text, self.i18n)

    def show(self, state, seat: int, *, viewer: int | None = None, active: bool = True) -> None:
        """Show seat ``seat``'s tableau as ``viewer`` (default ``seat``) sees it, from
        ``state.observation(viewer)``. Face-up cards are enabled only when ``seat`` is the
        viewer, it is the viewer's turn to play and the card is legal."""
        viewer = seat if viewer is None else viewer
        obs = state.observation(viewer)
        _ = self.i18n.gettext
        legal = []
        reason = _("not your turn") if seat == viewer else _("the opponent's card")
        if seat == viewer and active and obs.current_player == seat and obs.phase == "play":
            legal = [a for a in obs.legal_actions if isinstance(a, Card)]
            reason = _("not playable now: follow the suit led or trump")
        elif seat == viewer and obs.phase == "draw" and obs.current_player == seat:
            reason = _("first decide whether to draw")
        elif obs.phase == "over":
            reason = _("the deal is over")
        self.update(obs.face_up[seat], obs.face_down[seat], legal, reason=reason)

    @property
    def enabled_cards(self) -> list[Card]:
        """The face-up cards whose button is enabled (legal now)."""
        return [c for c, b in zip(self._cards, self.buttons) if c is not None and not b.disabled]

    def click(self, card: Card | str) -> None:
        """Click the face-up card ``card`` (a Card or its notation), as a user would.

        :raises CardkitError: when ``card`` is not face up on this tableau.
        """
        from cardkit.notation import parse_card

        card = parse_card(card)
        if card not in self._cards:
            raise CardkitError(f"{card} is not face up on this tableau")
        self.buttons[self._cards.index(card)].click()


class DrawChooser(_Callbacks, W.VBox):
    """The optional draw after a card from the hand (RULES.md §3.3): a button per stack
    ("Stack 3 🂠") and "Don't draw". Only the stacks that still hold a face-down card are
    enabled. A click calls the :meth:`on_choose` callbacks with a
    :class:`~cardkit.games.armenian_durak.Draw`.

    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :ivar buttons: ``dict[int | None, Button]``: stacks 0..5 and None ("Don't draw").
    """

    def __init__(self, *, on_choose: Callable[[ad.Draw], object] | None = None, lang: str = "en") -> None:
        self.i18n = translation(check_lang(lang))
        _ = self.i18n.gettext
        self.buttons: dict[int | None, W.Button] = {}
        self._callbacks: list[Callable[[ad.Draw], object]] = []
        row = []
        for i in list(range(ad.STACKS)) + [None]:
            b = W.Button(description=_("Stack {n} {back}").format(n=i + 1, back=BACK) if i is not None else
                         _("Don't draw"),
                         disabled=True, layout=W.Layout(width="6.5em" if i is not None else "7em"),
                         tooltip=_("take this stack's face-down card into your hand") if i is not None
                         else _("keep the face-down cards where they are"))
            b.on_click(self._make_handler(i))
            self.buttons[i] = b
            row.append(b)
        self.prompt = W.HTML("")
        super().__init__([self.prompt, W.HBox(row, layout=W.Layout(flex_flow="row wrap"))],
                         layout=W.Layout(padding="2px"))
        self.update(())
        if on_choose is not None:
            self.on_choose(on_choose)

    def on_choose(self, callback: Callable[[ad.Draw], object], remove: bool = False) -> None:
        """Register (or remove) ``callback(draw)``."""
        self._register(callback, remove)

    def _make_handler(self, i):
        return lambda b: self._emit(b, ad.Draw(i))

    def update(self, legal: Sequence) -> None:
        """Enable the :class:`Draw` actions in ``legal`` (e.g. ``state.legal_actions()``)."""
        stacks = {a.stack for a in legal if isinstance(a, ad.Draw)}
        for i, b in self.buttons.items():
            b.disabled = i not in stacks
        self.layout.display = None if stacks else "none"
        if stacks:
            n = len(stacks - {None})
            self.prompt.value = self.i18n.ngettext(
                "<b>You played from your hand: you may take one face-down card into your hand</b> ({n} stack to "
                "choose from; the face-up card stays).",
                "<b>You played from your hand: you may take one face-down card into your hand</b> ({n} stacks to "
                "choose from; the face-up card stays).", n).format(n=n)
        else:
            self.prompt.value = ""

    @property
    def enabled(self) -> list:
        """The choices enabled now: stack numbers 0..5 and None."""
        return [i for i, b in self.buttons.items() if not b.disabled]


class TrumpPicker(_Callbacks, W.VBox):
    """The trump draw (RULES.md §3.2, fig. 51): the dealer fans the hand face down and the
    opponent draws one card; its suit is trump and it goes back to the dealer's hand.

    One button per card of the fan ("🂠 1" … "🂠 6"); a click calls the :meth:`on_pick`
    callbacks with a :class:`~cardkit.games.armenian_durak.PickTrump`. After the draw the
    picker shows the card drawn and the trump suit in words.

    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :ivar buttons: the fan's buttons, one per card.
    """

    def __init__(self, size: int = 6, *, on_pick: Callable[[ad.PickTrump], object] | None = None,
                 lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        self._callbacks: list[Callable[[ad.PickTrump], object]] = []
        self.buttons: list[W.Button] = []
        self.row = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        self.prompt = W.HTML("")
        super().__init__([self.prompt, self.row], layout=W.Layout(padding="2px"))
        self._resize(size)
        if on_pick is not None:
            self.on_pick(on_pick)

    def _resize(self, size: int) -> None:
        if len(self.buttons) == size:
            return
        self.buttons = []
        for i in range(size):
            b = W.Button(description=f"{BACK} {i + 1}",
                         tooltip=self.i18n.gettext("draw card {i} of the dealer's fan (face down)").format(i=i + 1),
                         layout=W.Layout(width="4.2em", height="3em"), disabled=True)
            b.on_click(self._make_handler(i))
            self.buttons.append(b)
        self.row.children = tuple(self.buttons)

    def on_pick(self, callback: Callable[[ad.PickTrump], object], remove: bool = False) -> None:
        """Register (or remove) ``callback(pick)``."""
        self._register(callback, remove)

    def _make_handler(self, i):
        return lambda b: self._emit(b, ad.PickTrump(i))

    def show(self, state, viewer: int, names: Sequence[str] | None = None) -> None:
        """Show the trump draw of ``state`` as seat ``viewer`` sees it: the fan of backs,
        enabled when the viewer is to draw; after the draw, the card drawn and the trump.
        ``names``: the two seats' names (default "You", "Opponent" in the picker's language)."""
        _ = self.i18n.gettext
        if names is None:
            names = (_("You"), _("Opponent"))
        obs = state.observation(viewer)
        self._resize(obs.hand_sizes[obs.dealer])
        picking = obs.phase == "trump" and obs.current_player == viewer
        for b in self.buttons:
            b.disabled = not picking
        dealer, picker = html.escape(names[obs.dealer]), html.escape(names[1 - obs.dealer])
        if obs.phase == "trump":
            self.row.layout.display = None
            if obs.dealer == viewer:
                prompt = _("<b>First the trump must be drawn:</b> you fan your hand face down; {seat} draws one "
                           "card.").format(seat=picker)
            elif picking:
                prompt = _("<b>First the trump must be drawn:</b> {seat} fans the hand face down; <b>you draw one "
                           "card</b> — its suit will be trump, and the card goes back to the dealer.").format(
                    seat=dealer)
            else:
                prompt = _("<b>First the trump must be drawn:</b> {seat} fans the hand face down; {other} draws "
                           "one card.").format(seat=dealer, other=picker)
            self.prompt.value = prompt
        else:
            self.row.layout.display = "none"
            if obs.trump_card is not None:
                trump = suit_html(obs.trump, size='1.2em')
                card = card_html(obs.trump_card)
                if obs.dealer == viewer:
                    text = _("Trump: {trump} — {seat} drew {card} from your hand; it went back into your hand.").format(
                        trump=trump, seat=picker, card=card)
                elif names[obs.dealer] == _("Opponent"):   # the default name: Russian «из веера соперника»
                    text = _("Trump: {trump} — you drew {card} from Opponent's hand; it went back to Opponent.").format(
                        trump=trump, card=card)
                else:
                    text = _("Trump: {trump} — you drew {card} from {seat}'s hand; it went back to {seat}.").format(
                        trump=trump, card=card, seat=dealer)
                self.prompt.value = text if self.lang == "en" else cards_in_words_of(text, self.i18n)
            elif obs.trump is not None:
                self.prompt.value = _("Trump: {trump} (given).").format(trump=suit_html(obs.trump, size='1.2em'))
            else:  # pragma: no cover
                self.prompt.value = ""

    @property
    def enabled(self) -> list[int]:
        """The indices of the enabled fan buttons."""
        return [i for i, b in enumerate(self.buttons) if not b.disabled]


class DurakTable(DealDashboard):
    """The Armenian Durak play dashboard: a learner against the RuleBot, a game to 250.

    Layout: one :class:`~cardkit_widgets.card_table.CardTable`: the title and controls;
    the opponent at the top with its tableau (face-up cards over card backs) and its card
    count; the trick and the trump; the trump draw (the dealer's fan, face down) or the
    draw after a card from the hand (a button per stack, "Don't draw") while they are
    due; the status line; the learner's tableau and hand. The :class:`ScoreSheet` is
    below it, collapsible.

    The first dealer is the first player to receive a six (RULES.md §3.2, drawn with the
    first seed); then the deal alternates; a game ends at 250 (``rules.target``) or after
    ``rules.deals`` deals. The game is a :class:`cardkit.games.armenian_durak.Game`
    (:attr:`game`): the deals, the dealer, the score rows and the game's end are read from
    it; the score sheet only shows its rows. Clicks become actions applied with
    ``state.apply_action``; a refused action is one line in the status line, never a
    traceback. The bot acts from
    ``state.observation(seat)`` only. ``Show all hands`` shows the opponent's hand and
    both players' face-down cards (practice). The controls, deal codes, the replay and
    the teacher's options are those of :class:`~cardkit_widgets._dashboard.DealDashboard`.

    :param seed: the seed of the first deal (an int >= 0); each ``New deal`` reads the
        seed box, which then moves on by one.
    :param seat: the learner's seat, 0 or 1.
    :param names: two names (default "You", "Opponent").
    :param rules: :class:`cardkit.games.armenian_durak.Rules`.
    :param first_dealer: the first dealer's seat; default: the first six, drawn with ``seed``.
    :param bot: the opponent, a :class:`~cardkit.bots.Bot` (default: as ``bots`` says).
    :param bots: ``"rule"`` (default: a :class:`~cardkit.games.armenian_durak.RuleBot`
        seeded from each deal's seed) or ``"expert"`` (:class:`cardkit.analysis.ExpertBot`); the
        page's "Bots" choice switches between them (:meth:`set_bots`).
    Common keyword options (``deal``, ``practice``, ``layout``, ``four_colour``, ``guide``,
    ``lang``): see :class:`~cardkit_widgets._dashboard.DealDashboard`.
    :raises CardkitError: for a seat other than 0 or 1, wrong names, a bad seed or layout.

    :ivar state: the current deal's state; :ivar deal_seed: its seed; :ivar deal_code: its
        code (``"D-8-D1"``), a read-only trait.
    :ivar game: the :class:`~cardkit.games.armenian_durak.Game` (a new one after a
        finished game, with the same first dealer).
    :ivar table: the :class:`~cardkit_widgets.card_table.CardTable`; :ivar scores: the
        score sheet (:attr:`game`'s rows); :ivar status: the status line
        (:attr:`status_text` in plain text); :ivar last_error: the last refused action's
        message, or None.
    """

    BOT_WORDS = (N_("Rule bot"), N_("Expert bot"))
    ONE_BOT = True
    BOTS_TOOLTIP = N_("The rule bot plays by simple rules and answers at once; the expert bot looks ahead and plays "
                      "better")
    REPLAY_STEP_WORDS = N_("a card, the trump draw, a draw")

    GAME = "armenian_durak"
    CODE_EXAMPLE = "D-5"
    TITLE = N_("Armenian Durak with trumps (Дурак армянский с козырями)")

    def __init__(self, seed: int = 0, *, seat: int = 0, names: Sequence[str] | None = None,
                 rules: ad.Rules | None = None, first_dealer: int | None = None, bot: Bot | None = None,
                 bots: str = "rule", deal: bool = True, practice: bool = True, layout="normal",
                 four_colour: bool = False, guide: bool = False, lang: str = "en") -> None:
        self._set_lang(lang)
        if isinstance(seat, bool) or seat not in (0, 1):
            raise CardkitError(f"seat {quote(seat)}: expected 0 or 1 (two players, RULES.md §3.1)")
        as_generator(seed)
        self.seat = int(seat)
        self.rules = rules or ad.Rules()
        self.names = seat_names(ad.PLAYERS, names, self.seat, tr=self.i18n)
        if first_dealer is not None and first_dealer not in (0, 1):
            raise CardkitError(f"first_dealer {quote(first_dealer)}: expected 0 or 1")
        self._fixed_bot = bot
        # the game: the first dealer is the first six turned up (RULES.md §3.2), drawn with seed
        self.game = ad.Game([None] * ad.PLAYERS, rules=self.rules, seed=seed)
        if first_dealer is not None:
            self.game.set_first_dealer(int(first_dealer))
        self._bot_seed = int(seed)
        self._setup(seed, layout=layout, bots=bots if bot is None else {1 - self.seat: bot},
                    undo_tooltip=N_("Take back your last decision"))
        self.scores = ScoreSheet(self.names, title=self._("Score sheet (game to {n})", n=self.rules.target)
                                 if self.rules.target else self._("Score sheet"), unit=self._("points"),
                                 label=self._("Deal"), lang=self.lang)
        self._assemble([(self._("Score sheet"), self.scores)], deal=deal, practice=practice, four_colour=four_colour,
                       guide=guide)

    @classmethod
    def _default_rules(cls, kwargs: dict) -> ad.Rules:
        return kwargs.get("rules") or ad.Rules()

    # ---- the game -------------------------------------------------------------------------

    @property
    def bot(self) -> Bot | None:
        """The opponent's bot in the current deal (None before the first deal)."""
        return self.game.players[1 - self.seat]

    @property
    def game_over(self) -> bool:
        """RULES.md §3.4: a total at or over 250 with the totals different (or the deals
        played): :attr:`game`'s end, after at least one deal."""
        return bool(self.game.scores) and self.game.is_over()

    def new_deal(self, seed: int | None = None) -> None:
        """Deal with ``seed`` (default: the seed box); the bot acts until the learner's
        turn. An unfinished deal is dropped unscored (the same dealer deals again); after
        a finished game the score sheet starts again.

        :raises ValueError: for a negative seed (one status line when clicked).
        """
        super().new_deal(seed)

    def act(self, action) -> bool:
        """The learner's action (a card, :class:`PickTrump`, :class:`Draw`, or notation such
        as ``"QH"``, ``"trump 2"``, ``"draw none"``). True if applied; else the reason is
        shown in the status line."""
        return super().act(action)

    # ---- the hooks of DealDashboard ---------------------------------------------------------

    def _begin_deal(self, seed, spec=None, code_seed=None) -> None:
        self._bot_seed = seed if code_seed is None else code_seed
        g = self.game
        if self.game_over:  # a new game, with the same first dealer (no new draw for a six)
            self.game = ad.Game(g.players, rules=self.rules, seed=self._bot_seed)
            self.game.set_first_dealer(g.first_dealer, g.cut)
        self._deal_next(seed, spec)
        self.game.players[1 - self.seat] = (self._fixed_bot or
                                            self._make_bot(self._bot_class(ad), self._bot_seed, 1 - self.seat))
        self._show_scores()

    def _replace_bots(self) -> None:
        if self._fixed_bot is None:
            self.game.players[1 - self.seat] = self._make_bot(self._bot_class(ad), self._bot_seed, 1 - self.seat)

    def _table_extra_action(self, action: dict) -> None:
        kind = action.get("kind")
        # the page sends whole numbers; anything else is refused in words by the
        # actions themselves (IllegalActionError), never int()'s or a KeyError's message
        value: Any = action.get("index" if kind == "trump" else "stack")
        if kind not in ("trump", "draw"):
            return
        st = self.state
        try:
            a = ad.PickTrump(value) if kind == "trump" else ad.Draw(value)
        except CardkitError:
            a = None
        mine = st is not None and not st.is_terminal() and st.current_player == self.seat
        if a is None or (mine and a not in st.legal_actions()):   # in words, never the engine's notation
            why = PHASE_REFUSALS.get(st.phase) if st is not None and st.phase != kind else None
            if why is not None:
                said = self._("That cannot be done now: {why}", why=self._(why))
            elif st is not None and st.phase == "play" and mine:
                said = self._("That cannot be done now: it is time to play a card")
            else:
                said = self._("The trump draw has no such card in the dealer's fan") if kind == "trump" else \
                    self._("There is no such face-down card to draw")
            self._error(IllegalActionError(said))
            return
        self.act(a)

    def _run_bot(self) -> None:
        self._run_bots()

    def _deal_note(self, state) -> str:
        """A score sheet row's note: a player who took every trick and its bonus
        (:func:`cardkit.games.armenian_durak.sweep_bonus`, RULES.md §3.4)."""
        for s in range(ad.PLAYERS):
            bonus = ad.sweep_bonus(state.tricks_won(s), state.rules)
            if bonus:
                if self.names[s] == self._("You"):   # the verb agrees: Russian «Вы взяли все взятки»
                    return self._("You took every trick: +{bonus}", bonus=bonus)
                return self._("{seat} took every trick: +{bonus}", seat=self.names[s], bonus=bonus)
        return ""

    def _acted_text(self, st, before: int, phase: str) -> str:
        last = st.history[before]
        _ = self._
        if isinstance(last, Card):
            return _("You played {card}.", card=card_html(last))
        if isinstance(last, ad.PickTrump):
            return _("You drew {card}: {suit} is trump.", card=card_html(st.trump_card), suit=suit_html(st.trump))
        return (_("You kept your face-down cards.") if last.stack is None
                else _("You took the face-down card of stack {n}.", n=last.stack + 1))

    # ---- display -----------------------------------------------------------------------------

    def _title_html(self, st) -> str:
        if in_sentence(self.names[st.dealer]) in ("you", "вы"):   # the default name of the learner's seat
            text = self._("Armenian Durak with trumps — deal {n} <small>({deal}; you deal; you sit at the "
                          "bottom)</small>", n=len(self.game.deals), deal=self._deal_words())
        else:
            text = self._("Armenian Durak with trumps — deal {n} <small>({deal}; {seat} deals; you sit at the "
                          "bottom)</small>", n=len(self.game.deals), deal=self._deal_words(),
                          seat=html.escape(in_sentence(self.names[st.dealer])))
        return f"<h3 style='margin:2px'>{text}</h3>"

    def _draw(self, st, live: bool) -> dict:
        opp = 1 - self.seat
        obs = st.observation(self.seat)
        show = self._show_others(live)
        notes = {s: self._("{tricks} tr., {points} pts", tricks=len(obs.taken[s]) // 2, points=obs.points[s])
                 for s in range(2)}
        mine = live and not st.is_terminal() and st.current_player == self.seat
        legal = {a for a in obs.legal_actions if isinstance(a, Card)} if mine else set()

        def stacks(s: int) -> list[dict]:
            return tableau_part(obs.face_up[s], obs.face_down[s], hidden=st.down[s] if show else None,
                                mine=s == self.seat, legal={card_json(c)["id"] for c in legal},
                                reason=lambda code: self._refusal(st, parse_card_id(code), live), tr=self.i18n)

        hand, caption = self._hand_view(st, obs.hand, live)
        ups = [c for c in obs.face_up[self.seat] if c is not None and c in legal]
        if ups:
            caption += " " + self._("From your tableau: {cards}.", cards=" ".join(card_html(c) for c in ups))
        n = len(obs.tricks) + (1 if obs.trick_leader is not None else 0)
        trick = self._trick_view(st, live, self._("Trick {n} of {total}", n=max(1, min(n, self.rules.tricks)),
                                                  total=self.rules.tricks))
        if trick["caption"]:
            caption += " " + trick["caption"]
        if obs.trump_card is not None and obs.phase != "trump":
            card = card_html(obs.trump_card)
            other = html.escape(in_sentence(self.names[opp]))
            if obs.dealer == self.seat:
                drew = self._("Trump {suit}: {seat} drew {card} from your hand; it went back into your hand.",
                              suit=suit_html(obs.trump), seat=other, card=card)
            elif self.names[opp] == self._("Your opponent"):   # Russian «из веера соперника», the name once
                drew = self._("Trump {suit}: you drew {card} from your opponent's hand; it went back to the dealer.",
                              suit=suit_html(obs.trump), card=card)
            else:
                drew = self._("Trump {suit}: you drew {card} from {seat}'s hand; it went back to the dealer.",
                              suit=suit_html(obs.trump), seat=other, card=card)
            caption = drew + " " + caption
        hands = {opp: st.hands[opp]} if show else None
        return {"seats": self._seats_view(st, live, counts=list(obs.hand_sizes), notes=notes, hands=hands,
                                          tableaux={s: stacks(s) for s in range(2)}),
                "hand": hand, "caption": caption, "trick": trick,
                "trump": suit_json(obs.trump) if obs.trump is not None else None,
                "panel": self._panel(st, obs, live)}

    def _panel(self, st, obs, live: bool) -> dict | None:
        """The trump draw (the dealer's fan, face down) while it is due, the draw after a
        card from the hand while the learner may draw, else the trump drawn."""
        names = self.names
        if obs.phase == "trump":
            picking = live and obs.current_player == self.seat
            dealer, picker = html.escape(names[obs.dealer]), html.escape(names[1 - obs.dealer])
            _ = self._
            if obs.dealer == self.seat:
                prompt = _("<b>First the trump must be drawn:</b> you fan your hand face down; {seat} draws one "
                           "card.", seat=picker)
            elif picking:
                prompt = _("<b>First the trump must be drawn:</b> {seat} fans the hand face down; <b>you draw one "
                           "card</b> — its suit will be trump, and the card goes back to the dealer.", seat=dealer)
            else:
                prompt = _("<b>First the trump must be drawn:</b> {seat} fans the hand face down; {other} draws "
                           "one card.", seat=dealer, other=picker)
            return {"kind": "trump", "active": picking, "fan": obs.hand_sizes[obs.dealer], "prompt": prompt}
        if obs.phase == "draw" and live and obs.current_player == self.seat:
            stacks = [a.stack for a in obs.legal_actions if isinstance(a, ad.Draw)]
            k = len([x for x in stacks if x is not None])
            prompt = self.i18n.ngettext(
                "<b>You played from your hand: you may take one face-down card into your hand</b> ({n} stack to "
                "choose from; the face-up card stays).",
                "<b>You played from your hand: you may take one face-down card into your hand</b> ({n} stacks to "
                "choose from; the face-up card stays).", k).format(n=k)
            return {"kind": "draw", "prompt": prompt, "stacks": [
                {"stack": x, "legal": True,
                 "tooltip": self._("keep the face-down cards where they are") if x is None
                 else self._("take stack {n}'s face-down card into your hand", n=x + 1)}
                for x in sorted(x for x in stacks if x is not None) + ([None] if None in stacks else [])]}
        return None

    def _turn_text(self, st) -> str:
        name = lambda s: html.escape(self.names[s])
        _ = self._
        if st.is_terminal():
            r = st.returns()
            t = self.game.totals
            if self.names[1 - self.seat] == _("Your opponent"):   # Russian «у соперника», not «у игрока соперник»
                text = _("Deal over: you {mine} points, your opponent {theirs}. Totals {total} : {other_total}.",
                         mine=r[self.seat], theirs=r[1 - self.seat], total=t[self.seat], other_total=t[1 - self.seat])
            else:
                text = _("Deal over: you {mine} points, {seat} {theirs}. Totals {total} : {other_total}.",
                         mine=r[self.seat], seat=html.escape(in_sentence(self.names[1 - self.seat])),
                         theirs=r[1 - self.seat], total=t[self.seat], other_total=t[1 - self.seat])
            if self.game_over:
                w, m = self.game.winner(), self.game.margin()
                text += " " + (_("The game is over: a tie.") if w is None else
                               self.i18n.ngettext("The game is over: you won by {n} points.",  # English: always
                                                  "The game is over: you won by {n} points.", m).format(n=m)
                               if w == self.seat else
                               self.i18n.ngettext("The game is over: {seat} won by {n} points.",
                                                  "The game is over: {seat} won by {n} points.", m).format(
                                   n=m, seat=html.escape(in_sentence(self.names[w]))))
            return text + " " + _("Press New deal.")
        if st.current_player != self.seat:
            return _("{seat} to act.", seat=name(st.current_player))
        if st.phase == "trump":
            return _("Your turn: draw a card from the dealer's fan for trumps.")
        if st.phase == "draw":
            return _("Your turn: take a face-down card into your hand, or don't draw.")
        return _("Your turn: play a card from your hand or your tableau.")

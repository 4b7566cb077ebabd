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

import ipywidgets as W
import numpy as np

from cardkit.bots import Bot
from cardkit.cards import Card
from cardkit.dealing import as_generator
from cardkit.errors import CardkitError
from cardkit.games import armenian_durak as ad

from ._common import card_button_layout, card_html, seat_names, suit_colour, suit_html
from ._dashboard import DealDashboard
from .hand import HandTable
from .scores import ScoreSheet
from .trick import TrickTable

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

    :param title: the heading (HTML allowed).
    :param on_play: a callback ``f(card)``, optional.
    :ivar buttons: six ``Button`` s, one per stack; :ivar below: six ``HTML`` lines.
    :ivar caption: a line that counts the face-down cards.
    """

    def __init__(self, *, title: str = "Your tableau", on_play: Callable[[Card], object] | None = None) -> None:
        self.buttons = []
        self.below = []
        self._cards: list[Card | None] = [None] * ad.STACKS
        self._callbacks: list[Callable[[Card], object]] = []
        columns = []
        for i in range(ad.STACKS):
            b = W.Button(description="—", disabled=True, tooltip=f"stack {i + 1}",
                         layout=card_button_layout("3.2em"))
            b.on_click(self._make_handler(i))
            lab = W.HTML("", layout=W.Layout(width="4.2em"))
            head = W.HTML(f'<div style="font-size:0.8em;color:#555;text-align:center">stack {i + 1}</div>',
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
               reason: str = "not playable now", caption: str | None = None) -> None:
        """Show six stacks in place.

        :param face_up: six cards or None (an empty stack), by stack.
        :param face_down: six counts (0 or 1), by stack.
        :param legal: the cards that may be played now (others are disabled).
        :param reason: why a face-up card is disabled (its tooltip).
        """
        legal = set(legal)
        self._cards = list(face_up)
        for i, (card, down, b, lab) in enumerate(zip(face_up, face_down, self.buttons, self.below)):
            if card is None:
                b.description = "—"
                b.disabled = True
                b.tooltip = f"stack {i + 1}: empty"
                b.style.font_weight = "normal"
                b.style.text_decoration = "none"
            else:
                b.description = str(card)
                b.style.text_color = suit_colour(card.suit)
                ok = card in legal
                b.disabled = not ok
                b.tooltip = f"{card}, stack {i + 1}: " + ("legal, click to play" if ok else reason)
                b.style.font_weight = "bold" if ok else "normal"
                b.style.text_decoration = "underline" if ok else "none"
            lab.value = (f'<div style="text-align:center;font-size:0.85em">{BACK} {down} below</div>' if down
                         else '<div style="text-align:center;font-size:0.85em;color:#777">nothing below</div>')
        if caption is None:
            n = sum(face_down)
            up = [c for c in face_up if c is not None]
            playable = [c for c in up if c in legal]
            caption = f"{len(up)} face up, {n} face down."
            if playable:
                caption += " Playable now (bold, underlined): " + " ".join(card_html(c) for c in playable) + "."
        self.caption.value = caption

    def show(self, state, seat: int, *, viewer: int | None = None, active: bool = True) -> None:
        """Show seat ``seat``'s tableau as ``viewer`` (default ``seat``) sees it, from
        ``state.observation(viewer)``. Face-up cards are enabled only when ``seat`` is the
        viewer, it is the viewer's turn to play and the card is legal."""
        viewer = seat if viewer is None else viewer
        obs = state.observation(viewer)
        legal = []
        reason = "not your turn" if seat == viewer else "the opponent's card"
        if seat == viewer and active and obs.current_player == seat and obs.phase == "play":
            legal = [a for a in obs.legal_actions if isinstance(a, Card)]
            reason = "not playable now: follow the suit led or trump"
        elif seat == viewer and obs.phase == "draw" and obs.current_player == seat:
            reason = "first decide whether to draw"
        elif obs.phase == "over":
            reason = "the deal is over"
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

    :ivar buttons: ``dict[int | None, Button]``: stacks 0..5 and None ("Don't draw").
    """

    def __init__(self, *, on_choose: Callable[[ad.Draw], object] | None = None) -> None:
        self.buttons: dict[int | None, W.Button] = {}
        self._callbacks: list[Callable[[ad.Draw], object]] = []
        row = []
        for i in list(range(ad.STACKS)) + [None]:
            b = W.Button(description=f"Stack {i + 1} {BACK}" if i is not None else "Don't draw",
                         disabled=True, layout=W.Layout(width="6.5em" if i is not None else "7em"),
                         tooltip="take this stack's face-down card into your hand" if i is not None
                         else "keep the face-down cards where they are")
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
            self.prompt.value = (f"<b>You played from your hand: you may take one face-down card into your hand</b> "
                                 f"({n} stack{'s' if n != 1 else ''} to choose from; the face-up card stays).")
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

    :ivar buttons: the fan's buttons, one per card.
    """

    def __init__(self, size: int = 6, *, on_pick: Callable[[ad.PickTrump], object] | None = None) -> None:
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
            b = W.Button(description=f"{BACK} {i + 1}", tooltip=f"draw card {i + 1} of the dealer's fan (face down)",
                         layout=W.Layout(width="4.2em", height="3em"), disabled=True)
            b.on_click(self._make_handler(i))
            self.buttons.append(b)
        self.row.children = tuple(self.buttons)

    def on_pick(self, callback: Callable[[ad.PickTrump], object], remove: bool = False) -> None:
        """Register (or remove) ``callback(pick)``."""
        self._register(callback, remove)

    def _make_handler(self, i):
        return lambda b: self._emit(b, ad.PickTrump(i))

    def show(self, state, viewer: int, names: Sequence[str] = ("You", "Opponent")) -> None:
        """Show the trump draw of ``state`` as seat ``viewer`` sees it: the fan of backs,
        enabled when the viewer is to draw; after the draw, the card drawn and the trump."""
        obs = state.observation(viewer)
        self._resize(obs.hand_sizes[obs.dealer])
        picking = obs.phase == "trump" and obs.current_player == viewer
        for b in self.buttons:
            b.disabled = not picking
        dealer, picker = html.escape(names[obs.dealer]), html.escape(names[1 - obs.dealer])
        if obs.phase == "trump":
            self.row.layout.display = None
            fans = "you fan your hand" if obs.dealer == viewer else f"{dealer} fans the hand"
            self.prompt.value = (f"<b>First the trump must be drawn:</b> {fans} face down; "
                                 + ("<b>you draw one card</b> — its suit will be trump, and the card goes "
                                    "back to the dealer." if picking else f"{picker} draws one card."))
        else:
            self.row.layout.display = "none"
            if obs.trump_card is not None:
                trump = suit_html(obs.trump, size='1.2em')
                card = card_html(obs.trump_card)
                if obs.dealer == viewer:
                    self.prompt.value = (f"Trump: {trump} — {picker} drew {card} from your hand; "
                                         f"it went back into your hand.")
                else:
                    self.prompt.value = (f"Trump: {trump} — you drew {card} from {dealer}'s hand; "
                                         f"it went back to {dealer}.")
            elif obs.trump is not None:
                self.prompt.value = f"Trump: {suit_html(obs.trump, size='1.2em')} (given)."
            else:  # pragma: no cover
                self.prompt.value = ""

    @property
    def enabled(self) -> list[int]:
        """The indices of the enabled fan buttons."""
        return [i for i, b in enumerate(self.buttons) if not b.disabled]


class _WithoutTableauPlays:
    """A view of a state for :meth:`HandTable.show`: the same state, but the tricks leave
    out ``seat``'s cards played from the tableau, so the hand grid strikes through only
    the cards played from the hand."""

    def __init__(self, state, seat: int, from_tableau) -> None:
        self._state = state
        skip = set(from_tableau)
        self.tricks = [_Played([(s, c) for s, c in zip(t.seats, t.cards) if not (s == seat and c in skip)])
                       for t in state.tricks]

    #: the phase in words, for the hand's "Nothing to play now: ..." line
    PHASE_WORDS = {"trump": "trump draw"}

    @property
    def phase(self) -> str:
        phase = self._state.phase
        return self.PHASE_WORDS.get(phase, phase)

    def __getattr__(self, name):
        return getattr(self._state, name)


class _Played:
    def __init__(self, pairs) -> None:
        self.seats = [s for s, _ in pairs]
        self.cards = [c for _, c in pairs]


class DurakTable(DealDashboard):
    """The Armenian Durak play dashboard: a learner against the RuleBot, a game to 250.

    Layout: the title and controls (``New deal`` with a seed box, ``Deal code`` with
    ``Load``, ``Undo``, ``Show all hands``, ``Last trick``, ``Replay``, ``Four colours``); the trump draw
    (:class:`TrumpPicker`); the opponent's tableau (:class:`TableauView`, face-up cards
    and backs only); the trick (:class:`TrickTable`) beside the :class:`ScoreSheet`; the
    status line (with the deal code); the replay pane; the learner's tableau; the draw
    chooser (:class:`DrawChooser`); the learner's hand (:class:`HandTable`).

    The first dealer is the first player to receive a six (RULES.md §3.2, drawn with the
    first seed); then the deal alternates; a game ends at 250 (``rules.target``) or after
    ``rules.deals`` deals. Clicks become actions applied with ``state.apply_action``; a
    refused action is one line in the status line, never a traceback. The bot acts from
    ``state.observation(seat)`` only. ``Show all hands`` shows the opponent's hand and
    both players' face-down cards (practice). The controls, deal codes, the replay and
    the teacher's options are those of :class:`~cardkit_widgets._dashboard.DealDashboard`.

    :param seed: the seed of the first deal (an int >= 0); each ``New deal`` reads the
        seed box, which then moves on by one.
    :param seat: the learner's seat, 0 or 1.
    :param names: two names (default "You", "Opponent").
    :param rules: :class:`cardkit.games.armenian_durak.Rules`.
    :param first_dealer: the first dealer's seat; default: the first six, drawn with ``seed``.
    :param bot: the opponent (default a :class:`~cardkit.games.armenian_durak.RuleBot`
        seeded from each deal's seed).
    :param deal: deal the first deal at once (default True).
    :param practice: True (default): undo allowed; False: a scored game, undo off.
    :param layout: ``"normal"`` or ``"projector"`` (large cards, the code in big text).
    :param four_colour: a four-colour deck where the card controls offer it.
    :raises CardkitError: for a seat other than 0 or 1, wrong names, a bad seed or layout.

    :ivar state: the current deal's state; :ivar deal_seed: its seed; :ivar deal_code: its
        code (``"D-8-D1"``), a read-only trait.
    :ivar hand, my_tableau, their_tableau, trump_picker, draw_chooser, trick_table, scores:
        the parts; :ivar status: the status line (:attr:`status_text` in plain text);
        :ivar last_error: the last refused action's message, or None.
    """

    GAME = "armenian_durak"
    CODE_EXAMPLE = "D-5"
    TITLE = "Armenian Durak with trumps (Дурак армянский с козырями)"

    def __init__(self, seed: int = 0, *, seat: int = 0, names: Sequence[str] | None = None,
                 rules: ad.Rules | None = None, first_dealer: int | None = None, bot: Bot | None = None,
                 deal: bool = True, practice: bool = True, layout="normal", four_colour: bool = False) -> None:
        if isinstance(seat, bool) or seat not in (0, 1):
            raise CardkitError(f"seat {seat!r}: expected 0 or 1 (two players, RULES.md §3.1)")
        as_generator(seed)
        self.seat = int(seat)
        self.rules = rules or ad.Rules()
        self.names = seat_names(ad.PLAYERS, names, self.seat)
        if first_dealer is None:
            first_dealer, self.cut = ad.first_dealer(seed, self.rules)
        else:
            if first_dealer not in (0, 1):
                raise CardkitError(f"first_dealer {first_dealer!r}: expected 0 or 1")
            self.cut = []
        self.first_dealer = int(first_dealer)
        self._fixed_bot = bot
        self.bot: Bot | None = None
        self.state: ad.State | None = None
        self._recorded = False
        self._deal_number = 0
        opp = 1 - self.seat
        self._setup(seed, layout=layout, undo_tooltip="Take back your last decision")

        self.trump_picker = TrumpPicker(self.rules.hand_size, on_pick=lambda a: self._safely(self.act, a))
        self.their_tableau = TableauView(title=f"{html.escape(self.names[opp])}'s tableau "
                                               f"<small>(face-up cards; face-down cards are hidden)</small>")
        self.my_tableau = TableauView(title="Your tableau", on_play=lambda c: self._safely(self.act, c))
        self.draw_chooser = DrawChooser(on_choose=lambda a: self._safely(self.act, a))
        self.trick_table = TrickTable(ad.PLAYERS, names=self.names, viewer=self.seat)
        self.hand = HandTable(self.rules.deck, on_play=lambda c: self._safely(self.act, c), title="Your hand")
        self.scores = ScoreSheet(self.names, title=f"Score sheet (game to {self.rules.target})"
                                 if self.rules.target else "Score sheet", unit="points")
        controls = self._controls(self.show_hands, self.last_trick)
        middle = W.HBox([self.trick_table, self.scores], layout=W.Layout(flex_flow="row wrap",
                                                                         align_items="flex-start"))
        self._assemble([self.title, controls, self.trump_picker, self.their_tableau, middle, self.status,
                        self.replay_pane, self.my_tableau, self.draw_chooser, self.hand],
                       deal=deal, practice=practice, four_colour=four_colour)

    @classmethod
    def _default_rules(cls, kwargs: dict) -> ad.Rules:
        return kwargs.get("rules") or ad.Rules()

    def _projector_zoomed(self) -> list[W.Widget]:
        return [self.trick_table, self.their_tableau, self.my_tableau, self.trump_picker, self.draw_chooser]

    # ---- the game -------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (or of the next): the deal alternates (RULES.md §3.4)."""
        n = len(self.scores)
        if self.state is not None and not self._recorded:
            n = self._deal_number - 1
        return (self.first_dealer + n) % ad.PLAYERS

    @property
    def game_over(self) -> bool:
        """RULES.md §3.4: a total at or over 250 with the totals different (or the deals played)."""
        return bool(len(self.scores)) and ad.game_over(self.scores.totals, len(self.scores), self.rules)

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
        if self.game_over:
            self.scores.clear()
        if self.state is not None and not self._recorded:
            self._deal_number -= 1
        if spec is None:
            dealer = (self.first_dealer + len(self.scores)) % ad.PLAYERS
            self.state = ad.new_deal(seed=seed, dealer=dealer, rules=self.rules)
        else:
            self.state = spec.new_state()
        bot_seed = seed if code_seed is None else code_seed
        self.bot = self._fixed_bot or ad.RuleBot(np.random.default_rng([bot_seed, 1 - self.seat]))
        self._recorded = False
        self._deal_number = len(self.scores) + 1

    def _bot(self, seat: int) -> Bot:
        return self.bot

    def _run_bot(self) -> None:
        self._run_bots()

    def _record(self) -> None:
        st = self.state
        if not self._recorded:
            sweep = next((s for s in range(2) if not st.taken[1 - s]), None)
            note = f"{self.names[sweep]} took every trick: +10" if sweep is not None else ""
            self.scores.add_row(st.returns(), label=str(self._deal_number), note=note)
            self._recorded = True

    def _unrecord(self) -> None:
        if self._recorded:
            self.scores.remove_last_row()
            self._recorded = False

    def _acted_text(self, st, before: int, phase: str) -> str:
        last = st.history[before]
        if isinstance(last, Card):
            return f"You played {card_html(last)}."
        if isinstance(last, ad.PickTrump):
            return f"You drew {card_html(st.trump_card)}: {suit_html(st.trump)} is trump."
        return ("You kept your face-down cards." if last.stack is None
                else f"You took the face-down card of stack {last.stack + 1}.")

    # ---- display -----------------------------------------------------------------------------

    def _draw_empty(self) -> None:
        self.draw_chooser.update(())

    def _title_html(self, st) -> str:
        return (f"<h3 style='margin:2px'>Armenian Durak with trumps — deal {self._deal_number}"
                f" <small>({self._deal_words()}; dealer {html.escape(self.names[st.dealer])}; "
                f"you sit at the bottom)</small></h3>")

    def _draw(self, st, live: bool) -> None:
        opp = 1 - self.seat
        obs = st.observation(self.seat)
        self.trump_picker.show(st, self.seat, self.names)
        if not live:
            for b in self.trump_picker.buttons:
                b.disabled = True
        self.their_tableau.show(st, opp, viewer=self.seat)
        self.my_tableau.show(st, self.seat, active=live)
        self.draw_chooser.update(obs.legal_actions if obs.phase == "draw" and live else ())
        from_tableau = self._played_from_tableau(st)
        self.hand.show(_WithoutTableauPlays(st, self.seat, from_tableau), self.seat, cards=obs.hand, active=live)
        if from_tableau:
            self.my_tableau.caption.value += (" Played from your tableau: "
                                              + " ".join(card_html(c) for c in from_tableau) + ".")
        notes = {s: f"{len(obs.taken[s]) // 2} tr., {obs.points[s]} pts" for s in range(2)}
        notes[opp] += f"<br>{obs.hand_sizes[opp]} cards in hand"
        hands = None
        if self._show_others(live):
            # practice: the opponent's hand, and the face-down cards under each tableau
            hands = {opp: self._hand_html(st.hands[opp])}
            for view, s in ((self.their_tableau, opp), (self.my_tableau, self.seat)):
                down = [c for c in st.down[s] if c is not None]
                if down:
                    view.caption.value += " Face down (shown to all): " + " ".join(card_html(c) for c in down) + "."
        n = len(obs.tricks) + (1 if obs.trick_leader is not None else 0)
        trump = suit_html(obs.trump) if obs.trump is not None else "?"
        self.trick_table.show(st, notes=notes, last=self._show_last_trick(st, live),
                              last_note=self._last_trick_note(st, live), hands=hands,
                              heading=f"Trumps {trump}<br>Trick {max(n, 1)} of {self.rules.tricks}")

    def _played_from_tableau(self, st) -> list[Card]:
        """The cards the learner has played from the face-up tableau (not from the hand),
        in order: the deal is replayed from its start (cached by the history's length)."""
        key = (id(st), len(st.history), st.history[-1] if st.history else None)
        cached = getattr(self, "_tableau_cache", None)
        if cached is not None and cached[0] == key:
            return list(cached[1])
        cur = st._restart()
        out = []
        for a in st.history:
            if isinstance(a, Card) and cur.current_player == self.seat and a not in cur.hands[self.seat]:
                out.append(a)
            cur.apply_action(a)
        self._tableau_cache = (key, out)
        return list(out)

    def _turn_text(self, st) -> str:
        name = lambda s: html.escape(self.names[s])  # noqa: E731
        if st.is_terminal():
            r = st.returns()
            t = self.scores.totals
            text = (f"Deal over: you {r[self.seat]} points, {name(1 - self.seat)} {r[1 - self.seat]}. "
                    f"Totals {t[self.seat]} : {t[1 - self.seat]}.")
            if self.game_over:
                w, m = ad.margin(t)
                text += (" The game is over: a tie." if w is None else
                         f" The game is over: {name(w)} won by {m} points.")
            return text + " Press New deal."
        if st.current_player != self.seat:
            return f"{name(st.current_player)} to act."
        if st.phase == "trump":
            return "Your turn: draw a card from the dealer's fan for trumps."
        if st.phase == "draw":
            return "Your turn: take a face-down card into your hand, or don't draw."
        return "Your turn: play a card from your hand or your tableau."

"""Armenian Durak with trumps (RULES.md §3): the tableau, the trump draw, the draw chooser
and the :class:`DurakTable` dashboard (a learner against the RuleBot, a game to 250).

Every control shows what one seat may see: it is drawn from ``state.observation(seat)``
(face-down cards are shown only as backs with a count). Legality comes from
``state.legal_actions()``; a click calls back with an action, and the controller applies
it with ``state.apply_action``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

import ipywidgets as W
import numpy as np

from cardkit.bots import Bot
from cardkit.cards import Card
from cardkit.dealing import as_generator
from cardkit.errors import CardkitError, IllegalActionError, StateError
from cardkit.games import armenian_durak as ad

from ._common import card_button_layout, card_html, one_line, seat_names, suit_colour, suit_html
from .hand import HandTable
from .scores import ScoreSheet
from .trick import TrickTable

__all__ = ["TableauView", "DrawChooser", "TrumpPicker", "DurakTable"]

BACK = "🂠"


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


class TableauView(W.VBox):
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
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _make_handler(self, i: int):
        def handler(_b):
            card = self._cards[i]
            if card is not None:
                for cb in list(self._callbacks):
                    cb(card)
        return handler

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


class DrawChooser(W.VBox):
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
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _make_handler(self, i):
        def handler(_b):
            for cb in list(self._callbacks):
                cb(ad.Draw(i))
        return handler

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


class TrumpPicker(W.VBox):
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
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _make_handler(self, i):
        def handler(_b):
            for cb in list(self._callbacks):
                cb(ad.PickTrump(i))
        return handler

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
            self.prompt.value = (f"<b>Trump draw:</b> {dealer} fans the hand face down; "
                                 + ("<b>you draw one card</b> — its suit will be trump."
                                    if picking else f"{picker} draws one card."))
        else:
            self.row.layout.display = "none"
            if obs.trump_card is not None:
                self.prompt.value = (f"Trump: {suit_html(obs.trump, size='1.2em')} — {picker} drew "
                                     f"{card_html(obs.trump_card)} from {dealer}'s hand; it went back to {dealer}.")
            elif obs.trump is not None:
                self.prompt.value = f"Trump: {suit_html(obs.trump, size='1.2em')} (given)."
            else:  # pragma: no cover
                self.prompt.value = ""

    @property
    def enabled(self) -> list[int]:
        """The indices of the enabled fan buttons."""
        return [i for i, b in enumerate(self.buttons) if not b.disabled]


class DurakTable(W.VBox):
    """The Armenian Durak play dashboard: a learner against the RuleBot, a game to 250.

    Layout: the title and controls (``New deal`` with a seed box, ``Undo``); the trump
    draw (:class:`TrumpPicker`); the opponent's tableau (:class:`TableauView`, face-up
    cards and backs only); the trick (:class:`TrickTable`) beside the
    :class:`ScoreSheet`; the status line; the learner's tableau; the draw chooser
    (:class:`DrawChooser`); the learner's hand (:class:`HandTable`).

    The first dealer is the first player to receive a six (RULES.md §3.2, drawn with the
    first seed); then the deal alternates; a game ends at 250 (``rules.target``) or after
    ``rules.deals`` deals. Clicks become actions applied with ``state.apply_action``; a
    refused action is one line in the status line, never a traceback. The bot acts from
    ``state.observation(seat)`` only.

    :param seed: the seed of the first deal (an int >= 0); each ``New deal`` reads the
        seed box, which then moves on by one.
    :param seat: the learner's seat, 0 or 1.
    :param names: two names (default "You", "Opponent").
    :param rules: :class:`cardkit.games.armenian_durak.Rules`.
    :param first_dealer: the first dealer's seat; default: the first six, drawn with ``seed``.
    :param bot: the opponent (default a :class:`~cardkit.games.armenian_durak.RuleBot`
        seeded from each deal's seed).
    :param deal: deal the first deal at once (default True).
    :raises CardkitError: for a seat other than 0 or 1, wrong names, or a bad seed.

    :ivar state: the current deal's state; :ivar deal_seed: its seed.
    :ivar hand, my_tableau, their_tableau, trump_picker, draw_chooser, trick_table, scores:
        the parts; :ivar status: the status line (:attr:`status_text` in plain text);
        :ivar last_error: the last refused action's message, or None.
    """

    def __init__(self, seed: int = 0, *, seat: int = 0, names: Sequence[str] | None = None,
                 rules: ad.Rules | None = None, first_dealer: int | None = None, bot: Bot | None = None,
                 deal: bool = True) -> None:
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
        self.deal_seed: int | None = None
        self.last_error: str | None = None
        self._message = ""
        self._marks: list[int] = []
        self._recorded = False
        self._deal_number = 0
        opp = 1 - self.seat

        self.title = W.HTML("")
        self.seed_box = W.IntText(value=int(seed), description="Seed", layout=W.Layout(width="11em"),
                                  style={"description_width": "3em"})
        self.new_deal_button = W.Button(description="New deal", tooltip="Deal new cards with the seed in the box",
                                        layout=W.Layout(width="7em"))
        self.undo_button = W.Button(description="Undo", tooltip="Take back your last decision",
                                    layout=W.Layout(width="5em"))
        self.trump_picker = TrumpPicker(self.rules.hand_size, on_pick=lambda a: self._safely(self.act, a))
        self.their_tableau = TableauView(title=f"{html.escape(self.names[opp])}'s tableau "
                                               f"<small>(face-up cards; face-down cards are hidden)</small>")
        self.my_tableau = TableauView(title="Your tableau", on_play=lambda c: self._safely(self.act, c))
        self.draw_chooser = DrawChooser(on_choose=lambda a: self._safely(self.act, a))
        self.trick_table = TrickTable(ad.PLAYERS, names=self.names, viewer=self.seat)
        self.hand = HandTable(self.rules.deck, on_play=lambda c: self._safely(self.act, c), title="Your hand")
        self.scores = ScoreSheet(self.names, title=f"Score sheet (game to {self.rules.target})"
                                 if self.rules.target else "Score sheet", unit="points")
        self.status = W.HTML("", layout=W.Layout(margin="4px 0px", min_height="1.6em"))
        self.new_deal_button.on_click(lambda _b: self._safely(self.new_deal))
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        controls = W.HBox([self.new_deal_button, self.seed_box, self.undo_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        middle = W.HBox([self.trick_table, self.scores], layout=W.Layout(flex_flow="row wrap",
                                                                         align_items="flex-start"))
        super().__init__([self.title, controls, self.trump_picker, self.their_tableau, middle, self.status,
                          self.my_tableau, self.draw_chooser, self.hand], layout=W.Layout(padding="4px"))
        if deal:
            self.new_deal()
        else:
            self.refresh()

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
        seed = int(self.seed_box.value if seed is None else seed)
        as_generator(seed)
        if self.game_over:
            self.scores.clear()
        if self.state is not None and not self._recorded:
            self._deal_number -= 1
        dealer = (self.first_dealer + len(self.scores)) % ad.PLAYERS
        self.deal_seed = seed
        self.state = ad.new_deal(seed=seed, dealer=dealer, rules=self.rules)
        self.bot = self._fixed_bot or ad.RuleBot(np.random.default_rng([seed, 1 - self.seat]))
        self._marks, self._recorded = [], False
        self._deal_number = len(self.scores) + 1
        self.seed_box.value = seed + 1
        self.last_error = None
        self._message = f"New deal (seed {seed}): {html.escape(self.names[dealer])} deals."
        self._run_bot()
        self.refresh()

    def act(self, action) -> bool:
        """The learner's action (a card, :class:`PickTrump`, :class:`Draw`, or notation such
        as ``"QH"``, ``"trump 2"``, ``"draw none"``). True if applied; else the reason is
        shown in the status line."""
        st = self.state
        try:
            if st is None:
                raise StateError("no deal yet: press New deal")
            if st.is_terminal():
                raise StateError("the deal is over: press New deal")
            if st.current_player != self.seat:
                raise IllegalActionError(f"it is {self.names[st.current_player]}'s turn, not yours")
            before = len(st.history)
            st.apply_action(action)
        except CardkitError as e:
            self._error(e)
            return False
        self._marks.append(before)
        self.last_error = None
        last = st.history[-1]
        if isinstance(last, Card):
            self._message = f"You played {card_html(last)}."
        elif isinstance(last, ad.PickTrump):
            self._message = f"You drew {card_html(st.trump_card)}: {suit_html(st.trump)} is trump."
        else:
            self._message = ("You kept your face-down cards." if last.stack is None
                             else f"You took the face-down card of stack {last.stack + 1}.")
        self._run_bot()
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the learner's last decision and the bot's actions after it."""
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
        self.last_error = None
        self._message = "Undone: your turn again."
        self.refresh()

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

    def _run_bot(self) -> None:
        st = self.state
        while not st.is_terminal() and st.current_player != self.seat:
            s = st.current_player
            st.apply_action(self.bot.act(st.observation(s)))
        if st.is_terminal() and not self._recorded:
            r = st.returns()
            sweep = next((s for s in range(2) if not st.taken[1 - s]), None)
            note = f"{self.names[sweep]} took every trick: +10" if sweep is not None else ""
            self.scores.add_row(r, label=str(self._deal_number), note=note)
            self._recorded = True

    # ---- display -----------------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        return _plain(self.status.value)

    def refresh(self) -> None:
        """Bring every part up to date with :attr:`state`, as the learner sees it."""
        st = self.state
        self.undo_button.disabled = not self._marks
        name = lambda s: html.escape(self.names[s])  # noqa: E731
        if st is None:
            self.title.value = "<h3 style='margin:2px'>Armenian Durak with trumps (Дурак армянский с козырями)</h3>"
            self.status.value = self._message or "Press New deal."
            self.draw_chooser.update(())
            return
        self.title.value = (
            f"<h3 style='margin:2px'>Armenian Durak with trumps — deal {self._deal_number}"
            f" <small>(seed {self.deal_seed}; dealer {name(st.dealer)}; you sit at the bottom)</small></h3>")
        opp = 1 - self.seat
        obs = st.observation(self.seat)
        self.trump_picker.show(st, self.seat, self.names)
        self.their_tableau.show(st, opp, viewer=self.seat)
        self.my_tableau.show(st, self.seat)
        self.draw_chooser.update(obs.legal_actions if obs.phase == "draw" else ())
        self.hand.show(st, self.seat, cards=obs.hand)
        notes = {s: f"{len(obs.taken[s]) // 2} tr., {obs.points[s]} pts" for s in range(2)}
        notes[opp] += f"<br>{obs.hand_sizes[opp]} cards in hand"
        n = len(obs.tricks) + (1 if obs.trick_leader is not None else 0)
        trump = suit_html(obs.trump) if obs.trump is not None else "?"
        self.trick_table.show(st, notes=notes,
                              heading=f"Trumps {trump}<br>Trick {max(n, 1)} of {self.rules.tricks}")
        self.status.value = " · ".join(x for x in (self._message, self._turn_text(st)) if x)

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

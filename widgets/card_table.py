"""CardTable: one widget that draws a card game's table and sends the learner's actions back.

An `anywidget <https://anywidget.dev>`_ widget: one Python class, one ES module
(``card_table.js``) and one style sheet (``card_table.css``), shipped with the package
and read from disk, so the kit works offline. The three play dashboards
(:class:`~cardkit_widgets.VarietyTable`, :class:`~cardkit_widgets.WarsawHeartsTable`,
:class:`~cardkit_widgets.DurakTable`) draw their whole play area with it: the page
holds one card-table widget instead of hundreds of buttons.

**The state** (trait :attr:`CardTable.state`, a JSON object sent to the page; the
dashboard writes it, the page only reads it). Cards are objects
``{"id": "QH", "rank": "Q", "suit": "H", "sym": "♥", "label": "Q♥", "name": "queen of hearts"}``
(a ten's label is ``"10♥"``)
(:func:`card_json`). Keys:

- ``game``, ``players``: the game's name and the number of seats;
- ``title``, ``banner``, ``status``, ``caption``: HTML lines (the status line says what
  happened and whose turn it is; ``caption`` is the line under the hand);
- ``seats``: one object per seat: ``seat``, ``name``, ``short`` (the name on a trick
  card), ``pos`` (``"bottom"``, ``"left"``, ``"top"``, ``"right"``), ``me`` (the
  learner), ``count`` (cards in hand), ``notes`` (HTML: role, tricks taken), ``turn``
  (``"to play"``, ``"to bid"``... or ``""``), ``hand`` (the cards, only when every hand
  is shown), ``tableau`` (Armenian Durak: six stacks ``{"up": card | null, "down": 0 | 1,
  "down_card": card | null, "legal": bool, "reason": str}``);
- ``hand``: the learner's cards sorted by suit, each a card with ``legal`` (bool) and
  ``reason`` (why it may not be played now, in words; "" for a legal card);
- ``trick``: ``cards`` (``[{"seat", "pos", "name", "short", "card", "led"}]`` in the order
  played), ``winner`` (a seat or null), ``heading`` (HTML), ``note`` (why a finished
  trick is shown), ``last`` (bool), and ``previous`` (the trick just finished, drawn faded
  while the next one is empty);
- ``trump``: ``{"suit", "sym", "name"}`` or null;
- ``panel``: null, or the bidding (``{"kind": "bidding", "active", "numbers": [{"n",
  "legal", "used", "tooltip"}], "record", "remarks", "prompt"}``), the trump draw
  (``{"kind": "trump", "active", "fan", "prompt"}``) or the draw after a card from the hand
  (``{"kind": "draw", "stacks": [{"stack", "legal", "tooltip"}], "prompt"}``);
- ``controls``: name -> :meth:`cardkit_widgets._controls.Control.to_json`, and
  ``bar_main``, ``bar_more``, ``bar_replay``: the names in each row of controls;
  ``bar_guide``: the guide's controls (its words and ``Got it``), drawn in a box above the
  status line and hidden when they all are (:mod:`cardkit_widgets._guide`); a ``list``
  control with ``"again": name`` draws, beside each of its items, the item of the same
  number of the ``list`` control ``name`` (How did I do?'s ``Try it again`` buttons,
  :mod:`cardkit_widgets._try_again`), which sends that control's message;
- ``exact`` (only in practice with all hands shown, the learner to play): ``{"note": the
  line under the hand, "state": "working" | "ready" | "over" | "error"}``; when ready each
  legal card of the hand (and of Durak's tableau, its ``up``) and each draw choice has
  ``exact``, its value against the best card as shown (``"0"``, ``"−5"``), drawn as a
  badge (:attr:`cardkit_widgets._dashboard.DealDashboard.exact_values`).

**Actions** (custom messages from the page, also :meth:`CardTable.send_action` from
Python): ``{"kind": "card", "card": "QH"}`` (a card of the hand or of the learner's
tableau, clicked or played with Enter, legal or not: the dashboard asks the engine,
which refuses an illegal card with its reason), ``{"kind": "bid", "value": 3}``,
``{"kind": "trump", "index": 2}``, ``{"kind": "draw", "stack": 4}`` (``null``: don't draw),
``{"kind": "control", "name": "undo_button"}`` (a click) or with ``"value"`` (a toggle,
a box, a choice, a list's item). A click on a control whose state has ``"pointer": true``
(the Hint button) also carries ``"card": "QH"``, the legal card of the hand the learner
last hovered or focused (none after a card is played).

**What the page may do**: any message may be forged (a learner has the browser's developer
tools). The dashboard acts on a control's message only while the page shows that control
enabled (a disabled or hidden control, or a text line, ignores it), and on a card, bid,
trump pick or draw only as the learner's action, which the engine refuses when it is not
the learner's turn or not legal. Of the synced traits the page may set only ``size``
(:attr:`CardTable.PAGE_TRAITS`); an update of :attr:`CardTable.state` from the page is dropped.

**In the page**: the learner's hand in a row at the bottom, sorted by suit; the trick in
the middle with each card at the seat that played it; the other seats with their card
backs and counts (or their cards when all hands are shown); Durak's stacks as face-up cards
over card backs. Legal cards are raised and outlined; the others are dimmed, and their
``title`` and, on a click, the status line say why. Every playable card has
``role="button"``, the accessible name of the card in words (``"queen of hearts"``),
``data-card="QH"`` and the class ``ckt-legal`` or ``ckt-illegal``; the left/right arrows
move between the legal cards and Enter or Space plays the one with the focus. Short
animations (a card moving to the trick, the trick to its winner) are off under
``prefers-reduced-motion``. ``?size=large`` in the page's address selects the projector
size (trait :attr:`CardTable.size`).
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets

from cardkit.cards import Card
from cardkit.errors import CardkitError
from cardkit.table.card_view import card_json, suit_json  # the one builder's (moved down)

__all__ = ["CardTable", "card_json", "suit_json", "clean_action", "SIZES"]

_HERE = Path(__file__).resolve().parent

#: The two sizes of the table: ``"normal"`` (a laptop or a phone) and ``"large"`` (a projector).
SIZES = ("normal", "large")

ACTION_KINDS = ("card", "bid", "trump", "draw", "control")

#: How many of the last actions :attr:`CardTable.actions` keeps (for tests and logs); older
#: ones are forgotten, so a page sending actions without end keeps the kernel's memory flat
#: (issue 32: every action was kept, and 1,235 forged 240 KB card messages took a kernel
#: from 72 to 362 MB).
RECENT_ACTIONS = 20
#: The longest card id a page sends (``"QH"``, ``"10H"``), in characters.
MAX_CARD_ID = 3
#: The largest bid number, trump pick index or draw stack a page may send.
MAX_ACTION_NUMBER = 99
#: The longest control name, and the longest text a control's value may be (a deal code in
#: the cards form is under 200 characters; a box's text past this is not a code nor a number).
MAX_CONTROL_NAME = 40
MAX_CONTROL_TEXT = 1000
MAX_SMALL_JSON = 200  # a value of another kind, answered in words by its control
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _small_int(value, *, low: int = 0, high: int = MAX_ACTION_NUMBER) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _card_id(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_CARD_ID


def _small_json(value) -> bool:
    """A value of another kind (a list, an object, a fraction) small enough to be answered in
    words by the control it was sent to ("not text", "not a number box's value"): at most
    :data:`MAX_SMALL_JSON` characters of JSON."""
    try:
        return len(json.dumps(value, allow_nan=False)) <= MAX_SMALL_JSON
    except (TypeError, ValueError, RecursionError):
        return False


def clean_action(action, controls=None) -> dict | None:
    """The action a page's message asks for, with only the fields of its kind, or None to
    drop it (a learner may forge any message: issue 32).

    :param action: the message's content: a dict with ``kind`` one of :data:`ACTION_KINDS`.
    :param controls: the names of the controls the page shows (its state's ``controls``),
        or None not to check the name (an action from Python).
    :returns: ``{"kind": "card", "card": id}`` (an id of at most :data:`MAX_CARD_ID`
        characters), ``{"kind": "bid", "value": n}``, ``{"kind": "trump", "index": n}``,
        ``{"kind": "draw", "stack": n | None}`` (whole numbers 0 to
        :data:`MAX_ACTION_NUMBER`), ``{"kind": "control", "name": name}`` with, when sent,
        ``"value"`` (None, true/false, a whole number under 10**18 in size, text of at most
        :data:`MAX_CONTROL_TEXT` characters, or another JSON value of at most
        :data:`MAX_SMALL_JSON` characters, which its control refuses in words)
        and ``"card"`` (a card id); None for anything
        else (another kind, a field missing or of another type or size, a control the page
        does not show). Nothing of a dropped message is kept or sent back.
    """
    if not isinstance(action, dict):
        return None
    kind = action.get("kind")
    if kind == "card":
        card = action.get("card")
        return {"kind": "card", "card": card} if _card_id(card) else None
    if kind == "bid":
        value = action.get("value")
        return {"kind": "bid", "value": value} if _small_int(value) else None
    if kind == "trump":
        index = action.get("index")
        return {"kind": "trump", "index": index} if _small_int(index) else None
    if kind == "draw":
        stack = action.get("stack")
        return {"kind": "draw", "stack": stack} if stack is None or _small_int(stack) else None
    if kind != "control":
        return None
    name = action.get("name")
    if not isinstance(name, str) or len(name) > MAX_CONTROL_NAME or not _NAME.fullmatch(name):
        return None
    if controls is not None and name not in controls:
        return None
    out: dict = {"kind": "control", "name": name}
    if "value" in action:
        value = action["value"]
        if isinstance(value, str):
            if len(value) > MAX_CONTROL_TEXT:
                return None
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) >= 10**18:
                return None
        elif value is not None and not isinstance(value, bool) and not _small_json(value):
            return None
        out["value"] = value
    if "card" in action:
        card = action["card"]
        if card is not None and not _card_id(card):
            return None
        out["card"] = card
    return out


def parse_card_id(text: str) -> Card:
    """The card of a page's ``"QH"``.

    :raises NotationError: for text that is not a card.
    """
    from cardkit.notation import parse_card

    return parse_card(str(text)[:8])


class CardTable(anywidget.AnyWidget):
    """The card table widget (see the module's docstring for the state and the actions).

    :param state: the first state (default: an empty table).
    :param size: ``"normal"`` or ``"large"``.
    :param four_colour: the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green).
    :raises CardkitError: for another size.

    Traits (synced with the page): :attr:`state` (``Dict``), :attr:`size` (``Unicode``),
    :attr:`four_colour` (``Bool``).
    """

    _esm = (_HERE / "card_table.js").read_text(encoding="utf-8")
    _css = (_HERE / "card_table.css").read_text(encoding="utf-8")

    state = traitlets.Dict({}).tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(self, state: dict | None = None, *, size: str = "normal", four_colour: bool = False,
                 **kwargs) -> None:
        if size not in SIZES:
            raise CardkitError(f"size {size!r}: expected one of {', '.join(map(repr, SIZES))}")
        super().__init__(state=dict(state or {}), size=size, four_colour=bool(four_colour), **kwargs)
        self._action_callbacks: list[Callable[[dict], object]] = []
        self._recent: deque[dict] = deque(maxlen=RECENT_ACTIONS)
        self.on_msg(self._on_page_message)

    @property
    def actions(self) -> list[dict]:
        """The last :data:`RECENT_ACTIONS` actions handled, oldest first (for tests and logs;
        older ones are forgotten)."""
        return list(self._recent)

    #: The traits the page may set (``?size=large`` in its address sets ``size``); the page
    #: only reads the others, and an update of them from the page (a forged message) is
    #: dropped: :attr:`state` is the dashboard's.
    PAGE_TRAITS = ("size",)

    def set_state(self, sync_data) -> None:
        """A state update from the page: only :attr:`PAGE_TRAITS` are taken."""
        if isinstance(sync_data, dict):
            kept = {k: v for k, v in sync_data.items() if k in self.PAGE_TRAITS}
            if kept:
                super().set_state(kept)

    @traitlets.validate("size")
    def _valid_size(self, proposal):
        if proposal["value"] not in SIZES:
            raise traitlets.TraitError(f"size {proposal['value']!r}: expected one of {', '.join(SIZES)}")
        return proposal["value"]

    # ---- actions ------------------------------------------------------------------------------

    def on_action(self, callback: Callable[[dict], object], remove: bool = False) -> None:
        """Register (or remove) ``callback(action)``, called with each action dict."""
        if remove:
            self._action_callbacks.remove(callback)
        else:
            self._action_callbacks.append(callback)

    def _on_page_message(self, _widget, content, _buffers) -> None:
        controls = self.state.get("controls") if isinstance(self.state, dict) else None
        action = clean_action(content, controls if isinstance(controls, dict) else {})
        if action is not None:
            self._handle(action)

    def send_action(self, action: dict) -> None:
        """Handle ``action`` as if the page had sent it (see the module's docstring and
        :func:`clean_action`, which says what is dropped: an unknown kind, a field of the
        wrong type or size). From the page, a control must also be one the page shows."""
        cleaned = clean_action(action)
        if cleaned is not None:
            self._handle(cleaned)

    def _handle(self, action: dict) -> None:
        self._recent.append(action)
        for cb in list(self._action_callbacks):
            cb(dict(action))

    def click(self, card: Card | str) -> None:
        """Click ``card`` (a Card or ``"QH"``) in the hand or the learner's tableau, as the
        learner would: legal or not, the action goes to the dashboard (the page says why
        an illegal card is refused, and so does the engine)."""
        card = parse_card_id(card) if isinstance(card, str) else card
        self.send_action({"kind": "card", "card": card_json(card)["id"]})

    def bid(self, number: int) -> None:
        """Press the bid button ``number``."""
        self.send_action({"kind": "bid", "value": int(number)})

    def pick_trump(self, index: int) -> None:
        """Draw card ``index`` of the dealer's face-down fan (Armenian Durak)."""
        self.send_action({"kind": "trump", "index": int(index)})

    def choose_draw(self, stack: int | None) -> None:
        """Take the face-down card of ``stack`` into the hand, or None: don't draw."""
        self.send_action({"kind": "draw", "stack": stack})

    def press(self, name: str, value=None) -> None:
        """Click the control ``name`` (``value`` None) or set its value from the page."""
        msg = {"kind": "control", "name": name}
        if value is not None:
            msg["value"] = value
        self.send_action(msg)

    # ---- what the state shows ----------------------------------------------------------------------

    def _hand(self) -> list[dict]:
        return list(self.state.get("hand", []))

    def _my_stacks(self) -> list[dict]:
        me = next((s for s in self.state.get("seats", []) if s.get("me")), None)
        return [s for s in (me or {}).get("tableau") or [] if s.get("up")]

    @property
    def hand_cards(self) -> list[Card]:
        """The learner's cards as shown, in the page's order."""
        return [parse_card_id(c["id"]) for c in self._hand()]

    @property
    def legal_cards(self) -> list[Card]:
        """The cards shown as legal (raised, outlined, in the keyboard's order): the hand's,
        then the learner's face-up tableau cards."""
        out = [c["id"] for c in self._hand() if c.get("legal")]
        out += [s["up"]["id"] for s in self._my_stacks() if s.get("legal")]
        return [parse_card_id(x) for x in out]

    def reason(self, card: Card | str) -> str | None:
        """Why ``card`` is shown as not playable ("" for a legal card; None when it is not shown)."""
        card = parse_card_id(card) if isinstance(card, str) else card
        cid = card_json(card)["id"]
        for c in self._hand():
            if c["id"] == cid:
                return c.get("reason", "")
        for s in self._my_stacks():
            if s["up"]["id"] == cid:
                return s.get("reason", "")
        return None

    @property
    def trick_cards(self) -> dict[int, Card]:
        """seat -> card of the trick shown."""
        return {c["seat"]: parse_card_id(c["card"]["id"])
                for c in self.state.get("trick", {}).get("cards", [])}

    @property
    def enabled_bids(self) -> list[int]:
        """The bid numbers the page enables now."""
        p = self.state.get("panel") or {}
        if p.get("kind") != "bidding" or not p.get("active"):
            return []
        return [b["n"] for b in p["numbers"] if b["legal"]]

    @property
    def enabled_trump_picks(self) -> list[int]:
        """The indices of the dealer's fan the page enables now (Armenian Durak)."""
        p = self.state.get("panel") or {}
        return list(range(p["fan"])) if p.get("kind") == "trump" and p.get("active") else []

    @property
    def enabled_draws(self) -> list:
        """The draw choices the page enables now: stacks 0..5 and None."""
        p = self.state.get("panel") or {}
        return [s["stack"] for s in p.get("stacks", [])] if p.get("kind") == "draw" else []

    def seat(self, seat: int) -> dict:
        """The state's object of ``seat``."""
        return next(s for s in self.state.get("seats", []) if s["seat"] == seat)


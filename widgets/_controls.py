"""Control: a button, toggle, box or text line drawn by the card table's page, not a
widget of its own.

A play dashboard used to build each of its controls as an ipywidget (a button is three
widget models: the button, its layout and its style), so a page opened with hundreds of
widgets and more than a thousand widget messages. The controls now live in the one
:class:`~cardkit_widgets.card_table.CardTable` widget: each is a :class:`Control`, a
plain ``traitlets.HasTraits`` object with the few attributes of the ipywidget it
replaces (``value``, ``description``, ``disabled``, ``tooltip``, ``layout.display``,
``click()``/``on_click``, ``observe``), so the dashboard's Python code and a lesson use it
as before. The card table sends every control's state to the browser in its one state
trait and turns a click or an edit in the page into :meth:`Control.click` or a new
``value``.

**What the page may do** (a learner may forge any message with the browser's developer
tools): a control takes a click or a value from the page only while the page shows it
enabled (:attr:`Control.takes_page_input`: not ``disabled``, not hidden, not an ``html``
control); anything else is ignored, in one place (the card table's dashboard asks this
before it acts on a message). A value from the page must be of the control's kind (a
toggle's ``true``/``false``, a choice's option number, a box's text) or it is refused in
words; a number box reads only the digits 0 to 9 as a number (``"٥٥"``, ``"５"``, ``"+5"``
stay text, which the dashboard refuses in one line). A control marked :attr:`Control.secret`
sends no value to the page at all (the seed and code boxes in a scored game: their
value would deal the cards again).
"""

from __future__ import annotations

import html
import re
from types import SimpleNamespace
from typing import Any

import traitlets

from cardkit.errors import CardkitError
from cardkit.i18n import N_

__all__ = ["Control", "KINDS"]

#: What a control is in the page: ``button`` (a click), ``toggle`` (a button with an
#: on/off ``value``), ``int`` (a number box), ``text`` (a text box), ``choice`` (radio
#: buttons over ``options``: ``[(label, value), ...]``), ``html`` (text only), ``list`` (a
#: column of buttons, one per option, under its ``description``: a click sets ``value`` to
#: that option's value and calls the click callbacks, even when it was already chosen).
KINDS = ("button", "toggle", "int", "text", "choice", "html", "list")


class Control(traitlets.HasTraits):
    """One control of a play page (see the module's docstring).

    :param kind: one of :data:`KINDS`.
    :param name: the name the page uses for it (the dashboard's attribute name).
    :param value: the value (a toggle's bool, a box's number or text, a choice's value,
        an ``html`` control's HTML).
    :param description: its label (a button's text is its accessible name).
    :param tooltip: the ``title`` shown on hover.
    :param options: for ``choice`` and ``list``: ``[(label, value), ...]``.
    :ivar layout: ``layout.display`` is ``"none"`` to hide the control, else None.
    :ivar style: free attributes (``font_size``), kept for code that set them on widgets.
    :raises ValueError: for an unknown kind.
    """

    value = traitlets.Any(None)
    description = traitlets.Unicode("")
    disabled = traitlets.Bool(False)
    tooltip = traitlets.Unicode("")
    placeholder = traitlets.Unicode("")

    def __init__(self, kind: str, name: str, *, value: Any = None, description: str = "", tooltip: str = "",
                 disabled: bool = False, options: list | None = None, placeholder: str = "",
                 display: str | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"control kind {kind!r}: expected one of {', '.join(KINDS)}")
        if kind == "toggle" and value is None:
            value = False
        if kind in ("text", "html") and value is None:
            value = ""
        super().__init__(value=value, description=description, tooltip=tooltip, disabled=disabled,
                         placeholder=placeholder)
        self.kind = kind
        self.name = name
        self.options = list(options or [])
        self.layout = SimpleNamespace(display=display)
        self.style = SimpleNamespace(font_size="")
        self._dom_classes: list[str] = []
        self._click_handlers: list = []
        #: a ``button`` whose click from the page carries the card the learner last pointed
        #: at (hovered or focused) in the hand, as ``"card": "QH"`` (the Hint button)
        self.pointer = False
        #: a ``text`` or ``int`` box: the name of the button Enter in the box presses after
        #: sending the box's text (the deal code box's Load), or None
        self.enter: str | None = None
        #: True: the value is kept from the page (:meth:`to_json` sends none), as for the
        #: seed and code boxes in a scored game, whose values would deal the cards again
        self.secret = False

    # ---- the ipywidgets-like API -----------------------------------------------------------

    def on_click(self, callback, remove: bool = False) -> None:
        """Register (or remove) ``callback(control)``, called by :meth:`click`."""
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def click(self) -> None:
        """Click the control as a user would: a ``button`` calls its click callbacks, a
        ``toggle`` flips its value. As for an ipywidgets ``Button``, a click from code
        reaches the callbacks even when the control is disabled (the dashboard's handler
        decides); a click from the page reaches only a control that
        :attr:`takes_page_input`."""
        if self.kind == "toggle":
            self.value = not self.value
            return
        for cb in list(self._click_handlers):
            cb(self)

    def add_class(self, name: str) -> None:
        if name not in self._dom_classes:
            self._dom_classes.append(name)

    def remove_class(self, name: str) -> None:
        if name in self._dom_classes:
            self._dom_classes.remove(name)

    @property
    def hidden(self) -> bool:
        return self.layout.display == "none"

    @property
    def takes_page_input(self) -> bool:
        """Whether a click or a value from the page may reach this control now: only while
        the page shows it enabled (not disabled, not hidden; an ``html`` control never).
        A message for any other control is ignored: the page never sends one, so it was
        forged."""
        return self.kind != "html" and not self.disabled and not self.hidden

    def to_json(self) -> dict:
        """What the page needs to draw the control."""
        out = {"name": self.name, "kind": self.kind, "description": self.description, "tooltip": self.tooltip,
               "disabled": bool(self.disabled), "hidden": self.hidden, "classes": list(self._dom_classes)}
        value = self.value
        if self.secret:  # kept from the page: an empty box
            out["value"] = None if self.kind == "int" else ""
        elif self.kind in ("choice", "list"):
            out["options"] = [[str(label), i] for i, (label, _v) in enumerate(self.options)]
            out["value"] = next((i for i, (_l, v) in enumerate(self.options) if v == value), None)
        elif self.kind == "int":  # text the learner typed that is not a number is sent back as text
            out["value"] = value if value is None or isinstance(value, str) else int(value)
        else:
            out["value"] = value
        if self.placeholder:
            out["placeholder"] = self.placeholder
        if self.pointer:
            out["pointer"] = True
        if self.enter:
            out["enter"] = self.enter
        return out

    def set_from_page(self, value: Any) -> None:
        """A value sent by the page: a choice's option number, a box's text, a toggle's
        ``true``/``false``, a list's option number (then its click callbacks run). A number
        box's text is a number only when it is the digits 0 to 9 (spaces around allowed):
        anything else (``"1e30"``, ``"+5"``, ``"٥٥"``, ``"５"``) is kept as text for the
        dashboard to refuse in words. The caller checks :attr:`takes_page_input` first.

        :raises CardkitError: for a value of the wrong kind (a toggle sent ``"yes"``, a
            choice an option it does not have, a box a list), in words; the value is left
            as it was.
        """
        if self.kind in ("choice", "list"):
            n = len(self.options)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
                raise CardkitError.worded(N_("{control}: the page shows no such choice"), control=self._what())
            self.value = self.options[value][1]
            if self.kind == "list":
                self.click()
        elif self.kind == "toggle":
            if not isinstance(value, bool):
                raise CardkitError.worded(N_("{control}: the value sent is neither on nor off"), control=self._what())
            self.value = value
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise CardkitError.worded(N_("{control}: the value sent is not something typed in a number box"),
                                          control=self._what())
            text = str(value).strip(" \t")
            self.value = int(text) if re.fullmatch(r"[0-9]{1,18}", text) else text
        elif self.kind == "text":
            if not isinstance(value, str):
                raise CardkitError.worded(N_("{control}: the value sent is not text typed in the box"),
                                          control=self._what())
            self.value = value
        else:  # an html control shows text only: the page has nothing to set
            raise CardkitError.worded(N_("{control}: nothing to set here"), control=self._what())

    def _what(self) -> str:
        """The control in words, for a refusal: its label (without a closing bracket's note or a
        state after a colon: "Show all hands: on" is "Show all hands"), else "this control"."""
        label = re.sub(r"\s*\([^()]*\)\s*$", "", " ".join(str(self.description or "").split()))
        label = label.split(":")[0].strip()
        return label if label and len(label) <= 40 else "this control"

    @property
    def text(self) -> str:
        """An ``html`` control's value as plain text."""
        return html.unescape(re.sub(r"<[^>]+>", "", str(self.value or "")))

"""Figure: one widget for a whole figure of a lesson (a hand, a bidding, the contracts, an
exercise), drawn from HTML written in Python, whose buttons answer clicks.

Issue 19 (kernels bounded): the first Variety lesson held 1,273 widget models, nearly all
of them the buttons, labels, layouts and styles of a few figures (a hand was 52 buttons,
18 labels and 5 boxes, each with its layout and style: about 230 models). A
:class:`Figure` is one `anywidget <https://anywidget.dev>`_ model (and its layout): Python
writes the figure's markup into :attr:`Figure.html`; the page draws it, patching the
elements in place (keyboard focus, a text typed in a box and the page's scroll position
stay where they were), and sends ``{"press": key}`` when an enabled button with
``data-ck="key"`` is clicked (or played with Enter or Space), with ``"text"``: the text
of the box named by its ``data-ck-with``. Enter in a box presses the button named by its
``data-ck-enter``.

Any message from the page may be forged: a press is acted on only when ``key`` is a button
the last drawing showed **enabled** (:class:`Sketch` registers the action of each enabled
button as it writes it, so the markup and the actions cannot disagree); anything else,
a disabled, hidden or unknown button, a malformed message, is ignored. A text is cut to
:data:`MAX_TEXT` characters.

The figures' classes (:class:`~cardkit_widgets.HandTable`,
:class:`~cardkit_widgets.AuctionTable`, :class:`~cardkit_widgets.ContractTable`, the
exercises of :mod:`cardkit_widgets.lesson`) keep what is shown as Python data too, so
headless tests read it (:meth:`Figure.button`) and press buttons (:meth:`Figure.press`,
:meth:`Shown.click`) as a learner would.
"""

from __future__ import annotations

import dataclasses
import html as _html
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import anywidget
import traitlets

from cardkit.errors import CardkitError, quote
from cardkit.wording import tens_as_10

__all__ = ["Figure", "Sketch", "Shown", "MAX_TEXT", "attr", "call_with", "learner_markup"]

#: The longest text a press carries (a number typed in a box is a few characters).
MAX_TEXT = 200
MAX_KEY = 40

_ESM = r"""
function morphChildren(from, to) {
  const a = [...from.childNodes], b = [...to.childNodes];
  b.forEach((y, i) => {
    const x = a[i];
    if (!x) from.appendChild(y);
    else if (x.nodeType !== y.nodeType || x.nodeName !== y.nodeName) from.replaceChild(y, x);
    else if (x.nodeType === 1) morph(x, y);
    else if (x.nodeValue !== y.nodeValue) x.nodeValue = y.nodeValue;
  });
  a.slice(b.length).forEach((x) => x.remove());
}
function morph(from, to) {
  const fresh = from.tagName === "INPUT" &&
    from.getAttribute("data-ck-version") !== to.getAttribute("data-ck-version");
  for (const { name } of [...from.attributes]) if (!to.hasAttribute(name)) from.removeAttribute(name);
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  if (fresh) from.value = to.getAttribute("value") || "";
  morphChildren(from, to);
}
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "ck-fig";
  root.tabIndex = -1;
  el.appendChild(root);
  const draw = () => {
    const had = root.contains(document.activeElement);
    const next = document.createElement("div");
    next.innerHTML = model.get("html");
    morphChildren(root, next);
    const f = document.activeElement;
    if (had && (!root.contains(f) || f.disabled)) root.focus({ preventScroll: true });
  };
  root.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-ck]");
    if (!b || !root.contains(b) || b.disabled) return;
    const msg = { press: b.dataset.ck };
    if (b.dataset.ckWith) {
      const box = root.querySelector(`input[name="${CSS.escape(b.dataset.ckWith)}"]`);
      if (box) msg.text = box.value;
    }
    model.send(msg);
  });
  root.addEventListener("keydown", (e) => {
    if (e.target.tagName !== "INPUT") return;
    e.stopPropagation();
    const k = e.target.dataset.ckEnter;
    if (e.key !== "Enter" || !k) return;
    const b = root.querySelector(`button[data-ck="${CSS.escape(k)}"]`);
    if (b && !b.disabled) { e.preventDefault(); b.click(); }
  });
  // The widget's DOM classes on its element, also when it is displayed on its own (the
  // output area drops them there for an anywidget view).
  let classes = [];
  const sync = () => {
    const now = model.get("_dom_classes") || [];
    classes.filter((c) => !now.includes(c)).forEach((c) => el.classList.remove(c));
    now.forEach((c) => el.classList.add(c));
    classes = [...now];
  };
  model.on("change:html", draw);
  model.on("change:_dom_classes", sync);
  sync();
  draw();
  return () => { model.off("change:html", draw); model.off("change:_dom_classes", sync); };
}
export default { render };
"""

#: The figures' style sheet: a clear keyboard focus ring (3 px, inside the button), lines
#: spaced by the font, rows of buttons that wrap, and a held card that is disabled only
#: because nothing may be played now (``ck-readable``) drawn at full strength with an
#: ordinary arrow cursor (it stays disabled: out of the tab order, a click does nothing).
_CSS = """
.ck-fig { line-height: 1.4; outline: none; }
.ck-fig .jupyter-button:focus-visible { outline: 3px solid #1565c0 !important; outline-offset: -3px; }
.ck-fig .ck-row { display: flex; flex-flow: row wrap; align-items: center; }
.ck-fig .ck-gap { gap: 2px 4px; }
.ck-fig .ck-fixed { display: inline-block; flex: none; }
.ck-fig .jupyter-button.ck-card, .ck-fig .jupyter-button.ck-bid { padding: 0; margin: 1px; flex: none; }
.ck-fig .jupyter-button.ck-readable:disabled { opacity: 1 !important; cursor: default; }
.ck-fig .jupyter-button.ck-auto { width: auto; }
.ck-fig input.ck-input { font: inherit; height: var(--jp-widgets-inline-height, 28px); box-sizing: border-box;
  border: var(--jp-widgets-input-border-width, 1px) solid var(--jp-widgets-input-border-color, #9e9e9e);
  padding: 0 6px; margin: 0 4px; background: var(--jp-widgets-input-background-color, #fff);
  color: var(--jp-widgets-input-color, inherit); }
"""


def attr(value: object) -> str:
    """``value`` escaped for an HTML attribute (quotes included)."""
    return _html.escape(str(value), quote=True)


def call_with(fn: Callable[[Any], object], value: Any, _text: str | None = None) -> object:
    """``fn(value)``: a button's action that needs no text (``functools.partial(call_with,
    fn, value)``)."""
    return fn(value)


@dataclass(frozen=True)
class Shown:
    """A button as the last drawing of a figure shows it.

    :ivar key: its ``data-ck`` key, what a press names.
    :ivar description: its text, plain (``"Q♥"``, ``"New example"``).
    :ivar disabled: whether it is disabled (a press is then ignored).
    :ivar hidden: whether it is drawn hidden (then disabled too).
    :ivar tooltip: its ``title``.
    :ivar classes: its DOM classes.
    :ivar style: its inline CSS.
    """

    key: str
    description: str
    disabled: bool
    hidden: bool = False
    tooltip: str = ""
    classes: frozenset[str] = frozenset()
    style: str = ""
    figure: Figure | None = field(default=None, compare=False, repr=False)

    def click(self, text: str | None = None) -> bool:
        """Press this button as a learner would (the figure's current drawing decides:
        ignored unless it is enabled now); returns whether something was done."""
        return self.figure.press(self.key, text) if self.figure is not None else False


class Sketch:
    """The markup of one drawing of a figure, and the action of each enabled button.

    Write buttons with :meth:`button`; give the result to :meth:`Figure.draw`.
    """

    def __init__(self) -> None:
        self.actions: dict[str, Callable[[str | None], object]] = {}
        self.buttons: dict[str, Shown] = {}

    def button(self, key: str, label: str, *, action: Callable[[str | None], object] | None = None,
               tooltip: str = "", classes: Iterable[str] = (), style: str = "", hidden: bool = False,
               aria_label: str | None = None, with_text: str | None = None, text: str | None = None) -> str:
        """A ``<button>`` with ``data-ck="key"``: enabled when ``action`` is given and it is
        not ``hidden`` (a hidden button is drawn ``visibility: hidden`` and disabled, so it is
        out of the tab order), its ``action(text)`` then called on a press.

        :param label: the button's content, HTML.
        :param text: the plain text of ``label`` (for :attr:`Shown.description`; default
            ``label`` itself).
        :param with_text: the ``name`` of a text box whose text a press carries.
        """
        if len(key) > MAX_KEY:
            raise CardkitError(f"button key {quote(key)}: at most {MAX_KEY} characters")
        enabled = action is not None and not hidden
        if enabled:
            self.actions[key] = action  # type: ignore[assignment]
        cls = ["jupyter-button", "widget-button", *classes]
        if hidden:
            style = f"{style};visibility:hidden" if style else "visibility:hidden"
        self.buttons[key] = Shown(key, label if text is None else text, not enabled, hidden, tooltip,
                                  frozenset(cls), style)
        parts = [f'<button type="button" class="{attr(" ".join(cls))}" data-ck="{attr(key)}"']
        if tooltip:
            parts.append(f' title="{attr(tooltip)}"')
        if aria_label:
            parts.append(f' aria-label="{attr(aria_label)}"')
        if style:
            parts.append(f' style="{attr(style)}"')
        if with_text:
            parts.append(f' data-ck-with="{attr(with_text)}"')
        if not enabled:
            parts.append(" disabled")
        return "".join(parts) + f">{label}</button>"


_KEYS = re.compile(r'(data-ck(?:-with)?="[^"]*")')


def learner_markup(markup: str) -> str:
    """``markup`` as a learner reads it: every ten written ``T`` beside a suit symbol (the
    engine's and the judge's messages, ``str(card)``) written ``10``
    (:func:`cardkit.wording.tens_as_10`); the buttons' keys are left as they are."""
    parts = _KEYS.split(markup)
    return "".join(x if i % 2 else tens_as_10(x) for i, x in enumerate(parts))


class Figure(anywidget.AnyWidget):
    """A figure drawn as one widget (see the module's docstring).

    :ivar html: the figure's markup (a synced trait; set it with :meth:`draw`).
    """

    _esm = _ESM
    _css = _CSS
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._actions: dict[str, Callable[[str | None], object]] = {}
        self._shown: dict[str, Shown] = {}
        self.on_msg(self._on_page_message)

    def draw(self, markup: str, sketch: Sketch | None = None) -> None:
        """Show ``markup``; the enabled buttons are those ``sketch`` wrote (none without)."""
        self._actions = dict(sketch.actions) if sketch is not None else {}
        self._shown = ({k: dataclasses.replace(b, figure=self, description=tens_as_10(b.description),
                                               tooltip=tens_as_10(b.tooltip)) for k, b in sketch.buttons.items()}
                       if sketch is not None else {})
        self.html = learner_markup(markup)

    def button(self, key: str) -> Shown | None:
        """The button ``key`` as shown now, or None."""
        return self._shown.get(key)

    @property
    def shown_buttons(self) -> Mapping[str, Shown]:
        """Every button of the current drawing, by key, in the order drawn."""
        return dict(self._shown)

    def press(self, key: str, text: str | None = None) -> bool:
        """Press the button ``key`` (with ``text``, the text of its box), as the page does:
        ignored unless the current drawing shows it enabled. The redraws that follow are
        sent to the page as one message. Returns whether an action ran."""
        action = self._actions.get(key) if isinstance(key, str) else None
        if action is None:
            return False
        with self.hold_sync():
            action(text)
        return True

    def _on_page_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        key, text = content.get("press"), content.get("text")
        if not isinstance(key, str) or len(key) > MAX_KEY or not (text is None or isinstance(text, str)):
            return
        self.press(key, None if text is None else text[:MAX_TEXT])

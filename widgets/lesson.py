"""Lesson helpers: exercises with immediate feedback, and one-line messages.

Issue 10 §1: every rule of RULES.md is practised in its game's rules lesson. An
:class:`Exercise` shows a question, takes the learner's answer (a button for each choice,
or a number typed in a box), says at once whether it is right and why (quoting the rule),
keeps a count ("3 of 4 right"), and deals a **new example** on request: example ``k`` is
built from ``numpy.random.default_rng(seed)`` with the seed shown, so every example can be
made again. Whether an answer is right is decided by the question's ``check`` function,
which asks the game engine (``cardkit.games.*``), never a copy of the rules.

The lessons import only public names from here: :func:`say`, :func:`guarded`,
:func:`card_html`, :func:`cards_html`, :func:`suit_html`, :func:`read_seed`,
:func:`seed_text`, :func:`signed`, :func:`number`, :func:`minus_signs`, :func:`learner_words`,
:func:`one_line`, :class:`Question`, :class:`Exercise`, :class:`Tally`.
The game-specific questions are in :mod:`cardkit_widgets.exercises`.

An exercise is drawn as one figure (:class:`cardkit_widgets._figure.Figure`, loaded when
the first exercise is built) in one box; nothing is computed until an exercise is built.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

import ipywidgets as W
import numpy as np
from ipywidgets.widgets.widget_string import HTMLStyle

from cardkit.i18n import N_, check_lang, translation
from cardkit.room_report import report_answer, rules_section
from cardkit.wording import hand_as_read

from ._common import (
    COMPASS,
    MAX_SEED,
    card_html,
    cards_in_words_of,
    learner_words,
    minus_signs,
    number,
    one_line,
    read_seed,
    rules_words,
    same_answer,
    signed,
    suit_html,
    tens_as_10,
)

__all__ = ["say", "guarded", "card_html", "cards_html", "suit_html", "read_seed", "seed_text", "signed",
           "number", "minus_signs", "learner_words", "one_line", "read_number", "Question", "Exercise", "Tally",
           "MAX_SEED", "seat_name", "tens_as_10", "hand_as_read"]


N_("type a whole number, such as 12 or −4 (not «{text}»)")   # read_number's answer, for the catalog

#: The translation an exercise's question is made and checked in (:func:`speaking`): the
#: question makers of :mod:`cardkit_widgets.exercises` word their prompts, choices and
#: reasons with it. None: English.
SPEAKING: ContextVar = ContextVar("cardkit_exercise_language", default=None)


@contextlib.contextmanager
def speaking(tr):
    """Within the block, the exercises' question makers speak ``tr``'s language (a
    :func:`cardkit.i18n.translation`; None: English)."""
    token = SPEAKING.set(tr)
    try:
        yield
    finally:
        SPEAKING.reset(token)


def seat_name(seat: int, players: int = 4, *, lang: str = "en") -> str:
    """A seat as a learner reads it (RULES.md, "Common conventions"), seat 0 the learner's:
    South, West, North, East; with three players South, West, East; in Armenian Durak
    (two players) "You", "Your opponent". ``lang="ru"``: Юг, Запад, Север, Восток; Вы,
    Соперник.

    >>> seat_name(1), seat_name(2, 3), seat_name(1, 2), seat_name(2, lang="ru")
    ('West', 'East', 'Your opponent', 'Север')
    """
    name = COMPASS[players][int(seat)]
    return name if lang == "en" else translation(check_lang(lang)).gettext(name)

RIGHT_COLOUR = "#1b5e20"
WRONG_COLOUR = "#b71c1c"

# A tag, or a run of text between tags: ``say`` rewrites only the text (minus signs, "Rules §").
_TEXT_OR_TAG = re.compile(r"<[^>]*>|[^<]+")


class HasValue(Protocol):
    """A line to write into: an ``HTML`` widget, or a part of an exercise."""

    value: Any


def say(line: HasValue, text: str = "", error=False, players: int | Sequence[str] | None = None) -> None:
    """Write one line of HTML ``text`` into the HTML widget ``line`` (green), or an error
    (red, with ⚠). ``error`` may be True (``text`` is the message) or an exception, shown
    as one line of escaped text (never a traceback). ``say(line)`` clears it. In the text
    (not in tags) "RULES.md §x" becomes "Rules §x" and, except in an error (which quotes the
    input as typed), a hyphen-minus before a digit becomes the minus sign "−"
    (:func:`learner_words`). With the table's number of ``players``, an error's "seat 1" is
    named as the learner reads it ("West")."""
    if isinstance(error, BaseException):
        text, error = html.escape(one_line(error, players=players)), True
    if not text:
        line.value = ""
        return
    colour = WRONG_COLOUR if error else RIGHT_COLOUR
    words = rules_words if error else learner_words        # an error quotes the input as typed
    text = _TEXT_OR_TAG.sub(lambda m: m.group(0) if m.group(0).startswith("<") else words(m.group(0)), text)
    line.value = f'<span style="color:{colour}">{"⚠ " if error else ""}{text}</span>'


def guarded(line: HasValue, fn: Callable, players: int | Sequence[str] | None = None) -> Callable:
    """``fn`` wrapped for a widget callback: any error it raises becomes one line of text
    in the HTML widget ``line`` (a bug too: it is not the learner's fault, but a traceback
    teaches nothing); ``players``: the seats of the table it acts on (their number, or their
    names in seat order), named in that line."""
    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - CardkitError included: one line, never a traceback
            say(line, error=e, players=players)
    return run


def cards_html(cards, *, lang: str = "en") -> str:
    """Cards in their colours, separated by spaces; "—" for none. ``lang="ru"``: the
    book's letters (Т К Д В 10)."""
    return " ".join(card_html(c, lang=lang) for c in cards) or "—"


def seed_text(value, description: str = "deal number", width: str = "12em") -> W.Text:
    """A text box for a seed (a browser's number box rounds 12345678901234567 and reads
    "1e30" as 130); read it with :func:`read_seed`. The description gets the width it
    needs (ipywidgets' default cut "deal number" to "deal num…")."""
    return W.Text(value=str(value), description=description, layout=W.Layout(width=width),
                  style={"description_width": "initial"})




def read_number(text: str) -> int:
    """A whole number typed by a learner: ``"12"``, ``" −4 "``, ``"-4"``, ``"+20"``.

    :raises ValueError: for anything else (the message says what to type).
    """
    t = str(text).strip().replace("−", "-").replace("–", "-").replace(" ", "")
    body = t[1:] if t[:1] in "+-" else t
    if not body.isascii() or not body.isdigit() or len(body) > 6:
        tr = SPEAKING.get()   # an exercise's language (English outside one)
        message = "type a whole number, such as 12 or −4 (not «{text}»)"
        raise ValueError((tr.gettext(message) if tr is not None else message).format(text=str(text)[:20]))
    return int(t)


@dataclass
class Question:
    """One example of an exercise.

    :ivar prompt: the question, HTML (cards in their colours).
    :ivar check: ``check(answer) -> (right, why)``: is the answer right, and why, in words
        that quote the rule. It asks the engine.
    :ivar choices: ``[(label, value), ...]``: one button each; None: a number box.
    :ivar answer: the right answer (a value of ``choices``, or the number), for tests and
        for the "show me" line; it too comes from the engine.
    """

    prompt: str
    check: Callable[[Any], tuple[bool, str]]
    choices: Sequence[tuple[str, Any]] | None = None
    answer: Any = None
    extra: dict = field(default_factory=dict)


class Tally(W.HTML):
    """The lesson's count of right answers over all its exercises: "So far in this
    lesson: 5 of 7 right". Each exercise counts the first answer to each example."""

    def __init__(self, *, lang: str = "en", **kwargs) -> None:
        i18n = translation(check_lang(lang))   # before anything is built
        kwargs.setdefault("layout", _shared("html"))
        kwargs.setdefault("style", _shared("html_style"))
        super().__init__(**kwargs)
        self.i18n = i18n
        self.right = 0
        self.answered = 0
        self._show()

    def add(self, right: bool) -> None:
        self.answered += 1
        self.right += bool(right)
        self._show()

    def _show(self) -> None:
        _ = self.i18n.gettext
        self.value = (_("<b>So far in this lesson: {right} of {answered} right</b>").format(
            right=self.right, answered=self.answered)
                      if self.answered else _("<b>So far in this lesson:</b> no exercise answered yet"))


_SHARED: dict = {}


def _shared(name: str):
    """Layouts and styles shared by every exercise (a widget model each, made once: a
    lesson with a dozen exercises then sends a third of the messages to the page)."""
    if not _SHARED:
        _SHARED.update(
            html=W.Layout(), html_style=HTMLStyle(),
            box=W.Layout(border="1px solid #bbb", padding="6px", margin="8px 0"))
    return _SHARED[name]


class _Part:
    """One part of an exercise as HTML (its prompt, feedback, status; the number box's
    text): read and write :attr:`value` as on an ``HTML`` widget; a write redraws the
    exercise's figure."""

    def __init__(self, redraw: Callable[[], None]) -> None:
        self._redraw = redraw
        self._value = ""

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = str(value)
        self._redraw()


class Exercise(W.VBox):
    """An exercise: a question, the learner's answer, feedback at once, a count, and a
    **New example** button.

    :param title: the exercise's title (a heading in words, unique in its lesson).
    :param make: ``make(rng) -> Question`` for a :class:`numpy.random.Generator`.
    :param seed: the first example's seed; **New example** adds 1. Example ``k`` is
        ``make(numpy.random.default_rng(seed + k - 1))``: the same seed, the same example.
    :param rule: where the rule is, shown under the title ("the rules, §1.3").
    :param tally: a :class:`Tally` that also counts this exercise's answers.
    :param number_label: the number box's label (for a question without choices).
    :param lang: the language of the exercise's own words (its heading, **Check**, **New
        example**, right / not right, the count): ``"en"`` (default) or ``"ru"``; the title,
        the rule and the questions are given in it. Anything else: a ``CardkitError``.

    Only the first answer to each example counts ("2 of 3 right"); the learner may try
    again, and is told again, without changing the count.

    Drawn as one figure (a :class:`cardkit_widgets._figure.Figure`, in a box with the
    class ``ck-exercise``): the prompt, a button per choice (or a text box labelled
    ``number_label`` and **Check**; Enter in the box checks too), the feedback (a live
    region: a screen reader reads it when it changes), **New example** and the count.
    Issue 19: two widget models an exercise, where the buttons, lines and boxes were a
    dozen. The parts are Python data: :attr:`prompt`, :attr:`feedback`, :attr:`status`
    (``.value``, HTML), :attr:`number` (``.value``, the text last checked),
    :attr:`buttons`, :attr:`check_button` and :attr:`new_button` (``description``,
    ``click()``). A press from the page counts only for a button drawn enabled now.
    """

    def __init__(self, title: str, make: Callable[[np.random.Generator], Question], *, seed: int = 1,
                 rule: str = "", tally: Tally | None = None, number_label: str | None = None,
                 lang: str = "en") -> None:
        from ._figure import Figure  # here, not at import: importing this module loads no anywidget

        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        _ = self.i18n.gettext
        if number_label is None:
            number_label = _("your answer")
        self.title = title
        self.make = make
        self.tally = tally
        self.right = 0
        self.answered = 0
        self.examples = 0
        self._counted = False
        head = "<b>" + _("Exercise: {title}").format(title=html.escape(title)) + "</b>"
        if rule:
            head += f' <span style="color:#555">({html.escape(rule)})</span>'
        self._head = head
        self._number_label = number_label
        self.figure = Figure(layout=_shared("html"))
        self.prompt = _Part(self._draw)            # the title, where the rule is, and the question
        self.feedback = _Part(self._draw)
        self.status = _Part(self._draw)
        self.number = _Part(self._draw)            # the text in the number box, as last checked
        super().__init__([self.figure], layout=_shared("box"))
        self.add_class("ck-exercise")
        self.seed = int(seed) - 1
        self.new_example()
        from .progress import follow_exercise  # issue 33: its first answer of an earlier visit, shown
        follow_exercise(self)

    # ---- the example ------------------------------------------------------------------
    def new_example(self, seed: int | None = None) -> Question:
        """Deal the next example (seed + 1), or the example of ``seed``; returns it. A
        refused seed (or a question that cannot be made) leaves the exercise as it was."""
        chosen = self.seed + 1 if seed is None else read_seed(seed)
        with speaking(self.i18n):
            question = self.make(np.random.default_rng(chosen))
        if self.lang != "en":   # the cards in the language's letters (Д♥)
            question.prompt = cards_in_words_of(question.prompt, self.i18n)
            if question.choices is not None:
                question.choices = [(cards_in_words_of(str(label), self.i18n), v) for label, v in question.choices]
        with self.figure.hold_sync():      # one message to the page
            self.seed = chosen
            self.examples += 1
            self.question: Question = question
            self._counted = False
            self.prompt.value = f"<div>{self._head}</div><div>{question.prompt}</div>"
            self.feedback.value = ""
            self.number.value = ""
            self._show_status()
        return question

    def _draw(self) -> None:
        from ._figure import Sketch, attr

        q = getattr(self, "question", None)
        if q is None:                      # still being built
            return
        sketch = Sketch()
        _ = self.i18n.gettext
        if q.choices is None:
            answer = (f'<label class="ck-number">{html.escape(self._number_label)}<input type="text" '
                      f'class="ck-input" name="answer" autocomplete="off" style="width:10em" '
                      f'data-ck-version="{self.examples}" data-ck-enter="check" value="{attr(self.number.value)}">'
                      "</label>" + sketch.button("check", _("Check"), classes=["ck-auto"], with_text="answer",
                                                 action=guarded(self.feedback, self._check)))
        else:
            answer = "".join(
                sketch.button(f"choice-{i}", html.escape(str(label)), text=str(label), classes=["ck-auto"],
                              action=guarded(self.feedback, lambda _text, i=i: self.answer(
                                  (self.question.choices or ())[i][1])))
                for i, (label, _) in enumerate(q.choices))
        group = _("your answer")
        new = sketch.button("new", _("New example"), tooltip=_("another example of this rule"), classes=["ck-auto"],
                            action=guarded(self.feedback, lambda _text: self.new_example()))
        self.figure.draw(
            f"<div>{self.prompt.value}</div>"
            f'<div class="ck-row ck-gap" role="group" aria-label="{attr(group)}">{answer}</div>'
            f'<div class="ck-feedback" aria-live="polite">{self.feedback.value}</div>'
            f'<div class="ck-row ck-gap">{new}<span>{self.status.value}</span></div>', sketch)

    def _check(self, text: str | None) -> bool:
        """**Check** pressed, with the text of the number box (None from Python: the text
        in :attr:`number`)."""
        if text is not None:
            self.number.value = text
        return self.answer(self.number.value)

    @property
    def buttons(self) -> list:
        """The answer buttons of the current example (empty for a number box), as shown:
        each has ``description`` and ``click()``."""
        if self.question.choices is None:
            return []
        return [self.figure.button(f"choice-{i}") for i in range(len(self.question.choices))]

    @property
    def check_button(self):
        """The **Check** button of a number box (None for a question with choices)."""
        return self.figure.button("check")

    @property
    def new_button(self):
        """The **New example** button."""
        return self.figure.button("new")

    def answer(self, value) -> bool:
        """Answer the current example with ``value`` (a choice's value, or the number as
        text or int); shows right or wrong and why; returns whether it was right.
        A number that cannot be read is refused in one line and not counted."""
        q = self.question
        if q.choices is None:
            try:
                with speaking(self.i18n):
                    value = value if isinstance(value, (int, np.integer)) else read_number(value)
            except ValueError as e:
                say(self.feedback, error=e)
                return False
        with speaking(self.i18n):
            right, why = q.check(value)
        if self.lang != "en":
            why = cards_in_words_of(why, self.i18n)
        if why[:1].islower():
            why = why[0].upper() + why[1:]
        _ = self.i18n.gettext
        if right:
            text = f'<span style="color:{RIGHT_COLOUR}"><b>' + _("✔ Right.") + f'</b> {why}</span>'
        else:
            chose = ""
            if q.choices is not None:
                label = next((lab for lab, v in q.choices if same_answer(v, value)), None)
                chose = " " + _("You chose «{answer}».").format(answer=html.escape(str(label))) if label is not None \
                    else ""
            text = f'<span style="color:{WRONG_COLOUR}"><b>' + _("✘ Not right.") + f'</b>{chose} {why}</span>'
        if self._counted:
            text += ' <span style="color:#555">' + _("(tried again: the count keeps your first answer)") + "</span>"
        self.feedback.value = text
        if not self._counted:
            self._counted = True
            self.answered += 1
            self.right += bool(right)
            if self.tally is not None:
                self.tally.add(right)
            report_answer("exercise", item=self.title, right=bool(right), section=rules_section(self._head))
        self._show_status()
        return bool(right)

    def _show_status(self) -> None:
        words = self.i18n.gettext("example {n} (deal number {seed}) · <b>{right} of {answered} right</b>").format(
            n=self.examples, seed=self.seed, right=self.right, answered=self.answered)
        self.status.value = f"&nbsp; {words}{getattr(self, 'kept', '')}"

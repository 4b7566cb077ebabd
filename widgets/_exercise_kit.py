"""The shared pieces of the rules lessons' exercises (:mod:`cardkit_widgets.exercises`, issue
10 §1): the words in the exercise's language, the engine's messages for a learner, and the
three kinds of question (buttons, a number box, yes or no), apart from the exercises of each
game (issue 30)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from cardkit._checks import is_whole
from cardkit.errors import quote
from cardkit.i18n import N_

from ._common import same_answer as _same
from .lesson import SPEAKING, Question, read_number, signed

__all__ = ["LETTERS", "NOT_A_CHOICE", "NOT_A_NUMBER", "choice", "gettext", "ngettext", "number", "rule_words",
           "whole_answer", "yes_no"]

LETTERS = "ABCD"


def gettext(message: str, **values) -> str:
    """``message`` in the language the exercise speaks (:func:`cardkit_widgets.lesson.speaking`;
    English outside one), its ``{placeholders}`` filled from ``values``."""
    tr = SPEAKING.get()
    text = tr.gettext(message) if tr is not None else message
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, count: int, **values) -> str:
    """:func:`gettext` with the form for the number ``count`` (Russian has three)."""
    tr = SPEAKING.get()
    text = tr.ngettext(singular, plural, count) if tr is not None else (singular if count == 1 else plural)
    return text.format(**values) if values else text


def rule_words(text: str) -> str:
    """An engine message for a learner: ``(RULES.md §1.3)`` becomes ``(the rules, §1.3)``,
    a hyphen-minus before a digit becomes −; escaped for HTML."""
    text = re.sub(r"RULES\.md\s*", "the rules, ", str(text))
    text = re.sub(r"(?<![\w])-(?=\d)", "−", text)
    return html.escape(text)


#: What a question says to an answer that is none of its choices (a value from code, not
#: from a button: the buttons only send their own choices).
NOT_A_CHOICE = N_("that is not one of the choices: choose one of the buttons")

#: What a number question says to an answer that cannot be a number it asks for.
NOT_A_NUMBER = N_("cannot be the answer: the answer is a whole number of at most 6 digits, such as 12 or −4")


def choice(prompt: str, choices: Sequence[tuple[str, object]], answer, why: Callable[[object], str] | str,
            accept: Callable[[object], bool] | None = None) -> Question:
    """A question with buttons; ``why`` (text, or a function of the answer given) explains.
    An answer that is none of the choices is not right, and is told so
    (:data:`NOT_A_CHOICE`), without asking ``accept`` or ``why`` about it."""
    values = [v for _, v in choices]

    def check(value):
        found = [v for v in values if _same(v, value)]
        if not found:
            return False, gettext(NOT_A_CHOICE)
        chosen = found[0]
        right = accept(chosen) if accept else _same(chosen, answer)
        return bool(right), (why(chosen) if callable(why) else why)
    return Question(prompt, check, list(choices), answer)


def whole_answer(value) -> int | None:
    """A number answer as an int, or None when it cannot be one (the rule of the number
    box, :func:`cardkit_widgets.lesson.read_number`: a whole number of at most 6 digits)."""
    if is_whole(value):
        return int(value) if abs(value) < 10 ** 6 else None
    if not isinstance(value, str):     # a float, None, a list: not a whole number
        return None
    try:
        return read_number(value)
    except ValueError:
        return None


def number(prompt: str, answer: int, why: str, points: bool = False) -> Question:
    """A question answered with a number; ``points``: signed points (+3, −3). An answer
    that cannot be a number it asks for (a float, text, a number of 7 digits or more) is
    not right, and is told so (:data:`NOT_A_NUMBER`)."""
    say = signed if points else (lambda n: str(int(n)).replace("-", "−"))

    def check(value):
        n = whole_answer(value)
        if n is None:
            what = quote(value).replace("-", "−") if is_whole(value) else gettext("that")
            return False, f"{what} {gettext(NOT_A_NUMBER)}"
        if n == answer:
            return True, why
        return False, gettext("the answer is {answer}, not {given}: {why}", answer=say(answer), given=say(n), why=why)
    return Question(prompt, check, None, answer)


def yes_no(prompt: str, yes: bool, why: str, yes_label: str | None = None, no_label: str | None = None) -> Question:
    yes_label = gettext("Yes, it may") if yes_label is None else yes_label
    no_label = gettext("No") if no_label is None else no_label
    return choice(prompt, [(yes_label, True), (no_label, False)], yes, why)

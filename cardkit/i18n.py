"""The languages the kit speaks: English (the words in the code) and Russian (the message
catalog ``cardkit/locale/ru/LC_MESSAGES/cardkit.po``), issue 29.

The catalog is read with Babel (:func:`babel.messages.pofile.read_po`) and compiled in
memory (:func:`babel.messages.mofile.write_mo`) into a :class:`gettext.GNUTranslations`,
once per process: no compiled ``.mo`` file is kept in the repository. English needs no
catalog: its messages are the originals.

>>> ru = translation("ru")
>>> [ru.ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n) for n in (1, 3, 5)]
['1 карта в руке', '3 карты в руке', '5 карт в руке']
>>> translation("en").gettext("New deal")
'New deal'

A translator updates the catalog after changing the code (see ``docs/translating.md``)::

    pybabel extract -F babel.cfg -o /tmp/cardkit.pot cardkit widgets && \\
        pybabel update -i /tmp/cardkit.pot -d cardkit/locale -D cardkit -l ru

The pseudo-language ``"qps"`` is for tests only (never offered to learners): it wraps
every message in ``⟦ ⟧`` and writes its letters with accents (:func:`pseudo`), so that a
test can find the words a page shows that did not come through the catalog.
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from pathlib import Path
from typing import Protocol

from .core.errors import CardkitError, quote

__all__ = ["LANGUAGES", "PSEUDO", "Translation", "check_lang", "translation", "N_", "CATALOG_DOMAIN", "pseudo",
           "catalog_path"]

#: The languages offered to learners: English (the default) and Russian.
LANGUAGES: tuple[str, ...] = ("en", "ru")
#: The pseudo-language of the tests: each message wrapped in ``⟦ ⟧`` (not offered to learners).
PSEUDO = "qps"
#: The catalogs' domain: ``cardkit/locale/<lang>/LC_MESSAGES/cardkit.po``.
CATALOG_DOMAIN = "cardkit"
_LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (a class constant, a table
    of words translated where it is shown). Returns ``message`` unchanged."""
    return message


def whole_number(n: int, lang: str = "en") -> str:
    """A whole number ``n`` written for a page in ``lang``: ``"en"`` (and the test language
    ``"qps"``) groups thousands with a comma (``1,000``), ``"ru"`` with a no-break space
    (``1\u00a0000``, as Babel's ``format_decimal(n, locale="ru")`` writes it). Numbers below
    1,000 are the same in every language. Decimals are not this function's: the pages write
    them with a dot in every language. An unknown ``lang``: a ``CardkitError`` (:func:`check_lang`)."""
    text = f"{int(n):,}"
    return text.replace(",", "\u00a0") if check_lang(lang) == "ru" else text


class Translation(Protocol):
    """What :func:`translation` returns: the three calls of :mod:`gettext`."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...


def check_lang(lang: object, *, name: str = "lang") -> str:
    """``lang`` if it is a language the kit speaks (:data:`LANGUAGES`, or the tests'
    :data:`PSEUDO`).

    :raises CardkitError: for anything else, naming the argument ``name``:
        ``lang 'de': expected 'en' (English) or 'ru' (Russian)``.
    """
    if isinstance(lang, str) and (lang in LANGUAGES or lang == PSEUDO):
        return lang
    raise CardkitError(f"{name} {quote(lang)}: expected 'en' (English) or 'ru' (Russian)")


def catalog_path(lang: str) -> Path:
    """The ``.po`` file of ``lang`` (``cardkit/locale/ru/LC_MESSAGES/cardkit.po``)."""
    return _LOCALE_DIR / lang / "LC_MESSAGES" / f"{CATALOG_DOMAIN}.po"


_PSEUDO_LETTERS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                 "áƀçďéƒĝĥíĵķĺḿńóṕʠŕśťúṽŵẋýźÁƁÇĎÉƑĜĤÍĴĶĹḾŃÓṔǪŔŚŤÚṼŴẊÝŹ")
# the parts of a message kept as they are: {placeholders}, HTML tags and entities, and an
# address's ?size=large
_PSEUDO_KEEP = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[a-z]+;|\?size=large")


def pseudo(message: str) -> str:
    """``message`` in the tests' pseudo-language: wrapped in ``⟦ ⟧``, each ASCII letter
    written with an accent (``"New deal"`` → ``"⟦Ńéŵ ďéáĺ⟧"``), its ``{placeholders}`` and
    HTML tags as they are; so a plain ASCII word on a page did not come through the catalog."""
    out, at = [], 0
    for m in _PSEUDO_KEEP.finditer(message):
        out.append(message[at:m.start()].translate(_PSEUDO_LETTERS))
        out.append(m[0])
        at = m.end()
    out.append(message[at:].translate(_PSEUDO_LETTERS))
    return "⟦" + "".join(out) + "⟧"


class _Pseudo(gettext.NullTranslations):
    """Every message in the pseudo-language (:func:`pseudo`)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@functools.cache
def translation(lang: str = "en") -> Translation:
    """The messages of ``lang``: an object with ``gettext(message)``,
    ``ngettext(singular, plural, n)`` and ``pgettext(context, message)``, each returning
    the text to show (with its ``{placeholders}`` still to fill with ``str.format``).

    ``"en"``: the originals. ``"ru"``: the Russian catalog, read through Babel and
    compiled in memory (cached: one read per process); a message missing from it comes
    back in English (the catalog test keeps none missing). ``"qps"``: every message
    wrapped in ``⟦ ⟧``, its letters accented (tests: :func:`pseudo`).

    :raises CardkitError: for another language (see :func:`check_lang`).
    """
    lang = check_lang(lang)
    if lang == "en":
        return gettext.NullTranslations()
    if lang == PSEUDO:
        return _Pseudo()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(catalog_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang, domain=CATALOG_DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)

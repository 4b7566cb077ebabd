"""Issue 29: the Russian message catalog (``cardkit/locale/ru/LC_MESSAGES/cardkit.po``)
holds exactly the messages Babel's extractor finds in ``cardkit/`` and ``widgets/`` (none
missing, none unused), each translated (not empty, not fuzzy), with the placeholders of
the original (``{card}``, ``%(n)s``), three plural forms where the original has a plural,
and a header that says ``nplurals=3``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from cardkit.i18n import CATALOG_DOMAIN, catalog_path

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^{}]*)?\}|%\([A-Za-z_]+\)[sd]")


def _key(msgid, context):
    return (context or "", msgid if isinstance(msgid, str) else tuple(msgid))


@pytest.fixture(scope="module")
def extracted() -> dict:
    out: dict = {}
    for folder in ("cardkit", "widgets"):
        for filename, lineno, message, _comments, context in extract_from_dir(
                ROOT / folder, [("**.py", "python")], {}, keywords=DEFAULT_KEYWORDS):
            msgid = message if isinstance(message, str) else tuple(m for m in message if m is not None)
            if isinstance(msgid, tuple) and len(msgid) == 1:
                msgid = msgid[0]
            out.setdefault(_key(msgid, context), f"{folder}/{filename}:{lineno}")
    return out


@pytest.fixture(scope="module")
def catalog():
    with open(catalog_path("ru"), "rb") as f:
        return read_po(f, locale="ru", domain=CATALOG_DOMAIN)


def test_the_code_has_messages(extracted):
    assert len(extracted) > 50


def test_no_message_missing_from_the_catalog(extracted, catalog):
    have = {_key(m.id, m.context) for m in catalog if m.id}
    missing = sorted(f"{where}: {key[1]!r}" for key, where in extracted.items() if key not in have)
    assert not missing, f"{len(missing)} messages are not in the Russian catalog:\n" + "\n".join(missing)


def test_no_unused_entry(extracted, catalog):
    unused = sorted(repr(m.id) for m in catalog if m.id and _key(m.id, m.context) not in extracted)
    assert not unused, "entries no code uses:\n" + "\n".join(unused)


def test_every_entry_translated_not_fuzzy(catalog):
    bad = []
    for m in catalog:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        if m.fuzzy or not all(f and f.strip() for f in forms):
            bad.append(repr(m.id))
    assert not bad, "untranslated or fuzzy:\n" + "\n".join(bad)


def test_placeholders_match(catalog):
    bad = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        want = sorted(set().union(*(PLACEHOLDER.findall(i) for i in ids)))
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        for f in forms:
            if sorted(set(PLACEHOLDER.findall(f or ""))) != want:
                bad.append(f"{m.id!r} -> {f!r}: {want}")
    assert not bad, "placeholders differ:\n" + "\n".join(bad)


def test_plural_entries_have_three_forms(catalog):
    assert catalog.num_plurals == 3
    for m in catalog:
        if m.id and not isinstance(m.id, str):
            assert isinstance(m.string, (list, tuple)) and len(m.string) == 3, m.id


def test_header_says_three_plural_forms():
    text = catalog_path("ru").read_text(encoding="utf-8")
    assert re.search(r'"Plural-Forms: nplurals=3; plural=', text)


# A seat's name may be a person's own name (the room) or a seat ("Юг (вы)"): a Russian sentence
# must not make it the subject of a past-tense verb, whose ending would give it a gender
# ("{seat} вытянул"). The noun "игрок {seat}" or "{seat}: …" reads right for anyone.
SEAT_AS_SUBJECT = re.compile(
    r"(?<![Ии]грок )(?<![Ии]грока )\{seat\}(?:\s+уже)?\s+(\w+(?:ал|ял|ил|ыл|ел|ёл|ул|ла|лся))\b")


def test_no_seat_is_the_subject_of_a_gendered_verb(catalog):
    bad = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        bad += [form for form in forms if form and SEAT_AS_SUBJECT.search(form)]
    assert not bad, bad

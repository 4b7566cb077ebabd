"""Deal codes: a short text that names one deal, so a whole class can play the same cards.

A teacher reads a code aloud or shares it as a link (``?deal=V-4821`` on a Voila URL);
every learner who types it, or opens the link, gets the same deal at its start.

Format (also in ``docs/deal-codes.md``)
---------------------------------------

::

    code   = GAME "-" BODY *( "-" OPTION )
    GAME   = "V"  Variety (RULES.md §1)
           | "W"  Warsaw Hearts (RULES.md §2)
           | "D"  Armenian Durak with trumps (RULES.md §3)
    BODY   = SEED                    a whole number 0 .. 999999999999 (at most 12 digits)
           | "X" CARDS               the cards themselves (a teacher's hand-built deal)
    OPTION = LETTER DIGITS           one setting (at most 6 digits); see below

Letters and digits are read in either case; dashes may also be written as spaces or
underscores. The canonical form (what :func:`deal_code` writes) is upper case, options in
the order of the tables below, and options at their default left out.

*Seed form* (``V-4821``): the cards are those of the game's own ``new_deal(seed=4821)``,
so the same code gives the same cards on every machine (numpy's PCG64,
:mod:`cardkit.dealing`). The dealer is ``seed % players`` unless an option ``D`` states
it: ``V-4821`` has dealer 1 (4821 % 4), ``V-4821-D3`` dealer 3.

*Cards form* (``V-XB7Q...``): ``CARDS`` is base32 (RFC 4648 alphabet ``A-Z 2-7``, no
padding) of one number, the rank of the deal among all deals of that game, followed by
one check character. The deal is seen as a list of *places* (Variety: the four hands;
each place holds a fixed number of cards, order within a place not counted); going
through the game's deck in :func:`cardkit.deck` order, each card's place is one symbol,
and the number is the lexicographic rank of that sequence among all sequences with the
same place sizes (a multinomial rank: 96 bits, 20 characters, for a Variety deal). The
check character is ``sum((2i + 1) * v_i) mod 32`` over the symbols' values ``v_i``
(``i`` from 0): the odd weights make it catch every single mistyped character, and every
swap of two neighbours except of two symbols whose values differ by 16. The dealer is seat 0 unless an
option ``D`` states it.

Options common to every game:

- ``D<seat>``: the dealer's seat.
- ``P<n>``: the number of players, for a game that allows more than one count.

Rule variants (one letter each; the digit is the index of the value in the list, and
index 0, the **default**, is never written):

=========  ======  ==================================================================
game       option  values (index 0, 1, 2, ...)
=========  ======  ==================================================================
Variety    ``L``   lead (§1.4): left_of_first_namer, left_of_first_bidder, left_of_dealer
Variety    ``C``   contract_values (§1.2): book (older name seed), halved_2_7
Variety    ``T``   tie (§1.6): declarers_lose, no_bonus
W. Hearts  ``P``   players (§2.1): 4 (default), ``P3`` for three
W. Hearts  ``H``   double_honour_trick (§2.2): max, additive
W. Hearts  ``B``   bonus_without_tricks (§2.2): False, True
W. Hearts  ``S``   settlement_bonus (§2.3): all, only_plus
A. Durak   ``K``   deck (§3.1): 36, 52
A. Durak   ``S``   trump_six_double (§3.1): False, True
A. Durak   ``A``   draw_after (§3.3): any, lead
A. Durak   ``T``   the trump, given (skips the draw, §3.2): drawn, ♠, ♥, ♦, ♣
=========  ======  ==================================================================

So ``V-4821-L2`` is seed 4821 played with the lead on the dealer's left, ``W-17-P3``
a three-player deal of Warsaw Hearts, ``D-5-T2`` a durak deal with hearts trumps. Rules
that belong to a whole game rather than one deal (Variety's number of deals, Hearts'
``loss_at``, Durak's ``target`` and ``deals``) are not part of a deal code.

Places for the cards form: Variety and Warsaw Hearts, the hands (13, or 12 / 9 each);
Armenian Durak, every card on its own (seat 0's hand in the order dealt, its six
face-down and six face-up cards by stack, then seat 1's), since the order of the dealer's
hand is the fan the trump is drawn from: 28 characters for 36 cards.

A code that is not well formed raises :class:`~cardkit.NotationError` in one line that
quotes the code and says what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields as dataclass_fields, replace as dataclass_replace
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs

from cardkit.i18n import N_
from cardkit.wording import SEAT_WORDS, field_words, value_words

from ._checks import is_whole
from .cards import Card, deck
from .errors import CardkitError, NotationError, Said, quote
from .placecodec import (
    B32_VALUE,
    check_char as _check_char,  # noqa: F401 - kept here for older code
    decode_places,
    encode_places,
)
from .registry import GAMES, GameEntry, VariantOption, game_entry

__all__ = [
    "DealSpec", "GameEntry", "VariantOption", "GAMES", "game_entry",
    "deal_code", "parse_deal_code", "deal_from_code", "code_from_query",
    "cards_identity", "board_identity",
    "encode_places", "decode_places",
]

MAX_SEED_DIGITS = 12


# ---- the spec of a deal -------------------------------------------------------------------

@dataclass(frozen=True)
class DealSpec:
    """What a deal code says: which game, which rules, and which cards.

    Exactly one of ``seed`` and ``places`` is set.

    :ivar game: the game name (``"variety"``).
    :ivar rules: the game's ``Rules`` object (only deal-level variants differ from default).
    :ivar dealer: the dealer's seat.
    :ivar players: the number of players.
    :ivar seed: the seed of ``new_deal(seed=...)``, or None.
    :ivar places: for a hand-built deal, the cards of each place (tuples), else None.
    """

    game: str
    rules: Any
    dealer: int
    players: int
    seed: int | None = None
    places: tuple[tuple[Card, ...], ...] | None = None
    extras: tuple[tuple[str, Any], ...] = ()

    def new_state(self):
        """A new state of this deal at its start (bidding, the trump draw, or the first lead)."""
        entry = game_entry(self.game)
        module = entry.engine()
        kw = dict(self.extras)
        if self.seed is not None:
            return entry.from_seed(module, self.seed, self.dealer, self.rules, self.players, **kw)
        return entry.from_places(module, [list(p) for p in self.places], self.dealer, self.rules,
                                 self.players, **kw)

    @property
    def code(self) -> str:
        """The canonical deal code."""
        return deal_code(self)


# ---- reading and writing codes ----------------------------------------------------------

_SEPARATORS = re.compile(r"[\s_\-]+")
_OPTION = re.compile(r"^([A-Z])([0-9]+)$")   # ASCII digits only: '²', '３', '٣' are not digits here
_DIGITS = re.compile(r"[0-9]+")


def _foreign_character(code: str) -> str | None:
    """The first character of ``code`` that no code uses (anything outside ASCII other
    than a space), or None. Look-alikes (fullwidth ``３``, superscript ``²``,
    Arabic-Indic ``٣``) are refused rather than read, as :func:`~cardkit.parse_card` does."""
    return next((ch for ch in code if not ch.isascii() and not ch.isspace()), None)


def _rules_class(module):
    return module.Rules


def _default_players(entry: GameEntry) -> int:
    return entry.players[0]


def parse_deal_code(code: str) -> DealSpec:
    """Read a deal code (see the module docstring for the format).

    >>> spec = parse_deal_code("V-4821-L2")
    >>> spec.game, spec.seed, spec.dealer, spec.rules.lead
    ('variety', 4821, 1, 'left_of_dealer')

    :raises NotationError: in one line quoting the code: not text, a character outside
        ASCII (look-alike digits such as ``²`` or ``３`` included), unknown game letter, a
        body that is neither a seed nor ``X`` and cards, an unknown or repeated option, an
        option value out of range, a mistyped cards part. Its
        :attr:`~cardkit.errors.CardkitError.words` say it in a page's language
        (``e.in_language(translation("ru"))``: the head and the reason in Russian, the code
        quoted as typed; the example code is the placeholder ``{example}``, which a table
        fills with its own game's).
    """
    if not isinstance(code, str):
        raise NotationError.worded(N_("deal code {code}: expected text such as {example}"), code=quote(code),
                                   example=EXAMPLE)
    odd = _foreign_character(code)
    if odd is not None:
        raise NotationError.worded(N_("deal code {code}: {char} is not a character of a code; codes use the "
                                      "letters A-Z, the digits 0-9 and dashes, such as {example}"),
                                   code=quote(code), char=quote(odd), example=EXAMPLE)
    parts = [p for p in _SEPARATORS.split(code.strip().upper()) if p]
    if len(parts) < 2:
        raise NotationError.worded(N_("deal code {code}: expected a game letter, a dash and a deal number or X "
                                      "and the cards, such as {example}"), code=quote(code), example=EXAMPLE)
    letter, body, options = parts[0], parts[1], parts[2:]
    if letter not in GAMES:
        known = Said.join(", ", [Said.template("{letter} ({game})", letter=e.letter, game=Said(e.title))
                                 for e in GAMES.values()])
        raise NotationError.worded(N_("deal code {code}: {letter} is not a game letter; expected {known}"),
                                   code=quote(code), letter=quote(letter), known=known)
    entry = GAMES[letter]
    by_letter = {v.letter: v for v in entry.variants}
    settings: dict[str, int] = {}
    for opt in options:
        m = _OPTION.match(opt)
        if not m:
            raise NotationError.worded(N_("deal code {code}: option {option} should be a letter and a number, "
                                          "such as 'D2' or 'L1'"), code=quote(code), option=quote(opt))
        if len(m.group(2)) > 6:  # no option's value has 7 digits (and int() refuses 4,300)
            raise NotationError.worded(N_("deal code {code}: option {option} has too many digits; an option is a "
                                          "letter and a small number, such as 'D2' or 'L1'"),
                                       code=quote(code), option=quote(opt))
        k, v = m.group(1), int(m.group(2))
        if k in settings:
            raise NotationError.worded(N_("deal code {code}: option {option} is given twice"), code=quote(code),
                                       option=quote(k))
        if k not in by_letter and k not in ("D", "P"):
            known = Said.join(", ", [Said(N_("D (dealer)"))] + ([Said(N_("P (players)"))] if len(entry.players) > 1
                                                                else [])
                              + [Said.template("{letter} ({field})", letter=o.letter, field=_field_said(o.field))
                                 for o in entry.variants])
            raise NotationError.worded(N_("deal code {code}: {game} has no option {option}; expected {known}"),
                                       code=quote(code), game=Said(entry.title), option=quote(k), known=known)
        settings[k] = v
    players = settings.pop("P", _default_players(entry))
    if players not in entry.players:
        if len(entry.players) == 1:
            raise NotationError.worded(N_("deal code {code}: {game} is for {a} players, not P{n}"),
                                       code=quote(code), game=Said(entry.title), a=entry.players[0], n=players)
        raise NotationError.worded(N_("deal code {code}: {game} is for {a} or {b} players, not P{n}"),
                                   code=quote(code), game=Said(entry.title), a=entry.players[0],
                                   b=" or ".join(map(str, entry.players[1:])), n=players)
    module = entry.engine()
    rules_kw: dict[str, Any] = {}
    extras: list[tuple[str, Any]] = []
    for k, v in settings.items():
        if k == "D":
            continue
        o = by_letter[k]
        if v >= len(o.values):
            allowed = Said.join(", ", [Said.template("{option} ({value})", option=f"{k}{i}",
                                                     value=_value_said(val, o.field))
                                       for i, val in enumerate(o.values)])
            raise NotationError.worded(N_("deal code {code}: {option} is out of range for {field}; expected {allowed}"),
                                       code=quote(code), option=f"{k}{v}", field=_field_said(o.field),
                                       allowed=allowed)
        if o.deal:
            if v:
                extras.append((o.field, o.values[v]))
        else:
            rules_kw[o.field] = o.values[v]
    rules_class = _rules_class(module)
    if "players" in {f.name for f in dataclass_fields(rules_class)}:
        rules_kw["players"] = players
    rules = rules_class(**rules_kw)
    seed = None
    places = None
    if _DIGITS.fullmatch(body):
        if len(body) > MAX_SEED_DIGITS:
            raise NotationError.worded(N_("deal code {code}: a deal number has at most {n} digits"),
                                       code=quote(code), n=MAX_SEED_DIGITS)
        seed = int(body)
        dealer = seed % players
    elif body.startswith("X"):
        cards = deck(entry.deck_size(players, rules))
        sizes = entry.place_sizes(players, rules)
        width = len(encode_places(_split(cards, sizes), cards))   # the characters of the cards part
        if len(body) - 1 != width and all(ch in B32_VALUE for ch in body[1:]):   # a bad character: placecodec says
            raise NotationError.worded(N_("deal code {code}: after {start} expected a deal number (digits, such as "
                                          "4821) or X and the {n} characters of the cards, found {body}"),
                                       code=quote(code), start=repr(letter + "-"), n=width, body=quote(body))
        places = tuple(tuple(p) for p in decode_places(body[1:], cards, sizes, code=code))
        dealer = 0
    else:
        raise NotationError.worded(N_("deal code {code}: after {start} expected a deal number (digits, such as "
                                      "4821) or X and the cards, found {body}"),
                                   code=quote(code), start=repr(letter + "-"), body=quote(body))
    if "D" in settings:
        dealer = settings["D"]
        if dealer >= players:
            dealers = Said.join(", ", [Said.template("{option} {seat}", option=f"D{i}", seat=Said(n))
                                       for i, n in enumerate(_DEALERS[players])])
            raise NotationError.worded(N_("deal code {code}: D{n} names no dealer; a {players}-player deal has the "
                                          "dealers {dealers}"),
                                       code=quote(code), n=dealer, players=players, dealers=dealers)
    return DealSpec(entry.name, rules, dealer, players, seed, places, tuple(extras))


#: The dealers of a code's D option in a learner's words (seat 0 is the learner's).
_DEALERS = SEAT_WORDS
#: The example of a code in the reader's refusals (a table names its own game's instead).
EXAMPLE = "'V-4821'"


def _field_said(field: str) -> Said:
    """A rule variant's setting as a code's refusal names it: its field name in English
    (``"contract values"``, as always), the catalog's words in another language."""
    return Said(field.replace("_", " "), words=(field_words(field), {}))


def _value_said(value, field: str) -> Said:
    """A variant's value as a code's refusal names it: as :func:`value_words` in English,
    the words of the setting (``"52 cards"``, ``"counts 12"``) in another language."""
    if field == "trump" and value in _SUIT_SYMBOLS:   # a suit letter: its symbol, in any language
        return Said(value_words(value), words=(_SUIT_SYMBOLS[value], {}), translated=False)
    words = value_words(value, field)
    return Said(value_words(value), words=(words if words != "none" else N_("drawn"), {}))


_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _split(cards, sizes) -> list[list[Card]]:
    """``cards`` cut into places of ``sizes`` (any one layout: only its code's length is used)."""
    out, i = [], 0
    for n in sizes:
        out.append(list(cards[i:i + n]))
        i += n
    return out


def deal_from_code(code: str):
    """A new state of the deal that ``code`` names, at its start.

    >>> deal_from_code("V-4821").phase
    'bidding'

    :raises NotationError: for a code that is not well formed (see :func:`parse_deal_code`).
    """
    return parse_deal_code(code).new_state()


def _options(entry: GameEntry, rules, dealer: int, default_dealer: int, players: int,
             extras: Mapping[str, Any]) -> list[str]:
    opts = []
    if dealer != default_dealer:
        opts.append(f"D{dealer}")
    if players != _default_players(entry):
        opts.append(f"P{players}")
    for o in entry.variants:
        value = extras.get(o.field) if o.deal else getattr(rules, o.field)
        if value not in o.values:
            raise CardkitError(f"rules {o.field}={quote(value)}: a deal code can carry only {list(o.values)}")
        i = o.values.index(value)
        if i:
            opts.append(f"{o.letter}{i}")
    return opts


def _check_rules_type(entry: GameEntry, module, rules) -> None:
    """``rules`` is None or the game's own ``Rules`` (not another game's, not text)."""
    if rules is not None and not isinstance(rules, module.Rules):
        raise CardkitError(f"rules {quote(rules)}: expected {entry.title}'s Rules ({module.__name__}.Rules)")


def _check_players(entry: GameEntry, players, rules) -> None:
    """``players`` is a count the game allows, and agrees with ``rules.players`` when the
    game's rules have one, so that :func:`parse_deal_code` reads back what is written."""
    allowed = " or ".join(map(str, entry.players))
    if not is_whole(players) or players not in entry.players:
        raise CardkitError(f"players={quote(players)}: {entry.title} is for {allowed} players")
    ruled = getattr(rules, "players", None)
    if ruled is not None and ruled != players:
        raise CardkitError(f"players={quote(players)} disagrees with rules.players={quote(ruled)}: "
                           f"give one of them, or the same number in both")


def deal_code(deal, **params) -> str:
    """The canonical deal code of a deal.

    :param deal: one of

        - a :class:`DealSpec`;
        - a game's state (any :class:`~cardkit.state.TrickGameState`), with the keyword
          ``form``: ``"auto"`` (**default**) the short seed form a teacher can read out
          (``V-4821``, with the dealer and variant options) when the state keeps the int
          ``seed`` it was dealt from (``new_deal(seed=4821)``, ``deal_from_code("V-4821")``)
          and that seed's code gives the very same cards (checked by dealing it), else the
          cards form; ``"cards"``: always the cards form (``V-X...``), exact for any deal,
          random or hand-built, and the same for two states with the same cards whatever
          their seeds (compare deals with it, as :mod:`cardkit.records` does);
          ``"seed"``: the seed form or CardkitError;
        - a game name or letter (``"variety"``, ``"V"``) with keyword ``params``:
          ``seed`` (an int >= 0), ``dealer``, ``players``, ``rules``, or ``places``
          (the cards of each place) instead of ``seed``.
    :raises CardkitError: for a seed that is not a whole number of at most 12 digits, a
        dealer that is not a seat, a number of players the game does not allow (Variety:
        4; Warsaw Hearts: 4 or 3) or that disagrees with ``rules.players`` (the message
        names both), ``rules`` that are not the game's ``Rules``, an unknown keyword, or
        a rules value a code cannot carry, or ``form="seed"`` for a state not dealt from
        a seed that gives its cards. Every code it returns is read back by
        :func:`parse_deal_code` as the same deal.

    >>> deal_code("variety", seed=4821)
    'V-4821'
    >>> from cardkit.games import variety
    >>> deal_code(variety.new_deal(seed=4821, dealer=1))
    'V-4821'
    >>> deal_code(variety.new_deal(seed=4821, dealer=1), form="cards")[:3]
    'V-X'
    """
    if isinstance(deal, DealSpec):
        spec = deal
    elif isinstance(deal, str):
        entry = game_entry(deal)
        module = entry.engine()
        known = {"seed", "places", "dealer", "players", "rules"} | {o.field for o in entry.variants if o.deal}
        unknown = sorted(set(params) - known)
        if unknown:
            raise CardkitError(f"deal_code: unknown keyword {quote(unknown[0])}; expected {', '.join(sorted(known))}")
        rules = params.get("rules")
        _check_rules_type(entry, module, rules)
        players = params.get("players")
        if players is None:
            players = getattr(rules, "players", None) or _default_players(entry)
        _check_players(entry, players, rules)
        if rules is None:
            names = {f.name for f in dataclass_fields(module.Rules)}
            rules = module.Rules(players=players) if "players" in names else module.Rules()
        extras = tuple((o.field, params[o.field]) for o in entry.variants
                       if o.deal and params.get(o.field) is not None)
        seed = params.get("seed")
        places = params.get("places")
        if (seed is None) == (places is None):
            raise CardkitError("deal_code: give exactly one of seed= and places=")
        if seed is not None:
            if not is_whole(seed) or not 0 <= seed < 10 ** MAX_SEED_DIGITS:
                raise CardkitError(f"seed {quote(seed)}: a deal code carries a whole number "
                                   f"0..{10 ** MAX_SEED_DIGITS - 1}")
            seed = int(seed)
            dealer = params.get("dealer", seed % players)
        else:
            assert places is not None  # exactly one of seed and places was given
            places = tuple(tuple(p) for p in places)
            dealer = params.get("dealer", 0)
        spec = DealSpec(entry.name, rules, dealer, players, seed, places, extras)
    elif hasattr(deal, "game") and hasattr(deal, "dealer"):
        form = params.get("form", "auto")
        if form not in ("auto", "cards", "seed"):
            raise CardkitError(f"deal_code(state, form={quote(form)}): expected 'auto', 'cards' or 'seed'")
        entry = game_entry(deal.game)
        start = deal._start_json()
        extras = tuple((o.field, start.get(o.field)) for o in entry.variants
                       if o.deal and start.get(o.field) is not None)
        spec = DealSpec(entry.name, deal.rules, deal.dealer, deal.players, None,
                        tuple(tuple(p) for p in entry.places(deal)), extras)
        if form != "cards":
            seeded = _seed_spec(deal, spec)
            if seeded is not None:
                spec = seeded
            elif form == "seed":
                raise CardkitError(f"deal_code(state, form='seed'): the deal was not dealt from a seed "
                                   f"(state.seed {quote(getattr(deal, 'seed', None))}) that gives these cards")
    else:
        raise CardkitError(f"deal_code: expected a DealSpec, a state, or a game name with seed=..., got {quote(deal)}")
    entry = game_entry(spec.game)
    _check_rules_type(entry, entry.engine(), spec.rules)
    _check_players(entry, spec.players, spec.rules)
    if not is_whole(spec.dealer) or not 0 <= spec.dealer < spec.players:
        raise CardkitError(f"dealer {quote(spec.dealer)}: expected a seat 0..{spec.players - 1}")
    if spec.seed is not None:
        body = str(spec.seed)
        default_dealer = spec.seed % spec.players
    else:
        if spec.places is None:
            raise CardkitError("deal_code: a DealSpec needs a seed or the places")
        cards = deck(entry.deck_size(spec.players, spec.rules))
        sizes = entry.place_sizes(spec.players, spec.rules)
        if [len(p) for p in spec.places] != list(sizes):
            raise CardkitError(f"places of sizes {[len(p) for p in spec.places]}: {entry.title} "
                               f"needs {list(sizes)}")
        body = "X" + encode_places(spec.places, cards)
        default_dealer = 0
    return "-".join([entry.letter, body] + _options(entry, spec.rules, spec.dealer, default_dealer, spec.players,
                                                     dict(spec.extras)))


def _seed_spec(state, cards_spec: DealSpec) -> DealSpec | None:
    """The seed form of ``state``'s deal, or None: the state must keep an int ``seed`` (at
    most 12 digits) whose seed code deals the very cards, dealer and deal-level options of
    the state (checked by dealing it: a seed changed by hand is not trusted)."""
    seed = getattr(state, "seed", None)
    if not is_whole(seed) or not 0 <= seed < 10 ** MAX_SEED_DIGITS:
        return None
    spec = dataclass_replace(cards_spec, seed=seed, places=None)
    try:
        same = deal_code(spec.new_state(), form="cards") == deal_code(cards_spec)
    except (CardkitError, ValueError):
        return None
    return spec if same else None


# ---- one identity per deal, whatever form its code was written in -------------------------

def _state_of(deal, what: str):
    """A state at the start of ``deal`` (a code, a DealSpec or a state), for the identities."""
    if isinstance(deal, str):
        return parse_deal_code(deal).new_state()
    if isinstance(deal, DealSpec):
        return deal.new_state()
    if hasattr(deal, "game") and hasattr(deal, "dealer") and hasattr(deal, "rules"):
        return deal
    raise CardkitError(f"{what}: expected a deal code such as 'V-4821', a DealSpec or a state, got {quote(deal)}")


def _cards_identity_of(state) -> str:
    entry = game_entry(state.game)
    places = entry.places(state)
    players = int(state.players)
    if len(places) % players:  # pragma: no cover - every game's places split evenly among its seats
        raise CardkitError(f"{entry.title}: {len(places)} places do not split among {players} seats")
    k = len(places) // players
    seats = [[c for p in places[s * k:(s + 1) * k] for c in p] for s in range(players)]
    cards = deck(entry.deck_size(players, state.rules))
    return f"{entry.letter}{players}/{len(cards)}/{encode_places(seats, cards)}"


@lru_cache(maxsize=4096)
def _identities(code: str) -> tuple[str, str]:
    state = parse_deal_code(code).new_state()
    return _cards_identity_of(state), deal_code(state, form="cards")


def cards_identity(deal) -> str:
    """Which cards each seat holds at the start of a deal, whatever form its code is written in.

    Two deals have the same cards identity when the same game, for the same number of
    players, gives every seat the same cards (as a set: the order within a hand, Armenian
    Durak's order of the stacks, the dealer, the rule variants and a given trump do not
    count). So ``V-4821``, ``V-4821-D0``, ``V-4821-D2``, ``v 4821 d3``, ``V-4821-L2`` and the
    cards form ``V-XA3WLA6HFKZUGP5C7ZCEPM-D1`` have one identity: in Variety and Warsaw
    Hearts the dealer changes who bids or leads first, never which cards a seat holds, so
    a person who has seen one seat's cards of any of them knows that hand in all of them.
    In Armenian Durak the dealer changes the dealing (RULES.md §3.2): ``D-5`` and ``D-5-D0``
    are other cards, and have other identities. The teaching room keys "this board was
    seen" by it (:class:`cardkit.room.Room`).

    :param deal: a deal code in any form :func:`parse_deal_code` reads, a
        :class:`DealSpec`, or a game's state (its start counts, however far it is played).
    :returns: text such as ``'V4/52/A3WLA6HFKZUGP5C7ZCEPM'`` (the game letter and number of
        players, the deck's size, then the seats' cards as in a cards-form code with one
        place per seat). Compare it for equality only: it is not a deal code.
    :raises NotationError: for a code that is not well formed (:func:`parse_deal_code`).
    :raises CardkitError: for something that is neither a code, a DealSpec nor a state.

    >>> cards_identity("V-4821") == cards_identity("V-4821-D2") == cards_identity("V-XA3WLA6HFKZUGP5C7ZCEPM-D1")
    True
    >>> cards_identity("V-4821") == cards_identity("V-4822")
    False
    """
    if isinstance(deal, str):
        return _identities(deal)[0]
    return _cards_identity_of(_state_of(deal, "cards_identity"))


def board_identity(deal) -> str:
    """The board a deal is, whatever form its code is written in: its cards, its dealer and
    every rule variant a code carries (they change the bidding, the play or the score), as
    the canonical cards-form code (:func:`deal_code` with ``form="cards"``).

    Two tables whose boards have one board identity play the same board, so their results
    compare (the teaching room's traveller, :meth:`cardkit.room.Room.results`): ``V-4821``,
    ``V-4821-D1`` and ``V-XA3WLA6HFKZUGP5C7ZCEPM-D1`` are one board; ``V-4821-D2`` is the same
    cards with another dealer (another bidding), so another board with the same
    :func:`cards_identity`.

    :param deal: a deal code in any form :func:`parse_deal_code` reads, a
        :class:`DealSpec`, or a game's state (its start counts).
    :returns: a cards-form deal code, such as ``'V-XA3WLA6HFKZUGP5C7ZCEPM-D1'``.
    :raises NotationError: for a code that is not well formed (:func:`parse_deal_code`).
    :raises CardkitError: for something that is neither a code, a DealSpec nor a state.

    >>> board_identity("V-4821")
    'V-XA3WLA6HFKZUGP5C7ZCEPM-D1'
    >>> board_identity("v_4821_d1") == board_identity("V-4821") != board_identity("V-4821-D2")
    True
    """
    if isinstance(deal, str):
        return _identities(deal)[1]
    return deal_code(_state_of(deal, "board_identity"), form="cards")


def code_from_query(query: str) -> str | None:
    """The deal code in a URL query string, or None when it has none.

    In a Voila kernel the page's query string is the environment variable
    ``QUERY_STRING``: ``code_from_query(os.environ.get("QUERY_STRING", ""))``.
    A leading ``?`` is allowed. The code itself is not checked here: pass it to
    :func:`parse_deal_code` or :func:`deal_from_code`.

    None (no query string at all) gives None.

    :raises NotationError: for a query that is neither text nor None (bytes included:
        decode them first); nothing else is raised.
    """
    if query is None:
        return None
    if not isinstance(query, str):
        raise NotationError(f"query {quote(query)}: expected text such as 'deal=V-4821' (a str, not "
                            f"{type(query).__name__})")
    if not query:
        return None
    try:
        values = parse_qs(query.lstrip("?"), keep_blank_values=False).get("deal")
    except ValueError as e:  # not raised by parse_qs as called; kept so nothing else escapes
        raise NotationError(f"query {quote(query)}: {e}") from None
    if not values:
        return None
    code = values[-1].strip()
    return code or None

"""The game registry (cardkit.registry, issue 13): one entry per game, its deal-code
variants read from the game's Rules (each list written once), the old import path kept."""

from __future__ import annotations

import dataclasses

import pytest

import cardkit.codes as codes
import cardkit.registry as registry
from cardkit.errors import NotationError
from cardkit.games import armenian_durak, variety, warsaw_hearts

ENGINES = {"variety": variety, "warsaw_hearts": warsaw_hearts, "armenian_durak": armenian_durak}


def test_codes_keeps_the_registry_names():
    for name in ("GAMES", "GameEntry", "VariantOption", "game_entry"):
        assert getattr(codes, name) is getattr(registry, name)


def test_one_entry_per_game_found_by_letter_or_name():
    assert sorted(e.name for e in registry.GAMES.values()) == sorted(ENGINES)
    for letter, entry in registry.GAMES.items():
        assert registry.game_entry(letter) is registry.game_entry(letter.lower()) is entry
        assert registry.game_entry(entry.name) is entry
        assert entry.engine() is ENGINES[entry.name]
    with pytest.raises(NotationError, match="'Q'"):
        registry.game_entry("Q")


@pytest.mark.parametrize("letter", sorted(registry.GAMES))
def test_variant_values_are_the_rules_own_lists(letter):
    """Each variant's values are those the game's Rules accept, in the order the rules
    give them (index 0 the default): a value added to or taken from the rules reaches the
    deal codes without a second list."""
    entry = registry.GAMES[letter]
    rules_class = entry.engine().Rules
    fields = {f.name: f for f in dataclasses.fields(rules_class)}
    for option in entry.variants:
        if option.deal:                  # a keyword of new_deal (Durak's given trump), not a rule
            assert option.field not in fields
            continue
        assert option.values is rules_class.choices[option.field]
        assert option.values[0] == fields[option.field].default
        for v in option.values:
            assert getattr(rules_class(**{option.field: v}), option.field) == v
    carried = {o.field for o in entry.variants if not o.deal}
    assert carried == set(rules_class.choices)          # every listed variant has a letter


@pytest.mark.parametrize("engine", list(ENGINES.values()), ids=list(ENGINES))
def test_the_rules_refuse_a_value_outside_their_list(engine):
    for field, values in engine.Rules.choices.items():
        bad = "no such value" if isinstance(values[0], str) else 7
        with pytest.raises(ValueError, match=field):
            engine.Rules(**{field: bad})


def test_every_variant_value_round_trips_through_a_deal_code():
    for entry in registry.GAMES.values():
        for option in entry.variants:
            if option.deal:
                continue
            for v in option.values:
                rules = entry.engine().Rules(**{option.field: v})
                code = codes.deal_code(entry.name, seed=12, dealer=1, rules=rules)
                assert getattr(codes.parse_deal_code(code).rules, option.field) == v

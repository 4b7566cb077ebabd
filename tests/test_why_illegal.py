"""``State.why_illegal(action)`` (issue 23 §1): the reason a card is refused, asked of the
engine without applying anything, equal to the reason ``apply_action`` gives, for every
action of random positions of the three games."""

from __future__ import annotations

import random

import pytest

from cardkit.notation import parse_card
from cardkit.errors import CardkitError
from cardkit.games import armenian_durak, variety, warsaw_hearts


def _refusal_by_applying(state, action) -> str | None:
    probe = state.clone()
    try:
        probe.apply_action(action)
    except CardkitError as error:
        return " ".join(str(error).split())
    return None


@pytest.mark.parametrize("module", [variety, warsaw_hearts, armenian_durak], ids=lambda m: m.__name__.split(".")[-1])
def test_why_illegal_is_the_engines_reason_and_changes_nothing(module):
    rng = random.Random(7)
    checked = refused = 0
    for seed in range(6):
        state = module.new_deal(seed=seed)
        while not state.is_terminal():
            legal = set(state.legal_actions())
            before = state.to_json()
            candidates = list(legal) + [c for c in map(parse_card, ("AS", "TH", "6C", "QD")) if c not in legal]
            for action in candidates:
                why = state.why_illegal(action)
                assert why == _refusal_by_applying(state, action), (action, why)
                assert (why is None) == (action in legal), (action, why)
                refused += why is not None
                checked += 1
            assert state.to_json() == before  # nothing applied
            state.apply_action(rng.choice(sorted(legal, key=str)))
    assert checked > 100 and refused > 20


def test_why_illegal_reads_notation_and_names_the_rule():
    state = variety.new_deal(seed=3)
    assert "contract number" in state.why_illegal("QH")  # a card in the bidding
    assert "expected" in state.why_illegal("nonsense")
    assert state.why_illegal(state.legal_actions()[0]) is None

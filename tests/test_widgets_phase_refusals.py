"""A card clicked while the deal asks for something else (Variety's bidding, Durak's trump
draw and draw) is refused in words, as the hand's own caption says it: never the engine's
notation ("'draw N' for stack N in [0, 1, 2, 3, 4, 5]"). Found by the guided deal's scan
(issue 33)."""

from __future__ import annotations

import pytest
from test_lesson_text import findings

from cardkit.wording import PHASE_REFUSALS
from cardkit_widgets import DurakTable, VarietyTable


def _to_phase(t, phase: str) -> None:
    for _ in range(40):
        st = t.state
        if st.phase == phase and st.current_player == t.seat:
            return
        assert t.act(st.legal_actions()[0]), t.last_error
    raise AssertionError(f"no {phase} for the learner")


@pytest.mark.parametrize("make, phase", [(lambda: VarietyTable(seed=1), "bidding"),
                                         (lambda: DurakTable(seed=1, first_dealer=1), "trump"),
                                         (lambda: DurakTable(seed=1, first_dealer=1), "draw")])
def test_a_card_in_another_phase_is_refused_in_words(make, phase):
    t = make()
    _to_phase(t, phase)
    history = list(t.state.history)
    card = t.table.hand_cards[0]
    t.table.click(card)
    assert t.state.history == history
    assert t.last_error == f"{card.label} cannot be played now: {PHASE_REFUSALS[phase]}", t.last_error
    assert not findings([("status", t.status_text)]), findings([("status", t.status_text)])

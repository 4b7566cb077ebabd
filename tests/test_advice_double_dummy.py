"""advise(evaluation=...): the rule evaluation unchanged, the double-dummy path's label,
limits and errors (RULES.md §1.8)."""

from __future__ import annotations

import pytest

from cardkit.advisor import Advice, ContractAdvice, advise, is_robust
from cardkit.errors import CardkitError

HAND = "KQ7.AJ5.KQ84.A92"


def ca(contract, margin, se=0.5):
    return ContractAdvice(contract, margin, se, 100, 0.5, 0.0, "")


def test_rule_evaluation_is_the_old_list():
    a = advise(HAND, samples=200, seed=3)
    b = advise(HAND, samples=200, seed=3, evaluation="rule")
    assert isinstance(a, Advice) and isinstance(a, list) and len(a) == 8
    assert [x.margin for x in a] == [x.margin for x in b]
    assert a.evaluation == "rule" and a.label is None and a.double_dummy_ranking is None


def test_robust_label_rule():
    rule = [ca(1, 10.0), ca(2, 9.8), ca(3, 2.0)]
    assert is_robust(1, rule)                        # on top
    assert is_robust(2, rule)                        # within one standard error of the top
    assert not is_robust(3, rule)                    # far below the top
    assert is_robust(3, rule[2:])                    # only some contracts ranked: first among them


def test_double_dummy_refuses_to_rank_when_too_few_samples_were_solved():
    """Issue 22 item 4: every sample over the bound gave nan ± nan with no word; now a clear
    refusal saying how many were solved (cardkit.analysis.SearchLimit, a CardkitError)."""
    from cardkit.analysis import SearchLimit

    with pytest.raises(SearchLimit, match="only 0 of 2") as info:
        advise(HAND, samples=2, seed=1, evaluation="double_dummy", max_nodes=2000)
    assert isinstance(info.value, CardkitError)


@pytest.mark.parametrize("kw", [{"evaluation": "dd"}, {"max_nodes": 0}, {"max_nodes": 2.5},
                                {"evaluation": None}])
def test_bad_arguments(kw):
    with pytest.raises(CardkitError):
        advise(HAND, samples=10, **kw)

"""Golden playthroughs of Warsaw Hearts (3 and 4 players) and Armenian Durak (issue 13),
OpenSpiel style: every action, every seat's observation and the scores of a scripted deal,
compared exactly with ``tests/golden/<name>_playthrough.txt``.

The deals, their actions and the writer are in ``tests/playthrough.py`` (run it to write
the files again after a deliberate change, and read the diff against RULES.md); a missing
file fails the test, saying so, instead of being written. Each
golden test was run with a rule changed by hand in a copy of the code, and failed: K♥ alone
costing 5 instead of 4 (RULES.md §2.2 rule 4: the four-player file), two honours in two
tricks costing 11 instead of 10 (rule 3: the three-player file), the six no longer taking
the ace (§3.1: the Durak file).
"""

from __future__ import annotations

import pytest
from playthrough import GOLDEN, SCRIPTS, check_golden, playthrough

from cardkit import Rank


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_golden_playthrough(name):
    title, make = SCRIPTS[name]
    state, actions = make()
    text = playthrough(state, actions, title)
    assert state.is_terminal()
    check_golden(text, GOLDEN / f"{name}_playthrough.txt")   # a missing file fails: never written here


def _played(name):
    state, actions = SCRIPTS[name][1]()
    for a in actions:
        state.apply_action(a)
    return state


def test_hearts_facts_that_the_rules_fix():
    # Independent of the golden files: RULES.md §2.2 for these two deals.
    s = _played("warsaw_hearts_4")
    won = [[t for t in s.tricks if t.winner == p] for p in range(4)]
    assert [len(w) for w in won] == [3, 5, 0, 1]
    # seat 1 has Q♥ and J♥ in one trick: 20 (rule 1); seat 0 K♥ alone: 4 (rule 4); seat 3's
    # one trick holds no heart: +20; seat 2 took no trick: no bonus (default)
    assert any({str(c) for c in t.cards} >= {"Q♥", "J♥"} for t in won[1])
    assert s.penalties() == [4, 20, 0, 0] and s.bonuses() == [0, 0, 0, 20]
    assert s.returns() == [-4, -20, 0, 20]
    s = _played("warsaw_hearts_3")
    assert len(s.tricks) == 12 and all(len(t.cards) == 3 for t in s.tricks)
    # seat 2: K♥ and J♥ in two different tricks, 10 (rule 3), not 4 + 2
    assert s.penalties() == [3, 0, 10] and s.bonuses() == [0, 20, 0]


def test_durak_facts_that_the_rules_fix():
    # Independent of the golden file: RULES.md §3.1, §3.4 for this deal.
    s = _played("armenian_durak")
    assert len(s.tricks) == 18 and s.trump.symbol == "♥"
    value = {Rank.SIX: 6, Rank.ACE: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
    pts = [sum(value.get(c.rank, 0) for t in s.tricks if t.winner == p for c in t.cards) for p in (0, 1)]
    assert pts == s.returns() and sum(pts) == 80          # no sweep: both took tricks
    six_ace = next(t for t in s.tricks if {str(c) for c in t.cards} == {"A♠", "6♠"})
    six_seat = (six_ace.leader + [c.rank for c in six_ace.cards].index(Rank.SIX)) % 2
    assert six_ace.winner == six_seat                     # the six takes the ace (§3.1)

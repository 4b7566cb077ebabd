"""Shared test helpers: a position after some actions (issue 30: "a position after N actions"
was written about ten times across the test files).

- :func:`play_at_random`: random legal actions applied to a state, a given number of them,
  or until a condition holds, or to the end of the deal; the choice is the one the tests
  always made with their generator (``random.Random``: ``rng.choice(legal)``; numpy:
  ``legal[int(rng.integers(len(legal)))]``), so the positions are the same as before.
- :func:`variety_in_contract`: a Variety deal whose bidding reached a given contract with
  given declarers (:func:`cardkit.simulate.variety.auction_for`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardkit.games import variety as V


def random_choice(rng, legal: list):
    """One of ``legal``, as the tests choose it with ``rng`` (``random.Random`` or numpy)."""
    if isinstance(rng, random.Random):
        return rng.choice(legal)
    return legal[int(rng.integers(len(legal)))]


def play_at_random(state, rng, *, actions: int | None = None, until: Callable | None = None,
                   choose: Callable | None = None):
    """Apply random legal actions to ``state`` (changed in place and returned): ``actions``
    of them (fewer if the deal ends first), or until ``until(state)`` is true, or (neither
    given) to the end of the deal. ``choose(state, legal)``, if given, picks instead."""
    done = 0
    while not state.is_terminal():
        if actions is not None and done >= actions:
            break
        if until is not None and until(state):
            break
        legal = list(state.legal_actions())
        state.apply_action(choose(state, legal) if choose is not None else random_choice(rng, legal))
        done += 1
    return state


def variety_in_contract(seed: int, contract: int, declarers=(1, 3), *, dealer: int | None = None, rules=None):
    """A Variety deal of ``seed`` (dealer ``seed % 4`` unless given) whose bidding reached
    ``contract`` with ``declarers`` (first namer, repeater), at the opening lead."""
    from cardkit.simulate.variety import auction_for

    dealer = seed % 4 if dealer is None else dealer
    st = V.new_deal(seed=seed, dealer=dealer, rules=rules)
    for b in auction_for(contract, declarers, dealer):
        st.apply_action(b)
    return st

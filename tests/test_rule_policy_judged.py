"""The Variety rule policy's fixes (issue 9 §5), each kept by a measured gain.

Found with the judge (:func:`cardkit.analysis.analyse`, the exact value of every legal
card with all cards known) on 400 random positions per contract 6 to 8 tricks before the
end: the leads were the policy's costliest decisions (2 to 6 points a lead against about 1
for a card played to a trick); it never led a trump on purpose and, not wanting tricks in
general (contracts 4, 5, 7, 8), never cashed a sure winner in a suit whose trick was worth
having. Two leads were added to :class:`cardkit.simulate.variety.RulePolicyBot` and, the
same, to the vectorised policy and the compiled kernel (test_simulate_variety.py and
test_simulate_kernels.py check all three card for card):

1. drawing trumps; 2. cashing a master.

Each is kept by duplicate margins over the simulator: one side plays the policy with the
fix, the other without it (``draws_trumps`` / ``cashes_masters`` switched off), on the same
deals with the sides swapped, so the luck of the cards cancels.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardkit.simulate.variety as SV
from cardkit.simulate import deal_batch, simulate_variety

DEALS = 20_000
#: exact cost per lead (points) between the policy before the fixes and after, with margin
BOUND = 2.8


class _TwoPolicies(SV._VarietyPlay):
    """The vectorised policy with the side ``old_side`` (1 declarers, 0 defenders) leading
    with the switches ``old`` and the other side with ``new`` (``(draws_trumps,
    cashes_masters)``)."""

    old_side = 1
    old = (False, False)
    new = (True, True)

    def rule(self, j, L):
        if j != 0:
            return super().rule(j, L)
        self.draws_trumps, self.cashes_masters = self.new
        new = super().rule(j, L)
        self.draws_trumps, self.cashes_masters = self.old
        old = super().rule(j, L)
        return np.where(self.side_rel[0] == self.old_side, old, new)


def _duplicate_gain(monkeypatch, contract, n, seed, old, new):
    """The ``new`` side's mean gain per deal over the ``old`` side (points of margin,
    RULES.md §1.8: the declarers' deal score minus the defenders'), its standard error,
    and the fraction of deals played differently."""
    monkeypatch.setattr(SV, "_USE_KERNEL", False)        # the numpy loop, which takes the subclass
    monkeypatch.setattr(SV, "_VarietyPlay", _TwoPolicies)
    monkeypatch.setattr(_TwoPolicies, "old", old)
    monkeypatch.setattr(_TwoPolicies, "new", new)
    rng = np.random.default_rng(seed)
    deals = deal_batch(n, rng)
    first = rng.integers(0, 4, n)
    decl = np.stack([first, (first + rng.integers(1, 4, n)) % 4], axis=1)
    dealer = rng.integers(0, 4, n)
    margins, plays = [], []
    for old_side in (0, 1):     # new declarers against old defenders, then the reverse
        monkeypatch.setattr(_TwoPolicies, "old_side", old_side)
        batch = simulate_variety(deals, contract, decl, dealer=dealer, policy="rule")
        margins.append(batch.margin(decl[:, 0]))
        plays.append(batch.plays)
    d = (margins[0] - margins[1]) / 2
    changed = (plays[0] != plays[1]).any(axis=(1, 2)).mean()
    return d.mean(), d.std(ddof=1) / np.sqrt(n), changed


def test_both_switches_on_is_the_simulator_policy(monkeypatch):
    """The comparison plays the library's policy on its new side: with both sides new,
    the same cards as ``policy="rule"`` on the compiled path."""
    rng = np.random.default_rng(5)
    deals = deal_batch(300, rng)
    ref = simulate_variety(deals, 4, (0, 2), policy="rule")
    monkeypatch.setattr(SV, "_USE_KERNEL", False)
    monkeypatch.setattr(SV, "_VarietyPlay", _TwoPolicies)
    monkeypatch.setattr(_TwoPolicies, "old", (True, True))
    assert (simulate_variety(deals, 4, (0, 2), policy="rule").plays == ref.plays).all()


@pytest.mark.parametrize("contract", [2, 3, 4, 5, 6, 7])
def test_drawing_trumps_gains_in_every_trump_contract(monkeypatch, contract):
    """Fix 1 alone against neither. Measured when it was made (20,000 deals each, points a
    deal ± s.e.): contract 2 +0.57 ± 0.03, 3 +0.23 ± 0.06, 4 +1.14 ± 0.04, 5 +0.41 ±
    0.06, 6 +0.17 ± 0.04, 7 +0.26 ± 0.06. Each must stay above 3 standard errors."""
    gain, se, changed = _duplicate_gain(monkeypatch, contract, DEALS, 500 + contract,
                                        old=(False, False), new=(True, False))
    assert changed > 0.2
    assert gain > 3 * se, f"contract {contract}: {gain:+.2f} ± {se:.2f} points a deal"


@pytest.mark.parametrize("contract", [1, 4, 5])
def test_cashing_masters_gains_where_it_plays(monkeypatch, contract):
    """Fix 2 on top of fix 1, against fix 1 alone, in the contracts where it changes the
    play (at no trumps, contract 1; not wanting tricks in general, contracts 4 and 5;
    contract 8 never finds a trick worth having, 7 none). Measured when it was made
    (20,000 deals each): contract 1 +1.91 ± 0.05, 4 +0.84 ± 0.04, 5 +0.92 ± 0.05 points a
    deal. Each must stay above 3 standard errors."""
    gain, se, changed = _duplicate_gain(monkeypatch, contract, DEALS, 600 + contract,
                                        old=(True, False), new=(True, True))
    assert changed > 0.2
    assert gain > 3 * se, f"contract {contract}: {gain:+.2f} ± {se:.2f} points a deal"


# ---- the judge's view: exact costs of the leads on fixed late positions ------------------

def _lead_positions(contract: int, n: int, seed0: int):
    """``n`` seeded positions of ``contract`` with a lead to make (a choice of card) and 6..8
    tricks left; random declarers and dealer; the tricks before played by RandomBots (so
    the positions do not depend on the policy measured)."""
    from cardkit.bots import RandomBot
    from cardkit.games import variety as V
    out, seed = [], seed0
    while len(out) < n:
        rng = np.random.default_rng(seed)
        seed += 1
        st = V.new_deal(seed=int(rng.integers(2**31)), dealer=int(rng.integers(4)))
        first = int(rng.integers(4))
        for bid in SV.auction_for(contract, (first, (first + int(rng.integers(1, 4))) % 4), st.dealer):
            st.apply_action(bid)
        bots = [RandomBot(int(rng.integers(2**31))) for _ in range(4)]
        for _ in range(4 * int(rng.integers(5, 8))):
            seat = st.current_player
            st.apply_action(bots[seat].act(st.observation(seat)))
        if len(st.legal_actions()) > 1:
            out.append(st)
    return out


class _Before(SV.RulePolicyBot):
    """The object twin as it was before the fixes."""
    draws_trumps = False
    cashes_masters = False


def test_the_judge_finds_the_leads_cheaper():
    """200 fixed lead positions, 50 in each of contracts 1, 4, 5 and 7 (where the judge
    found the leads dearest). A card's exact cost: the best card's value minus its value
    under :func:`cardkit.analysis.analyse` (points of the declarers' margin, from the
    leader's side). Measured when the fixes were made: before, 3.44 ± 0.50 points a lead;
    after, 2.14 ± 0.38 (paired difference 1.30 ± 0.39; the two policies lead differently
    in 17% of the positions). The bound, 2.8, lies between them: the old policy must stay
    above it, the new below."""
    from cardkit.analysis import analyse
    states = [st for c in (1, 4, 5, 7) for st in _lead_positions(c, 50, 40_000 + 1000 * c)]
    old, new = np.zeros(len(states)), np.zeros(len(states))
    for k, st in enumerate(states):
        values = analyse(st)
        best = max(values.values())
        obs = st.observation(st.current_player)
        old[k] = best - values[_Before().act(obs)]
        new[k] = best - values[SV.RulePolicyBot().act(obs)]
    assert old.mean() > BOUND > new.mean(), (old.mean(), new.mean())

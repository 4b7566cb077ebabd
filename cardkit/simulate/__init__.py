"""Batched simulators: the play phase of many deals at once, with numpy.

Hands are ``uint64`` bitmasks (one per seat and deal, layout in :mod:`._core`); the
loop runs once per card played, vectorised over the batch. Results are returned as
frozen dataclasses of arrays, documented field by field. A seed gives the same batch on
every machine (PCG64, ``Generator.permuted``). Every argument is checked before any
card is dealt; a batch holds at most :data:`MAX_BATCH` (1,000,000) deals.

- Variety (RULES.md §1): :func:`simulate_variety`, :func:`random_variety`.
- Warsaw Hearts (RULES.md §2): :func:`simulate_warsaw_hearts`, :func:`random_warsaw_hearts`.
- Armenian Durak (RULES.md §3): :func:`simulate_armenian_durak`, :func:`random_armenian_durak`.
"""

from ._core import MAX_BATCH, POLICIES, deal_batch
from .armenian_durak import DurakBatch, random_armenian_durak, simulate_armenian_durak
from .variety import VarietyBatch, auction_for, random_variety, simulate_variety
from .warsaw_hearts import WarsawHeartsBatch, random_warsaw_hearts, simulate_warsaw_hearts

__all__ = ["MAX_BATCH", "POLICIES", "deal_batch", "VarietyBatch", "simulate_variety", "random_variety",
           "auction_for", "WarsawHeartsBatch", "simulate_warsaw_hearts", "random_warsaw_hearts",
           "DurakBatch", "simulate_armenian_durak", "random_armenian_durak"]

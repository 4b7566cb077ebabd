"""Batched simulators: the play phase of many deals at once, with numpy.

Hands are ``uint64`` bitmasks (one per seat and deal, layout in :mod:`._core`); the
loop runs once per card played, vectorised over the batch. Results are returned as
frozen dataclasses of arrays, documented field by field. A seed gives the same batch on
every machine (PCG64, ``Generator.permuted``).
"""

from ._core import POLICIES, deal_batch
from .variety import VarietyBatch, auction_for, random_variety, simulate_variety

__all__ = ["POLICIES", "deal_batch", "VarietyBatch", "simulate_variety", "random_variety",
           "auction_for"]

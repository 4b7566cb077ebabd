"""The judge: exact ("double dummy") analysis, estimates from one seat's view, and the
review of a player's decisions, for the three games (issue: the judge).

Importing this package compiles nothing: the numba kernels are loaded on first use.
"""

from ._types import SearchLimit, Solution

__all__ = ["Solution", "SearchLimit"]

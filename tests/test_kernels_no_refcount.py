"""The exact solvers' kernels are compiled with numba's reference counting off (issue 31).

With it on, every recursive call of a search paid atomic increments and decrements of its
array arguments (numba issues 2345 and 2350): the same searches took about twice the time
(``docs/variety-solver.md``, the kernels' docstrings; measured in ``benchmarks/analysis.py``,
not here). This test fails when a kernel function loses the flag; the values are held by
the solvers' own tests (against DDS and plain minimax)."""

import importlib

import pytest
from numba.core.registry import CPUDispatcher

KERNELS = ("cardkit.analysis._variety_kernel", "cardkit.analysis._hearts_kernel",
           "cardkit.analysis._durak_kernel")

#: Functions that allocate (so need the runtime), each outside the search's recursion.
ALLOCATE = {("cardkit.analysis._durak_kernel", "best_line")}


@pytest.mark.parametrize("name", KERNELS)
def test_every_kernel_function_runs_without_reference_counting(name):
    mod = importlib.import_module(name)
    own = [(k, f) for k, f in vars(mod).items()
           if isinstance(f, CPUDispatcher) and f.py_func.__module__ == name]
    assert len(own) >= 5, f"{name}: its kernels were not found"
    counted = sorted(k for k, f in own if f.targetoptions.get("_nrt", True) and (name, k) not in ALLOCATE)
    assert counted == [], f"{name}: compiled with reference counting: {counted}"
    stale = sorted(k for n, k in ALLOCATE if n == name and not vars(mod)[k].targetoptions.get("_nrt", True))
    assert stale == [], f"{name}: no longer needs the runtime, drop it from ALLOCATE: {stale}"

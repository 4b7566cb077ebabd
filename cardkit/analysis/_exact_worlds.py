"""The judge's sampled worlds solved exactly on every core (issue 31: "both cores").

Sampled worlds are independent, so :func:`solve_worlds` cuts them into one run of
consecutive worlds per thread. Each run is solved in order in its own thread with its own
transposition table, emptied first (each solver keeps one table per thread:
``variety._own_cache``, ``warsaw_hearts._table``, ``armenian_durak._own_tables``; the
kernels release the GIL). A run's positions, and so which of its worlds pass the node
bound, depend only on its own worlds: the same worlds and the same number of threads give
the same figures whatever the timing (the Hint and the review, run in one process, agree).
The values themselves never depend on the threads (each is exact).
"""

from __future__ import annotations

import threading
import time

from ._types import SearchLimit

__all__ = ["solve_worlds", "runs"]


def runs(n: int, workers: int) -> list[range]:
    """``n`` worlds cut into at most ``workers`` runs of consecutive worlds, as even as can be
    (the first runs one longer): ``runs(5, 2) == [range(0, 3), range(3, 5)]``."""
    k = max(1, min(workers, n))
    cuts = [(n // k) * i + min(i, n % k) for i in range(k + 1)]
    return [range(cuts[i], cuts[i + 1]) for i in range(k)]


def solve_worlds(backend, worlds: list, legal: list, *, max_nodes: int, stop_early: bool, workers: int,
                 seconds: float | None = None, t0: float | None = None, progress=None) -> tuple[list, list]:
    """Each world's exact value of every legal action, the worlds spread over ``workers``
    threads (one: in the calling thread).

    :param backend: the game's solver module (``analyse(world, max_nodes=)``; Variety's
        also ``clear_table()``, which empties the calling thread's table).
    :param worlds: full states, all with the same legal actions ``legal``.
    :param max_nodes: each world's bound on positions; a world past it is not solved.
    :param stop_early: in a run, stop trying once the worlds that passed the bound
        outnumber those solved (the rest of the run is left unsolved).
    :param workers: threads, a whole number >= 1.
    :param seconds: with ``t0`` (``time.perf_counter()`` at the start): a run stops taking
        worlds once this much time has passed, after its first world (None: no budget).
    :param progress: ``progress(done, total)``, called in the calling thread: after each
        world solved (one thread), or once per world taken, as the runs go (several).
    :returns: ``(rows, reached)``: ``rows[i]`` the values of ``legal`` in world ``i``
        (points, the backend's ``analyse``), or None when it was not solved; ``reached[i]``
        False for a world a run never came to (the time budget).
    """
    n = len(worlds)
    rows: list = [None] * n
    reached = [False] * n
    parts = runs(n, workers)
    done = [0] * len(parts)     # worlds taken, per run (each written by its own thread)
    t0 = time.perf_counter() if t0 is None else t0
    inline = len(parts) <= 1

    def run(j: int, r: range) -> None:
        if hasattr(backend, "clear_table"):
            backend.clear_table()       # this thread's table: the run's figures are its own
        solved = failed = 0
        trying = True
        for k, i in enumerate(r):
            if seconds is not None and k >= 1 and time.perf_counter() - t0 > seconds:
                return
            reached[i] = True
            if trying:
                try:
                    an = backend.analyse(worlds[i], max_nodes=max_nodes)
                    rows[i] = [an[a] for a in legal]
                    solved += 1
                except SearchLimit:
                    failed += 1
                    trying = not (stop_early and failed > solved)
            done[j] += 1
            if inline and progress is not None and rows[i] is not None:
                progress(i + 1, n)

    if inline:
        for j, r in enumerate(parts):
            run(j, r)
        return rows, reached
    errors: list = []

    def guarded(j: int, r: range) -> None:
        try:
            run(j, r)
        except Exception as e:  # noqa: BLE001 (raised again in the calling thread below)
            errors.append(e)

    threads = [threading.Thread(target=guarded, args=(k, r), name=f"cardkit-worlds-{k}", daemon=True)
               for k, r in enumerate(parts)]
    for t in threads:
        t.start()
    told = [0]

    def tell() -> None:
        if progress is not None:
            for d in range(told[0] + 1, sum(done) + 1):   # once per world, in order
                progress(d, n)
        told[0] = max(told[0], sum(done))

    while any(t.is_alive() for t in threads):
        next(t for t in threads if t.is_alive()).join(0.05)
        tell()
    tell()
    if errors:
        raise errors[0]
    return rows, reached

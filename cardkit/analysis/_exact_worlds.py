"""The judge's sampled worlds solved exactly on every core (issue 31: "both cores").

Sampled worlds are independent, so :func:`solve_worlds` deals them to the threads in
turn: thread ``j`` of ``w`` takes worlds ``j``, ``j + w``, ``j + 2w``… (:func:`shares`) and
solves them in order with its own transposition table, emptied first (each solver keeps
one table per thread: ``variety._own_cache``, ``warsaw_hearts._table``,
``armenian_durak._own_tables``; the kernels release the GIL), applying to its own worlds
the rule that stops the exact attempts (those that passed the node bound outnumber those
solved). So a thread's positions, and which of its worlds pass the bound, depend only on
its own worlds: the same worlds on the same number of threads give the same figures
whatever the timing (the Hint and the review, run in one process, agree). The values
themselves never depend on the threads (each is exact). Measured (``benchmarks/analysis.py
--hint``): rounds of one world a thread with the rule applied between them, in world order,
bought only 1.1-1.5× where every world is solved (a round waits for its slowest world),
against 1.5-1.9× with each thread on its own.
"""

from __future__ import annotations

import threading
import time

from ._types import SearchLimit

__all__ = ["solve_worlds", "shares"]


def shares(n: int, workers: int) -> list[range]:
    """The worlds each of ``workers`` threads takes, in turn: ``shares(5, 2) == [range(0, 5, 2),
    range(1, 5, 2)]`` (worlds 0, 2, 4 and 1, 3); one thread takes all."""
    k = max(1, min(workers, n))
    return [range(j, n, k) for j in range(k)]


def solve_worlds(backend, worlds: list, legal: list, *, max_nodes: int, stop_early: bool, workers: int,
                 seconds: float | None = None, t0: float | None = None, progress=None) -> tuple[list, list]:
    """Each world's exact value of every legal action, the worlds dealt in turn to
    ``workers`` threads (one: the calling thread).

    :param backend: the game's solver module (``analyse(world, max_nodes=)``; Variety's
        also ``clear_table()``, which empties the calling thread's table).
    :param worlds: full states, all with the same legal actions ``legal``.
    :param max_nodes: each world's bound on positions; a world past it is not solved.
    :param stop_early: a thread stops trying once its worlds that passed the bound
        outnumber those it solved (its later worlds are left unsolved).
    :param workers: threads, a whole number >= 1.
    :param seconds: with ``t0`` (``time.perf_counter()`` at the start): a thread takes no
        more worlds once this much time has passed, after its first (two in all at least;
        None: no budget).
    :param progress: ``progress(done, total)``, called in the calling thread: after each
        world solved (one thread), or once per world taken, as the threads go (several).
    :returns: ``(rows, reached)``: ``rows[i]`` the values of ``legal`` in world ``i``
        (points, the backend's ``analyse``), or None when it was not solved; ``reached[i]``
        False for a world never come to (the time budget).
    :raises: whatever a search raises other than :class:`SearchLimit`, in the calling thread;
        the other threads take no further world once one has failed or the calling thread
        is interrupted (``KeyboardInterrupt``), and are waited for before it is raised.
    """
    n = len(worlds)
    rows: list = [None] * n
    reached = [False] * n
    t0 = time.perf_counter() if t0 is None else t0
    parts = shares(n, workers)
    k = len(parts)
    first = 2 if k == 1 else 1       # worlds a thread takes whatever the time: two in all at least
    done = [0] * k                   # worlds taken, per thread (each written by its own thread)
    inline = k <= 1
    halt = threading.Event()         # set when a thread failed or the caller was interrupted

    def run(j: int, mine: range) -> None:
        if hasattr(backend, "clear_table"):
            backend.clear_table()       # this thread's own table: its figures are its own
        solved = failed = 0
        trying = True
        for m, i in enumerate(mine):
            if halt.is_set():
                return
            if seconds is not None and m >= first and time.perf_counter() - t0 > seconds:
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
        for j, mine in enumerate(parts):
            run(j, mine)
        return rows, reached
    errors: list = []

    def guarded(j: int, mine: range) -> None:
        try:
            run(j, mine)
        except BaseException as e:  # noqa: BLE001 (raised again in the calling thread below)
            errors.append(e)
            halt.set()

    threads = [threading.Thread(target=guarded, args=(j, mine), name=f"cardkit-worlds-{j}", daemon=True)
               for j, mine in enumerate(parts)]
    for t in threads:
        t.start()
    told = [0]

    def tell() -> None:
        if progress is not None:
            for d in range(told[0] + 1, sum(done) + 1):   # once per world, in order
                progress(d, n)
        told[0] = max(told[0], sum(done))

    try:
        while any(t.is_alive() for t in threads):
            next(t for t in threads if t.is_alive()).join(0.05)
            tell()
    except BaseException:
        halt.set()                   # e.g. KeyboardInterrupt: the threads end after their world
        for t in threads:
            t.join()
        raise
    tell()
    if errors:
        raise errors[0]
    return rows, reached

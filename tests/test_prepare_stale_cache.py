"""``kernels_cached`` is False when a kernel module changed after its cache was written (issue 33,
a new learner's pass): cardkit-lessons then says it is preparing the solvers. Before, any index
file counted, so after an update of a kernel module the server recompiled for about 3 minutes
on this machine (load 9) with nothing said between its first line and the address."""

import os

from cardkit.serving import prepare


def _package(tmp_path, monkeypatch, *, cache_age: float):
    pkg = tmp_path / "cardkit"
    (pkg / "analysis" / "__pycache__").mkdir(parents=True)
    source = pkg / "analysis" / "_k.py"
    source.write_text("x = 1\n")
    index = pkg / "analysis" / "__pycache__" / "_k.solve-10.py311.nbi"
    index.write_bytes(b"")
    t = source.stat().st_mtime
    os.utime(index, (t + cache_age, t + cache_age))
    monkeypatch.setattr(prepare, "PACKAGE_DIR", pkg)
    monkeypatch.setattr(prepare, "KERNEL_MODULES", ("cardkit.analysis._k",))
    return index


def test_a_cache_written_after_the_source_counts(tmp_path, monkeypatch):
    _package(tmp_path, monkeypatch, cache_age=60)
    assert prepare.kernels_cached({}) is True


def test_a_cache_older_than_the_source_does_not_count(tmp_path, monkeypatch):
    _package(tmp_path, monkeypatch, cache_age=-60)
    assert prepare.kernels_cached({}) is False


def test_the_same_in_numba_cache_dir(tmp_path, monkeypatch):
    index = _package(tmp_path, monkeypatch, cache_age=-60)
    cache = tmp_path / "numba" / "some" / "where"
    cache.mkdir(parents=True)
    moved = cache / index.name
    index.rename(moved)
    assert prepare.kernels_cached({"NUMBA_CACHE_DIR": str(tmp_path / "numba")}) is False
    t = (tmp_path / "cardkit" / "analysis" / "_k.py").stat().st_mtime
    os.utime(moved, (t + 60, t + 60))
    assert prepare.kernels_cached({"NUMBA_CACHE_DIR": str(tmp_path / "numba")}) is True


def test_no_cache_does_not_count(tmp_path, monkeypatch):
    _package(tmp_path, monkeypatch, cache_age=60).unlink()
    assert prepare.kernels_cached({}) is False

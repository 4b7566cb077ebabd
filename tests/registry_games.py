"""The games the tests run over, taken from the registry (:data:`cardkit.registry.GAMES`),
so a test parametrized over every game gets a new game by its registry entry alone.

- :data:`GAMES`: ``{name: engine module}`` (``"variety"``, ``"warsaw_hearts"``,
  ``"armenian_durak"``), in the registry's order.
- :data:`NAMES`: the names; :data:`ENGINES`: the engine modules; :data:`ENTRIES`: the
  registry entries (:class:`cardkit.registry.GameEntry`).
"""

from __future__ import annotations

from cardkit.registry import GAMES as _BY_LETTER

ENTRIES = tuple(_BY_LETTER.values())
GAMES = {e.name: e.engine() for e in ENTRIES}
NAMES = tuple(GAMES)
ENGINES = tuple(GAMES.values())


def every_game(names, table: str) -> None:
    """Fail (at collection) unless the game names of a test's own table (its variants, pages or
    positions of each game) cover every game of the registry, and no other.

    :raises AssertionError: naming the games missing or unknown in ``table``.
    """
    have = set(names)
    missing, unknown = set(NAMES) - have, have - set(NAMES)
    assert not missing and not unknown, f"{table}: missing {sorted(missing)}, unknown {sorted(unknown)}"

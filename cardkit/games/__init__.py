"""The three games: :mod:`~cardkit.games.variety`, :mod:`~cardkit.games.warsaw_hearts`,
:mod:`~cardkit.games.armenian_durak`."""

"""The core every other part stands on, importing none of them: cards and their notation,
tricks, dealing, the state protocol every game's ``State`` keeps (:mod:`cardkit.core.state`),
deal codes and the registry of games (:mod:`~cardkit.core.codes`, :mod:`~cardkit.core.registry`,
:mod:`~cardkit.core.placecodec`), records and deal sets, composing a deal, the base bots and the one bot loop
(:mod:`~cardkit.core.bots`), a game as a series of deals (:mod:`~cardkit.core.series`), errors.

The words a learner reads (:mod:`cardkit.wording`, :mod:`cardkit.i18n`) belong here too and
still sit one floor up. The older paths (``cardkit.codes``, ``cardkit.state``, ...) keep working.
"""

"""One card table without any UI or storage: :class:`~cardkit.table.table_session.TableSession`
(seats, act, undo, next board, what each viewer sees) and the replay of a deal
(:mod:`~cardkit.table.replay`). The play pages (``cardkit_widgets``) and the room's tables both
play through a TableSession. Imports the core, the games and the analysis; never the room or
the servers. The bot loop and a game's series of deals, which every engine's ``Game`` uses, are
the core's (:func:`cardkit.core.bots.run_bots`, :mod:`cardkit.core.series`). The older paths
(``cardkit.table_session``, ...) keep working.
"""

"""The bots a play dashboard's learner plays against: rule or expert bots (issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.bot_choice``), holding the ``bots_choice`` control ("Rule bots" / "Expert bots").
The dashboard keeps its names (``bot_level``, ``set_bots``, ``_bot_class``, ``_make_bot``);
how a game rebuilds its bots is the dashboard's hook ``_replace_bots``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardkit.codes import game_entry
from cardkit.errors import CardkitError, quote

from ._controls import Control

__all__ = ["BotChoice", "BOT_LEVELS", "make_bot"]

#: The bots a play table offers: ``bots="rule"`` (RuleBot) or ``"expert"`` (ExpertBot).
BOT_LEVELS = ("rule", "expert")


def make_bot(cls, seed: int, seat: int):
    """A bot of class ``cls`` seeded from the deal's seed and its seat."""
    rng = np.random.default_rng([seed, seat])
    try:
        return cls(rng)
    except TypeError:
        return cls(seed=rng)


class BotChoice:
    """The bots' choice of a play dashboard (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`; its
        ``BOT_WORDS``, ``ONE_BOT`` and ``BOTS_TOOLTIP`` give the words).
    :param bots: the constructor's ``bots``: ``"rule"``, ``"expert"``, or the table's own bots
        (then the choice is disabled).

    :ivar control: the ``choice`` control ``bots_choice`` (the dashboard's ``bots_choice``).
    """

    def __init__(self, table: Any, bots: Any) -> None:
        self.table = table
        #: the table was given its own bots: no choice
        self.fixed = not isinstance(bots, str)
        _ = table._
        self.control = Control("choice", "bots_choice",
                               description=table.i18n.pgettext("one bot", "Bots:") if table.ONE_BOT else _("Bots:"),
                               options=[(_(table.BOT_WORDS[0]), "rule"), (_(table.BOT_WORDS[1]), "expert")],
                               value=bots if isinstance(bots, str) else "rule",
                               disabled=not isinstance(bots, str),
                               tooltip=_(table.BOTS_TOOLTIP))
        self.control.observe(lambda c: table._safely(self.set, c["new"]), names="value")

    def sync(self) -> None:
        """The choice is off for a table given its own bots, and in a scored game (the teacher's
        bots play every deal of it; :meth:`set` from code still changes them)."""
        t = self.table
        self.control.disabled = self.fixed or not t.practice
        self.control.tooltip = (t._("The bots are fixed in a scored game") if not t.practice and not self.fixed
                                else t._(t.BOTS_TOOLTIP))

    @property
    def level(self) -> str:
        """``"rule"`` or ``"expert"``: the bots chosen (``bots=`` or the page's choice)."""
        return self.control.value

    def bot_class(self, module=None, seat_note: bool = True):
        """The bot class for :attr:`level`: the game's rule bot or expert bot, as its
        registry entry names them (:func:`cardkit.codes.game_entry`; ``module``, the engine
        module older subclasses pass, is not needed)."""
        entry = game_entry(self.table.GAME)
        return entry.expert_bot if self.level == "expert" else entry.rule_bot

    def set(self, level: str) -> None:
        """Play against ``"rule"`` or ``"expert"`` bots from now on (the bots of the
        current deal are replaced at once, seeded as before; they act from their
        observation only). ``"expert"`` falls back to the rule bots, said in the status
        line, when the game has no expert bot yet.

        :raises CardkitError: for another level, or when the table was given its own bots.
        """
        t = self.table
        if level not in BOT_LEVELS:
            raise CardkitError(f"bots {quote(level)}: expected one of {', '.join(map(repr, BOT_LEVELS))}")
        if self.fixed:
            raise CardkitError("this table was given its own bots")
        if self.control.value != level:
            self.control.value = level  # observed: comes back here
            return
        t._replace_bots()
        words = t.BOT_WORDS[1] if level == "expert" else t.BOT_WORDS[0]
        t._message = t._("{bots} from now on.", bots=t._(words))
        t.refresh()

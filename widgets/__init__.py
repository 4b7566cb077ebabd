"""cardkit_widgets: ipywidgets table controls for the cardkit games.

Game-agnostic controls (any deck of 52 or 36 cards, 2 to 4 seats):

- :class:`DealEditor`: compose a deal of any of the three games (cards clicked or typed,
  the rest dealt at random under wishes), its code and link, played at the table, kept in
  a set of boards.

- :class:`HandTable`: a player's hand, a row per suit and a column per rank; legal
  cards enabled and marked; a click calls ``on_play`` callbacks with the card.
- :class:`TrickTable`: the seats around the table and the cards of the current (or
  last) trick; the winner marked in words.
- :class:`ScoreSheet`: a row per deal, a column per player, totals.

Variety (RULES.md §1):

- :class:`AuctionTable`: the bidding, rounds by seats, and buttons 1..8.
- :class:`ContractTable`: the eight contracts, selectable (``value``).
- :class:`VarietyTable`: the play dashboard, a learner against three bots.
- :class:`HandEditor`, :class:`AdvisorPanel`: build a hand, and the advisor's figures
  for each contract (RULES.md §1.8).

Warsaw Hearts (RULES.md §2): :class:`PenaltyTable`, :class:`SettlementTable` and the
play dashboard :class:`WarsawHeartsTable`.

Armenian Durak with trumps (RULES.md §3): :class:`TableauView`, :class:`DrawChooser`,
:class:`TrumpPicker` and the play dashboard :class:`DurakTable`.

The three play dashboards share :class:`DealDashboard` (``_dashboard.py``): the seed
box, deal codes (``?deal=V-4821`` links, :meth:`DealDashboard.from_query`), undo,
one-line errors, the replay pane, rule or expert bots, and the teacher's options
(``show_all_hands``, ``layout="projector"``, ``practice=False``). Each draws its whole
play area with one :class:`CardTable` (``card_table.py``, an anywidget: the hand, the
trick at the seats, the other seats' backs, the controls, from one JSON state), so a
play page holds a handful of widgets.

Every control is built once and updated in place; every button has an accessible name
(its ``description``) and no state is shown by colour alone. The widgets call only the
state protocol of :mod:`cardkit.state`; legality comes from ``state.legal_actions()``.
"""

from typing import TYPE_CHECKING

from cardkit._lazy import lazy_dir, lazy_exports

# Lazy imports (PEP 562): ``import cardkit_widgets`` (or one of its light submodules, such as
# ``cardkit_widgets.lesson``) loads no dashboard, no anywidget and no game module; each public
# name below imports its module on first use, and is then kept in this module's globals. A
# lesson's first screen no longer waits for every dashboard to load (issue 10 §6).
_MODULES = {
    "AuctionTable": "auction", "ContractTable": "auction",
    "HandTable": "hand",
    "ScoreSheet": "scores",
    "TrickTable": "trick",
    "VarietyTable": "variety_table",
    "PenaltyTable": "warsaw_hearts", "SettlementTable": "warsaw_hearts",  # RULES.md §2
    "WarsawHeartsTable": "warsaw_hearts",
    "DrawChooser": "armenian_durak", "DurakTable": "armenian_durak",  # RULES.md §3
    "TableauView": "armenian_durak", "TrumpPicker": "armenian_durak",
    "AdvisorPanel": "advisor", "HandEditor": "advisor",  # RULES.md §1.8
    "DealDashboard": "_dashboard",
    "CardTable": "card_table",
    "DealEditor": "deal_editor",  # issue 22: compose a deal of any game
}
_LAZY = {name: (f"{__name__}.{module}", name) for name, module in _MODULES.items()}

if TYPE_CHECKING:  # type checkers and IDEs see the eager imports
    from ._dashboard import DealDashboard
    from .advisor import AdvisorPanel, HandEditor
    from .armenian_durak import DrawChooser, DurakTable, TableauView, TrumpPicker
    from .auction import AuctionTable, ContractTable
    from .card_table import CardTable
    from .deal_editor import DealEditor
    from .hand import HandTable
    from .scores import ScoreSheet
    from .trick import TrickTable
    from .variety_table import VarietyTable
    from .warsaw_hearts import PenaltyTable, SettlementTable, WarsawHeartsTable

__getattr__ = lazy_exports(__name__, _LAZY, cache=globals())
__dir__ = lazy_dir(globals(), _LAZY)


__all__ = [
    # game-agnostic controls
    "HandTable", "TrickTable", "ScoreSheet", "DealDashboard", "CardTable", "DealEditor",
    # Variety (RULES.md §1)
    "AuctionTable", "ContractTable", "VarietyTable", "HandEditor", "AdvisorPanel",
    # Warsaw Hearts (RULES.md §2)
    "PenaltyTable", "SettlementTable", "WarsawHeartsTable",
    # Armenian Durak with trumps (RULES.md §3)
    "TableauView", "DrawChooser", "TrumpPicker", "DurakTable",
]

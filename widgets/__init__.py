"""cardkit_widgets: ipywidgets table controls for the cardkit games.

Game-agnostic controls (any deck of 52 or 36 cards, 2 to 4 seats):

- :class:`HandTable`: a player's hand, a row per suit and a column per rank; legal
  cards enabled and marked; a click calls ``on_play`` callbacks with the card.
- :class:`TrickTable`: the seats around the table and the cards of the current (or
  last) trick; the winner marked in words.
- :class:`ScoreSheet`: a row per deal, a column per player, totals.

Variety (RULES.md §1):

- :class:`AuctionTable`: the bidding, rounds by seats, and buttons 1..8.
- :class:`ContractTable`: the eight contracts, selectable (``value``).
- :class:`VarietyTable`: the play dashboard, a learner against three bots.

Every control is built once and updated in place; every button has an accessible name
(its ``description``) and no state is shown by colour alone. The widgets call only the
state protocol of :mod:`cardkit.state`; legality comes from ``state.legal_actions()``.
"""

from .auction import AuctionTable, ContractTable
from .hand import HandTable
from .scores import ScoreSheet
from .trick import TrickTable
from .variety_table import VarietyTable
from .warsaw_hearts import PenaltyTable, SettlementTable, WarsawHeartsTable  # noqa: F401  (RULES.md §2)
from .armenian_durak import DrawChooser, DurakTable, TableauView, TrumpPicker  # noqa: F401  (RULES.md §3)
from .advisor import AdvisorPanel, HandEditor  # noqa: F401  (RULES.md §1.8)

__all__ = ["HandTable", "TrickTable", "ScoreSheet", "AuctionTable", "ContractTable", "VarietyTable"]

"""How a play dashboard looks: four colours, the card size, the projector layout (issue 30).

A part of :class:`~cardkit_widgets._dashboard.DealDashboard` (composed, not mixed in:
``dashboard.appearance``), holding the ``Four colours`` and ``Large cards`` toggles. The
dashboard's ``four_colour`` trait is linked both ways with the first; the second sets the
card table's size (``?size=large`` in the page's address sets it too), and the side
controls (score sheets, tables: the dashboard's ``PART_NAMES``) follow both. The projector
layout (``layout="projector"``) is large cards and buttons, the deal code in big text, no
seed or code boxes.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ._controls import Control

__all__ = ["Appearance"]


class Appearance:
    """Four colours, the size and the projector layout of a play dashboard (see the module's docstring).

    :param table: the dashboard (a :class:`~cardkit_widgets._dashboard.DealDashboard`).

    :ivar four_colour_toggle: ``toggle`` "Four colours: on/off".
    :ivar size_toggle: ``toggle`` "Large cards: on/off".
    """

    def __init__(self, table: Any) -> None:
        self.table = table
        _ = table._
        self.four_colour_toggle = Control(
            "toggle", "four_colour_toggle", value=False, description=_("Four colours: off"),
            tooltip=_("A four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green (the suit symbols stay)"))
        self.size_toggle = Control("toggle", "size_toggle", value=False, description=_("Large cards: off"),
                                   tooltip=_("The projector size: large cards and text (also ?size=large in "
                                             "the page's address)"))
        self.size_toggle.observe(lambda c: table._safely(self.set_size, "large" if c["new"] else "normal"),
                                 names="value")

    def parts(self) -> list[W.Widget]:
        """The side controls of the dashboard (score sheets, tables: its ``PART_NAMES``)."""
        t = self.table
        return [w for w in (getattr(t, n, None) for n in t.PART_NAMES) if w is not None]

    def apply_four_colour(self) -> None:
        """The side controls that offer a four-colour deck switch too (the dashboard's
        ``four_colour``); the card table follows the trait (linked)."""
        for part in self.parts():
            setter = getattr(part, "set_four_colour", None)
            if callable(setter):
                setter(self.table.four_colour)
        self.table.refresh()

    def set_size(self, size: str) -> None:
        """The card table's size, ``"normal"`` or ``"large"`` (the ``Large cards`` toggle);
        the side controls with a large size follow."""
        self.table.table.size = size
        for part in self.parts():
            set_size = getattr(part, "set_size", None)
            if callable(set_size):
                set_size(size)
        self.table.refresh()

    def size_from_page(self, size: str) -> None:
        """The page chose a size (``?size=large`` in its address): the toggle follows."""
        if self.size_toggle.value != (size == "large"):
            self.size_toggle.value = size == "large"

    def apply_projector(self) -> None:
        """Large cards and buttons, the deal code in big text, no seed or code boxes."""
        t = self.table
        t.add_class("cardkit-projector")
        for w in (t.seed_box, t.code_box, t.load_button):
            w.layout.display = "none"
        t.code_banner.layout.display = None
        self.size_toggle.value = True

"""A dashboard's name that is its part's (issue 30: the play dashboard composed of parts).

The parts of :class:`~cardkit_widgets._dashboard.DealDashboard` (the judge, the replay, the
exact values, ...) are objects of their own, each holding its state; the dashboard keeps
the public names that tests and lessons use (``table.hint(...)``, ``table.hint_text``,
``table.replay``) as :class:`Delegate` s: the name reads the part's attribute (a method
comes bound to the part), and a settable one writes it."""

from __future__ import annotations

from typing import Any

__all__ = ["Delegate"]


class Delegate:
    """``owner.name`` is ``owner.<part>.<attr>`` (``attr`` defaults to the name).

    :param part: the attribute of the owner holding the part (``"judge"``).
    :param attr: the part's attribute or method.
    :param settable: whether assigning the name assigns the part's attribute; else the
        name is read-only (``AttributeError``, as for a property without a setter).
    """

    def __init__(self, part: str, attr: str | None = None, *, settable: bool = False) -> None:
        self.part = part
        self.attr = attr
        self.settable = settable

    def __set_name__(self, owner: type, name: str) -> None:
        if self.attr is None:
            self.attr = name
        self.name = name

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.attr)  # type: ignore[arg-type]

    def __set__(self, obj: Any, value: Any) -> None:
        if not self.settable:
            raise AttributeError(f"{self.name} is {self.part}.{self.attr}: read-only")
        setattr(getattr(obj, self.part), self.attr, value)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"Delegate({self.part!r}, {self.attr!r})"

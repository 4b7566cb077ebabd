"""A dashboard's name that is its part's (issue 30: the play dashboard composed of parts).

The parts of :class:`~cardkit_widgets._dashboard.DealDashboard` (the judge, the replay, the
exact values, ...) are objects of their own, each holding its state; the dashboard keeps
the names that tests, lessons and its subclasses use (``table.hint(...)``,
``table.hint_text``, ``table.replay``) as delegates that behave as the names did:

- :class:`Delegate` for what was a property or an attribute: it reads the part's attribute;
  assigning it assigns the part's attribute (``settable=True``, what was a plain attribute)
  or raises ``AttributeError`` (what was a property without a setter);
- :class:`Method` for what was a method: it reads the part's method (bound to the part); as
  for a method, an instance may shadow it (``monkeypatch.setattr(table, "hint", ...)``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Delegate", "Method"]


class _Reach:
    """``owner.name`` reads ``owner.<part>.<attr>`` (``attr`` defaults to the name)."""

    def __init__(self, part: str, attr: str | None = None) -> None:
        self.part = part
        self.attr = attr
        self.name = attr or ""

    def __set_name__(self, owner: type, name: str) -> None:
        if self.attr is None:
            self.attr = name
        self.name = name

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.attr)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.part!r}, {self.attr!r})"


class Method(_Reach):
    """A method of the owner that is its part's method (a non-data descriptor: an instance
    attribute of the same name shadows it, as it would a method).

    :param part: the attribute of the owner holding the part (``"judge"``).
    :param attr: the part's method (default: the name).
    """


class Delegate(_Reach):
    """A property or attribute of the owner that is its part's attribute.

    :param part: the attribute of the owner holding the part (``"judge"``).
    :param attr: the part's attribute (default: the name).
    :param settable: whether assigning the name assigns the part's attribute (what was a
        plain attribute); else the name is read-only (``AttributeError``, as for a property
        without a setter).
    """

    def __init__(self, part: str, attr: str | None = None, *, settable: bool = False) -> None:
        super().__init__(part, attr)
        self.settable = settable

    def __set__(self, obj: Any, value: Any) -> None:
        if not self.settable:
            raise AttributeError(f"{self.name} is {self.part}.{self.attr}: read-only")
        setattr(getattr(obj, self.part), self.attr, value)  # type: ignore[arg-type]

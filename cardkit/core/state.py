"""The state protocol shared by the three games (OpenSpiel's shape, STYLE.md).

A game module makes :class:`TrickGameState` subclasses through ``new_deal(...)``. Every
state answers:

- ``phase`` (a string such as ``"bidding"``, ``"play"``, ``"over"``) and
  ``current_player`` (a seat, or None when the deal is over);
- ``legal_actions()``: the one source of truth for legality; it dispatches on the phase
  to ``_legal_<phase>()``;
- ``apply_action(action)``: also accepts notation (``"4"``, ``"QH"``); an action the
  rules forbid raises :class:`~cardkit.IllegalActionError` and leaves the state exactly
  as it was;
- ``undo_action()`` and ``undo_to(n)`` (a stack of snapshots, as python-chess's
  ``push``/``pop``: undo pops one, no replay), ``clone()``, ``is_terminal()``,
  ``returns()``, ``observation(seat)``;
- ``to_json()`` and ``from_json(text)``, a round trip (the start of the deal plus the
  actions).

Trick play itself (follow suit, trick winner, passing the lead to the winner) lives here
once, for every game.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from dataclasses import MISSING, asdict, dataclass, fields as dataclass_fields
from typing import Any, ClassVar

from ._checks import is_whole
from .cards import Card, Suit
from .dealing import check_seat
from .errors import CardkitError, IllegalActionError, NotationError, StateError, quote
from .notation import format_cards, format_hand, parse_card
from .tricks import Trick

__all__ = ["TrickGameState", "TrickObservation", "fast_copy", "seed_of", "rules_from_json", "new_frozen"]


def seed_of(seed, dealt: bool = True) -> int | None:
    """What a state keeps as its ``seed``: the int a random deal was dealt from, else None
    (a Generator, None, or ``dealt=False``: the hands were given)."""
    if dealt and is_whole(seed):
        return int(seed)
    return None


def rules_from_json(value, rules_class: type):
    """A game's ``Rules`` from the JSON object ``asdict(rules)`` wrote: every field given,
    none unknown (a saved deal never falls back on a default silently).

    The one exception: a field that ``rules_class.fields_added_later`` names (a variant
    added after saved deals existed, such as Warsaw Hearts' ``settlement_bonus`` or Armenian
    Durak's ``draw_after``) may be missing, and then takes its **default**, the rule such
    a deal was played under.

    :raises NotationError: for a value that is not an object, a missing field (other than
        one added later) or an unknown one (named).
    :raises CardkitError: (a ValueError) for a value the rules refuse.
    """
    if not isinstance(value, dict):
        raise NotationError(f"'rules' must be an object with the fields of the game's Rules, got {quote(value)}")
    names = [f.name for f in dataclass_fields(rules_class)]
    later = set(getattr(rules_class, "fields_added_later", ()))
    missing = [n for n in names if n not in value and n not in later]
    unknown = [k for k in value if k not in names]
    if missing or unknown:
        what = f"lacks {', '.join(map(repr, missing))}" if missing else f"has unknown {', '.join(map(repr, unknown))}"
        raise NotationError(f"'rules' {what}; expected the fields {', '.join(map(repr, names))}")
    return rules_class(**value)


#: Types :func:`fast_copy` shares without looking inside (immutable).
_SHARED = frozenset({Card, int, str, bool, float, tuple, type(None)})


def fast_copy(value: Any) -> Any:
    """A deep copy of lists, dicts, sets and tricks; every other value (cards, ints,
    strings, tuples, frozen rules) is immutable here and shared."""
    if type(value) is list:  # most lists hold cards or ints: those are shared without a call
        if _SHARED.issuperset(map(type, value)):  # only such items (one pass in C): a shallow copy
            return value.copy()
        return [v if type(v) in _SHARED else fast_copy(v) for v in value]
    if type(value) is dict:
        if _SHARED.issuperset(map(type, value.values())):
            return value.copy()
        return {k: v if type(v) in _SHARED else fast_copy(v) for k, v in value.items()}
    if type(value) is set:  # e.g. Variety's numbers named per seat: must not be shared
        return set(value)
    if type(value) is Trick:
        return value.copy()
    return value


#: per class: its field names in order when :func:`new_frozen` may fill an instance's
#: ``__dict__`` itself, else ``()``
_FROZEN_FIELDS: dict[type, tuple[str, ...]] = {}


def new_frozen(cls: type, values: dict):
    """``cls(**values)``, for the observations built at every bot decision.

    A frozen dataclass's generated ``__init__`` stores each field with one
    ``object.__setattr__`` call; a class without ``__post_init__``, init-only or default-
    factory fields does nothing else, so when ``values`` names every field in field order
    the same instance (same class, fields, ``__dict__`` in the same order, equality, hash,
    repr, pickling) is made by filling its ``__dict__`` at once. Anything else is left to
    ``cls(**values)`` (which raises ``TypeError`` for a missing or unknown name). ``values``
    must be a new dict that the caller does not keep."""
    names = _FROZEN_FIELDS.get(cls)
    if names is None:
        names = _FROZEN_FIELDS[cls] = _fillable_fields(cls)
    if names and tuple(values) == names:
        obj: Any = object.__new__(cls)
        object.__setattr__(obj, "__dict__", values)  # the caller's new dict becomes the instance's
        return obj
    return cls(**values)


def _fillable_fields(cls: type) -> tuple[str, ...]:
    params = getattr(cls, "__dataclass_params__", None)
    if (params is None or not params.frozen or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__
            or any(not f.init or f.default_factory is not MISSING for f in dataclass_fields(cls))
            or getattr(cls, "__dataclass_fields__", {}).keys() != {f.name for f in dataclass_fields(cls)}):
        return ()  # an init-only pseudo-field (InitVar) is in __dataclass_fields__ but not fields()
    return tuple(f.name for f in dataclass_fields(cls))


#: stands for an action the undo stack does not know (see :attr:`_UndoStack.length`)
_NO_ACTION = object()


class _UndoStack(list):
    """A state's undo stack: ``(len(history) before the action, snapshot)`` pairs, oldest
    first, and :attr:`actions`, a copy of the history they were taken for. A history
    changed by hand (an action appended, popped or replaced, even by one of the same
    length) no longer equals it, and the stack is not used: the snapshots and the actions
    applied again after one would not be that history's."""

    __slots__ = ("actions",)

    def __init__(self, items=(), actions=()) -> None:
        super().__init__(items)
        self.actions = list(actions)

    @property
    def length(self) -> int:
        """The length of the history the stack was kept for."""
        return len(self.actions)

    @length.setter
    def length(self, n: int) -> None:
        # a stack pickled when it kept only the length (no actions): it matches no
        # history, so the state it belongs to replays on its first undo
        self.actions = [_NO_ACTION] * n

    def copy(self) -> _UndoStack:
        return _UndoStack(self, self.actions)


@dataclass(frozen=True)
class TrickObservation:
    """What one seat may see of a trick-taking deal: its own hand and every card played,
    never another seat's hand (STYLE.md rule 6). Each game's ``Observation`` adds its own
    public fields (bids, contract, rules, ...).

    :ivar seat: whose observation this is.
    :ivar players: number of seats.
    :ivar phase: the state's phase (``"play"``, ``"over"``, ...).
    :ivar current_player: the seat to act, or None.
    :ivar dealer: the dealer's seat.
    :ivar hand: the seat's own cards, in display order.
    :ivar legal_actions: the seat's legal actions if it is to act, else ``()``.
    :ivar trump: the trump suit, or None for no trumps.
    :ivar lowest_wins: True when the lowest card wins the trick (Variety contract 6).
    :ivar trick_leader: the seat that led the open trick, or None outside the play.
    :ivar trick: the cards of the open trick in play order.
    :ivar tricks: completed tricks as ``(leader, cards, winner)`` tuples, in order.
    :ivar hand_sizes: how many cards each seat holds.
    """

    seat: int
    players: int
    phase: str
    current_player: int | None
    dealer: int
    hand: tuple[Card, ...]
    legal_actions: tuple
    trump: Suit | None
    lowest_wins: bool
    trick_leader: int | None
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    hand_sizes: tuple[int, ...]


class TrickGameState:
    """Base class of the three games' states.

    Attributes common to every game:

    - ``players``: number of seats; seats are numbered 0..players-1 clockwise.
    - ``dealer``: the dealer's seat.
    - ``hands``: ``hands[s]`` is the list of cards seat ``s`` holds, in display order.
    - ``tricks``: every trick of the deal in order; the last one is still open (its
      ``winner`` is None) while cards are being played to it.
    - ``taken``: ``taken[s]`` is the list of cards in the tricks seat ``s`` has won.
    - ``history``: every action applied, in order (ints for bids, :class:`Card` for plays,
      game-specific action objects otherwise).
    - ``phase``, ``current_player``.
    - ``seed``: the int seed a random deal was dealt from (``new_deal(seed=4821)``), or
      None (hands given, a Generator, or no seed); kept by undo and the JSON round trip,
      and :func:`cardkit.codes.deal_code` writes the short code ``V-4821`` from it.
    """

    game: ClassVar[str] = "?"
    phases: ClassVar[tuple[str, ...]] = ("play", "over")

    players: int
    dealer: int
    seed: int | None = None
    hands: list[list[Card]]
    tricks: list[Trick]
    taken: list[list[Card]]
    history: list
    phase: str
    current_player: int | None
    rules: Any  # the game's Rules dataclass
    initial_hands: Sequence[Sequence[Card]]

    # ---- the protocol -------------------------------------------------------------

    def legal_actions(self) -> list:
        """The actions the current player may take now, in a stable order (empty when
        the deal is over)."""
        if self.phase == "over":
            return []
        return getattr(self, "_legal_" + self.phase)()

    def is_legal(self, action) -> bool:
        """True if ``apply_action(action)`` would succeed; False for anything else (never
        raises for a bad action: text, a 5,000-digit number, None, another object)."""
        try:
            a = self.parse_action(action)
            self._check(a)
        except CardkitError:  # NotationError, IllegalActionError, ...
            return False
        return True

    def apply_action(self, action) -> None:
        """Apply one action of the current player.

        :param action: an action object, or its notation (``"4"``, ``"QH"``, ``"10♥"``).
        :raises NotationError: for text that is not an action of this phase.
        :raises IllegalActionError: for an action the rules forbid now; the message names
            the rule. In both cases the state is exactly as it was. Should applying a
            checked action fail all the same (a bug, an attribute changed by hand), the
            state is rebuilt from its history before the error is raised, so it is never
            left half-applied.
        """
        a = self.parse_action(action)
        self._check(a)
        self._push(a)

    #: The attribute that holds the undo stack (:class:`_UndoStack`): ``(len(history)
    #: before the action, the state's other attributes then)`` for every
    #: :attr:`UNDO_EVERY`-th action applied. A snapshot is never changed once taken
    #: (clones share them; undo restores a copy).
    _UNDO: ClassVar[str] = "_undo_snapshots"
    #: A snapshot is taken before every action whose index in the history is a multiple
    #: of this (and before the first action after the stack was cleared): undo restores
    #: the nearest snapshot at or before the action and applies the few actions between
    #: again, at most ``UNDO_EVERY - 1``. Copying the whole state before every action cost
    #: about a third of a bot-played deal.
    UNDO_EVERY: ClassVar[int] = 16

    def _push(self, a) -> None:
        """Apply the checked action ``a``, append it to the history and keep the undo
        stack (a snapshot before it when due)."""
        stack = self.__dict__.get(self._UNDO)
        if type(stack) is not _UndoStack:
            stack = self._undo_stack()
        n = len(self.history)
        if len(stack.actions) != n:  # the history was changed by hand: the old snapshots are not its own
            stack.clear()
            stack.actions = list(self.history)
        due = not stack or (n % self.UNDO_EVERY == 0 and stack[-1][0] != n)  # not twice for one n
        snapshot = self._snapshot() if due else None
        try:
            getattr(self, "_apply_" + self.phase)(a)
        except Exception:
            # a bug or a corrupted attribute made the apply fail half way: put the state
            # back as it was (the history replayed) before the error goes on
            self._restore()
            raise
        if snapshot is not None:
            stack.append((n, snapshot))
        self.history.append(a)
        stack.actions.append(a)

    def _snapshot(self) -> dict:
        """The state's attributes now, copied (:func:`fast_copy`), but for the history and
        the undo stack (each kept as it goes)."""
        skip = ("history", self._UNDO)
        shared = _SHARED  # fast_copy returns such values as they are: no call for them
        return {k: v if type(v) in shared else fast_copy(v) for k, v in self.__dict__.items() if k not in skip}

    def _undo_stack(self) -> _UndoStack:
        stack = self.__dict__.get(self._UNDO)
        if type(stack) is not _UndoStack:
            stack = self.__dict__[self._UNDO] = _UndoStack()
        return stack

    #: attributes that replaying the history does not rebuild, kept as they are when
    #: :meth:`apply_action` restores a state after a failure (Variety's table talk)
    _kept_on_restore: ClassVar[tuple[str, ...]] = ("seed",)

    def _restore(self) -> None:
        """Rebuild this state from its start and :attr:`history` (the actions applied
        successfully), keeping :attr:`_kept_on_restore`. If even that fails, the state is
        left as it is."""
        kept = {k: self.__dict__[k] for k in self._kept_on_restore if k in self.__dict__}
        try:
            fresh = self._replay(self.history)
        except Exception:  # noqa: BLE001  # pragma: no cover - nothing better to do; the first error is raised
            return
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)
        self.__dict__.update(kept)

    def why_illegal(self, action) -> str | None:
        """Why the current player may not take ``action`` now, in one line, or None when it
        is legal: the engine's own check (the reason :meth:`apply_action` would give),
        asked without applying anything — the state is not touched.

        :param action: an action object, or its notation (``"4"``, ``"QH"``, ``"10♥"``).
        :returns: the rule's words (they name the rule, ``RULES.md §…``), or None.
        """
        try:
            a = self.parse_action(action)
            self._check(a)
        except CardkitError as error:
            return " ".join(str(error).split())
        return None

    def _check(self, a) -> None:
        if self.phase == "over":
            raise IllegalActionError(f"the deal is over: {quote(self.action_to_str(a))} cannot be played")
        getattr(self, "_check_" + self.phase)(a)

    def undo_action(self) -> None:
        """Take back the last action (practice mode): the nearest snapshot taken at or
        before it is restored from the undo stack (python-chess's ``pop``) and the at most
        :attr:`UNDO_EVERY` − 1 actions between applied again, in time independent of the
        deal's length. Only a state whose history was changed by hand (so the stack does
        not match it) is rebuilt by replaying its whole history instead.
        :attr:`_kept_on_restore` attributes keep their values.

        :raises StateError: when no action has been taken in this deal.
        """
        if not self.history:
            raise StateError("nothing to undo: no action has been taken in this deal")
        self._undo_to(len(self.history) - 1)

    def history_seats(self) -> list[int]:
        """The seat that took each action of :attr:`history`, in order (the deal replayed
        from its start on a copy; this state is not changed)."""
        if not self.history:
            return []
        state, seats = self._restart(), []
        for a in self.history:
            seats.append(state.current_player)
            state.apply_action(a)
        return seats

    def undo_to(self, length: int) -> None:
        """Take back actions until ``len(history) == length`` (a dashboard's undo back to
        the learner's last decision): as :meth:`undo_action`, with one snapshot restored
        for the whole way back.

        :raises StateError: for a ``length`` that is not a whole number
            0..``len(history)``; the state is then unchanged.
        """
        if not is_whole(length) or not 0 <= length <= len(self.history):
            raise StateError(f"undo_to({quote(length)}): expected a number of actions 0..{len(self.history)} "
                             f"(the actions taken in this deal)")
        if length < len(self.history):
            self._undo_to(int(length))

    def _undo_to(self, n: int) -> None:
        """Go back to ``len(history) == n`` (0 <= n < len(history)), keeping
        :attr:`_kept_on_restore`: the latest snapshot at or before ``n`` and the actions
        after it applied again, or (a stack that does not match the history) a replay."""
        kept = {k: self.__dict__[k] for k in self._kept_on_restore if k in self.__dict__}
        stack = self._undo_stack()
        # the stack serves only the history it was kept for: one changed by hand, even
        # to the same length, is replayed (its actions applied again after a snapshot
        # taken for other actions could fail half way, or silently give another position)
        own = stack.actions == self.history  # the same objects: a pointer compare each
        if own:
            while stack and stack[-1][0] > n:
                stack.pop()
        if stack and own:
            m, snapshot = stack[-1]
            if m == n:
                stack.pop()
            history = self.history
            again = history[m:n]
            del history[m:]
            del stack.actions[m:]
            self.__dict__.clear()
            self.__dict__.update(fast_copy(snapshot))
            self.__dict__.update(history=history, **{self._UNDO: stack})
            for a in again:  # applied before from this very position: legal
                self._push(a)
        else:  # the fallback: rebuilt from the start and the history
            fresh = self._replay(self.history[:n])
            self.__dict__.clear()
            self.__dict__.update(fresh.__dict__)
        self.__dict__.update(kept)

    def clone(self):
        """An independent copy: playing it out leaves this state unchanged."""
        new = object.__new__(type(self))
        undo, shared = self._UNDO, _SHARED
        new.__dict__ = {k: v if type(v) in shared else fast_copy(v) for k, v in self.__dict__.items() if k != undo}
        stack = self.__dict__.get(self._UNDO)
        if type(stack) is _UndoStack:  # the snapshots are shared, never changed: copy the list only
            new.__dict__[self._UNDO] = stack.copy()
        return new

    def is_terminal(self) -> bool:
        """True when the deal is over."""
        return self.phase == "over"

    def returns(self) -> list[int]:
        """The deal's result for each seat (units: the game's points).

        :raises StateError: before the deal is over.
        """
        if self.phase != "over":
            raise StateError(f"the deal is not over (phase {self.phase!r}): returns() has no final value yet")
        return list(self._returns())

    # ---- notation and saved games -------------------------------------------------

    def parse_action(self, action):
        """The action object for ``action`` (an action object or its notation) in the
        current phase.

        :raises NotationError: for text that is not an action of this phase.
        """
        if isinstance(action, Card):
            return action
        if isinstance(action, str):
            return parse_card(action)
        raise NotationError(f"action {quote(action)}: expected a card such as 'QH'")

    def action_to_str(self, action) -> str:
        """The notation of an action, the inverse of :meth:`parse_action`."""
        if isinstance(action, Card):
            return action.code
        return str(action)

    def to_json(self) -> str:
        """The deal as JSON text: the game, the rules, the start of the deal and every
        action in notation. :meth:`from_json` reads it back."""
        data = {"game": self.game, "format": 1}
        data.update(self._start_json())
        if self.seed is not None:
            data["seed"] = self.seed
        data["history"] = [self.action_to_str(a) for a in self.history]
        data.update(self._json_extras())
        return json.dumps(data, ensure_ascii=False)

    #: the format number :meth:`to_json` writes and :meth:`from_json` reads
    json_format: ClassVar[int] = 1
    #: the fields of the deal's start that :meth:`_start_json` writes (all required)
    start_fields: ClassVar[tuple[str, ...]] = ("rules", "dealer", "hands")
    #: start fields that may be null (Armenian Durak's ``trump``: not given)
    nullable_fields: ClassVar[tuple[str, ...]] = ()
    #: optional fields :meth:`_json_extras` writes (Variety's ``remarks``)
    extra_fields: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def json_fields(cls) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``(required, optional)``: the top-level fields of a saved deal of this game."""
        return ("game", "format") + cls.start_fields + ("history",), ("seed",) + cls.extra_fields

    @classmethod
    def from_json(cls, text: str):
        """Read a deal written by :meth:`to_json`, strictly: nothing is filled in.

        Required: ``game`` (this game), ``format`` (1), the start of the deal
        (:attr:`start_fields`: ``rules`` with every field of the game's ``Rules``,
        ``dealer``, ``hands``; Armenian Durak ``layout`` and ``trump``) and ``history`` (a
        list of actions). Optional: ``seed`` (the int the deal was dealt from; a seed
        whose ``new_deal(seed=...)`` does not deal the saved hands, or Armenian Durak's
        layout, is **dropped**: the state's ``seed`` is None, so
        :func:`cardkit.codes.deal_code` never writes a seed code for other cards) and the
        game's extras (Variety's ``remarks``). Any other field is refused, by name.

        :raises NotationError: for text that is not JSON, a saved deal of another game, an
            unknown format, a missing, null, misspelled or malformed field (named), or an
            action that was not legal where it stands (quoted with its position).
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise NotationError(f"saved deal is not JSON: {e}") from None
        except RecursionError:  # "[[[[...": nested deeper than Python's stack
            raise NotationError("saved deal is not JSON that cardkit reads: nested too deep") from None
        if not isinstance(data, dict):
            raise NotationError(f"saved deal: expected a JSON object, got {type(data).__name__}")
        if data.get("game") != cls.game:
            raise NotationError(f"saved deal is for game {quote(data.get('game'))}, not {cls.game!r}")
        cls._check_json_fields(data)
        history, seed = data["history"], data.get("seed")
        try:
            state = cls._from_start_json(data)
        except NotationError as e:
            raise NotationError(f"saved deal: {e}") from None
        except (KeyError, TypeError, ValueError) as e:  # CardkitError included: a seat, a rule value
            raise NotationError(f"saved deal: malformed start of the deal: {e}") from None
        state.seed = seed if seed is None or cls._seed_deals(seed, state) else None
        for i, a in enumerate(history):
            try:
                state.apply_action(a)
            except (NotationError, IllegalActionError) as e:
                raise NotationError(f"saved deal, action {i + 1} ({quote(a)}): {e}") from None
        try:
            state._read_json_extras(data)
        except NotationError as e:
            raise NotationError(f"saved deal: {e}") from None
        return state

    @classmethod
    def dealt_from_seed(cls, seed: int, *, dealer: int, rules):
        """The game's ``new_deal(seed=seed, dealer=dealer, rules=rules)`` (each game's
        ``State`` says it: the core names no game module).

        :raises NotImplementedError: on this base class.
        """
        raise NotImplementedError(f"{cls.__name__} does not say how a seed deals")

    @classmethod
    def _seed_deals(cls, seed: int, state) -> bool:
        """Does the game's ``new_deal(seed=seed)`` (same dealer and rules) deal the cards of
        ``state``? (The hands, or Armenian Durak's layout; the dealer, the rules and a
        given trump are not the seed's.)"""
        try:
            fresh = cls.dealt_from_seed(seed, dealer=state.dealer, rules=state.rules)
        except (CardkitError, TypeError):
            return False
        skip = ("rules", "dealer") + cls.nullable_fields
        mine, theirs = state._start_json(), fresh._start_json()
        return all(mine[k] == theirs.get(k) for k in mine if k not in skip)

    @classmethod
    def _check_json_fields(cls, data: dict) -> None:
        """Every required field present and of its type, nothing unknown (RULES.md is not
        involved: this is the file format).

        :raises NotationError: naming the field.
        """
        required, optional = cls.json_fields()
        missing = [k for k in required if k not in data]
        if missing:
            close = [k for k in data if k not in required + optional
                     and difflib.get_close_matches(k, missing, n=1)]
            hint = f" (is {quote(close[0])} a misspelling?)" if close else ""
            raise NotationError(f"saved deal: field {quote(missing[0])} is missing{hint}; a saved {cls.game} deal "
                                f"has {', '.join(map(repr, required))}")
        unknown = [k for k in data if k not in required + optional]
        if unknown:
            raise NotationError(f"saved deal: unknown field{'s' if len(unknown) > 1 else ''} "
                                f"{', '.join(map(repr, unknown))}; a saved {cls.game} deal has "
                                f"{', '.join(map(repr, required))} and optionally {', '.join(map(repr, optional))}")
        fmt = data["format"]
        if not is_whole(fmt) or fmt != cls.json_format:
            raise NotationError(f"saved deal: format {quote(fmt)} is not one this version of cardkit reads "
                                f"(format {cls.json_format})")
        for k in cls.start_fields:
            if data[k] is None and k not in cls.nullable_fields:
                raise NotationError(f"saved deal: field {quote(k)} is null; it must give the deal's {k}")
        if not isinstance(data["history"], list):
            raise NotationError(f"saved deal: 'history' must be a list of actions, got {quote(data['history'])}")
        dealer = data["dealer"]
        if not is_whole(dealer):
            raise NotationError(f"saved deal: 'dealer' must be a seat number, got {quote(dealer)}")
        seed = data.get("seed")
        if seed is not None and (not is_whole(seed) or seed < 0):
            raise NotationError(f"saved deal: 'seed' must be a whole number >= 0 or absent, got {quote(seed)}")

    # ---- what subclasses provide ----------------------------------------------------

    #: the game's ``Rules`` dataclass, read back from a saved deal's ``"rules"`` object
    rules_class: ClassVar[type | None] = None

    @staticmethod
    def _new_deal(hands, *, dealer: int, rules):  # pragma: no cover - abstract
        """The game's ``new_deal(hands, dealer=..., rules=...)`` (the shared
        :meth:`_from_start_json` deals the saved hands through it, so they are checked)."""
        raise NotImplementedError

    def _start_json(self) -> dict:
        """The start of the deal as JSON values: ``rules`` (the :attr:`rules_class` fields),
        ``dealer`` and ``hands`` (each seat's ``initial_hands`` in PBN). A game whose
        deal starts otherwise (Armenian Durak's layout) overrides this and
        :meth:`_from_start_json`."""
        return {"rules": asdict(self.rules), "dealer": self.dealer,
                "hands": [format_hand(h) for h in self.initial_hands]}

    @classmethod
    def _rules_from_json(cls, data: dict):
        """``rules_class(**data["rules"])``: every field of the rules, nothing else.

        :raises NotationError: when ``"rules"`` is not a JSON object, lacks a field or has
            an unknown one (named).
        :raises CardkitError: (a ValueError) for a value the rules refuse.
        """
        if cls.rules_class is None:
            raise NotImplementedError(f"{cls.__name__} has no rules_class")
        return rules_from_json(data["rules"], cls.rules_class)

    @classmethod
    def _from_start_json(cls, data: dict):
        """A new state at the start that :meth:`_start_json` wrote.

        :raises NotationError: for a malformed field or hands that are not a deal.
        :raises KeyError: when a field is missing (``from_json`` checks them first).
        """
        return cls._new_deal(data["hands"], dealer=data["dealer"], rules=cls._rules_from_json(data))

    def _json_extras(self) -> dict:
        """Fields :meth:`to_json` writes after ``history`` (e.g. Variety's table talk)."""
        return {}

    def _read_json_extras(self, data: dict) -> None:
        """Read what :meth:`_json_extras` wrote, once the history has been replayed; a
        missing field means none.

        :raises NotationError: for a malformed field.
        """

    def _restart(self):
        """A new state at the start of this deal (same cards, same rules, same seed)."""
        state = type(self)._from_start_json(self._start_json())
        state.seed = self.seed
        return state

    def _replay(self, actions: Sequence):
        state = self._restart()
        for a in actions:
            state.apply_action(a)
        return state

    def _returns(self) -> Sequence[int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _trick_winner_index(self, trick: Trick) -> int:  # pragma: no cover - abstract
        """Index in ``trick.cards`` of the winning card."""
        raise NotImplementedError

    def _deal_over(self) -> None:
        """Called once, after the last trick."""

    # ---- trick play, shared ---------------------------------------------------------

    @property
    def trick(self) -> Trick | None:
        """The open trick (possibly empty), or None outside the play."""
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    @property
    def completed_tricks(self) -> list[Trick]:
        """The tricks already won, in order."""
        return [t for t in self.tricks if t.winner is not None]

    #: True when every playable card may lead a trick and every playable card of the suit
    #: led may follow (the rule of the three games, RULES.md §1.5, §2.1, §3.3): the check of
    #: a card then accepts those without listing the legal cards. A game whose rules forbid
    #: some of them (a suit that may not be led yet) sets it False.
    _following_is_legal: ClassVar[bool] = True

    def _playable(self, seat: int) -> list[Card]:
        """The cards seat ``seat`` could play if nothing restricted it (its hand)."""
        return self.hands[seat]

    def _legal_play(self) -> list[Card]:
        """Follow suit if able, else any card (RULES.md §1.5, §2.1)."""
        seat = self.current_player
        assert seat is not None  # the play phase always has a player to act
        cards = self._playable(seat)
        trick = self.tricks[-1]
        if trick.cards:
            led = trick.cards[0].suit
            follow = [c for c in cards if c.suit == led]
            if follow:
                return follow
        return list(cards)

    def _check_play(self, card) -> None:
        """Refuse a card the player may not play now, with a message from the three hooks
        below (a game words them with its own rule, e.g. Armenian Durak's tableau)."""
        if not isinstance(card, Card):
            raise IllegalActionError(self._not_a_card_message(card))
        seat = self.current_player
        assert seat is not None  # the play phase always has a player to act
        cards = self._playable(seat)
        if card in cards and self._following_is_legal:
            led = self.tricks[-1].cards
            if not led or card.suit == led[0].suit:  # a lead, or a card of the suit led: legal
                return
        if card not in cards:  # refused before the legal cards are listed (a broken state: same message)
            raise IllegalActionError(self._not_playable_message(card, seat, cards))
        legal = self._legal_play()
        if card not in legal:
            raise IllegalActionError(self._follow_message(card, legal))

    def _not_a_card_message(self, action) -> str:
        """The message for an action that is not a card, during the play."""
        return f"{quote(action)} is not a card: now is the play of a card"

    def _not_playable_message(self, card: Card, seat: int, cards: Sequence[Card]) -> str:
        """The message for a card that is not among ``cards``, those seat ``seat`` may play from."""
        return f"{card} is not in seat {seat}'s hand: it holds {format_cards(cards)}"

    def _follow_message(self, card: Card, legal: Sequence[Card]) -> str:
        """The message for a card of the player's that breaks the following rule; ``legal``
        are the cards it may play."""
        led = self.tricks[-1].cards[0].suit
        return f"must follow {led.symbol}: you hold {format_cards(legal)}, so {card} cannot be played"

    def _remove_played(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)

    def _apply_play(self, card: Card) -> None:
        seat = self.current_player
        assert seat is not None  # the play phase always has a player to act
        self._remove_played(seat, card)
        trick = self.tricks[-1]
        trick.cards.append(card)
        if len(trick.cards) < self.players:
            self.current_player = (seat + 1) % self.players
            return
        winner = (trick.leader + self._trick_winner_index(trick)) % self.players
        trick.winner = winner
        self.taken[winner].extend(trick.cards)
        if self._more_tricks():
            self.tricks.append(Trick(winner, self.players))
            self.current_player = winner
        else:
            self.phase = "over"
            self.current_player = None
            self._deal_over()

    def _more_tricks(self) -> bool:
        return any(self.hands)

    def _trick_observation(self, seat, trump, lowest_wins) -> dict:
        """Every :class:`TrickObservation` field for ``seat``, in field order (a game's
        ``observation`` adds its own after them and builds the object with
        :func:`new_frozen`).

        :raises CardkitError: for a seat outside 0..players-1.
        """
        players = self.players
        if type(seat) is not int or not 0 <= seat < players:
            seat = check_seat(seat, players)
        tricks = self.tricks
        trick = self.trick
        current = self.current_player
        return {
            "seat": seat, "players": players, "phase": self.phase, "current_player": current,
            "dealer": self.dealer, "hand": tuple(self.hands[seat]),
            "legal_actions": tuple(self.legal_actions()) if seat == current else (),
            "trump": trump, "lowest_wins": lowest_wins,
            "trick_leader": None if trick is None else trick.leader,
            "trick": () if trick is None else tuple(trick.cards),
            "tricks": tuple([(t.leader, tuple(t.cards), t.winner) for t in tricks if t.winner is not None]),
            "hand_sizes": tuple(map(len, self.hands))}

    def tricks_won(self, seat: int) -> int:
        """How many tricks seat ``seat`` has won so far."""
        return sum(1 for t in self.tricks if t.winner == seat)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} phase={self.phase!r} current_player={self.current_player} "
                f"actions={len(self.history)}>")


# Older private names of the public ones above, for code written before they were public.
_new_frozen = new_frozen

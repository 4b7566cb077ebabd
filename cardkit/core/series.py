"""A game as a series of deals (партия), shared by every game's ``Game`` class.

The first dealer comes from the cut (RULES.md, "Common conventions"); the deal then
passes to the left each deal (§1.1, §2.1). Each finished deal's ``returns()`` is recorded
as one row of :attr:`DealSeries.scores`. A game says when it is over
(:meth:`DealSeries.is_over`) and how one deal is made (:meth:`DealSeries._deal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ._checks import is_whole
from .bots import Bot, run_bots
from .cards import deck
from .dealing import as_generator, cut_for_dealer
from .errors import CardkitError, StateError, quote

__all__ = ["DealSeries"]


class DealSeries:
    """Base class of ``Game``: the cut, the dealer passing left, the deals and their rows.

    Subclasses set :attr:`name`, :attr:`seat_counts`, :attr:`deck_size`,
    :attr:`cut_lowest` and implement :meth:`_deal` and :meth:`is_over`; a game that
    chooses its first dealer otherwise overrides :meth:`_cut` (Armenian Durak: the first
    six turned up, RULES.md §3.2).

    :param players: one entry per seat: a :class:`~cardkit.bots.Bot`, or None (or a name)
        for a human who acts through ``State.apply_action``.
    :param rules: the game's ``Rules`` object.
    :param seed: int or :class:`numpy.random.Generator`: the cut and every deal come from it.
    :ivar scores: one row per recorded deal: ``state.returns()`` (the game's units).
    :ivar deals: every deal's state, in order (the last may be unfinished).
    :ivar cut: the cut's rounds, each a dict seat -> card drawn (or what the game's
        :meth:`_cut` records).
    :ivar first_dealer: the seat that won the cut.
    :raises CardkitError: for ``players`` that is not a list (None, a number, an iterator)
        or a number of players the game does not allow; a bad seed.
    """

    name: ClassVar[str] = "this game"
    #: the numbers of players the game allows, and how to say it in an error
    seat_counts: ClassVar[tuple[int, ...]] = (4,)
    seat_counts_text: ClassVar[str] = "four players"
    #: the deck the cut is drawn from
    deck_size: ClassVar[int] = 52
    #: True: the lowest card in the cut deals (Warsaw Hearts, RULES.md §2.1)
    cut_lowest: ClassVar[bool] = False

    def __init__(self, players: Sequence, *, rules, seed=None) -> None:
        if (isinstance(players, (str, bytes, dict)) or not hasattr(players, "__len__")
                or not hasattr(players, "__iter__") or len(players) not in self.seat_counts):
            raise CardkitError(f"players {quote(players)}: {self.name} is for {self.seat_counts_text}: "
                               f"give a list with one entry per seat (a bot, or None for a human)")
        self.players = list(players)
        self.rules = rules
        self.rng = as_generator(seed)
        self.first_dealer, self.cut = self._cut()
        self.scores: list[list[int]] = []
        self.deals: list = []
        self.state = None

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.players)

    @property
    def dealer(self) -> int:
        """The dealer of the current (or next) deal."""
        n = len(self.scores)
        if self.state is not None and not self.state.is_terminal():
            n = len(self.deals) - 1
        return (self.first_dealer + n) % self.seats

    # ---- what subclasses provide ----------------------------------------------------

    def _cut(self) -> tuple[int, list]:
        """``(first dealer, the cut's record)``, drawn from :attr:`rng`: by default the cut
        of RULES.md "Common conventions" (:func:`~cardkit.dealing.cut_for_dealer` from a
        :attr:`deck_size` deck, highest card deals unless :attr:`cut_lowest`)."""
        return cut_for_dealer(len(self.players), deck(self.deck_size), self.rng, lowest=self.cut_lowest)

    def _deal(self, dealer: int, rng):  # pragma: no cover - abstract
        """A new deal's state with ``dealer`` dealing, its cards drawn from ``rng``."""
        raise NotImplementedError

    def is_over(self) -> bool:  # pragma: no cover - abstract
        """True when the game is over."""
        raise NotImplementedError

    def _over_text(self) -> str:
        return "the game is over"

    def _recorded(self, state) -> None:
        """Called once when a finished deal is recorded."""

    def _unrecorded(self, state) -> None:
        """Called when :meth:`unrecord` takes a recorded deal's row back."""

    def _bot_acted(self, state, seat: int, bot: Bot) -> None:
        """Called in :meth:`play_deal` after ``bot`` chose its action, before it is applied."""

    # ---- the series -----------------------------------------------------------------

    @classmethod
    def resumed(cls, players: Sequence, *, rules, first_dealer: int, cut: list, scores: list, deals: list,
                rng_state: dict | None = None):
        """A game at the point a record reached, made with the constructor and then the
        record's history: the first dealer and the cut (:meth:`set_first_dealer`), the
        random generator's state (``rng_state``, numpy's ``bit_generator.state``; None: a
        fresh generator), every deal's state (the last may be unfinished) and one score row
        per recorded deal, each recorded as a finished deal is (:meth:`_recorded`).

        :raises CardkitError: for players or rules the game does not allow, a first dealer
            that is not a seat.
        """
        game = cls(players, rules=rules, seed=0)   # its own cut is replaced by the record's
        game.set_first_dealer(first_dealer, cut)
        if rng_state is not None:
            game.rng.bit_generator.state = rng_state
        else:
            game.rng = as_generator(None)
        game.deals = list(deals)
        game.state = game.deals[-1] if game.deals else None
        for row, state in zip(scores, game.deals):
            game.scores.append(list(row))
            game._recorded(state)
        return game

    def set_first_dealer(self, seat: int, cut: list | None = None) -> None:
        """Let ``seat`` deal first instead of the cut's winner (RULES.md "Common
        conventions": a table that names its first dealer, or a new game that keeps the
        last game's first dealer); the deal then passes to the left from ``seat`` as usual.

        :param seat: a seat ``0 .. seats - 1``.
        :param cut: kept as :attr:`cut` (default ``[]``: no cut was drawn for it).
        :raises CardkitError: for a seat that is not a whole number in ``0 .. seats - 1``
            (a bool is refused); nothing changes.
        :raises StateError: once a deal has been dealt (the rotation has begun); nothing changes.
        """
        if not is_whole(seat) or not 0 <= seat < self.seats:
            raise CardkitError(f"first dealer {quote(seat)}: expected a seat 0..{self.seats - 1} "
                               f"(RULES.md, \"Common conventions\")")
        if self.deals:
            raise StateError("the first dealer is chosen before the first deal: "
                             f"{len(self.deals)} deal{'s' if len(self.deals) != 1 else ''} dealt already")
        self.first_dealer = int(seat)
        self.cut = [] if cut is None else list(cut)

    def new_deal(self, seed=None, *, state=None):
        """Deal the next deal and return its state.

        A finished deal not yet recorded is recorded first (:meth:`record`), so that its
        row counts and the deal passes to the left.

        :param seed: None (default): the deal's cards come from the game's generator;
            an int or Generator: from that seed instead (a dashboard's seed box); an int
            is kept as the state's ``seed``.
        :param state: instead of dealing, play this deal next (for example a deal read
            from a deal code, ``parse_deal_code(code).new_state()``): a state with the
            game's ``rules`` and nothing played yet. It keeps its own dealer (a code names
            its dealer); the game's generator is not used.
        :raises StateError: when the game is over or the current deal is unfinished.
        :raises CardkitError: for both ``seed`` and ``state``, or a ``state`` with other
            rules than the game's or with actions already taken.
        :raises ValueError: for a seed that is not an int >= 0 or a Generator.
        """
        if state is not None:
            if seed is not None:
                raise CardkitError(f"new_deal: give a seed or a state, not both (seed {quote(seed)})")
            if getattr(state, "rules", None) != self.rules:
                raise CardkitError(f"new_deal: a {type(state).__name__} with rules {getattr(state, 'rules', None)!r}, "
                                   f"but this game plays {self.rules!r}")
            if state.history:
                raise CardkitError(f"new_deal: the state has {len(state.history)} actions taken; "
                                   f"a new deal starts with none")
        rng = self.rng if seed is None or state is not None else as_generator(seed)
        if self.state is not None and self.state.is_terminal() and len(self.scores) < len(self.deals):
            self.record()
        if self.is_over():
            raise StateError(self._over_text())
        if self.state is not None and not self.state.is_terminal():
            raise StateError("the current deal is not finished")
        if state is not None:
            self.state = state
            self.deals.append(state)
            return state
        self.state = self._deal((self.first_dealer + len(self.scores)) % self.seats, rng)
        if is_whole(seed):
            self.state.seed = int(seed)     # dealt as new_deal(seed=seed) deals (state.seed)
        self.deals.append(self.state)
        return self.state

    def drop_deal(self) -> None:
        """Throw away the current unfinished deal (it is not scored; the same dealer
        deals the next one).

        :raises StateError: when there is no unfinished deal.
        """
        if self.state is None or self.state.is_terminal() or len(self.deals) == len(self.scores):
            raise StateError("no unfinished deal to drop")
        self.deals.pop()
        self.state = None

    def unrecord(self) -> list[int]:
        """Take back the last recorded row (practice mode: undo after a deal ended). The
        deal stays the current state, so it can be played on and recorded again.

        :raises StateError: when the current deal has not been recorded.
        """
        if self.state is None or not self.scores or len(self.scores) != len(self.deals):
            raise StateError("no recorded deal to take back")
        row = self.scores.pop()
        self._unrecorded(self.state)
        return row

    def record(self) -> list[int]:
        """Record the finished current deal's ``returns()`` and return them (recording the
        same deal twice returns the same row).

        :raises StateError: if there is no finished deal to record.
        """
        if self.state is None or not self.state.is_terminal():
            raise StateError("no finished deal to record")
        if len(self.scores) == len(self.deals):
            return self.scores[-1]
        row = self.state.returns()
        self.scores.append(row)
        self._recorded(self.state)
        return row

    def play_deal(self) -> list[int]:
        """Deal and play one whole deal with the bots, each acting from its own seat's
        observation; returns the deal's row.

        :raises StateError: if a seat has no bot, or the game is over.
        """
        if not all(isinstance(p, Bot) for p in self.players):
            raise StateError("play_deal needs a bot in every seat")
        run_bots(self.new_deal(), self.players, after=self._bot_acted)
        return self.record()

    def play(self) -> list[int]:
        """Play every remaining deal with the bots; returns :attr:`totals`."""
        while not self.is_over():
            self.play_deal()
        return self.totals

    @property
    def totals(self) -> list[int]:
        """Each player's sum of the recorded rows."""
        return [sum(row[s] for row in self.scores) for s in range(self.seats)]

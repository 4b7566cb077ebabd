"""Graded problems: positions of the three games with the best action known, the cost of
every other choice, and the best line in words (issue 10 §2, the problem-set lessons).

A problem set is a JSON object (the lessons keep one next to their notebook) with
``"game"`` and ``"problems"``, a list of objects:

- ``"kind"``: ``"play"`` (choose a card, all cards known), ``"view"`` (choose a card from
  one's own view: graded by :func:`cardkit.analysis.evaluate_decision`, the evaluator the
  Hint and the review read, with ``"samples"`` worlds and the seed
  ``numpy.random.default_rng(estimate_seed)``: ``"values"`` the expected results,
  ``"stderr"`` their standard errors, and ``"exact"`` the values with all cards known) or
  ``"bid"`` (Variety: choose a bid);
- ``"state"``: the position as the game's ``State.to_json()`` text (the deal in card names
  and every action so far), rebuilt with ``State.from_json``;
- ``"seat"``: the seat to act (the learner);
- ``"best"``: the best action, in notation (``"QH"``, ``"3"``);
- ``"values"`` (play): ``{action: points}``, the exact value of every legal action with all
  cards known (:func:`cardkit.analysis.analyse`, from the mover's side);
  ``"line"``: the best line (:func:`cardkit.analysis.solve`'s principal variation), a list
  of actions in notation, starting with the best action;
- ``"margins"`` (bid): ``{bid: [margin, standard error]}``, the advisor's expected margin
  (:func:`cardkit.advisor.advise`, points) of every legal bid, with ``"samples"`` and
  ``"advisor_seed"`` (the same evaluator: ``evaluate_decision`` with ``samples`` deals per
  contract and the seed ``numpy.random.default_rng(advisor_seed)``);
- ``"level"``: ``"easy"``, ``"medium"`` or ``"hard"``; ``"rule_choice"``: the rule bot's
  action; ``"gap"``: what the rule bot's action costs (points); ``"rating"``: the
  problem's first rating (Glicko scale, seeded by :func:`cardkit.rating.seed_rating`;
  optional, that seed when missing).

Units: points of the game's own deal score from the mover's side: Variety, the side's
margin (its deal score minus the other side's, RULES.md §1.6); Warsaw Hearts, the deal
result, bonus − penalty (§2.2); Armenian Durak, the mover's deal points minus the
opponent's (§3.4).

Public names: :class:`Problem`, :class:`Grade`, :func:`load_problems`, :func:`grade`,
:func:`line_words`, :func:`line_steps`, :func:`seat_names`, :func:`result_words`. The words of
:func:`grade`, :func:`line_words` and :func:`result_words` are in the language of their ``tr``
(a :func:`cardkit.i18n.translation`; None: English), each sentence one catalog message; cards
stay ``Q♥`` for the page to write in its letters (issue 29).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardkit.core._checks import is_whole
from cardkit.core.errors import CardkitError, NotationError, quote
from cardkit.i18n import N_, Translation, translation
from cardkit.wording import minus_signs, signed

__all__ = ["Problem", "Grade", "load_problems", "grade", "line_words", "line_steps", "seat_names", "result_words"]


def _state_class(game: object):
    from cardkit.core.registry import GAMES
    entries = {e.name: e for e in GAMES.values()}
    if not isinstance(game, str) or game not in entries:
        raise NotationError(f"problem set for game {quote(game)}: expected variety, warsaw_hearts or armenian_durak")
    return entries[game].engine().State


def seat_names(players: int, seat: int, tr: Translation | None = None) -> list[str]:
    """Names of seats 0..players-1 seen from ``seat``: "you", then by where they sit
    (four players: West on the left, North opposite, East on the right; three: Left,
    Right; two: the opponent), as they are written inside a sentence.

    :param tr: the language (a :func:`cardkit.i18n.translation`; None: English). Russian:
        «вы», «Запад», «Север», «Восток»; three players «Запад», «Восток»; two «соперник».
    :raises CardkitError: for ``players`` other than 2, 3 or 4, or a ``seat`` that is not
        one of theirs (0..players − 1; not a bool, a float or None).
    """
    from cardkit.core.dealing import check_seat
    tr = translation("en") if tr is None else tr
    you = tr.pgettext("the learner, in a sentence", "you")
    around = {2: [you, tr.pgettext("in a sentence", "the opponent")],
              3: [you, tr.pgettext("seat of 3", "Left"), tr.pgettext("seat of 3", "Right")],
              4: [you, tr.gettext("West"), tr.gettext("North"), tr.gettext("East")]}
    if not (is_whole(players) and players in around):
        raise CardkitError(f"players {quote(players)}: expected 2, 3 or 4")
    players = int(players)
    seat = check_seat(seat, players)
    return [around[players][(s - seat) % players] for s in range(players)]


_signed = signed   # points with their sign and the minus sign "−" (cardkit.wording)


_RESULT_WORDS = {"variety": N_("your side's deal score minus the other side's"),
                 "warsaw_hearts": N_("your deal result, bonus − penalty"),
                 "armenian_durak": N_("your deal points minus the opponent's")}


def result_words(game: str, tr: Translation | None = None) -> str:
    """What a value means, in words (for a lesson's introduction), in ``tr``'s language
    (a :func:`cardkit.i18n.translation`; None: English).

    :raises KeyError: for a game other than the three."""
    return (translation("en") if tr is None else tr).gettext(_RESULT_WORDS[game])


@dataclass
class Problem:
    """One graded position.

    :ivar number: 1-based, the order of the set (easy to hard).
    :ivar game: ``"variety"``, ``"warsaw_hearts"`` or ``"armenian_durak"``.
    :ivar kind: ``"play"``, ``"view"`` or ``"bid"``.
    :ivar state: the position (a game state, rebuilt from its saved text).
    :ivar seat: the seat to act.
    :ivar best: the best action (a card, or a bid 1..8).
    :ivar values: play: ``{action: points}`` exact values; view: expected values from the
        mover's view; bid: ``{bid: margin}``.
    :ivar stderr: bid and view: ``{action: standard error}`` (points); play: empty.
    :ivar line: play: the best line, actions from this position to the end of the deal.
    :ivar level: ``"easy"``, ``"medium"`` or ``"hard"``.
    :ivar rule_choice: the rule bot's action here.
    :ivar question: bid problems: ``"name"`` (a first bid) or ``"repeat"``; play: ``""``.
    :ivar data: the problem's JSON object as read.
    :ivar rating: its rating (Glicko scale, :mod:`cardkit.rating`): the set's ``"rating"``
        (a number 500..3000), else seeded from how hard it measured
        (:func:`cardkit.rating.seed_rating`).
    """

    number: int
    game: str
    kind: str
    state: Any
    seat: int
    best: Any
    values: dict
    stderr: dict = field(default_factory=dict)
    line: tuple = ()
    level: str = ""
    rule_choice: Any = None
    question: str = ""
    data: dict = field(default_factory=dict, repr=False)
    rating: float = 1500.0

    @property
    def legal(self) -> list:
        """The legal actions, in the engine's order."""
        return self.state.legal_actions()

    @property
    def names(self) -> list[str]:
        return seat_names(self.state.players, self.seat)

    def names_in(self, tr: Translation | None) -> list[str]:
        """:attr:`names` in ``tr``'s language (None: English), as written inside a sentence."""
        return seat_names(self.state.players, self.seat, tr)


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer.

    :ivar right: the answer is the best action.
    :ivar cost: points the answer loses against the best action (0.0 when right).
    :ivar stderr: the cost's standard error (bids), 0.0 for exact values.
    :ivar text: one or two sentences for the learner.
    """

    right: bool
    cost: float
    stderr: float
    text: str


def load_problems(source) -> list[Problem]:
    """The problems of a set: ``source`` is a path to the JSON file or its text.

    :raises NotationError: for text that is not a problem set, or a problem that is not
        one (named by its place in the list): a position that does not rebuild, a
        ``"kind"`` other than ``"play"``, ``"view"`` and ``"bid"``, a ``"seat"`` that is not
        the seat to act (a whole number), a ``"number"`` that is not a whole number
        1..999,999, a ``"rating"`` that is not a number 500..3000.
    """
    text = Path(source).read_text(encoding="utf-8") if isinstance(source, Path) or (
        isinstance(source, str) and not source.lstrip().startswith("{")) else source
    try:
        data = json.loads(text)
    except ValueError as e:
        raise NotationError(f"problem set is not JSON: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("problems"), list):
        raise NotationError("problem set: expected an object with a list of problems")
    game = data.get("game")
    cls = _state_class(game)
    out = []
    from cardkit.core._checks import check_count
    from cardkit.core.dealing import check_seat
    for i, p in enumerate(data["problems"]):
        try:
            if not isinstance(p, dict):
                raise NotationError(f"{quote(p)} is not an object")
            if p.get("kind") not in ("play", "view", "bid"):
                raise NotationError(f"kind {quote(p.get('kind'))}: expected 'play', 'view' or 'bid'")
            number = check_count(p.get("number", i + 1), "number", 1, 999_999, "the problem's number in its set")
            state = cls.from_json(p["state"])
            seat = check_seat(p["seat"], state.players)
            if state.current_player != seat:
                raise NotationError(f"seat {seat} is not the one to act")
            if p["kind"] == "bid":
                values = {int(k): float(v[0]) for k, v in p["margins"].items()}
                stderr = {int(k): float(v[1]) for k, v in p["margins"].items()}
                best, line = int(p["best"]), ()
                rule = int(p["rule_choice"])
            elif p["kind"] == "view":
                values = {state.parse_action(k): float(v) for k, v in p["values"].items()}
                stderr = {state.parse_action(k): float(v) for k, v in p["stderr"].items()}
                best, line = state.parse_action(p["best"]), ()
                rule = state.parse_action(p["rule_choice"])
            else:
                values = {state.parse_action(k): int(v) for k, v in p["values"].items()}
                stderr = {}
                best = state.parse_action(p["best"])
                line = tuple(p.get("line", ()))
                rule = state.parse_action(p["rule_choice"])
            rating = _rating(p)
        except KeyError as e:
            raise NotationError(f"problem {i + 1}: no {e} field") from None
        except (TypeError, ValueError, OverflowError, AttributeError) as e:  # a field of the wrong shape
            raise NotationError(f"problem {i + 1}: {e}") from None
        out.append(Problem(number, str(game), p["kind"], state, seat, best, values, stderr,
                           line, p.get("level", ""), rule, p.get("question", ""), p, rating))
    return out


def _rating(p: dict) -> float:
    """A problem's rating: its ``"rating"`` (500..3000), else the seeded one."""
    if "rating" not in p:
        from .rating import seed_rating
        return float(seed_rating(p))
    r = p["rating"]
    if isinstance(r, bool) or not isinstance(r, (int, float)) or not 500 <= r <= 3000:
        raise NotationError(f"rating {quote(r)}: expected a number 500..3000")
    return float(r)


def _action_name(a) -> str:
    return str(a)


def grade(problem: Problem, action, tr: Translation | None = None) -> Grade:
    """Grade ``action`` (an action object or its notation) as the answer to ``problem``.

    Play: "right: Q♥ is best" or "K♠ costs 4 points: with best play after it you end with
    −6 instead of −2". Bid: the advisor's margins and the cost ± its standard error.

    :param tr: the language of the grade's text (a :func:`cardkit.i18n.translation`; None:
        English). Cards are written ``Q♥`` (``T♥`` the ten) in every language: the page
        writes them in its letters.
    :raises CardkitError: for an action that is not legal here (NotationError for text
        that is no action).
    """
    tr = translation("en") if tr is None else tr
    st = problem.state
    a = st.parse_action(action)
    if a not in problem.values:
        raise CardkitError(f"{quote(st.action_to_str(a))} is not one of the legal choices here")
    best = problem.best
    if problem.kind in ("bid", "view"):
        return _estimated_grade(problem, a, tr)
    v = problem.values
    if a == best:
        return Grade(True, 0.0, 0.0, tr.gettext("Right: {card} is best. With best play you end with {result}.").format(
            card=_action_name(a), result=_signed(v[a])))
    cost = v[best] - v[a]
    if cost == 0:  # not the stored best but as good (not in a stored set: the best is unique)
        return Grade(True, 0.0, 0.0, tr.gettext("Right: {card} is as good as {best}.").format(
            card=_action_name(a), best=_action_name(best)))
    text = tr.ngettext("{card} costs {cost} point: with best play after it you end with {result} instead of "
                       "{best_result} ({best} is best).",
                       "{card} costs {cost} points: with best play after it you end with {result} instead of "
                       "{best_result} ({best} is best).", abs(int(cost)))
    return Grade(False, float(cost), 0.0, text.format(card=_action_name(a), cost=cost, result=_signed(v[a]),
                                                      best_result=_signed(v[best]), best=_action_name(best)))


def _estimated_grade(problem: Problem, a, tr: Translation) -> Grade:
    """The grade of ``a`` where the values are estimates with standard errors (points): a
    bid (the advisor's margins) or a card from the mover's own view; the nouns differ ("the
    best bid here", "expected margin", "the best bid" / "best from what you can see",
    "expected result", "the best card"), the figures and sentences do not. As in the
    review (:class:`cardkit.analysis.Verdict`), a cost is stated as a cost only when it is
    over two standard errors; otherwise "about N points worse on average, not certain"."""
    m, se, best = problem.values, problem.stderr, problem.best
    bid = problem.kind == "bid"
    if a == best:
        text = (tr.gettext("Right: {choice} is the best bid here: expected margin {value} ± {stderr} points.") if bid
                else tr.gettext("Right: {choice} is best from what you can see: expected result {value} ± {stderr} "
                                "points."))
        return Grade(True, 0.0, 0.0, text.format(choice=a, value=_signed(m[a], 1), stderr=f"{se[a]:.1f}"))
    cost = m[best] - m[a]
    cse = math.hypot(se[best], se[a])
    from cardkit.analysis.judge import cost_is_clear
    clear = cost_is_clear(cost, cse)   # the review's rule: a cost within two standard errors is not stated as one
    repeating = bid and problem.question == "repeat" and a in _others_numbers(problem.state)
    if not clear:
        if not bid:
            text = tr.gettext("{choice} is about {cost} points worse on average, not certain (± {stderr}: within "
                              "the noise of the sampled deals): the expected result is {value} for {choice} and "
                              "{best_value} for {best}, the best card.")
        elif repeating:
            text = tr.gettext("Repeating {choice} is about {cost} points worse on average, not certain (± {stderr}: "
                              "within the noise of the sampled deals): the expected margin is {value} for {choice} "
                              "and {best_value} for {best}, the best bid.")
        else:
            text = tr.gettext("Naming {choice} is about {cost} points worse on average, not certain (± {stderr}: "
                              "within the noise of the sampled deals): the expected margin is {value} for {choice} "
                              "and {best_value} for {best}, the best bid.")
    elif not bid:
        text = tr.gettext("{choice} costs {cost} ± {stderr} points on average: the expected result is {value} for "
                          "{choice} and {best_value} for {best}, the best card.")
    elif repeating:
        text = tr.gettext("Repeating {choice} costs {cost} ± {stderr} points on average: the expected margin is "
                          "{value} for {choice} and {best_value} for {best}, the best bid.")
    else:
        text = tr.gettext("Naming {choice} costs {cost} ± {stderr} points on average: the expected margin is "
                          "{value} for {choice} and {best_value} for {best}, the best bid.")
    return Grade(False, cost, cse, text.format(choice=a, cost=f"{cost:.1f}", stderr=f"{cse:.1f}",
                                               value=_signed(m[a], 1), best_value=_signed(m[best], 1), best=best))


def _others_numbers(state) -> set[int]:
    seat = state.current_player
    return {b for i, b in enumerate(state.bids) if (state.first_bidder + i) % 4 != seat}


def line_words(problem: Problem, tr: Translation | None = None) -> str:
    """The best line in words, trick by trick: "Trick 10: you play Q♥, West 2♥, North
    A♥, East 3♥; North wins. …" and how the deal ends for the learner.

    Armenian Durak's draws are told too ("you take the face-down card of stack 3 into
    your hand: 7♣"). Play problems only.

    :param tr: the language (a :func:`cardkit.i18n.translation`; None: English); cards are
        written ``Q♥`` in every language.
    :raises CardkitError: for a bid problem.
    """
    return " ".join(line_steps(problem, tr))


def line_steps(problem: Problem, tr: Translation | None = None) -> list[str]:
    """:func:`line_words` as a list of steps: each trick's sentence (with the sentence of a
    trick left unfinished after it), and the sentence of how the deal ends.

    :raises CardkitError: for a bid problem.
    """
    if problem.kind != "play":
        raise CardkitError("a bid problem has no line of play")
    tr = translation("en") if tr is None else tr
    st = problem.state.clone()
    names = problem.names_in(tr)
    me = problem.seat
    durak = problem.game == "armenian_durak"
    sentences: list[tuple[bool, str]] = []    # (a step of its own, the sentence)
    parts: list[str] = []
    t = st.trick
    if t is not None and t.cards and st.phase != "draw":  # the trick already begun
        for i, c in enumerate(t.cards):
            w = names[(t.leader + i) % st.players]
            if i == 0:
                parts.append(tr.gettext("{seat} led {card}").format(seat=w, card=c))
            elif len(t.cards) == 1:
                parts.append(tr.gettext("{seat} played {card}").format(seat=w, card=c))
            else:
                parts.append(tr.pgettext("a card played to a trick", "{seat} {card}").format(seat=w, card=c))
    opening = True
    for a in problem.line:
        a = st.parse_action(a)
        seat = st.current_player
        who = names[seat]
        if durak and st.phase == "draw":
            if a.stack is None:
                parts.append(tr.gettext("you do not draw") if seat == me else
                             tr.gettext("{seat} does not draw").format(seat=who))
            elif seat == me:
                parts.append(tr.gettext("you take the face-down card of stack {n} into your hand: {card}").format(
                    n=a.stack + 1, card=st.down[seat][a.stack]))
            else:
                parts.append(tr.gettext("{seat} takes the face-down card of stack {n} into its hand").format(
                    seat=who, n=a.stack + 1))
            st.apply_action(a)
            continue
        trick = st.trick
        first = trick is None or not trick.cards
        n_trick = len(st.tricks) if not first or trick is not None else len(st.tricks) + 1
        where = st.where(a) if durak else None
        was_opening, opening = opening, False
        if first:
            play = (tr.gettext("you lead {card}").format(card=a) if seat == me else
                    tr.gettext("{seat} leads {card}").format(seat=who, card=a))
        elif was_opening:  # the line's first card, in a trick already begun
            play = (tr.gettext("you play {card}").format(card=a) if seat == me else
                    tr.gettext("{seat} plays {card}").format(seat=who, card=a))
        else:
            play = tr.pgettext("a card played to a trick", "{seat} {card}").format(seat=who, card=a)
        if where is not None and where[0] == "up":
            i = where[2]
            st.apply_action(a)
            under = st.up[seat][i]
            if under is not None:
                play = (tr.gettext("{play} from your tableau (turning up {card})") if seat == me else
                        tr.gettext("{play} from its tableau (turning up {card})")).format(play=play, card=under)
            else:
                play = (tr.gettext("{play} from your tableau") if seat == me else
                        tr.gettext("{play} from its tableau")).format(play=play)
        else:
            st.apply_action(a)
        parts.append(play)
        done = st.tricks[n_trick - 1] if len(st.tricks) >= n_trick else None
        if done is not None and done.winner is not None:
            plays = ", ".join(parts)
            text = (tr.gettext("Trick {n}: {plays}; you win.").format(n=n_trick, plays=plays) if done.winner == me
                    else tr.gettext("Trick {n}: {plays}; {seat} wins.").format(n=n_trick, plays=plays,
                                                                                 seat=names[done.winner]))
            sentences.append((True, text))
            parts = []
    if parts:
        sentences.append((False, ", ".join(parts) + "."))
    from cardkit.analysis.judge import outcome
    if st.is_terminal():
        sentences.append((True, tr.gettext("You end with {result} ({what}).").format(
            result=_signed(outcome(st, problem.seat)), what=result_words(problem.game, tr))))
    steps: list[str] = []
    for own, text in sentences:
        text = minus_signs(text[0].upper() + text[1:])
        if own or not steps:
            steps.append(text)
        else:
            steps[-1] += " " + text
    return steps


#: Armenian Durak, the book's fig. 52 (RULES.md §3.3), **reconstructed**: the book shows only
#: the trick (hearts trumps, J♠ led, the reply A♠, 7♥ or 9♥); the rest of the layout is this
#: kit's reconstruction, the one the strategy lesson measures (rule bots over 2,000 deals of
#: the hidden cards, expert bots over 64, ``benchmarks/strong_play.py``). For each seat 0
#: and 1, the hand, the six face-down and the six face-up cards by stack. Seat 1 deals;
#: seat 0, the dealer's opponent, leads J♠ from the hand; seat 1 replies.
FIG52_RECONSTRUCTION: tuple[dict[str, str], dict[str, str]] = (
    {"hand": "JS QS KS 8S 9S 7D", "down": "TS 7S AH KH QH JH", "up": "6H 8H TH 6D AD KD"},
    {"hand": "AS 7H 9H 8D 9D TD", "down": "QD JD 6C AC KC 6S", "up": "QC 7C 8C 9C TC JC"},
)


def fig52_position(trump="H", rules=None):
    """The reconstructed fig. 52 position (:data:`FIG52_RECONSTRUCTION`), RULES.md §3.3:
    seat 1 deals, seat 0 leads J♠ from the hand and takes no face-down card; seat 1 (the
    learner) is to reply. With hearts trumps the legal replies are A♠, 7♥ and 9♥.

    :param trump: the trump suit (``"H"`` as in the book; any suit
        :func:`cardkit.notation.parse_suit` reads).
    :param rules: :class:`cardkit.games.armenian_durak.Rules` (default ``Rules()``).
    :returns: a new :class:`cardkit.games.armenian_durak.State`, seat 1 to play.
    :raises NotationError: for a trump that is not a suit.
    :raises CardkitError: for ``rules`` that are not Armenian Durak rules.
    """
    from cardkit.games import armenian_durak as D
    state = D.new_deal([dict(s) for s in FIG52_RECONSTRUCTION], dealer=1, trump=trump, rules=rules)
    state.apply_action("JS")
    if state.phase == "draw":
        state.apply_action("draw none")
    return state


__all__ += ["FIG52_RECONSTRUCTION", "fig52_position"]

"""ProblemSet: a lesson's graded problems (issue 10 §2), one position at a time.

The learner picks a problem (buttons 1..N, or Previous / Next), reads the position (every
hand shown: the grading assumes all cards known), clicks one of the legal cards (or, in a
Variety bidding problem, one of the legal bids) and is told at once whether it is the best
choice and, if not, what it costs in points (:func:`cardkit.problems.grade`). **Show the
answer** gives the best choice and the best line in words. The count ("5 of 14 solved")
keeps the first answer to each problem.

Cheap to build: a handful of plain ipywidgets for the whole set; a position's HTML and its
answer buttons are made when the problem is shown; nothing is solved in the notebook (the
values were computed when the set was mined and are checked by the tests).
"""

from __future__ import annotations

import html
import time

import ipywidgets as W

from cardkit.cards import Suit
from cardkit.problems import Problem, grade, line_words, load_problems, result_words
from cardkit.progress import Progress
from cardkit.rating import Rating, pick_next, replay
from cardkit.room_report import lesson_name, report_answer
from cardkit.wording import minus_signs, signed, tens_as_10

from ._common import card_html, card_words, one_line, suit_html

__all__ = ["ProblemSet", "position_html"]

RIGHT_COLOUR = "#1b5e20"
WRONG_COLOUR = "#b71c1c"
LEVELS = {"easy": "easy", "medium": "medium", "hard": "hard"}


_signed = signed   # points with their sign and the minus sign "−" (cardkit.wording)


def _cards(cards) -> str:
    return " ".join(card_html(c) for c in cards) or "—"


def _hand_block(cards, name: str, me: bool, note: str = "") -> str:
    rows = []
    for s in Suit:
        of = [c for c in cards if c.suit == s]
        ranks = " ".join(html.escape(c.label[:-1]) for c in of) or "—"  # the ten as 10
        colour = "#c62828" if s.is_red else "#1a1a1a"
        rows.append(f'{suit_html(s)} <span style="color:{colour}">{ranks}</span>')
    if me and name.lower() == "you":
        name = "your cards"                      # not "You (your cards)"
    mine = " (your cards)" if me and not name.lower().startswith("your") else ""
    head = f"<b>{html.escape(name[0].upper() + name[1:])}</b>{mine}"
    if note:
        head += f'<br><span style="color:#555">{note}</span>'
    border = "2px solid #1565c0" if me else "1px solid #ccc"
    return (f'<div style="border:{border};border-radius:6px;padding:4px 8px;margin:2px;min-width:min(9em,100%);'
                f'max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;'
            f'display:inline-block;vertical-align:top">{head}<br>' + "<br>".join(rows) + "</div>")


def _seat_block(p: Problem, s: int, note: str = "") -> str:
    """Seat ``s``'s hand, or (a problem from the learner's view) only how many cards it holds."""
    st = p.state
    if p.kind == "view" and s != p.seat:
        n = len(st.hands[s])
        head = f"<b>{html.escape(p.names[s][0].upper() + p.names[s][1:])}</b>"
        if note:
            head += f'<br><span style="color:#555">{note}</span>'
        return (f'<div style="border:1px solid #ccc;border-radius:6px;padding:4px 8px;margin:2px;'
                f'min-width:min(9em,100%);'
                f'max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;'
                f'display:inline-block;vertical-align:top">{head}<br>{n} card{"s" if n != 1 else ""}, hidden</div>')
    return _hand_block(st.hands[s], p.names[s], s == p.seat, note)


def _compass(blocks: dict[str, str]) -> str:
    """Blocks at "top", "left", "right", "bottom" in a 3×3 grid; on a phone its columns and
    blocks narrow to the screen, the words wrapping (at 390 px the blocks overlapped, East cut
    at the edge)."""
    cell = lambda k: blocks.get(k, "")
    return ('<div style="display:grid;grid-template-columns:repeat(3,minmax(min(8em,31%),auto));gap:4px;'
            'align-items:start;max-width:40em">'
            f'<div></div><div>{cell("top")}</div><div></div>'
            f'<div>{cell("left")}</div><div>{cell("middle")}</div><div>{cell("right")}</div>'
            f'<div></div><div>{cell("bottom")}</div><div></div></div>')


def _positions(players: int, seat: int) -> dict[int, str]:
    order = {2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"]}[players]
    return {s: order[(s - seat) % players] for s in range(players)}


def _trick_line(p: Problem) -> str:
    st, names = p.state, p.names
    t = st.trick
    n = len(st.tricks) if t is not None else len(st.tricks) + 1
    total = 13 if p.game == "variety" else (st.rules.cards_per_player if p.game == "warsaw_hearts"
                                            else st.rules.tricks)
    if t is None or not t.cards:
        return f"Trick {n} of {total}: <b>you lead</b>."
    played = ", ".join(f"{html.escape(names[s])} {'led' if i == 0 else 'played'} {card_html(c)}"
                       for i, (s, c) in enumerate(zip(t.seats, t.cards)))
    return f"Trick {n} of {total}: {played}; <b>your turn</b>."


def _variety_html(p: Problem) -> str:
    st, names = p.state, p.names
    if st.phase == "bidding":
        return _bidding_html(p)
    c = st.contract_info
    order = ", <b>lowest card wins</b>" if c.lowest_wins else ""
    trump = "no trumps" if c.trump is None else f"{suit_html(c.trump)} trumps"
    decl = st.declarers
    partner = next(s for s in (decl if p.seat in decl else st.defenders) if s != p.seat)
    role = "declarers" if p.seat in decl else "defenders"
    dp, fp = st.side_points()
    mine, theirs = (dp, fp) if p.seat in decl else (fp, dp)
    tricks_mine = sum(1 for t in st.completed_tricks if (t.winner in decl) == (p.seat in decl))
    tricks_theirs = len(st.completed_tricks) - tricks_mine
    lines = [f"<b>Contract {c.number}</b>: {trump}{order}; {html.escape(c.scoring).replace('-', '−')}.",
             f"You and {html.escape(names[partner])} are the <b>{role}</b>.",
             f"So far your side has {tricks_mine} trick{'s' if tricks_mine != 1 else ''} and "
             f"{_signed(mine)} points, the other side {tricks_theirs} and {_signed(theirs)}.",
             _trick_line(p)]
    pos = _positions(4, p.seat)
    blocks = {pos[s]: _seat_block(p, s, "partner" if s == partner else ("" if s == p.seat else "opponent"))
              for s in range(4)}
    blocks["middle"] = _trick_box(p)
    return "<br>".join(lines) + _compass(blocks)


def _bidding_html(p: Problem) -> str:
    from cardkit.games.variety import contracts
    st, names = p.state, p.names
    bids = ", ".join(f"{html.escape(names[(st.first_bidder + i) % 4])} {b}" for i, b in enumerate(st.bids))
    dealer = names[st.dealer]
    lines = [f"The dealer is {html.escape(dealer)}; " + (f"the bids so far: {bids}." if bids else
                                                          "<b>you bid first</b>.")]
    table = "".join(f"<tr><td><b>{n}</b></td><td>{html.escape(str(c).split(': ', 1)[1]).replace('-', '−')}</td></tr>"
                    for n, c in contracts(st.rules).items())
    return ("<br>".join(lines) + _hand_block(st.hands[p.seat], "your cards", True)
            + f'<details><summary>the eight contracts</summary><table>{table}</table></details>')


def _hearts_html(p: Problem) -> str:
    st = p.state
    n = st.players
    lines = [f"{'Four' if n == 4 else 'Three'} players, no trumps; the heart honours cost K♥ 4, Q♥ 3, J♥ 2 "
             "(more together), and a player whose tricks hold no heart gets +20."]
    pos = _positions(n, p.seat)
    blocks = {}
    for s in range(n):
        won = st.tricks_of(s)
        hearts = [c for t in won for c in t.cards if c.suit is Suit.HEARTS]
        note = (f"{len(won)} trick{'s' if len(won) != 1 else ''}" +
                (f", hearts taken: {_cards(hearts)}" if hearts else (", no heart yet" if won else "")))
        blocks[pos[s]] = _seat_block(p, s, note)
    lines.append(_trick_line(p))
    blocks["middle"] = _trick_box(p)
    return "<br>".join(lines) + _compass(blocks)


def _tableau(st, s: int) -> str:
    cells = []
    for i in range(6):
        up, down = st.up[s][i], st.down[s][i]
        if up is None:
            cells.append("—")
        else:
            cells.append(card_html(up) + (f'<span style="color:#555"> over </span>{card_html(down)}'
                                          if down is not None else ""))
    return " · ".join(cells)


def _durak_html(p: Problem) -> str:
    from cardkit.games.armenian_durak import deck_points
    st = p.state
    pts = st.points()
    opp = 1 - p.seat
    lines = [f"Trumps: {suit_html(st.trump)}. Points so far: you {pts[p.seat]}, the opponent {pts[opp]} "
             f"(the deck holds {deck_points(st.trump, st.rules)}; +10 to a player who takes every trick).",
             _trick_line(p)]
    blocks = {}
    for s, where in ((opp, "top"), (p.seat, "bottom")):
        block = _hand_block(st.hands[s], "your hand" if s == p.seat else "the opponent's hand", s == p.seat)
        whose = "Your" if s == p.seat else "The opponent's"
        blocks[where] = (block + f'<div style="margin:2px 0 6px 4px">{whose} tableau, six stacks (a face-up card, '
                         f"and the face-down card under it if any): {_tableau(st, s)}</div>")
    return ("<br>".join(lines) + f'<div style="max-width:44em">{blocks["top"]}'
            f'<div style="margin:4px 0">{_trick_html(p)}</div>{blocks["bottom"]}</div>')


def _trick_box(p: Problem) -> str:
    """The open trick, each card with who played it, for the middle of the table."""
    t = p.state.trick
    if t is None or not t.cards:
        body = '<span style="color:#555">empty: you lead</span>'
    else:
        body = "<br>".join(f"{html.escape(p.names[s])}: {card_html(c)}" for s, c in zip(t.seats, t.cards))
    return (f'<div style="border:1px dashed #999;border-radius:6px;padding:4px 8px;margin:2px;'
            f'text-align:center"><b>the trick</b><br>{body}</div>')


def _trick_html(p: Problem) -> str:
    t = p.state.trick
    if t is None or not t.cards:
        return '<span style="color:#555">the trick: empty, you lead</span>'
    return "the trick: " + _cards(t.cards)


def position_html(p: Problem) -> str:
    """The position of problem ``p`` as HTML: the contract or trumps, the score so far,
    every hand (and Durak's tableaux, face-down cards included), the open trick."""
    body = {"variety": _variety_html, "warsaw_hearts": _hearts_html, "armenian_durak": _durak_html}[p.game](p)
    return f'<div style="line-height:1.4">{body}</div>'


def _question(p: Problem) -> str:
    if p.kind == "bid":
        if p.question == "repeat":
            return ("<b>Which number do you name?</b> Repeating a number another player named ends the bidding: "
                    "it is the contract, and you and that player are partners.")
        return "<b>Which contract number do you name?</b>"
    if p.game == "armenian_durak":
        return "<b>Which card do you play?</b> (from your hand or from the face-up cards of your tableau)"
    return "<b>Which card do you play?</b>"


class ProblemSet(W.VBox):
    """The problems of one game, graded.

    :param source: the problem set (a path to its JSON file, or its text), read by
        :func:`cardkit.problems.load_problems`.
    :param lesson: the lesson, as the progress and the room name it (None: the page's,
        :func:`cardkit.room_report.lesson_name`, else ``"<game>/4_problems"``).
    :ivar problems: the :class:`cardkit.problems.Problem` list.
    :ivar current: the index (0-based) of the problem shown.
    :ivar first_answers: problem number -> whether the first answer was right (kept: the
        first answers of an earlier visit are read back, :mod:`cardkit.progress`).
    :ivar answered_at: problem number -> when it was first answered (seconds since 1970).

    Each problem has a rating, and the learner one for this set (Glicko-2,
    :mod:`cardkit.rating`), replayed from her first answers in the order given; **Next
    problem** picks an unsolved problem near her rating (:meth:`rated_next`).
    """

    def __init__(self, source, lesson: str | None = None) -> None:
        self.problems: list[Problem] = load_problems(source)
        self.current = 0
        self.first_answers: dict[int, bool] = {}
        self.answered_at: dict[int, float] = {}
        game = self.problems[0].game if self.problems else ""
        self.lesson = lesson if lesson is not None else (lesson_name() or f"{game}/4_problems")
        self.tally = W.HTML()
        self.picker = W.ToggleButtons(options=[(str(p.number), i) for i, p in enumerate(self.problems)],
                                      tooltips=[f"problem {p.number}, {p.level}" for p in self.problems],
                                      style={"button_width": "3.6em"})
        self._marking = False  # True while the picker's labels change (its value jumps: not a choice)

        def picked(ch) -> None:
            if not self._marking and ch["new"] is not None and ch["new"] != self.current:
                self.show(ch["new"])
        self.picker.observe(picked, names="value")
        self.prev_button = W.Button(description="◀ Previous", layout=W.Layout(width="auto"),
                                    tooltip="the previous problem")
        self.next_button = W.Button(description="Next problem ▶", layout=W.Layout(width="auto"),
                                    tooltip="a problem you have not solved yet, near your rating")
        self.prev_button.on_click(lambda _: self.show(self.current - 1))
        self.next_button.on_click(lambda _: self.show(self.rated_next()))
        self.heading = W.HTML()
        self.position = W.HTML()
        self.question = W.HTML()
        self.choice_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._buttons: list[W.Button] = []
        self.feedback = W.HTML()
        self.answer_button = W.Button(description="Show the answer", layout=W.Layout(width="12em"),
                                      tooltip="the best choice and the best line")
        self.answer_button.on_click(lambda _: self.show_answer())
        self.answer = W.HTML()
        super().__init__([self.tally, W.HBox([self.prev_button, self.next_button]), self.picker, self.heading,
                          self.position, self.question, self.choice_box, self.feedback, self.answer_button,
                          self.answer],
                         layout=W.Layout(border="1px solid #bbb", padding="6px", margin="8px 0"))
        self.add_class("ck-problems")
        self._show_tally()
        self.show(0)
        if lesson_name():   # a lesson page: the first answers of an earlier visit, kept (issue 33)
            from .progress import store
            self.children = (*self.children, store())  # type: ignore[has-type]
            store().when_loaded(self.restore)

    # ---- progress and ratings (issue 33) ---------------------------------------------------
    def restore(self, found: Progress) -> int:
        """Take the first answers kept in ``found`` (:class:`cardkit.progress.Progress`)
        for the problems of this set not yet answered here; returns how many."""
        numbers = {str(p.number): p.number for p in self.problems}
        taken = 0
        for item, a in found.of("problem", self.lesson).items():
            n = numbers.get(item)
            if n is not None and n not in self.first_answers:
                self.first_answers[n] = a.right
                self.answered_at[n] = a.at
                taken += 1
        if taken:
            self._show_tally()
            self._mark_picker()
            self.show(self.current)
        return taken

    def ratings(self) -> tuple[Rating, dict[int, Rating]]:
        """The learner's rating for this set and each problem's (problem number ->
        :class:`cardkit.rating.Rating`), replayed from the first answers in the order given."""
        order = sorted(self.first_answers, key=lambda n: (self.answered_at.get(n, 0.0), n))
        return replay(((n, self.first_answers[n]) for n in order), {p.number: p.rating for p in self.problems})

    def rated_next(self) -> int:
        """The index (0-based) of the problem **Next problem** shows: an unsolved one
        near the learner's rating (:func:`cardkit.rating.pick_next`: one not yet answered
        before one answered wrong); when every problem is solved, the one after the
        current."""
        learner, rated = self.ratings()
        solved = [n for n, right in self.first_answers.items() if right]
        others = {n: r for n, r in rated.items() if n != self.problem.number}
        if any(n not in solved for n in others):     # not the one shown, unless it alone is left
            rated = others
        picked = pick_next(learner, rated, solved, answered=self.first_answers, order=[p.number for p in self.problems])
        if picked is None:
            return min(self.current + 1, len(self.problems) - 1)
        return next(i for i, p in enumerate(self.problems) if p.number == picked)

    # ---- showing a problem -----------------------------------------------------------------
    @property
    def problem(self) -> Problem:
        return self.problems[self.current]

    def show(self, index: int) -> None:
        """Show problem ``index`` (0-based; clipped to the set)."""
        index = max(0, min(len(self.problems) - 1, int(index)))
        self.current = index
        if self.picker.value != index:
            self.picker.value = index  # calls show again, which finds nothing to change
        p = self.problem
        self.prev_button.disabled = index == 0
        self.next_button.disabled = len(self.problems) < 2
        kind = "bidding" if p.kind == "bid" else "card play"
        shown = {"bid": "your cards only; graded by the advisor's expected margins",
                 "view": f"your cards only; graded over {int(p.data.get('samples', 0))} deals of the cards you "
                         "cannot see"}.get(p.kind, "all cards shown")
        self.heading.value = (f"<h3 style='margin:4px 0'>Problem {p.number} of {len(self.problems)} · "
                              f"{LEVELS.get(p.level, p.level)} · {kind} · rated {p.rating:.0f}</h3>"
                              f'<span style="color:#555">({shown})</span>')
        try:
            self.position.value = tens_as_10(position_html(p))
        except Exception as e:  # noqa: BLE001 - a bug: one line, not a traceback
            self.position.value = f'<span style="color:{WRONG_COLOUR}">⚠ {html.escape(one_line(e))}</span>'
        self.question.value = tens_as_10(_question(p))
        legal = p.legal
        while len(self._buttons) < len(legal):
            b = W.Button(layout=W.Layout(width="auto", min_width="3em"))
            i = len(self._buttons)
            b.on_click(lambda _, i=i: self._clicked(i))
            self._buttons.append(b)
        for b, a in zip(self._buttons, legal):
            b.description = self._label(p, a)
            b.tooltip = self._tooltip(p, a)
            b.button_style = ""
        self.choice_box.children = self._buttons[:len(legal)]
        self.feedback.value = ""
        self.answer.value = ""
        self.answer_button.disabled = False

    @staticmethod
    def _label(p: Problem, a) -> str:
        if p.kind == "bid":
            return f"bid {a}"
        if p.game == "armenian_durak" and a in p.state.up[p.seat]:
            return f"{a.label} (tableau)"
        return a.label

    @staticmethod
    def _tooltip(p: Problem, a) -> str:
        if p.kind == "bid":
            from cardkit.games.variety import contracts
            return f"name contract {a}: " + minus_signs(str(contracts(p.state.rules)[a]).split(": ", 1)[1])
        return card_words(a)

    # ---- answering -------------------------------------------------------------------------
    def _clicked(self, i: int) -> None:
        try:
            self.answer_with(self.problem.legal[i])
        except Exception as e:  # noqa: BLE001 - one line, never a traceback
            self.feedback.value = f'<span style="color:{WRONG_COLOUR}">⚠ {html.escape(one_line(e))}</span>'

    def answer_with(self, action) -> bool:
        """Answer the problem shown with ``action`` (an action or its notation, e.g.
        ``"QH"`` or ``3``); shows the grade; returns whether it was the best choice."""
        p = self.problem
        g = grade(p, action)
        a = p.state.parse_action(action)
        text = html.escape(g.text)
        if p.kind == "play":  # "you end with −2": say what the figure is
            text += html.escape(f" (The figures are {result_words(p.game)}, at the end of the deal.)")
        if g.right:
            out = f'<span style="color:{RIGHT_COLOUR}"><b>✔</b> {text}</span>'
        else:
            out = f'<span style="color:{WRONG_COLOUR}"><b>✘</b> {text}</span>'
        again = p.number in self.first_answers
        if again:
            out += ' <span style="color:#555">(tried again: the count keeps your first answer)</span>'
        else:
            self.first_answers[p.number] = g.right
            self.answered_at[p.number] = time.time()
            self._show_tally()
            report_answer("problem", item=str(p.number), right=bool(g.right), points_lost=g.cost, lesson=self.lesson)
            self._mark_picker()
        for b, x in zip(self._buttons, p.legal):
            if x == a:
                b.button_style = "success" if g.right else "danger"
        self.feedback.value = tens_as_10(out)
        return g.right

    def show_answer(self) -> str:
        """Show the best choice and its explanation (the best line in words, or the
        advisor's figures for every bid); returns the text shown (HTML)."""
        p = self.problem
        if p.kind == "bid":
            rows = "".join(
                f"<tr><td>{'<b>' if a == p.best else ''}{a}{'</b>' if a == p.best else ''}</td>"
                f"<td style='text-align:right'>{_signed(p.values[a], 1)} ± {p.stderr[a]:.1f}</td></tr>"
                for a in sorted(p.values, key=lambda x: -p.values[x]))
            samples = int(p.data.get("samples", 0))
            body = (f"<b>Best: {p.best}.</b> The advisor dealt the 39 cards you cannot see at random "
                    f"{samples:,} times".replace(",", " ") +
                    ", drew your partner among the other three players and played every contract out with the "
                    "rule bots: your side's expected margin for each number you may name "
                    "(points; ± its standard error):"
                    f"<table><tr><th>bid</th><th>expected margin</th></tr>{rows}</table>")
            rule = p.rule_choice
            if rule == p.best:
                body += f"A simple rule of thumb, which the rule bots bid by, also names {rule} here."
            else:
                body += (f"A simple rule of thumb, which the rule bots bid by (it weighs high cards and suit lengths), "
                         f"names {rule} here: {p.values[p.best] - p.values[rule]:.1f} points less on average.")
        elif p.kind == "view":
            rows = "".join(
                f"<tr><td>{'<b>' if a == p.best else ''}{card_html(a)}{'</b>' if a == p.best else ''}</td>"
                f"<td style='text-align:right'>{_signed(p.values[a], 1)} ± {p.stderr[a]:.1f}</td></tr>"
                for a in sorted(p.values, key=lambda x: -p.values[x]))
            exact = {st_a: int(v) for st_a, v in ((p.state.parse_action(k), v)
                                                  for k, v in p.data.get("exact", {}).items())}
            body = (f"<b>Best: {card_html(p.best)}.</b> The cards you cannot see were dealt at random "
                    f"{int(p.data.get('samples', 0))} times, each time agreeing with everything you have seen "
                    "(a player who did not follow a suit holds none of it); in each deal every card was played out "
                    "with best play and all cards known, and the results averaged: your expected result for each "
                    f"card ({result_words(p.game)}; ± its standard error):"
                    f"<table><tr><th>card</th><th>expected result</th></tr>{rows}</table>")
            if exact:
                top = max(exact.values())
                real = [a for a in p.legal if exact[a] == top]
                body += (f"In the real deal (all cards known) the best result was {_signed(top)}, with "
                         + " or ".join(card_html(a) for a in real)
                         + (": the same card." if real == [p.best] else
                            ": another card, because of where the hidden cards lay, which you could not see.")
                         + " ")
            rule = p.rule_choice
            body += (f"The usual rule of thumb, which the rule bots follow, plays {card_html(rule)} here: "
                     f"{p.values[p.best] - p.values[rule]:.1f} points less on average.")
        else:
            import re
            steps = re.split(r"(?<=\.) (?=Trick \d+:|You end)", line_words(p))
            items = "".join(f"<li>{_colour_cards(html.escape(x))}</li>" for x in steps)
            body = (f"<b>Best: {card_html(p.best)}.</b> The best line (every player playing their best, all "
                    f'cards known):<ul style="margin:2px 0">{items}</ul>')
            rule = p.rule_choice
            if rule == p.best:
                body += (f"<br>The usual rule of thumb, which the rule bots follow, also plays {card_html(rule)} here.")
            else:
                cost = p.values[p.best] - p.values[rule]
                body += (f"<br>The usual rule of thumb, which the rule bots follow, plays {card_html(rule)} here: "
                         f"it costs {cost} point{'s' if cost != 1 else ''}.")
        self.answer.value = tens_as_10(f'<div style="border-left:3px solid #1565c0;padding-left:8px;line-height:1.4">'
                                       f'{body}</div>')
        return self.answer.value

    def _mark_picker(self) -> None:
        """Each answered problem's number marked ✔ (first answer right) or ✘ in the picker."""
        marks = {True: " ✔", False: " ✘"}
        self._marking = True
        try:
            self._relabel(marks)
        finally:
            self._marking = False

    def _relabel(self, marks) -> None:
        self.picker.options = [(f"{p.number}{marks.get(self.first_answers.get(p.number), '')}", i)
                               for i, p in enumerate(self.problems)]
        self.picker.tooltips = [f"problem {p.number}, {p.level}"
                                + {True: ", solved", False: ", not solved", None: ""}[self.first_answers.get(p.number)]
                                for p in self.problems]
        self.picker.value = self.current

    def _show_tally(self) -> None:
        solved = sum(self.first_answers.values())
        done = len(self.first_answers)
        learner = self.ratings()[0]
        sure = f"± {learner.rd:.0f}" if learner.rd <= 110 else "provisional: a few more answers settle it"
        rating = (f" · your rating for these problems: <b>{learner.rating:.0f}</b> ({sure})"
                  if done else " · no rating yet: it starts at 1500 and moves with each first answer")
        self.tally.value = (f"<b>{solved} of {len(self.problems)} solved</b>"
                            f'<span style="color:#555"> ({done} answered; the first answer to each problem '
                            f"counts){rating}</span>")

    @property
    def solved(self) -> int:
        """Problems whose first answer was the best choice."""
        return sum(self.first_answers.values())


def _colour_cards(text: str) -> str:
    """Cards written as ``Q♥`` in ``text`` drawn in their colours."""
    import re

    from cardkit.notation import parse_card

    def one(m):
        try:
            return card_html(parse_card(m.group(0)))
        except Exception:  # noqa: BLE001 - text that is no card stays as written
            return m.group(0)
    return re.sub(r"(?<![\w])(?:10|[2-9TJQKA])[♠♥♦♣]", one, text)

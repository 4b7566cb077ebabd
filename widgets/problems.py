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

Its words are in the set's language (``lang="en"``, the default, or ``"ru"``: issue 29), each
sentence one message of the catalog (``docs/translating.md``); the cards in Russian are written
Т К Д В 10.
"""

from __future__ import annotations

import html
import time

import ipywidgets as W

from cardkit.cards import Suit
from cardkit.i18n import N_, Translation, check_lang, translation
from cardkit.problems import Problem, grade, line_steps, load_problems, result_words
from cardkit.progress import Progress
from cardkit.rating import Rating, pick_next, replay
from cardkit.room_report import lesson_name, report_answer
from cardkit.wording import minus_signs, signed, tens_as_10

from ._common import card_html, card_words_in, cards_in_words_of, one_line, rank_letters, suit_html

__all__ = ["ProblemSet", "position_html"]

RIGHT_COLOUR = "#1b5e20"
WRONG_COLOUR = "#b71c1c"
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


_signed = signed   # points with their sign and the minus sign "−" (cardkit.wording)
_EN = translation("en")


def _cards(cards) -> str:
    return " ".join(card_html(c) for c in cards) or "—"


def _hand_block(cards, head: str, me: bool, note: str = "", tr: Translation = _EN) -> str:
    """A hand by suits under ``head`` (the words shown, capitalised), ranks in ``tr``'s letters."""
    letters = rank_letters(tr)
    rows = []
    for s in Suit:
        of = [c for c in cards if c.suit == s]
        ranks = " ".join(html.escape(letters.get(c.label[:-1], c.label[:-1])) for c in of) or "—"  # the ten as 10
        colour = "#c62828" if s.is_red else "#1a1a1a"
        rows.append(f'{suit_html(s)} <span style="color:{colour}">{ranks}</span>')
    head = f"<b>{html.escape(head)}</b>"
    if note:
        head += f'<br><span style="color:#555">{note}</span>'
    border = "2px solid #1565c0" if me else "1px solid #ccc"
    return (f'<div style="border:{border};border-radius:6px;padding:4px 8px;margin:2px;min-width:min(9em,100%);'
                f'max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;'
            f'display:inline-block;vertical-align:top">{head}<br>' + "<br>".join(rows) + "</div>")


def _capital(name: str) -> str:
    return name[0].upper() + name[1:]


def _seat_block(p: Problem, s: int, note: str = "", tr: Translation = _EN) -> str:
    """Seat ``s``'s hand, or (a problem from the learner's view) only how many cards it holds."""
    st = p.state
    names = p.names_in(tr)
    if p.kind == "view" and s != p.seat:
        n = len(st.hands[s])
        head = f"<b>{html.escape(_capital(names[s]))}</b>"
        if note:
            head += f'<br><span style="color:#555">{note}</span>'
        hidden = tr.ngettext("{n} card, hidden", "{n} cards, hidden", n).format(n=n)
        return (f'<div style="border:1px solid #ccc;border-radius:6px;padding:4px 8px;margin:2px;'
                f'min-width:min(9em,100%);'
                f'max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;'
                f'display:inline-block;vertical-align:top">{head}<br>{hidden}</div>')
    head = tr.gettext("Your cards") if s == p.seat else _capital(names[s])
    return _hand_block(st.hands[s], head, s == p.seat, note, tr)


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


def _trick_line(p: Problem, tr: Translation = _EN) -> str:
    st, names = p.state, p.names_in(tr)
    t = st.trick
    n = len(st.tricks) if t is not None else len(st.tricks) + 1
    total = 13 if p.game == "variety" else (st.rules.cards_per_player if p.game == "warsaw_hearts"
                                            else st.rules.tricks)
    if t is None or not t.cards:
        return tr.gettext("Trick {n} of {total}: <b>you lead</b>.").format(n=n, total=total)
    played = ", ".join((tr.gettext("{seat} led {card}") if i == 0 else tr.gettext("{seat} played {card}")).format(
        seat=html.escape(names[s]), card=card_html(c)) for i, (s, c) in enumerate(zip(t.seats, t.cards)))
    return tr.gettext("Trick {n} of {total}: {played}; <b>your turn</b>.").format(n=n, total=total, played=played)


def _variety_html(p: Problem, tr: Translation = _EN) -> str:
    st, names = p.state, p.names_in(tr)
    if st.phase == "bidding":
        return _bidding_html(p, tr)
    c = st.contract_info
    scoring = html.escape(tr.gettext(c.scoring)).replace('-', '−')
    if c.trump is None:
        contract = (tr.gettext("<b>Contract {n}</b>: no trumps, <b>lowest card wins</b>; {scoring}.") if c.lowest_wins
                    else tr.gettext("<b>Contract {n}</b>: no trumps; {scoring}."))
    else:
        contract = (tr.gettext("<b>Contract {n}</b>: {suit} trumps, <b>lowest card wins</b>; {scoring}.")
                    if c.lowest_wins else tr.gettext("<b>Contract {n}</b>: {suit} trumps; {scoring}."))
    contract = contract.format(n=c.number, suit=suit_html(c.trump) if c.trump is not None else "", scoring=scoring)
    decl = st.declarers
    partner = next(s for s in (decl if p.seat in decl else st.defenders) if s != p.seat)
    role = (tr.gettext("You and {partner} are the <b>declarers</b>.") if p.seat in decl
            else tr.gettext("You and {partner} are the <b>defenders</b>.")).format(partner=html.escape(names[partner]))
    dp, fp = st.side_points()
    mine, theirs = (dp, fp) if p.seat in decl else (fp, dp)
    tricks_mine = sum(1 for t in st.completed_tricks if (t.winner in decl) == (p.seat in decl))
    tricks_theirs = len(st.completed_tricks) - tricks_mine
    so_far = tr.ngettext("So far your side has {n} trick and {points} points, the other side {m} and {their_points}.",
                         "So far your side has {n} tricks and {points} points, the other side {m} and "
                         "{their_points}.", tricks_mine).format(n=tricks_mine, points=_signed(mine), m=tricks_theirs,
                                                                their_points=_signed(theirs))
    lines = [contract, role, so_far, _trick_line(p, tr)]
    pos = _positions(4, p.seat)
    blocks = {pos[s]: _seat_block(p, s, tr.gettext("partner") if s == partner else
                                  ("" if s == p.seat else tr.gettext("opponent")), tr)
              for s in range(4)}
    blocks["middle"] = _trick_box(p, tr)
    return "<br>".join(lines) + _compass(blocks)


def _contract_lines(rules, tr: Translation) -> dict[int, str]:
    """Each contract's line after its number: English as :class:`cardkit.games.variety.Contract`
    writes it, another language as the auction table's tooltips
    (:func:`cardkit_widgets.auction.contract_descriptions`)."""
    from cardkit.games.variety import contracts
    if tr is _EN:
        return {n: minus_signs(str(c).split(": ", 1)[1]) for n, c in contracts(rules).items()}
    from .auction import contract_descriptions
    return contract_descriptions(rules, tr)


def _bidding_html(p: Problem, tr: Translation = _EN) -> str:
    st, names = p.state, p.names_in(tr)
    bids = ", ".join(tr.pgettext("a bid", "{seat} {bid}").format(seat=html.escape(names[(st.first_bidder + i) % 4]),
                                                                 bid=b) for i, b in enumerate(st.bids))
    dealer = html.escape(names[st.dealer])
    line = (tr.gettext("The dealer is {dealer}; the bids so far: {bids}.").format(dealer=dealer, bids=bids) if bids
            else tr.gettext("The dealer is {dealer}; <b>you bid first</b>.").format(dealer=dealer))
    table = "".join(f"<tr><td><b>{n}</b></td><td>{html.escape(c).replace('-', '−')}</td></tr>"
                    for n, c in _contract_lines(st.rules, tr).items())
    return (line + _hand_block(st.hands[p.seat], tr.gettext("Your cards"), True, tr=tr)
            + '<details><summary>' + tr.gettext("the eight contracts") + f'</summary><table>{table}</table></details>')


def _hearts_html(p: Problem, tr: Translation = _EN) -> str:
    st = p.state
    n = st.players
    lines = [tr.gettext("Four players, no trumps; the heart honours cost K♥ 4, Q♥ 3, J♥ 2 (more together), and a "
                        "player whose tricks hold no heart gets +20.") if n == 4 else
             tr.gettext("Three players, no trumps; the heart honours cost K♥ 4, Q♥ 3, J♥ 2 (more together), and a "
                        "player whose tricks hold no heart gets +20.")]
    pos = _positions(n, p.seat)
    blocks = {}
    for s in range(n):
        won = st.tricks_of(s)
        hearts = [c for t in won for c in t.cards if c.suit is Suit.HEARTS]
        k = len(won)
        if hearts:
            note = tr.ngettext("{n} trick, hearts taken: {cards}", "{n} tricks, hearts taken: {cards}", k).format(
                n=k, cards=_cards(hearts))
        elif won:
            note = tr.ngettext("{n} trick, no heart yet", "{n} tricks, no heart yet", k).format(n=k)
        else:
            note = tr.ngettext("{n} trick", "{n} tricks", k).format(n=k)
        blocks[pos[s]] = _seat_block(p, s, note, tr)
    lines.append(_trick_line(p, tr))
    blocks["middle"] = _trick_box(p, tr)
    return "<br>".join(lines) + _compass(blocks)


def _tableau(st, s: int, tr: Translation = _EN) -> str:
    cells = []
    for i in range(6):
        up, down = st.up[s][i], st.down[s][i]
        if up is None:
            cells.append("—")
        elif down is None:
            cells.append(card_html(up))
        else:
            cells.append(tr.gettext('{card}<span style="color:#555"> over </span>{under}').format(
                card=card_html(up), under=card_html(down)))
    return " · ".join(cells)


def _durak_html(p: Problem, tr: Translation = _EN) -> str:
    from cardkit.games.armenian_durak import deck_points
    st = p.state
    pts = st.points()
    opp = 1 - p.seat
    lines = [tr.gettext("Trumps: {suit}. Points so far: you {points}, the opponent {their_points} (the deck holds "
                        "{deck}; +10 to a player who takes every trick).").format(
                 suit=suit_html(st.trump), points=pts[p.seat], their_points=pts[opp],
                 deck=deck_points(st.trump, st.rules)),
             _trick_line(p, tr)]
    blocks = {}
    for s, where in ((opp, "top"), (p.seat, "bottom")):
        block = _hand_block(st.hands[s], tr.gettext("Your hand") if s == p.seat else tr.gettext("The opponent's hand"),
                            s == p.seat, tr=tr)
        tableau = (tr.gettext("Your tableau, six stacks (a face-up card, and the face-down card under it if any): "
                              "{stacks}") if s == p.seat else
                   tr.gettext("The opponent's tableau, six stacks (a face-up card, and the face-down card under it "
                              "if any): {stacks}")).format(stacks=_tableau(st, s, tr))
        blocks[where] = block + f'<div style="margin:2px 0 6px 4px">{tableau}</div>'
    return ("<br>".join(lines) + f'<div style="max-width:44em">{blocks["top"]}'
            f'<div style="margin:4px 0">{_trick_html(p, tr)}</div>{blocks["bottom"]}</div>')


def _trick_box(p: Problem, tr: Translation = _EN) -> str:
    """The open trick, each card with who played it, for the middle of the table."""
    t = p.state.trick
    names = p.names_in(tr)
    if t is None or not t.cards:
        body = '<span style="color:#555">' + tr.gettext("empty: you lead") + '</span>'
    else:
        body = "<br>".join(tr.gettext("{seat}: {card}").format(seat=html.escape(names[s]), card=card_html(c))
                           for s, c in zip(t.seats, t.cards))
    return ('<div style="border:1px dashed #999;border-radius:6px;padding:4px 8px;margin:2px;'
            'text-align:center"><b>' + tr.gettext("the trick") + f'</b><br>{body}</div>')


def _trick_html(p: Problem, tr: Translation = _EN) -> str:
    t = p.state.trick
    if t is None or not t.cards:
        return '<span style="color:#555">' + tr.gettext("the trick: empty, you lead") + '</span>'
    return tr.gettext("the trick: {cards}").format(cards=_cards(t.cards))


def position_html(p: Problem, lang: str = "en") -> str:
    """The position of problem ``p`` as HTML: the contract or trumps, the score so far,
    every hand (and Durak's tableaux, face-down cards included), the open trick; in
    ``lang`` (``"en"`` or ``"ru"``), cards as :func:`card_html` writes them in English
    (``Q♥``; a Russian page rewrites them with :func:`cardkit_widgets._common.cards_in_words_of`).

    :raises CardkitError: for another ``lang``.
    """
    tr = translation(check_lang(lang))
    body = {"variety": _variety_html, "warsaw_hearts": _hearts_html, "armenian_durak": _durak_html}[p.game](p, tr)
    return f'<div style="line-height:1.4">{body}</div>'


def _question(p: Problem, tr: Translation = _EN) -> str:
    if p.kind == "bid":
        if p.question == "repeat":
            return tr.gettext("<b>Which number do you name?</b> Repeating a number another player named ends the "
                              "bidding: it is the contract, and you and that player are partners.")
        return tr.gettext("<b>Which contract number do you name?</b>")
    if p.game == "armenian_durak":
        return tr.gettext("<b>Which card do you play?</b> (from your hand or from the face-up cards of your tableau)")
    return tr.gettext("<b>Which card do you play?</b>")


class ProblemSet(W.VBox):
    """The problems of one game, graded.

    :param source: the problem set (a path to its JSON file, or its text), read by
        :func:`cardkit.problems.load_problems`.
    :param lesson: the lesson, as the progress and the room name it (None: the page's,
        :func:`cardkit.room_report.lesson_name`, else ``"<game>/4_problems"``).
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"`` (cards Т К Д В 10).
    :raises CardkitError: for another ``lang`` (NotationError for a source that is no problem set).
    :ivar problems: the :class:`cardkit.problems.Problem` list.
    :ivar current: the index (0-based) of the problem shown.
    :ivar first_answers: problem number -> whether the first answer was right (kept: the
        first answers of an earlier visit are read back, :mod:`cardkit.progress`).
    :ivar answered_at: problem number -> when it was first answered (seconds since 1970).

    Each problem has a rating, and the learner one for this set (Glicko-2,
    :mod:`cardkit.rating`), replayed from her first answers in the order given; **Next
    problem** picks an unsolved problem near her rating (:meth:`rated_next`).
    """

    def __init__(self, source, lesson: str | None = None, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        self.problems: list[Problem] = load_problems(source)
        self.current = 0
        self.first_answers: dict[int, bool] = {}
        self.answered_at: dict[int, float] = {}
        game = self.problems[0].game if self.problems else ""
        self.lesson = lesson if lesson is not None else (lesson_name() or f"{game}/4_problems")
        self.tally = W.HTML()
        self.picker = W.ToggleButtons(options=[(str(p.number), i) for i, p in enumerate(self.problems)],
                                      tooltips=[self._problem_tip(p) for p in self.problems],
                                      style={"button_width": "3.6em"})
        self._marking = False  # True while the picker's labels change (its value jumps: not a choice)

        def picked(ch) -> None:
            if not self._marking and ch["new"] is not None and ch["new"] != self.current:
                self.show(ch["new"])
        self.picker.observe(picked, names="value")
        _ = self.i18n.gettext
        self.prev_button = W.Button(description=_("◀ Previous"), layout=W.Layout(width="auto"),
                                    tooltip=_("the previous problem"))
        self.next_button = W.Button(description=_("Next problem ▶"), layout=W.Layout(width="auto"),
                                    tooltip=_("a problem you have not solved yet, near your rating"))
        self.prev_button.on_click(lambda _: self.show(self.current - 1))
        self.next_button.on_click(lambda _: self.show(self.rated_next()))
        self.heading = W.HTML()
        self.position = W.HTML()
        self.question = W.HTML()
        self.choice_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._buttons: list[W.Button] = []
        self.feedback = W.HTML()
        self.answer_button = W.Button(description=_("Show the answer"), layout=W.Layout(width="12em"),
                                      tooltip=_("the best choice and the best line"))
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
    def _words(self, text: str) -> str:
        """``text`` (HTML) with its cards as the learner reads them: the ten as 10, and in
        Russian Т К Д В (:func:`cardkit_widgets._common.cards_in_words_of`)."""
        return tens_as_10(text) if self.lang == "en" else cards_in_words_of(text, self.i18n)

    def _problem_tip(self, p: Problem, right: bool | None = None) -> str:
        _ = self.i18n.gettext
        level = _(LEVELS[p.level]) if p.level in LEVELS else p.level
        text = {None: _("problem {number}, {level}"), True: _("problem {number}, {level}, solved"),
                False: _("problem {number}, {level}, not solved")}[right]
        return text.format(number=p.number, level=level)

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
        tr = self.i18n
        kind = tr.gettext("bidding") if p.kind == "bid" else tr.gettext("card play")
        samples = int(p.data.get("samples", 0))
        shown = {"bid": tr.gettext("your cards only; graded by the advisor's expected margins"),
                 "view": tr.ngettext("your cards only; graded over {n} deal of the cards you cannot see",
                                     "your cards only; graded over {n} deals of the cards you cannot see",
                                     samples).format(n=samples)}.get(p.kind, tr.gettext("all cards shown"))
        level = tr.gettext(LEVELS[p.level]) if p.level in LEVELS else p.level
        title = tr.gettext("Problem {number} of {total} · {level} · {kind} · rated {rating}").format(
            number=p.number, total=len(self.problems), level=level, kind=kind, rating=f"{p.rating:.0f}")
        self.heading.value = (f"<h3 style='margin:4px 0'>{title}</h3>"
                              f'<span style="color:#555">({shown})</span>')
        try:
            self.position.value = self._words(position_html(p, self.lang))
        except Exception as e:  # noqa: BLE001 - a bug: one line, not a traceback
            self.position.value = f'<span style="color:{WRONG_COLOUR}">⚠ {html.escape(one_line(e))}</span>'
        self.question.value = self._words(_question(p, tr))
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

    def _label(self, p: Problem, a) -> str:
        tr = self.i18n
        if p.kind == "bid":
            return tr.gettext("bid {n}").format(n=a)
        if p.game == "armenian_durak" and a in p.state.up[p.seat]:
            return self._words(tr.gettext("{card} (tableau)").format(card=a.label))
        return self._words(a.label)

    def _tooltip(self, p: Problem, a) -> str:
        if p.kind == "bid":
            return self.i18n.gettext("name contract {n}: {description}").format(
                n=a, description=_contract_lines(p.state.rules, self.i18n)[a])
        return card_words_in(a, self.i18n)

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
        tr = self.i18n
        g = grade(p, action, tr)
        a = p.state.parse_action(action)
        text = html.escape(g.text)
        if p.kind == "play":  # "you end with −2": say what the figure is
            text += " " + html.escape(tr.gettext("(The figures are {what}, at the end of the deal.)").format(
                what=result_words(p.game, tr)))
        if g.right:
            out = f'<span style="color:{RIGHT_COLOUR}"><b>✔</b> {text}</span>'
        else:
            out = f'<span style="color:{WRONG_COLOUR}"><b>✘</b> {text}</span>'
        again = p.number in self.first_answers
        if again:
            again_words = tr.gettext("(tried again: the count keeps your first answer)")
            out += f' <span style="color:#555">{again_words}</span>'
        else:
            self.first_answers[p.number] = g.right
            self.answered_at[p.number] = time.time()
            self._show_tally()
            report_answer("problem", item=str(p.number), right=bool(g.right), points_lost=g.cost, lesson=self.lesson)
            self._mark_picker()
        for b, x in zip(self._buttons, p.legal):
            if x == a:
                b.button_style = "success" if g.right else "danger"
        self.feedback.value = self._words(out)
        return g.right

    def show_answer(self) -> str:
        """Show the best choice and its explanation (the best line in words, or the
        advisor's figures for every bid); returns the text shown (HTML)."""
        p = self.problem
        tr = self.i18n
        _ = tr.gettext
        samples = int(p.data.get("samples", 0))
        if p.kind == "bid":
            rows = "".join(
                f"<tr><td>{'<b>' if a == p.best else ''}{a}{'</b>' if a == p.best else ''}</td>"
                f"<td style='text-align:right'>{_signed(p.values[a], 1)} ± {p.stderr[a]:.1f}</td></tr>"
                for a in sorted(p.values, key=lambda x: -p.values[x]))
            body = (tr.ngettext(
                "<b>Best: {best}.</b> The advisor dealt the 39 cards you cannot see at random {samples} time, drew "
                "your partner among the other three players and played every contract out with the rule bots: your "
                "side's expected margin for each number you may name (points; ± its standard error):",
                "<b>Best: {best}.</b> The advisor dealt the 39 cards you cannot see at random {samples} times, drew "
                "your partner among the other three players and played every contract out with the rule bots: your "
                "side's expected margin for each number you may name (points; ± its standard error):", samples).format(
                    best=p.best, samples=f"{samples:,}".replace(",", " "))
                + "<table><tr><th>" + _("bid") + "</th><th>" + _("expected margin") + f"</th></tr>{rows}</table>")
            rule = p.rule_choice
            if rule == p.best:
                body += _("A simple rule of thumb, which the rule bots bid by, also names {rule} here.").format(
                    rule=rule)
            else:
                body += _("A simple rule of thumb, which the rule bots bid by (it weighs high cards and suit lengths), "
                          "names {rule} here: {less} points less on average.").format(
                              rule=rule, less=f"{p.values[p.best] - p.values[rule]:.1f}")
        elif p.kind == "view":
            rows = "".join(
                f"<tr><td>{'<b>' if a == p.best else ''}{card_html(a)}{'</b>' if a == p.best else ''}</td>"
                f"<td style='text-align:right'>{_signed(p.values[a], 1)} ± {p.stderr[a]:.1f}</td></tr>"
                for a in sorted(p.values, key=lambda x: -p.values[x]))
            exact = {st_a: int(v) for st_a, v in ((p.state.parse_action(k), v)
                                                  for k, v in p.data.get("exact", {}).items())}
            body = (tr.ngettext(
                "<b>Best: {card}.</b> The cards you cannot see were dealt at random {samples} time, each time agreeing "
                "with everything you have seen (a player who did not follow a suit holds none of it); in each deal "
                "every card was played out with best play and all cards known, and the results averaged: your "
                "expected result for each card ({what}; ± its standard error):",
                "<b>Best: {card}.</b> The cards you cannot see were dealt at random {samples} times, each time "
                "agreeing with everything you have seen (a player who did not follow a suit holds none of it); in "
                "each deal every card was played out with best play and all cards known, and the results averaged: "
                "your expected result for each card ({what}; ± its standard error):", samples).format(
                    card=card_html(p.best), samples=samples, what=result_words(p.game, tr))
                + "<table><tr><th>" + _("card") + "</th><th>" + _("expected result") + f"</th></tr>{rows}</table>")
            if exact:
                top = max(exact.values())
                real = [a for a in p.legal if exact[a] == top]
                cards = card_html(real[0])
                for a in real[1:]:
                    cards = _("{cards} or {card}").format(cards=cards, card=card_html(a))
                body += ((_("In the real deal (all cards known) the best result was {result}, with {cards}: the same "
                            "card.") if real == [p.best] else
                          _("In the real deal (all cards known) the best result was {result}, with {cards}: another "
                            "card, because of where the hidden cards lay, which you could not see.")).format(
                                result=_signed(top), cards=cards) + " ")
            rule = p.rule_choice
            body += _("The usual rule of thumb, which the rule bots follow, plays {card} here: {less} points less on "
                      "average.").format(card=card_html(rule), less=f"{p.values[p.best] - p.values[rule]:.1f}")
        else:
            items = "".join(f"<li>{_colour_cards(html.escape(x))}</li>" for x in line_steps(p, tr))
            body = (_("<b>Best: {card}.</b> The best line (every player playing their best, all cards known):").format(
                card=card_html(p.best)) + f'<ul style="margin:2px 0">{items}</ul>')
            rule = p.rule_choice
            if rule == p.best:
                body += "<br>" + _("The usual rule of thumb, which the rule bots follow, also plays {card} "
                                   "here.").format(card=card_html(rule))
            else:
                cost = p.values[p.best] - p.values[rule]
                body += "<br>" + tr.ngettext(
                    "The usual rule of thumb, which the rule bots follow, plays {card} here: it costs {cost} point.",
                    "The usual rule of thumb, which the rule bots follow, plays {card} here: it costs {cost} points.",
                    abs(int(cost))).format(card=card_html(rule), cost=cost)
        self.answer.value = self._words(f'<div style="border-left:3px solid #1565c0;padding-left:8px;line-height:1.4">'
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
        self.picker.tooltips = [self._problem_tip(p, self.first_answers.get(p.number)) for p in self.problems]
        self.picker.value = self.current

    def _show_tally(self) -> None:
        _ = self.i18n.gettext
        solved = sum(self.first_answers.values())
        done = len(self.first_answers)
        learner = self.ratings()[0]
        sure = (_("± {rd}").format(rd=f"{learner.rd:.0f}") if learner.rd <= 110
                else _("provisional: a few more answers settle it"))
        rating = (" · " + _("your rating for these problems: <b>{rating}</b> ({sure})").format(
            rating=f"{learner.rating:.0f}", sure=sure)
                  if done else " · " + _("no rating yet: it starts at 1500 and moves with each first answer"))
        count = _("{solved} of {total} solved").format(solved=solved, total=len(self.problems))
        answered = _("({done} answered; the first answer to each problem counts)").format(done=done)
        self.tally.value = f'<b>{count}</b><span style="color:#555"> {answered}{rating}</span>'

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

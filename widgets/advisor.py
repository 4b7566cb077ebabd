"""The Variety contract advisor at the table: :class:`HandEditor` (choose 13 cards) and
:class:`AdvisorPanel` (rank the eight contracts for that hand by simulation, RULES.md §1.8).

The chart and the table are plain HTML/SVG strings made by :func:`advice_chart_svg` and
:func:`advice_table_html`, so a lesson can show them without any widget;
:func:`bar_chart_svg` draws the same chart for any simulated means with standard errors
(the strategy lessons chart each legal card with it). The numbers
come from :func:`cardkit.games.variety.advise`; nothing here knows the rules.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import ipywidgets as W

from cardkit.cards import Card, Suit, deck
from cardkit.errors import CardkitError, Said
from cardkit.i18n import N_, check_lang, translation, whole_number
from cardkit.notation import format_hand, parse_hand, sort_hand
from cardkit.wording import hand_as_read

if TYPE_CHECKING:
    from cardkit.advisor import Advice

from ._common import (
    card_button_layout,
    cards_in_words_of,
    learner_words,
    rank_letters,
    ranks_for,
    signed,
    suit_colour,
    suit_html,
)

__all__ = ["HandEditor", "AdvisorPanel", "advice_chart_svg", "advice_table_html", "Bar", "bar_chart_svg"]

HAND_SIZE = 13
#: The background of a chosen card in :class:`HandEditor`: light, so red and black card
#: text stay readable on it (contrast above 7:1 for both).
SELECTED_BACKGROUND = "#dbeafe"


class HandEditor(W.VBox):
    """Choose a 13-card Variety hand: type it (PBN, ``KQ7.AJ5.KQ84.A92``) or click cards
    in a grid (a row per suit, a column per rank), or deal a random one.

    What the grid shows is also said in words: a chosen card's button is bold and its
    tooltip says "in your hand, click to remove"; the caption lists the hand and says how
    many cards are still missing. Bad text gives one line under the box, never a
    traceback, and leaves the hand as it was.

    :param hand: the starting hand (PBN or cards), or None for an empty one.
    :param seed: int or Generator for the "random hand" button.
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :ivar value: the chosen cards, a sorted tuple of :class:`~cardkit.Card`.
    :ivar text: the ``Text`` box (PBN); ``buttons``: ``dict[Card, Button]``;
        ``caption``: an ``HTML`` line; ``random_button``: deals a random hand.
    :raises NotationError: for a starting hand that cannot be read.
    """

    def __init__(self, hand=None, *, seed=None, lang: str = "en") -> None:
        from cardkit.dealing import as_generator
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        _ = self.i18n.gettext
        self.rng = as_generator(seed)
        self._callbacks: list[Callable[[tuple[Card, ...]], object]] = []
        self.value: tuple[Card, ...] = ()
        self.buttons: dict[Card, W.Button] = {}
        rows = []
        for suit in Suit:
            cells = [W.HTML(self._cards(suit_html(suit, size="1.2em")), layout=W.Layout(width="1.6em"))]
            for rank in ranks_for(52):
                card = Card(suit, rank)
                b = W.Button(description=self._cards(card.label), layout=card_button_layout())
                b.style.text_color = suit_colour(suit)
                b.on_click(lambda _b, c=card: self.toggle(c))
                self.buttons[card] = b
                cells.append(b)
            rows.append(W.HBox(cells, layout=W.Layout(align_items="center")))
        self.text = W.Text(placeholder=_("e.g. KQ7.AJ5.KQ84.A92 (spades.hearts.diamonds.clubs)"),
                           description=_("Hand:"), layout=W.Layout(width="28em"), continuous_update=False)
        self.text.observe(self._on_text, names="value")
        self.random_button = W.Button(description=_("Random hand"), tooltip=_("deal 13 random cards"))
        self.random_button.on_click(lambda _b: self.random_hand())
        self.clear_button = W.Button(description=_("Clear"), tooltip=_("remove every card"))
        self.clear_button.on_click(lambda _b: self.set_cards([]))
        self.caption = W.HTML()
        self.error = W.HTML()
        super().__init__([W.HBox([self.text, self.random_button, self.clear_button]), self.error,
                          W.VBox(rows), self.caption])
        self._updating = False
        self.set_cards(parse_hand(hand) if hand is not None else [])

    def _hand_text(self, pbn: str) -> str:
        """A hand in PBN as its box shows it: the ten as 10, the letters of the editor's
        language (``ТК73.ТД5.КВ4.ТД9`` in Russian, which :func:`~cardkit.parse_hand` reads back)."""
        if self.lang == "en":
            return hand_as_read(pbn)
        letters = rank_letters(self.i18n)
        return "".join(letters.get(ch, ch) for ch in hand_as_read(pbn))

    def _cards(self, text: str) -> str:
        """``text`` with its cards in the editor's letters (Д♥ in Russian; as it is in English)."""
        return text if self.lang == "en" else cards_in_words_of(text, self.i18n)

    # -- the hand ------------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        """True when exactly 13 cards are chosen."""
        return len(self.value) == HAND_SIZE

    @property
    def pbn(self) -> str:
        """The hand in PBN (spades.hearts.diamonds.clubs)."""
        return format_hand(self.value)

    def on_change(self, callback: Callable[[tuple[Card, ...]], object]) -> None:
        """Call ``callback(cards)`` whenever the hand changes."""
        self._callbacks.append(callback)

    def set_cards(self, cards: Sequence[Card]) -> None:
        """Make ``cards`` the hand (at most 13, no repeats).

        :raises CardkitError: for more than 13 cards or a card twice.
        """
        cards = list(cards)
        if len(cards) > HAND_SIZE or len(set(cards)) != len(cards):
            pbn = format_hand(cards)
            raise CardkitError.worded(N_("hand {hand}: a Variety hand is 13 different cards (RULES.md §1.1)"),
                                      hand=Said(repr(pbn), words=(repr(self._hand_text(pbn)), {}), translated=False))
        self.value = tuple(sort_hand(cards))
        self._refresh()
        for cb in self._callbacks:
            cb(self.value)

    def toggle(self, card: Card) -> None:
        """Add ``card`` to the hand, or take it out; a 14th card is refused in words."""
        if card in self.value:
            self.set_cards([c for c in self.value if c != card])
        elif self.complete:
            self.error.value = _line(self._cards(self.i18n.gettext(
                "The hand already has 13 cards: remove one before adding {card}.").format(card=card.label)))
        else:
            self.set_cards(list(self.value) + [card])

    def random_hand(self) -> None:
        """Deal 13 random cards (from this editor's generator)."""
        cards = deck(52)
        self.set_cards([cards[i] for i in self.rng.permutation(52)[:HAND_SIZE]])

    def _on_text(self, change) -> None:
        if self._updating:
            return
        text = change["new"].strip()
        if not text:
            return
        try:
            cards = parse_hand(text)
            self.set_cards(cards)
        except CardkitError as e:   # NotationError is a CardkitError
            self.error.value = _line(learner_words(str(e) if self.lang == "en" else e.in_language(self.i18n)))

    def _refresh(self) -> None:
        _ = self.i18n.gettext
        chosen = set(self.value)
        for card, b in self.buttons.items():
            inside = card in chosen
            # chosen: a light background (the red or black text keeps its contrast), bold and
            # underlined, so the choice is not told by colour alone
            b.style.font_weight = "bold" if inside else "normal"
            b.style.text_decoration = "underline" if inside else "none"
            b.style.button_color = SELECTED_BACKGROUND if inside else None
            b.tooltip = self._cards(_("{card}: in your hand, click to remove") if inside else
                                    _("{card}: click to add")).format(card=self._cards(card.label))
            b.button_style = ""
            if inside:
                b.add_class("ck-chosen")
            else:
                b.remove_class("ck-chosen")
        self._updating = True
        self.text.value = self._hand_text(self.pbn) if self.value else ""
        self._updating = False
        self.error.value = ""
        missing = HAND_SIZE - len(self.value)
        listed = " ".join(c.label for c in self.value) or _("no cards")
        state = (_("complete: press Advise") if missing == 0 else
                 self.i18n.ngettext("choose {n} more card", "choose {n} more cards", missing).format(n=missing))
        self.caption.value = self._cards(_("<b>{n} of 13 cards</b> ({state}): {cards}").format(
            n=len(self.value), state=state, cards=html.escape(listed)))


def _line(text: str) -> str:
    return f'<span style="color:#b00020">{html.escape(text)}</span>'


def _stale(fragment: str) -> str:
    """``fragment`` (chart or table) greyed out under a line saying it is out of date."""
    if not fragment or "ck-stale" in fragment:
        return fragment
    return ('<div class="ck-stale"><div style="font-style:italic">results for the previous hand</div>'
            f'<div style="opacity:0.45">{fragment}</div></div>')


# ---- presenting the advice ---------------------------------------------------------------

def advice_table_html(advice, book: Sequence[int] | str | None = None, *, lang: str = "en") -> str:
    """An HTML table of the advisor's result (best first): contract, expected margin ± one
    standard error, the declarers' win rate, the bidder's mean score; ``book``, the
    contract(s) the book advises, marked "book" in words. The caption says what each
    column means: the margin (your score minus the other side's average) is the ranking
    key, so "your score" alone need not fall with the rank. ``lang``: ``"en"`` (default) or
    ``"ru"``, the language of its words."""
    tr = translation(check_lang(lang))
    _ = tr.gettext
    book_set = _book_set(book)
    rows = []
    td = "style='padding:0.2em 0.7em;text-align:right;white-space:nowrap'"
    for i, a in enumerate(advice):
        mark = " " + _("← book") if a.contract in book_set else ""
        best = " " + _("(best)") if i == 0 else ""
        rows.append(
            f"<tr><td style='padding:0.2em 0.7em;text-align:center'><b>{a.contract}</b></td>"
            f"<td style='padding:0.2em 0.7em'>{html.escape(_description(a, tr, lang))}</td>"
            f"<td {td}>{signed(a.margin, 2)} ± {a.stderr:.2f}</td>"
            f"<td {td}>{a.win_rate:.0%}</td>"
            f"<td {td}>{signed(a.score, 1)}</td>"
            f"<td style='padding:0.2em 0.7em;white-space:nowrap'>{best}{mark}</td></tr>")
    n = advice[0].samples if advice else 0
    th = "style='padding:0.2em 0.7em;text-align:left;border-bottom:1px solid #888'"
    caption = _("Contracts ranked by <b>margin</b>, best first, over {n} simulated deals each. <b>margin</b>: your "
                "deal score minus the average deal score of the other side (the ranking key), ± one standard error; "
                "<b>declarers win</b>: how often your side wins the deal; <b>your score</b>: your own average deal "
                "score, without the other side's (a contract can give you more points and still rank lower, when it "
                "gives the other side even more).").format(n=whole_number(n, lang))
    heads = "".join(f"<th {th}>{h}</th>" for h in (_("contract"), _("what it scores"), _("margin"),
                                                   _("declarers win"), _("your score"), ""))
    out = ("<table class='ck-advice' style='border-collapse:collapse'>"
           "<caption style='text-align:left;caption-side:bottom;padding-top:0.4em;max-width:48em'>"
           f"{caption}</caption><tr>{heads}</tr>" + "".join(rows) + "</table>")
    return out if lang == "en" else cards_in_words_of(out, tr)


def _description(a, tr, lang: str) -> str:
    """The contract of ``a`` (a ``ContractAdvice``) in one line, ``a.description`` in English
    ("3: ♥ trumps; +2 per ♠ taken"); in another language from the catalog."""
    if lang == "en":
        return a.description
    from cardkit.games import variety

    c = variety.contracts()[a.contract]
    trump = tr.gettext("no trumps") if c.trump is None else tr.gettext("{suit} trumps").format(suit=c.trump.symbol)
    if c.lowest_wins:
        trump += ", " + tr.gettext("lowest wins")
    return f"{a.contract}: {trump}; {tr.gettext(c.scoring)}"


def _book_set(book) -> set[int]:
    if book is None:
        return set()
    if isinstance(book, str):
        return {int(x) for x in book.replace(",", " ").replace("or", " ").split() if x.isdigit()}
    if isinstance(book, int):
        return {book}
    return {int(x) for x in book}


def advice_chart_svg(advice, book: Sequence[int] | str | None = None, *, title: str = "",
                     width: int = 520, lang: str = "en") -> str:
    """A horizontal bar chart (SVG) of the expected margin of each contract, in contract
    order 1..8, with error bars of two standard errors either side; each bar is labelled
    with its figures in text (mean ± one standard error), and the book's contract(s) are marked "book" in words.

    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :returns: an ``<svg>`` string with ``role="img"`` and a ``<title>`` for screen readers.
    """
    _ = translation(check_lang(lang)).gettext
    book_set = _book_set(book)
    items = sorted(advice, key=lambda a: a.contract)
    best = max(items, key=lambda a: a.margin).contract if items else None
    bars = [Bar(_("contract {n}").format(n=a.contract), a.margin, a.stderr,
                (" " + _("best") if a.contract == best else "") + (" " + _("book") if a.contract in book_set else ""),
                f'data-contract="{a.contract}"') for a in items]
    return bar_chart_svg(bars, title=title, default_title=N_("Expected margin per contract"),
                         axis=_("margin in points"), width=width, lang=lang)


class Bar(NamedTuple):
    """One bar of :func:`bar_chart_svg`: its ``label`` (left), ``value`` and ``stderr``
    (in the chart's unit), ``tags`` (words after the figures, e.g. " best"), and extra
    SVG attributes for the bar's ``<rect>`` (e.g. ``'data-card="Q♥"'``)."""

    label: str
    value: float
    stderr: float
    tags: str = ""
    attrs: str = ""


def bar_chart_svg(bars: Sequence[Bar], *, title: str = "", default_title: str = N_("Expected values"),
                  axis: str = "points", width: int = 520, label_width: int = 70,
                  positive: str = "#2e7d32", negative: str = "#c62828", lang: str = "en") -> str:
    """A horizontal bar chart (SVG) of simulated means with error bars of two standard
    errors either side, one row per :class:`Bar` in the order given, zero marked by a
    vertical line; each row says its figures in text, mean ± **one** standard error
    (``+1.2 ± 0.3``, the convention of the tables), and its tags in words, so nothing is
    told by colour alone. The caption under the chart says both in words. Bars at or above
    zero are drawn in ``positive``, below in ``negative``.

    :param axis: what the values are, for the caption (e.g. "expected penalty in points").
    :param lang: the language of the chart's own words (its caption, the default title):
        ``"en"`` (default) or ``"ru"``; ``title``, ``axis`` and the bars' labels are given in
        it. Anything else: a ``CardkitError`` naming ``lang``.
    :returns: an ``<svg>`` string with ``role="img"`` and a ``<title>`` (``title`` or
        ``default_title``) for screen readers.
    """
    tr = translation(check_lang(lang))
    default_title = tr.gettext(default_title)
    items = list(bars)
    lo = min([0.0] + [b.value - 2 * b.stderr for b in items])
    hi = max([0.0] + [b.value + 2 * b.stderr for b in items])
    span = (hi - lo) or 1.0
    figures = [f"{signed(b.value, 1)} ± {b.stderr:.1f}{b.tags}" for b in items]
    notes = [f"{axis}:", tr.gettext("bar = mean; figures: mean ± one standard error"),
             tr.gettext("error bars: two standard errors either side")]
    # Room for every word: the figures column as wide as its longest line, the chart as wide
    # as its title and captions (nothing cut at the right edge); the page scales it down
    # to fit a narrow screen (max-width 100 %), text and bars together, to 3/4 at most
    # (9 px text): narrower than that, the output area scrolls.
    right = max(150, max((_text_width(t) for t in figures), default=0) + 12)
    left, row_h, top = label_width, 26, 28 if title else 8
    width = int(max(width, left + 200 + right, _text_width(title, bold=True) + 8,
                    max(_text_width(t) for t in notes) + 8))
    plot_w = width - left - right
    x = lambda v: left + (v - lo) / span * plot_w
    height = top + row_h * len(items) + 14 + 14 * len(notes)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" preserveAspectRatio="xMinYMin meet" '
             f'style="font-family:sans-serif;font-size:12px;max-width:100%;'
             f'min-width:{int(width * 0.75)}px;height:auto">',
             f"<title>{html.escape(title or default_title)}</title>"]
    if title:
        parts.append(f'<text x="4" y="16" font-weight="bold">{html.escape(title)}</text>')
    zero = x(0.0)
    parts.append(f'<line x1="{zero:.1f}" y1="{top - 2}" x2="{zero:.1f}" y2="{top + row_h * len(items)}" '
                 f'stroke="#444" stroke-width="1"/>')
    for i, b in enumerate(items):
        y = top + i * row_h
        x0, x1 = sorted((zero, x(b.value)))
        colour = positive if b.value >= 0 else negative
        attrs = f" {b.attrs}" if b.attrs else ""
        parts.append(f'<text x="4" y="{y + 17}">{html.escape(b.label)}</text>')
        parts.append(f'<rect class="bar"{attrs} x="{x0:.1f}" y="{y + 5}" '
                     f'width="{max(x1 - x0, 1):.1f}" height="{row_h - 10}" fill="{colour}" opacity="0.75"/>')
        e0, e1 = x(b.value - 2 * b.stderr), x(b.value + 2 * b.stderr)
        ym = y + row_h / 2
        parts.append(f'<line class="errorbar" x1="{e0:.1f}" y1="{ym:.1f}" x2="{e1:.1f}" y2="{ym:.1f}" '
                     f'stroke="#000" stroke-width="1.2"/>')
        for e in (e0, e1):
            parts.append(f'<line x1="{e:.1f}" y1="{ym - 5:.1f}" x2="{e:.1f}" y2="{ym + 5:.1f}" stroke="#000"/>')
        parts.append(f'<text x="{left + plot_w + 6}" y="{y + 17}">{html.escape(figures[i])}</text>')
    for k, note in enumerate(notes):
        parts.append(f'<text x="4" y="{height - 6 - 14 * (len(notes) - 1 - k)}" fill="#555">{html.escape(note)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _text_width(text: str, bold: bool = False) -> float:
    """About how wide ``text`` is in pixels at 12 px sans-serif (7 px a character, a little
    more in bold): generous, so a chart leaves room rather than cut a word."""
    return len(text) * (7.6 if bold else 7.0)


class AdvisorPanel(W.VBox):
    """A :class:`HandEditor`, a number of samples, a seed and an "Advise" button; the eight
    contracts ranked for the hand by :func:`cardkit.games.variety.advise` (RULES.md
    §1.8), as a table and an SVG bar chart with error bars. A progress bar counts the
    contracts played while it runs. Problems (an incomplete hand) are one line of text.

    :param hand: a starting hand (PBN or cards), or None.
    :param samples: deals per contract (250, 1000 or 4000 in the menu).
    :param seed: the simulation seed (an ``IntText``; the same hand and seed give the same
        figures).
    :param book: contract(s) to mark "book" in the chart (e.g. for fig. 65).
    :param lang: the language of its words, ``"en"`` (default) or ``"ru"``.
    :ivar editor, samples, seed, button, progress, status, table, chart: the parts.
    :ivar result: the last list of :class:`cardkit.advisor.ContractAdvice`, or None.
    """

    def __init__(self, hand=None, *, samples: int = 1000, seed: int = 1, book=None, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.i18n = translation(self.lang)
        _ = self.i18n.gettext
        self.editor = HandEditor(hand, seed=seed, lang=self.lang)
        self.samples = W.Dropdown(options=[250, 1000, 4000], value=samples if samples in (250, 1000, 4000) else 1000,
                                  description=_("Deals:"), layout=W.Layout(width="12em"))
        self.seed = W.IntText(value=seed, description=_("Deal set:"), layout=W.Layout(width="10em"),
                              tooltip=_("The number of the set of random deals: the same hand and set give the "
                                        "same figures; another set gives figures within their ± of these"))
        self.button = W.Button(description=_("Advise"), tooltip=_("rank the eight contracts for this hand"),
                               button_style="primary")
        self.button.on_click(lambda _b: self.run())
        self.progress = W.IntProgress(value=0, min=0, max=8, description=_("Contracts:"),
                                      layout=W.Layout(width="20em"))
        self.status = W.HTML()
        self.table = W.HTML()
        self.chart = W.HTML()
        self.book = book
        self.result: Advice | None = None
        self._result_hand: tuple[Card, ...] | None = None
        super().__init__([self.editor, W.HBox([self.samples, self.seed, self.button]), self.progress,
                          self.status, self.chart, self.table])
        self._say_ready()
        self.editor.on_change(self._on_hand)
        self.editor.error.observe(self._on_editor_error, names="value")

    # -- keeping the figures honest: they are for one hand only ----------------------------
    def _say_ready(self) -> None:
        _ = self.i18n.gettext
        n = len(self.editor.value)
        if n == HAND_SIZE:
            self.status.value = _("The hand has 13 cards: press <b>Advise</b> to rank the eight contracts.")
        else:
            self.status.value = _("The hand has {n} of 13 cards: choose {more} more, then press <b>Advise</b>.").format(
                n=n, more=HAND_SIZE - n)

    def _clear_result(self) -> None:
        self.result = None
        self._result_hand = None
        self.chart.value = ""
        self.table.value = ""
        self.progress.value = 0

    def _on_hand(self, cards) -> None:
        """A new hand: the figures of the previous one are removed, not left under it."""
        if self._result_hand is not None and tuple(cards) == self._result_hand:
            return
        self._clear_result()
        self._say_ready()

    def _on_editor_error(self, change) -> None:
        """Bad text in the box: the hand is unchanged, but the figures below no longer
        answer what the learner typed, so they are marked as the previous hand's."""
        if not change["new"]:
            return
        if self._result_hand is not None:
            self.status.value = self.i18n.gettext(
                "The figures below are the results for the previous hand <code>{hand}</code>, not for the text in "
                "the box: correct the text, then press <b>Advise</b>.").format(
                hand=html.escape(hand_as_read(format_hand(self._result_hand))))
            self.chart.value = _stale(self.chart.value)
            self.table.value = _stale(self.table.value)

    def run(self) -> None:
        """Run the advisor for the editor's hand and show the result (or one line saying
        what is missing)."""
        from cardkit.advisor import advise
        _ = self.i18n.gettext
        if not self.editor.complete:
            self._clear_result()
            self.status.value = _line(_("The hand has {n} cards: Variety deals 13 (Rules §1.1). Choose {more} "
                                        "more.").format(n=len(self.editor.value), more=13 - len(self.editor.value)))
            return
        self._clear_result()
        samples, seed = int(self.samples.value), int(self.seed.value)
        self.status.value = self.i18n.ngettext(   # English: "deals" for any number; Russian: сдаче, сдачи, сдач
            "Playing {n} deals for each of the eight contracts…", "Playing {n} deals for each of the eight contracts…",
            samples).format(n=whole_number(samples, self.lang))
        try:
            result = advise(self.editor.value, samples=samples, seed=seed,
                            progress=lambda done, total: setattr(self.progress, "value", done))
        except (CardkitError, ValueError) as e:
            self.status.value = _line(learner_words(str(e)))
            return
        self.result = result
        self._result_hand = self.editor.value
        best = result[0]
        status = self.i18n.ngettext(   # English: "deals" for any number; Russian: по 1 сдаче, 2 сдачи, 5 сдач
            "Best: <b>contract {n}</b> ({description}), expected margin {margin} ± {stderr} points (± one "
            "standard error), from {samples} deals per contract (random deals of the other hands, deal set "
            "{seed}: another set or number of deals gives other figures, within about their ±).",
            "Best: <b>contract {n}</b> ({description}), expected margin {margin} ± {stderr} points (± one "
            "standard error), from {samples} deals per contract (random deals of the other hands, deal set "
            "{seed}: another set or number of deals gives other figures, within about their ±).", samples).format(
            n=best.contract, description=html.escape(_description(best, self.i18n, self.lang)),
            margin=signed(best.margin, 2), stderr=f"{best.stderr:.2f}", samples=f"{samples:,}", seed=seed)
        self.status.value = status if self.lang == "en" else cards_in_words_of(status, self.i18n)
        self.chart.value = advice_chart_svg(result, self.book, title=_("Hand {hand}").format(
            hand=hand_as_read(self.editor.pbn)), lang=self.lang)
        self.table.value = advice_table_html(result, self.book, lang=self.lang)

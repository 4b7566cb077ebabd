"""The room's language (issue 29): which language a page speaks, and the words its script
(``static/room.js``) shows, from the message catalog (:func:`cardkit.i18n.translation`).

A page's language is, in order: ``?lang=ru|en`` in its address (kept in the cookie
:data:`LANG_COOKIE`), the cookie, the browser's ``Accept-Language``, the class's default
(``python -m cardkit.room_service --lang ru``, which ``cardkit-hub --lang ru`` passes on),
English. An unknown language anywhere is ignored, never an error.

>>> page_lang(query="ru")
'ru'
>>> page_lang(query="de", accept="fr;q=0.9, ru;q=0.8, en;q=0.5")
'ru'
>>> page_lang(accept="*", default="ru")
'ru'
>>> page_lang(cookie="xx")
'en'
"""

from __future__ import annotations

import json
import re

from cardkit.i18n import LANGUAGES, N_, PSEUDO, Translation

__all__ = ["LANG_COOKIE", "page_lang", "accept_language", "js_words", "JS_WORDS", "words_json", "seat_word",
           "game_title"]

#: the cookie that keeps a page's language (``?lang=ru`` sets it)
LANG_COOKIE = "cardkit-room-lang"

_TAG = re.compile(r"\s*([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*\s*(?:;\s*q\s*=\s*([0-9.]{1,5}))?\s*")


def accept_language(header: str | None, offered: tuple[str, ...] = LANGUAGES) -> str | None:
    """The first of ``offered`` that an ``Accept-Language`` header asks for (by its ``q``
    weights, then its order), or None. A header that cannot be read asks for nothing.

    >>> accept_language("ru-RU,ru;q=0.9,en-US;q=0.8")
    'ru'
    >>> accept_language("de, en;q=0.1") , accept_language("de") , accept_language("<script>")
    ('en', None, None)
    """
    if not header or len(header) > 500:
        return None
    asked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        m = _TAG.fullmatch(part)
        if m is None:
            continue
        try:
            q = float(m[2]) if m[2] else 1.0
        except ValueError:
            continue
        if q > 0 and m[1].lower() in offered:
            asked.append((-q, i, m[1].lower()))
    return min(asked)[2] if asked else None


def page_lang(*, query: str | None = None, cookie: str | None = None, accept: str | None = None,
              default: str = "en", pseudo: bool = False) -> str:
    """The language of a page: ``query`` (``?lang=``) > ``cookie`` > ``accept``
    (``Accept-Language``) > ``default`` > ``"en"``; each one that is not a language the
    room speaks (:data:`cardkit.i18n.LANGUAGES`, and the tests' ``"qps"`` with ``pseudo``)
    is passed over. Returns ``"en"``, ``"ru"`` (or ``"qps"``)."""
    known = (*LANGUAGES, PSEUDO) if pseudo else LANGUAGES
    for lang in (query, cookie):
        if isinstance(lang, str) and lang in known:
            return lang
    asked = accept_language(accept)
    if asked is not None:
        return asked
    return default if default in known else "en"


def seat_word(name: str, tr: Translation) -> str:
    """A seat's compass name (``"South"``, ``"You"``, ``"Your opponent"``) in ``tr``'s
    language (Юг, Запад, Север, Восток; Вы, Соперник); another name as it is."""
    if name in ("South", "West", "North", "East", "You", "Your opponent"):
        return tr.gettext(name)
    return name


def game_title(title: str, tr: Translation) -> str:
    """A game's title (``"Variety"``, ``"Warsaw Hearts"``, ``"Armenian Durak"``) in ``tr``'s language."""
    return tr.gettext(title)


N_("Variety")
N_("Warsaw Hearts")
N_("Armenian Durak")

#: the words of ``room.js``, key -> message (English; translated per page by :func:`js_words`).
#: Placeholders ``{name}`` are filled by the script; each is a whole sentence or label.
JS_WORDS: dict[str, str] = {
    "announcement": N_("Announcement: {text}"),
    "restarting": N_("The room is restarting… this page reconnects by itself when it is back."),
    "connected": N_("connected"),
    "lost": N_("connection lost: reconnecting…"),
    "restarting_short": N_("the room is restarting…"),
    "not_connected": N_("Not connected: the page reconnects, then try again."),
    "back_to_lobby": N_("Back to the lobby"),
    "leave_table": N_("Leave the table"),
    "next_board": N_("Next board"),
    "next_board_title": N_("Deal the next board of the set at this table"),
    "paused_line": N_("Paused by the teacher: play resumes when the teacher says so."),
    "you_left": N_("You left the table."),
    "the_tables": N_("The tables"),
    "you_sit": N_("You sit at table {table} as {name}. "),
    "go_to_table": N_("Go to your table"),
    "leave_seat": N_("Leave that seat"),
    "choose": N_("Choose a table and sit down."),
    "no_table": N_("No table is open yet: the teacher opens the tables."),
    "table_open": N_("Table {table} is open."),
    "state_closed": N_("closed"),
    "state_played_out": N_("played out"),
    "state_paused": N_("paused by the teacher"),
    "state_held": N_("board over, the next one soon"),
    "state_playing": N_("playing"),
    "state_not_started_yet": N_("not started yet"),
    "seat_free": N_("free"),
    "seat_bot_free": N_("a bot (free)"),
    "sit_down_as": N_("Sit down as {name}"),
    "row_head": N_("Table {table} · {title} · {state}"),
    "plays": N_("Plays {set} with {bots}."),
    "free_seats": N_("Free seats: {seats}"),
    "no_free_seat": N_("No free seat."),
    "game": N_("Game"),
    "bots": N_("Bots"),
    "after_each_board": N_("After each board"),
    "deals_placeholder": N_("deal codes, such as V-4821 V-17 (none: random boards)"),
    "rule_bots": N_("rule bots"),
    "expert_bots": N_("expert bots"),
    "no_bots": N_("no bots (people only)"),
    "pace_teacher": N_("the teacher deals the next board"),
    "pace_self": N_("self-paced: a learner presses Next"),
    "open_head": N_("Open a table (teacher)"),
    "deals_label": N_("Deal codes for its set"),
    "open_button": N_("Open the table"),
    "the_class": N_("The class"),
    "every_table": N_("Every table"),
    "grid_empty": N_("No table is open yet: open one from the lobby."),
    "no_answers": N_("No learner has answered an exercise or a problem yet."),
    "learners_head": N_("What each learner did in the lessons"),
    "resume": N_("Resume"),
    "pause": N_("Pause"),
    "state_not_started": N_("not started"),
    "teacher_head": N_("Table {table} · {title} · {state} · {set}, {bots}"),
    "teacher_head_board": N_("Table {table} · {title} · {state} · board {number} (deal code {code}) · {set}, {bots}"),
    "replay_board": N_("Replay board {board} ({code})"),
    "announced": N_("Announced to every page: {text}"),
    "taken_down": N_("The announcement is taken down."),
    "announce_placeholder": N_("one line every page of the room shows"),
    "announce_label": N_("Announcement"),
    "next_all": N_("Next board for all tables"),
    "next_all_title": N_("Deal the next board at every table whose board is over (a table still playing is left "
                         "to finish)"),
    "pause_all": N_("Pause all tables"),
    "resume_all": N_("Resume all tables"),
    "announce": N_("Announce"),
    "take_down": N_("Take it down"),
    "open_large": N_("Open this table large"),
    "cell_closed": N_("closed"),
    "cell_paused": N_("paused by you"),
    "cell_over": N_("set played out"),
    "cell_held": N_("board over: waits for Next"),
    "cell_playing": N_("playing"),
    "cell_waiting": N_("not started"),
    "no_board_yet": N_("no board yet"),
    "board_of": N_("board {position} of {size}"),
    "board_at": N_("board {position}"),
    "a_bot": N_("a bot"),
    "empty": N_("empty"),
    "to_act": N_("{seat} ({player}) to act"),
    "since": N_("{clock} since the last action"),
    "clock_hours": N_("{h} h {min} min"),
    "waiting_for": N_("⚠ waiting for {user} ({name}) for {min} min"),
    "unseat_title": N_("Take this learner out of the seat: a bot plays it (a table without bots waits for a "
                       "player)"),
    "unseat": N_("Unseat {user} ({name})"),
    "idle": N_("{name} ({user}) has not played for {min} min"),
    "deals_new_set": N_("deal codes for a new set"),
    "deal_codes": N_("Deal codes"),
    "start": N_("Start"),
    "start_title": N_("Deal the first board. A table starts once a person sits at it: the bots play beside "
                      "people, never alone"),
    "who_deals": N_("Who deals the next board"),
    "pace_teacher_each": N_("the teacher deals each next board"),
    "learner_name": N_("learner's name"),
    "learner_to_seat": N_("The learner to seat"),
    "the_seat": N_("The seat"),
    "seat_learner": N_("Seat a learner: "),
    "at": N_(" at "),
    "seat": N_("Seat"),
    "close_table": N_("Close the table"),
    "close_table_title": N_("Everyone leaves it and nothing more is played there; its results stay"),
    "close_confirm": N_("Close table {table}? Everyone at it leaves their seat."),
    "undo": N_("Undo"),
    "play_set": N_("Play this set"),
    "close": N_("Close"),
    "close_title": N_("Back to the grid of every table"),
    "people": N_("The learners at this table"),
    "traveller_head": N_("The traveller of this board (every table that played it)"),
    "teacher_no_play": N_("The teacher's view of a table does not play: the learners do."),
    "no_traveller": N_("No table has finished this board yet."),
    "declare": N_("{contract} ({declarers} declare)"),
    "and": N_("{first} and {second}"),
    "col_table": N_("Table"),
    "col_board": N_("Board"),
    "col_players": N_("Players"),
    "col_contract": N_("Contract"),
    "col_points": N_("Points per seat"),
    "col_mp": N_("Matchpoints"),
    "col_points_of": N_("Points ({names})"),
    "percent": N_("{mp} %"),
    "download_results": N_("Download the results (CSV)"),
    "download_answers": N_("Download the lesson answers (CSV)"),
    "records_all": N_("Hand records of every board played"),
    "no_board_finished": N_("No board has been finished yet."),
    "session_head": N_("This session: every board played"),
    "session_help": N_("Matchpoints compare each seat's points with the same seat's points at every other table "
                       "that played the same board: 1 for each table beaten, half for a tie, as a percentage. A "
                       "board played at one table only has none (–)."),
    "ranking_head": N_("Ranking (average matchpoints)"),
    "records_set": N_("Hand records of table {table}'s set"),
    "no_learner_finished": N_("No learner has finished a board yet."),
    "col_rank": N_("Rank"),
    "col_learner": N_("Learner"),
    "col_mp_average": N_("Matchpoints (average)"),
    "col_boards_played": N_("Boards played"),
    "col_boards_compared": N_("Boards compared"),
    "only_bots": N_("Only bots so far."),
    "no_section": N_("no section"),
    "section_line": N_("{section}: {right} right, {wrong} wrong"),
    "a_problem_set": N_("a problem set"),
    "problems_line": N_("{lesson}: {solved} of {answered} solved, {lost}"),
    "col_exercises": N_("Exercises (rules section)"),
    "col_problems": N_("Problems"),
    "step": N_("Step {k} of {n}: {action}"),
    "step_deal": N_("Step {k} of {n}: the deal"),
    "replay_head": N_("Replay: table {table}, board {board} ({code})"),
    "replay_start": N_("⏮ Start"),
    "replay_back": N_("◀ Back"),
    "replay_forward": N_("Forward ▶"),
    "replay_end": N_("End ⏭"),
}


def js_words(tr: Translation) -> dict[str, str]:
    """:data:`JS_WORDS` in ``tr``'s language (the dict ``room.js`` reads), with the ranks'
    letters ``rank_T`` … for its replay's cards (Т К Д В in Russian; the ten is 10)."""
    out = {k: tr.gettext(v) for k, v in JS_WORDS.items()}
    out.update({f"rank_{r}": tr.pgettext("rank letter", r) for r in "AKQJ"})
    return out


def words_json(tr: Translation) -> str:
    """:func:`js_words` as JSON to put inside the page's ``<script type="application/json">``
    (``<``, ``>`` and ``&`` escaped: the text cannot close the element)."""
    text = json.dumps(js_words(tr), ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

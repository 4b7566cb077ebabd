"""A lesson page cannot grow its kernel's memory, nor get a traceback from it (issue 32,
items 0 and 9).

The review's attack: card-table messages ``{"kind": "card", "card": "x" * 245760}`` sent
about 45 a second took a kernel from 72 to 362 MB in 30 s, and the memory stayed (the card
table kept every action). Here, headless: thousands of large forged messages to a
CardTable and to a whole VarietyTable leave the traced memory flat; the lesson server's
byte budget per kernel (``cardkit.serving``) with a fake clock; and a malformed comm
message to the widgets' control comm gets no traceback in the page."""

from __future__ import annotations

import gc
import io
import json
import logging
import tracemalloc

import pytest

from cardkit_widgets import VarietyTable
from cardkit_widgets.card_table import MAX_CONTROL_TEXT, RECENT_ACTIONS, CardTable, clean_action

BIG = "x" * 245_760  # the review's card id: a message just under 256 KB
FLOOD = 2000  # messages: 490 MB of text if each were kept


def _forged(i: int) -> dict:
    """A forged message whose large text is new each time, as each message a kernel reads is."""
    BIG = "x" * 245_759 + str(i % 10)
    kinds = [{"kind": "card", "card": BIG}, {"kind": "control", "name": "code_box", "value": BIG},
             {"kind": "control", "name": BIG}, {"kind": "bid", "value": BIG}, {"kind": "draw", "stack": [BIG]},
             {"kind": "control", "name": "hint_button", "card": BIG}, {"kind": BIG}, {"kind": "card", "card": "QH",
                                                                                        "pad": BIG}]
    return kinds[i % len(kinds)]


def _grown_by(send, n: int = FLOOD) -> int:
    """Bytes of traced memory still held after ``send(i)`` for i < n (after a warm-up)."""
    for i in range(50):
        send(i)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(n):
            send(i)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_a_card_table_keeps_nothing_of_a_flood_of_large_messages():
    table = CardTable()
    got: list[dict] = []
    table.on_action(got.append)
    grown = _grown_by(lambda i: table._on_page_message(table, _forged(i), []))
    assert grown < 2_000_000, f"{grown:,} bytes kept after {FLOOD} messages"  # before issue 32: 490 MB
    assert got == [{"kind": "card", "card": "QH"}] * len(got) and len(got) == (FLOOD + 50) // 8
    assert len(table.actions) <= RECENT_ACTIONS
    assert all(len(json.dumps(a)) < 100 for a in table.actions)


def test_a_card_table_keeps_only_its_last_actions():
    table = CardTable()
    for i in range(1000):
        table.bid(i % 8 + 1)
    assert len(table.actions) == RECENT_ACTIONS and table.actions[-1] == {"kind": "bid", "value": 1000 % 8 or 8}


@pytest.mark.parametrize("action", [
    {"kind": "card", "card": "x" * 4}, {"kind": "card", "card": 5}, {"kind": "card"},
    {"kind": "bid", "value": True}, {"kind": "bid", "value": 100}, {"kind": "bid", "value": -1},
    {"kind": "bid", "value": "3"}, {"kind": "trump", "index": 2.0}, {"kind": "draw", "stack": 10 ** 30},
    {"kind": "control", "name": "no such box"}, {"kind": "control", "name": "x" * 41},
    {"kind": "control", "name": "code_box", "value": "y" * (MAX_CONTROL_TEXT + 1)},
    {"kind": "control", "name": "code_box", "value": [1] * 1000},
    {"kind": "control", "name": "seed_box", "value": 10 ** 18},
    {"kind": "control", "name": "hint_button", "card": "QHQH"}, {"kind": "nonsense"}, ["card"], None,
])
def test_a_malformed_action_is_dropped_at_the_door(action):
    assert clean_action(action) is None


def test_a_well_formed_action_keeps_only_its_fields():
    assert clean_action({"kind": "card", "card": "QH", "pad": BIG}) == {"kind": "card", "card": "QH"}
    assert clean_action({"kind": "draw", "stack": None}) == {"kind": "draw", "stack": None}
    assert clean_action({"kind": "control", "name": "hint_button", "card": None}) == \
        {"kind": "control", "name": "hint_button", "card": None}
    assert clean_action({"kind": "control", "name": "code_box", "value": "V-4821"}, {"code_box": {}}) == \
        {"kind": "control", "name": "code_box", "value": "V-4821"}
    assert clean_action({"kind": "control", "name": "code_box"}, {"seed_box": {}}) is None  # not on the page


def test_the_page_input_is_as_long_as_the_kernel_takes():
    assert f'maxlength: "{MAX_CONTROL_TEXT}"' in CardTable._esm


def test_a_play_dashboard_keeps_nothing_of_a_flood_of_large_messages():
    """The review's case: the shipped Variety play page, card messages of 240 KB."""
    t = VarietyTable(seed=3)
    table = t.table
    grown = _grown_by(lambda i: table._on_page_message(table, _forged(i), []), n=1200)
    assert grown < 3_000_000, f"{grown:,} bytes kept after 1,200 messages"
    assert len(t.status_text) < 600 and BIG[:300] not in json.dumps(table.state)
    assert t.code_box.value != BIG


def test_the_dashboard_controls_still_take_page_input():
    t = VarietyTable(seed=3)
    t.table._on_page_message(t.table, {"kind": "control", "name": "seed_box", "value": "17"}, [])
    t.table._on_page_message(t.table, {"kind": "control", "name": "new_deal_button"}, [])
    assert t.deal_seed == 17
    t.table._on_page_message(t.table, {"kind": "control", "name": "show_hands", "value": True}, [])
    assert t.show_all_hands


# ---- the server: a byte budget per kernel ---------------------------------------------------------

class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _connection_class(kernel: str):
    from jupyter_client.session import Session

    from cardkit import serving

    class Conn(serving.LessonKernelConnection):
        subprotocol = None
        session = Session(key=b"")
        kernel_id = kernel  # type: ignore[assignment]

        def __init__(self):  # no websocket, no kernel: only the checks
            self._comm_opens, self._dropped = 0, 0

    return Conn


def _msg(msg_type, content=None, metadata=None, pad=0):
    return json.dumps({"channel": "shell", "header": {"msg_type": msg_type, "msg_id": "1"},
                       "parent_header": {}, "metadata": metadata or {}, "content": content or {}, "pad": "x" * pad})


def test_a_kernel_takes_at_most_its_byte_budget_a_minute_over_all_its_connections(monkeypatch):
    from cardkit import serving

    clock = _Clock()
    monkeypatch.setattr(serving.time, "monotonic", clock)
    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})
    Conn = _connection_class("k-flood")
    pages = [Conn(), Conn(), Conn()]  # one kernel, three websockets
    big = _msg("comm_msg", {"comm_id": "c", "data": {"method": "custom", "content": {"kind": "card"}}},
               pad=serving.MAX_PAGE_MESSAGE_BYTES - 400)
    assert len(big) <= serving.MAX_PAGE_MESSAGE_BYTES
    passed = 0
    for _second in range(120):  # 45 a second from each page, as the review's attack, for two minutes
        for _i in range(45):
            for page in pages:
                clock.now += 1 / 135
                passed += page._refusal(big) is None
    sent = passed * len(big)
    allowed = serving.PAGE_BYTES_BURST + 2 * serving.PAGE_BYTES_PER_MINUTE
    assert sent <= allowed, f"{sent:,} bytes passed in 2 minutes, at most {allowed:,}"
    assert passed >= 4
    # Another kernel's pages have their own budget.
    other = _connection_class("k-other")()
    assert other._refusal(big) is None
    # A small message still passes once the budget has refilled a little.
    clock.now += 2
    small = _msg("comm_msg", {"comm_id": "c", "data": {"method": "custom", "content": {"kind": "card", "card": "QH"}}})
    assert pages[0]._refusal(small) is None


def test_the_budgets_are_bounded_and_dropped_when_a_kernel_ends(monkeypatch):
    from cardkit import serving

    clock = _Clock()
    monkeypatch.setattr(serving.time, "monotonic", clock)
    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})
    monkeypatch.setattr(serving, "MAX_KERNEL_BUDGETS", 8)
    msg = _msg("kernel_info_request")
    for i in range(50):
        _connection_class(f"k{i}")()._refusal(msg)
    assert len(serving.LessonKernelConnection._budgets) <= 8
    serving.LessonKernelConnection.forget_kernel("k49")
    assert "k49" not in serving.LessonKernelConnection._budgets
    manager = serving.BoundedKernelManager()
    serving.LessonKernelConnection.budget_of("gone", clock.now)

    async def no_shutdown(self, kernel_id, *args, **kwargs):
        return None

    monkeypatch.setattr(serving.AsyncMappingKernelManager, "shutdown_kernel", no_shutdown)
    coroutine = manager.shutdown_kernel("gone")  # awaits nothing here: run it by hand (a browser
    with pytest.raises(StopIteration):             # test's event loop may be running in this thread)
        coroutine.send(None)
    assert "gone" not in serving.LessonKernelConnection._budgets


def test_malformed_comm_messages_never_reach_the_kernel(monkeypatch):
    from cardkit import serving

    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})
    conn = _connection_class("k-shapes")()
    control = {"target_name": "jupyter.widget.control", "comm_id": "c", "data": {}}
    ok = [
        _msg("comm_open", control, {"version": "1.0.0"}),
        _msg("comm_msg", {"comm_id": "c", "data": {"method": "request_states"}}),
        _msg("comm_msg", {"comm_id": "w", "data": {"method": "custom", "content": {"kind": "card", "card": "QH"}}}),
        _msg("comm_msg", {"comm_id": "w", "data": {"method": "update", "state": {"value": "x"}, "buffer_paths": []}}),
        _msg("comm_msg", {"comm_id": "w", "data": {"method": "request_state"}}),
        _msg("comm_close", {"comm_id": "c", "data": {}}),
        _msg("comm_info_request", {"target_name": "jupyter.widget"}),
        _msg("comm_info_request", {}),
        _msg("kernel_info_request"),
    ]
    for m in ok:
        assert conn._refusal(m) is None, m
    bad = [
        _msg("comm_open", control),  # the review's case: no protocol version
        _msg("comm_open", control, {"version": "2.0.0"}),
        _msg("comm_open", {"target_name": "jupyter.widget.control", "comm_id": "c"}, {"version": "1.0.0"}),
        _msg("comm_open", {"comm_id": "c", "data": {}}, {"version": "1.0.0"}),
        _msg("comm_open", {"target_name": "jupyter.widget", "comm_id": "c", "data": {}}, {"version": "1.0.0"}),
        _msg("comm_msg", {"comm_id": "c", "data": {}}),
        _msg("comm_msg", {"comm_id": "c", "data": {"method": "zzz"}}),
        _msg("comm_msg", {"comm_id": "c"}),
        _msg("comm_msg", {"data": {"method": "custom"}}),
        _msg("comm_msg", {"comm_id": "x" * 101, "data": {"method": "custom"}}),
        _msg("comm_msg", {"comm_id": "w", "data": {"method": "update", "state": [1]}}),
        _msg("comm_msg", {"comm_id": "w", "data": {"method": "update", "state": {}, "buffer_paths": "x"}}),
        _msg("comm_close", {}),
        _msg("comm_close", None) .replace('"content": {}', '"content": []'),
        _msg("comm_info_request", {"target_name": 5}),
        json.dumps({"header": {"msg_type": 5}, "content": {}}),
    ]
    for m in bad:
        reason = conn._refusal(m)
        assert reason is not None and "\n" not in reason and len(reason) < 200, m


# ---- the kernel: a malformed control comm message is answered with nothing ------------------------

class _FakeComm:
    def __init__(self) -> None:
        self.closed, self.sent, self.callback = False, [], None

    def close(self, *a, **k):
        self.closed = True

    def on_msg(self, callback):
        self.callback = callback

    def send(self, data=None, buffers=None, **k):
        self.sent.append(data)


def test_the_control_comm_drops_a_malformed_message_with_one_line_in_the_servers_log():
    from ipywidgets.widgets.widget import Widget

    from cardkit_widgets import _kernel_guard

    out = io.StringIO()
    handler = _kernel_guard.install(stream=out)
    handler.count = 0
    kept = Widget._control_comm
    try:
        comm = _FakeComm()
        _kernel_guard.open_control_comm(comm, {"content": {"data": {}}, "metadata": {}})  # the review's message
        assert comm.closed and comm.callback is None
        comm = _FakeComm()
        _kernel_guard.open_control_comm(comm, {"content": {"data": {}}, "metadata": {"version": "1.0.0"}})
        assert not comm.closed and comm.callback is not None
        for bad in ({}, {"content": {}}, {"content": {"data": {}}}, {"content": {"data": {"method": "zzz"}}},
                    {"content": {"data": []}}):
            comm.callback(bad)  # raised KeyError / RuntimeError in ipywidgets' own handler
        assert comm.sent == []
        comm.callback({"content": {"data": {"method": "request_states"}}, "buffers": []})
        assert comm.sent and comm.sent[-1]["method"] == "update_states"
        # the comm layer's own exception logs: one line, no traceback, not to the page
        try:
            raise KeyError("method")
        except KeyError:
            logging.getLogger("Comm").error("Exception in comm_msg for %s", "c", exc_info=True)
        lines = out.getvalue().splitlines()
        assert len(lines) == 7
        assert all(line.startswith("cardkit: a page's widget message was refused") for line in lines)
        assert "Traceback" not in out.getvalue() and lines[-1].endswith("(KeyError)")
    finally:
        handler.stream = None
        Widget._control_comm = kept


def test_a_page_cannot_make_its_kernel_send_without_end(monkeypatch):
    """Issue 32's attack pass: ``request_states`` 48 times a second (0.2 MB in) made the kernel
    send 55 MB back. A kernel answers at most STATE_REQUESTS_PER_MINUTE of them a minute, and
    while it has sent its pages more than PAGE_OUT_BYTES_PER_MINUTE in the minute, their
    messages wait."""
    from cardkit import serving

    clock = _Clock()
    monkeypatch.setattr(serving.time, "monotonic", clock)
    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})
    conn = _connection_class("k-states")()
    ask = _msg("comm_msg", {"comm_id": "c", "data": {"method": "request_states"}})
    passed = 0
    for _ in range(48 * 60):  # a minute of the attack
        clock.now += 1 / 48
        passed += conn._refusal(ask) is None
    assert passed <= serving.STATE_REQUESTS_BURST + serving.STATE_REQUESTS_PER_MINUTE
    assert passed >= 1  # a page's own request goes through
    # the kernel sends its pages more than a minute's allowance: their next message waits
    card = _msg("comm_msg", {"comm_id": "w", "data": {"method": "custom", "content": {"kind": "card", "card": "QH"}}})
    clock.now += 60
    assert conn._refusal(card) is None
    conn.budget_of("k-states", clock.now).spend_out(serving.PAGE_OUT_BYTES_BURST + 1, clock.now)
    assert "MiB a minute" in conn._refusal(card)
    clock.now += 5
    assert conn._refusal(card) is None  # refilled a little: it goes on


def test_text_buffers_in_a_json_message_are_dropped(monkeypatch):
    """Issue 32's attack pass: ``"buffers": ["AAAA"]`` in a text frame reached the server's send
    and raised there (an uncaught TypeError traceback in the log, 6 MB a minute of them)."""
    from cardkit import serving

    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})
    conn = _connection_class("k-buffers")()
    plain = json.loads(_msg("kernel_info_request"))
    assert conn._refusal(json.dumps(plain)) is None
    plain["buffers"] = ["AAAA"]
    assert conn._refusal(json.dumps(plain)) == "not a kernel message"


def test_a_page_that_never_reads_is_closed(monkeypatch):
    """Issue 32's attack pass: connections that never read made the server hold what the
    kernel sent them (230 -> 573 MB in 40 s); past MAX_UNSENT_BYTES unread the page is closed."""
    from types import SimpleNamespace

    from cardkit import serving

    monkeypatch.setattr(serving.LessonKernelConnection, "_budgets", {})
    closed, passed = [], []
    monkeypatch.setattr(serving.ZMQChannelsWebsocketConnection, "handle_outgoing_message",
                        lambda self, stream, msg: passed.append(msg))
    stream = SimpleNamespace(_total_write_index=1000, _total_write_done_index=0)
    handler = SimpleNamespace(ws_connection=SimpleNamespace(stream=stream), close=lambda code, reason: closed.append(code))

    class Unread(_connection_class("k-unread")):
        websocket_handler = handler  # a plain attribute here (no traitlets' type check)
        log = SimpleNamespace(warning=lambda *a: None)

    conn = Unread()
    conn.handle_outgoing_message("iopub", [b"x" * 100])
    assert passed and not closed
    stream._total_write_index = serving.MAX_UNSENT_BYTES + 1
    conn.handle_outgoing_message("iopub", [b"x" * 100])
    assert closed == [1013] and len(passed) == 1


def test_a_closed_pages_task_error_is_one_line_in_the_log():
    """Issue 32's attack pass (29,500 "Task exception was never retrieved … WebSocketClosedError"
    tracebacks, 20 MB of the hub's log) and issue 33, item 10 (the lesson server's log had them
    when a tab navigated away): one line each, the first 20 and then every 1,000th."""
    import logging
    import sys

    from tornado.websocket import WebSocketClosedError

    from cardkit.serving import CLOSED_PAGE_LINES, ClosedPageFilter

    f = ClosedPageFilter()
    try:
        raise WebSocketClosedError()
    except WebSocketClosedError:
        info = sys.exc_info()
    kept = []
    for _ in range(2500):
        r = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "Task exception was never retrieved", (), info)
        if f.filter(r):
            kept.append(r)
    assert len(kept) == CLOSED_PAGE_LINES + 2  # the 1,000th and the 2,000th
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in kept)
    other = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "something else", (), None)
    assert f.filter(other) and other.getMessage() == "something else"

"""What the lesson servers run inside Voila and Jupyter Server: a class's safety settings.

Loaded only by the servers (``cardkit-lessons``, ``cardkit-hub``'s learners' servers, plain
``voila`` run from the repository folder, Binder), never by ``import cardkit``: this module
imports Jupyter Server and tornado.

* :class:`BoundedKernelManager`: at most ``max_kernels`` kernels in one server (one
  learner's server under ``cardkit-hub``; the one person's under ``cardkit-lessons``). A new
  page beyond the cap first ends the oldest kernel that has had no page connected for
  ``evict_after`` seconds (a tab closed without saying so); when every kernel is in use the
  page says, in one line, to close a lesson and reload (HTTP 503), and no kernel starts.
* :func:`prelaunch_hook` (``VoilaConfiguration.prelaunch_hook``), run by Voila for every
  page before its kernel starts: cells tagged ``teacher-only`` are removed from the
  notebook *before it is executed* (Voila's own tag removal applies to the page only, so a
  teacher-only code cell ran in the learner's kernel and, with progressive rendering, its
  output showed), and the ``_xsrf`` cookie is set, so that the page's own "shut my kernel
  down" call sent when the tab closes (``navigator.sendBeacon`` with the cookie's value,
  voila issue 1458) is accepted and the closed page's kernel ends at once.
* :class:`ReadOnlyContentsManager`: the lessons can be read, never written, renamed or
  deleted through the file API (HTTP 403).

``cardkit-lessons`` loads these through ``cardkit/serving/voila_config/voila.py``
(:func:`configure_voila`); the learners' servers of ``cardkit-hub`` through the config that
``hub_cli.singleuser_server_config`` and ``hub_cli.SINGLEUSER_CONFIG_PY`` write, which also
limits the messages a page may send a kernel to ``lessons_cli.KERNEL_MESSAGE_TYPES`` (no
``execute_request``: nobody runs code of their own through a kernel's websocket; Voila's
own app uses exactly that list). Plain ``voila lessons/`` and Binder load them through the
copy of that ``voila.py`` (and, for Binder, the server config) that
``python -m cardkit.serving_setup`` writes into a Jupyter config folder.

* :func:`page_config_hook` (``VoilaConfiguration.page_config_hook``) and
  :func:`drop_cdn_links` (called by the prelaunch hook): the page asks no CDN for MathJax or
  Font Awesome, so it works in a room without internet access.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import re
import time
from typing import Any, ClassVar

import nbformat
from jupyter_client.jsonutil import json_default
from jupyter_server.files.handlers import FilesHandler
from jupyter_server.services.config.manager import ConfigManager
from jupyter_server.services.contents.checkpoints import AsyncCheckpoints
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError
from traitlets import Float, Integer, default

from cardkit.core.errors import log_thinned

from .lessons_cli import DEFAULT_MAX_KERNELS, KERNEL_MESSAGE_TYPES, REMOVED_CELL_TAGS

EVICT_AFTER = 20.0  # seconds without a connected page before a kernel may make room for a new page
#: Websocket close codes of a page that has gone for good: 1000 (normal) and 1001 (going away:
#: Chromium's code when a tab closes or leaves for another page). Its kernel makes room at once.
NORMAL_CLOSE_CODES = (1000, 1001)

FULL_MESSAGE = (
    "{n} lessons are open already, the most one person may have at once. "
    "Close a lesson you are not using, then reload this page."
)


class BoundedKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with a cap on kernels (``max_kernels``).

    Starting a kernel while ``max_kernels`` run first shuts down the oldest kernel with no
    page connected for at least ``evict_after`` seconds, or whose last page closed its
    websocket normally (:meth:`note_page_closed`; any time); if none can go, it raises
    ``tornado.web.HTTPError(503)`` whose message (:data:`FULL_MESSAGE`) Voila shows as the
    page. Config: ``BoundedKernelManager.max_kernels`` (kernels, >= 1) and
    ``BoundedKernelManager.evict_after`` (seconds).
    """

    max_kernels = Integer(DEFAULT_MAX_KERNELS, config=True, help="kernels at most in this server")
    evict_after = Float(EVICT_AFTER, config=True,
                        help="seconds a kernel must have had no page connected before it can make room")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._unconnected_since: dict[str, float] = {}
        # Kernels whose last page closed its websocket normally (its tab closed, or it went to
        # another page): nothing reconnects to them, so they make room at once.
        self._page_gone: set[str] = set()
        # One start at a time: a kernel still starting is not yet in list_kernel_ids(), so
        # pages asked for at once would each have seen room for themselves (the attacker's
        # 12 requests in parallel got 12 kernels past a cap of 3).
        self._start_lock = asyncio.Lock()

    def _idle_since(self, kernel_id: str) -> float | None:
        """When ``kernel_id`` last had no page connected (monotonic seconds), or None if one is."""
        if self._kernel_connections.get(kernel_id, 0) > 0:
            self._unconnected_since.pop(kernel_id, None)
            return None
        return self._unconnected_since.setdefault(kernel_id, time.monotonic())

    def note_page_closed(self, kernel_id: str, close_code: int | None) -> None:
        """Called by :class:`LessonKernelConnection` as a page's websocket to ``kernel_id``
        closes, before :meth:`notify_disconnect`: ``close_code`` is the code of the page's
        close frame (None: the connection broke without one). A normal close (1000, or 1001
        "going away": the tab closed or left for another page) marks the kernel as one whose
        page has gone for good, which may make room for a new page at once once no other
        page is connected; a broken connection (the page may reconnect) waits ``evict_after``."""
        if close_code in NORMAL_CLOSE_CODES:
            self._page_gone.add(kernel_id)
        else:
            self._page_gone.discard(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._unconnected_since[kernel_id] = time.monotonic()

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        self._page_gone.discard(kernel_id)

    async def _make_room(self) -> None:
        now = time.monotonic()
        waiting = []
        for kernel_id in list(self.list_kernel_ids()):
            since = self._idle_since(kernel_id)
            if since is not None and (kernel_id in self._page_gone or now - since >= self.evict_after):
                waiting.append((since, kernel_id))
        for _since, kernel_id in sorted(waiting):
            if len(self.list_kernel_ids()) < self.max_kernels:
                return
            self.log.info("cardkit: ending kernel %s (no page for %.0f s%s) to make room", kernel_id, now - _since,
                          ", its page closed" if kernel_id in self._page_gone else "")
            await self.shutdown_kernel(kernel_id)
            self._unconnected_since.pop(kernel_id, None)
        if len(self.list_kernel_ids()) >= self.max_kernels:
            self.log.warning("cardkit: refused a kernel: %d running, at most %d", len(self.list_kernel_ids()),
                             self.max_kernels)
            message = FULL_MESSAGE.format(n=len(self.list_kernel_ids()))
            raise web.HTTPError(503, message, reason=message)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:
            return str(await super().start_kernel(*args, **kwargs))
        async with self._start_lock:
            await self._make_room()
            new_id = await super().start_kernel(*args, **kwargs)
            self._unconnected_since[new_id] = time.monotonic()
        return str(new_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
        self._unconnected_since.pop(kernel_id, None)
        self._page_gone.discard(kernel_id)
        LessonKernelConnection.forget_kernel(kernel_id)  # its pages' budget (defined below)


class NoCheckpoints(AsyncCheckpoints):
    """No checkpoints at all: none listed, none made or restored (HTTP 403). Jupyter's own
    file checkpoints would live in one ``/tmp/jupyter_checkpoints`` folder shared by every
    learner's server when the lessons folder is read-only."""

    async def create_checkpoint(self, contents_mgr: Any, path: str) -> Any:
        raise web.HTTPError(403, "The lessons are read-only.")

    async def restore_checkpoint(self, contents_mgr: Any, checkpoint_id: str, path: str) -> Any:
        raise web.HTTPError(403, "The lessons are read-only.")

    async def rename_checkpoint(self, checkpoint_id: str, old_path: str, new_path: str) -> Any:
        raise web.HTTPError(403, "The lessons are read-only.")

    async def delete_checkpoint(self, checkpoint_id: str, path: str) -> Any:
        raise web.HTTPError(403, "The lessons are read-only.")

    async def list_checkpoints(self, path: str) -> list[Any]:
        return []

    async def rename_all_checkpoints(self, old_path: str, new_path: str) -> Any:
        raise web.HTTPError(403, "The lessons are read-only.")

    async def delete_all_checkpoints(self, path: str) -> Any:
        return None


class ReadOnlyContentsManager(AsyncLargeFileManager):
    """Jupyter Server's file manager with every write refused (HTTP 403): saving, creating,
    copying, renaming and deleting files or folders, and checkpoints (:class:`NoCheckpoints`).

    Reading is unchanged but for the lesson notebooks: a notebook read through the file API
    (``api/contents``, ``/files/``, ``/nbconvert/``, and Voila's own reading) comes without
    its cells tagged :data:`~cardkit.lessons_cli.REMOVED_CELL_TAGS` (the teacher's notes
    and answers), as a notebook or as its JSON text. ``/files/`` is served through this
    manager (Jupyter's ``FilesHandler``), not straight from the disk.
    """

    @default("checkpoints_class")
    def _checkpoints_class_default(self) -> type:
        return NoCheckpoints

    @default("files_handler_class")
    def _files_handler_class_default(self) -> type:
        return FilesHandler

    async def get(self, path: str, content: bool = True, type: str | None = None,
                  format: str | None = None, require_hash: bool = False) -> Any:
        model = await super().get(path, content=content, type=type, format=format, require_hash=require_hash)
        if content and model.get("content") is not None and str(path).endswith(".ipynb"):
            strip_notebook_model(model)
        return model

    @staticmethod
    def _refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise web.HTTPError(403, "The lessons are read-only.")

    async def save(self, model: Any, path: str = "") -> Any:
        self._refuse()

    async def delete_file(self, path: str) -> Any:
        self._refuse()

    async def rename_file(self, old_path: str, new_path: str) -> Any:
        self._refuse()

    async def create_checkpoint(self, path: str) -> Any:
        self._refuse()

    async def restore_checkpoint(self, checkpoint_id: str, path: str) -> Any:
        self._refuse()

    async def delete_checkpoint(self, checkpoint_id: str, path: str) -> Any:
        self._refuse()


def strip_notebook_model(model: dict[str, Any]) -> dict[str, Any]:
    """Remove, in place, the teacher-only cells from a contents model of a notebook: a
    ``"notebook"`` model's notebook, or a ``"file"`` model's JSON text (format ``"text"`` or
    ``"base64"``); a file that is not a notebook's JSON is left as it is. Returns ``model``."""
    if model.get("type") == "notebook":
        remove_tagged_cells(model["content"])
        return model
    raw = model.get("content")
    if not isinstance(raw, str):
        return model
    try:
        text = base64.b64decode(raw).decode("utf-8") if model.get("format") == "base64" else raw
        notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    except Exception:  # noqa: BLE001 - not a notebook's JSON: nothing to strip
        return model
    text = json.dumps(remove_tagged_cells(notebook), indent=1, ensure_ascii=False, default=json_default) + "\n"
    if model.get("format") == "base64":
        text = base64.b64encode(text.encode("utf-8")).decode("ascii")
    model["content"] = text
    model.pop("hash", None)
    return model


class ReadOnlyConfigManager(ConfigManager):
    """Jupyter Server's front-end config (``api/config/<section>``) read-only: a page's
    ``PUT`` or ``PATCH`` is refused (HTTP 403) instead of writing, without bound, a JSON file
    into the learner's home."""

    def set(self, section_name: str, data: Any) -> Any:
        raise web.HTTPError(403, "The lesson settings cannot be changed from a page.")

    def update(self, section_name: str, new_data: Any) -> Any:
        raise web.HTTPError(403, "The lesson settings cannot be changed from a page.")


#: The comms a lesson page may open in its kernel: the widgets' control comm, through which
#: the page asks for the widgets' states. Every widget is made by the lesson's own code; a
#: page that opened ``jupyter.widget`` comms itself made the kernel build any number of
#: widget models (the attacker filled 380 MB).
PAGE_COMM_TARGETS = ("jupyter.widget.control",)
#: The major version of the widgets' control protocol the page's ``comm_open`` carries in
#: ``metadata.version`` (ipywidgets 8: "1.0.0"); ipywidgets raises on any other.
CONTROL_PROTOCOL_MAJOR = "1"
#: The methods of a widget comm message a page sends (ipywidgets 8 and anywidget):
#: a state update, a state request, a custom message (the card table's actions), and on
#: the control comm, the request for every widget's state.
PAGE_COMM_METHODS = ("update", "request_state", "custom", "request_states")
MAX_COMM_ID = 100  # characters: a comm id is a 32-character uuid

# What real pages send their kernel (issue 32; benchmarks/page_bytes.py: the websocket frames
# a page sent, in Chromium, classroom settings, load 0.7-3.8): opening a play page, the deal
# editor or an exercise page, 4 messages, 1.2 KB; a card, bid or control click about 0.35 KB;
# a whole deal, Variety 14 clicks 4.9 KB, Warsaw Hearts 9 clicks 3.2 KB, Armenian Durak 19
# clicks 6.7 KB; an exercise's answer 0.3 KB. The largest by far is the deal editor's "Open a
# set", whose file rides in one message: a set of 500 boards (deal_sets.MAX_BOARDS) as PBN
# was one message of 189 KB (Armenian Durak's text form computes to 186 KB). So a message is
# at most 256 KiB (that set with a third to spare), and a kernel takes at most 1 MiB a minute
# from its pages, all of it at once if need be: five such sets, or some 200 whole deals, in
# a minute (a learner plays one in a minute or two). The review's flood (45 messages a
# second of 240 KB, 11 MB a second) now gets 4 messages a minute through.
MAX_PAGE_MESSAGE_BYTES = 256 * 1024
PAGE_BYTES_PER_MINUTE = 1024 * 1024  # per kernel, over all its pages' connections
PAGE_BYTES_BURST = 1024 * 1024  # at once
MAX_PAGE_COMM_OPENS = 4  # per connection (the page opens one)
PAGE_RATE = 50.0  # messages a second a kernel's pages may send, on average
PAGE_BURST = 400  # at once (a page's first messages, a held arrow key)
# What a kernel's answers to its pages may come to: a page's message that makes the kernel
# send much (``request_states`` answers with every widget's state: 0.2 MB of requests
# brought back 55 MB in the attack pass of issue 32) is dropped while the kernel has sent its
# pages more than this in the last minute (a play page's first screen is about 0.2 MB, a whole
# deal's updates well under 2 MB).
PAGE_OUT_BYTES_PER_MINUTE = 32 * 1024 * 1024
PAGE_OUT_BYTES_BURST = 32 * 1024 * 1024
STATE_REQUESTS_PER_MINUTE = 6  # ``request_states`` (every widget's state) a kernel answers; a page sends one
STATE_REQUESTS_BURST = 6
#: A page that has not read this much of what its kernel sent it is closed (it reconnects,
#: and is sent the states again): a connection that never reads made the server hold
#: hundreds of MB (issue 32's attack pass: 230 -> 573 MB in 40 s).
MAX_UNSENT_BYTES = 16 * 1024 * 1024
#: Kernels whose budgets a server keeps at most (one server runs a handful of kernels; a
#: budget is dropped when its kernel ends, and a full one may be forgotten at any time).
MAX_KERNEL_BUDGETS = 1024


class ClosedPageFilter(logging.Filter):
    """A logging filter for the ``asyncio`` logger: a task that failed only because its page's
    websocket had closed (``WebSocketClosedError``, ``StreamClosedError``: a tab closed or
    navigated away, a page that stopped reading) is logged as one line, the first
    :data:`CLOSED_PAGE_LINES` times and then every 1,000th, instead of a traceback each (the
    attack pass of issue 32 left 29,500 such tracebacks, about 20 MB, in the hub's log;
    issue 33, item 10: the lesson server's log had them when a tab navigated away). Other
    records pass unchanged."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, (WebSocketClosedError, StreamClosedError)):
            return True
        self.count += 1
        if not log_thinned(self.count, CLOSED_PAGE_LINES):
            return False
        record.msg = "cardkit: a page's websocket had closed (%d so far): %s"
        record.args = (self.count, type(exc).__name__)
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


CLOSED_PAGE_LINES = 20
_CLOSED_PAGE_FILTER = ClosedPageFilter()


def quiet_closed_pages() -> None:
    """Install :class:`ClosedPageFilter` on the ``asyncio`` and ``tornado`` loggers (once)."""
    for name in ("asyncio", "tornado.application", "tornado.general"):
        log = logging.getLogger(name)
        if _CLOSED_PAGE_FILTER not in log.filters:
            log.addFilter(_CLOSED_PAGE_FILTER)


class PageBudget:
    """What the pages of one kernel may still send: two token buckets, messages (refilled
    at :data:`PAGE_RATE` a second, up to :data:`PAGE_BURST`) and bytes (refilled at
    :data:`PAGE_BYTES_PER_MINUTE` a minute, up to :data:`PAGE_BYTES_BURST`).

    :param now: the time, in seconds of a monotonic clock.
    """

    def __init__(self, now: float) -> None:
        self.messages = float(PAGE_BURST)
        self.bytes = float(PAGE_BYTES_BURST)
        self.out_bytes = float(PAGE_OUT_BYTES_BURST)
        self.state_requests = float(STATE_REQUESTS_BURST)
        self.last = now

    def refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.last)
        self.messages = min(float(PAGE_BURST), self.messages + elapsed * PAGE_RATE)
        self.bytes = min(float(PAGE_BYTES_BURST), self.bytes + elapsed * PAGE_BYTES_PER_MINUTE / 60.0)
        self.out_bytes = min(float(PAGE_OUT_BYTES_BURST), self.out_bytes + elapsed * PAGE_OUT_BYTES_PER_MINUTE / 60.0)
        self.state_requests = min(float(STATE_REQUESTS_BURST),
                                  self.state_requests + elapsed * STATE_REQUESTS_PER_MINUTE / 60.0)
        self.last = now

    def full(self, now: float) -> bool:
        """Whether this budget is as it starts (so forgetting it changes nothing)."""
        self.refill(now)
        return (self.messages >= PAGE_BURST and self.bytes >= PAGE_BYTES_BURST
                and self.out_bytes >= PAGE_OUT_BYTES_BURST and self.state_requests >= STATE_REQUESTS_BURST)

    def take(self, size: int, now: float) -> str | None:
        """Spend one message of ``size`` bytes: None when the budget allows it, else the
        reason it does not (and nothing is spent)."""
        self.refill(now)
        if self.messages < 1.0:
            return f"more than {PAGE_RATE:.0f} messages a second"
        if self.bytes < size:
            return f"more than {PAGE_BYTES_PER_MINUTE // 1024:,} KiB a minute to one kernel"
        if self.out_bytes < 0:
            return f"the kernel sent its pages more than {PAGE_OUT_BYTES_PER_MINUTE // 2**20} MiB a minute"
        self.messages -= 1.0
        self.bytes -= size
        return None

    def take_state_request(self, now: float) -> str | None:
        """Spend one ``request_states`` (the kernel answers with every widget's state): None
        when allowed, else the reason (nothing spent)."""
        self.refill(now)
        if self.state_requests < 1.0:
            return f"more than {STATE_REQUESTS_PER_MINUTE} requests for every widget's state a minute"
        self.state_requests -= 1.0
        return None

    def spend_out(self, size: int, now: float) -> None:
        """Count ``size`` bytes the kernel sent its pages (they are sent; the pages' next
        messages wait while the minute's allowance is spent)."""
        self.refill(now)
        self.out_bytes -= size


def _comm_refusal(msg_type: str, content: Any, metadata: Any) -> str | None:
    """Why a comm message of a page is not one a lesson page sends (None: it is one)."""
    if not isinstance(content, dict):
        return f"a {msg_type} without content"
    if msg_type == "comm_info_request":
        target = content.get("target_name")
        return None if target is None or (isinstance(target, str) and len(target) <= 100) else "a bad comm_info_request"
    comm_id = content.get("comm_id")
    if not isinstance(comm_id, str) or not 0 < len(comm_id) <= MAX_COMM_ID:
        return f"a {msg_type} without a comm id"
    if msg_type == "comm_close":
        return None
    data = content.get("data")
    if not isinstance(data, dict):
        return f"a {msg_type} without data"
    if msg_type == "comm_open":
        target = content.get("target_name")
        if target not in PAGE_COMM_TARGETS:
            return f"a comm_open for {str(target)[:40]!r} (a page may open only {', '.join(PAGE_COMM_TARGETS)})"
        version = metadata.get("version") if isinstance(metadata, dict) else None
        if not isinstance(version, str) or version.split(".")[0] != CONTROL_PROTOCOL_MAJOR:
            return "a comm_open without the widgets' control protocol version"
        return None
    method = data.get("method")
    if method not in PAGE_COMM_METHODS:
        return f"a comm_msg of method {str(method)[:40]!r}"
    if method == "update" and not isinstance(data.get("state"), dict):
        return "a widget update without a state"
    if "buffer_paths" in data and not isinstance(data["buffer_paths"], list):
        return "a widget message with bad buffer paths"
    return None


class LessonKernelConnection(ZMQChannelsWebsocketConnection):
    """The kernel websocket of a lesson page, which passes on to the kernel only what a lesson
    page sends: messages of the allowed types (the kernel manager's
    ``allowed_message_types``, checked by Jupyter Server) of at most
    :data:`MAX_PAGE_MESSAGE_BYTES` bytes, within the kernel's :class:`PageBudget` (at most
    :data:`PAGE_RATE` messages a second, bursts of :data:`PAGE_BURST`, and
    :data:`PAGE_BYTES_PER_MINUTE` bytes a minute, bursts of :data:`PAGE_BYTES_BURST`, over
    all the connections of one kernel: a page may open several), ``comm_open`` only for
    :data:`PAGE_COMM_TARGETS` with the control protocol's version, at most
    :data:`MAX_PAGE_COMM_OPENS` times a connection, and comm messages only of the shape the
    widgets send (a comm id; ``data`` an object whose ``method`` is one of
    :data:`PAGE_COMM_METHODS`; an update's ``state`` an object). Anything else is dropped
    and logged (a warning: the first 20 of a connection, then every 1,000th); the page's
    other messages go on. Config: ``ServerApp.kernel_websocket_connection_class`` (and
    ``Voila.kernel_websocket_connection_class`` for standalone Voila)."""

    #: kernel id -> its pages' budget (shared by every connection of this server)
    _budgets: ClassVar[dict[str, PageBudget]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        quiet_closed_pages()  # a closed page's websocket: one log line, not a traceback
        self._comm_opens = 0
        self._dropped = 0

    @classmethod
    def budget_of(cls, kernel_id: str, now: float) -> PageBudget:
        """The budget of ``kernel_id``'s pages (made when first asked). At most
        :data:`MAX_KERNEL_BUDGETS` are kept: past it, the full ones (as if new) are
        forgotten, then the least recently used."""
        budgets = cls._budgets
        budget = budgets.pop(kernel_id, None)
        if budget is None:
            if len(budgets) >= MAX_KERNEL_BUDGETS:
                for key in [k for k, b in budgets.items() if b.full(now)]:
                    del budgets[key]
                while len(budgets) >= MAX_KERNEL_BUDGETS:
                    del budgets[next(iter(budgets))]
            budget = PageBudget(now)
        budgets[kernel_id] = budget  # the most recently used last
        return budget

    @classmethod
    def forget_kernel(cls, kernel_id: str) -> None:
        """Drop the budget of a kernel that has ended."""
        cls._budgets.pop(kernel_id, None)

    def _refusal(self, incoming: Any) -> str | None:
        size = len(incoming)
        if size > MAX_PAGE_MESSAGE_BYTES:
            return f"a message of {size} bytes (at most {MAX_PAGE_MESSAGE_BYTES})"
        now = time.monotonic()
        over = self.budget_of(str(self.kernel_id), now).take(size, now)
        if over is not None:
            return over
        try:
            header, content, metadata = self._header_and_content(incoming)
        except Exception:  # noqa: BLE001 - anything unreadable is not a page's message
            return "not a kernel message"
        msg_type = header.get("msg_type") if isinstance(header, dict) else None
        if not isinstance(msg_type, str):
            return "not a kernel message"
        if msg_type.startswith("comm_"):
            reason = _comm_refusal(msg_type, content, metadata)
            if reason is not None:
                return reason
            data = content.get("data") if isinstance(content, dict) else None
            if msg_type == "comm_msg" and isinstance(data, dict) and data.get("method") == "request_states":
                over = self.budget_of(str(self.kernel_id), now).take_state_request(now)
                if over is not None:
                    return over
        if msg_type == "comm_open":
            self._comm_opens += 1
            if self._comm_opens > MAX_PAGE_COMM_OPENS:
                return f"more than {MAX_PAGE_COMM_OPENS} comm_open messages"
        return None

    def _header_and_content(self, incoming: Any) -> tuple[Any, Any, Any]:
        """The message's header, and for a comm message its content and metadata (else None)."""
        if self.subprotocol == "v1.kernel.websocket.jupyter.org":
            from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

            _channel, parts = deserialize_msg_from_ws_v1(incoming)
            header = self.session.unpack(parts[0])
            if isinstance(header, dict) and str(header.get("msg_type", "")).startswith("comm_"):
                return header, self.session.unpack(parts[3]), self.session.unpack(parts[2])
            return header, None, None
        if isinstance(incoming, bytes):
            from jupyter_server.services.kernels.connection.base import deserialize_binary_message

            msg = deserialize_binary_message(incoming)
        else:
            msg = json.loads(incoming)
            if msg.get("buffers"):  # binary buffers come in binary frames; as JSON text they broke
                raise ValueError("buffers in a text message")  # the server's send (a traceback)
        return msg["header"], msg.get("content"), msg.get("metadata")

    def disconnect(self) -> None:  # type: ignore[override]  # sync in ZMQChannelsWebsocketConnection
        """Tell the kernel manager how the page closed (the close frame's code, see
        :meth:`BoundedKernelManager.note_page_closed`), then disconnect as Jupyter Server does."""
        note = getattr(self.multi_kernel_manager, "note_page_closed", None)
        if callable(note):
            code = getattr(getattr(self, "websocket_handler", None), "close_code", None)
            self.log.debug("cardkit: a page's websocket to kernel %s closed (code %s)", self.kernel_id, code)
            note(str(self.kernel_id), code if isinstance(code, int) else None)
        super().disconnect()

    def handle_outgoing_message(self, stream: str, outgoing_msg: list[Any]) -> None:
        """Count what the kernel sends its pages (:meth:`PageBudget.spend_out`), and close a
        page that has left more than :data:`MAX_UNSENT_BYTES` of it unread."""
        try:
            size = sum(len(part) for part in outgoing_msg)
        except TypeError:
            size = 0
        now = time.monotonic()
        self.budget_of(str(self.kernel_id), now).spend_out(size, now)
        unsent = self._unsent_bytes()
        if unsent > MAX_UNSENT_BYTES:
            self.log.warning("cardkit: closed a page that left %d bytes of its kernel's messages unread", unsent)
            handler = getattr(self, "websocket_handler", None)
            if handler is not None:
                handler.close(1013, "too much unread")
            return
        super().handle_outgoing_message(stream, outgoing_msg)

    def _unsent_bytes(self) -> int:
        """Bytes written to this page's websocket and not yet sent (tornado's stream)."""
        stream = getattr(getattr(getattr(self, "websocket_handler", None), "ws_connection", None), "stream", None)
        try:
            return int(stream._total_write_index - stream._total_write_done_index)  # type: ignore[union-attr]
        except (AttributeError, TypeError):
            return 0

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        reason = self._refusal(incoming_msg)
        if reason is not None:
            self._dropped += 1
            if log_thinned(self._dropped):
                self.log.warning("cardkit: dropped a page's kernel message (%d so far): %s", self._dropped, reason)
            return
        super().handle_incoming_message(incoming_msg)


def remove_tagged_cells(notebook: Any, tags: tuple[str, ...] = REMOVED_CELL_TAGS) -> Any:
    """Remove, in place, the cells of ``notebook`` (an nbformat notebook) that carry any of
    ``tags`` in ``metadata.tags``; return the notebook."""
    notebook.cells = [cell for cell in notebook.cells
                      if not set(cell.get("metadata", {}).get("tags", ())) & set(tags)]
    return notebook


def prelaunch_hook(req: web.RequestHandler, notebook: Any, cwd: str) -> Any:
    """``VoilaConfiguration.prelaunch_hook``: run for each page before its kernel starts.

    Removes the teacher-only cells before execution (:func:`remove_tagged_cells`), sets
    the page's ``_xsrf`` cookie (reading ``req.xsrf_token`` sets it), which the page's
    close-time shutdown call carries, and keeps the page from asking a CDN for Font Awesome
    (:func:`drop_cdn_links`). Returns the notebook.
    """
    req.xsrf_token  # noqa: B018 - tornado sets the _xsrf cookie when the token is first read
    drop_cdn_links(req)
    return remove_tagged_cells(notebook)


# The stylesheet links Voila 0.5's templates write to Font Awesome on cdn.jsdelivr.net (the
# "lab" page: fontawesome-free 5 all.min.css and v4-shims.min.css; error pages: font-awesome
# 4.5). Voila's own voila.js already carries Font Awesome 5 with its fonts, served by the
# server itself, and no lesson uses an icon, so the links only make every page ask a CDN
# (which fails, slowly, in a classroom without internet access).
_CDN_LINK = re.compile(r"""[ \t]*<link\b[^>]*\bhref=["']https?://cdn\.jsdelivr\.net/[^>]*>[ \t]*\n?""", re.I)


#: The lessons' page rules for a narrow screen (issue 33, item 5: a learner at 390x844 saw tables
#: cut at the right edge with no sign they scroll, a dropdown read "trur"), written into every
#: lesson page's <head> by :func:`drop_cdn_links`: a table (markdown or a widget's HTML) scrolls
#: sideways inside its own box, with a thin scrollbar and a shadow at the edge that hides
#: more; a row of controls (ipywidgets' HBox) wraps instead of running off the screen;
#: figures and boxes shrink to the page's width. The page itself never scrolls sideways.
#:
#: On a screen 700 px wide or less a table's cells keep a readable width (issue 33: at 390 px
#: a table squeezed itself to the screen, one word per line, "dealer South; contract 5; …" in
#: nine lines of 63 px): a cell of words is at least 8 em wide, so a wide
#: table is wider than the screen and scrolls instead; a cell aligned right or centred (a
#: number, a score) takes its own width on one line. Where the browser has scroll-driven
#: animations (Chromium 115+, Safari 26), a table that scrolls says so: its hidden edge fades
#: out, and a line under it reads "⇆ slide the table sideways to see more" until the end is
#: reached; a table that fits shows neither (the edge shadows stay for other browsers).
#: A collapsed part (``<details>``, "How we know") shows its summary as a link-coloured line.
PAGE_CSS = """
.jp-RenderedHTMLCommon table, .widget-html-content table, .widget-htmlmath-content table {
  display: block; width: max-content; max-width: 100%; overflow-x: auto;
  scrollbar-width: thin; scrollbar-color: #8a8a8a #e8e8e8;
  background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 24px 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 24px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.3), rgba(0,0,0,0)) left / 10px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.3), rgba(0,0,0,0)) right / 10px 100% no-repeat scroll;
}
.jp-RenderedHTMLCommon pre, .widget-html-content pre { max-width: 100%; overflow-x: auto; }
@media (max-width: 700px) {
  :is(.jp-RenderedHTMLCommon, .widget-html-content, .widget-htmlmath-content) :is(td, th) { min-width: 8em; }
  :is(.jp-RenderedHTMLCommon, .widget-html-content, .widget-htmlmath-content) :is(td, th):is([align],
      [style*="text-align:right"], [style*="text-align: right"], [style*="text-align:center"],
      [style*="text-align: center"]) { min-width: 0; white-space: nowrap; }
}
@supports (animation-timeline: scroll()) {
  :is(.jp-RenderedHTMLCommon, .widget-html-content, .widget-htmlmath-content) table {
    animation: cardkit-table-fade linear both; animation-timeline: scroll(self inline);
  }
  :is(.jp-RenderedHTMLCommon, .widget-html-content, .widget-htmlmath-content) table::after {
    content: ""; display: block; position: sticky; left: 0; width: max-content;
    font-size: 85%; font-weight: normal; color: #555; padding: 2px 0;
    animation: cardkit-table-says linear both; animation-timeline: scroll(nearest inline);
  }
}
@keyframes cardkit-table-fade {
  0% { mask-image: linear-gradient(to left, transparent, #000 2.5em); }
  1%, 99% { mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent); }
  100% { mask-image: linear-gradient(to right, transparent, #000 2.5em); }
}
@keyframes cardkit-table-says {
  0%, 99% { content: "⇆ slide the table sideways to see more"; }
  100% { content: ""; }
}
.jp-RenderedHTMLCommon details > summary, .widget-html-content details > summary {
  cursor: pointer; color: #1a5fb4; margin: 0.3em 0;
}
.jp-RenderedHTMLCommon svg, .jp-RenderedHTMLCommon img, .jp-RenderedSVG svg, .jp-RenderedImage img,
.widget-html-content svg, .widget-html-content img { max-width: 100%; height: auto; }
.widget-html, .widget-htmlmath, .widget-html-content, .widget-htmlmath-content { min-width: 0; max-width: 100%; }
.widget-hbox { flex-wrap: wrap; max-width: 100%; }
.widget-inline-hbox { max-width: 100%; }
.jp-OutputArea-output { max-width: 100%; }
"""
_PAGE_STYLE = f'<style id="cardkit-page-css">{PAGE_CSS}</style>'


def drop_cdn_links(req: web.RequestHandler) -> None:
    """Make ``req`` (a Voila page's tornado handler) leave out the ``<link>`` tags to
    cdn.jsdelivr.net from what it writes (the page and an error page it ends with), so the
    page asks no CDN for Font Awesome, and write :data:`PAGE_CSS` in a ``<style>`` just
    before the first ``</head>`` (once). Other text is written unchanged. A ``req`` without
    a ``write`` method is left as it is."""
    write = getattr(req, "write", None)
    if not callable(write):
        return

    styled = False

    def write_without_cdn_links(chunk: Any) -> None:
        nonlocal styled
        if isinstance(chunk, bytes) and (b"cdn.jsdelivr.net" in chunk or (not styled and b"</head>" in chunk)):
            chunk = chunk.decode("utf-8")
            was_bytes = True
        else:
            was_bytes = False
        if isinstance(chunk, str):
            if "cdn.jsdelivr.net" in chunk:
                chunk = _CDN_LINK.sub("", chunk)
            if not styled and "</head>" in chunk:
                chunk = chunk.replace("</head>", _PAGE_STYLE + "</head>", 1)
                styled = True
            if was_bytes:
                chunk = chunk.encode("utf-8")
        write(chunk)

    req.write = write_without_cdn_links  # type: ignore[method-assign]


def page_config_hook(page_config: dict[str, Any], **_context: Any) -> dict[str, Any]:
    """``VoilaConfiguration.page_config_hook``: the page's config with no MathJax URL.

    Voila as a Jupyter Server extension (Binder, the hub's learners' servers) gives the page
    MathJax 3's address on cdnjs.cloudflare.com, which every page then asks for, even with no
    formula in it (standalone Voila gives none: its page asks nothing of a CDN). No lesson has
    a formula. Returns ``page_config`` with ``fullMathjaxUrl`` and ``mathjaxConfig`` None, as
    standalone Voila has them (the page loads that MathJax unless both are null).
    """
    page_config["fullMathjaxUrl"] = page_config["mathjaxConfig"] = None
    return page_config


#: the module name the configurations give for this module's classes: the folder
#: ``cardkit.serving`` answers for it (it was this module before issue 30, and config files
#: written then, as the hub's, say so)
CONFIG_NAME = "cardkit.serving"


def configure_voila(c: Any, *, max_kernels: int = DEFAULT_MAX_KERNELS) -> None:
    """Fill a Voila config ``c`` (a ``voila.py`` file's ``c``) with this module's settings."""
    c.VoilaConfiguration.prelaunch_hook = prelaunch_hook
    c.VoilaConfiguration.page_config_hook = page_config_hook
    c.VoilaConfiguration.multi_kernel_manager_class = f"{CONFIG_NAME}.BoundedKernelManager"
    c.BoundedKernelManager.max_kernels = int(max_kernels)
    c.BoundedKernelManager.allowed_message_types = list(KERNEL_MESSAGE_TYPES)
    c.Voila.kernel_websocket_connection_class = f"{CONFIG_NAME}.LessonKernelConnection"

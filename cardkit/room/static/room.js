// The teaching room's pages (cardkit/room_service.py): the lobby, a table, the teacher's page.
// One websocket per page, reconnected with backoff; every state comes from the service, which
// checks every message again. The table is the play dashboards' card table (card_table.js),
// fed through a small shim that plays the anywidget model API over the websocket.
import cardTable from "./card_table.js";

const body = document.body;
const PAGE = body.dataset.page;
const PREFIX = body.dataset.prefix;
const TABLE = body.dataset.table;
const main = document.getElementById("room-main");
const notice = document.getElementById("room-message");
const connection = document.getElementById("room-connection");
// the page's words in its language, sent once with the page by the service (cardkit/room/lang.py:
// catalog messages, {name} filled here); the English of each is the fallback
let WORDS = {};
try { WORDS = JSON.parse(document.getElementById("room-words")?.textContent || "{}"); } catch (e) { WORDS = {}; }
const LANG = document.documentElement.lang || "en";
const w = (key, fallback, vars = {}) => (WORDS[key] || fallback).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function say(text, kind = "error") {
  notice.textContent = text || "";
  notice.dataset.kind = kind;
}

// the announcement line every page shows (the teacher's, one line; none: hidden)
const announcement = document.getElementById("room-announcement");
function showAnnouncement(text) {
  if (!announcement) return;
  announcement.textContent = text ? w("announcement", "Announcement: {text}", { text }) : "";
  announcement.hidden = !text;
}

// ---- the websocket, reconnected with backoff --------------------------------------------------
// When the connection drops, the page keeps what it shows and asks the room's api/alive, with
// backoff (0.5 s doubling to 10 s), before it opens the websocket again: while the room restarts
// the hub's proxy answers 503 ("The room is restarting…" on the page, never a reload into the
// proxy's error page); a redirect to the hub's log-in, twice 2 s apart, means the log-in expired:
// only then does the page reload (to log in again; a room just restarted answers its first request
// or so with that redirect, before the hub knows its new token). A room that answers but keeps
// refusing the websocket (6 times: the page is no longer this user's, e.g. no seat at this table)
// reloads it too.
const RESTARTING = w("restarting", "The room is restarting… this page reconnects by itself when it is back.");
const MAX_DELAY_MS = 10000;
class Socket {
  constructor(path, onMessage) {
    this.path = path;
    this.onMessage = onMessage;
    this.delay = 500;
    this.failures = 0;
    this.logins = 0;        // log-in redirects in a row
    this.connect();
  }
  connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + PREFIX + this.path
      + `?lang=${encodeURIComponent(LANG)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.failures = 0;
      body.dataset.connected = "1";
      if (body.dataset.restarting === "1" && notice.textContent === RESTARTING) say("");
      body.dataset.restarting = "0";
      connection.textContent = w("connected", "connected");
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.kind === "announcement") { showAnnouncement(msg.text); return; }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      body.dataset.connected = "0";
      this.failures += 1;
      connection.textContent = w("lost", "connection lost: reconnecting…");
      this.later();
    };
  }
  later() {
    setTimeout(() => this.check(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }
  // is the room up, and is this page still logged in? (a cheap GET; never follows a redirect)
  async check() {
    let answer = "down";
    try {
      // mode no-cors: a same-origin read-only GET, which the hub's log-in takes with its cookie alone
      // (a cors-mode fetch would need the hub's XSRF token: the room would answer with the log-in)
      const r = await fetch(PREFIX + "api/alive", { mode: "no-cors", redirect: "manual", credentials: "same-origin",
        cache: "no-store" });
      if (r.type === "opaqueredirect" || r.status === 401 || r.status === 403) answer = "login";
      else if (r.ok) answer = "up";
      else if (r.status === 429) answer = "busy";
    } catch (e) { answer = "down"; }
    if (answer === "login") {
      if (++this.logins >= 2) { location.reload(); return; }
      setTimeout(() => this.check(), 2000);
      return;
    }
    this.logins = 0;
    if (answer === "up") {
      if (this.failures >= 6) { location.reload(); return; }   // the room is up and keeps refusing this page
      this.connect();
      return;
    }
    if (answer === "down") {
      body.dataset.restarting = "1";
      connection.textContent = w("restarting_short", "the room is restarting…");
      say(RESTARTING, "info");
      this.failures = 0;       // the websocket's refusals count only while the room answers
    }
    this.later();
  }
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    else say(w("not_connected", "Not connected: the page reconnects, then try again."));
  }
}

// ---- the anywidget model API over the websocket --------------------------------------------
class Model {
  constructor(send) {
    this.data = { state: {}, size: "normal", four_colour: false };
    this.handlers = {};
    this.sendMessage = send;
  }
  get(name) { return this.data[name]; }
  set(name, value) {
    const old = this.data[name];
    this.data[name] = value;
    if (old !== value) this.emit(`change:${name}`);
  }
  save_changes() {}            // the page's own traits (size) stay in the page
  on(event, f) { (this.handlers[event] ||= []).push(f); }
  off(event, f) { this.handlers[event] = (this.handlers[event] || []).filter(g => g !== f); }
  emit(event, ...args) { for (const f of this.handlers[event] || []) f(...args); }
  send(msg) { this.sendMessage(msg); }
}

function mountTable(el, send) {
  const model = new Model(send);
  cardTable.render({ model, el });
  return model;
}

// ---- the table page ---------------------------------------------------------------------------
function tablePage() {
  let version = 0;
  let leaving = false;
  const bar = h("div", { class: "room-bar" },
    h("a", { href: PREFIX, text: w("back_to_lobby", "Back to the lobby") }),
    h("button", { type: "button", class: "room-leave", text: w("leave_table", "Leave the table"),
      onclick: () => socket.send({ kind: "leave" }) }));
  const el = h("div", { class: "room-table", id: "room-table" });
  // the board's end, held (issue 34, item 11): the running total, and Next board in a self-paced set
  const totals = h("p", { class: "room-totals", id: "room-totals", role: "status" });
  const next = h("button", { type: "button", class: "room-next-board", id: "room-next-board", hidden: true,
    text: w("next_board", "Next board"), title: w("next_board_title", "Deal the next board of the set at this table"),
    onclick: () => socket.send({ kind: "next" }) });
  const paused = h("p", { class: "room-paused", id: "room-paused", role: "status", hidden: true,
    text: w("paused_line", "Paused by the teacher: play resumes when the teacher says so.") });
  main.replaceChildren(bar, paused, h("div", { class: "room-bar room-board-end" }, totals, next), el);
  let socket = null;
  const model = mountTable(el, (m) => socket.send(m));
  socket = new Socket(`ws/table/${TABLE}`, (msg) => {
    if (msg.kind === "state") {
      if (notice.textContent !== RESTARTING) say("");
      model.set("state", msg.state);
      body.dataset.turn = msg.state.your_turn ? "1" : "0";
      body.dataset.over = msg.state.over ? "1" : "0";
      body.dataset.held = msg.state.held ? "1" : "0";
      body.dataset.paused = msg.state.paused ? "1" : "0";
      body.dataset.started = msg.state.started ? "1" : "0";
      totals.textContent = msg.state.totals_line || "";
      next.hidden = !msg.state.next_allowed;
      paused.hidden = !msg.state.paused;
      body.dataset.version = String(++version);
    } else if (msg.kind === "error") {
      say(`⚠ ${msg.message}`);
      body.dataset.version = String(++version);
    } else if (msg.kind === "gone" || msg.kind === "left") {
      if (leaving) return;        // "left" and the push of "gone" both come: go to the lobby once
      leaving = true;
      say(msg.message || w("you_left", "You left the table."), "info");
      // the lobby says it again (a teacher's unseat: "The teacher gave your seat (South) ... to a bot.")
      if (msg.kind === "gone" && msg.message) {
        try { sessionStorage.setItem("cardkit-room-notice", msg.message); } catch (e) { /* private mode */ }
      }
      location.href = msg.lobby || PREFIX;
    } else if (msg.kind === "custom") {
      model.emit("msg:custom", msg.content || {});
    }
  });
  window.cardkitRoom = { socket, model };
}

// ---- the lobby ---------------------------------------------------------------------------------
function lobbyPage() {
  const list = h("section", { class: "room-tables", "aria-label": w("the_tables", "The tables") });
  const form = h("section", { class: "room-open" });
  const you = h("p", { class: "room-you" });
  main.replaceChildren(h("h2", { text: w("the_tables", "The tables") }), you, list, form);
  let built = false;
  let notice = null;
  try {
    notice = sessionStorage.getItem("cardkit-room-notice");
    sessionStorage.removeItem("cardkit-room-notice");
  } catch (e) { /* private mode */ }
  if (notice) say(notice, "info");
  const socket = new Socket("ws/lobby", (msg) => {
    if (msg.kind === "lobby") {
      body.dataset.version = String(Number(body.dataset.version) + 1);
      you.replaceChildren(msg.you
        ? h("span", {}, w("you_sit", "You sit at table {table} as {name}. ", { table: msg.you.table, name: msg.you.name }),
            h("a", { href: `${PREFIX}table/${msg.you.table}`, class: "room-go", text: w("go_to_table", "Go to your table") }), " ",
            h("button", { type: "button", text: w("leave_seat", "Leave that seat"), onclick: () => socket.send({ kind: "leave" }) }))
        : w("choose", "Choose a table and sit down."));
      list.replaceChildren(...(msg.tables.length ? msg.tables.map(t => tableRow(t, msg, socket))
        : [h("p", { text: w("no_table", "No table is open yet: the teacher opens the tables.") })]));
      if (msg.teacher && !built) { form.replaceChildren(openForm(msg.games, socket)); built = true; }
    } else if (msg.kind === "seated") {
      location.href = msg.url;
    } else if (msg.kind === "opened") {
      say(w("table_open", "Table {table} is open.", { table: msg.table }), "info");
    } else if (msg.kind === "error") {
      say(`⚠ ${msg.message}`);
    }
  });
  window.cardkitRoom = { socket };
}

function tableRow(t, msg, socket) {
  const state = t.closed ? w("state_closed", "closed") : t.over ? w("state_played_out", "played out")
    : t.paused ? w("state_paused", "paused by the teacher")
    : t.held ? w("state_held", "board over, the next one soon") : t.started ? w("state_playing", "playing")
    : w("state_not_started_yet", "not started yet");
  const seats = h("ul", { class: "room-seats" });
  for (const s of t.seats) {
    const who = s.player === null ? w("seat_free", "free") : s.player === "bot" ? w("seat_bot_free", "a bot (free)") : s.player;
    const label = s.label || s.name;
    const li = h("li", {}, h("b", { text: label }), ` · ${who} `);
    if (s.free && !msg.you && !t.closed) li.append(h("button", { type: "button", class: "room-sit",
      "data-table": t.table, "data-seat": s.name, text: w("sit_down_as", "Sit down as {name}", { name: label }),
      onclick: () => socket.send({ kind: "sit", table: t.table, seat: s.name }) }));
    seats.append(li);
  }
  return h("article", { class: "room-table-row", "data-table": t.table },
    h("h3", { text: w("row_head", "Table {table} · {title} · {state}", { table: t.table, title: t.title, state }) }),
    h("p", { class: "room-table-kind", text: w("plays", "Plays {set} with {bots}.", { set: t.set, bots: t.bots }) }),
    h("p", { text: t.free.length ? w("free_seats", "Free seats: {seats}", { seats: t.free.join(", ") })
      : w("no_free_seat", "No free seat.") }), seats);
}

function openForm(games, socket) {
  const game = h("select", { id: "room-game", "aria-label": w("game", "Game") },
    ...games.map(g => h("option", { value: g.name, text: g.title })));
  const deals = h("textarea", { id: "room-deals", rows: "2", cols: "40",
    placeholder: w("deals_placeholder", "deal codes, such as V-4821 V-17 (none: random boards)") });
  const bots = h("select", { id: "room-bots", "aria-label": w("bots", "Bots") },
    h("option", { value: "rule", text: w("rule_bots", "rule bots") }),
    h("option", { value: "expert", text: w("expert_bots", "expert bots") }),
    h("option", { value: "none", text: w("no_bots", "no bots (people only)") }));
  const pace = h("select", { id: "room-pace", "aria-label": w("after_each_board", "After each board") },
    h("option", { value: "teacher", text: w("pace_teacher", "the teacher deals the next board") }),
    h("option", { value: "self", text: w("pace_self", "self-paced: a learner presses Next") }));
  return h("div", {}, h("h2", { text: w("open_head", "Open a table (teacher)") }),
    h("label", {}, w("game", "Game") + " ", game), " ", h("label", {}, w("bots", "Bots") + " ", bots), " ",
    h("label", {}, w("after_each_board", "After each board") + " ", pace),
    h("br"), h("label", {}, w("deals_label", "Deal codes for its set") + " ", deals), h("br"),
    h("button", { type: "button", id: "room-open", text: w("open_button", "Open the table"),
      onclick: () => socket.send({ kind: "open", game: game.value, deals: deals.value, bots: bots.value,
        pace: pace.value }) }));
}

// ---- the teacher's page ---------------------------------------------------------------------
// The class at a glance (issue 34, item 3): a compact grid of every table at the top (game,
// board, whose turn, time since the last action, a warning on a table held up by one person);
// a click opens that table large below it. The class's own controls above: Next board for all
// tables, pause and resume every table, the announcement every page shows.
function teacherPage() {
  const boxes = {};      // table id -> {box, model, traveller, scores, cell, line}
  let opened = null;     // the table shown large
  const list = h("section", { class: "room-teacher-tables", id: "room-teacher-tables" });
  const grid = h("div", { class: "room-grid", id: "room-overview", role: "list", "aria-label": w("every_table", "Every table") },
    h("p", { class: "room-grid-empty", text: w("grid_empty", "No table is open yet: open one from the lobby.") }));
  const replay = h("section", { class: "room-replay", id: "room-replay", hidden: true });
  const learners = h("section", { class: "room-learners", id: "room-learners" },
    h("p", { text: w("no_answers", "No learner has answered an exercise or a problem yet.") }));
  const session = sessionSection();
  let socket = null;
  const open = (table) => {
    opened = opened === table ? null : table;
    for (const [id, b] of Object.entries(boxes)) {
      b.box.hidden = id !== opened;
      b.cell.setAttribute("aria-pressed", id === opened ? "true" : "false");
    }
    if (opened) boxes[opened].box.scrollIntoView({ block: "nearest" });
  };
  main.replaceChildren(h("h2", { text: w("the_class", "The class") }), classControls((m) => socket.send(m)), grid,
    list, replay, session.box, h("h2", { text: w("learners_head", "What each learner did in the lessons") }), learners);
  socket = new Socket("ws/teacher", (msg) => {
    if (msg.kind === "teacher") {
      body.dataset.version = String(Number(body.dataset.version) + 1);
      for (const t of msg.tables) {
        if (!boxes[t.table]) {
          boxes[t.table] = teacherBox(t, socket, list);
          boxes[t.table].cell = overviewCell(t.table, () => open(t.table));
          boxes[t.table].box.hidden = opened !== t.table;
          grid.querySelector(".room-grid-empty")?.remove();
          grid.append(boxes[t.table].cell);
        }
        const b = boxes[t.table];
        b.line = t.overview ? { ...t.overview, received: Date.now(), title: t.title, closed: t.closed } : null;
        showCell(b);
        b.pause.textContent = t.overview && t.overview.paused ? w("resume", "Resume") : w("pause", "Pause");
        b.pause.dataset.paused = t.overview && t.overview.paused ? "1" : "0";
        b.pace.value = t.overview ? t.overview.pace : "teacher";
        const state = t.closed ? w("state_closed", "closed") : t.over ? w("state_played_out", "played out")
          : t.started ? w("state_playing", "playing") : w("state_not_started", "not started");
        b.head.textContent = t.code
          ? w("teacher_head_board", "Table {table} · {title} · {state} · board {number} (deal code {code}) · {set}, {bots}",
            { table: t.table, title: t.title, state, number: t.number, code: t.code, set: t.set, bots: t.bots })
          : w("teacher_head", "Table {table} · {title} · {state} · {set}, {bots}",
            { table: t.table, title: t.title, state, set: t.set, bots: t.bots });
        b.start.hidden = t.started || t.closed;
        b.seatBar.hidden = b.closeTable.hidden = t.closed;
        const labels = t.labels || t.names;
        b.seatChoice.replaceChildren(...t.names.flatMap((n, s) => t.seats[s] === null || t.seats[s] === "bot"
          ? [h("option", { value: n, text: labels[s] })] : []));
        b.people.replaceChildren(...t.seats.flatMap((p, s) => p === null || p === "bot" ? [] : [
          unseatButton(t.names[s], p, () => socket.send({ kind: "unseat", table: t.table, seat: t.names[s] }), labels[s])]));
        b.waiting = t.waiting ? { ...t.waiting, received: Date.now() } : null;
        showIdle(b, socket, t.table);
        b.model.set("state", t.state);
        b.traveller.replaceChildren(travellerTable(t));
        b.scores.replaceChildren(...t.scores.map(s => h("button", { type: "button", class: "room-replay-board",
          text: w("replay_board", "Replay board {board} ({code})", { board: s.board, code: s.code }),
          onclick: () => socket.send({ kind: "replay", table: t.table, board: s.board }) })));
      }
      if (msg.learners) learners.replaceChildren(learnersTable(msg.learners));
      if (msg.session) showSession(session, msg.session);
    } else if (msg.kind === "answers") {
      learners.replaceChildren(learnersTable(msg.learners));
    } else if (msg.kind === "replay") {
      showReplay(replay, msg);
    } else if (msg.kind === "error") {
      say(`⚠ ${msg.message}`);
    } else if (msg.kind === "opened") {
      say(w("table_open", "Table {table} is open.", { table: msg.table }), "info");
    } else if (msg.kind === "info") {
      say(msg.message, "info");
    } else if (msg.kind === "announced") {
      say(msg.text ? w("announced", "Announced to every page: {text}", { text: msg.text })
        : w("taken_down", "The announcement is taken down."), "info");
    }
  });
  // the idle lines and the grid's times grow while nothing is pushed
  setInterval(() => {
    for (const [table, b] of Object.entries(boxes)) { showIdle(b, socket, table); showCell(b); }
  }, 5000);
  window.cardkitRoom = { socket, open };
}

function classControls(send) {
  const text = h("input", { type: "text", id: "room-announce-text", size: "40", maxlength: "300",
    placeholder: w("announce_placeholder", "one line every page of the room shows"),
    "aria-label": w("announce_label", "Announcement") });
  return h("div", { class: "room-class" },
    h("div", { class: "room-bar" },
      h("button", { type: "button", id: "room-next-all", text: w("next_all", "Next board for all tables"),
        title: w("next_all_title", "Deal the next board at every table whose board is over (a table still playing is left to finish)"),
        onclick: () => send({ kind: "next_all" }) }),
      h("button", { type: "button", id: "room-pause-all", text: w("pause_all", "Pause all tables"),
        onclick: () => send({ kind: "pause_all", paused: true }) }),
      h("button", { type: "button", id: "room-resume-all", text: w("resume_all", "Resume all tables"),
        onclick: () => send({ kind: "pause_all", paused: false }) })),
    h("div", { class: "room-bar" }, text,
      h("button", { type: "button", id: "room-announce", text: w("announce", "Announce"),
        onclick: () => send({ kind: "announce", text: text.value }) }),
      h("button", { type: "button", id: "room-announce-clear", text: w("take_down", "Take it down"),
        onclick: () => { text.value = ""; send({ kind: "announce", text: "" }); } })));
}

function overviewCell(table, onclick) {
  return h("button", { type: "button", class: "room-cell", role: "listitem", "data-table": table,
    "aria-pressed": "false", title: w("open_large", "Open this table large"), onclick });
}

const clockText = (seconds) => {
  const s = Math.max(0, Math.floor(seconds));
  return s < 3600 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`
    : w("clock_hours", "{h} h {min} min", { h: Math.floor(s / 3600), min: Math.floor((s % 3600) / 60) });
};

// one table in the grid: "T2 · Warsaw Hearts", "board 2 of 3", "South (ann) to play", "1:05 since the last action"
function showCell(b) {
  const o = b.line;
  if (!o || !b.cell) return;
  const since = o.since === null ? null : o.since + (Date.now() - o.received) / 1000;
  const state = o.closed ? "closed" : o.paused ? "paused" : o.over ? "over" : o.held ? "held" : o.started ? "playing" : "waiting";
  const words = { closed: w("cell_closed", "closed"), paused: w("cell_paused", "paused by you"),
    over: w("cell_over", "set played out"), held: w("cell_held", "board over: waits for Next"),
    playing: w("cell_playing", "playing"), waiting: w("cell_waiting", "not started") }[state];
  const board = o.board === null ? w("no_board_yet", "no board yet")
    : o.set_size ? w("board_of", "board {position} of {size}", { position: o.position, size: o.set_size })
    : w("board_at", "board {position}", { position: o.position });
  const turn = o.turn ? w("to_act", "{seat} ({player}) to act", { seat: o.turn_label || o.turn,
    player: o.player === "bot" ? w("a_bot", "a bot") : o.player || w("empty", "empty") }) : "";
  const wt = o.waiting;
  const waited = wt ? wt.seconds + (Date.now() - o.received) / 1000 : 0;
  const warn = wt && waited >= wt.idle_after && !o.paused;
  const lines = [h("b", { text: `${o.table} · ${o.title}` }), h("span", { class: "room-cell-state", text: words }),
    h("span", { text: board + (turn ? ` · ${turn}` : "") }),
    h("span", { class: "room-cell-since", text: since === null ? ""
      : w("since", "{clock} since the last action", { clock: clockText(since) }) })];
  if (warn) lines.push(h("span", { class: "room-cell-warn", text: w("waiting_for", "⚠ waiting for {user} ({name}) for {min} min",
    { user: wt.user, name: wt.label || wt.name, min: Math.floor(waited / 60) }) }));
  const key = lines.map(x => x.textContent).join("|");
  if (b.cell.dataset.key === key) return;
  b.cell.dataset.key = key;
  b.cell.dataset.state = state;
  b.cell.dataset.warn = warn ? "1" : "0";
  b.cell.replaceChildren(...lines);
}

function unseatButton(name, user, onclick, label = name) {
  return h("button", { type: "button", class: "room-unseat", "data-seat": name, "data-user": user,
    title: w("unseat_title", "Take this learner out of the seat: a bot plays it (a table without bots waits for a player)"),
    text: w("unseat", "Unseat {user} ({name})", { user, name: label }), onclick });
}

// "South (eve) has not played for 2 min" once the person to act has waited for idle_after seconds
function showIdle(b, socket, table) {
  const wt = b.waiting;
  const seconds = wt ? wt.seconds + (Date.now() - wt.received) / 1000 : 0;
  if (!wt || seconds < wt.idle_after) {
    if (!b.idle.hidden) { b.idle.hidden = true; b.idle.replaceChildren(); }
    return;
  }
  const minutes = Math.floor(seconds / 60);
  const text = w("idle", "{name} ({user}) has not played for {min} min", { name: wt.label || wt.name, user: wt.user, min: minutes });
  if (!b.idle.hidden && b.idle.dataset.text === text) return;
  b.idle.dataset.text = text;
  b.idle.hidden = false;
  b.idle.replaceChildren(h("span", { text: `${text} ` }),
    unseatButton(wt.name, wt.user, () => socket.send({ kind: "unseat", table, seat: wt.name }), wt.label || wt.name));
}

function teacherBox(t, socket, list) {
  const head = h("h3", {});
  const send = (kind, extra = {}) => socket.send({ kind, table: t.table, ...extra });
  const deals = h("input", { type: "text", size: "30", placeholder: w("deals_new_set", "deal codes for a new set"),
    "aria-label": w("deal_codes", "Deal codes") });
  const start = h("button", { type: "button", class: "room-start", text: w("start", "Start"), onclick: () => send("start"),
    title: w("start_title", "Deal the first board. A table starts once a person sits at it: the bots play beside people, never alone") });
  const pause = h("button", { type: "button", class: "room-pause", text: w("pause", "Pause"),
    onclick: () => send("pause", { paused: pause.dataset.paused !== "1" }) });
  const pace = h("select", { class: "room-pace", "aria-label": w("who_deals", "Who deals the next board"),
    onchange: () => send("pace", { pace: pace.value }) },
    h("option", { value: "teacher", text: w("pace_teacher_each", "the teacher deals each next board") }),
    h("option", { value: "self", text: w("pace_self", "self-paced: a learner presses Next") }));
  const learner = h("input", { type: "text", size: "12", class: "room-seat-learner",
    placeholder: w("learner_name", "learner's name"), "aria-label": w("learner_to_seat", "The learner to seat") });
  const seatChoice = h("select", { class: "room-seat-choice", "aria-label": w("the_seat", "The seat") });
  const seatBar = h("div", { class: "room-bar room-seat-bar" }, w("seat_learner", "Seat a learner: "), learner,
    w("at", " at "), seatChoice,
    h("button", { type: "button", class: "room-seat", text: w("seat", "Seat"),
      onclick: () => send("seat", { seat: seatChoice.value, learner: learner.value.trim() }) }));
  const closeTable = h("button", { type: "button", class: "room-close-table", text: w("close_table", "Close the table"),
    title: w("close_table_title", "Everyone leaves it and nothing more is played there; its results stay"),
    onclick: () => { if (confirm(w("close_confirm", "Close table {table}? Everyone at it leaves their seat.", { table: t.table }))) send("close"); } });
  const controls = h("div", { class: "room-bar" }, start,
    h("button", { type: "button", class: "room-next", text: w("next_board", "Next board"), onclick: () => send("next_board") }),
    h("button", { type: "button", class: "room-undo", text: w("undo", "Undo"), onclick: () => send("undo") }), pause, pace,
    deals, h("button", { type: "button", text: w("play_set", "Play this set"), onclick: () => send("set_deals", { deals: deals.value }) }),
    closeTable,
    h("button", { type: "button", class: "room-close", text: w("close", "Close"), title: w("close_title", "Back to the grid of every table"),
      onclick: () => window.cardkitRoom.open(t.table) }));
  const people = h("div", { class: "room-bar room-people", "aria-label": w("people", "The learners at this table") });
  const idle = h("p", { class: "room-idle", role: "status", hidden: true });
  const el = h("div", { class: "room-table" });
  const traveller = h("div", { class: "room-traveller" });
  const scores = h("div", { class: "room-scores" });
  const box = h("article", { class: "room-teacher-table", "data-table": t.table }, head, controls, seatBar, people, idle, el,
    h("h4", { text: w("traveller_head", "The traveller of this board (every table that played it)") }), traveller, scores);
  list.append(box);
  // the teacher's card table shows every hand and sends nothing
  const model = mountTable(el, () => say(w("teacher_no_play", "The teacher's view of a table does not play: the learners do.")));
  return { box, head, start, pause, pace, model, traveller, scores, people, idle, waiting: null, seatBar, seatChoice,
    closeTable };
}

function travellerTable(t) {
  if (!t.traveller.length) return h("p", { text: w("no_traveller", "No table has finished this board yet.") });
  const rows = t.traveller.map(r => h("tr", { "data-table": r.table },
    h("td", { text: r.table }), h("td", { text: String(r.board) }), h("td", { text: r.players.join(", ") }),
    h("td", { text: contractText(r) }),
    h("td", { text: r.returns.join(" / ") }),
    h("td", { class: "room-mp", text: (r.matchpoints || []).map(percent).join(" / ") })));
  return h("table", { class: "room-traveller-table" },
    h("thead", {}, h("tr", {}, ...[w("col_table", "Table"), w("col_board", "Board"), w("col_players", "Players"),
      w("col_contract", "Contract"), w("col_points", "Points per seat"), w("col_mp", "Matchpoints")].map(x => h("th", { text: x })))),
    h("tbody", {}, ...rows));
}

// "3 (South and North declare)": a traveller row's contract and its declarers
function contractText(r) {
  if (!r.contract) return "";
  if (!r.declarers.length) return `${r.contract}`;
  const declarers = r.declarers.length === 2 ? w("and", "{first} and {second}", { first: r.declarers[0], second: r.declarers[1] })
    : r.declarers.join(" and ");
  return w("declare", "{contract} ({declarers} declare)", { contract: r.contract, declarers });
}

// ---- the session (issue 34): every board's traveller with matchpoints, the ranking, exports --------
const percent = (mp) => (mp === null || mp === undefined) ? "–"
  : w("percent", "{mp} %", { mp: LANG === "en" ? Math.round(mp * 10) / 10 : String(Math.round(mp * 10) / 10).replace(".", ",") });

function sessionSection() {
  const links = h("p", { class: "room-bar room-session-links" },
    h("a", { href: `${PREFIX}export/results.csv`, download: "room-results.csv", class: "room-export-results",
      text: w("download_results", "Download the results (CSV)") }),
    h("a", { href: `${PREFIX}export/answers.csv`, download: "room-answers.csv", class: "room-export-answers",
      text: w("download_answers", "Download the lesson answers (CSV)") }),
    h("a", { href: `${PREFIX}records`, target: "_blank", class: "room-records-all",
      text: w("records_all", "Hand records of every board played") }));
  const sets = h("span", { class: "room-records-sets" });
  links.append(sets);
  const ranking = h("div", { class: "room-ranking", id: "room-ranking" });
  const boards = h("div", { class: "room-session-boards", id: "room-session-boards" },
    h("p", { text: w("no_board_finished", "No board has been finished yet.") }));
  const box = h("section", { class: "room-session", id: "room-session" },
    h("h2", { text: w("session_head", "This session: every board played") }),
    h("p", { class: "room-session-help", text: w("session_help", "Matchpoints compare each seat's points with the same seat's "
      + "points at every other table that played the same board: 1 for each table beaten, half for a tie, "
      + "as a percentage. A board played at one table only has none (–).") }),
    links, h("h3", { text: w("ranking_head", "Ranking (average matchpoints)") }), ranking, boards);
  return { box, ranking, boards, sets };
}

function showSession(s, session) {
  s.sets.replaceChildren(...session.tables.map(t => h("a", { href: `${PREFIX}records?table=${encodeURIComponent(t.table)}`,
    target: "_blank", class: "room-records-set", "data-table": t.table,
    text: w("records_set", "Hand records of table {table}'s set", { table: t.table }) })));
  s.ranking.replaceChildren(...(session.rankings.length ? session.rankings.map(rankingTable)
    : [h("p", { text: w("no_learner_finished", "No learner has finished a board yet.") })]));
  s.boards.replaceChildren(...(session.boards.length ? session.boards.map(sessionBoard)
    : [h("p", { text: w("no_board_finished", "No board has been finished yet.") })]));
}

function rankingTable(r) {
  const rows = r.rows.map(x => h("tr", { "data-player": x.player },
    h("td", { text: x.rank === null ? "–" : String(x.rank) }), h("td", { text: x.player }),
    h("td", { text: percent(x.matchpoints) }), h("td", { text: String(x.boards) }),
    h("td", { text: String(x.compared) })));
  return h("table", { class: "room-ranking-table", "data-game": r.game },
    h("caption", { text: r.title }),
    h("thead", {}, h("tr", {}, ...[w("col_rank", "Rank"), w("col_learner", "Learner"),
      w("col_mp_average", "Matchpoints (average)"), w("col_boards_played", "Boards played"),
      w("col_boards_compared", "Boards compared")].map(x => h("th", { text: x })))),
    h("tbody", {}, ...(rows.length ? rows : [h("tr", {}, h("td", { colspan: "5", text: w("only_bots", "Only bots so far.") }))])));
}

function sessionBoard(b) {
  const rows = b.rows.map(r => h("tr", { "data-table": r.table },
    h("td", { text: r.table }), h("td", { text: String(r.board) }), h("td", { text: r.players.join(", ") }),
    h("td", { text: contractText(r) }),
    h("td", { text: r.returns.join(" / ") }), h("td", { class: "room-mp", text: r.matchpoints.map(percent).join(" / ") })));
  return h("article", { class: "room-session-board", "data-code": b.code },
    h("h4", { text: b.head || `Board ${b.code} · ${b.title} · played at ${b.rows.length} table${b.rows.length === 1 ? "" : "s"}` }),
    h("table", { class: "room-session-traveller" },
      h("thead", {}, h("tr", {}, ...[w("col_table", "Table"), w("col_board", "Board"), w("col_players", "Players"),
        w("col_contract", "Contract"), w("col_points_of", "Points ({names})", { names: b.names.join(" / ") }),
        w("col_mp", "Matchpoints")].map(x => h("th", { text: x })))),
      h("tbody", {}, ...rows)));
}

// what each learner did: exercises right and wrong per rules section, problems solved and points lost
function learnersTable(summary) {
  const names = Object.keys(summary);
  if (!names.length) return h("p", { text: w("no_answers", "No learner has answered an exercise or a problem yet.") });
  const points = (p) => `${Math.round(p * 10) / 10} point${p === 1 ? "" : "s"} lost`;
  const rows = names.map(name => {
    const who = summary[name];
    const ex = Object.entries(who.exercises).map(([sec, c]) => h("li", { "data-section": sec,
      text: w("section_line", "{section}: {right} right, {wrong} wrong",
        { section: sec ? `§${sec}` : w("no_section", "no section"), right: c.right, wrong: c.wrong }) }));
    const pr = Object.entries(who.problems).map(([lesson, c]) => h("li", { "data-lesson": lesson,
      text: w("problems_line", "{lesson}: {solved} of {answered} solved, {lost}", { lesson: lesson || w("a_problem_set", "a problem set"),
        solved: c.solved, answered: c.answered, lost: c.lost || points(c.points_lost) }) }));
    return h("tr", { "data-learner": name }, h("td", { text: name }),
      h("td", {}, ex.length ? h("ul", { class: "room-learner-list" }, ...ex) : "—"),
      h("td", {}, pr.length ? h("ul", { class: "room-learner-list" }, ...pr) : "—"));
  });
  return h("table", { class: "room-traveller-table room-learners-table" },
    h("thead", {}, h("tr", {}, ...[w("col_learner", "Learner"), w("col_exercises", "Exercises (rules section)"),
      w("col_problems", "Problems")].map(x => h("th", { text: x })))),
    h("tbody", {}, ...rows));
}

function showReplay(box, msg) {
  let k = msg.steps.length - 1;
  box.hidden = false;
  const line = h("p", { class: "room-replay-line" });
  const hands = h("div", { class: "room-replay-hands" });
  const show = () => {
    const step = msg.steps[k];
    line.textContent = step.action ? w("step", "Step {k} of {n}: {action}", { k, n: msg.steps.length - 1, action: step.action })
      : w("step_deal", "Step {k} of {n}: the deal", { k, n: msg.steps.length - 1 });
    hands.replaceChildren(...msg.names.map((n, s) => h("div", {}, h("b", { text: `${n}: ` }),
      step.hands[s].map(c => c.replace(/^T/, "10").replace(/^([AKQJ])/, (m) => w(`rank_${m}`, m))).join(" ") || "—")));
  };
  box.replaceChildren(h("h3", { text: w("replay_head", "Replay: table {table}, board {board} ({code})",
      { table: msg.table, board: msg.board, code: msg.code }) }),
    h("div", { class: "room-bar" },
      h("button", { type: "button", text: w("replay_start", "⏮ Start"), onclick: () => { k = 0; show(); } }),
      h("button", { type: "button", text: w("replay_back", "◀ Back"), onclick: () => { k = Math.max(0, k - 1); show(); } }),
      h("button", { type: "button", text: w("replay_forward", "Forward ▶"), onclick: () => { k = Math.min(msg.steps.length - 1, k + 1); show(); } }),
      h("button", { type: "button", text: w("replay_end", "End ⏭"), onclick: () => { k = msg.steps.length - 1; show(); } })),
    line, hands,
    h("ol", { class: "room-replay-actions" }, ...msg.steps.slice(1).map(s => h("li", { text: s.action }))));
  show();
}

if (PAGE === "table") tablePage();
else if (PAGE === "teacher") teacherPage();
else lobbyPage();

// CardTable: the card table of the cardkit play dashboards (anywidget ES module).
// The Python side sends one JSON state (model "state"); this module draws it and sends the
// learner's actions back as custom messages. No rule is worked out here: the legal cards
// and the reason each other card is refused come from the Python side (the engine).

const SIZE_FROM_URL = () => {
  try { return new URLSearchParams(window.location.search).get("size") === "large"; }
  catch (e) { return false; }
};
const REDUCED = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function cardFace(card, extra = "") {
  // a white card: the rank and suit in a corner, a large suit in the middle
  return h("span", { class: `ckt-card ckt-s-${card.suit} ${extra}`, "data-card": card.id },
    h("span", { class: "ckt-corner", "aria-hidden": "true" },
      h("span", { class: "ckt-rank", text: card.rank }), h("span", { class: "ckt-sym", text: card.sym })),
    h("span", { class: "ckt-pip", "aria-hidden": "true", text: card.sym }));
}

function cardBack(extra = "") {
  return h("span", { class: `ckt-card ckt-back ${extra}`, "aria-hidden": "true" });
}

function render({ model, el }) {
  const root = h("div", { class: "ckt" });
  el.append(root);
  const fromUrl = SIZE_FROM_URL();
  if (fromUrl && model.get("size") !== "large") {
    model.set("size", "large");
    model.save_changes();
  }
  const ctl = {};          // control name -> its element (built once, updated in place)
  let localStatus = null;  // a refusal said at once in the page, until the kernel answers
  let lastTrickKey = "";
  let seenTrick = new Set();
  let focusKey = null;
  let pointed = null;      // the legal card of the hand last hovered or focused (sent with the Hint button)
  let autoFocus = false;   // the table itself moves the focus back after a redraw
  // the Hint was pressed: the next change of the status line is scrolled into view if it is off
  // the screen (a phone: the Hint's answer lands below the buttons, out of sight)
  let revealStatus = false, lastStatus = null;
  // Where the mouse was when the table was last drawn: a card drawn under a pointer that has
  // not moved since gets mouse events from the browser (a redraw), not from the learner, and is
  // not "pointed at" (issue 33: the Hint compared with a card the learner never chose).
  let mouseAt = null, mouseAtDraw = null;
  document.addEventListener("mousemove", (ev) => { mouseAt = { x: ev.screenX, y: ev.screenY }; }, { passive: true });
  const movedSinceDraw = (ev) => !mouseAtDraw || ev.screenX !== mouseAtDraw.x || ev.screenY !== mouseAtDraw.y;

  const send = (msg) => model.send(msg);
  // the page's own words in the table's language: the state's "words" (from the Python side's
  // message catalog, cardkit/i18n.py), English when a state has none; {name} filled from vars
  const tw = (key, fallback, vars = {}) => {
    const t = ((model.get("state") || {}).words || {})[key] || fallback;
    return t.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  };
  const countText = (seat) => seat.count_text || `${seat.count} card${seat.count === 1 ? "" : "s"} in hand`;

  // ---- controls --------------------------------------------------------------------------
  function sendValue(name) {
    const e = ctl[name];
    if (!e) return;
    const input = e.querySelector("input");
    if (input) send({ kind: "control", name, value: input.value });
  }

  function buildControl(c) {
    let e;
    if (c.kind === "button") {
      e = h("button", { class: "ckt-btn", type: "button", onclick: () => {
        // the boxes' text goes first, so "New deal" and "Load" read what was typed
        for (const n of Object.keys(ctl)) if (ctl[n].dataset.kind === "int" || ctl[n].dataset.kind === "text") {
          const i = ctl[n].querySelector("input"); if (i && i.dataset.dirty) { sendValue(n); delete i.dataset.dirty; }
        }
        const msg = { kind: "control", name: c.name };
        // the Hint (the button that sends the card pointed at): its answer comes in the status
        // line, shown even on a phone (other buttons leave the page where it is: a keyboard
        // learner's place in the tab order must not move)
        if (ctl[c.name].dataset.pointer) revealStatus = true;
        if (ctl[c.name].dataset.pointer && pointed) msg.card = pointed;
        send(msg);
      } });
    } else if (c.kind === "toggle") {
      e = h("button", { class: "ckt-btn ckt-toggle", type: "button", onclick: () => {
        send({ kind: "control", name: c.name, value: !(e.getAttribute("aria-pressed") === "true") });
      } });
    } else if (c.kind === "int" || c.kind === "text") {
      // maxlength: card_table.py's MAX_CONTROL_TEXT (the kernel drops a longer value unread)
      const input = h("input", { type: "text", inputmode: c.kind === "int" ? "numeric" : "text",
        class: "ckt-input", maxlength: "1000", oninput: () => { input.dataset.dirty = "1"; },
        onkeydown: (ev) => {
          if (ev.key !== "Enter") return;
          sendValue(c.name); delete input.dataset.dirty;
          // Enter presses the box's button (the code box's Load), if the page shows it enabled
          const b = e.dataset.enter ? ctl[e.dataset.enter] : null;
          if (b && !b.hidden && !b.disabled) send({ kind: "control", name: e.dataset.enter });
        },
        onchange: () => { sendValue(c.name); delete input.dataset.dirty; } });
      e = h("label", { class: "ckt-field" }, h("span", { class: "ckt-label" }), input);
    } else if (c.kind === "choice") {
      e = h("fieldset", { class: "ckt-choice" }, h("legend", {}));
    } else if (c.kind === "list") {
      e = h("div", { class: "ckt-list", role: "group" }, h("div", { class: "ckt-list-head" }), h("div", { class: "ckt-list-items" }));
    } else {
      e = h("div", { class: "ckt-html" });
    }
    e.dataset.kind = c.kind;
    e.dataset.name = c.name;
    ctl[c.name] = e;
    return e;
  }

  function updateControl(c) {
    const e = ctl[c.name] || buildControl(c);
    e.hidden = !!c.hidden;
    e.className = e.className.split(" ").filter(x => !x.startsWith("cardkit-") && !x.startsWith("ck-")).join(" ");
    for (const k of c.classes || []) e.classList.add(k);
    if (c.tooltip) e.title = c.tooltip; else e.removeAttribute("title");
    if (c.kind === "button" || c.kind === "toggle") {
      if (c.pointer) e.dataset.pointer = "1"; else delete e.dataset.pointer;
      e.textContent = c.description;
      e.disabled = !!c.disabled;
      if (c.kind === "toggle") e.setAttribute("aria-pressed", c.value ? "true" : "false");
    } else if (c.kind === "int" || c.kind === "text") {
      e.querySelector(".ckt-label").textContent = c.description;
      const input = e.querySelector("input");
      input.disabled = !!c.disabled;
      if (c.enter) e.dataset.enter = c.enter; else delete e.dataset.enter;
      if (c.placeholder) input.placeholder = c.placeholder;
      if (document.activeElement !== input && !input.dataset.dirty) input.value = c.value === null ? "" : String(c.value);
    } else if (c.kind === "choice") {
      const legend = e.querySelector("legend");
      legend.textContent = c.description;
      const key = JSON.stringify(c.options);
      if (e.dataset.options !== key) {
        e.querySelectorAll("label").forEach(x => x.remove());
        c.options.forEach(([label, i]) => {
          const r = h("input", { type: "radio", name: `ckt-${c.name}-${Math.random().toString(36).slice(2)}`,
            value: String(i), onchange: () => send({ kind: "control", name: c.name, value: i }) });
          e.append(h("label", { class: "ckt-radio" }, r, h("span", { text: label })));
        });
        e.dataset.options = key;
      }
      e.querySelectorAll("input").forEach(r => { r.checked = Number(r.value) === c.value; r.disabled = !!c.disabled; });
    } else if (c.kind === "list") {
      const head = e.querySelector(".ckt-list-head");
      head.textContent = c.description;
      e.setAttribute("aria-label", c.description);
      const items = e.querySelector(".ckt-list-items");
      // a paired list (How did I do?'s): each row also has the other list's button (Try it again)
      const st = model.get("state") || {};
      const other = c.again ? (st.controls || {})[c.again] : null;
      const pair = other && !other.hidden ? other : null;
      const key = JSON.stringify([c.options, pair ? pair.options : null]);
      if (e.dataset.options !== key) {
        items.replaceChildren(...c.options.map(([label, i]) => {
          const item = h("button", { type: "button", class: "ckt-btn ckt-list-item",
            "data-key": `${c.name}-${i}`, text: label, onclick: () => send({ kind: "control", name: c.name, value: i }) });
          const again = pair && pair.options[i];
          if (!again) return item;
          return h("div", { class: "ckt-list-row" }, item, h("button", { type: "button", class: "ckt-btn ckt-again",
            "data-key": `${pair.name}-${i}`, "aria-label": again[0],
            title: tw("again_title", "{what} (practice: not scored)", { what: again[0] }),
            text: again[0].split(":")[0], onclick: () => send({ kind: "control", name: pair.name, value: i }) }));
        }));
        e.dataset.options = key;
      }
      items.querySelectorAll(".ckt-list-item").forEach((b, i) => {
        b.disabled = !!c.disabled;
        if (i === c.value) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current");
      });
      items.querySelectorAll(".ckt-again").forEach((b) => { b.disabled = !pair || !!pair.disabled; });
    } else {
      e.innerHTML = c.value || "";
    }
    return e;
  }

  // ---- the parts -----------------------------------------------------------------------------
  function seatBox(seat, st) {
    const box = h("div", { class: `ckt-seat ckt-pos-${seat.pos}${seat.turn ? " ckt-turn" : ""}`,
      "data-seat": String(seat.seat) });
    const head = h("div", { class: "ckt-seat-name" }, h("b", { text: seat.name }),
      seat.turn ? h("span", { class: "ckt-turn-mark", text: ` ▶ ${seat.turn}` }) : null);
    box.append(head);
    if (seat.tableau) {
      // one line for the name, the notes and the hand (a fan of backs and the count), then the stacks
      head.append(seat.notes ? h("span", { class: "ckt-notes", html: ` · ${seat.notes}` }) : null);
      if (!seat.hand) {
        const fan = h("span", { class: "ckt-fan ckt-fan-inline", "aria-hidden": "true" });
        for (let i = 0; i < Math.min(seat.count, 6); i++) fan.append(cardBack("ckt-mini"));
        head.append(h("span", { class: "ckt-count", text: ` · ${countText(seat)} ` }), fan);
      }
      if (seat.hand) box.append(openHand(seat));
      box.append(tableau(seat.tableau, false, seat.name));
      return box;
    }
    if (seat.notes) box.append(h("div", { class: "ckt-notes", html: seat.notes }));
    if (seat.hand) {
      box.append(openHand(seat));
    } else if (seat.count !== null && seat.count !== undefined) {
      const fan = h("div", { class: "ckt-fan", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(seat.count, 6); i++) fan.append(cardBack("ckt-mini"));
      box.append(fan);
      box.append(h("div", { class: "ckt-count", text: countText(seat) }));
    }
    return box;
  }

  function openHand(seat) {
    // one row a suit, as a hand diagram: a suit is never split over two lines
    const row = h("div", { class: "ckt-open-hand", role: "list",
      "aria-label": tw("open_hand", "{name}'s cards (shown to all)", { name: seat.name }) });
    let suitRow = null, suit = null;
    for (const c of seat.hand) {
      if (c.suit !== suit || !suitRow) { suit = c.suit; suitRow = h("div", { class: "ckt-open-suit" }); row.append(suitRow); }
      suitRow.append(h("span", { role: "listitem", "aria-label": c.name }, cardFace(c, "ckt-mini")));
    }
    return row;
  }

  function tableau(stacks, mine, owner) {
    const row = h("div", { class: `ckt-tableau${mine ? " ckt-mine" : ""}`, role: "group",
      "aria-label": mine ? tw("my_tableau", "Your tableau") : tw("tableau", "{name}'s tableau", { name: owner }) });
    stacks.forEach((s, i) => {
      const below = s.down ? tw("below", "{n} face down below", { n: s.down }) : tw("nothing_below", "nothing below");
      const stack = h("div", { class: "ckt-stack" });
      if (s.down) stack.append(s.down_card ? cardFace(s.down_card, "ckt-under ckt-shown-down") : cardBack("ckt-under"));
      if (s.up) {
        const face = cardFace(s.up, "ckt-up");
        if (mine) makePlayable(face, s.up, s.legal, s.reason, tw("stack_mine", "stack {i}, {below}", { i: i + 1, below }));
        else face.setAttribute("aria-label", tw("stack_label", "stack {i}: {card}, {below}", { i: i + 1, card: s.up.name, below })),
          face.setAttribute("role", "img");
        stack.append(face);
      } else {
        stack.append(h("span", { class: "ckt-card ckt-empty", role: "img",
          "aria-label": tw("stack_empty", "stack {i}: empty, {below}", { i: i + 1, below }) }));
      }
      // "1 below" under a stack with a face-down card; nothing under one without ("0 below" read as noise)
      stack.append(h("div", { class: "ckt-below", "aria-hidden": "true",
        text: s.down ? tw("below_short", "{n} below", { n: s.down }) : "\u00a0",
        title: s.down ? s.below_text || `${s.down} face-down card${s.down > 1 ? "s" : ""} below` : "" }));
      row.append(stack);
    });
    return row;
  }

  function makePlayable(face, card, legal, reason, extra) {
    face.setAttribute("role", "button");
    face.setAttribute("aria-label", card.name);
    face.dataset.key = `card-${card.id}`;
    face.classList.add(legal ? "ckt-legal" : "ckt-illegal");
    face.tabIndex = -1;
    if (!legal) {
      face.setAttribute("aria-disabled", "true");
      face.title = `${card.label} (${card.name}): ${reason}`;
    } else {
      face.title = tw("legal_title", "{card} ({name}): legal, click or Enter to play", { card: card.label, name: card.name })
        + (extra ? ` (${extra})` : "");
    }
    if (legal && card.exact !== undefined && card.exact !== null) {  // the exact value (all hands shown)
      face.append(h("span", { class: "ckt-exact", "aria-hidden": "true", text: card.exact }));
      face.title += " · " + tw("exact", "exact value {value}", { value: card.exact });
    }
    face.addEventListener("click", () => play(card, legal, reason));
    if (legal) {  // the card the learner seems about to play, for the Hint button (no message)
      face.addEventListener("mousemove", (ev) => { if (movedSinceDraw(ev)) pointed = card.id; });
      face.addEventListener("focus", () => { if (!autoFocus) pointed = card.id; });
    }
    face.addEventListener("keydown", (ev) => keyOnCard(ev, card, legal, reason));
  }

  function play(card, legal, reason) {
    if (!legal) {
      localStatus = "⚠ " + tw("refused", "{card} ({name}) cannot be played: {reason}",
                              { card: card.label, name: card.name, reason });
      showStatus(model.get("state") || {});
    } else {
      localStatus = null;
    }
    focusKey = `card-${card.id}`;
    pointed = null;
    send({ kind: "card", card: card.id });
  }

  function legalCards() {
    return [...root.querySelectorAll(".ckt-hand .ckt-legal, .ckt-tableau.ckt-mine .ckt-legal")];
  }

  function keyOnCard(ev, card, legal, reason) {
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      play(card, legal, reason);
      return;
    }
    if (!keys.includes(ev.key)) return;
    ev.preventDefault();
    const all = legalCards();
    if (!all.length) return;
    let i = all.indexOf(ev.currentTarget);
    if (ev.key === "Home") i = 0;
    else if (ev.key === "End") i = all.length - 1;
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") i = i <= 0 ? all.length - 1 : i - 1;
    else i = i < 0 || i >= all.length - 1 ? 0 : i + 1;
    setRoving(all[i]);
    all[i].focus();
  }

  function setRoving(target) {
    const cards = root.querySelectorAll(".ckt-hand [role=button], .ckt-tableau.ckt-mine [role=button]");
    cards.forEach(c => { c.tabIndex = -1; });
    if (target) target.tabIndex = 0;
  }

  function trickArea(st) {
    const t = st.trick || {};
    const area = h("div", { class: `ckt-trick ckt-players-${st.players}`, role: "group", "aria-label": tw("trick", "The trick") });
    let cards = t.cards || [];
    let faded = false;
    let winner = t.winner;
    let note = t.note || "";
    if (!cards.length && t.previous && t.previous.cards.length) {
      cards = t.previous.cards; winner = t.previous.winner; faded = true;
      note = t.previous.note;
    }
    const key = JSON.stringify(cards.map(c => c.card.id)) + (faded ? "f" : "");
    const animate = !REDUCED();
    for (const c of cards) {
      const isNew = !seenTrick.has(c.card.id) && !faded;
      const slot = h("div", { class: `ckt-slot ckt-at-${c.pos}${c.seat === winner ? " ckt-won" : ""}`,
        role: "img", "aria-label": `${c.name}: ${c.card.name}${c.led ? ", " + tw("led", "led") : ""}`
          + `${c.seat === winner ? ", " + tw("wins", "wins the trick") : ""}` },
        cardFace(c.card, `${isNew && animate ? "ckt-enter-" + c.pos : ""}${faded ? " ckt-faded" : ""}`),
        h("span", { class: "ckt-slot-label", "aria-hidden": "true",
          text: (c.seat === winner ? "★ " : "") + c.short + (c.led ? " · " + tw("led", "led") : "") }));
      area.append(slot);
    }
    seenTrick = new Set(cards.map(c => c.card.id));
    const centre = h("div", { class: "ckt-centre" });
    if (st.trump) centre.append(h("div", { class: `ckt-trump ckt-s-${st.trump.suit}`,
      text: tw("trumps", "Trumps {sym}", { sym: st.trump.sym }), title: tw("trumps_title", "trumps: {name}", { name: st.trump.name }) }));
    if (t.heading) centre.append(h("div", { class: "ckt-heading", html: t.heading }));
    if (note) centre.append(h("div", { class: "ckt-note", text: note }));
    area.append(centre);
    if (winner !== null && winner !== undefined && animate && key !== lastTrickKey) {
      const wpos = (st.seats.find(s => s.seat === winner) || {}).pos;
      if (wpos) setTimeout(() => area.classList.add(`ckt-gather-${wpos}`), 350);
    }
    lastTrickKey = key;
    return area;
  }

  function panel(st) {
    const p = st.panel;
    if (!p) return null;
    const box = h("div", { class: `ckt-panel ckt-panel-${p.kind}` });
    if (p.prompt) box.append(h("div", { class: "ckt-prompt", html: p.prompt }));
    if (p.kind === "bidding") {
      if (p.record) box.append(h("div", { class: "ckt-record", html: p.record }));
      const row = h("div", { class: "ckt-bids ck-auction", role: "group", "aria-label": tw("bid_number", "Bid a number") });
      for (const b of p.numbers) {
        row.append(h("button", { type: "button", class: `ckt-btn ckt-bid${b.used ? " ckt-used" : ""}`,
          disabled: !b.legal, title: b.tooltip, text: String(b.n), "data-key": `bid-${b.n}`,
          onclick: () => send({ kind: "bid", value: b.n }) }));
      }
      if (p.active) box.append(row);
      if (p.remarks) box.append(h("div", { class: "ckt-remarks", html: p.remarks }));
    } else if (p.kind === "trump") {
      const row = h("div", { class: "ckt-fanrow", role: "group", "aria-label": tw("fan", "The dealer's fan, face down") });
      for (let i = 0; i < p.fan; i++) {
        const b = h("button", { type: "button", class: "ckt-btn ckt-pick", disabled: !p.active,
          title: tw("fan_title", "draw card {i} of the dealer's fan (face down)", { i: i + 1 }),
          "aria-label": tw("fan_label", "Draw card {i}", { i: i + 1 }), "data-key": `trump-${i}`,
          onclick: () => send({ kind: "trump", index: i }) }, cardBack("ckt-mini"),
          h("span", { text: tw("fan_card", "card {i}", { i: i + 1 }) }));
        row.append(b);
      }
      box.append(row);
    } else if (p.kind === "draw") {
      const row = h("div", { class: "ckt-drawrow", role: "group", "aria-label": tw("draw_row", "Draw a face-down card") });
      for (const s of p.stacks) {
        row.append(h("button", { type: "button", class: "ckt-btn", disabled: !s.legal, title: s.tooltip,
          "data-key": `draw-${s.stack}`,
          text: s.stack === null ? tw("no_draw", "Don't draw") : tw("stack", "Stack {i}", { i: s.stack + 1 }),
          onclick: () => send({ kind: "draw", stack: s.stack }) },
          s.exact !== undefined && s.exact !== null ? h("span", { class: "ckt-exact-inline", text: ` ${s.exact}`,
            title: tw("exact", "exact value {value}", { value: s.exact }) }) : null));
      }
      box.append(row);
    }
    return box;
  }

  function handRow(st) {
    const row = h("div", { class: "ckt-hand", role: "group", "aria-label": tw("hand", "Your hand") });
    for (const c of st.hand || []) {
      const face = cardFace(c, c.played ? "ckt-gone" : "");
      makePlayable(face, c, c.legal, c.reason);
      row.append(face);
    }
    return row;
  }

  function showStatus(st) {
    const s = root.querySelector(".ckt-status");
    if (!s) return;
    s.innerHTML = "";
    if (localStatus) s.append(h("div", { class: "ckt-local", text: localStatus }));
    s.append(h("div", { html: st.status || "" }));
    const text = (localStatus || "") + (st.status || "");
    if (revealStatus && lastStatus !== null && text !== lastStatus) {
      revealStatus = false;
      const r = s.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) s.scrollIntoView({ block: "nearest" });
    }
    lastStatus = text;
  }

  // ---- drawing --------------------------------------------------------------------------------
  function draw() {
    const st = model.get("state") || {};
    mouseAtDraw = mouseAt;
    const size = model.get("size");
    root.className = `ckt ckt-${size === "large" ? "large" : "normal"}${model.get("four_colour") ? " ckt-four" : ""}`
      + ` ckt-game-${st.game || "none"}`;
    const active = document.activeElement;
    const hadFocus = active && root.contains(active) ? (active.dataset.key || active.closest("[data-name]")?.dataset.name) : null;
    const keepCtl = active && root.contains(active) && active.closest("[data-name]");

    // the frame is built once; the controls keep their elements (a box being typed in keeps its text)
    if (!root.querySelector(".ckt-bar")) {
      root.append(h("div", { class: "ckt-title" }), h("div", { class: "ckt-banner" }),
        h("div", { class: "ckt-bar ckt-bar-main" }), h("details", { class: "ckt-more" },
          h("summary", {}), h("div", { class: "ckt-bar ckt-bar-more" })),
        h("div", { class: "ckt-play" }), h("div", { class: "ckt-replay" }));
      // open where there is room to spare (not on a phone, a laptop's 768 px, or a projector)
      root.querySelector(".ckt-more").open = window.innerWidth >= 900 && window.innerHeight >= 900 && size !== "large";
    }
    root.querySelector(".ckt-more > summary").textContent = tw("more", "More: deal number, deal code, four colours, large cards");
    root.querySelector(".ckt-title").innerHTML = st.title || "";
    root.querySelector(".ckt-banner").innerHTML = st.banner || "";
    for (const [bar, names] of [[".ckt-bar-main", st.bar_main || []], [".ckt-bar-more", st.bar_more || []], [".ckt-replay", st.bar_replay || []]]) {
      const b = root.querySelector(bar);
      const want = names.map(n => updateControl(st.controls[n]));
      if (b.children.length !== want.length || want.some((e, i) => b.children[i] !== e)) b.replaceChildren(...want);
    }
    const replay = st.controls && st.controls.replay_pane;
    root.querySelector(".ckt-replay").hidden = !replay || replay.hidden;

    const play = root.querySelector(".ckt-play");
    const felt = h("div", { class: `ckt-felt ckt-players-${st.players || 4}` });
    for (const seat of st.seats || []) if (!seat.me) felt.append(seatBox(seat, st));
    felt.append(trickArea(st));
    const me = (st.seats || []).find(s => s.me);
    if (me) felt.append(h("div", { class: `ckt-seat ckt-pos-bottom ckt-me${me.turn ? " ckt-turn" : ""}` },
      h("div", { class: "ckt-seat-name" }, h("b", { text: me.name }), me.turn ? h("span", { class: "ckt-turn-mark", text: ` ▶ ${me.turn}` }) : null),
      me.notes ? h("div", { class: "ckt-notes", html: me.notes }) : null));
    const parts = [felt];
    const pn = panel(st);
    if (pn) parts.push(pn);
    // the guide (Guide me through a deal): what to do now and why, with its Got it button
    const gnames = (st.bar_guide || []).filter(n => st.controls && st.controls[n]);
    if (gnames.length) {
      const guide = h("div", { class: "ckt-guide", role: "region", "aria-label": tw("guide", "Guide"), "aria-live": "polite" },
        ...gnames.map(n => updateControl(st.controls[n])));
      guide.hidden = gnames.every(n => st.controls[n].hidden);
      parts.push(guide);
    }
    parts.push(h("div", { class: "ckt-status cardkit-status-line", role: "status", "aria-live": "polite" }));
    if (me && me.tableau) parts.push(tableau(me.tableau, true, me.name));
    parts.push(handRow(st));
    if (st.exact && st.exact.note) parts.push(h("div", { class: `ckt-exact-note${st.exact.state === "working" ? " ckt-exact-wait" : ""}`,
      text: st.exact.note }));
    if (st.caption) parts.push(h("div", { class: "ckt-caption", html: st.caption }));
    play.replaceChildren(...parts);
    showStatus(st);

    // keyboard: one card of the hand (and tableau) is in the tab order (a roving tabindex)
    const legal = legalCards();
    const again = focusKey ? root.querySelector(`[data-key="${focusKey}"]`) : null;
    const target = (again && again.classList.contains("ckt-legal")) ? again : legal[0];
    setRoving(target || root.querySelector(".ckt-hand [role=button]"));
    // the table moves the focus by itself after a redraw: without scrolling the page (a guide's
    // longer note above the hand would otherwise scroll it under a mouse that did not move)
    if (keepCtl && keepCtl.hidden) {  // the control used went away (the guide's Got it): the cards next
      const f = legal[0] || root.querySelector(".ckt-panel button:enabled");
      if (f) { autoFocus = true; f.focus({ preventScroll: true }); autoFocus = false; }
    } else if (hadFocus && !keepCtl) {
      const t = root.querySelector(`[data-key="${hadFocus}"]`);
      const usable = (e) => e && (e.classList.contains("ckt-legal") || (e.tagName === "BUTTON" && !e.disabled));
      const f = usable(t) ? t : (legal[0] || root.querySelector(".ckt-panel button:enabled") || null);
      if (f) { autoFocus = true; f.focus({ preventScroll: true }); autoFocus = false; }
    }
    focusKey = null;
  }

  model.on("change:state", () => { localStatus = null; draw(); });
  model.on("change:size", draw);
  model.on("change:four_colour", draw);
  draw();
  return () => { root.remove(); };
}

export default { render };

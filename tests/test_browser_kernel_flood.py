"""A page flooding its kernel with the largest messages the server allows leaves the kernel's
memory where it was (issue 32, item 0), and a malformed control comm gets no traceback
(item 9).

The review's attack, in Chromium against the shipped ``variety/2_play.ipynb`` served with
the classroom settings (``cardkit-lessons``: ``cardkit.lessons_cli.voila_args`` and
``cardkit/voila_config/voila.py``): the page's JavaScript opens a websocket to its own
kernel, finds the card table's widget and sends it card messages
``{"kind": "card", "card": "xxx…"}`` as large as the server lets through, as fast as it
lets them through, for 60 s. Before issue 32 the kernel kept every action (72 -> 362 MB in
30 s); now its resident memory must stay within 20 MB of where it started, the page must
still play, and nothing the kernel sends back may be a traceback.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parent.parent
LESSON = "variety/2_play.ipynb"
FLOOD_S = 60
GROWTH_LIMIT = 20 * 1024 * 1024  # bytes of resident memory

# The attacker's script: a websocket of its own to the page's kernel, the widgets' states
# asked for through the control comm, the card table's model found (its state has "seats"),
# then card messages of ``size`` bytes sent every ``every`` ms for ``seconds``; a malformed
# control comm_open (no protocol version) first. Returns what came back: message types,
# stream texts, and how many messages were sent.
_FLOOD_JS = """async ([size, every, seconds]) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = location.origin.replace('http', 'ws') + config.baseUrl + 'api/kernels/' + config.kernelId
              + '/channels?session_id=flood';
  const ws = new WebSocket(url);
  await new Promise((ok, bad) => { ws.onopen = ok; ws.onerror = bad; });
  const streams = [], types = {};
  let states = null;
  ws.onmessage = (m) => {
    let msg; try { msg = JSON.parse(m.data); } catch (e) { return; }
    types[msg.msg_type] = (types[msg.msg_type] || 0) + 1;
    if (msg.msg_type === 'stream' && msg.parent_header && String(msg.parent_header.msg_id).startsWith('flood'))
      streams.push(msg.content.text);
    if (msg.msg_type === 'comm_msg' && msg.content.data && msg.content.data.method === 'update_states')
      states = msg.content.data.states;
  };
  let n = 0;
  const send = (type, content, metadata) => ws.send(JSON.stringify({
      header: {msg_id: 'flood-' + (n++), username: 'x', session: 'flood', msg_type: type, version: '5.3',
               date: new Date().toISOString()},
      parent_header: {}, metadata: metadata || {}, channel: 'shell', buffers: [], content: content}));
  const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));
  send('comm_open', {comm_id: 'bad-control', target_name: 'jupyter.widget.control', data: {}});  // item 9
  send('comm_open', {comm_id: 'control', target_name: 'jupyter.widget.control', data: {}}, {version: '1.0.0'});
  send('comm_msg', {comm_id: 'control', data: {method: 'request_states'}});
  for (let i = 0; i < 100 && states === null; i++) await wait(100);
  if (states === null) return {error: 'no widget states'};
  const table = Object.keys(states).find((k) => states[k].state && states[k].state.state
                                                 && states[k].state.state.seats);
  if (!table) return {error: 'no card table'};
  const card = 'x'.repeat(size);
  const t0 = Date.now();
  let sent = 0;
  while (Date.now() - t0 < seconds * 1000) {
    if (ws.bufferedAmount < 4 * size) {
      send('comm_msg', {comm_id: table, data: {method: 'custom', content: {kind: 'card', card: card}}});
      sent++;
    }
    await wait(every);
  }
  await wait(3000);
  ws.close();
  return {sent, streams, types};
}"""


def _kernel_pid(folder: str, kernel_id: str) -> int:
    from servers import processes_mentioning

    pids = processes_mentioning(f"kernel-{kernel_id}.json")
    pids = [p for p in pids if p in processes_mentioning(folder)]
    assert len(pids) == 1, f"kernel {kernel_id}: processes {pids}"
    return pids[0]


def _rss(pid: int) -> int:
    import psutil

    return int(psutil.Process(pid).memory_info().rss)


def test_a_page_flooding_its_kernel_leaves_its_memory_flat(browser):
    sys.path.insert(0, str(REPO_ROOT))
    from benchmarks._voila import free_port, jupyter_env, start_voila, stop_voila, voila_command, wait_until_ready
    from cardkit.serving import MAX_PAGE_MESSAGE_BYTES, PAGE_RATE

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server, log_path = start_voila(voila_command(tmp, port), tmp, jupyter_env(tmp))
        page = None
        try:
            base = f"http://127.0.0.1:{port}"
            assert wait_until_ready(server, base, log_path, poll=0.2, timeout=120) is not None
            page = browser.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{base}/voila/render/{LESSON}", timeout=180_000)
            page.wait_for_selector(".ckt-hand [role=button]", timeout=180_000)
            kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
            pid = _kernel_pid(tmp, kernel_id)
            page.wait_for_timeout(3000)
            before = _rss(pid)
            size = MAX_PAGE_MESSAGE_BYTES - 1024  # the largest card message the server lets through
            every = max(1, int(1000 / PAGE_RATE))  # as fast as it lets them through
            t0 = time.monotonic()
            result = page.evaluate(_FLOOD_JS, [size, every, FLOOD_S])
            took = time.monotonic() - t0
            assert "error" not in result, result
            page.wait_for_timeout(3000)
            after = _rss(pid)
            print(f"\n[flood] {result['sent']} messages of {size:,} bytes in {took:.0f} s; kernel RSS "
                  f"{before / 2**20:.1f} -> {after / 2**20:.1f} MB; replies {result['types']}")
            assert result["sent"] >= 20 * FLOOD_S, result["sent"]  # the flood was sent
            assert after - before < GROWTH_LIMIT, (
                f"the kernel grew by {(after - before) / 2**20:.1f} MB under the flood")
            assert not any("Traceback" in s or "Error" in s for s in result["streams"]), result["streams"][:3]
            # the page still plays: its first bid or card is answered
            status = page.locator(".ckt-status")
            shown = status.inner_text()
            page.locator(".ckt-panel button:enabled, .ckt-hand .ckt-legal").first.click()
            page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText !== text",
                                   arg=[".ckt-status", shown], timeout=60_000)
            log = Path(log_path).read_text(errors="replace")
            assert "dropped a page's kernel message" in log  # the flood is in the server's log
        finally:
            if page is not None:
                page.close()
            stop_voila(server)

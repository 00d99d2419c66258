// The playable board of a game page: talks to the play API (/-/play/<game>.json), draws the
// board as SVG, offers a toggle for every disputed point, and keeps the reading and the moves in
// the page's address. Plain JavaScript, no network beyond this server.
(function () {
  "use strict";
  const game = JSON.parse(document.getElementById("vr-game").textContent);
  const $ = (id) => document.getElementById(id);
  const svg = $("vr-board");
  const NS = "http://www.w3.org/2000/svg";
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // The reading and the moves: what the address carries.
  let reading = {ruleset: game.default_ruleset, overrides: {}};
  let moves = [];
  let seed = 0;
  let agent = "";
  let last = null; // the last answer of the API
  let selected = null; // the first site of a two-click move (a step "c3-c4")
  let busy = false;

  function choices(r) {
    const out = Object.assign({}, game.rulesets[r.ruleset].choices);
    for (const [k, v] of Object.entries(r.overrides)) out[k] = v;
    return out;
  }

  function setParam(r) {
    return Object.entries(r.overrides).map(([k, v]) => `${k}:${v}`).join(",");
  }

  function readingSpec(r) {
    return `${r.ruleset};${setParam(r)}`;
  }

  function query(extra) {
    const p = new URLSearchParams();
    p.set("ruleset", reading.ruleset);
    const s = setParam(reading);
    if (s) p.set("set", s);
    if (moves.length) p.set("moves", moves.join(","));
    if (seed) p.set("seed", String(seed));
    for (const [k, v] of Object.entries(extra || {})) if (v !== undefined && v !== "") p.set(k, v);
    return p;
  }

  function writeAddress() {
    const p = query();
    if (agent) p.set("agent", agent);
    const url = `${location.pathname}?${p.toString()}#play`;
    history.replaceState(null, "", url);
    $("vr-link").href = url;
  }

  function readAddress() {
    const p = new URLSearchParams(location.search);
    if (p.get("ruleset") && game.rulesets[p.get("ruleset")]) reading.ruleset = p.get("ruleset");
    for (const item of (p.get("set") || "").split(",").filter(Boolean)) {
      const [k, v] = item.split(":");
      const sw = game.switches.find((s) => s.id === k || s.id.endsWith("." + k));
      if (sw && v in sw.options) reading.overrides[sw.id] = v;
    }
    moves = (p.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
    seed = Math.max(0, parseInt(p.get("seed") || "0", 10) || 0);
    agent = p.get("agent") || "";
  }

  function showControls() {
    $("vr-ruleset").value = reading.ruleset;
    $("vr-seed").value = String(seed);
    $("vr-agent").value = agent;
    const c = choices(reading);
    for (const sel of document.querySelectorAll("select[data-switch]")) {
      sel.value = c[sel.dataset.switch];
      sel.classList.toggle("vr-changed", sel.dataset.switch in reading.overrides);
    }
  }

  async function fetchState(extra) {
    const response = await fetch(`/-/play/${game.game}.json?${query(extra).toString()}`);
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
    return body;
  }

  function notice(text) {
    const el = $("vr-notice");
    el.textContent = text || "";
    el.hidden = !text;
  }

  function describeResult(r) {
    if (!r) return "";
    if (r.ending === "win") return `Player ${r.winner} wins (${r.scores.join(" – ")}).`;
    if (r.ending === "draw") return `A draw (${r.scores.join(" – ")}).`;
    if (r.ending === "endless") return "The game ended with an endless move (a configuration repeated within it).";
    return "The game was stopped by the turn limit (unfinished).";
  }

  function status(state) {
    const parts = [];
    if (state.terminal) parts.push(describeResult(state.result));
    else parts.push(`Player ${state.to_move} to move.`);
    parts.push(`Turn ${state.turns}.`);
    if (state.board.captures) parts.push(`Captured: ${state.board.captures.join(" – ")}.`);
    $("vr-status").textContent = parts.join(" ");
  }

  // --- drawing ----------------------------------------------------------------------------
  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function movesFor(name, legal) {
    if (selected) {
      const step = `${selected}-${name}`;
      return legal.includes(step) ? [step] : [];
    }
    return legal.filter((m) => m === name || m === "x" + name || m.startsWith(name + "-"));
  }

  function draw(sites, legal, highlight) {
    const cell = 64;
    const rows = Math.max(...sites.map((s) => s.row)) + 1;
    const cols = Math.max(...sites.map((s) => s.col)) + 1;
    svg.setAttribute("viewBox", `0 0 ${cols * cell + 8} ${rows * cell + 8}`);
    svg.setAttribute("width", String(cols * cell + 8));
    svg.setAttribute("height", String(rows * cell + 8));
    svg.replaceChildren();
    for (const s of sites) {
      const playable = movesFor(s.name, legal).length > 0;
      const g = el("g", {
        class: "vr-site" + (playable ? " vr-legal" : "") + (highlight && highlight.includes(s.name) ? " vr-hot" : "")
          + (selected === s.name ? " vr-selected" : ""),
        "data-site": s.name,
        transform: `translate(${4 + s.col * cell},${4 + s.row * cell})`,
      });
      const contents = s.count !== undefined ? `${s.count} counter${s.count === 1 ? "" : "s"}` :
        s.piece ? `a piece of player ${s.piece}` : "empty";
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", playable ? "0" : "-1");
      g.setAttribute("aria-label", `${s.name}: ${contents}${playable ? ", playable" : ""}`);
      g.setAttribute("aria-disabled", playable ? "false" : "true");
      g.append(el("title", {}, `${s.name}: ${contents}`));
      if (s.count !== undefined) {
        g.append(el("circle", {cx: cell / 2, cy: cell / 2, r: cell / 2 - 5, class: `vr-hole vr-owner-${s.owner || 0}`}));
        g.append(el("text", {x: cell / 2, y: cell / 2 + 6, "text-anchor": "middle", class: "vr-count"}, String(s.count)));
      } else {
        g.append(el("rect", {x: 2, y: 2, width: cell - 4, height: cell - 4, class: "vr-point"}));
        if (s.piece) g.append(el("circle", {cx: cell / 2, cy: cell / 2, r: cell / 2 - 12, class: `vr-piece vr-piece-${s.piece}`}));
      }
      g.append(el("text", {x: 4, y: 12, class: "vr-name"}, s.name));
      g.addEventListener("click", () => choose(s.name));
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(s.name); }
        if (ev.key.startsWith("Arrow")) { ev.preventDefault(); focusNext(s.name, ev.key); }
      });
      svg.append(g);
    }
  }

  function focusNext(name, key) {
    const all = [...svg.querySelectorAll(".vr-legal")];
    const i = all.findIndex((g) => g.dataset.site === name);
    const step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
    const next = all[(i + step + all.length) % all.length];
    if (next) next.focus();
  }

  function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

  async function animate(state) {
    const events = (state.last_move && state.last_move.events) || [];
    if (reduceMotion || events.length < 2) return;
    for (const e of events.slice(0, 40)) {
      if (!e.sites) continue; // the API lays out each step's board as it lays out the board
      const hot = e.kind === "lap" ? [e.from, e.last] : [e.hole || e.point || e.to];
      draw(e.sites, [], hot);
      await sleep(e.kind === "capture" ? 420 : 260);
    }
  }

  function render(state) {
    last = state;
    moves = state.moves.slice();
    draw(state.sites, state.terminal ? [] : state.legal_moves, state.last_move ? [state.last_move.move] : null);
    status(state);
    $("vr-text").textContent = state.text;
    const legal = $("vr-legal");
    legal.replaceChildren();
    for (const m of state.terminal ? [] : state.legal_moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m;
      b.className = "vr-move";
      b.addEventListener("click", () => play(m));
      legal.append(b, " ");
    }
    if (!legal.childNodes.length) legal.textContent = state.terminal ? "none: the game is over" : "none";
    $("vr-moves").textContent = moves.length ? moves.map((m, i) => `${i + 1}. ${m}`).join("  ") : "none yet";
    writeAddress();
    document.dispatchEvent(new CustomEvent("vr:reading", {detail: {
      ruleset: reading.ruleset, switches: state.switches, overrides: Object.assign({}, reading.overrides),
      moves: moves.slice(), seed: seed, engine_version: state.engine_version, url: location.href,
    }}));
  }

  async function refresh(extra, animateIt) {
    busy = true;
    try {
      const state = await fetchState(Object.assign({truncate: "1"}, extra || {}));
      if (animateIt) { last = last || state; await animate(state); }
      render(state);
      return state;
    } catch (err) {
      notice(`Error: ${err.message}`);
      return null;
    } finally {
      busy = false;
    }
  }

  async function agentReply() {
    if (!agent || !last || last.terminal || last.to_move !== 2) return;
    const state = await fetchState({agent: agent});
    if (state.suggestion) {
      moves.push(state.suggestion);
      const next = await refresh({}, true);
      if (next) await agentReply();
    }
  }

  async function play(move) {
    if (busy) return;
    selected = null;
    notice("");
    moves.push(move);
    const state = await refresh({}, true);
    if (state && state.stopped_at) notice(`Move ${move} is not legal: ${state.stopped_at.reason}`);
    await agentReply();
  }

  function choose(name) {
    if (!last || last.terminal || busy) return;
    const options = movesFor(name, last.legal_moves);
    if (options.length === 1 && !(options[0].startsWith(name + "-") && !selected)) {
      play(options[0]);
    } else if (!selected && options.some((m) => m.startsWith(name + "-"))) {
      selected = name;
      draw(last.sites, last.legal_moves, [name]);
      notice(`Moving from ${name}: choose where to.`);
    } else {
      selected = null;
      draw(last.sites, last.legal_moves, null);
    }
  }

  // A new reading: replay the same moves under it and say where the game first differs.
  async function changeReading(next) {
    const before = {ruleset: reading.ruleset, overrides: Object.assign({}, reading.overrides)};
    reading = next;
    showControls();
    const played = moves.slice();
    const state = await refresh({compare: readingSpec(before)});
    if (!state) return;
    const msgs = [];
    const d = state.divergence;
    if (d) {
      msgs.push(d.summary || `The readings part at move ${d.index + 1} (${d.move}).`);
    } else if (played.length) {
      msgs.push(`The ${played.length} move(s) play out the same under both readings.`);
    }
    if (state.stopped_at) {
      msgs.push(`Move ${state.stopped_at.index + 1} (${state.stopped_at.move}) is not legal under the new reading; the game is shown up to the move before it.`);
    }
    notice(msgs.join(" "));
  }

  function bind() {
    $("vr-ruleset").addEventListener("change", (ev) => changeReading({ruleset: ev.target.value, overrides: {}}));
    for (const sel of document.querySelectorAll("select[data-switch]")) {
      sel.addEventListener("change", () => {
        const overrides = Object.assign({}, reading.overrides);
        const base = game.rulesets[reading.ruleset].choices[sel.dataset.switch];
        if (sel.value === base) delete overrides[sel.dataset.switch];
        else overrides[sel.dataset.switch] = sel.value;
        changeReading({ruleset: reading.ruleset, overrides: overrides});
      });
    }
    $("vr-agent").addEventListener("change", async (ev) => { agent = ev.target.value; writeAddress(); await agentReply(); });
    $("vr-seed").addEventListener("change", (ev) => {
      seed = Math.max(0, parseInt(ev.target.value, 10) || 0);
      moves = [];
      notice("");
      refresh();
    });
    $("vr-undo").addEventListener("click", () => { moves.pop(); notice(""); refresh(); });
    $("vr-restart").addEventListener("click", () => { moves = []; notice(""); refresh(); });
  }

  readAddress();
  showControls();
  bind();
  refresh().then(() => { document.body.dataset.boardReady = "1"; });
})();

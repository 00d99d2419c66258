// The playable board of a game page: talks to the play API (/-/play/<game>.json), draws the
// board as SVG, offers a toggle for every disputed point, and keeps the reading and the moves in
// the page's address. Plain JavaScript, no network beyond this server.
//
// One state: a request (reading, moves, seed, opponent) and the API's answer to it. The board, the
// controls, the address, the notice and "Cite this" are all drawn from the committed pair, never
// from anything newer or older. Every request has a number; a newer one supersedes an older one,
// whose answer (or animation, still running) is dropped.
(function () {
  "use strict";
  const game = JSON.parse(document.getElementById("vr-game").textContent);
  const $ = (id) => document.getElementById(id);
  const svg = $("vr-board");
  const NS = "http://www.w3.org/2000/svg";
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  let shown = null; // {req, answer}: what the page shows
  let latest = null; // the newest request asked for (what the controls show meanwhile)
  let generation = 0; // the number of the newest request
  let selected = null; // the first site of a two-click move (a step "c3-c4")

  function copyReq(r) {
    return {ruleset: r.ruleset, overrides: Object.assign({}, r.overrides), moves: r.moves.slice(),
            seed: r.seed, agent: r.agent};
  }

  function choices(r) {
    const out = Object.assign({}, game.rulesets[r.ruleset].choices);
    for (const [k, v] of Object.entries(r.overrides)) out[k] = v;
    return out;
  }

  // The canonical spelling (schema/citation.py): points, not full switch ids, sorted.
  function setParam(r) {
    const point = (k) => k.startsWith(game.game + ".") ? k.slice(game.game.length + 1) : k;
    return Object.entries(r.overrides).map(([k, v]) => [point(k), v]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}:${v}`).join(",");
  }

  function readingSpec(r) {
    return `${r.ruleset};${setParam(r)}`;
  }

  function query(r, extra) {
    const p = new URLSearchParams();
    p.set("ruleset", r.ruleset);
    const s = setParam(r);
    if (s) p.set("set", s);
    if (r.moves.length) p.set("moves", r.moves.join(","));
    if (r.seed) p.set("seed", String(r.seed));
    for (const [k, v] of Object.entries(extra || {})) if (v !== undefined && v !== "") p.set(k, v);
    return p;
  }

  // The address bar keeps the reading but not a new fragment: a link to a disputed point
  // (#alt-...) stays where it pointed while the board loads and plays; the link to share is #play.
  function inPlace(url) {
    return location.hash ? url.replace(/#play$/, location.hash) : url;
  }

  function addressOf(r) {
    const p = query(r);
    if (r.agent) p.set("agent", r.agent);
    return `${location.pathname}?${p.toString().replace(/%3A/gi, ":").replace(/%2C/gi, ",")}#play`;
  }

  // The address as the page was opened, with what was wrong in it said in words.
  function readAddress() {
    const p = new URLSearchParams(location.search);
    const problems = [];
    const r = {ruleset: game.default_ruleset, overrides: {}, moves: [], seed: 0, agent: ""};
    const keys = Object.keys(game.rulesets);
    const asked = p.get("ruleset");
    if (asked && game.rulesets[asked]) r.ruleset = asked;
    else if (asked) {
      problems.push(`The link asks for ruleset "${asked}", which this game does not have (it has ${keys.join(", ")}); ` +
        `showing the default ruleset, "${game.default_ruleset}", instead.`);
    }
    for (const item of (p.get("set") || "").split(",").map((x) => x.trim()).filter(Boolean)) {
      const cut = item.search(/[:=]/);
      const k = cut < 0 ? item : item.slice(0, cut);
      const v = cut < 0 ? "" : item.slice(cut + 1);
      const sw = game.switches.find((s) => s.id === k || s.id.endsWith("." + k));
      if (!sw) {
        problems.push(`The link sets "${k}", which is not a disputed point of this game (they are ${game.switches.map((s) => s.id).join(", ")}); ignored.`);
      } else if (!(v in sw.options)) {
        problems.push(`The link sets ${sw.id} to "${v}", which is not one of its readings (${Object.keys(sw.options).join(", ")}); ` +
          `using the ruleset's reading, "${game.rulesets[r.ruleset].choices[sw.id]}".`);
      } else if (v !== game.rulesets[r.ruleset].choices[sw.id]) {
        r.overrides[sw.id] = v;
      }
    }
    r.moves = (p.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
    const seedText = p.get("seed");
    if (seedText && !/^\d+$/.test(seedText.trim())) {
      problems.push(`The link's seed "${seedText}" is not a non-negative integer; using seed 0.`);
    } else if (seedText) {
      r.seed = Number(seedText.trim());
    }
    r.agent = (p.get("agent") || "").trim();
    return {req: r, problems: problems};
  }

  function showRuleset(r) {
    // the picker names the reading in use: the ruleset, "modified" when a switch differs from it
    const picker = $("vr-ruleset");
    const changed = Object.keys(r.overrides).sort();
    for (const option of picker.options) {
      if (!option.dataset.name) option.dataset.name = option.textContent;
      option.textContent = option.dataset.name;
    }
    picker.value = r.ruleset;
    const chosen = picker.options[picker.selectedIndex];
    if (chosen && changed.length) {
      const what = changed.map((id) => `${id.split(".").slice(1).join(".")} = ${r.overrides[id]}`).join(", ");
      chosen.textContent = `${chosen.dataset.name}, modified (${what})`;
    }
    picker.classList.toggle("vr-changed", changed.length > 0);
    picker.title = changed.length ? `${chosen.dataset.name} with ${changed.length} switch(es) set otherwise; ` +
      "choose a ruleset to play it as it stands" : "";
  }

  function showControls(r) {
    showRuleset(r);
    $("vr-seed").value = String(r.seed);
    const agentSelect = $("vr-agent");
    if (r.agent && ![...agentSelect.options].some((o) => o.value === r.agent)) {
      agentSelect.append(new Option(r.agent, r.agent)); // an opponent named by a link
    }
    agentSelect.value = r.agent;
    const c = choices(r);
    for (const sel of document.querySelectorAll("select[data-switch]")) {
      sel.value = c[sel.dataset.switch];
      sel.classList.toggle("vr-changed", sel.dataset.switch in r.overrides);
    }
  }

  async function fetchState(r, extra) {
    const response = await fetch(`/-/play/${game.game}.json?${query(r, extra).toString()}`);
    let body = null;
    try { body = await response.json(); } catch (err) { body = null; }
    if (!response.ok || !body) {
      const error = new Error((body && body.error) || `HTTP ${response.status}`);
      error.parameter = body ? body.parameter : null;
      error.status = response.status;
      error.retryAfter = Number(response.headers.get("Retry-After")) || 0;
      throw error;
    }
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

  function isRemoval(m) { return /^x[a-z]+\d+$/.test(m); }

  function moveLabel(m) {
    if (isClockwise(m)) return `sow from ${m.slice(0, -2)} clockwise (the direction for the whole game)`;
    return isRemoval(m) ? `remove the enemy piece on ${m.slice(1)}` : "";
  }

  function status(state) {
    const parts = [];
    if (state.terminal) parts.push(describeResult(state.result));
    else if (state.legal_moves.length && state.legal_moves.every(isRemoval)) {
      parts.push(`Player ${state.to_move} formed a line and must remove an enemy piece: click one of the marked pieces (moves x…).`);
    } else parts.push(`Player ${state.to_move} to move.`);
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
    return legal.filter((m) => m === name || m === "x" + name || m.startsWith(name + "-") || m === name + "cw");
  }

  // A first move that chooses the game's direction (Walak-pussa's ``a3`` and ``a3cw``): the hole's name
  // sows counter-clockwise, the name and ``cw`` clockwise.
  function isClockwise(m) { return /^[a-z]+\d+cw$/.test(m); }

  // The sites a move names, to highlight: a hole or point (``d7``), a step or flight's two (``a1-d1``),
  // the point a removal empties (``xd2``).
  function sitesOf(move) {
    return move.replace(/^x/, "").split("-");
  }

  // A board of points (the API's ``lines``: each line drawn between two sites, as the engine gives
  // the board's steps) is drawn as its lines with a point at each site; any other board as cells or holes.
  function drawLines(sites, lines, cell) {
    const at = new Map(sites.map((s) => [s.name, s]));
    const g = el("g", {class: "vr-lines", "aria-hidden": "true"});
    for (const [a, b] of lines) {
      const p = at.get(a), q = at.get(b);
      if (!p || !q) continue;
      g.append(el("line", {class: "vr-line", "data-from": a, "data-to": b,
                           x1: 4 + p.col * cell + cell / 2, y1: 4 + p.row * cell + cell / 2,
                           x2: 4 + q.col * cell + cell / 2, y2: 4 + q.row * cell + cell / 2}));
    }
    svg.append(g);
  }

  function draw(sites, legal, highlight, lines) {
    const cell = 64;
    const rows = Math.max(...sites.map((s) => s.row)) + 1;
    const cols = Math.max(...sites.map((s) => s.col)) + 1;
    const onPoints = Boolean(lines && lines.length);
    svg.setAttribute("viewBox", `0 0 ${cols * cell + 8} ${rows * cell + 8}`);
    svg.setAttribute("width", String(cols * cell + 8));
    svg.setAttribute("height", String(rows * cell + 8));
    svg.replaceChildren();
    svg.classList.toggle("vr-on-points", onPoints);
    if (onPoints) drawLines(sites, lines, cell);
    for (const s of sites) {
      const playable = movesFor(s.name, legal).length > 0;
      const g = el("g", {
        class: "vr-site" + (playable ? " vr-legal" : "") + (s.corner ? " vr-corner" : "") + (highlight && highlight.includes(s.name) ? " vr-hot" : "")
          + (selected === s.name ? " vr-selected" : ""),
        "data-site": s.name,
        transform: `translate(${4 + s.col * cell},${4 + s.row * cell})`,
      });
      const contents = (s.count !== undefined ? `${s.count} counter${s.count === 1 ? "" : "s"}` :
        s.piece ? `a piece of player ${s.piece}` : "empty") + (s.corner ? " (a corner hole)" : "");
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", playable ? "0" : "-1");
      g.setAttribute("aria-label", `${s.name}: ${contents}${playable ? ", playable" : ""}`);
      g.setAttribute("aria-disabled", playable ? "false" : "true");
      g.append(el("title", {}, `${s.name}: ${contents}`));
      if (s.count !== undefined) {
        g.append(el("circle", {cx: cell / 2, cy: cell / 2, r: cell / 2 - 5, class: `vr-hole vr-owner-${s.owner || 0}`}));
        g.append(el("text", {x: cell / 2, y: cell / 2 + 6, "text-anchor": "middle", class: "vr-count"}, String(s.count)));
      } else if (onPoints) { // a point where lines meet; the whole cell around it takes the click
        g.append(el("rect", {x: 2, y: 2, width: cell - 4, height: cell - 4, class: "vr-hit"}));
        g.append(el("circle", {cx: cell / 2, cy: cell / 2, r: 9, class: "vr-point"}));
        if (s.piece) g.append(el("circle", {cx: cell / 2, cy: cell / 2, r: cell / 2 - 12, class: `vr-piece vr-piece-${s.piece}`}));
      } else {
        g.append(el("rect", {x: 2, y: 2, width: cell - 4, height: cell - 4, class: "vr-point"}));
        if (s.piece) g.append(el("circle", {cx: cell / 2, cy: cell / 2, r: cell / 2 - 12, class: `vr-piece vr-piece-${s.piece}`}));
      }
      g.append(el("text", {x: 5, y: 13, class: "vr-name"}, s.name));
      if (s.corner) g.append(el("text", {x: cell - 6, y: 13, "text-anchor": "end", class: "vr-corner-mark"}, "◆"));
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

  // The steps of the last move; false as soon as a newer request supersedes this one.
  async function animate(state, mine) {
    const events = (state.last_move && state.last_move.events) || [];
    if (reduceMotion || events.length < 2) return mine === generation;
    for (const e of events.slice(0, 40)) {
      if (mine !== generation) return false;
      if (!e.sites) continue; // the API lays out each step's board as it lays out the board
      const hot = e.kind === "lap" ? [e.from, e.last] : [e.hole || e.point || e.to];
      draw(e.sites, [], hot, state.lines);
      await sleep(e.kind === "capture" ? 420 : 260);
    }
    return mine === generation;
  }

  // The moves of a request that its answer did not play: from the first one the reading refuses on.
  // They stay in the request (and the address), so a reading that accepts them plays them again.
  function unplayed(req, state) {
    return req.moves.slice(state.moves.length);
  }

  // Show one request and its answer: board, controls, address, notice and citation together.
  function commit(req, state, message) {
    req = copyReq(req); // the whole move list, played or not: the address keeps it
    shown = {req: req, answer: state};
    latest = copyReq(req);
    selected = null;
    showControls(req);
    draw(state.sites, state.terminal ? [] : state.legal_moves, state.last_move ? sitesOf(state.last_move.move) : null, state.lines);
    status(state);
    $("vr-text").textContent = state.text;
    const legal = $("vr-legal");
    legal.replaceChildren();
    for (const m of state.terminal ? [] : state.legal_moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = isRemoval(m) ? `${m} (remove ${m.slice(1)})` : m;
      b.className = "vr-move";
      if (moveLabel(m)) b.title = moveLabel(m);
      b.addEventListener("click", () => play(m));
      legal.append(b, " ");
    }
    const legend = [];
    if (state.sites.some((s) => s.corner)) legend.push("◆ and a dashed rim mark the corner holes.");
    if (!state.terminal && state.legal_moves.some(isRemoval)) {
      legend.push("A move written x and a point (xb1) removes the enemy piece on that point: the player who forms a line takes one piece off.");
    }
    $("vr-legend").textContent = legend.join(" ");
    $("vr-legend").hidden = !legend.length;
    if (!legal.childNodes.length) legal.textContent = state.terminal ? "none: the game is over" : "none";
    const played = state.moves;
    const rest = unplayed(req, state);
    let moves = played.length ? played.map((m, i) => `${i + 1}. ${m}`).join("  ") : "none yet";
    if (rest.length) {
      moves += `  (not played under this reading: ${rest.map((m, i) => `${played.length + i + 1}. ${m}`).join("  ")})`;
    }
    $("vr-moves").textContent = moves;
    $("vr-moves").dataset.unplayed = String(rest.length);
    const url = addressOf(req);
    history.replaceState(null, "", inPlace(url));
    $("vr-link").href = url;
    notice(message);
    document.body.dataset.boardState = JSON.stringify({ruleset: req.ruleset, switches: state.switches, moves: played,
                                                       unplayed: rest});
    document.dispatchEvent(new CustomEvent("vr:reading", {detail: {  // the position shown: the moves played
      ruleset: req.ruleset, switches: state.switches, overrides: Object.assign({}, req.overrides),
      moves: played.slice(), seed: req.seed, engine_version: state.engine_version, url: location.href,
    }}));
  }

  // Ask for a request's state; commit it unless a newer request came meanwhile. ``describe`` turns
  // the answer into the notice; ``animateIt`` plays the last move's steps first.
  async function ask(req, opts) {
    opts = opts || {};
    const mine = ++generation;
    latest = copyReq(req);
    document.body.dataset.boardBusy = "1";
    try {
      let state;
      try {
        state = await fetchState(req, Object.assign({truncate: "1"}, opts.extra || {}));
      } catch (err) {
        if (mine !== generation) return null;
        if (err.parameter === "agent" && req.agent) { // play on without the opponent, and say why
          const why = `The opponent "${req.agent}" was not accepted (${err.message}); you play both sides instead.`;
          const describe = opts.describe;
          const extra = Object.assign({}, opts.extra || {});
          delete extra.agent;
          return await ask(Object.assign(copyReq(req), {agent: ""}), Object.assign({}, opts, {
            extra: extra, describe: (s) => [why, describe ? describe(s) : ""].filter(Boolean).join(" ")}));
        }
        if (err.status === 503 && err.retryAfter) { // compiling or busy: say so, and start by itself when ready
          notice(`${err.message.replace(/; retry shortly$/, "")}: the board starts by itself when it is ready ` +
                 `(next try in ${err.retryAfter} s).`);
          document.body.dataset.boardWaiting = "1";
          setTimeout(() => { if (mine === generation) ask(req, opts); }, err.retryAfter * 1000);
          return null;
        }
        failed(req, err);
        return null;
      }
      delete document.body.dataset.boardWaiting;
      if (mine !== generation) return null;
      if (opts.animateIt && !(await animate(state, mine))) return null;
      if (mine !== generation) return null;
      commit(req, state, opts.describe ? opts.describe(state) : "");
      if (!opts.noReply) await agentReply(mine);
      return state;
    } finally {
      if (mine === generation) delete document.body.dataset.boardBusy;
    }
  }

  // A request failed: the page goes back to the state it shows, and says why.
  function failed(req, err) {
    if (err.parameter === "agent") {
      dropAgent(req.agent, err.message);
      return;
    }
    if (shown) {
      latest = copyReq(shown.req);
      showControls(shown.req);
      draw(shown.answer.sites, shown.answer.terminal ? [] : shown.answer.legal_moves, null, shown.answer.lines);
    }
    notice(`Error: ${err.message}`);
  }

  function dropAgent(name, why) {
    const base = shown ? shown.req : latest;
    base.agent = "";
    if (latest) latest.agent = "";
    if (shown) { showControls(shown.req); history.replaceState(null, "", inPlace(addressOf(shown.req))); $("vr-link").href = addressOf(shown.req); }
    $("vr-agent").value = "";
    notice(`The opponent "${name}" was not accepted (${why}); you play both sides instead.`);
  }

  async function agentReply(mine) {
    if (!shown || mine !== generation) return;
    const req = shown.req;
    const state = shown.answer;
    if (!req.agent || state.terminal || state.to_move !== 2 || unplayed(req, state).length) return;
    let answer;
    try {
      answer = await fetchState(req, {agent: req.agent});
    } catch (err) {
      if (mine === generation) failed(req, err);
      return;
    }
    if (mine !== generation || !answer.suggestion) return;
    const next = copyReq(req);
    next.moves.push(answer.suggestion);
    await ask(next, {animateIt: true});
  }

  function play(move) {
    if (!shown || document.body.dataset.boardBusy) return;
    const req = copyReq(shown.req);
    req.moves = shown.answer.moves.slice(); // a new move from the position shown: the unplayed ones go
    req.moves.push(move);
    ask(req, {animateIt: true, describe: (s) => s.stopped_at ? `Move ${move} is not legal: ${s.stopped_at.reason}` : ""});
  }

  function choose(name) {
    if (!shown || shown.answer.terminal || document.body.dataset.boardBusy) return;
    const legalMoves = shown.answer.legal_moves;
    const options = movesFor(name, legalMoves);
    if (options.length === 1 && !(options[0].startsWith(name + "-") && !selected)) {
      play(options[0]);
    } else if (!selected && options.some((m) => m.startsWith(name + "-"))) {
      selected = name;
      draw(shown.answer.sites, legalMoves, [name], shown.answer.lines);
      notice(`Moving from ${name}: choose where to.`);
    } else if (!selected && options.length > 1 && options.some(isClockwise)) {
      draw(shown.answer.sites, legalMoves, [name], shown.answer.lines);
      notice(`The first move chooses the direction for the whole game: ${options.map((m) => isClockwise(m)
        ? `${m} sows from ${name} clockwise` : `${m} counter-clockwise`).join(", ")}. Choose one of the moves below.`);
      for (const b of $("vr-legal").querySelectorAll(".vr-move")) {
        if (options.includes(b.textContent)) b.classList.add("vr-hot");
      }
    } else {
      selected = null;
      draw(shown.answer.sites, legalMoves, null, shown.answer.lines);
    }
  }

  // A new reading: replay the same moves under it and say where the game first differs.
  function changeReading(ruleset, overrides) {
    const before = latest || shown.req;
    const req = copyReq(before);
    req.ruleset = ruleset;
    req.overrides = overrides;
    showControls(req);
    const played = req.moves.length;
    ask(req, {extra: {compare: readingSpec(before)}, describe: (state) => {
      const msgs = [];
      const d = state.divergence;
      if (d) msgs.push(d.summary || `The readings part at move ${d.index + 1} (${d.move}).`);
      else if (played) msgs.push(`The ${played} move(s) play out the same under both readings.`);
      if (state.stopped_at) {
        const rest = req.moves.length - state.stopped_at.index;
        msgs.push(`Move ${state.stopped_at.index + 1} (${state.stopped_at.move}) is not legal under the new reading ` +
          `(${state.stopped_at.reason}); the game is shown up to the move before it. ` +
          `${rest === 1 ? "That move stays" : `The ${rest} moves from it on stay`} in the address and play again ` +
          `under a reading that accepts ${rest === 1 ? "it" : "them"}.`);
      }
      return msgs.join(" ");
    }});
  }

  function bind() {
    $("vr-ruleset").addEventListener("change", (ev) => changeReading(ev.target.value, {}));
    for (const sel of document.querySelectorAll("select[data-switch]")) {
      sel.addEventListener("change", () => {
        const base = latest || shown.req;
        const overrides = Object.assign({}, base.overrides);
        const rulesetValue = game.rulesets[base.ruleset].choices[sel.dataset.switch];
        if (sel.value === rulesetValue) delete overrides[sel.dataset.switch];
        else overrides[sel.dataset.switch] = sel.value;
        changeReading(base.ruleset, overrides);
      });
    }
    $("vr-agent").addEventListener("change", (ev) => {
      const req = copyReq(latest || shown.req);
      req.agent = ev.target.value;
      ask(req, {extra: req.agent ? {agent: req.agent} : {}});
    });
    $("vr-seed").addEventListener("change", (ev) => {
      const req = copyReq(latest || shown.req);
      req.seed = Math.max(0, parseInt(ev.target.value, 10) || 0);
      req.moves = [];
      ask(req);
    });
    $("vr-undo").addEventListener("click", () => {
      const req = copyReq(latest || shown.req);
      if (shown) req.moves = req.moves.slice(0, shown.answer.moves.length); // the unplayed moves go first
      req.moves.pop();
      ask(req, {noReply: true});
    });
    $("vr-restart").addEventListener("click", () => {
      const req = copyReq(latest || shown.req);
      req.moves = [];
      ask(req);
    });
  }

  // On a narrow screen the toggles start folded, so that the board is near the top.
  if (window.matchMedia && window.matchMedia("(max-width: 600px)").matches) $("vr-toggles-box").open = false;

  const opened = readAddress();
  showControls(opened.req);
  bind();
  // The first request names the opponent too, so that one the API refuses is said at once.
  ask(opened.req, {extra: opened.req.agent ? {agent: opened.req.agent} : {}, describe: (state) => {
    const msgs = opened.problems.slice();
    if (state.stopped_at) {
      msgs.push(`Move ${state.stopped_at.index + 1} of the link (${state.stopped_at.move}) is not legal: ${state.stopped_at.reason}; ` +
        `the game is shown up to the move before it (the rest stay in the address).`);
    }
    return msgs.join(" ");
  }}).then(() => { document.body.dataset.boardReady = "1"; });
})();

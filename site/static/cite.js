// "Cite this": the reading (and position) in use as text, BibTeX and CSL-JSON. Without a board,
// the game's default ruleset; with one, whatever the board reports ("vr:reading" events).
(function () {
  "use strict";
  const data = document.getElementById("vr-game");
  if (!data) return;
  const game = JSON.parse(data.textContent);
  const $ = (id) => document.getElementById(id);

  function unique(list) { return [...new Set(list)]; }

  function sourcesBehind(r) {
    const cites = [...(game.rulesets[r.ruleset] ? game.rulesets[r.ruleset].cites : [])];
    for (const sw of game.switches) {
      const opt = sw.options[r.switches[sw.id]];
      if (opt && sw.id in (r.overrides || {})) cites.push(...opt.cites);
    }
    return unique(cites);
  }

  // The choices in use that are editorial completions of the ruleset (not overridden by the reader).
  function completions(r) {
    const marked = (game.rulesets[r.ruleset] || {}).completions || {};
    return Object.entries(marked)
      .filter(([sid, c]) => r.switches[sid] === c.option && !(sid in (r.overrides || {})))
      .map(([sid, c]) => `${sid} = ${c.option} (editorial completion, proposed by ${c.by})`);
  }

  // Whose words each quotation of the game's evidence is, and where it was read.
  function quotations() {
    return (game.evidence || []).map((e) =>
      `${e.id}: "${e.quotation}" (${e.words_of || "whose words is not recorded"})`);
  }

  function cite(r) {
    const today = new Date().toISOString().slice(0, 10);
    const year = today.slice(0, 4);
    const overrides = Object.entries(r.overrides || {}).map(([k, v]) => `${k} = ${v}`);
    const readingText = `ruleset "${r.ruleset}"` + (overrides.length ? ` with ${overrides.join(", ")}` : "");
    const position = r.moves && r.moves.length ? `, position after ${r.moves.length} move(s): ${r.moves.join(", ")} (seed ${r.seed})` : "";
    const switches = Object.entries(r.switches).map(([k, v]) => `${k}=${v}`).join("; ");
    const sources = sourcesBehind(r);
    const editorial = completions(r);
    const quoted = quotations();
    const title = `${game.name}, ${readingText}${position}`;
    const key = `variorum-${game.game}-${r.ruleset}` + (overrides.length ? "-mod" : "");
    const note = `Variorum engine ${r.engine_version}; switches: ${switches}` + (sources.length ? `; sources: ${sources.join("; ")}` : "") +
      (editorial.length ? `; the sources are silent on: ${editorial.join("; ")}` : "") +
      (quoted.length ? `; evidence quoted: ${quoted.join("; ")}` : "");
    const text = `Variorum (${year}). ${title}. Engine ${r.engine_version}. Switches: ${switches}. ` +
      (sources.length ? `Sources: ${sources.join("; ")}. ` : "") +
      (editorial.length ? `The sources are silent on: ${editorial.join("; ")}. ` : "") +
      (quoted.length ? `Evidence quoted: ${quoted.join("; ")}. ` : "") + `${r.url} (accessed ${today}).`;
    const esc = (s) => s.replace(/([&%$#_{}])/g, "\\$1");
    const bibtex = `@misc{${key},\n  author = {{Variorum}},\n  title = {${esc(title)}},\n  year = {${year}},\n` +
      `  version = {${r.engine_version}},\n  note = {${esc(note)}},\n  url = {${r.url}},\n  urldate = {${today}}\n}`;
    const csl = {
      id: key, type: "dataset", title: title, author: [{literal: "Variorum"}],
      issued: {"date-parts": [[Number(year)]]}, version: r.engine_version, note: note, URL: r.url,
      accessed: {"date-parts": [today.split("-").map(Number)]},
    };
    $("vr-cite-text").textContent = text;
    $("vr-cite-bibtex").textContent = bibtex;
    $("vr-cite-csl").textContent = JSON.stringify(csl, null, 2);
  }

  document.addEventListener("vr:reading", (ev) => cite(ev.detail));
  const base = game.rulesets[game.default_ruleset];
  if (base) {
    cite({ruleset: game.default_ruleset, switches: base.choices, overrides: {}, moves: [], seed: 0,
          engine_version: game.engine_version || "unknown", url: location.href.split("#")[0]});
  }
})();

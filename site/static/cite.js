// "Cite this": the citation of the reading (and position) in use, as the server gives it
// (/-/cite/<game>.json: the implementation `variorum cite` prints, so the two agree byte for
// byte). The page arrives with the citation of the reading its address names; on every change of
// reading ("vr:reading" events from the board) the citation is fetched again. A copy button for
// each form.
(function () {
  "use strict";
  const data = document.getElementById("vr-game");
  if (!data) return;
  const game = JSON.parse(data.textContent);
  const $ = (id) => document.getElementById(id);
  const blocks = {short: "vr-cite-short", text: "vr-cite-text", bibtex: "vr-cite-bibtex", "csl-json": "vr-cite-csl"};
  let generation = 0;

  function query(r) {
    const p = [`ruleset=${encodeURIComponent(r.ruleset)}`];
    const sets = Object.entries(r.overrides || {}).map(([k, v]) => `${k}:${v}`);
    if (sets.length) p.push(`set=${sets.map(encodeURIComponent).join(",")}`);
    if (r.moves && r.moves.length) p.push(`moves=${r.moves.map(encodeURIComponent).join(",")}`);
    if (r.seed) p.push(`seed=${r.seed}`);
    return p.join("&");
  }

  async function cite(r) {
    const mine = ++generation;
    try {
      const response = await fetch(`/-/cite/${game.game}.json?${query(r)}`);
      const body = await response.json();
      if (mine !== generation) return;
      if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
      for (const [fmt, id] of Object.entries(blocks)) if ($(id)) $(id).textContent = body.formats[fmt];
    } catch (err) {
      if (mine === generation && $("vr-cite-text")) $("vr-cite-text").textContent = `No citation: ${err.message}`;
    }
  }

  document.addEventListener("vr:reading", (ev) => cite(ev.detail));
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.hidden = !navigator.clipboard;
    button.addEventListener("click", async () => {
      const text = $(button.dataset.copy).textContent;
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = "Copied";
      } catch (err) {
        button.textContent = "Copy failed: select the text";
      }
      setTimeout(() => { button.textContent = "Copy"; }, 2000);
    });
  }
})();

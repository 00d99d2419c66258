// A release's page (/v/N/...) never changes, so what does is asked for here: whether a newer
// release exists (linking to what changed since this one), and, on a game page, whether the
// current engine plays one of this release's rulesets differently from its golden playthrough.
(function () {
  "use strict";
  const line = document.getElementById("vr-release");
  if (!line) return;
  const number = Number(line.dataset.release);
  const el = (tag, text, attrs) => {
    const e = document.createElement(tag);
    if (text) e.textContent = text;
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  };

  fetch("/-/releases.json").then((r) => r.json()).then((body) => {
    const newer = body.releases.filter((r) => r.release > number);
    if (!newer.length) return;
    const span = document.getElementById("vr-release-newer");
    span.append(" · ", el("strong", `A newer release exists: ${body.latest}.`), " What changed: ");
    newer.forEach((r, i) => {
      if (i) span.append(", ");
      span.append(el("a", `release ${r.release} (${r.date})`, {href: r.notes}));
    });
    span.append(".");
  }).catch(() => {});

  const game = (location.pathname.match(/\/games\/([a-z0-9-]+)$/) || [])[1];
  let tries = 0;
  function check() {
    fetch(`/-/releases/${number}/check.json`).then((r) => {
      if (r.status === 202 && tries++ < 30) { setTimeout(check, 10000); return null; }
      return r.ok ? r.json() : null;
    }).then((body) => {
      if (!body || !body.differs) return;
      const box = document.getElementById("vr-release-check");
      const rows = [];
      for (const [g, rulesets] of Object.entries(body.differs)) {
        if (game && g !== game) continue;
        for (const [key, why] of Object.entries(rulesets)) rows.push(`${g} ${key}: ${why}`);
      }
      if (!rows.length) return;
      box.append(el("p", `The current engine (${body.engine}) plays ${rows.length === 1 ? "a ruleset" : "rulesets"} of ` +
        `release ${number} (engine ${body.release_engine}) differently from the release's golden playthrough:`));
      const list = el("ul");
      rows.forEach((r) => list.append(el("li", r)));
      box.append(list);
      box.hidden = false;
    }).catch(() => {});
  }
  check();
})();

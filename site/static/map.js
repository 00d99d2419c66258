// Evidence places on a Leaflet map (Leaflet comes with datasette-leaflet as an ES module; tiles
// need the network, the markers do not).
(function () {
  const el = document.getElementById("vr-map");
  const data = document.getElementById("vr-places");
  const leaflet = window.VARIORUM_LEAFLET || {};
  if (!el || !data || !leaflet.js) return;
  const places = JSON.parse(data.textContent);
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = leaflet.css;
  document.head.appendChild(css);
  import(leaflet.js).then(function (L) {
    const map = L.map(el, {scrollWheelZoom: false});
    L.tileLayer("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 12, attribution: "&copy; OpenStreetMap contributors",
    }).addTo(map);
    const bounds = [];
    for (const p of places) {
      const marker = L.marker([p.lat, p.lon], {title: p.place}).addTo(map);
      marker.bindPopup(`${p.place}${p.approximate ? " (approximate)" : ""}<br>${p.dates}`);
      bounds.push([p.lat, p.lon]);
    }
    if (bounds.length) map.fitBounds(bounds, {maxZoom: 5, padding: [30, 30]});
    else map.setView([10, 20], 2);
    el.dataset.markers = String(bounds.length);
  });
})();

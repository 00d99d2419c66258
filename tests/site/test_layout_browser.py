"""The pages at a phone's width (390 px) and a laptop's (1,280 px), in Debian's Chromium: nothing
runs off the side of the page (what is wider than the screen scrolls inside its own box), and the
pages stay short enough to read. Each page's height is printed (``pytest -s``) for the record.

Skipped, like tests/site/test_browser.py, only when no Chromium is installed and CI is not set.
"""

from __future__ import annotations

import pytest

from tests.site.test_browser import browser, server  # noqa: F401  (the same server and browser fixtures)

WIDTHS = (390, 1280)
PAGES = ("/", "/games", "/games/tap-urdy", "/games/tsoro-additional-capture", "/games/lobudok", "/games/tauru",
         "/sources/deledicq-popova-1977", "/archive/sources", "/-/measures")
MAX_HEIGHT = {390: 20000, 1280: 9500}
"""The most pixels a page may be tall at each width (before its long sections folded, on 2026-12-01, with
no results database: Tap-urdy 37,368 px at 390 and 13,473 at 1,280; Tsoro 44,189 and 13,573; Lobudök
34,753 and 13,486; Tauru 30,332 and 12,473; /archive/sources 52,947 and 37,642). After: Tap-urdy
18,074 and 8,308 (with the citation formats shown in full since issue 19). At 390 px Datasette
laid a table's rows out as cards, a line a column: /archive/sources, 34 sources, was 51,452 px
with the citation columns hidden (8,909 at 1,280); it is now a table that scrolls sideways in its
box with the id column held in view (site/static/variorum.css): 9,721 px at 390, 8,909 at 1,280. With 55 sources
(the relatives' files and summaries) it passed 9,500 px at 1,280 (9,635): the table now shows 30 rows a
page (site/metadata.yaml, ``size``), 7,369 px at 390 and 6,557 at 1,280."""
TALLER: dict[tuple[str, int], int] = {
    ("/games/tsoro-additional-capture", 390): 24000,
    ("/games/tsoro-additional-capture", 1280): 10500,
}
"""Pages allowed to be taller, with why. Tsoro (Additional Capture) gained Matthews' own words (issue 28:
three evidence records quoting him, DLP.Evidence.1883, 1886 and 1882, each printed under the readings
it bears on) and a fourth extra-capture option: 23,522 px at 390 and 10,317 at 1,280 (measured by this
test on 2026-12-02), from under 20,000 and 9,500."""

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => { const s = getComputedStyle(el).overflowX; return s === "auto" || s === "scroll"; };
  const out = [];
  if (document.scrollingElement.scrollWidth > width + 1)
    out.push("the page scrolls sideways: " + document.scrollingElement.scrollWidth + " px");
  for (const el of document.querySelectorAll("table, nav, svg, pre, .vr-toc, .vr-toggles, form")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 1) continue;
    let box = el.parentElement, held = scrolls(el);
    while (!held && box && box !== document.body) {
      if (scrolls(box) && box.getBoundingClientRect().right <= width + 1) held = true;
      box = box.parentElement;
    }
    if (!held) out.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + "." + el.className.baseVal
                        + el.className + " runs to " + Math.round(r.right) + " px");
  }
  for (const el of document.querySelectorAll("body *")) {  // what scrolls sideways shows that it does
    if (!scrolls(el) || el.scrollWidth <= el.clientWidth + 1) continue;
    if (!getComputedStyle(el).backgroundImage.includes("radial-gradient"))
      out.push(el.tagName.toLowerCase() + "." + el.className + " scrolls sideways with no sign of it");
  }
  return out;
}"""


@pytest.fixture(scope="module")
def heights():
    found: dict[tuple[str, int], int] = {}
    yield found
    print("\npage heights (px):")
    for (path, width), height in sorted(found.items()):
        print(f"  {width:>5} px wide  {height:>7,}  {path}")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", PAGES)
def test_the_page_fits_the_width_and_is_not_too_long(browser, server, heights, path, width):  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        page.goto(server + path)
        if path.startswith("/games/"):
            page.wait_for_selector("body[data-board-ready='1']", timeout=60000)
        page.wait_for_load_state("networkidle")
        problems = page.evaluate(OVERFLOW)
        height = page.evaluate("document.scrollingElement.scrollHeight")
        heights[(path, width)] = height
        assert problems == [], problems
        most = TALLER.get((path, width), MAX_HEIGHT[width])
        assert height <= most, f"{path} is {height} px tall at {width} px"
    finally:
        context.close()


def test_the_sources_table_hides_its_citation_columns_and_the_source_page_has_them(browser, server):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(server + "/archive/sources")
        headers = page.locator("table.rows-and-columns th").all_inner_texts()
        assert not any("csl_json" in h or "bibtex" in h for h in headers), headers
        assert page.locator("table.rows-and-columns tbody tr").count() >= 30
        page.goto(server + "/sources/deledicq-popova-1977")
        text = page.inner_text("body")
        assert "@book" in text or "@" in text and "CSL-JSON" in text
    finally:
        context.close()


def test_the_sources_table_at_a_phones_width_is_a_table_that_scrolls_with_the_id_in_view(browser, server):  # noqa: F811
    """Not Datasette's cards (a card a source, a line a column): a row's cells side by side, the
    table scrolling in its box, the id column staying in view when it is scrolled."""
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    try:
        page.goto(server + "/archive/sources")
        tops = page.evaluate("""Array.from(document.querySelectorAll('.rows-and-columns tbody tr:first-child td'))
                                .map(td => Math.round(td.getBoundingClientRect().top))""")
        assert len(tops) > 10 and len(set(tops)) == 1, tops
        assert page.locator(".rows-and-columns thead th").first.is_visible()
        box = page.locator(".table-wrapper")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")
        box.evaluate("b => { b.scrollLeft = 600; }")
        left = page.evaluate("Math.round(document.querySelector('.rows-and-columns tbody td.col-id').getBoundingClientRect().left)")
        assert 0 <= left <= 20, left
    finally:
        context.close()

"""/archive/sources leaves the CSL-JSON and BibTeX columns out of its page unless asked for
(site/plugins/variorum_columns.py); its JSON keeps them; each source's page has both."""

from __future__ import annotations


async def test_the_sources_page_hides_the_citation_columns_by_default(ds):
    page = await ds.client.get("/archive/sources")
    assert page.status_code == 200
    assert 'class="col-csl_json' not in page.text and 'class="col-bibtex' not in page.text
    assert 'class="col-short' in page.text
    shown = await ds.client.get("/archive/sources?_citations=1")
    assert 'class="col-csl_json' in shown.text and 'class="col-bibtex' in shown.text
    chosen = await ds.client.get("/archive/sources?_nocol=note")
    assert 'class="col-bibtex' in chosen.text and 'class="col-note' not in chosen.text
    data = (await ds.client.get("/archive/sources.json?_shape=array")).json()
    assert data and "csl_json" in data[0] and "bibtex" in data[0]
    source = await ds.client.get("/sources/deledicq-popova-1977")
    assert "@" in source.text and "CSL-JSON" in source.text

"""The draft relatives (data/drafts/): well-formed records the build does not read.

Each draft game validates as a game file; every citation names a source of the archive; each ruleset chooses one option of every switch of
its game; each draft has its mechanics and hand-worked positions (a mancala draft at least two, in
tests/engine/relatives/; an alignment draft at least three, in data/drafts/positions/, on points of
the board its mechanics file names, under switches and options of its record); and the archive the
build reads holds none of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from schema.paths import DATA_DIR
from schema.records import GameFile

DRAFTS = DATA_DIR / "drafts"
RELATIVES = Path(__file__).resolve().parents[1] / "engine" / "relatives"
POSITIONS = DRAFTS / "positions"
DRAFT_GAMES = sorted(p.stem for p in (DRAFTS / "games").glob("*.yaml"))
ALIGNMENT_KEYS = ("board", "pieces", "phases", "lines", "line_earns", "moves", "end")
"""What an alignment draft's mechanics file must say (data/drafts/README.md)."""


def _load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _citations(node):
    if isinstance(node, dict):
        if "source" in node and "locator" in node:
            yield node
        for v in node.values():
            yield from _citations(v)
    elif isinstance(node, list):
        for v in node:
            yield from _citations(v)


def test_there_are_at_least_six_drafts():
    """Counted by their mechanics files, which stay here when a draft moves to data/games/ (the
    record of the check); every draft still here has one."""
    mechanics = sorted(p.stem for p in (DRAFTS / "mechanics").glob("*.yaml"))
    assert len(mechanics) >= 6 and set(DRAFT_GAMES) <= set(mechanics), (mechanics, DRAFT_GAMES)


@pytest.mark.parametrize("gid", DRAFT_GAMES)
def test_a_draft_is_a_game_record_citing_known_sources(gid, archive):
    data = _load(DRAFTS / "games" / f"{gid}.yaml")
    record = GameFile.model_validate(data)
    assert record.game.id == gid
    known = set(archive.sources)
    unknown = sorted({c["source"] for c in _citations(data)} - known)
    assert not unknown, f"{gid}: cites unknown sources {unknown}"
    options = {s.id: {a.id for a in s.alternatives} for s in record.switches}
    assert all(sid.startswith(f"{gid}.") for sid in options)
    for r in record.rulesets:
        assert set(r.choices) == set(options), (gid, r.id)
        assert all(v in options[k] for k, v in r.choices.items()), (gid, r.id)
    assert "ludii" in {r.id for r in record.rulesets}
    assert sum(r.default for r in record.rulesets) == 1


def _alignment(gid: str) -> bool:
    return _load(DRAFTS / "mechanics" / f"{gid}.yaml").get("family") == "alignment"


def _points_named(position: dict) -> set[str]:
    """Every point a hand-worked alignment position names: its pieces, its move and its expectations."""
    named = set(position["position"]["board"])
    move = position["move"]
    named |= {move[k] for k in ("place", "from", "to", "remove") if k in move}
    results = [position["expected"]] if "expected" in position else []
    results += [r for by_option in position.get("expected_by_switch", {}).values() for r in by_option.values()]
    for r in results:
        for key in ("removable", "lines_through"):
            for item in r.get(key, []):
                named |= set(item) if isinstance(item, list) else {item}
        named |= set(r.get("board_after", {}))
    return named


@pytest.mark.parametrize("gid", [g for g in DRAFT_GAMES if _alignment(g)])
def test_an_alignment_draft_has_its_mechanics_and_hand_worked_positions(gid, archive):
    mechanics = _load(DRAFTS / "mechanics" / f"{gid}.yaml")
    assert mechanics["game"] == gid
    for key in ALIGNMENT_KEYS:
        assert mechanics.get(key), f"{gid}: mechanics lacks {key}"
        read_in = mechanics[key].get("read_in") if isinstance(mechanics[key], dict) else None
        assert read_in or key == "phases", f"{gid}: mechanics {key} says where it is read (read_in)"
    cited = {c["source"] for c in _citations(mechanics)}
    assert cited and cited <= set(archive.sources), (gid, sorted(cited - set(archive.sources)))
    points = set(mechanics["board"]["points"])
    assert len(points) == len(mechanics["board"]["points"]), f"{gid}: a point is named twice"
    record = GameFile.model_validate(_load(DRAFTS / "games" / f"{gid}.yaml"))
    options = {s.id: {a.id for a in s.alternatives} for s in record.switches}
    positions = _load(POSITIONS / f"{gid}.yaml")
    assert positions["game"] == gid and len(positions["positions"]) >= 3
    for p in positions["positions"]:
        where = (gid, p.get("id"))
        assert p["source"] and p["position"] and p["move"], where
        assert p["source"]["source"] in archive.sources and p["source"]["words"], where
        assert "expected" in p or "expected_by_switch" in p, where
        assert _points_named(p) <= points, (where, sorted(_points_named(p) - points))
        assert set(p["position"]["board"].values()) <= {1, 2}, where
        for sid, by_option in p.get("expected_by_switch", {}).items():
            assert sid in options and set(by_option) <= options[sid], (where, sid)
        for sid, option in p.get("under", {}).items():
            assert sid in options and option in options[sid], (where, sid)


@pytest.mark.parametrize("gid", [g for g in DRAFT_GAMES if not _alignment(g)])
def test_a_draft_has_its_mechanics_and_hand_worked_positions(gid):
    mechanics = _load(DRAFTS / "mechanics" / f"{gid}.yaml")
    assert mechanics["game"] == gid
    for key in ("board", "setup", "start_from", "sowing", "laps", "captures", "captured_counters", "end"):
        assert mechanics.get(key), f"{gid}: mechanics lacks {key}"
    positions = _load(RELATIVES / f"{gid}.yaml")
    assert positions["game"] == gid and len(positions["positions"]) >= 2
    for p in positions["positions"]:
        assert p["source"] and p["position"], (gid, p.get("id"))
        assert "expected" in p or "expected_by_switch" in p, (gid, p.get("id"))


def test_the_build_reads_no_draft(archive):
    assert not set(DRAFT_GAMES) & set(archive.games)


TAURU_RELATIVES = {
    "Dara": "dara", "Dra": "dra", "Aqrad": "aqrad", "Achi": "achi", "Triodi": "triodi",
    "Triodi (Diagonal)": "triodi", "Wari (Alignment)": "wari-alignment", "Bolotudu": "bolotudu",
    "Six Men's Morris": "six-mens-morris",
}
"""The games Tauru's seed page names and the draft that holds each (Triodi (Diagonal) is the switch
triodi.board of Triodi's draft; Symbol S.2, a Ludii test board, is recorded in Tauru's record and
not drafted)."""


def test_taurus_record_names_the_draft_of_each_game_its_page_names(archive):
    """Tauru's related games cannot name a draft by id (the build holds none), so each entry names
    the draft's file, and each draft names Tauru back by id: when a draft moves to data/games/, its
    related entry in Tauru's record can take the id."""
    related = {rel.name: rel for rel in archive.games["tauru"].game.related}
    assert set(TAURU_RELATIVES) | {"Symbol S.2"} <= set(related)
    for name, gid in TAURU_RELATIVES.items():
        if gid in archive.games:  # moved to data/games/: Tauru's record links it by id
            assert related[name].game == gid, name
            assert any(r.game == "tauru" for r in archive.games[gid].game.related), gid
            continue
        assert gid in DRAFT_GAMES, name
        assert f"data/drafts/games/{gid}.yaml" in related[name].model_dump_json(), name
        draft = GameFile.model_validate(_load(DRAFTS / "games" / f"{gid}.yaml"))
        assert any(r.game == "tauru" for r in draft.game.related), gid
    assert "not drafted" in (related["Symbol S.2"].differs or "")


@pytest.mark.parametrize("gid", [g for g in DRAFT_GAMES if _alignment(g)])
def test_an_alignment_draft_passes_the_archive_lint(gid, archive):
    """The lint the build runs on data/games/ (schema/lint.py), run on a draft as if it were a game:
    errors and warnings alike, so a draft moves with nothing to fix."""
    from schema import lint

    path = DRAFTS / "games" / f"{gid}.yaml"
    game = GameFile.model_validate(_load(path))
    findings = [str(f) for check in lint._CHECKS for f in check(archive, game, path)]
    assert not findings, findings

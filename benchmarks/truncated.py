"""The truncated UCT agent (``uct:ITERATIONS:DEPTH``, engine.agents) against full playouts.

Three parts, each printed as it finishes (``--part`` chooses; all by default):

- ``rank``: on Tap-urdy and Tsoro (Additional Capture), the readings (the archive's named rulesets
  and the full factorial of ``--switch``-es on the default ruleset) are each played ``--games``
  games by ``uct:N`` against itself and by ``uct:N:D`` against itself (engine.compare.comparison,
  seats swapped, the same seed), and for each of the assessment's measures (advantage_p1,
  completion, duration_turns) the Spearman rank correlation (scipy.stats.spearmanr) of the
  readings' values under the two agents. A second run of ``uct:N`` with another seed gives the
  agreement of full playouts with themselves (the ceiling the noise of ``--games`` games allows).
- ``time``: head-to-head at equal time, ``uct`` with ``--seconds`` a move against the truncated
  agent with the same time (engine.agents.UCTAgent(seconds=..., depth=D)), ``--h2h-games`` games
  on each game's default ruleset, seats alternating: the truncated agent's score (win 1, draw or
  unfinished 1/2) with its Wilson 95% interval (scipy; a draw counted as half a win, so the
  interval is an approximation when there are draws), its wins/draws/losses, and the iterations
  each agent ran a move (medians).
- ``lobudok``: Lobudök's ``ludii`` ruleset, each ``--lobudok-spec`` against ``uct:200`` at their
  iteration budgets, ``--lobudok-games`` games, seats alternating: score with Wilson interval and the
  CPU seconds a move of each side (medians) — the measurement behind the default assessment's agent
  (engine.cli.assess.GAME_BUDGETS).

Run (the output is benchmarks/truncated.txt)::

    nice .venv/bin/python benchmarks/truncated.py > benchmarks/truncated.txt

Games run one at a time in this process (the machine is shared); timings are CPU seconds of this
process (time.process_time), so other work on the machine slows them less than wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

GAMES = ("tap-urdy", "tsoro-additional-capture")
SWITCHES = {
    "tap-urdy": ("tap-urdy.capture", "tap-urdy.after-capture"),
    "tsoro-additional-capture": ("tsoro-additional-capture.extra-captures",
                                 "tsoro-additional-capture.singleton-capture"),
}
MEASURES = ("advantage_p1", "completion", "duration_turns")


def readings(game_id: str, switches: tuple[str, ...]):
    """The named rulesets, then the factorial of ``switches`` on the default ruleset (no repeats)."""
    from engine.compare.comparison import Plan, plan
    from engine.compare.sweep import variant_key

    named = plan(game_id)
    variants, labels = list(named.variants), [named.label(i) for i in range(len(named.variants))]
    if switches:
        f = plan(game_id, switches=list(switches))
        seen = {variant_key(v) for v in variants}
        for i, v in enumerate(f.variants):
            if variant_key(v) not in seen:
                seen.add(variant_key(v))
                variants.append(v)
                labels.append(f.label(i))
    return Plan(game_id, None, variants, labels)


def measures_under(game_id: str, p, agent: str, games: int, seed: int) -> tuple[list[dict[str, float]], float]:
    """Each reading's measures under ``agent`` against itself, and the CPU seconds it took."""
    from engine.compare.comparison import compare

    t = time.process_time()
    c = compare(game_id, variant_plan=p, games=games, agent=agent, vs=agent, seed=seed, n_resamples=200)
    return [{m: v.metrics[m].value for m in MEASURES} for v in c.variants], time.process_time() - t


def part_rank(args: argparse.Namespace) -> None:
    from scipy.stats import spearmanr

    full, cut = f"uct:{args.iterations}", f"uct:{args.iterations}:{args.depth}"
    print(f"## rank: readings' measures under {cut} against {full} (and {full} against itself, seed "
          f"{args.seed + 1}), {args.games} games a reading, seed {args.seed}", flush=True)
    for game_id in args.game or GAMES:
        p = readings(game_id, SWITCHES[game_id])
        a, ta = measures_under(game_id, p, full, args.games, args.seed)
        b, tb = measures_under(game_id, p, cut, args.games, args.seed)
        c, tc = measures_under(game_id, p, full, args.games, args.seed + 1)
        print(f"{game_id}: {len(p.variants)} readings; CPU s: {full} {ta:.0f}, {cut} {tb:.0f}, {full} again {tc:.0f}")
        print(f"  {'reading':44} " + " ".join(f"{m + ' ' + w:>24}" for m in MEASURES for w in ("full", "cut")))
        for i in range(len(p.variants)):
            print(f"  {p.label(i)[:44]:44} " + " ".join(f"{x[i][m]:>24.3f}" for m in MEASURES for x in (a, b)))
        for m in MEASURES:
            fa = [r[m] for r in a]
            rho = spearmanr(fa, [r[m] for r in b])
            ceiling = spearmanr(fa, [r[m] for r in c])
            print(f"  {m:16} Spearman rho {cut} vs {full}: {rho.statistic:+.3f} (p {rho.pvalue:.3f}); "
                  f"{full} vs itself (other seed): {ceiling.statistic:+.3f} (p {ceiling.pvalue:.3f})", flush=True)


def head_to_head(game_id: str, ruleset: str | None, make_a, make_b, games: int, seed: int):
    """``games`` games, agent A (``make_a(seed)``) in seat 1 in the even ones: A's wins, draws, losses
    and the CPU seconds a move and the iterations a move (UCT's ``searched``) of each side."""
    import engine
    from engine.rng import batch_seed

    w = d = l = 0
    secs: tuple[list[float], list[float]] = ([], [])
    its: tuple[list[int], list[int]] = ([], [])
    for i in range(games):
        gseed = batch_seed(seed, i)
        state = engine.new_game(game_id, ruleset=ruleset, seed=gseed)
        agents = (make_a(batch_seed(gseed, 1)), make_b(batch_seed(gseed, 2)))
        seat_a = 1 if i % 2 == 0 else 2
        while not state.is_terminal():
            side = 0 if state.to_move == seat_a else 1
            t = time.process_time()
            state.apply(agents[side].choose(state))
            secs[side].append(time.process_time() - t)
            its[side].append(getattr(agents[side], "searched", 0))
        winner = state.result().winner
        if winner == seat_a:
            w += 1
        elif winner in (1, 2):
            l += 1
        else:
            d += 1
    return w, d, l, secs, its


def report(label: str, w: int, d: int, l: int, secs, its) -> None:
    from engine.compare.intervals import wilson

    n = w + d + l
    iv = wilson(round(2 * w + d), 2 * n) if d else wilson(w, n)
    # with draws: (2w + d) half-points out of 2n, Wilson on that count (an approximation)
    print(f"  {label}: score {iv.value:.3f} [{iv.low:.3f}, {iv.high:.3f}] over {n} games "
          f"(W {w} / D {d} / L {l}); CPU s a move (median): {statistics.median(secs[0]):.4f} vs "
          f"{statistics.median(secs[1]):.4f}; iterations a move (median): {statistics.median(its[0]):.0f} vs "
          f"{statistics.median(its[1]):.0f}; moves {len(secs[0])} + {len(secs[1])}", flush=True)


def part_time(args: argparse.Namespace) -> None:
    from engine.agents import UCTAgent

    print(f"## time: truncated UCT (playouts cut at depth {args.depth}) against full playouts, {args.seconds} s "
          f"a move each, {args.h2h_games} games, seats alternating, default rulesets, seed {args.seed}", flush=True)
    for game_id in args.game or GAMES:
        w, d, l, secs, its = head_to_head(
            game_id, None, lambda s: UCTAgent(seconds=args.seconds, seed=s, depth=args.depth),
            lambda s: UCTAgent(seconds=args.seconds, seed=s), args.h2h_games, args.seed)
        report(f"{game_id}: truncated (depth {args.depth}) vs full", w, d, l, secs, its)


def part_lobudok(args: argparse.Namespace) -> None:
    from engine.agents import make_agent

    print(f"## lobudok: each spec against uct:200 on the ludii ruleset, {args.lobudok_games} games, seats "
          f"alternating, seed {args.seed}", flush=True)
    for spec in args.lobudok_spec:
        w, d, l, secs, its = head_to_head("lobudok", "ludii", lambda s: make_agent(spec, s),
                                          lambda s: make_agent("uct:200", s), args.lobudok_games, args.seed)
        report(f"{spec} vs uct:200", w, d, l, secs, its)


def part_evaluation(args: argparse.Namespace) -> None:
    from engine.agents import UCTAgent

    print(f"## evaluation: share against by-score, uct:{args.iterations}:{args.depth} both, Tap-urdy default "
          f"ruleset, {args.h2h_games} games, seats alternating, seed {args.seed}", flush=True)
    w, d, l, secs, its = head_to_head(
        "tap-urdy", None, lambda s: UCTAgent(args.iterations, s, depth=args.depth, evaluation="share"),
        lambda s: UCTAgent(args.iterations, s, depth=args.depth, evaluation="by-score"), args.h2h_games, args.seed)
    report("share vs by-score", w, d, l, secs, its)


PARTS = {"rank": part_rank, "time": part_time, "lobudok": part_lobudok, "evaluation": part_evaluation}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", action="append", choices=list(PARTS), help="parts to run (default: all)")
    ap.add_argument("--game", action="append", choices=GAMES, help="games of rank and time (default: both)")
    ap.add_argument("--iterations", type=int, default=100, help="UCT iterations a move (rank, evaluation)")
    ap.add_argument("--depth", type=int, default=20, help="the truncated agent's playout depth in decisions")
    ap.add_argument("--games", type=int, default=16, help="games a reading (rank)")
    ap.add_argument("--seconds", type=float, default=0.002, help="seconds a move (time)")
    ap.add_argument("--h2h-games", type=int, default=40, help="games of a head-to-head (time, evaluation)")
    ap.add_argument("--lobudok-spec", action="append", help="specs against uct:200 (lobudok)")
    ap.add_argument("--lobudok-games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    args.lobudok_spec = args.lobudok_spec or ["uct:200:50", "uct:400:50"]
    print(f"# command: {' '.join(['python'] + sys.argv)}")
    print(f"# {os.cpu_count()} cpus; load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"(the machine is shared with other engineers' jobs)", flush=True)
    t = time.monotonic()
    for name in args.part or list(PARTS):
        PARTS[name](args)
    print(f"# wall time {time.monotonic() - t:.0f} s; load average at end: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

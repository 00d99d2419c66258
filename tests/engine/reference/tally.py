"""Sum a lockstep tally: ``python tests/engine/reference/tally.py FILE`` prints, per game, the
lockstep games played, their decisions, and the mean and longest game (see lockstep.py)."""

from __future__ import annotations

import sys
from collections import defaultdict


def main(path: str) -> None:
    games: dict[str, list[int]] = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            game, n = line.split()
            games[game].append(int(n))
    print(f"{'game':28} {'games':>7} {'decisions':>10} {'mean':>7} {'longest':>8}")
    for game, ns in sorted(games.items()):
        print(f"{game:28} {len(ns):7d} {sum(ns):10d} {sum(ns) / len(ns):7.1f} {max(ns):8d}")


if __name__ == "__main__":
    main(sys.argv[1])

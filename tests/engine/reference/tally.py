"""Sum a lockstep tally: ``python tests/engine/reference/tally.py FILE`` prints, per game, the
lockstep games played, their decisions, the mean and longest game, and how the games ended
(see lockstep.py)."""

from __future__ import annotations

import sys
from collections import Counter, defaultdict


def main(path: str) -> None:
    games: dict[str, list[int]] = defaultdict(list)
    endings: dict[str, Counter] = defaultdict(Counter)
    with open(path, encoding="utf-8") as f:
        for line in f:
            game, n, ending = line.split()
            games[game].append(int(n))
            endings[game][ending] += 1
    print(f"{'game':26} {'games':>6} {'decisions':>10} {'mean':>6} {'longest':>7}  endings")
    for game, ns in sorted(games.items()):
        ends = ", ".join(f"{e} {c}" for e, c in endings[game].most_common())
        print(f"{game:26} {len(ns):6d} {sum(ns):10d} {sum(ns) / len(ns):6.1f} {max(ns):7d}  {ends}")


if __name__ == "__main__":
    main(sys.argv[1])

"""Where a game's compiled kernel spends its instructions, counted by valgrind's callgrind: what to read
when benchmarks/instructions.py says one checkout executes more than another.

For each tree (a checkout with its own ``.venv``), one process plays ``--games`` random games of the
game's description (its combination of rules' kernel, as benchmarks/playouts.py; generic CPU, counting
only the games: as benchmarks/instructions.py) under callgrind with an instruction-level profile
(``--dump-instr=yes``). The kernel's code is numba's JIT output, which valgrind cannot name: the
process prints the address of the game's entry point and of numba's ``NRT_incref``/``NRT_decref``,
and copies the entry point's code region (the library: the entry point and its out-of-line kernels)
to a file for ``objdump``. Printed for each tree:

- the instructions executed in the kernel's code, by kind: register moves, moves to and from the
  stack (spills and reloads), other stack operands, other memory operands, branches, the rest: a
  difference in register moves and spills is the register allocator's, not the game's work;
- the calls from the kernel's code into numba's reference counting (``NRT_incref``, ``NRT_decref``),
  by call site: an array a kernel binds to a variable of its own is counted there (engine.inlining);
- the instructions grouped by how many times each was executed: instructions executed once a lap,
  a move or a turn share their count, so the rows whose totals differ between trees say which event
  costs more (``--hist``, two trees);
- with ``--at N``, the instructions executed exactly N times, disassembled, in each tree.

Usage::

    .venv/bin/python benchmarks/kernel_profile.py --game lobudok --tree ../base --tree . --hist
    .venv/bin/python benchmarks/kernel_profile.py --game tsoro --games 3000 --tree ../base --tree . --at 367001

(about 90 s a tree, two at a time; the kernels compiled first, natively). Needs valgrind and objdump.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from instructions import COUNTING, environment

CHILD = COUNTING + r"""
import ctypes, sys
import engine
from engine.playout import run, warm_up
from numba.core.runtime import nrt
game_id, ruleset, n, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5] == "count"
game = engine.load_game(game_id, ruleset=ruleset)
if not hasattr(game.rules, "specialiser"):
    sys.exit(f"{game_id}: only a sowing game's kernels are specialised per combination of rules (the profiled one)")
warm_up(game)
run(game, 2, 1)
entry = game.rules.specialiser.entry(game.rules.combination[1])
(cres,) = entry.overloads.values()
addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
end = addr
for line in open("/proc/self/maps"):
    lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
    if lo <= addr < hi:
        end = hi
size = min(end - addr, 1 << 20)
with open(out + ".bin", "wb") as f:
    f.write(ctypes.string_at(addr, size))
lib = nrt.rtsys.library
print("KERNEL", addr, size, lib.get_pointer_to_function("NRT_incref"), lib.get_pointer_to_function("NRT_decref"),
      file=sys.stderr)
if count:
    counting(True)
run(game, n, 0)
if count:
    counting(False)
"""

KINDS = ("register move", "stack move", "stack operand", "memory", "branch", "other")


class Profile:
    """One tree's profile: self instructions by offset in the kernel's code, reference-count calls by
    call site, the code's disassembly."""

    def __init__(self, out: str, stderr: str):
        found = re.search(r"KERNEL (\d+) (\d+) (\d+) (\d+)", stderr)
        if found is None:
            raise SystemExit(f"the child printed no kernel address:\n{stderr[-2000:]}")
        self.addr, self.size, incref, decref = (int(x) for x in found.groups())
        self.self_counts: collections.Counter[int] = collections.Counter()
        self.refcounts: collections.Counter[tuple[int, str]] = collections.Counter()
        names = {incref: "incref", decref: "decref"}
        callee, calls, after_calls = None, 0, False
        with open(out + ".cg") as f:
            for line in f:
                if line.startswith("cfn="):
                    name = line[4:].split()[0].split("'")[0]  # callgrind marks a recursion level as 'N
                    callee = int(name, 16) if name.startswith("0x") else None  # numba's JIT code has no symbols
                elif line.startswith("calls="):
                    calls, after_calls = int(line[6:].split()[0]), True
                elif line.startswith("0x"):
                    at = int(line.split()[0], 16) - self.addr
                    if after_calls:  # the call's line: the calling instruction, the callee's inclusive cost
                        after_calls = False
                        if callee in names and 0 <= at < self.size:
                            self.refcounts[(at, names[callee])] += calls
                    elif 0 <= at < self.size:
                        self.self_counts[at] += int(line.split()[2])
                else:
                    after_calls = False
        dump = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", out + ".bin"],
                              capture_output=True, text=True, check=True).stdout
        self.code = {}
        for line in dump.splitlines():
            m = re.match(r"\s+([0-9a-f]+):\t[0-9a-f ]+\t(.*)", line)
            if m:
                self.code[int(m.group(1), 16)] = m.group(2).strip()

    def kinds(self) -> collections.Counter[str]:
        """Executed instructions by kind."""
        out: collections.Counter[str] = collections.Counter()
        for at, n in self.self_counts.items():
            op, _, args = self.code.get(at, "?").partition(" ")
            if op.startswith("mov") and "(" not in args and "$" not in args:
                kind = "register move"
            elif "(%rsp)" in args:
                kind = "stack move" if op.startswith("mov") else "stack operand"
            elif "(" in args:
                kind = "memory"
            elif op.startswith(("j", "call", "ret")):
                kind = "branch"
            else:
                kind = "other"
            out[kind] += n
        return out

    def by_executions(self) -> collections.Counter[int]:
        """How many instructions were executed exactly n times, for each n."""
        return collections.Counter(n for n in self.self_counts.values() if n)


def profile(tree: Path, game: str, ruleset: str, games: int, out: str) -> Profile:
    """Compile the game's kernel in ``tree``, then profile ``games`` random games of it under callgrind
    (files at ``out``.*)."""
    env = environment(tree)
    python = [str(tree / ".venv" / "bin" / "python"), "-c", CHILD, game, ruleset]
    compiled = subprocess.run([*python, "2", out, "compile"], cwd=tree, env=env, capture_output=True, text=True)
    if compiled.returncode != 0:
        raise SystemExit(f"{tree}: exit {compiled.returncode}\n{compiled.stderr[-2000:]}")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", "--dump-instr=yes",
                           "--compress-pos=no", "--compress-strings=no", f"--callgrind-out-file={out}.cg",
                           *python, str(games), out, "count"], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return Profile(out, done.stderr)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--ruleset", default="sources")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--tree", action="append", required=True, help="a checkout with its .venv (one or two)")
    ap.add_argument("--hist", action="store_true", help="the execution counts whose totals differ most (two trees)")
    ap.add_argument("--at", type=int, help="disassemble the instructions executed exactly this many times")
    args = ap.parse_args()
    if args.games < 1 or len(args.tree) > 2:
        raise SystemExit("--games: at least 1; --tree: one or two")
    trees = [Path(t).resolve() for t in args.tree]
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(max_workers=2) as pool:
        profiles = list(pool.map(lambda k: profile(trees[k], args.game, args.ruleset, args.games,
                                                   os.path.join(folder, f"tree{k}")), range(len(trees))))
    print(f"# command: python benchmarks/kernel_profile.py --game {args.game} --ruleset {args.ruleset} "
          f"--games {args.games} " + " ".join(f"--tree {t}" for t in args.tree))
    print(f"# instructions in the kernel's code over {args.games} games, by kind")
    kinds = [p.kinds() for p in profiles]
    for kind in (*KINDS, "all"):
        values = [sum(k.values()) if kind == "all" else k[kind] for k in kinds]
        diff = f"{values[1] - values[0]:>+16,}" if len(values) == 2 else ""
        print(f"{kind:<16}" + "".join(f"{v:>16,}" for v in values) + diff)
    for tree, p in zip(trees, profiles):
        sites = sorted(p.refcounts.items())
        total = sum(p.refcounts.values())
        print(f"# {tree}: calls into numba's reference counting from the kernel's code: {total:,}"
              f" ({total / args.games:,.0f} a game)")
        for (at, name), n in sites:
            if n >= args.games:
                print(f"  {at:>6x} {name:<7}{n:>12,}")
    if args.hist and len(profiles) == 2:
        a, b = (p.by_executions() for p in profiles)
        rows = sorted(set(a) | set(b), key=lambda n: -abs((b[n] - a[n]) * n))
        print("# executed n times: instructions in each tree, the difference in instructions executed")
        for n in rows[:20]:
            print(f"  {n:>12,}{a[n]:>8}{b[n]:>8}{(b[n] - a[n]) * n:>+14,}")
    if args.at is not None:
        for tree, p in zip(trees, profiles):
            print(f"# {tree}: the instructions executed {args.at:,} times")
            for at in sorted(k for k, n in p.self_counts.items() if n == args.at):
                print(f"  {at:>6x}  {p.code.get(at, '?')}")


if __name__ == "__main__":
    main()

"""Where one kind's compile goes: numba's compiles and passes, timed exclusive of what nests in them
(numba's "numba:compile" and "numba:run_pass" events, CPU seconds), and the untyped pipelines numba's
inliner runs for its callees (engine.inlining). Run in a fresh process with an empty cache::

    VARIORUM_NUMBA_CACHE=$(mktemp -d) NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/compile_probe.py 0

(the argument: the index of the kind in engine.play.kinds of every game; benchmarks/compile.txt, h84).
"""
import collections
import json
import sys
import time

from numba.core import event as ev

import engine  # noqa
from engine.games import GAMES
from engine.play import kinds, warm_kind
from numba.core.inline_closurecall import InlineWorker

clock = time.process_time
stack = []  # [name, start, child]
per_compile = collections.Counter()
per_pass = collections.Counter()
compiles = collections.Counter()
untyped = collections.Counter()
untyped_t = collections.Counter()
pass_stack = []


class C(ev.Listener):
    def on_start(self, e):
        d = e.data["dispatcher"]
        name = d.py_func.__module__.split(".")[-1] + "." + d.py_func.__qualname__
        stack.append([name, clock(), 0.0])

    def on_end(self, e):
        name, t0, child = stack.pop()
        dt = clock() - t0
        per_compile[name] += dt - child
        compiles[name] += 1
        if stack:
            stack[-1][2] += dt


class P(ev.Listener):
    def on_start(self, e):
        pass_stack.append([e.data["name"], clock(), 0.0])

    def on_end(self, e):
        name, t0, child = pass_stack.pop()
        dt = clock() - t0
        per_pass[name] += dt - child
        if pass_stack:
            pass_stack[-1][2] += dt


orig = InlineWorker.run_untyped_passes
depth = [0]
outer = [0.0]


def counted(self, func, enable_ssa=False):
    t0 = clock()
    depth[0] += 1
    try:
        return orig(self, func, enable_ssa)
    finally:
        depth[0] -= 1
        dt = clock() - t0
        if depth[0] == 0:
            outer[0] += dt
        untyped[func.__qualname__] += 1
        untyped_t[func.__qualname__] += dt


InlineWorker.run_untyped_passes = counted
ev.register("numba:compile", C())
ev.register("numba:run_pass", P())
kind = kinds(sorted(GAMES))[int(sys.argv[1])]
t0 = clock()
warm_kind(kind)
total = clock() - t0
print("kind", kind[0], len(kind), "total CPU", round(total, 1))
print("compiles (exclusive CPU s, times):")
for k, v in per_compile.most_common():
    print(f"  {k:50s} {v:7.1f} x{compiles[k]}")
print("passes (exclusive CPU s):")
for k, v in per_pass.most_common(20):
    print(f"  {k:40s} {v:7.1f}")
by = collections.Counter()
for k, v in per_pass.items():
    by[k.split(" [")[0]] += v
print("passes by name:")
for k, v in by.most_common(15):
    print(f"  {k:40s} {v:7.1f}")
print("outermost untyped pipelines (inlining) CPU s:", round(outer[0], 1))
print("untyped pipelines for inlining:", sum(untyped.values()), round(sum(untyped_t.values()), 1), "s (inclusive)")
for k, v in untyped.most_common(40):
    print(f"  {k:40s} x{v:4d} {untyped_t[k]:6.1f}")

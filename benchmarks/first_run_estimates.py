"""Count the first run's estimates against real times in a serve log: python benchmarks/first_run_estimates.py LOG."""
import re, sys
rx = re.compile(r"^(preliminary \w+ of [\w-]+|\w+: [\w-]+) \(.*\): estimated ([\d.]+) CPU s \(([\d.]+) s at \d+% of a core\), took ([\d.]+) CPU s \(([\d.]+) s\)")
rows = [m.groups() for m in map(rx.match, open(sys.argv[1])) if m]
def within(pairs, floor=0.0):
    pairs = [(e, r) for e, r in pairs if max(e, r) >= floor]
    ok = sum(1 for e, r in pairs if e > 0 and 0.5 <= r / e <= 2)
    return f"{ok} of {len(pairs)}"
cpu = [(float(a[1]), float(a[3])) for a in rows]; wall = [(float(a[2]), float(a[4])) for a in rows]
print(f"runs: {len(rows)}; within a factor of two: CPU {within(cpu)}, wall {within(wall)}; "
      f"runs of 1 CPU s or more (estimated or real): CPU {within(cpu, 1.0)}, wall {within(wall, 1.0 / 0.1)} (wall: 10 s or more)")
for stage in ("preliminary", "comparisons", "assessments"):
    sub = [a for a in rows if a[0].startswith(stage)]
    if sub:
        print(f"  {stage}: {len(sub)} runs; estimated {sum(float(a[1]) for a in sub):.1f} CPU s, took {sum(float(a[3]) for a in sub):.1f} CPU s; "
              f"wall estimated {sum(float(a[2]) for a in sub):.0f} s, took {sum(float(a[4]) for a in sub):.0f} s")

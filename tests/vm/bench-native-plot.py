#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench-native-plot.py DIR: the plot of `make bench-native`.

Reads DIR/native.csv (str_native's csv lines) and draws DIR/native-string.png:
one panel per op, upstream's time / kfx's against the string length (random
text, the worst alignment, each point the median of per-round ratios), a
line per compiler, and 1.0 (as fast as upstream) as a reference.  Uses the
gnuplot helpers of bench-report.py, so both reports look alike.
"""
import csv
import importlib.util
import os
import sys
from collections import defaultdict

spec = importlib.util.spec_from_file_location(
    "bench_report", os.path.join(os.path.dirname(__file__), "bench-report.py"))
br = importlib.util.module_from_spec(spec)
spec.loader.exec_module(br)

LINE_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]


def main():
    d = sys.argv[1]
    worst = defaultdict(lambda: 1e9)   # (compiler, op, len) -> worst ratio
    ops, compilers = [], []
    with open(os.path.join(d, "native.csv")) as f:
        for row in csv.DictReader(f):
            if row["shape"] != "text" or row["impl"] != "kfx":
                continue
            key = (row["compiler"], row["op"], int(row["len"]))
            worst[key] = min(worst[key], float(row["up_over_kfx"]))
            if row["op"] not in ops:
                ops.append(row["op"])
            if row["compiler"] not in compilers:
                compilers.append(row["compiler"])
    if not ops:
        print("bench-native-plot: no rows in native.csv", file=sys.stderr)
        return 1
    cols = 4
    rows = (len(ops) + cols - 1) // cols
    png = os.path.join(d, "native-string.png")
    s = br.header(png, cols * 440, rows * 340 + 40)
    s += ['set multiplot layout %d,%d title "string core, native time: upstream / kfx '
          '(worst alignment, random text; above 1 kfx is faster)"' % (rows, cols),
          'set xlabel "string length (bytes)"', 'set ylabel "upstream time / kfx time"',
          'set logscale y 2']
    for op in ops:
        series = []
        lens = sorted({k[2] for k in worst if k[1] == op})
        for i, cc in enumerate(compilers):
            pts = [(ln, worst[(cc, op, ln)]) for ln in lens if (cc, op, ln) in worst]
            series.append((cc, 'linecolor rgb "%s" linewidth 2 pointtype 7'
                           % LINE_COLOURS[i % len(LINE_COLOURS)], pts))
        series.append(("1.0", 'linecolor rgb "#7f7f7f" linewidth 1 pointtype 0',
                       [(ln, 1.0) for ln in lens]))
        s.append('set title "%s"' % op)
        s.append(br.xrange(lens))
        s += br.inline_plot(series)
    s.append("unset multiplot")
    return 0 if br.gnuplot("\n".join(s) + "\n") else 1


if __name__ == "__main__":
    sys.exit(main())

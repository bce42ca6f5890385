#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench-report.py DIR: turn a `make bench` run into RESULTS.md and plots.

DIR holds, per kernel, <kver>.csv (the guest's "csv," lines), <kver>.log
(its console) and setup.txt.  Writes DIR/RESULTS.md: the setup, then per
kernel a string table (ns per call net of the no-call program, median and
min-max, with the ratios), a crypto table (ns per operation, Mops/s), a hash
table (kfx_crypto_hash, AF_ALG and an FNV-1a BPF loop, with the ratios) and
every target line the benchmarks printed; and, with gnuplot, one PNG per
kernel for the string ops (a plot per op: throughput against length, a line
per implementation), one for crypto (a plot per algorithm: kfx, bpf_ and
AF_ALG, generic and AES-NI) and one for hashes (a plot per algorithm: kfx,
AF_ALG and the loop, per pass), each implementation one colour on every
kernel.
"""
import csv
import os
import subprocess
import sys
from collections import defaultdict

STRING_IMPLS = ["bpf_", "kfx_", "kfx_*_buf", "loop"]


def read_setup(d):
    setup = {}
    try:
        with open(os.path.join(d, "setup.txt")) as f:
            for line in f:
                k, _, v = line.rstrip("\n").partition("=")
                setup[k] = v
    except OSError:
        pass
    return setup


def log_lines(d, kver, prefix):
    try:
        with open(os.path.join(d, kver + ".log")) as f:
            return [l.rstrip("\n") for l in f if l.startswith(prefix)]
    except OSError:
        return []


def cell(row):
    med, lo, hi = row
    return "%d (%d-%d)" % (med, lo, hi)


def ratio(a, b):
    return "%.2fx" % (a / b) if a and b else "-"


def string_section(rows, out):
    # rows: op, len, impl, med, min, max
    t = defaultdict(dict)
    order = []
    for op, ln, impl, med, lo, hi in rows:
        key = (op, int(ln))
        if key not in t:
            order.append(key)
        t[key][impl] = (float(med), float(lo), float(hi))
    out.append("| op | length | bpf_ | kfx_ | kfx_*_buf | open-coded loop | "
               "bpf_/kfx_ | kfx_/buf | loop/kfx_ |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key in order:
        r = t[key]
        cells = [cell(r[i]) if i in r else "-" for i in STRING_IMPLS]
        kfx = r.get("kfx_", (0,))[0]
        out.append("| %s | %d | %s | %s | %s | %s |" % (
            key[0], key[1], " | ".join(cells),
            ratio(r.get("bpf_", (0,))[0], kfx),
            ratio(kfx, r.get("kfx_*_buf", (0,))[0]) if kfx else "-",
            ratio(r.get("loop", (0,))[0], kfx)))
    return t, order


def crypto_section(rows, out):
    # rows: pass, algo, dir, size, variant, driver, med, min, max
    out.append("| pass | algorithm | dir | bytes | variant | driver | "
               "ns/op (min-max) | Mops/s | vs kfx |")
    out.append("|---|---|---|---:|---|---|---:|---:|---:|")
    kfx = {}
    for p, algo, d, size, var, drv, med, lo, hi in rows:
        if var == "kfx":
            kfx[(p, algo, d, size)] = float(med)
    for p, algo, d, size, var, drv, med, lo, hi in rows:
        m = float(med)
        k = kfx.get((p, algo, d, size))
        out.append("| %s | %s | %s | %s | %s | %s | %d (%d-%d) | %.3f | %s |" % (
            p, algo, d, size, var, drv or "-", m, float(lo), float(hi),
            1000.0 / m if m > 0 else 0,
            ratio(m, k) if var != "kfx" else ""))


HASH_VARIANTS = ["kfx", "AF_ALG", "BPF loop"]


def hash_section(rows, out):
    # rows: pass, algo, size, variant, driver, med, min, max
    t = defaultdict(dict)
    order = []
    for p, algo, size, var, drv, med, lo, hi in rows:
        key = (p, algo, int(size))
        if key not in t:
            order.append(key)
        t[key][var] = (float(med), float(lo), float(hi), drv)
    out.append("| pass | algorithm | bytes | kfx driver | kfx_crypto_hash | "
               "AF_ALG | BPF loop (FNV-1a) | AF_ALG/kfx | loop/kfx | "
               "kfx bytes/us |")
    out.append("|---|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for key in order:
        r = t[key]
        kfx = r.get("kfx", (0, 0, 0, ""))
        cells = [cell(r[v][:3]) if v in r else "-" for v in HASH_VARIANTS]
        out.append("| %s | %s | %d | %s | %s | %s | %s | %s |" % (
            key[0], key[1], key[2], kfx[3] or "-", " | ".join(cells),
            ratio(r.get("AF_ALG", (0,))[0], kfx[0]),
            ratio(r.get("BPF loop", (0,))[0], kfx[0]),
            "%.0f" % (key[2] * 1000.0 / kfx[0]) if kfx[0] > 0 else "-"))


def gnuplot(script):
    try:
        subprocess.run(["gnuplot"], input=script.encode(), check=True)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        print("bench-report: gnuplot failed: %s" % e, file=sys.stderr)
        return False


# One colour per implementation, the same on every kernel's plots.
COLOURS = {"bpf_": "#1f77b4", "kfx_": "#d62728", "kfx_*_buf": "#2ca02c",
           "loop": "#7f7f7f", "kfx": "#d62728", "AF_ALG": "#9467bd",
           "BPF loop": "#7f7f7f"}
# Crypto passes: the generic C ciphers (thin, open points), then with
# AES-NI/AVX (amd64) or the AES/PMULL/NEON modules (arm64, "aes-ce")
# loaded (thick, filled); the png terminal draws no dashes.
PASS_STYLE = {"generic": "linewidth 1 pointtype 6 pointsize 1.2",
              "aesni": "linewidth 2 pointtype 7",
              "aes-ce": "linewidth 2 pointtype 7",
              "arch": "linewidth 2 pointtype 7"}
YLABEL = "bytes per guest us (1 guest ns = 1 instruction)"


def header(png, width, height):
    """Terminal and common settings: noenhanced, so kfx_buf is no subscript."""
    return ['set terminal png noenhanced size %d,%d font ",10"' % (width, height),
            'set output "%s"' % png, 'set logscale xy', 'set grid',
            'set key tmargin center horizontal font ",9" samplen 2']


def xrange(xs):
    """A log x range that fits the data, a margin either side."""
    return 'set xrange [%g:%g]' % (min(xs) / 1.4, max(xs) * 1.4)


def inline_plot(series):
    """A gnuplot plot command with its data inline: [(title, style, [(x, y)])]."""
    series = [(t, st, pts) for t, st, pts in series if pts]
    if not series:
        return ['set label 1 "no data" at graph 0.5, graph 0.5 center',
                'plot 1/0 notitle', 'unset label 1']
    lines = ["plot " + ", ".join('"-" with linespoints %s title "%s"' % (st, t)
                                 for t, st, _ in series)]
    for _, _, pts in series:
        lines += ["%g %g" % p for p in pts] + ["e"]
    return lines


def plot_strings(d, kver, t, order):
    ops = []
    for op, _ in order:
        if op not in ops:
            ops.append(op)
    if not ops:
        return None
    cols = 4
    rows = (len(ops) + cols - 1) // cols
    png = kver + "-string.png"
    s = header(os.path.join(d, png), cols * 440, rows * 340 + 40)
    s += ['set multiplot layout %d,%d title "%s: string kfuncs, throughput '
          'against string length (qemu TCG -icount)"' % (rows, cols, kver),
          'set xlabel "string length (bytes)"', 'set ylabel "%s" font ",8"' % YLABEL]
    for op in ops:
        series = []
        for impl in STRING_IMPLS:
            pts = [(ln, ln * 1000.0 / t[(o, ln)][impl][0]) for o, ln in order
                   if o == op and impl in t[(o, ln)] and t[(o, ln)][impl][0] > 0]
            series.append((impl, 'linecolor rgb "%s" linewidth 2 pointtype 7'
                           % COLOURS[impl], pts))
        s.append('set title "%s"' % op)
        s.append(xrange([ln for o, ln in order if o == op]))
        s += inline_plot(series)
    s.append("unset multiplot")
    return png if gnuplot("\n".join(s) + "\n") else None


def plot_crypto(d, kver, rows):
    """One plot per algorithm: kfx, bpf_ and AF_ALG, generic and AES-NI."""
    series = defaultdict(list)
    for p, algo, dr, size, var, drv, med, lo, hi in rows:
        if dr != "enc" or var not in ("kfx", "bpf_", "AF_ALG") or float(med) <= 0:
            continue
        series[(algo, var, p)].append((int(size), int(size) * 1000.0 / float(med)))
    if not series:
        return None
    algos = sorted({k[0] for k in series})
    cols = min(3, len(algos))
    nrows = (len(algos) + cols - 1) // cols
    png = kver + "-crypto.png"
    s = header(os.path.join(d, png), cols * 520, nrows * 400 + 40)
    s += ['set multiplot layout %d,%d title "%s: encryption throughput against '
          'message size (qemu TCG -icount; AF_ALG is user space, per sendmsg+read)"'
          % (nrows, cols, kver),
          'set xlabel "message bytes"', 'set ylabel "%s" font ",8"' % YLABEL]
    for algo in algos:
        keys = [(algo, v, p) for v in ("kfx", "bpf_", "AF_ALG")
                for p in ("generic", "aesni", "aes-ce") if (algo, v, p) in series]
        s.append('set title "%s"' % algo)
        s.append(xrange([x for k in keys for x, _ in series[k]]))
        s += inline_plot([("%s %s" % (k[1], k[2]),
                           'linecolor rgb "%s" %s'
                           % (COLOURS[k[1]], PASS_STYLE.get(k[2], "")),
                           sorted(series[k])) for k in keys])
    s.append("unset multiplot")
    return png if gnuplot("\n".join(s) + "\n") else None


def plot_hash(d, kver, rows):
    """One plot per algorithm: kfx, AF_ALG and the FNV-1a loop, per pass."""
    series = defaultdict(list)
    for p, algo, size, var, drv, med, lo, hi in rows:
        if float(med) > 0:
            series[(algo, var, p)].append((int(size), int(size) * 1000.0 / float(med)))
    if not series:
        return None
    algos = sorted({k[0] for k in series})
    png = kver + "-hash.png"
    s = header(os.path.join(d, png), len(algos) * 520, 440)
    s += ['set multiplot layout 1,%d title "%s: hashes, throughput against size '
          '(qemu TCG -icount; AF_ALG: user space, send+read; loop: '
          'FNV-1a in BPF)"' % (len(algos), kver),
          'set xlabel "message bytes"', 'set ylabel "%s" font ",8"' % YLABEL]
    for algo in algos:
        keys = [(algo, v, p) for v in HASH_VARIANTS
                for p in ("generic", "arch") if (algo, v, p) in series]
        s.append('set title "%s"' % algo)
        s.append(xrange([x for k in keys for x, _ in series[k]]))
        s += inline_plot([("%s %s" % (k[1], k[2]),
                           'linecolor rgb "%s" %s'
                           % (COLOURS[k[1]], PASS_STYLE.get(k[2], "")),
                           sorted(series[k])) for k in keys])
    s.append("unset multiplot")
    return png if gnuplot("\n".join(s) + "\n") else None


def main():
    d = sys.argv[1]
    setup = read_setup(d)
    out = ["# kfx benchmark results", ""]
    out.append("Produced by `make bench` (tests/vm/bench.sh, "
               "tests/bench/string_bench.c, tests/bench/crypto_bench.c, "
               "tests/bench/hash_bench.c).")
    out.append("")
    out.append("- date: %s; commit %s" % (setup.get("date", "?"),
                                          setup.get("commit", "?")))
    out.append("- accelerator: %s" % setup.get("setup", "?"))
    out.append("- host: %s; %s" % (setup.get("host", "?"), setup.get("qemu", "?")))
    out.append("- scope: %s" % setup.get("scope", "?"))
    out.append("")
    out.append("Every figure is from one guest per kernel, the implementations "
               "interleaved sample by sample.  Under `-icount shift=0` the "
               "guest clock advances one ns per instruction executed, so a "
               "\"ns\" is one guest instruction and runs repeat exactly "
               "(min = max); only ratios mean anything, and emulated AES-NI "
               "or AVX instructions count as one each.  String figures are "
               "ns per call net of the same program without the call; crypto "
               "figures likewise (kfx's bpf_kptr_xchg() pair and upstream's "
               "RCU map load are in both); AF_ALG is wall time per operation "
               "from user space (sendmsg + read) on the same guest clock.  "
               "Hash figures: kfx_crypto_hash() from XDP net of the same "
               "program without the call, AF_ALG per send + read, and an "
               "open-coded FNV-1a loop in BPF over the same bytes (a "
               "non-cryptographic reference: what touching each byte in BPF "
               "costs), each digest checked against AF_ALG's first.")
    kvers = sorted(f[:-4] for f in os.listdir(d) if f.endswith(".csv"))
    for kver in kvers:
        srows, crows, hrows = [], [], []
        with open(os.path.join(d, kver + ".csv"), newline="") as f:
            for row in csv.reader(f):
                if row and row[0] == "string" and len(row) == 8:
                    srows.append(row[2:])
                elif row and row[0] == "crypto" and len(row) == 11:
                    crows.append(row[2:])
                elif row and row[0] == "hash" and len(row) == 10:
                    hrows.append(row[2:])
        cpu = [l.split(": ", 1)[1] for l in log_lines(d, kver, "kfx-cpu: ")]
        out += ["", "## %s" % kver, ""]
        out.append("Guest CPU: %s (qemu -cpu max)." % (cpu[0] if cpu else "?"))
        for l in log_lines(d, kver, "string_bench: upstream") + \
                log_lines(d, kver, "crypto_bench: kernel") + \
                log_lines(d, kver, "hash_bench: kernel"):
            out.append("`%s`" % l)
        out.append("")
        if srows:
            out += ["### Strings", ""]
            t, order = string_section(srows, out)
            png = plot_strings(d, kver, t, order)
            if png:
                out += ["", "![%s strings](%s)" % (kver, png)]
        if crows:
            out += ["", "### Crypto", ""]
            crypto_section(crows, out)
            png = plot_crypto(d, kver, crows)
            if png:
                out += ["", "![%s crypto](%s)" % (kver, png)]
        if hrows:
            out += ["", "### Hashes", ""]
            hash_section(hrows, out)
            png = plot_hash(d, kver, hrows)
            if png:
                out += ["", "![%s hashes](%s)" % (kver, png)]
        checks = log_lines(d, kver, "hash_bench: CHECK FAILED")
        if checks:
            out += ["", "Checks failed (those points are not timed):", "",
                    "```"] + checks + ["```"]
        targets = log_lines(d, kver, "target ")
        if targets:
            missed = sum(1 for l in targets if l.endswith("MISSED"))
            out += ["", "### Targets (%d, %d missed)" % (len(targets), missed),
                    "", "```"] + targets + ["```"]
        if not srows and not crows and not hrows:
            out.append("No results: the guest did not finish (see %s.log)." % kver)
    with open(os.path.join(d, "RESULTS.md"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

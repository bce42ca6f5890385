#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tests/mutants/run.py: the mutation check (issue 30 item 8; `make mutants`).

Each mutant of tests/mutants/mutants.list is applied alone to a scratch
copy of the tree (never the checkout), built for its row and run through
the narrowest test that should catch it; a table says killed or survived
and by what.  MUTANTS=id1,id2 (or arguments) picks some; a mutant whose
result is stored is not run again unless FORCE=1 (resumable); ROWS=7.3,host
picks rows; TABLE_ONLY=1 writes the table of what is stored.  Results: $KFX_MUTANTS_WORK/results/<id>.json, the table in
tests/mutants/RESULTS.md (and printed).

A guest row (tests/kernels.list name) boots run-guest.sh with a cache of
its own ($KFX_MUTANTS_WORK/run: the kernels linked from the kfx cache, the
BPF side and kfx.ko its own), one guest at a time, everything under nice.
Each (row, --only) pair first runs unmutated (the baseline); a mutant is
killed when it fails a test the baseline passed, shows a kernel splat the
baseline did not, or its runner never finishes (a crash or a hang).
"""
import datetime
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

TOP = os.path.realpath(os.path.join(os.path.dirname(__file__), "../.."))
HERE = os.path.join(TOP, "tests/mutants")
CACHE = os.environ.get("KFX_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "kfx")
W = os.environ.get("KFX_MUTANTS_WORK") or os.path.join(CACHE, "mutants")
NICE = ["nice", "-n", "19"]

# tests/vm/check.sh's splat patterns, with arm64's lowercase "Call trace:"
SPLAT = re.compile(
    r"BUG[: ]|WARNING:|Oops|KFENCE:|KASAN|general protection|kernel BUG|"
    r"Call [Tt]race|UBSAN|Kernel panic|refcount_t:|list_(add|del) corruption|"
    r"Poison overwritten|Redzone|Object padding|possible circular locking|"
    r"possible recursive locking|inconsistent lock state|suspicious RCU usage|"
    r"possible irq lock inversion|bad unlock balance|held lock freed|"
    r"lock held when returning|DEBUG_LOCKS_WARN_ON|"
    r"sleeping function called from invalid context|scheduling while atomic|"
    r"using smp_processor_id\(\) in preemptible")
# the part of the tree a build or a host test reads
TREE = ("Makefile", "Kbuild", "dkms.conf", "module", "bpf", "tools", "tests/host")
# what the BPF side and the runner are built from
BPF_TREE = ("tests/Makefile", "tests/progs", "tests/runner", "tests/vectors", "tests/bench",
            "bpf", "tools/vectors2h.sh")
ARTIFACT = re.compile(r"\.(o|ko|mod|mod\.c|cmd|order|symvers)$|^kfx_probes\.h$|^probe\.log$")


@functools.lru_cache(maxsize=None)
def content_id(parts):
    """A digest of the files under PARTS (paths from the top): what a build
    of them depends on, so that a stored build or baseline of other sources
    is never reused.  Once a run: the checkout must not change under it."""
    h = hashlib.sha1()
    for part in parts:
        top = os.path.join(TOP, part)
        files = [top] if os.path.isfile(top) else sorted(
            os.path.join(d, f) for d, _, fs in os.walk(top) for f in fs)
        for f in files:
            if ARTIFACT.search(os.path.basename(f)) or os.path.islink(f):
                continue
            h.update(os.path.relpath(f, TOP).encode() + b"\0")
            h.update(open(f, "rb").read())
    return h.hexdigest()[:12]


def module_commit():
    """The last commit that changed module/, "+" when module/ differs from it."""
    git = ["git", "-C", TOP]
    c = subprocess.run(git + ["log", "-1", "--format=%h", "--", "module"],
                       capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(git + ["status", "--porcelain", "module"],
                           capture_output=True, text=True).stdout.strip()
    return c + ("+" if dirty else "")


def say(*a):
    print("[mutants]", *a, file=sys.stderr, flush=True)


def unescape(s):
    return s.replace("\\n", "\n").replace("\\t", "\t")


def parse(path):
    muts, cur = [], {}
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur:
                muts.append(cur)
            cur = {}
            continue
        k, _, v = line.partition(":")
        cur[k.strip()] = v.strip() if k.strip() not in ("find", "replace") else v[1:] if v.startswith(" ") else v
    if cur:
        muts.append(cur)
    for m in muts:
        m.setdefault("only", "")
        m.setdefault("expect", "killed")
        m.setdefault("nth", "")
    return muts


def kernel_field(row, field):
    idx = {"arch": 1, "suite": 2, "root": 3, "kver": 4}[field]
    for line in open(os.path.join(TOP, "tests/kernels.list")):
        f = line.split()
        if line.startswith("#") or len(f) < 5:
            continue
        if f[0] == row:
            return f[idx]
    raise SystemExit(f"row {row} is not in tests/kernels.list")


def apply(m, tree):
    """The mutant's edit in the scratch tree; an error if it does not apply."""
    p = os.path.join(tree, m["file"])
    s = open(p).read()
    find, repl = unescape(m["find"]), unescape(m["replace"])
    n = s.count(find)
    if m["nth"]:
        k = int(m["nth"])
        if n < k:
            raise ValueError(f"{m['id']}: occurrence {k} of its find text is not in {m['file']}")
        i = -1
        for _ in range(k):
            i = s.index(find, i + 1)
        s = s[:i] + repl + s[i + len(find):]
    else:
        if n != 1:
            raise ValueError(f"{m['id']}: its find text occurs {n} times in {m['file']} (give nth:)")
        s = s.replace(find, repl)
    open(p, "w").write(s)


def scratch(name, m=None):
    d = os.path.join(W, "scratch", name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for t in TREE:
        src = os.path.join(TOP, t)
        dst = os.path.join(d, t)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.isdir(src):
            shutil.copytree(src, dst, symlinks=True,
                            ignore=shutil.ignore_patterns("*.o", "*.ko", "*.mod*", ".*.cmd",
                                                          "kfx_probes.h", "probe.log"))
        else:
            shutil.copy2(src, dst)
    if m:
        apply(m, d)
    return d


def base_row(row):
    return row.split("+")[0]


def qemu_opts(row):
    return "-cpu max,la57=off" if row.endswith("+la57off") else ""


def sh(cmd, log, env=None, timeout=None):
    with open(log, "w") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
                           timeout=timeout, cwd=TOP)
    return r.returncode


def build(row, tree, out):
    log = os.path.join(W, "logs", f"build-{os.path.basename(tree)}-{base_row(row)}.log")
    rc = sh(NICE + [os.path.join(HERE, "build.sh"), base_row(row), tree, out], log,
            env=dict(os.environ, KFX_MUTANTS_WORK=W))
    if rc:
        tail = open(log).read().strip().splitlines()[-3:]
        return "build failed: " + " | ".join(tail)
    return None


def bpf_side():
    """The BPF side and the runner of these sources (one directory each)."""
    bpf = os.path.join(W, "bpf-" + content_id(BPF_TREE))
    if os.path.exists(os.path.join(bpf, "kfx_test")) and not os.environ.get("KFX_MUTANTS_REBUILD_BPF"):
        return bpf
    os.makedirs(bpf, exist_ok=True)
    vm = os.path.join(bpf, "vmlinux")
    old = os.path.join(W, "bpf", "vmlinux")
    if not os.path.exists(vm) and os.path.exists(old):
        shutil.copy(old, vm)
    if not os.path.exists(vm):
        kver = kernel_field("6.1", "kver")
        subprocess.run(NICE + [os.path.join(TOP, "tools/kfx-extract-vmlinux.sh"),
                               os.path.join(CACHE, "kernels", kver, "vmlinuz"), vm], check=True)
    say("building the BPF side and the runner in", bpf)
    subprocess.run(NICE + ["make", "-s", "-C", os.path.join(TOP, "tests"), f"OUT={bpf}",
                           f"VMLINUX={vm}"], check=True, stdout=subprocess.DEVNULL)
    return bpf


def bpf_arm64():
    """arm64's BPF side and runner: the kfx cache's (tests/vm/build-bpf.sh
    cross-builds it with a sysroot; `make check ARCH=arm64` did, from the
    tree of that run), read only; keyed by its runner's age."""
    bpf = os.path.join(CACHE, "bpf-arm64")
    if not os.path.exists(os.path.join(bpf, "kfx_test")):
        raise SystemExit("no arm64 BPF side in the kfx cache (make check ARCH=arm64 builds it)")
    return bpf


def bpf_id(row):
    if kernel_field(base_row(row), "arch") == "arm64":
        return "arm64-cache-" + str(int(os.path.getmtime(os.path.join(bpf_arm64(), "kfx_test"))))
    return content_id(BPF_TREE)


def guest(row, ko_dir, only, tag):
    """Boot ROW with the kfx.ko in KO_DIR, run --only ONLY; the console log."""
    run = os.path.join(W, "run")
    os.makedirs(os.path.join(run, "out"), exist_ok=True)
    links = [("kernels", os.path.join(CACHE, "kernels"))]
    if kernel_field(base_row(row), "arch") == "arm64":
        links += [("bpf-arm64", bpf_arm64()), ("sysroot", os.path.join(CACHE, "sysroot"))]
    else:
        links += [("bpf", bpf_side())]
    for link, target in links:
        p = os.path.join(run, link)
        if os.path.islink(p) and os.readlink(p) != target:
            os.unlink(p)
        if not os.path.islink(p):
            os.symlink(target, p)
    kver = kernel_field(base_row(row), "kver")
    out = os.path.join(run, "out", kver)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ko_dir, out)
    payload = (f"/kfx_test --module /kfx.ko --nobtf /kfx-nobtf.ko --fuzz-seconds 0 "
               f"--only {only or '@none'}; echo \"kfx-exit: $?\"")
    env = dict(os.environ, KFX_CACHE=run, KFX_PAYLOAD=payload,
               KFX_BOOT_TIMEOUT=os.environ.get("KFX_MUTANTS_GUEST_TIMEOUT", "900"),
               KFX_SILENT_SECONDS="300")
    if qemu_opts(row):
        env["KFX_QEMU_OPTS"] = qemu_opts(row)
    env.setdefault("KFX_BOOT_HANG_SECONDS", "240")
    glog = os.path.join(W, "logs", f"guest-{tag}.out")
    log = os.path.join(W, "logs", f"console-{tag}.log")
    src = os.path.join(run, "logs", f"{kver}-test.log")
    # a kernel that never reaches init (TCG under load: seen hanging in
    # its own boot, no module loaded yet) boots again, as check.sh does
    for attempt in (1, 2, 3):
        if os.path.exists(src):
            os.unlink(src)
        sh(NICE + [os.path.join(TOP, "tests/vm/run-guest.sh"), base_row(row), "test"], glog, env=env)
        if os.path.exists(src):
            shutil.copy(src, log)
        else:
            open(log, "w").write(open(glog).read())
        if booted(log):
            break
        shutil.copy(log, log + f".boot-failed{attempt}")
        say(f"{tag}: the guest did not reach its init (attempt {attempt}); booting again")
    return log


def booted(log):
    """tests/vm/lib.sh guest_booted()"""
    txt = open(log, errors="replace").read()
    return bool(re.search(r"kfx-guest: .* booted|^(ok|not ok|skip) |^kfx-", txt, re.M))


def digest(log):
    """The runner's verdicts and the splats of one console log."""
    txt = open(log, errors="replace").read().replace("\r", "")
    res = {"ok": set(), "notok": {}, "splat": [], "summary": None}
    for line in txt.splitlines():
        if line.startswith("ok "):
            res["ok"].add(line[3:].split()[0])
        elif line.startswith("not ok "):
            name = line[7:].split(":")[0].strip()
            res["notok"].setdefault(name, line.strip())
        elif line.startswith("kfx-summary:"):
            res["summary"] = line.strip()
        if SPLAT.search(line):
            res["splat"].append(line.strip())
    return res


def norm_splat(line):
    line = re.sub(r"^\[\s*[\d.]+\]\s*", "", line)
    line = re.sub(r"0x[0-9a-f]+|[0-9a-f]{8,}", "X", line)
    line = re.sub(r"\b(CPU|PID|pid|comm):? ?\S+", r"\1", line)
    return line[:80]


def baseline(row, only):
    """The unmutated run of (ROW, ONLY), of these sources (module and tests)."""
    mid, bid = content_id(TREE), bpf_id(row)
    key = re.sub(r"[^A-Za-z0-9_.-]", "_", f"base-{row}-{only}-{mid[:8]}-{bid[:8]}")
    p = os.path.join(W, "results", key + ".json")
    if os.path.exists(p) and not os.environ.get("FORCE_BASE"):
        return json.load(open(p))
    ko = os.path.join(W, "base", f"{base_row(row)}-{mid}")
    if not os.path.exists(os.path.join(ko, "kfx.ko")):
        say(f"baseline build for {row}")
        tree = scratch("base")
        err = build(row, tree, ko)
        if err:
            raise SystemExit(f"the unmutated tree does not build for {row}: {err}")
    say(f"baseline run: {row} --only {only}")
    t0 = time.time()
    log = guest(row, ko, only, key)
    d = digest(log)
    b = {"row": row, "only": only, "module": module_commit(), "module_id": mid, "bpf_id": bid,
         "ok": sorted(d["ok"]), "notok": d["notok"],
         "splat": sorted(set(norm_splat(s) for s in d["splat"])),
         "summary": d["summary"], "secs": round(time.time() - t0)}
    json.dump(b, open(p, "w"), indent=1)
    return b


def judge_guest(m, log, base):
    if not booted(log):
        return "error", "the guest never reached its init (3 boots)"
    d = digest(log)
    new_fail = [l for n, l in d["notok"].items() if n not in base["notok"]]
    if new_fail:
        return "killed", new_fail[0]
    bs = set(base["splat"])
    new_splat = [s for s in d["splat"] if norm_splat(s) not in bs]
    if new_splat:
        return "killed", "splat: " + new_splat[0]
    if not d["summary"]:
        tail = [l for l in open(log, errors="replace").read().replace("\r", "").splitlines() if l.strip()]
        return "killed", "no kfx-summary (crash or hang): " + (tail[-1] if tail else "empty console")
    if not d["ok"] and not d["notok"]:
        return "survived", f"no test matched --only {m['only']} ({d['summary']})"
    return "survived", d["summary"]


def run_host(m, tree):
    out = os.path.join(W, "host", m["id"])
    shutil.rmtree(out, ignore_errors=True)
    log = os.path.join(W, "logs", f"host-{m['id']}.log")
    rc = sh(NICE + ["make", "-C", os.path.join(tree, "tests/host"), "test", f"OUT={out}"], log,
            timeout=1800)
    if not rc:
        return "survived", "str_test and str_pages pass"
    txt = open(log, errors="replace").read()
    if re.search(r"\berror:", txt) and not re.search(r"MISMATCH|FAIL|runtime error|AddressSanitizer", txt):
        return "error", "does not compile: " + next(l for l in txt.splitlines() if "error:" in l)[:250]
    return "killed", host_by(log, rc)


def host_by(log, rc):
    """The first line of a failing host test that says why."""
    lines = [l for l in open(log, errors="replace").read().splitlines()
             if l.strip() and not re.match(r"(gcc|clang|make|\s)", l)]
    pat = re.compile(r"MISMATCH|FAIL|runtime error|ERROR: AddressSanitizer|differ", re.I)
    hit = [l for l in lines if pat.search(l)]
    return (hit[0] if hit else (lines[-1] if lines else f"exit {rc}")).strip()[:300]


def run_one(m):
    t0 = time.time()
    res = {"id": m["id"], "what": m["what"], "row": m["row"], "only": m["only"],
           "file": m["file"], "expect": m["expect"], "edit": m["find"] + m["replace"],
           "module": module_commit(),
           "module_id": content_id(TREE), "bpf_id": bpf_id(m["row"]) if m["row"] != "host" else ""}
    if m["expect"].startswith("not run"):
        res.update(verdict="not run", by=m["expect"], secs=0)
        return res
    try:
        tree = scratch(m["id"], m)
    except ValueError as e:
        res.update(verdict="error", by=str(e), secs=0)
        return res
    if m["row"] == "host":
        v, by = run_host(m, tree)
    else:
        base = baseline(m["row"], m["only"])
        ko = os.path.join(W, "ko", m["id"])
        err = build(m["row"], tree, ko)
        if err:
            v, by = "error", err
        else:
            tb = time.time()
            res["build_secs"] = round(tb - t0)
            log = guest(m["row"], ko, m["only"], m["id"])
            v, by = judge_guest(m, log, base)
            res["log"] = log
    shutil.rmtree(tree, ignore_errors=True)
    res.update(verdict=v, by=by[:300], secs=round(time.time() - t0))
    return res


def shown(r):
    """killed, equivalent (a survivor mutants.list proves equivalent or
    unreachable, "expect: equivalent: ..."), survived, not run or error."""
    if r["verdict"] == "survived" and r["expect"].startswith("equivalent"):
        return "equivalent"
    return r["verdict"]


def table(results, muts):
    order = {m["id"]: i for i, m in enumerate(muts)}
    rows = sorted(results, key=lambda r: order.get(r["id"], 1e9))
    counts = {}
    for r in rows:
        counts[shown(r)] = counts.get(shown(r), 0) + 1
    ran = sum(n for v, n in counts.items() if v != "not run")
    commit = subprocess.run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    mods = sorted({r.get("module", "?") for r in rows if r["verdict"] != "not run"})
    out = ["# Mutation check results (tests/mutants, issue 30 item 8)", "",
           f"Generated by tests/mutants/run.py on {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC "
           f"at {commit} from the stored results, host {os.uname().nodename} "
           f"({os.cpu_count()} CPUs, guests under qemu TCG, nice 19, beside other load).  "
           "Column \"module\": the last commit that changed module/ when the mutant ran "
           "(the mutated tree and its baseline are that module; \"+\": with changes to it not "
           "committed; \"~\": a result stored before results kept it, the last such commit "
           "before the run began, from the result's time); "
           + ", ".join(mods) + ".", "",
           "A result is **killed** (a test its baseline passed failed, a new splat, or no end), "
           "**equivalent** (it survived and mutants.list's expect: says why no test can "
           "tell it apart, and which test defends that premise), or **survived** (a gap).", "",
           "Totals: " + ", ".join(f"{v} {counts[v]}" for v in
                                  ("killed", "equivalent", "survived", "error", "not run") if v in counts) +
           f"; {ran} run of {len(muts)} in mutants.list.", "",
           "| id | protection | row | --only | module | result | by (first new failure) | s |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        by = r["by"].replace("|", "/")
        v = shown(r)
        exp = "" if v in ("killed", "not run") and r["expect"] == "killed" or v == "not run" \
            else f" ({r['expect']})"
        out.append(f"| {r['id']} | {r['what']} | {r['row']} | {r['only'] or '-'} | "
                   f"{r.get('module', '?') if r['verdict'] != 'not run' else '-'} | "
                   f"**{v}**{exp} | {by} | {r.get('secs', '')} |")
    done = {r["id"] for r in rows}
    left = [m["id"] for m in muts if m["id"] not in done]
    if left:
        out += ["", "Not run yet (`make mutants` goes on with them): " + ", ".join(left) + "."]
    return "\n".join(out) + "\n"


def stored(m):
    """M's stored result, None when there is none or it ran another row,
    --only or edit than mutants.list now says (run again)."""
    p = os.path.join(W, "results", m["id"] + ".json")
    if not os.path.exists(p):
        return None
    r = json.load(open(p))
    if r["row"] != m["row"] or r["only"] != m["only"] or \
            r.get("edit", m["find"] + m["replace"]) != m["find"] + m["replace"]:
        return None
    return r


def main():
    muts = parse(os.path.join(HERE, "mutants.list"))
    ids = [m["id"] for m in muts]
    if len(set(ids)) != len(ids):
        raise SystemExit("mutants.list: duplicate ids")
    pick = [x for a in sys.argv[1:] + [os.environ.get("MUTANTS", "")] for x in a.split(",") if x]
    rows = [x for x in os.environ.get("ROWS", "").split(",") if x]
    for x in pick:
        if x not in ids:
            raise SystemExit(f"no mutant {x} in mutants.list")
    todo = [m for m in muts if (not pick or m["id"] in pick) and (not rows or m["row"] in rows)]
    if pick:	# in the order asked
        todo.sort(key=lambda m: pick.index(m["id"]))
    for d in ("results", "logs", "scratch"):
        os.makedirs(os.path.join(W, d), exist_ok=True)
    if os.environ.get("CHECK_ONLY"):	# every edit applies, nothing built
        for m in todo:
            t = scratch("check", m)
            shutil.rmtree(t)
        say(f"{len(todo)} mutants apply")
        return
    if os.environ.get("TABLE_ONLY"):	# the stored results' table, nothing run
        todo = []
    for m in todo:
        p = os.path.join(W, "results", m["id"] + ".json")
        if stored(m) and not os.environ.get("FORCE"):
            continue
        say(f"{m['id']}: {m['what']} ({m['row']} {m['only']})")
        r = run_one(m)
        json.dump(r, open(p, "w"), indent=1)
        say(f"{m['id']}: {r['verdict']} ({r['secs']} s): {r['by'][:160]}")
    results = []
    for m in muts:
        r = stored(m)
        if r:
            r.update(what=m["what"], expect=m["expect"])	# the list's, now
            hl = os.path.join(W, "logs", f"host-{m['id']}.log")
            if r["row"] == "host" and r["verdict"] == "killed" and os.path.exists(hl):
                r["by"] = host_by(hl, 2)	# results of an older run.py
            results.append(r)
    t = table(results, muts)
    open(os.environ.get("KFX_MUTANTS_RESULTS", os.path.join(HERE, "RESULTS.md")), "w").write(t)
    print(t)


if __name__ == "__main__":
    main()

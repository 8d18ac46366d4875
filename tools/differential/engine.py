#!/usr/bin/env python3
"""Runs cases through a profile's reference and through hcl-eval, and
groups where they differ (value, type, knownness, refinements, every error)
into clusters.

    tools/differential/engine.py --profile terraform CASES.jsonl...
    tools/differential/engine.py --profile opentofu --generate 100000 [--seed 1] [--mode mixed]
        [--jobs 1] [--batch 2000] [--timeout 300] [--case-timeout 20] [--memory 4096]
        [--by kind,feature,detail] [--clusters 40] [--report FILE] [--differences FILE]
        [--show N] [--ignore-refinements] [--errors-summary-only]
        [--candidate target/debug/hcl-eval] [--reference PATH]
    tools/differential/engine.py --regroup DIFFERENCES.jsonl --by kind,area

CASES are JSON Lines in the conformance schema (golden case files work:
their "expect" is ignored); --generate makes them with generate.py instead.
The reference is that of tools/reference/record.py for the profile, unless
--reference (or the environment variable HCL_REFERENCE_<PROFILE>, e.g.
HCL_REFERENCE_TERRAFORM or HCL_REFERENCE_HCL_2_14) names another program
speaking the same JSON Lines. Both programs run in an empty directory with
a limited address space, one process per batch of cases; a batch that runs
out of time or dies is run again case by case, so the runaway case is found
(and reported as a timeout or a crash) and the rest are still compared.
Progress goes to standard error.

A difference is classified by its kind:

    reference fails / candidate fails   one side errs, the other does not
    type, known, value, refinement      both succeed: the first of these to differ
    console                             both succeed, same value, different console text
                                        (only when both print it)
    error summary, error detail         both err: the summaries differ, or only the details
    unavailable                         the candidate has no filesystem, by design
    timeout, crash                      a side did not answer
    unstable reference                  the reference answered a second run differently

and clustered by what --by names (default kind,feature,detail): "kind";
"feature", the case's "feature" field (generate.py sets it to the outermost
construct: "fn:element", "op:>", "cond", ...) or else the part of its id
before a "/"; "detail", what differs (the differing error with its
particulars blurred, the error summaries, the refinement keys, the types);
"area", the case's "area" field (the part of generate.py that made it);
"vars", which harness extensions the case's variables use (plain, refined,
marked). The summary lists the largest clusters, each
with its shortest case and both results; --report writes every cluster,
--differences every differing case with both results, which --regroup
clusters (and classifies, under the flags given) again without running
anything.
"""
import argparse, collections, concurrent.futures, json, os, re, subprocess, sys, tempfile, threading, time

sys.set_int_max_str_digits(0)
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "reference"))
sys.path.insert(0, HERE)
from record import REFERENCES  # noqa: E402

# The playground's refusal of the filesystem functions (and a few others): a
# difference by design, kept apart.
UNAVAILABLE = "Function not available in the playground:"
REFINEMENT_KEYS = {"notnull", "prefix", "lower", "lower_inclusive", "upper", "upper_inclusive", "minlen", "maxlen"}


# ---------------------------------------------------------------------------
# Running the programs.

class Runner:
    """Runs one program over batches of JSON lines in a scratch directory,
    its address space limited to memory_mb (the references have no limits
    of their own: indent(1e10, "x") would take 10 GB)."""

    def __init__(self, name, cmd, timeout, case_timeout, cwd, memory_mb):
        self.name, self.timeout, self.case_timeout, self.cwd = name, timeout, case_timeout, cwd
        self.cmd = ["/bin/sh", "-c", f'ulimit -v {memory_mb * 1024} && exec "$0" "$@"'] + cmd
        self.seconds = 0.0
        self.isolated = 0
        self.lock = threading.Lock()

    def batch(self, lines):
        """One raw output line (or a {"__timeout__"}/{"__crash__"} marker)
        per input line."""
        start = time.monotonic()
        try:
            out = self.once(lines, self.timeout)
        except (subprocess.TimeoutExpired, RuntimeError):
            with self.lock:
                self.isolated += 1
            out = [self.single(line) for line in lines]
        with self.lock:
            self.seconds += time.monotonic() - start
        return out

    def single(self, line):
        try:
            return self.once([line], self.case_timeout)[0]
        except subprocess.TimeoutExpired:
            return '{"__timeout__": true}'
        except RuntimeError as e:
            return json.dumps({"__crash__": str(e)[:500]})

    def once(self, lines, timeout):
        p = subprocess.run(self.cmd, input="".join(lines), capture_output=True, text=True, timeout=timeout,
                           cwd=self.cwd)
        out = [l for l in p.stdout.splitlines() if l.strip()]
        if len(out) != len(lines):
            raise RuntimeError(f"{self.name} exited {p.returncode} after {len(out)} of {len(lines)} results: "
                               f"{p.stderr.strip()}")
        return out


# ---------------------------------------------------------------------------
# Comparing results.

def load(line):
    """A result with numbers kept as their exact text (("#", text), so 1 and
    1.0 and -0 and 0 stay apart and never equal a string)."""
    num = lambda s: ("#", s)  # noqa: E731
    return json.loads(line, parse_int=num, parse_float=num)


def strip(v):
    """v without refinements on its unknowns."""
    if isinstance(v, dict):
        if "__unknown__" in v:
            return {"__unknown__": v["__unknown__"]}
        return {k: strip(x) for k, x in v.items()}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def refinement_diff(a, b):
    """The refinement keys that differ between two values of the same shape."""
    if isinstance(a, dict) and isinstance(b, dict):
        if "__unknown__" in a and "__unknown__" in b:
            return {k for k in REFINEMENT_KEYS if a.get(k) != b.get(k)}
        return set().union(*(refinement_diff(a.get(k), b.get(k)) for k in a.keys() | b.keys()))
    if isinstance(a, list) and isinstance(b, list):
        return set().union(*(refinement_diff(x, y) for x, y in zip(a, b)))
    return set()


def error_texts(r, args):
    errors = [re.sub(r"\ngoroutine .*", "", e, flags=re.S) for e in r.get("errors", [])]
    errors = [re.sub(r' Did you mean "[^"]*"\?', " Did you mean ...?", e) for e in errors]
    return [e.split(": ", 1)[0] for e in errors] if args.errors_summary_only else errors


def summary(e):
    return e.split(": ", 1)[0]


def first_differing_line(a, b):
    """a itself when its first line differs from b's, else its summary and
    the first line that differs (try's errors list the failures below)."""
    la, lb = a.split("\n"), b.split("\n")
    i = next((i for i, (x, y) in enumerate(zip(la, lb)) if x != y), min(len(la), len(lb)))
    if i == 0:
        return a
    return f"{summary(a)}: … {la[i].strip() if i < len(la) else '(fewer lines)'}"


def gist(e, width=140):
    """An error message with its particulars (quoted text, numbers, source
    ranges) blurred, so messages of one cause read the same."""
    e = re.sub(r'"(?:[^"\\]|\\.)*"', '"…"', e.split("\n", 1)[0])
    e = re.sub(r"\b\d+(\.\d+)?\b", "N", e)
    return e if len(e) <= width else e[:width - 1] + "…"


def head(ty):
    return (ty or "?").split("(", 1)[0]


def classify(ref, ours, args):
    """(kind, detail) of the difference between two results, or None when
    they agree."""
    for side, r in (("reference", ref), ("candidate", ours)):
        if "__timeout__" in r:
            return "timeout", side
        if "__crash__" in r:
            return "crash", side
    if not ours["ok"] and ours.get("errors", [""])[0].startswith(UNAVAILABLE) and ref.get("errors", [""])[0] != ours["errors"][0]:
        return "unavailable", "by design"
    if ref["ok"] != ours["ok"]:
        failing = ours if ref["ok"] else ref
        return ("candidate fails" if ref["ok"] else "reference fails"), gist(failing["errors"][0]) if failing.get("errors") else "(no error)"
    if not ref["ok"]:
        re_, oe = error_texts(ref, args), error_texts(ours, args)
        if re_ == oe:
            return None
        rs, os_ = [summary(e) for e in re_], [summary(e) for e in oe]
        if rs != os_:
            first = next((i for i, (x, y) in enumerate(zip(rs, os_)) if x != y), min(len(rs), len(os_)))
            pick = lambda l: l[first] if first < len(l) else "(none)"  # noqa: E731
            return "error summary", f"{pick(rs)} | {pick(os_)}"
        first = next(i for i, (x, y) in enumerate(zip(re_, oe)) if x != y)
        return "error detail", gist(first_differing_line(re_[first], oe[first]))
    if ref.get("type") != ours.get("type"):
        return "type", f"{head(ref.get('type'))} | {head(ours.get('type'))}"
    if ref.get("known") != ours.get("known"):
        return "known", "reference knows" if ref.get("known") else "candidate knows"
    rv, ov = ref.get("value"), ours.get("value")
    if strip(rv) != strip(ov):
        return "value", head(ref.get("type"))
    if not args.ignore_refinements and rv != ov:
        return "refinement", "+".join(sorted(refinement_diff(rv, ov))) or "shape"
    if "console" in ref and "console" in ours and ref["console"] != ours["console"]:
        return "console", head(ref.get("type"))
    return None


def feature_of(case):
    if case.get("feature"):
        return case["feature"]
    return case["id"].split("/", 1)[0] if "/" in case["id"] else "-"


def extensions_of(v):
    """Which harness extensions a case's variables use: "refined" (an
    unknown with refinements), "marked" (__sensitive__ or __ephemeral__),
    both, or "plain"."""
    found = set()

    def walk(x):
        if isinstance(x, dict):
            if "__unknown__" in x and REFINEMENT_KEYS & x.keys():
                found.add("refined")
            if "__sensitive__" in x or "__ephemeral__" in x:
                found.add("marked")
            for y in x.values():
                walk(y)
        elif isinstance(x, list):
            for y in x:
                walk(y)
    walk(v)
    return "+".join(sorted(found)) or "plain"


KEY_PARTS = {
    "vars": lambda d: extensions_of(d["case"]["vars"]),
    "kind": lambda d: d["kind"],
    "area": lambda d: d["case"].get("area") or "-",
    "feature": lambda d: feature_of(d["case"]),
    "detail": lambda d: d["detail"],
}


def display(raw, width, start=0, escape=False):
    """A result line without its id, width characters of it from start
    (escape: non-ASCII characters as JSON escapes)."""
    r = json.loads(raw)
    r.pop("id", None)
    r.pop("console", None)
    text = json.dumps(r, ensure_ascii=escape)
    cut = text[start:start + width]
    return ("…" if start else "") + cut + ("…" if start + width < len(text) else "")


def display_pair(ref, ours, width):
    """Both result lines, cut to width around where they first differ
    (escaped when they differ in non-ASCII characters only, as NFC
    orderings do, which look alike)."""
    a, b = display(ref, 10 ** 9), display(ours, 10 ** 9)
    escape = a.encode("ascii", "ignore") == b.encode("ascii", "ignore")
    if escape:
        a, b = display(ref, 10 ** 9, escape=True), display(ours, 10 ** 9, escape=True)
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    start = max(0, first - width // 3) if first > width * 2 // 3 else 0
    return display(ref, width, start, escape), display(ours, width, start, escape)


# ---------------------------------------------------------------------------
# The run.

def read_cases(args):
    if args.generate:
        from generate import generate
        return list(generate(args.profile, args.generate, args.seed, args.mode))
    cases = []
    for f in args.files:
        for l in open(f, encoding="utf-8"):
            if l.strip():
                c = json.loads(l)
                cases.append({"id": c["id"], "expr": c["expr"], "vars": c.get("vars", {}),
                              "template": c.get("template", False), "area": c.get("area"),
                              "feature": c.get("feature")})
    return cases


def reference_program(args):
    env = os.environ.get("HCL_REFERENCE_" + args.profile.upper().replace("-", "_").replace(".", "_"))
    return os.path.abspath(args.reference or env or REFERENCES[args.profile])


def case_line(c):
    return json.dumps({k: c[k] for k in ("id", "expr", "vars", "template")}, ensure_ascii=False) + "\n"


def run(args, lines, ref, ours):
    """(reference lines, candidate lines), batch by batch, with progress on
    stderr."""
    batches = [lines[at:at + args.batch] for at in range(0, len(lines), args.batch)]
    results = [None] * len(batches)
    start, done = time.monotonic(), 0

    def work(i):
        return i, ref.batch(batches[i]), ours.batch(batches[i])

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for i, r, o in (f.result() for f in concurrent.futures.as_completed([pool.submit(work, i) for i in range(len(batches))])):
            results[i] = (r, o)
            done += len(batches[i])
            elapsed = time.monotonic() - start
            print(f"\r[{args.profile}] {done}/{len(lines)} cases, {elapsed:.0f} s, "
                  f"~{elapsed / done * (len(lines) - done):.0f} s left", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return [l for r, _ in results for l in r], [l for _, o in results for l in o]


def compare(args):
    """Runs the cases; returns the header lines and the differences
    ({"case", "kind", "detail", "reference", "candidate"}, results as raw
    lines)."""
    t0 = time.monotonic()
    cases = read_cases(args)
    t_cases = time.monotonic() - t0
    differences, skipped, same = [], collections.Counter(), 0
    with tempfile.TemporaryDirectory(prefix="hcl-differential-") as scratch:
        ref = Runner("reference", [reference_program(args)], args.timeout, args.case_timeout, scratch, args.memory)
        ours = Runner("candidate", [os.path.abspath(args.candidate), "--jsonl", "--profile", args.profile],
                      args.timeout, args.case_timeout, scratch, args.memory)
        ref_lines, our_lines = run(args, [case_line(c) for c in cases], ref, ours)
        for c, rl, ol in zip(cases, ref_lines, our_lines):
            r, o = load(rl), load(ol)
            if r.get("oracle_error"):
                skipped["reference refused the input"] += 1
                continue
            if r.get("id", c["id"]) != c["id"] or o.get("id", c["id"]) != c["id"]:
                raise SystemExit(f"results out of step at {c['id']}: {r.get('id')} / {o.get('id')}")
            verdict = classify(r, o, args)
            if verdict is None:
                same += 1
                continue
            differences.append({"case": c, "kind": verdict[0], "detail": verdict[1], "reference": rl, "candidate": ol})
            if len(differences) <= args.show:
                print(f"--- {c['id']}: {c['expr'][:100]!r}\n  reference: {display(rl, 300)}\n  ours:      {display(ol, 300)}")
        # The reference answers the differing cases again: where it answers
        # differently (some messages follow Go's random map order), the
        # difference says nothing of the candidate.
        lines = [case_line(d["case"]) for d in differences]
        again = [l for at in range(0, len(lines), args.batch) for l in ref.batch(lines[at:at + args.batch])]
        for d, rl in zip(differences, again):
            if classify(load(d["reference"]), load(rl), args):
                d["kind"], d["detail"] = "unstable reference", "answers differ between runs"
    t_total = time.monotonic() - t0
    kinds = collections.Counter(d["kind"] for d in differences)
    header = [f"{args.profile}: {len(cases)} cases, {same + len(differences)} compared, {same} equal, "
              f"{len(differences)} differ, {sum(skipped.values())} skipped"
              + "".join(f" ({n}: {k})" for k, n in skipped.items()),
              f"time: {t_total:.0f} s in all ({t_cases:.0f} s reading or generating cases, reference {ref.seconds:.0f} s "
              f"(differing cases twice), candidate {ours.seconds:.0f} s, jobs {args.jobs}; batches run again case by "
              f"case: reference {ref.isolated}, candidate {ours.isolated})",
              "by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common())]
    return header, differences


def cluster_lines(differences, by, width, limit=None):
    """The clusters of differences by the key parts, largest first, each
    with its shortest case."""
    clusters = collections.defaultdict(list)
    for d in differences:
        clusters[tuple(KEY_PARTS[p](d) for p in by)].append(d)
    ordered = sorted(clusters.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    out = [f"{len(clusters)} clusters ({' | '.join(by)}), largest first, each with its shortest case:"]
    for key, members in ordered[:limit]:
        d = min(members, key=lambda d: (len(d["case"]["expr"]) + len(json.dumps(d["case"]["vars"])), d["case"]["id"]))
        c = d["case"]
        vars_text = json.dumps(c["vars"], ensure_ascii=False)
        ref_text, our_text = display_pair(d["reference"], d["candidate"], width)
        out += [f"{len(members):7d}  {' | '.join(key)}",
                f"         {c['id']}{' (template)' if c['template'] else ''}: {json.dumps(c['expr'], ensure_ascii=False)[:width]}"
                + (f"  vars {vars_text[:width]}" if c["vars"] else ""),
                f"         reference: {ref_text}",
                f"         candidate: {our_text}"]
    if limit is not None and len(ordered) > limit:
        out.append(f"... {len(ordered) - limit} smaller clusters")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="terraform", choices=sorted(REFERENCES))
    ap.add_argument("files", nargs="*")
    ap.add_argument("--generate", type=int, metavar="N", help="generate N cases (generate.py) instead of reading files")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="mixed", help="generate.py's --mode")
    ap.add_argument("--show", type=int, default=0, help="also print the first N differences in full")
    ap.add_argument("--ignore-refinements", action="store_true")
    ap.add_argument("--errors-summary-only", action="store_true")
    ap.add_argument("--candidate", default=os.path.join(ROOT, "target/debug/hcl-eval"))
    ap.add_argument("--reference", help="the reference program (default: record.py's for the profile)")
    ap.add_argument("--jobs", type=int, default=1, help="batches run at once")
    ap.add_argument("--batch", type=int, default=2000, help="cases per process")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per batch before it is run case by case")
    ap.add_argument("--case-timeout", type=float, default=20, help="seconds per case when run case by case")
    ap.add_argument("--memory", type=int, default=4096, help="MiB of address space per process")
    ap.add_argument("--by", default="kind,feature,detail",
                    help=f"what a cluster shares, parts of {', '.join(KEY_PARTS)} (default: %(default)s)")
    ap.add_argument("--clusters", type=int, default=40, help="clusters listed on standard output")
    ap.add_argument("--width", type=int, default=160, help="characters of each example shown")
    ap.add_argument("--report", help="write the summary with every cluster to this file")
    ap.add_argument("--differences", help="write every differing case with both results (JSON Lines) to this file")
    ap.add_argument("--regroup", metavar="FILE", help="cluster the differences a --differences FILE holds, running nothing")
    args = ap.parse_args()
    by = args.by.split(",")
    if set(by) - KEY_PARTS.keys():
        ap.error(f"--by takes parts of {', '.join(KEY_PARTS)}")
    if args.regroup:
        differences = []
        for l in open(args.regroup, encoding="utf-8"):
            d = json.loads(l)
            # Classified again (the flags may differ from the run's), but
            # for what only the run knew.
            verdict = (d["kind"], d["detail"]) if d["kind"] == "unstable reference" else \
                classify(load(d["reference"]), load(d["candidate"]), args)
            if verdict:
                differences.append(d | {"kind": verdict[0], "detail": verdict[1]})
        header = [f"{len(differences)} differences from {args.regroup}"]
    elif args.files or args.generate:
        header, differences = compare(args)
    else:
        ap.error("give case files, --generate N or --regroup FILE")
    if args.differences:
        with open(args.differences, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(d, ensure_ascii=False) + "\n" for d in differences)
    print("\n".join(header + cluster_lines(differences, by, args.width, args.clusters)))
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("\n".join(header + cluster_lines(differences, by, args.width)) + "\n")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())

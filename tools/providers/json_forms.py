#!/usr/bin/env python3
"""Learns, from the provider itself, which string arguments it rewrites
while planning because they hold JSON, and into which normal form: each
optional or required string argument whose name says it may hold a
document (policy, definition, template, ...) of every resource type (and
one level down in its blocks: `inline_policy.policy`)
is planned with the real `terraform plan`, set to a pretty JSON document
whose keys are out of order and whose strings hold `<`, `>` and `&` (an
array of objects for `*definitions`).

    tools/providers/json_forms.py --plugin-dir DIR --schemas terraform.json --provider hashicorp/aws \\
        --provider-config provider.tf --out forms.json [--apply www/providers]

Each planned value is classed as "as-written", "sorted" (Go's
json.Unmarshal into an interface and json.Marshal: compact, every
object's keys sorted, <, > and & escaped), "policy" (the same, but the
top object's Version, Id and Statement first, as IAM's inline policies
are planned), "unescaped" (sorted, the escapes undone: EventBridge's
event patterns) or "other".

With `--case`, each optional or required string argument (and list or
set of strings) of the types named, at the top level and one level down,
is planned set to a mixed-case sample instead, and classed "as-written",
"upper" or "lower" (a schema's StateFunc of Go's strings.ToUpper or
ToLower: a Google storage bucket's `location`) or "other". The types
worth planning are those whose source has such a StateFunc
(`git grep -l 'StateFunc' -- 'google/services/*'` in the provider's
repository), as planning every string of every type takes hours. `--apply` writes the forms other than
"as-written" into the provider data's per-type files as
`"normalize": {ARGUMENT: FORM}` (compact.py keeps them: `--normalize`);
`--from FORMS --apply DATA` writes an earlier output without planning.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compact  # noqa: E402
import defaults  # noqa: E402
import sdk_rules  # noqa: E402

NAMES = re.compile(r"policy|json|document|definition|template_body|_body$|configuration$|schema$|pattern$|mapping|settings$|content$")
SAMPLE = {"Version": "2012-10-17", "Statement": [{"Sid": "A", "Effect": "Allow", "Principal": {"Service": "lambda.amazonaws.com"},
                                                   "Action": ["s3:GetObject"], "Resource": "arn:aws:s3:::b/<x>&y",
                                                   "Condition": {"NumericLessThan": {"s3:max-keys": "10"}}}], "Id": "P1"}
# Arguments that hold a JSON array (container definitions).
ARRAY = [{"name": "web", "image": "nginx", "essential": True, "memory": 128, "portMappings": [{"containerPort": 80}],
          "environment": [{"name": "A", "value": "<b>&c"}]}]


def samples_for(name):
    """The documents a JSON probe sets an argument to (name suffix,
    document): an object, and an array too (a table's schema is one) where
    the name does not say which."""
    if name.endswith("definitions"):
        return [("", ARRAY)]
    return [("", SAMPLE), ("__array", ARRAY)]


def go_json(v, top_first=(), html=True):
    """What Go's json.Marshal writes of `v` (decoded into interfaces):
    compact, keys sorted (`top_first` first at the top), HTML escaped
    (unless `html` is false: the escapes undone, as EventBridge's event
    patterns are)."""
    def enc(x, first=()):
        if isinstance(x, dict):
            keys = [k for k in first if k in x] + sorted(k for k in x if k not in first)
            return "{" + ",".join(enc(k) + ":" + enc(x[k]) for k in keys) + "}"
        if isinstance(x, list):
            return "[" + ",".join(enc(e) for e in x) + "]"
        s = json.dumps(x, ensure_ascii=False, separators=(",", ":"))
        return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") if html else s
    return enc(v, top_first)


def classed(value, sample):
    pretty = json.dumps(sample, indent=2)
    if value == pretty or value == pretty + "\n":
        return "as-written"
    if value == go_json(sample):
        return "sorted"
    if value == go_json(sample, ("Version", "Id", "Statement")):
        return "policy"
    if value == go_json(sample, html=False):
        return "unescaped"
    return "other"


def argument_probes(ty, block, samples, nestings, deeper=False):
    """The probes of a type's arguments, at the top level and one level
    (two with `deeper`) down in its blocks of the nesting modes given (a block written once with
    its required content: an IAM role's inline_policy): `samples(name,
    attribute)` yields each probe's (name suffix, value as HCL, sample) for
    an argument, none for one not probed. Each probe is (name, lines, (type,
    dotted path, sample))."""
    base = defaults.body(ty, block) + ["  " + x for x in defaults.EXTRA.get(ty, [])]
    for name, a in sorted(block.get("attributes", {}).items()):
        lines = [x for x in base if x.split("=")[0].strip() != name]
        for suffix, text, sample in samples(name, a, (ty, name)):
            yield name + suffix, lines + [f"  {name} = {text}"], (ty, name, sample)
    for bname, bt in sorted(block.get("block_types", {}).items()):
        if bt.get("nesting_mode") not in nestings or any(x == f"  {bname} {{" for x in base):
            continue
        inner = defaults.body(ty, bt["block"], "    ", bname)
        for name, a in sorted(bt["block"].get("attributes", {}).items()):
            own = [x for x in inner if x.split("=")[0].strip() != name]
            for suffix, text, sample in samples(name, a, (ty, f"{bname}.{name}")):
                lines = base + [f"  {bname} {{"] + own + [f"    {name} = {text}", "  }"]
                yield f"{bname}__{name}{suffix}", lines, (ty, f"{bname}.{name}", sample)
        if not deeper:
            continue
        # Two levels down (a batch job's retry_strategy.evaluate_on_exit),
        # in a block written once with its required content.
        for iname, ibt in sorted(bt["block"].get("block_types", {}).items()):
            if ibt.get("nesting_mode") not in nestings or any(x == f"    {iname} {{" for x in inner):
                continue
            deepest = defaults.body(ty, ibt["block"], "      ", f"{bname}.{iname}")
            for name, a in sorted(ibt["block"].get("attributes", {}).items()):
                own = [x for x in deepest if x.split("=")[0].strip() != name]
                for suffix, text, sample in samples(name, a, (ty, f"{bname}.{iname}.{name}")):
                    lines = base + [f"  {bname} {{"] + inner + [f"    {iname} {{"] + own + [f"      {name} = {text}", "    }", "  }"]
                    yield f"{bname}__{iname}__{name}{suffix}", lines, (ty, f"{bname}.{iname}.{name}", sample)


CASE = "Sample-Value"


def textual(a):
    """Whether an argument is one a --case probe sets: a string, or a
    list or set of strings, that the configuration may set."""
    ty = a.get("type")
    return (a.get("optional") or a.get("required")) and (ty == "string" or ty in (["list", "string"], ["set", "string"]))


def case_sample(a, allowed=None):
    """A mixed-case sample: one of the values an enumeration that ignores
    case allows (`allowed`), in other letters (a batch job's "Exit"), else
    CASE."""
    text = CASE
    for v in allowed or []:
        mixed = v[:1].upper() + v[1:].lower()
        mixed = mixed if mixed != v else v.swapcase()
        if mixed != v:
            text = mixed
            break
    return text if a.get("type") == "string" else [text]


def case_classed(value, sample=CASE):
    """A --case probe's planned value classed: as written, in upper or
    lower case, or other."""
    one = value[0] if isinstance(value, list) and len(value) == 1 else value
    return {sample: "as-written", sample.upper(): "upper", sample.lower(): "lower"}.get(one, "other") if isinstance(one, str) else "other"


def main():
    ap = sdk_rules.probe_arguments(__doc__)
    ap.add_argument("--case", action="store_true", help="probe strings' case (StateFunc) instead of JSON")
    ap.add_argument("--enums", metavar="VALIDATORS", help="with --case: validators.py's run, whose enumerations ignoring case give samples")
    ap.add_argument("--apply", metavar="DATA", help="write the forms into the provider data at DATA (www/providers)")
    ap.add_argument("--from", dest="recorded", metavar="FORMS", help="apply an earlier --out instead of planning again")
    args = ap.parse_args()
    if args.recorded:
        apply(json.load(open(args.recorded))["arguments"], args.apply, args.provider)
        return
    program, data, schemas, version, config, types = sdk_rules.probed(args)
    # Inline policies name their role, user or group (not an ARN).
    for ty in types:
        for owner in ("role", "user", "group"):
            if owner in schemas["resource_schemas"][ty]["block"].get("attributes", {}):
                defaults.SAMPLES.setdefault((ty, owner), "sample")
    # The enumerations that ignore case (validators.py's run): their
    # samples are values they allow.
    enums = {}
    if args.enums:
        for ty, paths in json.load(open(args.enums))["checks"].items():
            for path, r in paths.items():
                for c in r.get("checks", [r]):
                    if c.get("ignore_case") and c.get("values"):
                        enums[(ty, path)] = c["values"]

    def json_samples(name, a, where):
        if a.get("type") == "string" and (a.get("optional") or a.get("required")) and NAMES.search(name):
            for suffix, doc in samples_for(name):
                yield suffix, json.dumps(json.dumps(doc, indent=2)), doc

    def case_samples(name, a, where):
        if textual(a):
            sample = case_sample(a, enums.get(where))
            yield "", json.dumps(sample), sample[0] if isinstance(sample, list) else sample

    samples, nestings = (case_samples, ("list", "set", "single")) if args.case else (json_samples, ("list", "set"))
    probes = lambda ty, block: argument_probes(ty, block, samples, nestings, args.case)  # noqa: E731
    changes, meta = sdk_rules.probe_all(program, args, version, config, schemas, types, probes, rounds=4)
    forms = {}
    tally = {}
    for address, change in sorted(changes.items()):
        ty, name = meta[address][:2]
        after, unknown = change.get("after") or {}, change.get("after_unknown") or {}
        value = sdk_rules.at(after, name)
        if sdk_rules.at(unknown, name) is True:
            c = "unknown"
        elif args.case:
            c = case_classed(value, meta[address][2])
        else:
            c = classed(value, meta[address][2]) if isinstance(value, str) else "other"
        # Of an object's and an array's probes, a form found wins.
        if forms.get(ty, {}).get(name) not in (None, "as-written", "unknown", "other") and c in ("as-written", "unknown", "other"):
            continue
        forms.setdefault(ty, {})[name] = c
        tally[c] = tally.get(c, 0) + 1
    print(f"{len(changes)} planned: {tally}", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump({"provider": args.provider, "version": version, "engine": data.get("engine_version"), "samples": [SAMPLE, ARRAY],
                   "tally": tally, "arguments": forms}, f, indent=1, sort_keys=True)
    if args.apply:
        apply(forms, args.apply, args.provider)


def apply(forms, data_dir, provider):
    """Writes each type's rewritten arguments into its file of the provider
    data (as compact.py writes them), where they differ from what it says."""
    for ty, by_name in forms.items():
        wanted = {n: c for n, c in by_name.items() if c in compact.FORMS}
        path = os.path.join(data_dir, provider, "resource", f"{ty}.json")
        if not os.path.exists(path):
            continue
        d = json.load(open(path))
        # The arguments probed take their new forms; the others keep theirs.
        wanted = {**{n: f for n, f in d.get("normalize", {}).items() if n not in by_name}, **wanted}
        if d.get("normalize", {}) == wanted:
            continue
        if wanted:
            d["normalize"] = wanted
        else:
            d.pop("normalize", None)
        compact.write(path, d)

if __name__ == "__main__":
    main()

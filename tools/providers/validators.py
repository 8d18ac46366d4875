#!/usr/bin/env python3
"""Learns, from the provider itself, the validators it runs on each
argument's value beyond its schema (the plugin SDK v2's `ValidateFunc`s,
Google's `verify.Validate*`, the plugin framework's validators): which
values each refuses, and its words.

    tools/providers/validators.py --plugin-dir DIR --schemas terraform.json --provider hashicorp/google \\
        [--types T,T,...] [--batch 1500] --out validators.json
    tools/providers/validators.py --apply validators.json --key hashicorp/google www/providers
    tools/providers/validators.py --apply tools/providers/checks.json --key hashicorp/google www/providers
    tools/providers/validators.py --reparse validators.json

Every configurable string and number argument, at the top level of each
resource type and one level down in its blocks, is set alone in a
resource of its own to values no validator should let pass (a string with
a space, capitals and punctuation; a large negative and a large positive
number), and the real `terraform validate -json` (offline: validation
needs no provider configuration) says which it refuses. A refusal whose
words name its whole rule is kept as a check:

  enum     the values allowed ("to be one of", "value must be one of"),
           with a second probe, the first value in other letter case, that
           tells a validator ignoring case
  pattern  a regular expression ("doesn't match regexp", "value must match
           regular expression")
  length   a string's least and most length (bytes for SDK v2, characters
           for the plugin framework)
  range    a number's least and most value
  cidr, ip a CIDR block or an IP address (of a family) as the provider's Go
           reads it (`net.ParseCIDR`, `net.ParseIP`)
  any_of   several of those refusing one value (validators combined):
           planning refuses a value only when every one does

and words that name a rule only with the provider's source beside them
(KNOWN: Google's IAM members).

Each check keeps the diagnostic's summary and detail with the value's
place marked (`{value}` as Go's %s writes it, `{quoted}` as %q does,
`{index}` for a block's index in an SDK path), which planning fills in
(src/module/plan/validators.rs). A refusal of any other words is counted
under "unparsed" with its words, to learn next.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import defaults  # noqa: E402
from compact import type_files, write  # noqa: E402
from extract import BIN, env  # noqa: E402

STRING = "Probe Value!"
LEARNED = ("enum", "pattern", "length", "range", "cidr", "ip", "any_of")
NUMBERS = [-987654321, 987654321]


def arguments(block):
    """(path, kind) of every configurable primitive argument of `block`
    and of its blocks one level down."""
    def own(b, prefix):
        for name, a in sorted(b.get("attributes", {}).items()):
            if not (a.get("optional") or a.get("required")) or (name == "id" and prefix == ""):
                continue
            if a.get("type") in ("string", "number"):
                yield prefix + name, a["type"]
    yield from own(block, "")
    for name, bt in sorted(block.get("block_types", {}).items()):
        yield from own(bt.get("block", {}), name + ".")


def hcl(v):
    return json.dumps(v)


def probe_lines(block, path, value, indent="  "):
    """A resource body with `block`'s required arguments and blocks (the
    program refuses a body without them before the provider validates it)
    and `path` (one level of blocks at most) set to `value`; and the line
    (from 1) of that argument."""
    here, _, rest = path.partition(".")
    lines, at = [], None
    for name, a in sorted(block.get("attributes", {}).items()):
        if name == here and not rest:
            lines.append(f"{indent}{name} = {hcl(value)}")
            at = len(lines)
        elif a.get("required"):
            lines.append(f"{indent}{name} = {hcl(defaults.by_name(name, a.get('type', 'string')))}")
    for name, bt in sorted(block.get("block_types", {}).items()):
        wanted = max(bt.get("min_items", 0) or 0, 1 if name == here and rest else 0)
        for i in range(wanted):
            label = ' "k"' if bt["nesting_mode"] == "map" else ""
            inner, inner_at = probe_lines(bt["block"], rest if name == here and i == 0 else "", value, indent + "  ")
            if inner_at:
                at = len(lines) + 1 + inner_at
            lines += [f"{indent}{name}{label} {{"] + inner + [f"{indent}}}"]
    return lines, at


def validate(program, plugin_dir, provider, version, probes, blocks):
    """Validates the probe resources ({address: (type, path, value)}):
    {address: [(summary, detail)]} of the errors on each probe's argument
    (several where validators are combined: the SDK's validation.Any and
    validation.All report each one that refuses)."""
    src = ["terraform {", "  required_providers {",
           f'    {provider.split("/")[1]} = {{ source = "{provider}", version = "{version}" }}', "  }", "}", ""]
    line_of = {}
    for address, (ty, path, value) in probes.items():
        lines, at = probe_lines(blocks[ty], path, value)
        lines += defaults.meta(ty)
        src.append(f'resource "{ty}" "{address.split(".")[1]}" {{')
        line_of[len(src) + at] = address
        src += lines + ["}", ""]
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "main.tf"), "w") as f:
            f.write("\n".join(src))
        e = env(work)
        subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work,
                       env=e, check=True, capture_output=True)
        r = subprocess.run([program, "validate", "-json", "-no-color"], cwd=work, env=e, capture_output=True, text=True)
    out = {}
    for d in json.loads(r.stdout).get("diagnostics", []):
        if d.get("severity") != "error":
            continue
        address = line_of.get(((d.get("range") or {}).get("start") or {}).get("line"))
        words = (d.get("summary", ""), d.get("detail", ""))
        if address and words not in out.setdefault(address, []):
            out[address].append(words)
    return out


# Words that name a rule only with the provider's source beside them (what
# each validator accepts), or that name a kind of value planning can read
# as the provider's Go reads it.
KNOWN = [
    (r"to contain a valid CIDR, got: ", {"check": "cidr"}),
    # aws's types.ValidateIPv4CIDRBlock: its words when net.ParseCIDR
    # refuses the value (a block with host bits set has other words).
    (r"is not a valid CIDR block: invalid CIDR address: ", {"check": "cidr"}),
    (r"to contain a valid IPv4 address, got: ", {"check": "ip", "family": 4}),
    (r"to contain a valid IPv6 address, got: ", {"check": "ip", "family": 6}),
    (r"to contain a valid IP, got: ", {"check": "ip"}),
    # aws's verify.ValidAccountID.
    (r"doesn't look like AWS Account ID \(exactly 12 digits\)", {"check": "pattern", "pattern": "^\\d{12}$"}),
    # google/tpgiamresource/resource_iam_member.go, validateIAMMember.
    (r"\(IAM members must have one of the values outlined here: ",
     {"check": "pattern", "pattern": "(.+:.+|projectOwners|projectReaders|projectWriters|allUsers|allAuthenticatedUsers)"}),
]


def go_strings(text):
    """The strings of a Go `%q` list (`"a" "b"`)."""
    return [json.loads(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', text)]


def go_string(text):
    return json.loads(text)


def rule(words):
    """The check a refusal's words name, or None."""
    m = re.search(r"to be one of \[(.*)\], got", words, re.S) or re.search(r"value must be one of: \[(.*)\], got:", words, re.S)
    if m:
        if re.fullmatch(r"\s*(-?\d+\s*)+", m.group(1)):
            return {"check": "enum", "numbers": [int(n) for n in m.group(1).split()]}
        return {"check": "enum", "values": go_strings(m.group(1))}
    for pattern, found in KNOWN:
        if re.search(pattern, words):
            return dict(found)
    m = re.search(r"The provided value does not match any valid values\.[\s\S]*\nValid Values: \[(.*)\]", words)
    if m:
        # aws's framework enumerations (enum.FrameworkValidate): the
        # values as Go's %v of a slice writes them.
        return {"check": "enum", "values": m.group(1).split()}
    m = re.search(r"to match regular expression (\"(?:[^\"\\]|\\.)*\"), got ", words)
    if m:
        # The SDK's StringMatch without a message of its own.
        return {"check": "pattern", "pattern": go_string(m.group(1))}
    m = re.search(r"doesn't match regexp (\"(?:[^\"\\]|\\.)*\")", words)
    if m:
        return {"check": "pattern", "pattern": go_string(m.group(1))}
    m = re.search(r"value must match regular expression '(.*)', got:", words, re.S)
    if m:
        return {"check": "pattern", "pattern": m.group(1)}
    m = re.search(r"expected length of \S+ to be in the range \((\d+) - (\d+)\)", words)
    if m:
        return {"check": "length", "min": int(m.group(1)), "max": int(m.group(2)), "unit": "bytes"}
    m = re.search(r"string length must be between (\d+) and (\d+), got:", words)
    if m:
        return {"check": "length", "min": int(m.group(1)), "max": int(m.group(2)), "unit": "characters"}
    m = re.search(r"string length must be at least (\d+), got:", words)
    if m:
        return {"check": "length", "min": int(m.group(1)), "max": None, "unit": "characters"}
    m = re.search(r"string length must be at most (\d+), got:", words)
    if m:
        return {"check": "length", "min": 0, "max": int(m.group(1)), "unit": "characters"}
    num = r"(-?\d+(?:\.\d+)?)"
    for pattern, lo, hi in [(rf"to be in the range \({num} - {num}\), got", 1, 2), (rf"value must be between {num} and {num}, got:", 1, 2),
                            (rf"to be at least \({num}\), got", 1, None), (rf"value must be at least {num}, got:", 1, None),
                            (rf"to be at most \({num}\), got", None, 1), (rf"value must be at most {num}, got:", None, 1)]:
        m = re.search(pattern, words)
        if m:
            n = lambda g: None if g is None else float(m.group(g)) if "." in m.group(g) else int(m.group(g))  # noqa: E731
            return {"check": "range", "min": n(lo), "max": n(hi)}
    return None


def template(text, value, path):
    """`text` with the probe's value and a block's SDK index marked."""
    if isinstance(value, str):
        text = text.replace(json.dumps(value), "{quoted}").replace(value, "{value}")
    else:
        text = re.sub(rf"(?<![\d.]){value}(?![\d.])", "{value}", text)
    if "." in path:
        b, a = path.split(".")
        text = text.replace(f"{b}.0.{a}", f"{b}.{{index}}.{a}")
    return text


def tally_of(checks, unparsed):
    tally = {}
    for paths in checks.values():
        for r in paths.values():
            tally[r["check"]] = tally.get(r["check"], 0) + 1
    tally["unparsed"] = sum(len(p) for p in unparsed.values())
    return tally


def other_case(s):
    return s.swapcase() if s.swapcase() != s else None


def apply(found, data_dir, learned, every_type=False):
    """Writes each type's checks into its file of the provider data
    (beside the checks it already has, such as checks.json's sizes), for
    the arguments its schema there has; after a run over every type, a
    type it found no check of loses those an earlier run learned. The
    number of types changed."""
    changed = 0
    if every_type:
        found = dict(found)
        for name in sorted(os.listdir(os.path.join(data_dir, "resource"))):
            ty = name[:-len(".json")]
            if ty not in found and any(c.get("check") in LEARNED for c in json.load(open(os.path.join(data_dir, "resource", name))).get("checks", {}).values()):
                found[ty] = {}
    for ty, paths, path, data in type_files(found, data_dir):
        block = data.get("block", {})
        def has(p):
            if "." not in p:
                return p in block.get("a", {})
            b, a = p.split(".")
            nested = block.get("b", {}).get(b)
            return bool(nested) and a in nested[1].get("a", {})
        # What an earlier apply of the same kind wrote (a run's learned
        # checks, or checks.json's) gives way; the other kind stays.
        mine = {k: v for k, v in data.get("checks", {}).items() if (v.get("check") in LEARNED) != learned}
        mine.update({p: r for p, r in paths.items() if has(p) or r.get("check") not in LEARNED})
        if mine != data.get("checks", {}):
            if mine:
                data["checks"] = mine
            else:
                data.pop("checks", None)
            write(path, data)
            changed += 1
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir")
    ap.add_argument("--schemas")
    ap.add_argument("--provider")
    ap.add_argument("--types", default="")
    ap.add_argument("--batch", type=int, default=1500)
    ap.add_argument("--out")
    ap.add_argument("--reparse", metavar="VALIDATORS", help="read a run's unparsed refusals again with the words learned since")
    ap.add_argument("--apply", metavar="VALIDATORS", help="write a run's checks into the provider data (DATA, for each --key)")
    ap.add_argument("--key", action="append", default=[], help="a data key (hashicorp/aws@5)")
    ap.add_argument("data", nargs="?", help="the provider data directory (www/providers)")
    args = ap.parse_args()
    if args.reparse:
        # Words learned since a run: its unparsed refusals read again.
        out = json.load(open(args.reparse))
        for ty, paths in list(out["unparsed"].items()):
            for path, words in list(paths.items()):
                several = words if isinstance(words, list) else [words]
                rules = [rule(w) for w in several]
                if None in rules:
                    continue
                for r, w in zip(rules, several):
                    summary, _, detail = w.partition("\n")
                    value = STRING if STRING in w else next((n for n in NUMBERS if str(n) in w), STRING)
                    r["summary"], r["detail"] = template(summary, value, path), template(detail, value, path)
                out["checks"].setdefault(ty, {})[path] = rules[0] if len(rules) == 1 else {"check": "any_of", "checks": rules}
                del paths[path]
            if not paths:
                del out["unparsed"][ty]
        out["tally"] = tally_of(out["checks"], out["unparsed"])
        print(json.dumps(out["tally"]), file=sys.stderr)
        with open(args.reparse, "w") as f:
            json.dump(out, f, indent=1, sort_keys=True)
        return
    if args.apply:
        found = json.load(open(args.apply))
        # A run's output, or checks.json's hand-written checks.
        learned = "checks" in found
        every_type = learned and found.get("every_type", False)
        found = found["checks"] if learned else {k: v for k, v in found.items() if not k.startswith("_")}
        for key in args.key:
            print(f"{key}: {apply(found, os.path.join(args.data, key), learned, every_type)} types given checks", file=sys.stderr)
        return
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    data = json.load(open(args.schemas))
    schemas = next(p for a, p in data["provider_schemas"].items() if a.endswith("/" + args.provider))
    version = data["provider_versions"][args.provider]
    types = [t for t in args.types.split(",") if t in schemas["resource_schemas"]] or sorted(schemas["resource_schemas"])
    blocks = {t: schemas["resource_schemas"][t]["block"] for t in types}
    defaults.PROVIDER = args.provider

    probes = {}
    for ty in types:
        for i, (path, kind) in enumerate(arguments(schemas["resource_schemas"][ty]["block"])):
            for j, value in enumerate([STRING] if kind == "string" else NUMBERS):
                probes[f"{ty}.v{i}_{j}"] = (ty, path, value)

    def run(todo):
        keys = sorted(todo)
        found = {}
        for i in range(0, len(keys), args.batch):
            chunk = {k: todo[k] for k in keys[i:i + args.batch]}
            found.update(validate(program, args.plugin_dir, args.provider, version, chunk, blocks))
            print(f"  {min(i + args.batch, len(keys))}/{len(keys)}: {len(found)} refused", file=sys.stderr)
        return found

    print(f"{len(probes)} probes of {len(types)} types", file=sys.stderr)
    refused = run(probes)
    checks, unparsed = {}, {}
    for address, errors in sorted(refused.items()):
        ty, path, value = probes[address]
        rules = [rule(summary + "\n" + detail) for summary, detail in errors]
        if None in rules:
            words = [s + ("\n" + d if d else "") for s, d in errors]
            unparsed.setdefault(ty, {})[path] = words[0] if len(words) == 1 else words
            continue
        for r, (summary, detail) in zip(rules, errors):
            r["summary"] = template(summary, value, path)
            r["detail"] = template(detail, value, path)
        # Several refusals of one value: validation.Any (the value passes
        # when one validator lets it) or validation.All (when all do).
        # Planning refuses only a value every one refuses, which both
        # refuse, in all their words: never a value the provider allows.
        r = rules[0] if len(rules) == 1 else {"check": "any_of", "checks": rules}
        mine = checks.setdefault(ty, {})
        if path in mine and mine[path]["check"] == "range" and r["check"] == "range":
            # The two numbers: one bound each.
            for bound in ("min", "max"):
                if mine[path].get(bound) is None:
                    mine[path][bound] = r.get(bound)
            continue
        mine[path] = r
    # An enumeration that ignores letter case lets its first value pass
    # written in other letters.
    cased = {}
    for ty, paths in checks.items():
        for path, r in paths.items():
            enum = next((c for c in r.get("checks", [r]) if any(map(other_case, c.get("values", [])))), None)
            if enum:
                first = next(v for v in enum["values"] if other_case(v))
                cased[f"{ty}.c{len(cased)}"] = (ty, path, other_case(first), enum)
    print(f"{len(cased)} letter-case probes", file=sys.stderr)
    again = run({k: v[:3] for k, v in cased.items()})
    for address, (_, _, _, enum) in cased.items():
        if address not in again:
            enum["ignore_case"] = True
    tally = tally_of(checks, unparsed)
    print(json.dumps(tally), file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump({"provider": args.provider, "version": version, "engine": data.get("terraform_version"), "probes": len(probes),
                   "every_type": not args.types, "tally": tally, "checks": checks, "unparsed": unparsed}, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()

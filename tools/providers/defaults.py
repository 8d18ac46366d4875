#!/usr/bin/env python3
"""Records what each resource type's provider plans beyond its schema on an
empty state: the values of arguments left unset that the plan makes known
(`random_pet.separator = "-"`, `tls_private_key.rsa_bits = 2048`).

    tools/providers/defaults.py --plugin-dir DIR --schemas terraform.json --out defaults.json

For each resource type, a configuration that sets only what the schema
requires (sample values by type; SAMPLES below where the provider
validates them) is planned with the real `terraform plan` and read back
with `show -json`; every attribute the configuration left unset whose
planned value is known is a default. The planned value of a set argument
that differs from the configured one is reported too (a provider that
normalises what it is given). Offline, as tools/providers/extract.py.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from extract import BIN, env  # noqa: E402

# Arguments whose sample value must be one the provider accepts.
SAMPLES = {
    ("tls_private_key", "algorithm"): "RSA",
    ("tls_cert_request", "private_key_pem"): None,  # filled from a tls_private_key below
    ("tls_self_signed_cert", "private_key_pem"): None,
    ("tls_locally_signed_cert", "cert_request_pem"): None,
    ("tls_locally_signed_cert", "ca_private_key_pem"): None,
    ("tls_locally_signed_cert", "ca_cert_pem"): None,
    ("tls_self_signed_cert", "allowed_uses"): ["key_encipherment"],
    ("tls_locally_signed_cert", "allowed_uses"): ["key_encipherment"],
    ("tls_self_signed_cert", "validity_period_hours"): 12,
    ("tls_locally_signed_cert", "validity_period_hours"): 12,
    ("archive_file", "type"): "zip",
    ("archive_file", "output_path"): "out.zip",
    ("time_offset", "offset_days"): 1,
    ("time_rotating", "rotation_days"): 1,
    ("time_sleep", "create_duration"): "1s",
    ("random_integer", "min"): 1,
    ("random_integer", "max"): 5,
    ("random_shuffle", "input"): ["a", "b"],
    ("local_file", "filename"): "out.txt",
    ("local_sensitive_file", "filename"): "out.txt",
}
PEM_FROM = 'tls_private_key.sample.private_key_pem'
# Lines a type needs beyond its required arguments (one of several
# arguments, or a block, that the provider requires).
EXTRA = {
    "archive_file": ['source_content = "x"', 'source_content_filename = "a.txt"'],
    "local_file": ['content = "x"'],
    "local_sensitive_file": ['content = "x"'],
    "time_offset": ["offset_days = 1"],
    "time_rotating": ["rotation_days = 1"],
    "time_sleep": ['create_duration = "1s"'],
    "cloudinit_config": ["part {", '  content = "x"', "}"],
}


def sample(ty):
    if ty == "string":
        return "x"
    if ty == "number":
        return 1
    if ty == "bool":
        return True
    if ty == "dynamic":
        return "x"
    kind = ty[0]
    if kind in ("list", "set"):
        return [sample(ty[1])]
    if kind == "map":
        return {"k": sample(ty[1])}
    if kind == "object":
        return {k: sample(v) for k, v in ty[1].items()}
    if kind == "tuple":
        return [sample(t) for t in ty[1]]
    return "x"


def hcl(v):
    return json.dumps(v) if not isinstance(v, dict) else "{ " + ", ".join(f"{json.dumps(k)} = {hcl(x)}" for k, x in v.items()) + " }"


def body(ty, block, indent="  "):
    """A minimal body for `block`: its required arguments and blocks."""
    lines = []
    for name, a in sorted(block.get("attributes", {}).items()):
        if not a.get("required"):
            continue
        key = (ty, name)
        if key in SAMPLES and SAMPLES[key] is None:
            lines.append(f"{indent}{name} = {PEM_FROM}")
            continue
        value = SAMPLES.get(key, sample(a.get("type", "string")))
        lines.append(f"{indent}{name} = {hcl(value)}")
    for name, bt in sorted(block.get("block_types", {}).items()):
        for _ in range(bt.get("min_items", 0) or 0):
            label = ' "k"' if bt["nesting_mode"] == "map" else ""
            lines.append(f"{indent}{name}{label} {{")
            lines += body(ty, bt["block"], indent + "  ")
            lines.append(f"{indent}}}")
    return lines


def plan(program, plugin_dir, provider, version, ty, block):
    with tempfile.TemporaryDirectory() as work:
        src = ["terraform {", "  required_providers {", f'    {provider.split("/")[1]} = {{ source = "{provider}", version = "{version}" }}',
               '    tls = { source = "hashicorp/tls" }' if provider != "hashicorp/tls" else "", "  }", "}", ""]
        src += [f'resource "{ty}" "sample" {{'] + body(ty, block) + ["  " + line for line in EXTRA.get(ty, [])] + ["}", ""]
        if any(v is None and k[0] == ty for k, v in SAMPLES.items()) and ty != "tls_private_key":
            src += ['resource "tls_private_key" "sample" {', '  algorithm = "RSA"', "}", ""]
        text = "\n".join(src)
        with open(os.path.join(work, "main.tf"), "w") as f:
            f.write(text)
        e = env(work)
        subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work, env=e,
                       check=True, capture_output=True)
        r = subprocess.run([program, "plan", "-input=false", "-no-color", "-out=plan"], cwd=work, env=e, capture_output=True, text=True)
        if r.returncode != 0:
            return None, text, r.stderr.strip() or r.stdout.strip()
        shown = json.loads(subprocess.run([program, "show", "-json", "plan"], cwd=work, env=e, check=True, capture_output=True, text=True).stdout)
        for rc in shown.get("resource_changes", []):
            if rc["address"] == f"{ty}.sample":
                return rc["change"], text, None
        return None, text, "no resource change for the sample"


def defaults_of(block, after, unknown, configured):
    """The known values the plan gave to what the configuration left unset,
    nested blocks (the first of each type) as {"block": {...}}."""
    out = {}
    for name in block.get("attributes", {}):
        if name in configured or unknown.get(name) is True:
            continue
        if after.get(name) is not None:
            out[name] = after[name]
    for name, bt in block.get("block_types", {}).items():
        value, unknowns = after.get(name), unknown.get(name)
        if isinstance(value, list) and value:
            value, unknowns = value[0], (unknowns[0] if isinstance(unknowns, list) and unknowns else {})
        if isinstance(value, dict):
            nested = defaults_of(bt["block"], value, unknowns if isinstance(unknowns, dict) else {}, configured)
            if nested:
                out[name] = {"block": nested}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--schemas", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    data = json.load(open(args.schemas))
    out = {}
    for address, p in sorted(data["provider_schemas"].items()):
        provider = "/".join(address.split("/")[1:])
        version = data["provider_versions"][provider]
        for ty, schema in sorted(p.get("resource_schemas", {}).items()):
            block = schema["block"]
            change, text, failed = plan(program, args.plugin_dir, provider, version, ty, block)
            if failed:
                print(f"{ty}: not planned: {failed.splitlines()[-1] if failed else ''}", file=sys.stderr)
                out[ty] = {"failed": failed, "config": text}
                continue
            configured = {line.split("=")[0].strip() for line in body(ty, block) + EXTRA.get(ty, []) if "=" in line}
            defaults = defaults_of(block, change.get("after") or {}, change.get("after_unknown") or {}, configured)
            out[ty] = {"provider": provider, "defaults": defaults}
            print(f"{ty}: {json.dumps(defaults)}", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()

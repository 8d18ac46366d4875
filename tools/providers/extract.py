#!/usr/bin/env python3
"""Extracts provider schemas with the real `terraform` (and `tofu`) from a
plugin directory of provider binaries, as `terraform providers schema -json`
gives them.

    tools/providers/extract.py --plugin-dir DIR --out DIR [PROVIDER...]

DIR holds providers in the layout `terraform init -plugin-dir` reads
(registry.terraform.io/NAMESPACE/TYPE/VERSION/linux_amd64/terraform-provider-TYPE_vVERSION
and registry.opentofu.org/... for OpenTofu). PROVIDER is NAMESPACE/TYPE
(default: every provider in DIR). Writes OUT/terraform.json (and
OUT/opentofu.json when tofu is there): the schemas of every provider at
once. Nothing here builds a provider: DIR comes from their releases or
from a build made elsewhere. Runs offline (an empty CLI configuration,
proxies at a closed loopback port), with the reference engines of
tools/reference/build (target/reference/bin) unless TERRAFORM/TOFU say
otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, "target", "reference", "bin")
HOSTS = {"terraform": "registry.terraform.io", "opentofu": "registry.opentofu.org"}


def providers_in(plugin_dir, host):
    """{NAMESPACE/TYPE: VERSION} of the providers DIR holds for `host` (the newest version of each)."""
    out = {}
    base = os.path.join(plugin_dir, host)
    if not os.path.isdir(base):
        return out
    for ns in sorted(os.listdir(base)):
        for ty in sorted(os.listdir(os.path.join(base, ns))):
            versions = sorted(os.listdir(os.path.join(base, ns, ty)), key=lambda v: [int(x) if x.isdigit() else x for x in v.replace("-", ".").split(".")])
            if versions:
                out[f"{ns}/{ty}"] = versions[-1]
    return out


def env(home):
    e = dict(os.environ)
    e.update({"HOME": home, "TF_CLI_CONFIG_FILE": "/dev/null", "CHECKPOINT_DISABLE": "1", "TF_IN_AUTOMATION": "1",
              "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "NO_PROXY": ""})
    return e


def extract(program, plugin_dir, providers):
    with tempfile.TemporaryDirectory() as work:
        lines = ["terraform {", "  required_providers {"]
        for p, v in providers.items():
            lines.append(f'    {p.split("/")[1]} = {{ source = "{p}", version = "{v}" }}')
        lines += ["  }", "}", ""]
        with open(os.path.join(work, "main.tf"), "w") as f:
            f.write("\n".join(lines))
        e = env(work)
        subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work, env=e,
                       check=True, capture_output=True)
        out = subprocess.run([program, "providers", "schema", "-json"], cwd=work, env=e, check=True, capture_output=True, text=True)
        version = json.loads(subprocess.run([program, "version", "-json"], cwd=work, env=e, check=True, capture_output=True, text=True).stdout)
        schemas = json.loads(out.stdout)
        schemas["engine_version"] = version.get("terraform_version")
        schemas["provider_versions"] = providers
        return schemas


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("providers", nargs="*")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for engine, program in (("terraform", os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))),
                            ("opentofu", os.environ.get("TOFU", os.path.join(BIN, "tofu")))):
        if not os.access(program, os.X_OK):
            print(f"{engine}: no program at {program}; skipped", file=sys.stderr)
            continue
        found = providers_in(args.plugin_dir, HOSTS[engine])
        wanted = {p: v for p, v in found.items() if not args.providers or p in args.providers}
        if not wanted:
            print(f"{engine}: no providers in {args.plugin_dir}/{HOSTS[engine]}", file=sys.stderr)
            continue
        schemas = extract(program, args.plugin_dir, wanted)
        path = os.path.join(args.out, f"{engine}.json")
        with open(path, "w") as f:
            json.dump(schemas, f, indent=1, sort_keys=True)
        print(f"{engine} {schemas['engine_version']}: {len(wanted)} providers -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()

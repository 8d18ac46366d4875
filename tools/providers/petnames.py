#!/usr/bin/env python3
"""Writes the words hashicorp/random's `random_pet` draws from into its
type's file of the provider data ("facts"), from the provider's own
dependency, github.com/dustinkirkland/golang-petname (Apache-2.0), at the
version the provider's go.mod requires (the Go module proxy serves it):

    tools/providers/petnames.py --go-mod PROVIDER_SOURCE/go.mod www/providers
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compact import write  # noqa: E402

MODULE = "github.com/dustinkirkland/golang-petname"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--go-mod", required=True, help="the random provider's go.mod")
    ap.add_argument("data")
    args = ap.parse_args()
    version = re.search(re.escape(MODULE) + r"\s+(\S+)", open(args.go_mod).read()).group(1)
    info = json.loads(subprocess.run(["go", "mod", "download", "-json", f"{MODULE}@{version}"], capture_output=True, text=True,
                                     check=True, env={**os.environ, "GOFLAGS": ""}).stdout)
    source = open(os.path.join(info["Dir"], "petname.go")).read()
    words = {}
    for name in ("adjectives", "adverbs", "names"):
        body = re.search(name + r"\s*=\s*\[\.\.\.\]string\{(.*?)\}", source, re.S).group(1)
        words[name] = re.findall(r'"([^"]*)"', body)
    path = os.path.join(args.data, "hashicorp/random/resource/random_pet.json")
    data = json.load(open(path))
    data["facts"] = {**words, "source": f"{MODULE} {version}, Apache-2.0"}
    write(path, data)
    print(f"random_pet: {', '.join(f'{len(v)} {k}' for k, v in words.items())}", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Records what the AWS provider's data sources `aws_region` and
`aws_partition` compute without any network: for each region the provider
knows, its description, EC2 endpoint and partition. The real provider is
asked, offline, in one `terraform console -plan` over a configuration with
one provider configuration per region (mock credentials).

    tools/providers/aws_facts.py --plugin-dir DIR --out facts.json

The output feeds compact.py --facts: {"data/aws_region": {"REGION":
{"description", "endpoint"}}, "data/aws_partition": {"REGION": {"partition",
"dns_suffix", "reverse_dns_prefix"}}}. A region the provider does not know
is left out (its data source fails with "finding Region by name"), as are
REGIONS that are not regions any more.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from extract import BIN, env  # noqa: E402

# The region codes to ask about (AWS's published list); the provider's
# answer decides which it knows.
REGIONS = """us-east-1 us-east-2 us-west-1 us-west-2 af-south-1 ap-east-1 ap-east-2 ap-south-1 ap-south-2
ap-southeast-1 ap-southeast-2 ap-southeast-3 ap-southeast-4 ap-southeast-5 ap-southeast-6 ap-southeast-7
ap-northeast-1 ap-northeast-2 ap-northeast-3 ca-central-1 ca-west-1 eu-central-1 eu-central-2 eu-west-1
eu-west-2 eu-west-3 eu-south-1 eu-south-2 eu-north-1 il-central-1 me-south-1 me-central-1 mx-central-1
sa-east-1 cn-north-1 cn-northwest-1 us-gov-east-1 us-gov-west-1 us-iso-east-1 us-iso-west-1
us-isob-east-1 us-isob-west-1 eu-isoe-west-1 us-isof-south-1 us-isof-east-1 eusc-de-east-1""".split()

MOCK = """  access_key                  = "mock"
  secret_key                  = "mock"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
"""


def configuration(regions):
    src = ['terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\n',
           f'provider "aws" {{\n  region = "us-east-1"\n{MOCK}}}\n']
    entries = []
    for i, region in enumerate(regions):
        src.append(f'provider "aws" {{\n  alias  = "r{i}"\n  region = "{region}"\n{MOCK}}}\n'
                   f'data "aws_partition" "r{i}" {{\n  provider = aws.r{i}\n}}\n'
                   f'data "aws_region" "r{i}" {{\n  provider = aws.r{i}\n}}\n')
        entries.append(f'    "{region}" = {{ partition = data.aws_partition.r{i}, region = data.aws_region.r{i} }}')
    src.append("locals {\n  all = {\n" + "\n".join(entries) + "\n  }\n}\n")
    return "".join(src)


def ask(program, plugin_dir, regions):
    """The console's answer for `regions`, and the regions it refused."""
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "main.tf"), "w") as f:
            f.write(configuration(regions))
        e = env(work)
        subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work, env=e,
                       check=True, capture_output=True)
        r = subprocess.run([program, "console", "-plan"], cwd=work, env=e, input="jsonencode(local.all)\n", capture_output=True, text=True)
        refused = {regions[int(i)] for i in re.findall(r'data "aws_region" "r(\d+)"', r.stderr)}
        if refused:
            return None, refused
        return json.loads(json.loads(r.stdout.strip())), set()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    regions = list(REGIONS)
    answer, refused = ask(program, args.plugin_dir, regions)
    if refused:
        print(f"not known to the provider: {' '.join(sorted(refused))}", file=sys.stderr)
        regions = [r for r in regions if r not in refused]
        answer, refused = ask(program, args.plugin_dir, regions)
    if answer is None:
        sys.exit("the provider refused the configuration")
    facts = {
        "data/aws_region": {r: {"description": v["region"]["description"], "endpoint": v["region"]["endpoint"]} for r, v in answer.items()},
        "data/aws_partition": {r: {k: v["partition"][k] for k in ("partition", "dns_suffix", "reverse_dns_prefix")} for r, v in answer.items()},
    }
    with open(args.out, "w") as f:
        json.dump(facts, f, indent=1, sort_keys=True)
    print(f"{len(answer)} regions", file=sys.stderr)


if __name__ == "__main__":
    main()

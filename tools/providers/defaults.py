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
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from extract import BIN, env  # noqa: E402

# Arguments whose sample value must be one the provider accepts.
class Raw(str):
    """An expression written as it is (`uuid()`: a value unknown while
    planning)."""


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
    ("helm_release", "chart"): "./chart",
    # Not "HTTP", which its health check's protocol defaults to (a
    # sampled string is taken for one the plan copied).
    ("aws_lb_target_group", "protocol"): "TCP",
    ("aws_alb_target_group", "protocol"): "TCP",
    # JSON the provider reads at plan time, and the destination most
    # configurations use.
    ("aws_ecs_task_definition", "container_definitions"): '[{"name":"sample","image":"nginx","essential":true}]',
    ("aws_kinesis_firehose_delivery_stream", "destination"): "extended_s3",
    # A definition the provider validates with the cloud's API while
    # planning, unless it is unknown.
    ("aws_sfn_state_machine", "definition"): Raw("uuid()"),
}
# Files a type's sample reads, written beside its configuration (a chart
# on disk: helm plans a local chart without any network).
FILES = {
    "helm_release": {
        "chart/Chart.yaml": "apiVersion: v2\nname: sample\nversion: 0.1.0\nappVersion: \"1.0\"\n",
        "chart/templates/configmap.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  a: b\n",
    },
}


def write_files(work, types):
    """The FILES the samples of `types` read, in the directory `work`."""
    for ty in types:
        for name, text in FILES.get(ty, {}).items():
            os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
            with open(os.path.join(work, name), "w") as f:
                f.write(text)
PEM_FROM = 'tls_private_key.sample.private_key_pem'
# What the plans taught: arguments to set (type, name) -> value, learned
# from the provider's refusals (see learn()).
LEARNED = {}
ARN = "arn:aws:iam::123456789012:role/sample"
POLICY = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:GetObject","Resource":"*"}]}'
# Whether samples write each optional nested block once (--nested), to
# record the defaults inside blocks.
NESTED = False
# Sample values for arguments inside blocks, by (type, path): learned from
# refusals of --nested samples.
NESTED_SAMPLES = {}
# How deep --nested writes optional blocks (1: the resource's own).
NESTED_DEPTH = 1
# Optional blocks a --nested sample leaves out: (type, block) the provider
# refused with the others.
DROPPED = set()
# With --empty: the path of the block a sample writes empty (`rule.filter`),
# its parents with their required content.
EMPTY_AT = None
# Where each optional block of a --nested sample is: type -> [(first line,
# last line, block)], lines counted from the resource's first line.
BLOCK_LINES = {}
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
    "helm_release": ['set = [{ name = "a", value = "b" }]'],
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


# The provider being sampled (NAMESPACE/TYPE).
PROVIDER = ""
GOOGLE_POLICY = '{"bindings":[{"role":"roles/viewer","members":["user:jane@example.com"]}]}'


def by_name(name, ty):
    """A sample a provider is likelier to accept, by the argument's name."""
    text = None
    if PROVIDER in ("hashicorp/google", "hashicorp/google-beta"):
        text = {"member": "user:jane@example.com", "members": "user:jane@example.com", "policy_data": GOOGLE_POLICY,
                "account_id": "sample-account", "role": "roles/viewer"}.get(name)
    if text is not None:
        pass
    elif "cidr" in name:
        text = "10.0.0.0/16"
    elif name.endswith("arn") or name.endswith("_arns") or name in ("role", "execution_role"):
        text = ARN
    elif "policy" in name and "arn" not in name:
        text = POLICY
    elif name == "account_id":
        text = "123456789012"
    if text is not None:
        if ty == "string":
            return text
        if isinstance(ty, list) and ty[0] in ("list", "set") and ty[1] == "string":
            return [text]
    return sample(ty)


def hcl(v):
    if isinstance(v, Raw):
        return str(v)
    return json.dumps(v) if not isinstance(v, dict) else "{ " + ", ".join(f"{json.dumps(k)} = {hcl(x)}" for k, x in v.items()) + " }"


def body(ty, block, indent="  ", path=""):
    """A minimal body for `block`: its required arguments and blocks, and
    any argument the plans taught (LEARNED)."""
    lines = []
    for name, a in sorted(block.get("attributes", {}).items()):
        if (ty, name) in LEARNED and indent == "  ":
            lines.append(f"{indent}{name} = {hcl(LEARNED[(ty, name)])}")
            continue
        nested_path = f"{path}.{name}" if path else name
        if path and (ty, nested_path) in NESTED_SAMPLES:
            lines.append(f"{indent}{name} = {hcl(NESTED_SAMPLES[(ty, nested_path)])}")
            continue
        if not a.get("required"):
            continue
        key = (ty, name)
        if key in SAMPLES and SAMPLES[key] is None:
            lines.append(f"{indent}{name} = {PEM_FROM}")
            continue
        value = SAMPLES.get(key, by_name(name, a.get("type", "string")))
        lines.append(f"{indent}{name} = {hcl(value)}")
    if indent == "  ":
        BLOCK_LINES[ty] = []
    for name, bt in sorted(block.get("block_types", {}).items()):
        wanted = bt.get("min_items", 0) or 0
        depth = len(indent) // 2
        optional = depth <= NESTED_DEPTH and wanted == 0 and NESTED and (indent != "  " or (ty, name) not in DROPPED)
        here = f"{path}.{name}" if path else name
        if (indent == "  " and (ty, name) in LEARNED) or optional or (EMPTY_AT and (EMPTY_AT == here or EMPTY_AT.startswith(here + "."))):
            wanted = max(wanted, 1)
        for _ in range(wanted):
            label = ' "k"' if bt["nesting_mode"] == "map" else ""
            first = len(lines) + 1
            lines.append(f"{indent}{name}{label} {{")
            if EMPTY_AT != here:
                lines += body(ty, bt["block"], indent + "  ", here)
            lines.append(f"{indent}}}")
            if optional and indent == "  ":
                BLOCK_LINES[ty].append((first, len(lines), name))
    return lines


FAILED_AT = {}
# A resource type's deprecation message, as the provider words its
# warning "Deprecated Resource" (the SDK v2's; no schema carries it).
DEPRECATIONS = {}


def drop_block(ty, line):
    """In --nested mode, leaves out the optional block at `line` (counted
    from the resource's first line) of a refused sample, or else its first
    optional block. True if one was left out."""
    placed = BLOCK_LINES.get(ty, [])
    if not placed:
        return False
    blamed = [name for first, last, name in placed if line is not None and first <= line <= last] or [placed[0][2]]
    DROPPED.add((ty, blamed[0]))
    return True


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
        write_files(work, [ty])
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


# Strings of the sample configurations and the provider configuration: a
# planned value that contains one was derived from them, not a default
# (google's email from account_id, project from the provider's).
SAMPLED = set()
# The provider configuration's string arguments, by value: a planned value
# equal to one came from it.
FROM_PROVIDER = {}


# Values in the FILES (a chart's version): a planned value that contains
# one was read from them, not a default.
FILE_STRINGS = {w.strip('"') for files in FILES.values() for text in files.values() for w in text.split() if len(w.strip('"')) >= 4}


def derived(value):
    text = json.dumps(value)
    return any(s in text for s in SAMPLED | FILE_STRINGS)


def sampled_strings(lines):
    """The quoted strings (4 characters or more) in configuration lines."""
    for line in lines:
        for m in re.findall(r'"((?:[^"\\]|\\.){4,})"', line):
            SAMPLED.add(m)


def configured_paths(lines):
    """The dotted paths of the arguments a sample's lines set, inside its
    blocks too (`health_check.port`): an argument of a block is not the
    resource's argument of the same name."""
    paths, stack = set(), []
    for line in lines:
        text = line.strip()
        m = re.match(r'^(\w+)(?: "[^"]*")? \{$', text)
        if m:
            stack.append(m.group(1))
        elif text == "}":
            if stack:
                stack.pop()
        elif "=" in text:
            paths.add(".".join(stack + [text.split("=")[0].strip()]))
    return paths


def defaults_of(block, after, unknown, configured, path=""):
    """The known values the plan gave to what the configuration left unset
    (`configured`: the paths it sets, from configured_paths), nested blocks
    (the first of each type) as {"block": {...}}, and blocks left out that
    the plan makes unknown as {"unknown": true}."""
    out = {}
    for name in block.get("attributes", {}):
        if path + name in configured or unknown.get(name) is True:
            continue
        if isinstance(after.get(name), str) and after[name] in FROM_PROVIDER:
            # The provider configuration's argument (google's project, for
            # the types that take it while planning).
            out[name] = {"from_provider": FROM_PROVIDER[after[name]]}
            continue
        attr = block["attributes"][name]
        if name in after and after[name] is None and attr.get("computed"):
            # A computed attribute the plan makes a known null (a
            # framework provider's plan modifier), not unknown.
            out[name] = None
        elif after.get(name) is not None and not derived(after[name]):
            out[name] = after[name]
    for name, attr in block.get("attributes", {}).items():
        # In each object of a nested attribute the sample sets (EXTRA),
        # the inner computed attributes the plan makes known.
        nested, value = attr.get("nested_type"), after.get(name)
        if path + name not in configured or not nested or not isinstance(value, list) or not value or not isinstance(value[0], dict):
            continue
        inner_unknown = unknown.get(name)
        inner_unknown = inner_unknown[0] if isinstance(inner_unknown, list) and inner_unknown else {}
        elements = {k: v for k, v in value[0].items()
                    if nested["attributes"].get(k, {}).get("computed") and inner_unknown.get(k) is not True}
        if elements:
            out[name] = {"elements": elements}
    for name, bt in block.get("block_types", {}).items():
        value, unknowns = after.get(name), unknown.get(name)
        if unknowns is True and not value:
            # A block the configuration left out that the plan leaves
            # unknown (the SDK v2's computed blocks).
            out[name] = {"unknown": True}
            continue
        if isinstance(value, list) and value:
            value, unknowns = value[0], (unknowns[0] if isinstance(unknowns, list) and unknowns else {})
        if isinstance(value, dict):
            nested = defaults_of(bt["block"], value, unknowns if isinstance(unknowns, dict) else {}, configured, f"{path}{name}.")
            if nested:
                out[name] = {"block": nested}
    return out


def learn(ty, block, why):
    """Fixes a sample from the provider's refusal `why`: an argument it
    wants set (one of several), a value from an enumeration, an ARN, a
    JSON policy, an account ID. True if something new was learned."""
    attrs, blocks = block.get("attributes", {}), block.get("block_types", {})

    def want(name, value=None):
        if name in attrs:
            v = value if value is not None else SAMPLES.get((ty, name), sample(attrs[name].get("type", "string")))
            if name.endswith("arn") and value is None and v == "x":
                v = ARN
        elif name in blocks:
            v = True
        else:
            return False
        if LEARNED.get((ty, name)) == v:
            return False
        LEARNED[(ty, name)] = v
        return True

    m = re.search(r'Missing required argument: "([\w.]+)": one of `([^`]+)` must be specified', why)
    if m and "." in m.group(1):
        # One of several arguments inside a block: the one named first.
        parts = m.group(1).split(".")
        path = ".".join(p for p in parts if not p.isdigit())
        inner = block
        for step in path.split(".")[:-1]:
            inner = inner.get("block_types", {}).get(step, {}).get("block", {})
        a = inner.get("attributes", {}).get(path.split(".")[-1])
        if a is None or NESTED_SAMPLES.get((ty, path)) is not None:
            return False
        NESTED_SAMPLES[(ty, path)] = by_name(path.split(".")[-1], a.get("type", "string"))
        return True
    m = re.search(r"one of `([^`]+)` must be specified", why)
    if m:
        names = m.group(1).split(",")
        return any(want(n) for n in sorted(names, key=lambda n: (n not in attrs, n)))
    m = re.search(r'expected ([\w.]+) to contain a valid (IP|CIDR)', why)
    if m and "." in m.group(1):
        path = ".".join(p for p in m.group(1).split(".") if not p.isdigit())
        value = "10.0.0.1" if m.group(2) == "IP" else "10.0.0.0/16"
        if NESTED_SAMPLES.get((ty, path)) == value:
            return False
        NESTED_SAMPLES[(ty, path)] = value
        return True
    m = re.search(r'expected ([\w.]+) to be one of \[\"([^"]*)\"', why) or re.search(r'expected ([\w.]+) to be one of \[([^ \]]*)', why)
    if m and "." in m.group(1):
        # An argument inside blocks (spec.0.os.0.name): its path, indices left out.
        parts = m.group(1).split(".")
        path = ".".join(p for p in parts if not p.isdigit())
        value = m.group(2).strip('"')
        # An element of a list or set argument (access_modes.0).
        if parts[-1].isdigit():
            value = [value]
        if NESTED_SAMPLES.get((ty, path)) == value:
            return False
        NESTED_SAMPLES[(ty, path)] = value
        return True
    if m:
        return want(m.group(1), m.group(2).strip('"')) or place(ty, block, m.group(1), m.group(2).strip('"'))
    m = re.search(r'"([\w.]+)" \(x\) is an invalid ARN', why)
    if m:
        return want(m.group(1), ARN) if "." not in m.group(1) else place(ty, block, m.group(1), ARN)
    m = re.search(r'"(\w+)" contains an invalid JSON', why)
    if m:
        return want(m.group(1), POLICY)
    m = re.search(r'parsing "x".*?Expected an? [\w ]+ ID that matched[^>]*> (/subscriptions/\S+)', why, flags=re.S)
    at = re.search(r'^at: (\w+)\s*=\s*"x"', why, flags=re.M)
    if m and at:
        # azurerm: a resource ID of the kind its error shows an example of.
        return want(at.group(1), m.group(1))
    if at and at.group(1) in attrs and LEARNED.get((ty, at.group(1)), "x") == "x":
        # A name the provider validates (azurerm's storage accounts: lowercase
        # letters and numbers, 3 to 24 characters).
        return want(at.group(1), "sample123")
    m = re.search(r'"(\w+)" doesn\'t look like AWS Account ID', why)
    if m:
        return want(m.group(1), "123456789012")
    return learn_value(ty, block, why)


def attribute_at(block, path):
    """The attribute at a dotted path of names inside `block`, or None."""
    inner = block
    steps = path.split(".")
    for step in steps[:-1]:
        inner = inner.get("block_types", {}).get(step, {}).get("block", {})
    return inner.get("attributes", {}).get(steps[-1])


def find_attribute(ty, block, name, path=""):
    """The dotted path of an attribute `name` in the blocks a sample of
    `ty` writes (required ones, and those the plans taught), or None."""
    if path and name in block.get("attributes", {}):
        return f"{path}.{name}"
    for b, bt in sorted(block.get("block_types", {}).items()):
        written = (bt.get("min_items") or 0) > 0 or (not path and (ty, b) in LEARNED) or NESTED
        if written:
            found = find_attribute(ty, bt["block"], name, f"{path}.{b}" if path else b)
            if found:
                return found
    return None


def place(ty, block, name, value):
    """Sets `value` for the argument `name` (a dotted path with indices, or
    a name the refusal's line shows) wherever the sample writes it: at the
    top level, or inside its blocks. True if it is new."""
    path = ".".join(p for p in name.split(".") if not p.isdigit())
    if "." not in path and path not in block.get("attributes", {}) and path not in block.get("block_types", {}):
        path = find_attribute(ty, block, path) or path
    a = attribute_at(block, path)
    if a is not None and isinstance(value, str) and isinstance(a.get("type"), list) and a["type"][0] in ("list", "set"):
        value = [value]
    if "." not in path:
        if path in block.get("attributes", {}) or path in block.get("block_types", {}):
            if LEARNED.get((ty, path)) == value:
                return False
            LEARNED[(ty, path)] = value
            return True
        return False
    if a is None or NESTED_SAMPLES.get((ty, path)) == value:
        return False
    NESTED_SAMPLES[(ty, path)] = value
    return True


# Refusals that name the kind of value the provider takes: (pattern, with
# the argument's dotted path as its group where the message names it, and
# the value).
KINDS = [
    (r'^(?:Error: )?"([\w.]+)" is not a valid CIDR block', "10.0.0.0/16"),
    (r'^(?:Error: )?"[^"]*" is not a valid CIDR block', "10.0.0.0/16"),
    (r"invalid value for ([\w.]+) \(must be a valid action \(usually starts with lambda:\)\)", "lambda:InvokeFunction"),
    (r'^(?:Error: )?"(\w+)" must be the role\'s name not its ARN', "sample-role"),
    (r'expected "([\w.]+)" to have a host', "https://example.com"),
    (r"invalid value for ([\w.]+) \(must be a full service hostname", "elasticbeanstalk.amazonaws.com"),
    (r"invalid value for ([\w.]+) \(must be a valid email address\)", "user@example.com"),
    (r"invalid value for ([\w.]+) \(must be a valid phone number\)", "+12065550100"),
    (r'^(?:Error: )?"(\w+)" : unsupported NACL protocol', "-1"),
    (r"^(?:Error: )?(\w+) must be set non-empty when", ARN),
    (r"when destination is '\w+', (\w+) is required", True),
    (r'expected "([\w.]+)" to be a RFC6996-compliant Local ASN', 64512),
    (r'"([\w.]+)" must be 12 to \d+ characters long', "Sample-Passw0rd!"),
    (r"invalid value for ([\w.]+) \(must begin with s3:// or https://\)", "s3://sample/key"),
    (r"Attribute ([\w.]+) value must be a valid S3 URI", "s3://sample/key"),
]


def sample_of(ty, block, path):
    """The value a sample sets for the argument at `path` (dotted, inside
    blocks too): the type's own sample, else one by its name and type."""
    return SAMPLES.get((ty, path), by_name(path.split(".")[-1], (attribute_at(block, path) or {}).get("type", "string")))


def learn_value(ty, block, why):
    """The refusals whose message tells a value the provider takes (an
    enumeration's first value, a region, an account ID, an address, a
    minimum) or a block it wants, for the argument the message or its
    line names."""
    at = re.search(r"^at: (\w+)\s*=", why, flags=re.M)
    attrs = block.get("attributes", {})
    m = re.search(r"Path: (.+)\nGiven Value: .*\nValid Values: \[([^\] ]+)", why)
    if m:
        # Indices left out: rule[0], a set element's transition[Value({…})].
        return place(ty, block, re.sub(r"\[Value\(.*?\)\]|\[\d+\]|\[\"[^\"]*\"\]", "", m.group(1)), m.group(2))
    m = re.search(r'expected ([\w.]+) to be one of \[\"([^"]*)\"', why)
    if m:
        return place(ty, block, m.group(1), m.group(2))
    m = re.search(r'Attribute (\S+) value must be one of: \["([^"]*)"', why)
    if m:
        return place(ty, block, re.sub(r"\[\d+\]", "", m.group(1)), m.group(2))
    m = re.search(r'"([\w.]+)" doesn\'t look like AWS Region', why)
    if m:
        return place(ty, block, m.group(1), "us-east-1")
    m = re.search(r'"([\w.]+)" must be \* or a 12 digit AWS account ID', why)
    if m:
        return place(ty, block, m.group(1), "123456789012")
    m = re.search(r'"([\w.]+)" is not a valid IP address', why) or (re.search(r"is not a valid IP address", why) and at)
    if m:
        return place(ty, block, m.group(1), "10.0.0.1")
    m = re.search(r"expected ([\w.]+) to be at least \((\d+)\)", why) or re.search(r"Attribute ([\w.]+) value must be at least (\d+)", why)
    if m:
        return place(ty, block, m.group(1), int(m.group(2)))
    m = re.search(r"Block (\w+) must have a configuration value as the provider has marked it as required", why)
    if m:
        return place(ty, block, m.group(1), True)
    m = re.search(r"Exactly one of these attributes must be configured: \[([^\]]+)\]", why) or \
        re.search(r"At least one attribute out of \[([^\]]+)\] must be specified", why)
    if m:
        names = [n.strip() for n in m.group(1).split(",")]
        for n in names:
            leaf = n.split(".")[-1]
            if n in attrs or "." in n:
                return place(ty, block, n, by_name(leaf, (attribute_at(block, n) or {}).get("type", "string")))
        return False
    m = re.search(r"`(\w+)` must include ([\w-]+)", why)
    if m and m.group(1) in block.get("block_types", {}):
        # A block whose entries must name a value (aws_vpc_ipam's
        # operating_regions the provider's region): its required argument.
        inner = block["block_types"][m.group(1)]["block"].get("attributes", {})
        required = sorted(n for n, a in inner.items() if a.get("required"))
        return bool(required) and place(ty, block, f"{m.group(1)}.{required[0]}", m.group(2)) | place(ty, block, m.group(1), True)
    m = re.search(r'Attribute "(\w+)" must be specified when "\w+" is', why)
    if m:
        # An argument another's value requires (aws_lb_target_group's port
        # when its target_type is "instance").
        name = m.group(1)
        return place(ty, block, name, sample_of(ty, block, name))
    m = re.search(r'Either "([\w.\[\]]+)" or "[\w.\[\]]+" must be specified when', why)
    if m:
        # One of two arguments another's value requires (a listener's
        # forward action: its target_group_arn).
        path = re.sub(r"\[\d+\]", "", m.group(1))
        leaf = path.split(".")[-1]
        return place(ty, block, path, by_name(leaf, (attribute_at(block, path) or {}).get("type", "string")))
    m = re.search(r'"([\w.]+)" \("[^"]*"\) doesn\'t match regexp ("(?:[^"\\]|\\.)*")', why)
    if m:
        # Google's validation.ValidateRegexp: a value its pattern matches.
        value = matching(json.loads(m.group(2)))
        return value is not None and place(ty, block, m.group(1), value)
    m = re.search(r"expected \S+ to be a domain like (\S+?):", why)
    if m and at:
        return place(ty, block, at.group(1), m.group(1))
    m = re.search(r'"([\w.]+)" \("[^"]*"\) doesn\'t end with "\."', why)
    if m:
        return place(ty, block, m.group(1), "sample.example.com.")
    m = re.search(r"one of ((?:\w+, )+)or (\w+) must be defined", why)
    if m:
        # One of several arguments, named in words (a Google firewall's
        # source_tags, source_ranges or source_service_accounts).
        names = [n.strip() for n in m.group(1).split(",") if n.strip()] + [m.group(2)]
        return next((place(ty, block, n, sample_of(ty, block, n)) for n in names if n in attrs), False)
    m = re.search(r"^(?:Error: )?(\w+) and (\w+) must be set when", why, flags=re.M)
    if m:
        # Arguments another's value requires, named together (a Zip
        # function's handler and runtime); their values are learned next.
        return any([place(ty, block, n, sample_of(ty, block, n)) for n in m.groups()])
    # Values of a kind the message names, for the argument it or its line
    # names.
    for pattern, value in KINDS:
        m = re.search(pattern, why, flags=re.M)
        if m and (m.groups() or at):
            name = m.group(1) if m.groups() else at.group(1)
            if place(ty, block, name, value):
                return True
    m = re.search(r"(?:set|list) of string required, but have string", why)
    if m and at:
        return place(ty, block, at.group(1), LEARNED.get((ty, at.group(1)), "x"))
    m = re.search(r"^(?:Error: )?(\w+) must be at least (\d+) when", why, flags=re.M)
    if m:
        # A minimum another argument's value sets (a provisioned stream's
        # shard_count).
        return place(ty, block, m.group(1), int(m.group(2)))
    m = re.search(r"cannot parse '(\w*)' as int", why)
    if m and at:
        return place(ty, block, at.group(1), "1")
    m = re.search(r'"([\w.]+)" \(.*?\) is an invalid .*?expecting to match regular expression: (.+?)\):', why)
    quoted = re.search(r'expected (?:value of )?([\w.]+) to match regular expression ("(?:[^"\\]|\\.)*")', why)
    framework = re.search(r"Attribute ([\w.\[\]]+?)(?:\[Value\(.*?\)\])? value must match regular expression '(.+?)', got:", why)
    if framework:
        value = matching(framework.group(2))
        return value is not None and place(ty, block, re.sub(r"\[\d+\]", "", framework.group(1)), value)
    m2 = re.search(r"expected length of ([\w.]+) to be in the range \((\d+) - \d+\)", why) or \
        re.search(r"Attribute ([\w.]+) string length must be between (\d+) and", why)
    if m2:
        # A string of the shortest length allowed.
        return place(ty, block, m2.group(1), "s" * max(int(m2.group(2)), 1))
    if m or quoted:
        # A value the provider's pattern matches (a service principal);
        # a pattern Go quoted (%q) is unquoted first.
        name, pattern = (m.group(1), m.group(2)) if m else (quoted.group(1), json.loads(quoted.group(2)))
        value = matching(pattern)
        return value is not None and place(ty, block, name, value)
    return False


def matching(pattern):
    """The shortest string the regular expression `pattern` matches, its
    classes' first characters chosen (None where it cannot tell)."""
    try:
        import sre_parse
        tree = sre_parse.parse(pattern)
    except Exception:
        return None

    def gen(items):
        out = ""
        for op, av in items:
            name = str(op)
            if name == "LITERAL":
                out += chr(av)
            elif name == "ANY":
                out += "a"
            elif name == "IN":
                first = av[0]
                if str(first[0]) == "NEGATE":
                    out += "a"
                elif str(first[0]) == "RANGE":
                    out += chr(first[1][0])
                elif str(first[0]) == "LITERAL":
                    out += chr(first[1])
                elif str(first[0]) == "CATEGORY":
                    out += "0" if "DIGIT" in str(first[1]) else "a"
                else:
                    return None
            elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
                lo, _, inner = av
                one = gen(inner)
                if one is None:
                    return None
                out += one * lo
            elif name == "SUBPATTERN":
                one = gen(av[-1])
                if one is None:
                    return None
                out += one
            elif name == "BRANCH":
                one = gen(av[1][0])
                if one is None:
                    return None
                out += one
            elif name in ("AT",):
                continue
            elif name == "CATEGORY":
                out += "0" if "DIGIT" in str(av) else "a"
            else:
                return None
        return out
    return gen(tree)


def empty_paths(block, path="", depth=2):
    """The blocks (dotted paths, `depth` levels down) that may be written
    empty: nothing inside them required."""
    out = []
    for name, bt in sorted(block.get("block_types", {}).items()):
        inner, here = bt["block"], f"{path}.{name}" if path else name
        if not any(a.get("required") for a in inner.get("attributes", {}).values()) and \
                not any((x.get("min_items") or 0) > 0 for x in inner.get("block_types", {}).values()):
            out.append(here)
        if depth > 1:
            out += empty_paths(inner, here, depth - 1)
    return out


def empty_defaults(block, path, after, unknown, earlier):
    """What a plan with the block at `path` written empty gave its known
    arguments, where that differs from the block's recorded defaults
    (`earlier`, the type's): {name: value}."""
    for step in path.split("."):
        block = block["block_types"][step]["block"]
        after, unknown = after.get(step), unknown.get(step)
        after = after[0] if isinstance(after, list) and after else after
        unknown = unknown[0] if isinstance(unknown, list) and unknown else (unknown if isinstance(unknown, dict) else {})
        earlier = (earlier.get(step) or {}).get("block") or {}
    if not isinstance(after, dict):
        return {}
    out = {}
    for name in block.get("attributes", {}):
        v = after.get(name)
        if v is None or unknown.get(name) is True or derived(v):
            continue
        if earlier.get(name) != v:
            out[name] = v
    return out


def with_nested(earlier, nested):
    """The defaults of `earlier` with those inside blocks that the --nested
    plans found (a block left out keeps what `earlier` says of it)."""
    for ty, found in nested.items():
        blocks = {k: v for k, v in found.get("defaults", {}).items() if isinstance(v, dict) and "block" in v}
        if not blocks or "defaults" not in earlier.get(ty, {}):
            continue
        merge(earlier[ty]["defaults"], blocks)
    return earlier


def merge(mine, found):
    """Adds to defaults `mine` what `found` knows inside blocks that
    `mine` does not (a block left out keeps what `mine` says of it)."""
    for name, v in found.items():
        if not (isinstance(v, dict) and "block" in v):
            mine.setdefault(name, v)
            continue
        entry = mine.setdefault(name, {})
        if isinstance(entry, dict):
            merge(entry.setdefault("block", {}), v["block"])
            # A block the provider computes when it is left out stays so.
            if "unknown" in v:
                entry.setdefault("unknown", v["unknown"])


def meta(ty):
    """The `provider` argument a type of a provider whose local name is not
    the type's prefix needs (google-beta's google_* types)."""
    local = PROVIDER.split("/")[-1]
    return [] if ty.startswith(local.replace("-", "_") + "_") or not local else [f"  provider = {local}"]


def plan_batch(program, plugin_dir, provider, version, provider_config, types):
    """Plans one configuration holding a minimal resource of each type in
    `types` ({type: block}); returns ({type: change}, {type: error}) — a
    type whose configuration Terraform or the provider refuses is left out
    and the rest planned again."""
    global EMPTY_AT
    todo = dict(types)
    failed = {}
    # A key is a type, or (type, path) for a sample with that block empty.
    kind = {key: key if isinstance(key, str) else key[0] for key in todo}
    label = {key: "sample" if isinstance(key, str) else "empty_" + key[1].replace(".", "_") for key in todo}
    while todo:
        with tempfile.TemporaryDirectory() as work:
            src = ["terraform {", "  required_providers {", f'    {provider.split("/")[1]} = {{ source = "{provider}", version = "{version}" }}', "  }", "}"] + provider_config.splitlines() + [""]
            lines = {}
            for key, block in todo.items():
                start, ty = len(src) + 1, kind[key]
                EMPTY_AT = None if isinstance(key, str) else key[1]
                src += [f'resource "{ty}" "{label[key]}" {{'] + body(ty, block) + ["  " + x for x in EXTRA.get(ty, [])] + meta(ty) + ["}", ""]
                EMPTY_AT = None
                lines[key] = (start, len(src))
            with open(os.path.join(work, "main.tf"), "w") as f:
                f.write("\n".join(src))
            write_files(work, set(kind[k] for k in todo))
            e = env(work)
            subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work, env=e,
                           check=True, capture_output=True)
            r = subprocess.run([program, "plan", "-input=false", "-json", "-out=plan"], cwd=work, env=e, capture_output=True, text=True)
            if r.returncode == 0:
                # The provider's own deprecation messages (not in its schema).
                for line in r.stdout.splitlines():
                    try:
                        d = json.loads(line).get("diagnostic") or {}
                    except ValueError:
                        continue
                    address = d.get("address", "")
                    if d.get("summary") == "Deprecated Resource" and address.endswith(".sample"):
                        DEPRECATIONS[address.split(".")[0]] = d.get("detail", "")
                shown = json.loads(subprocess.run([program, "show", "-json", "plan"], cwd=work, env=e, check=True, capture_output=True, text=True).stdout)
                by_address = {(kind[k], label[k]): k for k in todo}
                changes = {by_address[(rc["type"], rc["name"])]: rc["change"] for rc in shown.get("resource_changes", [])
                           if (rc["type"], rc["name"]) in by_address}
                return changes, failed
            blamed = set()
            for line in r.stdout.splitlines():
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                d = msg.get("diagnostic")
                if not d or d.get("severity") != "error":
                    continue
                at = (d.get("range") or {}).get("start", {}).get("line")
                for key, (a, b) in lines.items():
                    if (at and a <= at < b) or d.get("address", "").startswith(f"{kind[key]}.{label[key]}"):
                        blamed.add(key)
                        failed[key] = f"{d.get('summary', '')}: {d.get('detail', '')}"
                        code = (d.get("snippet") or {}).get("code", "")
                        if code:
                            failed[key] += f"\nat: {code.strip()}"
                        if isinstance(key, str):
                            FAILED_AT[key] = at - a if at and a <= at < b else None
            if not blamed:
                # Nothing to blame: plan each alone.
                if len(todo) == 1:
                    failed.update({ty: r.stderr.strip()[-200:] for ty in todo})
                    return {}, failed
                changes = {}
                for key in todo:
                    c, f = plan_batch(program, plugin_dir, provider, version, provider_config, {key: todo[key]})
                    changes.update(c)
                    failed.update(f)
                return changes, failed
            for key in blamed:
                todo.pop(key, None)
    return {}, failed


def probe_empty(program, plugin_dir, provider, version, config, keys, earlier, batch):
    """--empty: each (type, path) of `keys` planned with that block empty,
    refusals learned from as for the other samples."""
    found = {}
    todo = sorted(keys)
    for round in range(5):
        refused = []
        for i in range(0, len(todo), batch):
            chunk = {k: keys[k] for k in todo[i:i + batch]}
            changes, failed = plan_batch(program, plugin_dir, provider, version, config, chunk)
            for (ty, path), change in changes.items():
                SAMPLED.clear()
                sampled_strings(body(ty, keys[(ty, path)]) + config.splitlines())
                given = empty_defaults(keys[(ty, path)], path, change.get("after") or {}, change.get("after_unknown") or {},
                                       earlier.get(ty, {}).get("defaults") or {})
                if given:
                    found.setdefault(ty, {"provider": provider, "empty": {}})["empty"][path] = given
            # What one sample's refusal taught serves the type's others.
            taught = {ty for (ty, path), why in failed.items() if learn(ty, keys[(ty, path)], why)}
            refused += [key for key in failed if key[0] in taught]
            print(f"empty round {round}: {i + len(chunk)}/{len(todo)}: {len(changes)} planned, {len(failed)} refused", file=sys.stderr)
        todo = sorted(set(refused))
        if not todo:
            break
    return found


def write_out(args, out):
    """Writes `out` (the defaults found so far, with an earlier run's under
    --nested) to --out."""
    if args.nested:
        out = with_nested(json.load(open(args.nested)), out)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--schemas", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--batch", type=int, default=0, help="plan this many types in one configuration (large providers)")
    ap.add_argument("--provider-config", default="", help="a file with the provider block the plans need (mock credentials)")
    ap.add_argument("--nested", metavar="DEFAULTS",
                    help="write every optional block once and add the defaults inside blocks to those of DEFAULTS (an earlier --out)")
    ap.add_argument("--nested-depth", type=int, default=1, help="with --nested: write optional blocks this many levels down")
    ap.add_argument("--types", help="a file naming the resource types to plan, one per line (all when not given)")
    ap.add_argument("--empty", metavar="DEFAULTS",
                    help="plan each block that needs nothing inside written empty (two levels down), and record what the plan gives "
                         "its arguments beyond DEFAULTS (an earlier --out): {type: {\"empty\": {path: {name: value}}}}")
    args = ap.parse_args()
    global NESTED, NESTED_DEPTH
    NESTED = bool(args.nested)
    NESTED_DEPTH = args.nested_depth
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    data = json.load(open(args.schemas))
    out = {}
    if args.batch:
        config = open(args.provider_config).read() if args.provider_config else ""
        for name, value in re.findall(r'^\s*(\w+)\s*=\s*"([^"]{4,})"\s*$', config, flags=re.M):
            if name not in ("access_token", "access_key", "secret_key", "token", "resource_provider_registrations"):
                FROM_PROVIDER[value] = name
        for address, p in sorted(data["provider_schemas"].items()):
            provider = "/".join(address.split("/")[1:])
            version = data["provider_versions"][provider]
            global PROVIDER
            PROVIDER = provider
            blocks = {ty: s["block"] for ty, s in p.get("resource_schemas", {}).items()}
            if args.types:
                wanted = set(open(args.types).read().split())
                blocks = {ty: b for ty, b in blocks.items() if ty in wanted}
            if args.empty:
                earlier = json.load(open(args.empty))
                keys = {(ty, path): blocks[ty] for ty in blocks for path in empty_paths(blocks[ty]) if path.split(".")[-1] != "timeouts"}
                found = probe_empty(program, args.plugin_dir, provider, version, config, keys, earlier, args.batch)
                with open(args.out, "w") as f:
                    json.dump(found, f, indent=1, sort_keys=True)
                return
            todo = sorted(blocks)
            # Refused samples are fixed from the refusals and planned again.
            for round in range(12 if NESTED else 5):
                refused = []
                for i in range(0, len(todo), args.batch):
                    chunk = {ty: blocks[ty] for ty in todo[i:i + args.batch]}
                    changes, failed = plan_batch(program, args.plugin_dir, provider, version, config, chunk)
                    for ty, change in changes.items():
                        lines = body(ty, chunk[ty]) + EXTRA.get(ty, [])
                        configured = configured_paths(lines)
                        SAMPLED.clear()
                        sampled_strings(lines + config.splitlines())
                        out[ty] = {"provider": provider, "defaults": defaults_of(chunk[ty], change.get("after") or {}, change.get("after_unknown") or {}, configured)}
                        if ty in DEPRECATIONS:
                            out[ty]["deprecation"] = DEPRECATIONS[ty]
                    for ty, why in failed.items():
                        out[ty] = {"failed": why}
                        if learn(ty, blocks[ty], why) or (NESTED and drop_block(ty, FAILED_AT.get(ty))):
                            refused.append(ty)
                    print(f"round {round}: {i + len(chunk)}/{len(todo)}: {len(changes)} planned, {len(failed)} refused", file=sys.stderr)
                todo = sorted(set(refused))
                # Each round's findings are kept: a long run stopped later
                # still gives them.
                write_out(args, out)
                if not todo:
                    break
        write_out(args, out)
        return
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
            configured = configured_paths(body(ty, block) + EXTRA.get(ty, []))
            defaults = defaults_of(block, change.get("after") or {}, change.get("after_unknown") or {}, configured)
            out[ty] = {"provider": provider, "defaults": defaults}
            print(f"{ty}: {json.dumps(defaults)}", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()

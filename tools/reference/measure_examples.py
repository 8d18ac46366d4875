#!/usr/bin/env python3
"""Measures the playground on configurations nobody recorded: for each
directory, every named value `hcl-eval --module DIR` prints is compared
with what the real `terraform console -plan` prints for it (Terraform
1.16.4, the providers of a plugin directory, offline, mock credentials),
or with `--engine opentofu` what `tofu console` (OpenTofu 1.12) prints and
the playground's opentofu profile.

    tools/reference/measure_examples.py [--plugin-dir /opt/tf-plugins] [--provider-config provider.tf]
        [--pin 'aws=~> 5.0'] [--defer-data] [--keep DIR] [--engine opentofu]
        [--registry /work/.mirror] DIR...

`--registry` makes registry module sources (`terraform-aws-modules/vpc/aws`)
local: each from the fetched snapshot of its repository in that directory
(`OWNER+terraform-PROVIDER-NAME/repo`), at the newest tag its `version`
constraint allows (and, under a pinned provider, whose own constraint on
that provider the pin allows), copied beside the example for both programs.

`--pin` writes a provider's version constraint in an override file both
programs read (where only 5.100.0 runs here and the example allows 6.x).
Values that differ only in what the cloud's mock answered (its account,
user, zones), values the program crashed on, and the values that differ
in an example whose provider called the cloud's API while planning and
could not reach it, are left out and counted apart; `--defer-data` instead has
both programs read every data source that calls the API at apply.

A directory is a module's example (its module sources local, `../../`),
copied with the tree above it as far as its sources reach. The values are
asked of the console in one expression (an object of them all, each
value's text taken back out of it), or one by one where that fails. It
prints, per directory and in all, how many values are equal, and each one
that is not; nothing here runs in the tests (it needs the programs).
"""
import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "providers"))
from extract import BIN, env  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# What only the mock of the cloud's API answers (moto's account, user and
# key): a value the playground cannot know offline.
MOCK = ("123456789012", "moto", "AKIAIOSFODNN7EXAMPLE")
# The zones it lists (`aws_availability_zones`), and their IDs.
MOCK_ZONE = re.compile(r'"[a-z]{2}(-[a-z]+)+-\d[a-z]"|"[a-z]{3}\d-az\d"')


# Data sources the AWS and Google providers read without calling the
# cloud's API.
OFFLINE_DATA = {"aws_iam_policy_document", "aws_partition", "aws_region", "aws_arn", "aws_default_tags",
                "google_iam_policy", "google_client_config"}
CLOUD_DATA = r"(?:aws|google|google_beta)_\w+"
DEFER = "terraform_data.measure_defer"
HCL_EVAL = os.path.join(ROOT, "target", "debug", "hcl-eval")


def aliases(texts, name):
    """The aliases of provider `name`'s blocks in `texts` (HCL)."""
    found = set()
    for m in re.finditer(r'^provider\s+"' + re.escape(name) + r'"\s*\{', texts, re.M):
        depth, i = 1, m.end()
        while i < len(texts) and depth:
            depth += {"{": 1, "}": -1}.get(texts[i], 0)
            i += 1
        found.update(re.findall(r'^\s*alias\s*=\s*"([\w-]+)"', texts[m.end():i], re.M))
    return found


def defer_data_sources(tree):
    """Every data source of the tree that calls the cloud's API read at
    apply instead (`depends_on` a resource to create, in the files both
    programs read), as the playground, which has no cloud, reads it: the
    comparison is then of the language and the provider's plan, not of a
    mock's answers."""
    for d, _, names in os.walk(tree):
        touched = False
        for n in names:
            path = os.path.join(d, n)
            if n.endswith(".tf.json"):
                touched = defer_json_data_sources(path) or touched
            if not n.endswith(".tf"):
                continue
            text = open(path).read()
            out, pos = [], 0
            for m in re.finditer(r'^data\s+"(' + CLOUD_DATA + r')"\s+"[\w-]+"\s*\{', text, re.M):
                if m.group(1) in OFFLINE_DATA:
                    continue
                depth, i = 1, m.end()
                while i < len(text) and depth:
                    depth += {"{": 1, "}": -1}.get(text[i], 0)
                    i += 1
                if re.search(r"^\s*depends_on\s*=", text[m.end():i], re.M):
                    continue
                out.append(text[pos:m.end()] + f"\n  depends_on = [{DEFER}]\n")
                pos = m.end()
                touched = True
            if out:
                out.append(text[pos:])
                open(path, "w").write("".join(out))
        if touched:
            with open(os.path.join(d, "zz_measure_defer.tf"), "w") as f:
                f.write('resource "terraform_data" "measure_defer" {}\n')


def defer_json_data_sources(path):
    """defer_data_sources for a file in JSON syntax (CDK for Terraform's
    `cdk.tf.json`); whether it deferred any."""
    doc = json.load(open(path))
    touched = False
    for ty, blocks in (doc.get("data") or {}).items() if isinstance(doc, dict) else []:
        if not re.fullmatch(CLOUD_DATA, ty) or ty in OFFLINE_DATA or not isinstance(blocks, dict):
            continue
        for body in blocks.values():
            if isinstance(body, dict) and "depends_on" not in body:
                body["depends_on"] = [DEFER]
                touched = True
    if touched:
        with open(path, "w") as f:
            json.dump(doc, f, indent=2)
    return touched


def version_key(tag):
    return tuple(int(x) for x in re.findall(r"\d+", tag)[:3])


def allows(constraint, version):
    """Whether a Terraform version constraint ("~> 5.0, != 5.1") allows
    the version (a tuple)."""
    for part in filter(None, (p.strip() for p in constraint.split(","))):
        m = re.match(r"^(~>|>=|<=|!=|>|<|=)?\s*v?([\d.]+)", part)
        if not m:
            return False
        op, want = m.group(1) or "=", tuple(int(x) for x in m.group(2).split("."))
        padded = want + (0,) * (3 - len(want))
        if op == "~>":
            # The last given part may grow; those before it are fixed.
            fixed = want[:-1] if len(want) > 1 else want[:1]
            if version < padded or version[:len(fixed)] != fixed:
                return False
        elif not {"=": version == padded, "!=": version != padded, ">=": version >= padded, "<=": version <= padded,
                  ">": version > padded, "<": version < padded}[op]:
            return False
    return True


class MissingModule(Exception):
    pass


REGISTRY_SOURCE = re.compile(r'^(\s*)source\s*=\s*"([\w-]+)/([\w-]+)/([\w-]+)(//[^"]*)?"\s*$', re.M)


def local_registry_sources(tree, mirror, pins, out_dir, made=None, example=None):
    """Registry module sources of every .tf file under `tree` replaced by
    relative paths to copies of the modules' repositories (see --registry);
    of the tree's examples, only `example`'s (a path under `tree`)."""
    made = {} if made is None else made
    for d, dirs, names in os.walk(tree):
        # A repository's own test fixtures are not part of any example,
        # nor are its other examples.
        dirs[:] = [x for x in dirs if not (d == tree and x in ("test", "tests"))
                   and not (example and os.path.basename(d) == "examples" and os.path.join(d, x) != example)]
        for n in names:
            if not n.endswith(".tf"):
                continue
            path = os.path.join(d, n)
            text = open(path).read()
            if not REGISTRY_SOURCE.search(text):
                continue
            out, pos = [], 0
            for m in REGISTRY_SOURCE.finditer(text):
                owner, name, provider, sub = m.group(2), m.group(3), m.group(4), m.group(5) or ""
                if owner == "hashicorp" and name in ("aws", "random", "null", "tls", "archive", "time", "local"):
                    continue
                # The block's version constraint: the lines up to its end.
                end = text.find("\n}", m.end())
                body = text[m.end():end if end >= 0 else len(text)]
                vm = re.search(r'^\s*version\s*=\s*"([^"]*)"[ \t]*(?:(?:#|//)[^\n]*)?$', body, re.M)
                constraint = vm.group(1) if vm else ""
                repo = os.path.join(mirror, f"{owner}+terraform-{provider}-{name}", "repo")
                if os.path.isdir(os.path.join(repo, ".git")):
                    repo = os.path.join(repo, ".git")
                if not os.path.isdir(repo):
                    raise MissingModule(f"no snapshot of {owner}/{name}/{provider} in {mirror} (fetch github:{owner}/terraform-{provider}-{name})")
                key = (repo, constraint)
                if key not in made:
                    made[key] = fetch_module(repo, constraint, provider, pins, out_dir, name)
                    local_registry_sources(made[key], mirror, pins, out_dir, made)
                rel = os.path.relpath(made[key], d) + sub.replace("//", "/", 1)
                out.append(text[pos:m.start()] + f'{m.group(1)}source = "{rel}"')
                pos = m.end()
                if vm:
                    # The version line goes: a local source takes none.
                    vstart = m.end() + vm.start()
                    out.append(text[pos:vstart])
                    pos = m.end() + vm.end()
            out.append(text[pos:])
            open(path, "w").write("".join(out))


def fetch_module(repo, constraint, provider, pins, out_dir, name):
    tags = subprocess.run(["git", "--git-dir", repo, "tag"], capture_output=True, text=True).stdout.split()
    tags = sorted((t for t in tags if re.match(r"^v?\d+\.\d+\.\d+$", t)), key=version_key, reverse=True)
    pin = dict(pins).get(provider)
    for tag in tags:
        if constraint and not allows(constraint, version_key(tag)):
            continue
        if pin:
            versions = subprocess.run(["git", "--git-dir", repo, "show", f"{tag}:versions.tf"], capture_output=True, text=True).stdout
            own = re.search(r'\b' + provider + r'\s*=\s*\{[^}]*version\s*=\s*"([^"]*)"', versions)
            floor = tuple(int(x) for x in re.findall(r"\d+", pin)[:3])
            floor += (0,) * (3 - len(floor))
            if own and not allows(own.group(1), floor[:1] + (99, 99)):
                continue
        dest = os.path.join(out_dir, f"{name}@{tag}")
        os.makedirs(dest, exist_ok=True)
        # Files of 4 MiB or more are absent from the snapshots.
        listing = subprocess.run(["git", "--git-dir", repo, "ls-tree", "-r", "-l", tag], capture_output=True, text=True).stdout
        large = [line.split("\t", 1)[1] for line in listing.splitlines() if line.split()[3].isdigit() and int(line.split()[3]) >= 4 << 20]
        # Its examples are not the module (and call other registry modules).
        skip = ["examples", "wrappers", "test", "tests"] + large
        archive = subprocess.run(["git", "--git-dir", repo, "archive", tag, "--", "."] + [f":(exclude){p}" for p in skip],
                                 capture_output=True)
        subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
        return dest
    raise MissingModule(f"no tag of {repo} allows {constraint!r} (and {provider} {pin})")


def from_mock(theirs, ours):
    """Whether every line terraform printed differently holds a value of
    the mock."""
    matcher = difflib.SequenceMatcher(None, theirs.splitlines(), ours.splitlines(), autojunk=False)
    lines = theirs.splitlines()
    differing = [lines[i] for tag, i1, i2, _, _ in matcher.get_opcodes() if tag != "equal" for i in range(i1, i2)]
    return bool(differing) and all(any(m in line for m in MOCK) or MOCK_ZONE.search(line) for line in differing)


def playground(directory, engine):
    """The named values hcl-eval prints for the module: {address: text}."""
    r = subprocess.run([HCL_EVAL, "--profile", engine, "--module", directory], capture_output=True, text=True)
    values, current = {}, None
    for line in r.stdout.splitlines():
        # The providers' line; a line of a string may start with "# " too.
        if line.startswith("# planned with "):
            current = None
            continue
        m = re.match(r"^([a-z][\w.\[\]\"-]*) = (.*)$", line)
        if m and not line.startswith(" "):
            current = m.group(1)
            values[current] = m.group(2)
        elif current is not None:
            values[current] += "\n" + line
    return values, r.stderr


def console(program, work, e, expr):
    # OpenTofu's console has no -plan: it evaluates with no state, every
    # resource unknown, as the playground's opentofu profile does.
    plan = [] if os.path.basename(program).startswith("tofu") else ["-plan"]
    r = subprocess.run([program, "console"] + plan, cwd=work, env=e, input=expr + "\n", capture_output=True, text=True)
    # The module's warnings come first, boxed.
    out = "\n".join(line for line in ANSI.sub("", r.stdout).splitlines() if not line.startswith(("╷", "│", "╵")))
    return r.returncode, out.strip("\n"), ANSI.sub("", r.stderr)


def errors(stderr):
    """A refused value's text: the summaries of every error (the order in
    which Terraform's graph walk reports them varies from run to run)."""
    return "error: " + "; ".join(sorted(set(re.findall(r"Error: (.*)", stderr))) or ["?"])


def split_object(text, keys):
    """The attribute texts of the console's rendering of an object whose
    attributes are `keys` (quoted, in order), dedented by one level."""
    lines = text.splitlines()
    if not lines or lines[0] != "{" or lines[-1] != "}":
        return None
    out, current = {}, None
    for line in lines[1:-1]:
        m = re.match(r'^  "((?:[^"\\]|\\.)*)" = (.*)$', line)
        if m and m.group(1) in keys:
            current = m.group(1)
            out[current] = m.group(2)
        elif current is not None:
            out[current] += "\n" + (line[2:] if line.startswith("  ") else line)
    return out


def measure(program, engine, plugin_dir, provider_config, pins, directory, keep=None, defer=False, mirror=None):
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "w")
        shutil.copytree(directory, work, ignore=shutil.ignore_patterns(".terraform*", ".git"))
        # Sources above the example: the tree they reach is copied as well.
        above = os.path.abspath(os.path.join(directory, "..", ".."))
        if os.path.isdir(os.path.join(above, "examples")):
            shutil.rmtree(tmp)
            os.makedirs(tmp)
            shutil.copytree(above, os.path.join(tmp, "repo"), ignore=shutil.ignore_patterns(".terraform*", ".git"))
            work = os.path.join(tmp, "repo", os.path.relpath(os.path.abspath(directory), above))
        if provider_config:
            # The mock credentials join the example's own provider blocks
            # (their regions stay), each alias too; a file may mock several
            # providers (google and google-beta), a block each.
            texts = "".join(open(os.path.join(work, n)).read() for n in os.listdir(work) if n.endswith((".tf", ".tf.json")))
            files = {}
            for mock in re.findall(r'^provider\s+"[\w-]+"\s*\{.*?^\}', open(provider_config).read(), flags=re.M | re.S):
                mock = mock.splitlines()
                name = re.match(r'\s*provider\s+"([\w-]+)"', mock[0]).group(1)
                own = f'provider "{name}"' in texts or re.search(r'"provider"\s*:\s*\{\s*"' + name + '"', texts)
                if own:
                    mock = [line for line in mock if not line.strip().startswith("region")]
                blocks = files.setdefault("zz_mock_provider_override.tf" if own else "zz_mock_provider.tf", [])
                blocks.append("\n".join(mock))
                for alias in sorted(aliases(texts, name)):
                    blocks.append("\n".join([mock[0], f'  alias = "{alias}"'] + mock[1:]))
            for name, blocks in files.items():
                with open(os.path.join(work, name), "w") as f:
                    f.write("\n".join(blocks) + "\n")
        if pins:
            # Version constraints of the example's own root replaced, as a
            # user pins them (`~> 5.0` where the data holds 6.x too), in an
            # override file both programs read.
            entries = "".join(f'    {n} = {{\n      source  = "hashicorp/{n}"\n      version = "{v}"\n    }}\n' for n, v in pins)
            with open(os.path.join(work, "zz_pin_override.tf"), "w") as f:
                f.write("terraform {\n  required_providers {\n" + entries + "  }\n}\n")
        if mirror:
            repo = os.path.join(tmp, "repo")
            try:
                local_registry_sources(repo if os.path.isdir(repo) else work, mirror, pins, os.path.join(tmp, "registry"), example=work)
            except MissingModule as e:
                return None, str(e)
        if defer:
            repo = os.path.join(tmp, "repo")
            defer_data_sources(repo if os.path.isdir(repo) else work)
            if os.path.isdir(os.path.join(tmp, "registry")):
                defer_data_sources(os.path.join(tmp, "registry"))
        if keep:
            shutil.copytree(tmp, os.path.join(keep, os.path.basename(os.path.normpath(directory))), dirs_exist_ok=True)
        ours, stderr = playground(work, engine)
        ours.pop(DEFER, None)
        e = env(work)
        # A local mock of the cloud's API (moto) answers on the loopback.
        e["NO_PROXY"] = "127.0.0.1,localhost"
        r = subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work, env=e,
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None, f"init failed: {r.stderr.strip()[-400:]}"
        keys = [k for k in ours if not k.startswith("output.")]
        theirs = {}
        offline = False
        if keys:
            expr = "{" + ", ".join(f'"{k}" = {k}' for k in keys) + "}"
            code, out, err = console(program, work, e, expr)
            # A provider that called the cloud's API while planning (the
            # Step Functions definition validated by AWS) could not reach
            # it: what depends on that is no answer to compare.
            offline = NETWORK.search(err) is not None
            if code == 0:
                theirs = split_object(out, set(keys)) or {}
            # A string of several lines inside the object is written
            # indented (`<<-EOT`): asked alone, it is written as it is.
            theirs = {k: v for k, v in theirs.items() if not v.startswith("<<-")}
        for k in ours:
            if k in theirs:
                continue
            # Outputs have no address at the console: the value they hold.
            expr = k
            if k.startswith("output."):
                expr = None
            if expr is None:
                continue
            code, out, err = console(program, work, e, expr)
            # A crash of the program (a Go panic, such as "no expansion
            # has been registered for module.x") is no answer to compare.
            theirs[k] = CRASHED if CRASH.search(err) else out if code == 0 else errors(err)
        # Where the console refuses a value, so must the playground's
        # console (Module mode lists every value, an error's too): its
        # errors, as the console's are taken.
        for k in ours:
            if theirs.get(k, "").startswith("error: "):
                r = subprocess.run([HCL_EVAL, "--profile", engine, "--module", work, k], capture_output=True, text=True)
                if r.returncode != 0:
                    ours[k] = errors(r.stderr)
        compared = {k: (ours[k], theirs[k]) for k in ours if k in theirs}
        return compared, (stderr, offline)


CRASHED = "crashed"
NETWORK = re.compile(r"request send failed|dial tcp|no such host")
CRASH = re.compile(r"(Terraform|OpenTofu) crashed!|^panic: ", re.M)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", default="/opt/tf-plugins")
    ap.add_argument("--provider-config", default="")
    ap.add_argument("--pin", action="append", default=[], metavar="NAME=CONSTRAINT",
                    help="a provider's version constraint, written in an override file (aws=~> 5.0)")
    ap.add_argument("--defer-data", action="store_true",
                    help="read every data source that calls the cloud's API at apply, in both programs, instead of asking the mock")
    ap.add_argument("--keep", help="a directory to copy each prepared tree into (to look at it again)")
    ap.add_argument("--engine", choices=["terraform", "opentofu"], default="terraform",
                    help="which real program answers (opentofu: `tofu console`) and which profile the playground plans with")
    ap.add_argument("--registry", metavar="MIRROR", help="make registry module sources local from the repositories' snapshots here")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    if args.engine == "opentofu":
        program = os.environ.get("TOFU", os.path.join(BIN, "tofu"))
    else:
        program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    total = equal = lines = lines_equal = all_mocked = all_crashed = all_offline = 0
    for d in args.dirs:
        pins = [tuple(p.split("=", 1)) for p in args.pin]
        compared, note = measure(program, args.engine, args.plugin_dir, args.provider_config, pins, d, args.keep, args.defer_data, args.registry)
        if compared is None:
            print(f"{d}: {note}")
            continue
        mocked = [k for k, (a, b) in compared.items() if a != b and from_mock(b, a)]
        crashed = [k for k, (a, b) in compared.items() if b == CRASHED]
        offline = [k for k, (a, b) in compared.items() if a != b and note[1] and k not in mocked + crashed]
        for k in mocked + crashed + offline:
            del compared[k]
        all_mocked += len(mocked)
        all_crashed += len(crashed)
        all_offline += len(offline)
        same = [k for k, (a, b) in compared.items() if a == b]
        total += len(compared)
        equal += len(same)
        # Lines: each line terraform printed that the playground printed alike.
        here = there = 0
        for a, b in compared.values():
            matcher = difflib.SequenceMatcher(None, b.splitlines(), a.splitlines(), autojunk=False)
            there += len(b.splitlines())
            here += sum(m.size for m in matcher.get_matching_blocks())
        lines += there
        lines_equal += here
        print(f"{d}: {len(same)} of {len(compared)} values equal, {here} of {there} lines ({len(mocked)} left out: from the mock" + "".join(f"; {k}: the program crashed" for k in crashed)
              + "".join(f"; {k}: the provider could not reach the cloud's API" for k in offline) + ")")
        for k, (a, b) in compared.items():
            if a != b:
                print(f"  {k}")
                diff = difflib.unified_diff(b.splitlines(), a.splitlines(), "terraform", "playground", n=1, lineterm="")
                for line in list(diff)[2:40]:
                    print(f"    {line}")
    if total:
        print(f"all: {equal} of {total} values equal ({100 * equal / total:.1f} %), {lines_equal} of {lines} lines ({100 * lines_equal / lines:.1f} %); {all_mocked} values left out as answered by the mock" + (f", {all_crashed} as the program crashed on them" if all_crashed else "")
              + (f", {all_offline} as the provider could not reach the cloud's API for them" if all_offline else ""))


if __name__ == "__main__":
    main()

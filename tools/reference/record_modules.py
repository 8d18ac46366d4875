#!/usr/bin/env python3
"""Records golden module cases from the real `terraform` and `tofu` programs.

    tools/reference/record_modules.py [--jobs N] [--profile P] < cases.jsonl > recorded.jsonl

Each input line is a case:

    {"id": "variables/list-default",          # unique, "AREA/NAME"
     "module": "<main.tf text>",              # or "files": {"main.tf": "...",
                                              #   "terraform.tfvars": "...",
                                              #   "modules/x/main.tf": "..."}
     "binary_files": {"logo.png": "iVBO..."}, # optional: files that are not
                                              #   text, Base64-encoded
     "vars": {"x": [1, 2]},                   # optional: written as the file
                                              #   vars.auto.tfvars.json
     "var_flags": ["x=[1,2]"],                # optional: -var flags, in order
     "var_files": ["extra.tfvars"],           # optional: -var-file flags (files
                                              #   named here are in "files")
     "env_vars": {"x": "[1,2]"},              # optional: TF_VAR_x environment
     "workspace": "staging",                  # optional: TF_WORKSPACE
     "scope": "module.net",                   # optional: console -scope
     "init": true,                            # optional: run `init` first;
                                              #   default: when a `module`
                                              #   block is in the files
     "exprs": ["var.x", "type(var.x)"],       # console inputs, one line each
     "profile": "terraform",                  # optional: record only this one
     "note": "..."}                           # optional, kept as is

and is written out once per profile with "profile" and "expect":

    "expect": {
      "command": "terraform console -plan",   # what answered: Terraform
                                              #   1.16's console -plan, or
                                              #   "tofu console" (OpenTofu
                                              #   1.12 has no -plan)
      "init": {"exit": 1, "diagnostics": [...]},   # only when init failed
      "console": {"exit": 0, "stdout": "", "diagnostics": [...],
                  "crash"?: "panic: ..."},
                                              # the console with no input:
                                              #   the module-level diagnostics
                                              #   it prints before reading
                                              #   (errors on stderr, warnings
                                              #   on stdout, both parsed into
                                              #   "diagnostics"; "stdout" is
                                              #   that warning text as printed)
      "exprs": [{"expr": "var.x",
                 "exit": 0,                   # the console's exit status
                 "stdout": "[\n  1,\n  2,\n]\n",  # exactly as printed, after
                                              #   the module's own warnings
                                              #   ("console"."stdout")
                 "diagnostics": [],           # this expression's own: what
                                              #   follows the module's
                 "crash"?: "panic: ..."}],    # when the program crashed
      "plan": {"exit": 0,                     # `plan -json -out`
               "diagnostics": [...],          #   its diagnostic messages
               "variables": {"x": [1, 2]},    # `show -json` of the plan:
               "outputs": {"o": {"sensitive": false, "known": true,
                                 "value": ..., "after_unknown": false,
                                 "after_sensitive": false, "type"?: ...}},
               "resources": {"terraform_data.a[0]": {"values": {...},
                             "after_unknown": {...}, "sensitive_values": {...}}},
               "checks": [...]}}              # null when no plan was made

Diagnostics of the console are parsed from its text (-no-color, standard
error on a pseudo-terminal 30000 columns wide, so details are not
word-wrapped): {"severity", "summary", "detail", "filename"?, "line"?,
"context"? (the ", in ..." part), "address"? ("with ..."), "values"?
([{"traversal", "statement"}] under the snippet), "call"? ("while calling
...")}. The console shows no column: Terraform prints "(source code not
available)" for <console-input>; OpenTofu's -json-into stream gives each a
"range" ({"start": {"line", "column", "byte"}, "end": ...}), added when
present. Diagnostics of the plan are from -json: {"severity", "summary",
"detail", "range"?, "context"?, "address"?, "values"?}, sorted by file,
position, severity and text.

A console session prints only its last result (Terraform) and stops at
the first error, so each expression runs in a process of its own (about
0.1 s each); a run without input gives the module-level diagnostics.
The plan is `plan -input=false -json -out=FILE` and `show -json FILE`, with
the same -var/-var-file flags as the console.

Every process runs in a fresh temporary directory with a fresh HOME, an
empty CLI configuration (TF_CLI_CONFIG_FILE=/dev/null),
TF_IN_AUTOMATION=1, CHECKPOINT_DISABLE=1, TF_INPUT=0, proxies pointed at a
closed loopback port and `init -plugin-dir` at an empty directory, so
nothing is fetched: only the built-in provider terraform.io/builtin/terraform
is available. Nothing is ever applied; provisioners never run. The module
directory's absolute path is written as /playground and HOME as
/home/playground wherever they appear (path.cwd, abspath(...)).

When a case has no "profile", both programs record it: the Terraform case
is written with "opentofu": "same" or "differs", and when OpenTofu's
expectation differs (anything but "command"), the OpenTofu case follows
with the same id and "profile": "opentofu". The comparison leaves out the
console diagnostics' "range" (only OpenTofu tells it), so a Terraform case
marked "same" has none.
"""
import argparse
import base64
import concurrent.futures
import fcntl
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def reference_bin():
    """REFERENCE_BIN, else target/reference/bin of this checkout, else that
    of the main worktree (a linked worktree has no target/ of its own)."""
    if os.environ.get("REFERENCE_BIN"):
        return os.environ["REFERENCE_BIN"]
    here = os.path.join(ROOT, "target/reference/bin")
    if os.path.isdir(here):
        return here
    try:
        common = subprocess.run(["git", "-C", ROOT, "rev-parse", "--path-format=absolute", "--git-common-dir"],
                                capture_output=True, text=True, check=True).stdout.strip()
        return os.path.join(os.path.dirname(common), "target/reference/bin")
    except (OSError, subprocess.CalledProcessError):
        return here


BIN = reference_bin()
PROGRAMS = {"terraform": os.path.join(BIN, "terraform"), "opentofu": os.path.join(BIN, "tofu")}
COMMANDS = {"terraform": "terraform console -plan", "opentofu": "tofu console"}
CWD_PLACEHOLDER = "/playground"
HOME_PLACEHOLDER = "/home/playground"
TIMEOUT = 120
CASE_KEYS = ("id", "module", "files", "binary_files", "vars", "var_flags", "var_files", "env_vars", "workspace", "scope", "init", "exprs", "note")


def run(argv, cwd, env, stdin_text):
    """Runs argv with stdin_text piped in, standard error on a wide
    pseudo-terminal (so Terraform does not word-wrap diagnostics);
    returns (exit status, stdout, stderr)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 30000, 0, 0))
    tty.setraw(slave)
    chunks = []

    def drain():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)

    reader = threading.Thread(target=drain)
    reader.start()
    try:
        p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave)
    finally:
        os.close(slave)
    try:
        out, _ = p.communicate(stdin_text.encode(), timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        p.kill()
        out, _ = p.communicate()
        reader.join()
        os.close(master)
        raise RuntimeError(f"timed out: {' '.join(argv)}")
    reader.join()
    os.close(master)
    err = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    return p.returncode, out.decode("utf-8", "replace"), err


HEADER = re.compile(r"^(Error|Warning): (.*)$")
ON = re.compile(r"^  on (.*) line (\d+)(?:, in (.*))?:$")


def parse_diagnostics(text):
    """Parses diagnostics as format.DiagnosticPlain prints them."""
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if HEADER.match(l) and (i == 0 or lines[i - 1] == "")]
    diags = []
    for n, s in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        m = HEADER.match(lines[s])
        # A summary is one line, but for a cycle ("Cycle:" and one line per
        # member); the blank line ends it.
        summary = [m.group(2)]
        i = s + 1
        while i < end and lines[i] != "":
            summary.append(lines[i])
            i += 1
        d = {"severity": m.group(1).lower(), "summary": normalize_summary("\n".join(summary))}
        body = lines[i + 1:end]
        i = 0
        if i < len(body) and body[i].startswith("  with ") and body[i].endswith(","):
            d["address"] = body[i][len("  with "):-1]
            i += 1
        if i < len(body) and ON.match(body[i]):
            m = ON.match(body[i])
            d["filename"], d["line"] = m.group(1), int(m.group(2))
            if m.group(3) is not None:
                d["context"] = m.group(3)
            i += 1
            values = []
            while i < len(body) and body[i] != "":
                l = body[i]
                if l.startswith("    │ while calling "):
                    d["call"] = l[len("    │ while calling "):]
                elif l.startswith("    │   ") and values:
                    values[-1]["statement"] += "\n" + l[len("    │   "):]
                elif l.startswith("    │ "):
                    trav, _, stmt = l[len("    │ "):].partition(" ")
                    values.append({"traversal": trav, "statement": stmt})
                i += 1
            if values:
                d["values"] = values
            i += 1  # the blank line after the snippet
        detail = body[i:]
        while detail and detail[-1] == "":
            detail.pop()
        d["detail"] = "\n".join(detail)
        diags.append(d)
    return diags


def normalize_summary(summary):
    """OpenTofu names a cycle's members on one line ("Cycle: a, b, c")
    starting anywhere on the cycle, differently from run to run; the
    recorder starts it where Terraform does (dag.Validate): at the shortest
    name, the lexically first among equals. Terraform's own form
    ("Cycle:" and one indented line per member) is already so."""
    if not summary.startswith("Cycle: "):
        return summary
    members, depth, cur = [], 0, ""
    for ch in summary[len("Cycle: "):]:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            members.append(cur.strip())
            cur = ""
        else:
            cur += ch
    members.append(cur.strip())
    first = min(range(len(members)), key=lambda i: (len(members[i]), members[i]))
    return "Cycle: " + ", ".join(members[first:] + members[:first])


def crash_of(text):
    """The panic line of a crash report (Terraform and OpenTofu print a
    banner, the panic and a Go stack trace on standard error), or None."""
    if "CRASH !!!" not in text:
        return None
    for l in text.split("\n"):
        if l.startswith("panic: "):
            return l
    return "crashed"


def json_diagnostic(d):
    out = {"severity": d.get("severity"), "summary": normalize_summary(d.get("summary", "")), "detail": d.get("detail", "")}
    if d.get("address"):
        out["address"] = d["address"]
    if d.get("range"):
        out["range"] = d["range"]
    sn = d.get("snippet") or {}
    if sn.get("context") is not None:
        out["context"] = sn["context"]
    if sn.get("values"):
        out["values"] = sorted(sn["values"], key=lambda v: v["traversal"])
    if sn.get("function_call"):
        out["function_call"] = sn["function_call"]
    return out


def diag_key(d):
    r = d.get("range") or {}
    st = r.get("start") or {}
    return (r.get("filename", ""), st.get("line", 0), st.get("column", 0), d["severity"], d["summary"], d["detail"])


def read_json_lines(path):
    if not os.path.exists(path):
        return []
    out = []
    with open(path, encoding="utf-8") as f:
        for l in f:
            l = l.strip()
            if l:
                try:
                    out.append(json.loads(l))
                except json.JSONDecodeError:
                    pass
    return out


def has_module_call(files):
    native = any(re.search(r'(?m)^\s*module\s+"', text) for name, text in files.items() if name.endswith(".tf"))
    return native or any(re.search(r'"module"\s*:', text) for name, text in files.items() if name.endswith(".tf.json"))


# PROVIDERS_PLUGIN_DIR: a plugin directory of real providers (the layout
# `init -plugin-dir` reads; tools/providers/README.md). Each sandbox's
# plugin directory links to the providers there, and a case whose files
# name a provider's resource type, data source or required_providers runs
# `init` first.
PROVIDERS_PLUGIN_DIR = os.environ.get("PROVIDERS_PLUGIN_DIR")
# With providers, the stand-in Azure CLI (tools/providers/mock_az) is first
# on the sandbox's PATH: azurerm configures itself from its token offline.
MOCK_AZ = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "providers", "mock_az")


def provider_types(plugin_dir):
    """The provider type names (random, null, ...) the plugin directory holds."""
    names = set()
    for host in ("registry.terraform.io", "registry.opentofu.org"):
        base = os.path.join(plugin_dir, host)
        if os.path.isdir(base):
            for ns in os.listdir(base):
                names.update(os.listdir(os.path.join(base, ns)))
    return names


def uses_provider(files):
    if not PROVIDERS_PLUGIN_DIR:
        return False
    names = provider_types(PROVIDERS_PLUGIN_DIR)
    for name, text in files.items():
        if name.endswith(".tf.json"):
            # A JSON file's resource types are the keys under "resource"/"data".
            if any(re.search(rf'"{ty}_\w+"\s*:', text) for ty in names) or '"required_providers"' in text:
                return True
            continue
        if not name.endswith(".tf"):
            continue
        if re.search(r"(?m)^\s*required_providers\s*\{", text):
            return True
        for ty in re.findall(r'(?m)^\s*(?:resource|data|ephemeral)\s+"([A-Za-z0-9]+)_', text):
            if ty in names:
                return True
    return False


class Sandbox:
    def __init__(self, case):
        self.base = tempfile.mkdtemp(prefix="hclmod-")
        self.dir = os.path.join(self.base, "playground")
        self.home = os.path.join(self.base, "home")
        self.plugins = os.path.join(self.base, "plugins")
        for d in (self.dir, self.home, self.plugins):
            os.makedirs(d)
        if PROVIDERS_PLUGIN_DIR:
            # init does not follow linked directories: the tree is copied
            # as hard links (the binaries are not copied).
            for host in os.listdir(PROVIDERS_PLUGIN_DIR):
                subprocess.run(["cp", "-al", os.path.join(os.path.abspath(PROVIDERS_PLUGIN_DIR), host), self.plugins], check=True)
        files = dict(case.get("files") or {})
        if "module" in case:
            files["main.tf"] = case["module"]
        if "vars" in case:
            files["vars.auto.tfvars.json"] = json.dumps(case["vars"], indent=2, ensure_ascii=False) + "\n"
        for name, text in files.items():
            path = os.path.join(self.dir, name)
            if os.path.relpath(path, self.dir).startswith(".."):
                raise ValueError(f"{case['id']}: file outside the module: {name}")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        for name, encoded in (case.get("binary_files") or {}).items():
            path = os.path.join(self.dir, name)
            if os.path.relpath(path, self.dir).startswith(".."):
                raise ValueError(f"{case['id']}: file outside the module: {name}")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(base64.b64decode(encoded))
        self.files = files
        env = {
            "PATH": (MOCK_AZ + ":" if PROVIDERS_PLUGIN_DIR else "") + "/usr/bin:/bin",
            "HOME": self.home,
            "TF_CLI_CONFIG_FILE": "/dev/null",
            "TF_IN_AUTOMATION": "1",
            "CHECKPOINT_DISABLE": "1",
            "TF_INPUT": "0",
            "HTTP_PROXY": "http://127.0.0.1:9",
            "HTTPS_PROXY": "http://127.0.0.1:9",
            "NO_PROXY": "",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
        }
        if case.get("workspace"):
            env["TF_WORKSPACE"] = case["workspace"]
        for k, v in (case.get("env_vars") or {}).items():
            env["TF_VAR_" + k] = v
        self.env = env
        self.var_args = [f"-var={v}" for v in case.get("var_flags") or []] + [f"-var-file={v}" for v in case.get("var_files") or []]

    def clean(self, obj):
        """Replaces the sandbox's paths in every string of obj."""
        real = os.path.realpath(self.dir)
        reps = [(real, CWD_PLACEHOLDER), (self.dir, CWD_PLACEHOLDER),
                (os.path.realpath(self.home), HOME_PLACEHOLDER), (self.home, HOME_PLACEHOLDER),
                (os.path.realpath(self.base), "/tmp/playground"), (self.base, "/tmp/playground")]

        def fix(o):
            if isinstance(o, str):
                for a, b in reps:
                    o = o.replace(a, b)
                return o
            if isinstance(o, list):
                return [fix(x) for x in o]
            if isinstance(o, dict):
                return {fix(k): fix(v) for k, v in o.items()}
            return o
        return fix(obj)

    def remove(self):
        shutil.rmtree(self.base, ignore_errors=True)


def record_profile(case, profile):
    prog = PROGRAMS[profile]
    sb = Sandbox(case)
    try:
        expect = {"command": COMMANDS[profile]}
        do_init = case.get("init")
        if do_init is None:
            do_init = has_module_call(sb.files) or uses_provider(sb.files)
        if do_init:
            rc, out, err = run([prog, "init", "-input=false", "-no-color", f"-plugin-dir={sb.plugins}"], sb.dir, sb.env, "")
            if rc != 0:
                expect["init"] = {"exit": rc, "diagnostics": parse_diagnostics(err)}

        console = [prog, "console", "-no-color"] + (["-plan"] if profile == "terraform" else []) + sb.var_args
        # `console -scope` (Terraform 1.16; OpenTofu 1.12 has no such flag,
        # and its refusal is recorded too).
        if case.get("scope") is not None:
            console.append(f"-scope={case['scope']}")
        json_into = os.path.join(sb.base, "console.json")
        if profile == "opentofu":
            console.append(f"-json-into={json_into}")
        rc, pre_out, pre = run(console, sb.dir, sb.env, "")
        if profile == "terraform" and rc == 0 and pre_out.endswith("\n"):
            # Terraform's piped console prints its last result at the end:
            # with no input, an empty line.
            pre_out = pre_out[:-1]
        # Errors go to standard error, warnings to standard output.
        pre_diags = parse_diagnostics(pre) + parse_diagnostics(pre_out)
        expect["console"] = {"exit": rc, "stdout": pre_out, "diagnostics": pre_diags}
        if crash_of(pre):
            expect["console"]["crash"] = crash_of(pre)
        results = []
        for e in case.get("exprs", []):
            if "\n" in e:
                raise ValueError(f"{case['id']}: expressions are one line each: {e!r}")
            if os.path.exists(json_into):
                os.remove(json_into)
            rc, out, err = run(console, sb.dir, sb.env, e + "\n")
            # The module's own diagnostics come first on both streams, as in
            # the run without input; a run may print them in another order
            # (several warnings without a source range come from a map).
            if err.startswith(pre):
                own = parse_diagnostics(err[len(pre):])
            else:
                all_diags = parse_diagnostics(err)
                n = len(parse_diagnostics(pre))
                same = sorted(map(json.dumps, all_diags[:n])) == sorted(map(json.dumps, parse_diagnostics(pre)))
                own = all_diags[n:] if same else all_diags
            if profile == "opentofu" and own:
                jd = [j["diagnostic"] for j in read_json_lines(json_into) if j.get("type") == "diagnostic"]
                tail = jd[-len(own):] if len(jd) >= len(own) else []
                for d, j in zip(own, tail):
                    if j.get("summary") == d["summary"] and j.get("range"):
                        d["range"] = {"start": j["range"]["start"], "end": j["range"]["end"]}
            if pre_out and (out.startswith(pre_out) or sorted(out[:len(pre_out)].split("\n")) == sorted(pre_out.split("\n"))):
                out = out[len(pre_out):]
            r = {"expr": e, "exit": rc, "stdout": out, "diagnostics": own}
            if crash_of(err):
                r["crash"] = crash_of(err)
            results.append(r)
        expect["exprs"] = results

        planfile = os.path.join(sb.base, "plan.tfplan")
        rc, out, err = run([prog, "plan", "-input=false", "-no-color", "-lock=false", "-json", f"-out={planfile}"] + sb.var_args, sb.dir, sb.env, "")
        diags = []
        for l in out.splitlines():
            try:
                j = json.loads(l)
            except json.JSONDecodeError:
                continue
            if j.get("type") == "diagnostic":
                diags.append(json_diagnostic(j["diagnostic"]))
        # Failures before the JSON view starts (flag parsing, ...) are text.
        if not diags and rc != 0 and err.strip():
            diags = parse_diagnostics(err)
        diags.sort(key=diag_key)
        plan = {"exit": rc, "diagnostics": diags, "variables": None, "outputs": None, "resources": None, "checks": None}
        if crash_of(err):
            plan["crash"] = crash_of(err)
        if rc == 0 and os.path.exists(planfile):
            rc2, out2, err2 = run([prog, "show", "-json", "-no-color", planfile], sb.dir, sb.env, "")
            if rc2 == 0:
                plan.update(summarize_plan(json.loads(out2)))
            else:
                plan["show_error"] = parse_diagnostics(err2)
        expect["plan"] = plan
        return sb.clean(expect)
    finally:
        sb.remove()


def summarize_plan(p):
    variables = {k: v.get("value") for k, v in sorted((p.get("variables") or {}).items())}
    planned = (p.get("planned_values") or {}).get("outputs") or {}
    changes = p.get("output_changes") or {}
    outputs = {}
    for name in sorted(set(planned) | set(changes)):
        pv, ch = planned.get(name, {}), changes.get(name, {})
        o = {"sensitive": pv.get("sensitive", False)}
        unknown = ch.get("after_unknown", False)
        o["known"] = not contains_true(unknown)
        o["value"] = ch.get("after")
        if "type" in pv:
            o["type"] = pv["type"]
        o["after_unknown"] = unknown
        o["after_sensitive"] = ch.get("after_sensitive", False)
        outputs[name] = o
    resources = {}

    def walk(mod):
        for r in mod.get("resources") or []:
            resources[r["address"]] = {"values": r.get("values"), "sensitive_values": r.get("sensitive_values")}
        for c in mod.get("child_modules") or []:
            walk(c)
    walk((p.get("planned_values") or {}).get("root_module") or {})
    for rc in p.get("resource_changes") or []:
        entry = resources.setdefault(rc["address"], {})
        ch = rc.get("change") or {}
        entry["actions"] = ch.get("actions")
        entry["after_unknown"] = ch.get("after_unknown")
    checks = p.get("checks")
    if checks is not None:
        checks = sorted(checks, key=lambda c: json.dumps(c.get("address"), sort_keys=True))
    return {"variables": variables, "outputs": outputs, "resources": dict(sorted(resources.items())), "checks": checks}


def contains_true(o):
    if o is True:
        return True
    if isinstance(o, list):
        return any(contains_true(x) for x in o)
    if isinstance(o, dict):
        return any(contains_true(x) for x in o.values())
    return False


def comparable(expect):
    """The expectation without what only one program can tell: the command,
    and the columns of console diagnostics (OpenTofu's -json-into)."""
    e = json.loads(json.dumps({k: v for k, v in expect.items() if k != "command"}))
    for d in e["console"]["diagnostics"] + [d for x in e["exprs"] for d in x["diagnostics"]]:
        d.pop("range", None)
    return e


def record_case(case, profiles):
    base = {k: case[k] for k in CASE_KEYS if k in case}
    if case.get("profile"):
        profiles = [case["profile"]]
    got = {p: record_profile(case, p) for p in profiles}
    out = []
    if len(profiles) == 2:
        same = comparable(got["terraform"]) == comparable(got["opentofu"])
        out.append(dict(base, profile="terraform", opentofu="same" if same else "differs", expect=got["terraform"]))
        if not same:
            out.append(dict(base, profile="opentofu", expect=got["opentofu"]))
    else:
        for p in profiles:
            out.append(dict(base, profile=p, expect=got[p]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--profile", choices=sorted(PROGRAMS), help="record only this profile")
    args = ap.parse_args()
    cases = [json.loads(l) for l in sys.stdin if l.strip()]
    ids = [c["id"] for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        sys.exit(f"duplicate ids: {sorted(dup)}")
    profiles = [args.profile] if args.profile else ["terraform", "opentofu"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for recs in pool.map(lambda c: record_case(c, profiles), cases):
            for r in recs:
                print(json.dumps(r, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()

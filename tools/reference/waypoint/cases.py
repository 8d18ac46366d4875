#!/usr/bin/env python3
"""The Waypoint profile's own case inputs: its named values, function
table, git, selector, file, template and Jsonnet functions. Printed as
JSON Lines for record_waypoint.py, which records them with Waypoint's
harness (tools/reference/build waypoint).

The harness makes the repository of "__git__" with one commit, always
the same: HEAD below is its hash.
"""
import html
import json
import os
import re

HEAD = "87bb2e33cfc25e2d84c40bc60d2e469a8806daaa"
ROOT = "/tmp/hcl-harness-waypoint"
F = ROOT + "/files"
REPO = {"path": {"pwd": ROOT + "/repo", "project": ROOT + "/repo"}}
FILES = {F + "/a.txt": "hello ${name}\n", F + "/sub/b.tpl": "b=${b}", F + "/sub/c.txt": "c"}
LABELS = {"env": "prod", "region": "us-east-1", "waypoint/workspace": "dev", "empty": ""}
SELECTORS = [
    "env == prod", 'env == "prod"', "env != prod", "env == `prod`", '"us" in region', "region contains east",
    "region not contains west", '"x" not in region', "empty is empty", "env is not empty", 'env matches "^p.*d$"',
    'env not matches "^d"', "env == prod and region == \"us-east-1\"", "env == dev or region == \"us-east-1\"",
    "not env == dev", "not not env == prod", "(env == prod)", "( env == prod )",
    "(env == dev or env == prod) and not empty is not empty", "waypoint/workspace == dev", "labels.env == prod",
    "missing == x", "env.x == y", 'env matches "["', "env == 1.5", "env == -1", "env==prod", "  env == prod  ",
    # Syntax errors, in pigeon's words.
    "env == prod and region == us-east-1", "env == dev or region == us-east-1", "env ==", "", "   ", "(env == prod",
    "env == prod)", "((env == prod)", "env = prod", "env == 1x", 'env == "unterminated', "env == `raw", 'env == "a\\q"',
    '"x" in', '"x" in 1', "env[", 'env["a"', 'labels["env"] == prod', "env is", "env is not", "not", "not (env == prod",
    "env == prod and", "env == prod or", "1 == env", "env contains", "env in x", 'env == "\\u00e9"', "env\n==\nprod",
    "env ==\tprod", '"/env" == prod', '"/a~1b" == x', "env.0 == x", "é == x", "env == prod and not", "env matches ^p",
    "env == -", "env == 01", "env == 0.", "(env == prod) and (region == x)", "env == prod or (region == x",
]
ABSENT = ["length", "lookup", "try", "can", "tostring", "tolist", "coalesce", "sha256", "cidrsubnet", "uuid", "one", "sum",
          "startswith", "alltrue", "nonsensitive"]


def cases():
    out = []

    def c(area, name, expr, vars=None):
        out.append({"id": f"waypoint/{area}/{name}", "expr": expr, "vars": vars or {}, "template": False})

    def repo(**kw):
        return dict(REPO, __git__=dict({"head": HEAD}, **kw))

    def fs(**kw):
        return dict({"__files__": FILES}, **kw)

    c("named", "path-default", "path")
    c("named", "workspace-default", "workspace.name")
    c("named", "path-app", "path.app", {"path": {"pwd": "/p", "project": "/p", "app": "/p/web"}})
    c("named", "path-missing-app", "path.app")
    c("named", "app-name", '"${app.name}-${workspace.name}"', {"app": {"name": "web"}, "workspace": {"name": "dev"}})
    c("named", "app-type", "app", {"app": {"name": "web"}})
    c("named", "labels-map", 'labels["waypoint/workspace"]', {"labels": {"waypoint/workspace": "dev", "env": "prod"}})
    c("named", "labels-number-to-string", "labels", {"labels": {"n": 1, "b": True}})
    c("named", "artifact-object", "artifact", {"artifact": {"image": "web", "tag": "v1", "ports": [80, 443], "meta": {"a": "b"}}})
    c("named", "artifact-float64", "artifact.big", {"artifact": {"big": 12345678901234567891}})
    c("named", "artifact-image-ref", '"${artifact.image}:${artifact.tag}"', {"artifact": {"image": "web", "tag": "v1"}})
    c("named", "deploy-url", "deploy.url", {"deploy": {"url": "https://x.example"}})
    c("named", "entrypoint-env", "entrypoint.env", {"entrypoint": {"env": {"WAYPOINT_CEB_INVITE_TOKEN": "t", "PORT": "3000"}}})
    c("named", "entrypoint-env-type", "entrypoint", {"entrypoint": {"env": {"A": "1"}}})
    c("named", "var-object", "var.region", {"var": {"region": "us-east-1"}})
    c("named", "config-maps", "config", {"config": {"env": {"PORT": "3000", "N": 1}, "internal": {"a": "b"}}})
    c("named", "config-env", 'config.env["PORT"]', {"config": {"env": {"PORT": "3000"}}})
    c("named", "no-local", "local.x")
    c("named", "no-terraform", "terraform.workspace")
    c("named", "path-module-missing", "path.module")
    for f in ABSENT:
        c("functions", f"absent-{f}", f + "(1)")
    c("functions", "replace-plain", 'replace("a/b/c", "/", "-")')
    c("functions", "replace-slashes-not-regex", 'replace("hello world", "/o(.)/", "0$1")')
    c("functions", "replace-empty-substr", 'replace("abc", "", "-")')
    c("functions", "base64decode-invalid", 'base64decode("not base64!")')
    c("functions", "base64decode-ok", 'base64decode("aGVsbG8=")')
    c("functions", "base64encode", 'base64encode("hello")')
    c("functions", "urlencode", 'urlencode("a b&c=d/é")')
    c("functions", "basename", 'basename("/a/b/c.txt")')
    c("functions", "dirname", 'dirname("/a/b/c.txt")')
    c("functions", "abspath-absolute", 'abspath("/a/../b/./c")')
    c("functions", "min-expand", "min([55, 2453, 2]...)")
    c("functions", "upper-for", '[for s in var.list : upper(s) if s != ""]', {"var": {"list": ["a", "", "b"]}})
    c("functions", "seed-length", "[for k, v in var.map : length(k) + length(v)]", {"var": {"map": {"a": "bc"}}})
    c("functions", "seed-substr-group", '{for s in var.list : substr(s, 0, 1) => s... if s != ""}',
      {"var": {"list": ["apple", "avocado", "banana", ""]}})
    c("functions", "formatdate", 'formatdate("YYYY-MM-DD", "2023-01-02T03:04:05Z")')
    c("functions", "timeadd", 'timeadd("2023-01-02T03:04:05Z", "1h")')
    c("functions", "yamlencode", 'yamlencode({a = [1, "b"]})')
    c("functions", "jsonencode", 'jsonencode({a = [1, "b"], c = null})')
    c("functions", "chunklist", "chunklist([1, 2, 3], 2)")
    c("functions", "setproduct", 'setproduct(["a"], [1, 2])')
    c("functions", "csvdecode", 'csvdecode("a,b\\n1,2")')
    c("functions", "regexall", 'regexall("[a-z]+", "ab 12 cd")')
    c("functions", "strrev", 'strrev("abc")')
    c("functions", "title", 'title("hello world")')
    c("functions", "indent", 'indent(2, "a\\nb")')
    for f in ["gitrefhash", "gitrefpretty", "gitreftag"]:
        c("git", f"no-repo-{f}", f + "()")
    c("git", "no-repo-remote", 'gitremoteurl("origin")')
    c("git", "remote-arg-type", "gitremoteurl([])")
    c("git", "too-many-args", "gitrefhash(1)")
    c("git", "hash", "gitrefhash()", repo())
    c("git", "pretty-untagged", "gitrefpretty()", repo())
    c("git", "tag-none", "gitreftag()", repo())
    c("git", "pretty-first-tag", "gitrefpretty()", repo(tags={"v1.0.0": HEAD, "a-first": HEAD, "v0": "1" * 40}))
    c("git", "tag-last-tag", "gitreftag()", repo(tags={"v1.0.0": HEAD, "a-first": HEAD}))
    c("git", "remote-url", 'gitremoteurl("origin")', repo(remotes={"origin": ["https://example.com/a.git", "git@example.com:a.git"]}))
    c("git", "remote-missing-unknown", 'gitremoteurl("upstream")', repo(remotes={"origin": ["https://example.com/a.git"]}))
    c("git", "image-tag", '"web:${gitrefpretty()}"', repo(tags={"v2": HEAD}))
    for i, sel in enumerate(SELECTORS):
        c("selector", f"match-{i:02d}", f"selectormatch(labels, {json.dumps(sel)})", {"labels": LABELS})
    c("selector", "lookup-first-match", 'selectorlookup(labels, {"env == dev" = 1, "env == prod" = 2}, 0)', {"labels": LABELS})
    c("selector", "lookup-key-order", 'selectorlookup(labels, {"region contains us" = "b", "env == prod" = "a"}, "none")', {"labels": LABELS})
    c("selector", "lookup-default", 'selectorlookup(labels, {"env == dev" = 1}, 0)', {"labels": LABELS})
    c("selector", "lookup-default-type", 'selectorlookup(labels, {"env == dev" = 1}, "x")', {"labels": LABELS})
    c("selector", "lookup-objects", 'selectorlookup(labels, {"env == prod" = {a = 1}}, {a = 0})', {"labels": LABELS})
    c("selector", "match-map-type", 'selectormatch({a = [1]}, "a == 1")')
    c("files", "file-relative", 'file("a.txt")', fs())
    c("files", "file-absolute", f'file("{F}/a.txt")', fs())
    c("files", "file-clean", f'file("{F}/sub/../a.txt")', fs())
    c("files", "file-missing", f'file("{F}/nope.txt")', fs())
    c("files", "file-dir", f'file("{F}/sub")', fs())
    c("files", "filebase64", f'filebase64("{F}/sub/c.txt")', fs())
    c("files", "fileexists-yes", f'fileexists("{F}/a.txt")', fs())
    c("files", "fileexists-no", f'fileexists("{F}/zzz")', fs())
    c("files", "fileexists-relative", 'fileexists("a.txt")', fs())
    c("files", "fileexists-dir", f'fileexists("{F}/sub")', fs())
    c("files", "fileset-all", f'fileset("{F}", "**")', fs())
    c("files", "fileset-txt", f'fileset("{F}", "**/*.txt")', fs())
    c("files", "fileset-sub", f'fileset("{F}/sub", "*")', fs())
    c("files", "fileset-relative", 'fileset("files", "*")', fs())
    c("files", "path-project-file", 'file("${path.project}/a.txt")', fs(path={"pwd": F, "project": F}))
    c("templates", "string-vars", 'templatestring("$${a}-$${b}", {a = 1}, {b = "x"})')
    c("templates", "string-stage-values", 'templatestring("$${workspace.name}/$${app.name}")', {"app": {"name": "web"}})
    c("templates", "string-no-vars-map", 'templatestring("$${nope}")')
    c("templates", "string-missing-key", 'templatestring("$${nope}", {a = 1})')
    c("templates", "string-bad-vars", 'templatestring("x", [1])')
    c("templates", "string-bad-name", 'templatestring("x", {"a-b" = 1})')
    c("templates", "string-nested", 'templatestring("$${templatestring(\\"x\\")}")')
    c("templates", "string-value-type", 'templatestring("$${a}", {a = [1, 2]})')
    c("templates", "string-parse-error", 'templatestring("$${")')
    c("templates", "string-directives", 'templatestring("%%{ for ip in ips ~}server $${ip}\\n%%{ endfor ~}", {ips = ["a", "b"]})')
    c("templates", "file-missing", f'templatefile("{F}/zz.tpl", {{}})', fs())
    c("templates", "file-relative", 'templatefile("a.tpl", {})', fs())
    c("templates", "file-missing-var", f'templatefile("{F}/sub/b.tpl", {{}})', fs())
    c("templates", "dir-missing", f'templatedir("{F}/none", {{}})', fs())
    c("jsonnet", "options-null", f'jsonnetfile("{F}/x.jsonnet", null)', fs())
    c("jsonnet", "one-arg", f'jsonnetfile("{F}/x.jsonnet")', fs())
    c("jsonnet", "options-bad", f'jsonnetfile("{F}/x.jsonnet", {{ext_vars = "x"}})', fs())
    return out + docs_cases()


DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../www/docs/waypoint.html")


def docs_cases():
    """The examples of www/docs/waypoint.html (Waypoint's Expressions page,
    live), so that what the page documents is Waypoint's answer. A
    repository example gets a path.pwd the harness may make one at (the
    git functions' answers do not depend on it)."""
    out = []
    blocks = re.findall(r'<pre><code class="language-hcl"(?: data-vars="([^"]*)")? data-expect="[^"]*">(.*?)</code></pre>', open(DOCS).read(), re.S)
    for i, (vars_attr, code) in enumerate(blocks):
        vars = json.loads(html.unescape(vars_attr)) if vars_attr else {}
        if "__git__" in vars and "path" not in vars:
            vars["path"] = REPO["path"]
        out.append({"id": f"waypoint/docs/{i:02d}", "expr": html.unescape(code), "vars": vars, "template": False})
    return out


def project_cases():
    """Whole projects: waypoint.hcl's variable blocks and the values given
    to them, each with an expression evaluated in the project."""
    out = []

    def p(name, expr, files, **given):
        out.append({"id": f"waypoint-project/{name}", "expr": expr, "project": dict({"files": files}, **given)})

    wp = lambda *blocks: {"waypoint.hcl": 'project = "p"\n\n' + "\n".join(blocks)}  # noqa: E731
    var = lambda name, body="": f'variable "{name}" {{\n{body}}}\n'  # noqa: E731
    p("defaults", "var", wp(var("a", '  default = "x"\n'), var("n", "  type = number\n  default = 2\n"), var("l", "  type = list(string)\n  default = []\n")))
    p("default-implies-type", "var.o", wp(var("o", "  default = {a = 1}\n")))
    p("cli-overrides-default", "var.n", wp(var("n", "  type = number\n  default = 2\n")), vars={"n": "5"})
    p("cli-complex-parsed", "var.l", wp(var("l", "  type = list(string)\n")), vars={"l": '["q", "r"]'})
    p("cli-map", "var.m", wp(var("m", "  type = map(number)\n")), vars={"m": "{a = 1, b = 2}"})
    p("cli-untyped-string", "var.u", wp(var("u", "")), vars={"u": "[1]"})
    p("cli-bad-bool", "var.b", wp(var("b", "  type = bool\n")), vars={"b": "maybe"})
    p("cli-bool", "var.b", wp(var("b", "  type = bool\n")), vars={"b": "true"})
    p("cli-bad-list", "var.l", wp(var("l", "  type = list(string)\n")), vars={"l": "[1,"})
    p("unset", "var.a", wp(var("a")))
    p("undefined", "1", wp(var("a", '  default = "x"\n')), vars={"zz": "1"})
    p("auto-file", "var.a", dict(wp(var("a")), **{"x.auto.wpvars": 'a = "auto"\n'}))
    p("auto-last-file-only", "[var.a, var.b]", dict(wp(var("a", '  default = "d"\n'), var("b", '  default = "d"\n')),
                                                    **{"1.auto.wpvars": 'a = "one"\n', "2.auto.wpvars": 'b = "two"\n'}))
    p("auto-json", "var.a", dict(wp(var("a")), **{"x.auto.wpvars.json": '{"a": "json"}'}))
    p("auto-fraction", "var.a", dict(wp(var("a")), **{"x.auto.wpvars": "a = 1.5\n"}))
    p("auto-number", "var.a + 1", dict(wp(var("a", "  type = number\n")), **{"x.auto.wpvars": "a = 41\n"}))
    p("auto-object-roundtrip", "var.a", dict(wp(var("a", "  type = object({x = list(number)})\n")), **{"x.auto.wpvars": "a = {x = [1, 2]}\n"}))
    p("var-file", "var.a", dict(wp(var("a")), **{"prod.wpvars": 'a = "prod"\n'}), var_files=["prod.wpvars"])
    p("var-file-over-auto", "var.a", dict(wp(var("a")), **{"prod.wpvars": 'a = "prod"\n', "x.auto.wpvars": 'a = "auto"\n'}), var_files=["prod.wpvars"])
    p("cli-over-var-file", "var.a", dict(wp(var("a")), **{"prod.wpvars": 'a = "prod"\n'}), var_files=["prod.wpvars"], vars={"a": "cli"})
    p("var-file-missing", "var.a", wp(var("a", '  default = "x"\n')), var_files=["nope.wpvars"])
    p("var-file-declaration", "var.a", dict(wp(var("a", "  type = bool\n")), **{"p.wpvars": 'variable "a" {}\n'}), var_files=["p.wpvars"])
    p("var-file-function", "var.a", dict(wp(var("a")), **{"p.wpvars": 'a = upper("x")\n'}), var_files=["p.wpvars"])
    p("var-file-type-mismatch", "var.a", dict(wp(var("a", "  type = number\n")), **{"p.wpvars": 'a = "x"\n'}), var_files=["p.wpvars"])
    p("default-bad-type", "var.a", wp(var("a", '  type = number\n  default = "x"\n')))
    p("default-uses-path", "var.a", wp(var("a", '  default = "${path.project}/${workspace.name}"\n')), workspace="dev")
    p("duplicate", "var.a", wp(var("a", '  default = "x"\n'), var("a", '  default = "y"\n')))
    p("bad-name", "1", wp(var("1a", '  default = "x"\n')))
    p("unsupported-argument", "1", wp(var("a", "  foo = 1\n")))
    p("unsupported-top-level", "1", {"waypoint.hcl": "nope = 1\n"})
    p("bad-type", "1", wp(var("a", "  type = lisst(string)\n")))
    p("sensitive-description-env", "var.a", wp(var("a", '  default = "s"\n  sensitive = true\n  description = "d"\n  env = ["A_ENV"]\n')))
    p("context", "[path.project, workspace.name]", wp(var("a", '  default = "x"\n')))
    p("functions", "templatestring(\"$${var.a}!\")", wp(var("a", '  default = "x"\n')))
    return out


if __name__ == "__main__":
    for case in project_cases():
        print(json.dumps(case, ensure_ascii=False))

#!/usr/bin/env python3
"""Records the golden test-command cases of tests/tftest/cases.jsonl with
the real programs (never run by cargo test or CI).

Each case is a module with its test files ("files"), the options given to
the test command ("args", as `hcl-eval --test` takes them: -filter,
-var, -verbose), and whether `init` runs first ("init": with
-plugin-dir at PROVIDERS_PLUGIN_DIR, for mock_provider and module
blocks). For each engine the case is written into a fresh directory and
`terraform test -no-color ARGS` (and `tofu test -no-color ARGS`) runs
there, offline, with an empty CLI configuration; standard output,
standard error and the exit status are recorded under "expect", and the two
streams merged in one pipe ("merged") where that order is not all of
standard output first.

  tools/reference/build                       # the programs
  PROVIDERS_PLUGIN_DIR=DIR tools/reference/record_tests.py [CASE-ID...]

A case's "engine_files" adds or replaces files for one engine (the
.terraform/modules/modules.json of a registry module, whose source names
each engine's registry). A case may carry "gap": what the playground does not reproduce yet; the
test suite then reports it apart instead of comparing.

A case with "aws_api": "moto" is recorded as a user with AWS credentials
records it: the AWS provider configures against a local mock of the API
(moto's server on 127.0.0.1, started here when it is not running), with
moto's example key and us-east-1; plan-only suites then pass as they pass
for a user, and whatever the mock answers (account 123456789012) is the
mock's, not a cloud's.
"""
import json, os, shutil, socket, subprocess, sys, tempfile, time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CASES = os.path.join(ROOT, "tests", "tftest", "cases.jsonl")
BIN = os.path.join(ROOT, "target", "reference", "bin")
PLUGINS = os.environ.get("PROVIDERS_PLUGIN_DIR")
ENGINES = {"terraform": "terraform", "opentofu": "tofu"}


def env():
    home = tempfile.mkdtemp(prefix="tftest-home-")
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": home,
        "TF_CLI_CONFIG_FILE": "/dev/null",
        "CHECKPOINT_DISABLE": "1",
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
    }


MOTO_PORT = 5055


def aws_mock():
    """The AWS API's local mock, started once; its environment."""
    try:
        socket.create_connection(("127.0.0.1", MOTO_PORT), timeout=1).close()
    except OSError:
        subprocess.Popen(["moto_server", "-p", str(MOTO_PORT)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", MOTO_PORT), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
    return {
        "AWS_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE",
        "AWS_SECRET_ACCESS_KEY": "mock",
        "AWS_ENDPOINT_URL": f"http://127.0.0.1:{MOTO_PORT}",
        "AWS_EC2_METADATA_DISABLED": "true",
        "NO_PROXY": "127.0.0.1",
    }


def record(case, engine):
    program = os.path.join(BIN, ENGINES[engine])
    work = tempfile.mkdtemp(prefix="tftest-")
    try:
        files = {**case["files"], **case.get("engine_files", {}).get(engine, {})}
        for name, text in files.items():
            path = os.path.join(work, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        e = env()
        if case.get("aws_api") == "moto":
            e.update(aws_mock())
        if case.get("init"):
            cmd = [program, "init", "-no-color", "-input=false"]
            if PLUGINS:
                cmd.append("-plugin-dir=" + os.path.abspath(PLUGINS))
            subprocess.run(cmd, cwd=work, env=e, capture_output=True)  # a test file the engine refuses fails init too
        args = [a.replace("--", "-", 1) if a.startswith("--") else a for a in case.get("args", [])]
        p = subprocess.run([program, "test", "-no-color", *args], cwd=work, env=e, capture_output=True, text=True)
        out = {"stdout": p.stdout, "stderr": p.stderr, "exit": p.returncode}
        # Both streams into one pipe, as a terminal or `2>&1` shows them;
        # kept where the order is not standard output then standard error.
        both = subprocess.run([program, "test", "-no-color", *args], cwd=work, env=e, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True).stdout
        if both != p.stdout + p.stderr:
            out["merged"] = both
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    wanted = set(sys.argv[1:])
    cases = [json.loads(l) for l in open(CASES) if l.strip()]
    for case in cases:
        if wanted and case["id"] not in wanted:
            continue
        case["expect"] = {engine: record(case, engine) for engine in ENGINES}
        print(case["id"], {k: v["exit"] for k, v in case["expect"].items()}, file=sys.stderr)
    with open(CASES, "w") as f:
        for case in cases:
            f.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

// Command unicode generates the crate's Unicode tables and their test
// vectors from the Go libraries the engines themselves use:
//
//   - terraform: Go 1.26 (unicode 15.0.0), golang.org/x/text v0.41.0,
//     go-textseg/v15 v15.0.0 (this directory's go.mod);
//   - opentofu: Go 1.26, golang.org/x/text v0.37.0, go-textseg/v15
//     (opentofu.mod; its tables must come out the same as terraform's);
//   - hcl-2.14: Go 1.19 (unicode 13.0.0, Debian's golang-1.19 toolchain,
//     /usr/lib/go-1.19), golang.org/x/text v0.7.0 (what Debian's
//     golang-golang-x-text-dev 0.7.0-1 packages), go-textseg/v13 v13.0.0
//     (hcl214.mod).
//
// Each engine's view is dumped by this same program built with that
// engine's toolchain and module versions (`dump`, see dump.go): x/text's
// NFC properties as its normaliser reads them (through reflect, as they
// are unexported), the decompositions, the grapheme class of each code
// point as go-textseg's scanner behaves (probed beside a representative of
// each class), unicode.ToUpper/ToLower/ToTitle, unicode.IsSpace,
// strings.Title's separators, strconv.IsPrint, and what the engine makes
// of the test strings. From the dumps it writes:
//
//   - src/text/unicode/tables.rs: Unicode 15 in full, Unicode 13 as the
//     differences from it;
//   - tests/unicode/vectors.json.gz: every code point's properties per
//     version, every short sequence of grapheme classes, and a few thousand
//     strings with Go's NFC, clusters, case mappings and TrimSpace.
//
// Run from the repository root (it downloads the modules through the Go
// module proxy):
//
//	(cd tools/unicode && go run . -root ../..)
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "dump" {
		fs := flag.NewFlagSet("dump", flag.ExitOnError)
		textseg := fs.Int("textseg", 15, "go-textseg major version (13 or 15)")
		strs := fs.String("strings", "", "JSON file with the test strings")
		check(fs.Parse(os.Args[2:]))
		dump(*textseg, *strs)
		return
	}
	root := flag.String("root", "../..", "the repository root")
	go119 := flag.String("go119", "/usr/lib/go-1.19/bin/go", "Go 1.19's go command")
	flag.Parse()

	// The compositions, from x/text v0.41.0 linked in here.
	here := &Dump{}
	here.Info, here.Decomp = nfcProperties()
	comps := compositions(here)
	tests := testStrings(comps)
	tmp, err := os.CreateTemp("", "unicode-strings-*.json")
	check(err)
	defer os.Remove(tmp.Name())
	check(json.NewEncoder(tmp).Encode(tests))
	check(tmp.Close())

	tf := run("go", "go.mod", 15, tmp.Name())
	tofu := run("go", "opentofu.mod", 15, tmp.Name())
	old := run(*go119, "hcl214.mod", 13, tmp.Name())
	if tf.Unicode != "15.0.0" || tf.Norm != "15.0.0" || old.Unicode != "13.0.0" || old.Norm != "13.0.0" {
		fail("unexpected versions: terraform %s/%s, hcl-2.14 %s/%s", tf.Unicode, tf.Norm, old.Unicode, old.Norm)
	}
	tofu.Go, tofu.Norm = tf.Go, tf.Norm
	if !reflect.DeepEqual(tf.Info, here.Info) || !reflect.DeepEqual(tf.Decomp, here.Decomp) {
		fail("the terraform dump is not what x/text v0.41.0 says here")
	}
	if !reflect.DeepEqual(tf, tofu) {
		fail("x/text v0.37.0 (OpenTofu) and v0.41.0 (Terraform) differ; the tables assume they do not")
	}

	var rs bytes.Buffer
	writeTables(&rs, tf, old, comps)
	check(os.WriteFile(filepath.Join(*root, "src/text/unicode/tables.rs"), rs.Bytes(), 0o644))
	check(os.MkdirAll(filepath.Join(*root, "tests/unicode"), 0o755))
	writeVectors(filepath.Join(*root, "tests/unicode/vectors.json.gz"), tests, tf, old)
}

// run dumps one engine's view: this program built with the given go
// command and module file.
func run(goCmd, modfile string, textseg int, strings string) *Dump {
	cmd := exec.Command(goCmd, "run", "-modfile="+modfile, ".", "dump", "-textseg", fmt.Sprint(textseg), "-strings", strings)
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fail("%s run -modfile=%s: %v", goCmd, modfile, err)
	}
	var d Dump
	check(json.Unmarshal(out, &d))
	fmt.Fprintf(os.Stderr, "%s: %s, unicode %s, x/text tables %s, go-textseg v%d\n", modfile, d.Go, d.Unicode, d.Norm, d.Textseg)
	return &d
}

// Records what Go's compress/flate, compress/gzip, archive/zip and
// archive/tar write, called as Terraform's base64gzip and the archive
// provider call them, for tests/archives.rs (src/archive must write the
// same bytes). Inputs are described, not stored: text, or bytes from a
// 64-bit LCG over an alphabet, so the case file stays small.
//
//	(cd tools/reference/archives && go run .) > tests/archive/go.jsonl
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"time"
)

// Input: Text, or N bytes of the LCG seeded with Seed over Alphabet.
type Input struct {
	Text     *string `json:"text,omitempty"`
	Seed     uint64  `json:"seed,omitempty"`
	N        int     `json:"n,omitempty"`
	Alphabet string  `json:"alphabet,omitempty"`
}

func (in Input) bytes() []byte {
	if in.Text != nil {
		return []byte(*in.Text)
	}
	out := make([]byte, in.N)
	x := in.Seed
	for i := range out {
		x = x*6364136223846793005 + 1442695040888963407
		if in.Alphabet == "" {
			out[i] = byte(x >> 56)
		} else {
			out[i] = in.Alphabet[(x>>33)%uint64(len(in.Alphabet))]
		}
	}
	return out
}

type Entry struct {
	Name     string `json:"name"`
	Input    Input  `json:"input"`
	Mode     *int64 `json:"mode,omitempty"` // a file's mode; absent: written inline
}

type Case struct {
	Kind    string  `json:"kind"` // deflate, gzip, zip, tar.gz
	Level   int     `json:"level,omitempty"`
	Writes  []Input `json:"writes,omitempty"`
	Flush   bool    `json:"flush,omitempty"`
	Entries []Entry `json:"entries,omitempty"`
	Len     int     `json:"len"`
	SHA256  string  `json:"sha256"`
	Head    string  `json:"head"`
}

type info struct {
	name string
	size int64
	mode fs.FileMode
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return i.size }
func (i info) Mode() fs.FileMode  { return i.mode }
func (i info) ModTime() time.Time { return time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC) }
func (i info) IsDir() bool        { return false }
func (i info) Sys() any           { return nil }

func text(s string) Input { return Input{Text: &s} }
func lcg(seed uint64, n int, alphabet string) Input {
	return Input{Seed: seed, N: n, Alphabet: alphabet}
}

func record(c Case, out []byte) {
	sum := sha256.Sum256(out)
	c.Len, c.SHA256 = len(out), hex.EncodeToString(sum[:])
	head := out
	if len(head) > 48 {
		head = head[:48]
	}
	c.Head = hex.EncodeToString(head)
	line, _ := json.Marshal(c)
	os.Stdout.Write(append(line, '\n'))
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func main() {
	lorem := "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. "
	long := ""
	for i := 0; i < 40; i++ {
		long += lorem
	}
	inputs := []Input{
		text(""), text("a"), text("hello, hello, hello"), text("abcabcabcabcabcabcabcabcabcabc"),
		text(lorem), text(long), text("exports.handler = async () => ({ statusCode: 200 });\n"),
		lcg(1, 1000, ""), lcg(2, 100000, ""), lcg(3, 200000, "ab"), lcg(4, 70000, "0123456789abcdef"),
		lcg(5, 300000, "the quick brown fox "), lcg(6, 5000, "ACGT"), lcg(7, 150000, "abcdefghijklmnopqrstuvwxyz \n"),
	}
	for _, level := range []int{4, 5, 6, 7, 8, 9} {
		for _, in := range inputs {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, level)
			w.Write(in.bytes())
			must(w.Close())
			record(Case{Kind: "deflate", Level: level, Writes: []Input{in}}, buf.Bytes())
		}
	}
	// Writes cut as io.Copy and tar cut them.
	chunked := []Input{lcg(8, 512, "xyz"), lcg(9, 32768, "hello world "), lcg(10, 32768, "hello world "), lcg(11, 32768, ""), lcg(12, 777, "hi")}
	for _, level := range []int{5, 6} {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, level)
		for _, in := range chunked {
			w.Write(in.bytes())
		}
		must(w.Close())
		record(Case{Kind: "deflate", Level: level, Writes: chunked}, buf.Bytes())
	}
	// base64gzip: gzip.NewWriter, Write, Flush, Close.
	for _, in := range inputs {
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write(in.bytes())
		must(w.Flush())
		must(w.Close())
		record(Case{Kind: "gzip", Writes: []Input{in}, Flush: true}, buf.Bytes())
	}
	mode := func(m int64) *int64 { return &m }
	archives := [][]Entry{
		{{Name: "index.js", Input: text("exports.handler = async () => ({ statusCode: 200 });\n"), Mode: mode(0o644)}},
		{{Name: "hello.txt", Input: text("Hello, world!")}},
		{{Name: "a.txt", Input: text("")}, {Name: "b/c.txt", Input: text(long)}, {Name: "dir with space/ü~.txt", Input: text("x"), Mode: mode(0o444)}},
		{{Name: "big.bin", Input: lcg(13, 90000, ""), Mode: mode(0o755)}, {Name: "text.txt", Input: lcg(14, 80000, "lorem ipsum "), Mode: mode(0o600)}},
		{{Name: "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/aa/bb/cc/dd/ee/ff/gg/hh/ii/jj/kk/ll/mm/nn/oo/pp/qq/rr/ss/file.txt", Input: text("deep"), Mode: mode(0o644)}},
	}
	for _, entries := range archives {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, e := range entries {
			content := e.Input.bytes()
			var f io.Writer
			var err error
			if e.Mode == nil {
				f, err = zw.Create(e.Name)
			} else {
				fh, _ := zip.FileInfoHeader(info{name: "x", size: int64(len(content)), mode: fs.FileMode(*e.Mode)})
				fh.Name = e.Name
				fh.Method = zip.Deflate
				fh.SetModTime(time.Time{})
				f, err = zw.CreateHeader(fh)
			}
			must(err)
			f.Write(content)
		}
		must(zw.Close())
		record(Case{Kind: "zip", Entries: entries}, buf.Bytes())

		var tbuf bytes.Buffer
		gz := gzip.NewWriter(&tbuf)
		tw := tar.NewWriter(gz)
		for _, e := range entries {
			content := e.Input.bytes()
			hdr := &tar.Header{Name: e.Name, Size: int64(len(content)), ModTime: time.Time{}}
			if e.Mode != nil {
				hdr.Mode = *e.Mode
			}
			must(tw.WriteHeader(hdr))
			if e.Mode != nil {
				_, err := io.Copy(tw, onlyReader{bytes.NewReader(content)})
				must(err)
			} else {
				tw.Write(content)
			}
		}
		must(tw.Close())
		must(gz.Close())
		record(Case{Kind: "tar.gz", Entries: entries}, tbuf.Bytes())
	}
}

// onlyReader hides bytes.Reader's WriterTo, so io.Copy reads 32 KiB at a
// time as it does from a file.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

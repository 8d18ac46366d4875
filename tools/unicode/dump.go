package main

// The dump: what one engine's libraries say about every code point and
// about the test strings. It runs once per engine, built with that engine's
// Go toolchain and x/text version (see main.go), and writes JSON on
// standard output. It must build with Go 1.19 and x/text v0.7.0.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	textseg13 "github.com/apparentlymart/go-textseg/v13/textseg"
	textseg15 "github.com/apparentlymart/go-textseg/v15/textseg"
	"golang.org/x/text/unicode/norm"
)

// Dump is one engine's view of Unicode.
type Dump struct {
	Go      string // runtime.Version()
	Unicode string // unicode.Version (the toolchain's tables)
	Norm    string // norm.Version (x/text's tables)
	Textseg int    // go-textseg major version

	// Per code point, indexed by code point (surrogates hold zeroes).
	// Info packs x/text's NFC Properties as the normaliser uses them:
	// the raw (compressed) ccc in bits 0-7, nLead in bits 8-9 and the
	// quick-check flags in bits 10-15.
	Info   []uint16
	Decomp map[string]string // code point (decimal) -> Decomposition()
	Class  []uint8           // grapheme class (see classNames)
	Upper  []int32           // unicode.ToUpper(r) - r
	Lower  []int32           // unicode.ToLower(r) - r
	Title  []int32           // unicode.ToTitle(r) - r
	Space  []bool            // unicode.IsSpace
	Sep    []bool            // strings.Title treats it as a word separator
	Print  []bool            // strconv.IsPrint

	Results []Result // per test string
	Seqs    string   // first-cluster lengths over class sequences (seqMasks)
}

// Result is what the engine makes of one test string.
type Result struct {
	NFC      string `json:"n"`
	Clusters []int  `json:"c"` // byte lengths of the clusters of the raw string (ScanGraphemeClusters, atEOF)
	Count    int    `json:"t"` // textseg.TokenCount of the raw string (bufio.Scanner)
	Upper    string `json:"u"`
	Lower    string `json:"l"`
	Title    string `json:"i"`
	Trim     string `json:"s"`
}

// The grapheme classes the dump tells apart, each by a representative:
// two code points are in the same class when the scanner treats them the
// same in every probe (see signature). SpacingMark behaves as Extend in
// go-textseg's grammar, and U+FFFD as Control.
var classNames = []string{"Other", "CR", "LF", "Control", "Extend", "ZWJ", "RegionalIndicator", "Prepend", "L", "V", "T", "LV", "LVT", "ExtendedPictographic"}
var classReps = []rune{'a', '\r', '\n', 0, 0x300, 0x200D, 0x1F1E6, 0x600, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0xA9}

type scanFunc func([]byte, bool) (int, []byte, error)

func dump(textseg int, stringsFile string) {
	scan := scanFunc(textseg15.ScanGraphemeClusters)
	if textseg == 13 {
		scan = textseg13.ScanGraphemeClusters
	}
	d := Dump{Go: runtime.Version(), Unicode: unicode.Version, Norm: norm.Version, Textseg: textseg}
	n := unicode.MaxRune + 1
	d.Class = make([]uint8, n)
	d.Upper, d.Lower, d.Title = make([]int32, n), make([]int32, n), make([]int32, n)
	d.Space, d.Sep, d.Print = make([]bool, n), make([]bool, n), make([]bool, n)

	sigs := map[string]uint8{}
	for i, r := range classReps {
		s := signature(scan, r)
		if _, dup := sigs[s]; dup {
			fail("classes %s and another behave the same", classNames[i])
		}
		sigs[s] = uint8(i)
	}
	d.Info, d.Decomp = nfcProperties()
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		c, ok := sigs[signature(scan, r)]
		if !ok {
			fail("U+%04X: no grapheme class behaves like it", r)
		}
		d.Class[r] = c
		d.Upper[r] = unicode.ToUpper(r) - r
		d.Lower[r] = unicode.ToLower(r) - r
		d.Title[r] = unicode.ToTitle(r) - r
		d.Space[r] = unicode.IsSpace(r)
		d.Sep[r] = strings.HasSuffix(strings.Title("a"+s+"a"), "A")
		d.Print[r] = strconv.IsPrint(r)
	}
	if stringsFile != "" {
		var tests []string
		data, err := os.ReadFile(stringsFile)
		check(err)
		check(json.Unmarshal(data, &tests))
		for _, t := range tests {
			d.Results = append(d.Results, result(scan, t))
		}
	}
	d.Seqs = seqMasks(scan)
	w := bufio.NewWriter(os.Stdout)
	check(json.NewEncoder(w).Encode(&d))
	check(w.Flush())
}

// nfcProperties is x/text's NFC data: Info and Decomp of Dump.
func nfcProperties() ([]uint16, map[string]string) {
	infos := make([]uint16, unicode.MaxRune+1)
	decomps := map[string]string{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		p := norm.NFC.PropertiesString(string(r))
		infos[r] = info(p)
		if dec := p.Decomposition(); len(dec) > 0 {
			decomps[strconv.Itoa(int(r))] = string(dec)
		}
	}
	for raw, c := range cccOf {
		for raw2, c2 := range cccOf {
			if (raw < raw2) != (c < c2) {
				fail("raw ccc %d < %d but classes %d, %d", raw, raw2, c, c2)
			}
		}
	}
	return infos, decomps
}

var cccOf = map[uint8]uint8{}

// info reads the fields of x/text's Properties that its NFC algorithm
// uses. They are unexported; reflect reads them without changing them.
func info(p norm.Properties) uint16 {
	v := reflect.ValueOf(p)
	ccc := v.FieldByName("ccc").Uint()
	nLead := v.FieldByName("nLead").Uint()
	flags := v.FieldByName("flags").Uint() & 0x3F
	if nLead > 3 || ccc > 255 || (ccc == 0) != (p.LeadCCC() == 0) {
		fail("unexpected Properties %+v", p)
	}
	// The normaliser orders by the raw value: it must order as the
	// classes do.
	if c, ok := cccOf[uint8(ccc)]; ok && c != p.LeadCCC() {
		fail("raw ccc %d is class %d and %d", ccc, c, p.LeadCCC())
	}
	cccOf[uint8(ccc)] = p.LeadCCC()
	return uint16(ccc | nLead<<8 | flags<<10)
}

// signature is how the grapheme scanner treats r beside the class
// representatives: the number of runes of the first cluster of r alone,
// before and after each, between each and an emoji, and after an emoji
// ZWJ.
func signature(scan scanFunc, r rune) string {
	s := string(r)
	var b strings.Builder
	probe := func(t string) {
		n, _, _ := scan([]byte(t), true)
		fmt.Fprintf(&b, "%d,", utf8.RuneCountInString(t[:n]))
	}
	probe(s)
	for _, c := range classReps {
		probe(s + string(c))
		probe(string(c) + s)
		probe(s + "\u200d" + string(c))
		probe(string(c) + s + "\u00a9")
	}
	probe("\U0001F600\u200d" + s)
	probe(s + s + s)
	return b.String()
}

func result(scan scanFunc, s string) Result {
	r := Result{NFC: norm.NFC.String(s), Upper: strings.ToUpper(s), Lower: strings.ToLower(s), Title: strings.Title(s), Trim: strings.TrimSpace(s)}
	b := []byte(s)
	for len(b) > 0 {
		n, _, _ := scan(b, true)
		r.Clusters = append(r.Clusters, n)
		b = b[n:]
	}
	r.Count = tokenCount(scan, s)
	return r
}

func tokenCount(scan scanFunc, s string) int {
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Split(bufio.SplitFunc(scan))
	n := 0
	for sc.Scan() {
		n++
	}
	return n
}

// seqMasks scans every sequence of up to four class representatives and
// writes the rune count of its first cluster, one digit per sequence, in
// the order of seqOrder.
func seqMasks(scan scanFunc) string {
	var b strings.Builder
	seqOrder(func(seq []rune) {
		s := string(seq)
		n, _, _ := scan([]byte(s), true)
		b.WriteByte(byte('0' + utf8.RuneCountInString(s[:n])))
	})
	return b.String()
}

// seqOrder calls f with every sequence of one to four class
// representatives, shorter first, then in lexicographic order of class.
func seqOrder(f func([]rune)) {
	k := len(classReps)
	for n := 1; n <= 4; n++ {
		idx := make([]int, n)
		for {
			seq := make([]rune, n)
			for i, j := range idx {
				seq[i] = classReps[j]
			}
			f(seq)
			i := n - 1
			for i >= 0 && idx[i] == k-1 {
				idx[i] = 0
				i--
			}
			if i < 0 {
				break
			}
			idx[i]++
		}
	}
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "unicode: "+format+"\n", args...)
	os.Exit(1)
}

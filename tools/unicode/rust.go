package main

// Writes src/text/unicode/tables.rs.

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

const (
	maxRune = 0x10FFFF
	inherit = 0xFF // in a Unicode 13 table: as in Unicode 15
	altCase = 0xFE // in a case table: upper and lower case alternate from the run's start
)

// runs encodes values per code point as runs: each entry is the run's
// first code point << 8 | the value.
func runs(value func(r int) uint8) []uint32 {
	var out []uint32
	prev := -1
	for r := 0; r <= maxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // no char is a surrogate: keep the run going
		}
		if v := int(value(r)); v != prev {
			out = append(out, uint32(r)<<8|uint32(v))
			prev = v
		}
	}
	return out
}

// diff is a Unicode 13 table: the old value where it differs, inherit
// elsewhere.
func diff(newer, older func(r int) uint8) []uint32 {
	return runs(func(r int) uint8 {
		if o := older(r); o != newer(r) {
			if o == inherit {
				fail("value %d is reserved", o)
			}
			return o
		}
		return inherit
	})
}

type caseTriple [3]int32

func caseOf(d *Dump, r int) caseTriple { return caseTriple{d.Upper[r], d.Lower[r], d.Title[r]} }

var (
	upperMember = caseTriple{0, 1, 0}
	lowerMember = caseTriple{-1, 0, -1}
)

// caseRuns encodes the case mappings as runs of one delta triple, or of
// alternating upper and lower case pairs (as Go's UpperLower ranges).
func caseRuns(d *Dump, index func(caseTriple) uint8) []uint32 {
	var out []uint32
	pair := func(r int) bool {
		return r+1 <= maxRune && caseOf(d, r) == upperMember && caseOf(d, r+1) == lowerMember
	}
	for r := 0; r <= maxRune; {
		if r >= 0xD800 && r <= 0xDFFF {
			r++
			continue
		}
		if pair(r) {
			out = append(out, uint32(r)<<8|altCase)
			for pair(r) {
				r += 2
			}
			continue
		}
		t := caseOf(d, r)
		out = append(out, uint32(r)<<8|uint32(index(t)))
		for r++; r <= maxRune && !(r >= 0xD800 && r <= 0xDFFF) && caseOf(d, r) == t && !pair(r); r++ {
		}
	}
	// Merge runs that the pair detection split needlessly.
	merged := out[:0]
	for i, e := range out {
		if i > 0 && e&0xFF != altCase && e&0xFF == merged[len(merged)-1]&0xFF {
			continue
		}
		merged = append(merged, e)
	}
	return merged
}

// caseAt is what a case table built by caseRuns says of r.
func caseAt(table []uint32, deltas []caseTriple, r int) caseTriple {
	i := sort.Search(len(table), func(i int) bool { return int(table[i]>>8) > r }) - 1
	e := table[i]
	if e&0xFF == altCase {
		if (r-int(e>>8))%2 == 0 {
			return upperMember
		}
		return lowerMember
	}
	return deltas[e&0xFF]
}

// compositions are x/text's primary composites: (first, second,
// composite), where the composite's decomposition is the full
// decomposition of first then of second. They are derived from the
// decompositions and checked against x/text's NFC, including the quirk
// that its composition map is keyed on the low 16 bits of each character.
func compositions(d *Dump) [][3]rune {
	var out [][3]rune
	keys := map[uint32]rune{}
	for key, dec := range d.Decomp {
		c, _ := strconv.Atoi(key)
		rs := []rune(dec)
		if len(rs) < 2 || norm.NFC.String(string(rune(c))) != string(rune(c)) {
			continue
		}
		first := []rune(norm.NFC.String(string(rs[:len(rs)-1])))
		second := rs[len(rs)-1]
		if len(first) != 1 || norm.NFC.String(string(first[0])+string(second)) != string(rune(c)) {
			continue
		}
		k := uint32(uint16(first[0]))<<16 | uint32(uint16(second))
		if _, dup := keys[k]; dup {
			fail("two compositions share the key %08x", k)
		}
		keys[k] = rune(c)
		out = append(out, [3]rune{first[0], second, rune(c)})
	}
	sort.Slice(out, func(i, j int) bool { return compKey(out[i]) < compKey(out[j]) })

	// Every plain starter of the Basic Multilingual Plane, and every
	// look-alike of a composition's first character in the other planes,
	// before every character that combines backwards.
	plain := func(r rune) bool {
		i := d.Info[r]
		return utf8.ValidRune(r) && i&0xFF == 0 && (i>>10)&0x0C == 0 && !(r >= 0xAC00 && r <= 0xD7A3) && !(r >= 0x1100 && r <= 0x11FF)
	}
	var backward []rune
	for r := rune(0); r <= maxRune; r++ {
		if i := d.Info[r]; (i>>10)&0x08 != 0 && (i>>10)&0x04 == 0 && !(r >= 0x1100 && r <= 0x11FF) {
			backward = append(backward, r)
		}
	}
	try := func(a, b rune) {
		want := string(a) + string(b)
		if c, ok := keys[uint32(uint16(a))<<16|uint32(uint16(b))]; ok {
			want = string(c)
		}
		if got := norm.NFC.String(string(a) + string(b)); got != want {
			fail("NFC(U+%04X U+%04X) = %+q, the derived compositions say %+q", a, b, got, want)
		}
	}
	for a := rune(0); a <= 0xFFFF; a++ {
		if plain(a) {
			for _, b := range backward {
				try(a, b)
			}
		}
	}
	for _, p := range out {
		for plane := rune(0); plane <= 0x10; plane++ {
			if a := plane<<16 | p[0]&0xFFFF; plain(a) {
				try(a, p[1])
			}
		}
	}
	return out
}

func compKey(p [3]rune) uint32 { return uint32(uint16(p[0]))<<16 | uint32(uint16(p[1])) }

func writeTables(w *bytes.Buffer, tf, old *Dump, comps [][3]rune) {
	if fmt.Sprint(tf.Decomp) != fmt.Sprint(old.Decomp) {
		fail("the decompositions differ between Unicode 13 and 15; the tables assume they do not")
	}
	for r := range tf.Space {
		if tf.Space[r] != old.Space[r] || tf.Sep[r] != old.Sep[r] {
			fail("U+%04X: IsSpace or strings.Title's separators differ between versions", r)
		}
		want := tf.Space[r]
		if r < 0x80 {
			c := rune(r)
			want = !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_')
		}
		if tf.Sep[r] != want {
			fail("U+%04X: strings.Title's separator is not what the crate assumes", r)
		}
	}

	fmt.Fprintf(w, `// Generated by tools/unicode (go run . -root ../..): do not edit. Longer
// than the crate's files should be, as it is data.
//
// Unicode 15.0.0: %s's unicode package, golang.org/x/text v0.41.0 (the
// same tables as v0.37.0), github.com/apparentlymart/go-textseg/v15
// v15.0.0. Unicode 13.0.0: %s's unicode package, golang.org/x/text
// v0.7.0, go-textseg/v13 v13.0.0, as differences from Unicode 15.
//
// A run table holds entries first code point << 8 | value, sorted; a code
// point has the value of the last entry at or before it. In a Unicode 13
// table the value 0xFF means "as in Unicode 15".
//
// The tables of words are constants: the module stores them as byte planes
// (Words in mod.rs), built from these at compile time.

`, tf.Go, old.Go)

	// NFC properties.
	var infos []uint16
	infoIndex := map[uint16]uint8{}
	index := func(v uint16) uint8 {
		if i, ok := infoIndex[v]; ok {
			return i
		}
		infoIndex[v] = uint8(len(infos))
		infos = append(infos, v)
		if len(infos) >= altCase {
			fail("too many distinct NFC properties")
		}
		return infoIndex[v]
	}
	index(0)
	nfc15 := runs(func(r int) uint8 { return index(tf.Info[r]) })
	nfc13 := diff(func(r int) uint8 { return index(tf.Info[r]) }, func(r int) uint8 { return index(old.Info[r]) })
	writeU16s(w, "NFC_PROPERTIES", "x/text's NFC properties of a character as its normaliser reads them: the raw\n/// (ordered, compressed) combining class in bits 0-7, the number of leading\n/// non-starters in bits 8-9, the quick-check flags in bits 10-15.", infos)
	writeRuns(w, "NFC_15", "Index into NFC_PROPERTIES.", nfc15)
	writeRuns(w, "NFC_13", "", nfc13)

	// Compositions and decompositions.
	byComposite := make([]int, len(comps))
	for i := range byComposite {
		byComposite[i] = i
	}
	sort.Slice(byComposite, func(i, j int) bool { return comps[byComposite[i]][2] < comps[byComposite[j]][2] })
	composite := map[rune][2]rune{}
	for _, c := range comps {
		composite[c[2]] = [2]rune{c[0], c[1]}
	}
	var full func(r rune) string
	explicit := map[rune]string{}
	full = func(r rune) string {
		if p, ok := composite[r]; ok {
			return full(p[0]) + full(p[1])
		}
		if d, ok := explicit[r]; ok {
			return d
		}
		return string(r)
	}
	var keys []int
	for k := range tf.Decomp {
		r, _ := strconv.Atoi(k)
		keys = append(keys, r)
	}
	sort.Ints(keys)
	for _, r := range keys {
		if dec := tf.Decomp[strconv.Itoa(r)]; full(rune(r)) != dec {
			explicit[rune(r)] = dec
		}
	}
	for _, r := range keys {
		if full(rune(r)) != tf.Decomp[strconv.Itoa(r)] {
			fail("U+%04X: decomposition not reproduced", r)
		}
	}
	fmt.Fprintf(w, "/// x/text's composition map: (first, second, composite), sorted by its key,\n/// the low 16 bits of first then of second. A composite decomposes into the\n/// decompositions of first and of second.\npub(super) const COMPOSITIONS: [(u32, u32, u32); %d] = [\n", len(comps))
	for _, c := range comps {
		fmt.Fprintf(w, "    (0x%04X, 0x%04X, 0x%04X),\n", c[0], c[1], c[2])
	}
	fmt.Fprintf(w, "];\n\n/// COMPOSITIONS by composite.\npub(super) const COMPOSITES: [u16; %d] = [", len(comps))
	for i, c := range byComposite {
		if i%16 == 0 {
			w.WriteString("\n   ")
		}
		fmt.Fprintf(w, " %d,", c)
	}
	var ex []int
	for r := range explicit {
		ex = append(ex, int(r))
	}
	sort.Ints(ex)
	var multi []rune
	fmt.Fprintf(w, "\n];\n\n/// The other decompositions: (character, its decomposition) where that is\n/// one character, else (character, 0x80000000 | start << 8 | length) into\n/// DECOMPOSED.\npub(super) const DECOMPOSITIONS: [(u32, u32); %d] = [\n", len(ex))
	for _, r := range ex {
		rs := []rune(explicit[rune(r)])
		if len(rs) == 1 {
			fmt.Fprintf(w, "    (0x%04X, 0x%04X),\n", r, rs[0])
		} else {
			fmt.Fprintf(w, "    (0x%04X, 0x%08X),\n", r, 0x80000000|len(multi)<<8|len(rs))
			multi = append(multi, rs...)
		}
	}
	fmt.Fprintf(w, "];\n\npub(super) static DECOMPOSED: [char; %d] = [", len(multi))
	for i, r := range multi {
		if i%8 == 0 {
			w.WriteString("\n   ")
		}
		fmt.Fprintf(w, " '\\u{%04X}',", r)
	}
	w.WriteString("\n];\n\n")

	// Grapheme classes.
	writeRuns(w, "GRAPHEME_15", "go-textseg's grapheme class (grapheme::Class).", runs(func(r int) uint8 { return tf.Class[r] }))
	writeRuns(w, "GRAPHEME_13", "", diff(func(r int) uint8 { return tf.Class[r] }, func(r int) uint8 { return old.Class[r] }))

	// Case mappings.
	var deltas []caseTriple
	deltaIndex := map[caseTriple]uint8{}
	caseIndex := func(t caseTriple) uint8 {
		if i, ok := deltaIndex[t]; ok {
			return i
		}
		deltaIndex[t] = uint8(len(deltas))
		deltas = append(deltas, t)
		if len(deltas) >= altCase {
			fail("too many distinct case mappings")
		}
		return deltaIndex[t]
	}
	caseIndex(caseTriple{})
	case15 := caseRuns(tf, caseIndex)
	for r := 0; r <= maxRune; r++ {
		if !(r >= 0xD800 && r <= 0xDFFF) && caseAt(case15, deltas, r) != caseOf(tf, r) {
			fail("U+%04X: case runs wrong", r)
		}
	}
	case13 := diff(func(r int) uint8 { return caseIndex(caseOf(tf, r)) }, func(r int) uint8 { return caseIndex(caseOf(old, r)) })
	fmt.Fprintf(w, "/// unicode.ToUpper, ToLower and ToTitle as (upper, lower, title) deltas.\npub(super) static CASE_DELTAS: [(i32, i32, i32); %d] = [", len(deltas))
	for i, t := range deltas {
		if i%4 == 0 {
			w.WriteString("\n   ")
		}
		fmt.Fprintf(w, " (%d, %d, %d),", t[0], t[1], t[2])
	}
	w.WriteString("\n];\n\n")
	writeRuns(w, "CASE_15", "Index into CASE_DELTAS, or 0xFE: upper case at an even distance from the\n/// run's start, its lower case after it.", case15)
	writeRuns(w, "CASE_13", "", case13)

	// Character classes.
	bit := func(b []bool) func(int) uint8 {
		return func(r int) uint8 {
			if b[r] {
				return 1
			}
			return 0
		}
	}
	writeRuns(w, "SPACE", "unicode.IsSpace, the same in both versions.", runs(bit(tf.Space)))
	writeRuns(w, "PRINT_15", "strconv.IsPrint.", runs(bit(tf.Print)))
	writeRuns(w, "PRINT_13", "", diff(bit(tf.Print), bit(old.Print)))
}

func writeRuns(w *bytes.Buffer, name, doc string, table []uint32) {
	if doc != "" {
		fmt.Fprintf(w, "/// %s\n", doc)
	}
	fmt.Fprintf(w, "pub(super) const %s: [u32; %d] = [", name, len(table))
	for i, e := range table {
		if i%8 == 0 {
			w.WriteString("\n   ")
		}
		fmt.Fprintf(w, " 0x%08X,", e)
	}
	w.WriteString("\n];\n\n")
}

func writeU16s(w *bytes.Buffer, name, doc string, vs []uint16) {
	fmt.Fprintf(w, "/// %s\npub(super) static %s: [u16; %d] = [", strings.TrimSpace(doc), name, len(vs))
	for i, v := range vs {
		if i%8 == 0 {
			w.WriteString("\n   ")
		}
		fmt.Fprintf(w, " 0x%04X,", v)
	}
	w.WriteString("\n];\n\n")
}

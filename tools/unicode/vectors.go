package main

// Writes tests/unicode/vectors.json.gz, JSON Lines:
//
//	{"versions": {"15": ..., "13": ...}}                 what made them
//	{"version": V, "properties": [[first, last, nfc, class, upper, lower, title, bits], ...]}
//	{"decompositions": {"code point": "decomposition", ...}}  (both versions)
//	{"version": V, "sequences": "..."}                   see seqMasks
//	[string, unicode 15 results, unicode 13 results]       one per test string
//
// where results are [nfc, clusters, count, upper, lower, title, trimspace].
//
// properties are runs of code points alike in x/text's NFC properties
// (packed as in dump.go), grapheme class, case deltas and bits (1:
// unicode.IsSpace, 2: strings.Title separator, 4: strconv.IsPrint);
// surrogates are left out. clusters are the byte lengths of the string's
// grapheme clusters (ScanGraphemeClusters with atEOF) as [length, times]
// runs; count is textseg.TokenCount (through a bufio.Scanner). In Unicode
// 15's results a null string is the test string unchanged; Unicode 13's
// results are null where all are the same as Unicode 15's, else hold null
// for each that is.

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"reflect"
)

func writeVectors(path string, tests []string, tf, old *Dump) {
	f, err := os.Create(path)
	check(err)
	z, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	check(err)
	enc := json.NewEncoder(z)
	enc.SetEscapeHTML(false)
	line := func(v interface{}) { check(enc.Encode(v)) }

	line(map[string]interface{}{"versions": map[string]string{
		"15": tf.Go + ", x/text v0.41.0 (tables " + tf.Norm + "), go-textseg v15.0.0",
		"13": old.Go + ", x/text v0.7.0 (tables " + old.Norm + "), go-textseg v13.0.0",
	}})
	for _, v := range []struct {
		n int
		d *Dump
	}{{15, tf}, {13, old}} {
		d := v.d
		row := func(r int) []int64 {
			bits := 0
			for i, b := range []bool{d.Space[r], d.Sep[r], d.Print[r]} {
				if b {
					bits |= 1 << i
				}
			}
			return []int64{int64(d.Info[r]), int64(d.Class[r]), int64(d.Upper[r]), int64(d.Lower[r]), int64(d.Title[r]), int64(bits)}
		}
		var props [][]int64
		for r := 0; r <= maxRune; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			cur := row(r)
			if n := len(props); n > 0 && props[n-1][1] == int64(r-1) && reflect.DeepEqual(props[n-1][2:], cur) {
				props[n-1][1] = int64(r)
				continue
			}
			props = append(props, append([]int64{int64(r), int64(r)}, cur...))
		}
		line(map[string]interface{}{"version": v.n, "properties": props})
		if v.n == 15 {
			line(map[string]interface{}{"decompositions": d.Decomp})
		}
		line(map[string]interface{}{"version": v.n, "sequences": d.Seqs})
	}
	for i, t := range tests {
		r15 := row(tf.Results[i])
		for j, out := range r15 {
			if j != 1 && j != 2 && out == t {
				r15[j] = nil
			}
		}
		var r13 []interface{}
		if !reflect.DeepEqual(tf.Results[i], old.Results[i]) {
			r13 = row(old.Results[i])
			for j, out := range row(tf.Results[i]) {
				if reflect.DeepEqual(out, r13[j]) {
					r13[j] = nil
				}
			}
		}
		line([]interface{}{t, r15, r13})
	}
	check(z.Close())
	check(f.Close())
}

func row(r Result) []interface{} {
	return []interface{}{r.NFC, rle(r.Clusters), r.Count, r.Upper, r.Lower, r.Title, r.Trim}
}

// rle: [length, times] pairs.
func rle(ns []int) [][2]int {
	var out [][2]int
	for _, n := range ns {
		if k := len(out); k > 0 && out[k-1][0] == n {
			out[k-1][1]++
			continue
		}
		out = append(out, [2]int{n, 1})
	}
	return out
}

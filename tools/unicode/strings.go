package main

// The test strings: random mixtures of what makes Unicode text hard
// (combining marks in every order, Hangul jamo, emoji ZWJ sequences,
// regional indicators, prepended marks, characters added in Unicode 14 and
// 15, characters whose case mappings changed), every composition pair with
// its look-alikes in other planes, and long strings that cross
// bufio.Scanner's 4 KiB reads and its 64 KiB limit.

import (
	"math/rand"
	"strings"
	"unicode/utf8"
)

func rs(lo, hi rune) []string {
	var out []string
	for r := lo; r <= hi; r++ {
		out = append(out, string(r))
	}
	return out
}

func cat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func chars(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}

var pools = [][]string{
	// ASCII, spaces and line ends.
	cat(chars("abcxyzABCXYZ019 _-.,!?'\"$%{}"), chars("\t\n\r\v\f "), []string{"\r\n"}),
	// Latin, Greek and other cased letters, with their special mappings.
	chars("éÉñÑßẞǅǄǆǇǈǉǲİıſﬀKÅΩÿŉǰΐάὰᾳᾼῳῼᾀᾈσςΣµÆæĳ"),
	chars("ⓐⒶꭓꞵ\u019b\u0264\u1c89\u1c8a\ua7cb\ua7cc\ua7dc\u2c2f\u2c5f\ua7c0\ua7c1\ua7d0\ua7d1\ua7d6\ua7d7\ua7d8\ua7d9\ua7f5\ua7f6"),
	cat(rs(0x10570, 0x1057A), rs(0x10594, 0x10597), rs(0x105B3, 0x105B6), rs(0x10D50, 0x10D52), rs(0x10D70, 0x10D72), rs(0x16EA0, 0x16EA2), rs(0x16EBB, 0x16EBD)),
	chars("ΑαБбԱաႠⴀᏸᏰꙀꙁ𐐀𐐨𞤀𞤢ǅა\u10d0\u10fa\u10fd\u1c90\u1cbd"),
	// Combining marks of many classes, some that compose, some new.
	cat(rs(0x300, 0x315), chars("\u0316\u031b\u0323\u0327\u0328\u0331\u0334\u0338\u0340\u0341\u0343\u0344\u0345\u034f\u05b0\u05bc\u0591\u064b\u0670\u093c\u094d\u0e38\u0e48\u1dce\u20d0\u302a\u3099\u309a\ufb1e")),
	cat(rs(0x1AB0, 0x1ACE), rs(0x1DC0, 0x1DCF), rs(0x1DF9, 0x1DFF), rs(0x0898, 0x089F), rs(0x08CA, 0x08D3), chars("\u0c3c\u0cf3\u0f71\u0f72\u0f73\u0f74\u0f75\u0f80\u0f81")),
	cat(rs(0x1D165, 0x1D172), rs(0x1D15E, 0x1D164), rs(0x1D1BB, 0x1D1C0), rs(0x10EFD, 0x10EFF), rs(0x1E08F, 0x1E08F), rs(0x1E4EC, 0x1E4EF), rs(0x11F00, 0x11F05), rs(0x11F34, 0x11F42), rs(0x11241, 0x11241)),
	// Hangul syllables and jamo.
	cat(chars("가각힣\uac1c\ud7a3"), rs(0x1100, 0x1104), rs(0x1110, 0x1114), rs(0x115e, 0x1162), rs(0x1173, 0x1177), rs(0x11a6, 0x11a9), rs(0x11c1, 0x11c4), chars("\ua960\ua97c\ud7b0\ud7c6\ud7cb\ud7fb")),
	// Emoji, modifiers, ZWJ sequences, flags and tags.
	cat(chars("😀👨👩👧❤\ufe0f\ufe0e\u200d©™🏴\u2764\u261d\u26f9"), rs(0x1F3FB, 0x1F3FF), rs(0x1F1E6, 0x1F1EA), rs(0xE0061, 0xE0067), chars("\U000e007f\U0001fae8\U0001f6dc\U0001fa75\U0001faf7\U0001f6dd\U0001fae0\U0001faf0\U0001f979\U0001faf9\U0001fbff\U0001f90c"),
		[]string{"👨\u200d👩\u200d👧", "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "🇩🇪", "👍🏽", "\U0001fae8\u200d\U0001f6dc"}),
	// Prepended concatenation marks, controls and other breakers.
	cat(rs(0x600, 0x605), chars("\u06dd\u070f\u0890\u0891\u08e2\u0d4e\U000110bd\U000110cd\U000111c2\U00011a3a\U00011f02\u0000\u0085\u00ad\u200b\u200e\u2028\ufeff\ufffd\U000e0001\u061c")),
	// Indic and other scripts: spacing marks, composing vowel signs.
	chars("कक़\u0958\u0929\u0931\u0934\u0903\u093e\u093f\u0e33\u0eb3\u09cb\u09c7\u09be\u0b4b\u0b47\u0b3e\u0b56\u0bca\u0bc6\u0dda\u0dd9\u0dca\u0dcf\u0ddf\u1b05\u1b35\U00011099\U000110ba\U00011131\U00011127\U00011347\U0001133e\U000114b9\U000114ba\U000114b0\U000115b8\U000115af\U00011935\U00011930"),
	// CJK, compatibility ideographs (singleton decompositions), spaces.
	chars("中文字\uf900\ufa10\U0002f800\u3000\u00a0\u2000\u2009\u200a\u1680\u180e\u202f\u205f\u2126\u212a\u212b\u1f71\u0374\u037e\u0387"),
	// Unassigned, noncharacters, private use, the last code point.
	chars("\u0378\u0530\ufdd0\uffff\U0001ffff\U0010ffff\ue000\U000f0000\U000e0080\u2fe0\U0003134b\U00031350\U0002b739"),
}

func testStrings(comps [][3]rune) []string {
	rnd := rand.New(rand.NewSource(20240615))
	out := compositionStrings(comps)
	anyRune := func() string {
		for {
			var r rune
			switch rnd.Intn(4) {
			case 0:
				r = rune(rnd.Intn(0x3000))
			case 1:
				r = rune(rnd.Intn(0x10000))
			case 2:
				r = rune(0x10000 + rnd.Intn(0x20000))
			default:
				r = rune(rnd.Intn(0x110000))
			}
			if utf8.ValidRune(r) {
				return string(r)
			}
		}
	}
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		n := 1 + rnd.Intn(12)
		if rnd.Intn(10) == 0 {
			n += rnd.Intn(40)
		}
		focus := pools[rnd.Intn(len(pools))]
		for j := 0; j < n; j++ {
			switch k := rnd.Intn(20); {
			case k < 9:
				b.WriteString(focus[rnd.Intn(len(focus))])
			case k < 18:
				p := pools[rnd.Intn(len(pools))]
				b.WriteString(p[rnd.Intn(len(p))])
			default:
				b.WriteString(anyRune())
			}
		}
		out = append(out, b.String())
	}
	// Runs of non-starters past x/text's stream-safe limit of 30.
	marks := cat(pools[5], pools[6])
	for i := 0; i < 60; i++ {
		var b strings.Builder
		b.WriteString([]string{"a", "e", "\u1100", "\uac00", "\u0300", "", "\U0001d15f", "\u0f73"}[i%8])
		for j, n := 0, 25+rnd.Intn(50); j < n; j++ {
			b.WriteString(marks[rnd.Intn(len(marks))])
			if rnd.Intn(25) == 0 {
				b.WriteString("o")
			}
		}
		out = append(out, b.String())
	}
	return append(out, longStrings(rnd)...)
}

// compositionStrings: every pair that composes, and the same pair with the
// first character moved to another plane (x/text keys its composition
// map on the low 16 bits of both).
func compositionStrings(pairs [][3]rune) []string {
	var out []string
	for i, p := range pairs {
		out = append(out, string(p[0])+string(p[1]), string(p[0])+"\u0323"+string(p[1]))
		if a := rune(i%16+1)<<16 | p[0]&0xFFFF; a != p[0] && utf8.ValidRune(a) {
			out = append(out, string(a)+string(p[1]))
		}
	}
	return out
}

// longStrings cross the scanner's reads: clusters cut at 4096-byte
// boundaries, a CR or LF that makes it read on to the end, and a rest past
// 64 KiB that makes it give up (bufio.ErrTooLong).
func longStrings(rnd *rand.Rand) []string {
	rep := strings.Repeat
	out := []string{
		rep("a", 4095) + "e\u0301x",
		rep("a", 4094) + "\r\nb",
		rep("a", 4095) + "\r\nb",
		rep("a", 4094) + "e\u0301",
		rep("é", 2047) + "\u0301\u0302" + rep("b", 10),
		rep("😀", 1023) + "\u200d😀" + rep("a", 3),
		rep("🇩", 2049),
		rep("\u0915\u094d", 1500),
		"\n" + rep("a", 70000),
		"a\r" + rep("e\u0301", 30000),
		rep("a", 5000) + "\n" + rep("b", 70000),
		rep("a", 4000) + "\r" + rep("c\u0327", 20000),
		rep(" ", 4095) + "\u3000" + rep("\u2003", 2000) + "x",
		rep("\t", 4095) + "\r\n" + rep(" ", 5000),
		rep("\u00a0", 2047) + " " + rep("\u00a0", 100),
		rep("x", 8191) + "\u0301" + rep("y", 100),
	}
	for i := 0; i < 4; i++ {
		var b strings.Builder
		for b.Len() < 4096+rnd.Intn(2000) {
			p := pools[rnd.Intn(len(pools))]
			s := p[rnd.Intn(len(p))]
			if i < 2 && strings.ContainsAny(s, "\r\n") {
				continue
			}
			b.WriteString(s)
		}
		out = append(out, b.String())
	}
	return out
}

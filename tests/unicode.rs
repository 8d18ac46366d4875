//! The Unicode module against the engines' Go libraries: every vector
//! `tools/unicode` recorded from them (`tests/unicode/vectors.json.gz`,
//! described in `tools/unicode/vectors.go`) — every code point's
//! properties, the first cluster of every short sequence of grapheme
//! classes, and what Go makes of a few thousand strings — in Unicode 15
//! (Terraform, OpenTofu) and 13 (hcl 2.14). Then the same through the
//! language, per profile.

mod common;

use flate2::read::GzDecoder;
use hcl_playground::text::unicode::{
    decomposition, grapheme_count, graphemes, is_print, is_space, nfc, nfc_properties, scan_grapheme, simple_case, title, to_lower,
    to_upper, token_count, trim_space, Case, Class, Version,
};
use hcl_playground::Profile;
use serde_json::Value as Json;
use std::io::Read;
use std::sync::OnceLock;

fn vectors() -> &'static [Json] {
    static VECTORS: OnceLock<Vec<Json>> = OnceLock::new();
    VECTORS.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/unicode/vectors.json.gz");
        let mut text = String::new();
        GzDecoder::new(std::fs::File::open(path).expect("the vectors are there")).read_to_string(&mut text).expect("gzipped UTF-8");
        text.split('\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
    })
}

fn version(n: &Json) -> Version {
    match n.as_u64() {
        Some(13) => Version::Unicode13,
        Some(15) => Version::Unicode15,
        _ => panic!("unknown version {n}"),
    }
}

fn char_at(u: u64) -> Option<char> {
    char::from_u32(u as u32)
}

/// Fails listing the first mismatches, if any.
fn report(what: &str, mismatches: Vec<String>) {
    if !mismatches.is_empty() {
        let n = mismatches.len();
        panic!("{n} {what} differ from Go's:\n{}", mismatches.into_iter().take(25).collect::<Vec<_>>().join("\n"));
    }
}

#[test]
fn every_code_point_has_gos_properties() {
    let mut bad = Vec::new();
    let mut seen = 0;
    for line in vectors().iter().filter(|l| l.get("properties").is_some()) {
        let v = version(&line["version"]);
        for run in line["properties"].as_array().expect("runs") {
            let f: Vec<i64> = run.as_array().expect("a run").iter().map(|x| x.as_i64().expect("a number")).collect();
            for u in f[0]..=f[1] {
                let Some(c) = char_at(u as u64) else { continue };
                seen += 1;
                let mut got = vec![
                    nfc_properties(c, v).0 as i64,
                    Class::of(c, v) as i64,
                    simple_case(c, Case::Upper, v) as i64 - u,
                    simple_case(c, Case::Lower, v) as i64 - u,
                    simple_case(c, Case::Title, v) as i64 - u,
                ];
                let separator = title(&format!("a{c}a"), v).ends_with('A');
                got.push(is_space(c) as i64 | (separator as i64) << 1 | (is_print(c, v) as i64) << 2);
                if got != f[2..] {
                    bad.push(format!("{v:?} U+{u:04X}: Go {:?}, ours {got:?}", &f[2..]));
                }
            }
        }
    }
    assert_eq!(seen, 2 * (0x110000 - 0x800), "every code point of both versions");
    report("code points", bad);
}

#[test]
fn decompositions_are_x_texts() {
    let line = vectors().iter().find(|l| l.get("decompositions").is_some()).expect("decompositions");
    let map = line["decompositions"].as_object().expect("a map");
    let mut bad = Vec::new();
    for u in 0..=0x10FFFFu32 {
        let Some(c) = char::from_u32(u) else { continue };
        let want = map.get(&u.to_string()).and_then(Json::as_str).unwrap_or("");
        if decomposition(c) != want {
            bad.push(format!("U+{u:04X}: Go {want:?}, ours {:?}", decomposition(c)));
        }
    }
    report("decompositions", bad);
}

/// go-textseg's scanner over every sequence of one to four class
/// representatives (the order of `seqOrder` in tools/unicode/dump.go).
#[test]
fn every_short_class_sequence_clusters_as_in_go() {
    const REPS: [char; 14] = [
        'a',
        '\r',
        '\n',
        '\0',
        '\u{300}',
        '\u{200D}',
        '\u{1F1E6}',
        '\u{600}',
        '\u{1100}',
        '\u{1161}',
        '\u{11A8}',
        '\u{AC00}',
        '\u{AC01}',
        '\u{A9}',
    ];
    let mut bad = Vec::new();
    for line in vectors().iter().filter(|l| l.get("sequences").is_some()) {
        let v = version(&line["version"]);
        let mut want = line["sequences"].as_str().expect("digits").bytes();
        for n in 1..=4u32 {
            for i in 0..REPS.len().pow(n) {
                let s: String = (0..n).rev().map(|k| REPS[i / REPS.len().pow(k) % REPS.len()]).collect();
                let first = scan_grapheme(s.as_bytes(), true, v).expect("at the end");
                let got = s[..first].chars().count() as u8 + b'0';
                let w = want.next().expect("a digit per sequence");
                if got != w {
                    bad.push(format!("{v:?} {s:?}: Go's first cluster has {} characters, ours {}", w - b'0', got - b'0'));
                }
            }
        }
        assert!(want.next().is_none(), "as many sequences as Go's");
    }
    report("sequences", bad);
}

#[test]
fn strings_are_normalised_clustered_and_cased_as_in_go() {
    let mut bad = Vec::new();
    let mut n = 0;
    for line in vectors().iter().filter(|l| l.is_array()) {
        let s = line[0].as_str().expect("the test string");
        let r15 = line[1].as_array().expect("Unicode 15's results");
        let r13 = line[2].as_array();
        n += 1;
        for v in [Version::Unicode15, Version::Unicode13] {
            let want = |i: usize| -> &Json {
                match (v, r13) {
                    (Version::Unicode13, Some(r)) if !r[i].is_null() => &r[i],
                    _ => &r15[i],
                }
            };
            let text = |i: usize| want(i).as_str().unwrap_or(s).to_string();
            let short = |x: &str| {
                if x.len() > 80 {
                    format!("{:?}… ({} bytes)", &x[..x.floor_char_boundary_compat(80)], x.len())
                } else {
                    format!("{x:?}")
                }
            };
            let mut check = |what: &str, want: String, got: String| {
                if want != got {
                    bad.push(format!("{v:?} {what} of {}: Go {}, ours {}", short(s), short(&want), short(&got)));
                }
            };
            check("NFC", text(0), nfc(s.to_string(), v));
            let clusters: Vec<usize> = graphemes(s, v).map(str::len).collect();
            let mut runs: Vec<(usize, usize)> = Vec::new();
            for len in clusters {
                match runs.last_mut() {
                    Some((l, times)) if *l == len => *times += 1,
                    _ => runs.push((len, 1)),
                }
            }
            let want_runs: Vec<(usize, usize)> = want(1)
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| (p[0].as_u64().unwrap_or(0) as usize, p[1].as_u64().unwrap_or(0) as usize))
                .collect();
            check("clusters", format!("{want_runs:?}"), format!("{runs:?}"));
            check("cluster count", want_runs.iter().map(|r| r.1).sum::<usize>().to_string(), grapheme_count(s, v).to_string());
            check("TokenCount", want(2).to_string(), token_count(s, v).to_string());
            check("ToUpper", text(3), to_upper(s, v));
            check("ToLower", text(4), to_lower(s, v));
            check("Title", text(5), title(s, v));
            check("TrimSpace", text(6), trim_space(s).to_string());
        }
    }
    assert!(n > 4000, "the test strings are there");
    report("results", bad);
}

trait FloorCharBoundary {
    fn floor_char_boundary_compat(&self, at: usize) -> usize;
}

impl FloorCharBoundary for str {
    fn floor_char_boundary_compat(&self, mut at: usize) -> usize {
        while !self.is_char_boundary(at) {
            at -= 1;
        }
        at
    }
}

/// The examples that first showed the versions apart, through the
/// language: Unicode 15 in Terraform and OpenTofu, 13 in hcl 2.14.
#[test]
fn profiles_answer_in_their_unicode_version() {
    const VARS: &str = "{}";
    for p in [Profile::Terraform, Profile::OpenTofu] {
        common::ok_in(p, VARS, r#"length("\U00011f02\U00011f00")"#, "1", "number");
        common::ok_in(p, VARS, r#"length("a\u1ac1\u0323")"#, "1", "number");
        common::ok_in(p, VARS, r#"split("", "a\u1ac1\u0323")"#, "tolist([\n  \"ạ\",\n  \"\u{1ac1}\",\n])", "list(string)");
        common::ok_in(p, VARS, r#"upper("\U00010597")"#, "\"\u{10570}\"", "string");
        common::ok_in(p, VARS, r#""\U00010041\u0301""#, "\"Á\"", "string");
    }
    let legacy = Profile::Hcl214;
    common::ok_in(legacy, VARS, r#"length("\U00011f02\U00011f00")"#, "2", "number");
    common::ok_in(legacy, VARS, r#"length("a\u1ac1\u0323")"#, "2", "number");
    common::ok_in(legacy, VARS, r#"split("", "a\u1ac1\u0323")"#, "tolist([\n  \"a\",\n  \"\\u1ac1\",\n  \"̣\",\n])", "list(string)");
    common::ok_in(legacy, VARS, r#"upper("\U00010597")"#, "\"\\U00010597\"", "string");
    common::ok_in(legacy, VARS, r#""\U00010041\u0301""#, "\"Á\"", "string");
}

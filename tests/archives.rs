//! `src/archive` writes the bytes Go writes: each case of
//! `tests/archive/go.jsonl` was recorded from Go's standard library by
//! `tools/reference/archives` (deflate at levels 4–9, gzip as
//! `base64gzip` writes it, zip and tar.gz as the archive provider writes
//! them), with its length, SHA-256 and first bytes.

mod common;

use hcl_playground::archive::{deflate::Deflater, gzip, tar_gz, zip, TarEntry, ZipEntry};
use serde_json::Value as Json;
use sha2::Digest;
use std::path::Path;

/// An input as the recorder describes it: text, or bytes of its LCG.
fn input(spec: &Json) -> Vec<u8> {
    if let Some(t) = spec["text"].as_str() {
        return t.as_bytes().to_vec();
    }
    let (mut x, n) = (spec["seed"].as_u64().unwrap_or(0), spec["n"].as_u64().unwrap() as usize);
    let alphabet = spec["alphabet"].as_str().unwrap_or("").as_bytes();
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            match alphabet.len() {
                0 => (x >> 56) as u8,
                len => alphabet[((x >> 33) % len as u64) as usize],
            }
        })
        .collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|c| format!("{c:02x}")).collect()
}

#[test]
fn archives_match_go() {
    let cases = common::read_jsonl(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/archive/go.jsonl"));
    assert!(cases.len() >= 100);
    let mut failed = Vec::new();
    let mut unsupported = 0;
    for (i, case) in cases.iter().enumerate() {
        let writes: Vec<Vec<u8>> = case["writes"].as_array().map(|w| w.iter().map(input).collect()).unwrap_or_default();
        let entries: Vec<(String, Vec<u8>, Option<i64>)> = case["entries"]
            .as_array()
            .map(|es| es.iter().map(|e| (e["name"].as_str().unwrap().to_string(), input(&e["input"]), e["mode"].as_i64())).collect())
            .unwrap_or_default();
        let got = match case["kind"].as_str().unwrap() {
            "deflate" => {
                let mut d = Deflater::new(case["level"].as_i64().unwrap() as i32);
                for w in &writes {
                    d.write(w);
                }
                Some(d.close())
            }
            "gzip" => Some(gzip(&writes.iter().map(Vec::as_slice).collect::<Vec<_>>(), case["flush"] == true)),
            "zip" => Some(zip(&entries
                .iter()
                .map(|(name, content, mode)| ZipEntry { name: name.clone(), content, mode: mode.map(|m| m as u32) })
                .collect::<Vec<_>>())),
            "tar.gz" => tar_gz(
                &entries
                    .iter()
                    .map(|(name, content, mode)| TarEntry {
                        name: name.clone(),
                        content,
                        mode: mode.unwrap_or(0),
                        from_file: mode.is_some(),
                    })
                    .collect::<Vec<_>>(),
            ),
            k => panic!("unknown kind {k}"),
        };
        let Some(got) = got else {
            // Go writes a PAX header for a name USTAR cannot hold.
            assert!(entries.iter().any(|(n, _, _)| !n.is_ascii()), "case {i}: no archive written");
            unsupported += 1;
            continue;
        };
        let sum = hex(&sha2::Sha256::digest(&got));
        if sum != case["sha256"].as_str().unwrap() || got.len() as u64 != case["len"].as_u64().unwrap() {
            failed.push(format!(
                "case {i} ({} level {}): {} bytes, head {}; Go wrote {} bytes, head {}",
                case["kind"],
                case["level"],
                got.len(),
                &hex(&got)[..hex(&got).len().min(96)],
                case["len"],
                case["head"].as_str().unwrap()
            ));
        }
    }
    assert_eq!(unsupported, 1);
    assert!(failed.is_empty(), "{} of {} differ:\n{}", failed.len(), cases.len(), failed.join("\n"));
}

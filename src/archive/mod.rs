//! Compressed formats byte for byte as Go's standard library writes them
//! (`compress/flate`, `compress/gzip`, `archive/zip`, `archive/tar`):
//! Terraform's `base64gzip` and the `archive_file` data source report
//! hashes of these bytes, so only Go's own choices give the same answer.
//!
//! A leaf, like [`crate::text`]: it depends on nothing else in the crate.
//!
//! ```
//! use hcl_playground::archive::{gzip, zip, ZipEntry};
//!
//! // Terraform's base64gzip("hello"): written, flushed, closed.
//! let gz = gzip(&[b"hello"], true);
//! assert_eq!(&gz[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
//!
//! // An archive of one file as the archive provider writes it.
//! let z = zip(&[ZipEntry { name: "a.txt".into(), content: b"hi\n", mode: Some(0o644) }]);
//! assert_eq!(&z[..4], b"PK\x03\x04");
//! ```

pub mod deflate;

use deflate::Deflater;

/// Go's `gzip.Writer` at its default level, without a name or time: the
/// data in the writes given (each one `Write`), flushed before closing
/// when `flush` is set.
pub fn gzip(writes: &[&[u8]], flush: bool) -> Vec<u8> {
    let mut d = Deflater::new(-1);
    let mut crc = crc32fast::Hasher::new();
    let mut size: u32 = 0;
    for w in writes {
        d.write(w);
        crc.update(w);
        size = size.wrapping_add(w.len() as u32);
    }
    if flush {
        d.flush();
    }
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    out.extend_from_slice(&d.close());
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes());
    out
}

/// A file to put in a zip archive.
pub struct ZipEntry<'a> {
    /// Its name in the archive (slash-separated).
    pub name: String,
    /// Its bytes.
    pub content: &'a [u8],
    /// The Unix permission bits of a header made from a file's
    /// `FileInfo` (the archive provider's files, which it also dates to
    /// Go's zero time); `None` for `Writer.Create` (content given inline).
    pub mode: Option<u32>,
}

/// MS-DOS date of Go's zero time (year 1) as `timeToMsDosTime` wraps it.
const ZERO_TIME_DOS_DATE: u16 = (1 + (1 << 5) + ((1i32 - 1980) << 9)) as u16;

/// A zip archive as Go's `zip.Writer` writes it: each entry deflated at
/// level 5 with a data descriptor, then the central directory.
pub fn zip(entries: &[ZipEntry]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for e in entries {
        let offset = out.len() as u32;
        let (creator, date, external) = match e.mode {
            Some(mode) => {
                let mut external = (0x8000 | (mode & 0o777)) << 16;
                if mode & 0o200 == 0 {
                    external |= 1; // MS-DOS read-only
                }
                (0x0300 | 20, ZERO_TIME_DOS_DATE, external)
            }
            None => (20, 0, 0),
        };
        let needs_utf8 = e.name.chars().any(|c| (c as u32) < 0x20 || (c as u32) > 0x7d || c == '\\');
        let flags: u16 = 0x8 | if needs_utf8 { 0x800 } else { 0 };
        let mut d = Deflater::new(5);
        d.write(e.content);
        let data = d.close();
        let crc = crc32fast::hash(e.content);
        let name = e.name.as_bytes();
        // Local header: version, flags, method, time, date, CRC and
        // sizes left zero (the descriptor follows), name, no extra.
        out.extend_from_slice(b"PK\x03\x04");
        for v in [20u16, flags, 8, 0, date] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&[0; 12]);
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0; 2]);
        out.extend_from_slice(name);
        out.extend_from_slice(&data);
        out.extend_from_slice(b"PK\x07\x08");
        for v in [crc, data.len() as u32, e.content.len() as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        central.extend_from_slice(b"PK\x01\x02");
        for v in [creator, 20, flags, 8, 0, date] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        for v in [crc, data.len() as u32, e.content.len() as u32] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        central.extend_from_slice(&(name.len() as u16).to_le_bytes());
        central.extend_from_slice(&[0; 8]); // extra, comment, disk, internal attributes
        central.extend_from_slice(&external.to_le_bytes());
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name);
    }
    let start = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    let records = entries.len() as u16;
    out.extend_from_slice(&records.to_le_bytes());
    out.extend_from_slice(&records.to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&start.to_le_bytes());
    out.extend_from_slice(&[0; 2]);
    out
}

/// A file to put in a tar archive.
pub struct TarEntry<'a> {
    /// Its name in the archive.
    pub name: String,
    /// Its bytes.
    pub content: &'a [u8],
    /// `Header.Mode`.
    pub mode: i64,
    /// Whether it is copied from a file (`io.Copy`, in writes of 32 KiB)
    /// rather than written at once.
    pub from_file: bool,
}

/// A gzipped tar archive as the archive provider writes it (`tar.Writer`
/// over `gzip.Writer`, headers dated to Go's zero time, which tar writes
/// as 0), or `None` where Go would write a PAX header (a name that USTAR
/// cannot hold), which is not reproduced.
pub fn tar_gz(entries: &[TarEntry]) -> Option<Vec<u8>> {
    const ZEROS: [u8; 512] = [0; 512];
    let headers = entries.iter().map(|e| ustar_header(&e.name, e.mode, e.content.len() as u64)).collect::<Option<Vec<_>>>()?;
    // The writes as the tar writer makes them, each a gzip Write: a
    // header, the content (a file's in io.Copy's 32 KiB reads), the
    // padding to a block, and two zero blocks at the end.
    let mut writes: Vec<&[u8]> = Vec::new();
    for (e, header) in entries.iter().zip(&headers) {
        writes.push(header);
        match e.from_file {
            true => writes.extend(e.content.chunks(32 * 1024)),
            false if e.content.is_empty() => {}
            false => writes.push(e.content),
        }
        let pad = (512 - e.content.len() % 512) % 512;
        if pad > 0 {
            writes.push(&ZEROS[..pad]);
        }
    }
    writes.extend([&ZEROS[..], &ZEROS[..]]);
    Some(gzip(&writes, false))
}

/// A USTAR header block, the name split into prefix and name where it is
/// longer than 100 bytes; `None` where USTAR cannot hold it.
fn ustar_header(name: &str, mode: i64, size: u64) -> Option<[u8; 512]> {
    if !name.is_ascii() || name.contains('\0') || !(0..0o7777777).contains(&mode) || size >= 0o77777777777 {
        return None;
    }
    let (prefix, name) = match name.len() {
        0..=100 => ("", name),
        // Go's splitUSTARPath: at the last slash within the first 156
        // bytes (not a trailing one), a prefix of at most 155 bytes and a
        // name of 1 to 100.
        len => {
            let bytes = name.as_bytes();
            let limit = if len > 156 {
                156
            } else if bytes[len - 1] == b'/' {
                len - 1
            } else {
                len
            };
            let i = bytes[..limit].iter().rposition(|&c| c == b'/')?;
            let suffix = len - i - 1;
            if i == 0 || suffix > 100 || suffix == 0 || i > 155 {
                return None;
            }
            (&name[..i], &name[i + 1..])
        }
    };
    let mut b = [0u8; 512];
    let put = |b: &mut [u8; 512], at: usize, s: &[u8]| b[at..at + s.len()].copy_from_slice(s);
    let octal = |b: &mut [u8; 512], at: usize, width: usize, v: u64| {
        let s = format!("{v:0w$o}", w = width - 1);
        b[at..at + s.len()].copy_from_slice(s.as_bytes());
    };
    put(&mut b, 0, name.as_bytes());
    octal(&mut b, 100, 8, mode as u64);
    octal(&mut b, 108, 8, 0);
    octal(&mut b, 116, 8, 0);
    octal(&mut b, 124, 12, size);
    octal(&mut b, 136, 12, 0);
    b[156] = b'0';
    put(&mut b, 257, b"ustar\x0000");
    octal(&mut b, 329, 8, 0);
    octal(&mut b, 337, 8, 0);
    put(&mut b, 345, prefix.as_bytes());
    let sum: u32 = b.iter().enumerate().map(|(i, &c)| if (148..156).contains(&i) { b' ' as u32 } else { c as u32 }).sum();
    octal(&mut b, 148, 7, sum as u64);
    b[155] = b' ';
    Some(b)
}

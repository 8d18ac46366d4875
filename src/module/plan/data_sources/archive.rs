//! hashicorp/archive's `archive_file` data source, read while planning as
//! the provider reads it: the archive built from the module's files (or
//! the content given) with Go's bytes ([`crate::archive`]), then its size
//! and hashes. Files are taken as mode 0644 (what a checkout usually
//! gives them) unless `output_file_mode` says otherwise.

use crate::archive::{tar_gz, zip, TarEntry, ZipEntry};
use crate::diagnostics::Diagnostic;
use crate::module::load::config::Resource;
use crate::module::load::files::{within, FileSystem};
use crate::module::plan::Planner;
use crate::value::{SortedMap, Value};

/// What goes in the archive, and how each entry was made.
struct Source<'a> {
    name: String,
    content: &'a [u8],
    /// Made from a file (its header from the file's `FileInfo`), not
    /// written inline (`Writer.Create`).
    from_file: bool,
}

/// The attributes the provider sets, or its error (`Err(Some)`); `Err(None)`
/// where the playground cannot know the archive (left unknown).
pub(super) fn read(p: &Planner, config: &SortedMap<Value>) -> Result<SortedMap<Value>, Option<String>> {
    let text = |name: &str| config.get(name).and_then(|v| v.as_str());
    let fs = FileSystem::new(p.module);
    let kind = text("type").unwrap_or_default();
    if kind != "zip" && kind != "tar.gz" {
        return Err(Some(format!("archive type not supported: {kind}")));
    }
    let mode = text("output_file_mode").filter(|m| !m.is_empty()).map(|m| parse_mode(m).ok_or_else(|| m.to_string()));
    let bad_mode = |m: &String, what: &str| Some(format!("error archiving {what}: error parsing output_file_mode value: {m}"));
    let mut sources = Vec::new();
    if let Some(dir) = text("source_dir") {
        if fs.is_file(dir) {
            return Err(Some(format!("error archiving directory: could not archive directory that is a file: {dir}")));
        }
        let Some(files) = fs.walk(dir) else {
            return Err(Some(format!("error archiving directory: could not archive missing directory: {dir}")));
        };
        let excludes: Vec<&str> =
            config.get("excludes").and_then(Value::as_sequence).unwrap_or(&[]).iter().filter_map(Value::as_str).collect();
        let patterns: Vec<_> =
            excludes.iter().filter(|e| !e.is_empty()).filter_map(|e| crate::functions::glob::Pattern::new(e).ok()).collect();
        if patterns.len() != excludes.iter().filter(|e| !e.is_empty()).count() {
            return Err(None);
        }
        let excluded = |path: &str| patterns.iter().any(|p| p.matches(path));
        if excluded(".") {
            return Err(Some("error archiving directory: archive has not been created as it would be empty".into()));
        }
        // A file that matches is left out, and a directory with all it holds.
        let skipped = |path: &str| excluded(path) || path.match_indices('/').any(|(i, _)| excluded(&path[..i]));
        for (path, content) in files {
            if !skipped(&path) {
                sources.push(Source { name: path, content, from_file: true });
            }
        }
        if sources.is_empty() {
            return Err(Some("error archiving directory: archive has not been created as it would be empty".into()));
        }
        if let Some(Err(m)) = &mode {
            return Err(bad_mode(m, "directory"));
        }
        // The provider creates the archive before walking the directory
        // for it: an archive inside what it archives holds itself, part
        // written.
        if let Some(out) = text("output_path") {
            if let (Some(out), Some(dir)) = (fs.relative(out), fs.relative(dir)) {
                if within(&dir, &out).is_some_and(|name| !skipped(name)) {
                    return Err(None);
                }
            }
        }
    } else if let Some(file) = text("source_file") {
        let Some(content) = fs.read_bytes(file) else {
            return Err(Some(format!("error archiving file: could not archive missing file: {file}")));
        };
        if let Some(Err(m)) = &mode {
            return Err(bad_mode(m, "file"));
        }
        let name = file.rsplit('/').next().unwrap_or(file).to_string();
        sources.push(Source { name, content, from_file: true });
    } else if let Some(name) = text("source_content_filename") {
        let content = text("source_content").unwrap_or_default();
        if let (Some(Err(m)), "tar.gz") = (&mode, kind) {
            return Err(bad_mode(m, "content"));
        }
        sources.push(Source { name: name.to_string(), content: content.as_bytes(), from_file: false });
    } else if let Some(blocks) = config.get("source").and_then(Value::as_sequence) {
        let mut files: Vec<(&str, &str)> = Vec::new();
        for b in blocks {
            let field = |n: &str| b.as_mapping().and_then(|m| m.get(n)).and_then(Value::as_str);
            files.push((field("filename").ok_or(None)?, field("content").ok_or(None)?));
        }
        files.sort();
        // A name given twice keeps one content, which one depends on the
        // order of Go's set.
        if files.windows(2).any(|w| w[0].0 == w[1].0) {
            return Err(None);
        }
        if let (Some(Err(m)), "tar.gz") = (&mode, kind) {
            return Err(bad_mode(m, "content"));
        }
        sources.extend(files.into_iter().map(|(name, content)| Source {
            name: name.into(),
            content: content.as_bytes(),
            from_file: false,
        }));
    } else {
        return Err(None);
    }
    let mode = mode.and_then(Result::ok);
    let bytes = match kind {
        "zip" => zip(&sources
            .iter()
            .map(|s| ZipEntry { name: s.name.clone(), content: s.content, mode: s.from_file.then(|| mode.unwrap_or(0o644)) })
            .collect::<Vec<_>>()),
        _ => tar_gz(
            &sources
                .iter()
                .map(|s| TarEntry {
                    name: s.name.clone(),
                    content: s.content,
                    mode: mode.map(i64::from).unwrap_or(if s.from_file { 0o644 } else { 0 }),
                    from_file: s.from_file,
                })
                .collect::<Vec<_>>(),
        )
        .ok_or(None)?,
    };
    let mut values = config.clone();
    for (name, value) in super::content_hashes(&bytes) {
        let name = match name {
            "content_sha1" => "output_sha".to_string(),
            other => other.replacen("content_", "output_", 1),
        };
        values.insert(name, Value::string(value, p.profile));
    }
    values.insert("output_size".to_string(), Value::int(bytes.len() as i64));
    Ok(values)
}

/// Go's `strconv.ParseUint(s, 0, 32)`: a `0x`, `0o`, `0b` or `0` prefix
/// picks the base, and underscores may separate digits.
fn parse_mode(s: &str) -> Option<u32> {
    let lower = s.to_ascii_lowercase();
    let (digits, radix) = match lower.as_bytes() {
        [b'0', b'x', ..] => (&lower[2..], 16),
        [b'0', b'o', ..] => (&lower[2..], 8),
        [b'0', b'b', ..] => (&lower[2..], 2),
        [b'0', _, ..] => (&lower[1..], 8),
        _ => (lower.as_str(), 10),
    };
    // Underscores stand between digits, or after a base prefix.
    let spaced = if radix == 10 { digits.to_string() } else { format!("0{digits}") };
    if digits.is_empty() || spaced.starts_with('_') || spaced.ends_with('_') || spaced.contains("__") {
        return None;
    }
    u32::from_str_radix(&digits.replace('_', ""), radix).ok()
}

/// The provider's error, as Terraform reports it at the data block.
pub(super) fn error(detail: String, r: &Resource) -> Diagnostic {
    Diagnostic::error("Archive creation error", format!("error creating archive: {detail}"), r.decl.span)
}

#[cfg(test)]
mod tests {
    #[test]
    fn output_file_modes_parse_as_go_parses_them() {
        // strconv.ParseUint(s, 0, 32) under Go 1.26.
        for (s, want) in [
            ("0755", Some(493)),
            ("0o755", Some(493)),
            ("0x1ff", Some(511)),
            ("0B111", Some(7)),
            ("493", Some(493)),
            ("0_755", Some(493)),
            ("4_93", Some(493)),
            ("0o_7", Some(7)),
            ("0x__1", None),
            ("0x1_", None),
            ("", None),
            ("09", None),
            ("0x", None),
            ("rw-r--r--", None),
        ] {
            assert_eq!(super::parse_mode(s), want, "{s:?}");
        }
    }
}

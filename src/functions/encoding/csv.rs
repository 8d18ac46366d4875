//! `csvdecode`: a reader with Go's `encoding/csv` strictness and messages.

use super::lossy_string;
use super::{str_arg, CallError, CallResult, Ctx};
use crate::value::go_quote;
use crate::value::{Type, Value};

/// Go's `encoding/csv` reader with its defaults (comma-separated, strict
/// quotes, empty lines skipped, CRLF read as LF). Not the `csv` crate: it
/// accepts what Go rejects (a stray `"` in an unquoted field or after a
/// closing quote) and has none of Go's error messages, which Terraform
/// shows.
struct CsvReader<'a> {
    src: &'a [u8],
    pos: usize,
    /// Lines read so far (Go's `numLine`).
    line: usize,
    /// Fields every record must have, once known.
    fields: Option<usize>,
}

/// A `csv.ParseError`: the line it reports, and what went wrong.
struct CsvError {
    line: usize,
    message: &'static str,
}

const ERR_BARE_QUOTE: &str = "bare \" in non-quoted-field";
const ERR_QUOTE: &str = "extraneous or missing \" in quoted-field";
const ERR_FIELD_COUNT: &str = "wrong number of fields";

fn nl_len(l: &[u8]) -> usize {
    usize::from(l.last() == Some(&b'\n'))
}

impl CsvReader<'_> {
    /// One line with its newline (CRLF as LF); `None` at the end.
    fn read_line(&mut self) -> Option<Vec<u8>> {
        self.line += 1;
        let rest = &self.src[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let mut line = match rest.iter().position(|&b| b == b'\n') {
            Some(nl) => rest[..=nl].to_vec(),
            None => rest.strip_suffix(b"\r").unwrap_or(rest).to_vec(),
        };
        self.pos += rest.iter().position(|&b| b == b'\n').map_or(rest.len(), |nl| nl + 1);
        if line.ends_with(b"\r\n") {
            line.truncate(line.len() - 2);
            line.push(b'\n');
        }
        Some(line)
    }

    /// The next record, `Ok(None)` at the end.
    fn read(&mut self) -> Result<Option<Vec<String>>, CsvError> {
        let first = loop {
            match self.read_line() {
                None => return Ok(None),
                Some(l) if l.len() == nl_len(&l) => continue,
                Some(l) => break l,
            }
        };
        let rec_line = self.line;
        let mut pos_line = rec_line;
        let mut record: Vec<Vec<u8>> = Vec::new();
        let mut line = first;
        let mut rest = 0; // offset into `line`
        'fields: loop {
            if line.get(rest) != Some(&b'"') {
                let tail = &line[rest..];
                let comma = tail.iter().position(|&b| b == b',');
                let field = &tail[..comma.unwrap_or(tail.len() - nl_len(tail))];
                if field.contains(&b'"') {
                    return Err(CsvError { line: self.line, message: ERR_BARE_QUOTE });
                }
                record.push(field.to_vec());
                match comma {
                    Some(i) => rest += i + 1,
                    None => break 'fields,
                }
            } else {
                rest += 1;
                let mut field = Vec::new();
                loop {
                    let tail = &line[rest..];
                    if let Some(i) = tail.iter().position(|&b| b == b'"') {
                        field.extend_from_slice(&tail[..i]);
                        rest += i + 1;
                        let after = &line[rest..];
                        match after.first() {
                            Some(b'"') => {
                                field.push(b'"');
                                rest += 1;
                            }
                            Some(b',') => {
                                rest += 1;
                                record.push(field);
                                continue 'fields;
                            }
                            _ if after.len() == nl_len(after) => {
                                record.push(field);
                                break 'fields;
                            }
                            _ => return Err(CsvError { line: self.line, message: ERR_QUOTE }),
                        }
                    } else if !tail.is_empty() {
                        field.extend_from_slice(tail);
                        line = self.read_line().unwrap_or_default();
                        rest = 0;
                        if !line.is_empty() {
                            pos_line += 1;
                        }
                    } else {
                        return Err(CsvError { line: pos_line, message: ERR_QUOTE });
                    }
                }
            }
        }
        match self.fields {
            Some(n) if n != record.len() => return Err(CsvError { line: rec_line, message: ERR_FIELD_COUNT }),
            Some(_) => {}
            None => self.fields = Some(record.len()),
        }
        Ok(Some(record.into_iter().map(lossy_string).collect()))
    }
}

/// go-cty's `CSVDecodeFunc`: the header names the attributes (all strings).
pub(super) fn csvdecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = str_arg(a, 0);
    ctx.charge(src.len() as u64 / 16)?;
    let mut r = CsvReader { src: src.as_bytes(), pos: 0, line: 0, fields: None };
    let csv_error = |e: CsvError| CallError::call(format!("CSV parse error on line {}: {}", e.line, e.message));
    let header = r.read().map_err(csv_error)?.ok_or_else(|| CallError::call("missing header line"))?;
    let mut seen = std::collections::BTreeSet::new();
    for name in &header {
        if !seen.insert(name.as_str()) {
            return Err(CallError::call(format!("duplicate column name {}", go_quote(name, ctx.profile()))));
        }
    }
    let names: Vec<String> = header.iter().map(|n| crate::value::nfc(n.clone(), ctx.profile())).collect();
    let ety = Type::object(names.iter().map(|n| (n.clone(), Type::String)).collect());
    let mut rows = Vec::new();
    while let Some(fields) = r.read().map_err(csv_error)? {
        rows.push(Value::Object(names.iter().cloned().zip(fields.into_iter().map(|f| Value::string(f, ctx.profile()))).collect()));
    }
    ctx.check_size(rows.len())?;
    Ok(Value::List(ety, rows.into()))
}

//! Path patterns as `fileset` matches them (Go's doublestar: `*` and `?`
//! within one path segment, `[…]` classes, `{a,b}` alternatives, `\`
//! escapes, and `**` for any number of whole segments).

/// A pattern doublestar cannot read (an unclosed `[` or `{`, a trailing
/// `\`): Go's `path.ErrBadPattern`.
pub(crate) struct BadPattern;

/// A pattern read once, then matched against each path.
pub(crate) struct Pattern<'p>(Vec<&'p str>);

impl<'p> Pattern<'p> {
    /// The pattern's segments, or [`BadPattern`].
    pub fn new(pattern: &'p str) -> Result<Pattern<'p>, BadPattern> {
        let segments: Vec<&str> = pattern.split('/').collect();
        for p in &segments {
            check(p.as_bytes())?;
        }
        Ok(Pattern(segments))
    }

    /// Whether the slash-separated `path` matches.
    pub fn matches(&self, path: &str) -> bool {
        segments(&self.0, &path.split('/').collect::<Vec<_>>())
    }
}

fn segments(pattern: &[&str], path: &[&str]) -> bool {
    match pattern.split_first() {
        None => path.is_empty(),
        Some((&"**", rest)) => (0..=path.len()).any(|skip| segments(rest, &path[skip..])),
        Some((p, rest)) => match path.split_first() {
            Some((s, more)) => segment(p.as_bytes(), s.as_bytes()) && segments(rest, more),
            None => false,
        },
    }
}

/// Whether a pattern segment is well formed.
fn check(p: &[u8]) -> Result<(), BadPattern> {
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            b'\\' if i + 1 >= p.len() => return Err(BadPattern),
            b'\\' => i += 1,
            b'[' => i = class_end(p, i).ok_or(BadPattern)?,
            b'{' if !p[i..].contains(&b'}') => return Err(BadPattern),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The index of the `]` that closes the class opened at `open`.
fn class_end(p: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    if p.get(i) == Some(&b'^') || p.get(i) == Some(&b'!') {
        i += 1;
    }
    let first = i;
    while i < p.len() {
        match p[i] {
            b'\\' => i += 1,
            b']' if i > first => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// One segment against a pattern segment (bytes; `?` and classes take one
/// character).
fn segment(p: &[u8], s: &[u8]) -> bool {
    let Some((&c, rest)) = p.split_first() else { return s.is_empty() };
    match c {
        b'*' => (0..=s.len()).any(|k| segment(rest, &s[k..])),
        b'?' => char_len(s).is_some_and(|n| segment(rest, &s[n..])),
        b'[' => {
            let Some(end) = class_end(p, 0) else { return false };
            let Some(n) = char_len(s) else { return false };
            in_class(&p[1..end], &s[..n]) && segment(&p[end + 1..], &s[n..])
        }
        b'{' => {
            let close = p.iter().position(|&b| b == b'}').unwrap_or(p.len());
            let after = &p[(close + 1).min(p.len())..];
            p[1..close].split(|&b| b == b',').any(|alt| segment(&[alt, after].concat(), s))
        }
        b'\\' if !rest.is_empty() => s.first() == Some(&rest[0]) && segment(&rest[1..], &s[1..]),
        _ => s.first() == Some(&c) && segment(rest, &s[1..]),
    }
}

fn char_len(s: &[u8]) -> Option<usize> {
    let first = *s.first()?;
    Some(
        match first {
            0..=0x7f => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        }
        .min(s.len()),
    )
}

/// Whether the character `ch` is in the class body `body` (`a-z`, `^`).
fn in_class(body: &[u8], ch: &[u8]) -> bool {
    let (negated, body) = match body.first() {
        Some(b'^') | Some(b'!') => (true, &body[1..]),
        _ => (false, body),
    };
    let c = std::str::from_utf8(ch).ok().and_then(|s| s.chars().next());
    let chars: Vec<char> = String::from_utf8_lossy(body).chars().collect();
    let mut found = false;
    let mut i = 0;
    while i < chars.len() {
        let lo = if chars[i] == '\\' && i + 1 < chars.len() {
            i += 1;
            chars[i]
        } else {
            chars[i]
        };
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            let hi = chars[i + 2];
            found |= c.is_some_and(|c| lo <= c && c <= hi);
            i += 3;
        } else {
            found |= c == Some(lo);
            i += 1;
        }
    }
    found != negated
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn doublestar_patterns() {
        for (pattern, path, want) in [
            ("conf/*", "conf/a.txt", true),
            ("conf/*", "conf/sub/a.txt", false),
            ("conf/**", "conf/sub/a.txt", true),
            ("**/*.tf", "main.tf", true),
            ("**/*.tf", "modules/net/main.tf", true),
            ("*.{tf,tfvars}", "x.tfvars", true),
            ("*.{tf,tfvars}", "x.json", false),
            ("file?.txt", "file1.txt", true),
            ("[a-c].txt", "b.txt", true),
            ("[^a-c].txt", "b.txt", false),
            ("*", ".hidden", true),
        ] {
            assert_eq!(Pattern::new(pattern).ok().map(|p| p.matches(path)), Some(want), "{pattern} {path}");
        }
        assert!(Pattern::new("conf/[").is_err());
    }
}

//! The nesting pre-scan: the recursive-descent parser pest generates
//! could exhaust the stack on deep brackets, so the text is scanned for
//! them first.

/// Finds where bracket, interpolation or directive nesting first exceeds
/// `max`, scanning strings and heredocs just enough to skip their text.
/// The recursive-descent parser could otherwise exhaust the stack.
pub(super) fn nesting_exceeds(src: &str, max: usize, template: bool) -> Option<usize> {
    #[derive(PartialEq)]
    enum Mode {
        Code,
        // A conditional's branches nest in the grammar until the enclosing
        // bracket (or item) ends.
        Conditional,
        Quoted,
        Heredoc,
        Template,
    }
    let b = src.as_bytes();
    // Room for common nesting up front: growing a vector costs more than
    // scanning a short expression.
    let mut stack: Vec<Mode> = Vec::with_capacity(16);
    stack.push(if template { Mode::Template } else { Mode::Code });
    let mut heredoc_markers: Vec<&str> = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        let top = stack.last().unwrap_or(&Mode::Code);
        match top {
            Mode::Code | Mode::Conditional => match c {
                b'"' => stack.push(Mode::Quoted),
                b'(' | b'[' | b'{' => stack.push(Mode::Code),
                b'?' => stack.push(Mode::Conditional),
                b',' | b'\n' => {
                    while stack.len() > 1 && stack.last() == Some(&Mode::Conditional) {
                        stack.pop();
                    }
                }
                b')' | b']' | b'}' => {
                    while stack.len() > 1 && stack.last() == Some(&Mode::Conditional) {
                        stack.pop();
                    }
                    if stack.len() > 1 {
                        stack.pop();
                    }
                }
                b'#' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = src[i + 2..].find("*/").map_or(b.len(), |j| i + 2 + j + 2);
                    continue;
                }
                b'<' if b.get(i + 1) == Some(&b'<') => {
                    let mut j = i + 2;
                    if b.get(j) == Some(&b'-') {
                        j += 1;
                    }
                    let start = j;
                    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'-' || b[j] >= 0x80) {
                        j += 1;
                    }
                    if j > start && b.get(j) == Some(&b'\n') {
                        heredoc_markers.push(&src[start..j]);
                        stack.push(Mode::Heredoc);
                        i = j + 1;
                        line_start = true;
                        continue;
                    }
                }
                _ => {}
            },
            Mode::Quoted | Mode::Heredoc | Mode::Template => {
                if *top == Mode::Heredoc && line_start {
                    let line_end = src[i..].find('\n').map_or(b.len(), |j| i + j);
                    if Some(src[i..line_end].trim()) == heredoc_markers.last().copied() {
                        heredoc_markers.pop();
                        stack.pop();
                        i = line_end;
                        line_start = false;
                        continue;
                    }
                }
                line_start = false;
                match c {
                    b'"' if *top == Mode::Quoted => {
                        stack.pop();
                    }
                    b'\\' if *top == Mode::Quoted => i += 1,
                    b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                    b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                        stack.push(Mode::Code);
                        i += 1;
                    }
                    b'\n' => line_start = true,
                    _ => {}
                }
            }
        }
        if stack.len() > max + 1 {
            return Some(i);
        }
        i += 1;
    }
    None
}

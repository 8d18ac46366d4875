//! Turns pest's "expected one of these rules" errors into diagnostics in
//! HCL's wording, pointing at the offending token.

use crate::diagnostics::{floor_char_boundary, Diagnostic, Span};
use crate::parser::Rule;
use pest::error::{Error, ErrorVariant, InputLocation};

/// Builds a diagnostic from a pest error on `src`.
pub fn from_pest(src: &str, e: Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = floor_char_boundary(src, pos);
    let positives = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { message } => {
            return Diagnostic::error(
                "Expression too complex",
                format!("Parsing this input needs more work than this evaluator allows ({message})."),
                Span::new(0, src.len()),
            )
        }
    };
    let at = token_span(src, pos);
    let found = describe(src, pos);
    let has = |r: Rule| positives.contains(&r);

    if let Some(d) = unterminated_string(src, pos) {
        return d;
    }
    if let Some(d) = by_context(src, pos, &positives, at) {
        return d;
    }
    let rest = &src[pos..];
    if rest.starts_with('&') && !rest.starts_with("&&") || rest.starts_with('|') && !rest.starts_with("||") {
        let (op, name) = if rest.starts_with('&') { ("&&", "AND") } else { ("||", "OR") };
        return Diagnostic::error(
            "Unsupported operator",
            format!("Bitwise operators are not supported. Did you mean boolean {name} (\"{op}\")?"),
            at,
        );
    }
    if has(Rule::EOI) && !has(Rule::template_interpolation) {
        return Diagnostic::error(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
            at,
        );
    }
    if has(Rule::item_equals) || has(Rule::item_colon) {
        return Diagnostic::error("Missing attribute value", "Expected an attribute value, introduced by an equals sign (\"=\").", at);
    }
    if has(Rule::for_arrow) {
        return Diagnostic::error("Invalid 'for' expression", "Key expression is required when building an object.", at);
    }
    if has(Rule::kw_in) {
        return Diagnostic::error("Invalid 'for' expression", "For expression requires the 'in' keyword after its name declarations.", at);
    }
    if has(Rule::identifier) && is_after(src, pos, "for") {
        return Diagnostic::error("Invalid 'for' expression", "For expression requires variable name after 'for'.", at);
    }
    // `...` not at the end of a call's arguments: pest last failed on the
    // attribute name after its first dot.
    if pos > 0 && src.as_bytes()[pos - 1..].starts_with(b"...") {
        let after = pos + 2 + (src[pos + 2..].len() - src[pos + 2..].trim_start().len());
        return if innermost_bracket(src, pos) == Some('(') {
            Diagnostic::error(
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                token_span(src, after.min(src.len())),
            )
        } else {
            Diagnostic::error(
                "Extra characters after expression",
                "An expression was successfully parsed, but extra characters were found after it.",
                token_span(src, pos - 1),
            )
        };
    }
    if has(Rule::identifier) && !has(Rule::variable_or_call) {
        return Diagnostic::error("Invalid attribute name", "An attribute name is required after a dot.", at);
    }
    if has(Rule::conditional_colon) {
        return Diagnostic::error(
            "Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
            at,
        );
    }
    if has(Rule::template_close) && src[pos..].starts_with('"') {
        return Diagnostic::error(
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
            at,
        );
    }
    if has(Rule::template_close) {
        return Diagnostic::error(
            "Extra characters in template sequence",
            format!("Expected the end of the template sequence (\"}}\"), but found {found}."),
            at,
        );
    }
    if has(Rule::heredoc_line) || has(Rule::heredoc_newline) {
        return Diagnostic::error("Unterminated template string", "No closing marker was found for the string.", at);
    }
    if pos < src.len() && src[pos..].starts_with(['}', ']', ')']) && has(Rule::conditional_question) {
        return Diagnostic::error("Missing item separator", format!("Expected a comma or the end of the list, but found {found}."), at);
    }
    if pos < src.len() && in_object(src, pos) && has(Rule::conditional_question) {
        return Diagnostic::error(
            "Missing attribute separator",
            "Expected a newline or comma to mark the beginning of the next attribute.",
            at,
        );
    }
    if pos >= src.len() {
        return Diagnostic::error(
            "Invalid expression",
            "Expected the start of an expression, but found the end of the input.",
            Span::new(src.len(), src.len()),
        );
    }
    Diagnostic::error("Invalid expression", format!("Expected the start of an expression, but found {found}."), at)
}

/// What encloses the error position: the innermost unclosed bracket (a
/// function call's parenthesis told apart from grouping) or interpolation.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Context {
    Tuple,
    ForExpr,
    Object,
    Parens,
    Call,
    Interpolation,
}

fn enclosing(src: &str, pos: usize) -> Option<Context> {
    let mut stack: Vec<Context> = Vec::new();
    let mut in_string: Vec<bool> = vec![false];
    let b = src.as_bytes();
    let mut i = 0;
    while i < pos.min(b.len()) {
        let c = b[i];
        if *in_string.last().unwrap_or(&false) {
            match c {
                b'\\' => i += 1,
                b'"' => {
                    in_string.pop();
                }
                b'$' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Context::Interpolation);
                    in_string.push(false);
                    i += 1;
                }
                _ => {}
            }
        } else {
            match c {
                b'"' => in_string.push(true),
                b'#' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                b'[' | b'{' => {
                    let rest = src[i + 1..].trim_start();
                    let is_for = rest.starts_with("for") && !rest[3..].starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-');
                    stack.push(match (c, is_for) {
                        (_, true) => Context::ForExpr,
                        (b'[', _) => Context::Tuple,
                        _ => Context::Object,
                    });
                }
                b'(' => {
                    let before = src[..i].trim_end();
                    let call = before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-');
                    stack.push(if call { Context::Call } else { Context::Parens });
                }
                b')' | b']' | b'}' => {
                    if stack.pop() == Some(Context::Interpolation) {
                        in_string.pop();
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    stack.pop()
}

/// HCL's wording for errors that depend on what encloses them: unclosed
/// brackets at the end of the input, missing separators, stray characters.
fn by_context(src: &str, pos: usize, positives: &[Rule], at: Span) -> Option<Diagnostic> {
    let context = enclosing(src, pos);
    if pos >= src.len() {
        let last = src.trim_end().chars().last();
        if matches!(last, Some('+' | '-' | '*' | '/' | '%' | '<' | '>' | '=' | '!' | '&' | '|' | '?' | ':' | ',' | '(' | '[' | '{')) {
            return Some(Diagnostic::error(
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                Span::new(src.len(), src.len()),
            ));
        }
        let (summary, detail) = match context? {
            Context::Tuple | Context::ForExpr => ("Unterminated tuple constructor expression", "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file."),
            Context::Object => ("Unterminated object constructor expression", "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file."),
            Context::Parens => ("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression."),
            Context::Call => ("Unterminated function call", "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file."),
            Context::Interpolation => ("Unclosed template interpolation sequence", "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression."),
        };
        return Some(Diagnostic::error(summary, detail, Span::new(src.len(), src.len())));
    }
    let c = src[pos..].chars().next()?;
    if c == '\'' {
        return Some(Diagnostic::error("Invalid character", "Single quotes are not valid. Use double quotes (\") to enclose strings.", at));
    }
    // A carriage return is a newline only before a line feed; other
    // characters that start no token are invalid to HCL's scanner.
    let no_token = c == '\r' && !src[pos..].starts_with("\r\n") || !c.is_ascii() && !crate::parser::is_identifier(&c.to_string());
    if matches!(c, '@' | '`' | '^' | ';' | '$' | '\\') || no_token {
        return Some(Diagnostic::error("Invalid character", "This character is not used within the language.", at));
    }
    let after_expression = positives.contains(&Rule::conditional_question);
    match context {
        Some(Context::Tuple) if after_expression && c != ']' => {
            Some(Diagnostic::error("Missing item separator", "Expected a comma to mark the beginning of the next item.", at))
        }
        Some(Context::Call) if after_expression && c != ')' => Some(Diagnostic::error(
            "Missing argument separator",
            "A comma is required to separate each function argument from the next.",
            at,
        )),
        Some(Context::ForExpr)
            if after_expression && src[..pos].contains(" in ") && !src[..pos].rsplit(" in ").next().unwrap_or("").contains(':') =>
        {
            Some(Diagnostic::error("Invalid 'for' expression", "For expression requires a colon after the collection expression.", at))
        }
        _ => None,
    }
}

fn token_span(src: &str, pos: usize) -> Span {
    let len = src[pos..].chars().next().map_or(0, char::len_utf8);
    Span::new(pos, pos + len)
}

fn describe(src: &str, pos: usize) -> String {
    match src[pos..].chars().next() {
        None => "the end of the input".into(),
        Some('\n') | Some('\r') => "a newline".into(),
        Some(c) => format!("{}", crate::render::json_string(&c.to_string())),
    }
}

fn is_after(src: &str, pos: usize, word: &str) -> bool {
    src[..pos].trim_end().ends_with(word)
}

/// True when the innermost open bracket before `pos` is a `{`.
fn in_object(src: &str, pos: usize) -> bool {
    innermost_bracket(src, pos) == Some('{')
}

/// The innermost bracket still open before `pos`, strings skipped.
fn innermost_bracket(src: &str, pos: usize) -> Option<char> {
    let mut stack = Vec::new();
    let mut in_string = false;
    let mut prev = '\0';
    for c in src[..pos].chars() {
        if in_string {
            if c == '"' && prev != '\\' {
                in_string = false;
            }
        } else {
            match c {
                '"' => in_string = true,
                '(' | '[' | '{' => stack.push(c),
                ')' | ']' | '}' => {
                    stack.pop();
                }
                _ => {}
            }
        }
        prev = c;
    }
    stack.last().copied()
}

/// A quoted string that runs into a newline or the end of the input.
fn unterminated_string(src: &str, pos: usize) -> Option<Diagnostic> {
    let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line = &src[line_start..pos];
    let mut in_string = false;
    let mut open = 0;
    let mut chars = line.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if in_string => {
                chars.next();
            }
            '"' => {
                in_string = !in_string;
                open = line_start + i;
            }
            _ => {}
        }
    }
    if !in_string {
        return None;
    }
    let rest = &src[pos..];
    if rest.starts_with(['\n', '\r']) {
        return Some(Diagnostic::error(
            "Invalid multi-line string",
            "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
            Span::new(pos, pos + 1),
        ));
    }
    if rest.is_empty() {
        return Some(Diagnostic::error(
            "Unterminated template string",
            "No closing marker was found for the string.",
            Span::new(open, pos),
        ));
    }
    None
}

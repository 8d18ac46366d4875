//! The built-in provider's functions (`provider::terraform::encode_expr`,
//! `encode_tfvars`, `decode_tfvars`), available where the module's
//! `required_providers` names the provider; and each engine's errors for
//! provider functions that are not there.

use super::config::Config;
use super::{ModuleDiagnostic, Source};
use crate::diagnostics::Diagnostic;
use crate::functions::{CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::syntax::ast::{ExprKind, Expression, TemplatePart};
use crate::text::{go_quote, is_identifier};
use crate::value::{Type, Value};

const VALUE: Param = Param::new("value", "any").unknowns().dynamic();

// OpenTofu's provider has its own implementations.
const EXPR: Param = Param::new("expr", "any").dynamic();
const INPUT: Param = Param::new("input", "any").dynamic();

pub(super) const ENCODE_EXPR: FunctionDef = FunctionDef {
    name: "provider::terraform::encode_expr",
    category: "provider",
    params: &[VALUE],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Encodes a value as HCL expression syntax.",
    example: "",
    imp: encode_expr,
};

pub(super) const ENCODE_TFVARS: FunctionDef = FunctionDef {
    name: "provider::terraform::encode_tfvars",
    category: "provider",
    params: &[VALUE],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Encodes an object as the content of a .tfvars file.",
    example: "",
    imp: encode_tfvars,
};

pub(super) const DECODE_TFVARS: FunctionDef = FunctionDef {
    name: "provider::terraform::decode_tfvars",
    category: "provider",
    params: &[Param::new("src", "string")],
    variadic: None,
    ret: Ret::Computed(|_| Ok(Type::Dynamic)),
    description: "Decodes the content of a .tfvars file.",
    example: "",
    imp: decode_tfvars,
};

pub(super) const OPENTOFU_ENCODE_EXPR: FunctionDef = FunctionDef {
    name: "provider::terraform::encode_expr",
    category: "provider",
    params: &[EXPR],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Encodes a value as HCL expression syntax.",
    example: "",
    imp: opentofu_encode_expr,
};

pub(super) const OPENTOFU_ENCODE_TFVARS: FunctionDef = FunctionDef {
    name: "provider::terraform::encode_tfvars",
    category: "provider",
    params: &[INPUT],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Encodes an object as the content of a .tfvars file.",
    example: "",
    imp: opentofu_encode_tfvars,
};

pub(super) const OPENTOFU_DECODE_TFVARS: FunctionDef = FunctionDef {
    name: "provider::terraform::decode_tfvars",
    category: "provider",
    params: &[Param::new("content", "string")],
    variadic: None,
    ret: Ret::Computed(|_| Ok(Type::Dynamic)),
    description: "Decodes the content of a .tfvars file.",
    example: "",
    imp: opentofu_decode_tfvars,
};

fn opentofu_encode_expr(a: &[Value], _: &mut Ctx) -> CallResult {
    let v = a[0].unmarked();
    if !v.is_wholly_known() {
        return Err(CallError::call("input is not wholly known"));
    }
    let text = render(&tokens(v));
    Ok(Value::string(text.strip_suffix('\n').unwrap_or(&text).to_string()))
}

fn opentofu_encode_tfvars(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let v = a[0].unmarked();
    if !matches!(v, Value::Object(_)) {
        return Err(CallError::call("invalid input: must be an object"));
    }
    if let Some(bad) = v.as_mapping().and_then(|m| m.keys().find(|k| !is_identifier(k)).cloned()) {
        return Err(CallError::call(format!("invalid input: object key: {bad} - must be a valid identifier")));
    }
    encode_tfvars(a, ctx)
}

fn opentofu_decode_tfvars(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = a[0].unmarked().as_str().unwrap_or("");
    let limits = crate::limits::Limits::default();
    let failed = |d: &[Diagnostic]| {
        let mut msg = String::from("failed to decode tfvars content");
        for d in d {
            msg.push_str(&format!("\n{}: {}; {}", zero_based_range(src, d.subject), d.summary, d.detail));
        }
        CallError::call(msg)
    };
    let body = crate::syntax::parse_config(src, "", &limits, ctx.profile()).map_err(|d| failed(&d))?;
    if let Some(b) = body.blocks().next() {
        let d = Diagnostic::error(format!("Unexpected {} block", go_quote(&b.kind)), "Blocks are not allowed here.", b.kind_span);
        return Err(failed(&[d]));
    }
    let mut out = std::collections::BTreeMap::new();
    for attr in body.attributes() {
        let vars = crate::value::SortedMap::new();
        let mut ev = crate::eval::Evaluator::new(&vars, &limits).with_profile(ctx.profile()).without_context();
        let v = ev.eval(&attr.expr);
        if !ev.diags.is_empty() {
            return Err(failed(&ev.diags));
        }
        out.insert(attr.name.clone(), v);
    }
    Ok(Value::Object(out.into()))
}

/// A range as hcl writes it for a source parsed from position zero (line
/// and column counted from 0), with no file name.
fn zero_based_range(src: &str, span: crate::diagnostics::Span) -> String {
    let text = crate::diagnostics::range_text(src, "", span);
    let shift = |s: &str| s.parse::<u64>().map_or(s.to_string(), |n| n.saturating_sub(1).to_string());
    let Some((start, end)) = text.trim_start_matches(':').split_once('-') else { return text };
    let (l1, c1) = start.split_once(',').unwrap_or((start, "1"));
    match end.split_once(',') {
        Some((l2, c2)) => format!(":{},{}-{},{}", shift(l1), shift(c1), shift(l2), shift(c2)),
        None => format!(":{},{}-{}", shift(l1), shift(c1), shift(end)),
    }
}

fn encode_expr(a: &[Value], _: &mut Ctx) -> CallResult {
    let v = a[0].unmarked();
    if !v.is_wholly_known() {
        return Ok(Value::unknown(Type::String).refine_not_null());
    }
    Ok(Value::string(render(&tokens(v)).trim().to_string()))
}

fn encode_tfvars(a: &[Value], _: &mut Ctx) -> CallResult {
    let v = a[0].unmarked();
    if v.is_null() {
        return Err(CallError::arg(1, "cannot encode a null value in tfvars syntax"));
    }
    if !v.is_wholly_known() {
        return Ok(Value::unknown(Type::String).refine_not_null());
    }
    let Some(m) = v.as_mapping().filter(|_| matches!(v, Value::Object(_) | Value::Map(..))) else {
        return Err(CallError::arg(
            1,
            "invalid value to encode: must be an object whose attribute names will become the encoded variable names",
        ));
    };
    let mut lines = Vec::new();
    for (k, x) in m.iter() {
        if !is_identifier(k) {
            return Err(CallError::arg(
                1,
                format!(
                    "invalid variable name {}: must be a valid identifier, per Terraform's rules for input variable declarations",
                    go_quote(k)
                ),
            ));
        }
        let mut value = tokens(x);
        let first = value.remove(0);
        lines.push(Line { indent: first.indent, key: Some(k.clone()), text: first.text, opens: first.opens });
        lines.extend(value);
    }
    Ok(Value::string(render(&lines)))
}

fn decode_tfvars(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = a[0].unmarked().as_str().unwrap_or("");
    let limits = crate::limits::Limits::default();
    let name = "<decode_tfvars argument>";
    let body = crate::syntax::parse_config(src, name, &limits, ctx.profile())
        .map_err(|d| CallError::call(format!("invalid tfvars syntax: {}", diagnostics_text(src, name, &d))))?;
    if let Some(b) = body.blocks().next() {
        let d = Diagnostic::error(format!("Unexpected {} block", go_quote(&b.kind)), "Blocks are not allowed here.", b.kind_span);
        return Err(CallError::call(format!("invalid tfvars content: {}", diagnostics_text(src, name, &[d]))));
    }
    let mut out = std::collections::BTreeMap::new();
    for attr in body.attributes() {
        let vars = crate::value::SortedMap::new();
        let mut ev = crate::eval::Evaluator::new(&vars, &limits).with_profile(ctx.profile()).without_context().with_source(src, name);
        let v = ev.eval(&attr.expr);
        if !ev.diags.is_empty() {
            return Err(CallError::call(format!(
                "invalid expression for variable {}: {}",
                go_quote(&attr.name),
                diagnostics_text(src, name, &ev.diags)
            )));
        }
        out.insert(attr.name.clone(), v);
    }
    Ok(Value::Object(out.into()))
}

/// `hcl.Diagnostics.Error()`.
fn diagnostics_text(src: &str, name: &str, diags: &[Diagnostic]) -> String {
    let Some(d) = diags.first() else { return String::new() };
    let first = format!("{}: {}; {}", crate::diagnostics::range_text(src, name, d.subject), d.summary, d.detail);
    match diags.len() {
        1 => first,
        n => format!("{first}, and {} other diagnostic(s)", n - 1),
    }
}

/// One line of hclwrite's output: its depth, the attribute name it
/// assigns (aligned with its neighbours' by `format`, unless its value
/// goes on to the next lines), and the rest.
struct Line {
    indent: usize,
    key: Option<String>,
    text: String,
    opens: bool,
}

/// hclwrite's `TokensForValue`, as lines.
fn tokens(v: &Value) -> Vec<Line> {
    let mut lines = vec![Line { indent: 0, key: None, text: String::new(), opens: false }];
    push_value(v, &mut lines, 0);
    lines
}

fn last(lines: &mut [Line]) -> &mut String {
    &mut lines.last_mut().expect("a line").text
}

fn push_value(v: &Value, lines: &mut Vec<Line>, depth: usize) {
    match v.unmarked() {
        Value::Null(_) | Value::Unknown(..) => last(lines).push_str("null"),
        Value::Bool(b) => last(lines).push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => last(lines).push_str(&n.to_decimal_string()),
        Value::String(s) => last(lines).push_str(&quoted(s)),
        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => {
            last(lines).push('[');
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    last(lines).push_str(", ");
                }
                push_value(x, lines, depth);
            }
            last(lines).push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            last(lines).push('{');
            if m.is_empty() {
                last(lines).push('}');
                return;
            }
            if let Some(l) = lines.last_mut() {
                l.opens = true;
            }
            for (k, x) in m.iter() {
                let key = if is_identifier(k) { k.clone() } else { quoted(k) };
                lines.push(Line { indent: depth + 1, key: Some(key), text: String::new(), opens: false });
                push_value(x, lines, depth + 1);
            }
            lines.push(Line { indent: depth, key: None, text: "}".into(), opens: false });
        }
        Value::Marked(..) => {}
    }
}

/// hclwrite's `escapeQuotedStringLit`, quoted.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if chars.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if c.is_control() => {
                let n = c as u32;
                out.push_str(&if n < 65536 { format!("\\u{n:04x}") } else { format!("\\U{n:08x}") });
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// hclwrite's `format`: two spaces per level, and the `=` of consecutive
/// assignments aligned.
fn render(lines: &[Line]) -> String {
    let mut widths = vec![0; lines.len()];
    let mut i = 0;
    let aligned = |l: &Line| l.key.is_some() && !l.opens;
    while i < lines.len() {
        if !aligned(&lines[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && aligned(&lines[i]) {
            i += 1;
        }
        let w = lines[start..i].iter().map(|l| l.key.as_deref().map_or(0, |k| k.chars().count())).max().unwrap_or(0);
        widths[start..i].iter_mut().for_each(|x| *x = w);
    }
    let mut out = String::new();
    for (l, w) in lines.iter().zip(widths) {
        if l.key.is_none() && l.text.is_empty() {
            continue;
        }
        out.push_str(&"  ".repeat(l.indent));
        if let Some(k) = &l.key {
            out.push_str(k);
            out.push_str(&" ".repeat(w.saturating_sub(k.chars().count())));
            out.push_str(" = ");
        }
        out.push_str(&l.text);
        out.push('\n');
    }
    out
}

/// Whether the module's `required_providers` names provider `name`.
fn declared(config: &Config, name: &str) -> bool {
    config.required_providers.iter().any(|(n, _)| n == name)
}

/// Every function call in an expression: its name and where the name is
/// (a work list: expressions nest deeply).
fn calls(e: &Expression) -> Vec<(&str, crate::diagnostics::Span)> {
    let mut out = Vec::new();
    let mut work = vec![e];
    let mut parts: Vec<&TemplatePart> = Vec::new();
    while let Some(e) = work.pop() {
        match &e.kind {
            ExprKind::FunctionCall { name, name_span, args, .. } => {
                out.push((name.as_str(), *name_span));
                work.extend(args.iter());
            }
            ExprKind::Traversal { source, step } => {
                work.push(source);
                if let crate::syntax::ast::Step::Index { key, .. } = step {
                    work.push(key);
                }
            }
            ExprKind::Splat { source, each } => work.extend([source.as_ref(), each.as_ref()]),
            ExprKind::Conditional { condition, true_result, false_result } => {
                work.extend([condition.as_ref(), true_result.as_ref(), false_result.as_ref()])
            }
            ExprKind::BinaryOp { lhs, rhs, .. } => work.extend([lhs.as_ref(), rhs.as_ref()]),
            ExprKind::UnaryOp { operand, .. } => work.push(operand),
            ExprKind::TupleCons(items) => work.extend(items.iter()),
            ExprKind::ObjectCons(items) => {
                for item in items {
                    work.extend([&item.key.expr, &item.value]);
                }
            }
            ExprKind::For(f) => {
                work.extend([&f.collection, &f.value_expr]);
                work.extend(f.key_expr.iter().chain(f.cond_expr.iter()));
            }
            ExprKind::Template(ps) => parts.extend(ps.iter()),
            ExprKind::TemplateWrap(x) | ExprKind::Parenthesized(x) => work.push(x),
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::AnonSymbol => {}
        }
        while let Some(p) = parts.pop() {
            match p {
                TemplatePart::Literal(_) => {}
                TemplatePart::Interpolation(x) => work.push(x),
                TemplatePart::If { condition, then_parts, else_parts, .. } => {
                    work.push(condition);
                    parts.extend(then_parts.iter().chain(else_parts.iter()));
                }
                TemplatePart::For { collection, body, .. } => {
                    work.push(collection);
                    parts.extend(body.iter());
                }
            }
        }
    }
    out
}

/// `provider::NAME::FUNCTION`: the provider and function names.
fn split(name: &str) -> Option<(&str, &str)> {
    let rest = name.strip_prefix("provider::")?;
    rest.split_once("::")
}

/// OpenTofu refuses, while loading, a provider function whose provider
/// `required_providers` does not name.
pub(super) fn check_declared(config: &Config, exprs: &[(&Expression, usize)], diags: &mut Vec<ModuleDiagnostic>) {
    for (e, file) in exprs {
        for (name, span) in calls(e) {
            let Some((provider, _)) = split(name) else { continue };
            if !declared(config, provider) {
                let detail = format!("Provider {} does not exist within the required_providers of this module", go_quote(provider));
                diags.push(ModuleDiagnostic::at(*file, Diagnostic::error("Unknown function provider", detail, span)));
            }
        }
    }
}

/// The functions available to the module beside the built-in ones: the
/// file functions, and the built-in provider's where it is declared.
pub(super) fn available(config: &Config, tofu: bool) -> &'static [FunctionDef] {
    match (declared(config, "terraform"), tofu) {
        (true, false) => super::files::WITH_PROVIDER,
        (true, true) => super::files::WITH_OPENTOFU_PROVIDER,
        (false, _) => super::files::FUNCTIONS,
    }
}

/// Each engine's words for a call to a provider function that is not
/// there, in place of hcl's "Call to unknown function".
pub(super) fn reword(d: &mut ModuleDiagnostic, config: &Config, text: &str, tofu: bool) {
    if d.diagnostic.summary != "Call to unknown function" || matches!(d.source, Source::None) {
        return;
    }
    let span = d.diagnostic.subject;
    let Some(name) = text.get(span.start..span.end) else { return };
    let Some((provider, function)) = split(name) else { return };
    let (summary, detail) = match (declared(config, provider), tofu) {
        (true, false) => (
            "Unknown provider function",
            format!("The function {} is not available from the provider {}.", go_quote(function), go_quote(provider)),
        ),
        (true, true) => ("Function not found in provider", format!("Function {} was not registered by provider", go_quote(name))),
        (false, _) => (
            "Unknown provider function",
            format!("There is no function named {}. Ensure that provider name {} is declared in this module's required_providers block, and that this provider offers a function named {}.", go_quote(name), go_quote(provider), go_quote(function)),
        ),
    };
    d.diagnostic.summary = summary.into();
    d.diagnostic.detail = detail;
}

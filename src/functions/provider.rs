//! The functions of Terraform's built-in provider (`terraform.io/builtin/terraform`),
//! which a configuration reaches as `provider::terraform::NAME` once it
//! names the provider in `required_providers` (Terraform 1.8, OpenTofu
//! 1.10): `encode_tfvars`, `decode_tfvars` and `encode_expr`. Their text is
//! hclwrite's: tokens for a value, spaced and aligned by its formatter.

use super::{str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::text::is_identifier;
use crate::value::go_quote;
use crate::value::{SortedMap, Type, Value};

const VALUE: Param = Param::new("value", "dynamic").unknowns();

pub(super) static FUNCTIONS: &[FunctionDef] = &[ENCODE_TFVARS, DECODE_TFVARS, ENCODE_EXPR];

/// `provider::terraform::encode_tfvars`.
pub const ENCODE_TFVARS: FunctionDef = FunctionDef {
    name: "provider::terraform::encode_tfvars",
    category: "provider",
    params: &[VALUE],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Encodes an object as the content of a .tfvars file: one argument per attribute (Terraform's built-in provider).",
    example: "provider::terraform::encode_tfvars({ name = \"web\", ports = [80, 443] })",
    imp: encode_tfvars,
};

/// `provider::terraform::decode_tfvars`.
pub const DECODE_TFVARS: FunctionDef = FunctionDef {
    name: "provider::terraform::decode_tfvars",
    category: "provider",
    params: &[Param::new("src", "string")],
    variadic: None,
    ret: Ret::Fixed("dynamic"),
    description: "Decodes the content of a .tfvars file into an object; its values must be constants (Terraform's built-in provider).",
    example: "provider::terraform::decode_tfvars(\"name = \\\"web\\\"\\nports = [80, 443]\\n\")",
    imp: decode_tfvars,
};

/// `provider::terraform::encode_expr`.
pub const ENCODE_EXPR: FunctionDef = FunctionDef {
    name: "provider::terraform::encode_expr",
    category: "provider",
    params: &[VALUE],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Encodes any value as the HCL expression that writes it (Terraform's built-in provider).",
    example: "provider::terraform::encode_expr({ name = \"web\", ports = [80, 443] })",
    imp: encode_expr,
};

fn encode_tfvars(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let v = &a[0];
    let tofu = ctx.profile() == Profile::OpenTofu;
    if tofu {
        // OpenTofu's own implementation: objects only, and hclwrite panics
        // on an unknown inside.
        let Value::Object(m) = v.unmarked() else { return Err(CallError::call("invalid input: must be an object")) };
        if let Some(k) = m.keys().find(|k| !is_identifier(k)) {
            return Err(CallError::call(format!("invalid input: object key: {k} - must be a valid identifier")));
        }
        if !v.is_wholly_known() {
            return Err(CallError::panic("cannot produce tokens for unknown value"));
        }
    }
    if !v.is_wholly_known() {
        return Ok(Value::unknown(Type::String).refine_not_null());
    }
    let keys: Vec<String> = match v.unmarked() {
        Value::Object(m) | Value::Map(_, m) => m.keys().cloned().collect(),
        _ => {
            return Err(CallError::call(
                "invalid value to encode: must be an object whose attribute names will become the encoded variable names",
            ))
        }
    };
    let m = v.as_mapping().cloned().unwrap_or_default();
    let mut text = String::new();
    for key in keys {
        if !is_identifier(&key) {
            return Err(CallError::call(format!(
                "invalid variable name {}: must be a valid identifier, per Terraform's rules for input variable declarations",
                go_quote(&key, ctx.profile())
            )));
        }
        text.push_str(&key);
        text.push_str(" = ");
        value_tokens(&m[&key], &mut text, ctx.profile());
        text.push('\n');
    }
    let out = crate::syntax::format::layout_generated(&text);
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(out, ctx.profile()))
}

fn encode_expr(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let v = &a[0];
    if !v.is_wholly_known() && ctx.profile() == Profile::OpenTofu {
        return Err(CallError::call("input is not wholly known"));
    }
    if !v.is_wholly_known() {
        let unknown = Value::unknown(Type::String).refine().not_null();
        if !crate::value::refine::definitely_not_null(v) {
            return Ok(unknown.value());
        }
        let prefix = match v.ty() {
            Type::Object(_) | Type::Map(_) => "{",
            Type::Tuple(_) | Type::List(_) | Type::Set(_) => "[",
            Type::String => "\"",
            _ => "",
        };
        return Ok(unknown.prefix_full(prefix, ctx.profile()).value());
    }
    let mut text = String::new();
    value_tokens(v, &mut text, ctx.profile());
    let out = crate::syntax::format::layout_generated(&text);
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(out.trim().to_string(), ctx.profile()))
}

/// A known value as HCL source text (hclwrite's `TokensForValue`).
pub fn value_hcl(v: &Value, profile: Profile) -> String {
    let mut text = String::new();
    value_tokens(v, &mut text, profile);
    crate::syntax::format::layout_generated(&text)
}

/// What `decode_tfvars` calls its text in messages.
const TFVARS_NAME: &str = "<decode_tfvars argument>";

fn decode_tfvars(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = str_arg(a, 0);
    ctx.charge(src.len() as u64 / 16)?;
    let profile = ctx.profile();
    let tofu = profile == Profile::OpenTofu;
    // OpenTofu parses with no file name, from line 0 column 0, and joins
    // every diagnostic under one line of its own.
    let fail = |what: &str, d: &[crate::diagnostics::Diagnostic]| match tofu {
        true => CallError::call(tofu_decode_error(src, d, profile)),
        false => CallError::call(format!("{what}: {}", super::diagnostics_error(src, TFVARS_NAME, d, profile))),
    };
    let body = crate::syntax::parse_config(src, if tofu { "" } else { TFVARS_NAME }, &Limits::default(), ctx.profile())
        .map_err(|d| fail("invalid tfvars syntax", &d))?;
    let (attrs, block) = body.just_attributes(ctx.profile());
    if let Some(d) = block {
        return Err(fail("invalid tfvars content", &[d]));
    }
    let mut out = std::collections::BTreeMap::new();
    for attr in attrs {
        // Terraform evaluates each value with no context at all: no
        // variables, no functions.
        let what = format!("invalid expression for variable {}", go_quote(&attr.name, profile));
        if let Some(d) = constant_problem(&attr.expr) {
            return Err(fail(&what, &[d]));
        }
        let v = ctx
            .evaluate_isolated(&attr.expr, (src, TFVARS_NAME), &SortedMap::default(), Limits::default().max_steps, Default::default())
            .map_err(|d| fail(&what, &d))?;
        out.insert(attr.name.clone(), v);
    }
    Ok(Value::Object(out.into()))
}

/// OpenTofu's `decode_tfvars` error: a first line, then each diagnostic
/// with its range counted from line 0, column 0 (HCL's columns start again
/// at 1 after a newline), of a file with no name.
fn tofu_decode_error(src: &str, diags: &[crate::diagnostics::Diagnostic], profile: Profile) -> String {
    let shift = |text: &str| -> String {
        // `:L,C-C` or `:L,C-L,C` as the engines print ranges.
        let re = regex_lite_ranges(text);
        re
    };
    let mut out = String::from("failed to decode tfvars content");
    for d in diags {
        let range = crate::diagnostics::range_text(src, "", d.subject, profile.unicode());
        out.push_str(&format!("\n{}: {}; {}", shift(&range), d.summary, shift(&d.detail)));
    }
    out
}

/// Rewrites the ranges in `text` (`:line,column-...`) from HCL's usual
/// 1-based lines to OpenTofu's decode_tfvars ones: line 0 first, with
/// columns of that first line counted from 0.
fn regex_lite_ranges(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    let num = |at: usize| -> Option<(u64, usize)> {
        let n = b.get(at..)?.iter().take_while(|c| c.is_ascii_digit()).count();
        (n > 0).then(|| (text[at..at + n].parse().unwrap_or(0), at + n))
    };
    while i < b.len() {
        if b[i] == b':' {
            if let Some((l1, p)) = num(i + 1).filter(|&(_, p)| b.get(p) == Some(&b',')) {
                if let Some((c1, p)) = num(p + 1).filter(|&(_, p)| b.get(p) == Some(&b'-')) {
                    if let Some((x, p2)) = num(p + 1) {
                        let (l2, c2, end) = match (b.get(p2), num(p2 + 1)) {
                            (Some(b','), Some((c2, e))) => (x, c2, e),
                            _ => (l1, x, p2),
                        };
                        let col = |l: u64, c: u64| if l == 1 { c - 1 } else { c };
                        if l1 == l2 {
                            out.push_str(&format!(":{},{}-{}", l1 - 1, col(l1, c1), col(l2, c2)));
                        } else {
                            out.push_str(&format!(":{},{}-{},{}", l1 - 1, col(l1, c1), l2 - 1, col(l2, c2)));
                        }
                        i = end;
                        continue;
                    }
                }
            }
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The first variable reference or function call in `e`, which an HCL
/// expression evaluated without a context refuses.
fn constant_problem(e: &crate::syntax::ast::Expression) -> Option<crate::diagnostics::Diagnostic> {
    use crate::syntax::ast::ExprKind;
    let mut found = None;
    visit(e, &mut |x| {
        if found.is_some() {
            return;
        }
        match &x.kind {
            ExprKind::Variable(_) => {
                found = Some(crate::diagnostics::Diagnostic::error("Variables not allowed", "Variables may not be used here.", x.span))
            }
            ExprKind::FunctionCall { .. } => {
                found =
                    Some(crate::diagnostics::Diagnostic::error("Function calls not allowed", "Functions may not be called here.", x.span))
            }
            _ => {}
        }
    });
    found
}

/// Every sub-expression of `e`, outermost first.
fn visit(e: &crate::syntax::ast::Expression, f: &mut dyn FnMut(&crate::syntax::ast::Expression)) {
    use crate::syntax::ast::{ExprKind, Step, TemplatePart};
    f(e);
    fn parts(ps: &[TemplatePart], f: &mut dyn FnMut(&crate::syntax::ast::Expression)) {
        for p in ps {
            match p {
                TemplatePart::Literal(_) => {}
                TemplatePart::Interpolation(x) => visit(x, f),
                TemplatePart::If { condition, then_parts, else_parts, .. } => {
                    visit(condition, f);
                    parts(then_parts, f);
                    parts(else_parts, f);
                }
                TemplatePart::For { collection, body, .. } => {
                    visit(collection, f);
                    parts(body, f);
                }
            }
        }
    }
    match &e.kind {
        ExprKind::Traversal { source, step } => {
            visit(source, f);
            if let Step::Index { key, .. } = step {
                visit(key, f);
            }
        }
        ExprKind::Splat { source, each } => {
            visit(source, f);
            visit(each, f);
        }
        ExprKind::FunctionCall { args, .. } => args.iter().for_each(|a| visit(a, f)),
        ExprKind::Conditional { condition, true_result, false_result } => {
            visit(condition, f);
            visit(true_result, f);
            visit(false_result, f);
        }
        ExprKind::BinaryOp { lhs, rhs, .. } => {
            visit(lhs, f);
            visit(rhs, f);
        }
        ExprKind::UnaryOp { operand, .. } => visit(operand, f),
        ExprKind::TupleCons(xs) => xs.iter().for_each(|x| visit(x, f)),
        ExprKind::ObjectCons(items) => {
            for item in items {
                if item.key.bare_name.is_none() {
                    visit(&item.key.expr, f);
                }
                visit(&item.value, f);
            }
        }
        ExprKind::For(fe) => {
            visit(&fe.collection, f);
        }
        ExprKind::Template(ps) => parts(ps, f),
        ExprKind::TemplateWrap(x) | ExprKind::Parenthesized(x) => visit(x, f),
        _ => {}
    }
}

// ------------------------------------------------------------ hclwrite

/// hclwrite's `appendTokensForValue`, written as text with a space between
/// tokens; the formatter then spaces and aligns them as hclwrite's does.
fn value_tokens(v: &Value, out: &mut String, profile: Profile) {
    match v.unmarked() {
        Value::Null(_) | Value::Unknown(..) => out.push_str("null "),
        Value::Bool(b) => out.push_str(if *b { "true " } else { "false " }),
        Value::Number(n) => {
            out.push_str(&n.to_go_text('f', -1));
            out.push(' ');
        }
        Value::String(s) => {
            out.push('"');
            out.push_str(&escape_quoted(s, profile));
            out.push_str("\" ");
        }
        Value::List(_, es) | Value::Set(_, es) | Value::Tuple(es) => {
            out.push_str("[ ");
            for (i, e) in es.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                value_tokens(e, out, profile);
            }
            out.push_str("] ");
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            if !m.is_empty() {
                out.push('\n');
            }
            for (k, e) in m.iter() {
                if is_identifier(k) {
                    out.push_str(k);
                    out.push(' ');
                } else {
                    value_tokens(&Value::String(k.clone()), out, profile);
                }
                out.push_str("= ");
                value_tokens(e, out, profile);
                out.push('\n');
            }
            out.push_str("} ");
        }
        Value::Marked(..) => {}
    }
}

/// hclwrite's `escapeQuotedStringLit`.
fn escape_quoted(s: &str, profile: Profile) -> String {
    let mut out = String::with_capacity(s.len());
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
            c if go_quote(&c.to_string(), profile) != format!("\"{c}\"") => {
                // Not printable for Go's unicode.IsPrint.
                if (c as u32) < 0x10000 {
                    out.push_str(&format!("\\u{:04x}", c as u32));
                } else {
                    out.push_str(&format!("\\U{:08x}", c as u32));
                }
            }
            c => out.push(c),
        }
    }
    out
}

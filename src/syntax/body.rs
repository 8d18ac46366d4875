//! Configuration bodies from the grammar's pairs: arguments and blocks,
//! with block labels decoded (quoted labels are string literals, without
//! template sequences) and an argument set twice in one body reported as
//! HCL's parser reports it.

use super::ast::*;
use super::grammar::Rule;
use super::parser::{attribute_redefined, span_of, Builder, Result};
use crate::diagnostics::{Diagnostic, Span};
use pest::iterators::Pair;
use std::collections::HashMap;

impl<'s> Builder<'s> {
    /// A body from `body_items`; `span` is what it covers.
    pub(super) fn body(&mut self, items: Pair<'s, Rule>, span: Span, filename: &str) -> Result<Body> {
        let mut out = Vec::new();
        let mut seen: HashMap<String, Span> = HashMap::new();
        for item in items.into_inner() {
            let mut inner = item.into_inner();
            let name = inner.next().expect("identifier");
            let rest = inner.next().expect("item rest");
            let item = match rest.as_rule() {
                Rule::attribute_value => {
                    let value = rest.into_inner().nth(1).expect("value");
                    self.attribute(name, value)?
                }
                _ => BodyItem::Block(self.block(name, rest, filename)?.into()),
            };
            if let BodyItem::Attribute(a) = &item {
                match seen.get(&a.name) {
                    Some(first) => self.diags.push(attribute_redefined(self.src, filename, &a.name, *first, a.name_span, self.profile)),
                    None => {
                        seen.insert(a.name.clone(), a.name_span);
                    }
                }
            }
            out.push(item);
        }
        Ok(Body { items: out, span })
    }

    fn attribute(&mut self, name: Pair<'s, Rule>, value: Pair<'s, Rule>) -> Result<BodyItem> {
        let name_span = span_of(&name);
        let expr = self.expression(value)?;
        let span = name_span.to(expr.span);
        Ok(BodyItem::Attribute(Attribute { name: name.as_str().to_string(), name_span, expr, span }.into()))
    }

    fn block(&mut self, kind: Pair<'s, Rule>, rest: Pair<'s, Rule>, filename: &str) -> Result<Block> {
        let kind_span = span_of(&kind);
        let mut labels = Vec::new();
        let mut open_brace = kind_span;
        let mut body = Body::default();
        let mut close_brace = kind_span;
        for part in rest.into_inner() {
            match part.as_rule() {
                Rule::block_label => labels.push(self.block_label(part.into_inner().next().expect("label"))?),
                Rule::block_open => open_brace = span_of(&part),
                Rule::block_lines => {
                    let mut inner = part.into_inner();
                    let items = inner.next().expect("body items");
                    close_brace = span_of(&inner.next().expect("closing brace"));
                    body = self.body(items, open_brace.to(close_brace), filename)?;
                }
                Rule::block_inline => body = self.inline_body(part, open_brace, &mut close_brace)?,
                // A block that ends the text without a newline.
                Rule::EOI => {}
                r => unreachable!("block part {r:?}"),
            }
        }
        Ok(Block { kind: kind.as_str().to_string(), kind_span, labels, body, open_brace, close_brace, def_range: None })
    }

    /// `{ name = value }` or `{}` on one line.
    fn inline_body(&mut self, part: Pair<'s, Rule>, open_brace: Span, close_brace: &mut Span) -> Result<Body> {
        let mut inner = part.into_inner().peekable();
        let mut items = Vec::new();
        let mut span = Span::default();
        if inner.peek().is_some_and(|p| p.as_rule() == Rule::identifier) {
            let name = inner.next().expect("identifier");
            inner.next(); // the equals sign
            let value = inner.next().expect("value");
            let item = self.attribute(name, value)?;
            if let BodyItem::Attribute(a) = &item {
                span = a.span;
            }
            items.push(item);
        }
        *close_brace = span_of(&inner.next().expect("closing brace"));
        if items.is_empty() {
            span = open_brace.to(*close_brace);
        }
        Ok(Body { items, span })
    }

    /// A label: a name, or a quoted string literal with no template
    /// sequence in it.
    fn block_label(&mut self, label: Pair<'s, Rule>) -> Result<(String, Span)> {
        let span = span_of(&label);
        if label.as_rule() == Rule::identifier {
            return Ok((label.as_str().to_string(), span));
        }
        let has_sequence =
            label.clone().into_inner().any(|p| matches!(p.as_rule(), Rule::template_interpolation | Rule::template_directive));
        if has_sequence {
            return Err(Diagnostic::error("Invalid string literal", "Template sequences are not allowed in this string.", span));
        }
        let toks = label.into_inner().map(|p| self.template_token(p)).collect::<Result<Vec<_>>>()?;
        let expr = self.finish_template(toks, span, false)?;
        let text = match &expr.kind {
            ExprKind::Template(parts) => parts
                .iter()
                .map(|p| match p {
                    TemplatePart::Literal(s) => s.as_str(),
                    _ => "",
                })
                .collect(),
            _ => String::new(),
        };
        Ok((text, span))
    }
}

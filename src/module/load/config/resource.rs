//! Decoding `resource` and `data` blocks: meta-arguments, `lifecycle`
//! (its constant flags, `replace_triggered_by`, pre- and postconditions),
//! provisioners and `connection` blocks, as Terraform's `configs` package
//! decodes them.

use super::*;

impl Decoder<'_> {
    pub(crate) fn resource(&mut self, block: &Block, file: usize, mode: Mode) -> Resource {
        let schema = if mode == Mode::Managed { &RESOURCE } else { &DATA };
        let c = partial_content(&block.body, schema, file, self.diags, self.profile);
        let (ty, ty_span) = block.labels[0].clone();
        let (name, name_span) = block.labels[1].clone();
        if !is_identifier(&ty) {
            self.error(file, "Invalid resource type name", BAD_IDENTIFIER, ty_span);
        }
        if !is_identifier(&name) {
            self.error(file, "Invalid resource name", BAD_IDENTIFIER, name_span);
        }
        let count = c.attr("count").map(|a| a.expr.clone());
        let for_each = c.attr("for_each").map(|a| a.expr.clone());
        let provider = c.attr("provider").and_then(|a| {
            // `name` or `name.alias`; OpenTofu adds an instance key
            // (`name.alias[each.key]`).
            let (base, steps) = crate::syntax::spine(&a.expr);
            let shape: Vec<bool> = steps.iter().map(|s| matches!(s, crate::syntax::ast::Step::GetAttr { .. })).collect();
            let quoted = literal_string(&a.expr).is_some();
            let plain = quoted || matches!(base.kind, crate::syntax::ast::ExprKind::Variable(_)) && matches!(shape.as_slice(), [] | [true]);
            let tofu_key = self.profile == Profile::OpenTofu && shape == [true, false];
            if !plain && !tofu_key {
                let detail =
                    "The provider argument requires a provider type name, optionally followed by a period and then a configuration alias.";
                self.error(file, "Invalid provider configuration reference", detail, a.expr.span);
            }
            provider_ref(&a.expr)
        });
        let depends_on = c.attr("depends_on").map(|a| self.depends_on(a, file)).unwrap_or_default();
        let address = mode.address(&ty, &name);
        let mut preconditions = Vec::new();
        let mut postconditions = Vec::new();
        let mut provisioners = Vec::new();
        let mut replace_triggered_by = Vec::new();
        let mut lifecycle_seen: Option<Loc> = None;
        let mut enabled = None;
        for b in &c.blocks {
            match b.kind.as_str() {
                "lifecycle" => {
                    if let Some(seen) = lifecycle_seen {
                        let detail = format!("This resource already has a lifecycle block at {}.", self.range(seen));
                        self.error(file, "Duplicate lifecycle block", detail, b.def_span());
                        continue;
                    }
                    lifecycle_seen = Some(def_range(b, file));
                    let schema = if self.profile == Profile::OpenTofu { &LIFECYCLE_OPENTOFU } else { &LIFECYCLE };
                    let lc = content(&b.body, schema, file, self.diags, self.profile);
                    if let Some(a) = lc.attr("enabled") {
                        enabled = Some(a);
                    }
                    // OpenTofu evaluates these later, against variables.
                    if self.profile != Profile::OpenTofu {
                        for flag in ["create_before_destroy", "prevent_destroy", "destroy"] {
                            if let Some(a) = lc.attr(flag) {
                                self.constant(a, file, &Type::Bool);
                            }
                        }
                    }
                    if let Some(a) = lc.attr("replace_triggered_by") {
                        replace_triggered_by = self.replace_triggered_by(a, file);
                    }
                    for rule in &lc.blocks {
                        let kind = rule.kind.as_str();
                        if kind != "precondition" && kind != "postcondition" {
                            continue;
                        }
                        let Some(cr) = self.check_rule(rule, file) else { continue };
                        for e in [&cr.condition, &cr.error_message] {
                            let own = crate::syntax::traversals(e).iter().any(|(root, span, steps)| {
                                matches!(crate::module::load::refs::parse(root, *span, steps, self.profile), Ok(Some(r)) if r.subject == crate::module::load::refs::Subject::Resource { mode, ty: ty.clone(), name: name.clone() })
                            });
                            if own {
                                let detail = format!("Configuration for {address} may not refer to itself.");
                                self.error(file, format!("Invalid reference in {kind}"), detail, e.span);
                                break;
                            }
                        }
                        match kind {
                            "precondition" => preconditions.push(cr),
                            _ => postconditions.push(cr),
                        }
                    }
                }
                "provisioner" => {
                    if let Some(p) = self.provisioner(b, file) {
                        provisioners.push(p);
                    }
                }
                "connection" => provisioners.push(Provisioner { block: (*b).clone(), destroy: false }),
                "locals" => self.error(
                    file,
                    "Reserved block type name in resource block",
                    "The block type name \"locals\" is reserved for use by Terraform in a future version.",
                    b.kind_span,
                ),
                _ => {}
            }
        }
        self.exclusive_meta_arguments(c.attr("count"), c.attr("for_each"), enabled, false, file);
        if provisioners.iter().any(|p| p.destroy) {
            for p in provisioners.iter().filter(|p| p.block.kind == "connection") {
                self.only_self_refs(&p.block.body, file);
            }
        }
        // The resource type's own configuration: what the schema left,
        // with an escaping `_` block's content.
        let mut items: Vec<crate::syntax::ast::BodyItem> = block
            .body
            .items
            .iter()
            .filter(|item| match item {
                crate::syntax::ast::BodyItem::Attribute(a) => !schema.attributes.iter().any(|(n, _)| *n == a.name),
                crate::syntax::ast::BodyItem::Block(b) => !schema.blocks.iter().any(|(t, _)| *t == b.kind),
            })
            .cloned()
            .collect();
        if let Some(escape) = block.body.blocks().find(|b| b.kind == "_") {
            items.extend(escape.body.items.iter().cloned());
        }
        let own = Body { items, span: block.body.span };
        Resource {
            mode,
            ty,
            name,
            decl: def_range(block, file),
            file,
            count,
            for_each,
            depends_on,
            body: own,
            preconditions,
            postconditions,
            provisioners,
            replace_triggered_by,
            provider,
            enabled: enabled.map(|a| a.expr.clone()),
        }
    }

    /// `count`, `for_each` and OpenTofu's `enabled` exclude each other:
    /// the error for each pair given, on a resource or a module call. Terraform
    /// reports `count` with `for_each` at `for_each`, OpenTofu at `count`,
    /// each in its own words.
    pub(crate) fn exclusive_meta_arguments(
        &mut self,
        count: Option<&Attribute>,
        for_each: Option<&Attribute>,
        enabled: Option<&Attribute>,
        module_call: bool,
        file: usize,
    ) {
        let tofu = self.profile == Profile::OpenTofu;
        let (what, should) = if module_call { ("module instances", "should") } else { ("resources", "may") };
        if let (Some(ce), Some(fe)) = (count, for_each) {
            let (detail, at) = match tofu {
                true => (format!("The \"count\" and \"for_each\" meta-arguments are mutually-exclusive. Only one {should} be used to be explicit about the number of {what} to be created."), ce.name_span),
                false => ("The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.".to_string(), fe.name_span),
            };
            self.error(file, "Invalid combination of \"count\" and \"for_each\"", detail, at);
        }
        for (other, name) in [(count, "count"), (for_each, "for_each")] {
            if let (Some(o), Some(_)) = (other, enabled) {
                // A module call names `enabled` first.
                let pair = match module_call {
                    false => format!("{} and \"enabled\"", go_quote(name, self.profile)),
                    true => format!("\"enabled\" and {}", go_quote(name, self.profile)),
                };
                let detail = format!("The {pair} meta-arguments are mutually-exclusive. Only one {should} be used to be explicit about the number of {what} to be created.");
                self.error(file, format!("Invalid combination of {pair}"), detail, o.name_span);
            }
        }
    }

    /// `decodeReplaceTriggeredBy`: each element must refer to exactly one
    /// resource, and otherwise only to `count.index` or `each.key`.
    fn replace_triggered_by(&mut self, attr: &Attribute, file: usize) -> Vec<Expression> {
        let crate::syntax::ast::ExprKind::TupleCons(items) = &attr.expr.kind else {
            self.error(file, "Invalid expression", "A static list expression is required.", attr.expr.span);
            return Vec::new();
        };
        for e in items {
            let mut resources = 0;
            let mut failed = false;
            for (root, span, steps) in crate::syntax::traversals(e) {
                use crate::module::load::refs::Subject;
                match crate::module::load::refs::parse(root, span, &steps, self.profile) {
                    Err(d) => {
                        self.error(file, d.summary, d.detail, e.span);
                        failed = true;
                    }
                    Ok(None) => {}
                    Ok(Some(r)) => match &r.subject {
                        Subject::Resource { .. } => resources += 1,
                        Subject::Each(a) if a != "key" => self.error(
                            file,
                            "Invalid each reference in replace_triggered_by expression",
                            "Only each.key may be used in replace_triggered_by.",
                            e.span,
                        ),
                        Subject::Count(a) if a != "index" => self.error(
                            file,
                            "Invalid count reference in replace_triggered_by expression",
                            "Only count.index may be used in replace_triggered_by.",
                            e.span,
                        ),
                        Subject::Each(_) | Subject::Count(_) => {}
                        _ => self.error(
                            file,
                            "Invalid reference in replace_triggered_by expression",
                            "Only resources, count.index, and each.key may be used in replace_triggered_by.",
                            e.span,
                        ),
                    },
                }
            }
            if failed {
                continue;
            }
            match resources {
                0 => self.error(
                    file,
                    "Invalid replace_triggered_by expression",
                    "Missing resource reference in replace_triggered_by expression.",
                    e.span,
                ),
                1 => {}
                _ => self.error(
                    file,
                    "Invalid replace_triggered_by expression",
                    "Multiple resource references in replace_triggered_by expression.",
                    e.span,
                ),
            }
        }
        items.clone()
    }

    fn provisioner(&mut self, block: &Block, file: usize) -> Option<Provisioner> {
        let c = partial_content(&block.body, &PROVISIONER, file, self.diags, self.profile);
        let kind = block.labels[0].0.as_str();
        if matches!(kind, "chef" | "habitat" | "puppet" | "salt-masterless") {
            self.error(
                file,
                format!("The \"{kind}\" provisioner has been removed"),
                format!("The \"{kind}\" provisioner was deprecated in Terraform 0.13.4 has been removed from Terraform. Visit https://learn.hashicorp.com/collections/terraform/provision for alternatives to using provisioners that are a better fit for the Terraform workflow."),
                block.labels[0].1,
            );
            return None;
        }
        let mut destroy = false;
        if let Some(a) = c.attr("when") {
            match keyword(&a.expr).as_deref() {
                Some("create") => {}
                Some("destroy") => destroy = true,
                _ => self.error(
                    file,
                    "Invalid \"when\" keyword",
                    "The \"when\" argument requires one of the following keywords: create or destroy.",
                    a.expr.span,
                ),
            }
        }
        let own = Body {
            items: block
                .body
                .items
                .iter()
                .filter(|item| match item {
                    crate::syntax::ast::BodyItem::Attribute(a) => !PROVISIONER.attributes.iter().any(|(n, _)| *n == a.name),
                    crate::syntax::ast::BodyItem::Block(_) => true,
                })
                .cloned()
                .collect(),
            span: block.body.span,
        };
        if destroy {
            self.only_self_refs(&own, file);
        }
        if let Some(a) = c.attr("on_failure") {
            if !matches!(keyword(&a.expr).as_deref(), Some("continue" | "fail")) {
                self.error(
                    file,
                    "Invalid \"on_failure\" keyword",
                    "The \"on_failure\" argument requires one of the following keywords: continue or fail.",
                    a.expr.span,
                );
            }
        }
        if destroy {
            for b in c.blocks.iter().filter(|b| b.kind == "connection") {
                self.only_self_refs(&b.body, file);
            }
        }
        let mut block = block.clone();
        block.body = own;
        Some(Provisioner { block, destroy })
    }

    /// Destroy-time provisioners may refer only to `self`, `count.index`,
    /// `each.key`, `path` and `terraform`.
    fn only_self_refs(&mut self, body: &Body, file: usize) {
        for attr in body.attributes() {
            for (root, _, steps) in crate::syntax::traversals(&attr.expr) {
                let second = || match steps.as_slice() {
                    [crate::syntax::ast::Step::GetAttr { name, .. }] => Some(name.as_str()),
                    _ => None,
                };
                let valid = match root {
                    "self" | "path" | "terraform" => true,
                    "count" => second() == Some("index"),
                    "each" => second() == Some("key"),
                    _ => false,
                };
                if !valid {
                    self.error(
                        file,
                        "Invalid reference from destroy provisioner",
                        "Destroy-time provisioners and their connection configurations may only reference attributes of the related resource, via 'self', 'count.index', or 'each.key'.\n\nReferences to other resources during the destroy phase can cause dependency cycles and interact poorly with create_before_destroy.",
                        attr.expr.span,
                    );
                }
            }
        }
    }
}

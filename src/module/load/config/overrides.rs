//! Override files (`override.tf`, `*_override.tf` and their JSON forms):
//! each block merged into the primary files' declaration of the same name
//! as Terraform's `Module.mergeFile` merges it, with its errors.
//!
//! Arguments set in an override replace the declaration's; a block type
//! an override names hides every block of that type in the declaration
//! (`dynamic` ones too), as HCL bodies are merged shallowly. An override
//! is decoded on its own first (so its own mistakes are reported where
//! they are), then merged.
//!
//! Known gap: an argument merged into a resource or module call from an
//! override file is evaluated as part of the primary declaration, so an
//! error in its value is placed at its offsets in the primary file.

use super::*;

/// Whether a configuration file is an override file: `override` or
/// `*_override` before its extension.
pub(crate) fn is_override_file(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    let stem = [".tf.json", ".tofu.json", ".tf", ".tofu"].iter().find_map(|ext| base.strip_suffix(ext));
    stem.is_some_and(|s| s == "override" || s.ends_with("_override"))
}

/// `MergeBodies`: the base body's items with those the override replaces
/// left out, then the override's. An argument replaces the argument of its
/// name; blocks of a type hide the base's blocks of that type. Arguments
/// and block types are matched by name alike, as an argument in a JSON
/// body may yet be read as blocks of its name.
pub(crate) fn merge_bodies(base: &Body, over: &Body) -> Body {
    let mut names: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for item in &over.items {
        match item {
            BodyItem::Attribute(a) if a.name == "dynamic" => match &a.expr.kind {
                crate::syntax::ast::ExprKind::ObjectCons(props) => {
                    names.extend(props.iter().filter_map(|p| p.key.bare_name.as_deref()));
                }
                _ => {
                    names.insert("dynamic");
                }
            },
            BodyItem::Attribute(a) => {
                names.insert(&a.name);
            }
            BodyItem::Block(b) if b.kind == "dynamic" => {
                names.extend(b.labels.first().map(|(l, _)| l.as_str()));
            }
            BodyItem::Block(b) => {
                names.insert(&b.kind);
            }
        }
    }
    let hidden = |item: &BodyItem| match item {
        BodyItem::Attribute(a) => names.contains(a.name.as_str()),
        BodyItem::Block(b) if b.kind == "dynamic" => b.labels.first().is_some_and(|(l, _)| names.contains(l.as_str())),
        BodyItem::Block(b) => names.contains(b.kind.as_str()),
    };
    let items = base.items.iter().filter(|i| !hidden(i)).chain(over.items.iter()).cloned().collect();
    Body { items, span: base.span }
}

impl Decoder<'_> {
    /// One top-level block of an override file, merged into `config`.
    pub(crate) fn override_block(&mut self, config: &mut Config, block: &Block, file: usize) {
        let profile = self.profile;
        let q = |s: &str| go_quote(s, profile);
        match block.kind.as_str() {
            "variable" => {
                let ov = self.variable(block, file);
                let Some(v) = config.variables.iter_mut().find(|v| v.name == ov.name) else {
                    let detail = format!(
                        "There is no variable named {}. An override file can only override a variable that was already declared in a primary configuration file.",
                        q(&ov.name)
                    );
                    return self.error(file, "Missing base variable declaration to override", detail, ov.decl.span);
                };
                let set = |name: &str| block.body.attribute(name).is_some();
                if set("description") {
                    v.description = ov.description;
                }
                if set("sensitive") {
                    v.sensitive = ov.sensitive;
                }
                if set("ephemeral") {
                    v.ephemeral = ov.ephemeral;
                }
                if set("const") {
                    v.constant = ov.constant;
                }
                let (typed, defaulted) = (set("type"), set("default"));
                if defaulted {
                    v.default = ov.default;
                }
                if typed {
                    v.constraint = ov.constraint;
                    v.parse_hcl = ov.parse_hcl;
                }
                if set("nullable") {
                    v.nullable = ov.nullable;
                }
                let Some(default) = v.default.take() else { return };
                let converted = match &v.constraint {
                    Some(c) => crate::module::load::convert::to_constraint(default, c, profile).map_err(|e| e.format(profile)),
                    None => Ok(default),
                };
                let summary = "Invalid default value for variable";
                let default = match converted {
                    Ok(d) => d,
                    Err(m) => {
                        let detail = match (typed, defaulted) {
                            (true, false) => format!("Overriding this variable's type constraint has made its default value invalid: {m}."),
                            (false, true) => format!("The overridden default value for this variable is not compatible with the variable's type constraint: {m}."),
                            _ => format!("This variable's default value is not compatible with its type constraint: {m}."),
                        };
                        self.diags.push(ModuleDiagnostic::at(file, Diagnostic::error(summary, detail, ov.decl.span)));
                        Value::dynamic_unknown()
                    }
                };
                if !v.nullable && default.is_null() {
                    let detail = "A null default value is not valid when nullable=false.";
                    self.diags.push(ModuleDiagnostic::at(file, Diagnostic::error(summary, detail, ov.decl.span)));
                }
                v.default = Some(default);
            }
            "locals" => {
                for attr in just_attributes(&block.body, file, self.diags, self.profile) {
                    let Some(l) = config.locals.iter_mut().find(|l| l.name == attr.name) else {
                        let detail = format!(
                            "There is no local value named {}. An override file can only override a local value that was already defined in a primary configuration file.",
                            q(&attr.name)
                        );
                        self.error(file, "Missing base local value definition to override", detail, attr.span);
                        continue;
                    };
                    l.expr = attr.expr.clone();
                    l.decl = Loc { file, span: attr.span };
                }
            }
            "output" => {
                let ov = self.lenient(|d| d.output(block, file));
                let Some(o) = config.outputs.iter_mut().find(|o| o.name == ov.name) else {
                    let detail = format!(
                        "There is no output named {}. An override file can only override an output that was already defined in a primary configuration file.",
                        q(&ov.name)
                    );
                    return self.merge_error(file, "Missing base output definition to override", detail, ov.decl.span);
                };
                let set = |name: &str| block.body.attribute(name).is_some();
                if set("description") {
                    o.description = ov.description;
                }
                if ov.value.is_some() {
                    o.value = ov.value;
                    o.file = file;
                }
                if set("sensitive") {
                    o.sensitive = ov.sensitive;
                }
                if set("ephemeral") {
                    o.ephemeral = ov.ephemeral;
                }
                if set("type") {
                    o.constraint = ov.constraint;
                }
                self.no_depends_on(&ov.depends_on, file);
            }
            "module" => {
                let om = self.lenient(|d| d.module_call(block, file));
                let Some(m) = config.modules.iter_mut().find(|m| m.name == om.name) else {
                    let detail = format!(
                        "There is no module call named {}. An override file can only override a module call that was defined in a primary configuration file.",
                        q(&om.name)
                    );
                    return self.merge_error(file, "Missing module call to override", detail, om.decl.span);
                };
                if om.source.is_some() {
                    m.source = om.source;
                }
                if om.count.is_some() {
                    m.count = om.count;
                }
                if om.for_each.is_some() {
                    m.for_each = om.for_each;
                }
                m.arguments.retain(|a| !om.arguments.iter().any(|o| o.name == a.name));
                m.arguments.extend(om.arguments);
                self.no_depends_on(&om.depends_on, file);
            }
            "resource" | "data" => {
                let mode = if block.kind == "resource" { Mode::Managed } else { Mode::Data };
                let or = self.resource(block, file, mode);
                let Some(r) = config.resources.iter_mut().find(|r| r.key() == or.key()) else {
                    let (summary, detail) = match mode {
                        Mode::Data => ("Missing data resource to override", format!(
                            "There is no {} data resource named {}. An override file can only override a data block defined in a primary configuration file.",
                            or.ty, q(&or.name)
                        )),
                        _ => ("Missing resource to override", format!(
                            "There is no {} resource named {}. An override file can only override a resource block defined in a primary configuration file.",
                            or.ty, q(&or.name)
                        )),
                    };
                    return self.merge_error(file, summary, detail, or.decl.span);
                };
                if or.count.is_some() {
                    r.count = or.count;
                }
                if or.for_each.is_some() {
                    r.for_each = or.for_each;
                }
                if or.provider.is_some() {
                    r.provider = or.provider;
                }
                for kind in ["provisioner", "connection"] {
                    if or.provisioners.iter().any(|p| p.block.kind == kind) {
                        r.provisioners.retain(|p| p.block.kind != kind);
                        r.provisioners.extend(or.provisioners.iter().filter(|p| p.block.kind == kind).cloned());
                    }
                }
                r.body = merge_bodies(&r.body, &or.body);
                self.no_depends_on(&or.depends_on, file);
            }
            "provider" => {
                let mut scratch = Config::default();
                self.top_block(&mut scratch, block, file);
                let Some(op) = scratch.providers.pop() else { return };
                match config.providers.iter_mut().find(|p| p.name == op.name && p.alias == op.alias) {
                    Some(p) => p.body = merge_bodies(&p.body, &op.body),
                    None if op.alias.is_none() => config.providers.push(op),
                    None => {
                        let detail = format!(
                            "There is no {} provider configuration with the alias {}. An override file can only override an aliased provider configuration that was already defined in a primary configuration file.",
                            op.name,
                            q(op.alias.as_deref().unwrap_or_default())
                        );
                        self.merge_error(file, "Missing base provider configuration for override", detail, block.def_span());
                    }
                }
            }
            "terraform" => {
                let mut scratch = Config::default();
                self.terraform(&mut scratch, block, file);
                // Each provider's requirement is replaced as a whole.
                for (name, source) in scratch.required_providers {
                    config.required_providers.retain(|(n, _)| *n != name);
                    config.provider_versions.retain(|(n, _)| *n != name);
                    config.provider_versions.extend(scratch.provider_versions.iter().filter(|(n, _)| *n == name).cloned());
                    config.required_providers.push((name, source));
                }
                if !scratch.required_versions.is_empty() {
                    config.required_versions = scratch.required_versions;
                }
            }
            "moved" => {
                let detail = "Records of moved objects can appear only in normal files, not in override files.";
                self.merge_error(file, "Cannot override 'moved' blocks", detail, block.def_span());
            }
            "import" => {
                let detail = "Import blocks can appear only in normal files, not in override files.";
                self.merge_error(file, "Cannot override 'import' blocks", detail, block.def_span());
            }
            "removed" if profile == Profile::OpenTofu => {
                let detail = "Removed blocks can appear only in normal files, not in override files.";
                self.merge_error(file, "Cannot override 'Removed' blocks", detail, block.def_span());
            }
            "check" => {
                self.error(file, "Can't override check blocks", "Override files cannot override check blocks.", block.def_span());
            }
            // Not merged (ephemeral resources, actions, `removed` in
            // Terraform), or not acted on by the playground.
            _ => {}
        }
    }

    /// A block decoded as an override is: no argument is required.
    fn lenient<T>(&mut self, decode: impl FnOnce(&mut Self) -> T) -> T {
        let before = self.diags.len();
        let out = decode(self);
        let added = self.diags.split_off(before);
        self.diags.extend(added.into_iter().filter(|d| d.kind != crate::module::load::DiagnosticKind::MissingArgument));
        out
    }

    /// An error merging an override into an output, module call,
    /// resource, provider or the module's statements.
    fn merge_error(&mut self, file: usize, summary: &str, detail: impl Into<String>, span: Span) {
        let d = ModuleDiagnostic::at(file, Diagnostic::error(summary, detail, span));
        self.diags.push(d.of_kind(crate::module::load::DiagnosticKind::FullLoad));
    }

    /// `depends_on` may not be overridden.
    fn no_depends_on(&mut self, depends_on: &[Expression], file: usize) {
        if let Some(first) = depends_on.first() {
            self.merge_error(file, "Unsupported override", "The depends_on argument may not be overridden.", first.span);
        }
    }
}

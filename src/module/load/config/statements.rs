//! The statements about resources that are not resources: `moved`,
//! `import` and `removed` blocks, decoded and checked as Terraform (or
//! OpenTofu) checks them while loading a module.

use super::*;

const MOVED: Schema = Schema { attributes: &[("from", true), ("to", true)], blocks: &[] };

const IMPORT: Schema =
    Schema { attributes: &[("to", true), ("id", false), ("identity", false), ("for_each", false), ("provider", false)], blocks: &[] };

const REMOVED: Schema =
    Schema { attributes: &[("from", true)], blocks: &[("lifecycle", &[]), ("provisioner", &["type"]), ("connection", &[])] };

/// An `import` block.
#[derive(Clone, Debug)]
pub struct Import {
    /// The resource (instance) imported into.
    pub to: Expression,
    pub id: Option<Expression>,
    pub for_each: Option<Expression>,
    pub file: usize,
}

/// A `removed` block.
#[derive(Clone, Debug)]
pub struct Removed {
    pub from: Expression,
    pub decl: Loc,
    /// It has a `lifecycle` block.
    pub lifecycle: bool,
}

/// hcl's `AbsTraversalForExpr` accepts only a variable with static steps.
pub fn is_static_traversal(e: &Expression) -> bool {
    use crate::syntax::ast::ExprKind;
    match &e.kind {
        ExprKind::Variable(_) => true,
        ExprKind::Traversal { source, step } => step.is_static() && is_static_traversal(source),
        _ => false,
    }
}

const NOT_TRAVERSAL: &str = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";

impl Decoder<'_> {
    pub(crate) fn moved(&mut self, block: &Block, file: usize) {
        let c = content(&block.body, &MOVED, file, self.diags, self.profile);
        for name in ["from", "to"] {
            let Some(a) = c.attr(name) else { continue };
            if is_static_traversal(&a.expr) {
                continue;
            }
            if name == "from" && self.profile == Profile::OpenTofu {
                self.error(
                    file,
                    "Invalid \"moved\" address",
                    "The resource referenced by the \"from\" attribute is not allowed to be moved.",
                    block.def_span(),
                );
            }
            self.error(file, "Invalid expression", NOT_TRAVERSAL, a.expr.span);
        }
    }

    pub(crate) fn import(&mut self, config: &mut Config, block: &Block, file: usize) {
        let c = content(&block.body, &IMPORT, file, self.diags, self.profile);
        let Some(to) = c.attr("to") else { return };
        config.imports.push(Import {
            to: to.expr.clone(),
            id: c.attr("id").map(|a| a.expr.clone()),
            for_each: c.attr("for_each").map(|a| a.expr.clone()),
            file,
        });
    }

    pub(crate) fn removed(&mut self, config: &mut Config, block: &Block, file: usize) {
        let c = partial_content(&block.body, &REMOVED, file, self.diags, self.profile);
        let Some(from) = c.attr("from") else { return };
        if !is_static_traversal(&from.expr) {
            self.error(file, "Invalid expression", NOT_TRAVERSAL, from.expr.span);
            return;
        }
        let lifecycle = c.blocks.iter().any(|b| b.kind == "lifecycle");
        config.removed.push(Removed { from: from.expr.clone(), decl: def_range(block, file), lifecycle });
    }
}

/// Checks of `removed` blocks against the module they are in: a resource
/// still declared (Terraform), no `lifecycle` (an OpenTofu warning, which
/// it gives twice).
pub fn check_removed(config: &Config, profile: Profile, diags: &mut Vec<ModuleDiagnostic>) {
    for r in &config.removed {
        match profile {
            Profile::OpenTofu => {
                if !r.lifecycle {
                    for _ in 0..2 {
                        diags.push(ModuleDiagnostic {
                            kind: crate::module::load::DiagnosticKind::Other,
                            source: crate::module::load::Source::File(r.decl.file),
                            warning: true,
                            diagnostic: Diagnostic::error(
                                "Missing lifecycle from the removed block",
                                "It is recommended for each 'removed' block configured to have also the 'lifecycle' block defined. By not specifying if the resource should be destroyed or not, could lead to unwanted behavior.",
                                r.decl.span,
                            ),
                        });
                    }
                }
            }
            _ => {
                let target = crate::syntax::traversals(&r.from)
                    .into_iter()
                    .next()
                    .and_then(|(root, span, steps)| crate::module::load::refs::parse(root, span, &steps, profile).ok().flatten());
                if let Some(crate::module::load::refs::Reference {
                    subject: crate::module::load::refs::Subject::Resource { mode, ty, name },
                    ..
                }) = target
                {
                    if let Some(res) = config.resources.iter().find(|x| x.mode == mode && x.ty == ty && x.name == name) {
                        let detail = format!(
                            "This statement declares that {} was removed, but it is still declared in configuration.",
                            res.address()
                        );
                        diags.push(ModuleDiagnostic::at(
                            res.file,
                            Diagnostic::error("Removed resource still exists", detail, res.decl.span),
                        ));
                    }
                }
            }
        }
    }
}

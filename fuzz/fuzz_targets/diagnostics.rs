//! What every parse failure must be: diagnostics whose ranges lie inside
//! the source, on character boundaries.

use hcl_playground::Diagnostics;

pub fn check(source: &str, result: Result<hcl_playground::syntax::ast::Expression, Diagnostics>) {
    if let Err(diags) = result {
        for d in diags {
            assert!(d.subject.start <= d.subject.end && d.subject.end <= source.len(), "{d:?}");
            assert!(source.is_char_boundary(d.subject.start) && source.is_char_boundary(d.subject.end), "{d:?}");
        }
    }
}

//! Test files in HCL's JSON syntax (`.tftest.json`), read by the syntax
//! stage's JSON reader under the test file's schema: keywords and
//! traversals where the schema reads one (`command`, `expect_failures`,
//! `providers`, `plan_options`, override targets).

use crate::diagnostics::Diagnostic;
use crate::profile::Profile;
use crate::syntax::ast::Body;
use crate::syntax::json::{Shape, Shapes};

/// The schema of a test file.
struct TestFile(Profile);

impl Shapes for TestFile {
    fn shape(&self, kind: &str) -> Shape<'_> {
        match kind {
            "variables" => Shape::JustAttributes,
            "provider" => Shape::Partial { blocks: &[] },
            _ => match super::file::schema_of(kind, self.0) {
                Some(s) => Shape::Content { attributes: Some(s.attributes.iter().map(|(n, _)| *n).collect()), blocks: s.blocks },
                None => Shape::Content { attributes: None, blocks: &[] },
            },
        }
    }

    fn is_static(&self, block: &str, name: &str) -> bool {
        matches!(
            (block, name),
            ("run", "command" | "expect_failures" | "providers")
                | ("plan_options", "mode" | "replace" | "target")
                | ("override_resource" | "override_data" | "override_module", "target" | "override_during")
                | ("mock_provider" | "mock_resource" | "mock_data", "override_during")
        )
    }
}

/// The test file `text` (named `name`) as a body, with HCL's JSON errors
/// (what could be read of a file with errors is read, as HCL reads it).
pub(super) fn parse(text: &str, name: &str, limits: &crate::Limits, profile: Profile) -> (Body, Vec<Diagnostic>) {
    crate::syntax::json::parse(text, name, limits, profile, &TestFile(profile))
}

/// HCL's JSON `ContextString`: the object properties and array elements
/// that hold byte `at`, as `run.name.assert[0]`.
pub(super) fn context(text: &str, at: usize, max_depth: usize) -> Option<String> {
    crate::syntax::json::context(text, at, max_depth)
}

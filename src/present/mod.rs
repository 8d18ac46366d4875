//! Presentation: values as `terraform console` prints them and as JSON,
//! types as the console's `type()` shows them, what is known of unknown
//! values, and diagnostics as text.
//! Every front end (library, command line, WebAssembly) renders through
//! here.

mod console;
mod diagnostic;
mod json;
mod refinements;

pub use console::{console, console_lines, console_type};
pub use diagnostic::render_diagnostics;
pub use json::{push_json, to_json, to_json_pretty};
pub(crate) use json::{write_json, JsonFlavor};
pub use refinements::{describe as describe_refinement, known_facts, KnownFacts};

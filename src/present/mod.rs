//! Presentation: values as `terraform console` prints them and as JSON,
//! types as the console's `type()` shows them, and diagnostics as text.
//! Every front end (library, command line, WebAssembly) renders through
//! here.

mod console;
mod diagnostic;
mod json;

pub use console::{console, console_type};
pub use diagnostic::render_diagnostics;
pub use json::{to_json, to_json_pretty};
pub(crate) use json::{write_json, JsonFlavor};

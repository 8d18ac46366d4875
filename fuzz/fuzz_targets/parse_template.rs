//! Any text parsed as a bare template (a template file) gives a syntax
//! tree or diagnostics with ranges inside the source.
#![no_main]

mod diagnostics;

use hcl_playground::{syntax, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|source: &str| diagnostics::check(source, syntax::parse_template(source, "<input>", &Limits::default(), Default::default())));

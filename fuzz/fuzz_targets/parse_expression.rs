//! Any text parsed as an expression gives a syntax tree or diagnostics
//! with ranges inside the source: never a panic, a stack overflow or a hang.
#![no_main]

mod diagnostics;

use hcl_playground::{syntax, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|source: &str| diagnostics::check(source, syntax::parse_expression(source, "<input>", &Limits::default(), Default::default())));

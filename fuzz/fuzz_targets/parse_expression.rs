//! Any text parsed as an expression gives a syntax tree or diagnostics
//! with ranges inside the source: never a panic, a stack overflow or a hang.
#![no_main]

mod diagnostics;

use hcl_playground::{parser, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|source: &str| diagnostics::check(source, parser::parse_expression(source, &Limits::default())));

//! Any text parsed as a bare template (a template file) gives a syntax
//! tree or diagnostics with ranges inside the source.
#![no_main]

use hcl_playground::{parser, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|source: &str| {
    if let Err(diags) = parser::parse_template(source, &Limits::default()) {
        for d in diags {
            assert!(d.subject.start <= d.subject.end && d.subject.end <= source.len(), "{d:?}");
            assert!(source.is_char_boundary(d.subject.start) && source.is_char_boundary(d.subject.end), "{d:?}");
        }
    }
});

//! Date and time functions.

use super::FunctionDef;

pub(super) static FUNCTIONS: &[FunctionDef] = &[];

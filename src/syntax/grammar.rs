//! The pest parser generated from `grammar/hcl.pest`, the one grammar.

#![allow(missing_docs)]

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/hcl.pest"]
pub struct HclParser;

#[cfg(test)]
mod tests {
    use super::{HclParser, Rule};
    use pest::Parser as _;

    /// The grammar's `identifier` and `crate::text::is_identifier` (which
    /// the value model uses without the parser) accept the same names,
    /// code point by code point, first and later.
    #[test]
    fn identifier_rule_and_character_classes_agree() {
        let grammar = |s: &str| HclParser::parse(Rule::identifier_file, s).is_ok();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            for name in [c.to_string(), format!("a{c}")] {
                assert_eq!(crate::text::is_identifier(&name), grammar(&name), "{name:?} (U+{:04X})", c as u32);
            }
        }
    }
}

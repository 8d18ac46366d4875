//! The work limits every stage reads: the parser its nesting and call
//! budget, the evaluator its steps and sizes. A leaf, so that no stage
//! depends on the crate's entry points to know its bounds; the public
//! surface re-exports it from [`api`](crate::api).

/// The summary of the diagnostic that ends an evaluation past `max_steps`.
pub const TOO_EXPENSIVE: &str = "Evaluation too expensive";
/// The summary of the diagnostic that ends an evaluation past
/// `max_collection_len` or `max_string_len`.
pub const TOO_LARGE: &str = "Result too large";

/// Bounds on the work one evaluation may do. Every limit ends in a
/// diagnostic with a source range, never a crash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of brackets, templates and operator chains.
    pub max_depth: usize,
    /// Evaluation steps (roughly, expression nodes evaluated).
    pub max_steps: u64,
    /// Elements in one collection built by an evaluation.
    pub max_collection_len: usize,
    /// Bytes in one string built by an evaluation.
    pub max_string_len: usize,
    /// Parser rule calls allowed per input byte (pest's call limit).
    pub parse_calls_per_byte: usize,
    /// Evaluation steps of all the expressions of a configuration together
    /// (a module's evaluation; each expression also has `max_steps`).
    pub max_total_steps: u64,
}

impl Default for Limits {
    /// Limits that suit a browser tab: a runaway expression stops in well
    /// under a second.
    fn default() -> Limits {
        Limits {
            max_depth: 128,
            max_steps: 500_000,
            max_collection_len: 1_000_000,
            max_string_len: 16 << 20,
            parse_calls_per_byte: 2_000,
            max_total_steps: u64::MAX,
        }
    }
}

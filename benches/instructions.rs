//! One side of the hcl-rs comparison, for counting instructions under
//! callgrind (`./scripts/bench` does when valgrind is installed): wall time
//! on a shared VM varies by ±20 % between runs, instruction counts do not.
//!
//! `instructions ours|peer ROUNDS` parses and evaluates the shared
//! expressions ROUNDS times; ROUNDS = 0 measures the set-up alone.

#[path = "workload.rs"]
mod workload;

use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let side = args.next().unwrap_or_default();
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let cases: Vec<_> = workload::realistic().into_iter().filter(|c| c.peer_agrees()).collect();
    let options = hcl_playground::Options::default();
    for _ in 0..rounds {
        for case in &cases {
            match side.as_str() {
                "peer" => drop(black_box(case.peer())),
                _ => drop(black_box(case.ours(&options).ok())),
            }
        }
    }
}

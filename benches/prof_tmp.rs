#[path = "/work/main/benches/workload.rs"]
mod workload;
fn main() {
    let cases: Vec<_> = workload::realistic().into_iter().filter(|c| c.peer_agrees()).collect();
    let o = hcl_playground::Options::default();
    let which = std::env::args().nth(1).unwrap_or_default();
    for _ in 0..50 { for c in &cases { if which == "peer" { std::hint::black_box(c.peer()); } else { std::hint::black_box(c.ours(&o).ok()); } } }
}

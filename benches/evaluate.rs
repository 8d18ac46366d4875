//! Criterion benchmarks: hcl-playground side by side with hcl-rs on the
//! expressions both evaluate to the same value, and hcl-playground alone on
//! realistic workloads. Run with `./scripts/bench` or
//! `cargo bench --manifest-path benches/Cargo.toml`.

#[path = "workload.rs"]
mod workload;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hcl_playground::Options;
use std::hint::black_box;
use std::time::Duration;

fn side_by_side(c: &mut Criterion) {
    let cases: Vec<_> = workload::realistic().into_iter().filter(|c| c.peer_agrees()).collect();
    let options = Options::default();
    let mut g = c.benchmark_group(format!("side_by_side_{}_expressions", cases.len()));
    g.bench_function("hcl-playground", |b| {
        b.iter(|| {
            for case in &cases {
                black_box(case.ours(&options).ok());
            }
        })
    });
    g.bench_function("hcl-rs", |b| {
        b.iter(|| {
            for case in &cases {
                black_box(case.peer());
            }
        })
    });
    g.finish();
}

fn realistic(c: &mut Criterion) {
    let options = Options::default();
    let all = workload::realistic();
    let mut g = c.benchmark_group("realistic");
    g.bench_function(format!("seed_constructs_{}", all.len()), |b| {
        b.iter(|| {
            for case in &all {
                black_box(case.ours(&options).ok());
            }
        })
    });
    for case in [workload::template_200_lines(), workload::for_grouping(10_000), workload::deep_object(100)] {
        assert!(case.ours(&workload::generous_limits()).is_ok(), "{} evaluates", case.id);
        let opts = workload::generous_limits();
        g.bench_function(case.id.clone(), |b| b.iter(|| black_box(case.ours(&opts).ok())));
    }
    g.finish();
}

fn growth(c: &mut Criterion) {
    let opts = workload::generous_limits();
    let mut g = c.benchmark_group("growth_for_grouping");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for n in [1_000, 10_000, 100_000] {
        let case = workload::for_grouping(n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &case, |b, case| b.iter(|| black_box(case.ours(&opts).ok())));
    }
    g.finish();
    let mut g = c.benchmark_group("growth_nesting");
    for depth in [10, 100, 1_000] {
        let case = workload::nested_parens(depth);
        g.bench_with_input(BenchmarkId::from_parameter(depth), &case, |b, case| b.iter(|| black_box(case.ours(&opts).ok())));
    }
    g.finish();
}

criterion_group!(benches, side_by_side, realistic, growth);
criterion_main!(benches);

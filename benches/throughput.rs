//! Whole-workload figures that criterion does not give: time per
//! evaluation of the realistic workload (the same work the WebAssembly
//! API does, for the wasm/native ratio), growth in time and peak heap with
//! input size and nesting, and the time each runaway input takes to be
//! stopped. Prints Markdown for BENCHMARKS.md.

#[path = "workload.rs"]
mod workload;

use hcl_playground::{evaluate, evaluate_console, parse_variables, present, Options, Variables};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Counts live heap bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The best of `rounds` timings of `f`, and the peak heap it added.
fn measure<T>(rounds: usize, mut f: impl FnMut() -> T) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut peak = 0;
    for _ in 0..rounds {
        let base = LIVE.load(Relaxed);
        PEAK.store(base, Relaxed);
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed());
        peak = peak.max(PEAK.load(Relaxed) - base);
    }
    (best, peak)
}

/// What the WebAssembly `evaluate` does natively: variables JSON, parse,
/// evaluate, console rendering, JSON and type.
fn api(source: &str, vars_json: &str, template: bool) -> usize {
    let options = Options { template, ..Options::default() };
    let Ok(vars) = parse_variables(vars_json) else { return 0 };
    match evaluate_console(source, &vars, &options) {
        Ok(e) => e.console.len() + present::to_json(&e.value).len() + e.ty.to_string().len(),
        Err(d) => d.len(),
    }
}

fn fmt_time(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.1} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

fn fmt_bytes(b: usize) -> String {
    if b < 1 << 20 {
        format!("{:.1} KiB", b as f64 / 1024.0)
    } else {
        format!("{:.1} MiB", b as f64 / (1 << 20) as f64)
    }
}

fn main() {
    // `throughput modules` runs only the module and workspace sections.
    if std::env::args().nth(1).as_deref() == Some("modules") {
        modules();
        return workspace();
    }
    let cases = workload::realistic();
    let reps = 200;
    let (t, _) = measure(5, || {
        let mut n = 0;
        for _ in 0..reps {
            for c in &cases {
                n += api(&c.expr, &c.vars_json, c.template);
            }
        }
        n
    });
    let per = t / (reps * cases.len()) as u32;
    println!("## Realistic workload (native, the WebAssembly API's work)\n");
    println!("{} expressions × {reps}: {} per evaluation (`native_ns_per_eval={}`)\n", cases.len(), fmt_time(per), per.as_nanos());

    let opts = workload::generous_limits();
    println!("## Growth: `for` with grouping over N objects\n");
    println!("| N | time | per element | peak heap | heap per element |\n|---|---|---|---|---|");
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        let vars: Variables = parse_variables(&workload::servers_json(n)).expect("variables");
        let src = workload::for_grouping(1).expr;
        let rounds = if n >= 1_000_000 { 1 } else { 3 };
        let (t, peak) = measure(rounds, || evaluate(&src, &vars, &opts).is_ok());
        println!("| {n} | {} | {} | {} | {} B |", fmt_time(t), fmt_time(t / n as u32), fmt_bytes(peak), peak / n);
    }
    println!("\n## Growth: nesting depth\n");
    println!("| depth | parentheses | object literal | per level (objects) |\n|---|---|---|---|");
    for depth in [10usize, 100, 1_000] {
        let p = workload::nested_parens(depth);
        let o = workload::deep_object(depth);
        let (tp, _) = measure(5, || p.ours(&opts).is_ok());
        let (to, _) = measure(5, || o.ours(&opts).is_ok());
        println!("| {depth} | {} | {} | {} |", fmt_time(tp), fmt_time(to), fmt_time(to / depth as u32));
    }
    println!("\n## Runaway inputs under the default limits\n");
    println!("| input | time to the diagnostic | diagnostic |\n|---|---|---|");
    let runaway = [
        ("10 000-deep `[`", format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000))),
        ("10 000-deep `(`, unclosed", "(".repeat(10_000)),
        ("triple `for` over `range(1000)`", "[for i in range(1000): [for j in range(1000): [for k in range(1000): k]]]".into()),
        ("string doubled in a nested `for`", "[for i in range(1000): join(\"\", [for j in range(1000): \"xxxxxxxxxxxxxxxx\"])]".into()),
        ("100 000-term sum", format!("1{}", "+1".repeat(100_000))),
    ];
    for (name, src) in runaway {
        let mut summary = String::new();
        let (t, _) = measure(3, || {
            summary = match evaluate(&src, &Variables::new(), &Options::default()) {
                Ok(_) => "(a value)".into(),
                Err(d) => d[0].summary.clone(),
            };
        });
        println!("| {name} | {} | {summary} |", fmt_time(t));
    }
    modules();
    workspace();
}

/// The page's Workspace between edits: a configuration of two files (the
/// 100-server module with its `dynamic` blocks, and 500 chained locals),
/// an edit of the smaller file, and a hover over an expression of a
/// resource, each timed beside what it cost to load and evaluate all
/// again.
fn workspace() {
    use hcl_playground::module::{inspect_module, Inputs, Module, ModuleOptions, Workspace};
    println!("\n## Workspace: an edit and a hover\n");
    let main = workload::module_for_each(100, true);
    let locals = workload::module_locals(500).replace("variable \"env\"", "variable \"env2\"").replace("var.env", "var.env2");
    let options = ModuleOptions::default();
    let inputs = Inputs::default();
    let edit = |i: usize| vec![("main.tf".to_string(), main.clone()), ("locals.tf".to_string(), format!("{locals}# edit {i}\n"))];
    let mut round = 0;
    let (again, _) = measure(5, || {
        round += 1;
        let m = Module::load(edit(round), &options);
        m.evaluate(&inputs).values.len()
    });
    let mut ws = Workspace::new(options.clone());
    ws.set_inputs(inputs.clone());
    let (reused, _) = measure(5, || {
        round += 1;
        ws.set_files(edit(round));
        ws.evaluate().values.len()
    });
    // A keystroke in one local value's expression: that value and what
    // reads it are planned, the rest taken over.
    let typed = |i: usize| vec![("main.tf".to_string(), main.clone()), ("locals.tf".to_string(), locals.replace("+ 498\n", &format!("+ {i}\n")))];
    let (typed_again, _) = measure(5, || {
        round += 1;
        Module::load(typed(round), &options).evaluate(&inputs).values.len()
    });
    let (typed_reused, _) = measure(5, || {
        round += 1;
        ws.set_files(typed(round));
        ws.evaluate().values.len()
    });
    let taken_over = ws.reused();
    let at = main.find("each.value.zone").unwrap();
    let m = Module::load(edit(0), &options);
    let (watched, _) = measure(5, || inspect_module(&m, &m.evaluate_watching(&inputs, 0, at, at), 0, at, at).map(|f| f.hits.len()));
    ws.set_files(edit(0));
    ws.evaluate();
    let (hover, _) = measure(20, || ws.inspect("main.tf", at, at).map(|f| f.hits.len()));
    println!("| step | everything again | with the workspace |\n|---|---|---|");
    let lines = |t: &str| t.lines().count();
    println!(
        "| an edit of `locals.tf` ({} lines; `main.tf`, {} lines, unchanged) | {} | {} |",
        lines(&locals) + 1,
        lines(&main),
        fmt_time(again),
        fmt_time(reused)
    );
    println!(
        "| a keystroke in `local.l498` of `locals.tf` ({taken_over} of {} declarations taken over) | {} | {} |",
        ws.evaluate().values.len(),
        fmt_time(typed_again),
        fmt_time(typed_reused)
    );
    println!("| a hover in a resource of `main.tf` (100 instances) | {} | {} |", fmt_time(watched), fmt_time(hover));
}

/// Module mode: load (parse, decode) and evaluate every named value, as
/// the page does on each edit, then one console line in the module's
/// context. The modules are also written to `target/bench-modules/` for
/// `scripts/bench` to time the reference engines' console on them.
fn modules() {
    use hcl_playground::module::{Inputs, Kind, Module, ModuleOptions};
    println!("\n## Modules (load and evaluate every named value)\n");
    println!("| module | lines | named values (instances) | load + evaluate | per named value | console line | peak heap |\n|---|---|---|---|---|---|---|");
    let cases = [
        ("locals-500", workload::module_locals(500), "local.l499"),
        ("for-each-100", workload::module_for_each(100, false), "local.urls[99]"),
        ("for-each-100-dynamic", workload::module_for_each(100, true), "sort([for r in aws_security_group.server[\"web-7\"].ingress : r.from_port])"),
    ];
    let options = ModuleOptions::default();
    let inputs = Inputs::default();
    for (name, text, line) in cases {
        let dir = format!("target/bench-modules/{name}");
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(format!("{dir}/main.tf"), &text);
        let _ = std::fs::write(format!("{dir}/console.txt"), line);
        let files = vec![("main.tf".to_string(), text.clone())];
        let mut named = 0;
        let mut problems = 0;
        let (t, peak) = measure(5, || {
            let m = Module::load(files.clone(), &options);
            let e = m.evaluate(&inputs);
            // A resource with `count` or `for_each` is one named value
            // per instance.
            named = e.values.iter().map(|v| if v.kind == Kind::Resource { v.value.len().unwrap_or(1) } else { 1 }).sum();
            problems = e.diagnostics.len();
        });
        let m = Module::load(files.clone(), &options);
        let e = m.evaluate(&inputs);
        let mut console_ok = false;
        let (tc, _) = measure(20, || console_ok = e.console(line).is_ok());
        assert!(problems == 0 && console_ok, "benchmark module {name} has errors: {:?}", e.diagnostics.first().map(|d| e.render(d, line)));
        println!(
            "| {name} | {} | {named} | {} | {} | {} | {} |",
            text.lines().count(),
            fmt_time(t),
            fmt_time(t / named.max(1) as u32),
            fmt_time(tc),
            fmt_bytes(peak)
        );
    }
}

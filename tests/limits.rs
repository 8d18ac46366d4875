//! Pathological inputs end in a diagnostic (or a value), never a crash,
//! hang or stack overflow. Each runs on a thread with a 1 MiB stack, the
//! size of the WebAssembly stack, in whatever profile the tests are built.

use hcl_playground::{evaluate, Limits, Options, Profile, Variables};

const WASM_STACK: usize = 1 << 20;

/// Evaluates on a 1 MiB stack; returns the first error summary, if any.
fn run(src: String) -> Result<String, String> {
    std::thread::Builder::new()
        .stack_size(WASM_STACK)
        .spawn(move || match evaluate(&src, &Variables::new(), &Options::default()) {
            Ok(v) => Ok(hcl_playground::present::to_json(&v)),
            Err(d) => Err(d[0].summary.clone()),
        })
        .expect("thread starts")
        .join()
        .expect("evaluation must not panic or overflow the stack")
}

fn nest(open: &str, inner: &str, close: &str, depth: usize) -> String {
    format!("{}{}{}", open.repeat(depth), inner, close.repeat(depth))
}

#[test]
fn moderate_nesting_evaluates() {
    assert_eq!(run(nest("(", "1", ")", 100)), Ok("1".into()));
    assert_eq!(run(nest("[", "1", "]", 100)).map(|s| s.len()), Ok(201));
    assert!(run(nest("{a=", "1", "}", 100)).is_ok());
    assert!(run(nest("abs(", "-1", ")", 100)).is_ok());
    assert_eq!(run(nest("\"${", "1", "}\"", 50)), Ok("1".into()));
}

#[test]
fn deep_nesting_ends_in_a_diagnostic() {
    for depth in [500, 1_000, 10_000] {
        for (open, inner, close) in
            [("(", "1", ")"), ("[", "1", "]"), ("{a=", "1", "}"), ("abs(", "1", ")"), ("\"${", "1", "}\""), ("[for x in ", "[1]", ": x]")]
        {
            let balanced = run(nest(open, inner, close, depth));
            assert_eq!(balanced, Err("Expression too deeply nested".into()), "{open}… depth {depth}");
            let unclosed = run(format!("{}{inner}", open.repeat(depth)));
            assert!(unclosed.is_err(), "unclosed {open}… depth {depth}");
        }
    }
}

#[test]
fn long_flat_chains_evaluate() {
    // Operator chains and traversal steps are flat, however long: built,
    // evaluated and dropped without recursion, on the 1 MiB stack.
    for n in [1_000, 100_000] {
        assert_eq!(run(format!("1{}", "+1".repeat(n))), Ok((n + 1).to_string()), "sum chain {n}");
        assert_eq!(run(format!("2{}", "*1-1+1".repeat(n / 10))), Ok("2".into()), "mixed chain {n}");
        assert_eq!(run(format!("true{}", " && true".repeat(n))), Ok("true".into()), "and chain {n}");
        assert_eq!(run(format!("false{}", " || false".repeat(n))), Ok("false".into()), "or chain {n}");
        let attrs = format!("jsondecode(\"{{}}\").a{}", ".a".repeat(n));
        assert_eq!(run(attrs), Err("Unsupported attribute".into()), "attribute chain {n}");
        let unknown = format!("tolist(null)[0]{}", ".a[0]".repeat(n));
        assert!(run(unknown).is_err(), "index chain {n}");
    }
}

#[test]
fn long_nesting_chains_end_in_a_diagnostic() {
    // Unary runs and conditional chains nest, in the source as in HCL.
    for n in [1_000, 100_000] {
        assert_eq!(run(format!("{}true", "!".repeat(n))), Err("Expression too deeply nested".into()), "not chain {n}");
        assert_eq!(run(format!("{}1", "-".repeat(n))), Err("Expression too deeply nested".into()), "negation chain {n}");
        assert!(run(format!("true{}", " ? 1 : false".repeat(n))).is_err(), "conditional chain {n}");
    }
    assert_eq!(run(format!("{}true", "!".repeat(100))), Ok("true".into()));
}

#[test]
fn runaway_work_stops() {
    let triple = "[for i in range(1000): [for j in range(1000): [for k in range(1000): k]]]";
    assert!(matches!(run(triple.into()).unwrap_err().as_str(), "Evaluation too expensive" | "Result too large"));
    let wide = "[for i in range(1000): [for j in range(1000): join(\",\", [for k in range(1000): \"x\"])]]";
    assert!(run(wide.into()).is_err());
    assert!(run("range(1e9)".into()).is_err());
    // A limit reached in the arm not taken still ends the evaluation.
    assert!(run(format!("true ? 1 : length({triple})")).is_err());
    assert!(run(format!("\"%{{if true}}a%{{else}}${{length({triple})}}%{{endif}}\"")).is_err());
    assert!(run(format!("try({triple}, 1)")).is_err());
    // Exact decimal printing is quadratic in the exponent; astronomically
    // large numbers print in scientific notation instead of taking minutes.
    assert_eq!(run("1e400000 * 3".into()), Ok("3e+400000".into()));
    assert_eq!(run("format(\"%e\", 1e400000)".into()), Ok("\"1.000000e+400000\"".into()));
    assert_eq!(run("\"${1e-400000}\"".into()), Ok("1e-400000".into()));
    assert!(run(format!("length({})", nest("\"${", "\"xxxxxxxxxxxxxxxx\"", "}${\"a\"}\"", 50))).is_ok());
    // Functions that multiply a string's length stop at the string cap
    // (16 MiB) instead of exhausting memory: 10^7 bytes are fine, 10^10 not.
    let grow = |n| nest("replace(", "\"a\"", ", \"a\", \"aaaaaaaaaa\")", n);
    assert_eq!(run(format!("length({})", grow(7))), Ok("10000000".into()));
    assert_eq!(run(format!("length({})", grow(10))), Err("Result too large".into()));
}

#[test]
fn malformed_input_gets_a_diagnostic() {
    for src in [
        "",
        "(",
        ")",
        "[",
        "{",
        "\"",
        "\"${",
        "<<EOT",
        "<<EOT\n",
        "%{if true}",
        "${",
        "1 +",
        "a.",
        "a[",
        "f(",
        "\u{1F600}",
        "\"\\u{",
        "{a = 1 b = 2}",
        "[for]",
        "{for x in y}",
        "1 2",
        "x ? y",
        "/*",
        "\"a\nb\"",
    ] {
        assert!(run(src.into()).is_err(), "{src:?} should be an error");
    }
}

/// Inputs the fuzzers (`./scripts/fuzz`) found; each once hung or crashed.
#[test]
fn fuzz_regressions() {
    // Exponents past big.Float's int32 binary exponent: Go under- or
    // overflows at once; astro-float would work for minutes.
    assert_eq!(run("2e-1100010100".into()), Ok("0".into()));
    assert_eq!(run("-1e-700000000".into()), Ok("-0".into()));
    assert_eq!(run("2e700000000".into()), Ok(r#"{"__number__":"+Inf"}"#.into()));
    assert_eq!(run("1e-646456994 == 0".into()), Ok("true".into()));
    assert_eq!(run("1e-646456992 == 0".into()), Ok("false".into()));
}

/// Formats on a 1 MiB stack; the output's length, or the first error.
fn format_on_small_stack(src: String, expression: bool) -> Result<usize, String> {
    std::thread::Builder::new()
        .stack_size(WASM_STACK)
        .spawn(move || {
            let out = if expression { hcl_playground::format_expression(&src) } else { hcl_playground::format(&src) };
            out.map(|s| s.len()).map_err(|d| d[0].summary.clone())
        })
        .expect("thread starts")
        .join()
        .expect("formatting must not panic or overflow the stack")
}

#[test]
fn formatting_deep_or_large_input_ends_in_text_or_a_diagnostic() {
    // Nested blocks, which the formatter walks recursively, up to the
    // parser's nesting limit and past it.
    let blocks = |depth: usize| format!("{}a = 1\n{}", "b {\n".repeat(depth), "}\n".repeat(depth));
    assert!(format_on_small_stack(blocks(100), false).is_ok());
    for depth in [1_000, 10_000] {
        assert!(format_on_small_stack(blocks(depth), false).is_err(), "{depth}");
        assert!(format_on_small_stack(nest("[", "1", "]", depth), true).is_err(), "{depth}");
    }
    // A long file: linear work.
    let long: String = (0..20_000).map(|i| format!("a{i} = [1, 2, \"x\"] # c\nb{i}b = {{ k = v }}\n")).collect();
    assert_eq!(format_on_small_stack(long.clone(), false).map(|n| n > long.len()), Ok(true));
}

#[test]
fn parses_on_other_threads_keep_their_own_work_limit() {
    // pest's call limit is one process-wide value that each parse sets for
    // its input's length: a large file parsed while small ones are parsed on
    // other threads must get its own limit, not theirs.
    let large: String = (0..20_000).map(|i| format!("a{i} = [1, 2, \"x\"] # c\nb{i}b = {{ k = v }}\n")).collect();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let small: Vec<_> = (0..2)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    assert!(hcl_playground::syntax::parse_config("a = 1\n", "small.tf", &Limits::default(), Profile::default()).is_ok());
                }
            })
        })
        .collect();
    for _ in 0..5 {
        let parsed = hcl_playground::syntax::parse_config(&large, "large.tf", &Limits::default(), Profile::default());
        assert!(parsed.is_ok(), "{:?}", parsed.err().map(|d| d[0].summary.clone()));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    small.into_iter().for_each(|t| t.join().expect("small parses"));
}

use hcl_playground::module::{Inputs, Module, ModuleOptions};
#[test]
fn timing() {
    for f in [std::env::var("TF").unwrap_or("/tmp/m300.tf".into()).as_str()] {
        let text = std::fs::read_to_string(f).unwrap();
        let opts = ModuleOptions {
            providers: Some(std::sync::Arc::new(hcl_playground::module::ProviderData::dir(std::path::Path::new("www/providers")))),
            ..ModuleOptions::default()
        };
        let n: u32 = std::env::var("N").map(|s| s.parse().unwrap()).unwrap_or(20);
        let t = std::time::Instant::now();
        for _ in 0..n {
            let b = hcl_playground::syntax::parse_config(&text, "main.tf", &opts.limits, opts.profile);
            std::hint::black_box(b.is_ok());
        }
        let parse = t.elapsed() / n;
        let t = std::time::Instant::now();
        for _ in 0..n {
            let m = Module::load(vec![("main.tf".into(), text.clone())], &opts);
            std::hint::black_box(&m);
        }
        let load = t.elapsed() / n;
        let m = Module::load(vec![("main.tf".into(), text.clone())], &opts);
        let t = std::time::Instant::now();
        for _ in 0..n {
            let e = m.evaluate(&Inputs::default());
            std::hint::black_box(e.values.len());
        }
        let eval = t.elapsed() / n;
        eprintln!("{f}: parse {parse:?} load {load:?} evaluate {eval:?}");
    }
}

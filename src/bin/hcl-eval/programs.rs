//! The programs `data "external"` runs while planning, run here as the
//! external provider runs them (Go's `os/exec`): found as `LookPath`
//! finds them, in the directory Terraform runs in (the root module's) or
//! the data source's `working_dir`, the query on standard input.

use hcl_playground::module::{Program, ProgramRun, Programs};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The runner for a root module in `root` (an absolute directory).
pub fn runner(root: PathBuf) -> Programs {
    Programs(std::sync::Arc::new(move |p: &Program| run(&root, p)))
}

fn run(root: &Path, p: &Program) -> ProgramRun {
    let Some(name) = p.args.first() else { return ProgramRun::NotFound(String::new()) };
    let path = match look_path(root, name) {
        Ok(path) => path,
        Err(e) => {
            return ProgramRun::NotFound(format!(
                "exec: {}: {e}",
                hcl_playground::value::go_quote(name, hcl_playground::Profile::Terraform)
            ))
        }
    };
    let dir = root.join(&p.working_dir);
    // A program named by a path runs from the working directory, as
    // `exec.Cmd` with `Dir` set runs it.
    let program = if name.contains('/') { PathBuf::from(name) } else { PathBuf::from(&path) };
    let child = Command::new(&program)
        .args(&p.args[1..])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return ProgramRun::Ran { path, stdout: Vec::new(), failed: Some((String::new(), go_io(&e))) },
    };
    if let Some(mut stdin) = child.stdin.take() {
        // A program that does not read its input closes the pipe: no error.
        let _ = stdin.write_all(p.query.as_bytes());
    }
    let out = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => return ProgramRun::Ran { path, stdout: Vec::new(), failed: Some((String::new(), go_io(&e))) },
    };
    let failed = (!out.status.success()).then(|| (String::from_utf8_lossy(&out.stderr).into_owned(), state(&out.status)));
    ProgramRun::Ran { path, stdout: out.stdout, failed }
}

/// Go's `exec.LookPath`: a name with a slash is that file (from the
/// directory Terraform runs in); any other is searched in `$PATH`.
fn look_path(root: &Path, name: &str) -> Result<String, String> {
    let executable = |p: &Path| -> Result<(), String> {
        let m = std::fs::metadata(p).map_err(|e| format!("stat {}: {}", p.display(), go_io(&e)))?;
        if m.is_dir() {
            return Err("is a directory".into());
        }
        #[cfg(unix)]
        if std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 == 0 {
            return Err("permission denied".into());
        }
        Ok(())
    };
    if name.contains('/') {
        let full = root.join(name);
        return executable(&full).map(|()| name.to_string()).map_err(|e| e.replace(&full.display().to_string(), name));
    }
    let paths = std::env::var("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&paths) {
        let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
        let candidate = dir.join(name);
        if executable(&root.join(&candidate)).is_ok() {
            return Ok(candidate.display().to_string());
        }
    }
    Err("executable file not found in $PATH".into())
}

/// A process's end as Go's `ProcessState` writes it.
fn state(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(status);
    #[cfg(not(unix))]
    let signal: Option<i32> = None;
    match (status.code(), signal) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("signal: {}", signal_name(signal)),
        _ => "exit status -1".into(),
    }
}

fn signal_name(signal: i32) -> String {
    match signal {
        1 => "hangup".into(),
        2 => "interrupt".into(),
        6 => "aborted".into(),
        9 => "killed".into(),
        11 => "segmentation fault".into(),
        13 => "broken pipe".into(),
        15 => "terminated".into(),
        n => format!("signal {n}"),
    }
}

/// An I/O error in Go's words (`no such file or directory`).
fn go_io(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string().split(" (os error").next().unwrap_or_default().to_lowercase(),
    }
}

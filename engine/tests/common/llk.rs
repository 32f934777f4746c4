//! Running the `llk` binary in tests: a command that must answer one line of JSON, and
//! a command that must be refused (exit 2, one `llk: ` line on stderr, no stdout).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `llk args` with `stdin` fed in.
pub fn run(args: &[&str], stdin: &str) -> Output {
    run_to(args, stdin, Stdio::piped())
}

/// Runs `llk args` with `stdin` fed in and its stdout sent to `stdout`.
pub fn run_to(args: &[&str], stdin: &str, stdout: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_llk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("llk starts");
    // A command may exit before reading its stdin: ignore a broken pipe here.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("llk runs")
}

/// Runs `llk args` with raw `stdin` bytes (not necessarily UTF-8) fed in.
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_llk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("llk starts");
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin);
    child.wait_with_output().expect("llk runs")
}

/// A command that must succeed with one line of JSON and nothing on stderr.
pub fn ok_json(args: &[&str], stdin: &str) -> Value {
    let out = run(args, stdin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    let stdout = String::from_utf8(out.stdout).expect("utf-8 output");
    assert!(
        stdout.ends_with('\n') && stdout.lines().count() == 1,
        "{stdout:?}"
    );
    serde_json::from_str(&stdout).expect("stdout is JSON")
}

/// A refusal: exit code 2, nothing on stdout, one `llk: ` line on stderr. Returns it.
pub fn refused(args: &[&str], stdin: &str) -> String {
    let out = run(args, stdin);
    let stderr = String::from_utf8(out.stderr).expect("utf-8 stderr");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(
        stderr.starts_with("llk: ") && stderr.ends_with('\n') && stderr.lines().count() == 1,
        "{args:?}: stderr {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stderr
}

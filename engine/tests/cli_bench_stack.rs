//! `llk bench-stack --solvers`: only the solvers named run (their rows in the table's
//! order, the move-out and hint table only with `current`), the default is all three in
//! the format other tools read, and a bad list is refused in one line. `--anytime` gives
//! one row per budget, and no answer differs between them.

mod common;

use common::llk::{refused, run};

/// `llk bench-stack` on two real-style maps with a tiny budget, and `extra` arguments:
/// its stdout.
fn bench(extra: &[&str]) -> String {
    let mut args = vec!["bench-stack", "--maps", "2", "--budget-ms", "20"];
    args.extend_from_slice(extra);
    let out = run(&args, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The solver column of each real-style row of the first table, in order.
fn solver_rows(table: &str) -> Vec<String> {
    table
        .split("\n\n")
        .find(|part| part.contains("| maps | solver |"))
        .unwrap_or("")
        .lines()
        .filter_map(|l| l.strip_prefix("| real-style (2) | "))
        .filter_map(|l| l.split(" | ").next())
        .map(str::to_string)
        .collect()
}

/// The table with every number masked (times differ from run to run).
fn shape(table: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in table.chars() {
        let digit = c.is_ascii_digit() || (in_number && c == '.');
        if !digit {
            out.push(c);
        } else if !in_number {
            out.push('#');
        }
        in_number = digit;
    }
    out
}

#[test]
fn bench_stack_runs_only_the_solvers_named() {
    let default = bench(&[]);
    assert_eq!(solver_rows(&default), ["baseline", "current", "pressure"]);
    assert!(default.contains("won with 1 move-out"), "{default}");
    assert_eq!(
        shape(&default),
        shape(&bench(&["--solvers", "baseline,current,pressure"]))
    );
    let two = bench(&["--solvers", "current,baseline"]);
    assert_eq!(solver_rows(&two), ["baseline", "current"]);
    assert!(two.contains("won with 1 move-out"), "{two}");
    let one = bench(&["--solvers", "pressure"]);
    assert_eq!(solver_rows(&one), ["pressure"]);
    assert!(!one.contains("won with 1 move-out"), "{one}");
}

#[test]
fn bench_stack_refuses_unknown_solvers() {
    for list in ["fast", "current,", ""] {
        let err = refused(&["bench-stack", "--maps", "1", "--solvers", list], "");
        assert!(err.contains("--solvers"), "{list:?}: {err}");
    }
}

/// `--anytime`: one row per budget, and the maps a smaller budget decided answer the same
/// after the same nodes under a larger one (0 differ: the solver is anytime). Two easy maps
/// (decided in well under a millisecond), so even the 50 ms budget decides them.
#[test]
fn bench_stack_anytime_finds_the_same_answers_and_nodes() {
    let out = run(&["bench-stack", "--maps", "2", "--anytime", "50,2000"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).expect("utf-8 output");
    let rows: Vec<&str> = table.lines().filter(|l| l.contains(" ms | ")).collect();
    assert_eq!(rows.len(), 2, "{table}");
    assert!(rows[0].starts_with("| 50 ms | 2 / 0 / 0 |"), "{table}");
    assert!(rows[1].starts_with("| 2000 ms | 2 / 0 / 0 |"), "{table}");
    assert!(rows[1].ends_with("| 0 |"), "{table}");
    refused(&["bench-stack", "--anytime", "1000,soon"], "");
    refused(&["bench-stack", "--anytime", "1000,100"], "");
}

//! `llk bench-slide`: per slide rule (and `none` beside them), solvable deals, the
//! solver and the hint on 18×8 (36 kinds × 4, ring open), as a table. Plain timing with
//! `std::time::Instant`, one run per item; a wall-clock cap per solve counts as unknown.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use llk_engine::classic::deal::DealOptions;
use llk_engine::classic::game::HINT_BUDGET;
use llk_engine::classic::layout::{preset, PRESETS};
use llk_engine::classic::slide::{self, play, SlideRule};
use llk_engine::classic::{Budget, Verdict};

use crate::args::{self, Spec};
use crate::bench_slide_hints;
use crate::bench_slide_hints::fmt;
use crate::cpu::thread_cpu;
use crate::fail::{CliError, CliResult};
use crate::io::emit_text;
use crate::options::slide_rule;

const BENCH: Spec = Spec {
    command: "bench-slide",
    positional: &[],
    switches: &["random", "hints"],
    options: &["boards", "preset", "slide", "nodes"],
};

/// Cap on one solve, in this thread's CPU time (so that what is capped does not depend
/// on the machine's load; wall time where the CPU clock is missing).
const SOLVE_CAP: Duration = Duration::from_secs(5);

fn opts(seed: u64, solvable: bool) -> DealOptions {
    DealOptions {
        rows: 8,
        cols: 18,
        kinds: 36,
        seed,
        solvable,
        ring: true,
    }
}

/// `llk bench-slide [--boards N] [--random] [--slide RULE] [--nodes N]`: N boards per
/// rule (default 1,000), the solver on solvable deals of the rule, or on random deals
/// with `--random`, with a budget of `--nodes` nodes (default `Budget::DEFAULT`).
/// `llk bench-slide --hints [--boards N] [--preset NAME] [--slide RULE]`: hints along N
/// games per rule (default 100, preset 18x8), see `bench_slide_hints`. `--slide` keeps
/// one rule's row (every rule's by default).
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&BENCH, argv)?;
    let only = a
        .option("slide")
        .is_some()
        .then(|| slide_rule(&a))
        .transpose()?;
    if a.switch("hints") {
        let name = a.option("preset").unwrap_or("18x8");
        let Some(layout) = preset(name) else {
            let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
            return Err(CliError::usage(format!(
                "bench-slide: unknown preset '{}' (one of {})",
                args::printable(name),
                names.join(", ")
            )));
        };
        let mut out = String::new();
        bench_slide_hints::run(layout, a.number("boards")?.unwrap_or(100), only, &mut out)?;
        return emit_text(&out);
    }
    let boards: u64 = a.number("boards")?.unwrap_or(1_000);
    let random = a.switch("random");
    let budget = match a.number("nodes")? {
        Some(n) => Budget::nodes(n),
        None => Budget::DEFAULT,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "18x8, 36 kinds x 4, ring open; {boards} {} deals per rule (seeds 0..{boards}); \
         solve: a budget of {} nodes and a {} s CPU cap; hint: HINT_BUDGET mid-game (half the \
         certificate played) on the solvable deals; solve cpu: this thread's CPU time; \
         unknown: out of budget or capped\n",
        if random { "random" } else { "solvable" },
        budget.max_nodes,
        SOLVE_CAP.as_secs()
    );
    let _ = writeln!(
        out,
        "| rule | deal p50 | deal worst | solve p50 | solve p99 | solve worst | solve cpu p50 / p99 / worst | solvable / unsolvable / unknown | nodes p50 / p99 / max | hint p50 | hint p99 | hint worst |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(12));
    for rule in SlideRule::ALL {
        if only.is_some_and(|r| r != rule) {
            continue;
        }
        let mut deal_t = Vec::new();
        let mut solve_t = Vec::new();
        let mut solve_cpu = Vec::new();
        let mut hint_t = Vec::new();
        let mut nodes = Vec::new();
        let mut verdicts = [0usize; 3];
        for seed in 0..boards {
            let t = Instant::now();
            let dealt = slide::deal(&opts(seed, true), rule)?;
            deal_t.push(t.elapsed());
            let board = if random {
                slide::deal(&opts(seed, false), rule)?.board
            } else {
                dealt.board.clone()
            };
            let (t, c) = (Instant::now(), thread_cpu());
            let mut capped = || match thread_cpu() {
                Duration::ZERO => t.elapsed() > SOLVE_CAP,
                now => now.saturating_sub(c) > SOLVE_CAP,
            };
            let (v, stats) = slide::solve_with_stats(&board, rule, budget, &mut capped);
            solve_t.push(t.elapsed());
            solve_cpu.push(thread_cpu().saturating_sub(c));
            nodes.push(stats.nodes);
            verdicts[match v {
                Verdict::Solvable(_) => 0,
                Verdict::Unsolvable => 1,
                Verdict::Unknown => 2,
            }] += 1;
            // Mid-game: half the certificate played.
            let mut mid = dealt.board;
            let cert = dealt.solution.unwrap_or_default();
            for &(x, y) in &cert[..cert.len() / 2] {
                play(&mut mid, rule, x, y);
            }
            let t = Instant::now();
            let h = slide::hint(&mid, rule, HINT_BUDGET);
            hint_t.push(t.elapsed());
            std::hint::black_box(h);
        }
        deal_t.sort_unstable();
        solve_t.sort_unstable();
        solve_cpu.sort_unstable();
        hint_t.sort_unstable();
        nodes.sort_unstable();
        let q = |v: &[Duration], p: f64| fmt(v[((v.len() - 1) as f64 * p) as usize]);
        let qn = |p: f64| nodes[((nodes.len() - 1) as f64 * p) as usize];
        let _ = writeln!(
            out,
            "| {rule} | {} | {} | {} | {} | {} | {} / {} / {} | {} / {} / {} | {} / {} / {} | {} | {} | {} |",
            q(&deal_t, 0.5),
            q(&deal_t, 1.0),
            q(&solve_t, 0.5),
            q(&solve_t, 0.99),
            q(&solve_t, 1.0),
            q(&solve_cpu, 0.5),
            q(&solve_cpu, 0.99),
            q(&solve_cpu, 1.0),
            verdicts[0],
            verdicts[1],
            verdicts[2],
            qn(0.5),
            qn(0.99),
            qn(1.0),
            q(&hint_t, 0.5),
            q(&hint_t, 0.99),
            q(&hint_t, 1.0),
        );
    }
    emit_text(&out)
}

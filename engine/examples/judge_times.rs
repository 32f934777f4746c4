//! Time of the dead-end judgement (`JudgeTask::run` with `JUDGE_BUDGET`) on presets under
//! slide rules: games played by random linkable pairs from solvable deals; every position
//! whose verdict the game does not already know cheaply is judged and timed. Prints
//! p50 / p99 / worst and the verdict counts per preset and rule (engine/BENCHMARKS.md).
//!
//! Also prints this thread's CPU time per judgement (p50 / p99 / worst), which does not
//! depend on the load. `JUDGE_PRESETS=16x9` (comma-separated) measures only those presets.
//!
//! `cargo run --release -p lianliankan-engine --example judge_times [GAMES] [RULE ...]`
use std::time::Instant;

use cpu_time::ThreadTime;

use llk_engine::classic::game::{Game, GameOptions, Solvability, JUDGE_BUDGET};
use llk_engine::classic::layout::preset;
use llk_engine::classic::slide::SlideRule;
use llk_engine::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let rules: Vec<SlideRule> = if args.len() > 1 {
        args[1..].iter().filter_map(|r| r.parse().ok()).collect()
    } else {
        vec![
            SlideRule::None,
            SlideRule::Down,
            SlideRule::Left,
            SlideRule::TogetherH,
        ]
    };
    println!(
        "| preset | rule | judged | p50 | p99 | worst | cpu p50 / p99 / worst | yes / no / unknown |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let presets = std::env::var("JUDGE_PRESETS").unwrap_or_else(|_| "14x6,16x9,18x8".into());
    for name in presets.split(',') {
        let Some(p) = preset(name) else {
            eprintln!("unknown preset {name}");
            continue;
        };
        for &rule in &rules {
            let mut times = Vec::new();
            let mut cpu = Vec::new();
            let mut counts = [0usize; 3];
            for seed in 0..games {
                let options = GameOptions {
                    rows: p.rows as u16,
                    cols: p.cols as u16,
                    kinds: p.kinds as u16,
                    seed,
                    slide: rule,
                    ..GameOptions::default()
                };
                let mut g = Game::new(options).expect("deal");
                let mut rng = Rng::new(seed, 99);
                loop {
                    let pairs = g.board().linkable_pairs();
                    if pairs.is_empty() {
                        break;
                    }
                    let (a, b) = pairs[rng.below(pairs.len())];
                    let _ = g.select(a, 0);
                    let _ = g.select(b, 0);
                    let Some(task) = g.judge_task() else {
                        continue;
                    };
                    let (t0, c0) = (Instant::now(), ThreadTime::now());
                    let judged = task.run(JUDGE_BUDGET, &mut || false);
                    times.push(t0.elapsed().as_secs_f64() * 1e3);
                    cpu.push(c0.elapsed().as_secs_f64() * 1e3);
                    counts[judged.verdict() as usize] += 1;
                    g.store_judgement(judged);
                    if g.solvable() == Solvability::No {
                        // The rest of this game is known dead: the warning would show.
                        break;
                    }
                }
            }
            times.sort_by(f64::total_cmp);
            cpu.sort_by(f64::total_cmp);
            let at = |v: &[f64], q: f64| {
                v.get(((v.len() as f64 - 1.0) * q) as usize)
                    .copied()
                    .unwrap_or(0.0)
            };
            println!(
                "| {name} | {rule} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} / {:.2} / {:.2} ms | {} / {} / {} |",
                times.len(),
                at(&times, 0.5),
                at(&times, 0.99),
                times.last().copied().unwrap_or(0.0),
                at(&cpu, 0.5),
                at(&cpu, 0.99),
                cpu.last().copied().unwrap_or(0.0),
                counts[0],
                counts[1],
                counts[2]
            );
        }
    }
}

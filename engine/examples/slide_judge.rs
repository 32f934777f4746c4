//! The slide solver on the positions a dead-end judgement meets, the same positions
//! whatever the solver: games from solvable deals of a preset, played by random linkable
//! pairs (seeded), every position solved with `JUDGE_BUDGET` (no certificate shortcut, so
//! the positions do not depend on the certificates found), until the first position
//! proved unsolvable or the end. Prints this thread's CPU time per solve (p50 / p99 /
//! worst), the total, and the verdicts, per rule; `--each` also prints one line per
//! position (seed, move, verdict, CPU ms, nodes) for side-by-side comparisons;
//! `SJ_DUMP=RULE-SEED-MOVE` (e.g. `left-8-29`) prints that position's board as JSON on
//! stderr.
//!
//! `cargo run --release -p lianliankan-engine --example slide_judge -- PRESET GAMES RULE... [--each]`
use cpu_time::ThreadTime;

use llk_engine::classic::game::{Game, GameOptions, JUDGE_BUDGET};
use llk_engine::classic::layout::preset;
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::Verdict;
use llk_engine::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let each = args.iter().any(|a| a == "--each");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--each").collect();
    let name = args.first().map_or("16x9", |s| s.as_str());
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let rules: Vec<SlideRule> = args.iter().skip(2).filter_map(|r| r.parse().ok()).collect();
    let p = preset(name).expect("preset");
    println!("| preset | rule | solves | cpu p50 | cpu p99 | cpu worst | cpu total | yes / no / unknown |");
    println!("|---|---|---|---|---|---|---|---|");
    for rule in rules {
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
            let mut board = Game::new(options).expect("deal").board().clone();
            let mut rng = Rng::new(seed, 99);
            for turn in 0.. {
                let pairs = board.linkable_pairs();
                if pairs.is_empty() {
                    break;
                }
                let (a, b) = pairs[rng.below(pairs.len())];
                slide::play(&mut board, rule, a, b);
                if std::env::var("SJ_DUMP").ok() == Some(format!("{rule}-{seed}-{turn}")) {
                    eprintln!(
                        "{}",
                        serde_json::to_string(&board.to_rows()).unwrap_or_default()
                    );
                }
                let c0 = ThreadTime::now();
                let (v, stats) = slide::solve_with_stats(&board, rule, JUDGE_BUDGET, &mut || false);
                let ms = c0.elapsed().as_secs_f64() * 1e3;
                cpu.push(ms);
                let i = match v {
                    Verdict::Solvable(_) => 0,
                    Verdict::Unsolvable => 1,
                    Verdict::Unknown => 2,
                };
                counts[i] += 1;
                if each {
                    println!(
                        "# {rule} {seed} {turn} {} {ms:.3} {}",
                        ["yes", "no", "unknown"][i],
                        stats.nodes
                    );
                }
                if i == 1 {
                    break;
                }
            }
        }
        let total: f64 = cpu.iter().sum();
        cpu.sort_by(f64::total_cmp);
        let at = |q: f64| {
            cpu.get(((cpu.len() as f64 - 1.0) * q) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "| {name} | {rule} | {} | {:.2} ms | {:.2} ms | {:.2} ms | {:.0} ms | {} / {} / {} |",
            cpu.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            total,
            counts[0],
            counts[1],
            counts[2]
        );
    }
}

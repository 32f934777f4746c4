//! `llk bench-slide --hints`: hints along games under each slide rule, timed two ways
//! on the same positions: re-solving the board (`slide::hint`) and keeping a plan across
//! the game (`slide::hint_with_plan`, seeded with the deal's certificate as the game
//! does). The player alternates between playing the hint and playing a random pair that
//! keeps the board solvable (checked by the solver, untimed), so that the plan has to be
//! repaired about every other turn.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use llk_engine::classic::deal::DealOptions;
use llk_engine::classic::game::HINT_BUDGET;
use llk_engine::classic::layout::Preset;
use llk_engine::classic::slide::{self, play, SlidePlan, SlideRule};
use llk_engine::classic::{Board, Budget, Pos, Verdict};
use llk_engine::rng::Rng;

use crate::cpu::thread_cpu;
use crate::fail::CliResult;

/// `games` games per moving rule on `layout` (ring open), seeds 0..games; one table row
/// per rule (only `only`'s when given).
pub fn run(layout: Preset, games: u64, only: Option<SlideRule>, out: &mut String) -> CliResult<()> {
    let _ = writeln!(
        out,
        "{} ({} kinds), ring open; {games} solvable deals per rule (seeds 0..{games}); a hint \
         (HINT_BUDGET) before every move; the player plays the hint on even turns, a random \
         pair that keeps the board solvable on odd ones; cpu: this thread's CPU time\n",
        layout.name, layout.kinds
    );
    let _ = writeln!(
        out,
        "| rule | hints | re-solve p50 | re-solve p99 | re-solve worst | kept plan p50 | kept plan p99 | kept plan worst | kept plan cpu p50 / p99 / worst | kept plan > 1 ms | games stuck |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(11));
    for rule in SlideRule::ALL.into_iter().skip(1) {
        if only.is_some_and(|r| r != rule) {
            continue;
        }
        let mut plain = Vec::new();
        let mut kept = Vec::new();
        let mut kept_cpu = Vec::new();
        let mut slow = 0usize;
        let mut stuck = 0usize;
        for seed in 0..games {
            let opts = DealOptions {
                rows: layout.rows,
                cols: layout.cols,
                kinds: layout.kinds,
                seed,
                solvable: true,
                ring: true,
            };
            let dealt = slide::deal(&opts, rule)?;
            let mut board = dealt.board;
            let mut plan = SlidePlan::seeded(&board, rule, dealt.solution.unwrap_or_default());
            let mut played: Vec<(Pos, Pos)> = Vec::new();
            let mut rng = Rng::new(seed, 0x4117);
            let mut turn = 0u64;
            while !board.is_cleared() {
                let t = Instant::now();
                let a = slide::hint(black_box(&board), rule, HINT_BUDGET);
                plain.push(t.elapsed());
                let (t, c) = (Instant::now(), thread_cpu());
                let b =
                    slide::hint_with_plan(black_box(&board), rule, HINT_BUDGET, &mut plan, &played);
                let took = t.elapsed();
                kept_cpu.push(thread_cpu().saturating_sub(c));
                kept.push(took);
                if took > Duration::from_millis(1) {
                    slow += 1;
                }
                // A hint whose search ran out falls back to any pair, which can spoil
                // the board: the game may then end stuck.
                let (Some(_), Some(h)) = (a, b) else {
                    stuck += 1;
                    break;
                };
                let (x, y) = if turn.is_multiple_of(2) {
                    (h.a, h.b)
                } else {
                    keeping_pair(&board, rule, &mut rng).unwrap_or((h.a, h.b))
                };
                play(&mut board, rule, x, y);
                played.push((x, y));
                turn += 1;
            }
        }
        plain.sort_unstable();
        kept.sort_unstable();
        kept_cpu.sort_unstable();
        let q = |v: &[Duration], p: f64| fmt(v[((v.len() - 1) as f64 * p) as usize]);
        let _ = writeln!(
            out,
            "| {rule} | {} | {} | {} | {} | {} | {} | {} | {} / {} / {} | {} | {} |",
            kept.len(),
            q(&plain, 0.5),
            q(&plain, 0.99),
            q(&plain, 1.0),
            q(&kept, 0.5),
            q(&kept, 0.99),
            q(&kept, 1.0),
            q(&kept_cpu, 0.5),
            q(&kept_cpu, 0.99),
            q(&kept_cpu, 1.0),
            slow,
            stuck
        );
    }
    Ok(())
}

/// A random linkable pair whose match keeps `board` solvable under `rule` (the solver
/// decides, with the default budget), or `None`.
fn keeping_pair(board: &Board, rule: SlideRule, rng: &mut Rng) -> Option<(Pos, Pos)> {
    let mut pairs = board.linkable_pairs();
    rng.shuffle(&mut pairs);
    pairs.into_iter().take(6).find(|&(x, y)| {
        let mut next = board.clone();
        play(&mut next, rule, x, y);
        matches!(
            slide::solve(&next, rule, Budget::DEFAULT),
            Verdict::Solvable(_)
        )
    })
}

pub fn fmt(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1_000.0 {
        format!("{us:.1} us")
    } else if us < 1_000_000.0 {
        format!("{:.2} ms", us / 1_000.0)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

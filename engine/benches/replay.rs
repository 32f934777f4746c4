//! Criterion benchmarks of verifying a claimed daily line (issue 29's server): a whole
//! winning line replayed on a clone of a cached start game, as the server does for every
//! claim. Classic: the 18x8 daily deal's certificate (72 matches). Stack: a real-style
//! level's winning line (the daily stack challenge's shape, 192-270 takes) and a level-2
//! deal's certificate (216 takes). Numbers in `engine/BENCHMARKS.md` ("Verifying a line").
//!
//! `cargo bench -p lianliankan-engine --bench replay`.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use llk_engine::classic::game::Game;
use llk_engine::classic::{solve, Budget, Verdict};
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::code::daily_stack::daily_stack_options;
use llk_engine::line::{ClassicStep, StackStep};
use llk_engine::stack::{StackGame, StackOptions};

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let date = UtcDate::parse("2026-12-04").expect("a date");
    let classic = Game::new(daily_options(date)).expect("the daily deal");
    let Verdict::Solvable(pairs) = solve(classic.board(), Budget::DEFAULT) else {
        panic!("the daily deal is solvable");
    };
    let line: Vec<ClassicStep> = (1..)
        .zip(&pairs)
        .map(|(i, &(a, b))| ClassicStep::matched(1000 * i, a, b))
        .collect();
    let last = line.last().map_or(0, |s| s.t);
    assert!(llk_engine::classic::replay::replay(&classic, &line, last).is_ok());
    c.bench_function("replay_classic_daily_72", |b| {
        b.iter(|| {
            black_box(llk_engine::classic::replay::replay(
                black_box(&classic),
                black_box(&line),
                last,
            ))
        })
    });
    for (name, options) in stack_cases() {
        let start = StackGame::new(options).expect("deals");
        let line: Vec<StackStep> = (1..)
            .zip(start.certificate())
            .map(|(i, &id)| StackStep::took(500 * i, id))
            .collect();
        let last = line.last().map_or(0, |s| s.t);
        assert!(llk_engine::stack::replay::replay(&start, &line, last).is_ok());
        c.bench_function(&name, |b| {
            b.iter(|| {
                black_box(llk_engine::stack::replay::replay(
                    black_box(&start),
                    black_box(&line),
                    last,
                ))
            })
        });
    }
    c.final_summary();
}

fn stack_cases() -> Vec<(String, StackOptions)> {
    let level2 = StackOptions {
        level: Some(2),
        seed: 1,
        ..StackOptions::default()
    };
    // The daily stack challenge of two dates: the largest and the smallest level of
    // December 2026's first fortnight.
    let mut days: Vec<StackOptions> = (0..14)
        .map(|i| {
            let date = UtcDate::from_day_number(20_788 + i).expect("a date");
            daily_stack_options(date)
        })
        .collect();
    days.sort_by_key(|o| o.tiles);
    let mut out = vec![("replay_stack_level2_216".to_string(), level2)];
    for o in [days[days.len() - 1], days[0]] {
        out.push((format!("replay_stack_daily_{}", o.tiles), o));
    }
    out
}

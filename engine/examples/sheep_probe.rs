//! Scratch measurement of the stack solver on real-style seeds and the captured maps:
//! `sheep_probe STRATEGY MAX_NODES [SEED | A..B | captured-N]...`, one line per map
//! (verdict, nodes, memo, refutation nodes, takes asleep, wall ms). STRATEGY: baseline, current,
//! pressure, unrefuted. Bad arguments
//! get one line on stderr and exit 2.
use std::process::ExitCode;
use std::time::Instant;

use llk_engine::classic::Budget;
use llk_engine::stack::solver::{solve_with_strategy, Strategy};
use llk_engine::stack::{Position, StackVerdict};

mod probe_maps;
use probe_maps::{check_win, maps};

fn main() -> ExitCode {
    match probe(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sheep_probe: {e}");
            ExitCode::from(2)
        }
    }
}

fn probe(args: Vec<String>) -> Result<(), String> {
    let strategy = match args.first().map(String::as_str) {
        Some("baseline") => Strategy::Baseline,
        Some("current") => Strategy::Current,
        Some("pressure") => Strategy::Pressure,
        Some("unrefuted") => Strategy::Unrefuted,
        other => {
            return Err(format!(
                "unknown strategy {other:?} (baseline, current, pressure, unrefuted)"
            ))
        }
    };
    let max: u64 = match args.get(1) {
        Some(a) => a.parse().map_err(|_| format!("not a node count: {a}"))?,
        None => 1_000_000,
    };
    let maps = maps(args.get(2..).unwrap_or_default())?;
    let (mut won, mut lost, mut unk, mut total) = (0, 0, 0, 0u128);
    for (name, layout, tray) in &maps {
        let on = vec![true; layout.len()];
        let pos = Position {
            layout,
            on_board: &on,
            held: &[],
            tray: &[],
            capacity: *tray,
        };
        let t = Instant::now();
        let (v, st) = solve_with_strategy(&pos, Budget::nodes(max), &mut || false, strategy);
        let ms = t.elapsed().as_millis();
        let v = &v;
        total += ms;
        let word = match v {
            StackVerdict::Winnable(line) => {
                check_win(name, layout, *tray, line)?;
                won += 1;
                "won"
            }
            StackVerdict::Unwinnable => {
                lost += 1;
                "LOST"
            }
            StackVerdict::Unknown => {
                unk += 1;
                "unknown"
            }
        };
        if maps.len() <= 40 || word != "won" {
            println!(
                "{name}: {word} nodes {} memo {} refute {} backward {} slept {} {ms} ms",
                st.nodes, st.memo, st.refute_nodes, st.backward_nodes, st.slept_takes
            );
        }
    }
    println!("total: {won} won / {lost} lost / {unk} unknown, {total} ms");
    Ok(())
}

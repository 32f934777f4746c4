//! Scratch measurement of the backward search (`solver::solve_backward`) beside the main
//! one: `lost_probe MAX_NODES [tray=N] [SEED | A..B | captured-N]...`, one line per map.
//! With `MAIN` set in the environment, the main search (`Strategy::Current`) runs too,
//! with the same node budget. `tray=N` plays every map with an N-slot tray. Winning lines
//! are replayed. Bad arguments get one line on stderr and exit 2.
use std::process::ExitCode;
use std::time::Instant;

use llk_engine::classic::Budget;
use llk_engine::stack::solver::{solve_backward, solve_with_strategy, Strategy};
use llk_engine::stack::{Position, StackVerdict};

mod probe_maps;
use probe_maps::{budget_tray_maps, check_win};

fn main() -> ExitCode {
    match probe(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lost_probe: {e}");
            ExitCode::from(2)
        }
    }
}

fn word(v: &StackVerdict) -> &'static str {
    match v {
        StackVerdict::Winnable(_) => "won",
        StackVerdict::Unwinnable => "LOST",
        StackVerdict::Unknown => "unknown",
    }
}

fn probe(args: Vec<String>) -> Result<(), String> {
    let (max, tray_override, maps) =
        budget_tray_maps(&args, "usage: lost_probe MAX_NODES [tray=N] MAPS...")?;
    let main_too = std::env::var("MAIN").is_ok();
    for (name, layout, tray) in &maps {
        let tray = tray_override.unwrap_or(*tray);
        let on = vec![true; layout.len()];
        let pos = Position {
            layout,
            on_board: &on,
            held: &[],
            tray: &[],
            capacity: tray,
        };
        let t = Instant::now();
        let (v, nodes) = solve_backward(&pos, Budget::nodes(max), &mut || false);
        let ms = t.elapsed().as_millis();
        if let StackVerdict::Winnable(line) = &v {
            check_win(name, layout, tray, line)?;
        }
        let mut main = String::new();
        if main_too {
            let t = Instant::now();
            let (m, st) =
                solve_with_strategy(&pos, Budget::nodes(max), &mut || false, Strategy::Current);
            main = format!(
                "; main {} nodes {} {} ms",
                word(&m),
                st.nodes,
                t.elapsed().as_millis()
            );
        }
        println!("{name}: backward {} nodes {nodes} {ms} ms{main}", word(&v));
    }
    Ok(())
}

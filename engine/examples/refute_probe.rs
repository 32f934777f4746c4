//! Scratch measurement of the refutation search alone on real-style seeds and the
//! captured maps: `refute_probe MAX_NODES [tray=N] [SEED | A..B | captured-N]...`, one
//! line per map: the refutation (lost or open, nodes, projections tried, wall ms), then
//! the main search without it (`Strategy::Unrefuted`) with the same node budget.
//! `tray=N` plays every map with an N-slot tray instead of its own. Bad arguments get one
//! line on stderr and exit 2.
use std::process::ExitCode;
use std::time::Instant;

use llk_engine::classic::Budget;
use llk_engine::stack::solver::{prove_lost, solve_with_strategy, Strategy};
use llk_engine::stack::{Position, StackVerdict};

mod probe_maps;
use probe_maps::budget_tray_maps;

fn main() -> ExitCode {
    match probe(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("refute_probe: {e}");
            ExitCode::from(2)
        }
    }
}

fn probe(args: Vec<String>) -> Result<(), String> {
    let (max, tray_override, maps) =
        budget_tray_maps(&args, "usage: refute_probe MAX_NODES MAPS...")?;
    let (mut lost, mut main_lost, mut main_won, mut total) = (0, 0, 0, 0u128);
    for (name, layout, tray) in &maps {
        let tray = &tray_override.unwrap_or(*tray);
        let on = vec![true; layout.len()];
        let pos = Position {
            layout,
            on_board: &on,
            held: &[],
            tray: &[],
            capacity: *tray,
        };
        let t = Instant::now();
        let r = prove_lost(&pos, Budget::nodes(max), &mut || false);
        let ms = t.elapsed().as_millis();
        total += ms;
        lost += usize::from(r.lost);
        let word = if r.lost { "LOST" } else { "open" };
        let t = Instant::now();
        let (v, st) =
            solve_with_strategy(&pos, Budget::nodes(max), &mut || false, Strategy::Unrefuted);
        let main_ms = t.elapsed().as_millis();
        let main = match v {
            StackVerdict::Winnable(_) => "won",
            StackVerdict::Unwinnable => "lost",
            StackVerdict::Unknown => "unknown",
        };
        main_lost += usize::from(main == "lost");
        main_won += usize::from(main == "won");
        println!(
            "{name}: {word} nodes {} tried {} {ms} ms; main search {main} nodes {} {main_ms} ms",
            r.nodes, r.tried, st.nodes
        );
    }
    println!(
        "total: refutation {lost} lost of {}, {total} ms; main search {main_won} won {main_lost} lost",
        maps.len()
    );
    Ok(())
}

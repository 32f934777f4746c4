//! Scratch measurement of the stack solver on real-style seeds and the captured maps:
//! `sheep_probe STRATEGY MAX_NODES [SEED | A..B | captured-N]...`, one line per map
//! (verdict, nodes, memo, refutation nodes, wall ms). STRATEGY: baseline, current,
//! pressure, unrefuted. Bad arguments
//! get one line on stderr and exit 2.
use std::process::ExitCode;
use std::time::Instant;

use llk_engine::classic::Budget;
use llk_engine::stack::import::import_map;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::{solve_with_strategy, Strategy};
use llk_engine::stack::{Layout, Position, StackVerdict};

fn main() -> ExitCode {
    match probe(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sheep_probe: {e}");
            ExitCode::from(2)
        }
    }
}

fn seed(a: &str) -> Result<u64, String> {
    a.parse().map_err(|_| format!("not a seed: {a}"))
}

fn real_style_map(s: u64) -> Result<(String, Layout, u8), String> {
    let m = real_style(s).map_err(|e| format!("seed {s}: {e}"))?;
    Ok((format!("seed {s}"), m.layout, m.tray))
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
    let mut maps: Vec<(String, Layout, u8)> = Vec::new();
    for a in args.iter().skip(2) {
        if let Some(n) = a.strip_prefix("captured-") {
            let path = format!(
                "{}/tests/data/sheep-maps/captured-{n}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            let f = import_map(&text, 7).map_err(|e| format!("{path}: {e}"))?;
            maps.push((a.clone(), f.layout, f.tray));
        } else if let Some((x, y)) = a.split_once("..") {
            for s in seed(x)?..seed(y)? {
                maps.push(real_style_map(s)?);
            }
        } else {
            maps.push(real_style_map(seed(a)?)?);
        }
    }
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
        total += ms;
        let word = match v {
            StackVerdict::Winnable(_) => {
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
                "{name}: {word} nodes {} memo {} refute {} {ms} ms",
                st.nodes, st.memo, st.refute_nodes
            );
        }
    }
    println!("total: {won} won / {lost} lost / {unk} unknown, {total} ms");
    Ok(())
}

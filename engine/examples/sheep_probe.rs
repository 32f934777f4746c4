//! Scratch measurement of the stack solver on real-style seeds and the captured maps:
//! `sheep_probe STRATEGY MAX_NODES [SEED | A..B | captured-N]...`, one line per map
//! (verdict, nodes, memo, wall ms). STRATEGY: baseline, current, pressure, refute.
use std::time::Instant;

use llk_engine::classic::Budget;
use llk_engine::stack::import::import_map;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::{solve_with_strategy, Strategy};
use llk_engine::stack::{Layout, Position, StackVerdict};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let strategy = match args.first().map(String::as_str) {
        Some("baseline") => Strategy::Baseline,
        Some("pressure") => Strategy::Pressure,
        _ => Strategy::Current,
    };
    let max: u64 = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let mut maps: Vec<(String, Layout, u8)> = Vec::new();
    for a in &args[2..] {
        if let Some(n) = a.strip_prefix("captured-") {
            let path = format!(
                "{}/tests/data/sheep-maps/captured-{n}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(path).expect("read");
            let f = import_map(&text, 7).expect("import");
            maps.push((a.clone(), f.layout, f.tray));
        } else if let Some((x, y)) = a.split_once("..") {
            for s in x.parse::<u64>().unwrap()..y.parse::<u64>().unwrap() {
                let m = real_style(s).expect("map");
                maps.push((format!("seed {s}"), m.layout, m.tray));
            }
        } else {
            let s: u64 = a.parse().expect("seed");
            let m = real_style(s).expect("map");
            maps.push((format!("seed {s}"), m.layout, m.tray));
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
            println!("{name}: {word} nodes {} memo {} {ms} ms", st.nodes, st.memo);
        }
    }
    println!("total: {won} won / {lost} lost / {unk} unknown, {total} ms");
}

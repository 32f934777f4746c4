//! Parser fuzzing: every engine parser that takes outside bytes (classic and stack saves,
//! stack files, and `llk`'s board and stack-file inputs through the real binary) gets
//! mutants of valid inputs and random bytes; each must answer within a time bound with a
//! typed error (a known `EngineError` code, or `llk`'s one-line refusal with exit 2),
//! never a panic, and what it accepts must be a consistent game (it re-saves to itself).
//! The binary's solves also get the shapes whose searches once outran `--budget-ms`:
//! large boards of one or two kinds, and real-style stack maps the solver leaves
//! undecided (plain and with a move-out).
//! `LLK_FUZZ_INPUTS` sets the number per parser (default 2,000; `make fuzz` 100,000).

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use common::mutate::{mutant, Rand};
use llk_engine::classic::game::{Game, GameOptions};
use llk_engine::classic::Board;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::{file, import, StackGame, StackOptions};
use llk_engine::EngineError;

/// Longest a parser may take on a small input (generous: a debug build on a busy
/// machine; real times are reported by the run).
const BOUND: Duration = Duration::from_secs(2);

/// The time bound for an input of `len` bytes: `BOUND`, plus 4 s per MB (parsing is
/// linear; mutants grow arrays to a few MB, and tests run unoptimised on a busy machine).
fn bound(len: usize) -> Duration {
    BOUND + Duration::from_secs_f64(4.0 * len as f64 / 1e6)
}

fn inputs_per_parser(default: usize) -> usize {
    std::env::var("LLK_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

/// Valid classic saves: fresh games of several sizes and slide rules, some mid-game.
fn classic_saves() -> Vec<String> {
    let mut saves = Vec::new();
    for (i, (rows, cols, kinds)) in [(4, 4, 4), (6, 8, 10), (8, 18, 36)].into_iter().enumerate() {
        for moves in [0, 3] {
            let mut options = GameOptions {
                rows,
                cols,
                kinds,
                seed: i as u64 + 7,
                ..GameOptions::default()
            };
            if moves > 0 {
                options.slide = "down".parse().expect("slide rule");
            }
            let mut game = Game::new(options).expect("deal");
            for t in 0..moves {
                if let Some(h) = game.hint() {
                    let _ = game.select(h.a, t * 1000);
                    let _ = game.select(h.b, t * 1000 + 500);
                }
            }
            saves.push(game.to_json().expect("save"));
        }
    }
    saves
}

/// Valid stack saves: level 1 and a custom deal, fresh and after a few takes.
fn stack_saves() -> Vec<String> {
    let mut saves = Vec::new();
    for (seed, level) in [(1, Some(1)), (2, None)] {
        let options = StackOptions {
            level,
            tiles: 45,
            kinds: 4,
            layers: 3,
            seed,
            ..StackOptions::default()
        };
        let mut game = StackGame::new(options).expect("deal");
        saves.push(game.to_json().expect("save"));
        for t in 0..4 {
            if let Some(id) = game.hint().id {
                let _ = game.take(id, t * 700);
            }
        }
        saves.push(game.to_json().expect("save"));
    }
    saves
}

/// What one parser did with its mutants.
#[derive(Debug, Default)]
struct Tally {
    inputs: usize,
    accepted: usize,
    slowest: Duration,
}

/// Feeds `n` mutants of `valid` to `parse`, which returns `Ok(())`, or an engine error
/// whose code must be in `codes`.
fn fuzz(
    name: &str,
    seed: u64,
    n: usize,
    valid: &[String],
    codes: &[&str],
    parse: impl Fn(&str) -> Result<(), EngineError>,
) -> Tally {
    let mut r = Rand::new(seed);
    let mut tally = Tally::default();
    for i in 0..n {
        let bytes = mutant(&mut r, &valid[i % valid.len()]);
        // Saves are read as text: bytes that are not UTF-8 are refused before parsing.
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let t0 = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| parse(&text)));
        let took = t0.elapsed();
        let input = || text.chars().take(300).collect::<String>();
        match result {
            Err(_) => panic!("{name} #{i} (seed {seed}) panicked on {}", input()),
            Ok(Err(e)) => assert!(
                codes.contains(&e.code()),
                "{name} #{i}: unexpected error code {} ({e}) on {}",
                e.code(),
                input()
            ),
            Ok(Ok(())) => tally.accepted += 1,
        }
        assert!(
            took < bound(text.len()),
            "{name} #{i} took {took:?} on {}",
            input()
        );
        tally.inputs += 1;
        tally.slowest = tally.slowest.max(took);
    }
    eprintln!(
        "fuzz_inputs {name}: {} inputs, {} accepted, slowest {:?}",
        tally.inputs, tally.accepted, tally.slowest
    );
    tally
}

const SAVE_CODES: &[&str] = &["bad_save", "unsupported_save_version"];

#[test]
fn classic_saves_never_panic_and_what_loads_re_saves_to_itself() {
    let n = inputs_per_parser(2_000);
    let t = fuzz("classic save", 1, n, &classic_saves(), SAVE_CODES, |text| {
        let game = Game::from_json(text)?;
        let again = Game::from_json(&game.to_json()?)?;
        assert_eq!(
            again.to_json()?,
            game.to_json()?,
            "a loaded save re-saves to itself"
        );
        // A loaded game is playable: a hint and a shuffle do not panic.
        let mut game = again;
        let _ = game.hint();
        let _ = game.shuffle();
        Ok(())
    });
    assert!(t.accepted > 0 && t.accepted < t.inputs, "{t:?}");
}

#[test]
fn stack_saves_never_panic_and_what_loads_re_saves_to_itself() {
    let n = inputs_per_parser(2_000);
    let t = fuzz("stack save", 2, n, &stack_saves(), SAVE_CODES, |text| {
        let game = StackGame::from_json(text)?;
        let again = StackGame::from_json(&game.to_json()?)?;
        assert_eq!(
            again.to_json()?,
            game.to_json()?,
            "a loaded save re-saves to itself"
        );
        let mut game = again;
        if let Some(&id) = game.tray().first().or(game.held().first()) {
            let _ = game.take(id, 0);
        }
        let _ = game.undo();
        Ok(())
    });
    assert!(t.accepted > 0 && t.accepted < t.inputs, "{t:?}");
}

/// Stack files as `llk stack deal` writes them.
fn stack_files() -> Vec<String> {
    (1..4u64)
        .map(|seed| {
            let options = StackOptions {
                seed,
                ..StackOptions::default()
            };
            let game = StackGame::new(options).expect("deal");
            file::to_json(options.tray, game.layout(), None).expect("stack file")
        })
        .collect()
}

#[test]
fn stack_files_never_panic() {
    let n = inputs_per_parser(2_000);
    let t = fuzz("stack file", 3, n, &stack_files(), &["bad_stack"], |text| {
        let f = file::parse(text)?;
        file::replay(&f)?;
        Ok(())
    });
    assert!(t.accepted > 0 && t.accepted < t.inputs, "{t:?}");
}

/// The real captured 羊了个羊 maps, in both of their shapes.
fn captured_maps() -> Vec<String> {
    ["192", "270", "255", "264"]
        .iter()
        .map(|n| {
            let path = format!(
                "{}/tests/data/sheep-maps/captured-{n}.json",
                env!("CARGO_MANIFEST_DIR")
            );
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect()
}

#[test]
fn captured_maps_never_panic() {
    let n = inputs_per_parser(2_000);
    let codes = &[
        "bad_map",
        "bad_stack",
        "unknown_tile",
        "tile_covered",
        "tile_not_available",
    ];
    let t = fuzz("captured map", 6, n, &captured_maps(), codes, |text| {
        let f = import::read_level(text, import::DEFAULT_TRAY)?;
        file::replay(&f)?;
        Ok(())
    });
    assert!(t.accepted > 0 && t.accepted < t.inputs, "{t:?}");
}

/// Boards as `llk` reads them: the grid (the binary's JSON reading is fuzzed below).
#[test]
fn boards_never_panic() {
    let n = inputs_per_parser(2_000);
    let valid: Vec<String> = classic_saves()
        .iter()
        .map(|s| {
            let game = Game::from_json(s).expect("valid save");
            serde_json::to_string(&game.board().to_rows()).expect("grid")
        })
        .collect();
    let codes = &[
        "empty_board",
        "ragged_rows",
        "board_too_large",
        "kind_too_large",
    ];
    fuzz("board", 4, n, &valid, codes, |text| {
        // Shapes the binary's reader lets through reach `from_rows`.
        let Ok(grid) = serde_json::from_str::<Vec<Vec<Option<u64>>>>(text) else {
            return Ok(());
        };
        for ring in [true, false] {
            Board::from_rows(&grid, ring)?;
        }
        Ok(())
    });
}

/// Boards of the shape whose solves once outran their budgets: large and of one or two
/// kinds, so one search node makes millions of link checks (the largest, 256×256, are in
/// `tests/budgets.rs`; these stay small enough to mutate quickly).
fn few_kind_boards() -> Vec<String> {
    [(120, 120, 1), (90, 140, 2)]
        .into_iter()
        .map(|(rows, cols, kinds)| {
            let grid: Vec<Vec<u64>> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| ((r * cols + c) / 2 % kinds) as u64)
                        .collect()
                })
                .collect();
            serde_json::to_string(&grid).expect("grid")
        })
        .collect()
}

/// Real-style stack maps the solver leaves undecided within its budget (seeds 42, 51,
/// 874: their searches grew memos that once took 100 ms to free after the budget).
fn hard_stack_files() -> Vec<String> {
    [42u64, 51, 874]
        .into_iter()
        .map(|seed| {
            let map = real_style(seed).expect("real-style map");
            file::to_json(map.tray, &map.layout, None).expect("stack file")
        })
        .collect()
}

/// The real `llk` on mutants of boards and stack files on stdin: exit 0 with one line of
/// JSON, or exit 2 with one `llk: ` line; never a panic, always within the bound.
#[test]
fn llk_refuses_bad_boards_and_stack_files_in_one_line() {
    let n = inputs_per_parser(2_000) / 10;
    let boards: Vec<String> = classic_saves()
        .iter()
        .map(|s| {
            let game = Game::from_json(s).expect("valid save");
            serde_json::to_string(&game.board().to_rows()).expect("grid")
        })
        .collect();
    let stacks = stack_files();
    let maps = captured_maps();
    let few_kinds = few_kind_boards();
    let hard = hard_stack_files();
    let mut r = Rand::new(5);
    let mut slowest = Duration::ZERO;
    let commands: [(&[&str], &[String]); 9] = [
        (&["pairs", "-"], &boards),
        (&["solve", "-", "--budget-ms", "100"], &boards),
        (&["stack", "play", "-", "0"], &stacks),
        (&["stack", "solve", "-", "--budget-ms", "100"], &stacks),
        (&["stack", "import", "-"], &maps),
        (&["solve", "-", "--budget-ms", "100"], &few_kinds),
        (
            &["solve", "-", "--budget-ms", "100", "--slide", "down"],
            &few_kinds,
        ),
        (&["stack", "solve", "-", "--budget-ms", "100"], &hard),
        (
            &[
                "stack",
                "solve",
                "-",
                "--budget-ms",
                "100",
                "--move-outs",
                "1",
            ],
            &hard,
        ),
    ];
    for i in 0..n {
        let (args, valid) = commands[i % commands.len()];
        let pick = r.below(valid.len());
        let bytes = mutant(&mut r, &valid[pick]);
        let t0 = Instant::now();
        let out = common::llk::run_bytes(args, &bytes);
        let took = t0.elapsed();
        slowest = slowest.max(took);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let what = || format!("llk {args:?} #{i} on {}", String::from_utf8_lossy(&bytes));
        match out.status.code() {
            Some(0) => assert!(stderr.is_empty(), "{}: {stderr}", what()),
            Some(2) => assert!(
                stderr.starts_with("llk: ") && stderr.lines().count() == 1,
                "{}: {stderr:?}",
                what()
            ),
            other => panic!("{}: exit {other:?}, {stderr}", what()),
        }
        assert!(took < bound(bytes.len()) * 3, "{} took {took:?}", what());
    }
    eprintln!("fuzz_inputs llk: {n} runs, slowest {slowest:?}");
}

/// Found by the shell's file fuzzer: a classic save whose board broke the rules (a kind
/// an odd number of times, a kind past the game's kinds, an undo history that would put
/// back a foreign kind) loaded and was played. Each is now `bad_save`.
#[test]
fn classic_saves_that_break_the_rules_are_refused() {
    let mut game = Game::new(GameOptions {
        rows: 4,
        cols: 4,
        kinds: 4,
        seed: 3,
        ..GameOptions::default()
    })
    .expect("deal");
    let h = game.hint().expect("a pair");
    game.select(h.a, 10).expect("select");
    game.select(h.b, 20).expect("match");
    let valid: serde_json::Value =
        serde_json::from_str(&game.to_json().expect("save")).expect("json");
    assert!(Game::from_json(&valid.to_string()).is_ok());
    let cells = valid["game"]["board"]["cells"].clone();
    let tile = (0..4)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .find(|&(r, c)| !cells[r][c].is_null())
        .expect("a tile");
    let kind = cells[tile.0][tile.1].as_u64().expect("kind");
    let mut broken = Vec::new();
    // One tile changed kind: two kinds now have odd counts.
    let mut v = valid.clone();
    v["game"]["board"]["cells"][tile.0][tile.1] = serde_json::json!((kind + 1) % 4);
    broken.push(v);
    // A kind past the game's 4.
    let mut v = valid.clone();
    v["game"]["board"]["cells"][tile.0][tile.1] = serde_json::json!(4);
    broken.push(v);
    // The undo history would put back a pair of another kind.
    let mut v = valid.clone();
    v["game"]["history"][0]["kind"] = serde_json::json!(9);
    broken.push(v);
    for v in broken {
        match Game::from_json(&v.to_string()) {
            Err(e) => assert_eq!(e.code(), "bad_save", "{e}"),
            Ok(_) => panic!("loaded a save that breaks the rules: {v}"),
        }
    }
}

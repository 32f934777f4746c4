//! Plans with move-outs (`plan_with_move_outs`, behind `llk stack solve --move-outs N`)
//! against the plain exhaustive search with props (tests/stack_ref) on small random
//! positions: the same verdict, and every winning line replays to a win under the rules
//! with at most N move-outs, taking held tiles back by their ids.

mod stack_ref;

use llk_engine::stack::solver::props::{plan_with_move_outs, FirstStep, PropLine};
use llk_engine::stack::{Position, TileId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stack_ref::{random_layout, random_position, winnable_with_props, Pos};

/// Replays `line` from `pos`: `Ok` when it wins using at most `move_outs` move-outs.
fn replay(
    layout: &llk_engine::stack::Layout,
    pos: &Pos,
    line: &[FirstStep],
    move_outs: u8,
) -> Result<(), String> {
    let mut p = pos.clone();
    let mut used = 0;
    for step in line {
        match *step {
            FirstStep::MoveOut => {
                if !p.held.is_empty() || p.tray.is_empty() {
                    return Err("a move-out with the holding row full or the tray empty".into());
                }
                used += 1;
                p.move_out();
            }
            FirstStep::Take(id) => {
                if !p.take(layout, id)? {
                    return Err(format!("taking {id} fills the tray"));
                }
            }
        }
    }
    if used > move_outs {
        return Err(format!("{used} move-outs used, {move_outs} allowed"));
    }
    if p.won() {
        Ok(())
    } else {
        Err("the line does not win".into())
    }
}

#[test]
fn plans_with_move_outs_agree_with_the_exhaustive_search_and_replay() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut wins, mut losses, mut used_props) = (0, 0, 0);
    for c in 0..4000 {
        let n = 3 * rng.random_range(3..=4);
        let layers = rng.random_range(2..=4);
        let layout = random_layout(&mut rng, n, layers);
        let capacity = 5;
        let taken = n - 9;
        let pos = random_position(&mut rng, &layout, capacity, taken);
        let move_outs = rng.random_range(0..=2);
        let tray = pos.tray_kinds();
        let tray_ids: Vec<Option<TileId>> = pos.tray.iter().map(|&(id, _)| Some(id)).collect();
        let position = Position {
            layout: &layout,
            on_board: &pos.on_board,
            held: &pos.held,
            tray: &tray,
            capacity: pos.capacity,
        };
        let expected = winnable_with_props(&layout, &pos, move_outs, 0);
        match plan_with_move_outs(&position, &tray_ids, move_outs, 1_000_000, &mut || false) {
            PropLine::Winnable(line) => {
                assert!(expected, "case {c}: plan wins, reference does not: {pos:?}");
                if let Err(why) = replay(&layout, &pos, &line, move_outs) {
                    panic!("case {c}: {line:?} does not replay: {why}; {pos:?}");
                }
                if line.contains(&FirstStep::MoveOut) {
                    used_props += 1;
                }
                wins += 1;
            }
            PropLine::Unwinnable => {
                assert!(
                    !expected,
                    "case {c}: reference wins, plan does not: {pos:?}"
                );
                losses += 1;
            }
            PropLine::Unknown => panic!("case {c}: unknown on a tiny position"),
        }
    }
    assert!(
        wins > 1000 && losses > 100 && used_props > 100,
        "{wins} / {losses} / {used_props}"
    );
}

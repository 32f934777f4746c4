//! `Game::links`, checked against `select` itself: the view draws a tap's answer in the
//! tap's own frame from what the engine told it before the tap, so what it draws must be
//! exactly what `select` then answers. For every position reached by random taps (every
//! slide rule, with and without the ring): a tap on a linked tile matches along the link's
//! path, a tap on any other tile switches the selection to it, a tap on the selected tile
//! deselects it, and with nothing selected a tap on any tile selects it.

use llk_engine::classic::game::{Game, GameOptions, Outcome};
use llk_engine::classic::{Pos, SlideRule};
use proptest::prelude::*;

/// What a tap on `cell` answers, on a copy of `g`.
fn tap(g: &Game, cell: Pos) -> Outcome {
    g.clone()
        .select(cell, g.elapsed_ms() + 1_000)
        .expect("a tile is tapped")
}

/// Checks every tile's tap on `g` against `g.links()`.
fn check(g: &Game) -> Result<(), TestCaseError> {
    let links = g.links();
    let tiles: Vec<Pos> = g.board().tiles().map(|(p, _)| p).collect();
    match g.selection() {
        None => {
            prop_assert!(links.is_empty());
            for &t in &tiles {
                prop_assert_eq!(tap(g, t), Outcome::Selected { cell: t });
            }
        }
        Some(s) => {
            for &t in &tiles {
                let link = links.iter().find(|l| l.cell == t);
                match (tap(g, t), link) {
                    (Outcome::Deselected { cell }, None) => prop_assert_eq!(cell, s),
                    (Outcome::Switched { from, to, .. }, None) => {
                        prop_assert_eq!((from, to), (s, t))
                    }
                    (Outcome::Matched { path, removed, .. }, Some(l)) => {
                        prop_assert_eq!(&path, &l.path);
                        prop_assert_eq!(removed, [s, t]);
                    }
                    (outcome, link) => {
                        prop_assert!(false, "tap on {:?}: {:?}, link {:?}", t, outcome, link)
                    }
                }
            }
            // row-major, each tile once
            let cells: Vec<Pos> = links.iter().map(|l| l.cell).collect();
            let mut sorted = cells.clone();
            sorted.sort_by_key(|p| (p.row, p.col));
            sorted.dedup();
            prop_assert_eq!(cells, sorted);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn links_are_what_select_answers(
        seed in any::<u64>(),
        ring in any::<bool>(),
        rule in 0usize..SlideRule::ALL.len(),
        taps in prop::collection::vec(any::<u16>(), 1..80),
    ) {
        let options = GameOptions { rows: 6, cols: 8, kinds: 5, seed, ring, slide: SlideRule::ALL[rule], ..GameOptions::default() };
        let mut g = Game::new(options).expect("a deal");
        check(&g)?;
        for (i, n) in taps.into_iter().enumerate() {
            let tiles: Vec<Pos> = g.board().tiles().map(|(p, _)| p).collect();
            if tiles.is_empty() {
                break;
            }
            // half the taps on a tile the selection links to, so that matches happen
            let links = g.links();
            let cell = match links.get(usize::from(n) % links.len().max(1)) {
                Some(l) if n % 2 == 0 => l.cell,
                _ => tiles[usize::from(n) % tiles.len()],
            };
            g.select(cell, 1_000 * i as u64).expect("a tile is tapped");
            check(&g)?;
        }
    }
}

#[test]
fn a_won_game_has_no_links() {
    let mut g = Game::new(GameOptions {
        rows: 2,
        cols: 2,
        kinds: 1,
        ..GameOptions::default()
    })
    .expect("a deal");
    while let Some(h) = g.hint() {
        g.select(h.a, 0).expect("a tile");
        assert!(!g.links().is_empty(), "the hinted pair links");
        g.select(h.b, 0).expect("a tile");
    }
    assert!(g.board().tiles().next().is_none());
    assert!(g.links().is_empty());
}

//! Stack deals and layouts: constructed deals replay their certificate to a win without
//! the tray ever passing the peak (10,000 per level 1–5), every kind comes in threes, the
//! cover relation and live freedom match a brute-force check, the same seed gives the
//! same deal (golden), level sizes are as promised, bad options are typed errors.

mod common;

use common::stack::{free_by_brute_force, kinds, level, replay};
use llk_engine::rng::Rng;
use llk_engine::stack::deal::{deal, removal_order};
use llk_engine::stack::level::params;
use llk_engine::stack::{Layout, StackBoard, StackOptions, StackStatus, Tile, TileId};
use llk_engine::EngineError;

fn in_threes(layout: &Layout) -> bool {
    let mut count = [0usize; 64];
    for k in kinds(layout) {
        count[usize::from(k)] += 1;
    }
    count.iter().all(|c| c % 3 == 0)
}

/// `deals` constructed deals of `lvl`: each certificate is an order of all tiles that
/// wins from the start with the tray never above the deal's peak, nor the level's.
fn check_level(lvl: u32, deals: u64) {
    let want_peak = usize::from(params(&level(lvl, 0)).unwrap().peak);
    for seed in 0..deals {
        let d = deal(&level(lvl, seed)).unwrap();
        assert!(in_threes(&d.layout), "level {lvl} seed {seed}");
        assert!(usize::from(d.peak) <= want_peak, "level {lvl} seed {seed}");
        let mut sorted = d.certificate.clone();
        sorted.sort_unstable();
        assert!(sorted
            .iter()
            .enumerate()
            .all(|(i, &id)| usize::from(id) == i));
        let board = StackBoard::new(d.layout, 7).unwrap();
        let (end, high) = replay(board, &d.certificate)
            .unwrap_or_else(|e| panic!("level {lvl} seed {seed}: {e}"));
        assert_eq!(end.status(), StackStatus::Won, "level {lvl} seed {seed}");
        assert_eq!(high, usize::from(d.peak), "level {lvl} seed {seed}");
    }
}

#[test]
fn level_1_deals_replay_their_certificate() {
    check_level(1, 10_000);
}

#[test]
fn level_2_deals_replay_their_certificate() {
    check_level(2, 10_000);
}

#[test]
fn level_3_deals_replay_their_certificate() {
    check_level(3, 10_000);
}

#[test]
fn level_4_deals_replay_their_certificate() {
    check_level(4, 10_000);
}

#[test]
fn level_5_deals_replay_their_certificate() {
    check_level(5, 10_000);
}

#[test]
fn custom_deals_and_peaks_down_to_two_replay_too() {
    for seed in 0..300u64 {
        let peak = 2 + (seed % 5) as u8;
        let options = StackOptions {
            level: None,
            tiles: 30 + (seed % 200) as u16,
            kinds: 1 + (seed % 10) as u16,
            layers: 1 + (seed % 12) as u16,
            peak: Some(peak),
            seed,
            ..StackOptions::default()
        };
        let d = deal(&options).unwrap();
        let board = StackBoard::new(d.layout, 7).unwrap();
        let (end, high) = replay(board, &d.certificate).unwrap();
        assert_eq!(end.status(), StackStatus::Won);
        assert!(high <= usize::from(peak), "seed {seed}: {high} > {peak}");
    }
}

#[test]
fn level_sizes_are_as_promised() {
    let size = |lvl: u32, seed: u64| {
        let d = deal(&level(lvl, seed)).unwrap();
        let mut ks = kinds(&d.layout);
        ks.sort_unstable();
        ks.dedup();
        let layers = d.layout.tiles().iter().map(|t| t.z).max().unwrap_or(0) + 1;
        (d.layout.len(), ks.len(), layers as usize)
    };
    for seed in 0..200 {
        let (t, k, l) = size(1, seed);
        assert!(
            (24..=30).contains(&t) && k == 3 && (2..=3).contains(&l),
            "{t} {k} {l}"
        );
        let (t, k, l) = size(2, seed);
        assert!(t >= 200 && k >= 14 && l >= 12, "{t} {k} {l}");
    }
    // Endless levels grow: on average more tiles, and more kinds, level after level.
    let mean = |lvl: u32| (0..50).map(|s| size(lvl, s).0).sum::<usize>();
    for lvl in 3..10 {
        assert!(mean(lvl + 1) > mean(lvl), "level {lvl}");
        assert!(size(lvl + 1, 0).1 >= size(lvl, 0).1);
    }
}

#[test]
fn layouts_are_portrait_and_have_two_side_piles() {
    for lvl in 1..=8 {
        let d = deal(&level(lvl, 5)).unwrap();
        let tiles = d.layout.tiles();
        let width = tiles.iter().map(|t| t.x + 4).max().unwrap();
        let height = tiles.iter().map(|t| t.y + 4).max().unwrap();
        assert!(
            width <= 8 * 4 && height > width,
            "level {lvl}: {width}x{height}"
        );
        // The piles: the bottom row, tiles a quarter tile apart with z rising.
        let row: Vec<&Tile> = tiles.iter().filter(|t| t.y + 4 == height).collect();
        let left: Vec<&&Tile> = row.iter().filter(|t| t.x < width / 2).collect();
        let right: Vec<&&Tile> = row.iter().filter(|t| t.x >= width / 2).collect();
        for pile in [left, right] {
            assert!(pile.len() >= 2, "level {lvl}");
            for (i, t) in pile.iter().enumerate() {
                assert_eq!(t.z, i as i32);
                if i > 0 {
                    assert_eq!((t.x - pile[i - 1].x).abs(), 1);
                }
            }
        }
    }
}

#[test]
fn random_fills_come_in_threes_without_certificate() {
    for seed in 0..200 {
        let mut o = level(1 + (seed % 4) as u32, seed);
        o.random_fill = true;
        let d = deal(&o).unwrap();
        assert!(in_threes(&d.layout));
        assert!(d.certificate.is_empty());
        // Same places as the constructed deal of that seed.
        let mut plain = o;
        plain.random_fill = false;
        let places = |l: &Layout| {
            l.tiles()
                .iter()
                .map(|t| (t.x, t.y, t.z))
                .collect::<Vec<_>>()
        };
        assert_eq!(places(&d.layout), places(&deal(&plain).unwrap().layout));
    }
}

#[test]
fn same_seed_same_deal_golden() {
    let a = deal(&level(1, 7)).unwrap();
    assert_eq!(a, deal(&level(1, 7)).unwrap());
    assert_ne!(a.layout, deal(&level(1, 8)).unwrap().layout);
    // Pinned: a change here breaks every saved game and shared seed.
    let t = |x, kind| Tile {
        x,
        y: 0,
        z: 0,
        kind,
    };
    assert_eq!(&a.layout.tiles()[..3], &[t(4, 2), t(8, 0), t(12, 1)]);
    assert_eq!(&a.certificate[..6], &[1, 17, 6, 9, 19, 25]);
}

#[test]
fn bad_options_are_typed_errors() {
    let custom = |tiles, kinds, layers| StackOptions {
        level: None,
        tiles,
        kinds,
        layers,
        ..StackOptions::default()
    };
    let bad = [
        level(0, 1),
        custom(2, 1, 2),
        custom(60, 0, 2),
        custom(60, 21, 2),
        custom(60, 5, 0),
        custom(5000, 5, 3),
        StackOptions {
            peak: Some(7),
            ..level(1, 0)
        },
        StackOptions {
            peak: Some(1),
            ..level(1, 0)
        },
        StackOptions {
            peak: Some(6),
            tray: 6,
            ..level(1, 0)
        },
        StackOptions {
            tray: 4,
            ..level(1, 0)
        },
        StackOptions {
            tray: 10,
            ..level(1, 0)
        },
    ];
    for o in bad {
        assert!(
            matches!(deal(&o), Err(EngineError::BadDealOptions(_))),
            "{o:?}"
        );
    }
}

/// Random tiles in a small box, same-layer overlaps dropped.
fn random_tiles(seed: u64, n: usize) -> Vec<Tile> {
    let mut rng = Rng::new(seed, 9);
    let mut tiles: Vec<Tile> = Vec::new();
    while tiles.len() < n {
        let t = Tile {
            x: rng.below(24) as i32,
            y: rng.below(24) as i32,
            z: rng.below(5) as i32,
            kind: 0,
        };
        let clash = tiles
            .iter()
            .any(|u| u.z == t.z && (u.x - t.x).abs() < 4 && (u.y - t.y).abs() < 4);
        if !clash {
            tiles.push(t);
        }
    }
    tiles
}

#[test]
fn cover_and_live_freedom_match_brute_force() {
    for seed in 0..300u64 {
        let tiles = if seed % 2 == 0 {
            random_tiles(seed, 5 + (seed % 40) as usize)
        } else {
            deal(&level(1 + (seed % 5) as u32, seed))
                .unwrap()
                .layout
                .tiles()
                .iter()
                .map(|&t| Tile { kind: 0, ..t })
                .collect()
        };
        let n = tiles.len();
        let layout = Layout::new(tiles.clone()).unwrap();
        for i in 0..n {
            for j in 0..n {
                let covers = tiles[i].z > tiles[j].z
                    && (tiles[i].x - tiles[j].x).abs() < 4
                    && (tiles[i].y - tiles[j].y).abs() < 4;
                assert_eq!(layout.below(i as TileId).contains(&(j as TileId)), covers);
                assert_eq!(layout.above(j as TileId).contains(&(i as TileId)), covers);
            }
        }
        // Take tiles in a random legal order; freedom always matches brute force.
        let mut board = StackBoard::new(layout.clone(), 9).unwrap();
        let mut present = vec![true; n];
        for id in removal_order(&layout, &mut Rng::new(seed, 3)) {
            for i in 0..n {
                let on = board.places()[i] == llk_engine::stack::Place::Board;
                let free = on && free_by_brute_force(&tiles, &present, i);
                assert_eq!(board.is_free(i as TileId), free, "seed {seed} tile {i}");
            }
            assert!(free_by_brute_force(&tiles, &present, usize::from(id)));
            present[usize::from(id)] = false;
            // Kinds are all 0 here: every third take clears; the tray never fills.
            board.take(id).unwrap();
        }
    }
}

//! Stack deals, winnable by construction: a random removal order that respects covering
//! (repeatedly take a random free tile), then a walk along it that puts the tiles into
//! groups of three while simulating the tray, never letting it hold more than the peak;
//! then kinds for the groups (groups open at the same time get different kinds, each
//! kind used about equally). The order is the certificate: a winning line without
//! props. Also the seed document's plain random fill, which may be unwinnable, and
//! levels in the real game's shape (`real_style`), proven winnable by the solver within
//! a node budget, its line the certificate.

use crate::classic::Budget;
use crate::error::{EngineError, Result};
use crate::rng::Rng;
use crate::stack::geometry::{Layout, TileId};
use crate::stack::layout::generate;
use crate::stack::level::params;
pub use crate::stack::real_style::random_fill;
use crate::stack::real_style::{real_style, REAL_TRAY};
use crate::stack::solver::{solve_with_strategy, Position, StackVerdict, Strategy};
use crate::stack::types::StackOptions;

/// Nodes the solver may spend proving a real-style level winnable (`real_style`
/// options): a node count, never a time, so every machine deals the same levels. The
/// daily stack challenge takes the first seed of its date proven within it
/// (`code::daily::DAILY_STACK_NODES`), so changing it (or the solver's main search, which
/// alone runs within it) changes the daily levels: `code::daily`'s tests pin some.
pub const REAL_STYLE_NODES: u64 = 50_000;

/// A dealt layout and its winning line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackDeal {
    pub layout: Layout,
    /// A winning line from the start (every tile, in order); empty for a random fill.
    pub certificate: Vec<TileId>,
    /// The highest tray fill along the certificate (0 for a random fill).
    pub peak: u8,
}

/// Deals `options` (level or custom size, seed, random fill), reproducibly.
pub fn deal(options: &StackOptions) -> Result<StackDeal> {
    if options.imported {
        return Err(EngineError::BadDealOptions(
            "a level the player brought is not dealt from options: open it from its file".into(),
        ));
    }
    if options.real_style {
        return real_style_deal(options);
    }
    let p = params(options)?;
    let mut rng = Rng::new(options.seed, 0);
    let places = generate(&p.layout, &mut rng)?;
    if options.random_fill {
        let kinds = random_fill(places.len(), p.kinds, &mut rng);
        return Ok(StackDeal {
            layout: places.with_kinds(&kinds)?,
            certificate: Vec::new(),
            peak: 0,
        });
    }
    let order = removal_order(&places, &mut rng);
    let (kinds, peak) = assign_kinds(&order, p.kinds, p.peak, p.spread, &mut rng);
    Ok(StackDeal {
        layout: places.with_kinds(&kinds)?,
        certificate: order,
        peak,
    })
}

/// A random order of all tiles in which every tile comes after the tiles covering it:
/// keeps live cover counts and a list of free tiles, so it costs O(tiles + covers).
pub fn removal_order(layout: &Layout, rng: &mut Rng) -> Vec<TileId> {
    let mut live = layout.cover_counts();
    let mut free: Vec<TileId> = (0..layout.len() as TileId)
        .filter(|&i| live[usize::from(i)] == 0)
        .collect();
    let mut order = Vec::with_capacity(layout.len());
    while !free.is_empty() {
        let id = free.swap_remove(rng.below(free.len()));
        order.push(id);
        for &b in layout.below(id) {
            live[usize::from(b)] -= 1;
            if live[usize::from(b)] == 0 {
                free.push(b);
            }
        }
    }
    order
}

/// An open group: its kind and how many of its tiles the tray holds.
struct Open {
    kind: u16,
    count: u8,
}

/// Kinds for the tiles (indexed by tile id) so that taking them in `order` never
/// leaves more than `peak` tiles in the tray, and the highest fill reached. `order`'s
/// length must be a multiple of 3; `kinds ≥ 1`, `peak ≥ 2`.
pub fn assign_kinds(
    order: &[TileId],
    kinds: u16,
    peak: u8,
    spread: u8,
    rng: &mut Rng,
) -> (Vec<u16>, u8) {
    let n = order.len();
    let peak = usize::from(peak.max(2));
    let kinds = kinds.max(1);
    let mut out = vec![0u16; n];
    let mut open: Vec<Open> = Vec::new();
    let mut used = vec![0u32; usize::from(kinds)];
    let (mut fill, mut high) = (0usize, 0usize);
    for (i, &id) in order.iter().enumerate() {
        let left_after = n - i - 1;
        let need: usize = open.iter().map(|g| 3 - usize::from(g.count)).sum();
        let pairs = open.iter().any(|g| g.count == 2);
        // A new group adds one tile and needs two more later; never leave the tray at
        // the peak with only singles (no move would be legal then).
        let may_open = fill < peak
            && open.len() < usize::from(kinds)
            && need + 2 <= left_after
            && (pairs || fill + 1 < peak);
        let joinable: Vec<usize> = (0..open.len())
            .filter(|&g| open[g].count == 2 || fill < peak)
            .collect();
        let open_new = may_open && (joinable.is_empty() || rng.below(100) < usize::from(spread));
        if open_new {
            let kind = fresh_kind(&open, &used, rng);
            used[usize::from(kind)] += 1;
            open.push(Open { kind, count: 1 });
            out[usize::from(id)] = kind;
            fill += 1;
        } else {
            let g = joinable[rng.below(joinable.len())];
            out[usize::from(id)] = open[g].kind;
            open[g].count += 1;
            if open[g].count == 3 {
                open.swap_remove(g);
                fill -= 2;
            } else {
                fill += 1;
            }
        }
        high = high.max(fill);
    }
    (out, high as u8)
}

/// The least used kind no open group has (random among ties).
fn fresh_kind(open: &[Open], used: &[u32], rng: &mut Rng) -> u16 {
    let free: Vec<u16> = (0..used.len() as u16)
        .filter(|&k| open.iter().all(|g| g.kind != k))
        .collect();
    let least = free
        .iter()
        .map(|&k| used[usize::from(k)])
        .min()
        .unwrap_or(0);
    let ties: Vec<u16> = free
        .into_iter()
        .filter(|&k| used[usize::from(k)] == least)
        .collect();
    ties[rng.below(ties.len())]
}

/// The seed's real-style map (tray 7), with the solver's winning line as its certificate
/// (with `random_fill`, the map as it is, no certificate).
fn real_style_deal(options: &StackOptions) -> Result<StackDeal> {
    if options.tray != REAL_TRAY {
        return Err(EngineError::BadDealOptions(format!(
            "a real-style level has a tray of {REAL_TRAY} slots, not {}",
            options.tray
        )));
    }
    let map = real_style(options.seed)?;
    if options.random_fill {
        return Ok(StackDeal {
            layout: map.layout,
            certificate: Vec::new(),
            peak: 0,
        });
    }
    let certificate = prove_winnable(&map.layout, map.tray, REAL_STYLE_NODES).map_err(|why| {
        EngineError::BadDealOptions(format!("the real-style map of seed {} {why}", options.seed))
    })?;
    let peak = peak_along(&map.layout, &certificate);
    Ok(StackDeal {
        layout: map.layout,
        certificate,
        peak,
    })
}

/// A winning line without props for `layout` from its start with a tray of `capacity`,
/// found by the solver's main search alone within `nodes` nodes (deterministic: no clock,
/// no interrupt, and the same with or without the `backward` feature); else why not.
pub fn prove_winnable(
    layout: &Layout,
    capacity: u8,
    nodes: u64,
) -> std::result::Result<Vec<TileId>, String> {
    let on_board = vec![true; layout.len()];
    let start = Position {
        layout,
        on_board: &on_board,
        held: &[],
        tray: &[],
        capacity,
    };
    let budget = Budget::nodes(nodes);
    match solve_with_strategy(&start, budget, &mut || false, Strategy::Unrefuted).0 {
        StackVerdict::Winnable(line) => Ok(line),
        StackVerdict::Unwinnable => Err("cannot be won".into()),
        StackVerdict::Unknown => Err(format!("is not proven winnable within {nodes} nodes")),
    }
}

/// The highest tray fill along `line` from the start (tiles of a kind vanish in threes).
fn peak_along(layout: &Layout, line: &[TileId]) -> u8 {
    let mut count = vec![0u8; usize::from(crate::stack::geometry::MAX_KINDS)];
    let (mut fill, mut high) = (0u8, 0u8);
    for &id in line {
        let Some(k) = layout.tile(id).map(|t| usize::from(t.kind)) else {
            continue;
        };
        let Some(c) = count.get_mut(k) else {
            continue;
        };
        *c = (*c + 1) % 3;
        fill = if *c == 0 {
            fill.saturating_sub(2)
        } else {
            fill + 1
        };
        high = high.max(fill);
    }
    high
}

//! What the probe examples (`sheep_probe`, `refute_probe`, `lost_probe`) share: the maps they
//! take on their command line (a real-style seed `S`, a range `A..B` of seeds, or
//! `captured-N`: one of the captured maps in `tests/data/sheep-maps/`, imported with a 7-slot
//! tray), the `MAX_NODES [tray=N] MAPS...` arguments, and the replay of a winning line.

use llk_engine::stack::import::import_map;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::{Layout, StackBoard, StackStatus, TileId};

/// A map to probe: its name, layout and tray size.
pub type ProbeMap = (String, Layout, u8);

fn seed(a: &str) -> Result<u64, String> {
    a.parse().map_err(|_| format!("not a seed: {a}"))
}

fn real_style_map(s: u64) -> Result<ProbeMap, String> {
    let m = real_style(s).map_err(|e| format!("seed {s}: {e}"))?;
    Ok((format!("seed {s}"), m.layout, m.tray))
}

/// The maps `args` name, in order.
pub fn maps(args: &[String]) -> Result<Vec<ProbeMap>, String> {
    let mut maps = Vec::new();
    for a in args {
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
    Ok(maps)
}

/// `MAX_NODES [tray=N] MAPS...`: the node budget, the tray size that replaces every map's own
/// (if given), and the maps. `usage` is the error without arguments.
#[allow(dead_code)] // not every probe takes these arguments
pub fn budget_tray_maps(
    args: &[String],
    usage: &str,
) -> Result<(u64, Option<u8>, Vec<ProbeMap>), String> {
    let max: u64 = match args.first() {
        Some(a) => a.parse().map_err(|_| format!("not a node count: {a}"))?,
        None => return Err(usage.into()),
    };
    let tray = match args.get(1).and_then(|a| a.strip_prefix("tray=")) {
        Some(n) => Some(
            n.parse::<u8>()
                .map_err(|_| format!("not a tray size: {n}"))?,
        ),
        None => None,
    };
    let first_map = if tray.is_some() { 2 } else { 1 };
    Ok((max, tray, maps(args.get(first_map..).unwrap_or_default())?))
}

/// Replays `line` on map `name` (`layout` with a `tray`-slot tray): an error unless every
/// take is legal and the game is won.
#[allow(dead_code)] // not every probe replays lines
pub fn check_win(name: &str, layout: &Layout, tray: u8, line: &[TileId]) -> Result<(), String> {
    let mut board = StackBoard::new(layout.clone(), tray).map_err(|e| e.to_string())?;
    for &id in line {
        board
            .take(id)
            .map_err(|e| format!("{name}: the line does not replay: {e}"))?;
    }
    if board.status() != StackStatus::Won {
        return Err(format!("{name}: the line does not win"));
    }
    Ok(())
}

//! The maps the probe examples (`sheep_probe`, `refute_probe`) take on their command line:
//! a real-style seed `S`, a range `A..B` of seeds, or `captured-N` (one of the captured maps
//! in `tests/data/sheep-maps/`, imported with a 7-slot tray).

use llk_engine::stack::import::import_map;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::Layout;

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

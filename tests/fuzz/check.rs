//! The fuzzer's invariants, checked on the game as `game_state` returns it, written
//! plainly from the rules (not from the engine): tiles conserved in pairs (classic) or
//! triples (stack), a valid selection, a status that agrees with the board (classic: a
//! reference search for a connectable pair), and the board projection undo must restore.

use std::collections::BTreeMap;

use serde_json::Value;

/// Every error code a command may refuse with: the engine's and the shell's. A new code
/// is added here (and translated in ui/src/i18n.ts if the view shows it specially).
pub const KNOWN_CODES: &[&str] = &[
    // shell
    "no_game",
    "bad_argument",
    "wrong_mode",
    "storage",
    // online play (set_online; online_http, desktop only)
    "bad_name",
    "bad_server",
    "no_server",
    "network",
    // engine
    "empty_board",
    "ragged_rows",
    "board_too_large",
    "kind_too_large",
    "out_of_bounds",
    "empty_cell",
    "bad_deal_options",
    "nothing_to_undo",
    "game_over",
    "bad_stack",
    "bad_map",
    "bad_save",
    "unsupported_save_version",
    "unknown_tile",
    "tile_covered",
    "tile_not_available",
    "no_prop_left",
    "hold_full",
    "tray_empty",
    "level_not_cleared",
    "bad_code",
    "code_mistyped",
    "unsupported_code_version",
    "not_encodable",
    "bad_date",
    "no_solvable_position",
    "not_solvable",
    "undecided",
];

/// The part of the game undo restores: classic cells; stack tiles' kinds and places, the
/// tray and the holding row.
pub fn board(view: &Value) -> Value {
    if view["mode"] == "stack" {
        let tiles: Vec<Value> = view["tiles"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| serde_json::json!([t["kind"], t["place"]]))
            .collect();
        serde_json::json!({ "tiles": tiles, "tray": view["tray"], "held": view["held"] })
    } else if view["mode"] == "journey" {
        view["game"]["cells"].clone()
    } else {
        view["cells"].clone()
    }
}

/// The game without what the solver learns about it (`solvable`, `can_undo_to_solvable`):
/// a refused `solve_step` may still have learnt that the position cannot be cleared.
pub fn settled(view: &Option<Value>) -> Option<Value> {
    let mut v = view.clone()?;
    strip_knowledge(&mut v);
    if let Some(inner) = v.get_mut("game") {
        strip_knowledge(inner);
    }
    Some(v)
}

fn strip_knowledge(v: &mut Value) {
    if let Value::Object(map) = v {
        map.remove("solvable");
        map.remove("can_undo_to_solvable");
    }
}

/// The game without the `mode` tag (payloads nest the view without it).
pub fn untagged(view: &Value) -> Value {
    let mut v = view.clone();
    if let Value::Object(map) = &mut v {
        map.remove("mode");
    }
    v
}

/// Checks every invariant of a game view; `Err` says which failed.
pub fn game(view: &Value) -> Result<(), String> {
    match view["mode"].as_str() {
        Some("classic") => classic(view),
        Some("stack") => stack(view),
        Some("journey") => journey(view),
        other => Err(format!("unknown mode {other:?}")),
    }
}

fn num(v: &Value, key: &str) -> Result<u64, String> {
    v[key]
        .as_u64()
        .ok_or_else(|| format!("`{key}` is not a count: {}", v[key]))
}

fn ensure(ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(what())
    }
}

type Grid = Vec<Vec<Option<u64>>>;

/// A journey: its level's board is a classic game; the level is won exactly when that
/// board is empty, and the time and props it reports stay within the level's.
fn journey(view: &Value) -> Result<(), String> {
    let game = &view["game"];
    classic(game)?;
    let info = &view["journey"];
    let status = info["status"].as_str().unwrap_or("");
    ensure((status == "won") == (num(game, "tiles_left")? == 0), || {
        format!(
            "journey status {status} with {} tiles left",
            game["tiles_left"]
        )
    })?;
    ensure(
        num(info, "time_left_ms")? <= num(info, "time_limit_ms")?,
        || {
            format!(
                "time left {} over the limit {}",
                info["time_left_ms"], info["time_limit_ms"]
            )
        },
    )?;
    for prop in ["hints", "shuffles", "undos"] {
        let (left, allowed) = (
            num(&info["props_left"], prop)?,
            num(&info["props_allowed"], prop)?,
        );
        ensure(left <= allowed, || {
            format!("{prop}: {left} left of {allowed}")
        })?;
    }
    Ok(())
}

fn classic(view: &Value) -> Result<(), String> {
    let (rows, cols) = (num(view, "rows")? as usize, num(view, "cols")? as usize);
    let grid: Grid = view["cells"]
        .as_array()
        .ok_or("no cells")?
        .iter()
        .map(|row| {
            row.as_array()
                .map(|r| r.iter().map(Value::as_u64).collect())
        })
        .collect::<Option<_>>()
        .ok_or("a row is not an array")?;
    ensure(
        grid.len() == rows && grid.iter().all(|r| r.len() == cols),
        || format!("cells are not {rows}×{cols}"),
    )?;
    let mut census = BTreeMap::new();
    for kind in grid.iter().flatten().flatten() {
        *census.entry(*kind).or_insert(0u64) += 1;
    }
    let kinds = num(&view["options"], "kinds")?;
    for (&kind, &n) in &census {
        ensure(n % 2 == 0, || format!("kind {kind} has an odd count {n}"))?;
        ensure(kind < kinds.max(1), || {
            format!("kind {kind} ≥ {kinds} kinds")
        })?;
    }
    let tiles: u64 = census.values().sum();
    ensure(tiles == num(view, "tiles_left")?, || {
        format!("tiles_left {} but {tiles} tiles", view["tiles_left"])
    })?;
    match &view["selection"] {
        Value::Null => {}
        p => {
            let at = p[0]
                .as_u64()
                .zip(p[1].as_u64())
                .and_then(|(r, c)| grid.get(r as usize)?.get(c as usize).copied());
            ensure(matches!(at, Some(Some(_))), || {
                format!("selection {p} is not a tile")
            })?;
        }
    }
    let status = view["status"].as_str().unwrap_or("");
    let ring = view["options"]["ring"] == true;
    let expected = if tiles == 0 {
        "won"
    } else if has_pair(&grid, ring) {
        "playing"
    } else {
        "stuck"
    };
    ensure(status == expected, || {
        format!("status {status} but the board is {expected}")
    })
}

/// Whether some pair of equal tiles connects with at most two turns (through the ring
/// around the board when `ring`): a plain search over every pair and every corner line.
fn has_pair(grid: &Grid, ring: bool) -> bool {
    let rows = grid.len() as i64;
    let cols = grid.first().map_or(0, |r| r.len()) as i64;
    let tiles: Vec<(i64, i64, u64)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter_map(|(r, c)| grid[r as usize][c as usize].map(|k| (r, c, k)))
        .collect();
    let empty = |r: i64, c: i64| -> bool {
        if (0..rows).contains(&r) && (0..cols).contains(&c) {
            grid[r as usize][c as usize].is_none()
        } else {
            ring && (-1..=rows).contains(&r) && (-1..=cols).contains(&c)
        }
    };
    // Every cell strictly between the ends of a straight segment is empty; `skip` holds the
    // two tiles being joined, which the segments may touch.
    let clear = |a: (i64, i64), b: (i64, i64), skip: [(i64, i64); 2]| -> bool {
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs());
        let (dr, dc) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        (0..=steps).all(|i| {
            let p = (a.0 + dr * i, a.1 + dc * i);
            skip.contains(&p) || empty(p.0, p.1)
        })
    };
    let lo = if ring { -1 } else { 0 };
    for (i, &(ra, ca, ka)) in tiles.iter().enumerate() {
        for &(rb, cb, kb) in &tiles[i + 1..] {
            if ka != kb {
                continue;
            }
            let (a, b) = ((ra, ca), (rb, cb));
            let skip = [a, b];
            // a → (r, ca) → (r, cb) → b, over every row r; then the same over columns.
            let by_row = (lo..rows - lo).any(|r| {
                clear(a, (r, ca), skip) && clear((r, ca), (r, cb), skip) && clear((r, cb), b, skip)
            });
            let by_col = (lo..cols - lo).any(|c| {
                clear(a, (ra, c), skip) && clear((ra, c), (rb, c), skip) && clear((rb, c), b, skip)
            });
            if by_row || by_col {
                return true;
            }
        }
    }
    false
}

fn ids(view: &Value, key: &str) -> Result<Vec<u64>, String> {
    view[key]
        .as_array()
        .ok_or_else(|| format!("no {key}"))?
        .iter()
        .map(|v| v.as_u64().ok_or_else(|| format!("{key} holds {v}")))
        .collect()
}

fn stack(view: &Value) -> Result<(), String> {
    let tiles = view["tiles"].as_array().ok_or("no tiles")?;
    let (tray, held) = (ids(view, "tray")?, ids(view, "held")?);
    let tray_size = num(view, "tray_size")? as usize;
    ensure(tray.len() <= tray_size, || {
        format!("{} tiles in a tray of {tray_size}", tray.len())
    })?;
    ensure(held.len() <= 3, || format!("{} tiles held", held.len()))?;
    let mut census = BTreeMap::new();
    let mut left = 0;
    for (i, t) in tiles.iter().enumerate() {
        let id = num(t, "id")?;
        ensure(id == i as u64, || format!("tile {i} has id {id}"))?;
        let place = t["place"].as_str().unwrap_or("");
        let listed = match place {
            "tray" => tray.contains(&id),
            "held" => held.contains(&id),
            "board" | "gone" => !tray.contains(&id) && !held.contains(&id),
            other => return Err(format!("tile {id} is at {other:?}")),
        };
        ensure(listed, || {
            format!("tile {id} at {place} disagrees with tray/held")
        })?;
        ensure(
            t["free"] != true || matches!(place, "board" | "held"),
            || format!("tile {id} at {place} is free"),
        )?;
        if place != "gone" {
            left += 1;
            *census.entry(num(t, "kind")?).or_insert(0u64) += 1;
        }
    }
    for (kind, n) in census {
        ensure(n % 3 == 0, || {
            format!("kind {kind}: {n} tiles, not triples")
        })?;
    }
    ensure(left == num(view, "tiles_left")?, || {
        format!("tiles_left {} but {left} tiles", view["tiles_left"])
    })?;
    let status = view["status"].as_str().unwrap_or("");
    ensure((status == "won") == (left == 0), || {
        format!("status {status} with {left} tiles left")
    })?;
    ensure(status != "lost" || tray.len() == tray_size, || {
        format!("lost with {} of {tray_size} tray slots used", tray.len())
    })?;
    let mut tray_kinds = BTreeMap::new();
    for &id in &tray {
        *tray_kinds
            .entry(tiles[id as usize]["kind"].clone().to_string())
            .or_insert(0) += 1;
    }
    ensure(tray_kinds.values().all(|&n| n < 3), || {
        format!("a triple stayed in the tray: {tray:?}")
    })
}

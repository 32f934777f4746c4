//! Stack mode's payloads: every tile with its place and freedom, the tray and the holding
//! row, props left, and what `select` and `hint` return with the game.

use llk_engine::stack::game::{
    Place, Props, StackCounters, StackGame, StackHint, StackOptions, StackStatus, Taken,
};
use llk_engine::stack::{TileId, TILE_SIDE};
use serde::Serialize;
use ts_rs::TS;

/// One tile of the layout, wherever it is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct StackTileView {
    /// Its index in the layout (what `select` takes).
    pub id: TileId,
    /// Position in quarter-tile units (a tile is 4×4) and layer (0 at the bottom).
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub kind: u16,
    pub place: Place,
    /// It can be taken now: on the board with nothing covering it, or in the holding row.
    pub free: bool,
}

/// The whole visible state of a stack game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct StackView {
    pub options: StackOptions,
    /// Every tile of the layout, in id order (also those in the tray, held or gone).
    pub tiles: Vec<StackTileView>,
    /// Tiles in the tray, slot by slot.
    pub tray: Vec<TileId>,
    /// Tiles in the holding row (moved out of the tray), at most three.
    pub held: Vec<TileId>,
    /// Tray slots.
    pub tray_size: u8,
    pub status: StackStatus,
    pub score: u32,
    pub counters: StackCounters,
    pub props_left: Props,
    /// Tiles not yet cleared (on the board, in the tray or held): 0 exactly when won.
    pub tiles_left: usize,
    #[ts(type = "number")]
    pub elapsed_ms: u64,
    /// An undo is possible: a take to take back and an undo prop left.
    pub can_undo: bool,
    /// Best winning score for this level (`stack/L<level>`), if any game of it was won.
    pub best_score: Option<u32>,
    /// The layout's bounding box from the origin, in the tiles' units.
    pub width: i32,
    pub height: i32,
    /// The deal's code (docs/deal-codes.md), or `null` when a code cannot express it
    /// (a custom size, tray, peak or random fill).
    pub code: Option<String>,
}

impl StackView {
    pub fn of(game: &StackGame, best_score: Option<u32>) -> StackView {
        let layout = game.layout();
        let tiles: Vec<StackTileView> = layout
            .tiles()
            .iter()
            .zip(0..)
            .map(|(t, id)| {
                let place = game.place(id);
                StackTileView {
                    id,
                    x: t.x,
                    y: t.y,
                    z: t.z,
                    kind: t.kind,
                    place,
                    free: match place {
                        Place::Board => game.is_free(id),
                        Place::Held => true,
                        Place::Tray | Place::Gone => false,
                    },
                }
            })
            .collect();
        let tiles_left = tiles.iter().filter(|t| t.place != Place::Gone).count();
        let extent = |f: fn(&StackTileView) -> i32| tiles.iter().map(f).max().unwrap_or(0);
        let (width, height) = if tiles.is_empty() {
            (0, 0)
        } else {
            (extent(|t| t.x) + TILE_SIDE, extent(|t| t.y) + TILE_SIDE)
        };
        StackView {
            options: *game.options(),
            tray: game.tray().to_vec(),
            held: game.held().to_vec(),
            tray_size: game.options().tray,
            status: game.status(),
            score: game.score(),
            counters: game.counters(),
            props_left: game.props_left(),
            tiles_left,
            elapsed_ms: game.elapsed_ms(),
            can_undo: game.can_undo(),
            best_score,
            width,
            height,
            tiles,
            code: llk_engine::code::stack_code(game.options()),
        }
    }
}

/// What `select` returns in stack mode: what the take did, and the game after it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct StackSelectResult {
    pub outcome: Taken,
    pub game: StackView,
    /// This take won the game with a score above the stored best for its level.
    pub new_best: bool,
}

/// What `hint` returns in stack mode: a tile to take (or that the position is lost), and
/// the game after the hint was counted.
#[derive(Clone, Debug, Serialize, TS)]
pub struct StackHintResult {
    pub hint: StackHint,
    pub game: StackView,
}

/// What `winning_line` returns: the tiles to take, in order, to win from the current
/// position without props, or `null` when the solver finds none (lost, or out of time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct WinningLine {
    pub moves: Option<Vec<TileId>>,
}

/// What the solver says of an opened level without props: a winning line exists, none
/// does, or it could not tell within its budget (then the view claims neither).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LevelVerdictView {
    Winnable,
    Unwinnable,
    Unknown,
}

/// What `new_game_from_level` returns: the level's game and the solver's verdict on it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct LevelOpened {
    pub game: super::AnyView,
    pub verdict: LevelVerdictView,
}

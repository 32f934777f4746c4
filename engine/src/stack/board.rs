//! A stack position and its moves, without props accounting or score: where every tile
//! is (board, tray, holding row, gone), a live count of the board tiles covering each
//! tile (so a take updates freedom in O(tiles it covers)), the tray and the holding row.
//! The game, the stack-file replay and the tests all play through this.

use serde::{Deserialize, Serialize};

use crate::error::{EngineError, Result};
use crate::stack::geometry::{Layout, TileId};
use crate::stack::solver::Position;
use crate::stack::tray;
use crate::stack::types::{Place, StackStatus, HOLD_SLOTS, TRAY_RANGE};

/// What one take did, with what an undo needs to put it back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeEffect {
    /// Where the tile came from (the board or the holding row).
    pub from: Place,
    /// Its index in the holding row, when it came from there.
    pub held_slot: Option<usize>,
    /// The tray slot it went to.
    pub slot: usize,
    /// The triple that vanished (empty if none).
    pub cleared: Vec<TileId>,
}

/// Tiles, their places and the live cover counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackBoard {
    layout: Layout,
    capacity: u8,
    place: Vec<Place>,
    /// For a board tile: how many board tiles cover it now.
    live: Vec<u16>,
    tray: Vec<TileId>,
    held: Vec<TileId>,
    /// Tiles not yet gone.
    left: usize,
}

/// Refuses a tray size outside 5..=9.
pub fn check_capacity(capacity: u8) -> Result<()> {
    if TRAY_RANGE.contains(&capacity) {
        Ok(())
    } else {
        Err(EngineError::BadStack(format!(
            "a tray of {capacity} slots: it must have {}..={}",
            TRAY_RANGE.start(),
            TRAY_RANGE.end()
        )))
    }
}

impl StackBoard {
    /// Every tile on the board, tray and holding row empty.
    pub fn new(layout: Layout, capacity: u8) -> Result<StackBoard> {
        check_capacity(capacity)?;
        let n = layout.len();
        Ok(StackBoard {
            live: layout.cover_counts(),
            place: vec![Place::Board; n],
            capacity,
            layout,
            tray: Vec::new(),
            held: Vec::new(),
            left: n,
        })
    }

    /// A position from its parts (a save), checked: every place consistent with the
    /// tray and holding row, the tray in the game's order (a kind's tiles together, at
    /// most two of a kind), and the gone tiles of each kind a multiple of three.
    pub fn from_parts(
        layout: Layout,
        capacity: u8,
        place: Vec<Place>,
        tray: Vec<TileId>,
        held: Vec<TileId>,
    ) -> Result<StackBoard> {
        let bad = |m: String| Err(EngineError::BadStack(m));
        check_capacity(capacity)?;
        let n = layout.len();
        if place.len() != n {
            return bad(format!("{} places for {n} tiles", place.len()));
        }
        if tray.len() > usize::from(capacity) || held.len() > HOLD_SLOTS {
            return bad("the tray or the holding row holds too many tiles".into());
        }
        for (list, want) in [(&tray, Place::Tray), (&held, Place::Held)] {
            for &id in list {
                if place.get(usize::from(id)) != Some(&want) {
                    return bad(format!("tile {id} is listed as {want:?} but is not there"));
                }
            }
        }
        let count = |p: Place| place.iter().filter(|&&q| q == p).count();
        let mut uniq = tray.clone();
        uniq.extend(&held);
        uniq.sort_unstable();
        uniq.dedup();
        if uniq.len() != tray.len() + held.len()
            || count(Place::Tray) != tray.len()
            || count(Place::Held) != held.len()
        {
            return bad("tray and holding row do not match the tiles' places".into());
        }
        let kinds: Vec<u16> = layout.tiles().iter().map(|t| t.kind).collect();
        let tray_kinds: Vec<u16> = tray.iter().map(|&id| kinds[usize::from(id)]).collect();
        for (i, &k) in tray_kinds.iter().enumerate() {
            let apart = i > 0 && tray_kinds[i - 1] != k && tray_kinds[..i].contains(&k);
            if apart || tray_kinds.iter().filter(|&&q| q == k).count() >= 3 {
                return bad("the tray is not in the order the game keeps it".into());
            }
        }
        let mut gone = vec![0usize; usize::from(crate::stack::MAX_KINDS)];
        for (i, &p) in place.iter().enumerate() {
            if p == Place::Gone {
                gone[usize::from(kinds[i])] += 1;
            }
        }
        if gone.iter().any(|g| g % 3 != 0) {
            return bad("gone tiles must vanish in threes of a kind".into());
        }
        let mut live = layout.cover_counts();
        for (i, l) in live.iter_mut().enumerate() {
            let above = layout.above(i as TileId);
            *l = above
                .iter()
                .filter(|&&a| place[usize::from(a)] == Place::Board)
                .count() as u16;
        }
        let left = n - count(Place::Gone);
        Ok(StackBoard {
            layout,
            capacity,
            place,
            live,
            tray,
            held,
            left,
        })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn capacity(&self) -> u8 {
        self.capacity
    }

    pub fn places(&self) -> &[Place] {
        &self.place
    }

    /// Where tile `id` is (`Gone` for an unknown id).
    pub fn place(&self, id: TileId) -> Place {
        self.place
            .get(usize::from(id))
            .copied()
            .unwrap_or(Place::Gone)
    }

    /// Whether `id` can be taken: a board tile nothing covers, or a held tile.
    pub fn is_free(&self, id: TileId) -> bool {
        match self.place(id) {
            Place::Board => self.live[usize::from(id)] == 0,
            Place::Held => true,
            _ => false,
        }
    }

    /// The uncovered board tiles, ascending.
    pub fn free_on_board(&self) -> Vec<TileId> {
        (0..self.place.len())
            .filter(|&i| self.place[i] == Place::Board && self.live[i] == 0)
            .map(|i| i as TileId)
            .collect()
    }

    /// `on_board[i]`: tile i is still on the board.
    pub fn on_board(&self) -> Vec<bool> {
        self.place.iter().map(|&p| p == Place::Board).collect()
    }

    pub fn tray(&self) -> &[TileId] {
        &self.tray
    }

    /// The kinds in the tray, in order.
    pub fn tray_kinds(&self) -> Vec<u16> {
        self.tray.iter().map(|&id| self.kind(id)).collect()
    }

    /// Runs `f` on this position as the solver sees it (board, tray kinds, holding row).
    pub fn with_position<T>(&self, f: impl FnOnce(&Position) -> T) -> T {
        let on_board = self.on_board();
        let tray = self.tray_kinds();
        f(&Position {
            layout: self.layout(),
            on_board: &on_board,
            held: self.held(),
            tray: &tray,
            capacity: self.capacity(),
        })
    }

    pub fn held(&self) -> &[TileId] {
        &self.held
    }

    /// Tiles not yet gone (board, tray and holding row).
    pub fn left(&self) -> usize {
        self.left
    }

    fn kind(&self, id: TileId) -> u16 {
        self.layout.tiles()[usize::from(id)].kind
    }

    /// Lost when the tray is full, won when every tile is gone.
    pub fn status(&self) -> StackStatus {
        if self.tray.len() >= usize::from(self.capacity) {
            StackStatus::Lost
        } else if self.left == 0 {
            StackStatus::Won
        } else {
            StackStatus::Playing
        }
    }

    /// Refuses an id outside the layout.
    pub fn check_id(&self, id: TileId) -> Result<()> {
        if usize::from(id) < self.place.len() {
            Ok(())
        } else {
            Err(EngineError::UnknownTile {
                id: id.into(),
                count: self.place.len(),
            })
        }
    }

    /// Takes tile `id` (free on the board, or held) into the tray.
    pub fn take(&mut self, id: TileId) -> Result<TakeEffect> {
        self.check_id(id)?;
        if self.status() != StackStatus::Playing {
            return Err(EngineError::GameOver);
        }
        let from = self.place(id);
        let mut held_slot = None;
        match from {
            Place::Board if self.live[usize::from(id)] > 0 => {
                return Err(EngineError::TileCovered { id: id.into() })
            }
            Place::Board => {
                for &b in self.layout.below(id) {
                    self.live[usize::from(b)] -= 1;
                }
            }
            Place::Held => {
                let at = self.held.iter().position(|&h| h == id);
                held_slot = at;
                if let Some(at) = at {
                    self.held.remove(at);
                }
            }
            Place::Tray | Place::Gone => {
                return Err(EngineError::TileNotAvailable { id: id.into() })
            }
        }
        let mut entries: Vec<(TileId, u16)> =
            self.tray.iter().map(|&t| (t, self.kind(t))).collect();
        let pushed = tray::push(&mut entries, usize::from(self.capacity), id, self.kind(id));
        self.tray = entries.into_iter().map(|(t, _)| t).collect();
        self.place[usize::from(id)] = Place::Tray;
        for &c in &pushed.cleared {
            self.place[usize::from(c)] = Place::Gone;
        }
        self.left -= pushed.cleared.len();
        Ok(TakeEffect {
            from,
            held_slot,
            slot: pushed.slot,
            cleared: pushed.cleared,
        })
    }

    /// Puts back the take `effect` of tile `id`, given the tray as it was before it.
    /// Only valid for the latest take (the caller keeps the history).
    pub fn untake(&mut self, id: TileId, effect: &TakeEffect, tray_before: Vec<TileId>) {
        for &c in &effect.cleared {
            self.place[usize::from(c)] = Place::Tray;
        }
        self.left += effect.cleared.len();
        self.tray = tray_before;
        self.place[usize::from(id)] = effect.from;
        if effect.from == Place::Board {
            for &b in self.layout.below(id) {
                self.live[usize::from(b)] += 1;
            }
        } else {
            let at = effect
                .held_slot
                .unwrap_or(self.held.len())
                .min(self.held.len());
            self.held.insert(at, id);
        }
    }

    /// Moves the first three tray tiles (fewer if fewer) to the holding row.
    pub fn move_out(&mut self) -> Result<Vec<TileId>> {
        if self.status() != StackStatus::Playing {
            return Err(EngineError::GameOver);
        }
        if !self.held.is_empty() {
            return Err(EngineError::HoldFull);
        }
        if self.tray.is_empty() {
            return Err(EngineError::TrayEmpty);
        }
        let n = self.tray.len().min(HOLD_SLOTS);
        let moved: Vec<TileId> = self.tray.drain(..n).collect();
        for &id in &moved {
            self.place[usize::from(id)] = Place::Held;
        }
        self.held = moved.clone();
        Ok(moved)
    }

    /// Gives every tile a new kind (`kinds[i]` for tile i); the caller keeps tray and
    /// held tiles' kinds.
    pub fn set_kinds(&mut self, kinds: &[u16]) -> Result<()> {
        self.layout = self.layout.with_kinds(kinds)?;
        Ok(())
    }
}

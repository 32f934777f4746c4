//! Learned dead cores: each proof of the dead-position test, kept so that later
//! positions it covers are found dead without the test's link checks. See the module
//! notes in `mod.rs`.
//!
//! A proof is a core (the tiles it left out) and the pairs of core tiles with a partner
//! of their kind that link on a board holding only the core. Any position holding every
//! core tile in which each of those pairs is disallowed is dead: the first core tile to go
//! would need an allowed partner it links to on a board holding at least the core, so on
//! one holding only the core, and there is none. Unlike the memo this holds whatever the
//! other tiles and kinds do.

use super::position::Position;

/// Most cores kept (the oldest are replaced).
const KEEP: usize = 512;
/// Largest core kept, in words (bitset words plus pairs), bounding the cores' memory at
/// about 32 MB on huge boards (an 18×8 core is about a hundred).
const CORE_WORDS: usize = 8 << 10;

struct Core {
    /// The core's tiles, a bit per tile index.
    tiles: Box<[u64]>,
    /// The pairs that must stay disallowed.
    pairs: Box<[(u32, u32)]>,
}

/// A kept core found covering a position.
pub(super) struct Cover<'a> {
    /// The levels of the changes its proof rests on there.
    pub(super) levels: Vec<u32>,
    /// Its pairs (grouped by kind).
    pub(super) pairs: &'a [(u32, u32)],
}

#[derive(Default)]
pub(super) struct Nogoods {
    cores: Vec<Core>,
    /// Where the next core goes once `KEEP` are kept.
    next: usize,
}

impl Nogoods {
    /// Keeps the core `tiles` (bits) with its `pairs`, unless it is too large.
    pub(super) fn learn(&mut self, tiles: Box<[u64]>, pairs: Box<[(u32, u32)]>) {
        if tiles.len() + pairs.len() > CORE_WORDS {
            return;
        }
        let core = Core { tiles, pairs };
        if self.cores.len() < KEEP {
            self.cores.push(core);
        } else {
            self.cores[self.next] = core;
            self.next = (self.next + 1) % KEEP;
        }
    }

    /// A kept core covering `p` (so `p` is dead), if any.
    pub(super) fn covering(&self, p: &Position) -> Option<Cover<'_>> {
        let alive = p.alive_bits();
        'cores: for core in &self.cores {
            if core.tiles.iter().zip(alive).any(|(&c, &a)| c & !a != 0) {
                continue;
            }
            let mut levels = Vec::with_capacity(core.pairs.len());
            for &(t, u) in core.pairs.iter() {
                match p.disallowed_since(t, u) {
                    Some(l) => levels.push(l),
                    None => continue 'cores,
                }
            }
            return Some(Cover {
                levels,
                pairs: &core.pairs,
            });
        }
        None
    }
}

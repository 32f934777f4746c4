//! The tray's rules, on their own: where a taken tile goes (right after the last tray
//! tile of its kind, else at the end), three alike vanish, and a take that fills the last
//! slot without making a triple loses. Entries are `(item, kind)` so the game (tile ids)
//! and the deal's simulations share one implementation.

/// What putting one tile into the tray did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pushed<T> {
    /// The slot the tile went to (tiles after it moved one slot right).
    pub slot: usize,
    /// The three items that vanished (empty if none), in tray order.
    pub cleared: Vec<T>,
    /// The take filled the last slot without a triple: the game is lost.
    pub lost: bool,
}

/// Where a tile of `kind` goes in `tray`: right after the last tile of its kind, else at
/// the end.
pub fn insert_slot<T>(tray: &[(T, u16)], kind: u16) -> usize {
    tray.iter()
        .rposition(|&(_, k)| k == kind)
        .map_or(tray.len(), |i| i + 1)
}

/// Puts `item` of `kind` into `tray` (with `capacity` slots): inserts it, removes a
/// triple of its kind if there is one now, and says whether the tray is full (lost).
/// The caller must not push into a full tray.
pub fn push<T: Copy>(tray: &mut Vec<(T, u16)>, capacity: usize, item: T, kind: u16) -> Pushed<T> {
    debug_assert!(tray.len() < capacity, "push into a full tray");
    let slot = insert_slot(tray, kind);
    tray.insert(slot, (item, kind));
    let mut cleared = Vec::new();
    if tray.iter().filter(|&&(_, k)| k == kind).count() >= 3 {
        // Tiles of one kind sit together, so these are the (at most three) alike.
        let mut left = 3;
        tray.retain(|&(it, k)| {
            if k == kind && left > 0 {
                left -= 1;
                cleared.push(it);
                false
            } else {
                true
            }
        });
    }
    let lost = cleared.is_empty() && tray.len() >= capacity;
    Pushed {
        slot,
        cleared,
        lost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(tray: &[(u16, u16)]) -> Vec<u16> {
        tray.iter().map(|&(_, k)| k).collect()
    }

    #[test]
    fn inserts_after_its_kind_else_at_the_end() {
        let mut tray = Vec::new();
        assert_eq!(push(&mut tray, 7, 0, 5).slot, 0);
        assert_eq!(push(&mut tray, 7, 1, 2).slot, 1);
        assert_eq!(push(&mut tray, 7, 2, 5).slot, 1);
        assert_eq!(push(&mut tray, 7, 3, 9).slot, 3);
        assert_eq!(kinds(&tray), vec![5, 5, 2, 9]);
        assert_eq!(insert_slot(&tray, 2), 3);
    }

    #[test]
    fn three_alike_vanish_wherever_they_sit() {
        let mut tray = Vec::new();
        for (id, k) in [(0, 1), (1, 2), (2, 1), (3, 3)] {
            push(&mut tray, 7, id, k);
        }
        let p = push(&mut tray, 7, 4, 1);
        assert_eq!(p.slot, 2);
        assert_eq!(p.cleared, vec![0, 2, 4]);
        assert!(!p.lost);
        assert_eq!(tray, vec![(1, 2), (3, 3)]);
    }

    #[test]
    fn filling_the_last_slot_loses_unless_it_makes_a_triple() {
        let mut tray = Vec::new();
        for (id, k) in [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)] {
            assert!(!push(&mut tray, 7, id, k).lost);
        }
        let mut full = tray.clone();
        let p = push(&mut full, 7, 6, 3);
        assert!(p.lost && p.cleared.is_empty() && full.len() == 7);
        let p = push(&mut tray, 7, 6, 1);
        assert!(!p.lost && p.cleared.len() == 3);
        // A smaller tray loses sooner.
        let mut small = Vec::new();
        let lost: Vec<bool> = (0..5).map(|i| push(&mut small, 5, i, i).lost).collect();
        assert_eq!(lost, vec![false, false, false, false, true]);
    }
}

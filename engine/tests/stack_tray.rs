//! The tray's rules against a plain reference that thinks in runs of one kind: a taken
//! tile joins its kind's run (else starts one at the end), a run of three vanishes, a
//! full tray without a triple loses.

use llk_engine::stack::tray::push;
use proptest::prelude::*;

/// The reference: runs `(kind, count)` in tray order.
struct Runs(Vec<(u16, usize)>);

impl Runs {
    /// Returns (slot, vanished, lost).
    fn push(&mut self, kind: u16, capacity: usize) -> (usize, bool, bool) {
        let (slot, vanished) = match self.0.iter().position(|&(k, _)| k == kind) {
            Some(r) => {
                self.0[r].1 += 1;
                let slot = self.0[..=r].iter().map(|&(_, c)| c).sum::<usize>() - 1;
                let full = self.0[r].1 == 3;
                if full {
                    self.0.remove(r);
                }
                (slot, full)
            }
            None => {
                let slot = self.len();
                self.0.push((kind, 1));
                (slot, false)
            }
        };
        (slot, vanished, !vanished && self.len() == capacity)
    }

    fn len(&self) -> usize {
        self.0.iter().map(|&(_, c)| c).sum()
    }

    fn kinds(&self) -> Vec<u16> {
        self.0
            .iter()
            .flat_map(|&(k, c)| std::iter::repeat_n(k, c))
            .collect()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn tray_matches_the_reference(capacity in 5usize..=9, kinds in prop::collection::vec(0u16..6, 0..40)) {
        let mut tray: Vec<(usize, u16)> = Vec::new();
        let mut runs = Runs(Vec::new());
        for (id, &k) in kinds.iter().enumerate() {
            let p = push(&mut tray, capacity, id, k);
            let (slot, vanished, lost) = runs.push(k, capacity);
            prop_assert_eq!(p.slot, slot);
            prop_assert_eq!(p.cleared.len(), if vanished { 3 } else { 0 });
            prop_assert!(p.cleared.iter().all(|&c| kinds[c] == k));
            prop_assert_eq!(p.lost, lost);
            prop_assert_eq!(tray.iter().map(|&(_, k)| k).collect::<Vec<_>>(), runs.kinds());
            if lost {
                break;
            }
        }
    }
}

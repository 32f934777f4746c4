//! What a stack search costs on the way out once its budget stops it: the memo of dead
//! positions it built must be freed in a few blocks, not one block per position. A
//! search stopped after a second holds hundreds of thousands of them, and freeing them
//! one by one took 90-160 ms after the interrupt on real-style maps, past the 50 ms a
//! `--budget-ms` allows (engine/BENCHMARKS.md, "Every budget honoured"). Timings are the
//! benchmark's; this counts the frees, which is deterministic.
//!
//! The count uses a global allocator that counts the frees made on the test's own thread
//! while a flag is set; this file holds one test so that nothing else runs beside it.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use llk_engine::classic::Budget;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::solve_with_stats;
use llk_engine::stack::{Position, StackVerdict};

/// The system allocator, counting frees made while [`COUNTING`] is set on the thread.
struct CountingFrees;

static FREES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Set while the measured solve runs on this thread (a const-initialised `Cell`: no
    /// allocation, no destructor, so the allocator may read it).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for CountingFrees {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        // SAFETY: passed on unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        if COUNTING.with(Cell::get) {
            FREES.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingFrees = CountingFrees;

/// Real-style maps the search does not decide within the node budget below (so it is
/// stopped with its memo full, as a `--budget-ms` stops it).
const SEEDS: [u64; 3] = [42, 51, 169];

#[test]
fn a_stopped_stack_search_frees_its_memo_in_a_few_blocks() {
    for seed in SEEDS {
        let map = real_style(seed).expect("a real-style map");
        let on_board = vec![true; map.layout.len()];
        let pos = Position {
            layout: &map.layout,
            on_board: &on_board,
            held: &[],
            tray: &[],
            capacity: map.tray,
        };
        FREES.store(0, Ordering::Relaxed);
        COUNTING.with(|c| c.set(true));
        let (verdict, stats) = solve_with_stats(&pos, Budget::nodes(200_000), &mut || false);
        COUNTING.with(|c| c.set(false));
        let frees = FREES.load(Ordering::Relaxed);
        assert_eq!(
            verdict,
            StackVerdict::Unknown,
            "seed {seed}: decided, pick a harder map"
        );
        assert!(stats.memo >= 10_000, "seed {seed}: {stats:?}");
        // The whole search, freeing its memo included, frees far fewer blocks than the
        // memo has entries (one block each would be at least `stats.memo`; the search's
        // own scratch vectors and the refutation's account for a few hundred).
        assert!(
            frees * 20 < stats.memo as u64,
            "seed {seed}: {frees} frees for a memo of {} entries",
            stats.memo
        );
    }
}

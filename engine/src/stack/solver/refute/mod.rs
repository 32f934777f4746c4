//! A sound refutation search: proves a position lost by solving a smaller game, the
//! *projection* of the position on a set `K` of kinds, exhaustively.
//!
//! **The projected game.** Keep the remaining tiles whose kind is in `K`; tile `a` lies
//! above tile `b` in the projection when `a` covers `b` in the position directly or
//! through other remaining tiles (of any kind): the cover relation's transitive closure,
//! restricted to `K`. The tray starts with the position's tray tiles of the kinds in `K`
//! (same capacity, same rules: a take that leaves no slot empty without completing a
//! triple is not allowed). Think of the other kinds as *free*: a tile of another kind is
//! taken at no tray cost the moment nothing covers it. Then a `K` tile is uncovered
//! exactly when every `K` tile above it (in the closure) is gone, because a free tile is
//! gone exactly when every `K` tile above it is gone (by induction from the top).
//!
//! **Soundness: a lost projection means a lost position.** Take any line that wins the
//! real position and keep only its takes of `K` tiles, in the same order. This is a
//! line of the projected game, and it wins it:
//! * Each take is possible: when the real line takes `b`, every tile above `b` is
//!   already gone. (Nothing covers `b` directly; a tile `a` above `b` through a chain
//!   `a` covers `c1` covers … covers `b` was taken before `c1`, which was taken before
//!   the next tile of the chain, and so on down to `b`, because a tile is taken only
//!   once nothing covers it.) So every `K` tile above `b` in the projection was taken
//!   earlier in the projected line.
//! * Each take keeps a slot empty or completes a triple: for a kind in `K`, the tray's
//!   count in both games is `(start + tiles of the kind taken since) mod 3`, the same
//!   number, so a take completes a triple in one game exactly when it does in the other.
//!   The projected tray holds the real tray's tiles of the kinds in `K` only, so it is
//!   never longer; a real take that leaves a slot empty leaves one in the projection.
//! * The projected line takes every `K` tile, since the real line takes every tile.
//!
//! So if no line wins the projection, none wins the position. The projection is solved
//! with the main search itself (its memo and cuts are sound on any cover graph), so its
//! `Dead` answer is a complete proof.
//!
//! **Which `K`.** Without a triple, the tray holds at most two tiles of a kind, and a
//! take is refused only when it would fill the last slot without completing a triple:
//! that needs `capacity − 1` tray tiles with some kind below two, so `K` must have at
//! least `capacity / 2 + 1` kinds (4 for a 7-slot tray) to be lost at all. A projection
//! is hard when its kinds bury one another: the candidates grow `K` greedily from each
//! kind, adding the kind with the most above/below pairs with the kinds already in `K`
//! (pairs counted in the closure), and each size from the minimum to [`MAX_EXTRA`] more
//! (never all the kinds: that is the position itself) is tried, smallest first, each
//! with an equal share of the refutation's nodes (a fixed number in the solver, see
//! [`REFUTE_NODES`]).
//!
//! **What it does on real maps.** Nothing so far: on the real-style maps the main search
//! leaves undecided, every projection on 4 to 12 of their 16 kinds is won within a few
//! hundred to 65,000 nodes (13 kinds and more stay undecided within 220,000 nodes, like
//! the map itself), and so are the projections tried on real-style layouts played with a
//! 5- or 6-slot tray (2026-12-03, `refute_probe`: `git show
//! 6338f23:engine/BENCHMARKS-HISTORY.md`, "Refutation by projection"). Taking a quarter
//! of the tiles for free is enough to make these maps easy. It proves lost
//! positions where a few kinds bury one another (piles, the tests' small layouts), which
//! the main search may not decide when many free tiles of other kinds multiply its take
//! orders. [`run_with_refutation`] runs it only after the main search's first
//! [`PROBE_NODES`], so the positions the main search decides sooner never pay for it.

use super::search::{Outcome, Search};
use super::state::{State, KINDS};
use super::Strategy;
#[cfg(feature = "backward")]
use reverse::Backward;

/// Largest `K` tried, as kinds beyond the smallest size that can lose.
const MAX_EXTRA: usize = 2;

/// What a refutation attempt found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Refutation {
    /// A projection was proven lost: so is the position.
    pub lost: bool,
    /// Nodes spent in all the projected searches.
    pub nodes: u64,
    /// Projections searched (to the end or to their share of the budget).
    pub tried: u32,
    /// The interrupt fired.
    pub interrupted: bool,
    /// The budget ran out before every projection had its share.
    pub cut: bool,
    /// Nodes of the backward search (`reverse`).
    pub backward_nodes: u64,
}

/// Nodes the main search runs before the refutation is tried: the end of its ninth
/// restart attempt (512 + 1,024 + … + 131,072), so that it resumes afterwards exactly as
/// if it had not stopped. Positions decided sooner never pay for the refutation.
pub(crate) const PROBE_NODES: u64 = 512 * ((1 << 9) - 1);

/// Nodes the refutation runs after the probe, shared equally by its projections: a fixed
/// number, never derived from the budget (until 2026-12-05 it was an eighth of the nodes
/// left, at most this many, so a budget under 786 k nodes changed every projection's
/// share and the node at which a later answer came: see [`run_with_refutation`]).
pub(crate) const REFUTE_NODES: u64 = 1 << 16;

/// The backward search's turn, in nodes, is this many times the main search's. Its nodes
/// cost about as much as the main search's on real-style maps (0.5 against 0.4 µs); until
/// its sleep sets (2026-12-04) they cost two thirds as much, for less (the put-backs the
/// sleep sets skip were cheap nodes that met the memo), and its turn was twice the main
/// one's, which is about the same share of the CPU.
#[cfg(feature = "backward")]
const BACKWARD_TURN: u64 = 1;

/// Runs `search` (from its position, with its budget) with the refutation and the
/// backward search in between: [`PROBE_NODES`] of the main search, then [`refute`] with
/// [`REFUTE_NODES`], then the backward search (`reverse`) and the main search in turns,
/// `BACKWARD_TURN × quota` nodes then `quota` nodes, `quota` from [`PROBE_NODES`] doubling
/// every round, until one decides or the budget is spent. The nodes of all of them count
/// against the budget; each keeps its memo between its turns. Built without the
/// `backward` feature (the web build), the main search alone takes what the refutation
/// left.
///
/// **Anytime.** Every phase's length is a fixed number of nodes, so the whole run is one
/// deterministic sequence of nodes for a given position, and the budget (or the
/// interrupt) only says where it stops: an answer found after `n` nodes in all is found
/// after the same `n` nodes with every budget of at least `n`, and every smaller budget
/// answers [`Outcome::OutOfBudget`] having spent exactly its budget
/// (`tests/anytime.rs` checks this on real-style maps).
pub(crate) fn run_with_refutation(search: &mut Search) -> (Outcome, Refutation) {
    run_in_turns(search, PROBE_NODES)
}

/// [`run_with_refutation`] with `probe` nodes of the main search first (and first quota)
/// instead of [`PROBE_NODES`] (the tests take a small one, so that small boards go
/// through every turn).
fn run_in_turns(search: &mut Search, probe: u64) -> (Outcome, Refutation) {
    let budget = search.max_nodes;
    search.phase_end = probe;
    if budget <= probe {
        return (search.run(), Refutation::default());
    }
    search.max_nodes = probe;
    let outcome = search.run();
    // `max_nodes` is 0 when the interrupt fired.
    if outcome != Outcome::OutOfBudget || search.max_nodes == 0 {
        return (outcome, Refutation::default());
    }
    let left = budget.saturating_sub(search.nodes);
    let refuted = refute(&search.st, REFUTE_NODES, left, &mut *search.interrupt);
    if refuted.lost {
        return (Outcome::Dead, refuted);
    }
    if refuted.interrupted || refuted.cut {
        return (Outcome::OutOfBudget, refuted);
    }
    #[cfg(not(feature = "backward"))]
    {
        // without the backward search (a build that leaves it out): the main search
        // alone with what is left
        search.max_nodes = budget.saturating_sub(refuted.nodes).max(search.nodes);
        search.phase_end = u64::MAX;
        (search.run(), refuted)
    }
    #[cfg(feature = "backward")]
    turns(search, budget, probe, refuted)
}

/// The backward search and the main search in turns after the refutation (see
/// [`run_with_refutation`]), until one decides or `budget` nodes in all are spent.
#[cfg(feature = "backward")]
fn turns(
    search: &mut Search,
    budget: u64,
    probe: u64,
    mut refuted: Refutation,
) -> (Outcome, Refutation) {
    let mut back = Backward::new(&search.st, 0);
    let mut quota = probe;
    loop {
        let used = search.nodes + refuted.nodes + back.nodes;
        let Some(left) = budget.checked_sub(used).filter(|&l| l > 0) else {
            return (Outcome::OutOfBudget, refuted);
        };
        back.max_nodes = back.nodes + (quota * BACKWARD_TURN).min(left);
        let out = back.run(&mut *search.interrupt);
        refuted.backward_nodes = back.nodes;
        match out {
            Outcome::Win => {
                search.path = back.line();
                return (Outcome::Win, refuted);
            }
            Outcome::Dead => return (Outcome::Dead, refuted),
            Outcome::OutOfBudget if back.interrupted => return (out, refuted),
            Outcome::OutOfBudget => {}
        }
        let used = search.nodes + refuted.nodes + back.nodes;
        let Some(left) = budget.checked_sub(used).filter(|&l| l > 0) else {
            return (Outcome::OutOfBudget, refuted);
        };
        search.phase_end = search.nodes + quota;
        search.max_nodes = search.nodes + quota.min(left);
        let out = search.run();
        if out != Outcome::OutOfBudget || search.max_nodes == 0 {
            return (out, refuted);
        }
        quota = quota.saturating_mul(2);
    }
}

/// Tries to prove `st` lost, each projection with an equal part of `nodes` (so what it
/// tries does not depend on `cap`), stopping for good (`cut`) once `cap` nodes in all are
/// spent, and polling `interrupt` as the main search does (once it fires, nothing more is
/// tried).
pub(crate) fn refute(
    st: &State,
    nodes: u64,
    cap: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Refutation {
    let mut out = Refutation::default();
    let closure = Closure::of(st);
    let candidates = candidates(st, &closure);
    if candidates.is_empty() {
        return out;
    }
    let share = nodes / candidates.len() as u64;
    let mut fired = false;
    for k in &candidates {
        let Ok(projected) = project(st, &closure, k) else {
            // The projection is hopeless as given (a kind's tiles not a multiple of three
            // with its tray tiles): then so is the position, but `State::build` already
            // refuses such positions, so this cannot happen; skip it rather than trust it.
            continue;
        };
        let mut polled = || {
            let f = interrupt();
            fired |= f;
            f
        };
        let left = cap.saturating_sub(out.nodes);
        let mut search = Search::new(projected, share.min(left), &mut polled);
        search.phase_end = share;
        search.strategy = Strategy::Pressure;
        let outcome = search.run();
        let spent = search.nodes;
        out.nodes += spent;
        out.tried += 1;

        if outcome == Outcome::Dead {
            out.lost = true;
            return out;
        }
        if fired {
            out.interrupted = true;
            return out;
        }
        if outcome == Outcome::OutOfBudget && left < share && spent >= left {
            // Stopped by `cap`, not by its share: a larger cap would go on with it.
            out.cut = true;
            return out;
        }
    }
    out
}

/// Which remaining tiles lie above each remaining tile (directly or through others), as
/// bitsets over the state's compact indices.
struct Closure {
    words: usize,
    above: Vec<u64>,
}

impl Closure {
    fn of(st: &State) -> Closure {
        let m = st.kind.len();
        let words = st.rem.len();
        let mut above = vec![0u64; m * words];
        for &t in &super::pressure::top_down(st) {
            let t = usize::from(t);
            if !remains(st, t) {
                continue;
            }
            for &b in &st.below[t] {
                let b = usize::from(b);
                for i in 0..words {
                    let mut v = above[t * words + i];
                    if i == t / 64 {
                        v |= 1 << (t % 64);
                    }
                    above[b * words + i] |= v;
                }
            }
        }
        Closure { words, above }
    }

    /// Whether `a` lies above `b`.
    fn is_above(&self, a: usize, b: usize) -> bool {
        self.above[b * self.words + a / 64] & (1 << (a % 64)) != 0
    }
}

fn remains(st: &State, t: usize) -> bool {
    st.rem[t / 64] & (1 << (t % 64)) != 0
}

/// The kind sets to try, smallest first, without repeats.
fn candidates(st: &State, closure: &Closure) -> Vec<Vec<usize>> {
    let kinds: Vec<usize> = (0..KINDS).filter(|&k| st.left_of[k] > 0).collect();
    let min = st.capacity as usize / 2 + 1;
    // All the kinds would be the position itself: only proper subsets are tried.
    if kinds.len() <= min {
        return Vec::new();
    }
    let max = (min + MAX_EXTRA).min(kinds.len() - 1);
    // pairs[i][j]: tiles of kind kinds[i] above tiles of kind kinds[j].
    let n = kinds.len();
    let slot = |k: usize| kinds.iter().position(|&x| x == k);
    let mut pairs = vec![vec![0u32; n]; n];
    let tiles: Vec<usize> = (0..st.kind.len()).filter(|&t| remains(st, t)).collect();
    for &b in &tiles {
        for &a in &tiles {
            if closure.is_above(a, b) {
                if let (Some(i), Some(j)) =
                    (slot(usize::from(st.kind[a])), slot(usize::from(st.kind[b])))
                {
                    pairs[i][j] += 1;
                }
            }
        }
    }
    // From each kind, the order in which the greedy growth adds the others.
    let orders: Vec<Vec<usize>> = (0..n)
        .map(|start| {
            let mut set = vec![start];
            while set.len() < max {
                let best = (0..n)
                    .filter(|x| !set.contains(x))
                    .max_by_key(|&x| set.iter().map(|&k| pairs[k][x] + pairs[x][k]).sum::<u32>());
                let Some(best) = best else { break };
                set.push(best);
            }
            set
        })
        .collect();
    // Each size's prefixes, in the order of their start kinds. `kinds` is ascending, so
    // walking it keeps each set sorted (no sort needed to spot repeats).
    let mut out: Vec<Vec<usize>> = Vec::new();
    for size in min..=max {
        let first = out.len();
        for order in orders.iter().filter(|o| o.len() >= size) {
            let prefix = &order[..size];
            let kset: Vec<usize> = (0..n)
                .filter(|i| prefix.contains(i))
                .map(|i| kinds[i])
                .collect();
            if !out[first..].contains(&kset) {
                out.push(kset);
            }
        }
    }
    out
}

/// The projection of `st` on the kinds `keep` (see the module doc).
fn project(st: &State, closure: &Closure, keep: &[usize]) -> Result<State, super::state::Hopeless> {
    let tiles: Vec<usize> = (0..st.kind.len())
        .filter(|&t| remains(st, t) && keep.contains(&usize::from(st.kind[t])))
        .collect();
    let below = tiles
        .iter()
        .map(|&a| {
            (0..tiles.len() as u16)
                .filter(|&j| closure.is_above(a, tiles[usize::from(j)]))
                .collect()
        })
        .collect();
    let mut tray = [0u8; KINDS];
    for &k in keep {
        tray[k] = st.tray[k];
    }
    State::from_graph(
        tiles.iter().map(|&t| st.ids[t]).collect(),
        tiles.iter().map(|&t| st.kind[t]).collect(),
        tiles.iter().map(|&t| st.layer[t]).collect(),
        below,
        tray,
        st.capacity,
    )
}

#[cfg(feature = "backward")]
pub(crate) mod reverse;

#[cfg(all(test, feature = "backward"))]
mod reverse_tests;
#[cfg(test)]
pub(crate) mod tests;

//! Node counts of the stack solver on constructed deals (scratch measurement).
use llk_engine::classic::Budget;
use llk_engine::stack::solver::solve_with_stats;
use llk_engine::stack::{deal, Position, StackOptions, StackVerdict};
fn main() {
    // `stack_nodes LEVEL:SEED ...`: node counts of those deals only.
    let picks: Vec<(u32, u64)> = std::env::args()
        .skip(1)
        .filter_map(|a| {
            let (l, s) = a.split_once(':')?;
            Some((l.parse().ok()?, s.parse().ok()?))
        })
        .collect();
    if !picks.is_empty() {
        for (level, seed) in picks {
            let (verdict, nodes) = nodes_of(level, seed);
            println!("L{level} seed {seed}: {nodes} nodes, winnable {verdict}");
        }
        return;
    }
    let deals: u64 = std::env::var("STACK_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let mut total = 0u64;
    for level in 1..=10u32 {
        let mut v = Vec::new();
        let mut unknown = 0;
        for seed in 0..deals {
            let (won, nodes) = nodes_of(level, seed);
            if !won {
                unknown += 1;
            }
            v.push((nodes, seed));
            total += nodes;
        }
        v.sort();
        v.reverse();
        println!(
            "L{level} unknown {unknown} p50 {} top: {:?}",
            v[v.len() / 2].0,
            &v[..6]
        );
    }
    println!("total {total}");
}

/// Whether the solver proves the constructed deal winnable, and the nodes it took.
fn nodes_of(level: u32, seed: u64) -> (bool, u64) {
    let options = StackOptions {
        level: Some(level),
        seed,
        ..StackOptions::default()
    };
    let dealt = deal(&options).expect("deal");
    let on = vec![true; dealt.layout.len()];
    let pos = Position {
        layout: &dealt.layout,
        on_board: &on,
        held: &[],
        tray: &[],
        capacity: options.tray,
    };
    let (verdict, stats) = solve_with_stats(&pos, Budget::DEFAULT, &mut || false);
    (matches!(verdict, StackVerdict::Winnable(_)), stats.nodes)
}

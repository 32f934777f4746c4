//! The daily stack challenge: the same real-style level (the real 羊了个羊's shape, tray 7)
//! for everyone on a UTC date. From a seed derived from the date (SplitMix64 of the day
//! number, a salt of its own), the first seed whose map the solver's main search proves
//! winnable within [`DAILY_STACK_NODES`] nodes: a node budget and no clock, so every
//! machine finds the same seed, and the deal's certificate is that proof's line.

use crate::code::daily::{day_mix, UtcDate};
use crate::stack::deal::{deal, REAL_STYLE_NODES};
use crate::stack::game::{Props, StackOptions};
use crate::stack::real_style::{real_style, REAL_TRAY};

/// The node budget a day's seed is proven winnable within (the real-style deal's own,
/// so dealing the day's options repeats exactly the proof that chose the seed).
pub const DAILY_STACK_NODES: u64 = REAL_STYLE_NODES;

/// The salt of the daily stack seeds ("LLK_STAK").
const SALT: u64 = 0x4C4C_4B5F_5354_414B;

/// The daily stack seed of `date` and how many seeds were tried to find it (1 when the
/// date's first seed is proven winnable).
pub fn daily_stack_search(date: UtcDate) -> (u64, u64) {
    let first = day_mix(date, SALT);
    let mut tries = 0u64;
    // Nearly every real-style map is won within the budget (engine/BENCHMARKS.md, "The
    // daily stack challenge"), so the loop ends within a few seeds on every date.
    loop {
        let seed = first.wrapping_add(tries);
        tries += 1;
        if deal(&options(seed, 0, 0, 0)).is_ok() {
            return (seed, tries);
        }
    }
}

/// The daily stack seed of `date`.
pub fn daily_stack_seed(date: UtcDate) -> u64 {
    daily_stack_search(date).0
}

/// The daily stack challenge of `date`: its seed's real-style level, tray 7, one of each
/// prop; `tiles`, `kinds` and `layers` describe the level (the deal ignores them).
/// `StackGame::new` deals it (repeating the seed's proof, one solve within the budget).
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn daily_stack_options(date: UtcDate) -> StackOptions {
    let seed = daily_stack_seed(date);
    match real_style(seed) {
        Ok(map) => {
            let tiles = map.layout.tiles();
            let mut layers: Vec<i32> = tiles.iter().map(|t| t.z).collect();
            layers.sort_unstable();
            layers.dedup();
            let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
            options(seed, count(tiles.len()), map.kinds, count(layers.len()))
        }
        // Not reached: the seed was dealt above.
        Err(_) => options(seed, 0, 0, 0),
    }
}

fn options(seed: u64, tiles: u16, kinds: u16, layers: u16) -> StackOptions {
    StackOptions {
        level: None,
        tiles,
        kinds,
        layers,
        peak: None,
        seed,
        random_fill: false,
        tray: REAL_TRAY,
        props: Props::default(),
        imported: false,
        real_style: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::StackStep;
    use crate::stack::game::{StackGame, StackStatus};
    use crate::stack::replay::replay;

    fn date(text: &str) -> UtcDate {
        UtcDate::parse(text).expect("a date")
    }

    #[test]
    fn a_date_gives_the_same_options_and_deal_every_time() {
        let d = date("2026-12-04");
        let options = daily_stack_options(d);
        assert_eq!(options, daily_stack_options(d));
        assert!(options.real_style && options.tray == 7 && !options.random_fill);
        assert_eq!(options.props, Props::default());
        let a = StackGame::new(options).expect("deals");
        let b = StackGame::new(options).expect("deals");
        assert_eq!(a, b, "the same level and the same certificate");
        assert_eq!(a.layout(), &real_style(options.seed).expect("a map").layout);
        assert_eq!(usize::from(options.tiles), a.layout().len());
        assert_ne!(options.seed, daily_stack_seed(date("2026-12-05")));
    }

    /// The seeds of a few dates, pinned: a change to the real-style maps, the budget or
    /// the solver's main search that changes them changes the daily stack challenge for
    /// everyone (a server and a client built before and after it would disagree).
    #[test]
    fn the_seeds_of_some_dates_are_pinned() {
        let seeds: Vec<(u64, u64)> = ["2026-12-04", "2027-01-01", "2027-06-30"]
            .iter()
            .map(|d| daily_stack_search(date(d)))
            .collect();
        assert_eq!(seeds, PINNED);
    }

    const PINNED: [(u64, u64); 3] = [
        (2_785_689_814_824_286_401, 2),
        (3_023_195_953_716_896_802, 1),
        (1_126_411_515_657_722_174, 1),
    ];

    #[test]
    fn thirty_dates_deal_and_their_certificates_win() {
        let mut d = date("2026-12-01");
        for _ in 0..30 {
            let options = daily_stack_options(d);
            let game = StackGame::new(options).expect("the day's level deals");
            let line: Vec<StackStep> = (1..)
                .zip(game.certificate())
                .map(|(i, &id)| StackStep::took(450 * i, id))
                .collect();
            assert_eq!(line.len(), game.layout().len(), "{d}");
            let last = line.last().map_or(0, |s| s.t);
            let r = replay(&game, &line, last).expect("the certificate wins");
            assert!(!r.props);
            assert_eq!(game.status(), StackStatus::Playing);
            assert_eq!(game.restart().expect("restarts"), game);
            d = d.next().expect("a next date");
        }
    }

    #[test]
    fn a_seed_not_proven_in_the_budget_is_refused_and_skipped() {
        let mut d = date("2027-01-01");
        let (seed, first) = loop {
            let (seed, tries) = daily_stack_search(d);
            if tries > 1 {
                break (seed, seed.wrapping_sub(tries - 1));
            }
            d = d.next().expect("a next date");
        };
        let refused = deal(&options(first, 0, 0, 0)).expect_err("not proven");
        assert_eq!(refused.code(), "bad_deal_options");
        assert!(
            refused.to_string().contains(&first.to_string()),
            "{refused}"
        );
        assert!(deal(&options(seed, 0, 0, 0)).is_ok());
        // Other trays are refused; a random fill is the map as it is.
        let tray5 = StackOptions {
            tray: 5,
            ..options(seed, 0, 0, 0)
        };
        assert_eq!(deal(&tray5).map_err(|e| e.code()), Err("bad_deal_options"));
        let plain = deal(&StackOptions {
            random_fill: true,
            ..options(first, 0, 0, 0)
        })
        .expect("the plain map");
        assert!(plain.certificate.is_empty());
    }

    #[test]
    fn options_json_names_real_style_only_when_set() {
        let text = serde_json::to_string(&StackOptions::default()).expect("serialises");
        assert!(!text.contains("real_style"), "{text}");
        let back: StackOptions = serde_json::from_str(&text).expect("reads");
        assert!(!back.real_style);
        let daily = daily_stack_options(date("2026-12-04"));
        let text = serde_json::to_string(&daily).expect("serialises");
        assert!(text.contains(r#""real_style":true"#), "{text}");
        assert_eq!(
            serde_json::from_str::<StackOptions>(&text).ok(),
            Some(daily)
        );
        assert!(
            crate::code::stack_code(&daily).is_none(),
            "a code cannot hold it"
        );
    }
}

//! The daily deal: the same classic game for everyone on a UTC date. The seed is a pure
//! function of the date (SplitMix64 of the day number, cut to the seeds a code holds), so
//! every build on every platform deals the same board; the shell supplies the date.

use std::fmt;

use crate::classic::game::GameOptions;
use crate::code::SEED_LIMIT;
use crate::error::{EngineError, Result};

/// A calendar date (proleptic Gregorian), years 2000..=9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcDate {
    year: u16,
    month: u8,
    day: u8,
}

impl UtcDate {
    /// The date, if it exists and its year is 2000..=9999.
    pub fn new(year: u16, month: u8, day: u8) -> Result<UtcDate> {
        let bad = || {
            EngineError::BadDate(format!(
                "{year:04}-{month:02}-{day:02} is not a date from 2000-01-01 to 9999-12-31"
            ))
        };
        if !(2000..=9999).contains(&year) || !(1..=12).contains(&month) || day == 0 {
            return Err(bad());
        }
        if day > days_in_month(year, month) {
            return Err(bad());
        }
        Ok(UtcDate { year, month, day })
    }

    /// A date written `YYYY-MM-DD`.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn parse(text: &str) -> Result<UtcDate> {
        let bad = || {
            EngineError::BadDate(format!(
                "{:?} is not a date written YYYY-MM-DD",
                text.chars().take(40).collect::<String>()
            ))
        };
        let t = text.trim();
        let b = t.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let num = |r: std::ops::Range<usize>| -> Result<u16> {
            let s = &t[r];
            if !s.bytes().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        UtcDate::new(num(0..4)?, num(5..7)? as u8, num(8..10)? as u8)
    }

    /// Days since 1970-01-01.
    pub fn day_number(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01 (e.g. a clock's seconds / 86400), if it is
    /// in range.
    pub fn from_day_number(days: i64) -> Result<UtcDate> {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        let bad = || EngineError::BadDate(format!("day {days} after 1970-01-01 is out of range"));
        UtcDate::new(
            u16::try_from(year).map_err(|_| bad())?,
            month as u8,
            day as u8,
        )
        .map_err(|_| bad())
    }

    /// The next day (the last date, 9999-12-31, has none).
    pub fn next(self) -> Option<UtcDate> {
        let (y, m, d) = (self.year, self.month, self.day);
        if d < days_in_month(y, m) {
            UtcDate::new(y, m, d + 1).ok()
        } else if m < 12 {
            UtcDate::new(y, m + 1, 1).ok()
        } else {
            UtcDate::new(y + 1, 1, 1).ok()
        }
    }
}

impl fmt::Display for UtcDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

/// The daily seed of `date`: SplitMix64 of (day number XOR a fixed salt), below
/// [`SEED_LIMIT`] so the daily deal has a code.
pub fn daily_seed(date: UtcDate) -> u64 {
    day_mix(date, 0x4C4C_4B5F_4441_494C) % SEED_LIMIT
}

/// SplitMix64 of (`date`'s day number XOR `salt`): each daily challenge its own salt.
pub(crate) fn day_mix(date: UtcDate, salt: u64) -> u64 {
    let mut z = (date.day_number() as u64 ^ salt).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The daily deal of `date`: the default 18×8 with 36 kinds, solvable, paths around the
/// border, no slide, the date's seed (auto-shuffle off: the player's setting applies).
pub fn daily_options(date: UtcDate) -> GameOptions {
    GameOptions {
        seed: daily_seed(date),
        auto_shuffle: false,
        ..GameOptions::default()
    }
}

/// The daily streak on `today`: how many consecutive days, up to today, have a won daily
/// deal (`won` holds their day numbers, [`UtcDate::day_number`]). Today's deal not yet
/// won does not break it: the count then ends yesterday.
pub fn streak(won: &std::collections::BTreeSet<i64>, today: UtcDate) -> u32 {
    let today = today.day_number();
    let mut day = if won.contains(&today) {
        today
    } else {
        today - 1
    };
    let mut n = 0;
    while won.contains(&day) {
        n += 1;
        day -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_count_back_from_today_or_yesterday() {
        let d = |s: &str| UtcDate::parse(s).unwrap();
        let set = |days: &[&str]| days.iter().map(|s| d(s).day_number()).collect();
        let won = set(&["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-03"]);
        assert_eq!(streak(&won, d("2026-03-01")), 3);
        assert_eq!(streak(&won, d("2026-03-02")), 3, "today not yet won");
        assert_eq!(streak(&won, d("2026-03-03")), 1);
        assert_eq!(streak(&won, d("2026-03-04")), 1);
        assert_eq!(streak(&won, d("2026-03-05")), 0);
        assert_eq!(streak(&set(&[]), d("2026-03-05")), 0);
    }

    #[test]
    fn day_numbers_and_calendar() {
        assert_eq!(UtcDate::new(2000, 1, 1).unwrap().day_number(), 10_957);
        assert_eq!(UtcDate::parse("2026-11-30").unwrap().day_number(), 20_787);
        assert!(UtcDate::new(2024, 2, 29).is_ok());
        assert!(UtcDate::new(2100, 2, 29).is_err());
        assert!(UtcDate::new(2000, 2, 29).is_ok());
        for bad in [
            "2026-13-01",
            "2026-1-01",
            "1999-12-31",
            "x",
            "2026-02-30",
            "２026-01-01",
        ] {
            assert!(
                matches!(UtcDate::parse(bad), Err(EngineError::BadDate(_))),
                "{bad}"
            );
        }
        // Walking day by day agrees with the day numbers.
        let mut d = UtcDate::new(2000, 1, 1).unwrap();
        for _ in 0..3000 {
            let n = d.next().unwrap();
            assert_eq!(n.day_number(), d.day_number() + 1, "{d} -> {n}");
            assert_eq!(UtcDate::from_day_number(n.day_number()).unwrap(), n);
            assert_eq!(UtcDate::parse(&n.to_string()).unwrap(), n);
            d = n;
        }
        assert_eq!(UtcDate::new(9999, 12, 31).unwrap().next(), None);
        assert!(UtcDate::from_day_number(10_956).is_err());
        assert!(UtcDate::from_day_number(i64::MAX / 2).is_err());
    }
}

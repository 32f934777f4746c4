//! Deal codes: every mode and option round-trips, the check symbol refuses every single
//! substitution and adjacent swap, bad and future codes are refused with their codes,
//! and the daily seed of fixed dates is the same everywhere (golden values).

use llk_engine::classic::game::GameOptions;
use llk_engine::classic::layout::kind_multiset;
use llk_engine::classic::slide::SlideRule;
use llk_engine::code::daily::{daily_options, daily_seed, UtcDate};
use llk_engine::code::{
    canonical, decode, encode, CodedDeal, CLASSIC_LAYOUTS, MAX_CODE_KINDS, MAX_CODE_LEVEL,
    SEED_LIMIT,
};
use llk_engine::stack::game::StackOptions;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

fn classic_deal() -> impl Strategy<Value = CodedDeal> {
    (
        0..CLASSIC_LAYOUTS.len(),
        1..=MAX_CODE_KINDS,
        any::<bool>(),
        any::<bool>(),
        0..SlideRule::ALL.len(),
        0..SEED_LIMIT,
    )
        .prop_map(|(layout, kinds, solvable, ring, slide, seed)| {
            let (rows, cols) = CLASSIC_LAYOUTS[layout];
            let pairs = rows * cols / 2;
            CodedDeal::Classic(GameOptions {
                rows,
                cols,
                kinds: kinds.min(pairs),
                seed,
                solvable,
                ring,
                auto_shuffle: false,
                slide: SlideRule::ALL[slide],
            })
        })
}

fn stack_deal() -> impl Strategy<Value = CodedDeal> {
    (1..=MAX_CODE_LEVEL, 0..SEED_LIMIT).prop_map(|(level, seed)| {
        CodedDeal::Stack(StackOptions {
            level: Some(level),
            seed,
            ..StackOptions::default()
        })
    })
}

fn any_deal() -> impl Strategy<Value = CodedDeal> {
    prop_oneof![classic_deal(), stack_deal()]
}

/// The code's symbols without hyphens.
fn symbols(code: &str) -> Vec<char> {
    code.chars().filter(|&c| c != '-').collect()
}

fn err_code(text: &str) -> &'static str {
    decode(text).map_or_else(|e| e.code(), |_| "ok")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_deal_round_trips(deal in any_deal()) {
        let code = encode(&deal).unwrap();
        prop_assert!(code.len() <= 16, "{code}");
        prop_assert_eq!(code.len(), 14);
        prop_assert!(code.chars().all(|c| c == '-' || ALPHABET.contains(c)));
        prop_assert_eq!(decode(&code).unwrap(), deal);
        // Case, aliases and separators do not matter.
        let typed: String = symbols(&code)
            .iter()
            .map(|&c| match c { '1' => 'l', '0' => 'o', c => c.to_ascii_lowercase() })
            .collect();
        prop_assert_eq!(decode(&typed).unwrap(), deal);
        prop_assert_eq!(canonical(&format!("  {typed} ")).unwrap(), code);
    }

    #[test]
    fn decoded_classic_deals_are_dealable(deal in classic_deal()) {
        let CodedDeal::Classic(o) = decode(&encode(&deal).unwrap()).unwrap() else {
            unreachable!()
        };
        prop_assert!(kind_multiset(o.rows.into(), o.cols.into(), o.kinds.into()).is_ok());
    }
}

/// Every substitution of one symbol by another and every swap of two different
/// adjacent symbols, at every position of many codes, is refused as mistyped.
#[test]
fn check_symbol_catches_substitutions_and_adjacent_swaps() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut checked = 0u64;
    for _ in 0..500 {
        let deal = any_deal().new_tree(&mut runner).unwrap().current();
        let code = symbols(&encode(&deal).unwrap());
        for i in 0..code.len() {
            for c in ALPHABET.chars().filter(|&c| c != code[i]) {
                let mut typo = code.clone();
                typo[i] = c;
                let typo: String = typo.into_iter().collect();
                assert_eq!(err_code(&typo), "code_mistyped", "{typo}");
                checked += 1;
            }
            if i + 1 < code.len() && code[i] != code[i + 1] {
                let mut typo = code.clone();
                typo.swap(i, i + 1);
                let typo: String = typo.into_iter().collect();
                assert_eq!(err_code(&typo), "code_mistyped", "{typo}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500 * 12 * 31);
}

#[test]
fn bad_codes_are_refused_with_their_codes() {
    let good = encode(&CodedDeal::Classic(GameOptions::default())).unwrap();
    assert_eq!(err_code(&good), "ok");
    for (text, code) in [
        ("", "bad_code"),
        ("7", "bad_code"),
        ("ABCD-EFGH-JKU1", "bad_code"),
        ("ABCD_EFGH", "bad_code"),
        ("ABCD-EFGH-JKM!", "bad_code"),
        (&good[..13], "code_mistyped"),
        (&format!("{good}0"), "code_mistyped"),
    ] {
        assert_eq!(err_code(text), code, "{text:?}");
    }
}

/// A code with a correct check symbol over `data`, for building edge cases.
fn with_check(data: &[u8]) -> String {
    // Find the check symbol by trying all 32: exactly one passes.
    let data: String = data
        .iter()
        .map(|&v| ALPHABET.as_bytes()[v as usize] as char)
        .collect();
    let found: Vec<String> = ALPHABET
        .chars()
        .map(|c| format!("{data}{c}"))
        .filter(|t| err_code(t) != "code_mistyped")
        .collect();
    assert_eq!(found.len(), 1, "{data}");
    found[0].clone()
}

#[test]
fn future_versions_and_unknown_fields_say_so() {
    // Version 2..7 (top three bits of the first symbol), of any length.
    for version in 2u8..8 {
        for len in [11, 13, 20] {
            let mut data = vec![version << 2];
            data.resize(len, 3);
            let e = decode(&with_check(&data)).unwrap_err();
            assert_eq!(e.code(), "unsupported_code_version", "{e}");
            assert!(e.to_string().contains(&format!("version {version}")), "{e}");
        }
    }
    assert_eq!(err_code(&with_check(&[0; 11])), "unsupported_code_version");
    // Version 1 with the wrong length.
    assert_eq!(err_code(&with_check(&[4; 12])), "bad_code");
    // Mode 2 and 3 do not exist; layout 7 and slide rules 9.. do not either; too many
    // kinds for the board.
    for first in [4 | 2, 4 | 3] {
        assert_eq!(
            err_code(&with_check(&[first, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
            "bad_code"
        );
    }
    // Classic fields (15 bits) sit in symbols 1..=3: layout in the top 3 bits of symbol 1.
    assert_eq!(
        err_code(&with_check(&[4, 7 << 2, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
        "bad_code"
    );
    assert_eq!(
        err_code(&with_check(&[4, 3 << 2, 0, 31, 0, 0, 0, 0, 0, 0, 0])),
        "bad_code"
    );
    // 10x10 (layout 0) with 64 kinds (63 in the 6 kind bits): only 50 pairs.
    assert_eq!(
        err_code(&with_check(&[4, 3, 31, 16, 0, 0, 0, 0, 0, 0, 0])),
        "bad_code"
    );
    assert_eq!(
        err_code(&with_check(&[4, 3 << 2 | 1, 6, 16, 0, 0, 0, 0, 0, 0, 0])),
        "ok"
    );
}

#[test]
fn games_a_code_cannot_express_are_not_encodable() {
    let classic = GameOptions::default();
    let stack = StackOptions::default();
    let cases = [
        CodedDeal::Classic(GameOptions {
            seed: SEED_LIMIT,
            ..classic
        }),
        CodedDeal::Classic(GameOptions {
            seed: u64::MAX,
            ..classic
        }),
        CodedDeal::Classic(GameOptions {
            rows: 4,
            cols: 4,
            kinds: 2,
            ..classic
        }),
        CodedDeal::Classic(GameOptions {
            kinds: 65,
            rows: 16,
            cols: 30,
            ..classic
        }),
        CodedDeal::Stack(StackOptions {
            level: None,
            ..stack
        }),
        CodedDeal::Stack(StackOptions {
            level: Some(MAX_CODE_LEVEL + 1),
            ..stack
        }),
        CodedDeal::Stack(StackOptions { tray: 5, ..stack }),
        CodedDeal::Stack(StackOptions {
            random_fill: true,
            ..stack
        }),
        CodedDeal::Stack(StackOptions {
            peak: Some(3),
            ..stack
        }),
    ];
    for deal in cases {
        assert_eq!(
            encode(&deal).unwrap_err().code(),
            "not_encodable",
            "{deal:?}"
        );
    }
    // Auto-shuffle is the player's setting: the code does not carry it.
    let on = encode(&CodedDeal::Classic(GameOptions {
        auto_shuffle: true,
        ..classic
    }))
    .unwrap();
    assert_eq!(on, encode(&CodedDeal::Classic(classic)).unwrap());
}

/// The daily seed written plainly: days since 1970 counted year by year and month by
/// month, SplitMix64 with the documented salt, modulo 2^35.
fn reference_daily_seed(year: u64, month: u64, day: u64) -> u64 {
    let leap = |y: u64| y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400));
    let mut days = 0u64;
    for y in 1970..year {
        days += if leap(y) { 366 } else { 365 };
    }
    let lengths = [
        31,
        if leap(year) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    days += lengths[..(month - 1) as usize].iter().sum::<u64>() + day - 1;
    let mut z = (days ^ 0x4C4C_4B5F_4441_494C).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % (1 << 35)
}

/// Golden values: a change here changes every player's daily deal (and its code).
#[test]
fn daily_seeds_of_fixed_dates() {
    let golden = [
        ((2000, 1, 1), 1_210_437_254u64, "4E7G-142B-KM66"),
        ((2026, 1, 1), 28_716_519_329, "4E7G-TQT6-KX14"),
        ((2026, 11, 30), 1_156_614_653, "4E7G-12F1-2FX7"),
        ((2028, 2, 29), 30_516_835_335, "4E7G-WDF3-X074"),
        ((9999, 12, 31), 23_937_124_055, "4E7G-P9C7-1PQR"),
    ];
    for ((y, m, d), seed, code) in golden {
        let date = UtcDate::new(y, m, d).unwrap();
        assert_eq!(
            UtcDate::parse(&format!("{y:04}-{m:02}-{d:02}")).unwrap(),
            date
        );
        assert_eq!(daily_seed(date), seed, "{date}");
        assert_eq!(
            reference_daily_seed(y.into(), m.into(), d.into()),
            seed,
            "{date}"
        );
        let options = daily_options(date);
        assert_eq!(options.seed, seed);
        assert_eq!((options.rows, options.cols, options.kinds), (8, 18, 36));
        assert!(options.solvable && options.ring && options.slide == SlideRule::None);
        assert_eq!(
            encode(&CodedDeal::Classic(options)).unwrap(),
            code,
            "{date}"
        );
    }
}

#[test]
fn daily_seeds_differ_from_day_to_day() {
    let mut d = UtcDate::parse("2026-01-01").unwrap();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..3650 {
        assert!(seen.insert(daily_seed(d)), "{d}");
        assert!(daily_seed(d) < SEED_LIMIT);
        d = d.next().unwrap();
    }
}

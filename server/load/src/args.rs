//! The tools' command lines: `--flag value` pairs and bare switches, and numbers, each
//! refused with one line and exit 2 (`die`) instead of a panic.

use std::str::FromStr;

use crate::die;

/// The process's arguments as (flag, value) pairs; a flag in `switches` takes no value
/// (its value is empty).
pub fn pairs(tool: &str, usage: &str, switches: &[&str]) -> Vec<(String, String)> {
    split(tool, usage, switches, std::env::args().skip(1))
}

fn split(
    tool: &str,
    usage: &str,
    switches: &[&str],
    args: impl Iterator<Item = String>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        if switches.contains(&flag.as_str()) {
            out.push((flag, String::new()));
            continue;
        }
        if !flag.starts_with("--") {
            die(format!("{tool}: unexpected argument {flag}\n{usage}"));
        }
        let value = args
            .next()
            .unwrap_or_else(|| die(format!("{tool}: {flag} needs a value\n{usage}")));
        out.push((flag, value));
    }
    out
}

/// `value` of `flag` as a number.
pub fn number<T: FromStr>(tool: &str, flag: &str, value: &str) -> T {
    value
        .parse()
        .unwrap_or_else(|_| die(format!("{tool}: {flag} {value}: expected a number")))
}

/// An unknown flag: the usage, exit 2.
pub fn unknown(tool: &str, usage: &str, flag: &str) -> ! {
    die(format!("{tool}: unknown argument {flag}\n{usage}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_pair_with_values_and_switches_stand_alone() {
        let args = ["--a", "1", "--strict", "--b", "x y"].map(String::from);
        let p = split("t", "u", &["--strict"], args.into_iter());
        let want: Vec<(String, String)> = [("--a", "1"), ("--strict", ""), ("--b", "x y")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(p, want);
        assert_eq!(number::<u64>("t", "--a", "42"), 42);
    }
}

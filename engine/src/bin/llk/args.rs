//! A small hand-rolled argument parser: positional arguments plus `--flag` switches and
//! `--name VALUE` / `--name=VALUE` options, each subcommand naming the ones it accepts.

use crate::fail::{CliError, CliResult};

/// What a subcommand accepts.
pub struct Spec {
    /// The subcommand's name, for messages.
    pub command: &'static str,
    /// Names of the positional arguments, in order (all required).
    pub positional: &'static [&'static str],
    /// Switches taking no value (`--no-border`).
    pub switches: &'static [&'static str],
    /// Options taking one value (`--seed 7`).
    pub options: &'static [&'static str],
}

/// The arguments of one invocation, checked against its [`Spec`].
pub struct Parsed {
    pub positional: Vec<String>,
    switches: Vec<&'static str>,
    options: Vec<(&'static str, String)>,
}

impl Parsed {
    /// Whether the switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// The raw value of an option, when given.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// An option's value parsed as a number, when given.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> CliResult<Option<T>> {
        match self.option(name) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                CliError::usage(format!(
                    "--{name} expects a non-negative integer, got '{}'",
                    printable(v)
                ))
            }),
        }
    }

    /// A required option's value parsed as a number.
    pub fn required_number<T: std::str::FromStr>(&self, spec: &Spec, name: &str) -> CliResult<T> {
        self.number(name)?.ok_or_else(|| {
            CliError::usage(format!(
                "{}: missing required option --{name}",
                spec.command
            ))
        })
    }
}

/// Whether `arg` reads as a flag rather than a value: `--x`, or `-x` that is not a
/// number (so negative coordinates and `-` for stdin stay positional).
fn looks_like_flag(arg: &str) -> bool {
    arg.starts_with("--") || (arg.len() > 1 && arg.starts_with('-') && arg.parse::<i64>().is_err())
}

/// An argument shortened and stripped of control characters, safe for a one-line message.
pub fn printable(s: &str) -> String {
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(60).collect();
    if s.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// Parses `args` (after the subcommand) against `spec`.
pub fn parse(spec: &Spec, args: &[String]) -> CliResult<Parsed> {
    parse_inner(spec, args, false)
}

/// Like [`parse`], but positional arguments beyond the spec's are kept (after the
/// required ones, in `positional`) rather than refused.
pub fn parse_with_rest(spec: &Spec, args: &[String]) -> CliResult<Parsed> {
    parse_inner(spec, args, true)
}

fn parse_inner(spec: &Spec, args: &[String], rest_ok: bool) -> CliResult<Parsed> {
    let mut parsed = Parsed {
        positional: Vec::new(),
        switches: Vec::new(),
        options: Vec::new(),
    };
    let mut rest = args.iter();
    let mut only_positional = false;
    while let Some(arg) = rest.next() {
        if only_positional || !looks_like_flag(arg) {
            parsed.positional.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.trim_start_matches('-');
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        if let Some(&sw) = spec.switches.iter().find(|&&s| s == name) {
            if inline.is_some() {
                return Err(CliError::usage(format!("--{sw} takes no value")));
            }
            if parsed.switches.contains(&sw) {
                return Err(CliError::usage(format!("--{sw} given twice")));
            }
            parsed.switches.push(sw);
        } else if let Some(&opt) = spec.options.iter().find(|&&o| o == name) {
            let value = match inline {
                Some(v) => v.to_string(),
                None => rest
                    .next()
                    .cloned()
                    .ok_or_else(|| CliError::usage(format!("--{opt} needs a value")))?,
            };
            if parsed.options.iter().any(|(n, _)| *n == opt) {
                return Err(CliError::usage(format!("--{opt} given twice")));
            }
            parsed.options.push((opt, value));
        } else {
            return Err(CliError::usage(format!(
                "{}: unknown option '{}' (see 'llk --help')",
                spec.command,
                printable(arg)
            )));
        }
    }
    let want = spec.positional.len();
    let got = parsed.positional.len();
    if got < want {
        return Err(CliError::usage(format!(
            "{}: missing argument {} (usage: llk {} {})",
            spec.command,
            spec.positional[got],
            spec.command,
            spec.positional.join(" ")
        )));
    }
    if got > want && !rest_ok {
        return Err(CliError::usage(format!(
            "{}: unexpected extra argument '{}'",
            spec.command,
            printable(&parsed.positional[want])
        )));
    }
    Ok(parsed)
}

/// A command group's subcommand (`llk stack play ...`): its name and its arguments, or the
/// group's refusal naming its subcommands (`commands`).
pub fn subcommand<'a>(
    group: &str,
    commands: &str,
    argv: &'a [String],
) -> CliResult<(&'a str, &'a [String])> {
    argv.split_first()
        .map(|(command, rest)| (command.as_str(), rest))
        .ok_or_else(|| {
            CliError::usage(format!(
                "{group}: missing subcommand ({commands}; see 'llk --help')"
            ))
        })
}

/// The refusal of `other`, not a subcommand of `group`.
pub fn unknown_subcommand(group: &str, commands: &str, other: &str) -> CliError {
    CliError::usage(format!(
        "{group}: unknown subcommand '{}' ({commands}; see 'llk --help')",
        printable(other)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        command: "t",
        positional: &["BOARD", "R"],
        switches: &["no-border"],
        options: &["seed"],
    };

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_positionals_switches_and_options() {
        let p = parse(&SPEC, &args(&["-", "-1", "--seed=5", "--no-border"])).unwrap();
        assert_eq!(p.positional, vec!["-", "-1"]);
        assert!(p.switch("no-border"));
        assert_eq!(p.number::<u64>("seed").unwrap(), Some(5));
        let p = parse(&SPEC, &args(&["--seed", "7", "b", "3"])).unwrap();
        assert_eq!(p.option("seed"), Some("7"));
        assert!(!p.switch("no-border"));
    }

    #[test]
    fn parse_with_rest_keeps_extra_positionals() {
        let p = parse_with_rest(&SPEC, &args(&["b", "1", "2", "3", "--seed", "4"])).unwrap();
        assert_eq!(p.positional, vec!["b", "1", "2", "3"]);
        assert!(parse_with_rest(&SPEC, &args(&["b"])).is_err());
        assert!(parse_with_rest(&SPEC, &args(&["b", "1", "--what"])).is_err());
    }

    #[test]
    fn refuses_bad_arguments() {
        assert!(parse(&SPEC, &args(&["b"])).is_err());
        assert!(parse(&SPEC, &args(&["b", "1", "2"])).is_err());
        assert!(parse(&SPEC, &args(&["b", "1", "--what"])).is_err());
        assert!(parse(&SPEC, &args(&["b", "1", "--seed"])).is_err());
        assert!(parse(&SPEC, &args(&["b", "1", "--no-border", "--no-border"])).is_err());
        assert!(parse(&SPEC, &args(&["b", "1", "--no-border=1"])).is_err());
        let p = parse(&SPEC, &args(&["b", "1", "--seed", "x"])).unwrap();
        assert!(p.number::<u64>("seed").is_err());
    }
}

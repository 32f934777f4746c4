//! `llk code encode|decode|daily`: deal codes (docs/deal-codes.md) on the command line,
//! and the deal of a code for `llk deal --code`.

use llk_engine::classic::game::GameOptions;
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::code::{decode, encode, CodedDeal, VERSION};
use llk_engine::stack::game::StackOptions;
use serde::Serialize;

use crate::args::{self, printable, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::emit;
use crate::options::slide_rule;

const COMMANDS: &str = "encode, decode, daily";

const ENCODE: Spec = Spec {
    command: "code encode",
    positional: &[],
    switches: &["solvable", "no-border"],
    options: &["rows", "cols", "kinds", "seed", "slide", "level"],
};

const DECODE: Spec = Spec {
    command: "code decode",
    positional: &["CODE"],
    switches: &[],
    options: &[],
};

const DAILY: Spec = Spec {
    command: "code daily",
    positional: &["DATE"],
    switches: &[],
    options: &[],
};

/// What `decode` and `daily` print: the canonical code and the deal's options.
#[derive(Serialize)]
struct Decoded {
    code: String,
    version: u8,
    #[serde(flatten)]
    deal: DealOut,
}

#[derive(Serialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
enum DealOut {
    Classic {
        rows: u16,
        cols: u16,
        kinds: u16,
        seed: u64,
        solvable: bool,
        ring: bool,
        slide: &'static str,
    },
    Stack {
        level: u32,
        seed: u64,
    },
}

fn described(deal: &CodedDeal) -> CliResult<Decoded> {
    let out = match deal {
        CodedDeal::Classic(o) => DealOut::Classic {
            rows: o.rows,
            cols: o.cols,
            kinds: o.kinds,
            seed: o.seed,
            solvable: o.solvable,
            ring: o.ring,
            slide: o.slide.name(),
        },
        CodedDeal::Stack(o) => DealOut::Stack {
            level: o.level.unwrap_or(1),
            seed: o.seed,
        },
    };
    Ok(Decoded {
        code: encode(deal)?,
        version: VERSION,
        deal: out,
    })
}

/// `llk code SUBCOMMAND ...`
pub fn run(argv: &[String]) -> CliResult<()> {
    let (command, rest) = args::subcommand("code", COMMANDS, argv)?;
    match command {
        "encode" => encode_cmd(rest),
        "decode" => {
            let a = args::parse(&DECODE, rest)?;
            emit(&described(&from_code(&a.positional[0])?)?)
        }
        "daily" => {
            let a = args::parse(&DAILY, rest)?;
            let date = UtcDate::parse(&a.positional[0])?;
            emit(&DailyOut {
                date: date.to_string(),
                decoded: described(&CodedDeal::Classic(daily_options(date)))?,
            })
        }
        other => Err(args::unknown_subcommand("code", COMMANDS, other)),
    }
}

#[derive(Serialize)]
struct DailyOut {
    date: String,
    #[serde(flatten)]
    decoded: Decoded,
}

/// The deal of a typed code; a refusal names the code.
pub fn from_code(text: &str) -> CliResult<CodedDeal> {
    decode(text).map_err(|e| CliError::usage(format!("code '{}': {e}", printable(text))))
}

/// `llk code encode (--rows R --cols C --kinds K [--solvable] [--no-border] [--slide RULE]
/// | --level N) --seed S`: `{"code": "XXXX-XXXX-XXXX"}`.
fn encode_cmd(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&ENCODE, argv)?;
    let seed = a.required_number(&ENCODE, "seed")?;
    let deal = match a.number::<u32>("level")? {
        Some(level) => {
            let classic = ["rows", "cols", "kinds", "slide"];
            if let Some(c) = classic.iter().find(|c| a.option(c).is_some()) {
                return Err(CliError::usage(format!(
                    "code encode: --{c} cannot be combined with --level"
                )));
            }
            if a.switch("solvable") || a.switch("no-border") {
                return Err(CliError::usage(
                    "code encode: --solvable and --no-border are classic options, not for --level",
                ));
            }
            CodedDeal::Stack(StackOptions {
                level: Some(level),
                seed,
                ..StackOptions::default()
            })
        }
        None => CodedDeal::Classic(GameOptions {
            rows: a.required_number(&ENCODE, "rows")?,
            cols: a.required_number(&ENCODE, "cols")?,
            kinds: a.required_number(&ENCODE, "kinds")?,
            seed,
            solvable: a.switch("solvable"),
            ring: !a.switch("no-border"),
            auto_shuffle: false,
            slide: slide_rule(&a)?,
        }),
    };
    #[derive(Serialize)]
    struct Encoded {
        code: String,
    }
    emit(&Encoded {
        code: encode(&deal)?,
    })
}

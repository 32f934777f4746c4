//! `llk deal`: a new board from the engine's seeded dealer.

use llk_engine::classic::deal::DealOptions;
use llk_engine::classic::slide::deal;

use llk_engine::code::CodedDeal;

use crate::args::{self, Parsed, Spec};
use crate::code::from_code;
use crate::fail::{CliError, CliResult};
use crate::io::emit;
use crate::options::{clock_seed, slide_rule};
use crate::stack::emit_stack_deal;

const DEAL: Spec = Spec {
    command: "deal",
    positional: &[],
    switches: &["solvable", "no-border"],
    options: &["rows", "cols", "kinds", "seed", "slide", "code"],
};

/// `llk deal --rows R --cols C --kinds K [--seed S] [--solvable] [--no-border] [--slide RULE]`,
/// or `llk deal --code CODE` (a classic code deals a board, a stack code a stack file).
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&DEAL, argv)?;
    if let Some(code) = a.option("code") {
        return by_code(&a, code);
    }
    slide_rule(&a)?;
    let options = DealOptions {
        rows: a.required_number(&DEAL, "rows")?,
        cols: a.required_number(&DEAL, "cols")?,
        kinds: a.required_number(&DEAL, "kinds")?,
        seed: a.number("seed")?.unwrap_or_else(clock_seed),
        solvable: a.switch("solvable"),
        ring: !a.switch("no-border"),
    };
    let dealt = deal(&options, slide_rule(&a)?)?;
    emit(&dealt.board.to_rows())
}

/// `llk deal --code CODE`: the code holds every option, so no other may be given.
fn by_code(a: &Parsed, code: &str) -> CliResult<()> {
    let others = DEAL.options.iter().chain(DEAL.switches);
    if let Some(o) = others
        .filter(|&&o| o != "code")
        .find(|&&o| a.option(o).is_some() || a.switch(o))
    {
        return Err(CliError::usage(format!(
            "deal: --{o} cannot be combined with --code (the code holds every option)"
        )));
    }
    match from_code(code)? {
        CodedDeal::Classic(o) => {
            let options = o.deal_options();
            emit(&deal(&options, o.slide)?.board.to_rows())
        }
        CodedDeal::Stack(o) => emit_stack_deal(&o),
    }
}

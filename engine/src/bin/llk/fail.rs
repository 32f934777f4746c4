//! The CLI's error: a one-line message for stderr (exit code 2), a refusal already
//! printed as the answer (exit code 1), or a quiet exit when whoever reads stdout has gone
//! away.

use llk_engine::EngineError;

/// Why a command stopped.
#[derive(Debug)]
pub enum CliError {
    /// Bad input or arguments: `llk: <message>` on stderr, exit code 2.
    Usage(String),
    /// The answer, printed on stdout, is a refusal (`llk daily verify`): exit code 1.
    Refused,
    /// Stdout was closed under us (e.g. `llk pairs b.json | head -c1`): exit quietly.
    Quiet,
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }
}

impl From<EngineError> for CliError {
    fn from(e: EngineError) -> CliError {
        CliError::Usage(e.to_string())
    }
}

pub type CliResult<T> = Result<T, CliError>;

/// Exit code for every refused input.
pub const EXIT_USAGE: u8 = 2;

/// Exit code when the answer printed is a refusal (a claimed line that does not verify).
pub const EXIT_REFUSED: u8 = 1;

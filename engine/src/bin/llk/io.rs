//! Board JSON in (a file or stdin) and one-line JSON out.

use std::io::{ErrorKind, Read, Write};

use llk_engine::classic::Board;
use llk_engine::json::describe;
use serde::Serialize;
use serde_json::Value;

use crate::args::printable;
use crate::fail::{CliError, CliResult};

/// Reads the board named by `source` (a path, or `-` for stdin); `ring` opens the border.
pub fn read_board(source: &str, ring: bool) -> CliResult<Board> {
    let text = read_source(source)?;
    let grid = parse_grid(&text).map_err(|m| CliError::usage(format!("{}: {m}", name(source))))?;
    Board::from_rows(&grid, ring).map_err(|e| CliError::usage(format!("{}: {e}", name(source))))
}

pub fn name(source: &str) -> String {
    if source == "-" {
        "stdin".to_string()
    } else {
        printable(source)
    }
}

pub fn read_source(source: &str) -> CliResult<String> {
    let mut bytes = Vec::new();
    let result = if source == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(source).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    result.map_err(|e| {
        CliError::usage(format!(
            "cannot read {}: {}",
            name(source),
            one_line(&e.to_string())
        ))
    })?;
    String::from_utf8(bytes)
        .map_err(|_| CliError::usage(format!("{}: not UTF-8 text", name(source))))
}

/// The rows of cells of a board given as JSON: an array of rows, each an array whose
/// cells are `null` or a non-negative integer. Shape (ragged rows, size) is left to
/// [`Board::from_rows`].
pub fn parse_grid(text: &str) -> Result<Vec<Vec<Option<u64>>>, String> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| format!("invalid JSON: {}", one_line(&e.to_string())))?;
    let Value::Array(rows) = value else {
        return Err(format!(
            "a board must be a JSON array of rows, found {}",
            describe(&value)
        ));
    };
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let Value::Array(cells) = row else {
                return Err(format!(
                    "row {r} must be an array of cells, found {}",
                    describe(row)
                ));
            };
            cells
                .iter()
                .enumerate()
                .map(|(c, cell)| match cell {
                    Value::Null => Ok(None),
                    Value::Number(n) => n.as_u64().map(Some).ok_or_else(|| {
                        format!(
                            "cell ({r}, {c}) is {n}: a cell is null or a non-negative integer kind"
                        )
                    }),
                    other => Err(format!(
                        "cell ({r}, {c}) is {}: a cell is null or a non-negative integer kind",
                        describe(other)
                    )),
                })
                .collect()
        })
        .collect()
}

/// `s` with line breaks flattened, so that every message stays on one line.
pub fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes `value` as one line of JSON on stdout.
pub fn emit<T: Serialize>(value: &T) -> CliResult<()> {
    let mut line = serde_json::to_string(value)
        .map_err(|e| CliError::usage(format!("cannot encode output: {e}")))?;
    line.push('\n');
    emit_text(&line)
}

/// Writes text on stdout; a closed pipe is a quiet exit, other failures an error.
pub fn emit_text(text: &str) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            ErrorKind::BrokenPipe => CliError::Quiet,
            _ => CliError::usage(format!("cannot write output: {}", one_line(&e.to_string()))),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cells_and_refuses_the_rest() {
        assert_eq!(
            parse_grid("[[0, null], [3, 1]]").unwrap(),
            vec![vec![Some(0), None], vec![Some(3), Some(1)]]
        );
        assert_eq!(parse_grid("[]").unwrap(), Vec::<Vec<Option<u64>>>::new());
        for bad in [
            "",
            "[[0]",
            "{}",
            "[1]",
            "[[-1]]",
            "[[1.5]]",
            "[[\"a\"]]",
            "[[true]]",
            "[[1e30]]",
        ] {
            let err = parse_grid(bad).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
        }
    }
}

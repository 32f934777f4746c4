//! `llk`: the Lianliankan engine on the command line. Boards are JSON arrays of rows
//! (`null` = empty, an integer = a tile kind); every answer is one line of JSON on stdout;
//! every refused input is one line `llk: <message>` on stderr with exit code 2.

mod args;
mod bench;
mod bench_slide;
mod bench_slide_hints;
mod bench_stack;
mod bench_stack_anytime;
mod code;
mod cpu;
mod daily;
mod deal;
mod fail;
mod io;
mod journey;
mod options;
mod play;
mod query;
mod stack;
mod stack_solve;
mod sweep;
// The bench workload lives with the criterion benches, which use parts `llk bench`
// does not.
#[allow(dead_code)]
#[path = "../../../benches/support/workload.rs"]
mod workload;

use std::process::ExitCode;

use fail::{CliError, CliResult, EXIT_REFUSED, EXIT_USAGE};

const USAGE: &str = "\
llk — the Lianliankan (连连看 / Onet / Shisen-Sho) rules engine on the command line

USAGE:
    llk path  BOARD R1 C1 R2 C2 [--no-border] [--slide RULE]
    llk pairs BOARD [--no-border] [--slide RULE]
    llk hint  BOARD [--no-border] [--slide RULE]
    llk solve BOARD [--no-border] [--budget-ms N] [--nodes N] [--slide RULE]
    llk deal  --rows R --cols C --kinds K [--seed S] [--solvable] [--no-border] [--slide RULE]
    llk deal  --code CODE
    llk code encode (--rows R --cols C --kinds K [--solvable] [--no-border] [--slide RULE]
                     | --level N) --seed S
    llk code decode CODE
    llk code daily YYYY-MM-DD
    llk daily stack YYYY-MM-DD
    llk daily verify CLAIM
    llk play  BOARD R1 C1 R2 C2 [--slide RULE] [--no-border]
    llk journey --level N [--seed S] [--carried POINTS]
    llk stack deal (--level N | --tiles T --kinds K --layers L) [--peak P] [--seed S]
                   [--random-fill]
    llk stack deal --real-style [--seed S]
    llk stack play FILE ID...
    llk stack solve FILE [--budget-ms N] [--nodes N] [--move-outs M]
    llk stack hint FILE
    llk stack import FILE [--tray N]
    llk bench
    llk bench-slide [--boards N] [--random] [--slide RULE] [--nodes N]
    llk bench-slide --hints [--boards N] [--preset NAME] [--slide RULE]
    llk bench-stack [--maps N] [--from SEED] [--budget-ms MS] [--solvers LIST] [FILE...]
    llk bench-stack [--maps N] [--from SEED] --anytime MS,MS,... [FILE...]
    llk sweep [--preset NAME] [--boards N] [--from SEED] [--cap-ms MS] [--slowest K]
              [--no-border] [--per-board] [--hints [--plan-only] [--every N]]
    llk help | --help | -h
    llk --version | -V

BOARD is a JSON file, or - for stdin: an array of rows, each an array of cells, a cell
being null (empty) or a non-negative integer (the tile kind), e.g. [[0,1,null],[1,0,null]].
Rows and columns count from 0; paths may run around the board through a one-cell border
unless --no-border is given.
RULE is how tiles slide after each match: none (default), down, up, left, right,
apart-h, together-h, apart-v, together-v. hint, solve and deal (with --solvable) follow it;
path and pairs answer on the board as it is.

COMMANDS:
    path    The best path (fewest turns, then shortest) joining two tiles of one kind:
            {\"path\": [[r,c],...], \"turns\": t, \"length\": l}, or {\"path\": null}.
    pairs   Every connectable same-kind pair once, with its best path:
            {\"pairs\": [{\"a\": [r,c], \"b\": [r,c], \"path\": [[r,c],...]}, ...]}.
    hint    A pair to remove that keeps a solvable board solvable:
            {\"hint\": {\"a\": ..., \"b\": ..., \"path\": ...}}, or {\"hint\": null} when stuck.
    solve   Whether the board can be cleared: {\"result\": \"solvable\", \"moves\":
            [[[r,c],[r,c]], ...], \"nodes\": n}, {\"result\": \"unsolvable\", \"nodes\": n}
            or {\"result\": \"unknown\", \"nodes\": n}; nodes: the positions searched.
            Default budget: the engine's Budget::DEFAULT (1,000,000 search nodes) and no
            time limit. --nodes N: N nodes (the same answer on every machine). With
            --budget-ms N the search is limited by N milliseconds of wall time instead
            (no node limit unless --nodes too), counted from the command's start, and
            answers \"unknown\" when the time runs out: the answer comes within 10 % + 50 ms
            of N. The search's schedule never depends on the budget, so an answer reached
            after n nodes is the same, after the same n nodes, with any larger budget.
    deal    A new full board as JSON rows, every kind an even number of times. --solvable
            deals a board that can be cleared. The same --seed (a non-negative integer)
            gives the same board; without --seed the seed comes from the system clock, so
            pass --seed to reproduce a deal. With --code CODE (and no other option) the
            code's deal: a classic code's board, or a stack code's stack file (as stack deal).
    play    Matches two tiles, then lets the rest slide by RULE:
            {\"path\": [[r,c],...], \"board\": [[...]], \"moves\": [[[r,c],[r,c]], ...]}
            (the board after the match and the slide; moves lists each tile that slid,
            from -> to). Exit 2 when the two tiles cannot be matched.
    code    Deal codes (docs/deal-codes.md): twelve Crockford Base32 symbols, e.g.
            4E7G-12F1-2FX7, holding the mode, its options and a seed below 2^35.
            encode prints {\"code\": \"XXXX-XXXX-XXXX\"} (--level N: a stack level);
            decode prints {\"code\": canonical, \"version\": 1, \"mode\": \"classic\",
            \"rows\", \"cols\", \"kinds\", \"seed\", \"solvable\", \"ring\", \"slide\"} or
            {..., \"mode\": \"stack\", \"level\", \"seed\"}; daily prints the same for the
            UTC date's daily deal, with \"date\". A mistyped code (its check symbol does not
            match), a code from a newer version and a game a code cannot hold are refused.
    daily stack  The UTC date's daily stack challenge (docs/api.md): {\"date\", \"seed\"
            (a decimal string), \"tray\": 7, \"tiles\", \"kinds\", \"layers\",
            \"options\": {...}, \"certificate\": [ids...]}: the first seed from the
            date's own whose real-style map the solver proves winnable within a fixed node
            budget (the same on every machine); options are what deals it (the app's
            stack options), certificate a winning line; llk stack deal --real-style --seed
            SEED prints its stack file.
    daily verify  Verifies a claimed daily line as the server does: CLAIM (a file, or -)
            is the claim JSON (docs/api.md's payload: date, mode, auto_shuffle, time_ms,
            moves; other fields ignored). The timing rules, then the moves replayed on the
            date's deal: {\"ok\": true, \"time_ms\", \"props\", \"moves\"}, or
            {\"ok\": false, \"error\": CODE, \"message\"} and exit 1, CODE one of
            too_many_moves, too_fast, bad_times, time_mismatch, illegal_move, not_won.
            A claim that does not parse (or names no date or mode) is exit 2.
    journey A journey (the timed slide levels) dealt at level N, as the engine's journey
            save document: {\"format\": \"lianliankan-journey\", \"version\": 1,
            \"seed\", \"level\", \"carried\", ..., \"game\": {...}} (the app's game.json
            holds it with \"mode\": \"journey\" added). --carried: points from the
            levels before (default 0). Same --seed, same deal.
    stack deal  A stack-mode deal (seed 003) as a stack file: {\"tray\": 7, \"tiles\":
            [{\"x\":0,\"y\":0,\"z\":0,\"kind\":3}, ...]} (quarter-tile units, z the layer, a
            tile's id its index). Winnable by construction with at most P tiles ever in
            the tray (P 2..=6, default the level's); --random-fill deals the seed's plain
            random fill instead, which may be unwinnable. Same --seed, same deal.
            --real-style: a map in the shape of the real game's second level (8x9
            tiles, 18-24 layers, two side piles, 192-270 tiles, 14-16 kinds, tray 7),
            randomly filled, so it may be unwinnable.
    stack play  Replays the FILE's \"taken\" ids, then takes the given ids in order:
            {\"tray\": [ids...], \"free\": [ids...], \"status\": \"playing\"|\"won\"|\"lost\"}.
    stack solve Whether the FILE's position (after \"taken\") can be won without props:
            {\"result\": \"winnable\", \"moves\": [ids...]} (the order to take the
            remaining tiles), {\"result\": \"unwinnable\"} or {\"result\": \"unknown\"}.
            Each answer has \"nodes\": n (of all its searches). Budget as for solve:
            1,000,000 search nodes, --nodes N, or --budget-ms N of wall time.
            --move-outs M: whether a line using at most M move-outs (the first 3 tray
            tiles to the holding row) wins: {\"result\": \"winnable\", \"line\":
            [{\"take\": id}, {\"move_out\": true}, ...]} (held tiles come back by
            their ids), or unwinnable / unknown as above. Undo and shuffle are never
            planned (undo only goes back; a shuffle's outcome is random).
    stack hint  A tile whose take keeps the FILE's position winnable: {\"hint\": id}, or
            {\"hint\": null, \"lost\": true} when no line wins. Stack files hold no
            props, so none are assumed left.
    stack import  A captured 羊了个羊 level map (FILE, or - for stdin: {\"1\": [card,
            ...], ...} keyed by layer, or an object with \"levelData\" so keyed; a card
            {\"type\", \"rolNum\", \"rowNum\", \"layerNum\", ...}, 8 units square) as a
            stack file with a tray of N slots (5..=9, default 7): kinds renumbered
            from 0, coordinates halved. Refused when halving would change which
            tiles lie over which, when a kind's count is not a multiple of 3, when
            cards of one layer overlap, and when anything is malformed.
    bench   The headline timings (path queries, all pairs, the solver over 1,000 random
            18x8 boards, solvable deals) as a table, in well under a minute. Build with
            --release for meaningful figures.
    bench-slide  Per slide rule: solvable deals, the solver (p50 / p99 / worst over N
            deals, default 1,000; solvable deals of the rule, or random deals with
            --random; budget --nodes, default 1,000,000, and 5 s of CPU) and the
            mid-game hint, 18x8, as a table. With --hints: hints along N games per rule
            (default 100) on --preset (default 18x8), re-solving vs a kept plan.
            --slide RULE: that rule's row only. Build with --release.
    bench-stack  The stack solver, baseline and current side by side, on N real-style
            maps (default 1,000, seeds from --from, default 0) and on each stack FILE
            given (e.g. imported real maps), --budget-ms of CPU per map (default 1000):
            decided share, winnable / unwinnable / unknown, CPU p50 / p99 / worst.
            Winning lines are replayed. --solvers LIST runs only the solvers named
            (comma-separated: baseline, current, unrefuted, pressure; default all but
            unrefuted, the current search without its refutation), e.g. --solvers current; the
            move-out and hint table needs current. --anytime 1000,10000,60000: the current
            solver on the same maps under each CPU budget (ascending): answers, CPU to
            decide (p50, worst), and how many maps answer otherwise or after other nodes
            than under a smaller budget that decided them; the files' and seed 244's
            answers and nodes per budget. Build with --release.
    sweep   The solver over --boards random boards (default 1000) of a preset (default
            18x8; seeds from --from, default 0; each solve capped at --cap-ms, default
            10000): verdicts, time and node percentiles, the --slowest K seeds (default
            5); --per-board adds a CSV line per board. With --hints: hints along games on
            solvable deals (a random pair played each turn), re-solving vs a kept plan,
            and how many kept-plan hints carried the plan or solved; --plan-only skips
            the re-solve; --every N asks a hint every N moves only (default 1).

EXIT STATUS:
    0 on success; 2 on bad arguments or input, with one line `llk: <message>` on stderr;
    1 when daily verify refuses the claim (the answer says why).
";

fn main() -> ExitCode {
    options::mark_start();
    // A bug must still end in one line, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let msg = io::one_line(&info.to_string());
        let _ = std::io::Write::write_fmt(
            &mut std::io::stderr(),
            format_args!("llk: internal error: {msg}\n"),
        );
    }));
    let argv: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect::<Result<_, _>>()
    {
        Ok(v) => v,
        Err(_) => return report(Err(CliError::usage("arguments must be valid UTF-8"))),
    };
    report(dispatch(&argv))
}

fn dispatch(argv: &[String]) -> CliResult<()> {
    let Some((command, rest)) = argv.split_first() else {
        return Err(CliError::usage(
            "missing command (path, pairs, hint, solve, deal, play, code, daily, journey, stack, bench, bench-slide, bench-stack, sweep; see 'llk --help')",
        ));
    };
    match command.as_str() {
        "path" => query::path(rest),
        "pairs" => query::pairs(rest),
        "hint" => query::hint_cmd(rest),
        "solve" => query::solve(rest),
        "deal" => deal::run(rest),
        "play" => play::run(rest),
        "code" => code::run(rest),
        "daily" => daily::run(rest),
        "journey" => journey::run(rest),
        "stack" => stack::run(rest),
        "bench" => bench::run(rest),
        "bench-slide" => bench_slide::run(rest),
        "bench-stack" if rest.iter().any(|a| a == "--anytime") => bench_stack_anytime::run(rest),
        "bench-stack" => bench_stack::run(rest),
        "sweep" => sweep::run(rest),
        "help" | "--help" | "-h" => {
            if let Some(extra) = rest.first() {
                return Err(CliError::usage(format!(
                    "help takes no arguments, got '{}'",
                    args::printable(extra)
                )));
            }
            io::emit_text(USAGE)
        }
        "--version" | "-V" => {
            if let Some(extra) = rest.first() {
                return Err(CliError::usage(format!(
                    "--version takes no arguments, got '{}'",
                    args::printable(extra)
                )));
            }
            io::emit_text(concat!("llk ", env!("CARGO_PKG_VERSION"), "\n"))
        }
        other => Err(CliError::usage(format!(
            "unknown command '{}' (see 'llk --help')",
            args::printable(other)
        ))),
    }
}

fn report(result: CliResult<()>) -> ExitCode {
    match result {
        Ok(()) | Err(CliError::Quiet) => ExitCode::SUCCESS,
        Err(CliError::Refused) => ExitCode::from(EXIT_REFUSED),
        Err(CliError::Usage(message)) => {
            use std::io::Write;
            // If stderr is gone too there is nobody left to tell.
            let _ = writeln!(std::io::stderr(), "llk: {}", io::one_line(&message));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

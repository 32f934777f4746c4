//! `llk-load`: the bounded load of docs/SERVER.md's "Figures". Before any clock starts it
//! makes every signed submission it will send (one Ed25519 key per player, the day's
//! winning line, moves 400-800 ms apart); then, against a running server (`--url`, with
//! `--pid` for its memory) or one it starts (`--server BIN --db URL`; `--servers 2`: two on
//! the database behind `llk-balance`'s round robin, whose boards must then agree):
//! 1. submissions from `--players` concurrent players (closed loop), `--submit` of them or
//!    `--secs` seconds, whichever ends first (goal ≥ 2,000 verified/s, p99 < 100 ms);
//! 2. the day filled to `--board` results through the API (not timed against a goal);
//! 3. leaderboard reads with `key`, open loop at `--read-rate` per second, `--reads` of
//!    them or `--secs` seconds (goal p99 < 20 ms).
//!
//! It prints a Markdown table (rate, p50/p95/p99/max, errors by status) and the server's
//! resident memory at rest and at its peak (VmRSS, VmHWM). Exit 1 if a goal is missed
//! with `--strict`, 2 on a bad argument or a failed set-up.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use llk_engine::code::daily::UtcDate;
use llk_load::claims::{daily_line, submissions};
use llk_load::cluster::Cluster;
use llk_load::http::{self, loopback_base};
use llk_load::procfs::{cpu_ms, mb, memory};
use llk_load::run::{self, Pacing};
use llk_load::server::{env_pair, Spec};
use llk_load::stats::{table, Row};
use llk_load::{args, die};
use llk_online::Mode;

const USAGE: &str = "usage: llk-load (--url http://127.0.0.1:PORT [--pid N] | --server BIN --db URL [--servers 1|2] [--server-env K=V]...)
  [--date YYYY-MM-DD] [--mode classic|stack] [--players 200] [--submit 40000] [--secs 20]
  [--board 100000] [--reads 20000] [--read-rate 1000] [--salt N] [--only submit|read] [--label TEXT] [--strict]";

struct Opts {
    url: Option<String>,
    pid: Option<u32>,
    server: Option<PathBuf>,
    db: Option<String>,
    env: Vec<(String, String)>,
    date: String,
    mode: Mode,
    players: usize,
    submit: u64,
    secs: u64,
    board: u64,
    reads: u64,
    read_rate: f64,
    salt: u64,
    servers: usize,
    only: Option<String>,
    label: String,
    strict: bool,
}

fn parse() -> Opts {
    let mut o = Opts {
        url: None,
        pid: None,
        server: None,
        db: None,
        env: Vec::new(),
        date: String::new(),
        mode: Mode::Classic,
        players: 200,
        submit: 40_000,
        secs: 20,
        board: 100_000,
        reads: 20_000,
        read_rate: 1000.0,
        salt: 29,
        servers: 1,
        only: None,
        label: String::new(),
        strict: false,
    };
    const TOOL: &str = "llk-load";
    for (flag, v) in args::pairs(TOOL, USAGE, &["--strict"]) {
        let num = |v: &str| -> u64 { args::number(TOOL, &flag, v) };
        match flag.as_str() {
            "--strict" => o.strict = true,
            "--url" => o.url = Some(v),
            "--pid" => o.pid = Some(num(&v) as u32),
            "--server" => o.server = Some(PathBuf::from(v)),
            "--db" => o.db = Some(v),
            "--server-env" => o
                .env
                .push(env_pair(&v).unwrap_or_else(|e| die(format!("llk-load: {e}")))),
            "--date" => o.date = v,
            "--mode" => o.mode = Mode::parse(&v).unwrap_or_else(|e| die(format!("llk-load: {e}"))),
            "--players" => o.players = num(&v) as usize,
            "--submit" => o.submit = num(&v),
            "--secs" => o.secs = num(&v),
            "--board" => o.board = num(&v),
            "--reads" => o.reads = num(&v),
            "--read-rate" => o.read_rate = num(&v) as f64,
            "--salt" => o.salt = num(&v),
            "--servers" => o.servers = num(&v).clamp(1, 8) as usize,
            "--only" => o.only = Some(v),
            "--label" => o.label = v,
            _ => args::unknown(TOOL, USAGE, &flag),
        }
    }
    o
}

#[tokio::main]
async fn main() {
    let o = parse();
    let date = if o.date.is_empty() {
        today()
    } else {
        UtcDate::parse(&o.date).unwrap_or_else(|e| die(format!("llk-load: --date: {e}")))
    };
    let line = daily_line(date, o.mode).unwrap_or_else(|e| die(format!("llk-load: {e}")));
    let do_submit = o.only.as_deref() != Some("read");
    let do_read = o.only.as_deref() != Some("submit");
    let made = std::time::Instant::now();
    let first = if do_submit { o.submit } else { 0 };
    let subs = Arc::new(if do_submit {
        submissions(&line, date, o.salt, 0, o.submit, 2)
    } else {
        Vec::new()
    });
    let fill = Arc::new(if do_read {
        submissions(&line, date, o.salt, first, o.board.saturating_sub(first), 2)
    } else {
        Vec::new()
    });
    eprintln!(
        "llk-load: {} + {} signed {} submissions for {date} made in {:.1} s ({} moves each)",
        subs.len(),
        fill.len(),
        o.mode.as_str(),
        made.elapsed().as_secs_f64(),
        line.len()
    );

    let mut cluster = None;
    let (base, pids) = match (&o.url, &o.server) {
        (Some(url), None) => (
            loopback_base(url).unwrap_or_else(|e| die(format!("llk-load: {e}"))),
            o.pid.into_iter().collect::<Vec<u32>>(),
        ),
        (None, Some(bin)) => {
            let db =
                o.db.clone()
                    .unwrap_or_else(|| die(format!("llk-load: --server needs --db\n{USAGE}")));
            let spec = Spec {
                bin: bin.clone(),
                db,
                today: date.to_string(),
                env: o.env.clone(),
                log: std::env::temp_dir().join(format!("llk-load-{}", std::process::id())),
                addr: "127.0.0.1:0".into(),
            };
            let c = Cluster::start(&spec, o.servers)
                .await
                .unwrap_or_else(|e| die(format!("llk-load: {e}")));
            let out = (c.base(), c.pids());
            cluster = Some(c);
            out
        }
        _ => die(format!("llk-load: give --url or --server\n{USAGE}")),
    };
    let client = http::client(o.players.max(256));
    let health = http::get(&client, &format!("{base}/api/v1/health")).await;
    if health.0 != 200 {
        die(format!(
            "llk-load: {base}/api/v1/health answered {}",
            health.0
        ));
    }
    let db = String::from_utf8_lossy(&health.1).to_string();
    let rest: Vec<Option<(u64, u64)>> = pids.iter().map(|&p| memory(p)).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let samplers: Vec<_> = pids
        .iter()
        .map(|&p| run::sample_rss(p, stop.clone()))
        .collect();
    let limit = Duration::from_secs(o.secs);
    let label = if o.label.is_empty() {
        String::new()
    } else {
        format!("{} ", o.label)
    };
    let mut rows = Vec::new();
    let own0 = cpu_ms(std::process::id());
    let cpu = || {
        pids.iter()
            .map(|&p| cpu_ms(p))
            .sum::<Option<u64>>()
            .filter(|_| !pids.is_empty())
    };

    // The timed run's submissions it did not reach (the time limit came first) go into the fill.
    let mut unsent = Vec::new();
    if do_submit {
        let c0 = cpu();
        let s = run::submit(
            &client,
            &base,
            subs.clone(),
            Pacing {
                players: o.players,
                limit,
                pace: Duration::ZERO,
            },
            Arc::new(AtomicBool::new(false)),
        )
        .await;
        unsent = subs[(s.recorder.total() as usize).min(subs.len())..].to_vec();
        rows.push(Row {
            name: format!("{label}submissions, {} players", o.players),
            recorder: s.recorder,
            elapsed: s.elapsed,
            p99_goal_ms: Some(100.0),
            rate_goal: Some(2000.0),
            server_cpu_ms: c0.zip(cpu()).map(|(a, b)| b.saturating_sub(a)),
        });
    }
    if do_read {
        let board_url = format!("{base}/api/v1/leaderboard/{date}/{}", o.mode.as_str());
        let before = finishers(&client, &board_url).await;
        if before < o.board && !(fill.is_empty() && unsent.is_empty()) {
            let rest: Vec<_> = unsent.iter().chain(fill.iter()).cloned().collect();
            let c0 = cpu();
            let s = run::submit(
                &client,
                &base,
                Arc::new(rest),
                Pacing {
                    players: o.players,
                    limit: Duration::from_secs(3600),
                    pace: Duration::ZERO,
                },
                Arc::new(AtomicBool::new(false)),
            )
            .await;
            rows.push(Row {
                name: format!("{label}filling the day to {} results", o.board),
                recorder: s.recorder,
                elapsed: s.elapsed,
                p99_goal_ms: None,
                rate_goal: None,
                server_cpu_ms: c0.zip(cpu()).map(|(a, b)| b.saturating_sub(a)),
            });
        }
        let held = finishers(&client, &board_url).await;
        eprintln!(
            "llk-load: the {} board of {date} holds {held} results",
            o.mode.as_str()
        );
        let keys: Vec<&str> = subs
            .iter()
            .chain(fill.iter())
            .map(|s| s.key.as_str())
            .collect();
        // Spread the readers over the board: every 7th player, so ranks vary.
        let urls: Vec<String> = keys
            .iter()
            .step_by(7)
            .map(|k| format!("{board_url}?key={k}&limit=50"))
            .collect();
        let urls = Arc::new(if urls.is_empty() {
            vec![board_url.clone()]
        } else {
            urls
        });
        let c0 = cpu();
        let (rec, elapsed) = run::read(&client, urls, o.read_rate, o.reads, limit, 4096).await;
        rows.push(Row {
            name: format!(
                "{label}leaderboard reads, {:.0}/s open loop, {held} results",
                o.read_rate
            ),
            recorder: rec,
            elapsed,
            p99_goal_ms: Some(20.0),
            rate_goal: None,
            server_cpu_ms: c0.zip(cpu()).map(|(a, b)| b.saturating_sub(a)),
        });
    }
    stop.store(true, Ordering::Relaxed);
    let mut sampled = Vec::new();
    for h in samplers {
        sampled.push(h.await.unwrap_or(0));
    }
    println!("server: {base} {db}");
    if let (Some(a), Some(b)) = (own0, cpu_ms(std::process::id())) {
        println!(
            "llk-load's own CPU during the runs: {:.1} s (it shares the 2 cores with the server)",
            b.saturating_sub(a) as f64 / 1000.0
        );
    }
    print!("{}", table(&rows));
    if pids.is_empty() {
        println!("server RSS: not read (give --pid, or --server)");
    }
    for (i, &p) in pids.iter().enumerate() {
        match (rest[i], memory(p)) {
            (Some((rss, _)), Some((_, hwm))) => println!(
                "server {p} RSS: at rest {}, peak under load {} (VmHWM; highest VmRSS sampled every 50 ms {})",
                mb(rss),
                mb(hwm),
                mb(sampled[i])
            ),
            _ => println!("server {p} RSS: not read"),
        }
    }
    if let Some(c) = &cluster {
        if let Some(b) = &c.balancer {
            println!("balancer connections: {}", b.report());
        }
        if do_read {
            agree(&client, c, date, o.mode, &subs, &fill).await;
        }
    }
    if let Some(c) = cluster {
        c.stop().await;
    }
    if o.strict && !rows.iter().all(|r| r.met() || r.p99_goal_ms.is_none()) {
        std::process::exit(1);
    }
}

/// The board's finisher count, 0 if it cannot be read.
async fn finishers(client: &http::Client, board_url: &str) -> u64 {
    let (status, body) = http::get(client, &format!("{board_url}?limit=1")).await;
    if status != 200 {
        return 0;
    }
    serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("finishers")?.as_u64())
        .unwrap_or(0)
}

/// Today's UTC date from the system clock.
fn today() -> UtcDate {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    UtcDate::from_day_number((secs / 86_400) as i64)
        .unwrap_or_else(|e| die(format!("llk-load: today: {e}")))
}

/// With several servers: the same board read from each directly (the top 50 and 200
/// players' places) must be the same answer; prints how many differed and exits 1 if any.
async fn agree(
    client: &http::Client,
    c: &Cluster,
    date: UtcDate,
    mode: Mode,
    subs: &[llk_load::claims::Submission],
    fill: &[llk_load::claims::Submission],
) {
    if c.servers.len() < 2 {
        return;
    }
    let keys: Vec<&str> = subs
        .iter()
        .chain(fill)
        .step_by(((subs.len() + fill.len()) / 200).max(1))
        .map(|s| s.key.as_str())
        .collect();
    let mut queries = vec![String::from("?limit=50")];
    queries.extend(keys.iter().map(|k| format!("?limit=1&key={k}")));
    let mut differ = 0;
    for q in &queries {
        let mut answers = Vec::new();
        for s in &c.servers {
            let url = format!("{}/api/v1/leaderboard/{date}/{}{q}", s.base, mode.as_str());
            answers.push(http::get(client, &url).await);
        }
        if answers.iter().any(|a| a.0 != 200) || answers.windows(2).any(|w| w[0] != w[1]) {
            differ += 1;
        }
    }
    println!(
        "the {} servers' boards: {} reads each, {differ} differ",
        c.servers.len(),
        queries.len()
    );
    if differ > 0 {
        std::process::exit(1);
    }
}

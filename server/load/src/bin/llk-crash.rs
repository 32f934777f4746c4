//! `llk-crash --server BIN --db URL --kills N [--servers 2] ...`: the kill -9 durability
//! campaign (`llk_load::crash`). Prints one line per kill and the totals; exit 0 only
//! when nothing acknowledged was lost and every leaderboard equals the recomputation from
//! the stored submissions (and, with two servers behind the balancer, both agree); 1
//! otherwise; 2 on a bad argument or a failed set-up.

use std::path::PathBuf;

use llk_engine::code::daily::UtcDate;
use llk_load::crash::{run, Campaign};
use llk_load::server::{env_pair, Spec};
use llk_load::{args, die};

const USAGE: &str =
    "usage: llk-crash --server BIN --db URL --date YYYY-MM-DD [--kills 10] [--servers 1|2]
  [--players 16] [--pace-ms 20] [--per-round 1500] [--max-kill-ms 1500] [--read-back 20] [--seed N] [--salt N]
  [--log PATH] [--server-env NAME=VALUE]...";

#[tokio::main]
async fn main() {
    let mut bin = None;
    let mut db = None;
    let mut date = None;
    let mut env = Vec::new();
    let mut log = std::env::temp_dir().join(format!("llk-crash-{}.log", std::process::id()));
    let mut c = (10u64, 1u64, 16u64, 1500u64, 1500u64, 20u64, 1u64, 0u64);
    let mut pace = 20u64;
    const TOOL: &str = "llk-crash";
    for (flag, v) in args::pairs(TOOL, USAGE, &[]) {
        let num = |v: &str| -> u64 { args::number(TOOL, &flag, v) };
        match flag.as_str() {
            "--server" => bin = Some(PathBuf::from(v)),
            "--db" => db = Some(v),
            "--date" => {
                date = Some(
                    UtcDate::parse(&v).unwrap_or_else(|e| die(format!("llk-crash: --date: {e}"))),
                )
            }
            "--server-env" => {
                env.push(env_pair(&v).unwrap_or_else(|e| die(format!("llk-crash: {e}"))))
            }
            "--log" => log = PathBuf::from(v),
            "--kills" => c.0 = num(&v),
            "--servers" => c.1 = num(&v),
            "--players" => c.2 = num(&v),
            "--pace-ms" => pace = num(&v),
            "--per-round" => c.3 = num(&v),
            "--max-kill-ms" => c.4 = num(&v),
            "--read-back" => c.5 = num(&v),
            "--seed" => c.6 = num(&v),
            "--salt" => c.7 = num(&v),
            _ => args::unknown(TOOL, USAGE, &flag),
        }
    }
    let need = |what: &str| -> ! { die(format!("llk-crash: {what} is required\n{USAGE}")) };
    let date = date.unwrap_or_else(|| need("--date"));
    let campaign = Campaign {
        spec: Spec {
            bin: bin.unwrap_or_else(|| need("--server")),
            db: db.unwrap_or_else(|| need("--db")),
            today: date.to_string(),
            env,
            log,
            addr: "127.0.0.1:0".into(),
        },
        servers: c.1.clamp(1, 2) as usize,
        kills: c.0.min(u64::from(u32::MAX)) as u32,
        per_round: c.3.max(1),
        players: c.2.max(1) as usize,
        pace: std::time::Duration::from_millis(pace),
        max_kill_ms: c.4,
        seed: c.6,
        date,
        salt: if c.7 == 0 { c.6 ^ 0xc4a5 } else { c.7 },
        read_back: c.5 as usize,
    };
    println!(
        "llk-crash: {} kills, {} server(s){}, {} players, server log {}",
        campaign.kills,
        campaign.servers,
        if campaign.servers > 1 {
            " behind llk-balance"
        } else {
            ""
        },
        campaign.players,
        campaign.spec.log.display()
    );
    match run(&campaign).await {
        Ok(report) => {
            println!("llk-crash: {}", report.line());
            if !report.passed() {
                std::process::exit(1);
            }
        }
        Err(e) => die(format!("llk-crash: {e}")),
    }
}

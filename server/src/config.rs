//! Configuration: flags, each with an environment variable (docs/SERVER.md lists them).

use std::path::PathBuf;

use clap::builder::BoolishValueParser;
use clap::Parser;

/// `llk-server`: the web build and the daily leaderboards' API.
#[derive(Clone, Debug, Parser)]
#[command(name = "llk-server", version, about)]
pub struct Config {
    /// Database: sqlite://PATH or postgres://USER@HOST:PORT/DB.
    #[arg(long, env = "LLK_DB", default_value = "sqlite://data/llk.db")]
    pub db: String,
    /// Address to listen on (port 0: any free port; the line "listening on" says which).
    #[arg(long, env = "LLK_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The web build served at `/`.
    #[arg(long, env = "LLK_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Tests only: today's UTC date (YYYY-MM-DD) instead of the clock's.
    #[arg(long, env = "LLK_TODAY")]
    pub today: Option<String>,
    /// Result submissions per player key per minute (0: no limit).
    #[arg(long, env = "LLK_KEY_SUBMITS_PER_MIN", default_value_t = 30)]
    pub key_submits_per_min: u32,
    /// Writes per client address per minute (0: no limit).
    #[arg(long, env = "LLK_IP_WRITES_PER_MIN", default_value_t = 120)]
    pub ip_writes_per_min: u32,
    /// Reads per client address per minute (0: no limit).
    #[arg(long, env = "LLK_IP_READS_PER_MIN", default_value_t = 1200)]
    pub ip_reads_per_min: u32,
    /// Take the client address from the last X-Forwarded-For entry (only behind a proxy
    /// that sets it: otherwise anyone picks their own address).
    #[arg(long, env = "LLK_TRUST_FORWARDED", default_value_t = false,
          value_parser = BoolishValueParser::new(), action = clap::ArgAction::Set)]
    pub trust_forwarded: bool,
    /// Seconds a request may take before it is answered 408.
    #[arg(long, env = "LLK_TIMEOUT_SECS", default_value_t = 10)]
    pub timeout_secs: u64,
    /// Seconds a connection may take to send a request's headers (from its opening, or from
    /// the previous answer) before it is closed.
    #[arg(long, env = "LLK_HEADER_TIMEOUT_SECS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout_secs: u64,
    /// Most results stored in one transaction.
    #[arg(long, env = "LLK_BATCH_MAX", default_value_t = 512)]
    pub batch_max: usize,
}

impl Config {
    /// The defaults with `db` and `web_dir` (tests build routers with it).
    pub fn for_tests(db: &str, today: &str) -> Config {
        Config {
            db: db.to_string(),
            addr: "127.0.0.1:0".into(),
            web_dir: PathBuf::from("web/dist"),
            today: Some(today.to_string()),
            key_submits_per_min: 0,
            ip_writes_per_min: 0,
            ip_reads_per_min: 0,
            trust_forwarded: false,
            timeout_secs: 30,
            header_timeout_secs: 10,
            batch_max: 512,
        }
    }
}

//! `llk-server` as a child process: started with its configuration in the environment
//! (`LLK_DB`, `LLK_ADDR=127.0.0.1:0`, `LLK_TODAY`, and any extra variables such as the
//! rate limits), ready once it prints "listening on http://ADDR", killed with SIGKILL.
//! Its standard error goes to a log file, its further output is drained.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// How to start a server.
#[derive(Clone, Debug)]
pub struct Spec {
    pub bin: PathBuf,
    /// `sqlite://path` or `postgres://…`.
    pub db: String,
    /// `YYYY-MM-DD`, the server's today.
    pub today: String,
    /// Extra environment, `NAME=VALUE` each.
    pub env: Vec<(String, String)>,
    /// Where its standard error is appended.
    pub log: PathBuf,
    /// `LLK_ADDR`: `127.0.0.1:0` for any free port, or a fixed loopback port (a server
    /// behind the balancer comes back on its own after a kill).
    pub addr: String,
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    child: Child,
    pub pid: u32,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

/// A loopback port free at the moment of asking, as `127.0.0.1:PORT`.
pub fn free_addr() -> Result<String, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| format!("bind: {e}"))?;
    let a = l.local_addr().map_err(|e| format!("bind: {e}"))?;
    Ok(a.to_string())
}

/// How long a server may take to print its address.
pub const START_TIMEOUT: Duration = Duration::from_secs(60);

/// Splits `NAME=VALUE`.
pub fn env_pair(text: &str) -> Result<(String, String), String> {
    let (k, v) = text
        .split_once('=')
        .ok_or_else(|| format!("{text}: expected NAME=VALUE"))?;
    Ok((k.to_string(), v.to_string()))
}

impl Server {
    /// Starts `spec` on a free loopback port and waits for its address.
    pub async fn start(spec: &Spec) -> Result<Server, String> {
        let log = open_log(&spec.log)?;
        let mut cmd = Command::new(&spec.bin);
        cmd.env("LLK_DB", &spec.db)
            .env("LLK_ADDR", &spec.addr)
            .env("LLK_TODAY", &spec.today)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .kill_on_drop(true);
        for (k, v) in &spec.env {
            cmd.env(k, v);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("{}: {e}", spec.bin.display()))?;
        let pid = child.id().ok_or("the server exited at once")?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let mut lines = BufReader::new(stdout).lines();
        let found = tokio::time::timeout(START_TIMEOUT, async {
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(rest) = line.split("listening on ").nth(1) {
                    return Some(rest.trim().to_string());
                }
            }
            None
        })
        .await;
        let base = match found {
            Ok(Some(url)) => crate::http::loopback_base(&url)?,
            Ok(None) => {
                return Err(format!(
                    "the server exited before listening (see {})",
                    spec.log.display()
                ))
            }
            Err(_) => {
                let _ = child.start_kill();
                return Err(format!(
                    "the server did not listen within {START_TIMEOUT:?} (see {})",
                    spec.log.display()
                ));
            }
        };
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Server { child, pid, base })
    }

    /// SIGKILL, then reaps the process.
    pub async fn kill9(mut self) {
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

fn open_log(path: &Path) -> Result<std::fs::File, String> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))
}

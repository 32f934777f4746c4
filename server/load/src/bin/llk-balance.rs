//! `llk-balance --listen 127.0.0.1:0 --backend ADDR --backend ADDR ...`: the round-robin
//! loopback TCP proxy (`llk_load::balance`). Prints "listening on http://ADDR" like
//! `llk-server`, and the connections per backend every `--report-secs` (default 0: never).
//! Runs until killed, or for `--secs` seconds.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use llk_load::balance::{spawn, Balancer};
use llk_load::{args, die};

const USAGE: &str =
    "usage: llk-balance --backend ADDR [--backend ADDR ...] [--listen 127.0.0.1:0] [--secs N] [--report-secs N]";

#[tokio::main]
async fn main() {
    let mut listen: SocketAddr = SocketAddr::from(([127, 0, 0, 1], 0));
    let mut backends = Vec::new();
    let mut secs = None;
    let mut report = 0u64;
    const TOOL: &str = "llk-balance";
    for (flag, v) in args::pairs(TOOL, USAGE, &[]) {
        match flag.as_str() {
            "--listen" => listen = parse(&v),
            "--backend" => backends.push(parse(&v)),
            "--secs" => secs = Some(args::number(TOOL, &flag, &v)),
            "--report-secs" => report = args::number(TOOL, &flag, &v),
            _ => args::unknown(TOOL, USAGE, &flag),
        }
    }
    let balancer =
        Arc::new(Balancer::new(backends).unwrap_or_else(|e| die(format!("llk-balance: {e}"))));
    let (addr, task) = spawn(listen, balancer.clone())
        .await
        .unwrap_or_else(|e| die(format!("llk-balance: {e}")));
    println!("listening on http://{addr}");
    if report > 0 {
        let b = balancer.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(report)).await;
                println!("connections: {}", b.report());
            }
        });
    }
    match secs {
        Some(s) => {
            tokio::time::sleep(Duration::from_secs(s)).await;
            println!("connections: {}", balancer.report());
        }
        None => {
            let _ = task.await;
        }
    }
}

fn parse(text: &str) -> SocketAddr {
    text.parse()
        .unwrap_or_else(|_| die(format!("llk-balance: {text}: expected IP:PORT")))
}

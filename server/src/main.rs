//! `llk-server`: reads its configuration, opens the database, prints one line
//! `listening on http://ADDR` and serves until Ctrl-C or SIGTERM.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use llk_server::Config;

#[tokio::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    match run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("llk-server: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let (router, _state) = llk_server::build(&config).await?;
    let listener = tokio::net::TcpListener::bind(&config.addr).await?;
    let addr = listener.local_addr()?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://{addr}")?;
        out.flush()?;
    }
    let header_timeout = Duration::from_secs(config.header_timeout_secs);
    llk_server::serve(listener, router, header_timeout, shutdown()).await;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

//! The accept loop: each connection served as HTTP/1.1 by hyper with a deadline for its
//! request's headers, and a graceful shutdown.
//!
//! `axum::serve` gives hyper no timer, so a client that opened a connection and sent part of
//! a request's headers (or nothing) held it, and its task, for ever: a few thousand such
//! clients (slowloris) took every file descriptor. Here a request's headers must arrive
//! within `header_timeout` of the connection becoming ready for them (its opening, or the end
//! of the previous answer on a kept-alive connection), or hyper closes it. Once its headers
//! are in, a request is bounded by the router's own timeout (408, `LLK_TIMEOUT_SECS`).

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::connect_info::ConnectInfo;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// A failed `accept` (too many open files, say) is retried after this pause, not in a loop.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);
/// How long a shutdown waits for the answers under way.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `shutdown` completes, then stops accepting and waits
/// (at most [`SHUTDOWN_GRACE`]) for the connections' answers under way. Handlers see the
/// client's address as `ConnectInfo<SocketAddr>`, as with `axum::serve`'s connect info.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    eprintln!("llk-server: accept: {e}");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request
                    .extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(remote));
                request.map(axum::body::Body::new)
            });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // an error here is the client's doing (a reset, a timeout, a malformed request)
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

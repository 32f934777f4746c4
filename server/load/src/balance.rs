//! A round-robin TCP proxy on loopback: each accepted connection goes to the next backend
//! in turn (skipping, for that connection, a backend that refuses to connect), and its
//! bytes are copied both ways until either side closes. Connection-level balancing, as a
//! layer-4 load balancer does: the HTTP/1.1 keep-alive connections of a client stay with
//! the backend they were given.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::net::{TcpListener, TcpStream};

use crate::http::check_loopback;

/// The proxy's backends and what it did.
#[derive(Debug)]
pub struct Balancer {
    backends: Vec<SocketAddr>,
    next: AtomicUsize,
    /// Connections handed to each backend.
    pub handed: Vec<AtomicU64>,
    /// Connections that found no backend to connect to.
    pub refused: AtomicU64,
}

impl Balancer {
    /// A balancer over `backends` (loopback addresses only, at least one).
    pub fn new(backends: Vec<SocketAddr>) -> Result<Balancer, String> {
        if backends.is_empty() {
            return Err("at least one backend".into());
        }
        for b in &backends {
            check_loopback(b.ip())?;
        }
        Ok(Balancer {
            handed: backends.iter().map(|_| AtomicU64::new(0)).collect(),
            backends,
            next: AtomicUsize::new(0),
            refused: AtomicU64::new(0),
        })
    }

    /// The next backend that accepts a connection, starting from the next in turn.
    async fn connect(&self) -> Option<TcpStream> {
        let n = self.backends.len();
        let first = self.next.fetch_add(1, Ordering::Relaxed);
        for k in 0..n {
            let i = (first + k) % n;
            if let Ok(s) = TcpStream::connect(self.backends[i]).await {
                let _ = s.set_nodelay(true);
                self.handed[i].fetch_add(1, Ordering::Relaxed);
                return Some(s);
            }
        }
        self.refused.fetch_add(1, Ordering::Relaxed);
        None
    }

    /// Connections handed to each backend, e.g. "127.0.0.1:1=10 127.0.0.1:2=9".
    pub fn report(&self) -> String {
        let mut parts: Vec<String> = self
            .backends
            .iter()
            .zip(&self.handed)
            .map(|(b, n)| format!("{b}={}", n.load(Ordering::Relaxed)))
            .collect();
        parts.push(format!("refused={}", self.refused.load(Ordering::Relaxed)));
        parts.join(" ")
    }
}

/// Serves `listener` forever, each connection on its own task.
pub async fn serve(listener: TcpListener, balancer: Arc<Balancer>) {
    loop {
        let Ok((mut inbound, _)) = listener.accept().await else {
            // Out of descriptors or similar: let the moment pass.
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            continue;
        };
        let _ = inbound.set_nodelay(true);
        let balancer = balancer.clone();
        tokio::spawn(async move {
            if let Some(mut outbound) = balancer.connect().await {
                let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
            }
        });
    }
}

/// Binds `listen` (loopback) and serves in the background; answers the bound address.
pub async fn spawn(
    listen: SocketAddr,
    balancer: Arc<Balancer>,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), String> {
    check_loopback(listen.ip())?;
    let listener = TcpListener::bind(listen)
        .await
        .map_err(|e| format!("bind {listen}: {e}"))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("bind {listen}: {e}"))?;
    Ok((addr, tokio::spawn(serve(listener, balancer))))
}

//! One `llk-server`, or several on one database behind the round-robin balancer
//! (`balance`), each on a fixed loopback port so that a server killed and started again
//! comes back where the balancer sends connections.

use std::sync::Arc;

use crate::balance::{self, Balancer};
use crate::server::{free_addr, Server, Spec};

/// Running servers and the address clients use.
#[derive(Debug)]
pub struct Cluster {
    pub specs: Vec<Spec>,
    pub servers: Vec<Server>,
    /// The balancer's `http://ADDR` when there are several servers.
    pub front: Option<String>,
    pub balancer: Option<Arc<Balancer>>,
}

impl Cluster {
    /// `n` servers of `spec` (the balancer in front when `n` > 1).
    pub async fn start(spec: &Spec, n: usize) -> Result<Cluster, String> {
        let n = n.max(1);
        let specs: Vec<Spec> = (0..n)
            .map(|i| {
                let addr = if n > 1 {
                    free_addr()?
                } else {
                    spec.addr.clone()
                };
                Ok(Spec {
                    addr,
                    log: spec.log.with_extension(format!("{i}.log")),
                    ..spec.clone()
                })
            })
            .collect::<Result<_, String>>()?;
        let mut servers = Vec::new();
        for s in &specs {
            servers.push(Server::start(s).await?);
        }
        let (mut front, mut balancer) = (None, None);
        if n > 1 {
            let backends = specs
                .iter()
                .map(|s| {
                    s.addr
                        .parse()
                        .map_err(|_| format!("{}: not IP:PORT", s.addr))
                })
                .collect::<Result<Vec<_>, String>>()?;
            let b = Arc::new(Balancer::new(backends)?);
            let listen = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
            let (addr, _task) = balance::spawn(listen, b.clone()).await?;
            front = Some(format!("http://{addr}"));
            balancer = Some(b);
        }
        Ok(Cluster {
            specs,
            servers,
            front,
            balancer,
        })
    }

    /// Where clients send requests: the balancer, or the one server.
    pub fn base(&self) -> String {
        match (&self.front, self.servers.first()) {
            (Some(f), _) => f.clone(),
            (None, Some(s)) => s.base.clone(),
            (None, None) => String::new(),
        }
    }

    pub fn pids(&self) -> Vec<u32> {
        self.servers.iter().map(|s| s.pid).collect()
    }

    /// SIGKILL to server `i` (it stays down until [`Cluster::restart`]).
    pub async fn kill(&mut self, i: usize) -> Option<Spec> {
        if i >= self.servers.len() {
            return None;
        }
        self.servers.remove(i).kill9().await;
        Some(self.specs[i].clone())
    }

    /// Starts server `i` again after [`Cluster::kill`].
    pub async fn restart(&mut self, i: usize) -> Result<(), String> {
        let server = Server::start(&self.specs[i]).await?;
        self.servers.insert(i.min(self.servers.len()), server);
        Ok(())
    }

    /// Stops every server.
    pub async fn stop(self) {
        for s in self.servers {
            s.kill9().await;
        }
    }
}

//! The balancer against tiny local servers that answer who they are: connections go round
//! robin, bytes pass both ways unchanged, and a dead backend is skipped.

use std::net::SocketAddr;
use std::sync::Arc;

use llk_load::balance::{spawn, Balancer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A server that writes its tag, then echoes every byte back.
async fn echo(tag: u8) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let (mut s, _) = listener.accept().await.unwrap();
            tokio::spawn(async move {
                s.write_all(&[tag]).await.unwrap();
                let mut buf = [0u8; 4096];
                loop {
                    match s.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => s.write_all(&buf[..n]).await.unwrap(),
                    }
                }
            });
        }
    });
    addr
}

async fn talk(addr: SocketAddr, bytes: &[u8]) -> (u8, Vec<u8>) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut tag = [0u8];
    s.read_exact(&mut tag).await.unwrap();
    s.write_all(bytes).await.unwrap();
    let mut back = vec![0u8; bytes.len()];
    s.read_exact(&mut back).await.unwrap();
    (tag[0], back)
}

#[tokio::test]
async fn connections_go_round_robin_and_bytes_pass_unchanged() {
    let a = echo(b'a').await;
    let b = echo(b'b').await;
    let balancer = Arc::new(Balancer::new(vec![a, b]).unwrap());
    let (addr, _task) = spawn("127.0.0.1:0".parse().unwrap(), balancer.clone())
        .await
        .unwrap();
    let payload: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
    let mut tags = Vec::new();
    for _ in 0..6 {
        let (tag, back) = talk(addr, &payload).await;
        assert_eq!(back, payload);
        tags.push(tag);
    }
    assert_eq!(tags, b"ababab");
    assert!(
        balancer.report().contains("refused=0"),
        "{}",
        balancer.report()
    );
}

#[tokio::test]
async fn a_dead_backend_is_skipped() {
    let a = echo(b'a').await;
    // A port nobody listens on: bind, read the port, close.
    let dead = {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        l.local_addr().unwrap()
    };
    let balancer = Arc::new(Balancer::new(vec![dead, a]).unwrap());
    let (addr, _task) = spawn("127.0.0.1:0".parse().unwrap(), balancer.clone())
        .await
        .unwrap();
    for _ in 0..4 {
        assert_eq!(talk(addr, b"hi").await, (b'a', b"hi".to_vec()));
    }
}

#[test]
fn only_loopback_backends() {
    assert!(Balancer::new(vec!["10.1.2.3:80".parse().unwrap()]).is_err());
    assert!(Balancer::new(vec![]).is_err());
}

//! HTTP/1.1 over loopback: a pooled client, GET and POST answering (status, body), each
//! bounded by a timeout. Only loopback hosts are accepted (docs/SERVER.md: load and
//! faults stay on this machine).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{Method, Request, Uri};
use hyper_util::client::legacy::{connect::HttpConnector, Client as Legacy};
use hyper_util::rt::TokioExecutor;

/// A pooled HTTP/1.1 client.
pub type Client = Legacy<HttpConnector, Full<Bytes>>;

/// How long one request may take before it counts as unanswered (status 0).
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A client keeping up to `idle` connections per host.
pub fn client(idle: usize) -> Client {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    Legacy::builder(TokioExecutor::new())
        .pool_max_idle_per_host(idle)
        .pool_idle_timeout(Duration::from_secs(30))
        .build(connector)
}

/// `http://ADDR` with ADDR on the loopback range, as a base without a trailing slash.
pub fn loopback_base(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("{url}: only http:// URLs"))?;
    let host = rest.trim_end_matches('/');
    let addr: SocketAddr = host
        .parse()
        .map_err(|_| format!("{url}: expected http://IP:PORT"))?;
    check_loopback(addr.ip())?;
    Ok(format!("http://{addr}"))
}

/// Refuses any address off the loopback range.
pub fn check_loopback(ip: IpAddr) -> Result<(), String> {
    if ip.is_loopback() {
        Ok(())
    } else {
        Err(format!("{ip}: only loopback addresses (127.0.0.0/8, ::1)"))
    }
}

/// What came back: the status (0 for no answer) and the body.
pub type Answer = (u16, Bytes);

/// GET `url`.
pub async fn get(client: &Client, url: &str) -> Answer {
    send(client, Method::GET, url, Bytes::new()).await
}

/// POST `body` as JSON to `url`.
pub async fn post(client: &Client, url: &str, body: Bytes) -> Answer {
    send(client, Method::POST, url, body).await
}

async fn send(client: &Client, method: Method, url: &str, body: Bytes) -> Answer {
    let Ok(uri) = url.parse::<Uri>() else {
        return (0, Bytes::new());
    };
    let Ok(request) = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Full::new(body))
    else {
        return (0, Bytes::new());
    };
    let exchange = async {
        let response = client.request(request).await.ok()?;
        let status = response.status().as_u16();
        let body = response.into_body().collect().await.ok()?.to_bytes();
        Some((status, body))
    };
    match tokio::time::timeout(TIMEOUT, exchange).await {
        Ok(Some(answer)) => answer,
        _ => (0, Bytes::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_urls() {
        assert_eq!(
            loopback_base("http://127.0.0.1:8080/").unwrap(),
            "http://127.0.0.1:8080"
        );
        assert!(loopback_base("http://[::1]:80").is_ok());
        assert!(loopback_base("http://10.0.0.1:80").is_err());
        assert!(loopback_base("http://example.com:80").is_err());
        assert!(loopback_base("https://127.0.0.1:80").is_err());
    }
}

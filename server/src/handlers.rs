//! The API's handlers (docs/api.md): submit a result, read a leaderboard, the day's deals,
//! health. CPU work (signature, replay, dealing) runs on blocking threads.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::rejection::{ExtensionRejection, PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use axum::Json;
use llk_engine::code::daily::UtcDate;
use llk_online::{
    check_name, hex, open_envelope, ErrorCode, Mode, SubmitAnswer, MAX_BODY_BYTES, MAX_TOP,
};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::reply::Refusal;
use crate::router::AppState;
use crate::store::Accepted;
use crate::verify::{check_window, daily_info, parse_date, replay};

type Answer<T> = Result<Json<T>, Refusal>;

/// The client's address: the peer's, or the last X-Forwarded-For entry when trusted.
fn client_ip(state: &AppState, req_headers: &HeaderMap, peer: Option<SocketAddr>) -> IpAddr {
    if state.trust_forwarded {
        // The entry the trusted proxy appended: the last one of the last header.
        let forwarded = req_headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|s| s.trim().parse::<IpAddr>().ok());
        if let Some(ip) = forwarded {
            return ip;
        }
    }
    peer.map(|p| p.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
}

fn peer(req: &Request) -> Option<SocketAddr> {
    req.extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0)
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Today's UTC date (the configured one in tests).
fn today(state: &AppState) -> UtcDate {
    if let Some(d) = state.today {
        return d;
    }
    let days = now_ms().div_euclid(86_400_000);
    UtcDate::from_day_number(days).unwrap_or(state.epoch)
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Refusal> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        eprintln!("llk-server: a check stopped: {e}");
        Refusal::new(ErrorCode::Unavailable, "the check failed; try again")
    })?
}

/// `POST /api/v1/results`.
pub async fn submit(State(state): State<Arc<AppState>>, req: Request) -> Response {
    match submit_inner(state, req).await {
        Ok(answer) => answer.into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

async fn submit_inner(state: Arc<AppState>, req: Request) -> Answer<SubmitAnswer> {
    let ip = client_ip(&state, req.headers(), peer(&req));
    state
        .limits
        .ip_writes
        .check(&ip)
        .map_err(|s| Refusal::rate_limited("writes from this address", s))?;
    let too_large = || {
        Refusal::new(
            ErrorCode::TooLarge,
            format!("the body is over {MAX_BODY_BYTES} bytes"),
        )
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    let body = axum::body::to_bytes(req.into_body(), MAX_BODY_BYTES)
        .await
        .map_err(|_| too_large())?;
    let today = today(&state);
    let checks = state.clone();
    let received_at = now_ms();
    let accepted = blocking(move || {
        let opened = open_envelope(&body)?;
        let claim = opened.claim;
        let name = check_name(&claim.name).map_err(|m| Refusal::new(ErrorCode::BadName, m))?;
        let date = parse_date(&claim.date)?;
        check_window(date, today)?;
        checks
            .limits
            .key_submits
            .check(&claim.key)
            .map_err(|s| Refusal::rate_limited("results from this key", s))?;
        let start = checks.deals.start(date, claim.mode)?;
        let verified = replay(&start, &claim)?;
        Ok(Accepted {
            date: date.to_string(),
            mode: claim.mode,
            key: claim.key,
            name,
            time_ms: claim.time_ms.min(i64::MAX as u64),
            props: verified.props,
            digest: Sha256::digest(opened.payload.as_bytes()).to_vec(),
            payload: opened.payload,
            sig: opened.sig,
            received_at,
        })
    })
    .await?;
    let (date, mode, time_ms, props) = (
        accepted.date.clone(),
        accepted.mode,
        accepted.time_ms,
        accepted.props,
    );
    let (written, standing) = state.writer.submit(accepted).await?;
    Ok(Json(SubmitAnswer {
        date,
        mode,
        time_ms,
        props,
        best_ms: written.best.1,
        best_props: written.best.0,
        improved: written.improved,
        rank: standing.rank,
        finishers: standing.finishers,
        top_percent: llk_online::answer::top_percent(standing.rank, standing.finishers),
    }))
}

/// The leaderboard's query string (both optional, checked by hand for their codes).
#[derive(Deserialize)]
pub struct BoardQuery {
    key: Option<String>,
    limit: Option<String>,
}

fn check_read(
    state: &AppState,
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
) -> Result<(), Refusal> {
    let ip = client_ip(state, headers, peer);
    state
        .limits
        .ip_reads
        .check(&ip)
        .map_err(|s| Refusal::rate_limited("reads from this address", s))
}

/// The peer's address as the listener recorded it (absent in in-process tests).
type Peer = Result<Extension<ConnectInfo<SocketAddr>>, ExtensionRejection>;

/// `GET /api/v1/leaderboard/{date}/{mode}?key=&limit=`.
pub async fn leaderboard(
    State(state): State<Arc<AppState>>,
    peer: Peer,
    headers: HeaderMap,
    path: Result<Path<(String, String)>, PathRejection>,
    query: Result<Query<BoardQuery>, QueryRejection>,
) -> Response {
    let run = async {
        check_read(&state, &headers, peer.ok().map(|p| p.0 .0))?;
        let Path((date, mode)) =
            path.map_err(|e| Refusal::new(ErrorCode::BadDate, e.body_text()))?;
        let Query(q) = query.map_err(|e| Refusal::new(ErrorCode::BadLimit, e.body_text()))?;
        let date = parse_date(&date)?;
        let mode = Mode::parse(&mode)?;
        let key = match q.key.as_deref() {
            None | Some("") => None,
            Some(k) => Some(hex::encode(&hex::decode::<32>(k).ok_or_else(|| {
                Refusal::new(ErrorCode::BadKey, "key: 64 hex digits expected")
            })?)),
        };
        let limit = match q.limit.as_deref() {
            None => MAX_TOP,
            Some(l) => l
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_TOP).contains(n))
                .ok_or_else(|| {
                    Refusal::new(ErrorCode::BadLimit, format!("limit is 1 to {MAX_TOP}"))
                })?,
        };
        let board = state
            .store
            .leaderboard(&date.to_string(), mode, limit, key.as_deref())
            .await?;
        Ok::<_, Refusal>(Json(board))
    };
    match run.await {
        Ok(answer) => answer.into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// `GET /api/v1/daily/{date}`.
pub async fn daily(
    State(state): State<Arc<AppState>>,
    peer: Peer,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    let run = async {
        check_read(&state, &headers, peer.ok().map(|p| p.0 .0))?;
        let Path(date) = path.map_err(|e| Refusal::new(ErrorCode::BadDate, e.body_text()))?;
        let date = parse_date(&date)?;
        let deals = state.deals.clone();
        let info = blocking(move || Ok(daily_info(&deals, date)?)).await?;
        Ok::<_, Refusal>(Json(serde_json::json!({
            "date": date.to_string(),
            "classic": {"code": info.classic_code, "seed": info.classic_seed.to_string()},
            "stack": {"seed": info.stack_seed.to_string()},
        })))
    };
    match run.await {
        Ok(answer) => answer.into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// `GET /api/v1/health`.
pub async fn health(State(state): State<Arc<AppState>>) -> Response {
    Json(serde_json::json!({"ok": true, "db": state.store.kind()})).into_response()
}

/// Any other path under `/api`.
pub async fn not_found() -> Response {
    Refusal::new(ErrorCode::NotFound, "no such API path").into_response()
}

/// An API path asked with a method it does not answer (axum adds the `Allow` header).
pub async fn method_not_allowed() -> Response {
    Refusal::new(
        ErrorCode::MethodNotAllowed,
        "this API path does not answer that method",
    )
    .into_response()
}

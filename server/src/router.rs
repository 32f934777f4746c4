//! The HTTP surface: `/api/v1` (handlers) and the web build as plain static files at `/`
//! (precompressed `.br`/`.gz` when present, no SPA fallback), with a request timeout and
//! a caught panic answered 500. `build` makes the router and its state from a config.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use llk_engine::code::daily::UtcDate;
use llk_online::ErrorCode;
use tower::ServiceExt;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;

use crate::config::Config;
use crate::handlers;
use crate::limits::Limits;
use crate::reply::Refusal;
use crate::store::{self, Store, StoreError};
use crate::verify::{parse_date, Deals};
use crate::writer::Writer;

/// Results waiting for the writer before submitters wait for room.
const MAX_QUEUE: usize = 16_384;

/// What every handler shares. Nothing here is a source of truth: the store is.
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub writer: Writer,
    pub deals: Arc<Deals>,
    pub limits: Limits,
    /// A fixed "today" (tests), else the clock's.
    pub today: Option<UtcDate>,
    /// Fallback when the clock is out of the dates' range.
    pub epoch: UtcDate,
    pub trust_forwarded: bool,
    web: ServeDir,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("LLK_TODAY: {0}")]
    Today(String),
}

/// The router and its state for `config` (opens and migrates the database; starts the
/// writer task on the current runtime).
pub async fn build(config: &Config) -> Result<(Router, Arc<AppState>), StartError> {
    let today = match &config.today {
        Some(t) => Some(parse_date(t).map_err(|e| StartError::Today(e.message))?),
        None => None,
    };
    let epoch = UtcDate::new(2026, 1, 1).map_err(|e| StartError::Today(e.to_string()))?;
    let store = store::open(&config.db).await?;
    let writer = Writer::start(store.clone(), config.batch_max, MAX_QUEUE);
    let state = Arc::new(AppState {
        store,
        writer,
        deals: Arc::new(Deals::new()),
        limits: Limits::new(
            config.key_submits_per_min,
            config.ip_writes_per_min,
            config.ip_reads_per_min,
        ),
        today,
        epoch,
        trust_forwarded: config.trust_forwarded,
        web: ServeDir::new(&config.web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(true),
    });
    let api = Router::new()
        .route("/results", post(handlers::submit))
        .route("/leaderboard/{date}/{mode}", get(handlers::leaderboard))
        .route("/daily/{date}", get(handlers::daily))
        .route("/health", get(handlers::health))
        .fallback(handlers::not_found)
        .method_not_allowed_fallback(handlers::method_not_allowed);
    let router = Router::new()
        .nest("/api/v1", api)
        .fallback(static_files)
        .with_state(state.clone())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(config.timeout_secs.max(1)),
        ))
        .layer(CatchPanicLayer::custom(|_| {
            Refusal::new(ErrorCode::Unavailable, "internal error").into_response()
        }));
    Ok((router, state))
}

/// The web build; any other `/api` path is a JSON 404.
async fn static_files(State(state): State<Arc<AppState>>, req: Request) -> Response {
    let path = req.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return handlers::not_found().await;
    }
    match state.web.clone().oneshot(req).await {
        Ok(r) => r.into_response(),
        Err(never) => match never {},
    }
}

//! Answers: JSON bodies, and a refusal as `{"error", "message"}` with its code's status
//! (and `Retry-After` for `rate_limited`).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use llk_online::{ApiError, ErrorCode};

use crate::store::StoreError;

/// A refused request.
#[derive(Debug)]
pub struct Refusal {
    pub error: ApiError,
    /// Seconds, for `rate_limited`.
    pub retry_after: Option<u64>,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal::from(ApiError::new(code, message))
    }

    pub fn rate_limited(what: &str, seconds: u64) -> Refusal {
        Refusal {
            error: ApiError::new(
                ErrorCode::RateLimited,
                format!("too many {what}; try again in {seconds} s"),
            ),
            retry_after: Some(seconds),
        }
    }
}

impl From<ApiError> for Refusal {
    fn from(error: ApiError) -> Refusal {
        Refusal {
            error,
            retry_after: None,
        }
    }
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        eprintln!("llk-server: database: {e}");
        Refusal::new(
            ErrorCode::Unavailable,
            "the database is unavailable; try again",
        )
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.error.error.status())
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, Json(self.error)).into_response();
        if let Some(s) = self.retry_after {
            if let Ok(v) = HeaderValue::from_str(&s.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        response
    }
}

//! The open-loop schedule: request `i` of a run at `rate` per second is due at
//! `start + i / rate`, whether or not earlier ones have been answered, and its latency is
//! counted from that due time (so a slow server cannot hide its queue by slowing the
//! client down: no coordinated omission).

use std::time::Duration;

/// When request `i` is due, after the start, at `rate` requests per second.
pub fn due(i: u64, rate: f64) -> Duration {
    if rate <= 0.0 {
        return Duration::ZERO;
    }
    Duration::from_secs_f64(i as f64 / rate)
}

/// How many requests a run at `rate` per second makes: `count`, cut to what fits in
/// `limit`.
pub fn planned(count: u64, rate: f64, limit: Duration) -> u64 {
    let fits = (limit.as_secs_f64() * rate).floor();
    if fits.is_finite() && fits >= 0.0 {
        count.min(fits as u64)
    } else {
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn due_times_are_evenly_spaced() {
        assert_eq!(due(0, 1000.0), Duration::ZERO);
        assert_eq!(due(1000, 1000.0), Duration::from_secs(1));
        assert_eq!(due(5, 1000.0), Duration::from_millis(5));
        assert_eq!(due(5, 0.0), Duration::ZERO);
        assert_eq!(planned(50_000, 1000.0, Duration::from_secs(20)), 20_000);
        assert_eq!(planned(100, 1000.0, Duration::from_secs(20)), 100);
    }

    #[tokio::test]
    async fn an_open_loop_keeps_its_rate() {
        // 200 ticks at 2,000/s take 0.1 s, not more, however long each would take.
        let start = tokio::time::Instant::now();
        let mut handles = Vec::new();
        for i in 0..200 {
            let at = start + due(i, 2000.0);
            handles.push(tokio::spawn(async move {
                tokio::time::sleep_until(at).await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }));
        }
        for h in handles {
            h.await.unwrap();
        }
        let took = start.elapsed();
        assert!(took >= Duration::from_millis(149), "{took:?}");
        assert!(took < Duration::from_millis(600), "{took:?}");
    }
}

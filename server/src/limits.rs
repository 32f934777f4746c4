//! Rate limits: token buckets per player key (result submissions) and per client address
//! (writes, reads), each refilling its per-minute allowance evenly over the minute. They
//! live in this process only (a per-process guard, not stored state): behind N processes
//! an address gets up to N times the allowance.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// Buckets kept before full ones (idle long enough to be back at the allowance) are dropped.
const PRUNE_AT: usize = 50_000;

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Token buckets of `per_minute` requests per minute, by `K` (0: unlimited).
pub struct Limiter<K> {
    per_minute: u32,
    buckets: Mutex<HashMap<K, Bucket>>,
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    pub fn new(per_minute: u32) -> Limiter<K> {
        Limiter {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `who`'s allowance, or the whole seconds to wait.
    pub fn check(&self, who: &K) -> Result<(), u64> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let now = Instant::now();
        let cap = f64::from(self.per_minute);
        let rate = cap / 60.0;
        let refill = |b: &mut Bucket| {
            let secs = now.saturating_duration_since(b.at).as_secs_f64();
            b.tokens = (b.tokens + secs * rate).min(cap);
            b.at = now;
        };
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= PRUNE_AT && !buckets.contains_key(who) {
            buckets.retain(|_, b| {
                refill(b);
                b.tokens < cap
            });
        }
        let b = buckets.entry(who.clone()).or_insert(Bucket {
            tokens: cap,
            at: now,
        });
        refill(b);
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - b.tokens) / rate).ceil().max(1.0) as u64)
        }
    }
}

/// The three limits of docs/api.md.
pub struct Limits {
    pub key_submits: Limiter<String>,
    pub ip_writes: Limiter<IpAddr>,
    pub ip_reads: Limiter<IpAddr>,
}

impl Limits {
    pub fn new(key_submits: u32, ip_writes: u32, ip_reads: u32) -> Limits {
        Limits {
            key_submits: Limiter::new(key_submits),
            ip_writes: Limiter::new(ip_writes),
            ip_reads: Limiter::new(ip_reads),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_allow_the_minute_then_refuse() {
        let l = Limiter::new(3);
        for _ in 0..3 {
            assert_eq!(l.check(&"a"), Ok(()));
        }
        assert_eq!(l.check(&"a"), Err(20), "one token per 20 s");
        assert_eq!(l.check(&"b"), Ok(()), "per key");
        let free = Limiter::new(0);
        for _ in 0..1000 {
            assert_eq!(free.check(&"a"), Ok(()));
        }
    }
}

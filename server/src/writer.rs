//! Group commit: one writer task per process takes every verified result waiting, stores
//! them in one transaction with one commit (one fsync), then answers each. While a commit
//! is on the disk the next batch gathers, so the commit rate bounds batches, not results.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use crate::store::{Accepted, Standing, Store, StoreError, Written};

type Reply = oneshot::Sender<Result<(Written, Standing), String>>;

/// The handle handlers send verified results to.
#[derive(Clone)]
pub struct Writer {
    queue: mpsc::Sender<(Accepted, Reply)>,
}

impl Writer {
    /// Starts the writer task on the current runtime: batches of at most `max_batch`,
    /// at most `max_queue` results waiting (then submitters wait for room).
    pub fn start(store: Arc<dyn Store>, max_batch: usize, max_queue: usize) -> Writer {
        let (queue, mut jobs) = mpsc::channel::<(Accepted, Reply)>(max_queue.max(1));
        let max_batch = max_batch.max(1);
        tokio::spawn(async move {
            let mut waiting = Vec::with_capacity(max_batch);
            while jobs.recv_many(&mut waiting, max_batch).await > 0 {
                let (batch, replies): (Vec<Accepted>, Vec<Reply>) = waiting.drain(..).unzip();
                let n = batch.len();
                match store.write_batch(batch).await {
                    Ok(written) if written.len() == n => {
                        for (reply, w) in replies.into_iter().zip(written) {
                            // A submitter that gave up (timeout) has nobody to answer.
                            let _ = reply.send(Ok(w));
                        }
                    }
                    Ok(written) => {
                        let e = format!("a batch of {n} wrote {} answers", written.len());
                        eprintln!("llk-server: {e}");
                        for reply in replies {
                            let _ = reply.send(Err(e.clone()));
                        }
                    }
                    Err(e) => {
                        eprintln!("llk-server: a batch of {n} was not stored: {e}");
                        for reply in replies {
                            let _ = reply.send(Err(e.to_string()));
                        }
                    }
                }
            }
        });
        Writer { queue }
    }

    /// Stores `accepted` (durably, with the batch it joins) and says what it did and where
    /// the player's best stands.
    pub async fn submit(&self, accepted: Accepted) -> Result<(Written, Standing), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .send((accepted, reply))
            .await
            .map_err(|_| StoreError::Task("the writer stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Task("the writer stopped".into()))?
            .map_err(StoreError::Task)
    }
}

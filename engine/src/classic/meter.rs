//! Work metering for the solvers: a count of work steps (link checks) that polls the
//! caller's interrupt every [`POLL_WORK`] steps, and stays halted once it fired.
//!
//! The engine has no clock, so a solver's time budget is an interrupt the caller polls.
//! Polling once per search node is not enough on huge boards: one node's closure over
//! thousands of tiles of one kind makes millions of link checks. Counting the checks
//! and polling every few thousand bounds the work done between two polls whatever the
//! board; once halted, link checks answer "no link" at once and the solver's loops stop,
//! and the search reports "out of budget" (nothing found after the halt is trusted).

use std::cell::{Cell, RefCell};

/// Work steps between two polls of the interrupt.
pub(crate) const POLL_WORK: u32 = 2048;

/// Counts work and polls an interrupt (see the module notes). Shared through `&self`
/// because the link checks it counts are made through shared references.
pub(crate) struct Meter<'i> {
    since_poll: Cell<u32>,
    work: Cell<u64>,
    halted: Cell<bool>,
    interrupt: RefCell<Option<&'i mut dyn FnMut() -> bool>>,
}

impl<'i> Meter<'i> {
    /// A meter that never halts (no interrupt).
    pub(crate) fn new() -> Meter<'i> {
        Meter {
            since_poll: Cell::new(0),
            work: Cell::new(0),
            halted: Cell::new(false),
            interrupt: RefCell::new(None),
        }
    }

    /// Polls `interrupt` from now on.
    pub(crate) fn set_interrupt(&mut self, interrupt: &'i mut dyn FnMut() -> bool) {
        *self.interrupt.get_mut() = Some(interrupt);
    }

    /// Counts one work step, polling the interrupt every [`POLL_WORK`] steps; false once
    /// halted.
    #[inline]
    pub(crate) fn tick(&self) -> bool {
        self.work.set(self.work.get() + 1);
        let n = self.since_poll.get() + 1;
        if n >= POLL_WORK {
            self.poll();
        } else {
            self.since_poll.set(n);
        }
        !self.halted.get()
    }

    /// Counts `steps` work steps at once (work other than link checks, in about the
    /// same units), polling when they reach [`POLL_WORK`]; false once halted.
    pub(crate) fn add(&self, steps: u32) -> bool {
        self.work.set(self.work.get() + u64::from(steps));
        let n = self.since_poll.get().saturating_add(steps);
        if n >= POLL_WORK {
            self.poll();
        } else {
            self.since_poll.set(n);
        }
        !self.halted.get()
    }

    /// Polls the interrupt now (unless already halted); whether the meter is halted.
    pub(crate) fn poll(&self) -> bool {
        self.since_poll.set(0);
        if !self.halted.get() {
            // Not re-entered: the interrupt is the caller's closure, which cannot reach
            // the meter.
            if let Ok(mut interrupt) = self.interrupt.try_borrow_mut() {
                if interrupt.as_mut().is_some_and(|f| f()) {
                    self.halted.set(true);
                }
            }
        }
        self.halted.get()
    }

    /// Whether the interrupt has fired.
    #[inline]
    pub(crate) fn halted(&self) -> bool {
        self.halted.get()
    }

    /// Work steps counted so far.
    pub(crate) fn work(&self) -> u64 {
        self.work.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polls_every_poll_work_steps_and_stays_halted() {
        let mut calls = 0u32;
        let mut interrupt = || {
            calls += 1;
            calls == 3
        };
        {
            let mut m = Meter::new();
            m.set_interrupt(&mut interrupt);
            let steps = (0..10 * POLL_WORK).take_while(|_| m.tick()).count();
            assert_eq!(steps as u32, 3 * POLL_WORK - 1);
            assert!(m.halted() && m.poll() && !m.tick());
            assert_eq!(m.work(), u64::from(3 * POLL_WORK + 1));
        }
        assert_eq!(calls, 3, "no poll once halted");
    }
}

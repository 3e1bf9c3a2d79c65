//! Adaptive width: when the compiler chose the SIMD width itself, a kernel's first
//! sizeable launches take turns between its vector code, the same code at half the width
//! (when that is at least 2) and its scalar (W = 1) code, and the rest run the fastest. The compile-time plan cannot see some costs — a masked
//! loop whose lanes run for very different trip counts, per-lane calls and gathers in
//! long data-dependent loops (Cephes' Bessel functions, CSR rows) — that make W = 8 slower
//! than W = 1 per work-item, or a reduction per work-item whose chain of additions wants a
//! few independent lanes but whose strided loads do not pay at W = 16 (`dgemv`); measuring
//! real launches does.
//!
//! A kernel takes part only when nothing can tell the widths apart: the width was not
//! requested (`Options::lanes` = 0), it uses no sub-group operation or query (their
//! results depend on W), requires no sub-group size, and its module has no writable
//! program-scope variables (the scalar code is another load of the module, with its own
//! copy of them). Every width computes the same results bit for bit (the scalar path is
//! the reference the vector path is tested against), and the work-group size stays the
//! one the vector width chose. `SPIRJIT_ADAPTIVE_WIDTH=0` turns it off.
//!
//! This module decides and records; it does not compile or run anything.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// The environment variable that turns adaptive width off (`0`).
pub const ADAPTIVE_WIDTH_ENV: &str = "SPIRJIT_ADAPTIVE_WIDTH";

/// Launches of fewer work-items are not measured (their time is mostly overhead).
const MIN_ITEMS: u64 = 4096;
/// Measured launches per width before deciding.
const SAMPLES: usize = 2;
/// Narrower code must be this much faster per work-item than the vector code to be chosen.
const MARGIN: f64 = 1.25;

/// Which code a launch runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Vector,
    /// The code at half the vector width.
    Half,
    Scalar,
}

enum State {
    /// Seconds per work-item of the measured launches of each side (`half` unused when
    /// the vector width is 2).
    Measuring {
        vector: Vec<f64>,
        half: Vec<f64>,
        scalar: Vec<f64>,
        with_half: bool,
    },
    Decided {
        side: Side,
        speedup: f64,
    },
}

/// The width choice of one kernel.
pub(crate) struct Tier {
    state: Mutex<State>,
    /// The side once decided ([`UNDECIDED`] before), read without the lock on every launch.
    side: AtomicU8,
}

const UNDECIDED: u8 = 0;
const VECTOR: u8 = 1;
const SCALAR: u8 = 2;
const HALF: u8 = 3;

impl Tier {
    /// A kernel that takes part (`eligible`) or always runs its vector code; `with_half`:
    /// its code at half the vector width is a candidate too.
    pub(crate) fn new(eligible: bool, with_half: bool) -> Tier {
        let (state, side) = if eligible && enabled() {
            (State::Measuring { vector: Vec::new(), half: Vec::new(), scalar: Vec::new(), with_half }, UNDECIDED)
        } else {
            (State::Decided { side: Side::Vector, speedup: 1.0 }, VECTOR)
        };
        Tier { state: Mutex::new(state), side: AtomicU8::new(side) }
    }

    /// The code a launch of `items` work-items runs, and whether to record its time.
    pub(crate) fn choose(&self, items: u64) -> (Side, bool) {
        match self.side.load(Ordering::Acquire) {
            VECTOR => return (Side::Vector, false),
            SCALAR => return (Side::Scalar, false),
            HALF => return (Side::Half, false),
            _ => {}
        }
        match &*self.state.lock().unwrap_or_else(PoisonError::into_inner) {
            State::Decided { side, .. } => (*side, false),
            State::Measuring { .. } if items < MIN_ITEMS => (Side::Vector, false),
            // Take turns: vector, then half, then scalar, each up to the same count.
            State::Measuring { vector, half, scalar, with_half } => {
                let side = if half.len() < vector.len() && *with_half {
                    Side::Half
                } else if scalar.len() < vector.len() {
                    Side::Scalar
                } else {
                    Side::Vector
                };
                (side, true)
            }
        }
    }

    /// Record that a launch of `items` work-items on `side` took `time`.
    pub(crate) fn record(&self, side: Side, items: u64, time: Duration) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let State::Measuring { vector, half, scalar, with_half } = &mut *state else { return };
        let per_item = time.as_secs_f64() / items.max(1) as f64;
        match side {
            Side::Vector => vector.push(per_item),
            Side::Half => half.push(per_item),
            Side::Scalar => scalar.push(per_item),
        }
        let half_done = !*with_half || half.len() >= SAMPLES;
        if vector.len() >= SAMPLES && scalar.len() >= SAMPLES && half_done {
            let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            let v = best(vector);
            // The fastest side that beats the vector code by the margin, else the vector code.
            let mut choice = (Side::Vector, 1.0);
            for (side, times) in [(Side::Half, &*half), (Side::Scalar, &*scalar)] {
                if times.is_empty() {
                    continue;
                }
                let speedup = v / best(times).max(f64::MIN_POSITIVE);
                if speedup >= MARGIN && speedup > choice.1 {
                    choice = (side, speedup);
                }
            }
            let (side, speedup) = choice;
            *state = State::Decided { side, speedup };
            let code = match side {
                Side::Vector => VECTOR,
                Side::Half => HALF,
                Side::Scalar => SCALAR,
            };
            self.side.store(code, Ordering::Release);
        }
    }

    /// The decision, once made: the side and how much faster than the vector code it was.
    pub(crate) fn decided(&self) -> Option<(Side, f64)> {
        match &*self.state.lock().unwrap_or_else(PoisonError::into_inner) {
            State::Decided { side, speedup } => Some((*side, *speedup)),
            State::Measuring { .. } => None,
        }
    }
}

fn enabled() -> bool {
    std::env::var(ADAPTIVE_WIDTH_ENV).map(|v| v.trim() != "0").unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternates_then_keeps_the_faster_side() {
        let t = Tier::new(true, false);
        if !enabled() {
            return;
        }
        assert_eq!(t.choose(100), (Side::Vector, false), "small launches are not measured");
        let ms = Duration::from_millis;
        for (side, time) in [(Side::Vector, 40), (Side::Scalar, 10), (Side::Vector, 30), (Side::Scalar, 12)] {
            assert_eq!(t.choose(10_000), (side, true));
            t.record(side, 10_000, ms(time));
        }
        assert_eq!(t.choose(10_000), (Side::Scalar, false));
        assert_eq!(t.decided().map(|d| d.0), Some(Side::Scalar));
        let t = Tier::new(true, false);
        for (side, time) in [(Side::Vector, 10), (Side::Scalar, 12), (Side::Vector, 11), (Side::Scalar, 9)] {
            t.record(side, 10_000, ms(time));
        }
        assert_eq!(t.decided().map(|d| d.0), Some(Side::Vector), "within the margin the vector code stays");
        assert_eq!(Tier::new(false, true).choose(1 << 20), (Side::Vector, false));
    }

    #[test]
    fn half_width_takes_its_turn_and_wins_when_fastest() {
        if !enabled() {
            return;
        }
        let ms = Duration::from_millis;
        let t = Tier::new(true, true);
        let turns = [(Side::Vector, 16), (Side::Half, 9), (Side::Scalar, 11), (Side::Vector, 17), (Side::Half, 9)];
        for (side, time) in turns {
            assert_eq!(t.choose(10_000), (side, true));
            t.record(side, 10_000, ms(time));
        }
        assert_eq!(t.decided(), None, "the scalar side has one sample");
        assert_eq!(t.choose(10_000), (Side::Scalar, true));
        t.record(Side::Scalar, 10_000, ms(12));
        assert_eq!(t.choose(10_000), (Side::Half, false));
        // The scalar code wins when it is the fastest of the three.
        let t = Tier::new(true, true);
        for (side, time) in [(Side::Vector, 40), (Side::Half, 30), (Side::Scalar, 10)].repeat(2) {
            t.record(side, 10_000, ms(time));
        }
        assert_eq!(t.decided().map(|d| d.0), Some(Side::Scalar));
    }
}

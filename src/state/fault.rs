//! Fault injection for the crash test (debug builds only).
//!
//! `RE0_FAULT=<point>[:<n>]` aborts the process (like `kill -9`: no
//! destructors, no flushing) the n-th time (default: first) execution
//! reaches `point`. Release builds compile this to nothing.

/// The persistence points, in the order a write passes them.
pub const POINTS: &[&str] = &[
    "state-temp-written",
    "state-renamed",
    "handoff-written",
    "runner-spawned",
    "runner-started",
    "runner-exited",
];

#[cfg(debug_assertions)]
pub fn point(name: &str) {
    static HITS: std::sync::Mutex<Vec<(String, u32)>> = std::sync::Mutex::new(Vec::new());
    let Ok(spec) = std::env::var("RE0_FAULT") else {
        return;
    };
    let (want, nth) = match spec.split_once(':') {
        Some((p, n)) => (p.to_string(), n.parse().unwrap_or(1)),
        None => (spec.clone(), 1),
    };
    if want != name {
        return;
    }
    let mut hits = HITS.lock().unwrap_or_else(|e| e.into_inner());
    let count = match hits.iter_mut().find(|(p, _)| p == name) {
        Some((_, c)) => {
            *c += 1;
            *c
        }
        None => {
            hits.push((name.to_string(), 1));
            1
        }
    };
    if count == nth {
        eprintln!("re0: fault injected at {name}:{nth}");
        std::process::abort();
    }
}

#[cfg(not(debug_assertions))]
#[inline(always)]
pub fn point(_name: &str) {}

//! Child processes with a deadline: the runner, GES commands, the selector.
//!
//! Invariant: callers spawn the child with `process_group(0)`, so a child
//! that outlives its deadline is killed together with everything it started.

use std::io::Write;
use std::process::Child;
use std::time::{Duration, Instant};

/// How a child process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal,
    TimedOut(Duration),
}

impl Exit {
    pub fn success(&self) -> bool {
        *self == Exit::Code(0)
    }
}

/// Writes `input` to the child's stdin from another thread, so a child that
/// never reads its stdin cannot block re0.
pub fn feed_stdin(child: &mut Child, input: String) {
    if let Some(mut stdin) = child.stdin.take() {
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
    }
}

/// Waits for the child; past `timeout` kills its process group.
pub fn wait(child: &mut Child, timeout: Duration) -> std::io::Result<Exit> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(match status.code() {
                Some(c) => Exit::Code(c),
                None => Exit::Signal,
            });
        }
        if start.elapsed() >= timeout {
            // SAFETY: kill(2) with a negative pid signals the process group
            // `process_group(0)` created for this child; no memory is touched.
            unsafe {
                libc::kill(-(child.id() as i32), libc::SIGKILL);
            }
            let _ = child.wait();
            return Ok(Exit::TimedOut(timeout));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

//! Child processes: the one place re0 starts them, for the runner, GES
//! commands and the selector alike.
//!
//! Invariants:
//! - Every child is started by [`spawn`] in a process group of its own, so a
//!   child that outlives its deadline is killed together with everything it
//!   started.
//! - A child's stdin is fed from another thread ([`feed_stdin`]) and its
//!   captured stdout is read on another thread through a size limit
//!   ([`capture_stdout`]), so a child that never reads, or writes without
//!   end, cannot block re0 or grow its memory.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::thread::JoinHandle;
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

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Code(c) => write!(f, "exited with status {c}"),
            Exit::Signal => f.write_str("was killed by a signal"),
            Exit::TimedOut(t) => write!(f, "ran past its {}s time limit", t.as_secs()),
        }
    }
}

/// A `sh -c COMMAND` command, the way re0 runs configured command lines.
pub fn shell(command: &str) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(command);
    cmd
}

/// Starts `cmd` in a process group of its own.
pub fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    cmd.process_group(0).spawn()
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

/// Reads at most `limit` bytes of the child's piped stdout on another
/// thread; the rest is drained and dropped so the child never blocks.
pub fn capture_stdout(child: &mut Child, limit: u64) -> Option<JoinHandle<Vec<u8>>> {
    let mut stdout = child.stdout.take()?;
    Some(std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = (&mut stdout).take(limit).read_to_end(&mut buf);
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
        buf
    }))
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
            kill_group(child);
            let _ = child.wait();
            return Ok(Exit::TimedOut(timeout));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Kills the child's process group (made by [`spawn`]).
pub fn kill_group(child: &Child) {
    let Ok(pid) = i32::try_from(child.id()) else {
        return;
    };
    // SAFETY: kill(2) with a negative pid signals the process group
    // `spawn` created for this child; no memory is touched.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Stdio;

    #[test]
    fn output_past_the_limit_is_dropped_without_blocking() {
        let mut cmd = shell("head -c 100000 /dev/zero");
        cmd.stdout(Stdio::piped());
        let mut child = spawn(&mut cmd).unwrap();
        let out = capture_stdout(&mut child, 10).unwrap();
        assert!(wait(&mut child, Duration::from_secs(10)).unwrap().success());
        assert_eq!(out.join().unwrap().len(), 10);
    }

    #[test]
    fn a_child_past_its_deadline_is_killed() {
        let mut child = spawn(&mut shell("sleep 30")).unwrap();
        let exit = wait(&mut child, Duration::from_millis(50)).unwrap();
        assert_eq!(exit, Exit::TimedOut(Duration::from_millis(50)));
    }
}

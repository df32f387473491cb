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
//! - Every live child's process group is registered. SIGINT, SIGTERM or
//!   SIGHUP to re0 ([`handle_signals`]) stop those groups (TERM, then KILL
//!   after a grace period) and make [`wait`] return, so the caller records
//!   the attempt as interrupted and exits; with no child running re0 exits
//!   at once. [`interrupted`] says which signal came.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Process groups of the children alive now.
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());
/// The signal that asked re0 to stop (0: none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// How long a stopped child's group gets between TERM and KILL.
const GRACE: Duration = Duration::from_secs(3);

fn groups() -> std::sync::MutexGuard<'static, Vec<i32>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The signal (SIGINT, SIGTERM, SIGHUP) that asked re0 to stop, if one did.
pub fn interrupted() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// The signal's name, for messages.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

fn signal_groups(sig: i32) {
    for &pgid in groups().iter() {
        // SAFETY: kill(2) on a process group this process created.
        unsafe {
            libc::kill(-pgid, sig);
        }
    }
}

/// Kills every child's process group at once (re0 is about to exit).
pub fn stop_all() {
    signal_groups(libc::SIGKILL);
}

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP: stop the children
/// and let the main thread record it, or exit at once when none runs.
pub fn handle_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        for sig in signals.forever() {
            let first = SIGNAL
                .compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok();
            let running = !groups().is_empty();
            if !first || !running {
                stop_all();
                std::process::exit(128 + sig);
            }
            signal_groups(libc::SIGTERM);
            // The main thread notices in `wait`; should it not, do not hang.
            std::thread::spawn(move || {
                std::thread::sleep(GRACE * 4);
                stop_all();
                std::process::exit(128 + sig);
            });
        }
    });
}

/// The start time of process `pid` (clock ticks since boot, Linux
/// `/proc/<pid>/stat`), to tell it from a later process given the same pid.
pub fn start_time(pid: i32) -> Option<u64> {
    let path = format!("/proc/{pid}/stat");
    let text =
        crate::fsio::read_text_limited(std::path::Path::new(&path), 4096, crate::fsio::Follow::Yes)
            .ok()?;
    let after = &text[text.rfind(')')? + 1..];
    after.split_whitespace().nth(19)?.parse().ok()
}

/// True while process group `pgid`, started at `start` (when known), still
/// has a live member.
pub fn group_alive(pgid: i32, start: Option<u64>) -> bool {
    if pgid <= 1 {
        return false;
    }
    // SAFETY: kill(2) with signal 0 only checks the group exists.
    let exists = unsafe { libc::kill(-pgid, 0) } == 0
        || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
    if !exists {
        return false;
    }
    // The leader may be gone while its children live; a leader that is
    // there must be the one that was recorded, not a reused pid.
    match (start, start_time(pgid)) {
        (Some(want), Some(now)) => want == now,
        _ => true,
    }
}

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

/// The gate [`held_shell`] puts before a command: one line of stdin opens it.
/// `read` takes a pipe one byte at a time, so the command gets the rest.
const GATE: &str = r#"IFS= read -r _ || exit 125; exec sh -c "$1" sh"#;

/// What opens a [`held_shell`]'s gate: write it to the child's stdin first.
pub const GATE_OPEN: &str = "\n";

/// A `sh -c COMMAND` that does nothing until [`GATE_OPEN`] reaches its
/// stdin. re0 records a runner's process group durably before opening it,
/// so a kill between the spawn and that record leaves no agent re0 cannot
/// see: the gate reads end-of-file and the command never starts.
pub fn held_shell(command: &str) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(GATE).arg("re0-runner").arg(command);
    cmd
}

/// Starts `cmd` in a process group of its own, registered so a signal to
/// re0 stops it. Refuses once re0 has been asked to stop.
pub fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    let mut live = groups();
    if let Some(sig) = interrupted() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            format!("re0 was stopped by {}", signal_name(sig)),
        ));
    }
    let child = cmd.process_group(0).spawn()?;
    if let Ok(pid) = i32::try_from(child.id()) {
        live.push(pid);
    }
    Ok(child)
}

fn forget(child: &Child) {
    if let Ok(pid) = i32::try_from(child.id()) {
        groups().retain(|&g| g != pid);
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

/// What [`copy_capped`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copied {
    pub bytes: u64,
    /// The source went on past the cap; the rest was drained and dropped.
    pub capped: bool,
}

/// Copies `from` into `to` on another thread, at most `cap` bytes; the
/// rest is drained (never blocking the child) and a line in `to` says
/// where it was cut.
pub fn copy_capped<R, W>(mut from: R, mut to: W, cap: u64) -> JoinHandle<Copied>
where
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    std::thread::spawn(move || {
        let bytes = std::io::copy(&mut (&mut from).take(cap), &mut to).unwrap_or(0);
        let rest = std::io::copy(&mut from, &mut std::io::sink()).unwrap_or(0);
        let capped = rest > 0;
        if capped {
            let _ = writeln!(
                to,
                "\n[re0: output cut here at the {cap}-byte cap; {rest} more bytes dropped]"
            );
        }
        let _ = to.flush();
        Copied { bytes, capped }
    })
}

/// Waits for the child; past `timeout` kills its process group. When re0
/// is asked to stop meanwhile, the group gets TERM, then KILL after a
/// grace period, and the child's end is returned (see [`interrupted`]).
pub fn wait(child: &mut Child, timeout: Duration) -> std::io::Result<Exit> {
    let start = Instant::now();
    let mut stopping: Option<Instant> = None;
    loop {
        if let Some(status) = child.try_wait()? {
            if interrupted().is_some() {
                // Members of its group may outlive the leader.
                kill_group(child);
            }
            forget(child);
            return Ok(match status.code() {
                Some(c) => Exit::Code(c),
                None => Exit::Signal,
            });
        }
        if start.elapsed() >= timeout {
            kill_group(child);
            let _ = child.wait();
            forget(child);
            return Ok(Exit::TimedOut(timeout));
        }
        if interrupted().is_some() {
            let since = *stopping.get_or_insert_with(Instant::now);
            if since.elapsed() >= GRACE {
                kill_group(child);
            }
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
    fn copy_capped_reports_the_cap() {
        let mut cmd = shell("head -c 1000 /dev/zero");
        cmd.stdout(Stdio::piped());
        let mut child = spawn(&mut cmd).unwrap();
        let out = child.stdout.take().unwrap();
        let sink = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        struct W(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
        impl Write for W {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let copied = copy_capped(out, W(sink.clone()), 100);
        assert!(wait(&mut child, Duration::from_secs(10)).unwrap().success());
        let c = copied.join().unwrap();
        assert_eq!(
            c,
            Copied {
                bytes: 100,
                capped: true
            }
        );
        let text = sink.lock().unwrap();
        assert!(String::from_utf8_lossy(&text).contains("cut here at the 100-byte cap"));
    }

    #[test]
    fn a_child_past_its_deadline_is_killed() {
        let mut child = spawn(&mut shell("sleep 30")).unwrap();
        let exit = wait(&mut child, Duration::from_millis(50)).unwrap();
        assert_eq!(exit, Exit::TimedOut(Duration::from_millis(50)));
    }
}

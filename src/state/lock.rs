//! The run lock: one writer at a time (DESIGN §5.4).
//!
//! Invariants:
//! - The lock file is opened without following a symlink and only when it
//!   is a regular file, so a planted link cannot make re0 write elsewhere.
//! - The holder's name is written as one fixed-size record at offset 0
//!   (one `pwrite`, the file never shrinks below it), and a reader reads
//!   only that record, so a second process reading it while the holder
//!   writes sees the old name or the new one, never an empty one or the
//!   tail of an older, longer file.

use crate::error::{Error, Result};
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::Path;
use std::time::Duration;

/// Size of the holder record.
const RECORD: usize = 256;

/// A held lock; dropping it (or the process ending) releases it.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

fn open(path: &Path) -> std::io::Result<File> {
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    if !f.metadata()?.file_type().is_file() {
        return Err(std::io::Error::other("the lock is not a regular file"));
    }
    Ok(f)
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |e| Error::Io {
        path: path.to_path_buf(),
        source: e,
    }
}

/// The holder's name as recorded, once it is there (it is written right
/// after the lock is taken).
fn holder(f: &mut File) -> String {
    for _ in 0..10 {
        let mut buf = Vec::new();
        // Only the record: bytes past it are what an older, longer file
        // held until the holder's `set_len` cuts them.
        let _ = f.take(RECORD as u64).read_to_end(&mut buf);
        let text = String::from_utf8_lossy(&buf);
        let name: String = text
            .trim_matches(|c: char| c.is_whitespace() || c == '\0')
            .chars()
            .take(200)
            .collect();
        if !name.is_empty() {
            return crate::display::clean(&name).into_owned();
        }
        std::thread::sleep(Duration::from_millis(20));
        let _ = std::io::Seek::rewind(f);
    }
    "another re0 process".into()
}

/// Takes the exclusive lock of run `id` in `dir`, or fails at once naming
/// the holder.
pub fn take(dir: &Path, id: &str) -> Result<Lock> {
    let path = dir.join("lock");
    let mut f = open(&path).map_err(io(&path))?;
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(Error::Locked {
                run: id.to_string(),
                holder: holder(&mut f),
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
    }
    let mut record = format!("{} since {}", super::store::who(), super::model::now()).into_bytes();
    record.truncate(RECORD - 1);
    record.resize(RECORD - 1, b' ');
    record.push(b'\n');
    f.write_all_at(&record, 0).map_err(io(&path))?;
    let _ = f.set_len(RECORD as u64);
    Ok(Lock { _file: f })
}

/// True when nobody holds the lock in `dir` (or there is none to hold).
pub fn is_free(dir: &Path) -> bool {
    let f = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(dir.join("lock"));
    match f {
        Ok(f) => f.metadata().is_ok_and(|m| m.is_file()) && f.try_lock().is_ok(),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_holder_is_named_even_while_it_writes_its_name() {
        let dir = tempfile::tempdir().unwrap();
        // An older, longer file must not show through the record: its
        // first record is a holder's name, and what follows it is not.
        let mut old = format!("{:<255}\n", "an old holder pid 1 since then");
        old.push_str(&"#".repeat(1000));
        std::fs::write(dir.path().join("lock"), old).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let d = dir.path().to_path_buf();
        let s = stop.clone();
        let holder = std::thread::spawn(move || {
            while !s.load(std::sync::atomic::Ordering::Relaxed) {
                if let Ok(l) = take(&d, "r") {
                    std::thread::yield_now();
                    drop(l);
                    // Leave a longer file again for the next holder to cut.
                    let f = OpenOptions::new().write(true).open(d.join("lock"));
                    let _ = f.and_then(|f| f.write_all_at(&[b'#'; 1000], RECORD as u64));
                }
            }
        });
        let mut seen = 0;
        for _ in 0..1_000_000 {
            if seen >= 50 {
                break;
            }
            if let Err(Error::Locked { holder, .. }) = take(dir.path(), "r") {
                assert!(
                    holder.contains(" pid ") && !holder.contains('#'),
                    "{holder:?}"
                );
                seen += 1;
            }
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        holder.join().unwrap();
        assert!(seen >= 50, "the race was hit only {seen} times");
    }
}

//! The run lock: one writer at a time (DESIGN §5.4).
//!
//! Invariants:
//! - The lock file is opened without following a symlink and only when it
//!   is a regular file, so a planted link cannot make re0 write elsewhere.
//! - The holder's name is written as one fixed-size record at offset 0
//!   (one `pwrite`, the file never shrinks below it) that ends in a
//!   checksum of its text. A reader reads only that record, with one
//!   `pread` of the whole record, and takes it only when it is whole (full
//!   length, ending in a newline) and its checksum holds; a record caught
//!   mid-write is read again. Reading twice and comparing was not enough:
//!   a writer paused in the middle of its copy leaves the same mix for
//!   both reads. So a second process reading it while the holder writes
//!   names a holder from one whole record, never an empty one, the tail
//!   of an older, longer file, or (but for the checksum's one chance in
//!   2^32) a mix of two.

use crate::error::{Error, Result};
use std::fs::{File, OpenOptions};
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

/// Bytes of the record its checksum takes: a space and eight hex digits,
/// before the closing newline.
const SUM: usize = 9;

/// Where the record's text ends and its checksum starts.
const TEXT: usize = RECORD - 1 - SUM;

/// FNV-1a over the record's text: a record mixed from two writes fails
/// it, but for a chance of one in 2^32.
fn checksum(text: &[u8]) -> u32 {
    text.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The record naming `holder`: its text cut or padded to length, then its
/// checksum and a newline.
fn encode(holder: &str) -> [u8; RECORD] {
    let mut rec = [b' '; RECORD];
    let text = holder.as_bytes();
    // Cut at a character's start, so a long name stays readable.
    let n = (0..=text.len().min(TEXT))
        .rev()
        .find(|&n| holder.is_char_boundary(n))
        .unwrap_or(0);
    rec[..n].copy_from_slice(&text[..n]);
    let sum = format!(" {:08x}", checksum(&rec[..TEXT]));
    rec[TEXT..RECORD - 1].copy_from_slice(sum.as_bytes());
    rec[RECORD - 1] = b'\n';
    rec
}

/// The text of one whole record at offset 0, or `None` while it is short,
/// torn, or written by no holder.
fn record(f: &File) -> Option<[u8; TEXT]> {
    let mut buf = [0u8; RECORD];
    if f.read_at(&mut buf, 0).ok() != Some(RECORD) || buf[RECORD - 1] != b'\n' {
        return None;
    }
    let sum = std::str::from_utf8(&buf[TEXT + 1..RECORD - 1]).ok()?;
    let sum = u32::from_str_radix(sum, 16).ok()?;
    let mut text = [0u8; TEXT];
    text.copy_from_slice(&buf[..TEXT]);
    (buf[TEXT] == b' ' && checksum(&text) == sum).then_some(text)
}

/// The holder's name as recorded, once it is there (it is written right
/// after the lock is taken). A record caught mid-write is read again at
/// once, a few times, before waiting for the holder to write one.
fn holder(f: &File) -> String {
    for _ in 0..10 {
        for _ in 0..50 {
            // Only the record: bytes past it are what an older, longer
            // file held until the holder's `set_len` cuts them.
            if let Some(text) = record(f) {
                let text = String::from_utf8_lossy(&text);
                let name: String = text
                    .trim_matches(|c: char| c.is_whitespace() || c == '\0')
                    .chars()
                    .take(200)
                    .collect();
                if !name.is_empty() {
                    return crate::display::clean(&name).into_owned();
                }
            }
            std::thread::yield_now();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    "another re0 process".into()
}

/// Takes the exclusive lock of run `id` in `dir`, or fails at once naming
/// the holder.
pub fn take(dir: &Path, id: &str) -> Result<Lock> {
    let path = dir.join("lock");
    let f = open(&path).map_err(io(&path))?;
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(Error::Locked {
                run: id.to_string(),
                holder: holder(&f),
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
    }
    let record = encode(&format!(
        "{} since {}",
        super::store::who(),
        super::model::now()
    ));
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
        let mut old = encode("an old holder pid 1 since then").to_vec();
        old.extend_from_slice(&[b'#'; 1000]);
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

    #[test]
    fn a_record_mixed_from_two_writes_fails_its_checksum() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lock");
        let (a, b) = (encode("alice@host pid 1"), encode("bob@host pid 22"));
        std::fs::write(&path, a).unwrap();
        let f = File::open(&path).unwrap();
        let text = record(&f).expect("a whole record is read");
        assert!(String::from_utf8_lossy(&text).starts_with("alice@host pid 1 "));
        // A writer paused halfway through its copy: every split of the two
        // records is refused, each time it is read.
        for cut in 1..RECORD - 1 {
            let mut mixed = a;
            mixed[cut..].copy_from_slice(&b[cut..]);
            if mixed == a || mixed == b {
                continue;
            }
            std::fs::write(&path, mixed).unwrap();
            assert!(record(&f).is_none(), "a mix cut at {cut} was read");
        }
        // So is a record from before the checksum, and a short one.
        std::fs::write(&path, format!("{:<255}\n", "old holder pid 3")).unwrap();
        assert!(record(&f).is_none());
        std::fs::write(&path, &a[..100]).unwrap();
        assert!(record(&f).is_none());
        // A name longer than the record is cut, and still checks; a cut
        // never splits a character.
        std::fs::write(&path, encode(&"x".repeat(400))).unwrap();
        assert_eq!(record(&f).map(|t| t.len()), Some(TEXT));
        for pad in 0..4 {
            let name = format!("{}{}", "x".repeat(pad), "é".repeat(200));
            std::fs::write(&path, encode(&name)).unwrap();
            let text = record(&f).expect("a long name still checks");
            let shown = String::from_utf8(text.to_vec()).expect("cut at a character");
            assert!(shown.trim_end().ends_with('é'), "{pad}: {shown:?}");
        }
    }

    #[test]
    fn a_record_rewritten_while_it_is_read_is_never_read_as_a_mix() {
        let dir = tempfile::tempdir().unwrap();
        let held = take(dir.path(), "r").unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let d = dir.path().to_path_buf();
        let s = stop.clone();
        let started = std::sync::Arc::new(std::sync::Barrier::new(2));
        let go = started.clone();
        // The holder rewrites its record over and over, each time all one
        // letter, so a read that mixed two writes would hold two letters.
        let writer = std::thread::spawn(move || {
            let f = OpenOptions::new().write(true).open(d.join("lock")).unwrap();
            let mut n = 0u8;
            let mut first = true;
            while !s.load(std::sync::atomic::Ordering::Relaxed) {
                let letter = char::from(b'a' + n % 26);
                let rec = encode(&letter.to_string().repeat(TEXT));
                f.write_all_at(&rec, 0).unwrap();
                if std::mem::take(&mut first) {
                    go.wait();
                }
                n = n.wrapping_add(1);
            }
        });
        started.wait();
        for _ in 0..300 {
            let Err(Error::Locked { holder, .. }) = take(dir.path(), "r") else {
                panic!("the lock was taken twice");
            };
            let first = holder.chars().next().unwrap();
            assert!(
                holder == "another re0 process" || holder.chars().all(|c| c == first),
                "{holder:?}"
            );
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        writer.join().unwrap();
        drop(held);
    }
}

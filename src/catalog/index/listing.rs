//! Listing a folder for the walk: names with their kind, sorted by name.
//!
//! On Linux the folder is read with `getdents64` into one buffer per
//! thread, reused across folders: `opendir` would add an `fstat` and a
//! 32 KB buffer allocated and freed for every folder, which on a catalog
//! of small skill folders is most of what listing costs. Elsewhere it is
//! `std::fs::read_dir`.

use super::Kind;
use std::ffi::OsString;
use std::path::Path;

/// Lists `dir`, sorted by name; entries whose kind cannot be told (they
/// vanished meanwhile) are left out.
pub fn read_listing(dir: &Path) -> std::io::Result<Vec<(OsString, Kind)>> {
    let mut names = list(dir)?;
    names.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(names)
}

#[cfg(not(target_os = "linux"))]
fn list(dir: &Path) -> std::io::Result<Vec<(OsString, Kind)>> {
    Ok(std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.file_name(), kind(e.file_type().ok()?))))
        .collect())
}

#[cfg(not(target_os = "linux"))]
fn kind(t: std::fs::FileType) -> Kind {
    if t.is_dir() {
        Kind::Dir
    } else if t.is_symlink() {
        Kind::Link
    } else {
        Kind::Other
    }
}

#[cfg(target_os = "linux")]
fn list(dir: &Path) -> std::io::Result<Vec<(OsString, Kind)>> {
    use std::cell::RefCell;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt;

    thread_local! {
        static BUF: RefCell<Vec<u8>> = RefCell::new(vec![0; 32 * 1024]);
    }
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes())?;
    // SAFETY: a NUL-terminated path; the returned fd is owned below.
    let fd = unsafe {
        libc::open(
            path.as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC | libc::O_NONBLOCK,
        )
    };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `fd` was just opened and is owned by nothing else.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    BUF.with_borrow_mut(|buf| {
        let mut out = Vec::new();
        loop {
            // SAFETY: the buffer is valid for writes of its length.
            let n = unsafe {
                libc::syscall(
                    libc::SYS_getdents64,
                    fd.as_raw_fd(),
                    buf.as_mut_ptr(),
                    buf.len(),
                )
            };
            if n < 0 {
                return Err(std::io::Error::last_os_error());
            }
            if n == 0 {
                return Ok(out);
            }
            parse(&buf[..n as usize], fd.as_raw_fd(), &mut out);
        }
    })
}

/// Reads the `linux_dirent64` records of one `getdents64` call: inode u64,
/// offset i64, record length u16, type u8, then the NUL-terminated name.
#[cfg(target_os = "linux")]
fn parse(mut bytes: &[u8], dirfd: i32, out: &mut Vec<(OsString, Kind)>) {
    use std::os::unix::ffi::OsStrExt;
    while bytes.len() >= 19 {
        let len = u16::from_ne_bytes([bytes[16], bytes[17]]) as usize;
        if len < 19 || len > bytes.len() {
            return;
        }
        let kind = bytes[18];
        let raw = &bytes[19..len];
        let name = &raw[..raw.iter().position(|&b| b == 0).unwrap_or(raw.len())];
        bytes = &bytes[len..];
        if name == b"." || name == b".." || name.is_empty() {
            continue;
        }
        let kind = match kind {
            libc::DT_DIR => Some(Kind::Dir),
            libc::DT_LNK => Some(Kind::Link),
            libc::DT_UNKNOWN => kind_at(dirfd, name),
            _ => Some(Kind::Other),
        };
        if let Some(k) = kind {
            out.push((std::ffi::OsStr::from_bytes(name).to_os_string(), k));
        }
    }
}

/// The kind of `name` in `dirfd` when the file system does not say (lstat).
#[cfg(target_os = "linux")]
fn kind_at(dirfd: i32, name: &[u8]) -> Option<Kind> {
    let c = std::ffi::CString::new(name).ok()?;
    // SAFETY: zeroed `stat` is valid; fstatat gets a live fd and a C string.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::fstatat(dirfd, c.as_ptr(), &mut st, libc::AT_SYMLINK_NOFOLLOW) };
    if r != 0 {
        return None;
    }
    Some(match st.st_mode & libc::S_IFMT {
        libc::S_IFDIR => Kind::Dir,
        libc::S_IFLNK => Kind::Link,
        _ => Kind::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_like_read_dir_sorted_with_kinds() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir(d.path().join("b-dir")).unwrap();
        std::fs::write(d.path().join("a-file"), "x").unwrap();
        std::os::unix::fs::symlink("b-dir", d.path().join("c-link")).unwrap();
        // Enough long names to need several getdents64 calls.
        for i in 0..400 {
            std::fs::write(d.path().join(format!("{i:0>200}")), "").unwrap();
        }
        let got = read_listing(d.path()).unwrap();
        let mut want: Vec<(OsString, Kind)> = std::fs::read_dir(d.path())
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                let t = e.file_type().unwrap();
                let k = if t.is_dir() {
                    Kind::Dir
                } else if t.is_symlink() {
                    Kind::Link
                } else {
                    Kind::Other
                };
                (e.file_name(), k)
            })
            .collect();
        want.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(got.len(), 403);
        assert_eq!(got, want);
        assert!(read_listing(&d.path().join("a-file")).is_err());
        assert!(read_listing(&d.path().join("missing")).is_err());
    }
}

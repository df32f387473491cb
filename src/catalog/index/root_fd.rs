//! A root folder held open, so the files below it are stat'ed by a path
//! relative to it: the kernel is spared the walk down from `/` twice per
//! skill.

use super::format::Stat;
use std::path::{Path, PathBuf};

/// A root folder held open (`O_PATH`) for `fstatat` below it.
pub struct RootFd {
    fd: std::os::fd::OwnedFd,
    path: PathBuf,
}

impl RootFd {
    pub fn open(path: &Path) -> Option<RootFd> {
        use std::os::unix::fs::OpenOptionsExt;
        let f = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC)
            .open(path)
            .ok()?;
        Some(RootFd {
            fd: f.into(),
            path: path.to_path_buf(),
        })
    }

    pub fn stat(&self, path: &Path) -> Option<Stat> {
        use std::os::fd::AsRawFd;
        use std::os::unix::ffi::OsStrExt;
        // A byte prefix, not `Path::strip_prefix` by components: paths below
        // a root are made by joining names onto it, and this runs twice per
        // skill. Anything else is stat'ed by its whole path.
        let (p, root) = (
            path.as_os_str().as_bytes(),
            self.path.as_os_str().as_bytes(),
        );
        let rel = match p.strip_prefix(root) {
            Some(r) if root.ends_with(b"/") => r,
            Some(r) => r.strip_prefix(b"/").unwrap_or_default(),
            None => &[],
        };
        if rel.is_empty() {
            return Stat::file(path);
        }
        // The NUL-terminated path on the stack when it fits (it nearly
        // always does): this runs twice per skill.
        let mut buf = [0u8; 256];
        let heap;
        let c: &std::ffi::CStr = if rel.len() < buf.len() {
            buf[..rel.len()].copy_from_slice(rel);
            std::ffi::CStr::from_bytes_with_nul(&buf[..=rel.len()]).ok()?
        } else {
            heap = std::ffi::CString::new(rel).ok()?;
            &heap
        };
        // SAFETY: an all-zero `stat` is a valid value for fstatat to fill.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: a live directory fd, a NUL-terminated relative path and a
        // `stat` to write into; flags 0 follows links as metadata() does.
        let r = unsafe { libc::fstatat(self.fd.as_raw_fd(), c.as_ptr(), &mut st, 0) };
        if r != 0 {
            return None;
        }
        Some(Stat {
            dev: st.st_dev,
            ino: st.st_ino,
            size: st.st_size as u64,
            mtime_ns: st.st_mtime.saturating_mul(1_000_000_000) + st.st_mtime_nsec,
            ctime_ns: st.st_ctime.saturating_mul(1_000_000_000) + st.st_ctime_nsec,
        })
    }
}

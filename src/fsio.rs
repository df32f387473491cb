//! Opening files that someone else may have written or planted: catalog
//! text, state and handoffs, prompts, artifacts, configuration.
//!
//! Invariants:
//! - Only regular files are read. A file is opened without blocking
//!   (`O_NONBLOCK`, so a FIFO cannot hang re0) and its type is checked on
//!   the open descriptor, so a swap between a check and the open is caught.
//! - Every read goes through a size limit; a file that grows while it is
//!   read is cut at the limit and reported as too large.
//! - [`Follow::No`] opens with `O_NOFOLLOW`: a symlink planted where re0
//!   keeps its own files is refused rather than followed. Files re0 creates
//!   in its run folders are created the same way ([`create_new`],
//!   [`open_append`], [`open_truncate`]).

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;
use thiserror::Error;

/// Whether a symlink at the final path component is followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    /// Catalog roots and skills: installers symlink skills into place.
    Yes,
    /// re0's own run files, and anything that must not lead elsewhere.
    No,
}

/// Why a file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("no such file")]
    NotFound,
    #[error("it is a symbolic link, which re0 does not follow here")]
    Symlink,
    #[error("it is {0}, not a regular file")]
    NotRegular(&'static str),
    #[error("it is larger than the {limit}-byte limit")]
    TooLarge { limit: u64 },
    #[error("it is not UTF-8 text")]
    NotUtf8,
    #[error("{0}")]
    Io(std::io::Error),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::NotFound,
            _ if e.raw_os_error() == Some(libc::ELOOP) => ReadError::Symlink,
            _ => ReadError::Io(e),
        }
    }
}

fn kind_of(ft: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_dir() {
        "a folder"
    } else if ft.is_fifo() {
        "a FIFO"
    } else if ft.is_socket() {
        "a socket"
    } else if ft.is_char_device() || ft.is_block_device() {
        "a device"
    } else if ft.is_symlink() {
        "a symbolic link"
    } else {
        "a special file"
    }
}

/// Opens `path` for reading, only if it is a regular file.
pub fn open_regular(path: &Path, follow: Follow) -> Result<File, ReadError> {
    let mut flags = libc::O_NONBLOCK | libc::O_CLOEXEC;
    if follow == Follow::No {
        flags |= libc::O_NOFOLLOW;
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)?;
    let ft = file.metadata()?.file_type();
    if !ft.is_file() {
        return Err(ReadError::NotRegular(kind_of(ft)));
    }
    Ok(file)
}

/// Reads at most `limit` bytes of the regular file at `path`.
pub fn read_limited(path: &Path, limit: u64, follow: Follow) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path, follow)?;
    let len = file.metadata()?.len();
    if len > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let mut bytes = Vec::with_capacity(len as usize + 1);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// Reads at most `limit` bytes of the regular file at `path` as UTF-8.
pub fn read_text_limited(path: &Path, limit: u64, follow: Follow) -> Result<String, ReadError> {
    String::from_utf8(read_limited(path, limit, follow)?).map_err(|_| ReadError::NotUtf8)
}

fn refuse_special(file: File) -> std::io::Result<File> {
    let ft = file.metadata()?.file_type();
    if ft.is_file() {
        Ok(file)
    } else {
        Err(std::io::Error::other(format!(
            "it is {}, not a regular file",
            kind_of(ft)
        )))
    }
}

/// Creates a new file; fails if anything (a file, a symlink) is already there.
pub fn create_new(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
}

/// Opens a file for appending, creating it; never follows a symlink.
pub fn open_append(path: &Path) -> std::io::Result<File> {
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    refuse_special(file)
}

/// Opens a file for writing from empty, creating it; never follows a symlink.
pub fn open_truncate(path: &Path) -> std::io::Result<File> {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    let file = refuse_special(file)?;
    file.set_len(0)?;
    Ok(file)
}

/// Checks that `path` is a real folder (not a symlink) owned by this user.
pub fn real_dir(path: &Path) -> std::io::Result<()> {
    let meta = std::fs::symlink_metadata(path)?;
    if !meta.file_type().is_dir() {
        return Err(std::io::Error::other(format!(
            "{} is {}, not a folder of re0's",
            path.display(),
            kind_of(meta.file_type())
        )));
    }
    // SAFETY: geteuid(2) has no preconditions and touches no memory.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me {
        return Err(std::io::Error::other(format!(
            "{} belongs to another user (uid {})",
            path.display(),
            meta.uid()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo(3) on a NUL-terminated path we own.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let err = read_limited(&fifo, 10, Follow::Yes).unwrap_err();
        assert!(matches!(err, ReadError::NotRegular("a FIFO")), "{err}");
        assert!(open_append(&fifo).is_err());
    }

    #[test]
    fn a_device_is_refused_and_size_is_bounded() {
        let err = read_limited(Path::new("/dev/zero"), 10, Follow::Yes).unwrap_err();
        assert!(matches!(err, ReadError::NotRegular("a device")), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big");
        std::fs::write(&big, vec![b'a'; 11]).unwrap();
        let err = read_limited(&big, 10, Follow::Yes).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { limit: 10 }));
        assert_eq!(read_limited(&big, 11, Follow::Yes).unwrap().len(), 11);
    }

    #[test]
    fn symlinks_are_refused_where_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target");
        std::fs::write(&target, "secret").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(
            read_text_limited(&link, 100, Follow::Yes).unwrap(),
            "secret"
        );
        assert!(matches!(
            read_limited(&link, 100, Follow::No),
            Err(ReadError::Symlink)
        ));
        assert!(open_append(&link).is_err());
        assert!(open_truncate(&link).is_err());
        assert!(create_new(&link).is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "secret");
        assert!(real_dir(&link).is_err());
        assert!(real_dir(dir.path()).is_ok());
    }
}

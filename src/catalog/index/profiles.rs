//! Section B of the index: the analysed text only relevance scoring reads.
//!
//! A command that scores (`plan`, `run`, `show`, `eval`) reads the whole
//! index file; one that does not (`check`, `list`) reads its header and
//! section A, which at 100,000 skills leaves 60 MB unread and unheld. Such
//! a command, if it must rewrite the index, reads section B then, from the
//! same open file, so unchanged skills keep their profiles.

use super::format::{self, RProfile, HEADER, TAG_PROFILE};
use crate::fsio::{self, Follow};
use crate::plan::profile::Profile;
use crate::shared_text::Buffer;
use std::fs::File;
use std::io::Read;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::Arc;

/// An index file as read: its bytes (header, section A, and section B when
/// asked for) and the file, kept open to read section B later.
#[derive(Default)]
pub struct IndexFile {
    pub bytes: Buffer,
    pub file: Option<File>,
}

/// Reads the index at `path`: nothing when it is missing, larger than
/// `limit`, or its header does not match its length.
///
/// A file of this user's that nobody else may write is mapped rather than
/// read. At 10,000 skills that is 17 MB the kernel need not copy into fresh
/// pages: a warm `plan` took 10 ms to read it. re0 never writes an index in
/// place (see [`super::files::write_atomically`]), so the bytes mapped do
/// not change while they are used.
pub fn read(path: &Path, limit: u64, with_profiles: bool) -> IndexFile {
    let attempt = || -> Option<IndexFile> {
        let mut file = fsio::open_regular(path, Follow::No).ok()?;
        let meta = file.metadata().ok()?;
        let len = meta.len();
        if len > limit || len < HEADER as u64 {
            return None;
        }
        let mut header = [0u8; HEADER];
        file.read_exact(&mut header).ok()?;
        let [(_, a), (_, b)] = format::sections(&header)?;
        let whole = (HEADER as u64).checked_add(a)?.checked_add(b)?;
        if whole != len {
            return None;
        }
        let want = if with_profiles {
            len
        } else {
            HEADER as u64 + a
        };
        let bytes = match mappable(&meta).then(|| map(&file, len, want)).flatten() {
            Some(mapped) => mapped,
            None => read_rest(&mut file, header, want)?,
        };
        (bytes.len() as u64 == want).then_some(IndexFile {
            bytes,
            file: Some(file),
        })
    };
    attempt().unwrap_or_default()
}

/// True for a file this process's user owns and only that user may write.
fn mappable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid(2) has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    meta.uid() == me && meta.mode() & 0o022 == 0
}

/// The first `want` of the `len` bytes of `file`, mapped read-only.
fn map(file: &File, len: u64, want: u64) -> Option<Buffer> {
    let len = usize::try_from(len).ok()?;
    let mut options = memmap2::MmapOptions::new();
    options.len(len);
    // SAFETY: the file is one `mappable` accepts, an index that re0 only
    // replaces by renaming a new file over it, never by writing into it; a
    // mapping's bytes thus stay as they are (see `Buffer::mapped`).
    let map = unsafe { options.map(file) }.ok()?;
    Some(Buffer::mapped(map, usize::try_from(want).ok()?))
}

/// The rest of `file` after its `header`, up to `want` bytes in all.
fn read_rest(file: &mut File, header: [u8; HEADER], want: u64) -> Option<Buffer> {
    let mut bytes = Vec::with_capacity(usize::try_from(want).ok()?);
    bytes.extend_from_slice(&header);
    file.by_ref()
        .take(want - HEADER as u64)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(Buffer::heap(bytes))
}

/// Section B of the file an index was read from, when its bytes were not
/// read with the rest; empty when it cannot be read whole.
pub fn read_late(file: &File, header: &[u8]) -> Vec<u8> {
    let Some([(_, a), (_, b)]) = format::sections(header) else {
        return Vec::new();
    };
    let Ok(n) = usize::try_from(b) else {
        return Vec::new();
    };
    let mut bytes = vec![0; n];
    match file.read_exact_at(&mut bytes, HEADER as u64 + a) {
        Ok(()) => bytes,
        Err(_) => Vec::new(),
    }
}

/// The profile frames of section B read late, in order; `None` when its
/// checksum does not match the header's.
pub fn late_frames<'b>(bytes: &'b [u8], header: &[u8]) -> Option<Vec<&'b [u8]>> {
    let [_, (crc, _)] = format::sections(header)?;
    format::section_b(bytes, crc)
}

/// The profile in a frame; `None` when it is not one, or not sound.
pub fn decode(blob: &[u8], buf: &Arc<crate::shared_text::Buffer>) -> Option<Profile> {
    let (&tag, body) = blob.split_first()?;
    if tag != TAG_PROFILE {
        return None;
    }
    let r: RProfile = postcard::from_bytes(body).ok()?;
    super::convert::profile_of(r, buf)
}

/// The profile frame of `profile`, into `buf`.
pub fn encode(profile: &Profile, buf: &mut Vec<u8>) -> std::io::Result<()> {
    buf.clear();
    buf.push(TAG_PROFILE);
    let r = super::convert::r_profile(profile);
    *buf = postcard::to_extend(&r, std::mem::take(buf)).map_err(std::io::Error::other)?;
    Ok(())
}

//! Section B of the index: the analysed text only relevance scoring reads.
//!
//! A command that scores (`plan`, `run`, `show`, `eval`) reads the whole
//! index file; one that does not (`check`, `list`) reads its header and
//! section A, which at 100,000 skills leaves 60 MB unread and unheld. Such
//! a command, if it must rewrite the index, reads section B then, from the
//! same open file, so unchanged skills keep their profiles.

use super::format::{self, ProfileEntry, HEADER, TAG_PROFILE};
use crate::fsio::{self, Follow};
use crate::plan::profile::Profile;
use foldhash::{HashMap, HashMapExt};
use std::fs::File;
use std::io::Read;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::Arc;

/// An index file as read: its bytes (header, section A, and section B when
/// asked for) and the file, kept open to read section B later.
#[derive(Default)]
pub struct IndexFile {
    pub bytes: Vec<u8>,
    pub file: Option<File>,
}

/// Reads the index at `path`: nothing when it is missing, larger than
/// `limit`, or its header does not match its length.
pub fn read(path: &Path, limit: u64, with_profiles: bool) -> IndexFile {
    let attempt = || -> Option<IndexFile> {
        let mut file = fsio::open_regular(path, Follow::No).ok()?;
        let len = file.metadata().ok()?.len();
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
        let mut bytes = Vec::with_capacity(want as usize);
        bytes.extend_from_slice(&header);
        file.by_ref()
            .take(want - HEADER as u64)
            .read_to_end(&mut bytes)
            .ok()?;
        (bytes.len() as u64 == want).then_some(IndexFile {
            bytes,
            file: Some(file),
        })
    };
    attempt().unwrap_or_default()
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

/// The profile frames of section B read late, by file path; none when its
/// checksum does not match the header's.
pub fn late_map<'b>(bytes: &'b [u8], header: &[u8]) -> HashMap<&'b str, &'b [u8]> {
    let frames = format::sections(header).and_then(|[_, (crc, _)]| format::section_b(bytes, crc));
    by_file(frames.unwrap_or_default())
}

/// Profile frames by file path.
pub fn by_file(frames: Vec<format::Frame<'_>>) -> HashMap<&str, &[u8]> {
    let mut map = HashMap::with_capacity(frames.len());
    for (tag, path, blob) in frames {
        if tag == TAG_PROFILE {
            map.insert(path, blob);
        }
    }
    map
}

/// The profile in a frame, for the skill in `file`; `None` when the frame
/// is not that skill's or not sound.
pub fn decode(blob: &[u8], file: &str, buf: &Arc<Vec<u8>>) -> Option<Profile> {
    let e: ProfileEntry = postcard::from_bytes(blob.get(1..)?).ok()?;
    if e.file != file {
        return None;
    }
    super::convert::profile_of(e.profile, buf)
}

/// Appends the profile frame of the skill in `file` to `buf`.
pub fn encode(file: &str, profile: &Profile, buf: &mut Vec<u8>) -> bool {
    buf.clear();
    buf.push(TAG_PROFILE);
    let e = ProfileEntry {
        file,
        profile: super::convert::r_profile(profile),
    };
    match postcard::to_extend(&e, std::mem::take(buf)) {
        Ok(b) => {
            *buf = b;
            true
        }
        Err(_) => false,
    }
}

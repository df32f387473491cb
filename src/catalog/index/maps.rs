//! Section A's frames as the lookups a session makes: skill entries by
//! file path, folder listings by folder path, and the order frame. Each
//! reader goes over every frame and decodes only the paths it keeps, so the
//! two run at once (see `format::decode_split`).

use super::format::{self, TAG_LISTING, TAG_ORDER, TAG_SKILL};
use foldhash::{HashMap, HashMapExt};

/// Folder listings by folder path, and the order frame.
pub type Folders<'a> = (HashMap<&'a str, &'a [u8]>, Option<&'a [u8]>);

/// Section A's skill entries by file path, with their place among them.
pub type Skills<'a> = HashMap<&'a str, (&'a [u8], u32)>;

/// The skill entries of section A's frames, by file path.
pub fn skills(frames: &[u8]) -> Option<Skills<'_>> {
    let mut old = HashMap::new();
    let mut at = 0u32;
    for f in format::frames_in(frames) {
        let (tag, blob) = f?;
        if tag == TAG_SKILL {
            old.insert(format::path_of(blob)?, (blob, at));
            at += 1;
        }
    }
    Some(old)
}

/// The folder listings of section A's frames by folder path, and its order
/// frame.
pub fn folders(frames: &[u8]) -> Option<Folders<'_>> {
    let (mut dirs, mut order) = (HashMap::new(), None);
    for f in format::frames_in(frames) {
        let (tag, blob) = f?;
        match tag {
            TAG_LISTING => {
                dirs.insert(format::path_of(blob)?, blob);
            }
            TAG_ORDER => order = Some(blob),
            _ => {}
        }
    }
    Some((dirs, order))
}

//! The bytes of an index file.
//!
//! ```text
//! magic "re0index" | format version u32
//!   | crc32 u32 and length u64 of section A | crc32 u32 and length u64 of section B
//! section A: postcard(Meta) | frames
//! section B: frames of profiles, one for each skill entry of A, in order
//! frame: length u32 | tag u8 (0 skill, 1 folder, 2 profile, 3 order)
//!        | postcard(Entry, Listing, RProfile or Order)
//! ```
//!
//! The order frame, last in section A, lists the skills the walk that wrote
//! the index produced, in its order: what a load ahead of the walk builds
//! the catalog from (`catalog::ahead`).
//!
//! Entries are framed so that loading only has to find each entry's file
//! path (its first field); an entry is decoded in full when the walk reaches
//! its file, on whichever thread that is, and an unchanged entry is copied
//! into the next index as raw bytes. Strings are borrowed from the file's
//! bytes, so decoding allocates only the lists that hold them.
//!
//! The analysed text that only relevance scoring reads (a third of the
//! index) is section B, after everything else: a command that scores
//! nothing (`check`, `list`) reads the header and section A only.

use serde::{Deserialize, Serialize};
use std::io::{Seek, Write};

pub const MAGIC: &[u8; 8] = b"re0index";
/// Bump whenever the layout of [`Meta`] or [`Entry`] changes.
pub const FORMAT_VERSION: u32 = 7;
pub const HEADER: usize = 8 + 4 + (4 + 8) * 2;

/// What the whole index is about.
#[derive(Debug, Serialize, Deserialize)]
pub struct Meta<'a> {
    /// Which re0 build wrote it: another build may parse differently.
    #[serde(borrow)]
    pub build: &'a str,
    /// The root folder whose skills it holds.
    #[serde(borrow)]
    pub root: &'a str,
    /// When the scan that wrote it began (ns since the epoch); an entry whose
    /// file changed close to this moment is not trusted (racily clean).
    pub written_ns: i64,
}

/// A file's identity and metadata, as `stat` reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stat {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
    pub mtime_ns: i64,
    pub ctime_ns: i64,
}

/// What an entry's parse depended on. The file path comes first: loading
/// reads only it.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key<'a> {
    #[serde(borrow)]
    pub file: &'a str,
    #[serde(borrow)]
    pub dir: &'a str,
    #[serde(borrow)]
    pub plugin: Option<&'a str>,
    pub has_agents: bool,
    #[serde(borrow)]
    pub ges_files: Vec<&'a str>,
    pub stat: Stat,
    /// `agents/openai.yaml`, when the folder has `agents/` and it exists.
    pub sidecar: Option<Stat>,
}

/// One skill file and what reading it produced.
#[derive(Debug, Serialize, Deserialize)]
pub struct Entry<'a> {
    #[serde(borrow)]
    pub key: Key<'a>,
    #[serde(borrow)]
    pub skill: Record<'a>,
}

/// A folder's listing, as the walk uses it: names in order with their kind.
#[derive(Debug, Serialize, Deserialize)]
pub struct Listing<'a> {
    #[serde(borrow)]
    pub dir: &'a str,
    pub stat: Stat,
    /// Kind: 0 folder, 1 symbolic link, 2 anything else.
    #[serde(borrow)]
    pub names: Vec<(&'a str, u8)>,
}

/// The skills a walk produced, in its order.
#[derive(Debug, Serialize, Deserialize)]
pub struct Order<'a> {
    /// Empty: every frame of section A begins with a path.
    #[serde(borrow)]
    pub path: &'a str,
    /// Each skill's file, and its folder's canonical path when that is not
    /// the file's folder (a folder reached through a link).
    #[serde(borrow)]
    pub skills: Vec<(&'a str, Option<&'a str>)>,
}

pub const TAG_SKILL: u8 = 0;
pub const TAG_LISTING: u8 = 1;
pub const TAG_PROFILE: u8 = 2;
pub const TAG_ORDER: u8 = 3;

/// A [`crate::catalog::Skill`] as read from its file, before precedence.
#[derive(Debug, Serialize, Deserialize)]
pub struct Record<'a> {
    #[serde(borrow)]
    pub name: &'a str,
    #[serde(borrow)]
    pub description: Option<&'a str>,
    pub lane: u8,
    pub lane_source: u8,
    pub readable: bool,
    pub name_line: Option<usize>,
    #[serde(borrow)]
    pub ges: Option<&'a str>,
    #[serde(borrow)]
    pub contract: RContract<'a>,
    #[serde(borrow)]
    pub diagnostics: Vec<RDiag<'a>>,
    /// (skill, comes first, quote) for each relation the body states.
    #[serde(borrow)]
    pub body_links: Vec<(&'a str, bool, &'a str)>,
    #[serde(borrow)]
    pub ges_problem: Option<&'a str>,
}

/// A [`crate::plan::profile::Profile`]: the analysed text planning scores.
#[derive(Debug, Serialize, Deserialize)]
pub struct RProfile<'a> {
    #[serde(borrow)]
    pub terms: &'a str,
    pub ends: [u32; 8],
    pub lens: [u32; 8],
    #[serde(borrow)]
    pub phrases: Vec<(&'a str, &'a str)>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RField<T> {
    pub value: T,
    pub origin: u8,
    pub line: Option<usize>,
}

type Names<'a> = Option<RField<Vec<&'a str>>>;

#[derive(Debug, Serialize, Deserialize)]
pub struct RContract<'a> {
    pub disable_model_invocation: Option<RField<bool>>,
    #[serde(borrow)]
    pub triggers: Names<'a>,
    #[serde(borrow)]
    pub requires: Names<'a>,
    #[serde(borrow)]
    pub produces: Names<'a>,
    pub writes: Option<RField<bool>>,
    pub destructive: Option<RField<bool>>,
    #[serde(borrow)]
    pub needs: Names<'a>,
    #[serde(borrow)]
    pub pipeline: Names<'a>,
    #[serde(borrow)]
    pub calls: Names<'a>,
    #[serde(borrow)]
    pub skip_when: Option<RField<&'a str>>,
    #[serde(borrow)]
    pub decision: Option<RField<&'a str>>,
    #[serde(borrow)]
    pub done_when: Option<RField<&'a str>>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RDiag<'a> {
    #[serde(borrow)]
    pub code: &'a str,
    pub severity: u8,
    #[serde(borrow)]
    pub file: &'a str,
    pub line: Option<usize>,
    pub column: Option<usize>,
    #[serde(borrow)]
    pub message: &'a str,
    #[serde(borrow)]
    pub help: Option<&'a str>,
}

/// A frame's tag, path and bytes (the bytes include the tag, so a frame is
/// copied whole).
#[cfg(test)]
pub type Frame<'a> = (u8, &'a str, &'a [u8]);

/// A decoded index: its meta, the frames of section A, and those of
/// section B when it was read.
#[cfg(test)]
pub struct Decoded<'a> {
    pub meta: Meta<'a>,
    pub entries: Vec<Frame<'a>>,
    pub profiles: Option<Vec<&'a [u8]>>,
}

/// The lengths of sections A and B an index file's header states, and
/// their checksums; `None` when it is not a header of this format.
pub fn sections(bytes: &[u8]) -> Option<[(u32, u64); 2]> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return None;
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().ok()?);
    if version != FORMAT_VERSION {
        return None;
    }
    let at = |i: usize| -> Option<(u32, u64)> {
        let crc = u32::from_le_bytes(bytes[i..i + 4].try_into().ok()?);
        let len = u64::from_le_bytes(bytes[i + 4..i + 12].try_into().ok()?);
        Some((crc, len))
    };
    Some([at(12)?, at(24)?])
}

/// Reads an index file's bytes: header and section A, and section B when
/// present. `None` when it is not a whole, uncorrupted index of this format
/// (section B, when present, is checked too). The tests' view of
/// [`decode_split`].
#[cfg(test)]
pub fn decode(bytes: &[u8]) -> Option<Decoded<'_>> {
    let d = decode_split(bytes, frames, |_| Some(()))?;
    Some(Decoded {
        meta: d.meta,
        entries: d.first,
        profiles: d.profiles,
    })
}

/// Reads an index file's bytes as [`decode`] does, and hands the bytes of
/// section A's frames to `first` and `second` (see [`frames_in`]) while the
/// checksums are computed: on one core A's checksum, then `first`; on the
/// other section B, then `second`. At 10,000 skills that is 17 MB to sum and
/// 20,000 frames to look up, all before a walk can begin. `None` when the
/// file is not a whole, uncorrupted index, or either returns `None`; what
/// they made is then dropped.
pub fn decode_split<'a, F: Send, S: Send>(
    bytes: &'a [u8],
    first: impl FnOnce(&'a [u8]) -> Option<F> + Send,
    second: impl FnOnce(&'a [u8]) -> Option<S> + Send,
) -> Option<Split<'a, F, S>> {
    let [(crc_a, len_a), (crc_b, len_b)] = sections(bytes)?;
    let end_a = (HEADER as u64).checked_add(len_a)?;
    let body = bytes.get(HEADER..usize::try_from(end_a).ok()?)?;
    let rest = &bytes[body.len() + HEADER..];
    if !(rest.is_empty() || rest.len() as u64 == len_b) {
        return None;
    }
    let (meta, frames_a): (Meta, &[u8]) = postcard::take_from_bytes(body).ok()?;
    let (a, b) = rayon::join(
        || {
            (crc32fast::hash(body) == crc_a)
                .then(|| first(frames_a))
                .flatten()
        },
        || {
            let profiles = match rest.is_empty() {
                true => None,
                false => Some(section_b(rest, crc_b)?),
            };
            Some((profiles, second(frames_a)?))
        },
    );
    let (profiles, second) = b?;
    Some(Split {
        meta,
        first: a?,
        second,
        profiles,
    })
}

/// What [`decode_split`] read: the meta, what its two readers made of
/// section A's frames, and section B's frames when it was read.
pub struct Split<'a, F, S> {
    pub meta: Meta<'a>,
    pub first: F,
    pub second: S,
    pub profiles: Option<Vec<&'a [u8]>>,
}

/// Each frame of `rest` (section A's frames) as its tag and entry bytes, or
/// `None` where the frames are unsound (and the whole index is to be
/// refused).
pub fn frames_in(mut rest: &[u8]) -> impl Iterator<Item = Option<(u8, &[u8])>> {
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some((blob, next)) = frame(rest) else {
            rest = &[];
            return Some(None);
        };
        rest = next;
        Some(blob.first().map(|&tag| (tag, blob)))
    })
}

/// The path a frame's entry begins with (every frame of A begins so).
pub fn path_of(blob: &[u8]) -> Option<&str> {
    let (path, _): (&str, _) = postcard::take_from_bytes(blob.get(1..)?).ok()?;
    Some(path)
}

/// The frames of section B, given its bytes and the header's checksum.
pub fn section_b(bytes: &[u8], crc: u32) -> Option<Vec<&[u8]>> {
    if crc32fast::hash(bytes) != crc {
        return None;
    }
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let (blob, next) = frame(rest)?;
        out.push(blob);
        rest = next;
    }
    Some(out)
}

/// The first frame of `rest` (tag and entry), and what follows it.
fn frame(rest: &[u8]) -> Option<(&[u8], &[u8])> {
    let n = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
    let blob = rest.get(4..4usize.checked_add(n)?)?;
    Some((blob, &rest[4 + n..]))
}

#[cfg(test)]
fn frames(rest: &[u8]) -> Option<Vec<Frame<'_>>> {
    frames_in(rest)
        .map(|f| {
            let (tag, blob) = f?;
            Some((tag, path_of(blob)?, blob))
        })
        .collect()
}

/// Writes an index file as it goes: the header's checksums and lengths are
/// filled in last, so no copy of the whole index is held in memory. Frames
/// go to section A until [`Writer::profiles`], then to section B.
pub struct Writer<W: Write + Seek> {
    out: W,
    crc: crc32fast::Hasher,
    len: u64,
    /// Section A's checksum and length, once it is closed.
    a: Option<(u32, u64)>,
}

impl<W: Write + Seek> Writer<W> {
    pub fn new(mut out: W, meta: &Meta) -> std::io::Result<Self> {
        out.write_all(&[0; HEADER])?;
        let mut w = Writer {
            out,
            crc: crc32fast::Hasher::new(),
            len: 0,
            a: None,
        };
        let m = postcard::to_allocvec(meta).map_err(std::io::Error::other)?;
        w.body(&m)?;
        Ok(w)
    }

    fn body(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.crc.update(b);
        self.len += b.len() as u64;
        self.out.write_all(b)
    }

    /// One frame: an entry's bytes, tag first.
    pub fn frame(&mut self, e: &[u8]) -> std::io::Result<()> {
        let n = u32::try_from(e.len()).map_err(std::io::Error::other)?;
        self.body(&n.to_le_bytes())?;
        self.body(e)
    }

    /// Closes section A: the frames that follow are profiles.
    pub fn profiles(&mut self) {
        if self.a.is_none() {
            let crc = std::mem::take(&mut self.crc).finalize();
            self.a = Some((crc, std::mem::take(&mut self.len)));
        }
    }

    pub fn finish(mut self) -> std::io::Result<W> {
        self.profiles();
        let (crc_a, len_a) = self.a.unwrap_or_default();
        let mut header = Vec::with_capacity(HEADER);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&crc_a.to_le_bytes());
        header.extend_from_slice(&len_a.to_le_bytes());
        header.extend_from_slice(&self.crc.finalize().to_le_bytes());
        header.extend_from_slice(&self.len.to_le_bytes());
        self.out.seek(std::io::SeekFrom::Start(0))?;
        self.out.write_all(&header)?;
        Ok(self.out)
    }
}

/// A whole index file in memory, from its meta and the frames of its two
/// sections.
#[cfg(test)]
pub fn encode<'b>(
    meta: &Meta,
    entries: impl Iterator<Item = &'b [u8]>,
    profiles: impl Iterator<Item = &'b [u8]>,
) -> Option<Vec<u8>> {
    let mut w = Writer::new(std::io::Cursor::new(Vec::new()), meta).ok()?;
    for e in entries {
        w.frame(e).ok()?;
    }
    w.profiles();
    for e in profiles {
        w.frame(e).ok()?;
    }
    Some(w.finish().ok()?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        let meta = Meta {
            build: "b",
            root: "/r",
            written_ns: 7,
        };
        let mut a = vec![TAG_SKILL];
        a.extend(postcard::to_allocvec(&("/r/a/SKILL.md", 1u8)).unwrap());
        let mut b = vec![TAG_LISTING];
        b.extend(postcard::to_allocvec(&("/r/b", 2u8)).unwrap());
        let mut p = vec![TAG_PROFILE];
        p.extend(postcard::to_allocvec(&3u8).unwrap());
        encode(
            &meta,
            [a.as_slice(), b.as_slice()].into_iter(),
            [p.as_slice()].into_iter(),
        )
        .unwrap()
    }

    /// Where section A ends in `bytes`.
    fn end_of_a(bytes: &[u8]) -> usize {
        HEADER + sections(bytes).unwrap()[0].1 as usize
    }

    #[test]
    fn round_trip_finds_each_entry_by_file() {
        let bytes = sample();
        let d = decode(&bytes).unwrap();
        assert_eq!(d.meta.root, "/r");
        assert_eq!(d.meta.written_ns, 7);
        let files: Vec<(u8, &str)> = d.entries.iter().map(|e| (e.0, e.1)).collect();
        assert_eq!(files, [(TAG_SKILL, "/r/a/SKILL.md"), (TAG_LISTING, "/r/b")]);
        let profiles = d.profiles.unwrap();
        assert_eq!(profiles.len(), 1);
        assert_eq!(profiles[0][0], TAG_PROFILE);
    }

    #[test]
    fn section_a_alone_decodes_without_profiles() {
        let bytes = sample();
        let d = decode(&bytes[..end_of_a(&bytes)]).unwrap();
        assert_eq!(d.entries.len(), 2);
        assert!(d.profiles.is_none());
    }

    #[test]
    fn every_truncation_and_every_flipped_byte_is_refused() {
        let bytes = sample();
        let a = end_of_a(&bytes);
        for n in (0..bytes.len()).filter(|&n| n != a) {
            assert!(decode(&bytes[..n]).is_none(), "truncated at {n}");
        }
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x20;
            assert!(decode(&b).is_none(), "flipped byte {i}");
        }
    }
}

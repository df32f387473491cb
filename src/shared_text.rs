//! Text kept once: owned, or a range of a buffer shared by many skills.
//!
//! A warm catalog load decodes every skill from the catalog index, whose
//! bytes are one [`Buffer`]: the index file mapped into memory, or read into
//! it. Copying each description and profile out of it would hold the
//! catalog's text twice (at 10,000 skills, 15 MB of a 60 MB peak); a [`Text`]
//! points into the buffer instead, and the buffer lives as long as any skill
//! does.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// Bytes that do not change while they are shared: held in memory, or the
/// pages of a file mapped read-only (see [`Buffer::mapped`]).
#[derive(Default)]
pub struct Buffer(Bytes);

#[derive(Default)]
enum Bytes {
    #[default]
    Empty,
    Heap(Vec<u8>),
    /// The first `len` bytes of a mapping.
    Mapped(memmap2::Mmap, usize),
}

impl Buffer {
    /// A buffer of `bytes` read into memory.
    pub fn heap(bytes: Vec<u8>) -> Buffer {
        Buffer(Bytes::Heap(bytes))
    }

    /// The first `len` bytes (at most the mapping's) of a file's mapping.
    ///
    /// Its bytes must not change while it lives. [`Text`] relies on that
    /// for soundness, so only a file that nobody writes in place may be
    /// mapped: re0's index files are written whole under a temporary name
    /// and renamed over the old one, which leaves the old file's bytes as
    /// they were for anyone who has it open or mapped.
    pub fn mapped(map: memmap2::Mmap, len: usize) -> Buffer {
        let len = len.min(map.len());
        Buffer(Bytes::Mapped(map, len))
    }
}

impl Deref for Buffer {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Bytes::Empty => &[],
            Bytes::Heap(v) => v,
            Bytes::Mapped(m, len) => &m[..*len],
        }
    }
}

impl fmt::Debug for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.0 {
            Bytes::Mapped(..) => "mapped",
            _ => "heap",
        };
        write!(f, "Buffer({kind}, {} bytes)", self.len())
    }
}

/// A string, owned or borrowed from a shared buffer; reads as `&str`.
#[derive(Clone)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Owned(Box<str>),
    /// `len` bytes at `start` of the buffer: a `&str` when it was made.
    Shared {
        buf: Arc<Buffer>,
        start: u32,
        len: u32,
    },
}

impl Text {
    /// `s` as a range of `buf` when it lies inside it; an owned copy
    /// otherwise (a string decoded from elsewhere, or a buffer too large to
    /// address with 32-bit offsets).
    pub fn within(buf: &Arc<Buffer>, s: &str) -> Text {
        let base = buf.as_ptr() as usize;
        let at = s.as_ptr() as usize;
        let start = at.wrapping_sub(base);
        let inside = at >= base
            && start
                .checked_add(s.len())
                .is_some_and(|end| end <= buf.len());
        match (inside, u32::try_from(start), u32::try_from(s.len())) {
            (true, Ok(start), Ok(len)) => Text(Repr::Shared {
                buf: Arc::clone(buf),
                start,
                len,
            }),
            _ => Text::from(s),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Owned(s) => s,
            Repr::Shared { buf, start, len } => {
                let bytes = &buf[*start as usize..(*start + *len) as usize];
                debug_assert!(std::str::from_utf8(bytes).is_ok());
                // SAFETY: a `Shared` text is made only by `within`, from a
                // `&str` lying at exactly these bytes of this buffer, and
                // the buffer cannot change while this `Arc` shares it (no
                // `&mut` to a shared `Arc`'s contents exists, and a mapped
                // file is one nobody writes in place: `Buffer::mapped`), so
                // the bytes are still that UTF-8 string.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
        }
    }
}

impl Default for Text {
    fn default() -> Text {
        Text(Repr::Owned(Box::default()))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text(Repr::Owned(s.into_boxed_str()))
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(Repr::Owned(s.into()))
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_inside_the_buffer_is_shared_and_reads_the_same() {
        let buf = Arc::new(Buffer::heap(b"xx hello yy".to_vec()));
        let s = std::str::from_utf8(&buf[3..8]).unwrap();
        let t = Text::within(&buf, s);
        assert!(matches!(
            t.0,
            Repr::Shared {
                start: 3,
                len: 5,
                ..
            }
        ));
        assert_eq!(&*t, "hello");
        assert_eq!(Arc::strong_count(&buf), 2);
        drop(t);
        assert_eq!(Arc::strong_count(&buf), 1);
    }

    #[test]
    fn a_string_from_elsewhere_is_copied() {
        let buf = Arc::new(Buffer::heap(b"abc".to_vec()));
        let other = String::from("abc");
        let t = Text::within(&buf, &other);
        assert!(matches!(t.0, Repr::Owned(_)));
        assert_eq!(t, Text::from("abc"));
        assert_eq!(Arc::strong_count(&buf), 1);
    }

    #[test]
    fn an_empty_string_at_the_buffer_end_is_inside() {
        let buf = Arc::new(Buffer::heap(b"ab".to_vec()));
        let s = std::str::from_utf8(&buf[2..]).unwrap();
        assert_eq!(&*Text::within(&buf, s), "");
    }

    #[test]
    fn it_serializes_as_its_text() {
        let t = Text::from("a \"b\"");
        assert_eq!(serde_json::to_string(&t).unwrap(), r#""a \"b\"""#);
        assert_eq!(format!("{t:?}"), format!("{:?}", "a \"b\""));
    }
}

//! Pretty JSON of `{"schema": …, "<list>": [items]}`, byte for byte what
//! `serde_json::to_writer_pretty` writes, with the items serialised on every
//! core.
//!
//! A roster of 10,000 skills is 16 MB of JSON; escaping it on one thread
//! was a seventh of a warm `re0 list`. Items are serialised in chunks of
//! [`CHUNK`] in parallel and written in order, so memory holds one chunk,
//! not the document. Each item is written as `serde_json`'s pretty
//! formatter would write it two levels deep ([`Nested`]).

use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;

/// Items serialised at once.
const CHUNK: usize = 512;
/// Items serialised into one buffer.
const GROUP: usize = 32;
/// An item's indent inside the document: two levels of two spaces.
const INDENT: &[u8] = b"    ";

/// Writes the document to `out`; `item(i)` makes the `i`-th of `len` items.
pub fn write_listing<T: Serialize>(
    out: &mut (impl Write + ?Sized),
    schema: &str,
    list: &str,
    len: usize,
    item: impl Fn(usize) -> T + Sync,
) -> std::io::Result<()> {
    let field = |s: &str| serde_json::to_string(s).map_err(std::io::Error::other);
    write!(
        out,
        "{{\n  \"schema\": {},\n  {}: ",
        field(schema)?,
        field(list)?
    )?;
    if len == 0 {
        return out.write_all(b"[]\n}");
    }
    out.write_all(b"[\n")?;
    for start in (0..len).step_by(CHUNK) {
        let end = len.min(start + CHUNK);
        // A few items to a buffer: one allocation for each, not for each item.
        let groups: Vec<std::io::Result<Vec<u8>>> = (start..end)
            .step_by(GROUP)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|from| {
                let mut buf = Vec::with_capacity(GROUP * 2048);
                for i in from..end.min(from + GROUP) {
                    if i > 0 {
                        buf.extend_from_slice(b",\n");
                    }
                    indented(&mut buf, &item(i))?;
                }
                Ok(buf)
            })
            .collect();
        for group in groups {
            out.write_all(&group?)?;
        }
    }
    out.write_all(b"\n  ]\n}")
}

/// Appends `v` as pretty JSON, every line indented by [`INDENT`]: written
/// in one pass by a formatter that starts two levels deep.
fn indented<T: Serialize>(out: &mut Vec<u8>, v: &T) -> std::io::Result<()> {
    out.extend_from_slice(INDENT);
    let mut ser = serde_json::Serializer::with_formatter(out, Nested::default());
    v.serialize(&mut ser).map_err(std::io::Error::other)
}

/// `serde_json`'s pretty formatter (two spaces a level) with its levels
/// counted from two: an item's lines as they stand in the document.
struct Nested {
    level: usize,
    has_value: bool,
}

impl Default for Nested {
    fn default() -> Self {
        Nested {
            level: INDENT.len() / 2,
            has_value: false,
        }
    }
}

impl Nested {
    fn open<W: ?Sized + Write>(&mut self, w: &mut W, c: &[u8]) -> std::io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(c)
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, c: &[u8]) -> std::io::Result<()> {
        self.level -= 1;
        if self.has_value {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        w.write_all(c)
    }

    fn next<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        w.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(w)
    }

    fn indent<W: ?Sized + Write>(&self, w: &mut W) -> std::io::Result<()> {
        for _ in 0..self.level {
            w.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Nested {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"[")
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.next(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.next(w, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Doc {
        schema: &'static str,
        skills: Vec<serde_json::Value>,
    }

    fn both(items: Vec<serde_json::Value>) -> (String, String) {
        let mut ours = Vec::new();
        write_listing(&mut ours, "re0/roster@1", "skills", items.len(), |i| {
            &items[i]
        })
        .unwrap();
        let theirs = serde_json::to_string_pretty(&Doc {
            schema: "re0/roster@1",
            skills: items.clone(),
        })
        .unwrap();
        (String::from_utf8(ours).unwrap(), theirs)
    }

    #[test]
    fn writes_what_serde_json_writes() {
        let item = |i: usize| {
            serde_json::json!({
                "name": format!("skill-{i}"),
                "description": "Line one.\nLine \"two\"\t— end",
                "empty_list": [],
                "empty_map": {},
                "nested": {"a": [1, 2, {"b": null}], "c": true},
                "deep": [[], [{}], [[1, []]], {"x": {"y": []}}],
                "n": i,
            })
        };
        for n in [
            0,
            1,
            2,
            GROUP,
            GROUP + 1,
            CHUNK - 1,
            CHUNK,
            CHUNK + 1,
            2 * CHUNK + 3,
        ] {
            let (ours, theirs) = both((0..n).map(item).collect());
            assert_eq!(ours, theirs, "{n} items");
        }
    }
}

//! Pretty JSON of `{"schema": …, "<list>": [items]}`, byte for byte what
//! `serde_json::to_writer_pretty` writes, with the items serialised on every
//! core.
//!
//! A roster of 10,000 skills is 16 MB of JSON; escaping it on one thread
//! was a seventh of a warm `re0 list`. Items are serialised in chunks of
//! [`CHUNK`] in parallel and written in order, so memory holds one chunk,
//! not the document. Pretty output puts a line break only between tokens
//! (a string's own breaks are escaped), so indenting an item's text is
//! indenting its lines.

use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;

/// Items serialised at once.
const CHUNK: usize = 512;
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
        let parts: Vec<std::io::Result<Vec<u8>>> = (start..len.min(start + CHUNK))
            .into_par_iter()
            .map(|i| indented(&item(i)))
            .collect();
        for (k, part) in parts.into_iter().enumerate() {
            if start + k > 0 {
                out.write_all(b",\n")?;
            }
            out.write_all(&part?)?;
        }
    }
    out.write_all(b"\n  ]\n}")
}

/// `v` as pretty JSON, every line indented by [`INDENT`].
fn indented<T: Serialize>(v: &T) -> std::io::Result<Vec<u8>> {
    let text = serde_json::to_vec_pretty(v).map_err(std::io::Error::other)?;
    let breaks = memchr::memchr_iter(b'\n', &text).count();
    let mut out = Vec::with_capacity(text.len() + INDENT.len() * (breaks + 1));
    out.extend_from_slice(INDENT);
    for (k, line) in text.split(|&b| b == b'\n').enumerate() {
        if k > 0 {
            out.push(b'\n');
            out.extend_from_slice(INDENT);
        }
        out.extend_from_slice(line);
    }
    Ok(out)
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
                "n": i,
            })
        };
        for n in [0, 1, 2, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 3] {
            let (ours, theirs) = both((0..n).map(item).collect());
            assert_eq!(ours, theirs, "{n} items");
        }
    }
}

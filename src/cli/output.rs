//! Writing to stdout and stderr: the one writer every command prints
//! through.
//!
//! Invariants:
//! - A closed pipe (`re0 run … | head`) is a quiet exit with status 141
//!   (128 + SIGPIPE, what a shell reports for a process its reader left),
//!   never a panic and never an error message. Children re0 started are
//!   stopped first.
//! - Nothing re0 prints about itself on stderr can fail or panic.
//! - Table cells are clipped and cleaned before comfy-table sees them, so a
//!   100 KB description or note cannot make laying out a table slow and no
//!   escape sequence from catalog or state text reaches the terminal.

use std::io::Write;

/// `--format text|json`, for the commands that print one of the two.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Exit status when the reader of stdout went away.
pub const BROKEN_PIPE_EXIT: i32 = 141;

/// Longest table cell shown, in characters.
pub const CELL_MAX: usize = 400;

/// Stops re0's children and exits quietly: the reader is gone.
pub fn quiet_exit() -> ! {
    crate::process::stop_all();
    std::process::exit(BROKEN_PIPE_EXIT)
}

/// Stdout, where a broken pipe ends the process quietly.
pub struct Out;

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match std::io::stdout().lock().write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => quiet_exit(),
            r => r,
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match std::io::stdout().lock().flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => quiet_exit(),
            r => r,
        }
    }
}

/// Writes `text` to stdout.
pub fn print(text: &str) {
    let mut out = Out;
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Writes `text` and a newline to stdout.
pub fn line(text: impl AsRef<str>) {
    let mut s = String::with_capacity(text.as_ref().len() + 1);
    s.push_str(text.as_ref());
    s.push('\n');
    print(&s);
}

/// Writes one line to stderr; a closed stderr is ignored.
pub fn eline(text: impl AsRef<str>) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_ref().as_bytes());
    let _ = err.write_all(b"\n");
}

/// Streams `v` as pretty JSON with a trailing newline, without building a
/// JSON tree first (a roster of 10,000 skills stays small in memory).
pub fn print_serialize<T: serde::Serialize>(v: &T) {
    let mut out = std::io::BufWriter::with_capacity(64 << 10, Out);
    if serde_json::to_writer_pretty(&mut out, v).is_ok() {
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

/// Streams to stdout whatever `write` writes, through one buffer (a
/// report of 100,000 findings is never held whole).
pub fn stream(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
    let mut out = std::io::BufWriter::with_capacity(64 << 10, Out);
    let _ = write(&mut out);
    let _ = out.flush();
}

/// Pretty JSON with a trailing newline.
pub fn print_json(v: &serde_json::Value) {
    print_serialize(v);
}

/// A comfy-table sized for the terminal, 100 columns when not on one, and
/// 80 when the terminal reports a width of 0 (some CI terminals do).
pub fn table(header: &[&str]) -> comfy_table::Table {
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_header(header.to_vec());
    t.set_width(table_width());
    t
}

/// The width [`table`] lays a table out in.
pub fn table_width() -> u16 {
    terminal_width(comfy_table::Table::new().width())
}

/// The width to lay a table out in, from what the terminal reports.
pub fn terminal_width(reported: Option<u16>) -> u16 {
    match reported {
        None => 100,
        Some(0) => 80,
        Some(w) => w,
    }
}

/// Text someone else wrote, made fit for a table cell: at most
/// [`CELL_MAX`] characters, no control characters.
pub fn cell(text: &str) -> String {
    // Line breaks stay (a cell may hold a name and its root on two lines);
    // every other control character is escaped.
    crate::display::clean_lines(&crate::display::clip(text, CELL_MAX)).into_owned()
}

/// Every cell of a row through [`cell`].
pub fn row(cells: Vec<String>) -> Vec<String> {
    cells.iter().map(|c| cell(c)).collect()
}

/// The first sentence of `text`, cut to `max` characters.
pub fn first_sentence(text: &str, max: usize) -> String {
    // The words are joined one space apart only as far as the sentence or
    // the cut reaches, not through the whole description.
    let mut out = String::new();
    let mut chars = 0;
    let mut words = text.split_whitespace().peekable();
    while let Some(w) = words.next() {
        if !out.is_empty() {
            out.push(' ');
            chars += 1;
        }
        out.push_str(w);
        chars += w.chars().count();
        if chars > max || (w.ends_with('.') && words.peek().is_some()) {
            break;
        }
    }
    if chars > max {
        let mut cut: String = out.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first sentence as first written: the whole text flattened,
    /// then cut.
    fn first_sentence_of_flat(text: &str, max: usize) -> String {
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let end = flat.find(". ").map(|i| i + 1).unwrap_or(flat.len());
        let s = &flat[..end];
        if s.chars().count() > max {
            let cut: String = s.chars().take(max.saturating_sub(1)).collect();
            format!("{cut}…")
        } else {
            s.to_string()
        }
    }

    proptest::proptest! {
        #[test]
        fn first_sentence_is_the_flattened_text_cut(
            text in "([a-z]{1,6}|[.]|[ \t\n]{1,3}|é|…){0,40}",
            max in 0usize..60,
        ) {
            proptest::prop_assert_eq!(first_sentence(&text, max), first_sentence_of_flat(&text, max));
        }
    }

    #[test]
    fn a_zero_width_terminal_gets_80_columns() {
        assert_eq!(terminal_width(Some(0)), 80);
        assert_eq!(terminal_width(None), 100);
        assert_eq!(terminal_width(Some(132)), 132);
    }
}

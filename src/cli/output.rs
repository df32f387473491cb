//! Writing to stdout without panicking when the reader goes away.

use std::io::Write;

/// Writes `text` to stdout; a closed pipe is not an error.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Streams `v` as pretty JSON with a trailing newline, without building a
/// JSON tree first (a roster of 10,000 skills stays small in memory).
pub fn print_serialize<T: serde::Serialize>(v: &T) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if serde_json::to_writer_pretty(&mut out, v).is_ok() {
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

/// Pretty JSON with a trailing newline.
pub fn print_json(v: &serde_json::Value) {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    print(&s);
}

/// A comfy-table sized for the terminal, 100 columns when not on one, and
/// 80 when the terminal reports a width of 0 (some CI terminals do).
pub fn table(header: &[&str]) -> comfy_table::Table {
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_header(header.to_vec());
    let width = terminal_width(t.width());
    t.set_width(width);
    t
}

/// The width to lay a table out in, from what the terminal reports.
pub fn terminal_width(reported: Option<u16>) -> u16 {
    match reported {
        None => 100,
        Some(0) => 80,
        Some(w) => w,
    }
}

/// Keeps column `col` (skill names) whole: it is never wrapped or cut;
/// the other columns wrap instead.
pub fn keep_whole(t: &mut comfy_table::Table, col: usize) {
    if let Some(c) = t.column_mut(col) {
        c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
    }
}

/// The first sentence of `text`, cut to `max` characters.
pub fn first_sentence(text: &str, max: usize) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_width_terminal_gets_80_columns() {
        assert_eq!(terminal_width(Some(0)), 80);
        assert_eq!(terminal_width(None), 100);
        assert_eq!(terminal_width(Some(132)), 132);
    }
}

//! A table laid out once and written row by row, for rosters too long to
//! hand to comfy-table as a whole.
//!
//! It draws exactly what [`super::output::table`] draws (the
//! `UTF8_FULL_CONDENSED` preset, dynamic arrangement, one space of padding,
//! some columns kept whole): the layout comes from the column widths, each
//! row is then cut into lines on its own, on any core, and written out in
//! order. comfy-table formats every cell of the table in one thread and
//! holds the whole text before a byte is written; at 10,000 skills that is
//! two thirds of `re0 list`. The tests hold the two to the same bytes.

use rayon::prelude::*;
use std::io::{self, Write};
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// A line in a cell ends this close to the column's width: the next word
/// goes on a new line rather than being cut.
const MIN_FREE: usize = 2;

/// Rows cut into lines per task.
const CHUNK: usize = 256;

/// A table's columns: their headings, which are kept whole (never wrapped,
/// at their content's width), and the width the table may take.
pub struct Grid<'a> {
    pub header: &'a [&'a str],
    pub whole: &'a [usize],
    pub width: usize,
}

impl Grid<'_> {
    /// Writes the table, borders included, with no newline after the last.
    pub fn write(&self, rows: &[Vec<String>], out: &mut dyn Write) -> io::Result<()> {
        let widths = self.layout(rows);
        out.write_all(rule(&widths, ['┌', '─', '┬', '┐']).as_bytes())?;
        let header: Vec<String> = self.header.iter().map(|h| h.to_string()).collect();
        let mut buf = String::new();
        draw_row(&header, &widths, &mut buf);
        buf.push_str(&rule(&widths, ['╞', '═', '╪', '╡']));
        out.write_all(buf.as_bytes())?;
        let drawn: Vec<String> = rows
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut s = String::new();
                for row in chunk {
                    draw_row(row, &widths, &mut s);
                }
                s
            })
            .collect();
        for s in &drawn {
            out.write_all(s.as_bytes())?;
        }
        let bottom = rule(&widths, ['└', '─', '┴', '┘']);
        out.write_all(bottom.trim_end_matches('\n').as_bytes())
    }

    /// The content width of each column, as comfy-table's dynamic
    /// arrangement chooses it.
    fn layout(&self, rows: &[Vec<String>]) -> Vec<usize> {
        let n = self.header.len();
        let mut max: Vec<usize> = self.header.iter().map(|h| width_of(h)).collect();
        let row_max: Vec<Vec<usize>> = rows
            .par_iter()
            .map(|r| r.iter().map(|c| width_of(c)).collect())
            .collect();
        for r in &row_max {
            for (m, w) in max.iter_mut().zip(r) {
                *m = (*m).max(*w);
            }
        }
        let max: Vec<usize> = max.into_iter().map(|m| m.max(1)).collect();
        let mut fixed: Vec<Option<usize>> = vec![None; n];
        for &c in self.whole {
            if c < n {
                fixed[c] = Some(max[c]);
            }
        }
        let open = fixed.iter().filter(|f| f.is_none()).count();
        let used: usize = fixed.iter().flatten().map(|w| w + 2).sum();
        let mut room = self
            .width
            .saturating_sub(n + 1)
            .saturating_sub(2 * open)
            .saturating_sub(used);
        let mut left = open;
        if left > 0 {
            (room, left) = fit_into_average(&mut fixed, &max, room, left);
        }
        if left > 0 {
            (room, left) = shrink_to_split(&mut fixed, rows, self.header, room, left);
        }
        if left > 0 {
            share_out(&mut fixed, room.max(left), left);
        }
        fixed.into_iter().map(|w| w.unwrap_or(1).max(1)).collect()
    }
}

/// The widest line of a cell.
fn width_of(cell: &str) -> usize {
    cell.split('\n').map(width).max().unwrap_or(0)
}

/// The display width of `s`: its length when it is printable ASCII.
fn width(s: &str) -> usize {
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        s.len()
    } else {
        s.width()
    }
}

/// Fixes every open column whose content fits into the average room left,
/// until none does.
fn fit_into_average(
    fixed: &mut [Option<usize>],
    max: &[usize],
    mut room: usize,
    mut left: usize,
) -> (usize, usize) {
    let mut changed = true;
    while changed && left > 0 {
        changed = false;
        let mut average = room / left;
        if average == 0 {
            break;
        }
        for c in 0..fixed.len() {
            if fixed[c].is_some() || max[c] > average {
                continue;
            }
            fixed[c] = Some(max[c]);
            room = room.saturating_sub(max[c]);
            left -= 1;
            if left == 0 {
                break;
            }
            average = room / left;
            changed = true;
        }
    }
    (room, left)
}

/// Fixes an open column at its longest line once cut to the average room,
/// when that leaves three or more columns of the room unused.
fn shrink_to_split(
    fixed: &mut [Option<usize>],
    rows: &[Vec<String>],
    header: &[&str],
    mut room: usize,
    mut left: usize,
) -> (usize, usize) {
    let mut average = room / left;
    let mut changed = true;
    while changed {
        changed = false;
        for (c, f) in fixed.iter_mut().enumerate() {
            if f.is_some() {
                continue;
            }
            let longest = longest_after_split(c, rows, header, average);
            if average.saturating_sub(longest) >= 3 {
                *f = Some(longest.max(1));
                room = room.saturating_sub(longest);
                left -= 1;
                if left == 0 {
                    return (room, left);
                }
                average = room / left;
                changed = true;
            }
        }
    }
    (room, left)
}

/// The longest line of column `c` cut to `width`, in bytes (as comfy-table
/// measures it here).
fn longest_after_split(c: usize, rows: &[Vec<String>], header: &[&str], width: usize) -> usize {
    let longest = |cell: &str| -> usize {
        cell.split('\n')
            .map(|line| {
                if self::width(line) > width {
                    split_line(line, width.max(1))
                        .iter()
                        .map(String::len)
                        .max()
                        .unwrap_or(0)
                } else {
                    line.len()
                }
            })
            .max()
            .unwrap_or(0)
    };
    let head = header.get(c).map_or(0, |h| longest(h));
    rows.par_iter()
        .filter_map(|r| r.get(c))
        .map(|cell| longest(cell))
        .max()
        .unwrap_or(0)
        .max(head)
}

/// Shares `room` among the open columns, the first ones a column more.
fn share_out(fixed: &mut [Option<usize>], room: usize, left: usize) {
    let average = room / left;
    let mut excess = room - average * left;
    for f in fixed.iter_mut().filter(|f| f.is_none()) {
        let extra = usize::from(excess > 0);
        excess = excess.saturating_sub(1);
        *f = Some(average + extra);
    }
}

/// A border line: left corner, fill, crossing, right corner.
fn rule(widths: &[usize], [l, fill, cross, r]: [char; 4]) -> String {
    let mut s = String::new();
    s.push(l);
    for (i, w) in widths.iter().enumerate() {
        if i > 0 {
            s.push(cross);
        }
        s.extend(std::iter::repeat_n(fill, w + 2));
    }
    s.push(r);
    s.push('\n');
    s
}

/// Appends the lines of one row, each ending in a newline.
fn draw_row(row: &[String], widths: &[usize], out: &mut String) {
    let cells: Vec<Vec<String>> = widths
        .iter()
        .enumerate()
        .map(|(c, &w)| match row.get(c) {
            Some(cell) => cell_lines(cell, w),
            None => Vec::new(),
        })
        .collect();
    let height = cells.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        out.push('│');
        for (c, &w) in widths.iter().enumerate() {
            if c > 0 {
                out.push('┆');
            }
            let line = cells[c].get(i).map_or("", String::as_str);
            out.push(' ');
            out.push_str(line);
            out.extend(std::iter::repeat_n(' ', w.saturating_sub(width(line)) + 1));
        }
        out.push_str("│\n");
    }
}

/// The lines a cell takes in a column `width` wide.
fn cell_lines(cell: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in cell.split('\n') {
        if self::width(line) > width {
            out.extend(split_line(line, width));
        } else {
            out.push(line.to_string());
        }
    }
    out
}

/// Cuts a line into lines at most `width` wide, breaking at spaces, and
/// inside a word only when the word is wider than the column.
fn split_line(line: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut words: Vec<&str> = line.split(' ').rev().collect();
    // The line being filled and its width, kept as it grows.
    let mut cur = String::new();
    let mut cur_w = 0;
    while let Some(word) = words.pop() {
        let word_w = self::width(word);
        let gap = usize::from(!cur.is_empty());
        let free = width.saturating_sub(cur_w).saturating_sub(gap);
        if cur_w + gap + word_w <= width {
            if gap == 1 {
                cur.push(' ');
            }
            cur.push_str(word);
            cur_w += gap + word_w;
        } else if !cur.is_empty() && free <= MIN_FREE {
            words.push(word);
            lines.push(std::mem::take(&mut cur));
            cur_w = 0;
            continue;
        } else if word_w > width {
            if gap == 1 {
                cur.push(' ');
            }
            let mut cut = cut_word(word, free);
            if gap == 0 && cut == 0 {
                // Not even one character fits: take one anyway.
                cut = word.chars().next().map_or(0, char::len_utf8);
            }
            cur.push_str(&word[..cut]);
            words.push(&word[cut..]);
            lines.push(std::mem::take(&mut cur));
            cur_w = 0;
            continue;
        } else {
            lines.push(std::mem::take(&mut cur));
            cur.push_str(word);
            cur_w = word_w;
        }
        // A line within MIN_FREE of the width is ended.
        if cur_w > width.saturating_sub(MIN_FREE) {
            lines.push(std::mem::take(&mut cur));
            cur_w = 0;
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// Where `word` is cut to fit `room`: the end of its longest head of
/// whole graphemes at most `room` wide.
fn cut_word(word: &str, room: usize) -> usize {
    let mut used = 0;
    let mut end = 0;
    for (i, g) in word.grapheme_indices(true) {
        let w = g.width();
        if used + w > room {
            break;
        }
        used += w;
        end = i + g.len();
    }
    end
}

#[cfg(test)]
mod tests;

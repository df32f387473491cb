use super::*;
use proptest::prelude::*;

/// What comfy-table draws for the same table, set up as `re0 list` sets
/// it up.
fn comfy(header: &[&str], whole: &[usize], width: usize, rows: &[Vec<String>]) -> String {
    let mut t = crate::cli::output::table(header);
    t.set_width(width as u16);
    for r in rows {
        t.add_row(r.clone());
    }
    for &c in whole {
        if let Some(col) = t.column_mut(c) {
            col.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
    }
    t.to_string()
}

fn grid(header: &[&str], whole: &[usize], width: usize, rows: &[Vec<String>]) -> String {
    let mut out = Vec::new();
    Grid {
        header,
        whole,
        width,
    }
    .write(rows, &mut out)
    .unwrap();
    String::from_utf8(out).unwrap()
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

#[test]
fn a_roster_is_drawn_as_comfy_table_draws_it() {
    let header = ["name (root)", "lane", "description"];
    let rows = vec![
        row(&["pdf\n  ~/.claude/skills", "model-invoked", "Fill and merge PDF forms, extract their text and tables, and split or rotate pages."]),
        row(&["release\n  ~/.claude/skills", "user-only\n(unreadable)", "Tag and publish a release."]),
        row(&["a-very-long-skill-name-that-is-kept-whole\n  catalogs/x", "model-invoked", "Supercalifragilisticexpialidocious-words-without-spaces-are-cut-where-the-column-ends, then wrapped."]),
    ];
    for width in [40, 60, 80, 100, 132] {
        assert_eq!(
            grid(&header, &[0, 1], width, &rows),
            comfy(&header, &[0, 1], width, &rows),
            "width {width}"
        );
    }
}

#[test]
fn a_narrow_column_keeps_its_width_and_the_rest_shares_the_room() {
    let header = ["name (root)", "lane", "clients", "description", "shadowed"];
    let rows = vec![
        row(&["x\n  r", "model-invoked", "claude codex", "short", "yes"]),
        row(&["y\n  r", "user-only", "claude codex cursor gemini opencode copilot", "a description long enough to wrap in every width we try here, and then some more words", ""]),
    ];
    for width in [50, 80, 100, 160] {
        assert_eq!(
            grid(&header, &[0, 1], width, &rows),
            comfy(&header, &[0, 1], width, &rows),
            "width {width}"
        );
    }
}

#[test]
fn rows_are_drawn_the_same_in_any_number_of_chunks() {
    let header = ["name (root)", "lane", "description"];
    let rows: Vec<Vec<String>> = (0..(3 * CHUNK + 7))
        .map(|i| {
            row(&[
                &format!("skill-{i}\n  root"),
                "model-invoked",
                &"word ".repeat(i % 40),
            ])
        })
        .collect();
    assert_eq!(
        grid(&header, &[0, 1], 100, &rows),
        comfy(&header, &[0, 1], 100, &rows)
    );
}

#[test]
fn a_column_shrinks_to_its_longest_line_only_when_three_or_more_are_left() {
    // A word of every length before a short one: the longest line after
    // the cut moves across the width where comfy-table stops shrinking.
    let header = ["name (root)", "lane", "description"];
    for k in 1..80 {
        let rows = vec![row(&[
            "s\n  r",
            "model-invoked",
            &format!("{} yyyyy", "x".repeat(k)),
        ])];
        assert_eq!(
            grid(&header, &[0, 1], 80, &rows),
            comfy(&header, &[0, 1], 80, &rows),
            "a first word of {k}"
        );
    }
}

fn text() -> impl Strategy<Value = String> {
    // Words of letters, wide and combining characters, runs of spaces and
    // the odd line break: what cleaned catalog text can hold.
    proptest::string::string_regex("([a-z]{1,12}|[éü]|[中文]|e\u{301}| {1,3}|\n|[-.,…]){0,30}")
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn grid_draws_what_comfy_table_draws(
        width in 20usize..160,
        cols in 2usize..6,
        keep in 0usize..3,
        cells in proptest::collection::vec(proptest::collection::vec(text(), 6), 0..8),
    ) {
        let names = ["name (root)", "lane", "clients", "description", "shadowed", "x"];
        let header: Vec<&str> = names[..cols].to_vec();
        let whole: Vec<usize> = (0..keep.min(cols)).collect();
        let rows: Vec<Vec<String>> = cells.into_iter().map(|mut r| { r.truncate(cols); r }).collect();
        prop_assert_eq!(grid(&header, &whole, width, &rows), comfy(&header, &whole, width, &rows));
    }
}

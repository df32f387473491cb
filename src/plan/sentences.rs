//! Cutting an intent into sentences: at `;`, `!`, `?`, a line break, a
//! period that ends a sentence (not the one in ".pdf" or "v1.2", nor
//! after "e.g." or a title before a name, "Dr. Okafor"), and at
//! the marks people number steps with: "1. … 2. …", "1) … 2) …",
//! "(1) … (2) …", "step one, … step two, …", "First: … Second: …", and
//! arrows ("find the cause -> write a failing test -> fix it"). A
//! sentence such a mark opens is marked: it is the next step, not more
//! about the one before it. The marks themselves are not part of any
//! sentence.

/// Arrows between steps, longest first.
const ARROWS: &[&str] = &["-->", "->", "=>", "\u{2192}", "\u{27f6}"];

/// Number words after "step".
const NUMBER_WORDS: &[&str] = &["one", "two", "three", "four", "five", "six"];

/// The intent's sentences, each a slice of `intent`, with whether a step
/// mark opens it.
pub fn sentences(intent: &str) -> Vec<(&str, bool)> {
    let mut out: Vec<(&str, bool)> = Vec::new();
    let mut from = 0;
    let mut marked = false;
    // The first arrow follows the first step of its chain ("find the cause
    // -> write a failing test"), where a list number follows a lead-in
    // ("two things: (1) …").
    let arrows = arrows(intent);
    let first_arrow = arrows.first().map(|a| a.0);
    let ends = step_marks(intent, arrows)
        .into_iter()
        .chain([(intent.len(), intent.len())]);
    for (at, resume) in ends {
        for s in split_marks(&intent[from..at])
            .into_iter()
            .flat_map(split_periods)
        {
            let opens = marked && !s.trim().is_empty();
            out.push((s, opens));
            marked &= !opens;
        }
        if first_arrow == Some(at) {
            // Words, not code: "First(p => p.Id)" is a lambda.
            let prose = |s: &str| !s.contains(['(', ')', '{', '}', '=', '[', ']']);
            if let Some(last) = out.iter_mut().rev().find(|(s, _)| !s.trim().is_empty()) {
                last.1 |= prose(last.0) && last.0.split_whitespace().count() >= 2;
            }
        }
        from = resume;
        marked = true;
    }
    out
}

/// Which sentences of one intent a semicolon ends in prose: "research the
/// options; write the plan" lists two tasks. A semicolon inside a code
/// fence ends a statement of the code, not a task.
pub struct Semicolons<'a> {
    intent: &'a str,
    /// Where each "```" of the intent starts.
    fences: Vec<usize>,
    /// Where each line break of the intent is.
    breaks: Vec<usize>,
}

impl<'a> Semicolons<'a> {
    pub fn new(intent: &'a str) -> Self {
        let fences = intent.match_indices("```").map(|(i, _)| i).collect();
        let breaks = intent.match_indices('\n').map(|(i, _)| i).collect();
        Semicolons {
            intent,
            fences,
            breaks,
        }
    }

    /// True when `sentence`, a slice of the intent, follows a semicolon on
    /// its own line, outside a code fence and a quoted reply ("> …"). A
    /// semicolon that ends a line ends a statement of pasted code.
    pub fn before(&self, sentence: &str) -> bool {
        let Some(start) = offset_in(self.intent, sentence) else {
            return false;
        };
        let head = &self.intent[..start];
        // A semicolon, then the sentence on the same line (spaces and tabs
        // between, no break).
        if !head.trim_end_matches([' ', '\t']).ends_with(';') {
            return false;
        }
        let open = self.fences.partition_point(|&f| f < start) % 2 == 1;
        // The line's start, found among the breaks, not by reading back:
        // an intent of many sentences on one line stays linear.
        let line_start = match self.breaks.partition_point(|&b| b < start) {
            0 => 0,
            k => self.breaks[k - 1] + 1,
        };
        !open && !head[line_start..].trim_start().starts_with('>')
    }
}

/// Where `part`, a slice of `whole`, starts in it; `None` when it is not
/// one.
pub fn offset_in(whole: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (start + part.len() <= whole.len()).then_some(start)
}

/// Splits at a line break, and at `;`, `!` and `?` outside parentheses
/// and not inside a token: "the port (8080? 8081?) is stated in three
/// places" is one sentence, and so is "open /watch?v=abc and summarize
/// it"; "why is CI red?fix it" is two.
fn split_marks(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut depth = 0usize;
    // Inside `inline code` that closes on its line: "`…LIMIT 20;` is
    // slow". A fence of three marks is no inline code.
    let mut code = false;
    let mut ticks = 0;
    for (i, c) in s.char_indices() {
        ticks = if c == '`' { ticks + 1 } else { 0 };
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            '\n' => (depth, code) = (0, false),
            '`' if ticks > 1 || s[i + 1..].starts_with('`') => code = false,
            '`' => {
                code = !code
                    && s[i + 1..]
                        .split('\n')
                        .next()
                        .is_some_and(|l| l.contains('`'))
            }
            _ => {}
        }
        // A mark inside a token ends no sentence: one that opens it
        // ("!important"), or a query's ("/watch?v=abc"). One typed
        // without a space ends it still: "why is CI red?fix it".
        if c == '\n'
            || depth == 0 && !code && matches!(c, ';' | '!' | '?') && !inside_token(s, i, c)
        {
            out.push(&s[start..i]);
            start = i + c.len_utf8();
        }
    }
    out.push(&s[start..]);
    out
}

/// True when the mark `c` at `s[i]` is inside a token: it opens one
/// ("!important"), or the rest of the token reads as a query
/// ("watch?v=abc", "pulls?q=is%3Aopen&page=2").
fn inside_token(s: &str, i: usize, c: char) -> bool {
    let rest = &s[i + c.len_utf8()..];
    let opens = s[..i].chars().next_back().is_none_or(char::is_whitespace);
    // Read within its first characters: a long token (pasted base64
    // full of marks) costs no more than a short one.
    let query = || {
        rest.chars()
            .take(QUERY_READ)
            .take_while(|ch| !ch.is_whitespace())
            .any(|ch| matches!(ch, '=' | '&' | '/'))
    };
    rest.starts_with(char::is_alphanumeric) && (opens || c == '?' && query())
}

/// How many characters after a "?" are read for a query's "=", "&" or
/// "/".
const QUERY_READ: usize = 64;

/// Abbreviations whose period ends no sentence, whatever follows: "e.g.
/// she says…", "squash-merge vs. merge commits". "etc." is not one: it
/// ends a list as often as a sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "vs", "cf", "incl", "esp", "approx", "viz", "p.s",
];

/// Titles whose period ends no sentence before a name: "Dr. Okafor",
/// "St. Louis", "Sr. Almeida".
const TITLES: &[&str] = &[
    "dr", "mr", "mrs", "ms", "mx", "prof", "st", "mt", "sr", "sra", "gen", "capt", "lt",
];

/// Splits at a period that ends a sentence (not in ".pdf" or "v1.2", nor
/// after an abbreviation or a title before a name).
fn split_periods(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let b = s.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'.'
            && b.get(i + 1).is_none_or(|n| n.is_ascii_whitespace())
            && !abbreviated(&s[..i], &s[i + 1..])
        {
            out.push(&s[start..i]);
            start = i + 1;
        }
    }
    out.push(&s[start..]);
    out
}

/// The word that ends `before` is an abbreviation, or a title before the
/// capitalised name that opens `after`.
fn abbreviated(before: &str, after: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let named = || {
        after
            .trim_start()
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
    };
    ABBREVIATIONS.contains(&word.as_str()) || TITLES.contains(&word.as_str()) && named()
}

/// The byte ranges of the step marks in `intent`, in order: its `arrows`,
/// and the numbers of a numbered list when they count 1, 2, … (two or
/// more of them), so that "upgrade to node 20. 3 files need it" is no list.
fn step_marks(intent: &str, arrows: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut marks = arrows;
    marks.extend(counted(numbers(intent)));
    marks.extend(counted(letters(intent)));
    marks.extend(counted(step_words(intent)));
    marks.extend(counted(ordinals(intent)));
    marks.extend(bullets(intent));
    marks.sort_unstable();
    marks.dedup_by(|b, a| b.0 < a.1);
    marks
}

/// Arrows between steps. One written in ASCII needs a space on each side:
/// "node->next" in a snippet is code, not a step.
fn arrows(intent: &str) -> Vec<(usize, usize)> {
    let spaced = |a: usize, b: usize| {
        intent[..a].ends_with(char::is_whitespace) && intent[b..].starts_with(char::is_whitespace)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < intent.len() {
        match ARROWS.iter().find(|a| intent[i..].starts_with(**a)) {
            Some(a) => {
                let end = i + a.len();
                if (!a.is_ascii() || spaced(i, end)) && leads_to_step(&intent[end..]) {
                    out.push((i, end));
                }
                i = end;
            }
            None => i += intent[i..].chars().next().map_or(1, char::len_utf8),
        }
    }
    out
}

/// True when the text after an arrow reads as a step: it opens with a
/// task's verb ("-> write a failing test", "→ Ship it"), or names one in a
/// few plain words ("-> spec -> implementation"). Not what a pasted
/// command printed ("EXPLAIN ANALYZE -> Seq Scan on orders (rows=3.1M)",
/// "line 4 -> `TypeError: …`").
fn leads_to_step(after: &str) -> bool {
    // A step's first words stand near its arrow: look no further, so an
    // intent of thousands of arrows is read once, not once per arrow.
    let mut near = after.len().min(256);
    while !after.is_char_boundary(near) {
        near -= 1;
    }
    let t = after[..near].trim_start();
    let end = ARROWS
        .iter()
        .filter_map(|a| t.find(a))
        .chain(t.find(['.', ';', '\n', '!', '?']))
        .min()
        .unwrap_or(t.len());
    let segment = &t[..end];
    // "-> xlsx (one row per line item)": what the parentheses say of the
    // step is no part of its name.
    let named = match (segment.find('('), segment.rfind(')')) {
        (Some(a), Some(b)) if a < b => format!("{} {}", &segment[..a], &segment[b + 1..]),
        _ => segment.to_string(),
    };
    let mut words: Vec<&str> = named
        .split_whitespace()
        .filter(|w| !matches!(w.to_lowercase().as_str(), "a" | "an" | "the"))
        .collect();
    // "-> then check it": the connective says so too.
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    words.drain(..super::order_words::forward(&lower).unwrap_or(0));
    let first = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
    // "-> 5 slide deck": a count is a plain word of a step's name.
    let plain = |w: &&str| {
        w.chars()
            .all(|c| c.is_alphabetic() || matches!(c, '\'' | '-' | ','))
            || w.chars().all(|c| c.is_ascii_digit())
    };
    // A count names a step only beside two words: "-> 5 slide deck", not
    // "-> 2 xlsx", whose one word is too little to choose by.
    let counted = words.iter().any(|w| w.chars().all(|c| c.is_ascii_digit()));
    let named = words.len() <= 3 && words.iter().all(plain) && (!counted || words.len() == 3);
    super::task_words::starts_joined_task(first.trim_end_matches(',')) || named
}

/// Candidate list numbers: "2." or "2)" or "(2)" after the start, a space
/// or a colon, and before a space: (number, start, end).
fn numbers(intent: &str) -> Vec<(u32, usize, usize)> {
    let b = intent.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len() {
        let (open, d) = mark_open(b, i);
        if !mark_starts(b, i) || !b.get(d).is_some_and(u8::is_ascii_digit) {
            continue;
        }
        let mut e = d;
        while e < b.len() && b[e].is_ascii_digit() && e - d < 2 {
            e += 1;
        }
        let closes = match b.get(e) {
            Some(b')') => true,
            Some(b'.') => !open,
            _ => false,
        };
        let spaced = b.get(e + 1).is_none_or(|c| c.is_ascii_whitespace());
        if closes && spaced {
            let n = intent[d..e].parse().unwrap_or(0);
            out.push((n, i, e + 1));
        }
    }
    out
}

/// Whether a list mark at byte `i` of `b` opens with "(", and where its
/// number or letter is.
fn mark_open(b: &[u8], i: usize) -> (bool, usize) {
    let open = b[i] == b'(';
    (open, if open { i + 1 } else { i })
}

/// True when a list mark may start at byte `i` of `b`: at the start, or
/// after a space or a colon.
fn mark_starts(b: &[u8], i: usize) -> bool {
    i == 0 || matches!(b[i - 1], b' ' | b'\t' | b'\n' | b':')
}

/// Candidate list letters: "(a)" or "b)" after the start, a space or a
/// colon, and before a space: "Please (a) go through the hot path, and (b)
/// set up a benchmark project". (letter's place, start, end).
fn letters(intent: &str) -> Vec<(u32, usize, usize)> {
    let b = intent.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len() {
        let (_, l) = mark_open(b, i);
        let letter = b.get(l).copied().filter(|c| (b'a'..=b'h').contains(c));
        let (Some(letter), true) = (letter, mark_starts(b, i)) else {
            continue;
        };
        let closes = b.get(l + 1) == Some(&b')');
        let spaced = b.get(l + 2).is_none_or(|c| c.is_ascii_whitespace());
        if closes && spaced {
            out.push((u32::from(letter - b'a') + 1, i, l + 2));
        }
    }
    out
}

/// Candidate "step one", "step 2": (number, start, end), the end past a
/// comma or colon after it.
fn step_words(intent: &str) -> Vec<(u32, usize, usize)> {
    let lower = intent.to_ascii_lowercase();
    let mut out = Vec::new();
    for (i, _) in lower.match_indices("step ") {
        if i > 0 && lower.as_bytes()[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        let rest = &lower[i + 5..];
        let word = rest
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        let n = NUMBER_WORDS
            .iter()
            .position(|w| *w == word)
            .map(|p| p as u32 + 1)
            .or_else(|| word.parse().ok());
        if let Some(n) = n {
            let mut end = i + 5 + word.len();
            if matches!(lower.as_bytes().get(end), Some(b',' | b':' | b'.')) {
                end += 1;
            }
            out.push((n, i, end));
        }
    }
    out
}

/// Candidate ordinals that open a sentence and count its step: "First:
/// …. Second: …", "Firstly, … Secondly, …", "First research …. Second,
/// …": (number, start, end), the end past the comma or colon after it.
/// Inside a sentence "first" and "second" say more ("a second pass", "do
/// it first, then…").
fn ordinals(intent: &str) -> Vec<(u32, usize, usize)> {
    const ORDINALS: &[(&str, u32)] = &[
        ("first", 1),
        ("firstly", 1),
        ("second", 2),
        ("secondly", 2),
        ("third", 3),
        ("thirdly", 3),
        ("fourth", 4),
        ("fifth", 5),
    ];
    let mut out = Vec::new();
    let mut at = 0;
    for word in intent.split_inclusive(|c: char| c.is_whitespace()) {
        let start = at;
        at += word.len();
        let w = word.trim_end();
        let (mark, marked) = match w.strip_suffix([',', ':']) {
            Some(m) => (m, true),
            None => (w, false),
        };
        let Some(&(_, n)) = ORDINALS.iter().find(|(o, _)| o.eq_ignore_ascii_case(mark)) else {
            continue;
        };
        // "First research the options. Second, write the doc.": an
        // ordinal right before a verb of work marks its step unpunctuated.
        let before_verb = || {
            intent[at..]
                .split_whitespace()
                .next()
                .is_some_and(|v| crate::plan::task_words::starts_joined_task(&v.to_lowercase()))
        };
        let opens = intent[..start]
            .trim_end()
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, '.' | '!' | '?' | ';' | ':' | '\n'));
        if opens && (marked || before_verb()) {
            out.push((n, start, start + w.len()));
        }
    }
    out
}

/// The bullets of a list written one item a line ("- turn my notes into
/// …\n- after that, make a PDF"), when it has two or more: each a step.
/// Not "+ ": the lines a pasted diff adds.
fn bullets(intent: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in intent.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        if let Some(mark) = ["- ", "* ", "\u{2022} "]
            .iter()
            .find(|m| rest.starts_with(**m))
        {
            out.push((start + indent, start + indent + mark.len()));
        }
        start += line.len();
    }
    if out.len() >= 2 {
        out
    } else {
        Vec::new()
    }
}

/// The candidates that count 1, 2, 3…: the first run from 1, when it has
/// two or more.
fn counted(candidates: Vec<(u32, usize, usize)>) -> Vec<(usize, usize)> {
    let mut run = Vec::new();
    for (n, a, b) in candidates {
        if n as usize == run.len() + 1 {
            run.push((a, b));
        }
    }
    if run.len() >= 2 {
        run
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests;

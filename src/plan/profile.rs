//! A skill's text, analysed once: the terms of each field relevance scoring
//! reads ([`super::relevance`]), and its phrases of two or more terms.
//!
//! The analysis does not depend on the intent, so it is done once per skill
//! ([`Skill::profile`]) and kept in the catalog index: a warm `plan` scores a
//! catalog without cutting a description or stemming a word.
//!
//! Fields, in order: name, one-word triggers, one-word quoted phrases,
//! use-when (with the words of longer triggers), does,
//! produces, body, not-for (see [`super::relevance::FieldKind`]). Terms are
//! those of [`Analyzer::for_each_term`]: synonyms applied, stop words
//! dropped, stemmed.

use super::description::{self, Part, Parts};
use super::memo::Memo;
use super::text::{with_words, Analyzer};
use super::words::lower_plain;
use crate::catalog::Skill;
use crate::shared_text::Text;
use std::cell::RefCell;

/// The number of fields.
pub const FIELDS: usize = 8;

/// The terms of a skill's fields and its phrases.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile {
    /// Every term of every field, each followed by one space.
    pub terms: Text,
    /// Where each field's terms end in [`Profile::terms`] (byte offsets).
    pub ends: [u32; FIELDS],
    /// How many terms each field has: its length, which scoring weighs
    /// for every skill (counted once here, not on every plan).
    pub lens: [u32; FIELDS],
    /// Trigger and quoted phrases of two or more terms: the phrase as
    /// written (trimmed) and its terms joined by spaces.
    pub phrases: Vec<(String, String)>,
}

impl Profile {
    /// The terms of field `f`.
    pub fn field(&self, f: usize) -> impl Iterator<Item = &str> {
        let start = if f == 0 { 0 } else { self.ends[f - 1] as usize };
        let end = self.ends[f] as usize;
        self.terms
            .get(start..end)
            .unwrap_or_default()
            .split_terminator(' ')
    }

    /// True when the ends are in order, inside the text and on term
    /// boundaries, and no field claims more terms than it has bytes (each
    /// term is followed by a space; a profile read back from the index is
    /// checked).
    pub fn is_sound(&self) -> bool {
        let mut prev = 0usize;
        self.ends.iter().zip(&self.lens).all(|(&e, &n)| {
            let e = e as usize;
            let ok = e >= prev
                && e <= self.terms.len()
                && (e == 0 || self.terms.as_bytes().get(e - 1) == Some(&b' '))
                && n as usize <= e - prev;
            prev = e;
            ok
        }) && self.ends[FIELDS - 1] as usize == self.terms.len()
    }
}

thread_local! {
    static ANALYZER: Analyzer = Analyzer::default();
    /// What this thread has learned of words: the words of a catalog repeat.
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Builds the profile of `skill` from its name, contract, description and
/// body summary.
pub fn of(skill: &Skill) -> Profile {
    ANALYZER.with(|a| {
        MEMO.with(|m| match m.try_borrow_mut() {
            Ok(mut m) => build(skill, &mut Terms { a, memo: &mut m }),
            // Not reached: a profile is never built while one is.
            Err(_) => build(
                skill,
                &mut Terms {
                    a,
                    memo: &mut Memo::default(),
                },
            ),
        })
    })
}

/// What term analysis needs: the analyzer and the words it has seen.
struct Terms<'a> {
    a: &'a Analyzer,
    memo: &'a mut Memo,
}

impl Terms<'_> {
    /// Appends the terms of `text` to `out`, each followed by a space.
    fn add(&mut self, text: &str, out: &mut String) {
        // The phrase table looks ahead, so words are gathered before terms.
        with_words(text, |ws| self.add_words(ws, out))
    }

    /// Appends the terms of the lowercase words `ws` to `out`.
    fn add_words(&mut self, ws: &[&str], out: &mut String) {
        self.a.for_each_term_with(ws, self.memo, |t, _| {
            // A term is a word of letters and digits: never a space inside.
            out.push_str(t);
            out.push(' ');
        });
    }
}

/// A description cut into its parts, and the words of each part.
struct Described<'d> {
    text: &'d str,
    parts: Parts,
    /// The description's lowercase words and where each starts, found
    /// once with its parts ([`description::cut`]); none for text with
    /// letters beyond ASCII, whose parts' words are read from each part's
    /// own text.
    words: Option<(Vec<&'d str>, Vec<u32>)>,
}

impl<'d> Described<'d> {
    fn of(text: &'d str, lower: &'d mut String) -> Described<'d> {
        if !lower_plain(text, lower) {
            let parts = description::parts(text);
            return Described {
                text,
                parts,
                words: None,
            };
        }
        let lower: &'d str = lower;
        let cut = description::cut(text, lower);
        let ws = cut
            .words
            .iter()
            .map(|w| &lower[w.start as usize..w.end as usize])
            .collect();
        let starts = cut.words.iter().map(|w| w.start).collect();
        Described {
            text,
            parts: cut.parts,
            words: Some((ws, starts)),
        }
    }

    /// Appends the terms of the description's bytes `r` (one part) to `out`.
    fn add(&self, a: &mut Terms, r: &std::ops::Range<usize>, out: &mut String) {
        match &self.words {
            // A part starts at a word or a sentence and ends at a word or
            // a sentence's end: no word crosses it.
            Some((ws, starts)) => {
                let lo = starts.partition_point(|&s| (s as usize) < r.start);
                let hi = starts.partition_point(|&s| (s as usize) < r.end);
                a.add_words(&ws[lo..hi], out);
            }
            None => a.add(&self.text[r.clone()], out),
        }
    }
}

/// The description with Claude Code's `when_to_use` after it as its "Use
/// when…" part, which the client reads with it to choose the skill; none
/// when the skill has no `when_to_use`.
fn with_when(skill: &Skill) -> Option<String> {
    let w = skill.summary.as_ref()?.when_to_use.as_deref()?;
    let d = skill.description.as_deref().unwrap_or("").trim_end();
    let lower = w.to_ascii_lowercase();
    let w = ["use when", "when"]
        .iter()
        .find(|p| {
            lower.starts_with(*p) && !lower[p.len()..].starts_with(|c: char| c.is_alphanumeric())
        })
        .map_or(w, |p| w[p.len()..].trim_start_matches([' ', ':', ',']));
    let stop = if d.is_empty() || d.ends_with(['.', '!', '?']) {
        ""
    } else {
        "."
    };
    Some(format!("{d}{stop} Use when {w}"))
}

fn build(skill: &Skill, a: &mut Terms) -> Profile {
    let mut p = Profile::default();
    let described_with_when = with_when(skill);
    let d = described_with_when
        .as_deref()
        .unwrap_or_else(|| skill.description.as_deref().unwrap_or(""));
    // Terms take about the bytes of the words they come from: room for
    // them at once, not grown term by term.
    let body = skill.summary.as_ref().and_then(|t| t.body.as_deref());
    let room = skill.name.len() + d.len() + body.map_or(0, str::len);
    let mut terms = String::with_capacity(room + 64);
    a.add(&skill.name, &mut terms);
    p.ends[0] = terms.len() as u32;
    // A one-word trigger is the author's word for the skill. The words of
    // a longer one ("app store listing") are not each a trigger: "list"
    // alone is no call for the app store skill. They say when to use it,
    // and the whole is matched as a phrase.
    let mut longer = String::new();
    for t in skill.contract.triggers() {
        let mut one = String::new();
        a.add(t, &mut one);
        match one.matches(' ').count() {
            1 => terms.push_str(&one),
            _ => longer.push_str(&one),
        }
    }
    p.ends[1] = terms.len() as u32;
    let mut lower = String::new();
    let described = Described::of(d, &mut lower);
    let parts = &described.parts;
    // A quoted word is a trigger word; the words of a longer quoted phrase
    // count only as that phrase, found as written.
    for r in &parts.phrases {
        let quoted = &d[r.clone()];
        if !quoted.trim().contains(char::is_whitespace) {
            a.add(quoted, &mut terms);
        }
    }
    p.ends[2] = terms.len() as u32;
    terms.push_str(&longer);
    for (f, want) in [(3, Part::When), (4, Part::Does)] {
        for (part, r) in &parts.spans {
            if *part == want {
                described.add(a, r, &mut terms);
            }
        }
        p.ends[f] = terms.len() as u32;
    }
    for t in skill.contract.produces() {
        a.add(t, &mut terms);
    }
    p.ends[5] = terms.len() as u32;
    if let Some(b) = body {
        a.add(b, &mut terms);
    }
    p.ends[6] = terms.len() as u32;
    for (part, r) in &parts.spans {
        if *part == Part::Not {
            described.add(a, r, &mut terms);
        }
    }
    p.ends[7] = terms.len() as u32;
    p.lens = lens(&terms, &p.ends);
    p.terms = terms.into();
    let quoted = parts.phrases.iter().map(|r| &d[r.clone()]);
    for phrase in skill
        .contract
        .triggers()
        .iter()
        .map(String::as_str)
        .chain(quoted)
    {
        let mut stems = String::new();
        a.add(phrase, &mut stems);
        if stems.matches(' ').count() >= 2 {
            stems.pop();
            p.phrases.push((phrase.trim().to_string(), stems));
        }
    }
    p
}

/// The number of terms of each field: a term is followed by one space.
pub fn lens(terms: &str, ends: &[u32; FIELDS]) -> [u32; FIELDS] {
    let mut out = [0; FIELDS];
    let mut start = 0;
    for (f, &end) in ends.iter().enumerate() {
        let end = (end as usize).clamp(start, terms.len());
        out[f] = memchr::memchr_iter(b' ', &terms.as_bytes()[start..end]).count() as u32;
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(name: &str, description: &str) -> Skill {
        let mut s = crate::catalog::skill::blank(name);
        s.description = Some(description.into());
        s
    }

    #[test]
    fn when_to_use_follows_the_description_as_its_use_when_part() {
        let mut s = skill("x", "Techniques for hard problems");
        assert_eq!(with_when(&s), None);
        for (w, want) in [
            (
                "when stuck on a problem",
                "Techniques for hard problems. Use when stuck on a problem",
            ),
            (
                "Use when: the build is red",
                "Techniques for hard problems. Use when the build is red",
            ),
            (
                "whenever a page is slow",
                "Techniques for hard problems. Use when whenever a page is slow",
            ),
            (
                "a deploy failed",
                "Techniques for hard problems. Use when a deploy failed",
            ),
        ] {
            s.summary.get_or_insert_default().when_to_use = Some(w.to_string());
            assert_eq!(with_when(&s).as_deref(), Some(want));
        }
        s.description = Some("Fixes builds.".into());
        assert_eq!(
            with_when(&s).as_deref(),
            Some("Fixes builds. Use when a deploy failed")
        );
    }

    proptest::proptest! {
        /// An ASCII description's parts get the terms their own text
        /// gives: the words found once with the parts are those of each
        /// part, synonym phrases and versions included.
        #[test]
        fn parts_of_ascii_text_keep_their_terms(
            d in "((Use when|skip when|trigger on|instead of|unless|Do not use|not for|pull request|Node 20|net 9|when|the|x'|[a-zA-Z]{1,7})[ .,;:!?\n—…→’é'\"-]{1,2}){0,30}"
        ) {
            let a = Analyzer::default();
            let mut memo = Memo::default();
            let mut t = Terms { a: &a, memo: &mut memo };
            let mut lower = String::new();
            let described = Described::of(&d, &mut lower);
            for (_, r) in &described.parts.spans {
                let (mut fused, mut own) = (String::new(), String::new());
                described.add(&mut t, r, &mut fused);
                t.add(&d[r.clone()], &mut own);
                proptest::prop_assert_eq!(fused, own, "{:?}", &d[r.clone()]);
            }
        }
    }

    #[test]
    fn fields_hold_their_terms_in_order() {
        let s = skill(
            "pdf-forms",
            "Fills PDF forms. Use when the user says \"fill this form\" or \"acroform\". Do not use for scanned receipts.",
        );
        let p = of(&s);
        assert!(p.is_sound());
        assert_eq!(p.field(0).collect::<Vec<_>>(), ["pdf", "form"]);
        assert_eq!(p.field(2).collect::<Vec<_>>(), ["acroform"]);
        assert!(p.field(3).any(|t| t == "fill"));
        assert!(p.field(4).any(|t| t == "form"));
        assert!(p.field(7).any(|t| t == "receipt"));
        assert!(!p.field(4).any(|t| t == "receipt"));
        assert_eq!(
            p.phrases,
            [("fill this form".to_string(), "fill form".to_string())]
        );
    }

    #[test]
    fn an_empty_skill_has_empty_fields() {
        let p = of(&skill("x", ""));
        assert!(p.is_sound());
        assert_eq!(p.field(0).collect::<Vec<_>>(), ["x"]);
        for f in 1..FIELDS {
            assert_eq!(p.field(f).count(), 0, "field {f}");
        }
    }

    #[test]
    fn unsound_ends_are_caught() {
        let mut p = of(&skill("alpha-beta", "does things"));
        assert!(p.is_sound());
        p.ends[3] = 1;
        assert!(!p.is_sound());
        p.ends[3] = u32::MAX;
        assert!(!p.is_sound());
        let mut p = of(&skill("alpha-beta", "does things"));
        assert_eq!(p.lens[0], 2);
        assert_eq!(p.lens[0] as usize, p.field(0).count());
        p.lens[0] = 99;
        assert!(!p.is_sound(), "more terms than the field has spaces");
    }
}

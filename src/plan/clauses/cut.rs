//! Cutting one sentence into its tasks: at connectives of order ("then",
//! "after that", "before you…"), at "and", "plus" or a comma before a
//! second task, and at a colon after the person's clause of time; each
//! piece with how it relates to the one before it ([`Link`]).

use super::lists;
use super::{commas_after, opens_request, plain, plain_all, words_of, Link};
use crate::plan::order_words;
use crate::plan::task_words::{
    commands_pronoun, names_another, phrasal_command, phrasal_on_object, reads_as_command,
    starts_joined_task, starts_task, states_requirement, OBJECT_OPENERS, PAIR_VERBS,
};
use crate::plan::words::clause_mark;

/// True when the piece of `s` that ends at byte `at` (from the last cut in
/// `cuts`) holds a comma before the one just before `at`: "A, B, and C"
/// is one list.
fn listed_before(s: &str, cuts: &[(usize, usize, Link)], at: usize) -> bool {
    let from = cuts.last().map_or(0, |c| c.1);
    // Commas in parentheses list the details of one item ("a dashboard
    // (p99 latency, error rate, queue depth), and a quality gate").
    let mut depth = 0usize;
    let commas = s[from.min(at)..at]
        .bytes()
        .filter(|&b| {
            match b {
                b'(' => depth += 1,
                b')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            b == b',' && depth == 0
        })
        .count();
    commas >= 2
}

/// Where the next task starts when word `i`, after a comma or "and", opens
/// a clause of time that ends before a command: ", once it's clean push a
/// preview deploy", ", and when everything's green walk me through
/// wrapping up", "and once we agree on them produce the spec".
/// Only the forward words (once, when, after): the task after them comes
/// after the one before.
fn joined_time_clause(
    s: &str,
    words: &[(String, usize, usize)],
    i: usize,
    comma_before: bool,
) -> Option<usize> {
    let at = if words[i].0 == "and" { i + 1 } else { i };
    if comma_before {
        // "…, and while you're in there check the SQL": work added while
        // the agent is at the first, comma or none after the phrase.
        let first: Vec<&str> = words[at..]
            .iter()
            .take(5)
            .map(|(x, _, _)| x.as_str())
            .collect();
        if let Some(len) = order_words::while_at_it(&first) {
            return (at + len < words.len()).then_some(at + len);
        }
    }
    // "…, once it's clean push a preview deploy", "design the endpoints
    // and once we agree on them produce the spec": after a comma or "and".
    if !comma_before && at == i {
        return None;
    }
    time_clause_end(s, words, at)
}

/// Where the command starts when word `at` opens a clause of time that
/// ends before one ("once it's fixed commit it", "when everything's green,
/// walk me through wrapping up"). Only the forward words (once, when,
/// after): the command comes after the work before.
fn time_clause_end(s: &str, words: &[(String, usize, usize)], at: usize) -> Option<usize> {
    // "…, and if it's really green commit it": a condition on the work
    // before (see `order_words::opener_end`) goes forward too.
    if !matches!(words.get(at)?.0.as_str(), "once" | "when" | "after" | "if") {
        return None;
    }
    // A clause of time ends within a few words (see `opener_end`), and the
    // command after it is read by its opening: a window of words, so an
    // intent of many such clauses costs no more than its length.
    let window = &words[at..words.len().min(at + 16)];
    let rest: Vec<String> = window.iter().map(|(w, _, _)| w.clone()).collect();
    let commas = commas_after(s, window);
    let main = |r: &[String]| opens_request(&r.join(" "));
    let len = order_words::opener_end(&rest, &commas, main)?;
    (at + len < words.len()).then_some(at + len)
}

/// Where a piece that spares the agent work ends, when word `i` opens one
/// after a comma or a "but": "…, no need to touch the spreadsheet", "…,
/// but leave the footer alone", "…, I'll do the deploy myself". The piece
/// runs to the next comma or the sentence's end.
fn spared_after(
    s: &str,
    words: &[(String, usize, usize)],
    i: usize,
    comma_before: bool,
) -> Option<usize> {
    let but = words[i].0 == "but";
    if !comma_before && !but {
        return None;
    }
    let from = if but { words.get(i + 1)?.1 } else { words[i].1 };
    let end = clause_mark(&s[from..], &[',']).map_or(s.len(), |k| from + k);
    crate::plan::declines::spares_work(&s[from..end]).then_some(end)
}

/// Cuts one sentence at its connectives; each piece with how it relates to
/// the piece before it.
pub(super) fn cut_sentence(s: &str) -> Vec<(String, Option<Link>)> {
    let words = words_of(s);
    let all: Vec<&str> = words.iter().map(|(w, _, _)| w.as_str()).collect();
    // (cut at, resume at, how the next piece relates to the one before)
    let mut cuts: Vec<(usize, usize, Link)> = Vec::new();
    let inside = in_parens(s, &words);
    // Found once: a comma before it opens a list of alternatives.
    let last_alternative = last_alternative(s, &words);
    // Each word: whether an item of a list of things asked for opens there.
    let mut list_item = vec![false; words.len()];
    for k in lists::item_starts(s, &words, &inside) {
        list_item[k] = true;
    }
    // "Before I add the skill to our plugin and bump its version, run a
    // review": the person's own clause of time runs to its comma, and its
    // "and" joins the person's work, not a task.
    let persons_end = if order_words::persons_time(&all) {
        clause_mark(s, &[',']).unwrap_or(0)
    } else {
        0
    };
    let mut i = 0;
    while i < words.len() {
        let (w, start, end) = (&words[i].0, words[i].1, words[i].2);
        let has_next = i + 1 < words.len();
        if i == 0 || w == "and" && start < persons_end {
            i += 1;
            continue;
        }
        let comma_before = s[..start].trim_end().ends_with([',', '&']);
        // "(meta tags, crawl issues, whatever it is)": a list in
        // parentheses explains the task; its items are no tasks. A
        // connective there still cuts: "(and also make a Word version)".
        if inside[i] && comma_before {
            i += 1;
            continue;
        }
        if let Some(end) = spared_after(s, &words, i, comma_before) {
            // "make the slides, no need to touch the spreadsheet": what the
            // agent is spared is no task, and its words no evidence.
            cuts.push((start, end, Link::Forward));
            i = words.iter().position(|x| x.1 >= end).unwrap_or(words.len());
            continue;
        }
        if let Some((at, len)) = requirement_at(&all, i, comma_before) {
            // "make a printable poster, and it has to use our official
            // colors": what the work must hold to is asked beside it.
            cuts.push((start, words[at].1, Link::Forward));
            i = at + len;
            continue;
        }
        if let Some(len) = order_words::forward(&all[i..]) {
            // "…, next write the plan", not "the single next move".
            let next_as_word = w == "next" && !comma_before && all[i - 1] != "and";
            if i + len < words.len() && !next_as_word {
                // "…, and then once it's fixed commit it": the clause of
                // time after the connective says when; the task is the
                // command after it.
                let main = time_clause_end(s, &words, i + len);
                let resume = main.map_or(words[i + len - 1].2, |m| words[m].1);
                // "…and also …" cuts a task off, but says nothing of order.
                let also = all[i..i + len] == ["and", "also"];
                cuts.push((start, resume, if also { Link::Also } else { Link::Then }));
                i = main.unwrap_or(i + len);
                continue;
            }
        }
        if let Some(len) = last_step(&all[i..], comma_before) {
            // "…, and last add a hook that blocks deletes".
            cuts.push((start, words[i + len - 1].2, Link::Then));
            i += len;
            continue;
        }
        if let Some(len) = order_words::reversing(&all[i..])
            .or_else(|| order_words::before_doing_anything(&all[i..]))
        {
            if i + len < words.len() {
                cuts.push((start, words[i + len - 1].2, Link::Reverse));
                i += len;
                continue;
            }
        }
        if let Some(verb) = time_after_then(&all, i, &cuts, &words) {
            // "…, then once you have the preview URL run a smoke test":
            // the clause of time between "then" and the command says when
            // the next step starts; it is part of the connective.
            if let Some(last) = cuts.last_mut() {
                last.1 = words[verb].1;
            }
            i = verb;
            continue;
        }
        if let Some((len, link)) = order_words::agent_time(&all[i..]) {
            // "audit the markup before you redo the typography", "commit
            // once you've cleared up the conflicts": work asked of the
            // agent, said as when.
            // "…, after you've done that write the doc", "…, but before
            // you do, research…": work that is only the task before,
            // pointed back at, makes the clause a connective.
            let bare_do = words
                .get(i + len)
                .is_some_and(|d| d.0 == "do" && s[d.2..].trim_start().starts_with(','));
            // Tasks listed with no order before it ("deploy it and send me
            // the link, but before you do that rewrite the hero") all wait
            // for the work it asks.
            let unordered =
                !matches!(all[0], "first" | "firstly") && cuts.iter().all(|c| c.2 == Link::Forward);
            if let Some(back) = order_words::work_pointing_back(&all[i + len..], bare_do) {
                let link = match (link, unordered && !cuts.is_empty()) {
                    (true, true) => Link::Before,
                    (true, false) => Link::Reverse,
                    (false, _) => Link::Then,
                };
                let end = i + len + back;
                let resume = words.get(end).map_or(s.len(), |w| w.1);
                cuts.push((start, resume, link));
                i = end;
                continue;
            }
            if i + len < words.len() && order_words::agent_verb(all[i + len]) {
                // After a comma it scopes over the whole sentence before
                // it ("deploy it and send me the link, after you've …"),
                // unless that sentence says its own order ("First research
                // it, then write the plan, after you've …").
                let link = match (link, comma_before && unordered) {
                    (true, _) => Link::Forward,
                    (false, true) => Link::Before,
                    (false, false) => Link::Reverse,
                };
                cuts.push((start, words[i + len - 1].2, link));
                i += len;
                continue;
            }
        }
        if let Some(main) = joined_time_clause(s, &words, i, comma_before) {
            // "fix the conflicts, and once it's clean push a preview
            // deploy": a clause of time, then the next task.
            cuts.push((start, words[main].1, Link::Forward));
            i = main;
            continue;
        }
        if w == "and" && pairs_two(&words[..i]) {
            // "the difference between rebase and merge", "both the docs
            // and the tests": one thing said of two, not a second task.
            i += 1;
            continue;
        }
        if w == "first" && has_next && (words[i - 1].0 == "but" || comma_before) {
            let at = if words[i - 1].0 == "but" {
                words[i - 1].1
            } else {
                start
            };
            cuts.push((at, end, Link::Reverse));
        } else if w == "but" && order_words::ends_first(&all[i + 1..], true) {
            // "execute the plan, but brainstorm the design first".
            cuts.push((start, end, Link::Reverse));
        } else if w == "and"
            && has_next
            && (starts_joined_task(&words[after_and(&words, i)].0)
                || phrasal_command(&plain(&words[after_and(&words, i)..])))
        {
            cuts.push((start, words[after_and(&words, i) - 1].2, Link::Forward));
        } else if list_item[i] {
            // "I need the canvas, an estimate of the market, and a name":
            // each item of a list of things asked for is a task.
            let resume = if w == "and" { words[i + 1].1 } else { start };
            cuts.push((start, resume, Link::Forward));
        } else if matches!(w.as_str(), "and" | "plus") && i >= 2 && states_a_want(&words[i + 1..]) {
            // "login fails randomly and I also want the auth code checked":
            // the person says what else they want.
            cuts.push((start, end, Link::Forward));
        } else if matches!(w.as_str(), "and" | "plus")
            && has_next
            && i >= 2
            && ((comma_before && !listed_before(s, &cuts, start))
                || starts_task(&words[0].0)
                || w == "plus" && says_a_want(&all[..i]))
            && !PAIR_VERBS.contains(&words[0].0.as_str())
            && OBJECT_OPENERS.contains(&words[i + 1].0.as_str())
        {
            // "make a gif and a poster": a second thing asked for, after a
            // task verb, is a task of its own; so is one after a comma
            // ("an obsidian note for the meeting, and a linear issue"), but
            // not the last of a list ("the preview, the frames, and the
            // headlines").
            cuts.push((start, end, Link::Forward));
        } else if w == "plus"
            && has_next
            && i >= 2
            && !crate::plan::text::is_stop_word(&words[i + 1].0)
        {
            // "press release plus homepage copy for the launch": a second
            // thing asked for, with or without an article.
            cuts.push((start, end, Link::Forward));
        } else if (comma_before || cuts.is_empty() && time_before_colon(s, &words, i))
            && last_alternative.is_none_or(|k| k < i)
            && (starts_joined_task(also_past(&words, i))
                || reads_as_command(&plain(&words[i..]))
                || phrasal_on_object(&plain(&words[i..]))
                || does_a_task(&words[i..])
                || asks_another(&words[i..]))
        {
            // "…, simplify the intro"; a verb on no list by its shape:
            // "…, swap each one for a comma"; "…, also make it sound human".
            cuts.push((start, start, Link::Forward));
        } else if (w == "plus" || (w == "and" && comma_before))
            && (reads_as_command(&plain(&words[after_and(&words, i)..]))
                || commands_pronoun(&plain(&words[after_and(&words, i)..])))
        {
            // "…, plus give me a snippet calling the API"; "…, and give it
            // one of your themes" (after a bare comma, "give it…" goes on
            // with the same thing: "…looks generic, give it an identity").
            cuts.push((start, words[after_and(&words, i) - 1].2, Link::Forward));
        }
        i += 1;
    }
    // "before you write the plan, brainstorm it with me": the sentence's
    // main clause, after the comma, comes first.
    if let Some(first) = cuts.first_mut() {
        if first.2 == Link::Forward && order_words::opens_with_before(&all) {
            first.2 = Link::Reverse;
        }
    }
    let mut out = Vec::new();
    let mut from = 0;
    let mut pending: Option<Link> = None;
    for (at, resume, next_link) in cuts {
        pending = if push_piece(&mut out, &s[from..at.max(from)], pending) {
            Some(next_link)
        } else {
            // Nothing stood before this cut: its link joins the pending one.
            Some(match (pending, next_link) {
                (Some(Link::Before), _) | (_, Link::Before) => Link::Before,
                (Some(Link::Reverse), _) | (_, Link::Reverse) => Link::Reverse,
                _ => Link::Forward,
            })
        };
        from = resume;
    }
    push_piece(&mut out, &s[from..], pending);
    // "…, brainstorm the design first": a task that says it comes first.
    for (text, link) in out.iter_mut().skip(1) {
        if *link == Some(Link::Forward) && order_words::ends_first(&plain_all(text), false) {
            *link = Some(Link::Reverse);
        }
    }
    out
}

/// Where a requirement on the work opens at word `i`, after a comma or an
/// "and" or "but" ("…, and it has to use the official colors", "…but it
/// should follow our style guide"), and its length (see
/// [`states_requirement`]).
fn requirement_at(all: &[&str], i: usize, comma_before: bool) -> Option<(usize, usize)> {
    let at = i + usize::from(matches!(all[i], "and" | "but" | "so"));
    if at == i && !comma_before {
        return None;
    }
    let len = states_requirement(all.get(at..)?)?;
    (at + len < all.len()).then_some((at, len))
}

/// Where the command starts when word `i` opens a clause of time of the
/// agent's ("once you have the preview URL") right after a connective of
/// order was cut: the first verb of a task within a few words after the
/// clause's subject and one word of its own.
fn time_after_then(
    all: &[&str],
    i: usize,
    cuts: &[(usize, usize, Link)],
    words: &[(String, usize, usize)],
) -> Option<usize> {
    let (_, resume, link) = cuts.last()?;
    if !matches!(link, Link::Then | Link::Also) || *resume != words[i - 1].2 {
        return None;
    }
    let (len, _) = order_words::agent_time(&all[i..])?;
    let from = i + len + 1;
    (from..all.len().min(from + 8)).find(|&j| starts_task(all[j]))
}

/// The length of "and last" (or "last" after a comma) when a command
/// follows it: the last step of a list ("…, and last add a hook"), not
/// "and last week it broke".
fn last_step(words: &[&str], comma_before: bool) -> Option<usize> {
    let len = match words {
        ["and", "last", ..] => 2,
        ["last", ..] if comma_before => 1,
        _ => return None,
    };
    let rest = &words[len..];
    (rest.first().is_some_and(|v| starts_joined_task(v)) || reads_as_command(rest)).then_some(len)
}

/// The last "or" of `words` before a verb of work or of leaving things be
/// ("park", "keep", "leave"): a list of tasks after a comma that ends in
/// it ("help me decide, merge it locally, open a PR, or park it") offers
/// alternatives, one choice, not tasks to do one after another. Not "or"
/// in parentheses ("(or dotnet-install.ps1 on Windows)").
fn last_alternative(s: &str, words: &[(String, usize, usize)]) -> Option<usize> {
    (0..words.len().saturating_sub(1)).rev().find(|&k| {
        let verb = &words[k + 1].0;
        words[k].0 == "or"
            && !s[..words[k].1].trim_end().ends_with('(')
            && !verb.contains('-')
            && (starts_joined_task(verb) || matches!(verb.as_str(), "park" | "keep" | "leave"))
    })
}

/// The word that opens the piece after a comma at word `i`, past an
/// "also": "…, also make it sound human" asks for a task of its own when
/// that word is a verb of work on the list. Not by a verb's shape alone:
/// "…, also see the notes in notion" points at more context.
fn also_past(words: &[(String, usize, usize)], i: usize) -> &str {
    let at = i + usize::from(words[i].0 == "also" && i + 1 < words.len());
    &words[at].0
}

/// Where the task after the connective at `i` opens: past an adverb that
/// says it is a task of its own ("…, and separately give me the single
/// objection", "and additionally draft the email") or comes later ("and
/// after open the PR", as people write "afterwards" in other tongues).
fn after_and(words: &[(String, usize, usize)], i: usize) -> usize {
    const APART: &[&str] = &[
        "additionally",
        "after",
        "afterward",
        "afterwards",
        "independently",
        "later",
        "separately",
    ];
    let next = i + 1;
    match words.get(next) {
        Some((w, _, _)) if APART.contains(&w.as_str()) && next + 1 < words.len() => next + 1,
        _ => next,
    }
}

/// True when `words` open with "do" before a noun phrase: "…, do a
/// proper security pass", "…, do the migration" (a command, as
/// [`super::super::asks`] reads one; "do" alone is no verb of a task).
fn does_a_task(words: &[(String, usize, usize)]) -> bool {
    matches!(words, [(d, _, _), (n, _, _), ..] if d == "do" && OBJECT_OPENERS.contains(&n.as_str()))
}

/// True when `words` open by asking the agent to have another do the
/// work: "…: have someone with zero context read it cold", "…, get a
/// fresh reader to go through it".
fn asks_another(words: &[(String, usize, usize)]) -> bool {
    matches!(words, [(v, _, _), (who, _, _), ..]
        if matches!(v.as_str(), "have" | "get") && names_another(who))
}

/// For each of `words` (found in `s`), whether it stands inside
/// parentheses.
fn in_parens(s: &str, words: &[(String, usize, usize)]) -> Vec<bool> {
    let mut depth = 0usize;
    let mut at = 0;
    words
        .iter()
        .map(|(_, start, _)| {
            for b in s[at..*start].bytes() {
                match b {
                    b'(' => depth += 1,
                    b')' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            at = *start;
            depth > 0
        })
        .collect()
}

/// True when word `i` follows a colon that ends a clause of time opening
/// the sentence ("before I hand this off: get fresh eyes on it"): the
/// clause is when, and the command after the colon the work. A colon after
/// a label or a request ("Improve this goal: replace…") introduces what it
/// is about, and one inside a word ("superpowers:brainstorming") is no cut.
fn time_before_colon(s: &str, words: &[(String, usize, usize)], i: usize) -> bool {
    words[i - 1].0.ends_with(':')
        && s[words[i - 1].2..words[i].1].starts_with(' ')
        && order_words::persons_time(&plain(&words[..i.min(2)]))
}

/// True when a word shortly before an "and" (no other "and" between)
/// pairs it with what comes before: "between the old design doc and…",
/// "both X and Y".
fn pairs_two(before: &[(String, usize, usize)]) -> bool {
    before
        .iter()
        .rev()
        .take(6)
        .take_while(|(w, _, _)| w != "and")
        .any(|(w, _, _)| matches!(w.as_str(), "between" | "both"))
}

/// True when `words` open with the person saying what else they want: "I
/// also want", "we also need", "I'd also like".
fn states_a_want(words: &[(String, usize, usize)]) -> bool {
    let w: Vec<&str> = words.iter().take(3).map(|(w, _, _)| w.as_str()).collect();
    let (subject, rest) = match w.split_first() {
        Some((s, rest)) => (*s, rest),
        None => return false,
    };
    // Without "also", what they want is often the same task said again
    // ("…and we need to bring it down").
    let Some((&"also", rest)) = rest.split_first() else {
        return false;
    };
    match subject {
        "i" | "we" => matches!(rest.first(), Some(&"want" | &"need")),
        "i'd" | "we'd" => rest.first() == Some(&"like"),
        _ => false,
    }
}

/// True when the words before say what the person needs or wants: "I
/// need the launch plan plus a battlecard" asks for two things, where
/// "run the suite plus the e2e spec" runs both in one task.
fn says_a_want(before: &[&str]) -> bool {
    before
        .iter()
        .any(|w| matches!(*w, "need" | "needs" | "want" | "wants"))
}

/// Adds a piece unless it is empty or filler; true when it was added.
fn push_piece(out: &mut Vec<(String, Option<Link>)>, piece: &str, link: Option<Link>) -> bool {
    let piece = piece.trim().trim_matches([',', '&', ':']).trim();
    let keep = !piece.is_empty() && !is_filler(piece);
    if keep {
        out.push((piece.to_string(), link));
    }
    keep
}

/// Pieces that are only a connective or a greeting.
fn is_filler(piece: &str) -> bool {
    let w = words_of(piece);
    w.iter().all(|(x, _, _)| {
        matches!(
            x.as_str(),
            "and"
                | "then"
                | "also"
                | "please"
                | "pls"
                | "thanks"
                | "thank"
                | "you"
                | "ok"
                | "so"
                | "but"
                | "before"
                | "that"
                | "this"
                | "first"
                | "firstly"
                | "after"
                | "afterwards"
                | "subsequently"
                | "upon"
                | "on"
                | "completion"
                | "next"
                | "finally"
                | "off"
                | "of"
                | "all"
        )
    })
}

#[cfg(test)]
mod tests;

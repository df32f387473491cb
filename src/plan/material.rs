//! The material an intent carries, set apart from what it asks.
//!
//! People paste what they want worked on into the request: a headline in
//! quotes, an email to review, a code block, a link. Those words say what
//! the work is *on*, not which work it is ("Rewrite this headline:
//! 'An Innovative AI-Powered Platform for Streamlined Business
//! Operations'"), and a pasted sentence must not become a clause of its
//! own. Selection reads the intent with its material blanked out:
//!
//! - a link's scheme and host (`https://apps.example.com`). A link to a
//!   page (a path with no file extension, or `.html`, not on this machine)
//!   that a verb of reading asks for ("read https://…", "grab the article
//!   at https://…", or links handed over first: "here are 3 posts:
//!   https://… . read them") is read, path and all, as the word "webpage":
//!   the work is on a web page's text, and a skill for "web pages" or "a
//!   URL to read" serves it; what the path says the page is about
//!   ("…/branching-patterns.html") is not the work. Any other link keeps
//!   its path, since "…/blog/post-42" or "…/README.md" says what is worked
//!   on, but not its query or fragment (`?tab=checks`, `#top`): those are
//!   parameters, and their "?" is no question; a link to a file, to
//!   localhost, or after "fix the bug in" is only blanked;
//! - a quotation of [`MIN_QUOTED_WORDS`] words or more in `"…"`, `“…”` or
//!   `'…'`. Shorter quotes stay: they name things ("the 'So What' sweep",
//!   "says 'ship it'"), and a skill's quoted trigger phrase is matched
//!   against them;
//! - the folders of a file's path that every project has (`docs/`,
//!   `src/`, `lib/`; see `LAYOUT_FOLDERS`): "docs/onboarding.md" is a
//!   file named onboarding, and asks nothing of a documentation skill;
//! - a tracker's ticket key (`ENG-3302`, `GH-212`; see `keys`);
//! - a line a program printed (a diff, a `git status` entry, a test
//!   runner's verdict, a stack frame; see `output`): the files and tests
//!   it names are what the work is on;
//! - the name of a call in code (`BillingService.generate()`, `map()`;
//!   see `calls`): the function's name, not the work;
//! - the extension of a config, data or web source file
//!   (`dispatcher.ts`, `package-lock.json`; see `extensions`): the
//!   file's name stays, its language is not the work. A document's
//!   extension (`.pdf`, `.docx`, `.xlsx`, `.md`) stays, as do `.c`, `.py`
//!   and other languages' and libraries named with ".js" ("Next.js",
//!   "p5.js").

use std::borrow::Cow;

mod calls;
mod extensions;
mod keys;
mod output;

/// What a link to a page is read as: the work is on a web page.
const PAGE: &str = " webpage ";

/// The word a link to a web page is read as.
pub const PAGE_WORD: &str = "webpage";

/// The fewest words a quotation has to be material rather than a name.
pub const MIN_QUOTED_WORDS: usize = 4;

/// `intent` with its material replaced by spaces, and a link to a page by
/// `PAGE` (byte offsets kept).
pub fn blanked(intent: &str) -> Cow<'_, str> {
    let spans = spans(intent);
    if spans.is_empty() {
        return Cow::Borrowed(intent);
    }
    let mut out = String::with_capacity(intent.len());
    let mut at = 0;
    for (from, to, link) in spans {
        // Material inside a page's path, blanked with it.
        if to <= at {
            continue;
        }
        let from = from.max(at);
        out.push_str(&intent[at..from]);
        // The page's path goes with it: "…/branching-patterns.html" is
        // what the page is about, not the work asked on it. Only a link
        // has one.
        let end = if link {
            to + page_path(&intent[to..])
        } else {
            to
        };
        if link
            && end - from >= PAGE.len()
            && is_page(intent, to)
            && !is_local(&intent[from..to])
            && (read_before(&intent[..from]) || read_after(&intent[to..]))
        {
            out.push_str(PAGE);
            out.extend(std::iter::repeat_n(' ', end - from - PAGE.len()));
            at = end;
        } else if let Some(query) = link.then(|| intent[to..end].find(['?', '#'])).flatten() {
            // A link's query and fragment ("…/pulls?q=is%3Aopen") are its
            // parameters, not what the work is on: their "?" and "&" end
            // no sentence and join no clause.
            out.extend(std::iter::repeat_n(' ', to - from));
            out.push_str(&intent[to..to + query]);
            out.extend(std::iter::repeat_n(' ', end - to - query));
            at = end;
        } else {
            out.extend(std::iter::repeat_n(' ', to - from));
            at = to;
        }
    }
    out.push_str(&intent[at..]);
    Cow::Owned(out)
}

/// The length of the path that opens `rest` (after a link's host): up to
/// the next space, less the punctuation that ends the sentence around it
/// ("read https://x.io/a/b. Then…").
fn page_path(rest: &str) -> usize {
    let token = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
    token
        .trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '"', '\'', '>'])
        .len()
}

/// Byte ranges of the material in `s`, in order, not overlapping, each
/// with whether it is a link (else a quotation).
fn spans(s: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut unclosed = Unclosed::default();
    // Lines a program printed, found once; the next not yet passed.
    let printed = output::output_lines(s);
    let mut next_printed = 0;
    let mut i = 0;
    while i < b.len() {
        while printed.get(next_printed).is_some_and(|&(from, _)| from < i) {
            next_printed += 1;
        }
        let line = printed
            .get(next_printed)
            .filter(|&&(from, _)| from == i)
            .map(|&(_, to)| (to, false));
        let found = line
            .or_else(|| link_at(s, i).map(|end| (end, true)))
            .or_else(|| quote_at(s, i, &mut unclosed).map(|end| (end, false)))
            .or_else(|| extensions::code_extension_at(s, i).map(|end| (end, false)))
            .or_else(|| folders_at(s, i).map(|end| (end, false)))
            .or_else(|| {
                starts_word(s, i)
                    .then(|| calls::call_at(s, i))
                    .flatten()
                    .map(|end| (end, false))
            })
            .or_else(|| {
                starts_word(s, i)
                    .then(|| keys::ticket_key_at(s, i))
                    .flatten()
                    .map(|end| (end, false))
            });
        if let Some((end, link)) = found {
            out.push((i, end, link));
            i = end;
            continue;
        }
        i += s[i..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// A link starting at `i` (at a word start): where its host ends. The
/// path stays: "example.com/blog/post-42" is a blog post.
fn link_at(s: &str, i: usize) -> Option<usize> {
    let rest = &s[i..];
    let opens = ["http://", "https://", "www."].iter().any(|p| {
        rest.get(..p.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(p))
    });
    if !opens || !starts_word(s, i) {
        return None;
    }
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let host_at = rest.find("//").filter(|&k| k < end).map_or(0, |k| k + 2);
    let host_end = rest[host_at..end].find('/').map_or(end, |k| host_at + k);
    Some(i + host_end)
}

/// The folders of a file's path starting at `i` (at a word start), when
/// each is one of [`LAYOUT_FOLDERS`]: where the last `/` before the file's
/// name ends. Only a path that ends in a file with an extension:
/// "app/routes/" names what is worked on, and "CI/CD" or "and/or" are no
/// paths.
fn folders_at(s: &str, i: usize) -> Option<usize> {
    // Not inside a link's path ("…/articles/x.html" says what the page is).
    let inside = s[..i].ends_with(['/', '.', ':', '-', '_', '~']);
    if !starts_word(s, i) || inside {
        return None;
    }
    let rest = &s[i..];
    let len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '~')))
        .unwrap_or(rest.len());
    let path = rest[..len].trim_end_matches('.');
    let last_slash = path.rfind('/')?;
    let file = &path[last_slash + 1..];
    let is_file = file.rsplit_once('.').is_some_and(|(name, ext)| {
        !name.is_empty() && !ext.is_empty() && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    let folders = &path[..last_slash];
    let layout = folders
        .split('/')
        .all(|f| f.is_empty() || matches!(f, "." | ".." | "~") || LAYOUT_FOLDERS.contains(&f));
    (is_file && last_slash > 0 && layout).then_some(i + last_slash + 1)
}

/// Folders every kind of project has, which say where a file lives and not
/// what it is: "docs/onboarding.md" asks nothing of a documentation skill.
/// A folder that says what its files are stays ("docs/plans/auth.md" is a
/// plan, "posts/x.md" a post).
const LAYOUT_FOLDERS: &[&str] = &[
    "app", "apps", "assets", "bin", "build", "cmd", "common", "core", "dist", "doc", "docs",
    "helpers", "include", "internal", "lib", "modules", "packages", "pkg", "public", "scripts",
    "shared", "src", "static", "tmp", "util", "utils", "vendor",
];

/// True when the link whose host ends at `host_end` is a page, not a
/// file: its path ends in no extension or a page's (`.html`, `.php`).
fn is_page(s: &str, host_end: usize) -> bool {
    let rest = &s[host_end..];
    let path = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
    let path = path.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '/');
    let path = path.split(['?', '#']).next().unwrap_or("");
    let last = path.rsplit('/').next().unwrap_or("");
    match last.rsplit_once('.') {
        None => true,
        Some((_, ext)) => {
            matches!(
                ext.to_ascii_lowercase().as_str(),
                "html" | "htm" | "php" | "asp" | "aspx" | "shtml"
            ) || ext.chars().any(|c| !c.is_ascii_alphanumeric())
        }
    }
}

/// Verbs that ask for a page's text: a link after one is a page to read
/// ("read https://…", "grab the article at https://…"). A link after
/// "fix the bug in", "test the flow on" or "look at" is a ticket, an app
/// or a design, not a page whose text is the work.
const READ_VERBS: &[&str] = &[
    "archive",
    "clip",
    "convert",
    "download",
    "extract",
    "fetch",
    "grab",
    "import",
    "pull",
    "read",
    "retrieve",
    "save",
    "scrape",
    "summarise",
    "summarize",
];

/// True when `word` (lowercase) is a verb of [`READ_VERBS`] or its -ing
/// form: "reading", "retrieving", "grabbing".
fn is_read_verb(word: &str) -> bool {
    if READ_VERBS.contains(&word) {
        return true;
    }
    let Some(stem) = word.strip_suffix("ing") else {
        return false;
    };
    // "grabbing", "clipping": the doubled consonant.
    let undoubled = stem
        .len()
        .checked_sub(1)
        .filter(|&n| n > 0 && stem.as_bytes()[n] == stem.as_bytes()[n - 1])
        .map(|n| &stem[..n]);
    READ_VERBS
        .iter()
        .any(|v| *v == stem || v.strip_suffix('e') == Some(stem) || Some(*v) == undoubled)
}

/// How many words before a link its reading verb may stand.
const READ_WINDOW: usize = 8;
/// How far back, in bytes, those words are looked for.
const READ_BYTES: usize = 256;

/// True when one of the last [`READ_WINDOW`] words of `before`, in its
/// last sentence, is a verb of reading.
fn read_before(before: &str) -> bool {
    // Eight words stand within a few hundred bytes: look no further back, so
    // a sentence of thousands of links is read once, not once per link.
    let mut from = before.len().saturating_sub(READ_BYTES);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    let line = before[from..].rsplit('\n').next().unwrap_or("");
    for word in line.split_whitespace().rev().take(READ_WINDOW) {
        // A word that ends a sentence belongs to the one before.
        if word.ends_with(['.', '!', '?', ';']) {
            return false;
        }
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        if is_read_verb(&bare.to_lowercase()) {
            return true;
        }
    }
    false
}

/// True when a verb of reading on a word that points back ("read them",
/// "grab each") stands within the first [`READ_WINDOW`] words of `after`,
/// the text after a link: the pages are handed over first ("here are 3
/// blog posts: https://… https://… . read them and …").
fn read_after(after: &str) -> bool {
    let words: Vec<String> = after
        .split_whitespace()
        .take(READ_WINDOW)
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    words.windows(2).any(|p| {
        is_read_verb(&p[0])
            && matches!(
                p[1].as_str(),
                "it" | "them" | "these" | "those" | "each" | "both" | "all" | "that" | "this"
            )
    })
}

/// True when `link` (scheme and host) points at this machine: an app
/// being worked on, not a page to read.
fn is_local(link: &str) -> bool {
    let host = link.split("//").last().unwrap_or(link);
    let host = host.split(':').next().unwrap_or(host).to_ascii_lowercase();
    // "[::1]:8080" is cut at its first colon, to "[".
    matches!(
        host.as_str(),
        "localhost" | "127.0.0.1" | "0.0.0.0" | "[" | "[::1]"
    ) || host.ends_with(".localhost")
        || host.ends_with(".local")
}

/// For each closing mark, the earliest place from which a search found no
/// closing one: a later opening of the same mark finds none either, so
/// text full of openings (`'a 'a 'a …`) is read once, not once per opening.
#[derive(Default)]
struct Unclosed([Option<usize>; 4]);

impl Unclosed {
    fn slot(close: char) -> usize {
        match close {
            '"' => 0,
            '\u{201d}' => 1,
            '\'' => 2,
            _ => 3,
        }
    }
}

/// A quotation of enough words opening at `i`: where it ends (after the
/// closing mark).
fn quote_at(s: &str, i: usize, unclosed: &mut Unclosed) -> Option<usize> {
    let open = s[i..].chars().next()?;
    let close = match open {
        '"' => '"',
        '\u{201c}' => '\u{201d}',
        '\'' | '\u{2018}' => {
            // An apostrophe inside a word ("it's") opens nothing.
            if !starts_word(s, i) {
                return None;
            }
            if open == '\'' {
                '\''
            } else {
                '\u{2019}'
            }
        }
        _ => return None,
    };
    let body_at = i + open.len_utf8();
    let slot = &mut unclosed.0[Unclosed::slot(close)];
    if slot.is_some_and(|from| from <= body_at) {
        return None;
    }
    let mut k = body_at;
    while let Some(off) = s[k..].find(close) {
        let at = k + off;
        let after = s[at + close.len_utf8()..].chars().next();
        // A closing single quote stands at a word's end: not "it's".
        let closes =
            close == '"' || close == '\u{201d}' || after.is_none_or(|c| !c.is_alphanumeric());
        if closes {
            let body = &s[body_at..at];
            let n = super::text::words(body).len();
            return (n >= MIN_QUOTED_WORDS).then_some(at + close.len_utf8());
        }
        k = at + close.len_utf8();
    }
    *slot = Some(body_at);
    None
}

/// True when byte `i` of `s` is not inside a word.
fn starts_word(s: &str, i: usize) -> bool {
    s[..i]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        crate::plan::text::words(&blanked(s))
    }

    #[test]
    fn a_files_layout_folders_are_blanked() {
        assert_eq!(
            words("trim docs/onboarding.md"),
            ["trim", "onboarding", "md"]
        );
        assert_eq!(
            words("fix ./src/lib/parse.py now"),
            ["fix", "parse", "py", "now"]
        );
        assert_eq!(
            words("add it to utils/time.py"),
            ["add", "it", "to", "time", "py"]
        );
        // A folder that says what its files are stays, as do folders with
        // no file and words joined by a slash; a page read goes whole.
        assert_eq!(
            words("run docs/plans/auth.md"),
            ["run", "docs", "plans", "auth", "md"]
        );
        assert_eq!(words("audit app/routes/"), ["audit", "app", "routes"]);
        assert_eq!(words("read https://x.io/docs/a.html"), ["read", "webpage"]);
        assert_eq!(
            words("CI/CD and/or src/docs"),
            ["ci", "cd", "and", "or", "src", "docs"]
        );
    }

    #[test]
    fn the_page_word_is_what_a_link_is_read_as() {
        // `asks` reads PAGE_WORD after a verb as the link it stands for.
        assert_eq!(PAGE.trim(), PAGE_WORD);
        assert_eq!(
            words("clip https://example.com/a into my vault")[1],
            PAGE_WORD
        );
        // Its -ing form reads too.
        for s in [
            "begin by reading the commentary at https://example.org/pubs/q4",
            "grabbing https://example.com/post for me",
            "Might you retrieve https://example.org/essay?",
        ] {
            assert!(words(s).contains(&PAGE_WORD.to_string()), "{s}");
        }
        assert!(!words("reviewing https://example.com/a").contains(&PAGE_WORD.to_string()));
        // The verb may stand a long noun phrase before the link.
        assert!(
            words("read the cloud providers incident page at https://status.example.com/i/81")
                .contains(&PAGE_WORD.to_string())
        );
    }

    #[test]
    fn pasted_text_and_link_hosts_are_material() {
        assert_eq!(
            words("Rewrite this headline: 'An Innovative Platform for Business' for our tool"),
            ["rewrite", "this", "headline", "for", "our", "tool"]
        );
        assert_eq!(
            words("Review this email: \"Dear Sir, I hope this finds you well.\" Thanks"),
            ["review", "this", "email", "thanks"]
        );
        assert_eq!(
            words("audit https://apps.example.com/blog/id1 now"),
            ["audit", "blog", "id1", "now"]
        );
        assert_eq!(words("see www.example.com"), ["see"]);
        // A page that a verb of reading asks for is a web page to read.
        assert_eq!(
            words("grab the article at https://example.com/post"),
            ["grab", "the", "article", "at", "webpage"]
        );
        // So are pages handed over before "read them".
        assert_eq!(
            words("posts: https://example.com/a https://example.com/b . read them"),
            ["posts", "webpage", "webpage", "read", "them"]
        );
        assert_eq!(
            words("https://example.com/a -- read that and tell me"),
            ["webpage", "read", "that", "and", "tell", "me"]
        );
        assert_eq!(
            words("posts: https://example.com/a . fix them"),
            ["posts", "a", "fix", "them"]
        );
        // Not a ticket, nor an app on this machine.
        assert_eq!(
            words("fix the bug in https://acme.atlassian.net/browse/ENG-42"),
            ["fix", "the", "bug", "in", "browse", "eng", "42"]
        );
        assert_eq!(words("read http://localhost:3000/about"), ["read", "about"]);
        // Each link of a list that a verb of reading asks for; not a link
        // in the sentence after it.
        assert_eq!(
            words("read https://a.com/x and https://b.com/y. Fix https://c.com/z"),
            ["read", "webpage", "and", "webpage", "fix", "z"]
        );
        assert_eq!(
            words("read https://example.org/essays/great.html?x=1, then"),
            ["read", "webpage", "then"]
        );
        // A link to a file is not a page.
        assert_eq!(
            words("fetch https://raw.example.com/app/README.md"),
            ["fetch", "app", "readme", "md"]
        );
        assert_eq!(words("see http://a.io/x.png"), ["see", "x", "png"]);
        // A link's query and fragment are its parameters: blanked.
        assert_eq!(
            words("triage https://github.com/acme/app/pulls?q=is%3Aopen#top now"),
            ["triage", "acme", "app", "pulls", "now"]
        );
        assert_eq!(
            words("see https://a.io/x?v=1. Then y"),
            ["see", "x", "then", "y"]
        );
    }

    #[test]
    fn a_code_file_keeps_its_name_not_its_language() {
        assert_eq!(
            words("conflicts in src/dispatcher.ts and package-lock.json."),
            ["conflicts", "in", "dispatcher", "and", "package", "lock"]
        );
        assert_eq!(
            words("checkout.spec.ts fails"),
            ["checkout", "spec", "fails"]
        );
        assert_eq!(words("at cart.ts:88"), ["at", "cart", "88"]);
        // Documents keep their format; libraries keep ".js".
        assert_eq!(words("fix budget.xlsx"), ["fix", "budget", "xlsx"]);
        assert_eq!(
            words("a p5.js sketch on Next.js 14"),
            ["a", "p5", "js", "sketch", "on", "next", "js", "14"]
        );
        // The only cue of a language skill stays: "review parser.c".
        assert_eq!(words("review parser.c"), ["review", "parser", "c"]);
        // Not an extension: a word after a sentence's period, ".NET", "v1.2".
        assert_eq!(words("done.Then ts"), ["done", "then", "ts"]);
        assert_eq!(words("the .NET 9 app"), ["the", "net", "9", "app"]);
    }

    #[test]
    fn names_and_apostrophes_stay() {
        for s in [
            "apply the 'So What' sweep",
            "it's the users' data, don't drop it",
            "when I say \"ship it\" ship it",
        ] {
            assert_eq!(blanked(s), s, "{s}");
        }
    }

    #[test]
    fn openings_without_a_close_are_read_once() {
        // Quadratic before: each opening searched to the end of the text.
        let s = "'a ".repeat(20_000);
        assert_eq!(blanked(&s), s);
        let s = format!("{} 'one two three four' x", "\u{201c}".repeat(20_000));
        assert_eq!(words(&s), ["x"]);
    }

    #[test]
    fn offsets_are_kept() {
        let s = "a 'one two three four' b";
        assert_eq!(blanked(s).len(), s.len());
    }

    proptest::proptest! {
        #[test]
        fn any_text_keeps_its_length_and_its_other_words(
            s in "([a-z]{1,5}|[ '\"./:]|https://|www\\.|é|\u{201c}|\u{2019}){0,40}"
        ) {
            let b = blanked(&s);
            proptest::prop_assert_eq!(b.len(), s.len());
            // Each character stays or becomes one space per byte, but for
            // a link to a page, which opens with the word for it.
            let mut pages = Vec::new();
            for (from, to, _) in spans(&s) {
                if b[from..to].starts_with(PAGE) {
                    proptest::prop_assert!(b[from + PAGE.len()..to].bytes().all(|x| x == b' '));
                    pages.push(from..to);
                }
            }
            for (i, c) in s.char_indices().filter(|(i, _)| !pages.iter().any(|p| p.contains(i))) {
                let r = i..i + c.len_utf8();
                let kept = b.get(r.clone()) == s.get(r.clone());
                proptest::prop_assert!(kept || b.as_bytes()[r].iter().all(|&x| x == b' '));
            }
        }
    }
}

//! A small table of synonyms for file formats and developer tools.
//!
//! People name a format by its program ("Excel", "PowerPoint", "a Word
//! doc") and a tool by its nickname ("PR", "GH Actions"); skills describe
//! the same things by extension or by their long name (`xlsx`, "pull
//! request"). Each group maps every way of writing it to one canonical
//! term, applied alike to intents and to skill texts, so either way of
//! writing meets the other. The canonical term is the Snowball stem of one
//! of the group's words, so words outside the table still match it.
//!
//! Phrases are matched first, longest first, so "Google Docs" is Google's
//! product and not documentation, and "Word document" is `docx` while a
//! bare "word" stays a word.
//!
//! | canonical | written as |
//! |---|---|
//! | `xlsx` | excel, spreadsheet(s), sheet(s), workbook(s), xls, xlsm |
//! | `pptx` | powerpoint, ppt, slide(s), slideshow, deck(s), presentation(s), slide deck, pitch deck |
//! | `docx` | Word document/doc/file/version/format/memo/report/summary/letter/template, MS Word, Microsoft Word |
//! | `pdf` | pdf(s), acrobat |
//! | `gdoc` / `gsheet` / `gslide` | Google Docs / Sheets / Slides |
//! | `pr` | pr(s), pull request(s), merge request(s) |
//! | `ci` | ci, cicd, CI/CD, GitHub Actions, GH Actions, continuous integration |
//! | `repo` | repo(s), repository, repositories |
//! | `doc` | docs, documentation |
//! | `gif` | gif(s), animated gif |
//! | `mcp` | mcp, Model Context Protocol |
//! | `ui` | ui, frontend, front end, user interface, landing page(s), home page (a page of a site is its interface; a bare "page" or "homepage" is not: pages are also a document's, and a homepage's headline is copy) |
//! | `changelog` | changelog(s), release notes |
//! | `e2e` | e2e, end to end |
//! | `depend` | dependency, dependencies, deps |
//! | `email` | email(s), e-mail |
//! | `imag` | image(s), picture(s), photo(s), png, jpg, jpeg |
//! | `javascript` / `typescript` | js / ts |
//! | `kubernet` | kubernetes, k8s |
//! | `databas` | database(s), db |
//! | `tdd` | tdd, test driven, test first, red green (a practice a skill may carry only in its name; "run the tests first" is an order, not TDD) |
//! | `webpag` | webpage(s), web page(s), and a link to a page in an intent (see [`super::material`]) |
//!
//! Spellings only: these meet their long forms, but naming them is not
//! evidence of a format or tool on its own ([`is_canonical`] is false),
//! since many skills mention Python or GitHub in passing.
//!
//! | term | written as |
//! |---|---|
//! | `postgr` | postgres, postgresql, psql, pg |
//! | `markdown` / `yaml` / `python` / `rust` | md / yml / py / rs |
//! | `github` | github, gh |
//! | `terraform` / `mongodb` | tf / mongo |
//! | `local` | localhost ("test it on localhost" is a local web app) |
//! | `caption` | caption(s), subtitle(s), srt, vtt |
//! | `video` / `audio` | video(s), mp4, mov, webm / audio, mp3, wav |

/// Single words, each group with its canonical term.
#[rustfmt::skip]
pub const WORDS: &[(&[&str], &str)] = &[
    (&["excel", "spreadsheet", "spreadsheets", "sheet", "sheets", "workbook", "workbooks", "xls", "xlsm", "xlsx"], "xlsx"),
    (&["powerpoint", "ppt", "pptx", "slide", "slides", "slideshow", "deck", "decks", "presentation", "presentations"], "pptx"),
    (&["docx"], "docx"),
    (&["pdf", "pdfs", "acrobat"], "pdf"),
    (&["pr", "prs"], "pr"),
    (&["ci", "cicd"], "ci"),
    (&["repo", "repos", "repository", "repositories"], "repo"),
    (&["docs", "documentation"], "doc"),
    (&["gif", "gifs"], "gif"),
    (&["mcp"], "mcp"),
    (&["ui", "frontend"], "ui"),
    (&["changelog", "changelogs"], "changelog"),
    (&["e2e"], "e2e"),
    (&["dependency", "dependencies", "deps"], "depend"),
    (&["email", "emails"], "email"),
    (&["image", "images", "picture", "pictures", "photo", "photos", "png", "jpg", "jpeg"], "imag"),
    (&["js"], "javascript"),
    (&["ts"], "typescript"),
    (&["kubernetes", "k8s"], "kubernet"),
    (&["database", "databases", "db"], "databas"),
    (&["postgres", "postgresql", "psql", "pg"], "postgr"),
    (&["markdown", "md"], "markdown"),
    (&["yaml", "yml"], "yaml"),
    (&["python", "py"], "python"),
    (&["rust", "rs"], "rust"),
    (&["github", "gh"], "github"),
    (&["terraform", "tf"], "terraform"),
    (&["mongodb", "mongo"], "mongodb"),
    (&["local", "localhost"], "local"),
    (&["tdd"], "tdd"),
    (&["webpage", "webpages"], "webpag"),
    (&["caption", "captions", "subtitle", "subtitles", "srt", "vtt"], "caption"),
    (&["video", "videos", "mp4", "mov", "webm"], "video"),
    (&["audio", "mp3", "wav"], "audio"),
];

/// The canonical term of a single lowercase word, if it is in the table.
pub fn word(w: &str) -> Option<&'static str> {
    super::lexicon::of(w).and_then(|k| k.synonym)
}

/// True when `term` is a canonical term of a document format: a file a
/// skill of that format reads and writes, whatever the work on it is.
pub fn is_document(term: &str) -> bool {
    matches!(
        term,
        "xlsx" | "pptx" | "docx" | "pdf" | "gdoc" | "gsheet" | "gslide"
    )
}

/// True when `text` names a document as a file: a file name with a
/// document's extension ("onboarding-guide.docx", "as a .docx"), or a
/// document format after "as" or "into" ("invoices as PDFs", "turned into
/// a proper Word document"), before "file" ("the acrobat file in
/// ~/Downloads"), or as a plural extension ("all PDFs"). Not a format
/// named as a topic ("the iOS share sheet crashes", "real-time sync for
/// spreadsheets").
pub fn names_document_file(text: &str) -> bool {
    let document = |t: Option<&str>| t.is_some_and(is_document);
    let by_extension = text.split_whitespace().any(|token| {
        let t = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '.');
        t.rsplit_once('.')
            .is_some_and(|(_, ext)| document(word(&ext.to_lowercase())))
    });
    if by_extension {
        return true;
    }
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    // "the acrobat file in ~/Downloads", "the excel files": a format
    // before the word "file".
    let before_file = words
        .windows(2)
        .any(|p| matches!(p[1].as_str(), "file" | "files" | "attachment") && document(word(&p[0])));
    // "all PDFs", "the 12 docxs": a format's extension, plural, names
    // the files themselves.
    let plural_extension = words
        .iter()
        .any(|w| w.strip_suffix('s').is_some_and(is_document));
    before_file
        || plural_extension
        || words.iter().enumerate().any(|(i, w)| {
            (w == "as" || w == "into")
                && (i + 1..words.len().min(i + 4)).any(|j| {
                    document(word(&words[j])) || document(phrase(&words[j..]).map(|(t, _)| t))
                })
        })
}

/// True when `term` is one of the table's canonical terms: the intent
/// names a file format or a tool.
pub fn is_canonical(term: &str) -> bool {
    matches!(
        term,
        "xlsx"
            | "pptx"
            | "docx"
            | "pdf"
            | "gdoc"
            | "gsheet"
            | "gslide"
            | "pr"
            | "ci"
            | "repo"
            | "doc"
            | "gif"
            | "mcp"
            | "ui"
            | "changelog"
            | "e2e"
            | "depend"
            | "email"
            | "imag"
            | "javascript"
            | "typescript"
            | "kubernet"
            | "databas"
            | "tdd"
            | "webpag"
    )
}

/// Phrases, each as its words, with the canonical term.
pub const PHRASES: &[(&[&str], &str)] = &[
    (&["google", "docs"], "gdoc"),
    (&["google", "doc"], "gdoc"),
    (&["google", "sheets"], "gsheet"),
    (&["google", "sheet"], "gsheet"),
    (&["google", "slides"], "gslide"),
    (&["word", "document"], "docx"),
    (&["word", "documents"], "docx"),
    (&["word", "doc"], "docx"),
    (&["word", "docs"], "docx"),
    (&["word", "file"], "docx"),
    (&["word", "files"], "docx"),
    (&["word", "version"], "docx"),
    (&["word", "versions"], "docx"),
    (&["word", "format"], "docx"),
    (&["word", "memo"], "docx"),
    (&["word", "memos"], "docx"),
    (&["word", "report"], "docx"),
    (&["word", "summary"], "docx"),
    (&["word", "letter"], "docx"),
    (&["word", "template"], "docx"),
    (&["ms", "word"], "docx"),
    (&["microsoft", "word"], "docx"),
    (&["pull", "request"], "pr"),
    (&["pull", "requests"], "pr"),
    (&["merge", "request"], "pr"),
    (&["merge", "requests"], "pr"),
    (&["github", "actions"], "ci"),
    (&["gh", "actions"], "ci"),
    (&["continuous", "integration"], "ci"),
    (&["model", "context", "protocol"], "mcp"),
    (&["front", "end"], "ui"),
    (&["user", "interface"], "ui"),
    (&["landing", "page"], "ui"),
    (&["landing", "pages"], "ui"),
    (&["home", "page"], "ui"),
    (&["release", "notes"], "changelog"),
    (&["end", "to", "end"], "e2e"),
    (&["animated", "gif"], "gif"),
    (&["slide", "deck"], "pptx"),
    (&["pitch", "deck"], "pptx"),
    (&["e", "mail"], "email"),
    (&["test", "driven"], "tdd"),
    (&["test", "first"], "tdd"),
    (&["red", "green"], "tdd"),
    (&["web", "page"], "webpag"),
    (&["web", "pages"], "webpag"),
];

/// True when `w` can open a phrase of the table (cheap pre-check).
pub fn opens_phrase(w: &str) -> bool {
    super::lexicon::of(w).is_some_and(|k| k.opens_phrase)
}

/// The canonical term of the phrase that `words` starts with, and how many
/// words it spans (the longest phrase wins).
pub fn phrase<S: AsRef<str>>(words: &[S]) -> Option<(&'static str, usize)> {
    let first = words.first()?.as_ref();
    if !opens_phrase(first) {
        return None;
    }
    PHRASES
        .iter()
        .filter(|(p, _)| {
            p.len() <= words.len() && p.iter().zip(words).all(|(a, b)| *a == b.as_ref())
        })
        .max_by_key(|(p, _)| p.len())
        .map(|(p, c)| (*c, p.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_tools_meet_their_other_names() {
        assert_eq!(word("excel"), word("spreadsheet"));
        assert_eq!(word("powerpoint"), word("deck"));
        assert_eq!(phrase(&["word", "doc", "please"]), Some(("docx", 2)));
        assert_eq!(phrase(&["word", "version", "of"]), Some(("docx", 2)));
        assert_eq!(word("docx"), Some("docx"));
        assert_eq!(phrase(&["pull", "request"]), Some(("pr", 2)));
        assert_eq!(word("pr"), Some("pr"));
        assert_eq!(phrase(&["google", "docs"]), Some(("gdoc", 2)));
        assert_eq!(phrase(&["end", "to", "end"]), Some(("e2e", 3)));
        assert_eq!(phrase(&["test", "driven", "development"]), Some(("tdd", 2)));
        assert_eq!(phrase(&["test", "first"]), Some(("tdd", 2)));
        assert_eq!(phrase(&["test", "the", "page"]), None);
        assert_eq!(phrase(&["landing", "page", "for"]), Some(("ui", 2)));
        assert_eq!(word("homepage"), None);
        assert_eq!(phrase(&["tests", "first"]), None);
        assert_eq!(phrase(&["word"]), None);
        assert_eq!(word("word"), None);
        // A kind of document written in Word is one.
        assert_eq!(phrase(&["word", "memo", "for"]), Some(("docx", 2)));
        assert_eq!(phrase(&["word", "summary"]), Some(("docx", 2)));
        assert_eq!(phrase(&["word", "count"]), None);
    }

    #[test]
    fn a_document_is_named_as_a_file_by_its_extension_after_as_or_before_file() {
        for t in [
            "Our onboarding guide, onboarding-guide.docx, is plain",
            "I have a scan (contract_scan.PDF) of the lease",
            "The final version goes to the board as a .docx",
            "Finance dumped 14 invoices as PDFs in ~/Downloads",
            "HR wants the letter turned into a proper Word document",
            "the numbers are in q3.xlsx",
            "the supplement (the acrobat file in ~/Downloads) has 4 tables",
            "40 vendor invoices in ./invoices, all PDFs, a few of them scanned",
        ] {
            assert!(names_document_file(t), "{t}");
        }
        for t in [
            "the iOS share sheet crashes on open",
            "we do real-time sync for spreadsheets",
            "as a team we hate slides meetings",
            "the notes are in notes.txt, as usual",
            "see e.g. the docs",
            "file a ticket about the slides",
            "the problem is a spreadsheet culture",
            "we talk a lot about pdf tooling",
        ] {
            assert!(!names_document_file(t), "{t}");
        }
    }

    #[test]
    fn short_spellings_meet_their_long_forms_without_naming_a_format() {
        for (short, long) in [
            ("psql", "postgresql"),
            ("pg", "postgres"),
            ("md", "markdown"),
            ("yml", "yaml"),
            ("py", "python"),
            ("rs", "rust"),
            ("gh", "github"),
            ("tf", "terraform"),
            ("mongo", "mongodb"),
            ("localhost", "local"),
            ("subtitles", "captions"),
            ("srt", "caption"),
            ("mp4", "video"),
            ("wav", "audio"),
        ] {
            assert_eq!(word(short), word(long), "{short}");
            assert!(!is_canonical(word(short).unwrap()), "{short}");
        }
    }

    #[test]
    fn every_canonical_term_is_known() {
        for w in [
            "excel", "pptx", "docx", "pdf", "pr", "ci", "repo", "docs", "gif", "mcp", "ui",
        ] {
            assert!(is_canonical(word(w).unwrap()), "{w}");
        }
        for (_, c) in PHRASES {
            assert!(is_canonical(c), "{c}");
        }
    }

    #[test]
    fn every_phrase_opener_is_listed() {
        for (p, _) in PHRASES {
            assert!(opens_phrase(p[0]), "{}", p[0]);
        }
    }
}

//! The words that tell a task from a list of things: the verbs that open a
//! task, the verbs whose "and" joins a pair, and what opens a second object.
//! [`super::clauses`] cuts an intent with them.

/// Verbs that open a task when they follow `and` or a comma. A list of
/// nouns ("tables, charts and notes") does not start one.
pub const TASK_VERBS: &[&str] = &[
    "add",
    "analyse",
    "analyze",
    "apply",
    "audit",
    "brainstorm",
    "build",
    "bump",
    "cancel",
    "change",
    "check",
    "clean",
    "commit",
    "compare",
    "compress",
    "convert",
    "create",
    "debug",
    "deploy",
    "design",
    "document",
    "draft",
    "draw",
    "edit",
    "execute",
    "explain",
    "export",
    "extract",
    "fill",
    "find",
    "finish",
    "fix",
    "format",
    "generate",
    "implement",
    "import",
    "improve",
    "install",
    "investigate",
    "land",
    "make",
    "mark",
    "merge",
    "migrate",
    "open",
    "optimise",
    "optimize",
    "organise",
    "organize",
    "pause",
    "plan",
    "polish",
    "prepare",
    "present",
    "publish",
    "push",
    "raise",
    "read",
    "refactor",
    "refund",
    "release",
    "remove",
    "rename",
    "renew",
    "reorder",
    "research",
    "resolve",
    "restructure",
    "review",
    "revoke",
    "rewrite",
    "run",
    "scan",
    "send",
    "set",
    "ship",
    "sign",
    "split",
    "start",
    "summarise",
    "summarize",
    "tag",
    "test",
    "tidy",
    "translate",
    "triage",
    "turn",
    "update",
    "upgrade",
    "upload",
    "validate",
    "verify",
    "write",
];

/// More verbs that open a second task after `and` or a comma ("…and get
/// rid of its em dashes", "…, simplify the intro"). They do not make a
/// sentence a request on their own: "Get that done." after the sentence
/// that says what points back at it, and that sentence stays the request.
pub const JOINED_TASK_VERBS: &[&str] = &[
    "annotate",
    "announce",
    "archive",
    "assess",
    "automate",
    "clarify",
    "clip",
    "compile",
    "condense",
    "configure",
    "connect",
    "consolidate",
    "crawl",
    "critique",
    "crop",
    "cut",
    "dedupe",
    "deduplicate",
    "define",
    "delete",
    "describe",
    "diagnose",
    "dockerize",
    "download",
    "embed",
    "encrypt",
    "evaluate",
    "fetch",
    "get",
    "grill",
    "harden",
    "highlight",
    "illustrate",
    "integrate",
    "interview",
    "invite",
    "lint",
    "localise",
    "localize",
    "modernise",
    "modernize",
    "notify",
    "outline",
    "parse",
    "post",
    "prioritise",
    "prioritize",
    "produce",
    "proofread",
    "provide",
    "provision",
    "pull",
    "put",
    "quiz",
    "rebase",
    "rebuild",
    "record",
    "redesign",
    "refine",
    "reformat",
    "refresh",
    "replace",
    "rerun",
    "resize",
    "restyle",
    "revert",
    "revise",
    "save",
    "scrape",
    "scrub",
    "share",
    "shorten",
    "show",
    "simplify",
    "sketch",
    "specify",
    "squash",
    "stitch",
    "strip",
    "tighten",
    "trace",
    "track",
    "transcribe",
    "transpile",
    "trim",
    "tune",
    "visualise",
    "visualize",
    "wrap",
];

/// True when `word`, after "have" or "get", names who the agent has do
/// the work: "have someone read it cold", "have a subagent review it",
/// "get another reviewer to look".
pub fn names_another(word: &str) -> bool {
    matches!(
        word,
        "someone" | "somebody" | "a" | "an" | "another" | "each" | "every"
    )
}

/// Words that open a second object after "and" ("…and a poster", "…and
/// the press release").
pub const OBJECT_OPENERS: &[&str] = &["a", "an", "our", "the", "some", "my"];

/// Verbs whose object is a pair ("compare the old and the new schema"):
/// their "and" joins one task's two objects.
pub const PAIR_VERBS: &[&str] = &[
    "combine",
    "compare",
    "convert",
    "merge",
    "migrate",
    "translate",
];

/// True when `w` reads as the verb opening a new task.
pub fn starts_task(w: &str) -> bool {
    TASK_VERBS.binary_search(&w).is_ok()
}

/// True when `w`, after `and` or a comma, opens a second task. A
/// hyphenated verb is read by its last part ("cold-read", "re-run",
/// "double-check").
pub fn starts_joined_task(w: &str) -> bool {
    let verb = |w: &str| starts_task(w) || JOINED_TASK_VERBS.binary_search(&w).is_ok();
    verb(w) || w.rsplit_once('-').is_some_and(|(_, last)| verb(last))
}

/// Words that open a new object of a verb: an article, a possessive or a
/// quantifier ("swap each one", "give me a snippet"). Not a pronoun: "sort
/// it out" goes on with the task before it.
const OBJECT_WORDS: &[&str] = &[
    "a",
    "all",
    "an",
    "any",
    "each",
    "every",
    "everything",
    "me",
    "my",
    "our",
    "some",
    "the",
    "us",
    "your",
];

/// Words that open a clause an idiom of work acts on: "figure out which
/// place owns it", "find out what's causing it", "look into why".
pub const CLAUSE_OPENERS: &[&str] = &[
    "how", "what", "what's", "whats", "where", "whether", "which", "who", "why",
];

/// Words that are never the verb of a command: articles, pronouns,
/// prepositions, conjunctions, auxiliaries, interjections (thanks and
/// praise among them: "thx the notes were perfect") and the adverbs that
/// open a clause.
const NOT_VERBS: &[&str] = &[
    "a", "about", "actually", "after", "again", "ah", "all", "also", "although", "am", "an", "and",
    "any", "anyway", "are", "as", "at", "awesome", "be", "because", "before", "being", "both",
    "but", "by", "can", "cool", "could", "did", "do", "does", "each", "either", "else", "even",
    "every", "for", "from", "great", "guess", "had", "haha", "has", "have", "he", "her", "here",
    "hey", "hi", "his", "hm", "hmm", "how", "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into",
    "is", "it", "it'll", "its", "just", "lmao", "lol", "maybe", "me", "might", "more", "most",
    "much", "must", "my", "neither", "next", "nice", "no", "nor", "not", "nothing", "now", "of",
    "oh", "ok", "okay", "omg", "on", "once", "one", "only", "oops", "or", "other", "our", "out",
    "over", "perfect", "perhaps", "please", "probably", "quite", "rather", "she", "should",
    "since", "so", "some", "sorry", "still", "such", "sweet", "than", "that", "the", "their",
    "them", "then", "there", "these", "they", "this", "those", "though", "thus", "thx", "to",
    "too", "ty", "tysm", "ugh", "under", "until", "up", "very", "was", "we", "we'd", "we'll",
    "we're", "we've", "well", "welp", "were", "what", "whatever", "when", "where", "whether",
    "which", "while", "who", "whoops", "why", "will", "with", "without", "would", "wow", "yay",
    "yeah", "yes", "yet", "you", "your",
];

/// True when `words` open with the verb of a command: a verb of the lists
/// above with anything after it, or, by its shape, a word that is no
/// function word, not a past or -ing form nor one that takes a
/// third-person -s, followed by a new object ("swap each one", "give me a
/// snippet"). "don't…" is not one: it bounds the task before it ("…,
/// don't edit any files").
pub fn reads_as_command(words: &[&str]) -> bool {
    let Some((&w, rest)) = words.split_first() else {
        return false;
    };
    if starts_joined_task(w) {
        return !rest.is_empty();
    }
    verb_shaped(w) && rest.first().is_some_and(|n| OBJECT_WORDS.contains(n))
}

/// True when `words`, after a connective of order ("then", "once that's
/// done,"), open as a command does: with a word that is no function word,
/// in a command's form, with more after it ("then give it a theme"). By
/// grammar a word there is the verb; "then it crashed" and "then the tests
/// failed" open with a subject.
pub fn opens_imperative(words: &[&str]) -> bool {
    match words.split_first() {
        Some((&w, rest)) => !rest.is_empty() && verb_shaped(w),
        None => false,
    }
}

/// True when `words` open with a verb and its particle before a new
/// object, by their shape: "carry out the plan", "spin up a worktree",
/// "go through the components", "hack together something throwaway",
/// "come up with a plan". A noun is seldom followed by "out the" or "up a".
pub fn phrasal_command(words: &[&str]) -> bool {
    use super::compounds::PARTICLES;
    // "go through the components", "look into the logs": prepositions that
    // make a verb of work with the verb before them.
    // "hack together something throwaway", "throw together a mockup".
    let particle =
        |p: &str| PARTICLES.contains(&p) || matches!(p, "through" | "thru" | "into" | "together");
    match words {
        // "come up with a test plan": a third part before the object.
        [verb, p, "with", object, ..] if OBJECT_WORDS.contains(object) => {
            verb_shaped(verb) && particle(p)
        }
        // "look up on the web whether…", "catch up on the thread", "read
        // up about the new API": a preposition between the particle and
        // the object.
        [verb, p, "on" | "in" | "for" | "about", object, ..]
            if OBJECT_WORDS.contains(object) || CLAUSE_OPENERS.contains(object) =>
        {
            verb_shaped(verb) && particle(p)
        }
        [verb, p, object, ..] => {
            verb_shaped(verb)
                && particle(p)
                && (OBJECT_WORDS.contains(object)
                    || CLAUSE_OPENERS.contains(object)
                    || *object == "something")
        }
        _ => false,
    }
}

/// True when `words` open with a verb and its particle before a new
/// object that is a thing, not a clause: "punch up the headline", "spin up
/// a worktree"; not "figure out why", which after a comma asks about what
/// the sentence said before it.
pub fn phrasal_on_object(words: &[&str]) -> bool {
    phrasal_command(words) && words.get(2).is_some_and(|o| !CLAUSE_OPENERS.contains(o))
}

/// True when `words` open with a verb by its shape whose object is "it" or
/// "them", with more of the task after it and no particle ("give it one
/// of your themes"; not "sort it out", which goes on with the task before).
pub fn commands_pronoun(words: &[&str]) -> bool {
    use super::compounds::PARTICLES;
    match words {
        [verb, pronoun, next, ..] => {
            verb_shaped(verb) && matches!(*pronoun, "it" | "them") && !PARTICLES.contains(next)
        }
        _ => false,
    }
}

/// True when `words` open a sentence with a verb by its shape and a
/// pronoun for what it acts on, with more after it: "break it into
/// tickets", "hunt it down and fix it", "clean those up first". Not a
/// verb of feeling or knowing ("hope it helps", "love it so far").
pub fn opens_on_pronoun(words: &[&str]) -> bool {
    // Feeling or knowing, and past forms that look plain ("heard it
    // helps", "made it work").
    const STATES: &[&str] = &[
        "bet", "bought", "brought", "built", "did", "feel", "found", "gave", "got", "had", "hate",
        "heard", "hope", "kept", "know", "like", "lost", "love", "made", "mean", "miss", "need",
        "ran", "said", "saw", "see", "sent", "think", "thought", "told", "took", "want", "went",
        "wish", "wrote",
    ];
    // "those" before a noun is no pronoun: "swap those brand names".
    const AFTER_THOSE: &[&str] = &[
        "against", "down", "first", "for", "in", "into", "now", "out", "please", "to", "too", "up",
        "with",
    ];
    match words {
        // "look at those next", "dig into it": a preposition before the
        // pronoun.
        [verb, "at" | "into" | "through" | "thru" | "over", pronoun, ..]
            if matches!(*pronoun, "it" | "them" | "these" | "those") =>
        {
            verb_shaped(verb) && !STATES.contains(verb)
        }
        [verb, pronoun, next, ..] => {
            verb_shaped(verb)
                && !STATES.contains(verb)
                && (matches!(*pronoun, "it" | "them")
                    || matches!(*pronoun, "these" | "those") && AFTER_THOSE.contains(next))
        }
        _ => false,
    }
}

/// Where the command starts in `words` that open with "for each" or "for
/// every" and what it picks out, no comma after it: "for every high
/// severity finding create a ticket". The words between are a noun phrase:
/// no function word among them ("for every user we store a row" tells
/// how something works).
pub fn command_after_for_each(words: &[&str]) -> Option<usize> {
    if !matches!(words, ["for", "each" | "every", ..]) {
        return None;
    }
    (3..words.len().min(8))
        .take_while(|&k| !NOT_VERBS.contains(&words[k - 1]))
        .find(|&k| reads_as_command(&words[k..words.len().min(k + 4)]))
}

/// A word that can be a command's verb by its shape: no function word, in
/// the plain form.
fn verb_shaped(w: &str) -> bool {
    !NOT_VERBS.contains(&w) && plain_form(w)
}

/// Verbs whose plain form ends as a past, -ing, -ly or third-person form
/// does.
const ENDS_SO: &[&str] = &[
    "apply", "bring", "embed", "feed", "focus", "multiply", "reply", "seed", "speed", "supply",
];

/// A word in the form a command's verb takes: letters only, not ending in
/// -ed, -ing, -ly or a third-person -s (but "-ss": "press", "discuss"),
/// unless its plain form ends so ("apply", "bring", "embed").
fn plain_form(w: &str) -> bool {
    if ENDS_SO.contains(&w) {
        return true;
    }
    w.len() >= 2
        && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        && !w.ends_with("ed")
        && !w.ends_with("ing")
        && !w.ends_with("ly")
        && (!w.ends_with('s') || w.ends_with("ss"))
}

/// Verbs of what the work must hold to: "it has to use the official
/// colors", "it should follow our style guide". Not "be": "it should be
/// loading v4" tells of a fault.
const HOLDS_TO: &[&str] = &[
    "comply", "conform", "follow", "include", "match", "meet", "respect", "stick", "use",
];

/// The length of the requirement that opens `words`, when they state
/// one the work must meet: "it has to use Anthropic's colors", "they need
/// to meet the AVM rules", "it should follow our conventions". A
/// requirement on the work is asked as a task of its own: a skill may
/// serve it beside the one that makes the thing.
pub fn states_requirement(words: &[&str]) -> Option<usize> {
    // "it", or a noun phrase of a few words: "the generated hcl", "every
    // page".
    let subject = match *words.first()? {
        "it" | "they" | "this" | "these" | "everything" => 1,
        "the" | "every" | "each" | "all" | "its" | "their" => (2..=4)
            .find(|&n| words.get(n).is_some_and(|w| is_modal(w)))
            .filter(|&n| !words[1..n].iter().any(|w| is_modal(w) || starts_task(w)))?,
        _ => return None,
    };
    let modal = match words.get(subject..)? {
        ["should" | "must", ..] => 1,
        ["has" | "have" | "needs" | "need", "to", ..] => 2,
        _ => return None,
    };
    let verb = words.get(subject + modal)?;
    HOLDS_TO.contains(verb).then_some(subject + 1 + modal)
}

/// True when `w` opens the modal of a requirement.
fn is_modal(w: &str) -> bool {
    matches!(w, "should" | "must" | "has" | "have" | "needs" | "need")
}

#[cfg(test)]
mod tests;

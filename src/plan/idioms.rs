//! Everyday idioms that ask for a kind of work without its word: "track
//! down why", "think it through", "double-check", "push it live".
//!
//! Skill texts name the work ("debugging", "brainstorm", "verification",
//! "deploy"); people ask for it in idioms whose words are common and say
//! nothing alone ("find out why the webhook drops events"). An idiom in a
//! clause of the intent adds the term of its work to the clause, beside
//! its own words, which still count as written ("root cause" also meets a
//! skill that says "root cause"). Skill texts are read as they are: an
//! idiom there is already next to the word of its work.
//!
//! | term | idioms |
//! |---|---|
//! | `debug` | track down why, what's causing; when the intent tells of something failing (`trouble::FAILING`), also root/real/actual cause(s) after a verb of seeking ("find", "dig for", "I want", "run down", …), find the cause, a root cause analysis, figure/find/work out why, need/want to know or understand why, what's (…) causing, what's (…) going on and no/zero idea/clue why |
//! | `brainstorm` | think (it) through ("thru" too), talk it through with me, talk through what/how (…) should, bounce (some) ideas, spitball, the design together, talk/work (…) the design through, work/nail/hash out or down the design |
//! | `verif` | double check, prove it works, make sure it works, confirm it works, show/paste me the (…) output (also "shown", "showing", "pasting"), show/prove (to) me (…) it's/everything (…) passing, green or working |
//! | `deploy` | push/put/take it live, put/get it online, put/get this/the/my/our site, app, page or website online or live, put/get/want (…) on the internet or web |
//! | `ci` | the checks (…) turn/went/are red |
//! | `commit` | save (…) in/into git |
//! | `tdd` | write/add a (the) failing (…) test(s), write failing tests, write a test that fails: the test written to fail first (not "fix the failing test") |
//! | `attack` | tear/rip apart, poke/punch holes, tear/rip/pick it (this, that, them) apart, tear/rip/pick the (this, my, …) … apart, (most) likely to sink/kill/doom/derail (it), want(s) it to fail, devil's advocate: the attack on a plan a skill for objections says |
//! | `parallel` | (fix them) at the same time, inside a clause and ending it, when something fails: failures worked at once, as a skill for parallel agents says; split/spread/farm/fan (…) across/among/between/out (…) agents or subagents |
//! | `combin` | into one/a single file/pdf: parts combined, as a skill for documents says ("combining … into one") |
//! | `catchup` | get/bring me/us (back) up to speed: the briefing a catch-up skill gives ("catch me up" is the same term, see `super::compounds`) |
//! | `human` | (read/sound) like a (normal) person/human wrote it, like an actual/real (…) wrote it, like a robot/bot/chatbot/AI wrote it |
//! | `request` | get (…) reviewed, get a/an/another (second/quick/code…) review or reviewer: a review asked of someone, as a skill for requesting one says |
//! | `secur` | an attack described: break into (…) accounts/data/systems, take over someone's (…) account, steal (…) data/credentials/tokens, bad/malicious actors or users, attackers, hackers, another user's / someone else's files, data or account; SQL/code/command/prompt/shell injection, for/like/against injection (not "dependency injection"), injectable, sqli, exploitable, auth/authz/authn holes or bypasses (not "xss", which security skills say themselves: the idiom outweighed a second skill in the same clause) |
//! | `bloat` | wordy, twice as long, squeeze/trim it down, tighten it (…) without changing/losing, tighten the prose/wording/draft/… (not "tighten it" alone: a bike chain is tightened too) |
//! | `seo` | doesn't/never/barely (…) show up or appear (…) in Google or search, invisible/vanished/disappearing (…) on Google or search, fell/dropped off (…) Google, from Google (…) fell/dropped/tanked/halved, Google (…) indexes, not indexed, search/Google (…) doesn't/never come or pop up: a site lost from search |
//! | `ui` | build/design/redesign/rebuild/restyle the (…) page or screen; look(s) like (…) a template, screams template: a page whose design reads as a template, as a frontend-design skill says (the term is the canonical one of "frontend", see [`super::synonyms`]) |
//! | `receiv` | not convinced they're/that's (right), weigh/evaluate (…) the feedback or suggestions, the feedback/suggestions (…) hold up: review feedback in doubt, as a skill for receiving review says ("the reviewer says LGTM" is not) |
//! | `intern` | company-wide, a note/announcement/update/email (…) to/for (…) employees, staff, the company or everyone: internal communications ("a deck for all the staff" is not) |
//! | `detool` | editor-/tool-/vendor-/agent-neutral or -agnostic, whatever/any agent, editor, assistant or tooling someone or we use (or "on any setup"): a text meant to hold for any tool |
//! | `feynman` | make me/us defend, justify or explain; until I/we (…) defend, justify or explain: a decision pressed until the person can explain it, the Feynman test a skill is named for ("help me justify the budget" is not) |
//! | `aim` | not sure / haven't decided / don't know (…) what I want out of it (yet), not sure what to ask, what (…) I'm after, what (…) I'm (…) going for: material handed over with a thin ask ("not sure what I want for dinner" is not) |
//! | `consolid` | everything/all (…) else point(ing) at it, point the/all others/rest (…) at/to it, the/all others/rest (…) point at/to it, make/pick/choose (…) the real/canonical/authoritative one, the authoritative/canonical version, copy or source, exactly one place/spot/home: one source of truth for a scattered fact |
//! | `remov` | get rid of: removing, as skills that strip a thing say |
//! | `upgrad` | bump, bring, move or update (…) to (the) latest, newest or current; bring (…) up to date or up to the latest; (N) versions, releases or majors behind: an upgrade, as skills for one say |
//! | `creat` | cut a (…) branch: a branch created, as git skills say |
//! | `algorithm` | something pretty/mesmerizing/beautiful/hypnotic (…) with code: generative art made by an algorithm |
//! | `worktre` | a separate/second/another/isolated/fresh checkout: a git worktree |
//! | `coauthor` | with me/us/you section by section, write/draft (…) section by section, write/draft (…) with me, go back and forth with you: a document written together ("review it section by section" is not) |
//! | `persuad` | punch (…) up, actually/really sell(s), sell(s) better, make it sell: copy that persuades, as a copywriting skill says |
//! | `interview` | interrogate me/us, (keep) firing (…) questions: the relentless interview a skill for sharpening a plan names ("one question at a time" is left out: brainstorming asks that way too) |
//! | `catchup` | while I/we was/were out, away, gone or off; what did/have I missed; brief me/us on what; what (…) changed, moved or happened since: the return a catch-up skill briefs on |
//! | `lesson` | what we/I (actually/really) learned, what (…) taught us/me: the lessons a retrospective skill draws from a cycle |
//! | `leak` | too good to be true, way/suspiciously/almost too good or clean, agreeing with itself/ourselves, the same (…) grades/scores/judges: a result an eval-leakage audit doubts ("the same person wrote the docs" is not) |
//! | `interact` | waits for (…) input, keypresses or keystrokes; arrow keys; keep it (a shell, …) alive: a program a skill for interactive sessions drives |
//! | `factual` | check/verify (…) the facts, stats, statistics or claims; is/are actually/even/really true, real or accurate; the stats/facts/claims/figures are real/true/accurate; verify (…) the numbers or figures; not sure/confident about (…) the facts, stats, claims or numbers: a text's facts in doubt, as a fact-checking skill's "factual claim" says |
//! | `nba` | the one/single (…) thing, move, step or action (…) to do, make or take next; the one/single next thing/move/step: the next best action a skill named for it returns |
//! | `finish` | wrap/wrapping (…) the branch (up); merge (…) or/vs (…) PR: the choice of how to integrate a finished branch |
//! | `handoff` | a new/fresh/next/another agent, session or chat (…) that can/will pick up, continue or resume: the reader a handoff document is written for (not "start a new chat and continue there") |
//! | `merg` `conflict` | git's conflict marker `<<<<<<<` pasted anywhere in the clause |
//! | `wikilink` | a wikilink pasted in the clause, `[[…]]` |
//! | `sql` `queri` | an SQL statement pasted in the clause, keywords in capitals (`SELECT … FROM`, `UPDATE … SET`, `INSERT INTO`, `CREATE TABLE/INDEX`, `ALTER TABLE`, `DELETE FROM`) |
//!
//! An idiom said not done ("I didn't think it through"), or done by the
//! person ("I'll get a review later"), asks for nothing.
//! "go live" is left out: it is as often a noun ("the go live checklist",
//! "after go live"); so are "get to the bottom" ("of the page") and
//! "track down what's in the report"; "no idea why" asks for debugging only
//! when something fails ("no idea why I agreed to this talk"). An idiom
//! asking for the work a word of a skill's name says counts as a phrase of
//! that name (`super::fit`): "no clue why" and `systematic-debugging`.
//! Measured and left out: "tear/rip/pick (it) apart" and
//! "poke holes" as `critic` (skills that critique say "attack",
//! "objection", "skeptic"; it moved a plan from the critique skill to one
//! on the thing critiqued: "apart" and "poke holes" now ask for `attack`,
//! the word such a skill's description uses), "sanity check" as `verif`
//! (people sanity-check claims as often as code), "paste the output" without "me" (as often
//! pasted into a doc or a PR description as shown as evidence), "get/have
//! someone review" (the copy, a plan, flagged posts: not code), and every
//! idiom applied to skill texts too (a
//! skill whose body says "root cause" in passing took "debug" requests).
//! The test of failing reads word openings, so "dropdown" or "except" may
//! pass it: it only gates the idioms with other senses. Pasted material,
//! which it does not read (a quoted "500 req/day" is no server error),
//! still tells of failure when it holds an error as programs print one:
//! "TypeError", "NullPointerException", "Traceback", "panicked at".

use std::collections::HashMap;
use std::sync::OnceLock;

/// When an idiom asks for its work: always, only where the intent tells
/// of something failing ("find out why customers churn" asks no
/// debugging), or only then and after a verb of `SEEK` ("find the root
/// cause of the crash", not "a deck explaining the root cause").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Always,
    Failing,
    SoughtAndFailing,
    /// Where the intent tells of something failing, inside its clause,
    /// not opening it, and ending it or before a word of `AMID_ENDS`:
    /// "the three tests fail, fix them at the same time (and …)", not "At
    /// the same time, keep it simple", "at the same time as the launch",
    /// "fails at the same time every night" or "we launched both at the
    /// same time".
    Amid,
}

use When::{Always, Amid, Failing, SoughtAndFailing};

/// Idioms, each as its words, with the term of the work it asks for (a
/// Snowball stem, as skill texts are read) and when it asks for it.
#[rustfmt::skip]
pub const IDIOMS: &[(&[&str], &str, When)] = &[
    (&["root", "cause|causes"], "debug", SoughtAndFailing),
    (&["root", "cause", "analysis|analyses"], "debug", Failing),
    (&["real|actual", "cause"], "debug", SoughtAndFailing),
    (&["find|finding", "the", "cause"], "debug", Failing),
    (&["track", "down", "why"], "debug", Always),
    (&["figure", "out", "why"], "debug", Failing),
    (&["find", "out", "why"], "debug", Failing),
    (&["work", "out", "why"], "debug", Failing),
    (&["need|want", "to", "know|understand", "why"], "debug", Failing),
    (&["what's", "causing"], "debug", Always),
    (&["what's|whats|what", GAP, "causing"], "debug", Failing),
    (&["no|zero", "idea|clue", "why"], "debug", Failing),
    (&["what's|whats", GAP, "going", "on"], "debug", Failing),
    (&["think", "through|thru"], "brainstorm", Always),
    (&["think", "it", "through|thru"], "brainstorm", Always),
    (&["talk", "it|this|that", "through|thru", "with", "me|us"], "brainstorm", Always),
    (&["talk|talking", "through|thru", "how|what", GAP, GAP, "should", NOT_HAVE], "brainstorm", Always),
    (&["bounce", "ideas"], "brainstorm", Always),
    (&["bounce", "some", "ideas"], "brainstorm", Always),
    (&["spitball"], "brainstorm", Always),
    (&["double", "check"], "verif", Always),
    (&["prove", "it", "works"], "verif", Always),
    (&["make", "sure", "it", "works"], "verif", Always),
    (&["confirm", "it", "works"], "verif", Always),
    (&["show|shown|showing|paste|pasted|pasting", "me|us", "the", GAP, "output"], "verif", Always),
    (&["show|prove", "me|us", GAP, "its|it's|it|everything|they're|theyre|all", GAP, "passing|passes|pass|green|works|working"], "verif", Always),
    (&["prove", "to", "me|us", GAP, "its|it's|it|everything|they're|theyre|all", GAP, "passing|passes|pass|green|works|working"], "verif", Always),
    (&["like", GAP, "person|human|humans|people", "wrote|had|did"], "human", Always),
    (&["like", "a|an", "actual|real", GAP, "wrote"], "human", Always),
    (&["like", GAP, "robot|bot|chatbot|ai|machine|chatgpt|gpt", "wrote"], "human", Always),
    (&["at", "the", "same", "time"], "parallel", Amid),
    (&["split|spread|farm|fan", GAP, "across|among|between|out", GAP, "agents|subagents"], "parallel", Always),
    (&["into", "one|1", "file|pdf"], "combin", Always),
    (&["into", "a", "single", "file|pdf"], "combin", Always),
    (&["get|getting", GAP, "reviewed"], "request", Always),
    (&["get|getting", "a|an|another", "review"], "request", Always),
    (&["get|getting", "a|an|another", REVIEWS, "review"], "request", Always),
    (&["get|getting", "a|an|another", REVIEWS, REVIEWS, "review"], "request", Always),
    (&["get|getting", "a|an|another", "reviewer"], "request", Always),
    (&["get|getting", "a|an|another", REVIEWS, "reviewer"], "request", Always),
    (&["get|bring|getting|bringing", "me|us", "up", "to", "speed"], "catchup", Always),
    (&["get|bring|getting|bringing", "me|us", "back", "up", "to", "speed"], "catchup", Always),
    (&["tear|rip", "apart"], "attack", Always),
    (&["poke|punch", "holes"], "attack", Always),
    (&["likely", "to", "sink|kill|doom|derail"], "attack", Always),
    (&["want|wants|wanting", "it|this|that", "to", "fail"], "attack", Always),
    (&["devil's|devils", "advocate"], "attack", Always),
    (&["tear|rip|pick", "it|this|that|them", "apart"], "attack", Always),
    (&["tear|rip|pick", "the|this|that|my|our|your", GAP, "apart"], "attack", Always),
    (&["write|add|writing|adding", "a|the", "failing", GAP, "test|tests"], "tdd", Always),
    (&["write|add|writing|adding", "failing", "tests"], "tdd", Always),
    (&["write|add|writing|adding", "a|the", "test", "that|which", "fails"], "tdd", Always),
    (&["write|add|writing|adding", "tests", "that|which", "fail"], "tdd", Always),
    (&["break|breaking|broke", "into", GAP, ACCESSED], "secur", Always),
    (&["take|taking|took", "over", WHOSE, GAP, "account|accounts"], "secur", Always),
    (&["steal|stealing", GAP, STOLEN], "secur", Always),
    (&["bad|malicious", "actor|actors|user|users"], "secur", Always),
    (&["attacker|attackers|hackers"], "secur", Always),
    (&["another|other", "user's|users'|person's|people's|customer's|customers'|tenant's", ACCESSED], "secur", Always),
    (&["someone", "else's", ACCESSED], "secur", Always),
    (&["interrogate|interrogating", "me|us"], "interview", Always),
    (&["firing|fire", GAP, "questions"], "interview", Always),
    (&[NEXT, SUCCESSOR, CAN, GOES_ON], "handoff", Always),
    (&[NEXT, SUCCESSOR, SUCCESSOR, CAN, GOES_ON], "handoff", Always),
    (&["while", "i|we", "was|were", "out|away|gone|off"], "catchup", Always),
    (&["what", "did|have", "i|we", "miss|missed"], "catchup", Always),
    (&["brief", "me|us", "on", "what"], "catchup", Always),
    (&["what", GAP, "changed|moved|happened", "since"], "catchup", Always),
    (&["what", "we|i", "actually|really", "learned|learnt"], "lesson", Always),
    (&["what", "we|i", "learned|learnt"], "lesson", Always),
    (&["what", GAP, "taught", "us|me"], "lesson", Always),
    (&["too", "good", "to", "be", "true"], "leak", Always),
    (&["way|suspiciously|almost", "too", "good|clean"], "leak", Always),
    (&["wait|waits|waiting|waited", "for", GAP, "input|keypress|keypresses|keystrokes"], "interact", Always),
    (&["arrow", "key|keys"], "interact", Always),
    (&["keep|keeping", "it|the|a|that", GAP, "alive"], "interact", Always),
    (&["check|verify|checking|verifying", GAP, "facts|stats|statistics|claims"], "factual", Always),
    (&["are|is|it's|its", "actually|even|really", "true|real|accurate"], "factual", Always),
    (&["stats|facts|claims|figures", "are", "real|true|accurate"], "factual", Always),
    (&["one|single", GAP, "thing|move|step|action", GAP, "do|make|take", "next"], "nba", Always),
    (&["one|single", "next", "thing|move|step|action"], "nba", Always),
    (&["wrap|wrapping", GAP, "branch"], "finish", Always),
    (&["merge|merging", GAP, "or|vs|versus", GAP, "pr|prs"], "finish", Always),
    (&["sql|code|command|prompt|shell", "injection|injections"], "secur", Always),
    (&["for|like|against", "injection"], "secur", Always),
    (&["injectable|sqli|exploitable"], "secur", Always),
    (&["auth|authz|authn", "hole|holes|gaps|bypass|bypasses"], "secur", Always),
    (&["wordy"], "bloat", Always),
    (&["twice", "as", "long"], "bloat", Always),
    (&["squeeze|trim", "it|this|that", "down"], "bloat", Always),
    (&["tighten|tightening", "it|this|that", GAP, "without", "changing|losing|cutting"], "bloat", Always),
    (&["tighten|tightening", "the|this|that|my|our", "prose|wording|writing|text|copy|draft|doc|docs|readme|post|intro"], "bloat", Always),
    (&["punch", GAP, "up"], "persuad", Always),
    (&["actually|really", "sell|sells"], "persuad", Always),
    (&["sell|sells", "better"], "persuad", Always),
    (&["make", "it|them|this", "sell"], "persuad", Always),
    (&[NOT_SEEN, GAP, "show|shows|showing|appear|appears|appearing", GAP, "google|search"], "seo", Always),
    (&["invisible|vanished|disappeared|disappearing", GAP, "google|search|google's"], "seo", Always),
    (&["fell|fallen|dropped|falling|dropping", "off", GAP, "google|google's"], "seo", Always),
    (&["from", "google|search", GAP, DROPPED], "seo", Always),
    (&["google", GAP, "indexes|indexed|indexing"], "seo", Always),
    (&["not", "indexed"], "seo", Always),
    (&["google|search", GAP, NOT_SEEN, "come|comes|coming|pop|pops", "up"], "seo", Always),
    (&[NOT_SEEN, "come|comes|coming|pop|pops", "up", GAP, "google|search"], "seo", Always),
    (&[BUILDS, OWNED, SCREEN], "ui", Always),
    (&[BUILDS, OWNED, "!on", SCREEN], "ui", Always),
    (&[BUILDS, OWNED, "!on", "!on", SCREEN], "ui", Always),
    (&["look|looks|looking", "like", GAP, "template|templates"], "ui", Always),
    (&["scream|screams|screaming", "template|templated"], "ui", Always),
    (&["weigh|evaluate|assess", GAP, "feedback|suggestion|suggestions|comments|points"], "receiv", Always),
    (&["feedback|suggestion|suggestions|points|comments", GAP, "hold|holds", "up"], "receiv", Always),
    (&["not", "convinced", "they're|theyre|that's|thats|she's|he's|it's"], "receiv", Always),
    (&["company", "wide"], "intern", Always),
    (&["note|announcement|update|email|message|memo|post", GAP, "employees|staff|company|everyone"], "intern", Always),
    (&["editor|tool|vendor|agent|platform", "neutral|agnostic"], "detool", Always),
    (&["whatever|any", "agent|agents|editor|editors|assistant|tools|tooling|ide", "or|someone|people|we|you|on|setup"], "detool", Always),
    (&["make", "me|us", "defend|justify|explain"], "feynman", Always),
    (&["until", "i|we", GAP, "defend|justify|explain"], "feynman", Always),
    (&["not|havent|haven't|dont|don't", GAP, "sure|decided|know", "what", "i|we", "want", "out|yet|from|with"], "aim", Always),
    (&["not", "sure", "what", "to", "ask"], "aim", Always),
    (&["what", GAP, "i'm|im|we're", "after"], "aim", Always),
    (&["what", GAP, "i'm|im|we're", GAP, "going", "for"], "aim", Always),
    (&["everything|all", GAP, "point|points|pointing", "at|to"], "consolid", Always),
    (&["exactly", "one", "place|spot|home"], "consolid", Always),
    (&["get|getting|got", "rid", "of"], "remov", Always),
    (&["bump|bumping|bring|move|update|updating", GAP, "to", "the", "latest|newest|current"], "upgrad", Always),
    (&["bump|bumping|bring|move|update|updating", GAP, "to", "latest|newest"], "upgrad", Always),
    (&["bring|bringing", GAP, "up", "to", "date"], "upgrad", Always),
    (&["bring|bringing", GAP, "up", "to", "the", "latest|newest|current"], "upgrad", Always),
    (&["versions|releases|majors", "behind"], "upgrad", Always),
    (&["cut|cutting", "a|the", GAP, "branch"], "creat", Always),
    (&["point|points|pointing", "the|all", "others|rest", GAP, "at|to"], "consolid", Always),
    (&["make|pick|choose", GAP, "the", "real|canonical|authoritative", "one"], "consolid", Always),
    (&["the|all", "others|rest", GAP, "point|points|pointing", "at|to"], "consolid", Always),
    (&["authoritative|canonical", "version|copy|source"], "consolid", Always),
    (&["something", "pretty|mesmerizing|mesmerising|beautiful|hypnotic", GAP, "code|coded"], "algorithm", Always),
    (&["separate|second|another|isolated|fresh", "checkout|checkouts"], "worktre", Always),
    (&["with", "me|us|you", "section", "by", "section"], "coauthor", Always),
    (&["write|draft|writing|drafting", GAP, "section", "by", "section"], "coauthor", Always),
    (&["write|draft|writing|drafting", GAP, "with", "me|us"], "coauthor", Always),
    (&["go|going", "back", "and", "forth", "with", "you|me"], "coauthor", Always),
    (&["verify|verifying", GAP, "numbers|figures"], "factual", Always),
    (&["not", "sure|confident", "about", GAP, "facts|stats|claims|numbers"], "factual", Always),
    (&["design", "together"], "brainstorm", Always),
    (&["talk|work|think|walk", GAP, "design", "through|thru"], "brainstorm", Always),
    (&["work|nail|hash|flesh|pin", "out|down", "the", "design"], "brainstorm", Always),
    (&["agreeing|agrees|agree", "with", "itself|ourselves|themselves"], "leak", Always),
    (&["same", GAP, "grades|grading|graded|scores|scored|judges|judging"], "leak", Always),
    (&["push", "it", "live"], "deploy", Always),
    (&["put", "it", "live"], "deploy", Always),
    (&["put", "it", "online"], "deploy", Always),
    (&["get", "it", "online"], "deploy", Always),
    (&["put|get|getting|putting", "this|the|my|our", "site|app|page|website", "online|live"], "deploy", Always),
    (&["take", "it", "live"], "deploy", Always),
    // Said by people who lack the word: "get it up on the internet".
    (&["put|get|getting|putting|want", GAP, "on|onto", "the", "internet|web"], "deploy", Always),
    (&["checks|check", GAP, "turn|turned|turns|turning|go|goes|went|are|is", "red"], "ci", Always),
    (&["save|saving", GAP, "in|into", "git"], "commit", Always),
];

/// What an attacker reaches: "break into customer accounts", "read
/// another user's files".
const ACCESSED: &str =
    "account|accounts|data|files|system|systems|server|servers|database|admin|records";

/// Whose account is taken over in an attack: "take over someone's
/// account", not "take over the account settings page".
const WHOSE: &str = "someone's|somebody's|their|any|an|a|user|users|user's|users'|customer|customers|customer's|customers'|other|another|people's|admin";

/// A session that comes after this one, which a handoff is written for:
/// "so a fresh agent can pick it up", "the next agent session can
/// continue"; not "start a new chat and continue there".
const NEXT: &str = "new|fresh|next|another";
const SUCCESSOR: &str = "agent|session|chat|instance|claude|model";
const CAN: &str = "can|could|will|would|should";
const GOES_ON: &str = "pick|continue|resume|carry";

/// Words that say a page is not found by search: "doesn't show up in
/// Google", "never appears in search".
const NOT_SEEN: &str = "doesn't|doesnt|never|not|don't|dont|barely|stopped|isn't|isnt";

/// Words of traffic falling: "visits from google fell off a cliff".
const DROPPED: &str = "fell|fallen|dropped|dropping|tanked|halved|cratered|collapsed";

/// Making a page or a screen: "build the pricing page", "redesign the
/// account settings screen", not "build the report on page 3".
const BUILDS: &str = "build|design|redesign|rebuild|restyle|style";
const OWNED: &str = "the|a|an|our|my|this|that";
const SCREEN: &str = "page|screen|pages|screens";

/// What is stolen in an attack: "steal data", "steal their session tokens".
const STOLEN: &str =
    "data|credentials|passwords|password|tokens|token|sessions|session|cookies|keys|secrets";

/// Words that may follow an [`When::Amid`] idiom: what ends its clause
/// ("…at the same time and tell me…", "…at the same time pls").
const AMID_ENDS: &[&str] = &["and", "but", "please", "pls", "so", "then", "too"];

/// The words that may say which review is asked for ("get a second
/// review", "a quick code review"): of code, or how thorough. Not "a
/// security review" or "a design review", whose own skills serve them.
const REVIEWS: &str = "another|careful|code|final|fresh|full|independent|informal|outside|proper|quick|real|really|second|subagent|thorough";

/// Any one word but "have": "how it should work", not "how the test should
/// have caught it" (what went wrong, not a design).
const NOT_HAVE: &str = "!have";

/// In an idiom, up to `GAP_WORDS` words of any kind ("show me the
/// passing output"). A word of an idiom may also list its forms, split by
/// `|` ("show|paste").
pub const GAP: &str = "…";

/// The most words a [`GAP`] stands for.
const GAP_WORDS: usize = 3;

/// How many words of `rest`, from its start, write `idiom` (the fewest),
/// or `None` when it is not written there.
fn written<S: AsRef<str>>(idiom: &[&str], rest: &[S]) -> Option<usize> {
    let Some((first, more)) = idiom.split_first() else {
        return Some(0);
    };
    if *first == GAP {
        return (0..=GAP_WORDS.min(rest.len()))
            .find_map(|n| written(more, &rest[n..]).map(|m| n + m));
    }
    let here = rest.first().is_some_and(|w| match first.strip_prefix('!') {
        Some(not) => w.as_ref() != not,
        None => first.split('|').any(|form| form == w.as_ref()),
    });
    here.then(|| written(more, &rest[1..]).map(|m| m + 1))
        .flatten()
}

/// Verbs of looking for a cause: "root cause" asks for debugging only
/// after one of them ("find the root cause", "dig for the actual root
/// cause"), not as the topic of a document ("a deck explaining the root
/// cause of churn") nor once found ("we already found the root cause").
const SEEK: &[&str] = &[
    "chase",
    "determine",
    "diagnose",
    "dig",
    "find",
    "get",
    "hunt",
    "identify",
    "investigate",
    "locate",
    "need",
    "pin",
    "run",
    "trace",
    "track",
    "uncover",
    "want",
];

/// The terms of the work that marks in `text` stand for, and the mark as
/// shown: `merg` and `conflict` for git's conflict marker, a pasted
/// `<<<<<<< HEAD` (seven `<`, no more), which says the work is a merge
/// conflict in words no one typed; `sql` and `queri` for a pasted SQL
/// statement (`pastes_sql`); `wikilink` for a pasted `[[…]]`.
pub fn marked(text: &str) -> (&'static [&'static str], &'static str) {
    const MARKER: &str = "<<<<<<<";
    let b = text.as_bytes();
    let found = text.match_indices(MARKER).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| b[i]);
        let after = b.get(at + MARKER.len()).copied();
        before != Some(b'<') && after != Some(b'<')
    });
    if found {
        return (&["merg", "conflict"], MARKER);
    }
    if pastes_sql(text) {
        return (&["sql", "queri"], "SQL");
    }
    // "link [[Project Atlas]]": a wikilink as written.
    if text
        .find("[[")
        .is_some_and(|a| text[a + 2..].contains("]]"))
    {
        return (&["wikilink"], "[[…]]");
    }
    (&[], "")
}

/// True when `text` holds an SQL statement as written, its keywords in
/// capitals: "SELECT … FROM", "INSERT INTO", "UPDATE … SET", "CREATE
/// TABLE", "CREATE INDEX", "ALTER TABLE", "DELETE FROM".
fn pastes_sql(text: &str) -> bool {
    let pair = |a: &str, b: &str| text.find(a).is_some_and(|i| text[i..].contains(b));
    pair("SELECT ", " FROM ")
        || pair("UPDATE ", " SET ")
        || [
            "INSERT INTO ",
            "CREATE TABLE ",
            "CREATE INDEX ",
            "ALTER TABLE ",
            "DELETE FROM ",
        ]
        .iter()
        .any(|k| text.contains(k))
}

/// The term of the work each idiom in `ws` (lowercase words) asks for,
/// with the idiom as written, in order; `failing` when the intent tells of
/// something failing.
pub fn found<S: AsRef<str>>(ws: &[S], failing: bool) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let openers = openers();
    for k in 0..ws.len() {
        let rest = &ws[k..];
        let Some(which) = openers.get(ws[k].as_ref()) else {
            continue;
        };
        for (idiom, term, when) in which.iter().map(|&i| &IDIOMS[i]) {
            let Some(n) = written(idiom, rest) else {
                continue;
            };
            let here = match when {
                Always => true,
                Failing => failing,
                SoughtAndFailing => failing && sought(&ws[k.saturating_sub(4)..k]),
                Amid => {
                    failing && k > 0 && rest.get(n).is_none_or(|w| AMID_ENDS.contains(&w.as_ref()))
                }
            } && !negated(&ws[k.saturating_sub(3)..k]);
            if here {
                let as_written: Vec<&str> = rest[..n].iter().map(AsRef::as_ref).collect();
                out.push((*term, as_written.join(" ")));
            }
        }
    }
    out
}

/// The idioms each word can open, by the forms of their first word, in
/// the table's order: a long intent looks up each of its words once
/// instead of trying every idiom at every word.
fn openers() -> &'static HashMap<&'static str, Vec<usize>> {
    static TABLE: OnceLock<HashMap<&'static str, Vec<usize>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (i, (idiom, _, _)) in IDIOMS.iter().enumerate() {
            for form in idiom[0].split('|') {
                map.entry(form).or_default().push(i);
            }
        }
        map
    })
}

/// True when `ws` open with an idiom that is a command: its first word a
/// verb ("talk it through", "double check", "push it live"), not "no idea
/// why" or "root cause".
pub fn commands<S: AsRef<str>>(ws: &[S]) -> bool {
    let Some(first) = ws.first().map(AsRef::as_ref) else {
        return false;
    };
    COMMAND_VERBS.contains(&first)
        && openers()
            .get(first)
            .is_some_and(|which| which.iter().any(|&i| written(IDIOMS[i].0, ws).is_some()))
}

/// The first words of idioms that are commands as written: verbs, in the
/// forms the table lists ("show me the output", "shown me the output").
/// Not what tells of a problem ("bad actors …", "same GPT-4 grades …",
/// "way too good"), nor a past form ("took over someone's account").
const COMMAND_VERBS: &[&str] = &[
    "add",
    "adding",
    "assess",
    "bounce",
    "break",
    "bring",
    "bringing",
    "build",
    "check",
    "checking",
    "confirm",
    "design",
    "double",
    "draft",
    "drafting",
    "evaluate",
    "figure",
    "find",
    "fire",
    "flesh",
    "get",
    "getting",
    "go",
    "hash",
    "interrogate",
    "keep",
    "make",
    "merge",
    "nail",
    "paste",
    "pasted",
    "pasting",
    "pick",
    "pin",
    "prove",
    "punch",
    "push",
    "put",
    "rebuild",
    "redesign",
    "restyle",
    "rip",
    "show",
    "showing",
    "shown",
    "spitball",
    "squeeze",
    "style",
    "take",
    "talk",
    "talking",
    "tear",
    "think",
    "tighten",
    "track",
    "trim",
    "verify",
    "walk",
    "weigh",
    "work",
    "wrap",
    "write",
    "writing",
];

/// True when the idiom is said not done ("I didn't think it through"), or
/// done by the person ("I'll get a review later").
fn negated<S: AsRef<str>>(before: &[S]) -> bool {
    before.iter().any(|w| {
        matches!(
            w.as_ref(),
            "didn't"
                | "didnt"
                | "don't"
                | "dont"
                | "never"
                | "no"
                | "not"
                | "won't"
                | "can't"
                | "i'll"
                | "we'll"
        )
    })
}

/// True when a verb of [`SEEK`] is among `before`, the words before
/// "root cause".
fn sought<S: AsRef<str>>(before: &[S]) -> bool {
    before.iter().any(|w| SEEK.contains(&w.as_ref()))
}

mod trouble;
pub use trouble::{names_an_error, tells_of_failure, tells_of_trouble};

#[cfg(test)]
mod tests;

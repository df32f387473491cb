//! The phrases that say no work is wanted ([`DECLINES`]) and the asides
//! that ask for nothing ([`ASIDES`]), read by [`super::declines_work`] and
//! [`super::says_aside`].

/// What a piece of a sentence says when the person wants no work done:
/// venting ("just venting", "I needed to vent"), wanting only to
/// understand ("just want to understand it", "just trying to understand
/// it"), nothing to act on ("nothing to do there", "not setting anything
/// up", "just letting you know", "thinking out loud", "won't fix"), the
/// work left to someone else ("leave it with her", "not ours to touch") or
/// reported handled ("no blockers", "all good now"), taking a request
/// back ("so never mind") or closing ("that's all for today").
/// The piece must be the phrase alone, with at most the words of
/// [`super::DECLINE_LEAD`] before it and of [`super::tails::DECLINE_TAIL`] after it: "not
/// asking for anything fancy", "nothing to do with code" and "no action
/// needed on the docs, but…" decline only part of the work, or none. Not
/// "just curious", "just sharing" or "not touching it": after a problem
/// ("the CI is failing again, just curious"; "sharing this: the deploy
/// fails with a 500") the person may still want it worked on.
pub(super) const DECLINES: &[&str] = &[
    "all good now",
    "all handled",
    "don't change anything",
    "don't touch anything",
    "done and dusted",
    "dont change anything",
    "dont touch anything",
    "for your information",
    "forget about",
    "forget",
    "fyi only",
    "got it covered",
    "has it covered",
    "have it covered",
    "he's on it",
    "ignore my earlier request",
    "ignore my last request",
    "ignore that request",
    "just reading",
    "just saying thanks",
    "just so you know",
    "keeping you in the loop",
    "leave it to her",
    "leave it to him",
    "leave it to them",
    "leave it with her",
    "leave it with him",
    "leave it with them",
    "leave that to her",
    "leave that to him",
    "leave that to them",
    "leave those to her",
    "leave those to him",
    "leave those to them",
    "letting you know",
    "need to vent",
    "needed to vent",
    "never mind",
    "nevermind",
    "no action",
    "no action needed",
    "no action required",
    "no blockers",
    "no change needed",
    "no changes needed",
    "no changes required",
    "no follow up",
    "no follow-up",
    "no further action",
    "no need for you to",
    "no need to do anything",
    "not now",
    "not asking for anything",
    "not asking you to do anything",
    "not broken or anything",
    "not building anything",
    "not doing anything",
    "not ours to touch",
    "not planning anything",
    "not setting anything up",
    "nothing else needed",
    "nothing else",
    "nothing for you there",
    "nothing for you to do",
    "nothing needs to happen",
    "nothing to build",
    "nothing to do here",
    "nothing to do there",
    "nothing to do",
    "nvm",
    "rant over",
    "ranting",
    "scratch that",
    "she's on it",
    "that's all for now",
    "that's all for today",
    "that's all i needed",
    "that's it for now",
    "that's it for today",
    "they're on it",
    "thinking aloud",
    "thinking out loud",
    "thought you ought to be aware",
    "thought you ought to know",
    "thought you should be aware",
    "thought you should know",
    "trying to understand",
    "venting",
    "want to understand",
    "wanted to know",
    "wanted to let you know",
    "wanted to say thank you",
    "wanted to say thanks",
    "we're covered",
    "wished to let you know",
    "won't do",
    "won't fix",
    "wontfix",
];

/// Asides that ask for nothing: stepping away ("brb", "coffee time, back
/// in 20"), idle curiosity ("just curious", "quick opinion", "not in
/// the middle of anything"), sharing news ("just sharing") or praise
/// ("nice work everyone"). Not "no code needed": "quick plan for rate
/// limiting, just the plan, no code" asks for the plan. Unlike [`DECLINES`], after
/// something that fails they still leave that to be worked on ("the CI
/// failed again overnight. brb"; "the deploy 500s, just curious"), so they
/// are read by [`super::says_aside`], which the intent's failing is weighed
/// against.
pub(super) const ASIDES: &[&str] = &[
    "afk",
    "back in 10",
    "back in 20",
    "back in 30",
    "back in 5",
    "back in a bit",
    "back in an hour",
    "brb",
    "coffee time",
    "curious",
    "gotta go",
    "gotta run",
    "good job",
    "good work",
    "great job",
    "great work",
    "just asking",
    "kudos",
    "lunch time",
    "nice job",
    "nice work",
    "not in the middle of anything",
    "out of curiosity",
    "passing it along",
    "passing it on",
    "passing that along",
    "passing that on",
    "passing this along",
    "passing this on",
    "quick opinion",
    "random question",
    "sharing",
    "thanks all",
    "thanks everyone",
    "thanks team",
    "well done",
    "wondering",
];

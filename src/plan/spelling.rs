//! British spellings read as American ones, before stemming.
//!
//! Skill texts are written mostly in American English (the corpus's 2,075
//! SKILL.md files: about 6,000 -ize/-or/-yze words against 70 British
//! ones), and the stemmer keeps the two apart: "optimise" is `optimis`,
//! "optimize" `optim`; "colour" is not "color". So "summarise the
//! behaviour of the colour picker" met nothing. Each word is read in its
//! American spelling, in intents and skill texts alike:
//!
//! - `-ise`, `-ised`, `-ises`, `-ising`, `-isation(s)`, `-iser(s)` to
//!   `-ize…` when five letters or more come before it ("organise",
//!   "prioritisation"), except the words English spells `-ise` everywhere
//!   ("advertise", "promise", "exercise", and every `-wise`, `-vise`,
//!   `-prise` word: see `ISE_WORDS`);
//! - `-yse`, `-ysed`, `-ysing` to `-yze…` ("analyse", "paralysed");
//! - a short table of other roots and their inflections: "colour",
//!   "behaviour", "favour", "centre", "licence", "catalogue", "modelling",
//!   "cancelled", "judgement", … (see `ROOTS`).

use std::borrow::Cow;

/// Words spelt `-ise` in American English too, as the `-ise` word (their
/// inflections follow them: "promised", "advertising").
const ISE_WORDS: &[&str] = &[
    "advertise",
    "appraise",
    "chastise",
    "circumcise",
    "compromise",
    "demise",
    "disguise",
    "exercise",
    "expertise",
    "franchise",
    "merchandise",
    "mortise",
    "paradise",
    "premise",
    "promise",
    "treatise",
];

/// Endings of words spelt `-ise` everywhere: "otherwise", "advise",
/// "enterprise", "noise", "raise", "cruise".
const ISE_ENDINGS: &[&str] = &["wise", "vise", "prise", "oise", "aise", "uise"];

/// British suffixes in `-is…` and their American form.
const IS_SUFFIXES: &[(&str, &str)] = &[
    ("isations", "izations"),
    ("isation", "ization"),
    ("isers", "izers"),
    ("ising", "izing"),
    ("iser", "izer"),
    ("ised", "ized"),
    ("ises", "izes"),
    ("ise", "ize"),
];

/// British roots, the American root, and the endings after which the root
/// is a whole word ("colour", "colours", "coloured"; not "programmer").
#[rustfmt::skip]
const ROOTS: &[(&str, &str, &[&str])] = &[
    ("behaviour", "behavior", &["", "s", "al", "ally"]),
    ("colour", "color", &["", "s", "ed", "ing", "ful", "less"]),
    ("favour", "favor", &["", "s", "ed", "ing", "ite", "ites", "able"]),
    ("flavour", "flavor", &["", "s", "ed"]),
    ("honour", "honor", &["", "s", "ed", "ing"]),
    ("humour", "humor", &[""]),
    ("labour", "labor", &["", "s", "ed"]),
    ("neighbour", "neighbor", &["", "s", "ing", "hood"]),
    ("rumour", "rumor", &["", "s"]),
    ("harbour", "harbor", &["", "s"]),
    ("armour", "armor", &["", "ed"]),
    ("endeavour", "endeavor", &["", "s"]),
    ("vigour", "vigor", &[""]),
    ("centre", "center", &["", "s"]),
    ("fibre", "fiber", &["", "s"]),
    ("metre", "meter", &["", "s"]),
    ("litre", "liter", &["", "s"]),
    ("theatre", "theater", &["", "s"]),
    ("licence", "license", &["", "s"]),
    ("defence", "defense", &["", "s"]),
    ("offence", "offense", &["", "s"]),
    ("catalogue", "catalog", &["", "s"]),
    ("dialogue", "dialog", &["", "s"]),
    ("analogue", "analog", &[""]),
    ("programme", "program", &["", "s"]),
    ("grey", "gray", &["", "ed", "ing"]),
    ("cancell", "cancel", &["ed", "ing"]),
    ("labell", "label", &["ed", "ing"]),
    ("modell", "model", &["ed", "ing"]),
    ("travell", "travel", &["ed", "ing", "er", "ers"]),
    ("signall", "signal", &["ed", "ing"]),
    ("levell", "level", &["ed", "ing"]),
    ("fuell", "fuel", &["ed", "ing"]),
    ("channell", "channel", &["ed", "ing"]),
    ("tunnell", "tunnel", &["ed", "ing"]),
    ("totall", "total", &["ed", "ing"]),
    ("marshall", "marshal", &["ed", "ing"]),
    ("dialled", "dialed", &[""]),
    ("judgement", "judgment", &["", "s"]),
    ("acknowledgement", "acknowledgment", &["", "s"]),
    ("ageing", "aging", &[""]),
    ("sceptic", "skeptic", &["", "s", "al", "ism"]),
    ("mould", "mold", &["", "s", "ed", "ing", "y"]),
    ("fulfil", "fulfill", &["", "s"]),
    ("enrol", "enroll", &["", "s"]),
    ("instalment", "installment", &["", "s"]),
];

/// `word` (lowercase) in its American spelling; itself when it has no
/// other.
pub fn american(word: &str) -> Cow<'_, str> {
    if let Some(us) = root(word).or_else(|| ise(word)).or_else(|| yse(word)) {
        return Cow::Owned(us);
    }
    Cow::Borrowed(word)
}

fn root(word: &str) -> Option<String> {
    ROOTS.iter().find_map(|(uk, us, ends)| {
        let rest = word.strip_prefix(uk)?;
        ends.contains(&rest).then(|| format!("{us}{rest}"))
    })
}

fn ise(word: &str) -> Option<String> {
    let (uk, us) = IS_SUFFIXES.iter().find(|(uk, _)| word.ends_with(uk))?;
    let base = &word[..word.len() - uk.len()];
    let lemma = format!("{base}ise");
    let everywhere =
        ISE_WORDS.contains(&lemma.as_str()) || ISE_ENDINGS.iter().any(|e| lemma.ends_with(e));
    (base.len() >= 5 && base.bytes().all(|b| b.is_ascii_lowercase()) && !everywhere)
        .then(|| format!("{base}{us}"))
}

fn yse(word: &str) -> Option<String> {
    let (uk, us) = [("ysed", "yzed"), ("ysing", "yzing"), ("yse", "yze")]
        .into_iter()
        .find(|(uk, _)| word.ends_with(uk))?;
    let base = &word[..word.len() - uk.len()];
    (base.len() >= 4).then(|| format!("{base}{us}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn british_spellings_read_as_american() {
        for (uk, us) in [
            ("optimise", "optimize"),
            ("summarising", "summarizing"),
            ("prioritisation", "prioritization"),
            ("organisations", "organizations"),
            ("visualiser", "visualizer"),
            ("criticise", "criticize"),
            ("analyse", "analyze"),
            ("analysed", "analyzed"),
            ("behaviour", "behavior"),
            ("behavioural", "behavioral"),
            ("colours", "colors"),
            ("favourite", "favorite"),
            ("centre", "center"),
            ("licence", "license"),
            ("catalogue", "catalog"),
            ("modelling", "modeling"),
            ("cancelled", "canceled"),
            ("judgement", "judgment"),
        ] {
            assert_eq!(american(uk), us, "{uk}");
        }
    }

    proptest::proptest! {
        /// An American spelling is one: reading it again changes nothing,
        /// and a word is only ever rewritten to another of letters.
        #[test]
        fn reading_twice_is_reading_once(w in "[a-z]{0,14}(ise|ised|ising|isation|our|ours|yse|lled|lling|re|ence|ogue)?") {
            let once = american(&w).into_owned();
            proptest::prop_assert_eq!(american(&once), once.as_str());
            proptest::prop_assert!(once.bytes().all(|b| b.is_ascii_lowercase()));
        }
    }

    #[test]
    fn words_spelt_alike_stay_as_they_are() {
        for w in [
            "advertise",
            "advertising",
            "promised",
            "enterprise",
            "enterprises",
            "exercise",
            "expertise",
            "otherwise",
            "bitwise",
            "advise",
            "supervising",
            "surprising",
            "concise",
            "precise",
            "noise",
            "raise",
            "cruise",
            "compromised",
            "premises",
            "rise",
            "wise",
            "arise",
            "revise",
            "programmer",
            "programmed",
            "metres-long",
            "colonel",
            "centred",
            "catalogued",
            "analysis",
            "filling",
            "called",
            "color",
            "optimize",
        ] {
            assert_eq!(american(w), w, "{w}");
        }
    }
}

//! The product a skill is bound to: a word of its name that its
//! description writes as a proper name ("Turn **Notion** specs into
//! implementation plans", `notion-spec-to-implementation`; "Deploy to
//! **Vercel**", `deploy-to-vercel`).
//!
//! A request that never names that product does not ask for the product's
//! work when a general skill serves it about as well: "write the
//! implementation plan from the auth spec" is the plan writer's, not the
//! Notion skill's. A bound skill still serves where nothing general fits (see
//! [`super::select`]).

use super::text::Analyzer;

/// The stems of the words of `name` that `description` writes as a proper
/// name: capitalised with a lowercase letter after ("Notion", "GitHub";
/// not the acronyms "PR" or "PDF", which name a kind of thing), and not
/// where any word is capitalised (the start of a sentence, or after a
/// colon, quote or list mark).
pub fn of(name: &str, description: &str, analyzer: &Analyzer) -> Vec<String> {
    let name_words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 1)
        .map(str::to_lowercase)
        .collect();
    let mut out: Vec<String> = Vec::new();
    let mut after = ' ';
    let mut first = true;
    for word in description.split_whitespace() {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        let opens = first || matches!(after, '.' | '!' | '?' | ':' | ';' | '"' | '\'' | '(');
        let opens = opens || word.starts_with(['"', '\'', '(', '`', '*', '-']);
        if !opens && proper(bare) {
            let lower = bare.to_lowercase();
            if name_words.contains(&lower) {
                let stem = analyzer.stem(&lower);
                if !out.contains(&stem) {
                    out.push(stem);
                }
            }
        }
        after = word.chars().last().unwrap_or(' ');
        first = false;
    }
    out
}

/// A word written as a proper name: a capital, then a lowercase letter
/// somewhere after it.
fn proper(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(char::is_uppercase) && chars.any(char::is_lowercase)
}

/// True when the skill is bound to a product (`brands` is not empty) that
/// the query names nowhere.
pub fn foreign(brands: &[String], terms: &[String]) -> bool {
    !brands.is_empty() && !brands.iter().any(|b| terms.contains(b))
}

/// Words of a skill's name that say how it reaches its product, not which
/// product: `stripe-api-safe-cli`, `hubspot-agent-tool`.
pub const WRAPPER_WORDS: &[&str] = &[
    "api",
    "apis",
    "cli",
    "safe",
    "agent",
    "tool",
    "tools",
    "skill",
    "sdk",
    "mcp",
    "reader",
    "integration",
    "automation",
    "helper",
    "client",
    "connector",
    "wrapper",
    "plugin",
];

/// Words a product's name may add for one edition of it, which a request
/// leaves out: "our Shopify store" is Shopify Admin's (stems).
pub const EDITION_WORDS: &[&str] = &["admin", "platform", "cloud"];

/// The stems of the product a skill wraps, or none. A name that says it
/// is an API, CLI, SDK or MCP server wraps the rest of its words, less
/// [`WRAPPER_WORDS`], [`EDITION_WORDS`] and versions (`ghost-api-safe-cli`:
/// ghost). Any other name wraps a product when each of its words is one
/// of those or a word its text writes as a proper name (see [`of`]) and
/// never as a lowercase word of prose; the proper names are the product
/// (`hubspot` with "the public HubSpot skill"). `slack-gif-creator` wraps
/// nothing (it makes GIFs), nor does `linear` whose text only opens a
/// sentence with "Linear", nor `analytics` whose text says "product
/// analytics" beside "Google Analytics".
pub fn wrapped(name: &str, text: &str, analyzer: &Analyzer) -> Vec<String> {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let how = |w: &str| WRAPPER_WORDS.contains(&w) || EDITION_WORDS.contains(&w) || is_version(w);
    // "ghost-api-safe-cli": a name that says it is an API or CLI wraps
    // what the rest of it names, however its text writes that.
    if words
        .iter()
        .any(|w| matches!(w.as_str(), "api" | "apis" | "cli" | "sdk" | "mcp"))
    {
        let mut product: Vec<String> = Vec::new();
        for w in words.iter().filter(|w| !how(w) && w.len() > 1) {
            let stem = analyzer.stem(w);
            if !product.contains(&stem) {
                product.push(stem);
            }
        }
        return product;
    }
    let mut brands = of(name, text, analyzer);
    // "Shopify Admin", "Qdrant Cloud": the edition is not the product. Nor
    // is a word the text also writes in lowercase ("Google Analytics" in
    // a skill about product analytics): a product's name is a proper
    // name wherever it stands as a word.
    brands.retain(|b| {
        !EDITION_WORDS.contains(&b.as_str())
            && !words
                .iter()
                .any(|w| analyzer.stem(w) == *b && written_lowercase(w, text))
    });
    if brands.is_empty() {
        return brands;
    }
    let all = words
        .iter()
        .all(|w| how(w) || brands.contains(&analyzer.stem(w)));
    if all {
        brands
    } else {
        Vec::new()
    }
}

/// True when `text` writes `word` (lowercase) as a word of prose in
/// lowercase: not inside a name or path (`stripe-api-tool`, stripe.com).
fn written_lowercase(word: &str, text: &str) -> bool {
    text.split_whitespace().any(|t| {
        let bare = t.trim_matches(|c: char| !c.is_alphanumeric());
        bare == word && !bare.contains(['-', '_', '/', '.']) && !t.contains('`')
    })
}

/// `v3`, `2`, `v10`: a version in a name.
fn is_version(word: &str) -> bool {
    let digits = word.strip_prefix('v').unwrap_or(word);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brands(name: &str, description: &str) -> Vec<String> {
        of(name, description, &Analyzer::default())
    }

    #[test]
    fn a_proper_name_of_the_name_binds_the_skill() {
        let d = "Turn Notion specs into implementation plans; use when implementing PRDs.";
        assert_eq!(brands("notion-spec-to-implementation", d), ["notion"]);
        assert_eq!(
            brands("deploy-to-vercel", "Deploy applications to Vercel."),
            ["vercel"]
        );
        assert_eq!(
            brands("gh-helper", "Talk to GitHub with gh."),
            Vec::<String>::new()
        );
    }

    #[test]
    fn acronyms_and_sentence_starts_bind_nothing() {
        assert!(brands("pdf", "Work with PDF files. Fill PDF forms.").is_empty());
        assert!(brands("iterate-pr", "Iterate on a PR until CI passes.").is_empty());
        assert!(brands("linear-regression", "Fit data. Linear models first.").is_empty());
        assert!(brands("writer", "Use when: Writer mode is asked for.").is_empty());
        assert!(brands("planner", "Use when the user says \"Planner, go\".").is_empty());
    }

    #[test]
    fn a_name_of_a_product_and_wrapper_words_wraps_the_product() {
        let a = Analyzer::default();
        let w = |n: &str, d: &str| wrapped(n, d, &a);
        assert_eq!(
            w("google-ads-api-safe-cli", "Run the Google Ads CLI safely."),
            [a.stem("google"), a.stem("ads")]
        );
        assert_eq!(
            w("hubspot", "Rules for the public HubSpot skill."),
            ["hubspot"]
        );
        assert_eq!(
            w("youtube-v3", "Read the YouTube Data API."),
            [a.stem("youtube")]
        );
        // A name that says it is an API or CLI wraps the rest of it,
        // however the text writes it; "skill" or "agent" says no such thing.
        assert_eq!(
            w("ghost-api-safe-cli", "Run ghost-api-tool with dry-run."),
            [a.stem("ghost")]
        );
        assert!(w("skill-installer", "Install skills from a list.").is_empty());
        // A name with a word of its work wraps nothing.
        assert!(w(
            "slack-gif-creator",
            "Make animated GIFs optimized for Slack."
        )
        .is_empty());
        assert!(w(
            "notion-spec-to-implementation",
            "Turn Notion specs into plans."
        )
        .is_empty());
        // Wrapper words alone, or a product only a sentence start writes.
        assert!(w("api-cli", "Run the API CLI.").is_empty());
        assert!(w("linear", "Linear models, fitted.").is_empty());
        // A word the text also writes in lowercase is no proper name.
        assert!(w(
            "analytics",
            "Plan product analytics events; works with Google Analytics."
        )
        .is_empty());
        assert_eq!(
            w(
                "stripe",
                "Rules for the public Stripe skill: run `stripe-api-tool`."
            ),
            ["stripe"]
        );
    }

    #[test]
    fn a_product_the_query_names_is_not_foreign() {
        let b = vec!["notion".to_string()];
        assert!(foreign(&b, &["plan".into(), "spec".into()]));
        assert!(!foreign(&b, &["notion".into(), "spec".into()]));
        assert!(!foreign(&[], &["plan".into()]));
    }
}

//! Ticket keys: `ENG-3302`, `GH-212`, `SEO-19`. The letters name a
//! tracker's project, not the work: "commit it with a message referencing
//! GH-212" asks nothing of a skill for the `gh` tool, and "SEO-19: fix the
//! footer links" nothing of an SEO audit.

/// A ticket key starting at `i` (at a word start): two to ten capital
/// letters, a hyphen and two digits or more, as trackers write them.
/// Where it ends. Not a name with a one-digit version ("GPT-4", "UTF-8"),
/// nor a word written in lower case ("covid-19"), nor a part of a link's
/// path (".../browse/ENG-42" says what the page is).
pub(super) fn ticket_key_at(s: &str, i: usize) -> Option<usize> {
    if s[..i].ends_with(['/', '.', ':', '-', '_', '~']) {
        return None;
    }
    let b = s.as_bytes();
    let letters = b[i..].iter().take_while(|c| c.is_ascii_uppercase()).count();
    if !(2..=10).contains(&letters) || b.get(i + letters) != Some(&b'-') {
        return None;
    }
    let at = i + letters + 1;
    let digits = b[at..].iter().take_while(|c| c.is_ascii_digit()).count();
    let end = at + digits;
    // "ENG-3302:" ends the key; "PAY-12b" or "ENG-12-x" is some other name.
    let more = |c: &u8| {
        c.is_ascii_alphanumeric()
            || *c == b'-' && b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric)
    };
    let ends = !b.get(end).is_some_and(more);
    (digits >= 2 && ends).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::ticket_key_at;

    fn key(s: &str) -> Option<&str> {
        ticket_key_at(s, 0).map(|end| &s[..end])
    }

    #[test]
    fn a_tracker_key_is_found_whole() {
        assert_eq!(key("ENG-3302: wrap up"), Some("ENG-3302"));
        assert_eq!(key("GH-212)"), Some("GH-212"));
        assert_eq!(key("SEO-19"), Some("SEO-19"));
    }

    #[test]
    fn names_and_versions_are_no_keys() {
        for s in [
            "GPT-4", "UTF-8", "covid-19", "Eng-3302", "E-12", "PAY-12b", "ENG-12-x", "SHA256",
        ] {
            assert_eq!(key(s), None, "{s}");
        }
    }
}

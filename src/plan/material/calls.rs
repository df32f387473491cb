//! Calls in code: `BillingService.generate()`, `map()`,
//! `InvoiceMapper.map(Invoice inv, …)`. A function's name says what the
//! code is called, not what work is asked: "start with
//! BillingService.generate(): pull the tax block out into its own method"
//! asks nothing of a skill whose description says "generate". The name is
//! blanked; what is passed to it stays.

/// A call's name starting at `i` (at a word start): an identifier, or a
/// chain of them joined by `.`, directly followed by `(`, whose last part
/// is a plain lowercase word, when it is written as code: a chain, or
/// empty parentheses (`generate()`). Where the name ends. Not "file(s)", "SUM(A1:A3)" or "CALCULATE(FILTER(…":
/// a word's plural and a spreadsheet's or a query language's functions,
/// which name the work's own tool.
pub(super) fn call_at(s: &str, i: usize) -> Option<usize> {
    let b = s.as_bytes();
    if !b
        .get(i)
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
    {
        return None;
    }
    // Inside a chain ("a.b.c", "a_b"), the chain was read from its start:
    // reading it again from each part would take time quadratic in its
    // length.
    if i > 0 && matches!(b[i - 1], b'.' | b'_') {
        return None;
    }
    let ident = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    let mut end = i;
    loop {
        end += b[end..].iter().take_while(|c| ident(c)).count();
        // Another link of the chain: ".name".
        if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(|c| c.is_ascii_alphabetic()) {
            end += 1;
            continue;
        }
        break;
    }
    if b.get(end) != Some(&b'(') {
        return None;
    }
    let name = &s[i..end];
    // "Thread.Abort()", "useEffect()", "FindSystemTimeZoneById(…)": an
    // API's own name says which API the work is on, and stays.
    let last = name.rsplit('.').next().unwrap_or(name);
    let plain = last.bytes().all(|c| c.is_ascii_lowercase());
    let chained = name.contains('.');
    let empty = b.get(end + 1) == Some(&b')');
    (plain && (chained || empty)).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::call_at;

    #[test]
    fn a_call_in_code_is_its_name() {
        let s = "start with BillingService.generate() in java";
        assert_eq!(call_at(s, 11), Some(11 + "BillingService.generate".len()));
        assert_eq!(call_at("tests for map() please", 10), Some(13));
        assert_eq!(call_at("os.path.join(a, b)", 0), Some(12));
    }

    #[test]
    fn an_apis_own_name_stays() {
        assert_eq!(call_at("useEffect(() => {})", 0), None);
        assert_eq!(call_at("Thread.Abort() is gone", 0), None);
        assert_eq!(call_at("FindSystemTimeZoneById(\"AUS\")", 0), None);
    }

    #[test]
    fn a_part_inside_a_chain_starts_no_call() {
        assert_eq!(call_at("Billing.generate()", 8), None);
        assert_eq!(call_at("snake_case()", 6), None);
    }

    #[test]
    fn a_plural_or_a_spreadsheet_function_is_no_call() {
        assert_eq!(call_at("the file(s) we need", 4), None);
        assert_eq!(call_at("SUM(A1:A3)", 0), None);
        assert_eq!(call_at("CALCULATE(FILTER(ALL(Sales)))", 0), None);
        assert_eq!(call_at("generate the report", 0), None);
        assert_eq!(call_at("version 2.0(beta)", 8), None);
    }
}

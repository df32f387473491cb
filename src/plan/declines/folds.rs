//! The words of a piece as a decline reads them: the full forms formal
//! writing spells out folded to the contractions the phrases are listed
//! with.

use crate::plan::clauses::words_of;

/// Full forms that formal writing spells out, folded to the contraction
/// the phrases here are listed with: "I do not need you to…", "I have
/// already…", "I shall do it myself", "there is no need to…".
const FOLDS: &[(&str, &str, &str)] = &[
    ("are", "not", "aren't"),
    ("can", "not", "can't"),
    ("did", "not", "didn't"),
    ("do", "not", "don't"),
    ("does", "not", "doesn't"),
    ("i", "am", "i'm"),
    ("i", "have", "i've"),
    ("i", "shall", "i'll"),
    ("i", "will", "i'll"),
    ("is", "not", "isn't"),
    ("shall", "not", "won't"),
    ("there", "is", "there's"),
    ("was", "not", "wasn't"),
    ("we", "are", "we're"),
    ("we", "have", "we've"),
    ("we", "shall", "we'll"),
    ("we", "will", "we'll"),
    ("will", "not", "won't"),
];

/// The words of `piece` as a decline reads them: lowercased, with full
/// forms folded (see [`FOLDS`]) and "cannot" read as "can't".
pub(in crate::plan) fn folded_words(piece: &str) -> Vec<String> {
    let found: Vec<String> = words_of(piece).into_iter().map(|(w, _, _)| w).collect();
    let mut out = Vec::with_capacity(found.len());
    let mut i = 0;
    while i < found.len() {
        let next = found.get(i + 1).map_or("", String::as_str);
        match FOLDS.iter().find(|(a, b, _)| *a == found[i] && *b == next) {
            Some((_, _, c)) => {
                out.push((*c).to_string());
                i += 2;
            }
            None => {
                out.push(if found[i] == "cannot" {
                    "can't".into()
                } else {
                    found[i].clone()
                });
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::folded_words;

    #[test]
    fn full_forms_fold_to_contractions() {
        assert_eq!(
            folded_words("I do not need you to; there is no need, I shall do it"),
            ["i", "don't", "need", "you", "to", "there's", "no", "need", "i'll", "do", "it"]
        );
        assert_eq!(
            folded_words("We have already. cannot"),
            ["we've", "already", "can't"]
        );
        // Only a pair folds: "is" after "leave it as it" stays a word.
        assert_eq!(
            folded_words("leave it as it is"),
            ["leave", "it", "as", "it", "is"]
        );
    }
}

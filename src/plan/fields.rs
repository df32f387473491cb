//! The fields of a skill that relevance searches, and a set of them.

use serde::Serialize;

/// The fields of a skill that are searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FieldKind {
    Name,
    Triggers,
    Phrases,
    When,
    Does,
    Produces,
    Body,
    Not,
}

impl FieldKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FieldKind::Name => "name",
            FieldKind::Triggers => "triggers",
            FieldKind::Phrases => "quoted phrase",
            FieldKind::When => "use-when",
            FieldKind::Does => "description",
            FieldKind::Produces => "produces",
            FieldKind::Body => "body",
            FieldKind::Not => "not-for",
        }
    }
}

/// The fields a term was found in: a set of [`FieldKind`], held in one
/// byte (scoring makes one for every term of every matching skill) and
/// listed in field order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fields(u8);

const ALL: [FieldKind; 8] = [
    FieldKind::Name,
    FieldKind::Triggers,
    FieldKind::Phrases,
    FieldKind::When,
    FieldKind::Does,
    FieldKind::Produces,
    FieldKind::Body,
    FieldKind::Not,
];

impl Fields {
    pub fn insert(&mut self, f: FieldKind) {
        self.0 |= 1 << f as u8;
    }

    pub fn contains(&self, f: &FieldKind) -> bool {
        self.0 & (1 << *f as u8) != 0
    }

    /// True when the set holds a field of the skill's headline: anything
    /// but its body and its not-for sentences (a word found only there is
    /// one of its details, not its job).
    pub fn in_headline(&self) -> bool {
        self.iter()
            .any(|f| !matches!(f, FieldKind::Body | FieldKind::Not))
    }

    /// The fields in the set, in field order.
    pub fn iter(&self) -> impl Iterator<Item = FieldKind> + '_ {
        ALL.into_iter().filter(|f| self.contains(f))
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
}

impl Serialize for Fields {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_body_and_not_for_words_are_outside_the_headline() {
        let mut f = Fields::default();
        assert!(!f.in_headline());
        f.insert(FieldKind::Body);
        f.insert(FieldKind::Not);
        assert!(!f.in_headline());
        for kind in ALL
            .into_iter()
            .filter(|k| !matches!(k, FieldKind::Body | FieldKind::Not))
        {
            let mut g = f;
            g.insert(kind);
            assert!(g.in_headline(), "{kind:?}");
        }
    }

    #[test]
    fn a_set_lists_its_fields_in_order_and_serialises_as_a_list() {
        let mut f = Fields::default();
        assert!(f.is_empty());
        f.insert(FieldKind::Not);
        f.insert(FieldKind::Name);
        f.insert(FieldKind::Body);
        f.insert(FieldKind::Name);
        assert_eq!(
            f.iter().collect::<Vec<_>>(),
            [FieldKind::Name, FieldKind::Body, FieldKind::Not]
        );
        assert!(f.contains(&FieldKind::Body) && !f.contains(&FieldKind::Triggers));
        assert_eq!(
            serde_json::to_string(&f).unwrap(),
            r#"["name","body","not"]"#
        );
        for (i, k) in ALL.iter().enumerate() {
            assert_eq!(*k as usize, i, "ALL is in declaration order");
        }
    }
}

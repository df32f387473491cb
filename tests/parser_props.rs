//! Property tests: no bytes make the frontmatter parser or skill reader panic,
//! and the splitter's line mapping holds.

use proptest::prelude::*;
use re0::catalog::frontmatter::{split, KeyLines};
use re0::catalog::headless;
use re0::catalog::skill::{load, Candidate, SkillKind};

/// Pieces that real frontmatter is made of, to build nasty inputs from.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("---\n".to_string()),
        Just("...\n".to_string()),
        Just("\r\n".to_string()),
        Just("\u{feff}".to_string()),
        Just("name: x\n".to_string()),
        Just("metadata:\n  requires: a, b\n".to_string()),
        Just("description: >\n  folded\n".to_string()),
        Just("- item\n".to_string()),
        Just("key: [unclosed\n".to_string()),
        Just("\"q\": 'x'\n".to_string()),
        Just("  - nested: {a: 1}\n".to_string()),
        Just("&anchor *alias\n".to_string()),
        Just("!!binary aGk=\n".to_string()),
        Just("? complex\n: key\n".to_string()),
        "[ -~]{0,20}\n",
        ".{0,8}",
    ]
}

fn doc() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..16).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn split_never_panics_and_is_consistent(text in doc()) {
        if let Ok(s) = split(&text) {
            // The YAML and body are slices of the input, in order.
            let stripped = text.strip_prefix('\u{feff}').unwrap_or(&text);
            prop_assert!(stripped.contains(s.yaml));
            prop_assert!(stripped.ends_with(s.body));
            prop_assert_eq!(s.yaml_line, 2);
            // No line of the YAML is itself a fence.
            for line in s.yaml.lines() {
                let l = line.trim_end_matches(['\r', ' ', '\t']);
                prop_assert!(l != "---" && l != "...");
            }
        }
        let _ = KeyLines::index(&text, 2);
    }

    #[test]
    fn load_never_panics_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_load(&bytes);
    }

    #[test]
    fn load_never_panics_on_frontmatter_like_text(text in doc()) {
        check_load(text.as_bytes());
    }

    #[test]
    fn a_headless_description_is_one_line_within_the_spec_limit(
        text in "(#{0,3} ?[ -~]{0,30}\r?\n|<[A-Z]{1,8}>\n|[- ]?[ -~é✓]{0,60}\r?\n|\n){0,40}"
    ) {
        if let Some(d) = headless::description(&text) {
            prop_assert!(!d.is_empty());
            prop_assert!(!d.contains('\n') && !d.contains('\r'), "{d:?}");
            prop_assert!(d.chars().count() <= re0::catalog::spec::MAX_DESCRIPTION);
        }
    }
}

fn check_load(bytes: &[u8]) {
    let dir = tempfile::tempdir().unwrap();
    let skill_dir = dir.path().join("s");
    std::fs::create_dir_all(&skill_dir).unwrap();
    let file = skill_dir.join("SKILL.md");
    std::fs::write(&file, bytes).unwrap();
    let s = load(Candidate {
        file,
        dir: skill_dir,
        root: 0,
        plugin: None,
        kind: SkillKind::Folder,
        has_agents: false,
        ges_files: Vec::new(),
    });
    // An unreadable skill is always user-only and always says why.
    if !s.readable {
        assert!(s.is_user_only());
        assert!(!s.diagnostics.is_empty());
    }
    for d in &s.diagnostics {
        if let Some(l) = d.line {
            assert!(l >= 1);
            assert!(
                l <= bytes.iter().filter(|b| **b == b'\n').count() + 2,
                "line {l} past the end: {d:?}"
            );
        }
    }
}

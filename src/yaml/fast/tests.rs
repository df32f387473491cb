use super::parse;
use proptest::prelude::*;
use serde_yaml::{Mapping, Value};

fn full(yaml: &str) -> Result<Value, String> {
    serde_yaml::from_str::<Value>(yaml).map_err(|e| e.to_string())
}

/// The fast path decides `yaml`, and decides it as serde_yaml does.
fn decides_as_serde_yaml(yaml: &str) -> Mapping {
    let fast = parse(yaml).unwrap_or_else(|| panic!("fast path gave up on {yaml:?}"));
    assert_eq!(full(yaml), Ok(Value::Mapping(fast.clone())), "{yaml:?}");
    fast
}

#[test]
fn the_common_shapes_are_decided() {
    let m = decides_as_serde_yaml(
        "name: pdf-tools\ndescription: >-\n  Reads PDFs, fills forms:\n  use it when asked.\n\n  Second paragraph.\nmetadata:\n  produces: \"report\"\n  owner: 'it''s me'\n  writes: true\n# a comment\nlicense: MIT\n",
    );
    assert_eq!(
        m.get("description").and_then(Value::as_str),
        Some("Reads PDFs, fills forms: use it when asked.\nSecond paragraph.")
    );
    decides_as_serde_yaml(
        "name: a\ndescription: |\n  line one\n\n  line: two # kept\n\nx: null\ny:\nz: False\n",
    );
    decides_as_serde_yaml("name: a\r\ndescription: Use when:never mind, or this\r\n");
    decides_as_serde_yaml("description: >\n  a\n  b\n");
    let m = decides_as_serde_yaml(
        "metadata:\n  version: 1.0.0\n  v: 2.5\n  n: 42\n  z: 0\n  padded: 007\n  updated: 2025-01-31\n  big: 18446744073709551615\n",
    );
    assert_eq!(m["metadata"]["version"], Value::from("1.0.0"));
    assert_eq!(m["metadata"]["n"], Value::from(42u64));
}

#[test]
fn anything_else_goes_to_the_full_parser() {
    for yaml in [
        "",
        "# only a comment\n",
        "name: a",
        "name: a\nname: b\n",
        "name: a\ndescription: Fixes X: use when Y\n",
        "name: a\ndescription: b #c\n",
        "name: a\n  continued\n",
        "name: \"a\\tb\"\n",
        "name: \"a\n  b\"\n",
        "name: &x a\nb: *x\n",
        "name: !tag a\n",
        "name: [a, b]\n",
        "tools:\n  - Read\n",
        "tools:\n- Read\n",
        "version: 1.0e3\n",
        "n: 18446744073709551616\n",
        "n: 0x1F\n",
        "n: 12 apples\n",
        "d: 2025-1-31\n",
        "n: -1\n",
        "n: ~\n",
        "true: a\n",
        "name:\ta\n",
        "name: a\u{feff}\n",
        "name: a\u{7}\n",
        "m:\n  n:\n    o: p\n",
        "m:\n    a: b\n  c: d\n",
        "d: |+\n  a\n",
        "d: >2\n   a\n",
        "d: >\n  a\n    b\n",
        "d: |\n  a \n",
        "d: |\n  a\n   \n  b\n",
        "d: |\n\n  a\n",
        "key:value\n",
        "? a\n: b\n",
        "<<: a\n",
        "a: @x\n",
    ] {
        assert_eq!(parse(yaml), None, "{yaml:?}");
    }
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("name".to_string()),
        Just("description".to_string()),
        Just("metadata".to_string()),
        Just("true".to_string()),
        Just("x-y_z.w".to_string()),
        Just(": ".to_string()),
        Just(":".to_string()),
        Just(" ".to_string()),
        Just("  ".to_string()),
        Just("\n".to_string()),
        Just("\n  ".to_string()),
        Just("\n\n".to_string()),
        Just(">-\n  ".to_string()),
        Just("|\n  ".to_string()),
        Just(">".to_string()),
        Just("|-".to_string()),
        Just("\"".to_string()),
        Just("'".to_string()),
        Just("''".to_string()),
        Just("#".to_string()),
        Just(" #".to_string()),
        Just("- ".to_string()),
        Just("[".to_string()),
        Just("{".to_string()),
        Just(",".to_string()),
        Just("&a".to_string()),
        Just("*a".to_string()),
        Just("!t".to_string()),
        Just("\\".to_string()),
        Just("\t".to_string()),
        Just("\r".to_string()),
        Just("~".to_string()),
        Just("null".to_string()),
        Just("False".to_string()),
        Just("0".to_string()),
        Just("1.5".to_string()),
        Just("1.0.0".to_string()),
        Just("2025-01-31".to_string()),
        Just("007".to_string()),
        Just("e3".to_string()),
        Just("x".to_string()),
        "[0-9]{1,21}",
        Just("-".to_string()),
        Just(".inf".to_string()),
        Just("é".to_string()),
        Just("\u{85}".to_string()),
        "[a-z]{1,6}",
    ]
}

fn frontmatter() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 1..40).prop_map(|v| {
        let mut s = v.concat();
        s.push('\n');
        s
    })
}

/// Lines shaped like real frontmatter, so the fast path decides often.
fn shaped() -> impl Strategy<Value = String> {
    let value = prop_oneof![
        "[a-z][a-z ,:#'\"-]{0,12}",
        "\"[a-z :#']{0,8}\"",
        "'[a-z :#\"]{0,8}'",
        Just("true".to_string()),
        Just("Null".to_string()),
        "[0-9][0-9.-]{0,10}",
        Just(String::new()),
        ">-\n  [a-z :#]{1,8}\n  [a-z]{1,8}",
        "\\|\n  [a-z :#]{1,8}\n\n  [a-z]{1,8}\n",
    ];
    let line = (prop_oneof![Just(""), Just("  ")], "[a-z]{1,3}", value)
        .prop_map(|(indent, k, v)| format!("{indent}{k}: {v}\n"));
    prop::collection::vec(line, 1..8).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn what_it_decides_serde_yaml_decides_alike(yaml in frontmatter()) {
        if let Some(m) = parse(&yaml) {
            prop_assert_eq!(full(&yaml), Ok(Value::Mapping(m)), "{:?}", yaml);
        }
    }

    #[test]
    fn shaped_frontmatter_is_decided_alike(yaml in shaped()) {
        if let Some(m) = parse(&yaml) {
            prop_assert_eq!(full(&yaml), Ok(Value::Mapping(m)), "{:?}", yaml);
        }
    }
}

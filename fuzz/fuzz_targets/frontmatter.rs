//! The frontmatter splitter and key-line index on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use re0::catalog::frontmatter::{split, KeyLines};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(s) = split(&text) {
        assert!(text.contains(s.yaml));
        assert!(text.ends_with(s.body));
        let _ = KeyLines::index(s.yaml, s.yaml_line);
    }
});

//! The YAML loaders: the depth guard, the frontmatter fast path (whatever
//! it decides, serde_yaml decides alike), then `re0.yaml` as re0 reads it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(deep) = re0::yaml::check_depth(text) {
        assert!(deep.depth > re0::yaml::MAX_DEPTH);
    }
    if let Some(map) = re0::yaml::fast::parse(text) {
        let full = serde_yaml::from_str::<serde_yaml::Value>(text).ok();
        assert_eq!(full, Some(serde_yaml::Value::Mapping(map)));
    }
    if let Ok(c) = re0::config::Config::parse(text, Path::new("re0.yaml")) {
        assert!(c.max_attempts.is_none_or(|m| (1..=100).contains(&m)));
    }
});

//! Property tests for reading the clients' records: whatever a plugin
//! record, settings file or manifest holds, discovery never panics, and a
//! manifest path never leaves the folder it belongs to.

use proptest::prelude::*;
use re0::catalog::clients::{inside, views::Discovery, Homes};
use re0::workspace::Workspace;
use serde_json::Value;
use std::path::Path;

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        "[a-z@./ _-]{0,12}".prop_map(Value::String),
        Just(Value::String("../../etc".into())),
        Just(Value::String("/etc".into())),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("plugins".to_string()),
                    Just("installPath".to_string()),
                    Just("scope".to_string()),
                    Just("projectPath".to_string()),
                    Just("enabledPlugins".to_string()),
                    Just("skills".to_string()),
                    Just("commands".to_string()),
                    Just("x@y".to_string()),
                    "[a-z]{1,6}",
                ],
                inner,
                0..4
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn manifest_paths_never_leave_their_folder(rel in "[a-z./]{0,20}") {
        if let Some(p) = inside(Path::new("/base/plugin"), &rel) {
            prop_assert!(p.starts_with("/base/plugin"));
            prop_assert!(!p.components().any(|c| matches!(c, std::path::Component::ParentDir)));
        }
    }

    #[test]
    fn any_client_record_is_read_without_panicking(
        record in json_value(),
        settings in json_value(),
        manifest in json_value(),
        raw in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let claude = home.join(".claude");
        let plugin = claude.join("plugins/cache/m/p/1");
        std::fs::create_dir_all(plugin.join(".claude-plugin")).unwrap();
        std::fs::create_dir_all(home.join(".codex")).unwrap();
        std::fs::create_dir_all(home.join(".copilot")).unwrap();
        std::fs::create_dir_all(home.join(".gemini/extensions/e")).unwrap();
        std::fs::write(claude.join("plugins/installed_plugins.json"), record.to_string()).unwrap();
        std::fs::write(claude.join("settings.json"), settings.to_string()).unwrap();
        std::fs::write(plugin.join(".claude-plugin/plugin.json"), manifest.to_string()).unwrap();
        std::fs::write(home.join(".copilot/config.json"), record.to_string()).unwrap();
        std::fs::write(home.join(".gemini/extensions/e/gemini-extension.json"), manifest.to_string()).unwrap();
        std::fs::write(home.join(".gemini/extensions/extension-enablement.json"), settings.to_string()).unwrap();
        std::fs::write(home.join(".codex/config.toml"), &raw).unwrap();
        let ws = Workspace::at(dir.path().to_path_buf(), Some(home.clone()));
        let found = Discovery::new(&ws, Some(Homes::under(&home)));
        for r in found.view(None) {
            prop_assert!(r.path.exists(), "{}", r.path.display());
        }
    }
}

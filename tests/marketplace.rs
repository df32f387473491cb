//! The repository is a Claude Code plugin marketplace
//! (`.claude-plugin/marketplace.json`), so `/plugin marketplace add` and
//! `/plugin install re0-workflow@re0` work. Checks its shape, then installs
//! it the way Claude Code does (a copy in the plugin cache, a record in
//! installed_plugins.json, enabled in settings) and lists it.

mod common;

use common::{copy_tree, in_repo, json, Sandbox};
use serde_json::Value;

fn marketplace() -> Value {
    let text = std::fs::read_to_string(in_repo(".claude-plugin/marketplace.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn kebab(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[test]
fn the_marketplace_lists_skills_that_exist() {
    let m = marketplace();
    assert!(kebab(m["name"].as_str().unwrap()));
    assert!(m["owner"]["name"].is_string());
    let plugins = m["plugins"].as_array().unwrap();
    assert!(!plugins.is_empty());
    for p in plugins {
        assert!(kebab(p["name"].as_str().unwrap()), "{p}");
        assert_eq!(p["version"], env!("CARGO_PKG_VERSION"), "{p}");
        let source = in_repo(p["source"].as_str().unwrap());
        assert!(source.is_dir(), "{p}");
        for s in p["skills"].as_array().unwrap() {
            let skill = source.join(s.as_str().unwrap());
            assert!(skill.join("SKILL.md").is_file(), "{}", skill.display());
        }
    }
}

#[test]
fn installed_the_way_claude_code_does_it_lists_the_skill() {
    let sb = Sandbox::repository();
    let m = marketplace();
    let plugin = &m["plugins"][0];
    let name = plugin["name"].as_str().unwrap();
    let plugins = sb.home().join(".claude/plugins");
    let cache = plugins.join("cache/re0").join(name).join("0.1.0");
    copy_tree(
        &in_repo(plugin["source"].as_str().unwrap()),
        &cache,
        sb.path(),
    );
    let clone = plugins.join("marketplaces/re0/.claude-plugin");
    std::fs::create_dir_all(&clone).unwrap();
    std::fs::copy(
        in_repo(".claude-plugin/marketplace.json"),
        clone.join("marketplace.json"),
    )
    .unwrap();
    let id = format!("{name}@re0");
    let record = serde_json::json!({"version": 2, "plugins": {
        &id: [{"scope": "user", "installPath": cache, "version": "0.1.0"}]}});
    std::fs::write(plugins.join("installed_plugins.json"), record.to_string()).unwrap();
    let settings = serde_json::json!({"enabledPlugins": {&id: true}});
    std::fs::write(
        sb.home().join(".claude/settings.json"),
        settings.to_string(),
    )
    .unwrap();

    let v = json(
        sb.re0()
            .args(["--client", "claude", "list", "--format", "json"]),
    );
    let skills = v["skills"].as_array().unwrap();
    assert_eq!(skills.len(), 1, "{v}");
    assert_eq!(skills[0]["name"], "re0-workflow:re0-workflow");
    assert_eq!(skills[0]["invocation"], "/re0-workflow:re0-workflow");
    assert_eq!(skills[0]["clients"], serde_json::json!(["claude"]));
}

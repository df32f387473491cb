//! The GES readers and the command rewriter on arbitrary input: no panic,
//! and no value ever becomes command text.

use proptest::prelude::*;
use std::path::Path;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn yaml_graphs_never_panic(text in "\\PC{0,400}") {
        let _ = re0::ges::parse(&format!("schema: ges/1.1\n{text}"), Path::new("x.ges.yaml"));
        let _ = re0::ges::parse(&text, Path::new("x.ges.yaml"));
    }

    #[test]
    fn markdown_graphs_never_panic(body in "(<node [a-z =\"/>]{0,30}|<edge [a-z =\",/]{0,30}/>|<join [a-z ,=\"]{0,20}/>|## \\[[a-z.]{0,8}\\]\n|```\n|[a-z {}<>\"]{0,20}\n){0,30}") {
        let text = format!("---\nschema: ges/2.0\nname: x\n---\n<graph>\n{body}\n</graph>\n{body}");
        let _ = re0::ges::parse(&text, Path::new("x.ges.md"));
    }

    #[test]
    fn commands_never_panic(cmd in "[a-z '\"$(){}`<\\\\\n#;|&-]{0,80}") {
        let vars = std::collections::BTreeMap::from([("v".to_string(), serde_json::json!("x"))]);
        let _ = re0::ges::shell::prepare(&cmd, &vars);
        let _ = re0::ges::template::placeholders(&cmd);
    }
}

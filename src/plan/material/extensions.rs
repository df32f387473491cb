//! The extension of a code, config or data file (`dispatcher.ts`,
//! `package-lock.json`): what the file is written in, not the work. A
//! library named with ".js" ("Next.js") is no file.

/// Extensions of config, data and lock files, and of the JavaScript,
/// TypeScript and C# files of web and .NET projects. A file's name says
/// what the work is on; these extensions say only what it is written in:
/// "the conflicts in src/dispatcher.ts and package-lock.json" ask nothing
/// of a TypeScript SDK or a JSON workflow skill, "Program.cs" nothing of
/// MSBuild. Documents' extensions (`.pdf`, `.docx`, `.xlsx`, `.md`) stay:
/// the format is the work's ("fix budget.xlsx"). So do C, C++, Python,
/// Rust, Go and the other languages': measured on an adversarial pass,
/// "review parser.c", "modernize widget.cpp", "fuzz decoder.py" name the
/// language skills they ask for only by the extension.
const CODE_EXTENSIONS: &[&str] = &[
    "cs", "js", "json", "jsx", "lock", "mjs", "toml", "ts", "tsx", "yaml", "yml",
];

/// Names written with ".js" that are libraries, not files: "Next.js 14",
/// "p5.js".
const JS_LIBRARIES: &[&str] = &[
    "angular", "chart", "d3", "express", "next", "node", "nuxt", "p5", "react", "three", "vue",
];

/// A code file's extension at `i` (its dot, after a name): where it ends.
pub(super) fn code_extension_at(s: &str, i: usize) -> Option<usize> {
    let b = s.as_bytes();
    if b[i] != b'.' || i == 0 || !b[i - 1].is_ascii_alphanumeric() {
        return None;
    }
    let len = b[i + 1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    let end = i + 1 + len;
    // "checkout.spec.ts": the last dot holds the extension.
    let more = |c: &u8| {
        c.is_ascii_alphanumeric()
            || *c == b'.' && b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric)
    };
    if b.get(end).is_some_and(more) {
        return None;
    }
    let ext = s[i + 1..end].to_ascii_lowercase();
    if !CODE_EXTENSIONS.contains(&ext.as_str()) {
        return None;
    }
    if ext != "js" {
        return Some(end);
    }
    // The library's name: the word before the dot, read no further back
    // than the longest name, so a run of dots is not read again and again.
    let name: String = s[..i]
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric())
        .take(12)
        .collect::<Vec<char>>()
        .into_iter()
        .rev()
        .flat_map(char::to_lowercase)
        .collect();
    (!JS_LIBRARIES.contains(&name.as_str())).then_some(end)
}

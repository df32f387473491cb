//! Commands with `{{var}}` placeholders, made safe for `sh -c`.
//!
//! A value never becomes command text. Each placeholder is rewritten into a
//! reference to an environment variable (`RE0_GES_1`, …) that holds the
//! value, written for the shell quoting context the placeholder stands in:
//!
//! | context (author wrote)     | becomes                  |
//! |----------------------------|--------------------------|
//! | bare `echo {{v}}`          | `echo "${RE0_GES_1}"`    |
//! | double quotes `"T: {{v}}"` | `"T: ${RE0_GES_1}"`      |
//! | single quotes `'{{v}}'`    | `''"${RE0_GES_1}"''`     |
//! | `${x:-{{v}}}`              | like its surroundings    |
//! | `$(( {{n}} + 1 ))`         | `${RE0_GES_1}`, and the value must be an integer |
//! | unquoted here-document     | `${RE0_GES_1}`           |
//! | quoted here-document       | refused                  |
//! | comment                    | left as written          |
//!
//! In every row the shell expands the reference once and never parses the
//! result, so quotes, `$(…)`, backticks, newlines or a here-document's
//! delimiter inside a value are just bytes. A placeholder without a value
//! stays as written (literal text; the caller warns).

use super::template::{lookup, placeholders, text_of};
use serde_json::Value as Json;
use std::collections::BTreeMap;

/// A command ready for `sh -c`, and the environment it reads values from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    pub script: String,
    pub env: Vec<(String, String)>,
    /// Placeholders that had no value and were left as written.
    pub unresolved: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum Ctx {
    Bare,
    Single,
    Double,
    Backtick,
    Subst(u32),
    Arith(u32),
    Param,
    Comment,
    Heredoc {
        delim: String,
        quoted: bool,
        strip: bool,
    },
}

/// How a reference is written where the placeholder stands.
enum Emit {
    Quoted,
    Plain,
    CloseReopen,
    Integer,
    Literal,
}

struct Lexer<'a> {
    src: &'a str,
    stack: Vec<Ctx>,
    /// Here-documents whose bodies start at the next newline.
    pending: Vec<Ctx>,
}

impl Lexer<'_> {
    fn top(&self) -> &Ctx {
        self.stack.last().unwrap_or(&Ctx::Bare)
    }

    fn emit(&self) -> Result<Emit, String> {
        Ok(match self.top() {
            Ctx::Bare | Ctx::Backtick | Ctx::Subst(_) => Emit::Quoted,
            Ctx::Double => Emit::Plain,
            Ctx::Single => Emit::CloseReopen,
            Ctx::Arith(_) => Emit::Integer,
            Ctx::Comment => Emit::Literal,
            Ctx::Heredoc { quoted: false, .. } => Emit::Plain,
            Ctx::Heredoc { quoted: true, .. } => {
                return Err(
                    "a {{placeholder}} inside a quoted here-document cannot be passed safely; use an unquoted one (<<EOF)".into(),
                )
            }
            Ctx::Param => {
                let outer = self.stack.iter().rev().find(|c| **c != Ctx::Param);
                if outer == Some(&Ctx::Double) {
                    Emit::Plain
                } else {
                    Emit::Quoted
                }
            }
        })
    }

    fn word_start(&self, i: usize) -> bool {
        self.src[..i]
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || ";|&()".contains(c))
    }

    /// Reads a here-document operator at `i` (just past `<<`); returns the
    /// bytes it used.
    fn heredoc(&mut self, i: usize) -> usize {
        let rest = &self.src[i..];
        let strip = rest.starts_with('-');
        let after = if strip { &rest[1..] } else { rest };
        let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
        let word: String = after[blanks..]
            .chars()
            .take_while(|c| !c.is_whitespace() && !";|&<>()".contains(*c))
            .collect();
        if word.is_empty() {
            return 0;
        }
        let quoted = word.contains(['\'', '"', '\\']);
        let delim: String = word
            .chars()
            .filter(|c| !matches!(c, '\'' | '"' | '\\'))
            .collect();
        self.pending.push(Ctx::Heredoc {
            delim,
            quoted,
            strip,
        });
        usize::from(strip) + blanks + word.len()
    }

    /// Moves over the character at `i` (no placeholder there); returns how
    /// many bytes it took.
    fn step(&mut self, i: usize) -> usize {
        let rest = &self.src[i..];
        let c = rest.chars().next().expect("in range");
        let next = rest[c.len_utf8()..].chars().next();
        let top = self.top().clone();
        let bare_like = matches!(top, Ctx::Bare | Ctx::Backtick | Ctx::Subst(_));
        match top {
            Ctx::Single => {
                if c == '\'' {
                    self.stack.pop();
                }
                c.len_utf8()
            }
            Ctx::Comment => {
                if c == '\n' {
                    self.stack.pop();
                    return self.step(i);
                }
                c.len_utf8()
            }
            // Here-document bodies are read by lines in `prepare`.
            Ctx::Heredoc { .. } => c.len_utf8(),
            _ if c == '\\' => c.len_utf8() + next.map_or(0, char::len_utf8),
            Ctx::Double => match c {
                '"' => {
                    self.stack.pop();
                    1
                }
                _ => self.opens(rest, c, &top).unwrap_or(c.len_utf8()),
            },
            Ctx::Param => match c {
                '}' => {
                    self.stack.pop();
                    1
                }
                '"' => {
                    self.stack.push(Ctx::Double);
                    1
                }
                '\'' if !self.stack.contains(&Ctx::Double) => {
                    self.stack.push(Ctx::Single);
                    1
                }
                _ => self.opens(rest, c, &top).unwrap_or(c.len_utf8()),
            },
            Ctx::Arith(depth) => match c {
                '(' => {
                    *self.stack.last_mut().expect("arith") = Ctx::Arith(depth + 1);
                    1
                }
                ')' if depth == 0 && next == Some(')') => {
                    self.stack.pop();
                    2
                }
                ')' => {
                    *self.stack.last_mut().expect("arith") = Ctx::Arith(depth.saturating_sub(1));
                    1
                }
                _ => self.opens(rest, c, &top).unwrap_or(c.len_utf8()),
            },
            _ if bare_like => self.step_bare(i, c, next, &top),
            _ => c.len_utf8(),
        }
    }

    /// Opens a command substitution, arithmetic, a `${…}` or a backtick
    /// (closes one, in a backtick) at `rest`; the bytes it took, if any.
    fn opens(&mut self, rest: &str, c: char, top: &Ctx) -> Option<usize> {
        if rest.starts_with("$((") {
            self.stack.push(Ctx::Arith(0));
            Some(3)
        } else if rest.starts_with("$(") {
            self.stack.push(Ctx::Subst(0));
            Some(2)
        } else if rest.starts_with("${") && !rest[1..].starts_with("{{") {
            self.stack.push(Ctx::Param);
            Some(2)
        } else if c == '`' {
            if *top == Ctx::Backtick {
                self.stack.pop();
            } else {
                self.stack.push(Ctx::Backtick);
            }
            Some(1)
        } else {
            None
        }
    }

    /// [`Lexer::step`] outside quotes (bare, in a backtick or in `$(…)`):
    /// quotes and comments open, parentheses nest, here-documents begin.
    fn step_bare(&mut self, i: usize, c: char, next: Option<char>, top: &Ctx) -> usize {
        let rest = &self.src[i..];
        if let Some(n) = self.opens(rest, c, top) {
            return n;
        }
        match c {
            '\'' => self.stack.push(Ctx::Single),
            '"' => self.stack.push(Ctx::Double),
            '#' if self.word_start(i) => self.stack.push(Ctx::Comment),
            '(' => {
                if let Ctx::Subst(d) = *top {
                    *self.stack.last_mut().expect("subst") = Ctx::Subst(d + 1);
                }
            }
            ')' => {
                if let Ctx::Subst(d) = *top {
                    if d == 0 {
                        self.stack.pop();
                    } else {
                        *self.stack.last_mut().expect("subst") = Ctx::Subst(d - 1);
                    }
                }
            }
            '<' if rest.starts_with("<<<") => return 3,
            '<' if next == Some('<') => {
                return 2 + self.heredoc(i + 2);
            }
            '\n' if !self.pending.is_empty() => {
                let h = self.pending.remove(0);
                self.stack.push(h);
            }
            _ => {}
        }
        c.len_utf8()
    }
}

/// Rewrites `command` so each placeholder's value comes from the
/// environment. Refuses a value that cannot travel safely (a NUL byte, a
/// non-integer in arithmetic, a quoted here-document).
pub fn prepare(command: &str, vars: &BTreeMap<String, Json>) -> Result<Prepared, String> {
    let holes = placeholders(command);
    let mut lx = Lexer {
        src: command,
        stack: vec![Ctx::Bare],
        pending: Vec::new(),
    };
    let mut out = String::with_capacity(command.len() + 16 * holes.len());
    let mut env: Vec<(String, String)> = Vec::new();
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let mut unresolved = Vec::new();
    let mut next_hole = 0;
    let mut i = 0;
    while i < command.len() {
        let line_start = i == 0 || command.as_bytes()[i - 1] == b'\n';
        if let (true, Ctx::Heredoc { delim, strip, .. }) = (line_start, lx.top().clone()) {
            let end = command[i..].find('\n').map_or(command.len(), |n| i + n + 1);
            let line = command[i..end].trim_end_matches(['\n', '\r']);
            let line = if strip {
                line.trim_start_matches('\t')
            } else {
                line
            };
            if line == delim {
                lx.stack.pop();
                out.push_str(&command[i..end]);
                if command[i..end].ends_with('\n') && !lx.pending.is_empty() {
                    let h = lx.pending.remove(0);
                    lx.stack.push(h);
                }
                while holes.get(next_hole).is_some_and(|h| h.start < end) {
                    next_hole += 1;
                }
                i = end;
                continue;
            }
        }
        let hole = holes.get(next_hole).filter(|h| h.start == i);
        let Some(h) = hole else {
            let n = if matches!(lx.top(), Ctx::Heredoc { .. }) {
                heredoc_step(&command[i..])
            } else {
                lx.step(i)
            };
            out.push_str(&command[i..i + n]);
            i += n;
            continue;
        };
        next_hole += 1;
        let emit = lx.emit()?;
        let value = lookup(vars, &h.path).map(text_of);
        match (emit, value) {
            (Emit::Literal, _) | (_, None) => {
                if !matches!(lx.top(), Ctx::Comment) {
                    unresolved.push(h.path.clone());
                }
                out.push_str(&command[h.start..h.end]);
            }
            (emit, Some(v)) => {
                if v.contains('\0') {
                    return Err(format!(
                        "the value of {{{{{}}}}} holds a NUL byte, which no command can receive",
                        h.path
                    ));
                }
                if matches!(emit, Emit::Integer) && !is_integer(&v) {
                    return Err(format!(
                        "{{{{{}}}}} stands in shell arithmetic $((…)), but its value is not an integer",
                        h.path
                    ));
                }
                let name = names
                    .entry(h.path.clone())
                    .or_insert_with(|| {
                        let n = format!("RE0_GES_{}", env.len() + 1);
                        env.push((n.clone(), v));
                        n
                    })
                    .clone();
                match emit {
                    Emit::Quoted => out.push_str(&format!("\"${{{name}}}\"")),
                    Emit::CloseReopen => out.push_str(&format!("'\"${{{name}}}\"'")),
                    _ => out.push_str(&format!("${{{name}}}")),
                }
            }
        }
        i = h.end;
    }
    Ok(Prepared {
        script: out,
        env,
        unresolved,
    })
}

/// Inside a here-document body: one character, or a backslash pair.
fn heredoc_step(rest: &str) -> usize {
    let mut chars = rest.chars();
    let c = chars.next().expect("in range");
    if c == '\\' {
        1 + chars.next().map_or(0, char::len_utf8)
    } else if c == '\n' {
        1
    } else {
        // Up to the end of the line or the next placeholder or backslash.
        rest[c.len_utf8()..]
            .find(['\n', '\\', '{'])
            .map_or(rest.len(), |n| n + c.len_utf8())
    }
}

fn is_integer(v: &str) -> bool {
    let d = v.strip_prefix(['-', '+']).unwrap_or(v);
    !d.is_empty() && d.len() <= 18 && d.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vars(v: &str) -> BTreeMap<String, Json> {
        BTreeMap::from([
            ("v".to_string(), json!(v)),
            ("n".to_string(), json!(7)),
            ("o".to_string(), json!({"k": "x y"})),
        ])
    }

    fn script(cmd: &str) -> String {
        prepare(cmd, &vars("A")).unwrap().script
    }

    #[test]
    fn each_context_gets_its_reference() {
        assert_eq!(script("echo {{v}}"), "echo \"${RE0_GES_1}\"");
        assert_eq!(script("echo \"T: {{v}}\""), "echo \"T: ${RE0_GES_1}\"");
        assert_eq!(script("echo 'a {{v}} b'"), "echo 'a '\"${RE0_GES_1}\"' b'");
        assert_eq!(script("echo \"it's {{v}}\""), "echo \"it's ${RE0_GES_1}\"");
        assert_eq!(
            script("echo $(( {{n}} + 1 ))"),
            "echo $(( ${RE0_GES_1} + 1 ))"
        );
        assert_eq!(
            script("echo \"$(printf '%s' '{{v}}')\""),
            "echo \"$(printf '%s' ''\"${RE0_GES_1}\"'')\""
        );
        assert_eq!(
            script("echo ${X:-{{v}}} \"${X:-{{v}}}\""),
            "echo ${X:-\"${RE0_GES_1}\"} \"${X:-${RE0_GES_1}}\""
        );
        assert_eq!(
            script("echo `echo {{v}}` # {{v}}"),
            "echo `echo \"${RE0_GES_1}\"` # {{v}}"
        );
        assert_eq!(
            script("cat <<EOF\n{{v}}\nEOF\necho {{o.k}}"),
            "cat <<EOF\n${RE0_GES_1}\nEOF\necho \"${RE0_GES_2}\""
        );
        assert_eq!(script("echo \\'{{v}}"), "echo \\'\"${RE0_GES_1}\"");
    }

    #[test]
    fn values_stay_out_of_the_text() {
        let p = prepare(
            "x '{{v}}' \"{{v}}\" {{v}}",
            &vars("'; touch X; '$(id)`id`\n\"\\"),
        )
        .unwrap();
        assert!(!p.script.contains("touch"), "{}", p.script);
        assert_eq!(
            p.env,
            [(
                "RE0_GES_1".to_string(),
                "'; touch X; '$(id)`id`\n\"\\".to_string()
            )]
        );
    }

    #[test]
    fn unsafe_places_are_refused_and_missing_values_kept() {
        assert!(prepare("echo $(( {{v}} ))", &vars("a[$(id)]")).is_err());
        assert!(prepare("cat <<'EOF'\n{{v}}\nEOF", &vars("x")).is_err());
        assert!(prepare("echo {{v}}", &vars("a\0b")).is_err());
        let p = prepare("echo {{nope}}", &vars("x")).unwrap();
        assert_eq!(p.script, "echo {{nope}}");
        assert_eq!(p.unresolved, ["nope"]);
    }
}

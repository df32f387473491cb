//! `re0 check`: every finding about a catalog (DESIGN §7).
//!
//! Per-file findings (frontmatter, YAML, spec rules, contract types and
//! portability) are made while reading each skill; this module adds the
//! findings that need the whole catalog: unresolved `requires`, cycles,
//! missing `pipeline`/`calls` members and user-only members of model-invoked
//! pipelines. Duplicates and shadowing come from catalog precedence.

mod cyclic;
pub mod report;
pub mod rule_help;
pub mod strict;

use crate::catalog::Catalog;
use crate::diag::{rules, Diagnostic, Severity};
use crate::graph::PrereqGraph;
use std::borrow::Cow;

/// The findings of one check, sorted by file and line. Findings made while
/// reading the catalog are borrowed from it, not copied: a catalog with
/// tens of thousands of findings holds each one once.
#[derive(Debug, Clone, Default)]
pub struct Findings<'a> {
    pub diagnostics: Vec<Cow<'a, Diagnostic>>,
}

impl Findings<'_> {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// The exit status: 1 on errors, and on warnings when `strict`.
    pub fn exit_code(&self, strict: bool) -> i32 {
        let errors = self.count(Severity::Error);
        let warnings = self.count(Severity::Warning);
        if errors > 0 || (strict && warnings > 0) {
            1
        } else {
            0
        }
    }
}

/// Checks the whole catalog; `strict_spec` adds `--spec strict`'s key rule.
pub fn check_spec(catalog: &Catalog, strict_spec: bool) -> Findings<'_> {
    let mut f = check(catalog);
    if strict_spec {
        strict::apply(catalog, &mut f.diagnostics);
        sort(&mut f.diagnostics);
    }
    f
}

/// Checks the whole catalog.
pub fn check(catalog: &Catalog) -> Findings<'_> {
    let mut made = Vec::new();
    unresolved_requires(catalog, &mut made);
    members(catalog, &mut made);
    cycles(catalog, &mut made);
    inferred_links(catalog, &mut made);
    for (_, skill) in catalog.active() {
        made.extend(crate::ges::check::check_skill(skill, &catalog.bindings));
    }
    let read = catalog
        .diagnostics
        .iter()
        .chain(catalog.skills.iter().flat_map(|s| &s.diagnostics));
    let mut diagnostics: Vec<Cow<'_, Diagnostic>> = read
        .map(Cow::Borrowed)
        .chain(made.into_iter().map(Cow::Owned))
        .collect();
    sort(&mut diagnostics);
    diagnostics.dedup();
    Findings { diagnostics }
}

/// By file, line, column and code (stable: equal keys keep their order).
fn sort(diagnostics: &mut [Cow<'_, Diagnostic>]) {
    diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
}

/// The order re0 would infer between skills that declare no contract,
/// noted at the line that states it: the body line of a `skill-text`
/// link, the `description` key of the skill whose need an
/// `artifact-name` link meets.
fn inferred_links(catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    for link in crate::plan::infer::catalog_links(catalog) {
        let (a, b) = (&catalog.skills[link.from], &catalog.skills[link.to]);
        let file = &catalog.skills[link.said_by].file;
        out.push(
            Diagnostic::new(
                rules::INFERRED_LINK,
                file,
                format!(
                    "{} -> {} is inferred ({}): {}",
                    a.key(),
                    b.key(),
                    link.source.as_str(),
                    link.detail
                ),
            )
            .at_line(stating_line(file, link.quote.as_deref()))
            .help("declare it with requires/produces under metadata to make it a contract"),
        );
    }
}

/// The 1-based line of `file` that states a link: the first that opens
/// with `quote` (without the mark of its clipping), or without one the
/// frontmatter's `description` key.
fn stating_line(file: &std::path::Path, quote: Option<&str>) -> Option<usize> {
    let text = std::fs::read_to_string(file).ok()?;
    let mut lines = crate::lines::lines(&text).enumerate();
    let found = match quote {
        Some(q) => {
            let q = q.trim_end_matches('…');
            lines.find(|(_, l)| !q.is_empty() && l.trim().starts_with(q))
        }
        None => lines
            .take_while(|&(n, l)| n == 0 || l.trim_end() != "---")
            .find(|(_, l)| l.starts_with("description:")),
    };
    found.map(|(n, _)| n + 1)
}

fn unresolved_requires(catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    for (i, skill) in catalog.active() {
        let line = skill
            .contract
            .requires
            .as_ref()
            .and_then(|f| f.line_number());
        for artifact in skill.contract.requires() {
            let produced = catalog.producers(artifact).iter().any(|&p| p != i);
            if !produced && !catalog.inputs.contains(artifact) {
                out.push(
                    Diagnostic::new(
                        rules::UNRESOLVED_REQUIRES,
                        &skill.file,
                        format!("'{}' requires '{artifact}', which no installed skill produces", skill.key()),
                    )
                    .at_line(line)
                    .help(format!(
                        "install a skill that produces '{artifact}', or list it in the catalog's re0.yaml under `inputs:` if people bring it"
                    )),
                );
            }
        }
    }
}

fn members(catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    for (_, skill) in catalog.active() {
        let c = &skill.contract;
        for (field, list) in [("pipeline", &c.pipeline), ("calls", &c.calls)] {
            let Some(list) = list else { continue };
            for member in &list.value {
                match catalog.get(member) {
                    None => out.push(
                        Diagnostic::new(
                            rules::MISSING_MEMBER,
                            &skill.file,
                            format!("'{}' lists '{member}' in '{field}', but no such skill is installed", skill.key()),
                        )
                        .at_line(list.line_number()),
                    ),
                    Some(m) if field == "pipeline" && m.is_user_only() && !skill.is_user_only() => out.push(
                        Diagnostic::new(
                            rules::USER_ONLY_PIPELINE_MEMBER,
                            &skill.file,
                            format!(
                                "model-invoked pipeline '{}' contains user-only '{}'; the pipeline can only run as a user handoff",
                                skill.key(),
                                m.key()
                            ),
                        )
                        .at_line(list.line_number())
                        .help("mark the pipeline `disable-model-invocation: true`, or make the member model-invoked"),
                    ),
                    Some(_) => {}
                }
            }
        }
    }
}

fn cycles(catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    let nodes: Vec<usize> = catalog.active().map(|(i, _)| i).collect();
    // The full graph only over the skills on some cycle: the same cycles,
    // without its cost per skill when (as usual) there are few or none.
    let nodes = cyclic::cyclic_skills(catalog, &nodes);
    if nodes.is_empty() {
        return;
    }
    let graph = PrereqGraph::build(catalog, &nodes);
    for cycle in graph.cycles() {
        let first = &catalog.skills[cycle.nodes[0]];
        let line = first
            .contract
            .requires
            .as_ref()
            .or(first.contract.calls.as_ref())
            .and_then(|f| f.line_number());
        out.push(
            Diagnostic::new(
                rules::CYCLE,
                &first.file,
                format!("prerequisite cycle: {}", cycle.text()),
            )
            .at_line(line)
            .help(format!(
                "edges that close it: {}; cut one",
                cycle.edges_text()
            )),
        );
    }
}

//! Selection quality: an evaluation set of intents with the skills they
//! should select (and, for ordered requests, the order they must run in),
//! scored for re0 and for the floor (plain BM25 over descriptions, top-1).
//!
//! Besides precision, recall, F1 and exact match over (intent, skill) pairs,
//! the report counts skills selected per positive case (padding shows here
//! first), the share of ordered cases planned in the asked order, and for
//! trigger cases (`trigger-should` / `trigger-should-not`) the balanced
//! accuracy of "does the skill under test fire".

use crate::catalog::{roots, Catalog, RootRequest};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::plan::text::Analyzer;
use crate::workspace::Workspace;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The evaluation file: catalog folder (relative to the file) to cases.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvalFile {
    pub catalogs: BTreeMap<PathBuf, Vec<Case>>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub intent: String,
    pub expect: BTreeSet<String>,
    /// What kind of case this is (paraphrase, multi, negative, …).
    #[serde(default)]
    pub kind: Option<String>,
    /// The order the expected skills must have in the plan, when the
    /// person asked for one.
    #[serde(default)]
    pub order: Option<Vec<String>>,
    /// For trigger cases: the skill under test (defaults to the only
    /// expected skill).
    #[serde(default)]
    pub skill: Option<String>,
}

/// Counts for one selector.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Score {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
    pub exact: usize,
    pub cases: usize,
    /// Cases expecting at least one skill, and what they selected in all.
    pub positive: usize,
    pub positive_selected: usize,
    /// Cases expecting exactly one skill, and what they selected in all.
    pub single: usize,
    pub single_selected: usize,
    /// Cases with an `order`, and those planned in that order.
    pub ordered: usize,
    pub in_order: usize,
    /// Trigger cases: (fired when it should, should-fire cases,
    /// quiet when it should be, should-not cases).
    pub trigger: [usize; 4],
}

impl Score {
    fn add(&mut self, got: &BTreeSet<String>, want: &BTreeSet<String>) {
        self.tp += got.intersection(want).count();
        self.fp += got.difference(want).count();
        self.fn_ += want.difference(got).count();
        self.exact += usize::from(got == want);
        self.cases += 1;
        if !want.is_empty() {
            self.positive += 1;
            self.positive_selected += got.len();
        }
        if want.len() == 1 {
            self.single += 1;
            self.single_selected += got.len();
        }
    }

    fn add_trigger(&mut self, should: bool, fired: bool) {
        if should {
            self.trigger[0] += usize::from(fired);
            self.trigger[1] += 1;
        } else {
            self.trigger[2] += usize::from(!fired);
            self.trigger[3] += 1;
        }
    }

    /// Skills selected per case that expects any.
    pub fn per_positive(&self) -> f64 {
        self.positive_selected as f64 / self.positive.max(1) as f64
    }
    /// Skills selected per case that expects exactly one.
    pub fn per_single(&self) -> f64 {
        self.single_selected as f64 / self.single.max(1) as f64
    }
    /// Share of ordered cases planned in the asked order.
    pub fn order_rate(&self) -> f64 {
        ratio(self.in_order, self.ordered)
    }
    /// Balanced accuracy over trigger cases, when there are any.
    pub fn trigger_accuracy(&self) -> Option<f64> {
        let [hit, should, quiet, should_not] = self.trigger;
        (should + should_not > 0).then(|| (ratio(hit, should) + ratio(quiet, should_not)) / 2.0)
    }
    pub fn precision(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }
    pub fn recall(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
    pub fn exact_rate(&self) -> f64 {
        ratio(self.exact, self.cases)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

/// One case's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub catalog: String,
    pub intent: String,
    pub kind: Option<String>,
    pub expect: BTreeSet<String>,
    pub re0: BTreeSet<String>,
    pub baseline: BTreeSet<String>,
    /// The asked order, and the expected skills in the order re0's plan has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expect_order: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planned_order: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    pub re0: Score,
    pub baseline: Score,
    pub by_kind: BTreeMap<String, (Score, Score)>,
    pub outcomes: Vec<Outcome>,
}

/// Runs the evaluation in `path`.
pub fn run(path: &Path) -> Result<Report> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    let file: EvalFile = serde_yaml::from_str(&text).map_err(|e| Error::Config {
        path: path.to_path_buf(),
        line: e.location().map(|l| l.line()),
        column: e.location().map(|l| l.column()),
        message: e.to_string(),
    })?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut report = Report::default();
    for (dir, cases) in &file.catalogs {
        let cwd = std::env::current_dir().map_err(|e| Error::Io {
            path: PathBuf::from("."),
            source: e,
        })?;
        let dir = crate::paths::absolute(&base.join(dir), &cwd);
        let ws = Workspace::at(dir.clone(), None);
        let req = RootRequest {
            flags: vec![dir.clone()],
            ..RootRequest::default()
        };
        let catalog = Catalog::load(roots::resolve(&req, &ws)?, &Config::default())?;
        for case in cases {
            check_names(path, &dir, &catalog, case)?;
            let got: BTreeSet<String> = crate::plan::selected(&catalog, &case.intent)
                .into_iter()
                .map(|i| catalog.skills[i].key())
                .collect();
            let floor = baseline(&catalog, &case.intent);
            let planned_order = match &case.order {
                Some(order) => Some(planned_order(&catalog, &case.intent, order)?),
                None => None,
            };
            let kind = case.kind.clone().unwrap_or_else(|| "plain".into());
            let entry = report.by_kind.entry(kind.clone()).or_default();
            for (score, sel) in [(&mut report.re0, &got), (&mut entry.0, &got)] {
                score.add(sel, &case.expect);
                tally_extras(score, case, &kind, sel, planned_order.as_deref());
            }
            for (score, sel) in [(&mut report.baseline, &floor), (&mut entry.1, &floor)] {
                score.add(sel, &case.expect);
                tally_extras(score, case, &kind, sel, None);
            }
            report.outcomes.push(Outcome {
                catalog: crate::paths::display(&dir, &cwd),
                intent: case.intent.clone(),
                kind: case.kind.clone(),
                expect: case.expect.clone(),
                re0: got,
                baseline: floor,
                expect_order: case.order.clone(),
                planned_order,
            });
        }
    }
    Ok(report)
}

/// Every skill a case names must be in its catalog.
fn check_names(path: &Path, dir: &Path, catalog: &Catalog, case: &Case) -> Result<()> {
    let named = case
        .expect
        .iter()
        .chain(case.order.iter().flatten())
        .chain(case.skill.iter());
    for want in named {
        if catalog.get(want).is_none() {
            return Err(Error::Usage(format!(
                "{}: '{}' expects '{want}', which {} does not have",
                path.display(),
                case.intent,
                dir.display()
            )));
        }
    }
    Ok(())
}

/// Order and trigger tallies for one case. `planned` is the case's ordered
/// skills as the plan has them (the floor never orders).
fn tally_extras(
    score: &mut Score,
    case: &Case,
    kind: &str,
    got: &BTreeSet<String>,
    planned: Option<&[String]>,
) {
    if let Some(order) = &case.order {
        score.ordered += 1;
        score.in_order += usize::from(planned == Some(order.as_slice()));
    }
    let should = match kind {
        "trigger-should" => true,
        "trigger-should-not" => false,
        _ => return,
    };
    let fired = match case.skill.as_ref().or(case.expect.iter().next()) {
        Some(skill) if should || case.skill.is_some() => got.contains(skill),
        // A near-miss with no skill under test is quiet when nothing fires
        // beyond what it expects.
        _ => got != &case.expect,
    };
    score.add_trigger(should, fired);
}

/// The skills of `order` in the order re0's plan for `intent` has them
/// (missing ones left out).
fn planned_order(catalog: &Catalog, intent: &str, order: &[String]) -> Result<Vec<String>> {
    let plan = crate::plan::plan(catalog, intent, &crate::plan::Options::default())?;
    Ok(plan
        .steps
        .iter()
        .map(|s| s.target.clone())
        .filter(|t| order.contains(t))
        .collect())
}

/// The floor: BM25 (k1 1.2, b 0.75) over descriptions alone, the single
/// best skill when any word matches.
pub fn baseline(catalog: &Catalog, intent: &str) -> BTreeSet<String> {
    let a = Analyzer::default();
    let q: BTreeSet<String> = a.plain_terms(intent).into_iter().collect();
    let docs: Vec<(usize, Vec<String>)> = catalog
        .active()
        .map(|(i, s)| (i, a.plain_terms(s.description.as_deref().unwrap_or(""))))
        .collect();
    let n = docs.len() as f64;
    let avg = (docs.iter().map(|(_, d)| d.len()).sum::<usize>() as f64 / n.max(1.0)).max(1.0);
    let mut best: Option<(f64, usize)> = None;
    for (i, d) in &docs {
        let mut score = 0.0;
        for t in &q {
            let tf = d.iter().filter(|w| *w == t).count() as f64;
            if tf == 0.0 {
                continue;
            }
            let df = docs.iter().filter(|(_, d)| d.contains(t)).count() as f64;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * d.len() as f64 / avg));
        }
        if score > 0.0 && best.is_none_or(|(b, _)| score > b) {
            best = Some((score, *i));
        }
    }
    best.map(|(_, i)| catalog.skills[i].key())
        .into_iter()
        .collect()
}

//! Selection quality: an evaluation set of intents with the skills they
//! should select, scored for re0 and for the floor (plain BM25 over
//! descriptions, top-1).

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
}

/// Counts for one selector.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Score {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
    pub exact: usize,
    pub cases: usize,
}

impl Score {
    fn add(&mut self, got: &BTreeSet<String>, want: &BTreeSet<String>) {
        self.tp += got.intersection(want).count();
        self.fp += got.difference(want).count();
        self.fn_ += want.difference(got).count();
        self.exact += usize::from(got == want);
        self.cases += 1;
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
            for want in &case.expect {
                if catalog.get(want).is_none() {
                    return Err(Error::Usage(format!(
                        "{}: '{}' expects '{want}', which {} does not have",
                        path.display(),
                        case.intent,
                        dir.display()
                    )));
                }
            }
            let got: BTreeSet<String> = crate::plan::selected(&catalog, &case.intent)
                .into_iter()
                .map(|i| catalog.skills[i].key())
                .collect();
            let floor = baseline(&catalog, &case.intent);
            report.re0.add(&got, &case.expect);
            report.baseline.add(&floor, &case.expect);
            let kind = case.kind.clone().unwrap_or_else(|| "plain".into());
            let entry = report.by_kind.entry(kind).or_default();
            entry.0.add(&got, &case.expect);
            entry.1.add(&floor, &case.expect);
            report.outcomes.push(Outcome {
                catalog: crate::paths::display(&dir, &cwd),
                intent: case.intent.clone(),
                kind: case.kind.clone(),
                expect: case.expect.clone(),
                re0: got,
                baseline: floor,
            });
        }
    }
    Ok(report)
}

/// The floor: BM25 (k1 1.2, b 0.75) over descriptions alone, the single
/// best skill when any word matches.
pub fn baseline(catalog: &Catalog, intent: &str) -> BTreeSet<String> {
    let a = Analyzer::default();
    let q: BTreeSet<String> = a.terms(intent).into_iter().collect();
    let docs: Vec<(usize, Vec<String>)> = catalog
        .active()
        .map(|(i, s)| (i, a.terms(s.description.as_deref().unwrap_or(""))))
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

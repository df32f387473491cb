//! `re0 eval FILE`: selection quality on an evaluation set.

use super::output;
use super::output::Format;
use crate::error::Result;
use crate::eval::{self, Score};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
FILE maps catalog folders (relative to FILE) to cases:

  catalogs:
    ../catalogs/dev-workflow:
      - intent: review and ship my change
        expect: [review-change, release]
        kind: multi

Scores are micro-averaged over (intent, skill) pairs; exact is the share of
intents whose selection equals the expected set. The floor is plain BM25
over descriptions, taking the single best skill.

A case may add `order: [a, b]` (the order the plan must have them in) and,
for `kind: trigger-should` / `trigger-should-not`, `skill: NAME` (the skill
under test). Columns: per-pos and per-one are skills selected per case that
expects any / exactly one; order is ordered cases planned in the asked
order; trigger is the balanced accuracy of the trigger cases.")]
pub struct Args {
    /// The evaluation set.
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List every intent whose selection differs from the expected one.
    #[arg(long, short)]
    verbose: bool,
}

fn row(name: &str, s: &Score) -> String {
    let trigger = s
        .trigger_accuracy()
        .map_or_else(|| "-".to_string(), |a| format!("{a:.3}"));
    format!(
        "{name:<22} {:>9.3} {:>7.3} {:>7.3} {:>7.3} {:>8.2} {:>8.2} {:>7} {:>8}  ({} intents)\n",
        s.precision(),
        s.recall(),
        s.f1(),
        s.exact_rate(),
        s.per_positive(),
        s.per_single(),
        format!("{}/{}", s.in_order, s.ordered),
        trigger,
        s.cases
    )
}

pub fn run(args: Args) -> Result<i32> {
    let report = eval::run(&args.file)?;
    match args.format {
        Format::Json => output::print_json(&serde_json::json!({
            "schema": "re0/eval@1",
            "re0": metrics(&report.re0),
            "baseline": metrics(&report.baseline),
            "outcomes": report.outcomes,
        })),
        Format::Text => {
            let mut s = format!(
                "{:<22} {:>9} {:>7} {:>7} {:>7} {:>8} {:>8} {:>7} {:>8}\n",
                "", "precision", "recall", "F1", "exact", "per-pos", "per-one", "order", "trigger"
            );
            s.push_str(&row("re0", &report.re0));
            s.push_str(&row("floor: BM25 desc top-1", &report.baseline));
            s.push_str("\nby kind (re0 | floor F1):\n");
            for (kind, (r, b)) in &report.by_kind {
                s.push_str(&format!(
                    "  {kind:<14} F1 {:.3} | {:.3}  exact {:.3} | {:.3}  ({} intents)\n",
                    r.f1(),
                    b.f1(),
                    r.exact_rate(),
                    b.exact_rate(),
                    r.cases
                ));
            }
            if args.verbose {
                s.push_str("\nintents re0 gets wrong:\n");
                for o in report.outcomes.iter().filter(|o| o.re0 != o.expect) {
                    s.push_str(&format!(
                        "  {:?}\n    expected {:?}\n    re0      {:?}\n",
                        o.intent, o.expect, o.re0
                    ));
                }
                s.push_str("\nordered intents planned out of order:\n");
                for o in &report.outcomes {
                    if let Some(got) = &o.planned_order {
                        let want = o.expect_order.as_ref();
                        if want != Some(got) {
                            s.push_str(&format!(
                                "  {:?}\n    asked    {:?}\n    planned  {:?}\n",
                                o.intent,
                                want.cloned().unwrap_or_default(),
                                got
                            ));
                        }
                    }
                }
            }
            output::print(&s);
        }
    }
    Ok(0)
}

fn metrics(s: &Score) -> serde_json::Value {
    serde_json::json!({
        "precision": s.precision(),
        "recall": s.recall(),
        "f1": s.f1(),
        "exact": s.exact_rate(),
        "intents": s.cases,
        "selected_per_positive": s.per_positive(),
        "selected_per_single": s.per_single(),
        "ordered": s.ordered,
        "in_order": s.in_order,
        "trigger_balanced_accuracy": s.trigger_accuracy(),
    })
}

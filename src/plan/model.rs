//! The plan as scripts and agents read it: `re0/plan@1` (DESIGN §4.6).

use serde::{Deserialize, Serialize};

pub const SCHEMA: &str = "re0/plan@1";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlanResult {
    Plan,
    ZeroSteps,
    Reject,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepType {
    Skip,
    UserHandoff,
    InvokeModelSkill,
    Conditional,
}

impl StepType {
    pub fn as_str(self) -> &'static str {
        match self {
            StepType::Skip => "skip",
            StepType::UserHandoff => "user-handoff",
            StepType::InvokeModelSkill => "invoke-model-skill",
            StepType::Conditional => "conditional",
        }
    }

    pub fn cost_owner(self) -> CostOwner {
        match self {
            StepType::Skip => CostOwner::None,
            StepType::UserHandoff => CostOwner::Human,
            StepType::InvokeModelSkill | StepType::Conditional => CostOwner::RunBudget,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    Skill,
    Pipeline,
    Decision,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CostOwner {
    RunBudget,
    Human,
    None,
}

/// One typed step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub id: String,
    pub target: String,
    pub kind: StepKind,
    pub predecessors: Vec<String>,
    /// Why each predecessor comes first: the contract, or a link re0
    /// inferred (the intent's order, a skill's text, an artifact's name).
    #[serde(default)]
    pub links: Vec<StepLink>,
    #[serde(rename = "type")]
    pub step_type: StepType,
    pub may_become: Vec<StepType>,
    pub reason: String,
    pub fires_when: String,
    pub expected_output: Vec<String>,
    pub skippable_when: Option<String>,
    pub cost_owner: CostOwner,
    pub invocation: Option<String>,
    pub selected_because: String,
}

/// One reason a step comes after another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepLink {
    pub from: String,
    pub source: super::infer::Source,
    pub detail: String,
}

/// Why a plan was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reject {
    pub reason: String,
    pub cycle: Vec<String>,
    pub text: String,
    /// The edges that close the cycle and the artifacts behind each.
    pub edges: Vec<RejectEdge>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectEdge {
    pub from: String,
    pub to: String,
    pub via: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogInfo {
    pub skills: usize,
    pub roots: Vec<String>,
}

/// A plan, a zero-step result or a reject.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    pub schema: String,
    pub intent: String,
    pub result: PlanResult,
    pub reject: Option<Reject>,
    pub steps: Vec<Step>,
    pub stop_condition: Option<String>,
    pub notes: Vec<String>,
    pub catalog: CatalogInfo,
    /// Present with `--explain`: every candidate and why it was or was not taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explain: Option<Vec<super::select::Candidate>>,
}

impl Plan {
    /// The exit status DESIGN §4.6 gives this result.
    pub fn exit_code(&self) -> i32 {
        match self.result {
            PlanResult::Reject => 3,
            _ => 0,
        }
    }

    pub fn step(&self, id: &str) -> Option<&Step> {
        self.steps.iter().find(|s| s.id == id)
    }
}

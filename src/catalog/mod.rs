//! Reading the skills installed on a machine into a [`Catalog`].
//!
//! `roots` decides where to look, `scan` finds skill files, `skill` reads
//! each one (in parallel: reading is independent per file), and this module
//! applies precedence: the first skill of a name wins; a later one in the
//! same root is a duplicate, in a later root it is shadowed. `index` keeps
//! what reading produced between runs, and `ahead` makes a warm catalog
//! from it while a walk confirms it.

pub mod ahead;
pub mod clients;
pub mod commands;
pub mod frontmatter;
pub mod headless;
pub mod index;
pub mod lenient;
pub mod roots;
pub mod scan;
pub mod skill;
pub mod spec;

pub use clients::Client;
pub use roots::{Layout, Root, RootKind, RootRequest};
pub use skill::{InvokeStyle, Lane, LaneSource, Skill, SkillKind};

use crate::config::Config;
use crate::diag::{rules, Diagnostic};
use crate::error::Result;
use std::collections::BTreeSet;

/// Every skill found, with precedence applied.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub roots: Vec<Root>,
    /// All skills in precedence order, shadowed ones included
    /// (see [`Skill::shadowed_by`]).
    pub skills: Vec<Box<Skill>>,
    /// Findings not about one skill (walk errors, loops, root configs).
    pub diagnostics: Vec<Diagnostic>,
    /// Artifacts people bring (`inputs:` in `re0.yaml` files).
    pub inputs: BTreeSet<String>,
    /// Capabilities nobody present can grant (`never:`).
    pub never: BTreeSet<String>,
    /// GES binding aliases from the workspace `re0.yaml`.
    pub bindings: std::collections::BTreeMap<String, String>,
    /// Each skill's place, found by its key (`name` or `plugin:name`): the
    /// table holds places and the keys stay the skills' own, so filling it
    /// copies no name (precedence fills it on one core, before planning).
    /// Keys hash with foldhash, as the map below does.
    by_key: hashbrown::HashTable<usize>,
    /// Artifact name to the active skills producing it, in precedence order.
    by_artifact: foldhash::HashMap<String, Vec<usize>>,
}

/// Skill keys (`name`, or `plugin:name`) hashed and compared without being
/// made.
mod keys {
    use super::Skill;
    use std::hash::BuildHasher;

    /// The hash of a key as written.
    pub fn of(key: &str) -> u64 {
        foldhash::fast::FixedState::with_seed(0x7265_305f_6b65_7973).hash_one(key)
    }

    thread_local! {
        /// A `plugin:name` spelled out, kept for the thread.
        static KEY: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }

    /// `f` of the skill's key, spelled out without an allocation.
    fn with_key<R>(s: &Skill, f: impl FnOnce(&str) -> R) -> R {
        match &s.plugin {
            None => f(&s.name),
            Some(p) => KEY.with_borrow_mut(|k| {
                k.clear();
                k.push_str(p);
                k.push(':');
                k.push_str(&s.name);
                f(k)
            }),
        }
    }

    /// The hash of a skill's key: [`of`] its `plugin:name`.
    pub fn of_skill(s: &Skill) -> u64 {
        with_key(s, of)
    }

    /// True when `key` is the skill's key.
    pub fn is(s: &Skill, key: &str) -> bool {
        match &s.plugin {
            None => s.name == key,
            Some(p) => key
                .strip_prefix(p.as_str())
                .and_then(|rest| rest.strip_prefix(':'))
                .is_some_and(|name| name == s.name),
        }
    }

    /// True when two skills have the same key (a name may hold a `:`).
    pub fn same(a: &Skill, b: &Skill) -> bool {
        with_key(a, |k| is(b, k))
    }
}

static PLANNING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Tells the scan that this command scores no relevance (`check`, `list`):
/// skills are loaded without their profiles, and without an index to fill
/// no skill keeps what only scoring reads.
pub fn not_for_planning() {
    PLANNING.store(false, std::sync::atomic::Ordering::Relaxed);
    if !index::enabled() {
        skill::without_summaries();
    }
}

/// False after [`not_for_planning`].
pub fn for_planning() -> bool {
    PLANNING.load(std::sync::atomic::Ordering::Relaxed)
}

impl Catalog {
    /// Reads every root. `workspace` is the workspace configuration, whose
    /// `inputs` and `never` apply; each named root's own `re0.yaml` may add
    /// `inputs` and `never` but nothing else.
    pub fn load(roots: Vec<Root>, workspace: &Config) -> Result<Catalog> {
        let base = Catalog::configured(roots, workspace)?;
        let mut found = Vec::new();
        let skills = scan::scan(&base.roots, &mut found);
        Ok(base.with_skills(skills, found))
    }

    /// The catalog [`Catalog::load`] reads, given to `then`, whose result
    /// is returned. From an index that holds the order of the walk that
    /// wrote it, the catalog is made and given to `then` while a walk
    /// confirms every skill of it, on the other core (see [`ahead`]); when
    /// the walk finds anything else, that result is dropped and `then` is
    /// given the catalog the walk loads. `then` is thus called once or
    /// twice, and must not act on the world (print, write, run).
    pub fn load_then<R: Send>(
        roots: Vec<Root>,
        workspace: &Config,
        more: Vec<Diagnostic>,
        then: impl Fn(Catalog) -> R + Sync,
    ) -> Result<R> {
        let base = Catalog::configured(roots, workspace)?;
        let finish = |skills, found| {
            let mut c = base.clone().with_skills(skills, found);
            c.diagnostics.extend(more.iter().cloned());
            then(c)
        };
        if let Some(r) = ahead::load(&base.roots, &finish) {
            return Ok(r);
        }
        let mut found = Vec::new();
        let skills = scan::scan(&base.roots, &mut found);
        Ok(finish(skills, found))
    }

    /// The catalog of `roots` before any skill is found: the `inputs`,
    /// `never` and bindings of the workspace configuration, and what each
    /// named root's own `re0.yaml` adds or is found wrong with.
    fn configured(roots: Vec<Root>, workspace: &Config) -> Result<Catalog> {
        let mut diagnostics = Vec::new();
        let mut inputs: BTreeSet<String> = workspace.inputs.iter().cloned().collect();
        let mut never: BTreeSet<String> = workspace.never.iter().cloned().collect();
        for root in roots.iter().filter(|r| r.is_named()) {
            let path = root.path.join("re0.yaml");
            let Some(text) = Config::read_text(&path)? else {
                continue;
            };
            let config = Config::parse(&text, &path)?;
            inputs.extend(config.inputs.iter().cloned());
            never.extend(config.never.iter().cloned());
            for key in config.authority_keys() {
                diagnostics.push(
                    Diagnostic::new(
                        rules::ROOT_CONFIG_KEY,
                        &path,
                        format!("'{key}' in a catalog's re0.yaml is ignored: only the workspace re0.yaml may set it"),
                    )
                    .at_line(crate::config::line_of(&text, key)),
                );
            }
        }
        Ok(Catalog {
            roots,
            diagnostics,
            inputs,
            never,
            bindings: workspace.bindings.clone(),
            ..Catalog::default()
        })
    }

    /// This catalog with the `skills` a scan found and its findings
    /// `found`, with precedence applied. Skills stay boxed, as the catalog
    /// holds them (unboxing them into one vector held both copies at once).
    #[allow(clippy::vec_box)]
    fn with_skills(mut self, mut skills: Vec<Box<Skill>>, found: Vec<Diagnostic>) -> Catalog {
        self.diagnostics.extend(found);
        for s in &mut skills {
            s.invoke = self.roots[s.root].invoke;
        }
        self.skills = skills;
        self.apply_precedence();
        self
    }

    fn apply_precedence(&mut self) {
        self.resolve_names();
        for (i, skill) in self.skills.iter().enumerate() {
            if skill.shadowed_by.is_none() {
                for a in skill.contract.produces() {
                    // Copied only the first time it is seen.
                    match self.by_artifact.get_mut(a.as_str()) {
                        Some(v) => v.push(i),
                        None => {
                            self.by_artifact.insert(a.clone(), vec![i]);
                        }
                    }
                }
            }
        }
    }

    fn resolve_names(&mut self) {
        let skills = &self.skills;
        self.by_key
            .reserve(skills.len(), |&i| keys::of_skill(&skills[i]));
        for i in 0..self.skills.len() {
            let hash = keys::of_skill(&self.skills[i]);
            let found = self
                .by_key
                .find(hash, |&j| keys::same(&self.skills[j], &self.skills[i]))
                .copied();
            match found {
                None => {
                    let skills = &self.skills;
                    self.by_key
                        .insert_unique(hash, i, |&j| keys::of_skill(&skills[j]));
                }
                Some(winner) => {
                    let key = self.skills[i].key();
                    let w = &self.skills[winner];
                    let same_root = w.root == self.skills[i].root;
                    let winner_file = w.file.clone();
                    let d = if same_root {
                        Diagnostic::new(
                            rules::DUPLICATE_NAME,
                            &self.skills[i].file,
                            format!(
                                "a skill named '{key}' is also at {}; this one is ignored",
                                winner_file.display()
                            ),
                        )
                    } else {
                        Diagnostic::new(
                            rules::SHADOWED_NAME,
                            &self.skills[i].file,
                            format!(
                                "shadowed by '{key}' at {}, which is in an earlier root",
                                winner_file.display()
                            ),
                        )
                    }
                    .at_line(self.skills[i].name_line);
                    let loser = &mut self.skills[i];
                    loser.shadowed_by = Some(winner);
                    loser.diagnostics.push(d);
                }
            }
        }
    }

    /// The skills in effect (not shadowed), in precedence order.
    pub fn active(&self) -> impl Iterator<Item = (usize, &Skill)> {
        self.skills
            .iter()
            .enumerate()
            .filter(|(_, s)| s.shadowed_by.is_none())
            .map(|(i, s)| (i, &**s))
    }

    pub fn active_count(&self) -> usize {
        self.active().count()
    }

    /// Looks a skill up by name, `plugin:name` or `/name`. A plugin skill is
    /// also found by its plain name when no other skill has it.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        let name = name.trim().trim_start_matches('/');
        if let Some(&i) = self
            .by_key
            .find(keys::of(name), |&i| keys::is(&self.skills[i], name))
        {
            return Some(i);
        }
        let mut found = self
            .active()
            .filter(|(_, s)| s.plugin.is_some() && s.name == name)
            .map(|(i, _)| i);
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    pub fn get(&self, name: &str) -> Option<&Skill> {
        self.index_of(name).map(|i| &*self.skills[i])
    }

    /// Every finding: the catalog's own, then each skill's.
    pub fn all_diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = self.diagnostics.clone();
        for s in &self.skills {
            out.extend(s.diagnostics.iter().cloned());
        }
        out
    }

    /// The active skills that produce `artifact`, in precedence order.
    pub fn producers(&self, artifact: &str) -> &[usize] {
        self.by_artifact
            .get(artifact)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }
}

impl Skill {
    /// The catalog key: `plugin:name` for plugin skills, else the name.
    pub fn key(&self) -> String {
        self.qualified_name().unwrap_or_else(|| self.name.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog(skills: &[(Option<&str>, &str)]) -> Catalog {
        let skills = skills
            .iter()
            .map(|(plugin, name)| {
                let mut s = skill::blank(name);
                s.plugin = plugin.map(str::to_string);
                Box::new(s)
            })
            .collect();
        let root = Root::new(
            "skills".into(),
            roots::RootKind::Flag,
            roots::Layout::Skills,
        );
        Catalog {
            roots: vec![root],
            ..Catalog::default()
        }
        .with_skills(skills, Vec::new())
    }

    #[test]
    fn skills_are_found_by_their_keys_and_the_first_of_a_key_wins() {
        let c = catalog(&[
            (None, "review"),
            (Some("tools"), "lint"),
            (Some("tools"), "review"),
            // A name holding a ':' is the same key as a plugin skill's.
            (None, "tools:lint"),
            (None, "review"),
        ]);
        assert_eq!(c.index_of("review"), Some(0));
        assert_eq!(c.index_of("/tools:lint"), Some(1));
        assert_eq!(c.index_of("tools:review"), Some(2));
        // A plugin skill is also found by its plain name when it is alone.
        assert_eq!(c.index_of("lint"), Some(1));
        assert_eq!(c.index_of("tools:"), None);
        assert_eq!(c.index_of("tools"), None);
        let shadowed: Vec<Option<usize>> = c.skills.iter().map(|s| s.shadowed_by).collect();
        assert_eq!(shadowed, [None, None, None, Some(1), Some(0)]);
    }
}

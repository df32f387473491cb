//! What a folder is to the walk: a hidden folder it skips, a plugin (its
//! manifest's name), or a pseudo file system it never walks.

use crate::diag::{rules, Diagnostic};
use std::path::Path;

/// Hidden folders that hold skills: openai/skills keeps them under
/// `.system`, `.curated` and `.experimental`.
const VISIBLE_HIDDEN: &[&str] = &[".curated", ".system", ".experimental"];

pub(super) fn is_skipped_hidden(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    name.starts_with('.') && !VISIBLE_HIDDEN.contains(&name.as_ref())
}

/// The plugin's `name` from `folder/.claude-plugin/plugin.json`, or the
/// folder's name; `None` when there is no manifest file.
pub(super) fn plugin_name(folder: &Path, diags: &mut Vec<Diagnostic>) -> Option<String> {
    let manifest = folder.join(".claude-plugin").join("plugin.json");
    let fallback = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = match std::fs::read_to_string(&manifest) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => {
            diags.push(Diagnostic::new(
                rules::PLUGIN_MANIFEST,
                &manifest,
                format!("cannot read: {e}"),
            ));
            return Some(fallback);
        }
    };
    Some(match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(v) => v
            .get("name")
            .and_then(|n| n.as_str())
            .filter(|n| !n.trim().is_empty())
            .map(|n| n.trim().to_string())
            .unwrap_or(fallback),
        Err(e) => {
            diags.push(
                Diagnostic::new(
                    rules::PLUGIN_MANIFEST,
                    &manifest,
                    format!("invalid JSON: {e}; the folder name '{fallback}' is used"),
                )
                .at(e.line().max(1), Some(e.column().max(1))),
            );
            fallback
        }
    })
}

/// The kind of pseudo file system `path` is on, if it is on one.
#[cfg(target_os = "linux")]
pub(super) fn pseudo_fs(path: &Path) -> Option<&'static str> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: statfs(2) fills the zeroed struct we own from a
    // NUL-terminated path.
    let mut st: libc::statfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    #[allow(clippy::unnecessary_cast)]
    let kind = match st.f_type as i64 {
        0x9fa0 => "procfs",
        0x6265_6572 => "sysfs",
        0x0027_e0eb => "cgroupfs",
        0x6367_7270 => "cgroup2fs",
        0x6462_6720 => "debugfs",
        0x7472_6163 => "tracefs",
        0x7363_6673 => "securityfs",
        0x1cd1 => "devpts",
        0xcafe_4a11 => "bpffs",
        0x6265_6570 => "configfs",
        0xf97c_ff8c => "selinuxfs",
        0x6165_676c => "pstore",
        0xde5e_81e4 => "efivarfs",
        0x4249_4e4d => "binfmt_misc",
        0x6573_5543 => "fusectl",
        0x1980_0202 => "mqueue",
        _ => return None,
    };
    Some(kind)
}

#[cfg(not(target_os = "linux"))]
pub(super) fn pseudo_fs(_path: &Path) -> Option<&'static str> {
    None
}

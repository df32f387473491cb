//! The files of the cache folder: an index written whole or not at all,
//! and old ones removed.

use crate::fsio;
use std::path::Path;

/// Temporary file in the same folder, then rename: never a half index.
pub fn write_atomically(
    path: &Path,
    fill: impl FnOnce(&mut std::io::BufWriter<&std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    if !dir.exists() {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
    }
    fsio::real_dir(dir)?;
    let tmp = tempfile::Builder::new()
        .prefix(".root-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    {
        use std::io::Write;
        let mut out = std::io::BufWriter::with_capacity(1 << 16, tmp.as_file());
        fill(&mut out)?;
        out.flush()?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    prune(dir, std::time::SystemTime::now());
    Ok(())
}

/// Index files unused for this long are removed when another is written.
const STALE_INDEX: std::time::Duration = std::time::Duration::from_secs(60 * 86_400);
/// Temporary files of a writer that was killed are removed after this.
const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(86_400);

/// Keeps the cache folder from growing without bound: removes index files
/// of roots not written for [`STALE_INDEX`] (a root in use is rewritten
/// whenever it changes, and rebuilt if it was removed) and temporary files
/// left by killed writers. Only names of re0's own pattern are touched.
pub fn prune(dir: &Path, now: std::time::SystemTime) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(|e| e.ok()) {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let age = match e.metadata().and_then(|m| m.modified()) {
            Ok(t) => now.duration_since(t).unwrap_or_default(),
            Err(_) => continue,
        };
        let index = name.starts_with("root-") && name.ends_with(".idx");
        let temp = name.starts_with(".root-") && name.ends_with(".tmp");
        if (index && age > STALE_INDEX) || (temp && age > STALE_TEMP) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

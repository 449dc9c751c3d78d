//! Writing result files so that a failed command never leaves a partial file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to a temporary sibling of `path`, syncs it, then renames it
/// into place. Either the whole new file exists afterwards or nothing changed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.veriforge-tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_file_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("vf-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.txt");
        write_atomically(&p, b"first").unwrap();
        write_atomically(&p, b"second").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"second");
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).collect();
        assert_eq!(leftovers.len(), 1, "temp file left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failure_leaves_target_untouched() {
        let p = Path::new("/nonexistent-dir-vf/x.txt");
        assert!(write_atomically(p, b"x").is_err());
        assert!(!p.exists());
    }
}

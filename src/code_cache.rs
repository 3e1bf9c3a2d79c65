//! The on-disk cache of compiled kernels: machine code compiled once is kept as a file
//! (an artifact of `spirjit_jit::lower::artifact`), so that a later process — or this
//! one, after the in-memory program cache let the program go — loads it in a fraction of
//! a millisecond instead of compiling it again.
//!
//! An entry is keyed by everything the code depends on: the module's words, the
//! specialization and descriptor counts it was translated with, the code generator's
//! options, the kernel, the build of spirjit (a new build never reads an older build's
//! code) and the CPU's features (a cache directory shared between machines gives each its
//! own code). Each file carries its key and a checksum of its contents; a file that does
//! not match (truncated, corrupted, another key) is ignored and replaced. Files are
//! written to a temporary name and renamed, so processes sharing the directory never see
//! half a file.
//!
//! Where: `SPIRJIT_CACHE_DIR` when set (`off`, `0` or empty turns the cache off), else
//! `$XDG_CACHE_HOME/spirjit`, else `~/.cache/spirjit`; [`set_code_cache_dir`] overrides
//! both for the process. The directory is made private to the user (mode 0700), and one
//! that other users could write to is not used, since its files become running code.
//! The cache holds at most [`MAX_BYTES`]; the least recently used files go first.
//!
//! Besides the directory, code can be handed over in memory ([`CompiledCode`],
//! [`preload_compiled_code`]): the Vulkan driver's pipeline caches serialize the code of
//! their pipelines ([`encode_compiled_code`]) and preload it when an application gives
//! the data back, in this process or a later one.
//!
//! This module must not compile anything; [`crate::Program`] asks it for code and gives
//! it what it compiled.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The environment variable naming the cache directory (`off`, `0` or empty: no cache).
pub const CODE_CACHE_ENV: &str = "SPIRJIT_CACHE_DIR";

/// Most bytes the cache directory holds before the least recently used files are removed.
pub const MAX_BYTES: u64 = 512 << 20;

/// First bytes of a cache file, and the version of its layout.
const MAGIC: &[u8; 8] = b"SPJCODE1";

/// A cache key: 128 bits of the key material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key([u8; 16]);

impl Key {
    /// The key of the parts given (each hashed with its length, so parts cannot run
    /// into each other).
    pub(crate) fn of(parts: &[&[u8]]) -> Key {
        // SipHash-2-4 is specified (unlike `DefaultHasher`'s algorithm), so keys are the
        // same in every build of the same source; two keys give 128 bits.
        #[allow(deprecated)]
        let mut hs = [std::hash::SipHasher::new_with_keys(0x7370_6972_6a69_7431, 0x636f_6465_6361_6368), {
            #[allow(deprecated)]
            std::hash::SipHasher::new_with_keys(0x6b65_7973_7061_6365, 0x3132_3862_6974_7321)
        }];
        for h in &mut hs {
            for p in parts {
                h.write_u64(p.len() as u64);
                h.write(p);
            }
        }
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&hs[0].finish().to_le_bytes());
        out[8..].copy_from_slice(&hs[1].finish().to_le_bytes());
        Key(out)
    }

    /// The key's bytes.
    pub(crate) fn bytes(&self) -> &[u8; 16] {
        &self.0
    }

    fn file_name(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect::<String>() + ".code"
    }
}

/// The directory set for this process (`Some(None)`: the cache is off), overriding the
/// environment.
static DIR_OVERRIDE: Mutex<Option<Option<PathBuf>>> = Mutex::new(None);

/// Use `dir` as the code cache directory for the rest of the process (`None`: no on-disk
/// cache), instead of what `SPIRJIT_CACHE_DIR` or the default say.
pub fn set_code_cache_dir(dir: Option<&Path>) {
    *DIR_OVERRIDE.lock().unwrap_or_else(PoisonError::into_inner) = Some(dir.map(Path::to_path_buf));
}

/// The code cache directory in effect (`None`: no on-disk cache); not created yet.
pub fn code_cache_dir() -> Option<PathBuf> {
    if let Some(d) = DIR_OVERRIDE.lock().unwrap_or_else(PoisonError::into_inner).clone() {
        return d;
    }
    match std::env::var_os(CODE_CACHE_ENV) {
        Some(v) => {
            let s = v.to_string_lossy();
            if matches!(s.trim(), "" | "0" | "off" | "OFF" | "false" | "no") {
                None
            } else {
                Some(PathBuf::from(v))
            }
        }
        None => {
            let base =
                std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()).map(PathBuf::from).or_else(|| {
                    std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".cache"))
                })?;
            Some(base.join("spirjit"))
        }
    }
}

/// The directory, created private to this user when missing; `None` when there is no
/// cache or the directory is not safe to run code from (writable by other users, or
/// owned by another user).
/// The directory is checked (and made) once per process and directory: the verdict is
/// kept here, so lookups and stores cost no probe I/O.
fn usable_dir() -> Option<PathBuf> {
    static CHECKED: Mutex<Option<(PathBuf, bool)>> = Mutex::new(None);
    let dir = code_cache_dir()?;
    let mut checked = CHECKED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((d, ok)) = &*checked {
        if *d == dir {
            return ok.then_some(dir);
        }
    }
    if !dir.is_dir() && std::fs::create_dir_all(&dir).is_ok() {
        set_private(&dir);
    }
    let ok = private_to_us(&dir);
    *checked = Some((dir.clone(), ok));
    ok.then_some(dir)
}

#[cfg(unix)]
fn set_private(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
}

#[cfg(not(unix))]
fn set_private(_dir: &Path) {}

/// Whether only this user can write into `dir`: not writable by group or others, and
/// owned by the user who owns the files this process makes there.
#[cfg(unix)]
fn private_to_us(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(dir) else { return false };
    if meta.mode() & 0o022 != 0 {
        return false;
    }
    // The owner of a file this process creates is this process's user.
    let probe = dir.join(format!(".owner-{}", std::process::id()));
    let ours = std::fs::write(&probe, b"").and_then(|_| std::fs::metadata(&probe)).map(|m| m.uid() == meta.uid());
    let _ = std::fs::remove_file(&probe);
    ours.unwrap_or(false)
}

#[cfg(not(unix))]
fn private_to_us(dir: &Path) -> bool {
    dir.is_dir()
}

/// The checksum of a file's contents.
fn checksum(bytes: &[u8]) -> [u8; 16] {
    Key::of(&[b"contents", bytes]).0
}

/// 16 bytes that name this build of spirjit and this CPU's code generator settings:
/// compiled code is valid exactly where they are equal (the Vulkan driver reports them as
/// `pipelineCacheUUID`).
pub fn build_identity() -> [u8; 16] {
    static ID: std::sync::OnceLock<[u8; 16]> = std::sync::OnceLock::new();
    *ID.get_or_init(|| {
        let identity = spirjit_jit::lower::code_identity().unwrap_or_else(|e| format!("no code generator: {e}"));
        Key::of(&[identity.as_bytes()]).0
    })
}

/// A compiled kernel as caches hand it over: its cache key (which names the build of
/// spirjit, the CPU, the module, its translation, the options and the kernel) and the
/// code (see [`crate::Kernel::compiled_code`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledCode {
    pub key: [u8; 16],
    pub bytes: Arc<[u8]>,
}

/// Most bytes of preloaded code kept; past it the oldest preloads are dropped.
const MAX_PRELOADED: usize = 256 << 20;

/// Code handed over in memory (see [`preload_compiled_code`]).
struct Preloaded {
    codes: BTreeMap<[u8; 16], Arc<[u8]>>,
    /// Keys, oldest first.
    order: Vec<[u8; 16]>,
    /// Bytes of code kept.
    total: usize,
}

static PRELOADED: Mutex<Preloaded> = Mutex::new(Preloaded { codes: BTreeMap::new(), order: Vec::new(), total: 0 });

/// Make `codes` available to kernels compiled later in this process: a kernel whose key
/// matches loads this code instead of compiling (and before the directory is asked).
/// Keys of another build, CPU, module or options never match, so handing over code meant
/// for something else is harmless; the bytes of a matching key must be what
/// [`crate::Kernel::compiled_code`] gave (use [`decode_compiled_code`], which checks
/// each entry's checksum).
pub fn preload_compiled_code(codes: impl IntoIterator<Item = CompiledCode>) {
    let mut p = PRELOADED.lock().unwrap_or_else(PoisonError::into_inner);
    for c in codes {
        if let Some(old) = p.codes.insert(c.key, c.bytes.clone()) {
            p.total -= old.len();
            p.order.retain(|k| *k != c.key);
        }
        p.total += c.bytes.len();
        p.order.push(c.key);
    }
    while p.total > MAX_PRELOADED && !p.order.is_empty() {
        let k = p.order.remove(0);
        if let Some(old) = p.codes.remove(&k) {
            p.total -= old.len();
        }
    }
}

/// First bytes of encoded compiled code.
const ENTRIES_MAGIC: &[u8; 8] = b"SPJCODES";

/// `codes` as bytes (each entry with its key and a checksum), for
/// [`decode_compiled_code`] in this process or a later one.
pub fn encode_compiled_code(codes: &[CompiledCode]) -> Vec<u8> {
    let mut out = Vec::from(&ENTRIES_MAGIC[..]);
    out.extend_from_slice(&(codes.len() as u64).to_le_bytes());
    for c in codes {
        out.extend_from_slice(&c.key);
        out.extend_from_slice(&(c.bytes.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&c.bytes));
        out.extend_from_slice(&c.bytes);
    }
    out
}

/// The entries of `bytes` made by [`encode_compiled_code`]; an entry whose checksum does
/// not match is left out, and reading stops at the first malformed one.
pub fn decode_compiled_code(bytes: &[u8]) -> Vec<CompiledCode> {
    let mut out = Vec::new();
    let Some(rest) = bytes.strip_prefix(&ENTRIES_MAGIC[..]) else { return out };
    let Some((count, mut rest)) = rest.split_first_chunk::<8>() else { return out };
    for _ in 0..u64::from_le_bytes(*count) {
        let Some((key, r)) = rest.split_first_chunk::<16>() else { break };
        let Some((len, r)) = r.split_first_chunk::<8>() else { break };
        let Some((sum, r)) = r.split_first_chunk::<16>() else { break };
        let Ok(len) = usize::try_from(u64::from_le_bytes(*len)) else { break };
        if r.len() < len {
            break;
        }
        let (code, r) = r.split_at(len);
        if checksum(code) == *sum {
            out.push(CompiledCode { key: *key, bytes: Arc::from(code) });
        }
        rest = r;
    }
    out
}

/// The artifact kept under `key` (handed over in memory, else in the directory), if
/// there is a valid one.
pub(crate) fn lookup(key: &Key) -> Option<Vec<u8>> {
    if let Some(b) = PRELOADED.lock().unwrap_or_else(PoisonError::into_inner).codes.get(&key.0) {
        return Some(b.to_vec());
    }
    let dir = usable_dir()?;
    let path = dir.join(key.file_name());
    let bytes = std::fs::read(&path).ok()?;
    let header = MAGIC.len() + 16 + 16;
    let valid = bytes.len() >= header
        && &bytes[..MAGIC.len()] == MAGIC
        && bytes[MAGIC.len()..MAGIC.len() + 16] == key.0
        && bytes[MAGIC.len() + 16..header] == checksum(&bytes[header..]);
    if !valid {
        let _ = std::fs::remove_file(&path);
        return None;
    }
    // Mark it used (for the least-recently-used trimming); best effort.
    if let Ok(f) = std::fs::File::options().append(true).open(&path) {
        let _ = f.set_modified(std::time::SystemTime::now());
    }
    Some(bytes[header..].to_vec())
}

/// Keep `artifact` under `key`; best effort (a full disk or a read-only directory only
/// means no caching). Whether it was written.
pub(crate) fn store(key: &Key, artifact: &[u8]) -> bool {
    let Some(dir) = usable_dir() else { return false };
    let mut bytes = Vec::with_capacity(MAGIC.len() + 32 + artifact.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&key.0);
    bytes.extend_from_slice(&checksum(artifact));
    bytes.extend_from_slice(artifact);
    let path = dir.join(key.file_name());
    let tmp = dir.join(format!(".{}.{}.tmp", key.file_name(), std::process::id()));
    if std::fs::write(&tmp, &bytes).is_err() || std::fs::rename(&tmp, &path).is_err() {
        let _ = std::fs::remove_file(&tmp);
        return false;
    }
    // Listing the directory costs more than a store: trim on the first store of the
    // process and every 64th after it.
    static STORES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    if STORES.fetch_add(1, std::sync::atomic::Ordering::Relaxed).is_multiple_of(64) {
        trim(&dir, MAX_BYTES);
    }
    true
}

/// Remove the least recently used cache files of `dir` until it holds at most `max`
/// bytes.
fn trim(dir: &Path, max: u64) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut files: Vec<(std::time::SystemTime, u64, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "code"))
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            Some((m.modified().ok()?, m.len(), e.path()))
        })
        .collect();
    let mut total: u64 = files.iter().map(|f| f.1).sum();
    if total <= max {
        return;
    }
    files.sort();
    for (_, len, path) in files {
        if total <= max {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            total = total.saturating_sub(len);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_parts_and_are_stable() {
        assert_ne!(Key::of(&[b"ab", b"c"]), Key::of(&[b"a", b"bc"]));
        assert_eq!(Key::of(&[b"ab", b"c"]), Key::of(&[b"ab", b"c"]));
        // The same in every build of this source: SipHash-2-4 with fixed keys.
        assert_eq!(Key::of(&[b"spirjit"]).file_name().len(), 32 + 5);
    }

    #[test]
    fn encoded_code_round_trips_and_damaged_entries_are_left_out() {
        let codes: Vec<CompiledCode> =
            (0..3u8).map(|k| CompiledCode { key: [k; 16], bytes: Arc::from(vec![k; 10 + k as usize]) }).collect();
        let bytes = encode_compiled_code(&codes);
        assert_eq!(decode_compiled_code(&bytes), codes);
        let mut damaged = bytes.clone();
        let second = 16 + (16 + 8 + 16 + 10) + 16 + 8 + 16;
        damaged[second] ^= 1;
        assert_eq!(decode_compiled_code(&damaged), vec![codes[0].clone(), codes[2].clone()]);
        for cut in 0..bytes.len() {
            assert!(decode_compiled_code(&bytes[..cut]).len() <= 2, "cut at {cut}");
        }
        assert!(decode_compiled_code(b"not code").is_empty());
    }

    #[test]
    fn trimming_removes_the_least_recently_used_files_first() {
        let dir = std::env::temp_dir().join(format!("spirjit-trim-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let t0 = std::time::SystemTime::now() - std::time::Duration::from_secs(100);
        for (k, name) in ["old", "mid", "new"].iter().enumerate() {
            let p = dir.join(format!("{name}.code"));
            std::fs::write(&p, [0u8; 100]).unwrap_or_else(|e| panic!("{e}"));
            let f = std::fs::File::options().append(true).open(&p).unwrap_or_else(|e| panic!("{e}"));
            f.set_modified(t0 + std::time::Duration::from_secs(10 * k as u64)).unwrap_or_else(|e| panic!("{e}"));
        }
        trim(&dir, 200);
        let left: Vec<bool> = ["old", "mid", "new"].iter().map(|n| dir.join(format!("{n}.code")).exists()).collect();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(left, [false, true, true]);
    }
}

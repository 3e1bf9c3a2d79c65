//! Compiled programs shared by module content, options and specialization: loading the
//! same SPIR-V words with the same [`Options`] (and specialization constants and
//! descriptor counts) again gives back the program compiled the first time
//! (no translation, no code generation), as long as it is among the most recently used
//! [`CAPACITY`] ones. Entries are compared by the whole module, not only its hash.
//!
//! This module must not compile anything; [`crate::Program`] decides what to cache.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use crate::program::{Options, Program, Translation};

/// Programs kept (most recently used first).
pub(crate) const CAPACITY: usize = 32;

struct Entry {
    hash: u64,
    words: Arc<[u32]>,
    options: Options,
    tr: Translation,
    program: Program,
}

static ENTRIES: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

fn hash_of(words: &[u32]) -> u64 {
    let mut h = DefaultHasher::new();
    words.hash(&mut h);
    h.finish()
}

/// The program compiled earlier from `words` with `options` and `tr`, if it is still kept.
pub(crate) fn lookup(words: &[u32], options: &Options, tr: &Translation) -> Option<Program> {
    let hash = hash_of(words);
    let mut entries = ENTRIES.lock().unwrap_or_else(PoisonError::into_inner);
    let at =
        entries.iter().position(|e| e.hash == hash && e.options == *options && e.tr == *tr && *e.words == *words)?;
    let entry = entries.remove(at);
    let program = entry.program.clone();
    entries.insert(0, entry);
    Some(program)
}

/// Keep `program`, compiled from `words` with `options` and `tr`.
pub(crate) fn insert(words: &Arc<[u32]>, options: &Options, tr: &Translation, program: &Program) {
    let hash = hash_of(words);
    let mut entries = ENTRIES.lock().unwrap_or_else(PoisonError::into_inner);
    entries.retain(|e| !(e.hash == hash && e.options == *options && e.tr == *tr && e.words == *words));
    let entry =
        Entry { hash, words: words.clone(), options: options.clone(), tr: tr.clone(), program: program.clone() };
    entries.insert(0, entry);
    entries.truncate(CAPACITY);
}

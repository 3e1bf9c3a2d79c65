//! [`Program`]: a loaded module — its kernel IR (for metadata and dumps) and its compiled
//! machine code — and the [`Options`] it was compiled with.
//!
//! Loading translates the module at once (so a malformed module is rejected at load);
//! each kernel is compiled on its first use — its first run, or a question only the
//! compiled code answers ([`crate::Kernel::path`]) — so loading a module of many kernels
//! costs only the translation. [`Program::compile_all`] compiles every kernel now, in
//! parallel. Compiled programs are kept by module content and options (`cache`), so
//! loading a module again compiles nothing, and compiled kernels on disk
//! (`code_cache`), so a kernel compiled by an earlier process is loaded, not compiled.
//! This module must not run kernels.

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use spirjit_jit::frontend::{llvm, spirv};
use spirjit_jit::ir;
use spirjit_jit::lower::{KernelCode, LowerOptions, ModuleData};
use spirjit_jit::pipeline;
use spirjit_jit::CompileError;

use crate::code_cache;
use crate::error::{Error, Result};
use crate::kernel::Kernel;
use crate::tier::Tier;

/// The environment variable that sets the default SIMD width ([`Options::lanes`]).
pub const LANES_ENV: &str = "SPIRJIT_LANES";

/// How a program is compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Work-items per lane group (SIMD width): 1 is the scalar reference path, 2, 4, 8
    /// or 16 the vector path, 0 lets the compiler choose per kernel. Kernels the vector
    /// path cannot handle run at W = 1 ([`crate::Kernel::path`] says why).
    pub lanes: u32,
    /// Check every memory access against its buffer (slower, safe).
    pub checked: bool,
    /// With `checked`: out-of-bounds reads give zero and out-of-bounds writes are
    /// dropped instead of stopping the kernel with an error (Vulkan's robust buffer
    /// access, `robustBufferAccess2`). Accesses wider than 64 KiB still fail.
    pub robust_buffer_access: bool,
}

impl Options {
    /// The code generator's options for these.
    pub(crate) fn lower_options(&self) -> LowerOptions {
        LowerOptions {
            lanes: self.lanes,
            checked: self.checked,
            robust: self.checked && self.robust_buffer_access,
            whole_rows: true,
        }
    }
}

impl Default for Options {
    /// Checked, with the SIMD width from `SPIRJIT_LANES` (a number; unset or unreadable:
    /// 0, chosen per kernel).
    fn default() -> Self {
        let lanes = std::env::var(LANES_ENV).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(0);
        Options { lanes, checked: true, robust_buffer_access: false }
    }
}

/// Specializations of one program kept by it (see `Inner::specializations`).
const SPECIALIZATIONS_KEPT: usize = 16;

/// What a module is translated with besides its words: specialization constant values
/// and the descriptor counts of run-time sized descriptor arrays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Translation {
    pub spec: ir::Specialization,
    pub counts: ir::DescriptorCounts,
}

struct Inner {
    module: ir::Module,
    options: Options,
    /// The SPIR-V words the module was translated from (`None` for a program made
    /// from kernel IR), kept to translate it again with other specialization values.
    words: Option<Arc<[u32]>>,
    /// The specialization constant values the module was translated with.
    specialization: ir::Specialization,
    /// The descriptor counts of run-time sized descriptor arrays it was translated with.
    descriptor_counts: ir::DescriptorCounts,
    /// Programs this one was specialized into (other specialization values or descriptor
    /// counts), most recent last (at most [`SPECIALIZATIONS_KEPT`]): a clspv kernel asks
    /// for one on every launch, and a pipeline with a run-time sized descriptor array on
    /// every dispatch, which then costs a comparison, not a hash of the module (nor a
    /// translation, for modules with writable data, which the program cache does not keep).
    specializations: Mutex<Vec<(Translation, Program)>>,
    /// The module's data, shared by its compiled kernels (copied on the first compile).
    data: OnceLock<Arc<ModuleData>>,
    /// Each kernel's machine code, compiled on first use. At W > 1 it may assume that lane
    /// groups lie within rows (`LowerOptions::whole_rows`).
    kernels: Vec<OnceLock<std::result::Result<KernelCode, CompileError>>>,
    /// Each kernel's code without that assumption, compiled when a launch breaks it.
    any_rows: Vec<OnceLock<std::result::Result<KernelCode, CompileError>>>,
    /// The key of `words` for the on-disk code cache (computed once).
    words_key: OnceLock<code_cache::Key>,
    /// Each kernel's width choice (see `tier`), made on first use.
    tiers: Vec<OnceLock<Tier>>,
    /// This program at W = 1, for kernels whose launches measured the scalar code faster.
    scalar: OnceLock<std::result::Result<Program, String>>,
    /// The program at W = 2, 4 and 8 (half of a kernel's vector width; adaptive width).
    half: [OnceLock<std::result::Result<Program, String>>; 3],
}

/// A loaded module of GPU kernels. Cheap to clone (shared inside); `Send + Sync`.
#[derive(Clone)]
pub struct Program {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program").field("kernels", &self.kernel_names()).field("options", &self.inner.options).finish()
    }
}

impl Program {
    /// Load a SPIR-V module from a file (kernels compile on first use).
    pub fn from_path(path: impl AsRef<Path>) -> Result<Program> {
        Program::from_path_with_options(path, &Options::default())
    }

    /// Load a SPIR-V module from a file with `options` (kernels compile on first use).
    pub fn from_path_with_options(path: impl AsRef<Path>, options: &Options) -> Result<Program> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        Program::with_options(&bytes, options)
    }

    /// Load a SPIR-V binary (either byte order), or LLVM IR (text or bitcode); kernels
    /// compile on first use.
    pub fn from_bytes(bytes: &[u8]) -> Result<Program> {
        Program::with_options(bytes, &Options::default())
    }

    /// Load SPIR-V words (kernels compile on first use).
    pub fn from_words(words: &[u32]) -> Result<Program> {
        Program::from_words_with_options(words, &Options::default())
    }

    /// Load a SPIR-V binary, or LLVM IR (text or bitcode: SPIR 1.2, NVVM IR), with
    /// `options` (kernels compile on first use).
    pub fn with_options(bytes: &[u8], options: &Options) -> Result<Program> {
        let words = module_words(bytes)?;
        Program::from_words_with_options(&words, options)
    }

    /// Load SPIR-V words with `options`; kernels are compiled on first use. A module
    /// loaded again with the same options is not translated or compiled again: the
    /// program loaded the first time is shared (it is immutable, its kernels compiled
    /// once), as long as it is among the most recently loaded ones. A module with
    /// writable program-scope variables is never shared: each load has its own
    /// variables, as each OpenCL program object does.
    pub fn from_words_with_options(words: &[u32], options: &Options) -> Result<Program> {
        Program::load(Arc::from(words), options, &Translation::default())
    }

    /// Load `words` translated with `tr`, through the program cache.
    fn load(words: Arc<[u32]>, options: &Options, tr: &Translation) -> Result<Program> {
        if let Some(p) = crate::cache::lookup(&words, options, tr) {
            return Ok(p);
        }
        let module = spirv::translate_with(&words, &tr.spec, &tr.counts)?;
        let shareable = !module.data.iter().any(|d| d.writable);
        let mut p = Program::from_module(module, options);
        if let Some(inner) = Arc::get_mut(&mut p.inner) {
            inner.words = Some(words.clone());
            inner.specialization = tr.spec.clone();
            inner.descriptor_counts = tr.counts.clone();
        }
        if shareable {
            crate::cache::insert(&words, options, tr, &p);
        }
        Ok(p)
    }

    /// This program with its specialization constants set to `spec` (by `SpecId`; the
    /// others at their defaults): the module translated again with those values and
    /// compiled on first use, or a program loaded earlier with the same values. Every
    /// id in `spec` must be one the module declares ([`Program::spec_constants`]) and
    /// each value must fit its constant's type.
    pub fn specialized(&self, spec: &ir::Specialization) -> Result<Program> {
        let tr = Translation { spec: spec.clone(), counts: self.inner.descriptor_counts.clone() };
        self.translated(tr)
    }

    /// This program translated with `counts` descriptors for its run-time sized
    /// descriptor arrays (by (set, binding); arrays left out get none), its
    /// specialization unchanged: each descriptor becomes one kernel parameter, as in a
    /// fixed-size array. The module is translated again for each distinct set of counts
    /// (or shared with an earlier identical one); [`crate::Pipeline::dispatch`] does this
    /// for the counts a dispatch binds.
    pub fn with_descriptor_counts(&self, counts: &ir::DescriptorCounts) -> Result<Program> {
        let tr = Translation { spec: self.inner.specialization.clone(), counts: counts.clone() };
        self.translated(tr)
    }

    /// This program translated with `tr` (see [`Program::specialized`]).
    fn translated(&self, tr: Translation) -> Result<Program> {
        let spec = &tr.spec;
        if *spec == self.inner.specialization && tr.counts == self.inner.descriptor_counts {
            return Ok(self.clone());
        }
        if let Some((_, p)) = self.kept_specializations().iter().find(|(s, _)| *s == tr) {
            return Ok(p.clone());
        }
        let declared = &self.inner.module.spec_constants;
        if let Some(id) = spec.keys().find(|id| !declared.iter().any(|c| c.id == **id)) {
            let ids: Vec<String> = declared.iter().map(|c| c.id.to_string()).collect();
            return Err(Error::Compile(CompileError::invalid(format!(
                "the module has no specialization constant with SpecId {id}; it declares {}",
                if ids.is_empty() { "none".to_string() } else { ids.join(", ") }
            ))));
        }
        let Some(words) = &self.inner.words else {
            return Err(Error::Compile(CompileError::unsupported(
                "a program made from kernel IR cannot be specialized; load it from SPIR-V",
            )));
        };
        let p = Program::load(words.clone(), &self.inner.options, &tr)?;
        let mut memo = self.kept_specializations();
        if memo.len() >= SPECIALIZATIONS_KEPT {
            memo.remove(0);
        }
        memo.push((tr, p.clone()));
        Ok(p)
    }

    fn kept_specializations(&self) -> std::sync::MutexGuard<'_, Vec<(Translation, Program)>> {
        self.inner.specializations.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// This program compiled at `lanes` work-items per lane group (its other options and
    /// specialization unchanged): the module loaded again, or shared with an earlier load
    /// at that width.
    pub fn with_lanes(&self, lanes: u32) -> Result<Program> {
        if lanes == self.inner.options.lanes {
            return Ok(self.clone());
        }
        let Some(words) = &self.inner.words else {
            return Err(Error::Compile(CompileError::unsupported(
                "a program made from kernel IR cannot be recompiled at another width; load it from SPIR-V",
            )));
        };
        let options = Options { lanes, ..self.inner.options.clone() };
        let tr = Translation { spec: self.inner.specialization.clone(), counts: self.inner.descriptor_counts.clone() };
        Program::load(words.clone(), &options, &tr)
    }

    /// The module's specialization constants, by `SpecId`, with the values in effect.
    pub fn spec_constants(&self) -> &[ir::SpecConstant] {
        &self.inner.module.spec_constants
    }

    /// Translate a SPIR-V binary without compiling it yet (as every constructor does);
    /// compilation happens on each kernel's first run and its errors are reported then.
    /// Unlike [`Program::with_options`] it bypasses the program cache.
    pub fn parse(bytes: &[u8], options: &Options) -> Result<Program> {
        let words = module_words(bytes)?;
        let mut p = Program::from_module(spirv::translate(&words)?, options);
        if let Some(inner) = Arc::get_mut(&mut p.inner) {
            inner.words = Some(Arc::from(words));
        }
        Ok(p)
    }

    /// A program from already translated kernel IR (compiled on first use).
    pub fn from_module(module: ir::Module, options: &Options) -> Program {
        let kernels = module.kernels.iter().map(|_| OnceLock::new()).collect();
        let tiers = module.kernels.iter().map(|_| OnceLock::new()).collect();
        let any_rows = module.kernels.iter().map(|_| OnceLock::new()).collect();
        Program {
            inner: Arc::new(Inner {
                module,
                options: options.clone(),
                words: None,
                specialization: ir::Specialization::new(),
                descriptor_counts: ir::DescriptorCounts::new(),
                specializations: Mutex::new(Vec::new()),
                data: OnceLock::new(),
                kernels,
                any_rows,
                words_key: OnceLock::new(),
                tiers,
                scalar: OnceLock::new(),
                half: Default::default(),
            }),
        }
    }

    /// The compiled code of kernel number `index`, compiling it now if needed.
    pub(crate) fn compiled_kernel(&self, index: usize) -> Result<&KernelCode> {
        self.compiled_variant(index, true)
    }

    /// Kernel `index` compiled without assuming that lane groups lie within rows, for
    /// launches whose work-groups break it (see `LowerOptions::whole_rows`).
    pub(crate) fn compiled_kernel_any_rows(&self, index: usize) -> Result<&KernelCode> {
        self.compiled_variant(index, false)
    }

    fn compiled_variant(&self, index: usize, whole_rows: bool) -> Result<&KernelCode> {
        let slots = if whole_rows { &self.inner.kernels } else { &self.inner.any_rows };
        let slot = slots.get(index).ok_or_else(|| {
            Error::Compile(CompileError::internal(format!("the program has no kernel number {index}")))
        })?;
        let r = slot.get_or_init(|| {
            let lower = LowerOptions { whole_rows, ..self.inner.options.lower_options() };
            let data = self.inner.data.get_or_init(|| Arc::new(ModuleData::new(&self.inner.module)));
            let key = self.code_key(index, &lower);
            if let (Some(key), Some(kernel)) = (&key, self.inner.module.kernels.get(index)) {
                if let Some(bytes) = code_cache::lookup(key) {
                    // SAFETY: the key names this build of spirjit, this CPU's code
                    // generator settings, the module's words, its translation, the
                    // options and the kernel, and the file's checksum matched: the bytes
                    // are the artifact this build made for exactly this code.
                    if let Ok(code) = unsafe { KernelCode::from_artifact(&bytes, kernel, data) } {
                        return Ok(code);
                    }
                }
            }
            let code = pipeline::compile_kernel(&self.inner.module, index, &lower, data)?;
            // On disk the artifact need not stay in memory too ([`Program::compiled_code`]
            // reads it back); without a usable directory the code keeps it.
            if let (Some(key), Some(artifact)) = (&key, code.take_artifact()) {
                if !code_cache::store(key, &artifact) {
                    code.keep_artifact(artifact);
                }
            }
            Ok(code)
        });
        r.as_ref().map_err(|e| Error::Compile(e.clone()))
    }

    /// The code cache key of kernel `index` compiled with `lower`: `None` when the
    /// program was not made from SPIR-V words.
    fn code_key(&self, index: usize, lower: &LowerOptions) -> Option<code_cache::Key> {
        static IDENTITY: OnceLock<Option<String>> = OnceLock::new();
        let identity = IDENTITY.get_or_init(|| spirjit_jit::lower::code_identity().ok()).as_deref()?;
        let words = self.inner.words.as_ref()?;
        let module = self.inner.words_key.get_or_init(|| code_cache::Key::of(&[crate::args::bytes_of(words)]));
        let translation = format!("{:?} {:?}", self.inner.specialization, self.inner.descriptor_counts);
        let kernel = self.inner.module.kernels.get(index)?;
        Some(code_cache::Key::of(&[
            identity.as_bytes(),
            &module.bytes()[..],
            translation.as_bytes(),
            format!("{lower:?}").as_bytes(),
            &(index as u64).to_le_bytes(),
            kernel.name.as_bytes(),
        ]))
    }

    /// The key of kernel `index`'s compiled code (see [`crate::Kernel::code_key`]).
    pub(crate) fn code_key_of(&self, index: usize) -> Option<[u8; 16]> {
        self.code_key(index, &self.inner.options.lower_options()).map(|k| *k.bytes())
    }

    /// The compiled code of kernel `index` with its cache key, compiling it if needed;
    /// `None` when it cannot be handed over (see [`crate::Kernel::compiled_code`]).
    pub(crate) fn compiled_code(&self, index: usize) -> Result<Option<code_cache::CompiledCode>> {
        let code = self.compiled_kernel(index)?;
        let Some(key) = self.code_key(index, &self.inner.options.lower_options()) else { return Ok(None) };
        let bytes = code.artifact().or_else(|| code_cache::lookup(&key));
        Ok(bytes.map(|b| code_cache::CompiledCode { key: *key.bytes(), bytes: Arc::from(b) }))
    }

    /// Kernel `index`'s width choice (see `tier`): it takes part when the compiler chose
    /// its W (> 1) and nothing in the kernel or module can tell the widths apart.
    pub(crate) fn tier(&self, index: usize, compiled_lanes: u32) -> Option<&Tier> {
        let slot = self.inner.tiers.get(index)?;
        Some(slot.get_or_init(|| {
            let module = &self.inner.module;
            let eligible = self.inner.options.lanes == 0
                && compiled_lanes > 1
                && self.inner.words.is_some()
                && !module.data.iter().any(|d| d.writable)
                && module.kernels.get(index).is_some_and(|k| {
                    k.reqd_sub_group_size.is_none()
                        && !k.func.insts.iter().any(|i| matches!(i.kind, ir::InstKind::SubGroup { .. }))
                });
            Tier::new(eligible, compiled_lanes >= 4)
        }))
    }

    /// This program at W = `lanes` / 2 (the half-width code of adaptive width, for a kernel
    /// whose vector code has `lanes` lanes).
    pub(crate) fn half(&self, lanes: u32) -> Result<&Program> {
        let slot = match lanes {
            4 => &self.inner.half[0],
            8 => &self.inner.half[1],
            16 => &self.inner.half[2],
            _ => return Err(Error::Compile(CompileError::internal(format!("no half width for W = {lanes}")))),
        };
        slot.get_or_init(|| self.with_lanes(lanes / 2).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| Error::Compile(CompileError::internal(format!("the half-width code: {e}"))))
    }

    /// This program at W = 1 (the scalar code of adaptive width).
    pub(crate) fn scalar(&self) -> Result<&Program> {
        self.inner
            .scalar
            .get_or_init(|| self.with_lanes(1).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| Error::Compile(CompileError::internal(format!("the scalar code: {e}"))))
    }

    /// How many of the program's kernels have been compiled so far (kernels compile on
    /// first use, or all at once with [`Program::compile_all`]).
    pub fn compiled_kernel_count(&self) -> usize {
        self.inner.kernels.iter().filter(|k| k.get().is_some()).count()
    }

    /// Compile every kernel now (in parallel on the thread pool) instead of on first use;
    /// the first error, in kernel order, is returned.
    pub fn compile_all(&self) -> Result<()> {
        use rayon::prelude::*;
        let n = self.inner.kernels.len();
        let results: Vec<Result<()>> = crate::pool::pool()?
            .install(|| (0..n).into_par_iter().map(|i| self.compiled_kernel(i).map(|_| ())).collect());
        results.into_iter().collect()
    }

    /// The kernel IR of the module.
    pub fn module(&self) -> &ir::Module {
        &self.inner.module
    }

    /// The options the program is compiled with.
    pub fn options(&self) -> &Options {
        &self.inner.options
    }

    /// Names of the module's kernels, in module order.
    pub fn kernel_names(&self) -> Vec<String> {
        self.inner.module.kernels.iter().map(|k| k.name.clone()).collect()
    }

    /// All kernels, in module order.
    pub fn kernels(&self) -> Vec<Kernel> {
        (0..self.inner.module.kernels.len()).map(|i| Kernel::new(self.clone(), i)).collect()
    }

    /// The kernel called `name`; the error lists the available names.
    pub fn kernel(&self, name: &str) -> Result<Kernel> {
        match self.inner.module.kernels.iter().position(|k| k.name == name) {
            Some(i) => Ok(Kernel::new(self.clone(), i)),
            None => Err(Error::NoSuchKernel { name: name.to_string(), available: self.kernel_names() }),
        }
    }

    /// Capabilities the module declares.
    pub fn capabilities(&self) -> &[String] {
        &self.inner.module.capabilities
    }

    /// Pointer width of the module's addressing model (32 or 64).
    pub fn pointer_bits(&self) -> u32 {
        self.inner.module.pointer_bits
    }

    /// The kernel IR as text.
    pub fn dump_ir(&self) -> String {
        self.inner.module.to_string()
    }

    /// The Cranelift IR of every kernel, as the code generator builds it.
    pub fn dump_clif(&self) -> Result<String> {
        let o = &self.inner.options;
        Ok(pipeline::dump_clif(&self.inner.module, &o.lower_options())?)
    }
}

/// The SPIR-V words of a module: SPIR-V as it is, LLVM IR (text or bitcode) as the
/// LLVM front end writes it. The program cache keys on these words, which are a
/// function of the input bytes.
pub(crate) fn module_words(bytes: &[u8]) -> Result<Vec<u32>> {
    if llvm::is_llvm(bytes) {
        return Ok(llvm::to_spirv(bytes)?);
    }
    Ok(spirv::words_from_bytes(bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of corpus module `tests/kernels/<name>`.
    fn module_words(name: &str) -> Vec<u32> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels").join(name);
        let bytes = std::fs::read(&path).expect("the corpus module is readable");
        spirv::words_from_bytes(&bytes).expect("a SPIR-V module")
    }

    #[test]
    fn loading_a_module_again_reuses_its_compiled_code() {
        let words = module_words("saxpy.O2.spv");
        let checked = Options { lanes: 4, checked: true, robust_buffer_access: false };
        let a = Program::from_words_with_options(&words, &checked).unwrap();
        let b = Program::from_words_with_options(&words, &checked).unwrap();
        assert!(Arc::ptr_eq(&a.inner, &b.inner), "the second load compiled again");
        let unchecked = Options { lanes: 4, checked: false, robust_buffer_access: false };
        let c = Program::from_words_with_options(&words, &unchecked).unwrap();
        assert!(!Arc::ptr_eq(&a.inner, &c.inner), "other options must compile separately");
        let wide = Options { lanes: 8, checked: true, robust_buffer_access: false };
        let d = Program::from_words_with_options(&words, &wide).unwrap();
        assert!(!Arc::ptr_eq(&a.inner, &d.inner), "another W must compile separately");
        let other = Program::from_words_with_options(&module_words("vadd_float.O2.spv"), &checked).unwrap();
        assert!(!Arc::ptr_eq(&a.inner, &other.inner), "another module must compile separately");
        let again = Program::from_words_with_options(&words.clone(), &checked).unwrap();
        assert!(Arc::ptr_eq(&a.inner, &again.inner), "equal words from another buffer are the same module");
    }
}

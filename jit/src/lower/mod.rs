//! Lowering of KIR kernels to native code through Cranelift.
//!
//! Each kernel becomes one entry function of type [`spirjit_abi::EntryFn`] that runs a
//! range of lane groups (W work-items each) of a work-group, from the start or from a
//! barrier. W is [`LowerOptions::lanes`]; W = 1 is the scalar path and the reference.
//!
//! * [`leaf`] — what a KIR value is in Cranelift (a list of leaves; the W abstraction).
//! * `state` — `FnLower` and the state each family keeps; `values` — KIR values as
//!   leaves (at a lane group or one lane); `control` — terminators, edges, cancel polls;
//!   `env` — the error record and builtin calls.
//! * `function` — one kernel: entry, resume dispatch, blocks.
//! * `dispatch` — the instruction dispatcher, one for every W (which family, uniform,
//!   vector form or per lane).
//! * `entry` — the loop over the lane groups of one entry call.
//! * `arith`, `convert`, `memory`, `workitem`, `barrier`, `call` — instruction families.
//! * `bounds` — bounds checks on memory accesses (pointer provenance → region checks).
//! * [`dump`] — Cranelift IR and machine-code text for inspection.
//! * [`plan`] — which path (W, masked or not, or W = 1 and why) each kernel gets.
//! * `vector`, `vmemory`, `masked` — the W > 1 path: leaf vectors and per-lane fallback,
//!   consecutive / gathered memory accesses, divergent control flow under masks.
//! * `lane_loop` — component-wise builtin calls at W > 1 as a loop over the lanes.
//! * `vint` — integer builtins (`add_sat`, `hadd`, `abs_diff`, ...) as vector code at W > 1.
//! * `subgroup` — sub-group queries and collectives (a sub-group is a lane group).
//!
//! This module never parses input and never runs kernels.

mod affine;
mod agree;
mod anchor;
mod arith;
pub mod artifact;
mod barrier;
mod bounds;
mod call;
mod control;
mod convert;
mod dispatch;
pub mod dump;
mod entry;
mod env;
pub mod facts;
mod function;
mod lane_loop;
pub mod leaf;
mod masked;
mod memory;
pub mod plan;
mod state;
mod steady;
mod steady_loop;
mod subgroup;
mod values;
mod vatomic;
mod vconvert;
mod vector;
mod version;
mod vint;
mod vmath;
mod vmemory;
mod workitem;

#[cfg(test)]
mod tests;

use std::cell::UnsafeCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use cranelift_codegen::ir::{types, AbiParam, UserFuncName};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::CodegenError;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module as _, ModuleError};
use spirjit_abi::EntryFn;

use crate::ir;
use crate::{CompileError, Result};
use state::FnLower;

pub use dump::DumpKind;
pub use leaf::Lanes;
pub use workitem::groups_mergeable;

/// Options that change the generated code. Part of the compiled-code cache key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LowerOptions {
    /// Work-items per lane group (W). 1 is the scalar path; 2, 4, 8 and 16 the vector
    /// path; 0 lets the lowering choose per kernel. A kernel the vector path cannot
    /// handle is compiled at W = 1 (see [`CompiledKernel::path_note`]).
    pub lanes: u32,
    /// Emit bounds checks on memory accesses.
    pub checked: bool,
    /// With `checked`: out-of-bounds reads give zero and writes are dropped instead of
    /// stopping the kernel with an error (Vulkan's robust buffer access).
    pub robust: bool,
    /// At W > 1, the code may assume that every lane group lies within one row of its
    /// work-group (x size a multiple of W, or one row: [`plan::launch_rows_whole`]), so
    /// that y and z ids are scalars per lane group. The caller must then run launches
    /// that break it with code compiled without it; [`CompiledKernel::whole_rows`] says
    /// whether a kernel's code took the assumption.
    pub whole_rows: bool,
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions { lanes: 1, checked: true, robust: false, whole_rows: false }
    }
}

/// One compiled kernel: the entry and the memory it needs per work-group.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    pub name: String,
    pub entry: EntryFn,
    /// Work-items per lane group this entry was compiled for (the W actually used).
    pub lanes: u32,
    /// Which path the kernel got and why, when a vector width was requested:
    /// `"vector, W = 4"` or `"scalar (W = 1): <reason the vector path was not used>"`.
    /// `None` when the scalar path was requested.
    pub path_note: Option<String>,
    /// Bytes of private state per lane group (private variables and values saved
    /// across barriers).
    pub private_stride: u64,
    /// Alignment of each lane group's private state.
    pub private_align: u64,
    /// Bytes of static local memory (module-scope `__local` variables).
    pub local_static_size: u64,
    /// Number of barriers in the kernel (resume points are 1..=barrier_count).
    pub barrier_count: u32,
    /// The code assumes that every lane group lies within one row of its work-group
    /// ([`LowerOptions::whole_rows`]): a launch whose work-groups break that
    /// ([`plan::launch_rows_whole`] false) must not run it.
    pub whole_rows: bool,
    /// Whether the runtime may run neighbouring work-groups as one larger work-group
    /// (see [`groups_mergeable`]).
    pub merge_groups: bool,
    /// Time spent in each stage of compiling the kernel (zero for code loaded from an
    /// artifact).
    pub times: CompileTimes,
    /// The code was loaded from an artifact (a cache), not compiled in this process.
    pub cached: bool,
}

/// Time spent in each stage of compiling one kernel (attempts at W > 1 that fell back
/// included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompileTimes {
    /// Choosing the path: control flow, uniformity and the compile budget.
    pub plan: std::time::Duration,
    /// Lowering KIR to Cranelift IR (analyses the lowering runs included).
    pub lower: std::time::Duration,
    /// Cranelift: optimisation, register allocation, machine code.
    pub codegen: std::time::Duration,
}

/// 16 bytes of module data, 16-byte aligned. Kernels may write writable data through
/// raw pointers, hence the cell.
#[repr(C, align(16))]
struct DataChunk(UnsafeCell<[u8; 16]>);

/// A copy of a module's data blocks (module-scope constants and variables), shared by
/// the module's compiled kernels: `DataAddr` constants point into it.
pub struct ModuleData {
    chunks: Box<[DataChunk]>,
    /// Address of the first data block; code refers to the blocks as [`DATA_SYMBOL`]
    /// plus an offset, so it does not depend on where the data is.
    base: u64,
    /// Offset of each data block from `base`.
    offsets: Vec<u64>,
}

impl ModuleData {
    /// Copy `module`'s data blocks.
    pub fn new(module: &ir::Module) -> ModuleData {
        let (chunks, base, offsets) = copy_data(module);
        ModuleData { chunks, base, offsets }
    }

    /// The layout of `module`'s data at a fixed placeholder address, without the data:
    /// for text dumps, whose code never runs and must read the same in every run.
    pub fn placeholder(module: &ir::Module) -> ModuleData {
        let (offsets, _, _) = data_layout(module);
        let chunks = Box::new([DataChunk(UnsafeCell::new([0; 16]))]);
        ModuleData { chunks, base: DUMP_DATA_BASE, offsets }
    }

    /// Address and size in bytes of the data kernels may access (for the region table of
    /// bounds checks).
    pub fn region(&self) -> (u64, u64) {
        (self.chunks.as_ptr() as u64, std::mem::size_of_val(&*self.chunks) as u64)
    }
}

// SAFETY: the data is only written by kernels through raw pointers, with the same
// (racy, by design) semantics as any kernel buffer; no method mutates it.
unsafe impl Send for ModuleData {}
// SAFETY: as above.
unsafe impl Sync for ModuleData {}

/// The machine code of one kernel, compiled on its own (see [`compile_kernel`]): owns
/// its code and keeps the module data it refers to alive.
///
/// [`KernelCode::kernel`]'s entry points into memory this value frees on drop: keep it
/// alive (e.g. in an `Arc`) for as long as the entry may run.
pub struct KernelCode {
    pub kernel: CompiledKernel,
    /// The machine code; freed on drop.
    jit: Option<JITModule>,
    data: Arc<ModuleData>,
    /// The code as an artifact (see `artifact`), when it can be one and nobody took it.
    artifact: std::sync::Mutex<Option<Vec<u8>>>,
}

impl KernelCode {
    /// The compiled code as bytes a cache can keep and [`KernelCode::from_artifact`] can
    /// load in another process of the same build, taken out of this value (a cache that
    /// keeps them elsewhere need not hold them twice); `None` when the code refers to
    /// something an artifact cannot name, when it was loaded from an artifact, or when it
    /// was taken already.
    pub fn take_artifact(&self) -> Option<Vec<u8>> {
        self.artifact.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take()
    }

    /// Give back an artifact taken with [`KernelCode::take_artifact`] (kept for later).
    pub fn keep_artifact(&self, bytes: Vec<u8>) {
        *self.artifact.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(bytes);
    }

    /// A copy of the artifact, if this value still holds it.
    pub fn artifact(&self) -> Option<Vec<u8>> {
        self.artifact.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Load `bytes`, an artifact of `kernel`, against `data` (this process's copy of the
    /// kernel's module data).
    ///
    /// # Safety
    /// As [`artifact::load`]: the bytes become machine code that runs, so they must be an
    /// artifact this build made for this kernel, options and CPU.
    pub unsafe fn from_artifact(bytes: &[u8], kernel: &ir::Kernel, data: &Arc<ModuleData>) -> Result<KernelCode> {
        // SAFETY: forwarded with the caller's contract.
        unsafe { artifact::load(bytes, kernel, data) }
    }

    /// Address and size of the module data the kernel may access.
    pub fn data_region(&self) -> (u64, u64) {
        self.data.region()
    }
}

// SAFETY: after `finalize_definitions` the JIT module is never touched again until drop
// (no declarations, no symbol lookups), so its interior `RefCell` is not shared; the
// machine code is immutable and may run on any thread.
unsafe impl Send for KernelCode {}
// SAFETY: see `Send`; no method of `KernelCode` mutates shared state.
unsafe impl Sync for KernelCode {}

impl Drop for KernelCode {
    fn drop(&mut self) {
        if let Some(jit) = self.jit.take() {
            // SAFETY: the entry is being dropped with us; callers must not keep copied
            // entry pointers past this value's lifetime (documented on `KernelCode`).
            unsafe { jit.free_memory() };
        }
    }
}

impl std::fmt::Debug for KernelCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelCode").field("kernel", &self.kernel).finish_non_exhaustive()
    }
}

/// Every kernel of a module, compiled (see [`compile`]).
///
/// The entries in [`CompiledModule::kernels`] point into memory this value owns and frees
/// on drop: keep the module alive (e.g. in an `Arc`) for as long as any entry may run.
pub struct CompiledModule {
    pub kernels: Vec<CompiledKernel>,
    _code: Vec<KernelCode>,
    data: Arc<ModuleData>,
}

impl CompiledModule {
    /// Address and size in bytes of the module data kernels may access (for the region
    /// table of bounds checks).
    pub fn data_region(&self) -> (u64, u64) {
        self.data.region()
    }
}

impl std::fmt::Debug for CompiledModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompiledModule").field("kernels", &self.kernels).finish_non_exhaustive()
    }
}

/// Cranelift instructions above which a kernel's function is compiled with the
/// single-pass register allocator: the backtracking allocator's time grows faster than
/// the function (a 400k-instruction kernel took 23 s, against 0.6 s single-pass), while
/// below this size it is a few hundred milliseconds at most and gives better code.
pub const LARGE_FUNCTION_INSTS: usize = 100_000;

/// The Cranelift code generator for the host; `fast_regalloc` picks the single-pass
/// register allocator (for very large functions).
fn new_isa(fast_regalloc: bool) -> Result<cranelift_codegen::isa::OwnedTargetIsa> {
    let mut fb = settings::builder();
    let set = |fb: &mut settings::Builder, k: &str, v: &str| {
        fb.set(k, v).map_err(|e| CompileError::internal(format!("cannot set Cranelift flag {k}={v}: {e}")))
    };
    set(&mut fb, "opt_level", "speed")?;
    set(&mut fb, "regalloc_algorithm", if fast_regalloc { "single_pass" } else { "backtracking" })?;
    set(&mut fb, "use_colocated_libcalls", "false")?;
    set(&mut fb, "is_pic", "false")?;
    set(&mut fb, "enable_verifier", if cfg!(debug_assertions) { "true" } else { "false" })?;
    let isa_builder = cranelift_native::builder()
        .map_err(|m| CompileError::unsupported(format!("this host is not supported by Cranelift: {m}")))?;
    isa_builder
        .finish(settings::Flags::new(fb))
        .map_err(|e| CompileError::internal(format!("cannot configure Cranelift for this host: {e}")))
}

/// What compiled code depends on besides its input and options: this build of spirjit
/// (see `build.rs`: it changes with the compiler, builtins, ABI or dependencies), the
/// target and every code generator setting, CPU features included. A cache of compiled
/// code keys its entries by it.
pub fn code_identity() -> Result<String> {
    use std::fmt::Write as _;
    let mut s = format!("spirjit {}", env!("SPIRJIT_BUILD_ID"));
    for fast in [false, true] {
        let isa = shared_isa(fast)?;
        let _ = write!(s, "\n{} {}", isa.triple(), isa.flags());
        for v in isa.isa_flags() {
            let _ = write!(s, " {}={}", v.name, v.value_string());
        }
    }
    Ok(s)
}

/// The code generator for the host, configured once per process (`fast_regalloc` as
/// in [`new_isa`]).
fn shared_isa(fast_regalloc: bool) -> Result<cranelift_codegen::isa::OwnedTargetIsa> {
    type Slot = std::sync::OnceLock<std::result::Result<cranelift_codegen::isa::OwnedTargetIsa, CompileError>>;
    static ISAS: [Slot; 2] = [Slot::new(), Slot::new()];
    ISAS[fast_regalloc as usize].get_or_init(|| new_isa(fast_regalloc)).clone()
}

/// With `SPIRJIT_CODE_DUMP=PREFIX` in the environment, the machine code of each compiled
/// function is written to `PREFIX.NAME.bin` (raw bytes, for `objdump -b binary` and
/// `benches/jit_profile.py`, which maps a callgrind profile onto it). A debugging aid:
/// failures to write are ignored.
fn write_code_for_profiling(name: &str, bytes: &[u8]) {
    if let Some(prefix) = std::env::var_os("SPIRJIT_CODE_DUMP") {
        let name: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let mut path = prefix;
        path.push(format!(".{name}.bin"));
        let _ = std::fs::write(path, bytes);
    }
}

/// Define function `id` from `ctx` in `jit`, compiling it with `isa` (the module's own
/// code generator, or one of the same target with other settings); returns the machine
/// code as it was defined (see [`artifact::Code`]).
fn define_with_isa(
    jit: &mut JITModule,
    id: FuncId,
    ctx: &mut cranelift_codegen::Context,
    isa: &dyn cranelift_codegen::isa::TargetIsa,
) -> std::result::Result<artifact::Code, Box<ModuleError>> {
    let mut ctrl = cranelift_codegen::control::ControlPlane::default();
    let (align, bytes, mach_relocs) = {
        let code = ctx.compile(isa, &mut ctrl).map_err(|e| Box::new(ModuleError::Compilation(e.inner)))?;
        let align =
            (code.buffer.alignment as u64).max(isa.function_alignment().minimum as u64).max(isa.symbol_alignment());
        (align, code.code_buffer().to_vec(), code.buffer.relocs().to_vec())
    };
    let relocs: Vec<_> =
        mach_relocs.iter().map(|r| cranelift_module::ModuleReloc::from_mach_reloc(r, &ctx.func, id)).collect();
    write_code_for_profiling(&ctx.func.name.to_string(), &bytes);
    jit.define_function_bytes(id, align, &bytes, &relocs).map_err(Box::new)?;
    Ok(artifact::Code { align, bytes, relocs })
}

/// Build a JIT module for the host that resolves every builtin. The code generator is
/// configured once per process; builtins are looked up by name when a kernel refers to
/// them (no per-module symbol table), so a module costs little to set up. The module
/// data's symbol resolves to `data_base`.
fn new_jit(data_base: u64) -> Result<JITModule> {
    let isa = shared_isa(false)?;
    let mut jb = JITBuilder::with_isa(isa, cranelift_module::default_libcall_names());
    jb.symbol_lookup_fn(Box::new(move |name| {
        if name == bounds::CHECK_UNKNOWN_SYMBOL {
            return Some(bounds::check_unknown_access as *const u8);
        }
        if name == DATA_SYMBOL {
            return Some(data_base as *const u8);
        }
        if let Some(page) = bounds::robust_page(name) {
            return Some(page);
        }
        spirjit_builtins::lookup(name).map(|b| b.address)
    }));
    Ok(JITModule::new(jb))
}

/// The symbol code refers to the module's data by (plus each block's offset); each JIT
/// module resolves it to its module's data (see [`ModuleData`]).
pub(crate) const DATA_SYMBOL: &str = "spirjit_module_data";

/// Where dumps place module data (see [`ModuleData::placeholder`]).
const DUMP_DATA_BASE: u64 = 0x1000_0000;

/// The offset of each of the module's data blocks, their total size, and the largest
/// alignment (each block aligned to at least 16 bytes, at most 4 KiB).
fn data_layout(module: &ir::Module) -> (Vec<u64>, u64, u64) {
    let mut offsets = Vec::with_capacity(module.data.len());
    let mut size = 0u64;
    for d in &module.data {
        let a = (d.align as u64).clamp(16, 4096).next_power_of_two();
        size = size.div_ceil(a) * a;
        offsets.push(size);
        size += d.bytes.len() as u64;
    }
    let max_align =
        module.data.iter().map(|d| (d.align as u64).clamp(16, 4096).next_power_of_two()).max().unwrap_or(16);
    (offsets, size, max_align)
}

/// Copy the module's data blocks into 16-byte-aligned owned memory; returns the memory,
/// the address the blocks' offsets are from, and each block's offset.
fn copy_data(module: &ir::Module) -> (Box<[DataChunk]>, u64, Vec<u64>) {
    // Alignments above 16 are honoured by over-allocating and shifting the base.
    let (offsets, size, max_align) = data_layout(module);
    let chunks = (size + max_align).div_ceil(16) as usize;
    let data: Box<[DataChunk]> = (0..chunks.max(1)).map(|_| DataChunk(UnsafeCell::new([0; 16]))).collect();
    let raw = data.as_ptr() as *mut u8;
    let base = (raw as u64).div_ceil(max_align) * max_align;
    let shift = (base - raw as u64) as usize;
    for (d, off) in module.data.iter().zip(&offsets) {
        // SAFETY: `shift + off + len <= size + max_align <= chunks * 16`, inside the
        // allocation; nothing else references it yet.
        unsafe { std::ptr::copy_nonoverlapping(d.bytes.as_ptr(), raw.add(shift + *off as usize), d.bytes.len()) };
    }
    let addrs: Vec<u64> = offsets.iter().map(|o| base + o).collect();
    // Pointers to data blocks (`global int *p = &x;`), now that the blocks have addresses.
    for (d, off) in module.data.iter().zip(&offsets) {
        for r in &d.relocs {
            let Some(target) = addrs.get(r.target.0 as usize) else { continue };
            let value = target.wrapping_add(r.addend as u64).to_le_bytes();
            let n = (r.bytes as usize).min(8);
            if r.offset.saturating_add(n as u64) > d.bytes.len() as u64 {
                continue;
            }
            // SAFETY: the `n` bytes lie inside block `d` (checked above), which lies inside
            // the allocation as in the copy.
            unsafe { std::ptr::copy_nonoverlapping(value.as_ptr(), raw.add(shift + (*off + r.offset) as usize), n) };
        }
    }
    (data, base, offsets)
}

/// What every kernel of a module is compiled against.
#[derive(Clone, Copy)]
struct CompileEnv<'m> {
    module: &'m ir::Module,
    /// Offset of each data block from [`DATA_SYMBOL`].
    data_offsets: &'m [u64],
    /// Emit bounds checks.
    checked: bool,
    /// Redirect out-of-bounds accesses instead of failing (with `checked`).
    robust: bool,
}

/// Translate `kernel` into `ctx.func` at `lanes` (masked or not), with its `facts`;
/// with `remarks`, the lowering's remarks are appended there (only dumps ask: a compile
/// does not spend time formatting them).
#[allow(clippy::too_many_arguments)]
fn translate(
    jit: &mut JITModule,
    ctx: &mut cranelift_codegen::Context,
    fctx: &mut FunctionBuilderContext,
    kernel: &ir::Kernel,
    facts: &facts::KernelFacts,
    (lanes, masked): (Lanes, bool),
    env: CompileEnv<'_>,
    remarks: Option<&mut Vec<facts::Remark>>,
) -> Result<state::Translated> {
    let CompileEnv { module, data_offsets, checked, robust } = env;
    let mut sig = jit.make_signature();
    sig.params.extend([types::I64; 4].map(AbiParam::new));
    sig.returns.push(AbiParam::new(types::I64));
    ctx.func.signature = sig;
    let b = FunctionBuilder::new(&mut ctx.func, fctx);
    let bounds = state::BoundsInfo::new(module, kernel, &facts.provenance, checked, robust);
    let mut lowering = FnLower::new(b, jit, kernel, facts, (lanes, masked), data_offsets, bounds)?;
    lowering.collect_remarks = remarks.is_some();
    lowering.translate_loop()?;
    if lowering.steady_loop_pays() {
        lowering = lowering.steady_loop(kernel, (lanes, masked))?;
    }
    let mut info = lowering.finish()?;
    if let Some(r) = remarks {
        r.append(&mut info.remarks);
    }
    Ok(info)
}

/// Run `f`, turning a panic into an internal error naming `kernel`.
fn guarded<T>(kernel: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            Err(CompileError::internal(format!("code generation panicked: {msg}")).in_kernel(kernel))
        }
    }
}

/// `s` cut to at most `max` bytes (at a character boundary), marked as truncated.
pub(crate) fn truncate(s: String, max: usize) -> String {
    shorten(s, max, "\n… (truncated)")
}

/// `s` cut to at most `max` bytes (at a character boundary), `marker` appended when cut.
pub(crate) fn shorten(mut s: String, max: usize, marker: &str) -> String {
    if s.len() > max {
        let mut cut = max;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push_str(marker);
    }
    s
}

/// A function compiled into a [`Jit`], not yet finalized.
pub struct Defined {
    id: FuncId,
    info: state::Translated,
    code: artifact::Code,
}

/// The code generator of one kernel (or, for dumps, of a module's kernels one after
/// the other): a JIT module that resolves every builtin, its compile context, and what
/// kernels are compiled against.
pub struct Jit<'m> {
    jit: JITModule,
    ctx: cranelift_codegen::Context,
    env: CompileEnv<'m>,
    data: &'m Arc<ModuleData>,
}

impl<'m> Jit<'m> {
    /// A code generator for the kernels of `module`, whose data is `data`, with the
    /// bounds checks `options` ask for.
    pub fn new(module: &'m ir::Module, data: &'m Arc<ModuleData>, options: &LowerOptions) -> Result<Jit<'m>> {
        let jit = new_jit(data.base)?;
        let ctx = jit.make_context();
        let env = CompileEnv { module, data_offsets: &data.offsets, checked: options.checked, robust: options.robust };
        Ok(Jit { jit, ctx, env, data })
    }

    /// Lower `kernel` at `lanes` (masked or not) with its `facts` into the compile
    /// context (Cranelift IR, not compiled); with `remarks`, the lowering's remarks are
    /// appended there.
    fn lower(
        &mut self,
        kernel: &ir::Kernel,
        facts: &facts::KernelFacts,
        path: (Lanes, bool),
        remarks: Option<&mut Vec<facts::Remark>>,
    ) -> Result<state::Translated> {
        let (jit, ctx, env) = (&mut self.jit, &mut self.ctx, self.env);
        jit.clear_context(ctx);
        let mut fctx = FunctionBuilderContext::new();
        translate(jit, ctx, &mut fctx, kernel, facts, path, env, remarks).map_err(|e| e.in_kernel(&kernel.name))
    }

    /// Lower and compile `kernel` (number `index`) at `lanes` (masked or not) with its
    /// `facts`.
    pub fn define(
        &mut self,
        index: usize,
        kernel: &ir::Kernel,
        facts: &facts::KernelFacts,
        path: (Lanes, bool),
        times: &mut CompileTimes,
    ) -> Result<Defined> {
        let name = &kernel.name;
        guarded(name, || {
            let start = std::time::Instant::now();
            let info = self.lower(kernel, facts, path, None)?;
            times.lower += start.elapsed();
            let start = std::time::Instant::now();
            let (jit, ctx) = (&mut self.jit, &mut self.ctx);
            let id = jit
                .declare_function(
                    &format!("spirjit_kernel_{index}_w{}", path.0 .0),
                    Linkage::Local,
                    &ctx.func.signature,
                )
                .map_err(|e| CompileError::internal(format!("cannot declare the entry: {e}")).in_kernel(name))?;
            ctx.func.name = UserFuncName::user(0, id.as_u32());
            let isa = shared_isa(ctx.func.dfg.num_insts() > LARGE_FUNCTION_INSTS).map_err(|e| e.in_kernel(name))?;
            let defined = define_with_isa(jit, id, ctx, &*isa);
            times.codegen += start.elapsed();
            let code = defined.map_err(|e| codegen_error(*e, &ctx.func).in_kernel(name))?;
            Ok(Defined { id, info, code })
        })
    }

    /// Lower `kernel` (number `index`) as [`Jit::define`] does and return the text
    /// `kind` asks for, without defining anything; the lowering's remarks are appended
    /// to `remarks`.
    pub fn text(
        &mut self,
        index: usize,
        kernel: &ir::Kernel,
        facts: &facts::KernelFacts,
        path: (Lanes, bool),
        kind: DumpKind,
        remarks: &mut Vec<facts::Remark>,
    ) -> Result<String> {
        let name = &kernel.name;
        guarded(name, || {
            self.lower(kernel, facts, path, Some(remarks))?;
            self.ctx.func.name = UserFuncName::user(0, index as u32);
            dump::render(&self.jit, &mut self.ctx, kind).map_err(|e| e.in_kernel(name))
        })
    }

    /// Finalize the machine code of `defined` (compiled at `lanes`) as `kernel`'s code.
    pub fn finish(
        mut self,
        kernel: &ir::Kernel,
        defined: Defined,
        lanes: u32,
        note: Option<String>,
        times: CompileTimes,
    ) -> Result<KernelCode> {
        self.jit
            .finalize_definitions()
            .map_err(|e| CompileError::internal(format!("cannot finalize the machine code: {e}")))?;
        let ptr = self.jit.get_finalized_function(defined.id);
        // SAFETY: the function was built with the `EntryFn` signature (four i64
        // parameters, one i64 result, the host's default C calling convention).
        let entry: EntryFn = unsafe { std::mem::transmute::<*const u8, EntryFn>(ptr) };
        let info = defined.info;
        let kernel = CompiledKernel {
            name: kernel.name.clone(),
            entry,
            lanes,
            path_note: note,
            private_stride: info.private_stride,
            private_align: info.private_align,
            local_static_size: kernel.local_static_size,
            barrier_count: info.barrier_count,
            whole_rows: lanes > 1 && info.whole_rows,
            merge_groups: groups_mergeable(kernel),
            times,
            cached: false,
        };
        let artifact = artifact::encode(&self.jit, defined.id, &defined.code, &kernel);
        Ok(KernelCode { kernel, jit: Some(self.jit), data: self.data.clone(), artifact: artifact.into() })
    }
}

impl CompiledModule {
    /// The module of the compiled kernels `code`, whose data is `data`.
    pub fn new(code: Vec<KernelCode>, data: Arc<ModuleData>) -> CompiledModule {
        let kernels = code.iter().map(|c| c.kernel.clone()).collect();
        CompiledModule { kernels, _code: code, data }
    }
}

fn codegen_error(e: ModuleError, func: &cranelift_codegen::ir::Function) -> CompileError {
    match e {
        ModuleError::Compilation(CodegenError::Verifier(errs)) => {
            let text = cranelift_codegen::print_errors::pretty_verifier_error(func, None, errs);
            // The errors first (they are interleaved with the function text, which is cut).
            let errors: Vec<&str> = text.lines().filter(|l| l.contains("; error:")).take(8).collect();
            let head = errors.join("\n");
            CompileError::internal(format!(
                "Cranelift verifier rejected the generated code:\n{head}\n{}",
                truncate(text.clone(), 8000)
            ))
        }
        ModuleError::Compilation(CodegenError::ImplLimitExceeded | CodegenError::CodeTooLarge) => {
            CompileError::limit(format!("the kernel is too large for the code generator ({e})"))
        }
        e => CompileError::internal(format!("code generation failed: {e}")),
    }
}

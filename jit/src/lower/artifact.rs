//! Compiled kernels as bytes, and back: the machine code of one kernel with its
//! relocations by symbol name and what the runtime needs to run it (W, private and local
//! sizes, barriers), so that a cache can keep compiled code across processes (the
//! runtime's on-disk code cache, the Vulkan driver's pipeline caches).
//!
//! The code refers to nothing by address: builtins and libcalls by name, host data (the
//! module's data, [`super::DATA_SYMBOL`], plus an offset; the robust-access pages) by
//! symbol. Loading links it again in a fresh JIT
//! module against this process's builtins and the module data given.
//!
//! This module neither decides what to cache nor where to keep it, and does not check
//! that bytes come from this build: the caller keys artifacts by build, target and input
//! (see `Artifact::load`'s safety contract).

use std::sync::Arc;

use cranelift_codegen::binemit::Reloc;
use cranelift_codegen::ir::{types, AbiParam};
use cranelift_jit::JITModule;
use cranelift_module::{DataId, FuncId, Linkage, Module as _, ModuleReloc, ModuleRelocTarget};
use spirjit_abi::EntryFn;

use super::{CompileTimes, CompiledKernel, KernelCode, ModuleData};
use crate::ir;
use crate::{CompileError, Result};

/// The machine code of one function as it was defined: alignment, bytes, relocations.
pub(crate) struct Code {
    pub align: u64,
    pub bytes: Vec<u8>,
    pub relocs: Vec<ModuleReloc>,
}

/// First bytes of an artifact, and the version of its layout.
const MAGIC: &[u8; 4] = b"SPJA";
const FORMAT: u32 = 2;

/// Most bytes of code and relocations one artifact may hold (a sanity limit when reading).
const MAX_CODE: u64 = 1 << 30;
const MAX_RELOCS: u64 = 1 << 24;

/// What a relocation refers to.
enum Target {
    /// A function (builtin, libcall) by symbol name.
    Function(String),
    /// Host data by symbol name (the module's data, [`DATA_SYMBOL`]; the robust-access
    /// pages).
    Data(String),
    /// An offset in the function itself.
    SelfOffset(u32),
}

/// Relocation kinds an artifact may hold (those the JIT applies on the host targets).
const KINDS: [Reloc; 6] =
    [Reloc::Abs4, Reloc::Abs8, Reloc::X86PCRel4, Reloc::X86CallPCRel4, Reloc::X86CallPLTRel4, Reloc::Arm64Call];

/// The artifact of `kernel`'s code `code`, defined in `jit` with id `id`; `None` when
/// the code refers to something an artifact cannot name (then it is not cached).
pub(crate) fn encode(jit: &JITModule, id: FuncId, code: &Code, kernel: &CompiledKernel) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(code.bytes.len() + 64 * code.relocs.len() + 256);
    out.extend_from_slice(MAGIC);
    put_u32(&mut out, FORMAT);
    put_str(&mut out, &kernel.name);
    put_u32(&mut out, kernel.lanes);
    match &kernel.path_note {
        Some(n) => {
            out.push(1);
            put_str(&mut out, n);
        }
        None => out.push(0),
    }
    put_u64(&mut out, kernel.private_stride);
    put_u64(&mut out, kernel.private_align);
    put_u64(&mut out, kernel.local_static_size);
    put_u32(&mut out, kernel.barrier_count);
    out.push(u8::from(kernel.whole_rows));
    put_u64(&mut out, code.align);
    put_u64(&mut out, code.bytes.len() as u64);
    out.extend_from_slice(&code.bytes);
    put_u64(&mut out, code.relocs.len() as u64);
    let decls = jit.declarations();
    for r in &code.relocs {
        let kind = KINDS.iter().position(|k| *k == r.kind)? as u8;
        let target = match &r.name {
            ModuleRelocTarget::User { namespace: 0, index } => {
                let f = FuncId::from_u32(*index);
                if f == id {
                    Target::SelfOffset(0)
                } else {
                    Target::Function(decls.get_function_decl(f).name.clone()?)
                }
            }
            ModuleRelocTarget::User { namespace: 1, index } => {
                let decl = decls.get_data_decl(DataId::from_u32(*index));
                if decl.linkage != Linkage::Import {
                    return None;
                }
                Target::Data(decl.name.clone()?)
            }
            ModuleRelocTarget::LibCall(l) => Target::Function((cranelift_module::default_libcall_names())(*l)),
            ModuleRelocTarget::FunctionOffset(f, off) if *f == id => Target::SelfOffset(*off),
            _ => return None,
        };
        put_u32(&mut out, r.offset);
        out.push(kind);
        put_u64(&mut out, r.addend as u64);
        match target {
            Target::Function(name) => {
                out.push(0);
                put_str(&mut out, &name);
            }
            Target::Data(name) => {
                out.push(1);
                put_str(&mut out, &name);
            }
            Target::SelfOffset(off) => {
                out.push(2);
                put_u32(&mut out, off);
            }
        }
    }
    Some(out)
}

/// Load the artifact `bytes` of `kernel` (of `module`) as runnable code against `data`,
/// the module's data in this process.
///
/// # Safety
/// `bytes` must be an artifact [`KernelCode::artifact`] made, in a process running this
/// same build of spirjit on a CPU with the same features, for this kernel of this module
/// compiled with the options the caller wants: the bytes become machine code that runs.
/// Malformed bytes are an error, but well-formed bytes of another build, CPU or kernel
/// are not detected.
pub unsafe fn load(bytes: &[u8], kernel: &ir::Kernel, data: &Arc<ModuleData>) -> Result<KernelCode> {
    // The JIT panics on a symbol it cannot resolve: an error here, never a panic.
    super::guarded(&kernel.name, || link(bytes, kernel, data))
}

/// [`load`] without the panic guard.
fn link(bytes: &[u8], kernel: &ir::Kernel, data: &Arc<ModuleData>) -> Result<KernelCode> {
    let bad = |what: &str| CompileError::internal(format!("cached code of kernel {}: {what}", kernel.name));
    let mut r = Reader { bytes, at: 0 };
    if r.take(4).ok_or_else(|| bad("truncated"))? != MAGIC || r.u32() != Some(FORMAT) {
        return Err(bad("not an artifact of this format"));
    }
    let name = r.str().ok_or_else(|| bad("truncated name"))?;
    if name != kernel.name {
        return Err(bad(&format!("it is the code of kernel {name}")));
    }
    let lanes = r.u32().ok_or_else(|| bad("truncated"))?;
    let path_note = match r.take(1).ok_or_else(|| bad("truncated"))?[0] {
        0 => None,
        1 => Some(r.str().ok_or_else(|| bad("truncated note"))?),
        _ => return Err(bad("malformed note")),
    };
    let (private_stride, private_align, local_static_size) =
        (r.u64().ok_or_else(|| bad("truncated"))?, r.u64().ok_or_else(|| bad("truncated"))?, r.u64());
    let local_static_size = local_static_size.ok_or_else(|| bad("truncated"))?;
    if local_static_size != kernel.local_static_size {
        return Err(bad("its local memory size differs from the kernel's"));
    }
    let barrier_count = r.u32().ok_or_else(|| bad("truncated"))?;
    let whole_rows = match r.take(1).ok_or_else(|| bad("truncated"))?[0] {
        0 => false,
        1 => true,
        _ => return Err(bad("malformed row flag")),
    };
    let align = r.u64().ok_or_else(|| bad("truncated"))?;
    let len = r.u64().filter(|&n| n <= MAX_CODE).ok_or_else(|| bad("bad code size"))?;
    let code = r.take(len as usize).ok_or_else(|| bad("truncated code"))?.to_vec();
    let n = r.u64().filter(|&n| n <= MAX_RELOCS).ok_or_else(|| bad("bad relocation count"))?;

    let mut jit = super::new_jit(data.base)?;
    let mut sig = jit.make_signature();
    sig.params.extend([types::I64; 4].map(AbiParam::new));
    sig.returns.push(AbiParam::new(types::I64));
    let id = jit
        .declare_function("spirjit_kernel_cached", Linkage::Local, &sig)
        .map_err(|e| CompileError::internal(format!("cannot declare the entry: {e}")))?;
    let import_sig = jit.make_signature();
    let mut relocs = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let offset = r.u32().ok_or_else(|| bad("truncated relocation"))?;
        let kind = r.take(1).and_then(|k| KINDS.get(k[0] as usize).copied()).ok_or_else(|| bad("bad relocation"))?;
        let addend = r.u64().ok_or_else(|| bad("truncated relocation"))? as i64;
        let width = if matches!(kind, Reloc::Abs8) { 8 } else { 4 };
        if offset as u64 + width > len {
            return Err(bad("a relocation lies outside the code"));
        }
        let name = match r.take(1).ok_or_else(|| bad("truncated relocation"))?[0] {
            0 => {
                let symbol = r.str().ok_or_else(|| bad("truncated symbol"))?;
                let f = jit
                    .declare_function(&symbol, Linkage::Import, &import_sig)
                    .map_err(|e| bad(&format!("cannot import {symbol}: {e}")))?;
                ModuleRelocTarget::user(0, f.as_u32())
            }
            1 => {
                let symbol = r.str().ok_or_else(|| bad("truncated symbol"))?;
                let d = jit
                    .declare_data(&symbol, Linkage::Import, true, false)
                    .map_err(|e| bad(&format!("cannot import {symbol}: {e}")))?;
                ModuleRelocTarget::user(1, d.as_u32())
            }
            2 => {
                let off = r.u32().filter(|&o| (o as u64) < len).ok_or_else(|| bad("bad offset"))?;
                ModuleRelocTarget::FunctionOffset(id, off)
            }
            _ => return Err(bad("bad relocation target")),
        };
        relocs.push(ModuleReloc { offset, kind, name, addend });
    }
    if r.at != bytes.len() {
        return Err(bad("trailing bytes"));
    }
    jit.define_function_bytes(id, align.clamp(1, 4096), &code, &relocs)
        .map_err(|e| bad(&format!("cannot define the code: {e}")))?;
    jit.finalize_definitions().map_err(|e| bad(&format!("cannot link the code: {e}")))?;
    let ptr = jit.get_finalized_function(id);
    // SAFETY: per `load`'s contract the code is an entry compiled with the `EntryFn`
    // signature by this build for this kernel.
    let entry: EntryFn = unsafe { std::mem::transmute::<*const u8, EntryFn>(ptr) };
    let compiled = CompiledKernel {
        name,
        entry,
        lanes,
        path_note,
        private_stride,
        private_align,
        local_static_size,
        barrier_count,
        whole_rows,
        merge_groups: super::groups_mergeable(kernel),
        times: CompileTimes::default(),
        cached: true,
    };
    // The bytes are wherever they were loaded from: not kept twice.
    Ok(KernelCode { kernel: compiled, jit: Some(jit), data: data.clone(), artifact: None.into() })
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_u64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u64(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Reads an artifact; every read is bounds-checked (`None` past the end).
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize) -> Option<&'b [u8]> {
        let end = self.at.checked_add(n)?;
        let s = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(s)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    fn str(&mut self) -> Option<String> {
        let n = self.u64()?;
        if n > MAX_CODE {
            return None;
        }
        String::from_utf8(self.take(n as usize)?.to_vec()).ok()
    }
}

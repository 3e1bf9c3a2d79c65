//! The SPIR-V writer of the LLVM IR front end: a model in, OpenCL-flavoured SPIR-V
//! words out — what llvm-spirv writes for the same input, so that the SPIR-V front end
//! translates it.
//!
//! * this module — the writer's state: id allocation, the module's sections, types,
//!   constants and global variables;
//! * `func` — function bodies: instructions and terminators; `order` — the order blocks
//!   are written in (dominators first);
//! * `calls` — the one dispatch point for calls: defined functions, `llvm.*` intrinsics,
//!   dialect builtins (SPIR 1.2 mangled OpenCL builtins here; NVVM plugs in beside them);
//! * `intrinsics` — `llvm.*` intrinsics;
//! * `demangle` — the Itanium mangling subset of OpenCL builtin names;
//! * `builtins` — SPIR 1.2 builtins as SPIR-V instructions and OpenCL.std; `atomics20`
//!   — OpenCL C 2.0 atomics among them;
//! * `kernels` — entry points, kernel argument metadata, execution modes; `param_types`
//!   — the element types of opaque pointer parameters;
//! * `nvvm`, `nvvm_prepare`, `nvvm_calls`, `nvvm_shared`, `nvvm_printf`, `libdevice` — NVVM
//!   IR (CUDA): a model rewrite run first, then calls and address spaces (see `nvvm`);
//!
//! The writer emits words and checks nothing the SPIR-V front end (or `spirv-val`)
//! checks again; it must not translate to KIR, and it must not panic on any model the
//! readers produce: whatever it cannot represent is an error naming the function,
//! block and instruction.

mod atomics20;
mod builtins;
mod calls;
mod demangle;
mod func;
mod images;
mod intrinsics;
mod kernels;
pub mod libdevice;
mod memory;
pub mod nvvm;
mod nvvm_calls;
pub mod nvvm_prepare;
pub mod nvvm_printf;
pub mod nvvm_shared;
mod ops;
mod order;
mod param_types;

use std::collections::{BTreeSet, HashMap};

use rspirv::spirv::{
    AccessQualifier, AddressingModel, BuiltIn, Capability, Decoration, Dim, ImageFormat, MemoryModel, MemorySemantics,
    Op, Scope, StorageClass,
};

use super::model::{ConstId, Constant, Dialect, Module, Ordering, Type, TypeId};
use crate::{CompileError, Result};

pub use demangle::{demangle, MangledType, Scalar};
pub(crate) use images::{opaque_kind, OpaqueKind};

/// Write `m` as a SPIR-V 1.0 module.
pub fn write(m: &Module) -> Result<Vec<u32>> {
    // NVVM kernels, dynamic shared memory and `vprintf` are rewritten in a copy first.
    let prepared = if m.dialect() == Dialect::Nvvm { Some(nvvm_prepare::prepared(m)?) } else { None };
    let mut w = Writer::new(prepared.as_ref().unwrap_or(m));
    w.globals()?;
    w.functions()?;
    kernels::entry_points(&mut w)?;
    Ok(w.finish())
}

/// SPIR-V words as text (rspirv's disassembly), for `spirjit dump --spirv`.
pub fn disassemble(words: &[u32]) -> Result<String> {
    use rspirv::binary::Disassemble;
    let module = rspirv::dr::load_words(words)
        .map_err(|e| CompileError::invalid(format!("the SPIR-V module does not parse: {e}")))?;
    Ok(module.disassemble())
}

/// Append one instruction (`op` and its operand words) to `buf`.
pub(crate) fn emit(buf: &mut Vec<u32>, op: Op, operands: &[u32]) {
    buf.push(((operands.len() as u32 + 1) << 16) | op as u32);
    buf.extend_from_slice(operands);
}

/// A literal string as SPIR-V words (nul-terminated, padded).
pub(crate) fn str_words(s: &str) -> Vec<u32> {
    let mut bytes = s.as_bytes().to_vec();
    bytes.push(0);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// The writer's state for one module.
pub(crate) struct Writer<'m> {
    pub m: &'m Module,
    pub dialect: Dialect,
    pub physical64: bool,
    bound: u32,
    caps: BTreeSet<u32>,
    /// The id of the `OpenCL.std` import.
    pub ext: u32,
    pub entry: Vec<u32>,
    pub modes: Vec<u32>,
    pub strings: Vec<u32>,
    pub names: Vec<u32>,
    pub annotations: Vec<u32>,
    pub globals_sec: Vec<u32>,
    pub functions_sec: Vec<u32>,
    interned: HashMap<(u32, Vec<u32>), u32>,
    model_types: HashMap<TypeId, u32>,
    model_consts: HashMap<ConstId, u32>,
    /// The id of each function of the model (declarations included; only defined ones
    /// are emitted).
    pub func_ids: Vec<u32>,
    /// The variable of each global of the model and its SPIR-V pointer type.
    pub global_ids: Vec<(u32, u32)>,
    /// Builtin input variables (`GlobalInvocationId`, ...) and their types.
    pub builtin_vars: HashMap<BuiltIn, (u32, u32)>,
    /// The storage class and pointee of each pointer type written.
    pub ptr_info: HashMap<u32, (StorageClass, u32)>,
    /// The dimensionality and arrayedness of each image type written.
    pub image_info: HashMap<u32, (Dim, bool)>,
    /// Where in `annotations` each decorated value's id is, so that it can be renamed.
    decorated: HashMap<u32, Vec<usize>>,
}

impl<'m> Writer<'m> {
    fn new(m: &'m Module) -> Self {
        let physical64 = match m.triple.as_deref() {
            Some(t) if t.starts_with("spir64") || t.starts_with("nvptx64") => true,
            Some(t) if t.starts_with("spir") || t.starts_with("nvptx") => false,
            _ => !m.datalayout.as_deref().is_some_and(|d| d.contains("p:32") || d.contains("p0:32")),
        };
        let mut w = Writer {
            m,
            dialect: m.dialect(),
            physical64,
            bound: 1,
            caps: BTreeSet::new(),
            ext: 0,
            entry: Vec::new(),
            modes: Vec::new(),
            strings: Vec::new(),
            names: Vec::new(),
            annotations: Vec::new(),
            globals_sec: Vec::new(),
            functions_sec: Vec::new(),
            interned: HashMap::new(),
            model_types: HashMap::new(),
            model_consts: HashMap::new(),
            func_ids: Vec::new(),
            global_ids: Vec::new(),
            builtin_vars: HashMap::new(),
            ptr_info: HashMap::new(),
            image_info: HashMap::new(),
            decorated: HashMap::new(),
        };
        w.ext = w.id();
        for c in [Capability::Addresses, Capability::Kernel] {
            w.cap(c);
        }
        if physical64 {
            w.cap(Capability::Int64);
        }
        w.func_ids = (0..m.functions.len()).map(|_| w.bound_next()).collect();
        w
    }

    fn bound_next(&mut self) -> u32 {
        self.id()
    }

    /// A fresh id.
    pub fn id(&mut self) -> u32 {
        let id = self.bound;
        self.bound += 1;
        id
    }

    /// Decorate value `target` (a renamable result; see [`Writer::rename_decorations`]).
    pub fn decorate(&mut self, target: u32, decoration: Decoration, operands: &[u32]) {
        self.decorated.entry(target).or_default().push(self.annotations.len() + 1);
        let mut ops = vec![target, decoration as u32];
        ops.extend_from_slice(operands);
        emit(&mut self.annotations, Op::Decorate, &ops);
    }

    /// Decorations of `from` now apply to `to` (a result given another id).
    pub fn rename_decorations(&mut self, from: u32, to: u32) {
        for at in self.decorated.remove(&from).unwrap_or_default() {
            if let Some(w) = self.annotations.get_mut(at) {
                *w = to;
            }
        }
    }

    pub fn cap(&mut self, c: Capability) {
        self.caps.insert(c as u32);
    }

    /// An interned type, constant or other module-level instruction (`op` with operands,
    /// result first in the emitted words).
    fn intern(&mut self, op: Op, result_type: Option<u32>, operands: &[u32]) -> u32 {
        let mut key = Vec::with_capacity(operands.len() + 1);
        key.extend(result_type);
        key.extend_from_slice(operands);
        if let Some(&id) = self.interned.get(&(op as u32, key.clone())) {
            return id;
        }
        let id = self.id();
        let mut words = Vec::with_capacity(operands.len() + 2);
        words.extend(result_type);
        words.push(id);
        words.extend_from_slice(operands);
        emit(&mut self.globals_sec, op, &words);
        self.interned.insert((op as u32, key), id);
        id
    }

    pub fn t_void(&mut self) -> u32 {
        self.intern(Op::TypeVoid, None, &[])
    }
    pub fn t_bool(&mut self) -> u32 {
        self.intern(Op::TypeBool, None, &[])
    }
    pub fn t_int(&mut self, width: u32) -> u32 {
        match width {
            8 => self.cap(Capability::Int8),
            16 => self.cap(Capability::Int16),
            64 => self.cap(Capability::Int64),
            _ => {}
        }
        self.intern(Op::TypeInt, None, &[width, 0])
    }
    pub fn t_float(&mut self, width: u32) -> u32 {
        match width {
            16 => self.cap(Capability::Float16),
            64 => self.cap(Capability::Float64),
            _ => {}
        }
        self.intern(Op::TypeFloat, None, &[width])
    }
    pub fn t_vec(&mut self, elem: u32, len: u32) -> u32 {
        if len > 4 {
            self.cap(Capability::Vector16);
        }
        self.intern(Op::TypeVector, None, &[elem, len])
    }
    pub fn t_ptr(&mut self, sc: StorageClass, pointee: u32) -> u32 {
        if sc == StorageClass::Generic {
            self.cap(Capability::GenericPointer);
        }
        let id = self.intern(Op::TypePointer, None, &[sc as u32, pointee]);
        self.ptr_info.insert(id, (sc, pointee));
        id
    }

    /// An interned type instruction (`OpTypeArray`, ...).
    pub fn intern_pub(&mut self, op: Op, operands: &[u32]) -> u32 {
        self.intern(op, None, operands)
    }
    pub fn t_fn(&mut self, ret: u32, params: &[u32]) -> u32 {
        let mut ops = vec![ret];
        ops.extend_from_slice(params);
        self.intern(Op::TypeFunction, None, &ops)
    }
    /// The pointer-sized integer type (`size_t`).
    pub fn t_size(&mut self) -> u32 {
        self.t_int(if self.physical64 { 64 } else { 32 })
    }
    pub fn t_sampler(&mut self) -> u32 {
        self.intern(Op::TypeSampler, None, &[])
    }
    pub fn t_event(&mut self) -> u32 {
        self.intern(Op::TypeEvent, None, &[])
    }

    /// The SPIR-V type of an `%opencl.*` opaque type.
    pub fn t_opaque(&mut self, kind: OpaqueKind) -> u32 {
        match kind {
            OpaqueKind::Sampler => self.t_sampler(),
            OpaqueKind::Event => self.t_event(),
            OpaqueKind::Image { dim, arrayed, depth, access } => {
                let void = self.t_void();
                self.cap(Capability::ImageBasic);
                if dim == Dim::Dim1D {
                    self.cap(Capability::Image1D);
                }
                if dim == Dim::DimBuffer {
                    self.cap(Capability::ImageBuffer);
                }
                if access == Some(AccessQualifier::ReadWrite) {
                    self.cap(Capability::ImageReadWrite);
                }
                let access = access.unwrap_or(AccessQualifier::ReadOnly);
                let id = self.intern(
                    Op::TypeImage,
                    None,
                    &[
                        void,
                        dim as u32,
                        u32::from(depth),
                        u32::from(arrayed),
                        0,
                        0,
                        ImageFormat::Unknown as u32,
                        access as u32,
                    ],
                );
                self.image_info.insert(id, (dim, arrayed));
                id
            }
        }
    }

    /// The dimensionality and arrayedness of image type `ty`.
    pub fn image_shape(&self, ty: u32) -> Option<(Dim, bool)> {
        self.image_info.get(&ty).copied()
    }

    pub fn is_sampler_type(&self, ty: u32) -> bool {
        self.interned.get(&(Op::TypeSampler as u32, Vec::new())) == Some(&ty)
    }

    /// `OpConstantSampler` of sampler type `t`.
    pub fn constant_sampler(&mut self, t: u32, mode: u32, normalized: u32, filter: u32) -> u32 {
        self.intern(Op::ConstantSampler, Some(t), &[mode, normalized, filter])
    }

    /// The storage class of address space `addrspace` in this module's dialect.
    pub fn storage_class(&self, addrspace: u32) -> Result<StorageClass> {
        match self.dialect {
            Dialect::Spir => Ok(match addrspace {
                0 => StorageClass::Function,
                1 => StorageClass::CrossWorkgroup,
                2 => StorageClass::UniformConstant,
                3 => StorageClass::Workgroup,
                4 => StorageClass::Generic,
                n => {
                    return Err(CompileError::unsupported(format!(
                        "SPIR address space {n}: SPIR 1.2 has 0 (private), 1 (global), 2 (constant), 3 (local) and \
                         4 (generic)"
                    )))
                }
            }),
            Dialect::Nvvm => Ok(match addrspace {
                0 => StorageClass::Generic,
                1 => StorageClass::CrossWorkgroup,
                3 => StorageClass::Workgroup,
                4 => StorageClass::UniformConstant,
                5 => StorageClass::Function,
                n => {
                    return Err(CompileError::unsupported(format!(
                        "NVVM address space {n}: spirjit knows 0 (generic), 1 (global), 3 (shared), 4 (constant) \
                         and 5 (local)"
                    )))
                }
            }),
        }
    }

    /// The `%opencl.*` kind `ty` (a named opaque struct, or a pointer to one) stands for.
    pub fn opaque_of(&self, ty: TypeId) -> Option<OpaqueKind> {
        match self.m.types.get(ty.0 as usize)? {
            Type::Struct { name: Some(n), .. } => opaque_kind(n),
            Type::Pointer { pointee: Some(p), .. } => match self.m.types.get(p.0 as usize)? {
                Type::Struct { name: Some(n), .. } => opaque_kind(n),
                _ => None,
            },
            _ => None,
        }
    }

    /// The SPIR-V type of model type `ty`. Opaque `ptr` is a pointer to `i8`.
    pub fn ty(&mut self, ty: TypeId) -> Result<u32> {
        if let Some(&id) = self.model_types.get(&ty) {
            return Ok(id);
        }
        let id = self.ty_uncached(ty, 0)?;
        self.model_types.insert(ty, id);
        Ok(id)
    }

    fn ty_uncached(&mut self, ty: TypeId, depth: u32) -> Result<u32> {
        if depth > 64 {
            return Err(CompileError::unsupported("types nested more than 64 deep (or a recursive struct type)"));
        }
        if let Some(kind) = self.opaque_of(ty) {
            return Ok(self.t_opaque(kind));
        }
        let t = self
            .m
            .types
            .get(ty.0 as usize)
            .ok_or_else(|| CompileError::internal(format!("type #{} is not in the module's table", ty.0)))?
            .clone();
        let sub = |w: &mut Self, t: TypeId| -> Result<u32> {
            if let Some(&id) = w.model_types.get(&t) {
                return Ok(id);
            }
            let id = w.ty_uncached(t, depth + 1)?;
            w.model_types.insert(t, id);
            Ok(id)
        };
        Ok(match t {
            Type::Void => self.t_void(),
            Type::Int(1) => self.t_bool(),
            Type::Int(w @ (8 | 16 | 32 | 64)) => self.t_int(w),
            Type::Int(w) => {
                return Err(CompileError::unsupported(format!(
                    "integer type i{w}: SPIR-V kernels have i1, i8, i16, i32 and i64"
                )))
            }
            Type::Half => self.t_float(16),
            Type::Float => self.t_float(32),
            Type::Double => self.t_float(64),
            Type::BFloat => return Err(CompileError::unsupported("the bfloat type")),
            Type::OtherFloat(name) => return Err(CompileError::unsupported(format!("the {name} type"))),
            Type::Pointer { addrspace, pointee } => {
                let sc = self.storage_class(addrspace)?;
                let p = match pointee {
                    Some(p) if matches!(self.m.ty(p), Type::Function { .. }) => {
                        return Err(CompileError::unsupported("function pointers"))
                    }
                    Some(p) => sub(self, p)?,
                    None => self.t_int(8),
                };
                self.t_ptr(sc, p)
            }
            Type::Vector { len, elem } => {
                let e = sub(self, elem)?;
                self.t_vec(e, len)
            }
            Type::Array { len, elem } => {
                let e = sub(self, elem)?;
                let len = u32::try_from(len)
                    .ok()
                    .filter(|&l| l > 0)
                    .ok_or_else(|| CompileError::unsupported(format!("an array of {len} elements")))?;
                let i32t = self.t_int(32);
                let l = self.c_int(i32t, 32, u64::from(len));
                self.intern(Op::TypeArray, None, &[e, l])
            }
            Type::Struct { name, opaque: true, .. } => {
                let name = name.unwrap_or_else(|| "opaque".to_string());
                let mut ops = str_words(&name);
                ops.insert(0, 0);
                let id = self.id();
                ops[0] = id;
                emit(&mut self.globals_sec, Op::TypeOpaque, &ops);
                id
            }
            Type::Struct { fields, packed, .. } => {
                let mut ids = Vec::with_capacity(fields.len());
                for f in fields {
                    ids.push(sub(self, f)?);
                }
                if packed {
                    // Not interned with the unpacked struct of the same fields.
                    let id = self.id();
                    let mut ops = vec![id];
                    ops.extend(&ids);
                    emit(&mut self.globals_sec, Op::TypeStruct, &ops);
                    emit(&mut self.annotations, Op::Decorate, &[id, Decoration::CPacked as u32]);
                    id
                } else {
                    self.intern(Op::TypeStruct, None, &ids)
                }
            }
            Type::Function { ret, params, .. } => {
                let r = sub(self, ret)?;
                let mut ps = Vec::with_capacity(params.len());
                for p in params {
                    ps.push(sub(self, p)?);
                }
                self.t_fn(r, &ps)
            }
            Type::TargetExt { name, ints, .. } => match name.as_str() {
                "spirv.Event" => self.t_event(),
                "spirv.Sampler" => self.t_sampler(),
                "spirv.Image" => {
                    let dim = match ints.first() {
                        Some(0) => Dim::Dim1D,
                        Some(2) => Dim::Dim3D,
                        Some(5) => Dim::DimBuffer,
                        _ => Dim::Dim2D,
                    };
                    let access = match ints.get(6) {
                        Some(1) => AccessQualifier::WriteOnly,
                        Some(2) => AccessQualifier::ReadWrite,
                        _ => AccessQualifier::ReadOnly,
                    };
                    self.t_opaque(OpaqueKind::Image {
                        dim,
                        depth: ints.get(1) == Some(&1),
                        arrayed: ints.get(2) == Some(&1),
                        access: Some(access),
                    })
                }
                other => return Err(CompileError::unsupported(format!("the target extension type `{other}`"))),
            },
            Type::Label | Type::Metadata | Type::Token => {
                return Err(CompileError::unsupported("label, metadata and token values"))
            }
        })
    }

    /// An integer constant of SPIR-V type `ty` and `width` bits.
    pub fn c_int(&mut self, ty: u32, width: u32, value: u64) -> u32 {
        if width == 64 {
            self.intern(Op::Constant, Some(ty), &[value as u32, (value >> 32) as u32])
        } else {
            let mask = if width >= 32 { u32::MAX } else { (1u32 << width) - 1 };
            self.intern(Op::Constant, Some(ty), &[(value as u32) & mask])
        }
    }
    pub fn c_u32(&mut self, value: u32) -> u32 {
        let t = self.t_int(32);
        self.c_int(t, 32, u64::from(value))
    }
    pub fn c_size(&mut self, value: u64) -> u32 {
        let t = self.t_size();
        let w = if self.physical64 { 64 } else { 32 };
        self.c_int(t, w, value)
    }
    pub fn c_bool(&mut self, v: bool) -> u32 {
        let t = self.t_bool();
        self.intern(if v { Op::ConstantTrue } else { Op::ConstantFalse }, Some(t), &[])
    }
    pub fn c_float(&mut self, ty: u32, width: u32, bits: u64) -> u32 {
        if width == 64 {
            self.intern(Op::Constant, Some(ty), &[bits as u32, (bits >> 32) as u32])
        } else {
            self.intern(Op::Constant, Some(ty), &[bits as u32])
        }
    }
    pub fn c_null(&mut self, ty: u32) -> u32 {
        self.intern(Op::ConstantNull, Some(ty), &[])
    }
    pub fn c_undef(&mut self, ty: u32) -> u32 {
        self.intern(Op::Undef, Some(ty), &[])
    }
    /// A constant of SPIR-V type `ty` that is the same scalar `elem` in each lane of a
    /// vector of `len` (the scalar itself when `len` is `None`).
    pub fn c_splat(&mut self, ty: u32, elem: u32, len: Option<u32>) -> u32 {
        match len {
            None => elem,
            Some(n) => {
                let ops = vec![elem; n as usize];
                self.intern(Op::ConstantComposite, Some(ty), &ops)
            }
        }
    }

    /// The bit width of model scalar (or vector element) type `ty`.
    pub fn scalar_width(&self, ty: TypeId) -> Option<u32> {
        match self.m.types.get(ty.0 as usize)? {
            Type::Int(w) => Some(*w),
            Type::Half => Some(16),
            Type::Float => Some(32),
            Type::Double => Some(64),
            Type::Vector { elem, .. } => self.scalar_width(*elem),
            Type::Pointer { .. } => Some(if self.physical64 { 64 } else { 32 }),
            _ => None,
        }
    }

    /// Model constant `c` as a module-level SPIR-V constant, when it is one (no global
    /// addresses, no expressions); `None` when it needs instructions.
    pub fn constant(&mut self, c: ConstId) -> Result<Option<u32>> {
        if let Some(&id) = self.model_consts.get(&c) {
            return Ok(Some(id));
        }
        let Some(k) = self.m.consts.get(c.0 as usize).cloned() else {
            return Err(CompileError::internal(format!("constant #{} is not in the module's table", c.0)));
        };
        let id = match k {
            Constant::Int { ty, value } => {
                let t = self.ty(ty)?;
                match self.m.ty(ty) {
                    Type::Int(1) => self.c_bool(value & 1 == 1),
                    Type::Int(w) => {
                        let w = *w;
                        self.c_int(t, w, value)
                    }
                    _ => return Err(CompileError::invalid("an integer constant of a non-integer type")),
                }
            }
            Constant::Float { ty, bits } => {
                let t = self.ty(ty)?;
                let w = self.scalar_width(ty).unwrap_or(32);
                self.c_float(t, w, bits)
            }
            Constant::Null(ty) | Constant::Zero(ty) => {
                let t = self.ty(ty)?;
                self.c_null(t)
            }
            Constant::Undef(ty) | Constant::Poison(ty) => {
                let t = self.ty(ty)?;
                self.c_undef(t)
            }
            Constant::Aggregate { ty, elems } => {
                let t = self.ty(ty)?;
                let mut ids = Vec::with_capacity(elems.len());
                for e in elems {
                    match self.constant(e)? {
                        Some(id) => ids.push(id),
                        None => return Ok(None),
                    }
                }
                let id = self.id();
                let mut ops = vec![t, id];
                ops.extend(ids);
                emit(&mut self.globals_sec, Op::ConstantComposite, &ops);
                id
            }
            Constant::Bytes { ty, bytes } => {
                let t = self.ty(ty)?;
                let i8t = self.t_int(8);
                let ids: Vec<u32> = bytes.iter().map(|&b| self.c_int(i8t, 8, u64::from(b))).collect();
                let id = self.id();
                let mut ops = vec![t, id];
                ops.extend(ids);
                emit(&mut self.globals_sec, Op::ConstantComposite, &ops);
                id
            }
            Constant::Global { .. } | Constant::Function { .. } | Constant::Expr { .. } => return Ok(None),
        };
        self.model_consts.insert(c, id);
        Ok(Some(id))
    }

    /// Emit every global variable of the model.
    fn globals(&mut self) -> Result<()> {
        // `extern __shared__` arrays are kernel parameters after `nvvm_prepare`: id 0.
        let dynamic = if self.dialect == Dialect::Nvvm { nvvm::dynamic_shared(self.m) } else { Vec::new() };
        for (i, g) in self.m.globals.iter().enumerate() {
            if dynamic.iter().any(|d| d.0 as usize == i) {
                self.global_ids.push((0, 0));
                continue;
            }
            let at = |e: CompileError| e.at(None, format!("global `@{}`", g.name), None);
            let vt = self.ty(g.value_ty).map_err(at)?;
            let sc = match (self.dialect, g.addrspace) {
                (Dialect::Spir, 0) => StorageClass::CrossWorkgroup,
                (Dialect::Nvvm, 0) if g.constant => StorageClass::UniformConstant,
                (Dialect::Nvvm, 0) => StorageClass::CrossWorkgroup,
                (_, a) => self.storage_class(a).map_err(at)?,
            };
            let pt = self.t_ptr(sc, vt);
            let id = self.id();
            let mut ops = vec![pt, id, sc as u32];
            if let Some(init) = g.init {
                if sc != StorageClass::Workgroup {
                    match self.constant(init).map_err(at)? {
                        Some(c) => ops.push(c),
                        None => {
                            return Err(at(CompileError::unsupported(
                                "a global initializer holding addresses or constant expressions",
                            )))
                        }
                    }
                }
            }
            emit(&mut self.globals_sec, Op::Variable, &ops);
            if g.constant {
                emit(&mut self.annotations, Op::Decorate, &[id, Decoration::Constant as u32]);
            }
            if g.align > 0 {
                emit(&mut self.annotations, Op::Decorate, &[id, Decoration::Alignment as u32, g.align]);
            }
            let mut name = vec![id];
            name.extend(str_words(&g.name));
            emit(&mut self.names, Op::Name, &name);
            let _ = i;
            self.global_ids.push((id, pt));
        }
        Ok(())
    }

    /// The input variable of builtin `b` (a 3-vector of `size_t`, or `uint` for
    /// `WorkDim`) and its value type.
    pub fn builtin_var(&mut self, b: BuiltIn) -> (u32, u32) {
        if let Some(&v) = self.builtin_vars.get(&b) {
            return v;
        }
        let size = self.t_size();
        let vt = match b {
            BuiltIn::WorkDim
            | BuiltIn::SubgroupSize
            | BuiltIn::SubgroupMaxSize
            | BuiltIn::NumSubgroups
            | BuiltIn::SubgroupId
            | BuiltIn::SubgroupLocalInvocationId => self.t_int(32),
            BuiltIn::GlobalLinearId | BuiltIn::LocalInvocationIndex => size,
            _ => self.t_vec(size, 3),
        };
        let pt = self.t_ptr(StorageClass::Input, vt);
        let id = self.id();
        emit(&mut self.globals_sec, Op::Variable, &[pt, id, StorageClass::Input as u32]);
        emit(&mut self.annotations, Op::Decorate, &[id, Decoration::BuiltIn as u32, b as u32]);
        emit(&mut self.annotations, Op::Decorate, &[id, Decoration::Constant as u32]);
        let mut name = vec![id];
        name.extend(str_words(&format!("__spirv_BuiltIn{b:?}")));
        emit(&mut self.names, Op::Name, &name);
        self.builtin_vars.insert(b, (id, vt));
        (id, vt)
    }

    fn functions(&mut self) -> Result<()> {
        for i in 0..self.m.functions.len() {
            if self.m.functions[i].is_declaration() {
                continue;
            }
            func::write_function(self, super::model::FuncId(i as u32))?;
        }
        Ok(())
    }

    fn finish(self) -> Vec<u32> {
        let mut out = vec![0x0723_0203, 0x0001_0000, 0, self.bound, 0];
        for c in &self.caps {
            emit(&mut out, Op::Capability, &[*c]);
        }
        for ext in memory::extensions(&self.caps) {
            emit(&mut out, Op::Extension, &str_words(ext));
        }
        let mut ops = vec![self.ext];
        ops.extend(str_words("OpenCL.std"));
        emit(&mut out, Op::ExtInstImport, &ops);
        let am = if self.physical64 { AddressingModel::Physical64 } else { AddressingModel::Physical32 };
        emit(&mut out, Op::MemoryModel, &[am as u32, MemoryModel::OpenCL as u32]);
        out.extend(&self.entry);
        out.extend(&self.modes);
        out.extend(&self.strings);
        emit(&mut out, Op::Source, &[rspirv::spirv::SourceLanguage::OpenCL_C as u32, 102000]);
        out.extend(&self.names);
        out.extend(&self.annotations);
        out.extend(&self.globals_sec);
        out.extend(&self.functions_sec);
        out
    }
}

/// The semantics bits of an LLVM ordering.
pub(crate) fn ordering_bits(o: Ordering) -> u32 {
    (match o {
        Ordering::NotAtomic | Ordering::Unordered | Ordering::Monotonic => MemorySemantics::empty(),
        Ordering::Acquire => MemorySemantics::ACQUIRE,
        Ordering::Release => MemorySemantics::RELEASE,
        Ordering::AcqRel => MemorySemantics::ACQUIRE_RELEASE,
        Ordering::SeqCst => MemorySemantics::SEQUENTIALLY_CONSISTENT,
    })
    .bits()
}

/// The memory-semantics bit of storage class `sc`.
pub(crate) fn storage_bits(sc: StorageClass) -> u32 {
    match sc {
        StorageClass::Workgroup => MemorySemantics::WORKGROUP_MEMORY.bits(),
        StorageClass::CrossWorkgroup => MemorySemantics::CROSS_WORKGROUP_MEMORY.bits(),
        StorageClass::Generic => (MemorySemantics::WORKGROUP_MEMORY | MemorySemantics::CROSS_WORKGROUP_MEMORY).bits(),
        _ => 0,
    }
}

/// The scope of an LLVM `syncscope`.
pub(crate) fn scope_of(s: Option<&str>) -> Scope {
    match s {
        Some("singlethread") => Scope::Invocation,
        Some("subgroup") | Some("wavefront") => Scope::Subgroup,
        Some("workgroup") | Some("block") | Some("cta") => Scope::Workgroup,
        _ => Scope::Device,
    }
}

#[cfg(test)]
mod tests;

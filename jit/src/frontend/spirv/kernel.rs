//! Kernels: one `ir::Kernel` per `OpEntryPoint Kernel` — parameters (kind, name, OpenCL
//! type name, read-only flag, host type), execution modes, the static local-memory layout, and the
//! translated body.
//!
//! Parameter conventions follow the front end → lowering contract; bodies are
//! translated by `function`.

use rspirv::spirv::{Decoration, FunctionParameterAttribute as Attr, Op, StorageClass};

use super::constants::GlobalLayout;
use super::function::{Translator, Val};
use super::module::{EntryPoint, FuncDef, SpvModule};
use super::types::{space_of, SpvType};
use crate::ir::{self, AddressSpace, InstKind, Param, ParamKind, PrivateVar, Type, TypeQualifiers};
use crate::{CompileError, Result};

/// Translate the kernel of entry point `ep`.
pub(crate) fn build_kernel(m: &SpvModule, ep: &EntryPoint, layout: &GlobalLayout) -> Result<ir::Kernel> {
    let located = |e: CompileError| e.in_kernel(&ep.name).at(Some(ep.word), "OpEntryPoint", Some(ep.func));
    let fdef = m.func(ep.func).map_err(located)?;
    let ret = m.insts[fdef.def].rtype().map_err(located)?;
    if !matches!(m.spv_type(ret).map_err(located)?, SpvType::Void) {
        return Err(located(CompileError::invalid(format!(
            "the entry point's function %{} returns a value; kernels return void",
            ep.func
        ))));
    }
    let forward = forward_target(m, fdef);
    let type_names = arg_strings(m, "kernel_arg_type.", &ep.name);
    let quals = arg_strings(m, "kernel_arg_type_qual.", &ep.name);
    let mut t = Translator::new(m);
    t.local_end = layout.local_size;
    let mut params = Vec::new();
    let mut args = Vec::new();
    for (n, &pi) in fdef.params.iter().enumerate() {
        let pinst = &m.insts[pi];
        let loc = |e: CompileError| e.in_kernel(&ep.name).at(Some(pinst.word), "OpFunctionParameter", pinst.result_id);
        let pid = pinst.rid().map_err(loc)?;
        let ty_id = pinst.rtype().map_err(loc)?;
        // The same parameter of a function the entry point merely forwards to (llvm-spirv
        // wraps each kernel in such a function) carries the names and attributes.
        let alias =
            forward.and_then(|f| m.funcs.get(&f)).and_then(|f| f.params.get(n)).and_then(|&i| m.insts[i].result_id);
        let name = m.names.get(&pid).or_else(|| alias.and_then(|a| m.names.get(&a))).cloned();
        let attr = |a: Attr| m.has_param_attr(pid, a) || alias.is_some_and(|x| m.has_param_attr(x, a));
        // `kernel_arg_type_qual` strings (spirjit's LLVM front end, llvm-spirv's
        // `--preserve-ocl-kernel-arg-type-metadata-through-string`) say it all; without
        // them, `restrict` is `NoAlias` and `volatile` the `Volatile` decoration (which
        // llvm-spirv writes), and `const` is not recorded (`NoWrite` is no `const`: clang
        // marks every pointer a kernel only reads `readonly`).
        let mut qualifiers = match quals.as_ref() {
            Some(q) => TypeQualifiers::from_words(q.get(n).map_or("", String::as_str)),
            None => TypeQualifiers {
                is_const: false,
                restrict: attr(Attr::NoAlias),
                volatile: m.has_deco(pid, Decoration::Volatile)
                    || alias.is_some_and(|a| m.has_deco(a, Decoration::Volatile)),
            },
        };
        let qual_const = qualifiers.is_const;
        let type_name = type_names.as_ref().and_then(|t| t.get(n)).cloned();
        let ptype = m.spv_type(ty_id).map_err(loc)?.clone();
        let (kind, value_type, read_only) = match ptype {
            SpvType::Pointer { sc, pointee } if attr(Attr::ByVal) => {
                let ty = m.kir_type(pointee).map_err(loc)?;
                super::constants::check_size(&ty).map_err(loc)?;
                let _ = sc;
                (ParamKind::Value(ty), Type::ptr(AddressSpace::Private), true)
            }
            SpvType::Pointer { sc, pointee } => {
                let space = match sc {
                    StorageClass::CrossWorkgroup
                    | StorageClass::UniformConstant
                    | StorageClass::Workgroup
                    | StorageClass::Generic => space_of(sc).unwrap_or(AddressSpace::Global),
                    other => {
                        return Err(loc(CompileError::unsupported(format!(
                            "kernel parameter {} is a pointer to storage class {other:?}; kernels take global, \
                             constant and local pointers",
                            n
                        ))))
                    }
                };
                let pointee_ty = m.kir_type(pointee).unwrap_or(Type::I8);
                let ro = attr(Attr::NoWrite) || qual_const || space == AddressSpace::Constant;
                qualifiers.is_const |= space == AddressSpace::Constant;
                (ParamKind::Pointer { space, pointee: pointee_ty }, Type::ptr(space), ro)
            }
            SpvType::Opaque(what) => super::image::opaque_param(m, ty_id, &what).map_err(loc)?,
            _ => {
                let ty = m.kir_type(ty_id).map_err(loc)?;
                (ParamKind::Value(ty.clone()), ty, false)
            }
        };
        let v = t.emit_prologue(InstKind::Param(n as u32), value_type.clone());
        t.f.values[v.0 as usize].name = name.clone();
        let arg = match &kind {
            ParamKind::Value(ty) if matches!(value_type, Type::Scalar(ir::Scalar::Ptr(_))) => {
                // By-value aggregate: each work-item gets its own copy, as C semantics allow
                // the callee to modify its parameter.
                let var = t
                    .add_private(PrivateVar {
                        name: name.clone(),
                        size: ty.size(),
                        align: ty.align().max(1),
                        init: None,
                    })
                    .map_err(loc)?;
                let addr = t.emit_prologue(InstKind::VarAddr(var), Type::ptr(AddressSpace::Private));
                let size = t.i64c(ty.size() as i64);
                ir::FunctionBuilder::at(&mut t.f, super::function::PROLOGUE).inst_void(InstKind::CopyMemory {
                    dst: addr,
                    src: v,
                    size,
                });
                addr
            }
            _ => v,
        };
        args.push(Val::V(arg));
        let host = super::host::opencl_param(&kind, type_name.as_deref());
        if !matches!(kind, ParamKind::Pointer { .. }) {
            // OpenCL qualifies pointers only.
            qualifiers = TypeQualifiers::default();
        }
        params.push(Param { name, kind, type_name, read_only, qualifiers, value_type, host });
    }
    // Vulkan compute shaders take their buffers and push constants as parameters.
    let interface =
        super::vulkan::bind_resources(m, ep.func, &mut t, &mut params).map_err(|e| e.in_kernel(&ep.name))?;
    let opencl = super::clspv::signature(m, ep).map_err(|e| e.in_kernel(&ep.name))?;
    t.run_function(ep.func, args, None).map_err(|e| e.in_kernel(&ep.name))?;
    crate::verify::verify(&t.f).map_err(|msg| {
        CompileError::internal(format!("the SPIR-V front end produced invalid KIR: {msg}")).in_kernel(&ep.name)
    })?;
    let nonzero = |s: Option<[u32; 3]>| s.filter(|s| s.iter().all(|&d| d > 0));
    Ok(ir::Kernel {
        name: ep.name.clone(),
        params,
        reqd_work_group_size: nonzero(ep.local_size),
        work_group_size_hint: nonzero(ep.size_hint),
        reqd_sub_group_size: ep.sub_group_size,
        local_static_size: local_static_size(&t, layout)?,
        local_zero_init: layout.local_zero_init.clone(),
        interface,
        opencl,
        func: t.f,
    })
}

/// Bytes of static local memory the kernel uses: the module's `__local` variables, and
/// the work-group collectives' scratch area after them when the kernel has one.
fn local_static_size(t: &Translator<'_>, layout: &GlobalLayout) -> Result<u64> {
    let Some((off, _)) = t.wg_scratch else { return Ok(layout.local_size) };
    let end = off.saturating_add(super::workgroup::SCRATCH_BYTES);
    if end > super::limits::MAX_LOCAL_BYTES {
        return Err(super::limits::exceeded(
            format!("static local memory of {end} bytes"),
            format!("{} bytes", super::limits::MAX_LOCAL_BYTES),
        ));
    }
    Ok(end)
}

/// The function an entry point only forwards its parameters to, if it is such a
/// wrapper (one block whose only call passes every parameter in order).
fn forward_target(m: &SpvModule, f: &FuncDef) -> Option<u32> {
    let [block] = f.blocks.as_slice() else { return None };
    let params: Vec<u32> = f.params.iter().filter_map(|&i| m.insts[i].result_id).collect();
    let mut target = None;
    for i in block.body.clone() {
        let inst = &m.insts[i];
        if inst.op == Op::FunctionCall {
            if target.is_some() {
                return None;
            }
            let args: Vec<u32> = (1..inst.operands.len()).filter_map(|k| inst.id(k).ok()).collect();
            if args != params {
                return None;
            }
            target = inst.id(0).ok();
        }
    }
    target
}

/// The comma-separated list of an `OpString "<prefix><kernel>.<a>,<b>,..."`.
fn arg_strings(m: &SpvModule, prefix: &str, kernel: &str) -> Option<Vec<String>> {
    let head = format!("{prefix}{kernel}.");
    m.strings.iter().find_map(|s| s.strip_prefix(&head)).map(|rest| {
        let mut v: Vec<String> = rest.split(',').map(|s| s.trim().to_string()).collect();
        if v.last().is_some_and(|s| s.is_empty()) {
            v.pop();
        }
        v
    })
}

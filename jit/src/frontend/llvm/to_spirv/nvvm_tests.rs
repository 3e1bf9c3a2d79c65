//! Tests of the NVVM decisions on hand-built models.

use std::collections::HashMap;

use super::*;
use crate::frontend::llvm::model::{Block, Global, Type};

fn module() -> Module {
    let mut m = Module::default();
    m.triple = Some("nvptx64-nvidia-cuda".into());
    m
}

fn void_fn(m: &mut Module, name: &str, cc: CallingConv, defined: bool) -> FuncId {
    let void = m.intern_type(Type::Void);
    let ty = m.intern_type(Type::Function { ret: void, params: vec![], vararg: false });
    let blocks = if defined { vec![Block { name: None, insts: vec![], term: Terminator::Ret(None) }] } else { vec![] };
    m.functions.push(Function {
        name: name.into(),
        ty,
        cc,
        params: vec![],
        blocks,
        local_types: vec![],
        local_names: HashMap::new(),
        metadata: vec![],
    });
    FuncId(m.functions.len() as u32 - 1)
}

fn annotate(m: &mut Module, func: FuncId, props: &[(&str, u64)]) {
    let ptr = m.intern_type(Type::Pointer { addrspace: 0, pointee: None });
    let i32t = m.intern_type(Type::Int(32));
    let f = m.push_const(Constant::Function { ty: ptr, func });
    let mut node = vec![Md::Value(f)];
    for (k, v) in props {
        let c = m.push_const(Constant::Int { ty: i32t, value: *v });
        node.push(Md::Str((*k).into()));
        node.push(Md::Value(c));
    }
    m.metadata.push(node);
    let id = MdId(m.metadata.len() as u32 - 1);
    match m.named_metadata.iter_mut().find(|(n, _)| n == "nvvm.annotations") {
        Some((_, v)) => v.push(id),
        None => m.named_metadata.push(("nvvm.annotations".into(), vec![id])),
    }
}

use crate::frontend::llvm::model::MdId;

#[test]
fn kernels_come_from_annotations_and_the_ptx_kernel_convention() {
    let mut m = module();
    let saxpy = void_fn(&mut m, "_Z5saxpyifPKfPf", CallingConv::C, true);
    let helper = void_fn(&mut m, "_Z6helperv", CallingConv::C, true);
    let tiled = void_fn(&mut m, "tiled", CallingConv::C, true);
    let direct = void_fn(&mut m, "direct", CallingConv::PtxKernel, true);
    annotate(&mut m, saxpy, &[("kernel", 1)]);
    annotate(&mut m, saxpy, &[("maxntidx", 256)]);
    annotate(&mut m, tiled, &[("kernel", 1), ("reqntidx", 16), ("reqntidy", 8)]);
    annotate(&mut m, helper, &[("align", 0x10008)]);
    let ks = kernels(&m).unwrap();
    let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["direct", "saxpy", "tiled"]);
    assert_eq!(ks[0].func, direct);
    assert_eq!(ks[1].work_group_size_hint, Some([256, 1, 1]));
    assert_eq!(ks[1].reqd_work_group_size, None);
    assert_eq!(ks[2].reqd_work_group_size, Some([16, 8, 1]));
    assert_eq!(m.dialect(), crate::frontend::llvm::model::Dialect::Nvvm);
}

#[test]
fn a_kernel_annotation_on_a_declaration_is_an_error() {
    let mut m = module();
    let f = void_fn(&mut m, "missing", CallingConv::C, false);
    annotate(&mut m, f, &[("kernel", 1)]);
    let e = kernels(&m).unwrap_err().to_string();
    assert!(e.contains("declared but not defined"), "{e}");
}

#[test]
fn demangling_keeps_only_plain_names() {
    assert_eq!(demangled_name("_Z5saxpyifPKfPf"), Some("saxpy"));
    assert_eq!(demangled_name("_Z13reduce_sharedPKfPfi"), Some("reduce_shared"));
    assert_eq!(demangled_name("saxpy"), None);
    assert_eq!(demangled_name("_ZN3foo3barEv"), None);
    assert_eq!(demangled_name("_Z99x"), None);
}

#[test]
fn intrinsics_are_classified() {
    assert_eq!(
        classify("llvm.nvvm.read.ptx.sreg.tid.y"),
        Some(NvvmCall::Builtin { var: BuiltIn::LocalInvocationId, dim: 1 })
    );
    assert_eq!(
        classify("llvm.nvvm.read.ptx.sreg.nctaid.z"),
        Some(NvvmCall::Builtin { var: BuiltIn::NumWorkgroups, dim: 2 })
    );
    assert_eq!(classify("llvm.nvvm.read.ptx.sreg.warpsize"), Some(NvvmCall::SubgroupBuiltin(BuiltIn::SubgroupMaxSize)));
    assert_eq!(classify("__spirjit_warpsize"), Some(NvvmCall::SubgroupBuiltin(BuiltIn::SubgroupMaxSize)));
    assert_eq!(classify("llvm.nvvm.barrier0"), Some(NvvmCall::Barrier));
    assert_eq!(classify("llvm.nvvm.barrier.sync"), Some(NvvmCall::Barrier));
    assert_eq!(classify("llvm.nvvm.barrier.cta.sync.aligned.all"), Some(NvvmCall::Barrier));
    assert_eq!(classify("llvm.nvvm.membar.gl"), Some(NvvmCall::MemBar(Scope::Device)));
    assert_eq!(
        classify("llvm.nvvm.shfl.sync.down.f32"),
        Some(NvvmCall::Shuffle { mode: ShflMode::Down, sync: true, pred: false })
    );
    assert_eq!(
        classify("llvm.nvvm.shfl.bfly.i32p"),
        Some(NvvmCall::Shuffle { mode: ShflMode::Bfly, sync: false, pred: true })
    );
    assert_eq!(classify("llvm.nvvm.vote.ballot.sync"), Some(NvvmCall::Vote { op: VoteOp::Ballot, sync: true }));
    assert_eq!(classify("llvm.nvvm.vote.any"), Some(NvvmCall::Vote { op: VoteOp::Any, sync: false }));
    assert_eq!(
        classify("llvm.nvvm.atomic.load.add.f32.p1f32"),
        Some(NvvmCall::Atomic { op: RmwOp::FAdd, scope: Scope::Device })
    );
    assert_eq!(
        classify("llvm.nvvm.atomic.load.inc.32.p0i32"),
        Some(NvvmCall::Atomic { op: RmwOp::UIncWrap, scope: Scope::Device })
    );
    assert_eq!(
        classify("llvm.nvvm.atomic.add.gen.f.cta"),
        Some(NvvmCall::Atomic { op: RmwOp::FAdd, scope: Scope::Workgroup })
    );
    assert_eq!(classify("llvm.nvvm.ptr.gen.to.shared.p3i8.p0i8"), Some(NvvmCall::Cvta));
    assert_eq!(classify("vprintf"), Some(NvvmCall::Printf));
    assert_eq!(classify("__nvvm_reflect"), Some(NvvmCall::Reflect));
    assert!(matches!(classify("__nv_sinf"), Some(NvvmCall::Libdevice(_))));
    assert_eq!(classify("llvm.nvvm.read.ptx.sreg.clock"), None);
    assert_eq!(classify("llvm.nvvm.tex.unified.2d.v4f32.f32"), None);
    assert_eq!(classify("llvm.fma.f32"), None);
}

#[test]
fn address_spaces() {
    assert_eq!(Space::of(3).unwrap().storage_class(), StorageClass::Workgroup);
    assert_eq!(Space::of(0).unwrap().global_storage_class(true), StorageClass::UniformConstant);
    assert_eq!(kernel_param_storage_class(0).unwrap(), StorageClass::CrossWorkgroup);
    assert!(kernel_param_storage_class(5).is_err());
    assert!(Space::of(2).is_err());
}

#[test]
fn shuffles_follow_ptx() {
    let full = 0x1f;
    // shfl.down at a warp of 8: sources past the warp keep their own value.
    assert_eq!(shfl_source(ShflMode::Down, 2, 4, full, 8), (6, true));
    assert_eq!(shfl_source(ShflMode::Down, 6, 4, full, 8), (6, false));
    // shfl.up: clamp 0.
    assert_eq!(shfl_source(ShflMode::Up, 1, 2, 0, 8), (1, false));
    assert_eq!(shfl_source(ShflMode::Up, 5, 2, 0, 8), (3, true));
    assert_eq!(shfl_source(ShflMode::Bfly, 3, 1, full, 8), (2, true));
    assert_eq!(shfl_source(ShflMode::Idx, 7, 5, full, 8), (5, true));
    // CUDA: a source lane past the width reads lane `srcLane % width`.
    assert_eq!(shfl_source(ShflMode::Idx, 7, 9, full, 8), (1, true));
    // Segments of 4 lanes, the mask computed from warpSize = 8 (`8 - 4`) or from 32.
    for seg in [(8 - 4) << 8, (32 - 4) << 8] {
        assert_eq!(shfl_source(ShflMode::Down, 2, 2, seg | full, 8), (2, false));
        assert_eq!(shfl_source(ShflMode::Down, 5, 2, seg | full, 8), (7, true));
        assert_eq!(shfl_source(ShflMode::Idx, 6, 1, seg | full, 8), (5, true));
    }
    // A warp of one lane: every other source is invalid.
    assert_eq!(shfl_source(ShflMode::Down, 0, 1, full, 1), (0, false));
    assert_eq!(shfl_source(ShflMode::Idx, 0, 0, full, 1), (0, true));
}

#[test]
fn dynamic_shared_arrays_are_the_external_shared_globals() {
    let mut m = module();
    let f32t = m.intern_type(Type::Float);
    let arr = m.intern_type(Type::Array { len: 0, elem: f32t });
    let zero = m.push_const(Constant::Zero(f32t));
    let g = |name: &str, addrspace, init| Global {
        name: name.into(),
        value_ty: arr,
        addrspace,
        constant: false,
        init,
        align: 4,
    };
    m.globals.push(g("tile", 3, Some(zero)));
    m.globals.push(g("buf", 3, None));
    m.globals.push(g("table", 1, None));
    assert_eq!(dynamic_shared(&m), vec![GlobalId(1)]);
    let f = m.functions.first().cloned();
    assert!(f.is_none());
}

#[test]
fn prepare_makes_kernels_look_like_clang_opencl_kernels() {
    let mut m = module();
    let saxpy = void_fn(&mut m, "_Z5saxpyv", CallingConv::C, true);
    annotate(&mut m, saxpy, &[("kernel", 1), ("reqntidx", 64)]);
    let ks = super::super::nvvm_prepare::prepare(&mut m).unwrap();
    assert_eq!(ks.len(), 1);
    let f = m.function(saxpy);
    assert_eq!((f.name.as_str(), f.cc), ("saxpy", CallingConv::PtxKernel));
    let (key, node) = &f.metadata[0];
    assert_eq!(key, "reqd_work_group_size");
    let values: Vec<u64> = m
        .node(*node)
        .iter()
        .map(|md| match md {
            Md::Value(c) => match m.constant(*c) {
                Constant::Int { value, .. } => *value,
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(values, [64, 1, 1]);
}

/// The shuffles as the CUDA programming guide states them for a segment `width` (an
/// xor shuffle may read earlier segments, not later ones), with
/// `c` encoded the way the prelude (and CUDA's headers) do: `((warpSize - width) << 8)
/// | clamp`.
#[test]
fn shuffles_match_the_cuda_definitions_at_every_warp_size() {
    for warp in [1, 2, 4, 8, 16, 32] {
        let mut width = 1;
        while width <= warp {
            let seg = (warp - width) << 8;
            for lane in 0..warp {
                let base = lane / width * width;
                let inside = |src: i32| src >= base && src < base + width;
                for d in 0..warp + 3 {
                    // PTX reads the lane or offset's low 5 bits.
                    let d = d & 31;
                    let down = if inside(lane + d) { lane + d } else { lane };
                    assert_eq!(shfl_source(ShflMode::Down, lane, d, seg | 0x1f, warp).0, down, "down {warp} {width}");
                    let up = if inside(lane - d) { lane - d } else { lane };
                    assert_eq!(shfl_source(ShflMode::Up, lane, d, seg, warp).0, up, "up {warp} {width} {lane} {d}");
                    // xor may read earlier segments, not later ones.
                    let x = lane ^ d;
                    let bfly = if x < base + width { x } else { lane };
                    assert_eq!(shfl_source(ShflMode::Bfly, lane, d, seg | 0x1f, warp).0, bfly, "xor {warp} {width}");
                    let idx = base + d % width;
                    assert_eq!(shfl_source(ShflMode::Idx, lane, d, seg | 0x1f, warp).0, idx, "idx {warp} {width}");
                }
            }
            width *= 2;
        }
    }
}

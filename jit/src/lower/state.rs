//! The state of the lowering of one kernel: [`FnLower`] (the Cranelift function being
//! built, the KIR kernel and its facts, the values defined so far, the blocks, the
//! values computed once per call) and the state each instruction family keeps in it
//! (bounds checks, the lane-group loop, work-item ids, lane-loop scratch, execution
//! masks).
//!
//! Only data and its construction live here: the families (`arith`, `memory`, `masked`,
//! ...) implement the lowering on `FnLower` and import this module; this module imports
//! no family, so the lowering has no import circle.
use std::collections::HashMap;

use cranelift_codegen::ir::{Block, FuncRef, MemFlagsData, StackSlot, Type as ClifType, Value as ClifValue};
use cranelift_frontend::{FunctionBuilder, Variable};
use cranelift_jit::JITModule;

use super::facts::{KernelFacts, Remark};
use super::leaf::Lanes;
use crate::analysis::{Cfg, Liveness, Provenances, Uniformity};
use crate::ir::{self, BlockId, Kernel, Module};
use crate::{CompileError, Result};

/// Facts about a kernel computed before translation.
pub(crate) struct KernelLayout {
    /// Byte offset of each private variable in the lane group's private area.
    pub var_offsets: Vec<u64>,
    /// Bytes used by private variables (save slots follow).
    pub vars_size: u64,
    /// Alignment of the private area.
    pub align: u64,
}

impl KernelLayout {
    pub fn new(func: &ir::Function, lanes: Lanes) -> Result<KernelLayout> {
        let mut off = 0u64;
        let mut align = 16u64;
        let mut var_offsets = Vec::with_capacity(func.vars.len());
        for (i, v) in func.vars.iter().enumerate() {
            let a = (v.align as u64).max(1);
            if !a.is_power_of_two() {
                return Err(CompileError::invalid(format!(
                    "private variable var{i} has alignment {a}; an Alignment decoration must be a power of two"
                )));
            }
            align = align.max(a);
            off = off.div_ceil(a) * a;
            var_offsets.push(off);
            let size = v.size.checked_mul(lanes.0 as u64).ok_or_else(|| {
                CompileError::limit(format!("private variable var{i} of {} bytes is too large", v.size))
            })?;
            off = off.checked_add(size).ok_or_else(|| CompileError::limit("private variables are too large"))?;
        }
        Ok(KernelLayout { var_offsets, vars_size: off, align })
    }
}

/// The result of translating one kernel.
pub(crate) struct Translated {
    pub remarks: Vec<Remark>,
    pub private_stride: u64,
    pub private_align: u64,
    pub barrier_count: u32,
    /// The code took y and z ids as uniform (lane groups within rows).
    pub whole_rows: bool,
}

/// State of the translation of one kernel.
pub(crate) struct FnLower<'a, 'f> {
    pub b: FunctionBuilder<'f>,
    pub jit: &'a mut JITModule,
    pub func: &'a ir::Function,
    pub lanes: Lanes,
    /// Number of kernel parameters (argument slots).
    pub param_count: usize,
    /// Offset of each module data block from the module data's symbol (see
    /// [`FnLower::data_address`]).
    pub data_offsets: &'a [u64],
    /// Bounds-check state (provenance, region sizes); see `bounds`.
    pub bounds: BoundsInfo<'a>,
    pub layout: KernelLayout,
    /// Leaves of each KIR value that needs a variable.
    pub(crate) vars: Vec<Option<Vec<Variable>>>,
    /// Cranelift block of each reachable KIR block.
    pub(crate) blocks: Vec<Option<Block>>,
    /// Continuation block after barrier k (index k - 1).
    pub resume_blocks: Vec<Block>,
    /// Barrier number of each (KIR block, instruction position).
    pub barrier_ids: HashMap<(BlockId, usize), u32>,
    /// Save-slot offset (within the private area) of each value saved at a barrier.
    pub save_slots: HashMap<ir::Value, u64>,
    /// Per value: stored right after its definition rather than at barriers
    /// (`barrier::saved_at_definition`).
    pub saved_at_def: Vec<bool>,
    /// Per value: a link of a long accumulation chain, stored to `anchor_slot` right
    /// after its definition (`anchor`).
    pub anchored: Vec<bool>,
    /// The scratch stack slot of those stores and its size, made on first use.
    pub anchor_slot: Option<(cranelift_codegen::ir::StackSlot, u32)>,
    /// End of the private area used so far.
    pub private_end: u64,
    pub cfg: &'a Cfg,
    /// Every analysis of the kernel (see `facts`).
    pub facts: &'a KernelFacts,
    /// Liveness, computed only for kernels with barriers (its per-block sets are the
    /// largest analysis; nothing else needs them).
    pub liveness: Option<&'a Liveness>,
    /// Per value: it needs a Cranelift variable (it is redefined along edges, across
    /// barriers or under masks); every other value is one SSA definition whose
    /// Cranelift values are kept in `direct` (see [`direct_values`]).
    pub(crate) needs_var: Vec<bool>,
    /// Leaves of each value that needs no variable, once defined.
    pub(crate) direct: Vec<Option<Vec<ClifValue>>>,
    /// Stack scratch of the lane loops of builtin calls (see `lane_loop`).
    pub lane_scratch: LaneScratch,
    pub(crate) imports: HashMap<ir::BuiltinId, FuncRef>,
    pub(crate) cancelled_block: Option<Block>,
    pub(crate) unreachable_block: Option<Block>,
    /// The shared cold blocks errors leave through, with the number of sites each
    /// (see `entry::end_lane_group`).
    pub error_exits: Vec<(Block, u32)>,
    // Values of this loop: the lane-group number and the lane group's private area (the
    // entry block's values, which dominate everything, are in `prologue`).
    pub lane_group: ClifValue,
    pub private_base: ClifValue,
    /// W > 1: which values are the same in every lane (`None` at W = 1).
    pub uni: Option<&'a Uniformity>,
    /// The KIR instruction being translated (block, position in the block).
    pub cur_at: Option<(BlockId, usize)>,
    /// While `affine::stride_exact` runs in a kernel with barriers: the values it may
    /// read (live at the current instruction).
    pub affine_readable: Option<Vec<ir::Value>>,
    /// Under masked control flow: the KIR block that defines each value (`affine` asks
    /// where a uniform value was defined); empty otherwise.
    pub def_block: Vec<Option<u32>>,
    /// W > 1: per lane, an `i8` that is 1 when the lane's work-item exists.
    pub active: Vec<ClifValue>,
    /// W > 1: an `i8` that is 1 when every lane of the group is active.
    pub all_active: Option<ClifValue>,
    /// W > 1: the lane group's existing work-items (an `i32`, 0..=W), from the loop head.
    pub lanes_left: Option<ClifValue>,
    /// W > 1: scratch memory that masked-off lanes access instead of their address.
    pub dummy: Option<ClifValue>,
    /// Divergent control flow at W > 1: the execution masks of the blocks.
    pub masks: Option<MaskState>,
    /// The loop over the lane groups of one entry call (see `entry`).
    pub group: GroupLoop,
    /// Work-item ids of the current lane group (see `workitem`).
    pub ids: WorkItemIds,
    /// What the lowering decided about individual instructions (see `facts::Remark`).
    pub remarks: Vec<Remark>,
    /// Whether to record remarks (only for dumps; see `values::remark`).
    pub collect_remarks: bool,
    /// Per KIR block: the instruction ranges lowered twice, a fast and a slow copy
    /// (`version`).
    pub(crate) versioned: Vec<Vec<std::ops::Range<usize>>>,
    /// The fast copy being lowered, if any.
    pub(crate) fast_copy: Option<FastCopy>,
    /// W > 1: what the entry decided for the whole call (`steady`), once needed.
    pub(crate) steady: Option<SteadyFacts>,
    /// Lowering the steady loop (`steady_loop`): what its code took for granted so far.
    pub(crate) assumed: Option<Assumed>,
    /// The values every lane-group loop of the function shares (the entry block's).
    pub(crate) prologue: Prologue,
    /// The first block of this lane-group loop (the dispatch jumps there).
    pub(crate) loop_start: Block,
    /// In the steady loop: the general loop's first block, where the dispatch goes when
    /// the assumptions do not hold.
    pub(crate) fallback_loop: Option<Block>,
}

/// What one lane-group loop hands the next one of the same function: the builder, the
/// module, and the state that lives in the entry block or the frame (bounds limits,
/// imported functions, lane-loop scratch).
pub(crate) struct LoopParts<'a, 'f> {
    pub(crate) b: FunctionBuilder<'f>,
    pub(crate) jit: &'a mut JITModule,
    pub(crate) bounds: BoundsInfo<'a>,
    pub(crate) imports: HashMap<ir::BuiltinId, FuncRef>,
    pub(crate) lane_scratch: LaneScratch,
}

/// What the entry block (`BoundsInfo::entry`) computes once per call, before any
/// lane-group loop: the function's parameters and the launch context's fields every
/// loop reads. The entry block ends in a jump to `dispatch`, which chooses the loop
/// (`steady_loop`).
#[derive(Clone, Copy)]
pub(crate) struct Prologue {
    pub(crate) dispatch: Block,
    pub(crate) ctx: ClifValue,
    pub(crate) first_group: ClifValue,
    pub(crate) group_count: ClifValue,
    pub(crate) resume: ClifValue,
    pub(crate) args_ptr: ClifValue,
    pub(crate) local_mem: ClifValue,
    pub(crate) private_mem: ClifValue,
    pub(crate) stride: ClifValue,
    pub(crate) cancel_ptr: ClifValue,
}

/// The steady loop's assumptions, as far as its code relied on them: the steady flag,
/// and the (true for all, false for all) flags of the branch conditions whose lane
/// test it left out. The dispatch enters the loop only when they hold.
#[derive(Default)]
pub(crate) struct Assumed {
    pub(crate) flag: bool,
    pub(crate) conds: Vec<(ClifValue, ClifValue)>,
}

/// Memory flags for reads of the launch context (never changes during a call, so its
/// loads may be merged, hoisted out of the lane-group loop, or dropped when unused).
pub(crate) fn ctx_flags() -> MemFlagsData {
    MemFlagsData::trusted().with_readonly().with_can_move()
}

/// Memory flags for kernel memory accesses.
pub(crate) fn mem_flags() -> MemFlagsData {
    MemFlagsData::new()
}

/// What the bounds checks of one kernel need to know.
pub(crate) struct BoundsInfo<'a> {
    pub(crate) checked: bool,
    /// Out-of-bounds accesses are redirected instead of failing (`bounds` says how).
    pub(crate) robust: bool,
    pub(crate) prov: &'a Provenances,
    /// Byte length of each module data block.
    pub(crate) data_sizes: Vec<u64>,
    pub(crate) local_static_size: u64,
    /// The kernel's `reqd_work_group_size`: local ids stay below it.
    pub(crate) local_size: Option<[u32; 3]>,
    /// Start offsets of the module's static `__local` variables, sorted (the `LocalAddr`
    /// offsets of every kernel; the layout is shared by the module's kernels).
    pub(crate) local_starts: Vec<u64>,
    /// The imported [`check_unknown_access`], once declared in this function.
    pub(crate) unknown_fn: Option<FuncRef>,
    /// The function's entry block: base and limit of a parameter's buffer are computed
    /// there, once per call, ahead of the lane-group loop.
    pub(crate) entry: Option<Block>,
    /// Per (parameter, access size): the buffer's base and the limit offsets must stay
    /// below, defined in the entry block.
    pub(crate) param_limits: HashMap<(u32, u64), (ClifValue, ClifValue)>,
}

impl<'a> BoundsInfo<'a> {
    /// `prov` is the kernel's provenance (unknown everywhere when checks are off).
    pub fn new(module: &Module, kernel: &Kernel, prov: &'a Provenances, checked: bool, robust: bool) -> BoundsInfo<'a> {
        BoundsInfo {
            checked,
            robust,
            prov,
            data_sizes: module.data.iter().map(|d| d.bytes.len() as u64).collect(),
            local_static_size: kernel.local_static_size,
            local_size: kernel.reqd_work_group_size,
            local_starts: local_starts(module),
            unknown_fn: None,
            entry: None,
            param_limits: HashMap::new(),
        }
    }
}

/// The distinct `LocalAddr` offsets of every kernel of `module`, sorted.
fn local_starts(module: &Module) -> Vec<u64> {
    let mut out: Vec<u64> = module
        .kernels
        .iter()
        .flat_map(|k| k.func.insts.iter())
        .filter_map(|i| match i.kind {
            ir::InstKind::LocalAddr(off) => Some(off),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Loop state of the entry, created by [`open`] and closed by `FnLower::close_group_loop`.
pub(crate) struct GroupLoop {
    /// Where every lane group starts: resets the kernel's variables, then the head.
    pub(crate) reset: Block,
    /// The loop head: runs one lane group from its start or resume point.
    pub(crate) head: Block,
    /// Variables declared after this index belong to the kernel body (reset per lane
    /// group); the ones before it carry the loop state.
    pub(crate) first_body_var: u32,
    /// The latch: every lane group ends by jumping here with `status` defined.
    pub(crate) next: Block,
    /// The status of the lane group that just ended.
    pub(crate) status: Variable,
    /// The lane-group number.
    pub(crate) lane_group: Variable,
    /// The status of the call's first lane group (kernels with barriers).
    pub(crate) seen: Option<Variable>,
    /// First lane group of the call and one past the last.
    pub(crate) first: ClifValue,
    pub(crate) end: ClifValue,
    /// Local id, per dimension, of the first work-item of the current lane group (only
    /// the dimensions that must be tracked).
    pub(crate) pos: [Option<Variable>; 3],
    /// Work-group size per dimension, at least 1 (x and y; read once per call).
    pub(crate) size_nz: [ClifValue; 2],
}

/// What the entry of a call decided for all its lane groups (see `steady`).
#[derive(Default)]
pub(crate) struct SteadyFacts {
    /// The steady flag (an `i8`): every lane group of the call is full and within a
    /// row, and every covered access stays in bounds with exact arithmetic.
    pub(crate) flag: Option<ClifValue>,
    /// Pointers whose consecutive-access guard the flag decides.
    pub(crate) covered: std::collections::HashSet<ir::Value>,
    /// Per bounded branch condition: (true for every work-item, false for every one).
    pub(crate) conds: HashMap<ir::Value, (ClifValue, ClifValue)>,
}

/// The scratch area shared by the lane loops of one function.
#[derive(Default)]
pub(crate) struct LaneScratch {
    pub(crate) slot: Option<StackSlot>,
    pub(crate) size: u32,
}

/// Where execution masks live.
pub(crate) enum MaskStore {
    /// One variable per mask vector, by tracking index.
    Variables(Vec<Vec<Variable>>),
    /// A stack slot; a block's mask at `16 * nm * index`.
    Frame(StackSlot),
}

/// The execution masks of a kernel's blocks.
pub(crate) struct MaskState {
    /// Where the masks of the blocks that track one are kept.
    pub(crate) store: MaskStore,
    /// Per block: its index among the blocks that track a mask (`nm` `i32x4` vectors
    /// each); `None` for blocks that every lane runs once (`always`), which track none.
    pub(crate) slots: Vec<Option<u32>>,
    /// The mask of the block being translated.
    pub(crate) cur: Vec<ClifValue>,
    /// Where the chain of blocks ends (the kernel returns).
    pub(crate) exit: Block,
    /// The chain: reachable blocks in loop-contiguous order (`analysis::loops`).
    pub(crate) order: Vec<BlockId>,
    /// Position of each block in `order`.
    pub(crate) order_index: Vec<Option<usize>>,
    /// Per block: every lane of the lane group runs it, once (it post-dominates the
    /// entry and lies on no cycle): it needs no test for active lanes and no blending.
    pub(crate) always: Vec<bool>,
    /// The current block is such a block.
    pub(crate) cur_full: bool,
    /// Every lane of the lane group exists (an `i8`, from the lane setup).
    pub(crate) group_all: Option<ClifValue>,
    /// Per value: used outside the block that defines it. Only such values need
    /// blending under the mask (a value used only where it is defined is consumed in
    /// the same visit of its block, before the block can run again for other lanes).
    pub(crate) escapes: Vec<bool>,
    /// Per block: the entry of its all-lanes-agree copy (`agree`), where one exists.
    pub(crate) agree: Vec<Option<Block>>,
    /// The all-zero mask vector, defined once in the function's entry block so that
    /// every cleared mask is the same value (no merges of equal masks).
    pub(crate) zero: Option<ClifValue>,
}

/// Which work-item ids a kernel queries.
#[derive(Clone, Debug, Default)]
pub(crate) struct IdNeeds {
    /// Local or global ids of dimension d are queried (all three for a dynamic dimension).
    pub local: [bool; 3],
    /// Global ids of dimension d are queried.
    pub global_base: [bool; 3],
    /// (dimension, lane type) of each id query with a constant dimension whose result
    /// has an `i32` or `i64` lane type: the vector forms W > 1 builds.
    pub vector_forms: Vec<(usize, ClifType)>,
    /// Id queries whose results nothing reads (the front end builds the whole
    /// `GlobalInvocationId` vector and extracts one component): at W > 1 they get no
    /// lane vectors, only a placeholder.
    pub unread: Vec<ir::Value>,
}

/// The work-item ids of the current lane group, as the entry and loop head computed them.
pub(crate) struct WorkItemIds {
    pub(crate) needs: IdNeeds,
    /// Per dimension: `group_id * enqueued_local_size + global_offset` (per call).
    pub(crate) base: [Option<ClifValue>; 3],
    /// Per dimension: local id of the lane group's first work-item (loop head).
    pub(crate) first: [Option<ClifValue>; 3],
    /// Work-group size in x and y, at least 1.
    pub(crate) size_nz: [ClifValue; 2],
    /// W > 1: the local ids of the lanes per (dimension, lane type), as the vectors of a
    /// varying leaf.
    pub(crate) lane_vecs: Vec<((usize, ClifType), Vec<ClifValue>)>,
    /// W > 1: an `i8`, 1 when the lane group lies within one row of the work-group
    /// (x ids consecutive, y and z the same in every lane); set by `build_lane_vectors`
    /// when the kernel queries ids, in the loop head (it dominates the kernel's code).
    pub within_row: Option<ClifValue>,
}

/// The fast copy of a versioned block being lowered (`version`): where its guards
/// leave to, and whether a side effect has been lowered (after which guards keep their
/// own slow paths).
pub(crate) struct FastCopy {
    pub(crate) slow: Block,
    pub(crate) effects: bool,
}

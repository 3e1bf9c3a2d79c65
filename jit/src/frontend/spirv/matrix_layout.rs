//! Matrices in buffers laid out other than spirjit holds matrix values: `RowMajor`
//! members and column-major members whose `MatrixStride` is not the column's natural
//! size (std140 `mat2`, `matNx2`). A matrix value is always an array of its column
//! vectors at their natural stride; in memory, component (column c, row r) of such a
//! member is at `c * col + r * elem` bytes.
//!
//! The layout is a property of the struct member, not of the matrix type, so the front
//! end carries it along pointers: `memory`'s access chains ask [`Translator::step_layout`]
//! how each index moves and record the layout of the pointer they make
//! (`Translator::ptr_layouts`, by SPIR-V id); loads and stores through such pointers (and
//! of structs and arrays holding such members) gather and scatter components here.
//!
//! `OpSelect` between pointers into matrices laid out differently makes a pointer
//! whose layout is a run-time value ([`DynLayout`]: the byte steps between columns and
//! between a column's components, selected like the pointer); accesses through it
//! compute each component's offset from those steps. A phi of such a pointer, in a
//! module that lays out some matrices other than naturally, carries its layout the same
//! way, as two more block parameters each edge gives (its uses may be translated before
//! a later edge is, so the layout cannot be decided from the first edge). This module
//! does not compute access-chain offsets other than within a matrix.

use rspirv::spirv::{Decoration, Op};

use super::function::Translator;
use super::module::SpvModule;
use super::types::{DynLayout, MatrixLayout as Layout, SpvType};
use crate::ir::{BinaryOp, InstKind, Scalar, Type, Value};
use crate::{CompileError, Result};

/// Most scalar components one laid-out load or store moves.
const MAX_COMPONENTS: u64 = 4096;

/// One part of a laid-out value: its byte offset, type id and layout.
type Part = (u64, u32, Option<Layout>);

/// One part of a value under a run-time layout: its byte offset (an i64 value), type id
/// and layout.
type DynPart = (Value, u32, Option<DynLayout>);

/// The layout of the matrices in member `k` of struct type `st`: `None` when they are
/// column-major with columns at their natural stride (or the member holds none).
pub(crate) fn member_layout(m: &SpvModule, st: u32, k: u32) -> Result<Option<Layout>> {
    let Some(stride) = m.member_deco_lit(st, k, Decoration::MatrixStride) else { return Ok(None) };
    let stride = stride as u64;
    let row_major = m.member_decos.get(&(st, k)).into_iter().flatten().any(|d| d.kind == Decoration::RowMajor);
    let SpvType::Struct { members } = m.spv_type(st)? else { return Ok(None) };
    let Some(mut t) = members.get(k as usize).copied() else { return Ok(None) };
    // The matrix type, through arrays of matrices.
    while m.def(t)?.op != Op::TypeMatrix {
        match m.spv_type(t)? {
            SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem } => t = *elem,
            _ => return Ok(None),
        }
    }
    let (cols, rows, scalar) = matrix_shape(m, t)?;
    let size = scalar.size();
    // The shortest stride that keeps every column (every row) apart.
    let least = if row_major { cols as u64 * size } else { rows as u64 * size };
    if stride < least {
        return Err(CompileError::invalid(format!(
            "member {k} of struct %{st}: a MatrixStride of {stride} overlaps the {} of its {cols}x{rows} matrix",
            if row_major { "rows" } else { "columns" }
        )));
    }
    let natural = m.kir_type(t).ok().and_then(|t| match t {
        Type::Array { stride, .. } => Some(stride),
        _ => None,
    });
    Ok(if !row_major && natural == Some(stride) { None } else { Some(Layout::Matrices { stride, row_major }) })
}

/// Columns, rows and component type of matrix type `t`.
fn matrix_shape(m: &SpvModule, t: u32) -> Result<(u32, u32, Scalar)> {
    match m.kir_type(t)? {
        Type::Array { elem, len, .. } => match *elem {
            Type::Vector(s, n) => Ok((len as u32, n as u32, s)),
            _ => Err(CompileError::invalid(format!("matrix type %{t} does not have vector columns"))),
        },
        other => Err(CompileError::internal(format!("matrix type %{t} became {other}"))),
    }
}

/// True when values of type `t` hold a matrix member laid out as [`member_layout`]
/// says is not natural (so whole loads and stores of them go component by component).
pub(crate) fn holds_laid_out(m: &SpvModule, t: u32) -> Result<bool> {
    Ok(match m.spv_type(t)? {
        SpvType::Struct { members } => {
            for (k, &mt) in members.iter().enumerate() {
                if member_layout(m, t, k as u32)?.is_some() || holds_laid_out(m, mt)? {
                    return Ok(true);
                }
            }
            false
        }
        SpvType::Array { elem, .. } if m.def(t)?.op != Op::TypeMatrix => holds_laid_out(m, *elem)?,
        _ => false,
    })
}

/// True when some struct member of module `m` holds matrices laid out other than
/// naturally (see [`member_layout`]); a member whose layout is invalid counts, so the
/// error is reported where it is used.
fn module_lays_out_matrices(m: &SpvModule) -> bool {
    m.member_decos
        .iter()
        .filter(|(_, decos)| decos.iter().any(|d| d.kind == Decoration::MatrixStride))
        .any(|(&(st, k), _)| !matches!(member_layout(m, st, k), Ok(None)))
}

/// True when type `t` is a matrix or an array (of arrays) of matrices.
fn points_at_matrices(m: &SpvModule, mut t: u32) -> Result<bool> {
    loop {
        if m.def(t)?.op == Op::TypeMatrix {
            return Ok(true);
        }
        match m.spv_type(t)? {
            SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem } => t = *elem,
            _ => return Ok(false),
        }
    }
}

impl Translator<'_> {
    /// Make pointer id `to` carry the layout pointer id `from` carries (a copy of the
    /// pointer: `OpCopyObject`, a call's argument).
    pub(crate) fn copy_layout(&mut self, from: u32, to: u32) {
        match self.ptr_layouts.get(&from).copied() {
            Some(l) => self.ptr_layouts.insert(to, l),
            None => self.ptr_layouts.remove(&to),
        };
        match self.dyn_layouts.get(&from).copied() {
            Some(d) => self.dyn_layouts.insert(to, d),
            None => self.dyn_layouts.remove(&to),
        };
    }

    /// `OpSelect` of pointers `a` and `b` (ids) under `cond`, making `to`: its layout is
    /// theirs when they agree, else chosen at run time like the pointer.
    pub(crate) fn select_layout(&mut self, cond: Value, a: u32, b: u32, to: u32) -> Result<()> {
        let same = self.ptr_layouts.get(&a) == self.ptr_layouts.get(&b)
            && !self.dyn_layouts.contains_key(&a)
            && !self.dyn_layouts.contains_key(&b);
        if same {
            self.copy_layout(a, to);
            return Ok(());
        }
        let (_, pointee) = self.m.pointer_type(self.m.type_of_value(a)?)?;
        let (la, lb) = (self.layout_values(a, pointee)?, self.layout_values(b, pointee)?);
        let col = self.emit(InstKind::Select(cond, la.col, lb.col), Type::I64);
        let elem = self.emit(InstKind::Select(cond, la.elem, lb.elem), Type::I64);
        self.ptr_layouts.remove(&to);
        self.dyn_layouts.insert(to, DynLayout { col, elem, column: la.column });
        Ok(())
    }

    /// Phi `inst` (whose block parameter is on `block`) of a pointer that may point into
    /// matrices laid out differently on different edges — a pointer to a matrix, an
    /// array of matrices or a vector (a column) in memory with explicit layout, in a module
    /// that lays out matrices other than naturally — gets its layout as two more block
    /// parameters (bytes between columns, between a column's components), which each
    /// edge gives ([`Translator::phi_layout`]).
    pub(crate) fn dyn_phi_params(&mut self, inst: &super::reader::SpvInst, block: crate::ir::BlockId) -> Result<()> {
        let m = self.m;
        if !*self.laid_out_module.get_or_insert_with(|| module_lays_out_matrices(m)) {
            return Ok(());
        }
        let Some(rt) = inst.result_type else { return Ok(()) };
        let SpvType::Pointer { sc, pointee } = m.spv_type(rt)? else { return Ok(()) };
        use rspirv::spirv::StorageClass as Sc;
        if !matches!(sc, Sc::StorageBuffer | Sc::Uniform | Sc::PushConstant | Sc::PhysicalStorageBuffer) {
            return Ok(());
        }
        let column = match m.spv_type(*pointee)? {
            SpvType::Vector { .. } => true,
            _ if points_at_matrices(m, *pointee)? => false,
            _ => return Ok(()),
        };
        let col = self.builder().append_block_param(block, Type::I64);
        let elem = self.builder().append_block_param(block, Type::I64);
        let rid = inst.rid()?;
        self.dyn_phis.insert(rid, *pointee);
        self.dyn_layouts.insert(rid, DynLayout { col, elem, column });
        Ok(())
    }

    /// Phi `phi` takes pointer `incoming` (ids) on the edge being translated. A phi with
    /// its layout in block parameters ([`Translator::dyn_phi_params`]) gets the incoming
    /// pointer's layout as values (returned, to pass on the edge); any other phi keeps a
    /// static layout: its first edge gives it, the others must agree.
    pub(crate) fn phi_layout(&mut self, phi: u32, incoming: u32) -> Result<Option<DynLayout>> {
        if let Some(&pointee) = self.dyn_phis.get(&phi) {
            return self.layout_values(incoming, pointee).map(Some);
        }
        if self.dyn_layouts.contains_key(&incoming) {
            return Err(CompileError::internal(format!(
                "OpPhi %{phi} of a pointer into matrices whose layout is chosen at run time has a static layout"
            )));
        }
        let l = self.ptr_layouts.get(&incoming).copied();
        match self.phi_layouts.get(&phi) {
            Some(&fixed) if fixed != l => Err(CompileError::internal(format!(
                "OpPhi %{phi}: pointers into matrices laid out differently reach a phi with a static layout"
            ))),
            Some(_) => Ok(None),
            None => {
                self.phi_layouts.insert(phi, l);
                match l {
                    Some(l) => self.ptr_layouts.insert(phi, l),
                    None => self.ptr_layouts.remove(&phi),
                };
                Ok(None)
            }
        }
    }

    /// The layout of pointer `id` (pointee type `pointee`) as run-time values.
    fn layout_values(&mut self, id: u32, pointee: u32) -> Result<DynLayout> {
        if let Some(d) = self.dyn_layouts.get(&id) {
            return Ok(*d);
        }
        let m = self.m;
        let l = self.ptr_layouts.get(&id).copied();
        let wrong = || CompileError::internal(format!("pointer %{id} has layout {l:?} for pointee %{pointee}"));
        if let SpvType::Vector { elem, .. } = m.spv_type(pointee)? {
            let natural = m.kir_type(*elem)?.size();
            let elem = match l {
                None => natural,
                Some(Layout::Column { elem }) => elem,
                Some(Layout::Matrices { .. }) => return Err(wrong()),
            };
            let (col, elem) = (self.i64c(0), self.i64c(elem as i64));
            return Ok(DynLayout { col, elem, column: true });
        }
        // A matrix, or arrays of matrices.
        let mut t = pointee;
        while m.def(t)?.op != Op::TypeMatrix {
            match m.spv_type(t)? {
                SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem } => t = *elem,
                _ => return Err(wrong()),
            }
        }
        let (_, _, s) = matrix_shape(m, t)?;
        let (col, elem) = match l {
            None => match m.kir_type(t)? {
                Type::Array { stride, .. } => (stride, s.size()),
                _ => return Err(wrong()),
            },
            Some(Layout::Matrices { stride, row_major: true }) => (s.size(), stride),
            Some(Layout::Matrices { stride, row_major: false }) => (stride, s.size()),
            Some(Layout::Column { .. }) => return Err(wrong()),
        };
        let (col, elem) = (self.i64c(col as i64), self.i64c(elem as i64));
        Ok(DynLayout { col, elem, column: false })
    }

    /// Index `idx` (an id) into type `cur` through a pointer of run-time layout `d`:
    /// `Some((bytes per index, the layout after it))` when the layout decides the step
    /// (a matrix's columns, a column's components), else `None` (the type's own layout
    /// decides: arrays of matrices).
    pub(crate) fn step_dyn(&self, cur: u32, d: DynLayout) -> Result<Option<(Value, Option<DynLayout>)>> {
        let m = self.m;
        Ok(match m.spv_type(cur)? {
            SpvType::Array { .. } if m.def(cur)?.op == Op::TypeMatrix && !d.column => {
                Some((d.col, Some(DynLayout { column: true, ..d })))
            }
            SpvType::Vector { .. } if d.column => Some((d.elem, None)),
            _ => None,
        })
    }

    /// The value of type `t` at `ptr`, a pointer of run-time layout `d`, component by
    /// component.
    pub(crate) fn load_dyn(&mut self, ptr: Value, t: u32, d: DynLayout) -> Result<Value> {
        let mut budget = MAX_COMPONENTS;
        self.load_dyn_rec(ptr, t, Some(d), &mut budget)
    }

    /// Store `value` of type `t` at `ptr`, a pointer of run-time layout `d`.
    pub(crate) fn store_dyn(&mut self, ptr: Value, t: u32, d: DynLayout, value: Value) -> Result<()> {
        let mut budget = MAX_COMPONENTS;
        self.store_dyn_rec(ptr, t, Some(d), value, &mut budget)
    }

    /// The parts of type `t` under run-time layout `d`: each one's byte offset (an i64
    /// value), type id and layout; `None` for a scalar.
    fn dyn_parts(&mut self, t: u32, d: Option<DynLayout>) -> Result<Option<Vec<DynPart>>> {
        let m = self.m;
        let (n, elem) = match m.spv_type(t)? {
            SpvType::Array { elem, len } => (*len, *elem),
            SpvType::Vector { elem, n } => (*n as u64, *elem),
            _ => return Ok(None),
        };
        let (step, inner) = match d {
            Some(d) => match self.step_dyn(t, d)? {
                Some(s) => s,
                None => match m.kir_type(t)? {
                    Type::Array { stride, .. } => (self.i64c(stride as i64), Some(d)),
                    _ => return Err(CompileError::internal("a laid-out step into a non-composite")),
                },
            },
            None => return Ok(None),
        };
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            let k = self.i64c(i as i64);
            let off = self.emit(InstKind::Binary(BinaryOp::IMul, k, step), Type::I64);
            out.push((off, elem, inner));
        }
        Ok(Some(out))
    }

    fn dyn_part_ptr(&mut self, ptr: Value, off: Value) -> Value {
        let ty = self.ty_of(ptr);
        self.emit(InstKind::PtrAdd(ptr, off), ty)
    }

    fn load_dyn_rec(&mut self, ptr: Value, t: u32, d: Option<DynLayout>, budget: &mut u64) -> Result<Value> {
        let ty = self.m.kir_type(t)?;
        let Some(parts) = self.dyn_parts(t, d)? else {
            Self::spend(budget, ty.lanes().unwrap_or(1) as u64)?;
            let align = ty.align().max(1);
            return Ok(self.emit(InstKind::Load { ptr, align }, ty));
        };
        let mut vals = Vec::with_capacity(parts.len());
        for (off, pt, pl) in parts {
            let p = self.dyn_part_ptr(ptr, off);
            vals.push(self.load_dyn_rec(p, pt, pl, budget)?);
        }
        Ok(self.emit(InstKind::Construct(vals), ty))
    }

    fn store_dyn_rec(
        &mut self,
        ptr: Value,
        t: u32,
        d: Option<DynLayout>,
        value: Value,
        budget: &mut u64,
    ) -> Result<()> {
        let Some(parts) = self.dyn_parts(t, d)? else {
            let ty = self.ty_of(value);
            Self::spend(budget, ty.lanes().unwrap_or(1) as u64)?;
            let align = ty.align().max(1);
            self.emit_void(InstKind::Store { ptr, value, align });
            return Ok(());
        };
        for (k, (off, pt, pl)) in parts.into_iter().enumerate() {
            let pty = self.m.kir_type(pt)?;
            let part = self.emit(InstKind::Extract(value, k as u32), pty);
            let p = self.dyn_part_ptr(ptr, off);
            self.store_dyn_rec(p, pt, pl, part, budget)?;
        }
        Ok(())
    }

    /// Index `idx` into type `cur` under `layout`: `Some((bytes per index, the layout
    /// after it))` when the layout decides the step (a matrix's columns, a column's
    /// components), else `None` (the type's own layout decides, the layout stays).
    pub(crate) fn step_layout(&self, cur: u32, layout: Option<Layout>) -> Result<Option<(u64, Option<Layout>)>> {
        let m = self.m;
        match (layout, m.spv_type(cur)?) {
            (Some(Layout::Matrices { stride, row_major }), SpvType::Array { .. })
                if m.def(cur)?.op == Op::TypeMatrix =>
            {
                let (_, _, s) = matrix_shape(m, cur)?;
                Ok(Some(if row_major {
                    (s.size(), Some(Layout::Column { elem: stride }))
                } else {
                    (stride, Some(Layout::Column { elem: s.size() }))
                }))
            }
            (Some(Layout::Column { elem }), SpvType::Vector { .. }) => Ok(Some((elem, None))),
            _ => Ok(None),
        }
    }

    /// The value of type `t` at `ptr`, where the pointer has layout `layout` (or the type
    /// holds laid-out members): loaded component by component.
    pub(crate) fn load_laid_out(&mut self, ptr: Value, t: u32, layout: Option<Layout>) -> Result<Value> {
        let mut budget = MAX_COMPONENTS;
        self.load_rec(ptr, t, layout, &mut budget)
    }

    /// Store `value` of type `t` at `ptr` component by component (see [`Self::load_laid_out`]).
    pub(crate) fn store_laid_out(&mut self, ptr: Value, t: u32, layout: Option<Layout>, value: Value) -> Result<()> {
        let mut budget = MAX_COMPONENTS;
        self.store_rec(ptr, t, layout, value, &mut budget)
    }

    /// The parts of type `t` under `layout`: for each, its byte offset, type id and layout.
    fn parts(&self, t: u32, layout: Option<Layout>) -> Result<Option<Vec<Part>>> {
        let m = self.m;
        if let Some((step, inner)) = self.step_layout(t, layout)? {
            let (n, elem) = match m.spv_type(t)? {
                SpvType::Array { elem, len } => (*len, *elem),
                SpvType::Vector { elem, n } => (*n as u64, *elem),
                _ => return Err(CompileError::internal("a laid-out step into a non-composite")),
            };
            return Ok(Some((0..n).map(|i| (i * step, elem, inner)).collect()));
        }
        match m.spv_type(t)? {
            SpvType::Struct { members } => {
                let kt = m.kir_type(t)?;
                let mut out = Vec::with_capacity(members.len());
                for (k, &mt) in members.iter().enumerate() {
                    let off = kt
                        .component_offset(k as u32)
                        .ok_or_else(|| CompileError::internal(format!("struct %{t} has no member {k}")))?;
                    out.push((off, mt, member_layout(m, t, k as u32)?));
                }
                Ok(Some(out))
            }
            SpvType::Array { elem, len } if layout.is_some() || holds_laid_out(m, t)? => {
                let stride = match m.kir_type(t)? {
                    Type::Array { stride, .. } => stride,
                    _ => return Err(CompileError::internal("array type without a KIR array layout")),
                };
                Ok(Some((0..*len).map(|i| (i * stride, *elem, layout)).collect()))
            }
            _ => Ok(None),
        }
    }

    fn spend(budget: &mut u64, n: u64) -> Result<()> {
        *budget = budget.checked_sub(n).ok_or_else(|| {
            CompileError::limit(format!(
                "a load or store of a value holding laid-out matrices moves more than {MAX_COMPONENTS} components"
            ))
        })?;
        Ok(())
    }

    fn part_ptr(&mut self, ptr: Value, off: u64) -> Value {
        if off == 0 {
            return ptr;
        }
        let ty = self.ty_of(ptr);
        let o = self.i64c(off as i64);
        self.emit(InstKind::PtrAdd(ptr, o), ty)
    }

    fn load_rec(&mut self, ptr: Value, t: u32, layout: Option<Layout>, budget: &mut u64) -> Result<Value> {
        let ty = self.m.kir_type(t)?;
        let Some(parts) = self.parts(t, layout)? else {
            Self::spend(budget, ty.lanes().unwrap_or(1) as u64)?;
            let align = ty.align().max(1);
            return Ok(self.emit(InstKind::Load { ptr, align }, ty));
        };
        let mut vals = Vec::with_capacity(parts.len());
        for (off, pt, pl) in parts {
            let p = self.part_ptr(ptr, off);
            vals.push(self.load_rec(p, pt, pl, budget)?);
        }
        Ok(self.emit(InstKind::Construct(vals), ty))
    }

    fn store_rec(&mut self, ptr: Value, t: u32, layout: Option<Layout>, value: Value, budget: &mut u64) -> Result<()> {
        let Some(parts) = self.parts(t, layout)? else {
            let ty = self.ty_of(value);
            Self::spend(budget, ty.lanes().unwrap_or(1) as u64)?;
            let align = ty.align().max(1);
            self.emit_void(InstKind::Store { ptr, value, align });
            return Ok(());
        };
        for (k, (off, pt, pl)) in parts.into_iter().enumerate() {
            let pty = self.m.kir_type(pt)?;
            let part = self.emit(InstKind::Extract(value, k as u32), pty);
            let p = self.part_ptr(ptr, off);
            self.store_rec(p, pt, pl, part, budget)?;
        }
        Ok(())
    }
}

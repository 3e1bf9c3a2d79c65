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
//! of structs and arrays holding such members) gather and scatter components here. This
//! module does not compute access-chain offsets other than within a matrix.

use rspirv::spirv::{Decoration, Op};

use super::function::Translator;
use super::module::SpvModule;
use super::types::{MatrixLayout as Layout, SpvType};
use crate::ir::{InstKind, Scalar, Type, Value};
use crate::{CompileError, Result};

/// Most scalar components one laid-out load or store moves.
const MAX_COMPONENTS: u64 = 4096;

/// One part of a laid-out value: its byte offset, type id and layout.
type Part = (u64, u32, Option<Layout>);

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

impl Translator<'_> {
    /// Make pointer id `to` carry the layout pointer id `from` carries (a copy of the
    /// pointer: `OpCopyObject`, a call's argument).
    pub(crate) fn copy_layout(&mut self, from: u32, to: u32) {
        match self.ptr_layouts.get(&from).copied() {
            Some(l) => self.ptr_layouts.insert(to, l),
            None => self.ptr_layouts.remove(&to),
        };
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

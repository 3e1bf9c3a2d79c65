//! Constant folding of vector assembly: `insert`, `extract`, `shuffle` and `construct`
//! whose operands are all constants give a constant. Front ends fold as they emit, so
//! that a splat of a literal (`clamp(v, 0.0f, 1.0f)` builds its bounds by insert and
//! shuffle) stays visible to the lowering as a constant.
//!
//! Only components move here; no arithmetic is evaluated, so nothing can round
//! differently from the code it replaces. This module must not emit anything.

use super::{Function, InstKind, Type, Value};

/// The components of `v` when it is a constant of a scalar or vector type.
fn components(func: &Function, v: Value) -> Option<Vec<u64>> {
    let n = func.ty(v).lanes()? as usize;
    match func.def_inst(v).map(|i| &i.kind) {
        Some(InstKind::Const(bits)) if bits.len() == n => Some(bits.clone()),
        Some(InstKind::Const(bits)) if bits.len() == 1 => Some(vec![bits[0]; n]),
        _ => None,
    }
}

/// The constant `kind` (of result type `ty`) evaluates to, when it only moves
/// components of constants; one entry per component.
pub fn fold(func: &Function, kind: &InstKind, ty: &Type) -> Option<Vec<u64>> {
    let n = ty.lanes()? as usize;
    let out = match kind {
        InstKind::Extract(v, i) => vec![*components(func, *v)?.get(*i as usize)?],
        InstKind::Insert { aggregate, element, index } => {
            let mut c = components(func, *aggregate)?;
            let e = components(func, *element)?;
            *c.get_mut(*index as usize)? = *e.first()?;
            c
        }
        InstKind::Shuffle { a, b, indices } => {
            let mut all = components(func, *a)?;
            all.extend(components(func, *b)?);
            indices
                .iter()
                .map(|&i| if i == u32::MAX { Some(0) } else { all.get(i as usize).copied() })
                .collect::<Option<Vec<_>>>()?
        }
        InstKind::Construct(parts) if matches!(ty, Type::Vector(..)) => {
            let mut c = Vec::with_capacity(n);
            for p in parts {
                c.extend(components(func, *p)?);
            }
            c
        }
        _ => return None,
    };
    (out.len() == n).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{FunctionBuilder, Scalar};

    #[test]
    fn splats_and_shuffles_of_constants_fold_and_others_do_not() {
        let mut f = Function::default();
        let mut b = FunctionBuilder::new(&mut f);
        let v4 = Type::Vector(Scalar::F32, 4);
        let zero = b.consts(v4.clone(), vec![0; 4]);
        let one = b.f32const(1.0);
        let x = b.param(0, Type::F32);
        let with_one = b.consts(v4.clone(), vec![0, 0, 0x3f80_0000, 0]);
        let with_x = b.inst(InstKind::Insert { aggregate: zero, element: x, index: 0 }, v4.clone());
        let f = b.func();
        let insert = InstKind::Insert { aggregate: zero, element: one, index: 2 };
        assert_eq!(fold(f, &insert, &v4), Some(vec![0, 0, 0x3f80_0000, 0]));
        let splat = InstKind::Shuffle { a: with_one, b: zero, indices: vec![2, 2, u32::MAX, 5] };
        assert_eq!(fold(f, &splat, &v4), Some(vec![0x3f80_0000, 0x3f80_0000, 0, 0]));
        assert_eq!(fold(f, &InstKind::Construct(vec![one, one, one, one]), &v4), Some(vec![0x3f80_0000; 4]));
        assert_eq!(fold(f, &InstKind::Extract(with_x, 1), &Type::F32), None, "not a constant yet");
        assert_eq!(fold(f, &InstKind::Construct(vec![one, x, one, one]), &v4), None);
        assert_eq!(fold(f, &InstKind::Insert { aggregate: zero, element: one, index: 9 }, &v4), None);
    }
}

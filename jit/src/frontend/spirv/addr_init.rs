//! Initializers of program-scope variables that hold addresses of other program-scope
//! variables (`global int *p = &counter;`, `global float *q = &table[3];`, structs and
//! arrays with such members): their bytes with the pointers left zero, and one
//! [`DataReloc`] per pointer for the runtime to fill in once the data is placed.
//!
//! An address is an `OpVariable` of module data, or an `OpSpecConstantOp` `Bitcast`,
//! `PtrCastToGeneric`, `GenericCastToPtr` or `(InBounds)PtrAccessChain` of one (as
//! llvm-spirv writes them). This module only reads the module; the plain constant
//! initializers stay with `constants`.

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::constants::const_bytes;
use super::module::SpvModule;
use crate::ir::{DataReloc, Scalar, Type};
use crate::{CompileError, Result};

/// Nesting of composites and address expressions followed in one initializer.
const MAX_DEPTH: u32 = 64;

/// The bytes and relocations of initializer `id` of type `ty`, or `None` when it holds
/// no address of a variable (the caller reports why it is not a constant).
pub(crate) fn init_with_addresses(m: &SpvModule, id: u32, ty: &Type) -> Result<Option<(Vec<u8>, Vec<DataReloc>)>> {
    let mut bytes = vec![0u8; ty.size() as usize];
    let mut relocs = Vec::new();
    write(m, id, ty, 0, &mut bytes, &mut relocs, 0)?;
    Ok((!relocs.is_empty()).then_some((bytes, relocs)))
}

fn write(
    m: &SpvModule,
    id: u32,
    ty: &Type,
    offset: u64,
    bytes: &mut [u8],
    relocs: &mut Vec<DataReloc>,
    depth: u32,
) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(CompileError::limit(format!("initializer %{id} nests deeper than {MAX_DEPTH} levels")));
    }
    let def = m.def(id)?;
    if let Type::Scalar(Scalar::Ptr(_)) = ty {
        if matches!(def.op, Op::ConstantNull | Op::Undef) {
            return Ok(());
        }
        let (var, addend) = address(m, id, depth)?;
        let target = *m.data_ids.get(&var).ok_or_else(|| {
            CompileError::unsupported(format!(
                "initializer %{id} is the address of %{var}, which is not a program-scope global or constant variable"
            ))
        })?;
        let width = if m.pointer_bits == 32 { 4 } else { 8 };
        relocs.push(DataReloc { offset, bytes: width, target, addend });
        return Ok(());
    }
    let members: Vec<(u64, Type)> = match (ty, def.op) {
        (Type::Struct(st), Op::ConstantComposite | Op::SpecConstantComposite) => st.members.clone(),
        (Type::Array { elem, len, stride }, Op::ConstantComposite | Op::SpecConstantComposite) => {
            (0..*len).map(|i| (i * stride, (**elem).clone())).collect()
        }
        _ => {
            // No pointer inside: the plain constant.
            let b = const_bytes(m, id, ty)?;
            let at = offset as usize;
            let dst = bytes
                .get_mut(at..at + b.len())
                .ok_or_else(|| CompileError::invalid(format!("initializer %{id} does not fit its variable")))?;
            dst.copy_from_slice(&b);
            return Ok(());
        }
    };
    if def.operands.len() != members.len() {
        return Err(CompileError::invalid(format!(
            "initializer %{id} has {} constituents for a type of {}",
            def.operands.len(),
            members.len()
        )));
    }
    for (k, (o, t)) in members.iter().enumerate() {
        write(m, def.id(k)?, t, offset + o, bytes, relocs, depth + 1)?;
    }
    Ok(())
}

/// The variable a constant address `id` points into, and the byte offset from its start.
fn address(m: &SpvModule, id: u32, depth: u32) -> Result<(u32, i64)> {
    if depth > MAX_DEPTH {
        return Err(CompileError::limit(format!("address %{id} nests deeper than {MAX_DEPTH} levels")));
    }
    let def = m.def(id)?;
    let not_constant = || CompileError::unsupported(format!("initializer %{id} is not a constant address"));
    match def.op {
        Op::Variable => Ok((id, 0)),
        Op::SpecConstantOp => {
            let Some(Operand::LiteralSpecConstantOpInteger(op)) = def.operands.first() else {
                return Err(not_constant());
            };
            match op {
                Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr => address(m, def.id(1)?, depth + 1),
                Op::PtrAccessChain | Op::InBoundsPtrAccessChain => {
                    let base = def.id(1)?;
                    let (var, mut off) = address(m, base, depth + 1)?;
                    let (_, pointee) = m.pointer_type(m.type_of_value(base)?)?;
                    let mut ty = m.kir_type(pointee)?;
                    let element = m.const_u64(def.id(2)?)? as i64;
                    off = off.wrapping_add(element.wrapping_mul(ty.size() as i64));
                    for k in 3..def.operands.len() {
                        let i = m.const_u64(def.id(k)?)?;
                        let (o, t) = match &ty {
                            Type::Array { elem, stride, .. } => (i.wrapping_mul(*stride), (**elem).clone()),
                            Type::Vector(s, _) => (i.wrapping_mul(s.size()), Type::Scalar(*s)),
                            Type::Struct(st) => st.members.get(i as usize).cloned().ok_or_else(|| {
                                CompileError::invalid(format!("address %{id}: struct member {i} does not exist"))
                            })?,
                            other => {
                                return Err(CompileError::invalid(format!(
                                    "address %{id} indexes into a value of type {other}"
                                )))
                            }
                        };
                        off = off.wrapping_add(o as i64);
                        ty = t;
                    }
                    Ok((var, off))
                }
                _ => Err(not_constant()),
            }
        }
        _ => Err(not_constant()),
    }
}

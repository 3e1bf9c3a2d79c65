//! The type table (`TYPE_BLOCK_ID_NEW`): bitcode type indices to model types.
//!
//! Forward references are only legal to named structs, which get a placeholder filled
//! in when their record comes (LLVM's rule), so the table is read in one linear pass.
//! This module must not read anything but the type block.

use super::{chars, op, Block, Ctx};
use crate::frontend::llvm::model::Type;
use crate::{CompileError, Result};

fn name_of(code: u32) -> &'static str {
    match code {
        2 => "TYPE_CODE_VOID",
        7 => "TYPE_CODE_INTEGER",
        8 => "TYPE_CODE_POINTER",
        9 => "TYPE_CODE_FUNCTION_OLD",
        11 => "TYPE_CODE_ARRAY",
        12 => "TYPE_CODE_VECTOR",
        18 => "TYPE_CODE_STRUCT_ANON",
        20 => "TYPE_CODE_STRUCT_NAMED",
        21 => "TYPE_CODE_FUNCTION",
        25 => "TYPE_CODE_OPAQUE_POINTER",
        _ => "TYPE_CODE",
    }
}

impl Ctx {
    pub(super) fn read_types(&mut self, block: &Block) -> Result<()> {
        // Every record but NUMENTRY and STRUCT_NAME defines one entry.
        let count = block.records().filter(|r| r.code != 1 && r.code != 19).count();
        let base = self.types.len();
        self.types.resize(base + count, None);
        let mut next = base;
        let mut name: Option<String> = None;
        for rec in block.records() {
            let what = name_of(rec.code);
            let ctx_err = |e: CompileError| e.at(None, format!("bitcode record {what} (type {})", next - base), None);
            let ty = match rec.code {
                1 => continue,
                19 => {
                    name = Some(chars(&rec.ops)?);
                    continue;
                }
                2 => Type::Void,
                3 => Type::Float,
                4 => Type::Double,
                5 => Type::Label,
                10 => Type::Half,
                23 => Type::BFloat,
                13 => Type::OtherFloat("x86_fp80"),
                14 => Type::OtherFloat("fp128"),
                15 => Type::OtherFloat("ppc_fp128"),
                16 => Type::Metadata,
                17 => Type::OtherFloat("x86_mmx"),
                24 => Type::OtherFloat("x86_amx"),
                22 => Type::Token,
                7 => {
                    let w = op(rec, 0, what)?;
                    if w == 0 || w > (1 << 23) {
                        return Err(ctx_err(CompileError::invalid(format!("integer width {w}"))));
                    }
                    Type::Int(w as u32)
                }
                8 => {
                    let pointee = self.ty(op(rec, 0, what)?).map_err(ctx_err)?;
                    let addrspace = rec.ops.get(1).copied().unwrap_or(0);
                    Type::Pointer {
                        addrspace: u32::try_from(addrspace)
                            .map_err(|_| ctx_err(CompileError::invalid(format!("address space {addrspace}"))))?,
                        pointee: Some(pointee),
                    }
                }
                25 => {
                    self.opaque_pointers = true;
                    let addrspace = op(rec, 0, what)?;
                    Type::Pointer {
                        addrspace: u32::try_from(addrspace)
                            .map_err(|_| ctx_err(CompileError::invalid(format!("address space {addrspace}"))))?,
                        pointee: None,
                    }
                }
                9 | 21 => {
                    // FUNCTION_OLD: [vararg, attrid, retty, params...]; FUNCTION: [vararg, retty, params...].
                    let first = if rec.code == 9 { 2 } else { 1 };
                    let vararg = op(rec, 0, what)? != 0;
                    let ret = self.ty(op(rec, first, what)?).map_err(ctx_err)?;
                    let params = rec.ops[first + 1..]
                        .iter()
                        .map(|&t| self.ty(t))
                        .collect::<Result<Vec<_>>>()
                        .map_err(ctx_err)?;
                    Type::Function { ret, params, vararg }
                }
                11 => Type::Array { len: op(rec, 0, what)?, elem: self.ty(op(rec, 1, what)?).map_err(ctx_err)? },
                12 => {
                    if rec.ops.get(2).copied().unwrap_or(0) != 0 {
                        return Err(ctx_err(CompileError::unsupported("scalable vectors")));
                    }
                    let len = op(rec, 0, what)?;
                    let len = u32::try_from(len)
                        .ok()
                        .filter(|&l| l > 0)
                        .ok_or_else(|| ctx_err(CompileError::invalid(format!("vector length {len}"))))?;
                    Type::Vector { len, elem: self.ty(op(rec, 1, what)?).map_err(ctx_err)? }
                }
                18 | 20 => {
                    let packed = op(rec, 0, what)? != 0;
                    let fields =
                        rec.ops[1..].iter().map(|&t| self.ty(t)).collect::<Result<Vec<_>>>().map_err(ctx_err)?;
                    let name = if rec.code == 20 {
                        Some(name.take().unwrap_or_else(|| format!("{}", next - base)))
                    } else {
                        None
                    };
                    Type::Struct { name, fields, packed, opaque: false }
                }
                6 => Type::Struct {
                    name: Some(name.take().unwrap_or_else(|| format!("{}", next - base))),
                    fields: Vec::new(),
                    packed: false,
                    opaque: true,
                },
                // `target("spirv.Event", ...)`: [number of types, types..., ints...], the
                // name from the STRUCT_NAME before it.
                26 => {
                    let n = op(rec, 0, what)? as usize;
                    let rest = &rec.ops[1..];
                    if n > rest.len() {
                        return Err(ctx_err(CompileError::invalid(format!(
                            "target type with {n} type parameters in {} operands",
                            rest.len()
                        ))));
                    }
                    let types = rest[..n].iter().map(|&t| self.ty(t)).collect::<Result<Vec<_>>>().map_err(ctx_err)?;
                    let ints = rest[n..]
                        .iter()
                        .map(|&i| {
                            u32::try_from(i)
                                .map_err(|_| ctx_err(CompileError::invalid(format!("target type parameter {i}"))))
                        })
                        .collect::<Result<Vec<_>>>()?;
                    Type::TargetExt { name: name.take().unwrap_or_default(), types, ints }
                }
                c => return Err(ctx_err(CompileError::unsupported(format!("type record code {c}")))),
            };
            let named = matches!(ty, Type::Struct { name: Some(_), .. });
            let id = match self.forward_types.remove(&next) {
                Some(placeholder) if named => {
                    self.m.set_type(placeholder, ty);
                    placeholder
                }
                Some(_) => {
                    return Err(ctx_err(CompileError::invalid(
                        "forward reference to a type that is not a named struct",
                    )))
                }
                None => self.m.intern_type(ty),
            };
            self.types[next] = Some(id);
            next += 1;
        }
        if let Some((i, _)) = self.forward_types.iter().next() {
            return Err(CompileError::invalid(format!("type {} referenced but never defined", i - base)));
        }
        Ok(())
    }
}

//! `OpExtInst`: the instruction set decides the table. OpenCL.std (`opencl`) and
//! GLSL.std.450 (`glsl`) map each instruction number to a family and to the KIR
//! operation or `spirjit-builtins` function it becomes; one function per family builds
//! the KIR. `NonSemantic.DebugPrintf` prints like OpenCL `printf` (see `printf`); other
//! non-semantic and debug-info sets are ignored; other sets are rejected.
//!
//! Operand counts come from the SPIR-V grammar (`rspirv::grammar`), not from the tables,
//! and are checked before any family runs. This module holds what the families share:
//! operand access, small emission helpers and [`Translator::call_builtin`], the
//! component-wise call of a builtin. It does not decide what an instruction means.

mod geometric;
mod glsl;
mod glsl_matrix;
mod opencl;
mod opencl_math;
mod opencl_vector;

use rspirv::grammar::{ExtInstOp, GLSL_STD_450_INSTRUCTION_TABLE, OPENCL_STD_100_INSTRUCTION_TABLE};
use rspirv::grammar::{InstructionTable, OperandQuantifier};
use rspirv::spirv::{GlslStd450Op, OpenclStd100Op};

use crate::frontend::spirv::arith::float_bits;
use crate::frontend::spirv::function::{Frame, Translator};
use crate::frontend::spirv::memory::conv;
use crate::frontend::spirv::reader::SpvInst;
use crate::ir::{BinaryOp, ConvOp, FloatCC, InstKind, IntCC, MathOp, Scalar, Type, Value};
use crate::{CompileError, Result};

/// The one instruction of `NonSemantic.DebugPrintf`.
const DEBUG_PRINTF: u32 = 1;

impl Translator<'_> {
    /// Translate one `OpExtInst`.
    pub(crate) fn ext_inst(&mut self, fr: &mut Frame, inst: &SpvInst) -> Result<()> {
        let set_id = inst.id(0)?;
        let set = self
            .m
            .ext_sets
            .get(&set_id)
            .ok_or_else(|| CompileError::invalid(format!("%{set_id} is not an OpExtInstImport")))?;
        if set == "NonSemantic.DebugPrintf" && inst.lit(1)? == DEBUG_PRINTF {
            return self.debug_printf(fr, inst).map_err(|e| with_name(e, "NonSemantic.DebugPrintf DebugPrintf"));
        }
        if set.starts_with("NonSemantic.") || set.contains("DebugInfo") {
            return Ok(());
        }
        let v = if set == "GLSL.std.450" {
            let number = inst.lit(1)?;
            let op = GlslStd450Op::from_u32(number)
                .ok_or_else(|| CompileError::invalid(format!("GLSL.std.450 has no instruction number {number}")))?;
            let named = |e| with_name(e, &format!("GLSL.std.450 {op:?}"));
            check_operand_count(&GLSL_STD_450_INSTRUCTION_TABLE, number, inst).map_err(named)?;
            self.glsl(fr, inst, op).map_err(named)?
        } else if set == "OpenCL.std" {
            let number = inst.lit(1)?;
            let op = OpenclStd100Op::from_u32(number)
                .ok_or_else(|| CompileError::invalid(format!("OpenCL.std has no instruction number {number}")))?;
            let named = |e| with_name(e, &format!("OpenCL.std {op:?}"));
            check_operand_count(&OPENCL_STD_100_INSTRUCTION_TABLE, number, inst).map_err(named)?;
            self.opencl(fr, inst, op).map_err(named)?
        } else {
            return Err(CompileError::unsupported(format!("extended instruction set `{set}` is not supported")));
        };
        if let Some(v) = v {
            self.set_v(fr, inst, v)?;
        }
        Ok(())
    }

    /// Operand `i` of the extended instruction (after the set and the number).
    fn arg(&mut self, fr: &Frame, inst: &SpvInst, i: usize) -> Result<Value> {
        self.op(fr, inst, i + 2)
    }

    /// Operand `i` of the extended instruction, splatted to `ty` when it is a scalar.
    fn arg_as(&mut self, fr: &Frame, inst: &SpvInst, i: usize, ty: &Type) -> Result<Value> {
        let v = self.arg(fr, inst, i)?;
        let t = self.ty_of(v);
        if &t != ty && !(t.lanes() == Some(1) && t.scalar() == ty.scalar()) {
            return Err(CompileError::invalid(format!("operand {i} has type {t}; expected {ty}")));
        }
        Ok(self.splat(v, ty))
    }

    /// Operands `0..n` of the extended instruction, each splatted to `ty`.
    fn args_as(&mut self, fr: &Frame, inst: &SpvInst, n: usize, ty: &Type) -> Result<Vec<Value>> {
        (0..n).map(|i| self.arg_as(fr, inst, i, ty)).collect()
    }

    /// `m(args)` of type `ty`.
    fn math(&mut self, m: MathOp, args: Vec<Value>, ty: &Type) -> Value {
        self.emit(InstKind::Math(m, args), ty.clone())
    }

    /// `m(args)` of the type of its first operand.
    fn math_like(&mut self, m: MathOp, args: Vec<Value>) -> Value {
        let t = self.ty_of(args[0]);
        self.emit(InstKind::Math(m, args), t)
    }

    /// `x b y` of the type of `x`.
    fn bin(&mut self, b: BinaryOp, x: Value, y: Value) -> Value {
        let t = self.ty_of(x);
        self.emit(InstKind::Binary(b, x, y), t)
    }

    /// The float constant `x` of type `ty` (every component).
    fn fconst(&mut self, ty: &Type, x: f64) -> Result<Value> {
        let s = ty
            .scalar()
            .filter(|s| s.is_float())
            .ok_or_else(|| CompileError::invalid(format!("{ty} is not a float type")))?;
        Ok(self.konst(ty, &[float_bits(s, x)]))
    }

    /// The integer constant `x` of type `ty` (every component), masked to its width.
    fn iconst(&mut self, ty: &Type, x: i64) -> Result<Value> {
        let s = ty
            .scalar()
            .filter(|s| s.is_int())
            .ok_or_else(|| CompileError::invalid(format!("{ty} is not an integer type")))?;
        let bits = if s.bits() == 64 { x as u64 } else { (x as u64) & ((1u64 << s.bits()) - 1) };
        Ok(self.konst(ty, &[bits]))
    }

    /// A float comparison giving one bool per component of `a`.
    fn fcmp(&mut self, cc: FloatCC, a: Value, b: Value) -> Value {
        let t = self.ty_of(a).with_scalar(Scalar::Bool);
        self.emit(InstKind::Fcmp(cc, a, b), t)
    }

    /// An integer comparison giving one bool per component of `a`.
    fn icmp(&mut self, cc: IntCC, a: Value, b: Value) -> Value {
        let t = self.ty_of(a).with_scalar(Scalar::Bool);
        self.emit(InstKind::Icmp(cc, a, b), t)
    }

    /// `c ? a : b` of the type of `a`.
    fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let t = self.ty_of(a);
        self.emit(InstKind::Select(c, a, b), t)
    }

    /// A scalar operand splatted to the shape of `like`.
    fn splat_as(&mut self, v: Value, like: Value) -> Value {
        let t = self.ty_of(like);
        self.splat(v, &t)
    }

    /// A scalar argument splatted to the component count of `rt` (keeping its scalar).
    fn splat_lanes(&mut self, a: Value, rt: &Type) -> Result<Value> {
        let t = self.ty_of(a);
        match (rt, &t) {
            (Type::Vector(_, n), Type::Scalar(s)) => Ok(self.splat(a, &Type::Vector(*s, *n))),
            _ => Ok(a),
        }
    }

    /// `p + offset * stride` bytes.
    fn elem_ptr(&mut self, p: Value, offset: Value, stride: u64) -> Result<Value> {
        let pt = self.ty_of(p);
        if !matches!(pt, Type::Scalar(Scalar::Ptr(_))) {
            return Err(CompileError::invalid(format!("pointer operand has type {pt}")));
        }
        let o = self.int_cast(offset, &Type::I64, false);
        let s = self.i64c(stride as i64);
        let b = self.emit(InstKind::Binary(BinaryOp::IMul, o, s), Type::I64);
        Ok(self.emit(InstKind::PtrAdd(p, b), pt))
    }

    /// Call the builtin `<name>_<suffix>` component-wise; f16 math goes through f32.
    fn call_builtin(&mut self, name: &str, args: Vec<Value>, rt: &Type) -> Result<Value> {
        let first = args.first().map(|a| self.ty_of(*a)).unwrap_or_else(|| rt.clone());
        let s = first.scalar().ok_or_else(|| CompileError::invalid(format!("{name} of a non-numeric type")))?;
        let half_form = s == Scalar::F16 && spirjit_builtins::lookup(&format!("{name}_f16")).is_some();
        if s == Scalar::F16 && !half_form {
            // Half-precision math: compute in f32 and round back (functions where that
            // would round wrongly have a `_f16` builtin of their own).
            let args = args
                .into_iter()
                .map(|a| {
                    let t = self.ty_of(a);
                    if t.scalar() == Some(Scalar::F16) {
                        self.emit(InstKind::Convert(conv(ConvOp::FToF), a), t.with_scalar(Scalar::F32))
                    } else {
                        a
                    }
                })
                .collect();
            let wide = if rt.scalar() == Some(Scalar::F16) { rt.with_scalar(Scalar::F32) } else { rt.clone() };
            let r = self.call_builtin(name, args, &wide)?;
            return Ok(if &wide == rt { r } else { self.emit(InstKind::Convert(conv(ConvOp::FToF), r), rt.clone()) });
        }
        let suffix = match s {
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            other => return Err(CompileError::invalid(format!("{name} of type {other}"))),
        };
        let symbol = format!("{name}_{suffix}");
        let Some(id) = crate::ir::BuiltinId::of(&symbol) else {
            return Err(CompileError::unsupported(format!(
                "the OpenCL function `{name}` for {s} is not available (no builtin `{symbol}`)"
            )));
        };
        let builtin = id.get();
        // Component-wise call: every operand has the result's shape and the builtin's
        // scalar types.
        let arg_type = |t: &Type| {
            use spirjit_builtins::ArgType as A;
            Some(match t.scalar()? {
                Scalar::I8 => A::I8,
                Scalar::I16 | Scalar::F16 => A::I16,
                Scalar::I32 => A::I32,
                Scalar::I64 => A::I64,
                Scalar::F32 => A::F32,
                Scalar::F64 => A::F64,
                Scalar::Ptr(_) => A::Ptr,
                Scalar::Bool => return None,
            })
        };
        let types: Vec<Type> = args.iter().map(|a| self.ty_of(*a)).collect();
        let fits = builtin.params.len() == types.len()
            && types.iter().zip(builtin.params).all(|(t, p)| arg_type(t) == Some(*p) && t.lanes() == rt.lanes())
            && arg_type(rt) == Some(builtin.ret);
        if !fits {
            let list = types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            return Err(CompileError::invalid(format!("{name} cannot take ({list}) and return {rt}")));
        }
        Ok(self.emit(InstKind::Call { builtin: id, args }, rt.clone()))
    }
}

/// Fail when `inst` has fewer or more operands than the grammar of its set gives
/// instruction `number`.
fn check_operand_count(table: &InstructionTable<ExtInstOp>, number: u32, inst: &SpvInst) -> Result<()> {
    let Some(def) = table.lookup_opcode(number) else { return Ok(()) };
    let found = inst.operands.len().saturating_sub(2);
    let least = def.operands.iter().filter(|o| o.quantifier == OperandQuantifier::One).count();
    let variadic = def.operands.iter().any(|o| o.quantifier == OperandQuantifier::ZeroOrMore);
    let most = def.operands.len();
    if found < least || (!variadic && found > most) {
        let want = match (variadic, least == most) {
            (true, _) => format!("at least {least}"),
            (false, true) => least.to_string(),
            (false, false) => format!("{least} to {most}"),
        };
        return Err(CompileError::invalid(format!("takes {want} operands, found {found}")));
    }
    Ok(())
}

/// `e` with its message prefixed by the instruction's name (`OpenCL.std fmin: ...`).
fn with_name(e: CompileError, name: &str) -> CompileError {
    let message = format!("{name}: {}", e.message());
    match e {
        CompileError::Invalid { location, .. } => CompileError::Invalid { message, location },
        CompileError::Unsupported { location, .. } => CompileError::Unsupported { message, location },
        CompileError::Limit { location, .. } => CompileError::Limit { message, location },
        CompileError::Internal { location, .. } => CompileError::Internal { message, location },
    }
}

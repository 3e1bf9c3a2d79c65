//! Specialization constants and a Vulkan-style kernel's interface as plain Python data:
//! specialization values from Python numbers, the module's constants as tuples, and a
//! kernel's descriptor bindings and push-constant block, for the Python `Pipeline`.
//!
//! This module must not bind or launch anything.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyList, PyTuple};
use spirjit::{Scalar, SpecConstant, SpecValue, Specialization};
use spirjit_builtins::half::half_to_f32;

use crate::errors::argument;

/// A specialization from `(spec_id, value)` pairs; values are Python bools, ints or
/// floats (NumPy scalars included).
pub fn specialization(pairs: &Bound<'_, PyList>) -> PyResult<Specialization> {
    let mut spec = Specialization::new();
    for item in pairs.iter() {
        let (id, value): (u32, Bound<'_, PyAny>) = item.extract()?;
        let v = if value.is_instance_of::<PyBool>() {
            SpecValue::Bool(value.extract()?)
        } else if value.is_instance_of::<PyFloat>() {
            SpecValue::float(value.extract()?)
        } else if let Ok(i) = value.extract::<i128>() {
            SpecValue::Int(i)
        } else if let Ok(f) = value.extract::<f64>() {
            SpecValue::float(f)
        } else {
            return Err(argument(format!(
                "specialization constant {id} takes a bool, int or float, got {}",
                value.get_type().name()?
            )));
        };
        spec.insert(id, v);
    }
    Ok(spec)
}

fn type_name(c: &SpecConstant) -> &'static str {
    match (c.ty, c.signed) {
        (Scalar::Bool, _) => "bool",
        (Scalar::I8, true) => "int8",
        (Scalar::I8, false) => "uint8",
        (Scalar::I16, true) => "int16",
        (Scalar::I16, false) => "uint16",
        (Scalar::I32, true) => "int32",
        (Scalar::I32, false) => "uint32",
        (Scalar::I64, true) => "int64",
        (Scalar::I64, false) => "uint64",
        (Scalar::F16, _) => "float16",
        (Scalar::F32, _) => "float32",
        (Scalar::F64, _) => "float64",
        (Scalar::Ptr(_), _) => "pointer",
    }
}

/// The Python value of bits `b` of constant `c`.
fn value<'py>(py: Python<'py>, c: &SpecConstant, b: u64) -> PyResult<Bound<'py, PyAny>> {
    Ok(match c.ty {
        Scalar::Bool => PyBool::new(py, b != 0).to_owned().into_any(),
        Scalar::F16 => (half_to_f32(b as u16) as f64).into_pyobject(py)?.into_any(),
        Scalar::F32 => (f32::from_bits(b as u32) as f64).into_pyobject(py)?.into_any(),
        Scalar::F64 => f64::from_bits(b).into_pyobject(py)?.into_any(),
        s if c.signed => {
            let shift = 64 - s.bits();
            (((b << shift) as i64) >> shift).into_pyobject(py)?.into_any()
        }
        _ => b.into_pyobject(py)?.into_any(),
    })
}

/// `[(spec_id, name, type, default, value), ...]`.
pub fn spec_constants<'py>(py: Python<'py>, cs: &[SpecConstant]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for c in cs {
        let items: [Bound<'py, PyAny>; 5] = [
            c.id.into_pyobject(py)?.into_any(),
            c.name.clone().into_pyobject(py)?.into_any(),
            type_name(c).into_pyobject(py)?.into_any(),
            value(py, c, c.default)?,
            value(py, c, c.value)?,
        ];
        out.append(PyTuple::new(py, items)?)?;
    }
    Ok(out)
}

/// `None` for kernels without an interface, else `(bindings, push)`: bindings as
/// `[(set, binding, kind, count, first_param, runtime_sized), ...]`, push as
/// `(param, size)` or None.
pub fn interface<'py>(py: Python<'py>, kernel: &spirjit::Kernel) -> PyResult<Bound<'py, PyAny>> {
    let Some(i) = kernel.interface() else { return Ok(py.None().into_bound(py)) };
    let bindings = PyList::empty(py);
    for b in &i.bindings {
        bindings.append((b.set, b.binding, b.kind.name(), b.count, b.first_param, b.runtime_sized))?;
    }
    let push = i.push_constants.as_ref().map(|p| (p.param, p.size));
    Ok((bindings, push).into_pyobject(py)?.into_any())
}

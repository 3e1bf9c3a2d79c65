//! Kernel IR types and parameters as plain Python data (tuples and dicts), for the
//! Python layer to turn into NumPy dtypes and checks.
//!
//! Encoding of a type (all tuples):
//! `("scalar", s)`, `("vector", s, n, size)`, `("array", elem, len, stride)`,
//! `("struct", size, align, [(offset, type), ...])`, where `s` is one of
//! `bool i8 i16 i32 i64 f16 f32 f64 ptr`. This module must not check arguments.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use spirjit::{HostType, Param, ParamKind, Scalar, Signedness, Type};

fn scalar_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "bool",
        Scalar::I8 => "i8",
        Scalar::I16 => "i16",
        Scalar::I32 => "i32",
        Scalar::I64 => "i64",
        Scalar::F16 => "f16",
        Scalar::F32 => "f32",
        Scalar::F64 => "f64",
        Scalar::Ptr(_) => "ptr",
    }
}

/// The tuple encoding of `t` (see the module doc).
pub fn type_to_py<'py>(py: Python<'py>, t: &Type) -> PyResult<Bound<'py, PyTuple>> {
    match t {
        Type::Scalar(s) => PyTuple::new(py, ["scalar", scalar_name(*s)]),
        Type::Vector(s, n) => {
            let items: [Bound<'py, PyAny>; 4] = [
                "vector".into_pyobject(py)?.into_any(),
                scalar_name(*s).into_pyobject(py)?.into_any(),
                (*n as u32).into_pyobject(py)?.into_any(),
                t.size().into_pyobject(py)?.into_any(),
            ];
            PyTuple::new(py, items)
        }
        Type::Array { elem, len, stride } => {
            let items: [Bound<'py, PyAny>; 4] = [
                "array".into_pyobject(py)?.into_any(),
                type_to_py(py, elem)?.into_any(),
                len.into_pyobject(py)?.into_any(),
                stride.into_pyobject(py)?.into_any(),
            ];
            PyTuple::new(py, items)
        }
        Type::Struct(st) => {
            let members = PyList::empty(py);
            for (offset, m) in &st.members {
                let pair: [Bound<'py, PyAny>; 2] =
                    [offset.into_pyobject(py)?.into_any(), type_to_py(py, m)?.into_any()];
                members.append(PyTuple::new(py, pair)?)?;
            }
            let items: [Bound<'py, PyAny>; 4] = [
                "struct".into_pyobject(py)?.into_any(),
                st.size.into_pyobject(py)?.into_any(),
                st.align.into_pyobject(py)?.into_any(),
                members.into_any(),
            ];
            PyTuple::new(py, items)
        }
    }
}

/// A parameter as a dict: `index`, `name`, `kind` (`pointer`, `value`, `sampler`,
/// `image`), `space` (pointers), `type` (pointee or value type), `read_only`,
/// `qualifiers` (the OpenCL type qualifiers the module records: `["const", "restrict"]`),
/// `type_name` (the module's OpenCL spelling, or None), `text` (`global float*`),
/// `host` (the host type as text), `signed` (True, False or None: unknown),
/// `int_range` (`(lo, hi)` for integer scalars and elements, else None), `untyped`
/// (a pointer whose elements may be any bytes), and
/// for images `dim` (`2d`, `2d_array`, ...) and `access` (`read_only`, ...).
pub fn param_to_py<'py>(py: Python<'py>, index: usize, p: &Param) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", index)?;
    d.set_item("name", p.name.clone().unwrap_or_else(|| format!("arg{index}")))?;
    d.set_item("read_only", p.read_only)?;
    d.set_item("qualifiers", p.qualifiers.words())?;
    d.set_item("type_name", p.type_name.clone())?;
    d.set_item("text", spirjit::param_type_text(p))?;
    // The host's view, computed by the front end: integer signedness (None: unknown),
    // the range of the scalar (or vector component) integers take, and whether a
    // pointer's elements may be any bytes (`void*`).
    d.set_item("host", p.host.to_string())?;
    d.set_item(
        "signed",
        match p.host.signedness() {
            Signedness::Signed => Some(true),
            Signedness::Unsigned => Some(false),
            Signedness::Unknown => None,
        },
    )?;
    let elem = p.host.pointee().unwrap_or(&p.host);
    d.set_item("int_range", elem.scalar().and_then(|s| s.int_range()))?;
    d.set_item("untyped", matches!(&p.host, HostType::Pointer { pointee, .. } if pointee.is_untyped_elements()))?;
    match &p.kind {
        ParamKind::Pointer { space, pointee } => {
            d.set_item("kind", "pointer")?;
            d.set_item("space", space.opencl_name())?;
            d.set_item("type", type_to_py(py, pointee)?)?;
        }
        ParamKind::Value(t) => {
            d.set_item("kind", "value")?;
            d.set_item("space", py.None())?;
            d.set_item("type", type_to_py(py, t)?)?;
        }
        ParamKind::Sampler => {
            d.set_item("kind", "sampler")?;
            d.set_item("space", py.None())?;
            d.set_item("type", py.None())?;
        }
        ParamKind::Image { dim, access } => {
            d.set_item("kind", "image")?;
            d.set_item("dim", dim)?;
            d.set_item("access", access)?;
            d.set_item("space", py.None())?;
            d.set_item("type", py.None())?;
        }
    }
    Ok(d)
}

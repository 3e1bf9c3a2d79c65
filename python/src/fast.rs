//! The fast path of a kernel call: the common call forms (C-contiguous NumPy arrays of
//! the parameter's element type, Python or NumPy ints and floats for scalar parameters,
//! NDRange sizes as ints or tuples of ints, a time limit as an int or float) checked and
//! converted here, in one native call, against a per-kernel plan the Python layer computes
//! once (`_args.fast_plan`).
//!
//! This module must only accept calls that the full conversion in `spirjit/_args.py` and
//! `spirjit/_ndrange.py` accepts, converting them to the same launch; anything else —
//! every error included — answers "not handled" (`None`), and the caller takes the full
//! path, which does the work again and words the error.

use std::time::Duration;

use numpy::npyffi::flags::{NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_WRITEABLE};
use numpy::{PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use pyo3::{ffi, Borrowed};
use spirjit::NdRange;

use crate::errors::internal;
use crate::launch::Prepared;

/// How one parameter's argument is converted on the fast path.
enum FastParam {
    /// A (non-local) pointer: an array of elements of `itemsize` bytes, floats or
    /// integers/bools, writable when the kernel may write through it.
    Buffer { float: bool, itemsize: usize, writable: bool },
    /// An integer or bool scalar of `size` bytes, in `lo..=hi`.
    Int { size: usize, lo: i128, hi: i128 },
    /// A float scalar (`double`: f64, else f32).
    Float { double: bool },
    /// Anything else: always the full path.
    Slow,
}

/// A kernel's fast-path plan: one entry per parameter, and the NumPy scalar types taken
/// as ints and as floats.
pub struct FastPlan {
    params: Vec<FastParam>,
    int_types: Vec<Py<PyType>>,
    float_types: Vec<Py<PyType>>,
}

impl FastPlan {
    /// Read a plan from its Python form: `params` a list of `("buffer", float, itemsize,
    /// writable)`, `("int", size, lo, hi)`, `("float", size)` or `("slow",)`.
    pub fn from_py(
        params: &Bound<'_, PyList>,
        int_types: &Bound<'_, PyTuple>,
        float_types: &Bound<'_, PyTuple>,
    ) -> PyResult<FastPlan> {
        let mut out = Vec::with_capacity(params.len());
        for entry in params.iter() {
            let t = entry.cast::<PyTuple>().map_err(|_| internal("fast-path plan entries must be tuples"))?;
            let tag: String = t.get_item(0)?.extract()?;
            out.push(match tag.as_str() {
                "buffer" => FastParam::Buffer {
                    float: t.get_item(1)?.extract()?,
                    itemsize: t.get_item(2)?.extract()?,
                    writable: t.get_item(3)?.extract()?,
                },
                "int" => {
                    let size: usize = t.get_item(1)?.extract()?;
                    if !matches!(size, 1 | 2 | 4 | 8) {
                        return Err(internal(format!("fast-path plan has an integer of {size} bytes")));
                    }
                    FastParam::Int { size, lo: t.get_item(2)?.extract()?, hi: t.get_item(3)?.extract()? }
                }
                "float" => {
                    let size: usize = t.get_item(1)?.extract()?;
                    match size {
                        4 | 8 => FastParam::Float { double: size == 8 },
                        _ => return Err(internal(format!("fast-path plan has a float of {size} bytes"))),
                    }
                }
                "slow" => FastParam::Slow,
                other => return Err(internal(format!("unknown fast-path plan entry `{other}`"))),
            });
        }
        let types = |t: &Bound<'_, PyTuple>| -> PyResult<Vec<Py<PyType>>> {
            t.iter().map(|x| Ok(x.cast::<PyType>()?.clone().unbind())).collect()
        };
        Ok(FastPlan { params: out, int_types: types(int_types)?, float_types: types(float_types)? })
    }

    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.params.len()
    }

    /// The prepared arguments, or None when an argument needs the full conversion.
    pub fn prepare(&self, args: &Bound<'_, PyTuple>) -> Option<Vec<Prepared>> {
        if args.len() != self.params.len() {
            return None;
        }
        let mut out = Vec::with_capacity(self.params.len());
        for (i, p) in self.params.iter().enumerate() {
            let obj = args.get_borrowed_item(i).ok()?;
            out.push(match *p {
                FastParam::Buffer { float, itemsize, writable } => buffer(obj, float, itemsize, writable)?,
                FastParam::Int { size, lo, hi } => {
                    let v = self.int_value(obj)?;
                    if i128::from(v) < lo || i128::from(v) > hi {
                        return None;
                    }
                    Prepared::Value(v.to_le_bytes()[..size].to_vec())
                }
                FastParam::Float { double } => {
                    let v = self.float_value(obj)?;
                    if double {
                        Prepared::Value(v.to_le_bytes().to_vec())
                    } else {
                        let f = v as f32;
                        if f.is_infinite() && !v.is_infinite() {
                            return None;
                        }
                        Prepared::Value(f.to_le_bytes().to_vec())
                    }
                }
                FastParam::Slow => return None,
            });
        }
        Some(out)
    }

    fn int_value(&self, obj: Borrowed<'_, '_, PyAny>) -> Option<i64> {
        // SAFETY: type checks on a live object.
        let is_int = unsafe { ffi::PyLong_Check(obj.as_ptr()) } != 0;
        if !is_int && !is_one_of(&obj, &self.int_types) {
            return None;
        }
        obj.extract::<i64>().ok()
    }

    fn float_value(&self, obj: Borrowed<'_, '_, PyAny>) -> Option<f64> {
        // SAFETY: type checks on a live object.
        let is_float = unsafe { ffi::PyFloat_Check(obj.as_ptr()) } != 0;
        if !is_float && !is_one_of(&obj, &self.float_types) {
            return None;
        }
        obj.extract::<f64>().ok()
    }
}

fn is_one_of(obj: &Borrowed<'_, '_, PyAny>, types: &[Py<PyType>]) -> bool {
    let t = obj.get_type();
    types.iter().any(|x| x.as_ptr() == t.as_ptr())
}

fn buffer(obj: Borrowed<'_, '_, PyAny>, float: bool, itemsize: usize, writable: bool) -> Option<Prepared> {
    let arr = obj.cast::<PyUntypedArray>().ok()?;
    let raw = arr.as_array_ptr();
    // SAFETY: `raw` is the live array object `arr` refers to.
    let (data, flags) = unsafe { ((*raw).fields.data as *mut u8, (*raw).fields.flags) };
    let is_writable = flags & NPY_ARRAY_WRITEABLE != 0;
    if flags & NPY_ARRAY_C_CONTIGUOUS == 0 || (writable && !is_writable) {
        return None;
    }
    let dtype = arr.dtype();
    let kind_ok = if float { dtype.kind() == b'f' } else { matches!(dtype.kind(), b'i' | b'u' | b'b') };
    if !kind_ok
        || dtype.itemsize() != itemsize
        || dtype.has_fields()
        || dtype.has_subarray()
        || dtype.is_native_byteorder() == Some(false)
    {
        return None;
    }
    let len = arr.len().checked_mul(itemsize)?;
    Some(Prepared::Buffer { ptr: data, len, writable: is_writable })
}

/// The NDRange of size keywords (`global_size`/`global`, `local_size`/`local`,
/// `global_offset`/`offset`; None values count as absent) and the time limit of
/// `timeout` (absent or None: none), or None when they need the full path (a missing
/// global size, other keywords, a size given twice, values other than ints and tuples or
/// lists of 1 to 3 ints, anything out of range, a timeout other than a positive int or
/// float).
pub fn ndrange(kwargs: Option<&Bound<'_, PyDict>>) -> Option<(NdRange, Option<Duration>)> {
    let kwargs = kwargs?;
    let mut slots: [Option<Bound<'_, PyAny>>; 4] = [None, None, None, None];
    let mut seen = [false; 4];
    for (k, v) in kwargs.iter() {
        let which = keyword(&k)?;
        if std::mem::replace(&mut seen[which], true) {
            return None;
        }
        if !v.is_none() {
            slots[which] = Some(v);
        }
    }
    let [g, l, o, t] = slots;
    let timeout = match t {
        None => None,
        Some(t) => time_limit(&t)?,
    };
    let (dims, global) = sizes(&g?)?;
    let local = match l {
        None => None,
        Some(l) => {
            let (n, local) = sizes(&l)?;
            if n != dims || local[..n].contains(&0) {
                return None;
            }
            Some(pad(local, n, 1))
        }
    };
    let offset = match o {
        None => [0; 3],
        Some(o) => {
            let (n, offset) = sizes(&o)?;
            if n != dims {
                return None;
            }
            pad(offset, n, 0)
        }
    };
    Some((NdRange { dims: dims as u32, global: pad(global, dims, 1), local, offset }, timeout))
}

/// The time limit of a `timeout` value: an exact int or float, positive (infinity: no
/// limit); Some(None) for no limit, None when the full path must word an error.
fn time_limit(v: &Bound<'_, PyAny>) -> Option<Option<Duration>> {
    // SAFETY: type checks on a live object.
    let (is_int, is_float) =
        unsafe { (ffi::PyLong_CheckExact(v.as_ptr()) != 0, ffi::PyFloat_CheckExact(v.as_ptr()) != 0) };
    if !is_int && !is_float {
        return None;
    }
    let seconds: f64 = v.extract().ok()?;
    if seconds.is_nan() || seconds <= 0.0 {
        return None;
    }
    Some(Duration::try_from_secs_f64(seconds).ok())
}

/// 0 (global), 1 (local), 2 (offset) for a size keyword, 3 for `timeout`.
fn keyword(k: &Bound<'_, PyAny>) -> Option<usize> {
    const NAMES: [(&std::ffi::CStr, usize); 7] = [
        (c"global_size", 0),
        (c"local_size", 1),
        (c"global_offset", 2),
        (c"global", 0),
        (c"local", 1),
        (c"offset", 2),
        (c"timeout", 3),
    ];
    // SAFETY: type check on a live object.
    if unsafe { ffi::PyUnicode_Check(k.as_ptr()) } == 0 {
        return None;
    }
    NAMES.iter().find_map(|(name, which)| {
        // SAFETY: `k` is a str; the name is NUL-terminated ASCII.
        let eq = unsafe { ffi::PyUnicode_CompareWithASCIIString(k.as_ptr(), name.as_ptr()) } == 0;
        eq.then_some(*which)
    })
}

/// An int, or a tuple or list of 1 to 3 ints (exactly those types), as sizes.
fn sizes(v: &Bound<'_, PyAny>) -> Option<(usize, [u64; 3])> {
    let mut out = [0u64; 3];
    // SAFETY: type checks on a live object.
    let (is_int, is_tuple, is_list) = unsafe {
        let p = v.as_ptr();
        (ffi::PyLong_CheckExact(p) != 0, ffi::PyTuple_CheckExact(p) != 0, ffi::PyList_CheckExact(p) != 0)
    };
    if is_int {
        out[0] = v.extract().ok()?;
        return Some((1, out));
    }
    let items: Vec<Bound<'_, PyAny>> = if is_tuple {
        v.cast::<PyTuple>().ok()?.iter().collect()
    } else if is_list {
        v.cast::<PyList>().ok()?.iter().collect()
    } else {
        return None;
    };
    if items.is_empty() || items.len() > 3 {
        return None;
    }
    for (slot, item) in out.iter_mut().zip(&items) {
        // SAFETY: type check on a live object.
        if unsafe { ffi::PyLong_CheckExact(item.as_ptr()) } == 0 {
            return None;
        }
        *slot = item.extract().ok()?;
    }
    Some((items.len(), out))
}

fn pad(mut v: [u64; 3], n: usize, fill: u64) -> [u64; 3] {
    for x in &mut v[n..] {
        *x = fill;
    }
    v
}

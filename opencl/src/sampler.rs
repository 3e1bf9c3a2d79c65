//! Samplers: `clCreateSampler`, `clCreateSamplerWithProperties`, queries and reference
//! counting. A sampler is a `spirjit::Sampler` (the builtin runtime samples with it).
//! This module must not know images.

use std::ffi::c_void;
use std::sync::Arc;

use spirjit::{AddressingMode, FilterMode};

use crate::api::{self, cl_int, cl_uint, ClError, ClResult, Handle};
use crate::context::{self, Ctx};
use crate::handles::Obj;
use crate::info::{self, Value};
use crate::tables::*;

/// A sampler object.
pub struct Sampler {
    pub context: Ctx,
    pub normalized: bool,
    pub addressing: u32,
    pub filter: u32,
    pub properties: Vec<u64>,
    pub sampler: spirjit::Sampler,
}

pub type S = Arc<Obj<Sampler>>;

pub fn get(h: Handle) -> ClResult<S> {
    Obj::<Sampler>::get(h, CL_INVALID_SAMPLER, "sampler")
}

fn make(c: Handle, normalized: bool, addressing: u32, filter: u32, properties: Vec<u64>) -> ClResult<Handle> {
    let ctx = context::get(c)?;
    let mode = match addressing as u64 {
        CL_ADDRESS_NONE => AddressingMode::None,
        CL_ADDRESS_CLAMP_TO_EDGE => AddressingMode::ClampToEdge,
        CL_ADDRESS_CLAMP => AddressingMode::Clamp,
        CL_ADDRESS_REPEAT => AddressingMode::Repeat,
        CL_ADDRESS_MIRRORED_REPEAT => AddressingMode::MirroredRepeat,
        _ => return Err(ClError::value(format!("addressing mode {addressing:#x}"))),
    };
    let f = match filter as u64 {
        CL_FILTER_NEAREST => FilterMode::Nearest,
        CL_FILTER_LINEAR => FilterMode::Linear,
        _ => return Err(ClError::value(format!("filter mode {filter:#x}"))),
    };
    if !normalized && matches!(mode, AddressingMode::Repeat | AddressingMode::MirroredRepeat) {
        return Err(ClError::value("repeat addressing needs normalized coordinates"));
    }
    Ok(Obj::create(Sampler {
        context: ctx,
        normalized,
        addressing,
        filter,
        properties,
        sampler: spirjit::Sampler::new(normalized, mode, f),
    }))
}

pub(crate) unsafe extern "C" fn create_sampler(
    c: Handle,
    normalized: cl_uint,
    addressing: cl_uint,
    filter: cl_uint,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateSampler", errcode_ret, || make(c, normalized != 0, addressing, filter, Vec::new()))
}

pub(crate) unsafe extern "C" fn create_sampler_with_properties(
    c: Handle,
    props: *const u64,
    errcode_ret: *mut cl_int,
) -> Handle {
    api::create("clCreateSamplerWithProperties", errcode_ret, || {
        // SAFETY: the caller's zero-terminated property list.
        let pairs = unsafe { api::properties(props) }?;
        let (mut normalized, mut addressing, mut filter) = (true, CL_ADDRESS_CLAMP as u32, CL_FILTER_NEAREST as u32);
        let mut list = Vec::new();
        for (name, value) in pairs {
            match name {
                CL_SAMPLER_NORMALIZED_COORDS => normalized = value != 0,
                CL_SAMPLER_ADDRESSING_MODE => addressing = value as u32,
                CL_SAMPLER_FILTER_MODE => filter = value as u32,
                _ => return Err(ClError::value(format!("unknown sampler property {name:#x}"))),
            }
            list.extend([name, value]);
        }
        if !list.is_empty() {
            list.push(0);
        }
        make(c, normalized, addressing, filter, list)
    })
}

pub(crate) unsafe extern "C" fn retain_sampler(h: Handle) -> cl_int {
    api::status("clRetainSampler", || {
        Obj::retain(&get(h)?);
        Ok(())
    })
}

pub(crate) unsafe extern "C" fn release_sampler(h: Handle) -> cl_int {
    api::status("clReleaseSampler", || Obj::release(&get(h)?, CL_INVALID_SAMPLER, "sampler"))
}

pub(crate) unsafe extern "C" fn get_sampler_info(
    h: Handle,
    param: cl_uint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> cl_int {
    api::status("clGetSamplerInfo", || {
        let s = get(h)?;
        let v = match param as u64 {
            CL_SAMPLER_REFERENCE_COUNT => Ok(Value::u32(s.ref_count())),
            CL_SAMPLER_CONTEXT => Ok(Value::handle(Obj::handle(&s.v.context))),
            CL_SAMPLER_NORMALIZED_COORDS => Ok(Value::bool(s.v.normalized)),
            CL_SAMPLER_ADDRESSING_MODE => Ok(Value::u32(s.v.addressing)),
            CL_SAMPLER_FILTER_MODE => Ok(Value::u32(s.v.filter)),
            CL_SAMPLER_PROPERTIES => Ok(Value::u64s(&s.v.properties)),
            _ => Err(info::unknown("sampler", param)),
        };
        // SAFETY: the query's output pointers.
        unsafe { info::write(v, size, value, size_ret) }
    })
}

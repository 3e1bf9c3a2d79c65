//! Host types of kernel parameters ([`ir::HostType`]): integer signedness from the
//! OpenCL C type name of kernel argument info, or from `OpTypeInt` signedness in
//! Vulkan (`Shader`) modules, where it is meaningful.
//!
//! This module only describes parameters; it emits no instructions.

use super::module::SpvModule;
use super::types::SpvType;
use crate::ir::{HostType, ParamKind, Signedness, Type};

/// The host type of an OpenCL kernel parameter of kind `kind`, with the module's
/// OpenCL C spelling `type_name` of it when there is one (`uint*`, `void*`, `int4`).
pub(crate) fn opencl_param(kind: &ParamKind, type_name: Option<&str>) -> HostType {
    let sign = type_name.map(Signedness::of_opencl_name).unwrap_or(Signedness::Unknown);
    let host = HostType::of_param(kind, sign);
    match (host, type_name) {
        (HostType::Pointer { space, .. }, Some(name)) if is_void_pointer(name) => {
            HostType::Pointer { space, pointee: Box::new(HostType::Void) }
        }
        (host, _) => host,
    }
}

/// True for `void*`, `const void*`, `__global void *`.
fn is_void_pointer(name: &str) -> bool {
    name.split(|c: char| c.is_whitespace() || c == '*').any(|w| w == "void")
}

/// The host type of a Vulkan buffer whose elements have KIR type `elem` and SPIR-V
/// type `elem_id` (`None`: the buffer's layout has no single element type).
pub(crate) fn vulkan_buffer(m: &SpvModule, elem: &Type, elem_id: Option<u32>) -> HostType {
    let pointee = match elem_id {
        Some(id) => HostType::of_value(elem, spirv_sign(m, id)),
        None => HostType::Void,
    };
    HostType::Pointer { space: crate::ir::AddressSpace::Global, pointee: Box::new(pointee) }
}

/// The signedness of the integers inside SPIR-V type `id` (through vectors, arrays and
/// one-member structs), from `OpTypeInt`'s signedness operand; `Unknown` elsewhere.
pub(crate) fn spirv_sign(m: &SpvModule, id: u32) -> Signedness {
    let mut id = id;
    for _ in 0..16 {
        match m.spv_type(id) {
            Ok(SpvType::Int { .. }) => {
                return match m.def(id).and_then(|d| d.lit(1)) {
                    Ok(0) => Signedness::Unsigned,
                    Ok(_) => Signedness::Signed,
                    Err(_) => Signedness::Unknown,
                }
            }
            Ok(SpvType::Vector { elem, .. } | SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem }) => {
                id = *elem
            }
            Ok(SpvType::Struct { members }) if members.len() == 1 => id = members[0],
            _ => return Signedness::Unknown,
        }
    }
    Signedness::Unknown
}

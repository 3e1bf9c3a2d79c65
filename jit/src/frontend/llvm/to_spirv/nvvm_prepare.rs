//! The NVVM preparation pass, in order: what the writer runs first on an NVVM module.
//!
//! It only sequences the rewrites of `nvvm`, `nvvm_shared` and `nvvm_printf` and records
//! their results in the model; it must not emit anything.

use super::nvvm::{self, NvvmKernel};
use super::{nvvm_printf, nvvm_shared};
use crate::frontend::llvm::model::{CallingConv, Constant, FuncId, Md, MdId, Module, Type};
use crate::Result;

/// Prepare an NVVM module for the writer, so that its kernels look as clang's SPIR
/// kernels do: each kernel gets the `ptx_kernel` convention, its host name
/// ([`NvvmKernel::name`]) and `reqd_work_group_size` / `work_group_size_hint` function
/// metadata (three `i32`s, as clang writes them for OpenCL); `extern __shared__` memory
/// becomes a last parameter ([`super::nvvm_shared`]); `vprintf` calls become `printf`
/// calls ([`super::nvvm_printf`]). Returns the kernels. What stays NVVM-specific for the
/// writer is the meaning of address spaces ([`nvvm::Space`]) and of calls ([`nvvm::classify`]).
pub fn prepare(m: &mut Module) -> Result<Vec<NvvmKernel>> {
    let ks = nvvm::kernels(m)?;
    let ids: Vec<FuncId> = ks.iter().map(|k| k.func).collect();
    nvvm_shared::lower(m, &ids)?;
    nvvm_printf::lower(m)?;
    let i32t = m.intern_type(Type::Int(32));
    for k in &ks {
        let mut sizes = Vec::new();
        for (key, size) in
            [("reqd_work_group_size", k.reqd_work_group_size), ("work_group_size_hint", k.work_group_size_hint)]
        {
            let Some(size) = size else { continue };
            let node = size
                .iter()
                .map(|v| Md::Value(m.push_const(Constant::Int { ty: i32t, value: u64::from(*v) })))
                .collect();
            m.metadata.push(node);
            sizes.push((key.to_string(), MdId(m.metadata.len() as u32 - 1)));
        }
        let f = &mut m.functions[k.func.0 as usize];
        f.cc = CallingConv::PtxKernel;
        f.name = k.name.clone();
        f.metadata.retain(|(key, _)| key != "reqd_work_group_size" && key != "work_group_size_hint");
        f.metadata.extend(sizes);
    }
    Ok(ks)
}

/// A copy of `m` prepared by [`prepare`].
pub fn prepared(m: &Module) -> Result<Module> {
    let mut m = m.clone();
    prepare(&mut m)?;
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_without_kernels_is_left_alone() {
        let mut m = Module::default();
        assert!(prepare(&mut m).unwrap().is_empty());
        assert!(m.functions.is_empty() && m.metadata.is_empty());
    }
}

//! The `info`, `dump` and `run` commands.
//!
//! Each parses its options, calls the library and prints; none of them contains
//! runtime logic.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use spirjit_jit::ir::{AddressSpace, ParamKind};
use spirjit_jit::lower::facts::RemarkKind;
use spirjit_jit::lower::{DumpKind, LowerOptions};
use spirjit_jit::pipeline;

use super::help;
use super::opts::Opts;
use super::spec::{check_against, materialize, parse_spec, HostArg};
use super::CliError;
use crate::args::Arg;
use crate::kernel::{param_type_text, Kernel};
use crate::ndrange::NdRange;
use crate::npy;
use crate::program::{Options, Program};

fn write_err(e: std::io::Error) -> CliError {
    CliError::Message(format!("cannot write the output: {e}"))
}

fn options(o: &Opts) -> Result<Options, CliError> {
    let lanes = o.number::<u32>("--lanes")?.unwrap_or(Options::default().lanes);
    Ok(Options { lanes, checked: !o.has("--unchecked"), robust_buffer_access: o.has("--robust") })
}

fn load(path: &str, options: &Options) -> Result<Program, CliError> {
    let bytes = std::fs::read(path).map_err(|e| crate::Error::Io { path: path.into(), source: e })?;
    Ok(Program::parse(&bytes, options)?)
}

/// `--spec ID=VALUE`: a specialization constant's value (`true`/`false`, an integer, or
/// a number with a `.` or exponent, converted to the constant's type).
fn parse_spec_constant(text: &str, o: &Opts) -> Result<(u32, crate::SpecValue), CliError> {
    let bad = || o.usage_error(format!("`--spec {text}`: expected ID=VALUE, e.g. `--spec 0=64` or `--spec 1=2.5`"));
    let (id, value) = text.split_once('=').ok_or_else(bad)?;
    let id = id.trim().parse::<u32>().map_err(|_| bad())?;
    let value = value.trim();
    let v = match value {
        "true" => crate::SpecValue::Bool(true),
        "false" => crate::SpecValue::Bool(false),
        _ => match value.parse::<i128>() {
            Ok(i) => crate::SpecValue::Int(i),
            Err(_) => crate::SpecValue::float(value.parse::<f64>().map_err(|_| bad())?),
        },
    };
    Ok((id, v))
}

/// `spirjit info MODULE`
pub fn info(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let o = Opts::parse(args, &["--lanes"], &["--unchecked", "--timings", "--remarks"], help::INFO)?;
    if o.has("--help") {
        return write!(out, "{}", help::INFO).map_err(write_err);
    }
    let path = o.module()?;
    let lanes = o.number::<u32>("--lanes")?.unwrap_or(Options::default().lanes);
    let start = std::time::Instant::now();
    let checked = !o.has("--unchecked");
    let p = load(path, &Options { lanes, checked, robust_buffer_access: false })?;
    let front_end = start.elapsed();
    let mut text = info_text(path, &p);
    text += &path_text(&p, lanes);
    if o.has("--remarks") {
        text += &remarks_text(&p, &p.options().lower_options());
    }
    if o.has("--timings") {
        text += &timings_text(&p, front_end);
    }
    out.write_all(text.as_bytes()).map_err(write_err)
}

/// How long each stage of compiling the module took (`info --timings`).
fn timings_text(p: &Program, front_end: std::time::Duration) -> String {
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let mut s = format!("\ntimings:\n  front end {:.1} ms (reading and translating the module)\n", ms(front_end));
    let kernels = p.kernels();
    let width = kernels.iter().map(|k| k.name().len()).max().unwrap_or(0);
    for k in &kernels {
        match k.compile_times() {
            Ok(_) if k.from_code_cache().unwrap_or(false) => {
                s += &format!("  {:width$}  loaded from the code cache (compiled by an earlier process)\n", k.name())
            }
            Ok(t) => {
                s += &format!(
                    "  {:width$}  plan {:.1} ms, lower {:.1} ms, codegen {:.1} ms\n",
                    k.name(),
                    ms(t.plan),
                    ms(t.lower),
                    ms(t.codegen)
                )
            }
            Err(e) => s += &format!("  {:width$}  does not compile: {e}\n", k.name()),
        }
    }
    s
}

/// The remarks of compiling each kernel (`info --remarks`): divergent branches and
/// memory accesses (the path is in the paths section).
fn remarks_text(p: &Program, options: &LowerOptions) -> String {
    let mut s = format!("\nremarks (--lanes {}):\n", options.lanes);
    for (i, k) in p.module().kernels.iter().enumerate() {
        s += &format!("  {}\n", k.name);
        match pipeline::remarks(p.module(), i, options) {
            Ok(rs) => {
                let rs: Vec<_> = rs.into_iter().filter(|r| r.kind != RemarkKind::Path).collect();
                if rs.is_empty() {
                    s += "    (none: uniform control flow, no varying memory access)\n";
                }
                for r in rs {
                    s += &format!("    {r}\n");
                }
            }
            Err(e) => s += &format!("    does not compile: {e}\n"),
        }
    }
    s
}

/// Which lowering path each kernel gets at `lanes` work-items per lane group.
fn path_text(p: &Program, lanes: u32) -> String {
    let kernels = p.kernels();
    let mut s = format!("\npaths (--lanes {lanes}):\n");
    let width = kernels.iter().map(|k| k.name().len()).max().unwrap_or(0);
    for k in &kernels {
        let note = match k.path() {
            Ok(path) => path.note,
            Err(e) => format!("does not compile: {e}"),
        };
        s += &format!("  {:width$}  {note}\n", k.name());
    }
    s
}

fn info_text(path: &str, p: &Program) -> String {
    let mut s = String::new();
    let vulkan = p.capabilities().iter().any(|c| c == "Shader");
    let addressing = match p.pointer_bits() {
        _ if vulkan => "Logical (Vulkan compute: buffers are parameters in (set, binding) order)".to_string(),
        32 => "Physical32 (32-bit size_t and pointers)".to_string(),
        64 => "Physical64 (64-bit size_t and pointers)".to_string(),
        b => format!("{b}-bit pointers"),
    };
    s += &format!("module: {path}\naddressing: {addressing}\n");
    s += &format!("capabilities: {}\n", p.capabilities().join(", "));
    let kernels = p.kernels();
    s += &format!("kernels: {}\n", kernels.len());
    for k in &kernels {
        s += &format!("\n{}\n", k.signature());
        for (i, param) in k.params().iter().enumerate() {
            let name = param.name.clone().unwrap_or_else(|| format!("arg{i}"));
            let what = match &param.kind {
                ParamKind::Pointer { space: AddressSpace::Local, .. } => "local memory (local=BYTES)".to_string(),
                ParamKind::Pointer { space, .. } => {
                    let access =
                        if param.read_only || *space == AddressSpace::Constant { "read-only" } else { "read-write" };
                    format!("{space} buffer, {access}")
                }
                ParamKind::Value(t) => format!("by value, {} bytes", t.size()),
                ParamKind::Sampler => "sampler".to_string(),
                ParamKind::Image { .. } => "image".to_string(),
            };
            s += &format!("  arg {i}: {name}: {} ({what}; host {})\n", param_type_text(param), param.host);
        }
        if let Some(r) = k.reqd_work_group_size() {
            s += &format!("  reqd_work_group_size: ({}, {}, {})\n", r[0], r[1], r[2]);
        }
        if let Some(r) = k.work_group_size_hint() {
            s += &format!("  work_group_size_hint: ({}, {}, {})\n", r[0], r[1], r[2]);
        }
        let kir = p.module().kernels.iter().find(|x| x.name == k.name());
        if let Some(n) = kir.and_then(|x| x.reqd_sub_group_size) {
            s += &format!("  reqd_sub_group_size: {n}\n");
        }
        let local = kir.map(|x| x.local_static_size).unwrap_or(0);
        if local > 0 {
            s += &format!("  static local memory: {local} bytes\n");
        }
    }
    s
}

/// `spirjit dump MODULE [--kernel NAME] [--lanes W] [--kir|--clif|--clif-opt|--asm|--remarks]`
pub fn dump(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let o = Opts::parse(
        args,
        &["--kernel", "--lanes"],
        &["--kir", "--clif", "--clif-opt", "--asm", "--remarks", "--spirv", "--unchecked", "--robust"],
        help::DUMP,
    )?;
    if o.has("--help") {
        return write!(out, "{}", help::DUMP).map_err(write_err);
    }
    let path = o.module()?;
    let options = options(&o)?;
    if o.has("--spirv") {
        let bytes = std::fs::read(path).map_err(|e| crate::Error::Io { path: path.into(), source: e })?;
        let words = crate::program::module_words(&bytes)?;
        let text = spirjit_jit::frontend::llvm::to_spirv::disassemble(&words).map_err(crate::Error::Compile)?;
        return out.write_all(text.as_bytes()).map_err(write_err);
    }
    let p = load(path, &options)?;
    let module = match o.one("--kernel")? {
        None => p.module().clone(),
        Some(name) => {
            let k = p.kernel(name)?;
            let mut m = p.module().clone();
            m.kernels.retain(|x| x.name == k.name());
            m
        }
    };
    let kinds: Vec<&str> =
        ["--kir", "--clif", "--clif-opt", "--asm", "--remarks"].into_iter().filter(|f| o.has(f)).collect();
    if kinds.len() > 1 {
        return Err(o.usage_error(format!("choose one of {}", kinds.join(", "))));
    }
    let lower_options = options.lower_options();
    let text = match kinds.first().copied() {
        None | Some("--kir") => module.to_string(),
        Some("--clif") => pipeline::dump(&module, &lower_options, DumpKind::Clif).map_err(crate::Error::Compile)?,
        Some("--clif-opt") => {
            pipeline::dump(&module, &lower_options, DumpKind::OptimizedClif).map_err(crate::Error::Compile)?
        }
        Some("--remarks") => {
            pipeline::dump(&module, &lower_options, DumpKind::Remarks).map_err(crate::Error::Compile)?
        }
        Some(_) => pipeline::dump(&module, &lower_options, DumpKind::Asm).map_err(crate::Error::Compile)?,
    };
    out.write_all(text.as_bytes()).map_err(write_err)
}

/// A CUDA kernel's `extern __shared__` memory: its implicit last parameter gets
/// `--shared BYTES` (1 byte when left out) unless an `--arg` gives it.
fn dynamic_shared(o: &Opts, kernel: &crate::Kernel, host: &mut Vec<HostArg>) -> Result<(), CliError> {
    use spirjit_jit::frontend::llvm::DYNAMIC_SHARED_PARAM;
    let shared = o.number::<usize>("--shared")?;
    let params = kernel.params();
    let implicit = params.last().is_some_and(|p| {
        p.name.as_deref() == Some(DYNAMIC_SHARED_PARAM)
            && matches!(p.kind, spirjit_jit::ir::ParamKind::Pointer { space: spirjit_jit::ir::AddressSpace::Local, .. })
    });
    if !implicit {
        if shared.is_some() {
            return Err(o.usage_error(format!(
                "`--shared` sizes the dynamic shared memory (`extern __shared__`) of a CUDA kernel, and `{}` has none",
                kernel.name()
            )));
        }
        return Ok(());
    }
    if host.len() + 1 == params.len() {
        host.push(HostArg::Local(shared.unwrap_or(1).max(1)));
    } else if shared.is_some() {
        return Err(o.usage_error(format!(
            "`--shared` gives the last argument of `{}` (its dynamic shared memory); leave that `--arg` out",
            kernel.name()
        )));
    }
    Ok(())
}

/// `spirjit run MODULE --kernel NAME --global ... --arg ...`
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), CliError> {
    let o = Opts::parse(
        args,
        &[
            "--kernel",
            "--global",
            "--local",
            "--offset",
            "--arg",
            "--out",
            "--print",
            "--repeat",
            "--threads",
            "--lanes",
            "--timeout",
            "--spec",
            "--shared",
        ],
        &["--unchecked", "--robust"],
        help::RUN,
    )?;
    if o.has("--help") {
        return write!(out, "{}", help::RUN).map_err(write_err);
    }
    let path = o.module()?;
    let global = o.sizes("--global")?.ok_or_else(|| o.usage_error("`--global X[,Y[,Z]]` is required"))?;
    let local = o.sizes("--local")?;
    let offset = o.sizes("--offset")?;
    let repeat = o.number::<u32>("--repeat")?.unwrap_or(1);
    if repeat == 0 {
        return Err(o.usage_error("`--repeat` must be at least 1"));
    }
    let timeout = match o.number::<f64>("--timeout")? {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Some(std::time::Duration::from_secs_f64(s)),
        Some(s) => return Err(o.usage_error(format!("`--timeout` must be a positive number of seconds, got {s}"))),
    };
    let run_options = crate::kernel::RunOptions { timeout, cancel: None };
    let specs =
        o.all("--arg").iter().map(|s| parse_spec(s).map_err(|m| o.usage_error(m))).collect::<Result<Vec<_>, _>>()?;
    let prints = o.all("--print").iter().map(|s| parse_print(s, &o)).collect::<Result<Vec<_>, _>>()?;
    let outs = o.all("--out").iter().map(|s| parse_out(s, &o)).collect::<Result<Vec<_>, _>>()?;
    if let Some(n) = o.number::<usize>("--threads")? {
        crate::pool::try_set_num_threads(n)?;
    }
    let options = options(&o)?;
    let spec = o.all("--spec").iter().map(|s| parse_spec_constant(s, &o)).collect::<Result<_, _>>()?;

    let program = load(path, &options)?.specialized(&spec)?;
    let kernel = match o.one("--kernel")? {
        Some(name) => program.kernel(name)?,
        None => match program.kernels().as_slice() {
            [k] => k.clone(),
            _ => {
                return Err(o.usage_error(format!(
                    "the module has {} kernels; choose one with --kernel ({})",
                    program.kernel_names().len(),
                    program.kernel_names().join(", ")
                )))
            }
        },
    };
    let mut range = match global.as_slice() {
        [x] => NdRange::d1(*x),
        [x, y] => NdRange::d2(*x, *y),
        [x, y, z] => NdRange::d3(*x, *y, *z),
        _ => return Err(o.usage_error("`--global` takes 1 to 3 sizes")),
    };
    if let Some(l) = &local {
        if l.len() != global.len() {
            return Err(o.usage_error(format!(
                "`--local` has {} entries but `--global` has {}; give one per dimension",
                l.len(),
                global.len()
            )));
        }
        range = range.local(l);
    }
    if let Some(off) = &offset {
        if off.len() != global.len() {
            return Err(o.usage_error(format!(
                "`--offset` has {} entries but `--global` has {}; give one per dimension",
                off.len(),
                global.len()
            )));
        }
        range = range.offset(off);
    }
    let mut host = specs.iter().map(materialize).collect::<Result<Vec<_>, _>>().map_err(CliError::Message)?;
    dynamic_shared(&o, &kernel, &mut host)?;
    for (i, (spec, text)) in specs.iter().zip(o.all("--arg")).enumerate() {
        check_against(spec, text, &kernel, i).map_err(|m| o.usage_error(m))?;
    }
    for index in prints.iter().map(|(i, _)| *i).chain(outs.iter().map(|(i, _)| *i)) {
        match host.get(index) {
            Some(HostArg::Buffer(_) | HostArg::Image(_)) => {}
            Some(_) => {
                return Err(o.usage_error(format!("argument {index} is not a buffer, so it cannot be printed or saved")))
            }
            None => return Err(o.usage_error(format!("there is no argument {index} (arguments count from 0)"))),
        }
    }
    let mut times = Vec::with_capacity(repeat as usize);
    let mut info = None;
    for _ in 0..repeat {
        let mut args: Vec<Arg<'_>> = host
            .iter_mut()
            .map(|h| match h {
                HostArg::Buffer(b) => Arg::Buffer(b.bytes_mut()),
                HostArg::Value(v) => Arg::Value(v.clone()),
                HostArg::Local(n) => Arg::Local(*n),
                HostArg::Image(img) => Arg::Image(img),
                HostArg::Sampler(s) => Arg::Sampler(*s),
            })
            .collect();
        let i = kernel.run_with(&range, &mut args, &run_options)?;
        times.push(i.elapsed);
        info = Some(i);
    }
    if let Some(i) = &info {
        eprintln!("{}", summary(&kernel, &range, i, &mut times));
    }
    for (index, n) in &prints {
        if let Some(HostArg::Buffer(b)) = host.get(*index) {
            let name =
                kernel.params().get(*index).and_then(|p| p.name.clone()).unwrap_or_else(|| format!("arg{index}"));
            let shown: Vec<String> = (0..b.count().min(*n)).map(|i| b.element(i)).collect();
            let more = if b.count() > *n { ", ..." } else { "" };
            writeln!(out, "arg {index} {name} {}[{}]: [{}{more}]", b.dtype.name(), b.count(), shown.join(", "))
                .map_err(write_err)?;
        } else if let Some(HostArg::Image(img)) = host.get(*index) {
            // Images print their first elements as raw bytes in hex.
            let name =
                kernel.params().get(*index).and_then(|p| p.name.clone()).unwrap_or_else(|| format!("arg{index}"));
            let count = img.bytes().len() / img.element_size();
            let shown: Vec<String> = img
                .bytes()
                .chunks(img.element_size())
                .take(*n)
                .map(|e| e.iter().map(|b| format!("{b:02x}")).collect())
                .collect();
            let more = if count > *n { ", ..." } else { "" };
            writeln!(
                out,
                "arg {index} {name} image{}_t {}:{}[{count}]: [{}{more}]",
                img.dim().name(),
                img.channel_order().name(),
                img.channel_type().name(),
                shown.join(", ")
            )
            .map_err(write_err)?;
        }
    }
    for (index, file) in &outs {
        match host.get(*index) {
            Some(HostArg::Buffer(b)) => npy::write(file, b.dtype, b.bytes())?,
            // An image is saved as its texels' raw bytes.
            Some(HostArg::Image(img)) => npy::write(file, npy::DType::U8, img.bytes())?,
            _ => {}
        }
    }
    Ok(())
}

fn parse_print(s: &str, o: &Opts) -> Result<(usize, usize), CliError> {
    let bad = || o.usage_error(format!("`--print {s}`: expected INDEX or INDEX:N, like 2 or 2:8"));
    let (i, n) = match s.split_once(':') {
        Some((i, n)) => (i, n.trim().parse().map_err(|_| bad())?),
        None => (s, 16),
    };
    Ok((i.trim().parse().map_err(|_| bad())?, n))
}

fn parse_out(s: &str, o: &Opts) -> Result<(usize, PathBuf), CliError> {
    let bad = || o.usage_error(format!("`--out {s}`: expected INDEX=FILE.npy, like 2=c.npy"));
    let (i, f) = s.split_once('=').ok_or_else(bad)?;
    if f.trim().is_empty() {
        return Err(bad());
    }
    Ok((i.trim().parse().map_err(|_| bad())?, PathBuf::from(f.trim())))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn summary(kernel: &Kernel, range: &NdRange, info: &crate::RunInfo, times: &mut [Duration]) -> String {
    let dims = range.dims as usize;
    let size = crate::ndrange::fmt3(range.global, dims);
    let local = crate::ndrange::fmt3(info.local_size, dims);
    let head = format!(
        "ran `{}` over {size} ({} work-items) in {} work-group(s) of {local}",
        kernel.name(),
        range.work_items(),
        info.work_groups
    );
    times.sort();
    match times {
        [t] => format!("{head}: {}", ms(*t)),
        _ => format!(
            "{head}: median {} over {} runs (min {}, max {})",
            ms(times[times.len() / 2]),
            times.len(),
            ms(times[0]),
            ms(times[times.len() - 1])
        ),
    }
}

//! The LLVM bitcode reader on real bitcode: every `.bc32`/`.bc64` of the SPIR 1.2
//! conformance corpus (`../shared/corpora/opencl-cts-spir12/` beside the project root,
//! LLVM 3.2 bitcode) must read, and where `llvm-dis-14` is installed each model is
//! checked against LLVM's own disassembly: function names, calling conventions, block
//! counts, instruction opcodes in order, metadata strings, global names. Bitcode that
//! clang-14 (typed pointers) and clang-19 (opaque pointers, string tables) write for
//! `tests/kernels/*.cl` is read and checked the same way when those tools are present.
//!
//! The corpus is third-party data kept outside the project; without it (or without the
//! LLVM tools) these tests say so and pass.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use spirjit_jit::frontend::llvm::model::{BinOp, CastOp, InstKind, Md, Module, Terminator};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = root().join("../shared/corpora/opencl-cts-spir12");
    if !dir.is_dir() {
        eprintln!("skipped: the SPIR 1.2 conformance corpus is not at {}", dir.display());
        return None;
    }
    let mut out = Vec::new();
    for folder in std::fs::read_dir(&dir).ok()?.flatten() {
        for f in std::fs::read_dir(folder.path()).into_iter().flatten().flatten() {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "bc32" || e == "bc64") {
                out.push(p);
            }
        }
    }
    out.sort();
    Some(out)
}

fn tool(name: &str) -> Option<String> {
    Command::new(name).arg("--version").output().ok().filter(|o| o.status.success()).map(|_| name.to_string())
}

fn bin_name(op: BinOp) -> &'static str {
    use BinOp::*;
    match op {
        Add => "add",
        Sub => "sub",
        Mul => "mul",
        UDiv => "udiv",
        SDiv => "sdiv",
        URem => "urem",
        SRem => "srem",
        Shl => "shl",
        LShr => "lshr",
        AShr => "ashr",
        And => "and",
        Or => "or",
        Xor => "xor",
        FAdd => "fadd",
        FSub => "fsub",
        FMul => "fmul",
        FDiv => "fdiv",
        FRem => "frem",
    }
}

fn cast_name(op: CastOp) -> &'static str {
    use CastOp::*;
    match op {
        Trunc => "trunc",
        ZExt => "zext",
        SExt => "sext",
        FpTrunc => "fptrunc",
        FpExt => "fpext",
        FpToUi => "fptoui",
        FpToSi => "fptosi",
        UiToFp => "uitofp",
        SiToFp => "sitofp",
        PtrToInt => "ptrtoint",
        IntToPtr => "inttoptr",
        BitCast => "bitcast",
        AddrSpaceCast => "addrspacecast",
    }
}

fn inst_name(k: &InstKind) -> &'static str {
    match k {
        InstKind::Binary { op, .. } => bin_name(*op),
        InstKind::FNeg(_) => "fneg",
        InstKind::Cast { op, .. } => cast_name(*op),
        InstKind::ICmp { .. } => "icmp",
        InstKind::FCmp { .. } => "fcmp",
        InstKind::Select { .. } => "select",
        InstKind::Phi { .. } => "phi",
        InstKind::Alloca { .. } => "alloca",
        InstKind::Load { .. } => "load",
        InstKind::Store { .. } => "store",
        InstKind::Gep { .. } => "getelementptr",
        InstKind::ExtractElement { .. } => "extractelement",
        InstKind::InsertElement { .. } => "insertelement",
        InstKind::ShuffleVector { .. } => "shufflevector",
        InstKind::ExtractValue { .. } => "extractvalue",
        InstKind::InsertValue { .. } => "insertvalue",
        InstKind::Call { .. } => "call",
        InstKind::AtomicRmw { .. } => "atomicrmw",
        InstKind::CmpXchg { .. } => "cmpxchg",
        InstKind::Fence { .. } => "fence",
        InstKind::Freeze(_) => "freeze",
    }
}

fn term_name(t: &Terminator) -> &'static str {
    match t {
        Terminator::Ret(_) => "ret",
        Terminator::Br(_) | Terminator::CondBr { .. } => "br",
        Terminator::Switch { .. } => "switch",
        Terminator::Unreachable => "unreachable",
    }
}

/// What the comparison looks at, from the model.
#[derive(Debug, PartialEq)]
struct Summary {
    /// `(name, calling convention, opcodes)` of each definition, in order.
    functions: Vec<(String, String, Vec<String>)>,
    declarations: BTreeSet<String>,
    globals: BTreeSet<String>,
    strings: BTreeSet<String>,
    named: BTreeSet<String>,
}

fn cc_name(cc: spirjit_jit::frontend::llvm::model::CallingConv) -> String {
    use spirjit_jit::frontend::llvm::model::CallingConv::*;
    match cc {
        C => String::new(),
        SpirKernel => "spir_kernel".into(),
        SpirFunc => "spir_func".into(),
        PtxKernel => "ptx_kernel".into(),
        PtxDevice => "ptx_device".into(),
        Other(n) => format!("cc {n}"),
    }
}

fn summarize(m: &Module) -> Summary {
    let mut functions = Vec::new();
    let mut declarations = BTreeSet::new();
    for f in &m.functions {
        if f.is_declaration() {
            declarations.insert(f.name.clone());
            continue;
        }
        let mut ops = Vec::new();
        for b in &f.blocks {
            ops.extend(b.insts.iter().map(|i| inst_name(&i.kind).to_string()));
            ops.push(term_name(&b.term).to_string());
        }
        functions.push((f.name.clone(), cc_name(f.cc), ops));
    }
    let strings = m
        .metadata
        .iter()
        .flatten()
        .filter_map(|md| if let Md::Str(s) = md { Some(s.clone()) } else { None })
        .filter(|s| s.bytes().all(|b| (0x20..0x7f).contains(&b) && b != b'\\' && b != b'"'))
        .collect();
    Summary {
        functions,
        declarations,
        globals: m.globals.iter().map(|g| g.name.clone()).collect(),
        strings,
        named: m.named_metadata.iter().map(|(n, _)| n.clone()).collect(),
    }
}

/// The same summary from `llvm-dis` text, read line by line.
fn summarize_text(text: &str) -> Summary {
    let mut s = Summary {
        functions: Vec::new(),
        declarations: BTreeSet::new(),
        globals: BTreeSet::new(),
        strings: BTreeSet::new(),
        named: BTreeSet::new(),
    };
    let name_after_at = |l: &str| -> String {
        let at = l.find('@').map_or(l.len(), |i| i + 1);
        let rest = &l[at..];
        if let Some(q) = rest.strip_prefix('"') {
            q.split('"').next().unwrap_or("").to_string()
        } else {
            rest.split(|c: char| !(c.is_alphanumeric() || "._$-".contains(c))).next().unwrap_or("").to_string()
        }
    };
    let mut current: Option<(String, String, Vec<String>)> = None;
    for line in text.lines() {
        if let Some(f) = current.as_mut() {
            if line == "}" {
                s.functions.push(current.take().unwrap_or_default());
                continue;
            }
            // Instructions are indented by two; switch cases by more.
            let Some(body) = line.strip_prefix("  ").filter(|b| !b.starts_with(' ')) else { continue };
            let body = body.trim_start();
            let inst = match body.find(" = ") {
                Some(i) if body.starts_with('%') => &body[i + 3..],
                _ => body,
            };
            let mut words = inst.split_whitespace();
            let mut op = words.next().unwrap_or("");
            if matches!(op, "tail" | "musttail" | "notail") {
                op = words.next().unwrap_or("");
            }
            if !op.is_empty() && !op.starts_with(';') && !op.starts_with('[') && !op.starts_with(']') {
                f.2.push(op.to_string());
            }
            continue;
        }
        if line.starts_with("define ") {
            let head = &line[..line.find('@').unwrap_or(0)];
            let cc = ["spir_kernel", "spir_func", "ptx_kernel", "ptx_device"]
                .iter()
                .find(|c| head.contains(*c))
                .map_or(String::new(), |c| c.to_string());
            current = Some((name_after_at(line), cc, Vec::new()));
        } else if line.starts_with("declare ") {
            s.declarations.insert(name_after_at(line));
        } else if line.starts_with('@') {
            s.globals.insert(name_after_at(line));
        } else if line.starts_with('!') {
            if let Some(name) = line
                .strip_prefix('!')
                .and_then(|l| l.split(" = ").next())
                .filter(|n| !n.chars().all(|c| c.is_ascii_digit()))
            {
                s.named.insert(name.to_string());
            }
            let mut rest = line;
            while let Some(i) = rest.find("!\"") {
                let tail = &rest[i + 2..];
                let end = tail.find('"').unwrap_or(tail.len());
                let st = &tail[..end];
                if !st.contains('\\') {
                    s.strings.insert(st.to_string());
                }
                rest = &tail[end.min(tail.len())..];
                rest = rest.get(1..).unwrap_or("");
            }
        }
    }
    s
}

fn read(path: &Path) -> Module {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    spirjit_jit::frontend::llvm::bitcode::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn compare_with_dis(dis: &str, path: &Path, m: &Module) -> Result<(), String> {
    let out = Command::new(dis).arg(path).arg("-o").arg("-").output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Ok(()); // llvm-dis refused it; nothing to compare with
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let want = summarize_text(&text);
    let got = summarize(m);
    // llvm-dis lists intrinsic declarations it adds when upgrading; compare ours as a subset.
    if got.functions != want.functions {
        for (g, w) in got.functions.iter().zip(&want.functions) {
            if g != w {
                return Err(format!("{}: function differs:\n  bitcode: {g:?}\n  llvm-dis: {w:?}", path.display()));
            }
        }
        return Err(format!(
            "{}: {} functions read, llvm-dis shows {}",
            path.display(),
            got.functions.len(),
            want.functions.len()
        ));
    }
    if !got.declarations.is_subset(&want.declarations) {
        return Err(format!("{}: declarations {:?} vs {:?}", path.display(), got.declarations, want.declarations));
    }
    if got.globals != want.globals {
        return Err(format!("{}: globals {:?} vs {:?}", path.display(), got.globals, want.globals));
    }
    if !want.strings.is_subset(&got.strings) {
        return Err(format!(
            "{}: metadata strings missing: {:?}",
            path.display(),
            want.strings.difference(&got.strings).collect::<Vec<_>>()
        ));
    }
    if got.named != want.named {
        return Err(format!("{}: named metadata {:?} vs {:?}", path.display(), got.named, want.named));
    }
    Ok(())
}

#[test]
fn reads_every_cts_bitcode_file() {
    let Some(files) = corpus_files() else { return };
    let mut failures = Vec::new();
    let mut kernels = 0;
    let start = std::time::Instant::now();
    for f in &files {
        let bytes = std::fs::read(f).unwrap_or_default();
        match spirjit_jit::frontend::llvm::bitcode::read(&bytes) {
            Ok(m) => kernels += m.functions.iter().filter(|f| !f.is_declaration()).count(),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!(
        "read {} of {} bitcode files ({kernels} function definitions) in {:?}",
        files.len() - failures.len(),
        files.len(),
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} files failed:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn cts_bitcode_matches_llvm_dis() {
    let Some(files) = corpus_files() else { return };
    let Some(dis) = tool("llvm-dis-14") else {
        eprintln!("skipped: llvm-dis-14 is not installed");
        return;
    };
    // Every file would take minutes of llvm-dis; a spread sample covers the corpus's
    // kinds (SPIRJIT_CTS_FULL=1 compares all).
    let step = if std::env::var_os("SPIRJIT_CTS_FULL").is_some() { 1 } else { 7 };
    let mut failures = Vec::new();
    for f in files.iter().step_by(step) {
        if let Err(e) = compare_with_dis(&dis, f, &read(f)) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} files differ:\n{}",
        failures.len(),
        failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Bitcode of `tests/kernels/*.cl` from an installed clang, checked against its llvm-dis.
fn clang_bitcode(clang: &str, dis: &str) {
    let (Some(clang), Some(dis)) = (tool(clang), tool(dis)) else {
        eprintln!("skipped: {clang} or {dis} is not installed");
        return;
    };
    let dir = root().join("tests/kernels");
    let tmp = std::env::temp_dir().join(format!("spirjit-bc-{}-{}", clang, std::process::id()));
    let _ = std::fs::create_dir_all(&tmp);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for cl in &files {
        let bc = tmp.join(cl.file_name().unwrap_or_default()).with_extension("bc");
        let ok = Command::new(&clang)
            .args([
                "-c",
                "-emit-llvm",
                "-target",
                "spir64",
                "-O1",
                "-Xclang",
                "-finclude-default-header",
                "-cl-std=CL2.0",
                "-o",
            ])
            .arg(&bc)
            .arg(cl)
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            continue;
        }
        count += 1;
        let bytes = std::fs::read(&bc).unwrap_or_default();
        match spirjit_jit::frontend::llvm::bitcode::read(&bytes) {
            Ok(m) => {
                if let Err(e) = compare_with_dis(&dis, &bc, &m) {
                    failures.push(e);
                }
                // The text reader on llvm-dis's output builds the same model.
                let text =
                    Command::new(&dis).arg(&bc).arg("-o").arg("-").output().map(|o| o.stdout).unwrap_or_default();
                match spirjit_jit::frontend::llvm::read(&text) {
                    Ok(t) => {
                        let (a, b) = (structure(&m), structure(&t));
                        if a != b {
                            let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
                            failures.push(format!(
                                "{}: line {at}:\n  bitcode: {:?}\n  text:    {:?}",
                                cl.display(),
                                a.get(at),
                                b.get(at)
                            ));
                        }
                    }
                    Err(e) => failures.push(format!("{}: text reader: {e}", cl.display())),
                }
            }
            Err(e) => failures.push(format!("{}: {e}", cl.display())),
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!("{clang}: {count} kernels compiled and read");
    assert!(
        failures.is_empty(),
        "{} files failed:\n{}",
        failures.len(),
        failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn clang14_bitcode_reads() {
    clang_bitcode("clang-14", "llvm-dis-14");
}

#[test]
fn clang19_bitcode_reads() {
    clang_bitcode("clang-19", "llvm-dis-19");
}

/// Mutants of corpus files (bytes flipped, runs zeroed, truncated, spliced) give a
/// module or an error, never a panic; a fixed seed keeps it reproducible.
#[test]
fn mutated_cts_bitcode_never_panics() {
    let Some(files) = corpus_files() else { return };
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut errors = 0;
    let mut total = 0;
    for f in files.iter().step_by(files.len().max(1).div_ceil(24)) {
        let good = std::fs::read(f).unwrap_or_default();
        if good.len() < 16 {
            continue;
        }
        for _ in 0..150 {
            let mut b = good.clone();
            match next() % 4 {
                0 => {
                    for _ in 0..1 + next() % 8 {
                        let i = (next() as usize) % b.len();
                        b[i] ^= 1 << (next() % 8);
                    }
                }
                1 => {
                    let i = (next() as usize) % b.len();
                    let n = (1 + next() as usize % 16).min(b.len() - i);
                    b[i..i + n].iter_mut().for_each(|x| *x = if next() % 2 == 0 { 0 } else { 0xFF });
                }
                2 => b.truncate(4 + (next() as usize) % (b.len() - 4)),
                _ => {
                    let i = 4 + (next() as usize) % (b.len() - 4);
                    let j = 4 + (next() as usize) % (b.len() - 4);
                    let n = (next() as usize % 64).min(b.len() - i.max(j));
                    let chunk = b[i..i + n].to_vec();
                    b[j..j + n].copy_from_slice(&chunk);
                }
            }
            total += 1;
            if spirjit_jit::frontend::llvm::bitcode::read(&b).is_err() {
                errors += 1;
            }
        }
    }
    eprintln!("{total} mutants, {errors} rejected");
}

/// A type as text, for comparing models whose type tables are numbered differently.
fn ty_str(m: &Module, t: spirjit_jit::frontend::llvm::model::TypeId, depth: usize) -> String {
    use spirjit_jit::frontend::llvm::model::Type;
    if depth > 8 {
        return "…".into();
    }
    let d = depth + 1;
    match m.ty(t) {
        Type::Void => "void".into(),
        Type::Int(w) => format!("i{w}"),
        Type::Half => "half".into(),
        Type::BFloat => "bfloat".into(),
        Type::Float => "float".into(),
        Type::Double => "double".into(),
        Type::OtherFloat(n) => n.to_string(),
        Type::Pointer { addrspace, pointee: Some(p) } => format!("{} addrspace({addrspace})*", ty_str(m, *p, d)),
        Type::Pointer { addrspace, pointee: None } => format!("ptr addrspace({addrspace})"),
        Type::Vector { len, elem } => format!("<{len} x {}>", ty_str(m, *elem, d)),
        Type::Array { len, elem } => format!("[{len} x {}]", ty_str(m, *elem, d)),
        Type::Struct { name: Some(n), .. } => format!("%{n}"),
        Type::Struct { name: None, fields, packed, .. } => {
            format!(
                "{}{{{}}}",
                if *packed { "packed" } else { "" },
                fields.iter().map(|f| ty_str(m, *f, d)).collect::<Vec<_>>().join(", ")
            )
        }
        Type::Function { ret, params, vararg } => {
            format!(
                "{} ({}{})",
                ty_str(m, *ret, d),
                params.iter().map(|f| ty_str(m, *f, d)).collect::<Vec<_>>().join(", "),
                if *vararg { ", ..." } else { "" }
            )
        }
        // Type parameters by what they are, not by their number (the readers number
        // types in different orders).
        Type::TargetExt { name, types, ints } => format!(
            "target({name:?}, [{}], {ints:?})",
            types.iter().map(|t| ty_str(m, *t, d)).collect::<Vec<_>>().join(", ")
        ),
        other => format!("{other:?}"),
    }
}

/// The model as comparable lines: everything but numbering and names of locals.
fn structure(m: &Module) -> Vec<String> {
    use spirjit_jit::frontend::llvm::model::{Constant, Operand};
    let mut out = Vec::new();
    let operand = |o: &Operand| match o {
        Operand::Local(_) => "local".to_string(),
        Operand::Const(c) => match m.constant(*c) {
            Constant::Int { ty, value } => format!("{} {value}", ty_str(m, *ty, 0)),
            Constant::Float { ty, bits } => format!("{} 0x{bits:x}", ty_str(m, *ty, 0)),
            Constant::Global { global, .. } => format!("@{}", m.global(*global).name),
            Constant::Function { func, .. } => format!("@{}", m.function(*func).name),
            other => format!("const {}", ty_str(m, m.const_ty(*c), 0))
                .replace("const", &format!("{:?}", std::mem::discriminant(other)).len().to_string()),
        },
        Operand::Metadata => "metadata".into(),
    };
    for g in &m.globals {
        out.push(format!(
            "global @{} {} as{} const={} init={}",
            g.name,
            ty_str(m, g.value_ty, 0),
            g.addrspace,
            g.constant,
            g.init.is_some()
        ));
    }
    // LLVM upgrades the LLVM 3.2 `llvm.memcpy/memmove/memset` (an alignment argument
    // before `isvolatile`) to today's form when it prints text; the bitcode reader keeps
    // what the file says, so the comparison drops that argument.
    let is_old_mem = |name: &str, n: usize| {
        n == 5 && ["llvm.memcpy.", "llvm.memmove.", "llvm.memset."].iter().any(|p| name.starts_with(p))
    };
    for f in &m.functions {
        if is_old_mem(&f.name, f.params.len()) || (f.is_declaration() && f.name.starts_with("llvm.mem")) {
            continue;
        }
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| format!("{} z{} s{} b{}", ty_str(m, p.ty, 0), p.attrs.zext, p.attrs.sext, p.attrs.byval.is_some()))
            .collect();
        out.push(format!("fn @{} {:?} {} ({})", f.name, f.cc, ty_str(m, f.ty, 0), params.join(", ")));
        for b in &f.blocks {
            out.push("block".into());
            for i in &b.insts {
                let ops: Vec<String> = match &i.kind {
                    InstKind::Binary { lhs, rhs, .. } => vec![operand(lhs), operand(rhs)],
                    InstKind::Store { value, ptr, align, .. } => {
                        vec![operand(value), operand(ptr), format!("align {align}")]
                    }
                    InstKind::Load { ptr, align, .. } => vec![operand(ptr), format!("align {align}")],
                    InstKind::Gep { source_ty, indices, inbounds, .. } => {
                        let mut v = vec![ty_str(m, *source_ty, 0), format!("inbounds={inbounds}")];
                        v.extend(indices.iter().map(operand));
                        v
                    }
                    InstKind::Call { callee, args, .. } => {
                        let mut v = vec![match callee {
                            spirjit_jit::frontend::llvm::model::Callee::Function(f) => m.function(*f).name.clone(),
                            other => format!("{other:?}"),
                        }];
                        let old_mem = is_old_mem(&v[0], args.len());
                        v.extend(
                            args.iter().enumerate().filter(|(k, _)| !(old_mem && *k == 3)).map(|(_, a)| operand(a)),
                        );
                        v
                    }
                    InstKind::Alloca { elem_ty, align, .. } => vec![ty_str(m, *elem_ty, 0), format!("align {align}")],
                    _ => Vec::new(),
                };
                out.push(format!("  {} {} {}", inst_name(&i.kind), ty_str(m, i.ty, 0), ops.join(", ")));
            }
            out.push(format!("  {}", term_name(&b.term)));
        }
    }
    for (n, nodes) in &m.named_metadata {
        out.push(format!("!{n} {}", nodes.len()));
    }
    out
}

/// Each CTS file read as bitcode and as the text llvm-dis-14 prints for it: the two
/// models agree on globals, signatures, instructions, types and named metadata.
#[test]
fn bitcode_and_text_readers_agree_on_the_cts_corpus() {
    let Some(files) = corpus_files() else { return };
    let Some(dis) = tool("llvm-dis-14") else {
        eprintln!("skipped: llvm-dis-14 is not installed");
        return;
    };
    let step = if std::env::var_os("SPIRJIT_CTS_FULL").is_some() { 1 } else { 7 };
    let mut failures = Vec::new();
    let mut compared = 0;
    for f in files.iter().step_by(step) {
        let Ok(out) = Command::new(&dis).arg(f).arg("-o").arg("-").output() else { continue };
        if !out.status.success() {
            continue;
        }
        let text = match spirjit_jit::frontend::llvm::read(&out.stdout) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: text reader: {e}", f.display()));
                continue;
            }
        };
        let (a, b) = (structure(&read(f)), structure(&text));
        compared += 1;
        if a != b {
            let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            failures.push(format!(
                "{}: line {at}:\n  bitcode: {:?}\n  text:    {:?}",
                f.display(),
                a.get(at),
                b.get(at)
            ));
        }
    }
    eprintln!("{compared} files compared");
    assert!(
        failures.is_empty(),
        "{} files differ:\n{}",
        failures.len(),
        failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

//! Tests of the KIR text reader: hand-written text, round trips of what the text form
//! prints, and the errors (line:column and what was expected).

use super::*;
use crate::ir::{AddressSpace, BinaryOp, Scalar};

const SAMPLE: &str = r#"module pointer_bits(64) capabilities(Addresses, Kernel)
data0 (table): 8 bytes, align 4, writable
  bytes 01000000 02
kernel "odd name"(global f32* a [read_only, const, restrict, type "const float*"]: global f32*, {@0 i32, @8 f64; size 24, align 8} s [read_only, value ptr<private>]: struct[size 24, align 8], i32 n: u32, i8x4 c: int8x4, sampler smp, read_only image2D img) reqd_work_group_size(8, 1, 1) work_group_size_hint(4, 2, 1) local 64 bytes local_zero_init(0:16, 32:8) {
  var0 ("a (b)"): 16 bytes, align 4, initialised
    bytes 0a
  var1: 8 bytes, align 8
block0():
    v0: ptr<global> = param 0  ; a
    v1: i32 = const 0x0
    v2: i64 = GlobalId v1
    v3: f32x4 = const 0x1, 0x2, 0x3, 0x4
    v4: f32 = extract v3, 2
    v5: f32x4 = shuffle v3, v3, [7, _, 0, 1]
    v6: bool = fcmp OrdLt v4, v4
    v7: i32 = sub_group Arith(IAdd, Clustered) v1, v1
    v8: i32 = convert FToS sat TowardZero v4
    v12: i32 = const 0x5
    store v0, v4, align 4
    br v6, block1(v1), block2()
block1(v9 ("x\ny"): i32):
    v10: i32 = IAdd v9, v12
    v11: ptr<private> = var_addr var1
    switch v10, default block2(), 0 => block2(), 7 => block2()
block2():
    v13: i32 = call_whole spirjit_image_query(v0, v1)
    return
}
"#;

#[test]
fn a_hand_written_module_reads_and_prints_back() {
    let m = parse_module(SAMPLE).unwrap();
    assert_eq!(m.to_string(), SAMPLE);
    assert_eq!(m.data[0].bytes, vec![1, 0, 0, 0, 2, 0, 0, 0]);
    let k = &m.kernels[0];
    assert_eq!(k.name, "odd name");
    assert_eq!(k.params[0].type_name.as_deref(), Some("const float*"));
    assert_eq!(k.params[0].qualifiers.words(), ["const", "restrict"]);
    assert_eq!(k.params[1].value_type, Type::ptr(AddressSpace::Private));
    assert_eq!(
        k.params[2].host,
        crate::ir::HostType::Scalar(crate::ir::HostScalar::Int { bits: 32, sign: crate::ir::Signedness::Unsigned })
    );
    assert_eq!(k.params[3].host.to_string(), "int8x4");
    assert_eq!(k.params[5].kind, ParamKind::Image { dim: "2D".into(), access: "read_only".into() });
    assert_eq!(k.local_zero_init, vec![(0, 16), (32, 8)]);
    let f = &k.func;
    assert_eq!(f.vars[0].name.as_deref(), Some("a (b)"));
    assert_eq!(f.vars[0].init.as_ref().map(|i| i.len()), Some(16));
    assert_eq!(f.values[9].name.as_deref(), Some("x\ny"));
    assert_eq!(f.values[0].name.as_deref(), Some("a"));
    assert_eq!(f.ty(Value(3)), &Type::Vector(Scalar::F32, 4));
    // Values keep their numbers whatever the order of their lines.
    assert_eq!(f.def_inst(Value(10)).map(|i| &i.kind), Some(&InstKind::Binary(BinaryOp::IAdd, Value(9), Value(12))));
    crate::verify::verify(f).unwrap();
}

#[test]
fn a_function_without_a_module_reads() {
    let f = parse_function("block0():\n    v0: i32 = const 0x1\n    return\n").unwrap();
    assert_eq!(f.blocks.len(), 1);
    assert_eq!(f.scalar_const(Value(0)), Some(1));
    let m = parse_module("kernel k() {\nblock0():\n    return\n}\n").unwrap();
    assert_eq!(m.pointer_bits, 64);
}

/// The message of the error for `text`.
fn error(text: &str) -> String {
    match parse_module(text) {
        Ok(m) => panic!("read without error:\n{m}"),
        Err(e) => {
            assert!(matches!(e, CompileError::Invalid { .. }), "{e:?}");
            e.message().to_string()
        }
    }
}

#[test]
fn errors_say_where_and_what_was_expected() {
    let k = |body: &str| format!("kernel k(global i32* p) {{\nblock0():\n{body}\n}}\n");
    let cases: Vec<(String, &str)> = vec![
        (k("    v0: i32 = IAd v1, v1\n    return"), "KIR text 3:15: expected an operation, found `IAd`"),
        (k("    v0: i33 = const 0x1\n    return"), "KIR text 3:9: expected a type, found `i33`"),
        (k("    v0: i32 = load v1 align 4\n    return"), "KIR text 3:23: expected `,`, found `align`"),
        (k("    v0: i32 = const 0x1\n    jump block7()"), "KIR text 4:1: block7 does not exist (1 blocks)"),
        (k("    v0: i32 = IAdd v0, v9\n    return"), "KIR text 3:5: v9 is used but never defined"),
        (
            k("    v0: i32 = const 0x1\n    v0: i32 = const 0x2\n    return"),
            "KIR text 4:5: v0 is defined again (first at 3:5)",
        ),
        (k("    return 5"), "KIR text 3:12: expected the end of the line, found `5`"),
        (
            "kernel k() {\nblock1():\n    return\n}\n".into(),
            "KIR text 2:1: expected `block0` (blocks are numbered in order)",
        ),
        (
            "kernel k() {\nblock0():\n    return\n".into(),
            "KIR text 3:1: expected `}` closing the kernel, found the end of the text",
        ),
        ("kernel k(global i32 p) {\n}\n".into(), "KIR text 1:21: expected `*`, found `p`"),
        ("kernel k() {\nblock0(v0: f32x5):\n    return\n}\n".into(), "KIR text 2:12: expected a type, found `f32x5`"),
        ("data0: 2 bytes, align 1\n  bytes 010203\n".into(), "KIR text 2:9: more bytes than the 2 the line 1 declares"),
        (
            "kernel k() {\n  var0 (\"x): 4 bytes, align 4\n}\n".into(),
            "KIR text 2:30: expected the closing `\"` of a string, found the end of the line",
        ),
        (
            "kernel k(\n".into(),
            "KIR text 1:10: expected a parameter kind (`global T*`, a type, `sampler`, `read_only image2D`), found \
             the end of the line",
        ),
    ];
    let mut wrong = Vec::new();
    for (text, want) in &cases {
        let got = error(text);
        if got != *want {
            wrong.push(format!("{text:?}\n  got  {got}\n  want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

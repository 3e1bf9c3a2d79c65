//! Kernel `printf` through real modules (`tests/kernels/printf/printf.cl`, built by its
//! `build.sh`): every conversion, flags, width and precision, vector specifiers, constant
//! strings, and the order of output across work-items and lane groups. Each test runs
//! both builds (O0, O2) at W = 1 and W = 4 and compares the captured text. The kernels of
//! `lengths.cl` run every conversion with every length modifier (and every vector
//! specifier) on boundary values at W = 1, 4 and 16, compared with the host C library's
//! `snprintf` rather than with strings written here.

use std::path::Path;

use spirjit::{Arg, NdRange, Options, Program};

/// Every build at W = 1 and W = 4, bounds-checked.
fn programs() -> Vec<(String, Program)> {
    let mut out = Vec::new();
    for build in ["O0", "O2"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/kernels/printf/printf.{build}.spv"));
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (rebuild with tests/kernels/printf/build.sh)", path.display()));
        for lanes in [1, 4] {
            let p = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((format!("{build} W={lanes}"), p));
        }
    }
    out
}

/// Runs a kernel on the arguments it is given.
type Runner<'r> = dyn FnMut(&mut [Arg<'_>]) + 'r;

/// Run kernel `name` of every build over `range` with the arguments `make` builds and
/// check the captured output.
fn check(name: &str, range: NdRange, make: &mut dyn FnMut(&mut Runner<'_>), expected: &str) {
    for (what, p) in programs() {
        let k = p.kernel(name).unwrap_or_else(|e| panic!("{e}"));
        let mut got = String::new();
        make(&mut |args: &mut [Arg<'_>]| {
            let (_, text) = k.run_capturing(&range, args).unwrap_or_else(|e| panic!("{what}: {e}"));
            got = text;
        });
        assert_eq!(got, expected, "{name} ({what})");
    }
}

#[test]
fn integer_conversions_and_flags() {
    let a = [42i32, 7, 255, 8, 65, -3];
    check(
        "scalars",
        NdRange::d1(1),
        &mut |run| run(&mut [Arg::buffer(&mut a.clone())]),
        "i=42 u=7 x=ff X=0XFF o=10 c=A neg=-3 pad=[   42|42   |-0003]\n",
    );
}

#[test]
fn length_modifiers() {
    let a = [-123456789012i64, -1, 0xdead_beef_cafe, 300];
    check(
        "lengths",
        NdRange::d1(1),
        &mut |run| run(&mut [Arg::buffer(&mut a.clone())]),
        "-123456789012 18446744073709551615 deadbeefcafe 300 44 300\n",
    );
}

#[test]
fn float_conversions() {
    let f = [1.5f32, 2.34567, 3.14259, -2.375, 12345.678, 100000.0, 0.0001, 1e-5, 0.5, -2.0];
    let d = [1.0f64 / 3.0, 0.1, 6.02214076e23];
    check(
        "floats",
        NdRange::d1(1),
        &mut |run| run(&mut [Arg::buffer(&mut f.clone()), Arg::buffer(&mut d.clone())]),
        "1.500000 2.346 [      3.14] [-2.4    ] 1.234568e+04 1.234568E+04 100000 0.0001 1E-05\n\
         0x1p-1 -0X1P+1 0x1.00p-1 0.333333 0.100000000000 6.022141e+23\n",
    );
}

#[test]
fn infinities_and_nans() {
    let f = [f32::INFINITY, f32::NEG_INFINITY, f32::NAN, 0.7];
    check(
        "specials",
        NdRange::d1(1),
        &mut |run| run(&mut [Arg::buffer(&mut f.clone())]),
        "inf -inf nan INF +0.7  0.7\n",
    );
}

#[test]
fn vector_specifiers() {
    let f = [[1.0f32, 2.5, -3.0, 4.0]];
    let i = [[7i32, -8]];
    check(
        "vectors",
        NdRange::d1(1),
        &mut |run| run(&mut [Arg::buffer(&mut f.clone()), Arg::buffer(&mut i.clone())]),
        "f=1.000000,2.500000,-3.000000,4.000000 w=7,-8 c=1,-2,3 l=-5,1099511627776 \
         x=0xfffffffffffffffb,0x10000000000 us=1,2,65535,4 p=1.0,2.5,-3.0,4.0\n",
    );
}

#[test]
fn strings_and_percent() {
    let a = [42i32];
    check(
        "strings",
        NdRange::d1(1),
        &mut |run| run(&mut [Arg::buffer(&mut a.clone())]),
        "hello|     right|left  |tr|ok\n100% done: 42%\nno args\n",
    );
}

#[test]
fn output_is_ordered_by_work_item() {
    let n = 103usize;
    let expected: String = (0..n).map(|i| format!("item {i} first\nitem {i} second\n")).collect();
    for local in [1u64, 4, 8] {
        check(
            "order",
            NdRange::d1(n as u64).local(&[local]),
            &mut |run| {
                let mut a = vec![0i32; n];
                run(&mut [Arg::buffer(&mut a)]);
            },
            &expected,
        );
    }
    let expected: String = (0..5).flat_map(|y| (0..3).map(move |x| format!("({x},{y})\n"))).collect();
    check(
        "order2d",
        NdRange::d2(3, 5).local(&[1, 5]),
        &mut |run| {
            let mut a = vec![0i32; 1];
            run(&mut [Arg::buffer(&mut a)]);
        },
        &expected,
    );
}

#[test]
fn divergent_printf_prints_once_per_work_item() {
    let a: Vec<i32> = (0..13).map(|i| if i % 3 == 0 { i + 1 } else { -i }).collect();
    let expected: String =
        (0..13).map(|i| if i % 3 == 0 { format!("pos {i} = {}\n", i + 1) } else { format!("neg {i}\n") }).collect();
    check("divergent", NdRange::d1(13), &mut |run| run(&mut [Arg::buffer(&mut a.clone())]), &expected);
}

// ---- every conversion with every length modifier, against the C library ------------------
//
// `tests/kernels/printf/lengths.cl` prints boundary values with every conversion and
// length modifier; here each conversion specification of its formats is formatted with
// the host C library's `snprintf` (vector specifications component by component, joined
// by `,`), and the kernel's output must be the same text.

use std::ffi::{c_char, c_int, c_long, c_void};

extern "C" {
    fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
}

/// One argument as the C library receives it (after the default argument promotions).
#[derive(Clone, Copy, Debug)]
enum CArg {
    Int(c_int),
    Long(c_long),
    Double(f64),
    Ptr(*const c_void),
    Str(&'static std::ffi::CStr),
}

/// `snprintf(spec, arg)` for one conversion specification.
fn c_format(spec: &str, arg: Option<CArg>) -> String {
    let fmt = std::ffi::CString::new(spec).unwrap();
    let mut buf = vec![0u8; 512];
    let (p, n, f) = (buf.as_mut_ptr() as *mut c_char, buf.len(), fmt.as_ptr());
    // SAFETY: the buffer holds `n` bytes; each specification takes exactly the argument
    // passed, of the promoted type it converts.
    let len = unsafe {
        match arg {
            None => snprintf(p, n, f),
            Some(CArg::Int(x)) => snprintf(p, n, f, x),
            Some(CArg::Long(x)) => snprintf(p, n, f, x),
            Some(CArg::Double(x)) => snprintf(p, n, f, x),
            Some(CArg::Ptr(x)) => snprintf(p, n, f, x),
            Some(CArg::Str(x)) => snprintf(p, n, f, x.as_ptr()),
        }
    };
    let len = usize::try_from(len).unwrap_or_else(|_| panic!("snprintf failed on {spec:?}"));
    assert!(len < n, "{spec:?}: output too long");
    String::from_utf8(buf[..len].to_vec()).unwrap_or_else(|e| panic!("{spec:?}: {e}"))
}

/// A vector specification (`%+5v4hhd`) as the scalar one for each component (`%+5hhd`;
/// `hl` means `int`/`float` components, no modifier in C) and its component count.
fn split_vector_spec(spec: &str) -> Option<(String, usize)> {
    let v = spec.find('v')?;
    let digits: String = spec[v + 1..].chars().take_while(char::is_ascii_digit).collect();
    let rest = &spec[v + 1 + digits.len()..];
    let rest = rest.strip_prefix("hl").unwrap_or(rest);
    Some((format!("{}{rest}", &spec[..v]), digits.parse().ok()?))
}

/// What the C library prints for `fmt` (conversion specifications separated by `|`, the
/// last one followed by a newline) with the arguments of each specification in order
/// (one per component for vector specifications; none for `%%`).
fn c_expected(fmt: &str, args: &[Vec<CArg>]) -> String {
    let body = fmt.strip_suffix('\n').unwrap_or(fmt);
    let mut args = args.iter();
    let mut pieces = Vec::new();
    for spec in body.split('|') {
        if !spec.starts_with('%') {
            pieces.push(spec.to_string());
        } else if spec == "%%" {
            pieces.push(c_format(spec, None));
        } else {
            let a = args.next().unwrap_or_else(|| panic!("no argument for {spec:?} in {fmt:?}"));
            match split_vector_spec(spec) {
                Some((scalar, n)) => {
                    assert_eq!(a.len(), n, "{spec:?}: {} components given", a.len());
                    pieces.push(a.iter().map(|x| c_format(&scalar, Some(*x))).collect::<Vec<_>>().join(","));
                }
                None => pieces.push(c_format(spec, Some(a[0]))),
            }
        }
    }
    assert!(args.next().is_none(), "more arguments than specifications in {fmt:?}");
    let nl = if fmt.ends_with('\n') { "\n" } else { "" };
    pieces.join("|") + nl
}

/// Run kernel `name` of `lengths.{O0,O2}.spv` at W = 1, 4 and 16 and compare its output
/// with `expected`, line by line.
fn check_lengths<'a>(name: &str, items: u64, args: &mut dyn FnMut() -> Vec<Arg<'a>>, expected: &str) {
    for build in ["O0", "O2"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/kernels/printf/lengths.{build}.spv"));
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (rebuild with tests/kernels/printf/build.sh)", path.display()));
        for lanes in [1, 4, 16] {
            let p = Program::with_options(&bytes, &Options { lanes, checked: true, robust_buffer_access: false })
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let k = p.kernel(name).unwrap_or_else(|e| panic!("{e}"));
            let (_, got) = k
                .run_capturing(&NdRange::d1(items), &mut args())
                .unwrap_or_else(|e| panic!("{name} ({build} W={lanes}): {e}"));
            for (i, (g, w)) in got.split_inclusive('\n').zip(expected.split_inclusive('\n')).enumerate() {
                assert_eq!(g, w, "{name} ({build} W={lanes}), line {i}");
            }
            assert_eq!(got.lines().count(), expected.lines().count(), "{name} ({build} W={lanes}): line count");
        }
    }
}

/// The integer conversions of `INT_CONVS(L)` in lengths.cl: (flags, width and precision;
/// conversion).
const INT_CONVS: [(&str, &str); 19] = [
    ("", "d"),
    ("", "i"),
    ("", "o"),
    ("", "u"),
    ("", "x"),
    ("", "X"),
    ("#", "o"),
    ("#", "x"),
    ("#", "X"),
    ("+", "d"),
    (" ", "i"),
    ("8", "d"),
    ("-8", "u"),
    ("08", "x"),
    (".3", "d"),
    (".0", "u"),
    ("12.5", "x"),
    ("-+6", "i"),
    ("#.0", "o"),
];

/// The float conversions of `FLOAT_CONVS(L)` in lengths.cl.
const FLOAT_CONVS: [(&str, &str); 23] = [
    ("", "f"),
    ("", "F"),
    ("", "e"),
    ("", "E"),
    ("", "g"),
    ("", "G"),
    ("", "a"),
    ("", "A"),
    (".0", "f"),
    ("#.0", "f"),
    (".3", "e"),
    ("#.0", "e"),
    (".10", "g"),
    ("#", "g"),
    (".0", "g"),
    (".3", "a"),
    (".0", "a"),
    ("#.0", "a"),
    ("+12.4", "f"),
    ("-12.3", "e"),
    (" 012.3", "g"),
    ("015", "a"),
    (".20", "e"),
];

fn convs(list: &[(&str, &str)], length: &str) -> String {
    list.iter().map(|(f, c)| format!("%{f}{length}{c}")).collect::<Vec<_>>().join("|") + "\n"
}

/// Integer boundary values: of every width, signed and unsigned.
const INT_VALUES: [i64; 21] = [
    0,
    1,
    -1,
    42,
    127,
    128,
    -128,
    255,
    256,
    32767,
    32768,
    -32768,
    65535,
    i32::MAX as i64,
    i32::MIN as i64,
    u32::MAX as i64,
    1 << 32,
    i64::MAX,
    i64::MIN,
    -2,
    0x1234_5678_9abc_def0,
];

#[test]
fn integer_conversions_with_every_length_modifier_match_the_c_library() {
    type Cast = fn(i64) -> CArg;
    let groups: [(&str, Cast); 12] = [
        ("hh", |x| CArg::Int(c_int::from(x as i8))),
        ("h", |x| CArg::Int(c_int::from(x as i16))),
        ("", |x| CArg::Int(x as i32)),
        ("l", CArg::Long),
        ("ll", CArg::Long),
        ("j", CArg::Long),
        ("z", CArg::Long),
        ("t", CArg::Long),
        ("hh", |x| CArg::Int(c_int::from(x as u8))),
        ("h", |x| CArg::Int(c_int::from(x as u16))),
        ("", |x| CArg::Int(x as u32 as i32)),
        ("l", CArg::Long),
    ];
    let mut expected = String::new();
    for x in INT_VALUES {
        for (length, cast) in groups {
            expected += &c_expected(&convs(&INT_CONVS, length), &vec![vec![cast(x)]; INT_CONVS.len()]);
        }
    }
    check_lengths("int_lengths", INT_VALUES.len() as u64, &mut || vec![Arg::read_only(&INT_VALUES)], &expected);
}

/// Float boundary values: zeros, subnormals, the smallest normal and largest finite
/// values of half, float and double, ties of rounding, infinities and NaN.
fn float_values() -> Vec<f64> {
    let mut v = vec![
        0.0,
        1.5,
        0.1,
        2.5,
        0.125,
        1e-5,
        123456789.0,
        1e21,
        65504.0,
        6e-8,
        f64::from(f32::from_bits(1)),
        f64::from(f32::MIN_POSITIVE),
        f64::from(f32::MAX),
        f64::from_bits(1),
        f64::MIN_POSITIVE,
        f64::MAX,
        1.0 / 3.0,
        9.5,
        0.000_123_456_789,
        f64::INFINITY,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v.push(f64::NAN);
    v
}

#[test]
fn float_conversions_with_every_length_modifier_match_the_c_library() {
    use spirjit_builtins::half::{f64_to_half, half_to_f32, Rounding};
    type Cast = fn(f64) -> f64;
    let groups: [(&str, Cast); 5] = [
        ("", |x| f64::from(x as f32)),
        ("l", |x| f64::from(x as f32)),
        ("", |x| x),
        ("l", |x| x),
        ("", |x| f64::from(half_to_f32(f64_to_half(x, Rounding::Rte)))),
    ];
    let values = float_values();
    let mut expected = String::new();
    for &x in &values {
        for (length, cast) in groups {
            let arg = CArg::Double(cast(x));
            expected += &c_expected(&convs(&FLOAT_CONVS, length), &vec![vec![arg]; FLOAT_CONVS.len()]);
        }
    }
    check_lengths("float_lengths", values.len() as u64, &mut || vec![Arg::read_only(&values)], &expected);
}

#[test]
fn vector_specifiers_with_every_length_modifier_match_the_c_library() {
    use spirjit_builtins::half::{f64_to_half, half_to_f32, Rounding};
    let ints = INT_VALUES;
    let floats = float_values();
    let n = ints.len().min(floats.len());
    let int = |x: i64| CArg::Int(x as i32);
    let mut expected = String::new();
    for i in 0..n {
        let l = |k: usize| ints[(i + k) % n];
        let f = |k: usize| floats[(i + k) % n];
        let c: Vec<i64> = (0..4).map(|k| i64::from(l(k) as i8)).collect();
        let s: Vec<i64> = (0..4).map(|k| i64::from(l(k) as i16)).collect();
        let w: Vec<i64> = (0..4).map(|k| i64::from(l(k) as i32)).collect();
        let c16: Vec<i64> = (0..16).map(|k| i64::from((c[k % 4] as i8).wrapping_add((k / 4) as i8))).collect();
        let s8: Vec<i64> = (0..8).map(|k| i64::from((s[k % 4] as i16).wrapping_sub((k / 4) as i16))).collect();
        let ci = |v: &[i64]| v.iter().map(|x| int(*x)).collect::<Vec<_>>();
        let (c, s, w3, w) = (ci(&c), ci(&s), ci(&w[..3]), ci(&w));
        let (c16, s8) = (ci(&c16), ci(&s8));
        let l2 = vec![CArg::Long(l(0)), CArg::Long(l(1))];
        let g: Vec<CArg> = (0..4).map(|k| CArg::Double(f64::from(f(k) as f32))).collect();
        let d = vec![CArg::Double(f(0)), CArg::Double(f(1))];
        let h: Vec<CArg> =
            (0..2).map(|k| CArg::Double(f64::from(half_to_f32(f64_to_half(f(k), Rounding::Rte))))).collect();
        let lines: [(&str, Vec<Vec<CArg>>); 7] = [
            ("%v4hhd|%v4hhi|%v4hho|%v4hhu|%v4hhx|%#v4hhX|%+5v4hhd|%v16hhx\n", [vec![c.clone(); 7], vec![c16]].concat()),
            ("%v4hd|%v4hi|%#v4ho|%v4hu|%v4hx|%v4hX|%-7v4hd|%.4v8hx\n", [vec![s.clone(); 7], vec![s8]].concat()),
            (
                "%v4hld|%v4hli|%v4hlo|%v4hlu|%#v4hlx|%v4hlX|%+v4hld|%012v4hlx|%v3hld\n",
                [vec![w.clone(); 8], vec![w3]].concat(),
            ),
            ("%v2ld|%v2li|%v2lo|%v2lu|%v2lx|%#v2lX|% v2ld|%-22v2lu|\n", vec![l2.clone(); 8]),
            ("%v4hlf|%.2v4hle|%v4hlg|%v4hla|%#v4hlG|%+10.3v4hlf|%v4hlA\n", vec![g.clone(); 7]),
            ("%v2lf|%.3v2le|%v2lg|%v2la|%.12v2lg|%-14.2v2lE|%v2lF\n", vec![d.clone(); 7]),
            ("%v2hf|%v2he|%v2hg|%v2ha\n", vec![h.clone(); 4]),
        ];
        for (fmt, args) in lines {
            expected += &c_expected(fmt, &args);
        }
    }
    check_lengths(
        "vector_lengths",
        n as u64,
        &mut || vec![Arg::read_only(&ints), Arg::read_only(&floats), Arg::value(n as i32)],
        &expected,
    );
}

#[test]
fn characters_strings_and_pointers_match_the_c_library() {
    let values: Vec<i32> = [0, 32, 65, 97, 126, 48, 10].to_vec();
    let bytes = [7u8; 16];
    let ptr = bytes.as_ptr() as *const c_void;
    let word = CArg::Str(c"word");
    let mut expected = String::new();
    for &x in &values {
        let c = CArg::Int(x);
        let args: Vec<Vec<CArg>> =
            [c, c, c, word, word, word, word, word, CArg::Ptr(ptr), CArg::Ptr(ptr), CArg::Ptr(ptr)]
                .iter()
                .map(|a| vec![*a])
                .collect();
        expected += &c_expected("%c|%5c|%-3c|%%|%s|%8s|%-8s|%.2s|%.0s|%p|%20p|%-20p|\n", &args);
    }
    check_lengths(
        "chars_strings_pointers",
        values.len() as u64,
        &mut || vec![Arg::read_only(&values), Arg::read_only(&bytes)],
        &expected,
    );
}

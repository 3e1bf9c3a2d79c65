//! Kernel `printf` through real modules (`tests/kernels/printf/printf.cl`, built by its
//! `build.sh`): every conversion, flags, width and precision, vector specifiers, constant
//! strings, and the order of output across work-items and lane groups. Each test runs
//! both builds (O0, O2) at W = 1 and W = 4 and compares the captured text.

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
            let p = Program::with_options(&bytes, &Options { lanes, checked: true })
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

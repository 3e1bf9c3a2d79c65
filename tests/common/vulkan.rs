//! Loading the Vulkan shaders of `tests/kernels/vulkan/` and running one at several
//! widths, for the Vulkan tests (`tests/vulkan*.rs`). A missing `.spv` is a failure
//! saying how to rebuild it.

use std::path::Path;

use spirjit::{Arg, NdRange, Options, Program};

/// `tests/kernels/vulkan/<name>.spv` (`name` may have a folder: `images/storage`) at
/// `lanes` work-items per lane group, checked.
pub fn program(name: &str, lanes: u32) -> Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/vulkan").join(format!("{name}.spv"));
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; rebuild with tests/kernels/vulkan/build.sh", path.display()));
    Program::with_options(&bytes, &Options { lanes, checked: true, ..Options::default() })
        .unwrap_or_else(|e| panic!("{name} (lanes {lanes}): {e}"))
}

/// Run `main` of `name` over `n` invocations at each of `widths`; `run` gets a runner for
/// fresh arguments and returns the outputs to compare; every width must agree with the
/// first.
pub fn at_every_width<T: PartialEq + std::fmt::Debug>(
    name: &str,
    n: u64,
    widths: &[u32],
    mut run: impl FnMut(&mut dyn FnMut(&mut [Arg<'_>])) -> T,
) -> T {
    let mut first: Option<T> = None;
    for &lanes in widths {
        let p = program(name, lanes);
        let k = p.kernel("main").unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = run(&mut |args: &mut [Arg<'_>]| {
            k.run(&NdRange::d1(n), args).unwrap_or_else(|e| panic!("{name} (lanes {lanes}): {e}"));
        });
        match &first {
            None => first = Some(got),
            Some(f) => assert_eq!(f, &got, "{name}: lanes {lanes} differs from lanes {}", widths[0]),
        }
    }
    first.unwrap_or_else(|| panic!("no widths"))
}

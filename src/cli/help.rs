//! Help and usage texts of the command line. Text only; no logic.

pub const USAGE: &str = "\
Usage: spirjit info MODULE [--lanes W]
       spirjit dump MODULE [--kernel NAME] [--lanes W] [--kir|--clif|--clif-opt|--asm|--remarks]
       spirjit run MODULE [--kernel NAME] --global X[,Y[,Z]] [--arg SPEC]... [options]
       spirjit bench KERNEL_FILE --kernel NAME --global X[,Y[,Z]] [--arg SPEC]... [options]
       spirjit bench --suite DIR|FILE [options]
       spirjit bench --list-devices
       spirjit vulkan-icd
       spirjit opencl-icd
";

pub const HELP: &str = "\
spirjit — run GPU compute kernels (SPIR-V) on the CPU

Usage: spirjit <COMMAND> [ARGS]

Commands:
  info MODULE                      kernels, arguments (types, address spaces, names),
                                   capabilities, addressing, required work-group sizes,
                                   and the lowering path each kernel gets
  dump MODULE [--kernel NAME]      the kernel IR as text; --clif for Cranelift IR,
                                   --asm for machine code, --remarks for the compile's
                                   decisions and why (--lanes W for the SIMD path)
  run MODULE --kernel NAME ...     run a kernel on generated or .npy data
  bench FILE --kernel NAME ...     time a kernel on spirjit and every OpenCL, Vulkan and
                                   CUDA device side by side, cross-checking the results
                                   (runs the Python module: `pip install spirjit`)
  vulkan-icd                       write the Vulkan driver's ICD manifest next to
                                   libspirjit_vulkan.so and print its path
                                   (VK_DRIVER_FILES=$(spirjit vulkan-icd) vulkaninfo)
  opencl-icd                       write the OpenCL platform's .icd file next to
                                   libspirjit_opencl.so and print its path
                                   (OCL_ICD_VENDORS=$(spirjit opencl-icd) clinfo)

Options:
  -h, --help                       this text (`spirjit run --help` for run's options)
  -V, --version                    the version

Environment:
  SPIRJIT_NUM_THREADS              worker threads (0 or unset: one per core)
  SPIRJIT_LANES                    work-items per lane group (0 or unset: chosen per kernel)
  SPIRJIT_WARN_PARTIAL_ELEMENTS    1: warn when a buffer is not a whole number of elements
  SPIRJIT_LOG                      1: the OpenCL platform prints every error it returns
";

pub const INFO: &str = "\
Usage: spirjit info MODULE [--lanes W] [--unchecked] [--timings] [--remarks]

Print the module's kernels with their arguments (type, address space, name, access),
the declared capabilities, the addressing model and required work-group sizes, and
which lowering path each kernel gets when compiled for W work-items per lane group
(default: SPIRJIT_LANES, else chosen per kernel): the vector path (SIMD lanes, masked when control flow diverges) or the
scalar path and why (a kernel over the compile budget at W gets a smaller W, or the
scalar path, and the note says so). --timings adds the time each compile stage took:
the front end for the module, then per kernel planning, lowering and code generation.
--remarks adds, per kernel, its divergent branches with the chain of definitions that
makes each condition vary, and how each memory access of the SIMD path is done.
";

pub const DUMP: &str = "\
Usage: spirjit dump MODULE [--kernel NAME] [--lanes W] [--kir|--clif|--clif-opt|--asm|--remarks|--spirv] [--unchecked] [--robust]

Print the kernel IR (KIR) of the module, or of one kernel with --kernel.
  --kir           the kernel IR (the default)
  --clif          the Cranelift IR the code generator builds, before optimisation
  --clif-opt      the Cranelift IR after Cranelift's optimisations
  --asm           the machine code (Cranelift's disassembly of its final instructions)
  --remarks       what the compile decided and why: the path (W, masked, or why W = 1),
                  each divergent branch with the chain that makes it vary, and how each
                  memory access of the SIMD path is done (consecutive, strided, gather)
  --spirv         the SPIR-V module as text: for LLVM IR (.ll, .bc), the SPIR-V the LLVM
                  front end writes for it
  --lanes W       work-items per lane group (1: the scalar path; 2, 4, 8, 16: the SIMD
                  path; default 0 = chosen per kernel, or SPIRJIT_LANES); each kernel's
                  header line says which path it got
  --unchecked     without bounds checks
  --robust        with robust buffer access (out-of-bounds reads zero, writes dropped)
";

pub const RUN: &str = "\
Usage: spirjit run MODULE [--kernel NAME] --global X[,Y[,Z]] [--arg SPEC]... [options]

Run a kernel once (or --repeat times) over an NDRange. Arguments are given in order,
one --arg per kernel parameter.

Argument SPEC:
  TYPE[COUNT]=INIT    a buffer of COUNT elements; INIT is one of
                        zeros, ones, iota (0,1,2,...), rand:SEED (integers uniform
                        in [0,100), floats uniform in [0,1)), a number (every element),
                        @FILE.npy (COUNT may be omitted: f32=@a.npy)
  TYPE=VALUE          a scalar, e.g. i32=5, f32=0.5
  TYPExN=V1,...,VN    a vector value, e.g. f32x4=1,2,3,4
  bytes=HEX           a by-value argument as raw little-endian bytes (structs)
  local=BYTES         local memory for a __local pointer argument
  imageDIM:ORDER:TYPE:SIZE=INIT
                      an image, e.g. image2d:rgba:unorm8:64x32=rand:1; DIM is 1d,
                        1d_array, 1d_buffer, 2d, 2d_array, 3d; SIZE is WxH (WxHxD,
                        W x LAYERS...); INIT is zeros, rand:SEED or @FILE.npy (raw
                        texel bytes); --print / --out show its raw bytes
  sampler=PROPS       a sampler, e.g. sampler=normalized,repeat,linear
  TYPE is one of i8, u8, i16, u16, i32, u32, i64, u64, f32, f64.

Options:
  --kernel NAME          the kernel (may be left out when the module has one kernel)
  --global X[,Y[,Z]]     global size; the number of entries sets the dimensions
  --local X[,Y[,Z]]      work-group size (default: reqd_work_group_size or chosen)
  --offset X[,Y[,Z]]     global offset
  --shared BYTES         dynamic shared memory (`extern __shared__`) of a CUDA kernel,
                         its implicit last argument (default: 1 byte)
  --arg SPEC             one kernel argument (repeat, in order)
  --print INDEX[:N]      print the first N (default 16) elements of buffer INDEX
  --out INDEX=FILE.npy   write buffer INDEX to a NumPy .npy file
  --repeat K             run K times and report the median time
  --threads N            worker threads (0: one per core)
  --lanes W              work-items per lane group: 1 scalar, 2/4/8/16 SIMD, 0 chosen
                         per kernel (default: SPIRJIT_LANES, else 0)
  --unchecked            no bounds checks on memory accesses
  --robust               out-of-bounds reads give zero and writes are dropped (Vulkan's
                         robust buffer access) instead of stopping with an error
  --timeout SECONDS      stop the kernel after this long (each run of --repeat)
  --spec ID=VALUE        a specialization constant of a Vulkan shader, by SpecId
                         (repeat; true/false, integers, numbers); buffers of a Vulkan
                         shader are --arg in (set, binding) order, push constants last
";

pub const BENCH: &str = "\
Usage: spirjit bench KERNEL_FILE --kernel NAME --global X[,Y[,Z]] [--local X[,Y[,Z]]] [--arg SPEC]... [options]
       spirjit bench --suite DIR|FILE [options]
       spirjit bench --list-devices

Run a kernel (or every case of a suite) on spirjit and on every other device the machine
has -- OpenCL devices through PyOpenCL (PoCL, GPUs, spirjit's OpenCL platform), Vulkan
devices through the `vulkan` package (lavapipe, GPUs, spirjit's Vulkan driver) for
Vulkan compute modules, NVIDIA GPUs through CuPy for CUDA sources -- and print one table:
first launch, kernel time (median and spread), end to end, GB/s, GFLOP/s, the place on
each device's roofline, and every device's outputs checked against spirjit's. The work is
done by the Python module spirjit.bench (`python3 -m spirjit.bench`, or the interpreter
SPIRJIT_PYTHON names); install it with `pip install spirjit`. See docs/bench.md.

KERNEL_FILE is OpenCL C (.cl), SPIR-V (.spv, OpenCL kernels or Vulkan compute shaders)
or CUDA (.cu). Arguments are --arg SPECs as for `spirjit run` (buffers, scalars,
vectors, local=BYTES, @FILE.npy); for a Vulkan shader, buffers in (set, binding) order
and then the push constants.

Single kernel:
  --kernel NAME          the kernel (entry point)
  --global X[,Y[,Z]]     global size in work-items
  --local X[,Y[,Z]]      work-group size
  --arg SPEC             one argument (repeat, in order)
  --out-index I[,J]      the buffers the kernel writes, compared across devices
                         (default: every buffer argument)
  --bytes N, --flops N   what one launch moves and computes (for GB/s, GFLOP/s, roofline)
  --name LABEL           the case's name in the table
  --options TEXT         build options of the OpenCL C or CUDA source

Suites:
  --suite DIR|FILE       a TOML or Python suite file, or a folder of them

Options:
  --devices LIST         comma-separated device names or parts of names (default: all)
  --only LIST            comma-separated case names to run
  --budget SECONDS       time per measuring loop (default 0.5)
  --rtol X, --atol X     tolerance of the cross-check (default: the case's; 0 = exact)
  --json FILE            write the results as JSON (machine, drivers, every statistic)
  --plot FILE.png        bar chart per case and roofline per device (needs matplotlib)
  --html FILE.html       a self-contained HTML report (table and pictures)
  --no-probes            skip the peak bandwidth / FLOP rate probes (no roofline)
  --progress             a progress bar even when stderr is not a terminal
  --list-devices         list the devices (available or not, with what to install)

Exit code: 0, 1 when a device's outputs did not match spirjit's, 2 for usage errors.
";

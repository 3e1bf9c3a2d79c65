"""Regenerates python/spirjit/bench/_probe_kernels.py: the roofline probe kernels of
spirjit.bench as source text (OpenCL C, GLSL, CUDA) and as SPIR-V (OpenCL SPIR-V for
spirjit, Vulkan SPIR-V for Vulkan devices), embedded in base64 so the package needs no
compiler at run time.

Needs clang-14, llvm-spirv-14, glslangValidator, spirv-opt and spirv-val. Run from anywhere:
    python3 benches/make_probe_kernels.py
"""

import base64
import os
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "..", "python", "spirjit", "bench", "_probe_kernels.py")
sys.path.insert(0, os.path.dirname(TARGET))
import _probe_sources as src  # noqa: E402


def run(*cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def main():
    with tempfile.TemporaryDirectory() as d:
        p = lambda n: os.path.join(d, n)  # noqa: E731
        with open(p("probe.cl"), "w") as f:
            f.write(src.OPENCL_C)
        run("clang-14", "-c", "-target", "spir64", "-cl-std=CL1.2", "-O2", "-emit-llvm", "-o", p("probe.bc"),
            p("probe.cl"))
        run("llvm-spirv-14", "--spirv-max-version=1.0", p("probe.bc"), "-o", p("probe.spv"))
        run("spirv-val", "--target-env", "opencl1.2", p("probe.spv"))
        blobs = {"OPENCL_SPIRV": p("probe.spv")}
        for name, glsl in (("VULKAN_TRIAD", src.GLSL_TRIAD), ("VULKAN_FMA", src.GLSL_FMA)):
            with open(p(name + ".comp"), "w") as f:
                f.write(glsl)
            run("glslangValidator", "-V", "--target-env", "vulkan1.1", "-o", p(name + ".0.spv"), p(name + ".comp"))
            # SSA form, as a driver's compiler would see it after a shader compiler's optimizer.
            run("spirv-opt", "-O", "--target-env=vulkan1.1", p(name + ".0.spv"), "-o", p(name + ".spv"))
            run("spirv-val", "--target-env", "vulkan1.1", p(name + ".spv"))
            blobs[name] = p(name + ".spv")
        out = ['"""The roofline probe kernels of spirjit.bench as SPIR-V, generated from the sources in',
               "_probe_sources.py by benches/make_probe_kernels.py (clang-14 + llvm-spirv-14 -O2 for the",
               "OpenCL SPIR-V, glslangValidator --target-env vulkan1.1 and spirv-opt -O for Vulkan).",
               "Generated; do not edit.",
               '"""', ""]
        for name, path in blobs.items():
            with open(path, "rb") as f:
                text = base64.b64encode(f.read()).decode()
            out.append(f"{name} = (")
            out += [f'    "{line}"' for line in textwrap.wrap(text, 96)]
            out.append(")")
            out.append("")
    with open(TARGET, "w") as f:
        f.write("\n".join(out))
    print("wrote", os.path.normpath(TARGET))


if __name__ == "__main__":
    main()

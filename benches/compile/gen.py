#!/usr/bin/env python3
"""Generate the large OpenCL C kernels of the compile-cost benchmark.

Each kind is a shape real OpenCL code has and that stresses one part of compilation:

* ``intcheck``   — one kernel that checks integer builtins over every integer type and
                   vector width (as conformance suites macro-expand one check per type);
                   ``--int64`` adds long/ulong (the 64-bit variant is about twice as large).
* ``many``       — a module of N small generated kernels (as code generators emit).
* ``inlined``    — one kernel calling a deep tree of small helper functions (all inlined).
* ``table``      — one kernel indexing a large ``__constant`` table.

Usage: gen.py KIND [--int64] [--count N] [--size BYTES] > out.cl
"""
import argparse
import sys

INT_TYPES = ["char", "uchar", "short", "ushort", "int", "uint"]
INT64_TYPES = ["long", "ulong"]
WIDTHS = [1, 2, 3, 4, 8, 16]
BINARY = ["add_sat", "sub_sat", "hadd", "rhadd", "mul_hi", "abs_diff", "max", "min", "rotate"]
UNARY = ["clz", "abs", "popcount"]
TERNARY = ["mad_hi", "mad_sat", "clamp"]


def vt(t, n):
    return t if n == 1 else f"{t}{n}"


def comp(n, j):
    return "" if n == 1 else f".s{'0123456789abcdef'[j]}"


def intcheck(types):
    out = ["// Integer builtins checked over every type and vector width.",
           "__kernel void intcheck("]
    params = []
    for t in types:
        params.append(f"__global const {t}* in_{t}")
    params.append("__global int* errors")
    out.append("    " + ",\n    ".join(params) + ")\n{")
    out.append("    size_t gid = get_global_id(0);")
    out.append("    int err = 0;")
    for t in types:
        ut = t if t.startswith("u") else "u" + t
        for n in WIDTHS:
            v = vt(t, n)
            uv = vt(ut, n)
            load = (lambda k: f"in_{t}[gid * 48 + {k}]") if n == 1 else \
                   (lambda k, n=n: f"vload{n}(gid * {48 // n if 48 % n == 0 else 16} + {k}, in_{t})")
            out.append("    {")
            out.append(f"        {v} a = {load(0)}; {v} b = {load(1)}; {v} c = {load(2)};")
            for f in BINARY:
                rt = uv if f == "abs_diff" else v
                out.append(f"        {rt} r_{f} = {f}(a, b);")
                for j in range(n):
                    x, y = f"a{comp(n, j)}", f"b{comp(n, j)}"
                    out.append(f"        if (r_{f}{comp(n, j)} != {f}(({t}){x}, ({t}){y})) err += 1;")
            for f in UNARY:
                rt = uv if f == "abs" else v
                out.append(f"        {rt} r_{f} = {f}(a);")
                for j in range(n):
                    out.append(f"        if (r_{f}{comp(n, j)} != {f}(({t})a{comp(n, j)})) err += 1;")
            for f in TERNARY:
                out.append(f"        {v} r_{f} = {f}(a, b, c);")
                for j in range(n):
                    x, y, z = (f"{s}{comp(n, j)}" for s in "abc")
                    out.append(f"        if (r_{f}{comp(n, j)} != {f}(({t}){x}, ({t}){y}, ({t}){z})) err += 1;")
            out.append("    }")
    out.append("    errors[gid] = err;")
    out.append("}")
    return "\n".join(out) + "\n"


def many(count):
    out = [f"// {count} small generated kernels."]
    ops = ["a + b", "a * b - c", "fmax(a, b) * c", "a / (b + 1.0f)", "sqrt(fabs(a)) + b",
           "mad(a, b, c)", "a > b ? a : c", "sin(a) * b"]
    for i in range(count):
        e = ops[i % len(ops)]
        out.append(f"__kernel void k{i}(__global const float* x, __global const float* y, "
                   f"__global float* z, float c) {{\n"
                   f"    size_t i = get_global_id(0); float a = x[i]; float b = y[i] + {i}.0f;\n"
                   f"    z[i] = {e};\n}}")
    return "\n".join(out) + "\n"


def inlined(depth, fanout):
    out = ["// One kernel over a deep tree of small helpers (all inlined)."]
    out.append("static float leaf(float x, int k) { return x * (float)(k + 1) + 0.5f * (x > (float)k ? 1.0f : -1.0f); }")
    for d in range(1, depth + 1):
        prev = "leaf" if d == 1 else f"level{d - 1}"
        body = " + ".join(f"{prev}(x + {j}.0f, k + {j})" for j in range(fanout))
        out.append(f"static float level{d}(float x, int k) {{ float s = {body}; return s > 1e6f ? s * 1e-6f : s; }}")
    out.append("__kernel void inlined(__global const float* x, __global float* y) {\n"
               f"    size_t i = get_global_id(0); y[i] = level{depth}(x[i], (int)i);\n}}")
    return "\n".join(out) + "\n"


def table(size):
    n = size // 4
    vals = ", ".join(f"{(i * 2654435761) % 1000003}" for i in range(n))
    return (f"// One kernel indexing a {size}-byte __constant table.\n"
            f"__constant uint table[{n}] = {{ {vals} }};\n"
            "__kernel void lookup(__global const uint* idx, __global uint* out) {\n"
            f"    size_t i = get_global_id(0); uint k = idx[i] % {n}u;\n"
            f"    out[i] = table[k] + table[(k * 7u) % {n}u];\n}}\n")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("kind", choices=["intcheck", "many", "inlined", "table"])
    p.add_argument("--int64", action="store_true")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--depth", type=int, default=6)
    p.add_argument("--fanout", type=int, default=3)
    p.add_argument("--size", type=int, default=65536)
    a = p.parse_args()
    if a.kind == "intcheck":
        sys.stdout.write(intcheck(INT_TYPES + (INT64_TYPES if a.int64 else [])))
    elif a.kind == "many":
        sys.stdout.write(many(a.count))
    elif a.kind == "inlined":
        sys.stdout.write(inlined(a.depth, a.fanout))
    else:
        sys.stdout.write(table(a.size))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generates the builtin kernels (fmath.cl, imath.cl, misc.cl, hmath.cl) and the list of their outputs that
tests/builtins.rs includes (outputs.rs). Run from anywhere; then run build.sh.

Every kernel exists for the vector widths 1, 2, 3, 4, 8 and 16 with the same outputs, so
the tests can check each width against width 1 element by element, and width 1 against
the scalar builtins.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTHS = [1, 2, 3, 4, 8, 16]

# Float outputs: (name, OpenCL expression, reference, tolerance in ulps).
# Operands: x (any value), y (positive), z (in [-1, 1]), k (small int vector).
# Reference forms: ("b1", sym, arg) calls the builtin `<sym>_<f32|f64>`; ("b2", sym, a, b);
# ("b3", sym, a, b, c); ("bn", sym, a, k); ("rs", rust expression over x y z k as f64).
UNARY = """acos acosh acospi asin asinh asinpi atan atanh atanpi cbrt ceil cos cosh cospi erf erfc exp
exp2 exp10 expm1 fabs floor lgamma log log2 log10 log1p logb rint round sin sinh sinpi sqrt
tan tanh tanpi tgamma trunc""".split()
UNARY_ARG = {"acos": "z", "asin": "z", "acospi": "z", "asinpi": "z", "atanh": "z", "acosh": "(y + 1)",
             "log": "y", "log2": "y", "log10": "y", "sqrt": "y", "log1p": "z"}
BINARY = "atan2 atan2pi copysign fdim fmax fmin fmod hypot maxmag minmag nextafter pow powr remainder".split()


def float_outputs(double):
    o = []
    for f in UNARY:
        a = UNARY_ARG.get(f, "x")
        o.append((f, f"{f}({a})", ("b1", f, a), 0))
    o.append(("rsqrt", "rsqrt(y)", ("b1", "rsqrt", "y"), 1))
    for f in BINARY:
        args = ("y", "x") if f == "powr" else ("x", "y")
        o.append((f, f"{f}({args[0]}, {args[1]})", ("b2", f, args[0], args[1]), 0))
    o += [
        ("fmin_scalar", "fmin(x, 0.25f)", ("b2", "fmin", "x", "0.25"), 0),
        ("fma", "fma(x, y, z)", ("b3", "fma", "x", "y", "z"), 0),
        ("mad", "mad(x, y, z)", ("b3", "fma", "x", "y", "z"), 1),
        ("ldexp", "ldexp(x, k)", ("bn", "ldexp", "x", "k"), 0),
        ("ldexp_scalar", "ldexp(x, 3)", ("bn", "ldexp", "x", "3"), 0),
        ("pown", "pown(z, k)", ("bn", "pown", "z", "k"), 0),
        ("rootn", "rootn(y, k)", ("bn", "rootn", "y", "k"), 0),
        ("clamp", "clamp(x, -0.5f, 0.75f)", ("rs", "x.max(-0.5).min(0.75)"), 0),
        ("mix", "mix(x, y, (z + 1) * 0.5f)", ("rs", "x + (y - x) * ((z + 1.0) * 0.5)"), 2),
        ("step", "step(0.5f, x)", ("rs", "if x < 0.5 { 0.0 } else { 1.0 }"), 0),
        ("smoothstep", "smoothstep(-0.5f, 0.5f, z)",
         ("rs", "{ let t = ((z + 0.5) / 1.0).clamp(0.0, 1.0); t * t * (3.0 - 2.0 * t) }"), 2),
        ("sign", "sign(x)", ("rs", "if x.is_nan() { 0.0 } else if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { x }"), 0),
        ("degrees", "degrees(z)", ("rs", "z * (180.0 / std::f64::consts::PI)"), 2),
        ("radians", "radians(x)", ("rs", "x * (std::f64::consts::PI / 180.0)"), 2),
        ("frexp", "frexp(x, &ip)", ("b1", "frexp_mant", "x"), 0),
        ("modf", "modf(x, &fp)", ("rs", "if x.is_infinite() { 0.0f64.copysign(x) } else { (x - x.trunc()).copysign(x) }"), 0),
        ("modf_int", "(modf(x, &fp), fp)", ("b1", "trunc", "x"), 0),
        ("fract", "fract(x, &fp)", ("fract",), 0),
        ("fract_floor", "(fract(x, &fp), fp)", ("b1", "floor", "x"), 0),
        ("sincos", "sincos(x, &fp)", ("b1", "sin", "x"), 0),
        ("sincos_cos", "(sincos(x, &fp), fp)", ("b1", "cos", "x"), 0),
        ("remquo", "remquo(x, y, &ip)", ("b2", "remquo_rem", "x", "y"), 0),
        ("lgamma_r", "lgamma_r(x, &ip)", ("b1", "lgamma", "x"), 0),
        ("select", "select(x, y, isless(x, y))", ("rs", "if x < y { y } else { x }"), 0),
        ("bitselect", "bitselect(x, y, z)", ("bits", "(xb & !zb) | (yb & zb)"), 0),
    ]
    if not double:
        for f, e, r, t in [
            ("half_cos", "half_cos(x)", ("b1", "cos", "x"), 8192), ("half_exp", "half_exp(z)", ("b1", "exp", "z"), 8192),
            ("half_log", "half_log(y)", ("b1", "log", "y"), 8192), ("half_sqrt", "half_sqrt(y)", ("b1", "sqrt", "y"), 8192),
            ("half_rsqrt", "half_rsqrt(y)", ("b1", "rsqrt", "y"), 8192),
            ("half_recip", "half_recip(y)", ("rs", "1.0 / y"), 8192),
            ("half_divide", "half_divide(x, y)", ("rs", "x / y"), 8192),
            ("half_powr", "half_powr(y, z)", ("b2", "powr", "y", "z"), 8192),
            ("native_sin", "native_sin(x)", ("b1", "sin", "x"), 8192),
            ("native_exp2", "native_exp2(z)", ("b1", "exp2", "z"), 8192),
            ("native_log10", "native_log10(y)", ("b1", "log10", "y"), 8192),
            ("native_divide", "native_divide(x, y)", ("rs", "x / y"), 8192),
            ("native_recip", "native_recip(y)", ("rs", "1.0 / y"), 8192),
            ("native_tan", "native_tan(z)", ("b1", "tan", "z"), 8192),
        ]:
            o.append((f, e, r, t))
    return o


# Int outputs of the float kernels: (name, expression giving an int vector, reference).
def float_int_outputs():
    return [
        ("ilogb", "ilogb(x)", ("bi", "ilogb", "x")),
        ("frexp_exp", "(frexp(x, &ip), ip)", ("bi", "frexp_exp", "x")),
        ("remquo_quo", "(remquo(x, y, &ip), ip)", ("bi2", "remquo_quo", "x", "y")),
        ("lgamma_r_sign", "(lgamma_r(x, &ip), ip)", ("bi", "lgamma_r_sign", "x")),
        ("isnan", "isnan(x)", ("rel", "x.is_nan()")),
        ("isinf", "isinf(x)", ("rel", "x.is_infinite()")),
        ("isfinite", "isfinite(x)", ("rel", "x.is_finite()")),
        ("isnormal", "isnormal(x)", ("rel", "x.is_normal()")),
        ("signbit", "signbit(x)", ("rel", "x.is_sign_negative()")),
        ("isordered", "isordered(x, y)", ("rel", "!x.is_nan() && !y.is_nan()")),
        ("isunordered", "isunordered(x, y)", ("rel", "x.is_nan() || y.is_nan()")),
        ("isequal", "isequal(x, z)", ("rel", "x == z")),
        ("isnotequal", "isnotequal(x, z)", ("rel", "x != z")),
        ("isgreater", "isgreater(x, y)", ("rel", "x > y")),
        ("isgreaterequal", "isgreaterequal(x, y)", ("rel", "x >= y")),
        ("isless", "isless(x, y)", ("rel", "x < y")),
        ("islessequal", "islessequal(x, y)", ("rel", "x <= y")),
        ("islessgreater", "islessgreater(x, y)", ("rel", "x.partial_cmp(&y).is_some_and(|o| o.is_ne())")),
    ]


INT_TYPES = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"]


def int_outputs(t):
    u = t if t.startswith("u") else "u" + t
    s = t[1:] if t.startswith("u") else t
    o = [
        ("abs", f"as_{t}N(abs(x))", "abs"), ("abs_diff", f"as_{t}N(abs_diff(x, y))", "abs_diff"),
        ("add_sat", "add_sat(x, y)", "add_sat"), ("hadd", "hadd(x, y)", "hadd"), ("rhadd", "rhadd(x, y)", "rhadd"),
        ("clamp", "clamp(x, min(y, z), max(y, z))", "clamp"), ("clz", "clz(x)", "clz"),
        ("mad_hi", "mad_hi(x, y, z)", "mad_hi"), ("mad_sat", "mad_sat(x, y, z)", "mad_sat"),
        ("max", "max(x, y)", "max"), ("min", "min(x, y)", "min"), ("mul_hi", "mul_hi(x, y)", "mul_hi"),
        ("rotate", "rotate(x, y)", "rotate"), ("sub_sat", "sub_sat(x, y)", "sub_sat"),
        ("popcount", "popcount(x)", "popcount"),
    ]
    if s == "int":
        # Operands must fit in 24 bits (other values are implementation-defined).
        o += [("mad24", "mad24(x << 8 >> 8, y << 8 >> 8, z)", "mad24"), ("mul24", "mul24(x << 8 >> 8, y << 8 >> 8)", "mul24")]
    if s != "long":
        o.append(("upsample", f"as_{t}N(convert_{t}N(upsample(x, as_{u}N(y)) >> {8 if s == 'char' else 16 if s == 'short' else 32}))", "upsample_hi"))
        o.append(("upsample_lo", f"convert_{t}N(upsample(x, as_{u}N(y)))", "upsample_lo"))
    return o


def vec(t, n):
    return t if n == 1 else f"{t}{n}"


def load(n, src, i="i"):
    return f"{src}[{i}]" if n == 1 else f"vload{n}({i}, {src})"


def store(n, e, idx, dst):
    return f"{dst}[{idx}] = {e};" if n == 1 else f"vstore{n}({e}, {idx}, {dst});"


def gen_fmath():
    lines = ["// Float math builtins (OpenCL.std math, common and relational functions) for float",
             "// and double at vector widths 1, 2, 3, 4, 8 and 16. Generated by gen.py; do not edit.",
             "// fmath_* write the float outputs and the int outputs of frexp, ilogb, remquo and",
             "// lgamma_r; frel_* the relational outputs.",
             "#pragma OPENCL EXTENSION cl_khr_fp64 : enable", ""]
    for t in ["float", "double"]:
        fo = float_outputs(t == "double")
        io = [o for o in float_int_outputs() if o[2][0] != "rel"]
        ro = [o for o in float_int_outputs() if o[2][0] == "rel"]
        for n in WIDTHS:
            T = vec(t, n)
            I = vec("int", n)
            rel = vec("long" if t == "double" else "int", n)
            for kind in ["fmath", "frel"]:
                lines.append(f"__kernel void {kind}_{t}{n}(__global const {t} *a, __global const {t} *b, __global const {t} *c,")
                lines.append(f"                        __global const int *ka, __global {t} *out, __global int *iout)")
                lines.append("{")
                lines.append("    size_t i = get_global_id(0), g = get_global_size(0);")
                lines.append(f"    {T} x = {load(n, 'a')}, y = {load(n, 'b')}, z = {load(n, 'c')};")
                lines.append(f"    {I} k = {load(n, 'ka')};")
                if kind == "fmath":
                    lines.append(f"    {T} fp; {I} ip;")
                    for j, (name, e, _, _) in enumerate(fo):
                        e = e.replace("0.25f", f"({t})0.25").replace("-0.5f", f"({t})-0.5").replace("0.75f", f"({t})0.75")
                        e = e.replace("0.5f", f"({t})0.5").replace("isless(x, y))", f"convert_{rel}(isless(x, y)))")
                        lines.append(f"    {store(n, e, f'{j} * g + i', 'out')}  // {name}")
                    for j, (name, e, r) in enumerate(io):
                        lines.append(f"    {store(n, e, f'{j} * g + i', 'iout')}  // {name}")
                else:
                    for j, (name, e, r) in enumerate(ro):
                        lines.append(f"    {store(n, f'convert_{I}({e})', f'{j} * g + i', 'iout')}  // {name}")
                lines.append("}")
                lines.append("")
    return "\n".join(lines)


def gen_imath():
    lines = ["// Integer builtins for every integer type at vector widths 1, 2, 3, 4, 8 and 16.",
             "// Generated by gen.py; do not edit.", ""]
    for t in INT_TYPES:
        io = int_outputs(t)
        for n in WIDTHS:
            T = vec(t, n)
            lines.append(f"__kernel void imath_{t}{n}(__global const {t} *a, __global const {t} *b, __global const {t} *c,")
            lines.append(f"                        __global {t} *out)")
            lines.append("{")
            lines.append("    size_t i = get_global_id(0), g = get_global_size(0);")
            lines.append(f"    {T} x = {load(n, 'a')}, y = {load(n, 'b')}, z = {load(n, 'c')};")
            for j, (name, e, _) in enumerate(io):
                e = e.replace(f"{t}N", T).replace("uuN", "uN")
                e = e.replace("N(", f"{'' if n == 1 else n}(") if n == 1 else e.replace("N(", f"{n}(")
                lines.append(f"    {store(n, e, f'{j} * g + i', 'out')}  // {name}")
            lines.append("}")
            lines.append("")
    return "\n".join(lines)


def rust_ref(r):
    kind = r[0]
    if kind == "b1":
        return f"R::B1(\"{r[1]}\", {arg(r[2])})"
    if kind == "b2":
        return f"R::B2(\"{r[1]}\", {arg(r[2])}, {arg(r[3])})"
    if kind == "b3":
        return f"R::B3(\"{r[1]}\", {arg(r[2])}, {arg(r[3])}, {arg(r[4])})"
    if kind == "bn":
        return f"R::Bn(\"{r[1]}\", {arg(r[2])}, {karg(r[3])})"
    if kind == "rs":
        return f"R::Rs(|x, y, z, _k| {r[1]})"
    if kind == "fract":
        return "R::Fract"
    if kind == "bits":
        return f"R::Bits(|xb, yb, zb| {r[1]})"
    if kind == "bi":
        return f"R::Bi(\"{r[1]}\", {arg(r[2])})"
    if kind == "bi2":
        return f"R::Bi2(\"{r[1]}\", {arg(r[2])}, {arg(r[3])})"
    if kind == "rel":
        return f"R::Rel(|x, y, z| {r[1]})"
    raise ValueError(r)


def arg(a):
    return {"x": "A::X", "y": "A::Y", "z": "A::Z", "(y + 1)": "A::Y1"}.get(a, f"A::C({a})")


def karg(a):
    return "A::K" if a == "k" else f"A::C({a}.0)"


def gen_rust():
    out = ["// Generated by tests/kernels/builtins/gen.py; do not edit.", ""]
    for t in ["float", "double"]:
        fo = float_outputs(t == "double")
        out.append("#[allow(unused_variables, clippy::manual_clamp, clippy::nonminimal_bool)]  // NaN semantics")
        out.append(f"const {t.upper()}_OUTPUTS: &[(&str, R, u32)] = &[")
        for name, _, r, tol in fo:
            out.append(f"    (\"{name}\", {rust_ref(r)}, {tol}),")
        out.append("];")
    out.append("const FLOAT_INT_OUTPUTS: &[(&str, R)] = &[")
    for name, _, r in float_int_outputs():
        if r[0] != "rel":
            out.append(f"    (\"{name}\", {rust_ref(r)}),")
    out.append("];")
    out.append("#[allow(unused_variables, clippy::manual_clamp, clippy::nonminimal_bool)]  // NaN semantics")
    out.append("const REL_OUTPUTS: &[(&str, R)] = &[")
    for name, _, r in float_int_outputs():
        if r[0] == "rel":
            out.append(f"    (\"{name}\", {rust_ref(r)}),")
    out.append("];")
    out.append("const INT_OUTPUTS: &[(&str, &[(&str, &str)])] = &[")
    for t in INT_TYPES:
        items = ", ".join(f"(\"{n}\", \"{s}\")" for n, _, s in int_outputs(t))
        out.append(f"    (\"{t}\", &[{items}]),")
    out.append("];")
    return "\n".join(out) + "\n"


def gen_misc():
    """Geometric, vector data (vload/vstore, half with every rounding mode), shuffle,
    conversions with saturation and rounding modes, any/all, select and bitselect."""
    L = ["// Geometric, vector data, shuffle, conversion and relational builtins at several vector",
         "// widths. Generated by gen.py; do not edit.", "#pragma OPENCL EXTENSION cl_khr_fp64 : enable", ""]
    for t in ["float", "double"]:
        for n in [2, 3, 4]:
            T = f"{t}{n}"
            fast = "fast_" if t == "float" else ""  # fast_* exist for float only
            L += [f"__kernel void geom_{t}{n}(__global const {t} *a, __global const {t} *b, __global {t} *out)", "{",
                  "    size_t i = get_global_id(0);",
                  f"    {T} x = vload{n}(i, a), y = vload{n}(i, b);",
                  f"    __global {t} *o = out + i * {5 + 3 * n};",
                  "    o[0] = dot(x, y); o[1] = length(x); o[2] = distance(x, y);",
                  f"    o[3] = {fast}length(x); o[4] = {fast}distance(x, y);",
                  f"    vstore{n}(normalize(x), 0, o + 5);",
                  f"    vstore{n}({fast}normalize(x), 0, o + {5 + n});"]
            if n >= 3:
                L.append(f"    vstore{n}(cross(x, y), 0, o + {5 + 2 * n});")
            else:
                L.append(f"    vstore{n}(x, 0, o + {5 + 2 * n});")
            L += ["}", ""]
    for n in [1, 2, 3, 4, 8, 16]:
        F = "float" if n == 1 else f"float{n}"
        D = "double" if n == 1 else f"double{n}"
        sfx = "" if n == 1 else str(n)
        ld = (lambda src: f"{src}[i]") if n == 1 else (lambda src: f"vload{n}(i, {src})")
        L += [f"__kernel void half_{n}(__global const float *a, __global const double *d, __global ushort *h,",
              "                     __global float *back)", "{",
              "    size_t i = get_global_id(0), g = get_global_size(0);",
              f"    {F} x = {ld('a')};", f"    {D} y = {ld('d')};",
              "    __global half *hp = (__global half *)h;"]
        for j, m in enumerate(["", "_rte", "_rtz", "_rtp", "_rtn"]):
            L.append(f"    vstore_half{sfx}{m}(x, {j} * g + i, hp);")
        for j, m in enumerate(["_rtz", "_rtp", "_rtn"]):
            L.append(f"    vstore_half{sfx}{m}(y, {5 + j} * g + i, hp);")
        L.append(f"    {'vstore' + str(n) if n > 1 else ''}({'vload_half' + sfx}(i, hp){', i, back' if n > 1 else ''}){';' if n > 1 else ''}"
                 if False else (f"    vstore{n}(vload_half{n}(i, hp), i, back);" if n > 1 else "    back[i] = vload_half(i, hp);"))
        if n > 1:
            # Aligned forms: a 3-vector takes 4 halves.
            a = 4 if n == 3 else n
            L.append(f"    vstorea_half{n}_rtp(x, i, hp + 8 * g * {n});")
            L.append(f"    vstore{n}(vloada_half{n}(i, hp + 8 * g * {n}) * 2.0f, i, back + g * {n});")
        L += ["}", ""]
    for t in ["int", "char", "long"]:
        for n in [2, 4, 8, 16]:
            T = f"{t}{n}"
            M = {"int": "uint", "char": "uchar", "long": "ulong"}[t] + str(n)
            L += [f"__kernel void shuffle_{t}{n}(__global const {t} *a, __global const {t} *b, __global const {M[:-len(str(n))]} *m,",
                  f"                          __global {t} *out)", "{",
                  "    size_t i = get_global_id(0), g = get_global_size(0);",
                  f"    {T} x = vload{n}(i, a), y = vload{n}(i, b);",
                  f"    {M} k = vload{n}(i, m);",
                  f"    vstore{n}(shuffle(x, k), i, out);",
                  f"    vstore{n}(shuffle2(x, y, k), g + i, out);",
                  f"    prefetch(a + i * {n}, {n});",
                  "}", ""]
    for n in [2, 3, 4, 8, 16]:
        L += [f"__kernel void conv_{n}(__global const float *a, __global const double *d, __global const int *k,",
              "                     __global int *iout, __global float *fout)", "{",
              "    size_t i = get_global_id(0), g = get_global_size(0);",
              f"    float{n} x = vload{n}(i, a);", f"    double{n} y = vload{n}(i, d);", f"    int{n} z = vload{n}(i, k);"]
        ic = [f"convert_int{n}(convert_char{n}_sat_rte(x))", f"convert_int{n}(convert_uchar{n}_sat(z))",
              f"convert_int{n}_rtp(x)", f"convert_int{n}(convert_short{n}_sat_rtn(y))", f"as_int{n}(convert_uint{n}_sat_rtz(x))",
              f"convert_int{n}_sat(y)", f"convert_int{n}(convert_long{n}_sat(x) >> 8)", f"convert_int{n}_sat_rte(x)"]
        for j, e in enumerate(ic):
            L.append(f"    vstore{n}({e}, {j} * g + i, iout);")
        fc = [f"convert_float{n}_rtz(z)", f"convert_float{n}_rtn(as_uint{n}(z))", f"convert_float{n}(y)",
              f"convert_float{n}_rtp(y)", f"convert_float{n}_rtz(y)", f"convert_float{n}_rtp(convert_long{n}(z) << 20)"]
        for j, e in enumerate(fc):
            L.append(f"    vstore{n}({e}, {j} * g + i, fout);")
        L += ["}", ""]
    for t in ["char", "short", "int", "long"]:
        for n in [2, 3, 4, 8, 16]:
            T = f"{t}{n}"
            L += [f"__kernel void rel_{t}{n}(__global const {t} *a, __global const {t} *b, __global const {t} *c,",
                  f"                        __global int *flags, __global {t} *out)", "{",
                  "    size_t i = get_global_id(0), g = get_global_size(0);",
                  f"    {T} x = vload{n}(i, a), y = vload{n}(i, b), z = vload{n}(i, c);",
                  "    flags[2 * i] = any(x);", "    flags[2 * i + 1] = all(x);",
                  f"    vstore{n}(select(x, y, z), i, out);",
                  f"    vstore{n}(bitselect(x, y, z), g + i, out);",
                  "}", ""]
    return "\n".join(L)


# Half outputs of hmath_half<n> (OpenCL.std math on half, computed by the front end in f32
# and rounded): (name, expression). x is any value, y positive, z in [-1, 1]. The list is
# repeated in tests/builtins.rs (HALF_OUTPUTS) with each output's reference and tolerance.
HALF_OUTPUTS = [
    ("copy", "x"), ("sin", "sin(x)"), ("cos", "cos(x)"), ("exp", "exp(x)"), ("log", "log(y)"),
    ("sqrt", "sqrt(y)"), ("fma", "fma(x, y, z)"), ("mad", "mad(x, y, z)"), ("fmin", "fmin(x, y)"),
    ("fmax", "fmax(x, y)"), ("fabs", "fabs(x)"), ("floor", "floor(x)"), ("ceil", "ceil(x)"),
    ("pow", "pow(y, z)"), ("clamp", "clamp(x, (half)-0.5, (half)0.75)"), ("mix", "mix(x, y, fabs(z))"),
]


def gen_hmath():
    """OpenCL.std math on half at vector widths 1, 2, 3, 4, 8 and 16, loading and storing
    half buffers."""
    lines = ["// Half-precision OpenCL.std math (cl_khr_fp16) at vector widths 1, 2, 3, 4, 8 and 16,",
             "// loading and storing half buffers. Generated by gen.py; do not edit.",
             "#pragma OPENCL EXTENSION cl_khr_fp16 : enable", ""]
    for n in WIDTHS:
        T = vec("half", n)
        lines.append(f"__kernel void hmath_half{n}(__global const half *a, __global const half *b, __global const half *c,")
        lines.append("                         __global half *out)")
        lines.append("{")
        lines.append("    size_t i = get_global_id(0), g = get_global_size(0);")
        lines.append(f"    {T} x = {load(n, 'a')}, y = {load(n, 'b')}, z = {load(n, 'c')};")
        for j, (name, e) in enumerate(HALF_OUTPUTS):
            lines.append(f"    {store(n, e, f'{j} * g + i', 'out')}  // {name}")
        lines.append("}")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    with open(os.path.join(HERE, "misc.cl"), "w") as f:
        f.write(gen_misc())
    with open(os.path.join(HERE, "fmath.cl"), "w") as f:
        f.write(gen_fmath())
    with open(os.path.join(HERE, "imath.cl"), "w") as f:
        f.write(gen_imath())
    with open(os.path.join(HERE, "hmath.cl"), "w") as f:
        f.write(gen_hmath())
    with open(os.path.join(HERE, "outputs.rs"), "w") as f:
        f.write(gen_rust())

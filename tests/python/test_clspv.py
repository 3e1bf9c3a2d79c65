"""Kernels compiled by clspv (OpenCL C to Vulkan SPIR-V, tests/kernels/clspv/) are
called like any OpenCL kernel: one argument per OpenCL parameter, scalars by value,
local memory by size, and the results match the llvm-spirv build of the same source."""

import os

import numpy as np

import spirjit
from conftest import CORPUS


def clspv(name):
    return spirjit.Program(os.path.join(CORPUS, "clspv", name + ".spv"))


def test_vadd_takes_its_opencl_arguments():
    prog = clspv("vadd_float")
    n = 1000
    a = np.arange(n, dtype=np.float32)
    b = np.full(n, 0.5, dtype=np.float32)
    c = np.zeros(n, dtype=np.float32)
    prog.vadd_float(a, b, c, n, global_size=(n,))
    np.testing.assert_array_equal(c, a + b)


def test_saxpy_with_clustered_pods_and_a_global_offset():
    prog = clspv("saxpy")
    n = 256
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    prog.saxpy(np.float32(2.0), x, y, n, global_size=(128,), global_offset=(64,))
    want = np.ones(n, dtype=np.float32)
    want[64:192] = 2.0 * x[64:192] + 1.0
    np.testing.assert_array_equal(y, want)


def test_local_memory_argument_matches_the_llvm_spirv_build():
    n, wg = 512, 64
    data = (np.arange(n) % 7).astype(np.int32)
    results = []
    for prog in (clspv("reduce_sum"), spirjit.Program(os.path.join(CORPUS, "reduce_sum.O2.spv"))):
        partial = np.zeros(n // wg, dtype=np.int32)
        prog.reduce_sum(data, partial, n, spirjit.LocalMemory(wg * 4), global_size=(n,), local_size=(wg,))
        results.append(partial)
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[0], data.reshape(-1, wg).sum(axis=1))

"""Shared fixtures of the Python binding tests.

The tests use the installed `spirjit` package (`pip install .`); when it is not
installed they fall back to the in-tree package under python/ (after
`python/build.sh --dev`, which puts the native module next to it)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
try:
    import spirjit  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import spirjit  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(ROOT, "tests", "kernels")
EXAMPLES = os.path.join(ROOT, "examples")


def corpus(name):
    """Path of a committed corpus module, e.g. corpus("vadd_float.O2")."""
    return os.path.join(CORPUS, name + ".spv")


@pytest.fixture(scope="session")
def tk():
    """The test kernels of tests/python/kernels/pytest_kernels.cl."""
    return spirjit.Program(os.path.join(HERE, "kernels", "pytest_kernels.spv"))


@pytest.fixture(scope="session")
def vadd():
    """vadd_float(global const float* a, global const float* b, global float* c, int n)."""
    return spirjit.Program(corpus("vadd_float.O2")).vadd_float


def has_opencl_tools():
    from spirjit._opencl import find_tools

    return find_tools() is not None


needs_clang = pytest.mark.skipif(
    not has_opencl_tools(), reason="clang (14-19) and llvm-spirv are not on PATH; from_opencl cannot run"
)

"""Shared by the examples: load an example kernel from its OpenCL C source when clang
and llvm-spirv are installed, else from the committed SPIR-V next to it."""

import os

import spirjit
from spirjit._opencl import find_tools

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels")


def load_program(name, **options):
    """The program of examples/kernels/<name>.cl (compiled now) or <name>.spv."""
    if find_tools() is not None and os.environ.get("SPIRJIT_EXAMPLES_SPV") != "1":
        return spirjit.Program.from_opencl(os.path.join(KERNELS, name + ".cl"), **options)
    return spirjit.Program(os.path.join(KERNELS, name + ".spv"), **options)

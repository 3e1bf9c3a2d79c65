"""Type stubs of the spirjit package."""

import os
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

Size = Union[int, Sequence[int], npt.NDArray[np.integer]]
Source = Union[str, os.PathLike, bytes, bytearray, memoryview, npt.NDArray[np.uint32]]

class Error(Exception): ...
class CompileError(Error): ...
class ArgumentError(Error, TypeError, ValueError): ...
class LaunchError(Error, ValueError): ...
class KernelError(Error, RuntimeError): ...

class LocalMemory:
    nbytes: int
    def __init__(self, nbytes: int) -> None: ...

class Image:
    shape: Tuple[int, ...]
    dtype: np.dtype
    channel_order: str
    channel_type: str
    dim: str
    def __init__(
        self,
        array: npt.ArrayLike,
        channel_order: Optional[str] = ...,
        channel_type: Optional[str] = ...,
        *,
        layered: bool = ...,
        buffer: bool = ...,
        format: Optional[str] = ...,
        dim: Optional[str] = ...,
    ) -> None: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def array_size(self) -> int: ...
    def to_numpy(self) -> npt.NDArray[Any]: ...
    def copy_to(self, out: npt.NDArray[Any]) -> npt.NDArray[Any]: ...
    def update(self, array: npt.ArrayLike) -> None: ...

class Sampler:
    normalized: bool
    addressing: Union[str, Tuple[str, str, str]]
    filter: str
    border: str
    compare: Optional[str]
    def __init__(
        self,
        normalized: bool = ...,
        addressing: Union[str, Sequence[str]] = ...,
        filter: str = ...,
        *,
        border: str = ...,
        compare: Optional[str] = ...,
    ) -> None: ...
    @property
    def addressing_uvw(self) -> Tuple[str, str, str]: ...
    @property
    def is_vulkan(self) -> bool: ...

class SampledImage:
    image: Image
    sampler: Sampler
    def __init__(self, image: Image, sampler: Sampler) -> None: ...

class Param:
    index: int
    name: str
    kind: str
    space: Optional[str]
    type: Any
    read_only: bool
    qualifiers: Tuple[str, ...]
    type_name: Optional[str]
    text: str
    host: str
    signed: Optional[bool]
    int_range: Optional[Tuple[int, int]]
    untyped: bool
    dtype: Optional[np.dtype]
    dim: Optional[str]
    access: Optional[str]
    vulkan: bool

class RunInfo(NamedTuple):
    elapsed: float
    work_groups: int
    local_size: Tuple[int, int, int]

class Kernel:
    @property
    def name(self) -> str: ...
    @property
    def params(self) -> Tuple[Param, ...]: ...
    @property
    def signature(self) -> str: ...
    @property
    def reqd_work_group_size(self) -> Optional[Tuple[int, int, int]]: ...
    @property
    def program(self) -> "Program": ...
    @property
    def is_cuda(self) -> bool: ...
    @property
    def last_run(self) -> Optional[RunInfo]: ...
    def __call__(
        self,
        *args: Any,
        global_size: Optional[Size] = ...,
        local_size: Optional[Size] = ...,
        global_offset: Optional[Size] = ...,
        timeout: Optional[float] = ...,
        **sizes: Optional[Size],
    ) -> None: ...
    def __getitem__(self, key: Any) -> Callable[..., None]: ...
    def memory_effects(self) -> Dict[str, Any]: ...

class BindingInfo(NamedTuple):
    set: int
    binding: int
    kind: str
    dtype: Optional[np.dtype]
    count: Optional[int]  # None: a run-time sized descriptor array
    name: Optional[str]
    read_only: bool

class SpecConstantInfo(NamedTuple):
    id: int
    name: Optional[str]
    type: str
    default: Union[bool, int, float]
    value: Union[bool, int, float]

class Pipeline:
    @property
    def name(self) -> str: ...
    @property
    def kernel(self) -> Kernel: ...
    @property
    def bindings(self) -> List[BindingInfo]: ...
    @property
    def push_constant_size(self) -> int: ...
    @property
    def local_size(self) -> Tuple[int, int, int]: ...
    @property
    def spec_constants(self) -> List[SpecConstantInfo]: ...
    @property
    def last_run(self) -> Optional[RunInfo]: ...
    def dispatch(
        self,
        groups: Size,
        bindings: Optional[Dict[Tuple[int, int], Any]] = ...,
        push_constants: Union[bytes, npt.NDArray[Any], None] = ...,
        base: Size = ...,
        device_buffers: Sequence[npt.NDArray[Any]] = ...,
        timeout: Optional[float] = ...,
    ) -> None: ...

class Program:
    def __init__(
        self, source: Source, *, lanes: Optional[int] = ..., checked: bool = ..., robust_buffer_access: bool = ...
    ) -> None: ...
    @classmethod
    def from_opencl(
        cls,
        source: Union[str, os.PathLike],
        options: Union[str, Sequence[str]] = ...,
        *,
        lanes: Optional[int] = ...,
        checked: bool = ...,
        robust_buffer_access: bool = ...,
    ) -> "Program": ...
    @classmethod
    def from_cuda(
        cls,
        source: Union[str, os.PathLike],
        options: Union[str, Sequence[str]] = ...,
        *,
        lanes: Optional[int] = ...,
        checked: bool = ...,
        robust_buffer_access: bool = ...,
    ) -> "Program": ...
    @property
    def dialect(self) -> str: ...
    @property
    def kernels(self) -> List[str]: ...
    @property
    def capabilities(self) -> List[str]: ...
    @property
    def pointer_bits(self) -> int: ...
    @property
    def options(self) -> Dict[str, Any]: ...
    def dump_ir(self) -> str: ...
    @property
    def spec_constants(self) -> List[SpecConstantInfo]: ...
    def pipeline(
        self,
        name: str,
        specialization: Optional[Dict[int, Union[bool, int, float]]] = ...,
        *,
        required_subgroup_size: Optional[int] = ...,
    ) -> Pipeline: ...
    def kernel(self, name: str) -> Kernel: ...
    def __getitem__(self, name: str) -> Kernel: ...
    def __getattr__(self, name: str) -> Kernel: ...
    def __contains__(self, name: object) -> bool: ...
    def __iter__(self) -> Iterator[Kernel]: ...

def set_num_threads(n: int) -> None: ...
def num_threads() -> int: ...
def opencl_icd() -> str: ...
def vulkan_icd() -> str: ...

"""spirjit kernels over Dask arrays, on any Dask scheduler (threads, processes,
``dask.distributed``). Install with ``pip install spirjit[dask]``.

- :func:`map_blocks` — one launch per chunk, for kernels whose work-items map to
  array elements (element-wise, row-wise, per pixel);
- :func:`map_overlap` — the same on chunks with a halo (stencils, convolutions), with
  Dask's depth and boundary rules;
- :func:`ndrange` — the general mode: one NDRange's work-groups split into tasks and
  the outputs merged (disjoint writes; atomic add/sub/inc/dec as sums of deltas);
  kernels whose outputs cannot be merged are refused before anything runs
  (:func:`merge_plan` says how each output merges, or why not).

Kernels travel to workers as their program's SPIR-V bytes and options and are compiled
once per worker process. A spirjit error in a task is raised in the client as the same
exception class, its message naming the chunk or task; ``timeout=`` (seconds, per task's
launch) turns a kernel that runs away in one chunk into such an error instead of a task
that never ends.

This package must not change how kernels run; it only builds task graphs around
ordinary launches.
"""

try:
    import dask.array  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("spirjit.dask needs Dask: pip install 'spirjit[dask]' (or dask[array] and distributed)") from e

from ._blocks import map_blocks, map_overlap
from ._common import BlockInfo
from ._split import merge_plan, ndrange

__all__ = ["map_blocks", "map_overlap", "ndrange", "merge_plan", "BlockInfo"]

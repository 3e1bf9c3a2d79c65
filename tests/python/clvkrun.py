"""Running OpenCL C kernels compiled by clspv on a Vulkan device the way clvk runs them.

clspv (the compiler of clvk, OpenCL C to Vulkan SPIR-V) describes each kernel's OpenCL
arguments with `NonSemantic.ClspvReflection` instructions: which descriptor binding a
buffer argument is at, where by-value (POD) arguments go (push constants, a uniform or
storage buffer), which specialization constant sizes a `__local` argument, and what the
launch must supply (work-group size and global offset as specialization constants;
global offset, sizes and region offsets as push constants; module constant data in a
buffer). `reflect` parses them; `enqueue` builds what clvk builds from them — descriptor
set layouts, a pipeline layout with the push-constant range, the specialization, the
buffers for PODs and constant data — dispatches on a `vkdevice.Gpu`, and reads the
buffers back into the caller's arrays.

    module = reflect(spv_bytes)
    enqueue(gpu, spv_bytes, module, "reduce_sum", [data, partial, np.uint32(n), Local(256)],
            global_size=(n,), local_size=(64,))

Only the reflection this project's clspv corpus uses is supported (no images,
samplers, printf, pointer push constants); anything else raises NotImplementedError
naming the instruction. This module must not know about particular kernels or tests.
"""

import math
import struct

import numpy as np

from vkdevice import CS, SB, UB, WHOLE, vk

_REFLECTION_SET = "NonSemantic.ClspvReflection."

# Reflection instruction numbers (the NonSemantic.ClspvReflection grammar).
KERNEL = 1
ARGUMENT_INFO = 2
ARGUMENT_STORAGE_BUFFER = 3
ARGUMENT_UNIFORM = 4
ARGUMENT_POD_STORAGE_BUFFER = 5
ARGUMENT_POD_UNIFORM = 6
ARGUMENT_POD_PUSH_CONSTANT = 7
ARGUMENT_WORKGROUP = 11
SPEC_WORKGROUP_SIZE = 12
SPEC_GLOBAL_OFFSET = 13
SPEC_WORK_DIM = 14
PUSH_GLOBAL_OFFSET = 15
PUSH_ENQUEUED_LOCAL_SIZE = 16
PUSH_GLOBAL_SIZE = 17
PUSH_REGION_OFFSET = 18
PUSH_NUM_WORKGROUPS = 19
PUSH_REGION_GROUP_OFFSET = 20
CONSTANT_DATA_STORAGE_BUFFER = 21
CONSTANT_DATA_UNIFORM = 22
PROPERTY_REQUIRED_WORKGROUP_SIZE = 24
SPEC_SUBGROUP_MAX_SIZE = 25
WORKGROUP_VARIABLE_SIZE = 42
PUSH_SLOTS = {PUSH_GLOBAL_OFFSET: "global_offset", PUSH_ENQUEUED_LOCAL_SIZE: "enqueued_local_size",
              PUSH_GLOBAL_SIZE: "global_size", PUSH_REGION_OFFSET: "region_offset",
              PUSH_NUM_WORKGROUPS: "num_workgroups", PUSH_REGION_GROUP_OFFSET: "region_group_offset"}
# Instructions that change nothing about a launch here (the sub-group size bound; the
# sizes of kernel-scope __local variables, for CL_KERNEL_LOCAL_MEM_SIZE).
_IGNORED = {SPEC_SUBGROUP_MAX_SIZE, WORKGROUP_VARIABLE_SIZE}


class Local:
    """A `__local` argument of `nbytes` bytes (clSetKernelArg with a null value)."""

    def __init__(self, nbytes):
        self.nbytes = nbytes


class Arg:
    """One kernel argument as the reflection places it."""

    def __init__(self, ordinal, kind, set=None, binding=None, offset=0, size=0, spec_id=None, elem_size=0):
        self.ordinal, self.kind = ordinal, kind
        self.set, self.binding = set, binding
        self.offset, self.size = offset, size
        self.spec_id, self.elem_size = spec_id, elem_size
        self.name = self.type_name = None


class Kernel:
    def __init__(self, name):
        self.name = name
        self.args = {}
        self.required_wgs = None


class Module:
    """The reflection of a module: its kernels and what every launch supplies."""

    def __init__(self):
        self.kernels = {}
        self.wgs_spec = None          # (x, y, z) spec ids
        self.offset_spec = None       # (x, y, z) spec ids
        self.work_dim_spec = None
        self.push = {}                # slot name -> (offset, size)
        self.constant_data = []       # (descriptor type, set, binding, bytes)


def _words(spv):
    words = np.frombuffer(spv, dtype="<u4")
    if len(words) < 5 or words[0] != 0x07230203:
        raise ValueError("not a little-endian SPIR-V module")
    return [int(w) for w in words]


def _string(words):
    raw = struct.pack(f"<{len(words)}I", *words)
    return raw[:raw.index(b"\0")].decode()


def reflect(spv):
    """The `Module` of clspv module `spv` (bytes)."""
    words = _words(spv)
    strings, consts, sets, ext = {}, {}, set(), []
    i = 5
    while i < len(words):
        count, op = words[i] >> 16, words[i] & 0xFFFF
        if count == 0:
            raise ValueError(f"malformed SPIR-V: word count 0 at word {i}")
        operands = words[i + 1:i + count]
        if op == 7:                                             # OpString
            strings[operands[0]] = _string(operands[1:])
        elif op == 11 and _string(operands[1:]).startswith(_REFLECTION_SET):   # OpExtInstImport
            sets.add(operands[0])
        elif op == 43 and len(operands) == 3:                   # OpConstant (32-bit)
            consts[operands[1]] = operands[2]
        elif op == 12 and operands[2] in sets:                  # OpExtInst of the reflection
            ext.append((operands[1], operands[3], operands[4:]))
        i += count
    m = Module()
    kernels, infos = {}, {}
    for result, inst, ops in ext:
        u = [consts.get(x) for x in ops]
        if inst == KERNEL:
            k = Kernel(strings[ops[1]])
            kernels[result] = m.kernels[k.name] = k
        elif inst == ARGUMENT_INFO:
            infos[result] = (strings.get(ops[0]), strings.get(ops[1]) if len(ops) > 1 else None)
        elif inst in (ARGUMENT_STORAGE_BUFFER, ARGUMENT_UNIFORM):
            a = Arg(u[1], "buffer" if inst == ARGUMENT_STORAGE_BUFFER else "uniform", set=u[2], binding=u[3])
            _add(kernels[ops[0]], a, infos, ops[4:5])
        elif inst in (ARGUMENT_POD_STORAGE_BUFFER, ARGUMENT_POD_UNIFORM):
            kind = "pod_buffer" if inst == ARGUMENT_POD_STORAGE_BUFFER else "pod_uniform"
            a = Arg(u[1], kind, set=u[2], binding=u[3], offset=u[4], size=u[5])
            _add(kernels[ops[0]], a, infos, ops[6:7])
        elif inst == ARGUMENT_POD_PUSH_CONSTANT:
            _add(kernels[ops[0]], Arg(u[1], "pod_push", offset=u[2], size=u[3]), infos, ops[4:5])
        elif inst == ARGUMENT_WORKGROUP:
            _add(kernels[ops[0]], Arg(u[1], "local", spec_id=u[2], elem_size=u[3]), infos, ops[4:5])
        elif inst == SPEC_WORKGROUP_SIZE:
            m.wgs_spec = tuple(u[:3])
        elif inst == SPEC_GLOBAL_OFFSET:
            m.offset_spec = tuple(u[:3])
        elif inst == SPEC_WORK_DIM:
            m.work_dim_spec = u[0]
        elif inst in PUSH_SLOTS:
            m.push[PUSH_SLOTS[inst]] = (u[0], u[1])
        elif inst in (CONSTANT_DATA_STORAGE_BUFFER, CONSTANT_DATA_UNIFORM):
            kind = SB if inst == CONSTANT_DATA_STORAGE_BUFFER else UB
            m.constant_data.append((kind, u[0], u[1], bytes.fromhex(strings[ops[2]])))
        elif inst == PROPERTY_REQUIRED_WORKGROUP_SIZE:
            kernels[ops[0]].required_wgs = tuple(u[1:4])
        elif inst not in _IGNORED:
            raise NotImplementedError(f"reflection instruction {inst} is not supported by this client")
    return m


def _add(kernel, arg, infos, info):
    if info and info[0] in infos:
        arg.name, arg.type_name = infos[info[0]]
    kernel.args[arg.ordinal] = arg


def _pod_bytes(value, size):
    raw = value.tobytes() if isinstance(value, np.ndarray | np.generic) else bytes(value)
    if len(raw) > size:
        raise ValueError(f"a by-value argument of {len(raw)} bytes where the kernel takes {size}")
    return raw


def _put(block, offset, raw):
    if len(block) < offset + len(raw):
        block.extend(bytes(offset + len(raw) - len(block)))
    block[offset:offset + len(raw)] = raw


def enqueue(gpu, spv, module, name, args, global_size, local_size=None, global_offset=None):
    """Run kernel `name` of `module` (the reflection of `spv`) over `global_size` in
    work-groups of `local_size` (the required size, else 64 x 1 x 1 clipped), with
    `args` one per OpenCL argument: a NumPy array for a buffer (read back into it), a
    NumPy scalar or bytes for a by-value argument, `Local(n)` for a `__local` one. The
    global size must be a multiple of the local size (one region, as clvk uses for a
    uniform NDRange)."""
    kernel = module.kernels[name]
    dims = len(global_size)
    gsize = tuple(global_size) + (1,) * (3 - dims)
    if local_size is None:
        local_size = kernel.required_wgs or tuple(min(64, g) if d == 0 else 1 for d, g in enumerate(gsize))
    lsize = tuple(local_size) + (1,) * (3 - len(local_size))
    offset = tuple(global_offset or ()) + (0,) * (3 - len(global_offset or ()))
    if any(g % l for g, l in zip(gsize, lsize)):
        raise ValueError(f"global size {gsize} is not a multiple of the local size {lsize}")
    groups = tuple(g // l for g, l in zip(gsize, lsize))
    if len(args) != len(kernel.args):
        raise ValueError(f"kernel `{name}` takes {len(kernel.args)} arguments, {len(args)} given")

    # Specialization: work-group size, global offset, work dimension, __local lengths.
    spec = {}
    if module.wgs_spec:
        spec.update(zip(module.wgs_spec, lsize))
    if module.offset_spec:
        spec.update(zip(module.offset_spec, offset))
    if module.work_dim_spec is not None:
        spec[module.work_dim_spec] = dims
    # Descriptors: (set, binding) -> [type, bytes or array, array to read back into].
    bindings = {}
    push = bytearray()
    for ordinal, a in sorted(kernel.args.items()):
        value = args[ordinal]
        if a.kind in ("buffer", "uniform"):
            if not isinstance(value, np.ndarray):
                raise TypeError(f"argument {ordinal} ({a.name}) of `{name}` is a buffer; pass a NumPy array")
            bindings[(a.set, a.binding)] = [SB if a.kind == "buffer" else UB, value, value]
        elif a.kind in ("pod_buffer", "pod_uniform"):
            entry = bindings.setdefault((a.set, a.binding), [SB if a.kind == "pod_buffer" else UB, bytearray(), None])
            _put(entry[1], a.offset, _pod_bytes(value, a.size))
            entry[1].extend(bytes(max(0, a.offset + a.size - len(entry[1]))))
        elif a.kind == "pod_push":
            _put(push, a.offset, _pod_bytes(value, a.size).ljust(a.size, b"\0"))
        elif a.kind == "local":
            if not isinstance(value, Local):
                raise TypeError(f"argument {ordinal} ({a.name}) of `{name}` is __local; pass Local(nbytes)")
            spec[a.spec_id] = max(1, math.ceil(value.nbytes / a.elem_size))
    values = {"global_offset": offset, "region_offset": offset, "enqueued_local_size": lsize,
              "global_size": gsize, "num_workgroups": groups, "region_group_offset": (0, 0, 0)}
    for slot, (off, size) in module.push.items():
        _put(push, off, struct.pack(f"<{size // 4}I", *values[slot][:size // 4]))
    for kind, s, b, data in module.constant_data:
        bindings[(s, b)] = [kind, bytearray(data), None]
    if len(push) % 4:
        push.extend(bytes(4 - len(push) % 4))

    # Buffers, layouts (one per set up to the highest), pipeline, sets.
    made = {}
    for key, (kind, data, _) in sorted(bindings.items()):
        raw = data.tobytes() if isinstance(data, np.ndarray) else bytes(data)
        if kind == UB:
            raw = raw.ljust(-(-len(raw) // 16) * 16, b"\0")
        made[key] = (kind, *gpu.buffer(raw), len(raw))
    nsets = max((s for s, _ in made), default=-1) + 1
    sets = [[(b, made[(s, b)][0]) for (ss, b) in sorted(made) if ss == s] for s in range(nsets)]
    spec_list = [(i, struct.pack("<I", v)) for i, v in sorted(spec.items())]
    pipe, playout, layouts = gpu.pipeline(spv, sets, push_size=len(push), spec=spec_list, entry=name)
    counts = {}
    for kind, *_ in made.values():
        counts[kind] = counts.get(kind, 0) + 1
    pool = gpu.descriptor_pool(nsets, counts)
    try:
        descriptor_sets = [
            gpu.descriptor_set(layouts[s], [(b, made[(s, b)][0], made[(s, b)][1], 0, WHOLE) for b, _ in sets[s]],
                               pool=pool)
            for s in range(nsets)
        ]
        _dispatch(gpu, pipe, playout, descriptor_sets, push, groups)
    finally:
        vk.vkDestroyDescriptorPool(gpu.device, pool, None)
    for key, (_, _, target) in bindings.items():
        if target is not None and target.nbytes:
            kind, _, mem, _ = made[key]
            flat = target.reshape(-1).view(np.uint8)
            flat[:] = np.frombuffer(gpu.read(mem, target.nbytes), dtype=np.uint8)


def _dispatch(gpu, pipe, playout, descriptor_sets, push, groups):
    """Bind, push, dispatch `groups` and wait."""

    def record(cb):
        vk.vkCmdBindPipeline(cb, CS, pipe)
        if descriptor_sets:
            vk.vkCmdBindDescriptorSets(cb, CS, playout, 0, len(descriptor_sets), descriptor_sets, 0, None)
        if push:
            vk.vkCmdPushConstants(cb, playout, vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, len(push),
                                  vk.ffi.from_buffer(bytes(push)))
        vk.vkCmdDispatch(cb, *groups)

    gpu.submit(record)

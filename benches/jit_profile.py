"""Instructions executed per machine instruction of one compiled kernel:
`python3 benches/jit_profile.py CALLGRIND_OUT CODE.bin [--min N]`.

Profile a run with the machine code written out and callgrind counting per instruction:

    SPIRJIT_CODE_DUMP=/tmp/k SPIRJIT_CACHE_DIR=off valgrind --tool=callgrind \\
        --dump-instr=yes --smc-check=all-non-file --callgrind-out-file=/tmp/cg.out \\
        target/release/spirjit run KERNEL.spv --kernel NAME ... --threads 1
    python3 benches/jit_profile.py /tmp/cg.out /tmp/k.*.bin --min 10000

Callgrind names JIT code by its address (`???:0x...`); the costliest such function is
taken as the kernel's code and its start as offset 0 of CODE.bin (the file
`SPIRJIT_CODE_DUMP` wrote). Each line of the output is `offset count instruction`
(objdump's disassembly of CODE.bin); counts that are multiples of the number of lane
groups show what runs once per lane group, per loop iteration and so on. Only
instructions executed at least `--min` times are printed. Reads files; checks nothing.
"""

import argparse
import collections
import re
import subprocess


def jit_counts(path):
    """{address: instructions executed} of the costliest function named by address."""
    names, per_fn, fn, addr, after_call = {}, collections.defaultdict(collections.Counter), None, 0, False
    with open(path) as f:
        for line in f:
            m = re.match(r"(c?fn)=\((\d+)\)\s*(.*)", line)
            if m:
                if m.group(3).strip():
                    names[m.group(2)] = m.group(3).strip()
                if m.group(1) == "fn":
                    fn = m.group(2)
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            m = re.match(r"^(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+\s+(\d+)", line)
            if not m:
                continue
            a = m.group(1)
            if a.startswith("0x"):
                addr = int(a, 16)
            elif a[0] in "+-":
                addr += int(a)
            if after_call:  # the inclusive cost of a call, not this instruction's
                after_call = False
                continue
            per_fn[fn][addr] += int(m.group(2))
    jit = [f for f in per_fn if names.get(f, "").startswith("0x")]
    if not jit:
        raise SystemExit("no JIT code (functions named by address) in the profile")
    return per_fn[max(jit, key=lambda f: sum(per_fn[f].values()))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", help="callgrind output, recorded with --dump-instr=yes")
    ap.add_argument("code", help="the kernel's machine code written by SPIRJIT_CODE_DUMP")
    ap.add_argument("--min", type=int, default=1, help="print instructions executed at least this often")
    a = ap.parse_args()
    counts = jit_counts(a.profile)
    base = min(counts)
    dis = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", "--no-show-raw-insn", a.code],
                         capture_output=True, text=True, check=True).stdout
    shown = total = 0
    for line in dis.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if not m:
            continue
        off = int(m.group(1), 16)
        c = counts.get(base + off, 0)
        total += c
        if c >= a.min:
            shown += 1
            print(f"{off:6x} {c:12d}  {m.group(2)}")
    print(f"# {total} instructions executed in the kernel's code ({sum(counts.values())} in the profile's "
          f"function); {shown} machine instructions shown")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Module import graph of one Rust source folder, with its cycles.

Usage: tools/import_graph.py [FOLDER] [--crate-path PATH] [--layers SPEC] [--dot]

  FOLDER        the folder of a module (default: jit/src/frontend/spirv)
  --crate-path  that module's path inside its crate (default: frontend::spirv)
  --layers      "a,b,c<d,e" : modules before `<` must not use modules after it;
                "a,b,c<*"   : nor any module not listed before `<`
  --dot         print the graph in Graphviz form instead of the report

An edge A -> B is any path A names that resolves to module B: `use super::b::..`,
`use crate::frontend::spirv::b::..`, or an inline `super::b::f(..)` in code.
Methods that one file defines on a type of another file (`impl Translator` in
`arith.rs`, called as `self.arith(..)` from `function.rs`) are not imports and are
not counted. Modules are files (`x.rs`, `x/mod.rs`); nested modules are named
`parent::child`. `tests.rs` and `*_tests.rs` files are left out.

Exit status: 1 when there is a cycle or a layering violation, else 0.
"""

import argparse
import os
import re
import sys

USE_RE = re.compile(r"\buse\s+((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)*)(::\{([^;]*)\})?\s*;", re.S)
PATH_RE = re.compile(r"\b((?:crate|super)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")


def modules(root):
    """Module name (relative, `::`-joined) -> file path."""
    out = {}
    for dirpath, _, files in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        parts = [] if rel == "." else rel.split(os.sep)
        for f in files:
            if not f.endswith(".rs") or f == "tests.rs" or f.endswith("_tests.rs"):
                continue
            if f == "mod.rs":
                name = parts
            else:
                name = parts + [f[:-3]]
            out["::".join(name)] = os.path.join(dirpath, f)
    return out


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    src = re.sub(r"//[^\n]*", "", src)
    # String literals may contain `super::` text; drop them.
    src = re.sub(r"'(?:\\.|[^'\\])'", "' '", src)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', src, flags=re.S)


def resolve(path, here, crate_prefix, mods):
    """The module of `mods` that `path` (as written in module `here`) names, if any."""
    segs = path.split("::")
    if segs[0] == "crate":
        pre = crate_prefix.split("::")
        if segs[1 : 1 + len(pre)] != pre:
            return None
        rest = segs[1 + len(pre) :]
    else:
        base = here.split("::") if here else []
        if os.path.basename(mods.get(here, "")) != "mod.rs" and here:
            base = base[:-1]  # a file module's `super` is its parent
        else:
            base = base[:-1] if base else base
        rest = segs[1:]
        if segs[0] == "self":
            base = here.split("::") if here else []
        while rest and rest[0] == "super":
            base = base[:-1]
            rest = rest[1:]
        rest = base + rest
    # Longest prefix that is a module.
    for n in range(len(rest), 0, -1):
        cand = "::".join(rest[:n])
        if cand in mods:
            return cand
    return None


def graph(root, crate_prefix):
    mods = modules(root)
    edges = {m: set() for m in mods}
    for m, f in mods.items():
        with open(f, encoding="utf-8") as fh:
            src = strip_comments(fh.read())
        # Leave out `#[cfg(test)] mod tests { .. }` blocks at the end of a file.
        cut = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", src)
        if cut:
            src = src[: cut.start()]
        paths = []
        for u in USE_RE.finditer(src):
            head, group = u.group(1), u.group(3)
            if group is None:
                paths.append(head)
            else:
                for item in group.split(","):
                    item = item.strip().split(" as ")[0].strip()
                    if item and item != "self":
                        paths.append(head + "::" + item.split("::{")[0])
                    elif item == "self":
                        paths.append(head)
        paths += [p.group(1) for p in PATH_RE.finditer(src)]
        for p in paths:
            t = resolve(p, m, crate_prefix, mods)
            if t is not None and t != m and not t.startswith(m + "::") and m != "":
                edges[m].add(t)
    edges.pop("", None)
    for e in edges.values():
        e.discard("")
    return edges


def sccs(edges):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", nargs="?", default="jit/src/frontend/spirv")
    ap.add_argument("--crate-path", default="frontend::spirv")
    ap.add_argument("--layers", default="")
    ap.add_argument("--dot", action="store_true")
    args = ap.parse_args()
    edges = graph(args.folder, args.crate_path)
    if args.dot:
        print("digraph imports {")
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f'  "{a}" -> "{b}";')
        print("}")
        return 0
    for a in sorted(edges):
        print(f"{a} -> {', '.join(sorted(edges[a])) or '-'}")
    bad = 0
    comps = sccs(edges)
    print()
    if comps:
        for c in comps:
            print(f"cycle: {' <-> '.join(c)}")
        bad = 1
    else:
        print("no cycles")
    if args.layers:
        lower, _, upper = args.layers.partition("<")
        lower = [x.strip() for x in lower.split(",") if x.strip()]
        upper = {x.strip() for x in upper.split(",") if x.strip()}
        if upper == {"*"}:
            upper = set(edges) - set(lower)
        for a in lower:
            for b in sorted(edges.get(a, ())):
                if b in upper:
                    print(f"layering: {a} (module analysis) uses {b} (translation)")
                    bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())

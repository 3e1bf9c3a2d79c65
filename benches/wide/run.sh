#!/usr/bin/env bash
# Builds and runs fma_width.c (one thread): peak FMA rate and an L1-resident triad at
# 128, 256 and 512 bits. Needs cc with AVX-512 support on an AVX-512 machine.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exe="${TMPDIR:-/tmp}/spirjit-fma-width"
"${CC:-cc}" -O2 -march=native -mprefer-vector-width=512 "$here/fma_width.c" -o "$exe"
"$exe"

#!/usr/bin/env bash
# Build the spirjit Python module and install it into the current Python environment.
#
#   python/build.sh          pip install . from the repository root: a release build of the
#                            native module through maturin (PEP 517), plus the pure-Python
#                            package; then a smoke test. Needs Rust (cargo) and pip.
#   python/build.sh --dev    a quick debug build with cargo; copies the native module into
#                            python/spirjit/ so that the in-tree package works with
#                            PYTHONPATH=python (the tests fall back to it when spirjit is
#                            not installed). Needs numpy installed.
#   python/build.sh --test   either of the above, then the Python tests (pytest).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
mode=install
run_tests=0
for a in "$@"; do
    case "$a" in
        --dev) mode=dev ;;
        --test) run_tests=1 ;;
        -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "build.sh: unknown option $a (see --help)" >&2; exit 2 ;;
    esac
done

start=$(date +%s)
if [[ $mode == dev ]]; then
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
    cargo build --manifest-path "$root/python/Cargo.toml"
    cp "$CARGO_TARGET_DIR/debug/lib_spirjit.so" "$root/python/spirjit/_spirjit.abi3.so"
    export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"
else
    # A native module left by --dev must not end up in the wheel next to the new one.
    rm -f "$root"/python/spirjit/_spirjit*.so
    "$python" -m pip install "$root"
fi
echo "build.sh: built and installed in $(( $(date +%s) - start )) s"
(cd / && "$python" -c "import spirjit; print('spirjit', spirjit.__version__, 'from', spirjit.__file__)")

if ((run_tests)); then
    "$python" -m pytest -q "$root/tests/python"
fi

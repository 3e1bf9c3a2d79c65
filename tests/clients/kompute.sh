#!/usr/bin/env bash
# Kompute (https://github.com/KomputeProject/kompute), a general-purpose GPU compute
# framework over Vulkan, run with its own test suite on spirjit's Vulkan driver.
#
# Downloads Kompute's source distribution from PyPI (`kp`, the Python package; it holds
# the C++ library, the pybind11 module and the Python tests, not the C++ gtest suite),
# builds the `kp` module into a cache directory with every built-in download
# (FetchContent of fmt, pybind11, Vulkan-Headers, spdlog, googletest) switched off, against
# Debian's libvulkan-dev, libfmt-dev and pybind11-dev, and runs its Python tests with the
# loader seeing only the chosen driver. Prints a pass/fail summary; exits 0 when the suite
# ran (whatever its results), 1 when it could not be built or run.
#
# Usage: tests/clients/kompute.sh [--driver spirjit|lavapipe] [--validation] [pytest args...]
#   KOMPUTE_CACHE  the cache directory (default ~/.cache/spirjit-clients/kompute)
#   PYTHON         the Python to build for and test with (default: python3.8 when there
#                  is one, as the tests' pyshader 0.7 compiles Python 3.6-3.8 bytecode
#                  only; else python3, where the three pyshader tests fail)
#   SPIRJIT_VK_MANIFEST  spirjit's driver manifest (default: `spirjit vulkan-icd` of the
#                  newest build under $CARGO_TARGET_DIR or target/)
# --validation runs the suite under VK_LAYER_KHRONOS_validation and counts its errors.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

version=0.9.0
cache=${KOMPUTE_CACHE:-$HOME/.cache/spirjit-clients/kompute}
driver=spirjit
validation=0
pytest_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --driver) driver=$2; shift 2 ;;
    --validation) validation=1; shift ;;
    *) pytest_args+=("$1"); shift ;;
  esac
done

die() { echo "kompute: $*" >&2; exit 1; }

# System packages: the compiler, CMake, the Vulkan loader and headers, fmt, pybind11,
# glslangValidator (the tests compile GLSL with it).
missing=()
for tool in cmake g++ glslangValidator; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
for header in /usr/include/vulkan/vulkan.hpp /usr/include/fmt/format.h /usr/include/pybind11/pybind11.h; do
  [ -f "$header" ] || missing+=("$header")
done
if [ ${#missing[@]} -gt 0 ]; then
  packages=(cmake g++ glslang-tools libvulkan-dev libfmt-dev pybind11-dev python3-dev)
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "kompute: installing ${packages[*]} (missing: ${missing[*]})"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}" >/dev/null ||
      die "apt-get install ${packages[*]} failed"
  else
    die "missing ${missing[*]}; install: ${packages[*]}"
  fi
fi

# A virtual environment with what the tests import (pyshader compiles the tests' Python
# shaders to SPIR-V; the rest use glslangValidator). NumPy 1: the module's pybind11
# (Debian's 2.10) does not convert NumPy 2 arrays correctly (tensors read back wrong).
mkdir -p "$cache"
if [ -z "${PYTHON:-}" ]; then
  PYTHON=python3
  for candidate in python3.8 "$(pyenv root 2>/dev/null)"/versions/3.8*/bin/python3.8; do
    if "$candidate" -c 'import venv' >/dev/null 2>&1; then PYTHON=$candidate; break; fi
  done
fi
pyver=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])') || die "$PYTHON does not run"
case "$pyver" in
  3.6 | 3.7 | 3.8) ;;
  *) echo "kompute: note: Python $pyver: the three tests using pyshader (Python 3.6-3.8 only) will fail" ;;
esac
venv="$cache/venv-$pyver"
if [ ! -x "$venv/bin/python" ]; then
  "$PYTHON" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check "numpy<2" pytest pyshader==0.7.0 ||
  die "pip could not install numpy<2, pytest and pyshader"

# The source.
src="$cache/kp-$version"
if [ ! -f "$src/CMakeLists.txt" ]; then
  "$venv/bin/python" -m pip download -q --disable-pip-version-check --no-binary :all: --no-deps \
    -d "$cache" "kp==$version" || die "pip download kp==$version failed"
  tar -xzf "$cache/kp-$version.tar.gz" -C "$cache"
fi

# The build: the pybind11 module `kp` only, no logging, no built-in dependencies, and no
# validation layer of Kompute's own (it enables one itself unless told not to, and routes
# its messages to a callback that discards them; --validation enables the layer instead).
build="$cache/build-py$pyver"
py_include=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
py_library=$("$venv/bin/python" -c 'import sysconfig, os; print(os.path.join(sysconfig.get_config_var("LIBDIR"), sysconfig.get_config_var("LDLIBRARY")))')
if ! ls "$build"/lib/kp*.so >/dev/null 2>&1; then
  echo "kompute: building kp $version in $build"
  cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
    -DKOMPUTE_OPT_BUILD_PYTHON=ON -DKOMPUTE_OPT_LOG_LEVEL=Off -DKOMPUTE_OPT_USE_SPDLOG=OFF \
    -DKOMPUTE_OPT_DISABLE_VULKAN_VERSION_CHECK=ON -DKOMPUTE_OPT_DISABLE_VK_DEBUG_LAYERS=ON \
    -DKOMPUTE_OPT_USE_BUILT_IN_FMT=OFF -DKOMPUTE_OPT_USE_BUILT_IN_PYBIND11=OFF \
    -DKOMPUTE_OPT_USE_BUILT_IN_VULKAN_HEADER=OFF -DKOMPUTE_OPT_USE_BUILT_IN_SPDLOG=OFF \
    -DKOMPUTE_OPT_USE_BUILT_IN_GOOGLE_TEST=OFF -DKOMPUTE_OPT_INSTALL=OFF \
    -DFETCHCONTENT_FULLY_DISCONNECTED=ON \
    -DPYTHON_EXECUTABLE="$venv/bin/python" -DPYTHON_INCLUDE_DIR="$py_include" -DPYTHON_LIBRARY="$py_library" \
    >"$cache/cmake.log" 2>&1 ||
    { tail -n 30 "$cache/cmake.log" >&2; die "cmake configure failed (log: $cache/cmake.log)"; }
  cmake --build "$build" --target kp -j "$(nproc)" >"$cache/build.log" 2>&1 ||
    { tail -n 30 "$cache/build.log" >&2; die "the build failed (log: $cache/build.log)"; }
fi

# The driver manifest.
case "$driver" in
  spirjit)
    manifest=${SPIRJIT_VK_MANIFEST:-}
    if [ -z "$manifest" ]; then
      for dir in "${CARGO_TARGET_DIR:-}" "$root/target"; do
        [ -n "$dir" ] || continue
        for profile in release debug; do
          if [ -x "$dir/$profile/spirjit" ] && [ -f "$dir/$profile/libspirjit_vulkan.so" ]; then
            manifest=$("$dir/$profile/spirjit" vulkan-icd)
            break 2
          fi
        done
      done
    fi
    [ -n "$manifest" ] || die "spirjit's driver is not built: cargo build --release -p spirjit -p spirjit-vulkan"
    ;;
  lavapipe)
    manifest=$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)
    [ -n "$manifest" ] || die "lavapipe is not installed (apt-get install mesa-vulkan-drivers)"
    ;;
  *) die "unknown driver '$driver' (spirjit or lavapipe)" ;;
esac

# The suite, from a scratch directory (the tests write their compiled shaders to the
# working directory).
work="$cache/run-$driver"
rm -rf "$work" && mkdir -p "$work" && cp -r "$src/python/test" "$work/test"
rm -rf "$work/test/__pycache__"
echo "kompute: running kp $version's Python tests (Python $pyver) on $driver ($manifest)"
env_args=(VK_DRIVER_FILES="$manifest" VK_ICD_FILENAMES="$manifest" PYTHONPATH="$build/lib")
if [ "$validation" = 1 ]; then
  env_args+=(VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation)
fi
set +e
(cd "$work" && env "${env_args[@]}" "$venv/bin/python" -m pytest -p no:cacheprovider -rA -q \
  test "${pytest_args[@]}") >"$work/pytest.log" 2>&1
status=$?
set -e
grep -E '^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) ' "$work/pytest.log" | sed 's/^/  /' || true
summary=$(tail -n 1 "$work/pytest.log")
echo "kompute: $driver: $summary (log: $work/pytest.log)"
if [ "$validation" = 1 ]; then
  errors=$(grep -c 'Validation Error' "$work/pytest.log" || true)
  echo "kompute: $driver: $errors validation-layer errors"
fi
case $status in
  0 | 1) exit 0 ;;
  *) die "pytest could not run the suite (status $status; log: $work/pytest.log)" ;;
esac

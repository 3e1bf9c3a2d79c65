# Shared helpers of the build.sh scripts that compile the committed SPIR-V fixtures
# (tests/kernels/**, benches/kernels, examples/kernels, tests/python/kernels).
# Source it from a bash script; it defines functions and the temporary directory
# $spv_tmp, and runs nothing else:
#
#   spv_require <tool...>          exit 1, naming the Debian/Ubuntu packages to install,
#                                  unless every tool is on PATH
#   spv_sources [name...]          set the array `sources` to <name>.cl for each name
#                                  (a trailing .cl is accepted), or to every *.cl here
#   spv_directive <file> <key>     the text after `// <key>:` on a leading `//` comment
#                                  line of <file>, "yes" for a bare `// <key>`, else empty
#   spv_compile_cl <cl> <target> <out> <clang flags...>
#                                  OpenCL C 1.2 -> LLVM bitcode (clang-14 -target <target>
#                                  <flags>, e.g. -O2) -> SPIR-V 1.0 (llvm-spirv-14); when
#                                  llvm-spirv-14 fails, $spv_hint says what to try; the
#                                  words of $spv_llvm_spirv_flags (if set) are passed to
#                                  llvm-spirv-14 (e.g. --spirv-ext=+SPV_EXT_...)
#   spv_validate <env> <spv> [flags...]  spirv-val --target-env <env> [flags...]
#
# The compile and validate functions print what failed on stderr, remove a bad output and
# return 1, so a caller can go on with the next kernel and fail at the end.
# shellcheck shell=bash

spv_script="${spv_script:-$(basename "$0")}"
spv_hint="${spv_hint:-try -O1 or -fno-slp-vectorize}"

# Debian/Ubuntu package of each tool.
spv_package() {
    case "$1" in
        clang-14) echo clang-14 ;;
        llvm-spirv-14) echo llvm-spirv-14 ;;
        spirv-val | spirv-as | spirv-dis | spirv-opt) echo spirv-tools ;;
        glslangValidator) echo glslang-tools ;;
        *) echo "$1" ;;
    esac
}

spv_require() {
    local tool missing=() packages=() p
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 && continue
        missing+=("$tool")
        p="$(spv_package "$tool")"
        [[ " ${packages[*]} " == *" $p "* ]] || packages+=("$p")
    done
    if ((${#missing[@]})); then
        echo "$spv_script: missing tools: ${missing[*]}" >&2
        echo "install them with: apt-get install ${packages[*]}" >&2
        exit 1
    fi
}

spv_tmp="$(mktemp -d)"
trap 'rm -rf "$spv_tmp"' EXIT

spv_sources() {
    local n
    if (($#)); then
        sources=()
        for n in "$@"; do sources+=("${n%.cl}.cl"); done
    else
        sources=(*.cl)
    fi
}

spv_directive() {
    awk -v key="$2" '
        !/^\/\// { exit }
        {
            line = $0; sub(/^\/\/[ \t]*/, "", line)
            if (line == key) { print "yes"; exit }
            if (index(line, key ":") == 1) { sub(/^[^:]*:[ \t]*/, "", line); print line; exit }
        }' "$1"
}

spv_compile_cl() {
    local cl="$1" target="$2" out="$3"; shift 3
    local bc
    bc="$spv_tmp/$(basename "$out").bc"
    if ! clang-14 -c -target "$target" -cl-std=CL1.2 "$@" -emit-llvm -o "$bc" "$cl"; then
        echo "$spv_script: clang-14 failed on $cl (flags: -target $target $*)" >&2
        return 1
    fi
    # shellcheck disable=SC2086
    if ! llvm-spirv-14 --spirv-max-version=1.0 ${spv_llvm_spirv_flags:-} "$bc" -o "$out"; then
        echo "$spv_script: llvm-spirv-14 cannot translate $cl (flags: -target $target $*); $spv_hint" >&2
        rm -f "$out"
        return 1
    fi
}

spv_validate() {
    local env="$1" spv="$2"
    shift 2
    if ! spirv-val --target-env "$env" "$@" "$spv"; then
        echo "$spv_script: $spv fails spirv-val --target-env $env" >&2
        rm -f "$spv"
        return 1
    fi
}

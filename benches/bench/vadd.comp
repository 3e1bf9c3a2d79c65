#version 450
// Streaming: c = a + b for i < n (12 bytes moved per element, 1 flop), the Vulkan
// compute twin of ../kernels/vadd.cl. Built into vadd_vk.spv by:
//   glslangValidator -V --target-env vulkan1.1 -o /tmp/vadd.spv vadd.comp
//   spirv-opt -O --target-env=vulkan1.1 /tmp/vadd.spv -o vadd_vk.spv
layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) readonly buffer A { float a[]; };
layout(std430, set = 0, binding = 1) readonly buffer B { float b[]; };
layout(std430, set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { uint n; } p;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < p.n) {
        c[i] = a[i] + b[i];
    }
}

#version 450
// env: vulkan1.2
// flags: -gVS
// Built with full debug information: NonSemantic.Shader.DebugInfo.100 instructions at
// module scope and in function bodies, which spirjit ignores.
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer O { float o[]; };

float twice(float x) {
    float y = x * 2.0;
    return y;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    float y = twice(o[i]);
    for (int j = 0; j < int(i); j++) {
        y += 1.0;
    }
    o[i] = y;
}

#version 450
// Push constants and a uniform block: out[i] = in[i] * pc.scale + u.bias.w for i < pc.n.
// Bindings are declared out of order; parameters follow (set, binding).
layout(local_size_x = 16) in;
layout(set = 1, binding = 0) writeonly buffer Out { float outv[]; };
layout(set = 0, binding = 1) uniform U { vec4 bias; } u;
layout(set = 0, binding = 0) readonly buffer In { float inv[]; };
layout(push_constant) uniform P { float scale; uint n; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.n) {
        outv[i] = inv[i] * pc.scale + u.bias.w;
    } else {
        outv[i] = -1.0;
    }
}

#version 450
// env: vulkan1.2
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Buffer device addresses: the push constants carry the addresses of an input and an
// output buffer and a linked list node buffer; the shader follows them.
layout(local_size_x = 16) in;
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Floats { float v[]; };
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node next; float value; uint pad; };
layout(push_constant) uniform P { Floats src; Floats dst; Node head; uint n; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.n) return;
    float s = 0.0;
    Node p = pc.head;
    for (uint k = 0u; k < 3u && uint64_t(p) != 0ul; ++k) { s += p.value; p = p.next; }
    Floats d = pc.dst;
    d.v[i] = pc.src.v[i] * 2.0 + s;
}

#version 450
// env: vulkan1.2
// Arithmetic (not just storage) at 8, 16 and 64 bits, half and double, and conversions
// between them. One invocation per input element; each output buffer gets its results.
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) readonly buffer In { int v[]; };
layout(std430, set = 0, binding = 1) buffer O8 { int8_t o8[]; };        // 4 per invocation
layout(std430, set = 0, binding = 2) buffer O16 { int16_t o16[]; };     // 4 per invocation
layout(std430, set = 0, binding = 3) buffer O64 { int64_t o64[]; };     // 4 per invocation
layout(std430, set = 0, binding = 4) buffer OH { float16_t oh[]; };     // 4 per invocation
layout(std430, set = 0, binding = 5) buffer OD { double od[]; };        // 4 per invocation
layout(std430, set = 0, binding = 6) buffer OC { int oc[]; };           // 8 per invocation
layout(push_constant) uniform P { int8_t a8; uint8_t b8; int16_t a16; uint16_t b16; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    int x = v[i];
    int8_t x8 = int8_t(x);
    uint8_t u8 = uint8_t(x);
    o8[4 * i + 0] = x8 * int8_t(3) + pc.a8;
    o8[4 * i + 1] = int8_t(x8 >> 1) ^ int8_t(u8 >> 2);
    o8[4 * i + 2] = int8_t(u8 / (pc.b8 | uint8_t(1)));
    o8[4 * i + 3] = x8 < pc.a8 ? int8_t(x8 % int8_t(7)) : int8_t(min(x8, int8_t(-5)));
    int16_t x16 = int16_t(x);
    uint16_t u16 = uint16_t(x);
    o16[4 * i + 0] = x16 * int16_t(300) + pc.a16;
    o16[4 * i + 1] = int16_t(u16 >> 3) - int16_t(x16 >> 3);
    o16[4 * i + 2] = int16_t(u16 / (pc.b16 | uint16_t(1)));
    o16[4 * i + 3] = int16_t(x8) + int16_t(u8);
    int64_t x64 = int64_t(x);
    uint64_t u64 = uint64_t(uint(x));
    o64[4 * i + 0] = x64 * 0x100000001l + int64_t(pc.a16);
    o64[4 * i + 1] = int64_t(u64 << 33) >> 7;
    o64[4 * i + 2] = int64_t((u64 * 0x9E3779B97F4A7C15ul) / 12345ul);
    o64[4 * i + 3] = x64 / -3l + x64 % 5l;
    float16_t h = float16_t(x);
    oh[4 * i + 0] = h * 0.25hf + 1.5hf;
    oh[4 * i + 1] = float16_t(x8) - float16_t(u16 & uint16_t(255));
    oh[4 * i + 2] = h * h;
    oh[4 * i + 3] = -h / 8.0hf;
    double d = double(x);
    od[4 * i + 0] = d / 3.0 + 0.1;
    od[4 * i + 1] = double(h * 0.25hf) + double(x64 * 1000000007l);
    od[4 * i + 2] = sqrt(abs(d)) * 1e10;
    od[4 * i + 3] = fma(d, d, -1.0 / 7.0);
    oc[8 * i + 0] = int(double(x) * 1.5);
    oc[8 * i + 1] = int(float16_t(x8) * 2.0hf);
    oc[8 * i + 2] = int(uint8_t(x16));
    oc[8 * i + 3] = int(int64_t(d * 3.0));
    oc[8 * i + 4] = int(uint(uint16_t(x8)));
    oc[8 * i + 5] = int(float(d / 7.0) * 100.0);
    oc[8 * i + 6] = int(uint64_t(u8) * 0xFFFFFFFFul >> 8);
    oc[8 * i + 7] = int(float16_t(float(x) / 3.0) * 16.0hf);
}

#version 450
// env: vulkan1.2
// Extended integer arithmetic (struct results) and bit-field instructions at 32 bits,
// scalar and vector. Each invocation writes 12 uint64 words (8, 16 and 64 bits: intops64.spvasm).
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uvec2 v[]; };
layout(std430, set = 0, binding = 1) buffer O { uint64_t o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint a = v[i].x, b = v[i].y;
    uint carry, borrow, hi, lo;
    uint s = uaddCarry(a, b, carry);              // OpIAddCarry
    uint d = usubBorrow(a, b, borrow);            // OpISubBorrow
    o[12 * i + 0] = uint64_t(s) | (uint64_t(carry) << 32);
    o[12 * i + 1] = uint64_t(d) | (uint64_t(borrow) << 32);
    umulExtended(a, b, hi, lo);                   // OpUMulExtended
    o[12 * i + 2] = (uint64_t(hi) << 32) | uint64_t(lo);
    int shi, slo;
    imulExtended(int(a), int(b), shi, slo);       // OpSMulExtended
    o[12 * i + 3] = (uint64_t(uint(shi)) << 32) | uint64_t(uint(slo));
    uvec2 vc;
    uvec2 vs = uaddCarry(uvec2(a, b), uvec2(b, 0xFFFFFFFFu), vc);
    o[12 * i + 4] = uint64_t(vs.x ^ vs.y) | (uint64_t(vc.x + 2u * vc.y) << 32);
    int off = int(b & 7u), bits = int((a >> 4) & 7u) + 1;
    // 32 bits, scalar and vector.
    o[12 * i + 5] = uint64_t(bitfieldInsert(a, b, off, bits)) | (uint64_t(uint(bitfieldExtract(int(a), off, bits))) << 32);
    o[12 * i + 6] = uint64_t(bitfieldExtract(a, off + 3, bits)) | (uint64_t(bitfieldReverse(a)) << 32);
    ivec3 cnt = bitCount(ivec3(a, b, int(a ^ b)));
    o[12 * i + 7] = uint64_t(cnt.x | (cnt.y << 8) | (cnt.z << 16));
    uvec2 rv = bitfieldReverse(uvec2(a, b));
    o[12 * i + 8] = uint64_t(rv.x) ^ (uint64_t(rv.y) << 32);
    o[12 * i + 9] = uint64_t(bitfieldExtract(ivec2(a, b), off, bits).y);
    uvec4 bi = bitfieldInsert(uvec4(a), uvec4(b), 31, 1);
    o[12 * i + 10] = uint64_t(bi.x) | (uint64_t(bitfieldInsert(a, b, 0, 32)) << 32);
    o[12 * i + 11] = uint64_t(bitfieldExtract(a, 0, 0)) | (uint64_t(bitfieldExtract(int(a), 0, 32)) << 32);
}

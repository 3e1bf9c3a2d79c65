#version 450
// Waits until `flag` is not zero, then writes it to out[i]: with a zero flag the shader never
// finishes (the time-limit tests of tests/python/test_timeout.py).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) volatile readonly buffer Flag { uint flag; };
layout(set = 0, binding = 1) writeonly buffer Out { uint outv[]; };

void main() {
    while (flag == 0u) {
    }
    outv[gl_GlobalInvocationID.x] = flag;
}

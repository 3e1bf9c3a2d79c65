#version 450
// OpArrayLength: every invocation writes the run-time array's length, taken from the
// size of the bound buffer, and doubles its element.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { uint header; float data[]; } b;
layout(set = 0, binding = 1) writeonly buffer L { uint lengths[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    lengths[i] = uint(b.data.length());
    if (i < uint(b.data.length())) {
        b.data[i] *= 2.0;
    }
}

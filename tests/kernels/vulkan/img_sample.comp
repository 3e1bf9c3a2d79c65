#version 450
// Sampling (driver tests): for each coordinate pair of `coords`, textureLod through a
// separate texture + sampler and through a combined image sampler, and texelFetch.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler smp;
layout(set = 0, binding = 2) uniform sampler2D comb;
layout(set = 0, binding = 3) readonly buffer Coords { vec2 coords[]; };
layout(set = 0, binding = 4) writeonly buffer Out { vec4 outs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    vec2 c = coords[i];
    outs[3u * i] = textureLod(sampler2D(tex, smp), c, 0.0);
    outs[3u * i + 1u] = textureLod(comb, c, 0.0);
    ivec2 size = textureSize(comb, 0);
    outs[3u * i + 2u] = texelFetch(comb, ivec2(i) % size, 0);
}

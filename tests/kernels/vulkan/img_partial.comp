#version 450
// Partially bound image-type arrays (driver tests): only elements 0 and 2 of each
// array are written; the shader uses only those (constant indices), and sums them.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D imgs[4];
layout(set = 0, binding = 1) uniform sampler2D texs[3];
layout(set = 0, binding = 2) uniform samplerBuffer tbs[3];
layout(set = 0, binding = 3) uniform texture2D seps[3];
layout(set = 0, binding = 4) uniform sampler smps[3];
layout(set = 0, binding = 5) writeonly buffer Out { float v[]; };
void main() {
    int i = int(gl_LocalInvocationID.x);
    ivec2 p = ivec2(i, 0);
    v[i] = imageLoad(imgs[0], p).x + 2.0 * imageLoad(imgs[2], p).x
         + 10.0 * (texelFetch(texs[0], p, 0).x + 2.0 * texelFetch(texs[2], p, 0).x)
         + 100.0 * (texelFetch(tbs[0], i).x + 2.0 * texelFetch(tbs[2], i).x)
         + 1000.0 * (texelFetch(sampler2D(seps[0], smps[2]), p, 0).x
                     + 2.0 * texelFetch(sampler2D(seps[2], smps[0]), p, 0).x);
}

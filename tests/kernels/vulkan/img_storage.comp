#version 450
// parts: 3
// Storage images (driver tests): load every texel of `src`, store a function of it in
// `dst`. Part 1: rgba8 (channels reversed, 1 - x); part 2: r32f (2x + 1); part 3:
// rgba32ui (channels reversed, plus the coordinates).
layout(local_size_x = 4, local_size_y = 4) in;
#if PART == 1
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 v = imageLoad(src, p);
    imageStore(dst, p, vec4(1.0) - v.abgr);
}
#elif PART == 2
layout(set = 0, binding = 0, r32f) uniform readonly image2D src;
layout(set = 0, binding = 1, r32f) uniform writeonly image2D dst;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(dst, p, imageLoad(src, p) * 2.0 + 1.0);
}
#else
layout(set = 0, binding = 0, rgba32ui) uniform readonly uimage2D src;
layout(set = 0, binding = 1, rgba32ui) uniform writeonly uimage2D dst;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(dst, p, imageLoad(src, p).abgr + uvec4(p, 0, 1));
}
#endif

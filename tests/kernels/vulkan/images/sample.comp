#version 460
// Sampling: result[i] = the sample at coords[i] (xy; z the layer or w the depth
// reference where used), in every instruction form.
// parts: 9
layout(local_size_x = 4) in;
layout(set = 0, binding = 2) readonly buffer Coords { vec4 coords[]; };
layout(set = 0, binding = 3) writeonly buffer Result { vec4 result[]; };
#if PART == 1
layout(set = 0, binding = 0) uniform sampler2D tex;
#define SAMPLE(c) textureLod(tex, c.xy, 0.0)
#elif PART == 2
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler smp;
#define SAMPLE(c) textureLod(sampler2D(tex, smp), c.xy, 0.0)
#elif PART == 3
layout(set = 0, binding = 0) uniform sampler2D tex;
#define SAMPLE(c) textureGrad(tex, c.xy, vec2(0.01, 0.0), vec2(0.0, 0.01))
#elif PART == 4
layout(set = 0, binding = 0) uniform sampler2D tex;
#define SAMPLE(c) textureLodOffset(tex, c.xy, 0.0, ivec2(1, -1))
#elif PART == 5
layout(set = 0, binding = 0) uniform sampler2DShadow tex;
#define SAMPLE(c) vec4(textureLod(tex, vec3(c.xy, c.w), 0.0))
#elif PART == 6
layout(set = 0, binding = 0) uniform sampler2D tex;
#define SAMPLE(c) textureGather(tex, c.xy, 1)
#elif PART == 7
layout(set = 0, binding = 0) uniform sampler2DShadow tex;
#define SAMPLE(c) textureGather(tex, c.xy, c.w)
#elif PART == 8
layout(set = 0, binding = 0) uniform sampler2DArray tex;
#define SAMPLE(c) textureLod(tex, c.xyz, 0.0)
#elif PART == 9
layout(set = 0, binding = 0) uniform samplerCube tex;
#define SAMPLE(c) textureLod(tex, c.xyz, 0.0)
#endif
void main() {
    uint i = gl_GlobalInvocationID.x;
    result[i] = SAMPLE(coords[i]);
}

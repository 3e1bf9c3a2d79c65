#version 450
// Cube maps (driver tests): sample a cube view and a cube-array view in the directions
// of `dirs` (w: the cube of the array).
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform samplerCube cube;
layout(set = 0, binding = 1) uniform samplerCubeArray cubes;
layout(set = 0, binding = 2) readonly buffer Dirs { vec4 dirs[]; };
layout(set = 0, binding = 3) writeonly buffer Out { vec4 outs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    outs[2u * i] = textureLod(cube, dirs[i].xyz, 0.0);
    outs[2u * i + 1u] = textureLod(cubes, dirs[i], 0.0);
}

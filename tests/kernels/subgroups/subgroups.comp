// GLSL sub-group operations (GL_KHR_shader_subgroup_*): builtin variables, votes,
// broadcasts, ballots, shuffles, arithmetic and clustered reductions, uniform and
// inside divergent code. Work-group size 6, so the last sub-group of a group is
// partial whenever W does not divide 6.
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require

layout(local_size_x = 6) in;
layout(set = 0, binding = 0) readonly buffer A { int a[]; };
layout(set = 0, binding = 1) readonly buffer F { float f[]; };
layout(set = 0, binding = 2) writeonly buffer O { int o[]; };
layout(set = 0, binding = 3) writeonly buffer OF { float of[]; };

void main() {
    uint g = gl_GlobalInvocationID.x;
    int x = a[g];
    uint k = uint(x) % 8u;
    uint p = g * 40u;
    o[p + 0] = int(gl_SubgroupSize);
    o[p + 1] = int(gl_SubgroupInvocationID);
    o[p + 2] = int(gl_NumSubgroups);
    o[p + 3] = int(gl_SubgroupID);
    o[p + 4] = int(gl_SubgroupEqMask.x);
    o[p + 5] = int(gl_SubgroupGeMask.x);
    o[p + 6] = int(gl_SubgroupGtMask.x);
    o[p + 7] = int(gl_SubgroupLeMask.x);
    o[p + 8] = int(gl_SubgroupLtMask.x);
    o[p + 9] = subgroupElect() ? 1 : 0;
    o[p + 10] = subgroupAll(x > 2) ? 1 : 0;
    o[p + 11] = subgroupAny(x > 45) ? 1 : 0;
    o[p + 12] = subgroupAllEqual(x / 20) ? 1 : 0;
    o[p + 13] = subgroupBroadcast(x, 1u);
    o[p + 14] = subgroupBroadcastFirst(x);
    uvec4 b = subgroupBallot(x > 20);
    o[p + 15] = int(b.x);
    o[p + 16] = int(subgroupBallotBitCount(b));
    o[p + 17] = int(subgroupBallotInclusiveBitCount(b));
    o[p + 18] = int(subgroupBallotExclusiveBitCount(b));
    o[p + 19] = int(subgroupBallotFindLSB(b));
    o[p + 20] = int(subgroupBallotFindMSB(b));
    o[p + 21] = subgroupInverseBallot(b) ? 1 : 0;
    o[p + 22] = subgroupBallotBitExtract(b, k) ? 1 : 0;
    o[p + 23] = subgroupShuffle(x, k);
    o[p + 24] = subgroupShuffleXor(x, 1u);
    o[p + 25] = subgroupShuffleUp(x, 1u);
    o[p + 26] = subgroupShuffleDown(x, 2u);
    o[p + 27] = subgroupAdd(x);
    o[p + 28] = subgroupInclusiveMul(x % 3 + 1);
    o[p + 29] = subgroupExclusiveMin(x);
    o[p + 30] = int(subgroupMax(uint(x)));
    o[p + 31] = subgroupClusteredAdd(x, 2u);
    o[p + 32] = subgroupXor(x) ^ subgroupOr(x) ^ subgroupAnd(x | 64);
    o[p + 33] = (subgroupAnd(x > 1) ? 1 : 0) + (subgroupOr(x > 48) ? 2 : 0) + (subgroupXor(x > 25) ? 4 : 0);
    o[p + 34] = -5;
    o[p + 35] = -5;
    o[p + 36] = -5;
    o[p + 37] = -5;
    if (gl_LocalInvocationID.x % 3u != 0u) {
        o[p + 34] = subgroupAdd(x);
        o[p + 35] = subgroupExclusiveAdd(x);
        o[p + 36] = int(subgroupBallot(x > 20).x);
        o[p + 37] = subgroupElect() ? 1 : 0;
    }
    o[p + 38] = subgroupInclusiveAdd(x);
    o[p + 39] = subgroupExclusiveMax(x);
    float y = f[g];
    uint q = g * 4u;
    of[q + 0] = subgroupAdd(y);
    of[q + 1] = subgroupInclusiveAdd(y);
    of[q + 2] = subgroupExclusiveMin(y);
    of[q + 3] = subgroupMax(y);
}

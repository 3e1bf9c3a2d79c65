// Structs in buffers: mixed member types, a nested struct, an array inside a struct, and
// a float4 member (16-byte aligned, so the struct has padding); reads one array of
// structs and writes another.
typedef struct { short id; uchar tag; float w; } Inner;    // 8 bytes (1 of padding)
typedef struct {
    int key;
    Inner inner;
    float vals[4];
    double d;
    float4 v;
} Particle;                                                  // 64 bytes
typedef struct {
    long key2;
    float sum;
    int tag_plus_id;
    float4 v2;
    Inner copy;
} Result;                                                    // 48 bytes

__kernel void struct_buffer(__global const Particle *in, __global Result *out)
{
    size_t i = get_global_id(0);
    Particle p = in[i];
    Result r;
    r.key2 = (long)p.key * 2;
    r.sum = p.vals[0] + p.vals[1] + p.vals[2] + p.vals[3] + p.inner.w + (float)p.d;
    r.tag_plus_id = p.inner.tag + p.inner.id;
    r.v2 = p.v * 2.0f;
    r.copy = p.inner;
    r.copy.id = (short)(r.copy.id + 1);
    out[i] = r;
}

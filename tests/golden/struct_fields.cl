// Fields of an array of structures.
typedef struct { float x, y, z; int tag; } point;
kernel void struct_fields(global point *p, global float *out) {
    size_t i = get_global_id(0);
    out[i] = p[i].x + p[i].y * p[i].z + (float)p[i].tag;
}

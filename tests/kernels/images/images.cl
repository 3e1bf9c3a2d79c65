// Image builtins through real modules: reads with and without samplers (float and int
// coordinates), writes, queries and literal samplers, for every image dimensionality.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable

const sampler_t lit = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;

kernel void sample2d(read_only image2d_t img, sampler_t s, global const float2* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, c[i]);
}
kernel void sample2d_int(read_only image2d_t img, sampler_t s, global const int2* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, c[i]);
}
kernel void sample2d_i(read_only image2d_t img, sampler_t s, global const float2* c, global int4* out) {
    int i = get_global_id(0);
    out[i] = read_imagei(img, s, c[i]);
}
kernel void sample2d_ui(read_only image2d_t img, sampler_t s, global const float2* c, global uint4* out) {
    int i = get_global_id(0);
    out[i] = read_imageui(img, s, c[i]);
}
kernel void sample_literal(read_only image2d_t img, global const float2* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, lit, c[i]);
}
kernel void sample1d(read_only image1d_t img, sampler_t s, global const float* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, c[i]);
}
kernel void sample1d_array(read_only image1d_array_t img, sampler_t s, global const float2* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, c[i]);
}
kernel void sample2d_array(read_only image2d_array_t img, sampler_t s, global const float4* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, c[i]);
}
kernel void sample3d(read_only image3d_t img, sampler_t s, global const float4* c, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, c[i]);
}
kernel void read2d_f(read_only image2d_t img, global float4* out) {
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_image_width(img) + x] = read_imagef(img, (int2)(x, y));
}
kernel void read2d_i(read_only image2d_t img, global int4* out) {
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_image_width(img) + x] = read_imagei(img, (int2)(x, y));
}
kernel void read2d_ui(read_only image2d_t img, global uint4* out) {
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_image_width(img) + x] = read_imageui(img, (int2)(x, y));
}
kernel void write2d_f(write_only image2d_t img, global const float4* in) {
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(img, (int2)(x, y), in[y * get_image_width(img) + x]);
}
kernel void write2d_i(write_only image2d_t img, global const int4* in) {
    int x = get_global_id(0), y = get_global_id(1);
    write_imagei(img, (int2)(x, y), in[y * get_image_width(img) + x]);
}
kernel void write2d_ui(write_only image2d_t img, global const uint4* in) {
    int x = get_global_id(0), y = get_global_id(1);
    write_imageui(img, (int2)(x, y), in[y * get_image_width(img) + x]);
}
kernel void copy_half(read_only image2d_t src, write_only image2d_t dst) {
    int x = get_global_id(0), y = get_global_id(1);
    half4 h = read_imageh(src, (int2)(x, y));
    write_imageh(dst, (int2)(x, y), h);
}
kernel void write3d(write_only image3d_t img, global const float4* in) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_image_width(img), h = get_image_height(img);
    write_imagef(img, (int4)(x, y, z, 0), in[(z * h + y) * w + x]);
}
kernel void write2d_array(write_only image2d_array_t img, global const float4* in) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_image_width(img), h = get_image_height(img);
    write_imagef(img, (int4)(x, y, z, 0), in[(z * h + y) * w + x]);
}
kernel void read1d_buffer(read_only image1d_buffer_t img, global float4* out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, i);
}
kernel void write1d_buffer(write_only image1d_buffer_t img, global const float4* in) {
    int i = get_global_id(0);
    write_imagef(img, i, in[i]);
}
kernel void queries(read_only image2d_t a, read_only image3d_t b, read_only image2d_array_t c,
                    read_only image1d_array_t d, read_only image1d_buffer_t e, read_only image1d_t f,
                    global int* out) {
    out[0] = get_image_width(a);
    out[1] = get_image_height(a);
    out[2] = get_image_channel_order(a);
    out[3] = get_image_channel_data_type(a);
    int2 dim = get_image_dim(a);
    out[4] = dim.x;
    out[5] = dim.y;
    int4 d3 = get_image_dim(b);
    out[6] = d3.x;
    out[7] = d3.y;
    out[8] = d3.z;
    out[9] = d3.w;
    out[10] = get_image_depth(b);
    out[11] = (int)get_image_array_size(c);
    out[12] = get_image_width(c);
    out[13] = get_image_height(c);
    out[14] = (int)get_image_array_size(d);
    out[15] = get_image_width(d);
    out[16] = get_image_width(e);
    out[17] = get_image_width(f);
    out[18] = get_image_channel_order(b);
    out[19] = get_image_channel_data_type(b);
}
kernel void divergent(read_only image2d_t img, sampler_t s, global const float2* c, global float4* out) {
    int i = get_global_id(0);
    if (i % 3 == 1) {
        out[i] = read_imagef(img, s, c[i]);
    } else {
        out[i] = (float4)(-1.0f);
    }
}

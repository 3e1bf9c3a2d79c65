// An image read with a sampler.
constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
kernel void image_read(read_only image2d_t img, global float4 *out) {
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imagef(img, smp, (int2)(x, y));
}

// build-flags: -cl-std=CL2.0
// validate-env: opencl2.0
// read_write images (OpenCL C 2.0): each work-item reads its pixel, writes it back
// scaled, and after atomic_work_item_fence(CLK_IMAGE_MEM_FENCE) reads its own write.
// The pixel coordinates are an int2 built from size_t ids (a long2 → int2 conversion of
// varying values); `convert_vectors` checks such conversions both ways on their own.

kernel void rw_image(read_write image2d_t img, global float *back)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    float4 v = read_imagef(img, c);
    write_imagef(img, c, v * 2.0f + 1.0f);
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    float4 w = read_imagef(img, c);
    back[get_global_linear_id()] = w.x + w.y + w.z + w.w;
}

// Integer channels: read_imagei / write_imagei on a read_write image, plus its size.
kernel void rw_image_int(read_write image2d_t img)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    int4 v = read_imagei(img, c);
    write_imagei(img, c, v + (int4)(c.x, c.y, get_image_width(img), get_image_height(img)));
}

// out[i] = convert_int2(in[i]) + (int2)(i, -i); wide[i] = convert_long2(out[i]) * 3.
kernel void convert_vectors(global const long2 *in, global int2 *out, global long2 *wide)
{
    size_t i = get_global_id(0);
    int2 n = convert_int2(in[i]) + (int2)((int)i, -(int)i);
    out[i] = n;
    wide[i] = convert_long2(n) * 3;
}

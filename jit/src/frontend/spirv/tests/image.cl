kernel void img(read_only image2d_t im, global float4* o) { o[0] = read_imagef(im, (int2)(0, 0)); }

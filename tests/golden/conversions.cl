// Conversions with saturation and rounding modes.
kernel void conversions(global const float *f, global int *i, global uchar *c) {
    size_t k = get_global_id(0);
    i[k] = convert_int_sat_rte(f[k]);
    c[k] = convert_uchar_sat(f[k] * 255.0f);
}

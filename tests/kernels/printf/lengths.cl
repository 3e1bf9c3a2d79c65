// printf: every conversion with every length modifier, on boundary values.
// tests/printf.rs formats the same specifications with the host C library's snprintf
// and compares; the format lists here and there must stay the same (the test builds
// them from the same pieces: INT_CONVS, FLOAT_CONVS, the vector list).
// Each work-item prints the lines of one value, so the output is in value order. Inputs
// are `constant`, so that the test can pass the same read-only data to every run.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Arguments are cast to the type the conversion names, not to its signedness.
#pragma clang diagnostic ignored "-Wformat"

// Integer conversions, flags, widths and precisions, with the length modifier L.
#define INT_CONVS(L)                                                                              \
    "%" L "d|%" L "i|%" L "o|%" L "u|%" L "x|%" L "X|%#" L "o|%#" L "x|%#" L "X|%+" L "d|% " L \
    "i|%8" L "d|%-8" L "u|%08" L "x|%.3" L "d|%.0" L "u|%12.5" L "x|%-+6" L "i|%#.0" L "o\n"
#define A19(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x

kernel void int_lengths(constant long *v)
{
    long x = v[get_global_id(0)];
    printf(INT_CONVS("hh"), A19((char)x));
    printf(INT_CONVS("h"), A19((short)x));
    printf(INT_CONVS(""), A19((int)x));
    printf(INT_CONVS("l"), A19(x));
    printf(INT_CONVS("ll"), A19(x));
    printf(INT_CONVS("j"), A19(x));
    printf(INT_CONVS("z"), A19((size_t)x));
    printf(INT_CONVS("t"), A19((ptrdiff_t)x));
    printf(INT_CONVS("hh"), A19((uchar)x));
    printf(INT_CONVS("h"), A19((ushort)x));
    printf(INT_CONVS(""), A19((uint)x));
    printf(INT_CONVS("l"), A19((ulong)x));
}

// Float conversions, flags, widths and precisions, with the length modifier L.
#define FLOAT_CONVS(L)                                                                            \
    "%" L "f|%" L "F|%" L "e|%" L "E|%" L "g|%" L "G|%" L "a|%" L "A|%.0" L "f|%#.0" L "f|%.3" L \
    "e|%#.0" L "e|%.10" L "g|%#" L "g|%.0" L "g|%.3" L "a|%.0" L "a|%#.0" L "a|%+12.4" L         \
    "f|%-12.3" L "e|% 012.3" L "g|%015" L "a|%.20" L "e\n"
#define A23(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x

kernel void float_lengths(constant double *v)
{
    double x = v[get_global_id(0)];
    printf(FLOAT_CONVS(""), A23((float)x));
    printf(FLOAT_CONVS("l"), A23((float)x));
    printf(FLOAT_CONVS(""), A23(x));
    printf(FLOAT_CONVS("l"), A23(x));
    printf(FLOAT_CONVS(""), A23((half)x));
}

// Vector specifiers with every length modifier: components i, i + 1, ... of the values.
kernel void vector_lengths(constant long *v, constant double *f, int n)
{
    int i = get_global_id(0);
#define L(k) v[(i + k) % n]
#define F(k) f[(i + k) % n]
    char4 c = (char4)(L(0), L(1), L(2), L(3));
    short4 s = (short4)(L(0), L(1), L(2), L(3));
    int4 w = (int4)(L(0), L(1), L(2), L(3));
    long2 l = (long2)(L(0), L(1));
    char16 c16 = (char16)(c, c + (char)1, c + (char)2, c + (char)3);
    short8 s8 = (short8)(s, s - (short)1);
    int3 w3 = (int3)(L(0), L(1), L(2));
    float4 g = (float4)(F(0), F(1), F(2), F(3));
    double2 d = (double2)(F(0), F(1));
    half2 h = (half2)((half)F(0), (half)F(1));
    printf("%v4hhd|%v4hhi|%v4hho|%v4hhu|%v4hhx|%#v4hhX|%+5v4hhd|%v16hhx\n", c, c, c, c, c, c, c, c16);
    printf("%v4hd|%v4hi|%#v4ho|%v4hu|%v4hx|%v4hX|%-7v4hd|%.4v8hx\n", s, s, s, s, s, s, s, s8);
    printf("%v4hld|%v4hli|%v4hlo|%v4hlu|%#v4hlx|%v4hlX|%+v4hld|%012v4hlx|%v3hld\n", w, w, w, w, w, w, w, w, w3);
    printf("%v2ld|%v2li|%v2lo|%v2lu|%v2lx|%#v2lX|% v2ld|%-22v2lu|\n", l, l, l, l, l, l, l, l);
    printf("%v4hlf|%.2v4hle|%v4hlg|%v4hla|%#v4hlG|%+10.3v4hlf|%v4hlA\n", g, g, g, g, g, g, g);
    printf("%v2lf|%.3v2le|%v2lg|%v2la|%.12v2lg|%-14.2v2lE|%v2lF\n", d, d, d, d, d, d, d);
    printf("%v2hf|%v2he|%v2hg|%v2ha\n", h, h, h, h);
}

// Characters, strings and pointers.
kernel void chars_strings_pointers(constant int *v, constant char *p)
{
    int x = v[get_global_id(0)];
    printf("%c|%5c|%-3c|%%|%s|%8s|%-8s|%.2s|%.0s|%p|%20p|%-20p|\n", x, x, x, "word", "word", "word", "word",
           "word", p, p, p);
}

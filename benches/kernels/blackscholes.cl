// Transcendental: Black-Scholes European call and put prices (exp, log, sqrt, and the
// Abramowitz-Stegun cumulative normal).
float cnd(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f;
    const float A4 = -1.821255978f, A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = RSQRT2PI * exp(-0.5f * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
    return d > 0.0f ? 1.0f - c : c;
}

__kernel void blackscholes(__global float *call, __global float *put, __global const float *price,
                           __global const float *strike, __global const float *years, float r, float v, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float s = price[i], x = strike[i], t = years[i];
    float sqrt_t = sqrt(t);
    float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
    float d2 = d1 - v * sqrt_t;
    float e = exp(-r * t);
    float c1 = cnd(d1), c2 = cnd(d2);
    call[i] = s * c1 - x * e * c2;
    put[i] = x * e * (1.0f - c2) - s * (1.0f - c1);
}

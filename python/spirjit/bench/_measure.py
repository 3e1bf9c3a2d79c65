"""How spirjit.bench measures one case on one device and compares outputs: first launch,
kernel and end-to-end times over a calibrated number of repetitions (median, quartiles),
and the error of a device's outputs against the reference (spirjit's).

This module must not discover devices or format reports.
"""

import time

import numpy as np

__all__ = ["measure", "compare", "stats"]


def stats(times):
    """``{"median", "q1", "q3", "iqr", "min", "n"}`` of a list of seconds (None when empty)."""
    if not times:
        return None
    a = np.asarray(times, dtype=np.float64)
    q1, med, q3 = (float(v) for v in np.percentile(a, [25, 50, 75]))
    return {"median": med, "q1": q1, "q3": q3, "iqr": q3 - q1, "min": float(a.min()), "n": int(a.size)}


def _reps(one, budget, min_reps, max_reps):
    return int(min(max_reps, max(min_reps, budget / max(one, 1e-7))))


def measure(device, case, budget=0.5, min_reps=5, max_reps=1000):
    """Measure ``case`` on ``device``: a dict with ``first_launch`` (seconds: build,
    compile and one run), ``outputs`` (of that first run, from fresh inputs),
    ``kernel`` (stats of the device's own kernel timer, or of the launch wall time when
    it has none; ``kernel_timer`` says which), ``launch`` (stats of the wall time of a
    synchronous launch) and ``end_to_end`` (stats with transfers). Each loop runs for
    about ``budget`` seconds after one warm-up."""
    t0 = time.perf_counter()
    prep = device.prepare(case)
    try:
        return _measure(prep, t0, budget, min_reps, max_reps)
    finally:
        prep.close()


def _measure(prep, t0, budget, min_reps, max_reps):
    dev_t = prep.launch()
    first = time.perf_counter() - t0
    outputs = prep.outputs()

    t0 = time.perf_counter()
    prep.launch()  # warm-up
    one = time.perf_counter() - t0
    walls, devs = [], []
    for _ in range(_reps(one, budget, min_reps, max_reps)):
        t0 = time.perf_counter()
        dev_t = prep.launch()
        walls.append(time.perf_counter() - t0)
        if dev_t is not None:
            devs.append(dev_t)

    t0 = time.perf_counter()
    prep.end_to_end()
    one = time.perf_counter() - t0
    e2e = []
    for _ in range(_reps(one, budget, min_reps, max_reps)):
        t0 = time.perf_counter()
        prep.end_to_end()
        e2e.append(time.perf_counter() - t0)

    timer = "device" if len(devs) == len(walls) and devs else "wall"
    return {"first_launch": first, "outputs": outputs, "kernel": stats(devs if timer == "device" else walls),
            "kernel_timer": timer, "launch": stats(walls), "end_to_end": stats(e2e)}


def _ulp_distance(got, want):
    """Largest distance in units in the last place between two float arrays (NaN = NaN)."""
    itype = {4: np.int32, 8: np.int64, 2: np.int16}[want.dtype.itemsize]
    g, w = got.view(itype).astype(np.int64), want.view(itype).astype(np.int64)
    # Map the sign-magnitude bit patterns onto a monotonic integer line.
    bits = want.dtype.itemsize * 8
    top = np.int64(1) << (bits - 1)
    g = np.where(g < 0, -(g + top), g) if bits < 64 else np.where(g < 0, np.iinfo(np.int64).min - g, g)
    w = np.where(w < 0, -(w + top), w) if bits < 64 else np.where(w < 0, np.iinfo(np.int64).min - w, w)
    both_nan = np.isnan(got) & np.isnan(want)
    d = np.abs(g.astype(np.float64) - w.astype(np.float64))
    d[both_nan] = 0
    return float(d.max()) if d.size else 0.0


def compare(got, want, rtol=0.0, atol=0.0):
    """The error of outputs ``got`` against ``want`` (dicts index -> array): ``ok``,
    ``max_abs``, ``max_rel``, ``max_ulp`` (floats only), ``bad`` (elements beyond the
    tolerance) and ``reason`` (first problem, or None)."""
    out = {"ok": True, "max_abs": 0.0, "max_rel": 0.0, "max_ulp": None, "bad": 0, "reason": None}
    for i, w in want.items():
        w = np.asarray(w).reshape(-1)
        g = got.get(i)
        if g is None:
            out.update(ok=False, reason=f"arg {i}: no output")
            continue
        g = np.asarray(g).reshape(-1)
        if g.shape != w.shape or g.dtype != w.dtype:
            out.update(ok=False, reason=f"arg {i}: {g.dtype}{g.shape} vs {w.dtype}{w.shape}")
            continue
        gf, wf = g.astype(np.float64), w.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            diff = np.abs(gf - wf)
            same_nan = np.isnan(gf) & np.isnan(wf)
            same_inf = np.isinf(gf) & (gf == wf)
            diff[same_nan | same_inf] = 0.0
            rel = np.where(wf != 0, diff / np.abs(wf), np.where(diff == 0, 0.0, np.inf))
            rel[same_nan | same_inf] = 0.0
            if rtol == 0 and atol == 0:
                bad = ~((g == w) | same_nan)
            else:
                bad = ~((diff <= atol + rtol * np.abs(wf)) | same_nan | same_inf)
        if diff.size:
            out["max_abs"] = max(out["max_abs"], float(np.nanmax(np.where(np.isnan(diff), np.inf, diff))))
            out["max_rel"] = max(out["max_rel"], float(np.nanmax(np.where(np.isnan(rel), np.inf, rel))))
        if np.issubdtype(w.dtype, np.floating) and w.dtype.itemsize in (2, 4, 8):
            out["max_ulp"] = max(out["max_ulp"] or 0.0, _ulp_distance(g, w))
        nbad = int(bad.sum())
        if nbad:
            k = int(np.argmax(bad))
            out["bad"] += nbad
            if out["ok"]:
                out["reason"] = f"arg {i}: {nbad} of {bad.size} differ (first at {k}: {g[k]} vs {w[k]})"
            out["ok"] = False
    return out

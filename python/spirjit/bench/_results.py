"""Running cases on devices and reporting: ``run()`` measures every case on every chosen
device and cross-checks the outputs against spirjit's, and ``Results`` prints the table
(ratios against spirjit) or writes JSON with the machine's and drivers' details.

This module must not know how a device launches a kernel (that is _devices.py).
"""

import json
import os
import platform
import time
import traceback

import numpy as np

from ._devices import Device, devices as all_devices
from ._measure import compare, measure

__all__ = ["run", "Results"]


def _choose(devices):
    if isinstance(devices, Device):
        return [devices]
    found = None
    if devices == "all" or devices is None:
        return all_devices()
    if isinstance(devices, str):
        devices = [d.strip() for d in devices.split(",") if d.strip()]
    out = []
    for d in devices:
        if isinstance(d, Device):
            out.append(d)
            continue
        found = found if found is not None else all_devices()
        exact = [x for x in found if x.name == d]
        match = exact or [x for x in found if d.lower() in x.name.lower()]
        if not match:
            raise ValueError(f"no device matches {d!r}; `python -m spirjit.bench --list-devices` lists them")
        out += [m for m in match if m not in out]
    return out


def run(cases, devices="all", budget=0.5, reference=None, progress=None):
    """Measure every case on every device and return ``Results``.

    ``devices``: ``"all"``, a comma-separated string or list of names (a substring
    matches, e.g. ``"pocl"``) and/or ``Device`` objects. The reference device (whose
    outputs the others are checked against and the ratios are relative to) is
    ``reference`` or the first spirjit device. Unavailable and list-only devices are
    reported, not run. ``budget``: seconds per timing loop."""
    from ._case import Case

    if isinstance(cases, Case):
        cases = [cases]
    devs = _choose(devices)
    ref = reference if reference is not None else next((d for d in devs if d.kind == "spirjit" and d.available), None)
    if ref is not None and ref not in devs:
        devs = [ref] + devs
    order = ([ref] if ref is not None else []) + [d for d in devs if d is not ref]
    rows = []
    for case in cases:
        ref_out = None
        for dev in order:
            row = {"case": case.label, "device": dev.name, "kind": dev.kind, "status": "ok", "reference": dev is ref}
            if not dev.available:
                row.update(status="unavailable", error=dev.hint)
            elif not dev.runnable:
                row.update(status="listed", error="running kernels on this kind of device is not supported yet")
            else:
                if progress:
                    progress(f"{case.label} on {dev.name}")
                try:
                    m = measure(dev, case, budget=budget)
                except Exception as e:  # noqa: BLE001 - one device's failure is a row, not the end
                    row.update(status="error", error=f"{type(e).__name__}: {e}".strip(),
                               trace=traceback.format_exc(limit=4))
                    rows.append(row)
                    continue
                outs = m.pop("outputs")
                row.update(m)
                k = m["kernel"]["median"]
                row["gbps"] = case.bytes / k * 1e-9 if case.bytes and k > 0 else None
                row["gflops"] = case.flops / k * 1e-9 if case.flops and k > 0 else None
                if dev is ref:
                    ref_out = outs
                elif ref_out is not None:
                    row["check"] = compare(outs, ref_out, case.rtol, case.atol)
                    if not row["check"]["ok"]:
                        row["status"] = "mismatch"
                else:
                    row["check"] = None  # the reference did not run this case
            rows.append(row)
    return Results(rows, devs, ref)


def _machine():
    info = {"platform": platform.platform(), "machine": platform.machine(), "python": platform.python_version(),
            "numpy": np.__version__, "cpus": os.cpu_count(), "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/loadavg", encoding="utf-8") as f:
            info["load_average"] = f.read().split()[:3]
    except OSError:
        pass
    try:
        import spirjit

        info["spirjit"] = spirjit.__version__
    except ImportError:
        pass
    try:
        import pyopencl

        info["pyopencl"] = pyopencl.VERSION_TEXT
    except ImportError:
        pass
    return info


def _ms(s):
    return "-" if s is None else f"{s * 1e3:.3f}"


def _short(name, width=44):
    return name if len(name) <= width else name[: width - 3] + "..."


class Results:
    """What ``run()`` measured: ``rows`` (one dict per case and device), ``devices`` and
    ``reference`` (the device the others are compared with)."""

    def __init__(self, rows, devices, reference):
        self.rows, self.devices, self.reference = rows, devices, reference

    def __iter__(self):
        return iter(self.rows)

    def row(self, case, device):
        """The row of one case (label) on one device (name), or None."""
        return next((r for r in self.rows if r["case"] == case and r["device"] == device), None)

    @property
    def mismatches(self):
        return [r for r in self.rows if r["status"] == "mismatch"]

    def table(self):
        """A plain-text table: per case and device the first launch, the kernel time
        (median and IQR), end to end, GB/s, GFLOP/s, time / spirjit's, and the check."""
        head = ["case", "device", "first ms", "kernel ms", "IQR ms", "e2e ms", "GB/s", "GFLOP/s", "vs ref", "check"]
        lines = []
        refk = {r["case"]: r["kernel"]["median"] for r in self.rows if r.get("reference") and r["status"] == "ok"}
        for r in self.rows:
            if r["status"] in ("unavailable", "listed", "error"):
                lines.append([r["case"], _short(r["device"]), "", "", "", "", "", "", "", f"{r['status']}: {r['error']}"])
                continue
            k = r["kernel"]
            ratio = refk.get(r["case"])
            ratio = "ref" if r.get("reference") else ("-" if not ratio else f"{k['median'] / ratio:.2f}x")
            if r["status"] == "mismatch":
                check = "MISMATCH " + (r["check"]["reason"] or "")
            elif "check" in r and r["check"] is None:
                check = "unchecked (no reference output)"
            elif "check" in r:
                c = r["check"]
                check = "ok" + (f" (max rel {c['max_rel']:.1e}, {c['max_ulp']:.0f} ulp)" if c["max_ulp"] else "")
            else:
                check = ""
            timer = "" if r["kernel_timer"] == "device" else "*"
            lines.append([r["case"], _short(r["device"]), _ms(r["first_launch"]), _ms(k["median"]) + timer, _ms(k["iqr"]),
                          _ms(r["end_to_end"]["median"]), "-" if r["gbps"] is None else f"{r['gbps']:.2f}",
                          "-" if r["gflops"] is None else f"{r['gflops']:.2f}", ratio, check])
        widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(head)]
        fmt = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
        out = [fmt(head), fmt(["-" * w for w in widths])] + [fmt(line) for line in lines]
        out.append("kernel ms: the device's own timer (profiling events, spirjit's last_run); * marks wall time. "
                   "vs ref: kernel time / the reference's (" + (self.reference.name if self.reference else "none")
                   + "), lower is faster.")
        return "\n".join(out)

    def to_dict(self):
        devs = [{"name": d.name, "kind": d.kind, "available": d.available, "hint": d.hint, "info": d.info}
                for d in self.devices]
        rows = [{k: v for k, v in r.items() if k != "trace"} for r in self.rows]
        return {"machine": _machine(), "reference": self.reference.name if self.reference else None,
                "devices": devs, "results": rows}

    def to_json(self, path=None, indent=2):
        """The results as JSON text (written to ``path`` too when given)."""
        text = json.dumps(self.to_dict(), indent=indent, default=str)
        if path:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        return text

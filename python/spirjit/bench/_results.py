"""Running cases on devices and reporting: ``run()`` probes each device's peaks, measures
every case on every chosen device and cross-checks the outputs against spirjit's, and
``Results`` prints the table (ratios against spirjit, place on the roofline) or writes
JSON with the machine's and drivers' details; pictures are drawn by _plot.py.

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
from ._probes import probe, roofline
from ._progress import Progress

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


def run(cases, devices="all", budget=0.5, reference=None, progress=None, probes=True):
    """Measure every case on every device and return ``Results``.

    ``devices``: ``"all"``, a comma-separated string or list of names (a substring
    matches, e.g. ``"pocl"``) and/or ``Device`` objects. The reference device (whose
    outputs the others are checked against and the ratios are relative to) is
    ``reference`` or the first spirjit device. Unavailable devices are reported, not
    run; a device that does not run a case's flavour (an OpenCL device and a Vulkan
    shader) gets a ``"skipped"`` row. ``budget``: seconds per timing loop. ``probes``:
    measure each device's peak bandwidth and FLOP rate first (for the roofline).
    ``progress``: None (a bar on stderr when it is a terminal), True, False, or a
    callable taking each step's description."""
    from ._case import Case

    if isinstance(cases, Case):
        cases = [cases]
    devs = _choose(devices)
    ref = reference if reference is not None else next((d for d in devs if d.kind == "spirjit" and d.available), None)
    if ref is not None and ref not in devs:
        devs = [ref] + devs
    order = ([ref] if ref is not None else []) + [d for d in devs if d is not ref]
    live = [d for d in order if d.available and d.runnable]
    used = [d for d in live if any(c.flavor in d.flavors for c in cases)]
    steps = len(used) * (1 if probes else 0) + sum(1 for c in cases for d in live if c.flavor in d.flavors)
    bar = Progress(progress, steps)
    peaks = {}
    try:
        if probes:
            for dev in used:
                bar.step(f"probing {dev.name}")
                peaks[dev.name] = probe(dev, budget=min(budget, 0.5))
        rows = [row for case in cases for row in _run_case(case, order, ref, budget, bar, peaks)]
    finally:
        bar.close()
    return Results(rows, devs, ref, peaks)


def _run_case(case, order, ref, budget, bar, peaks):
    rows, ref_out = [], None
    for dev in order:
        row = {"case": case.label, "device": dev.name, "kind": dev.kind, "flavor": case.flavor, "status": "ok",
               "reference": dev is ref, "bytes": case.bytes, "flops": case.flops}
        if not dev.available:
            row.update(status="unavailable", error=dev.hint)
        elif not dev.runnable:
            row.update(status="listed", error="running kernels on this kind of device is not supported yet")
        elif case.flavor not in dev.flavors:
            row.update(status="skipped", error=f"runs {', '.join(sorted(dev.flavors))} kernels, not {case.flavor}")
        else:
            bar.step(f"{case.label} on {dev.name}")
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
            row["roofline"] = roofline(peaks.get(dev.name), case.bytes, case.flops, k)
            if dev is ref:
                ref_out = outs
            elif ref_out is not None:
                row["check"] = compare(outs, ref_out, case.rtol, case.atol)
                if not row["check"]["ok"]:
                    row["status"] = "mismatch"
            else:
                row["check"] = None  # the reference did not run this case
        rows.append(row)
    return rows


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


def _num(v, fmt):
    return "-" if v is None else format(v, fmt)


class Results:
    """What ``run()`` measured: ``rows`` (one dict per case and device), ``devices``,
    ``reference`` (the device the others are compared with) and ``peaks`` (per device
    name, what the probes measured: ``bandwidth`` in bytes/s, ``flops`` in FLOP/s)."""

    def __init__(self, rows, devices, reference, peaks=None):
        self.rows, self.devices, self.reference = rows, devices, reference
        self.peaks = dict(peaks or {})

    def __iter__(self):
        return iter(self.rows)

    def row(self, case, device):
        """The row of one case (label) on one device (name), or None."""
        return next((r for r in self.rows if r["case"] == case and r["device"] == device), None)

    @property
    def cases(self):
        """The case labels, in run order."""
        return list(dict.fromkeys(r["case"] for r in self.rows))

    @property
    def mismatches(self):
        return [r for r in self.rows if r["status"] == "mismatch"]

    def fastest(self, case):
        """The measured row of ``case`` with the lowest kernel time among devices whose
        outputs agreed with the reference (None when none ran)."""
        ok = [r for r in self.rows if r["case"] == case and r["status"] == "ok"]
        return min(ok, key=lambda r: r["kernel"]["median"], default=None)

    def table(self):
        """A plain-text table: per case and device the first launch, the kernel time
        (median and IQR), end to end, GB/s, GFLOP/s, arithmetic intensity, the fraction
        of the device's attainable peak, time / the reference's, and the check; then the
        devices' peaks and the devices that did not run."""
        head, cells, notes = self.table_cells()
        lines = [c for _, c in cells]
        widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(head)]
        fmt = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
        return "\n".join([fmt(head), fmt(["-" * w for w in widths])] + [fmt(line) for line in lines] + notes)

    def table_cells(self):
        """``(head, [(row, cells)], notes)``: the table's header, each shown row with its
        text cells, and the lines under the table."""
        head = ["case", "device", "first ms", "kernel ms", "IQR ms", "e2e ms", "GB/s", "GFLOP/s", "FLOP/B", "% peak",
                "vs ref", "check"]
        lines = []
        refk = {r["case"]: r["kernel"]["median"] for r in self.rows if r.get("reference") and r["status"] == "ok"}
        best = {c: (f["device"] if f else None) for c in self.cases for f in [self.fastest(c)]}
        missing = {}
        for r in self.rows:
            if r["status"] in ("unavailable", "listed"):
                missing.setdefault(r["device"], f"{r['status']}: {r['error']}")
                continue
            if r["status"] == "skipped":
                continue
            if r["status"] == "error":
                lines.append((r, [r["case"], _short(r["device"])] + [""] * 9 + [f"error: {r['error']}"]))
                continue
            k = r["kernel"]
            ratio = refk.get(r["case"])
            ratio = "ref" if r.get("reference") else ("-" if not ratio else f"{k['median'] / ratio:.2f}x")
            if best.get(r["case"]) == r["device"]:
                ratio += " fastest"
            if r["status"] == "mismatch":
                check = "MISMATCH " + (r["check"]["reason"] or "")
            elif "check" in r and r["check"] is None:
                check = "unchecked (no reference output)"
            elif "check" in r:
                c = r["check"]
                check = "ok" + (f" (max rel {c['max_rel']:.1e}, {c['max_ulp']:.0f} ulp)" if c["max_ulp"] else "")
            else:
                check = ""
            roof = r.get("roofline") or {}
            timer = "" if r["kernel_timer"] == "device" else "*"
            lines.append((r, [r["case"], _short(r["device"]), _ms(r["first_launch"]), _ms(k["median"]) + timer,
                              _ms(k["iqr"]), _ms(r["end_to_end"]["median"]), _num(r["gbps"], ".2f"),
                              _num(r["gflops"], ".2f"), _num(roof.get("ai"), ".3g"),
                              _num(None if roof.get("fraction") is None else 100 * roof["fraction"], ".0f"), ratio,
                              check]))
        out = []
        out.append("kernel ms: the device's own timer (profiling events, timestamps, spirjit's last_run); * marks "
                   "wall time. vs ref: kernel time / the reference's (" + (self.reference.name if self.reference
                   else "none") + "), lower is faster. % peak: achieved / min(peak FLOP/s, FLOP/B x peak GB/s).")
        if self.peaks:
            out.append("peaks (probes: float4 triad, float32 FMA chains):")
            for name, p in self.peaks.items():
                if "error" in p:
                    out.append(f"  {name}: probes failed: {p['error']}")
                else:
                    out.append(f"  {name}: {_num(p['bandwidth'] and p['bandwidth'] * 1e-9, '.1f')} GB/s, "
                               f"{_num(p['flops'] and p['flops'] * 1e-9, '.1f')} GFLOP/s"
                               + ("" if p["timer"] == "device" else " (wall time)"))
        if missing:
            out.append("not run:")
            out += [f"  {name}: {why}" for name, why in missing.items()]
        return head, lines, out

    def to_dict(self):
        devs = [{"name": d.name, "kind": d.kind, "available": d.available, "hint": d.hint, "info": d.info,
                 "flavors": sorted(getattr(d, "flavors", ())), "peak": self.peaks.get(d.name)}
                for d in self.devices]
        rows = [{k: v for k, v in r.items() if k != "trace"} for r in self.rows]
        return {"machine": getattr(self, "machine", None) or _machine(), "reference": self.reference.name if self.reference else None,
                "devices": devs, "results": rows}

    @classmethod
    def load(cls, path):
        """Results read back from a file ``to_json`` wrote (to print or plot them again;
        the devices are descriptions only and cannot run)."""
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        devs = []
        for d in data["devices"]:
            dev = Device(d["name"], d["available"], d["hint"], d["info"])
            dev.kind, dev.runnable = d["kind"], False
            devs.append(dev)
        ref = next((d for d in devs if d.name == data.get("reference")), None)
        peaks = {d["name"]: d["peak"] for d in data["devices"] if d.get("peak")}
        res = cls(data["results"], devs, ref, peaks)
        res.machine = data.get("machine")
        return res

    def to_json(self, path=None, indent=2):
        """The results as JSON text (written to ``path`` too when given)."""
        text = json.dumps(self.to_dict(), indent=indent, default=str)
        if path:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        return text

    def plot(self, path):
        """Write a PNG: a bar chart per case across devices (kernel time, the fastest
        marked, ratios to the reference annotated) and a roofline per device (log-log,
        the probes' roofs, each case a point). Needs matplotlib; returns ``path``."""
        from ._plot import plot

        return plot(self, path)

    def html(self, path):
        """Write one self-contained HTML report (the table, and the pictures embedded as
        base64 PNG when matplotlib is installed); returns ``path``."""
        from ._plot import html

        return html(self, path)

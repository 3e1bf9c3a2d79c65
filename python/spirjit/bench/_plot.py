"""Pictures and the HTML report of spirjit.bench results: per case a bar chart of the
kernel time on every device (the fastest in green, wrong results hatched red, each bar
annotated with its time and its ratio to the reference), and per device a log-log
roofline (the probes' bandwidth and FLOP roofs, each case a point labelled with its
fraction of the attainable peak).

matplotlib is optional: without it ``plot`` raises ImportError saying what to install
and ``html`` writes the report without pictures. Drawing uses matplotlib's object API
(no pyplot, no backend change). This module must not measure anything.
"""

import base64
import html as _html
import io
import math

__all__ = ["plot", "html", "figure_png"]

_FAST, _SLOW, _BAD, _REF = "#2e9d4a", "#5b8fd1", "#d64541", "#8c8c8c"


def _matplotlib():
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("spirjit.bench pictures need matplotlib: `pip install matplotlib`") from None
    return Figure, FigureCanvasAgg


def _measured(res, case):
    return [r for r in res.rows if r["case"] == case and r["status"] in ("ok", "mismatch")]


def _bars(ax, res, case):
    rows = _measured(res, case)
    if not rows:
        ax.set_axis_off()
        ax.set_title(f"{case}: no device ran it", fontsize=10)
        return
    ref = next((r["kernel"]["median"] for r in rows if r.get("reference")), None)
    best = res.fastest(case)
    names = [r["device"] if len(r["device"]) <= 40 else r["device"][:37] + "..." for r in rows]
    times = [r["kernel"]["median"] * 1e3 for r in rows]
    errs = [[(r["kernel"]["median"] - r["kernel"]["q1"]) * 1e3 for r in rows],
            [(r["kernel"]["q3"] - r["kernel"]["median"]) * 1e3 for r in rows]]
    colors = [_BAD if r["status"] == "mismatch" else _FAST if best is r else _REF if r.get("reference") else _SLOW
              for r in rows]
    y = list(range(len(rows)))
    bars = ax.barh(y, times, xerr=errs, color=colors, edgecolor="black", linewidth=0.5, capsize=2)
    for b, r in zip(bars, rows):
        if r["status"] == "mismatch":
            b.set_hatch("//")
    ax.set_yticks(y)
    ax.set_yticklabels(names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("kernel time, ms (median, bars: quartiles) - shorter is faster", fontsize=8)
    ends = [t + e for t, e in zip(times, errs[1])]
    top = max(ends)
    ax.set_xlim(0, top * 1.5)
    for yi, t, end, r in zip(y, times, ends, rows):
        if r.get("reference"):
            note = "reference"
        elif ref:
            ratio = r["kernel"]["median"] / ref
            note = f"{1 / ratio:.2f}x faster" if ratio < 1 else f"{ratio:.2f}x slower"
        else:
            note = ""
        if r["status"] == "mismatch":
            note += " WRONG RESULT"
        elif best is r:
            note += " - fastest"
        label = f"{t:.3g} ms" + (f"  ({note.strip()})" if note.strip() else "")
        ax.text(end + top * 0.02, yi, label, va="center", fontsize=7,
                color=_BAD if r["status"] == "mismatch" else "black", fontweight="bold" if best is r else "normal")
    ax.set_title(f"{case}", fontsize=10, loc="left")
    ax.tick_params(axis="x", labelsize=7)
    ax.grid(axis="x", alpha=0.3)


def _roofline(ax, res, device, peak):
    bw, fl = peak["bandwidth"] * 1e-9, peak["flops"] * 1e-9  # GB/s, GFLOP/s
    points = [r for r in res.rows if r["device"] == device and r["status"] in ("ok", "mismatch")
              and (r.get("roofline") or {}).get("ai")]
    ais = [r["roofline"]["ai"] for r in points]
    ridge = fl / bw
    lo = min([ridge / 64] + [a / 4 for a in ais])
    hi = max([ridge * 64] + [a * 4 for a in ais])
    xs = [lo * (hi / lo) ** (i / 200) for i in range(201)]
    ax.loglog(xs, [min(fl, x * bw) for x in xs], color="black", linewidth=1.5)
    ax.axvline(ridge, color="grey", linestyle=":", linewidth=0.8)
    x_bw = ridge / 16
    ax.text(x_bw, x_bw * bw * 1.6, f"{bw:.1f} GB/s", fontsize=7, ha="right")
    ax.text(hi / 1.1, fl * 1.12, f"{fl:.1f} GFLOP/s", fontsize=7, ha="right")
    colors = _case_colors(res)
    placed = []
    for r in points:
        ai, g = r["roofline"]["ai"], r["gflops"]
        bad = r["status"] == "mismatch"
        # Points close together get their labels one under the other.
        k = sum(1 for a, b in placed if abs(math.log10(a / ai)) < 0.4 and abs(math.log10(b / g)) < 0.4)
        placed.append((ai, g))
        ax.plot([ai], [g], "X" if bad else "o", color=colors[r["case"]], markeredgecolor=_BAD if bad else "black",
                markersize=7, label=r["case"] + (" (WRONG RESULT)" if bad else ""))
        ax.annotate(f"{100 * r['roofline']['fraction']:.0f}%", (ai, g), textcoords="offset points",
                    xytext=(7, -3 - 10 * k), fontsize=7, color=_BAD if bad else "black")
    if points:
        ax.legend(fontsize=6, loc="best", title="case (% of attainable peak)", title_fontsize=6)
    ymin = min([lo * bw / 2] + [r["gflops"] / 4 for r in points if r["gflops"]])
    ax.set_ylim(ymin, fl * 3)
    ax.set_xlim(lo, hi)
    ax.set_xlabel("arithmetic intensity, FLOP/byte", fontsize=8)
    ax.set_ylabel("GFLOP/s", fontsize=8)
    name = device if len(device) <= 44 else device[:41] + "..."
    ax.set_title(f"roofline: {name}\npeaks: {bw:.1f} GB/s, {fl:.1f} GFLOP/s", fontsize=9, loc="left")
    ax.tick_params(labelsize=7)
    ax.grid(which="both", alpha=0.2)
    if not points:
        ax.text(math.sqrt(lo * hi), fl / 8, "no case gives both bytes and flops", fontsize=7, ha="center")


def _case_colors(res):
    palette = ["#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]
    return {c: palette[i % len(palette)] for i, c in enumerate(res.cases)}


def figure(res):
    """The matplotlib Figure: the bar charts (one per case), then the rooflines (one per
    device whose probes ran)."""
    Figure, _ = _matplotlib()
    cases = res.cases
    roofs = [(d, p) for d, p in res.peaks.items() if "error" not in p and p.get("bandwidth") and p.get("flops")]
    nbar = max(len(cases), 1)
    bar_h = [max(1.6, 0.35 * len(_measured(res, c)) + 0.9) for c in cases] or [1.6]
    ncol = 2 if len(roofs) > 1 else 1
    nroof_rows = -(-len(roofs) // ncol)
    height = sum(bar_h) + 3.6 * nroof_rows + 0.6
    fig = Figure(figsize=(11, height), constrained_layout=True)
    grid = fig.add_gridspec(nbar + nroof_rows, ncol, height_ratios=bar_h + [3.6] * nroof_rows)
    for i, c in enumerate(cases):
        _bars(fig.add_subplot(grid[i, :]), res, c)
    for j, (d, p) in enumerate(roofs):
        _roofline(fig.add_subplot(grid[nbar + j // ncol, j % ncol]), res, d, p)
    ref = res.reference.name if res.reference else "none"
    fig.suptitle(f"spirjit.bench - kernel time per device (reference: {ref}; green: fastest, red hatched: wrong "
                 "result) and rooflines", fontsize=10)
    return fig


def figure_png(res, dpi=110):
    """The figure as PNG bytes."""
    _, Canvas = _matplotlib()
    fig = figure(res)
    Canvas(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def plot(res, path):
    data = figure_png(res)
    with open(path, "wb") as f:
        f.write(data)
    return path


def _html_table(res):
    head, cells, notes = res.table_cells()
    body = []
    for r, row in cells:
        cls = "bad" if r["status"] in ("mismatch", "error") else ("best" if res.fastest(r["case"]) is r else "")
        body.append(f'<tr class="{cls}">' + "".join(f"<td>{_html.escape(c)}</td>" for c in row) + "</tr>")
    return ("<table><tr>" + "".join(f"<th>{_html.escape(h)}</th>" for h in head) + "</tr>\n" + "\n".join(body)
            + "</table>\n" + f"<pre>{_html.escape(chr(10).join(notes))}</pre>")


def html(res, path):
    try:
        png = base64.b64encode(figure_png(res)).decode()
        pictures = f'<img alt="bar charts and rooflines" src="data:image/png;base64,{png}">'
    except ImportError as e:
        pictures = f"<p><em>No pictures: {_html.escape(str(e))}</em></p>"
    machine = res.to_dict()["machine"]
    info = ", ".join(f"{k}: {v}" for k, v in machine.items())
    text = f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>spirjit.bench report</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
table {{ border-collapse: collapse; font-size: 0.85em; }}
td, th {{ border: 1px solid #ccc; padding: 2px 6px; text-align: left; white-space: nowrap; }}
tr.best td {{ background: #e3f5e6; font-weight: bold; }}
tr.bad td {{ background: #fbe3e2; color: #a01d1a; }}
pre {{ font-size: 0.85em; }}
img {{ max-width: 100%; }}
</style></head><body>
<h1>spirjit.bench</h1>
<p>{_html.escape(info)}</p>
{_html_table(res)}
{pictures}
</body></html>
"""
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path

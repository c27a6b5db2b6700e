"""Draw bench_count_scale.py's table as an SVG bar chart (standard library only).

    .venv/bin/python bench/bench_count_scale.py --sizes 10 100 1000 | tee /tmp/scale.txt
    .venv/bin/python bench/scale_chart.py /tmp/scale.txt -o docs/scale_chart.svg

Two panels, one group of bars per corpus size and one bar per mode: the throughput
(corpus MB per second of wall time) and the peak resident memory (the driving process
plus its largest worker). Several table files may be given; a later row replaces an
earlier one of the same size and mode.
"""

from __future__ import annotations

import argparse
import math
import re
from html import escape
from pathlib import Path

ROW = re.compile(r"^\s*(\d+)MB\s+(\w+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+"
                 r"(\d+)\s+(\d+)\s")
COLORS = {"single": "#4c72b0", "workers": "#dd8452", "dask": "#55a868"}
MODES = ("single", "workers", "dask")
LABELS = {"single": "1 process", "workers": "--workers 2", "dask": "Dask LocalCluster(2)"}


def read_rows(paths: list[Path]) -> dict[tuple[int, str], dict[str, float]]:
    """(size MB, mode) → {"mbps": …, "rss": …} from the bench's printed tables."""
    rows: dict[tuple[int, str], dict[str, float]] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            m = ROW.match(line)
            if m:
                size, mode = int(m.group(1)), m.group(2)
                rows[(size, mode)] = {"mbps": float(m.group(4)),
                                      "rss": float(m.group(7)) + float(m.group(8))}
    return rows


def nice_step(raw: float) -> float:
    """The smallest 1, 2 or 5 × 10^k at least ``raw`` (axis ticks people can read)."""
    scale = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    return next(m * scale for m in (1, 2, 5, 10) if m * scale >= raw)


def panel(rows: dict, key: str, title: str, unit: str, x0: int, width: int, height: int) -> list[str]:
    """One bar panel as SVG elements, its top-left corner at (x0, 0)."""
    sizes = sorted({size for size, _ in rows})
    step = nice_step(max((r[key] for r in rows.values()), default=1.0) * 1.1 / 4)
    top = step * 4
    left, bottom, plot_h = x0 + 50, height - 40, height - 80
    group_w = (width - 60) / max(1, len(sizes))
    bar_w = group_w / (len(MODES) + 1)
    out = [f'<text x="{x0 + width / 2}" y="20" text-anchor="middle" font-size="14">'
           f'{escape(title)}</text>',
           f'<line x1="{left}" y1="{bottom}" x2="{x0 + width - 10}" y2="{bottom}" stroke="#333"/>']
    for k in range(5):
        value = top * k / 4
        y = bottom - plot_h * k / 4
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="10">'
                   f'{value:g}</text>')
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{x0 + width - 10}" y2="{y:.1f}" '
                   f'stroke="#ddd"/>')
    out.append(f'<text x="{x0 + 14}" y="{bottom - plot_h / 2}" font-size="11" '
               f'transform="rotate(-90 {x0 + 14} {bottom - plot_h / 2})" text-anchor="middle">'
               f'{escape(unit)}</text>')
    for g, size in enumerate(sizes):
        gx = left + g * group_w + bar_w / 2
        for b, mode in enumerate(MODES):
            row = rows.get((size, mode))
            if row is None:
                continue
            h = plot_h * row[key] / top
            x = gx + b * bar_w
            out.append(f'<rect x="{x:.1f}" y="{bottom - h:.1f}" width="{bar_w * 0.9:.1f}" '
                       f'height="{h:.1f}" fill="{COLORS[mode]}"/>')
            out.append(f'<text x="{x + bar_w * 0.45:.1f}" y="{bottom - h - 3:.1f}" '
                       f'text-anchor="middle" font-size="9">{row[key]:.1f}</text>')
        label = f"{size / 1000:g} GB" if size >= 1000 else f"{size} MB"
        out.append(f'<text x="{gx + bar_w * 1.5:.1f}" y="{bottom + 16}" text-anchor="middle" '
                   f'font-size="11">{label}</text>')
    return out


def chart(rows: dict, width: int = 760, height: int = 300) -> str:
    """The whole SVG document."""
    half = width // 2
    body = panel(rows, "mbps", "Counting throughput", "MB/s", 0, half, height)
    body += panel(rows, "rss", "Peak memory (driver + largest worker)", "MB", half, half, height)
    for i, mode in enumerate(MODES):
        x = 60 + i * 200
        body.append(f'<rect x="{x}" y="{height - 14}" width="10" height="10" '
                    f'fill="{COLORS[mode]}"/>')
        body.append(f'<text x="{x + 14}" y="{height - 5}" font-size="11">'
                    f'{escape(LABELS[mode])}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="DejaVu Sans, sans-serif">\n<rect width="100%" height="100%" '
            f'fill="white"/>\n' + "\n".join(body) + "\n</svg>\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tables", type=Path, nargs="+")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    rows = read_rows(args.tables)
    if not rows:
        raise SystemExit("no table rows found")
    args.output.write_text(chart(rows), encoding="utf-8")
    print(f"wrote {args.output} ({len(rows)} bars)")


if __name__ == "__main__":
    main()

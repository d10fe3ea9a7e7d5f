#!/usr/bin/env python3
"""descriptor: writes a pipeline descriptor (SPEC.md shape) beside a defect fixture.

usage: descriptor.py OUT.json --file F --original REL-TO-FIXTURES --width W --height H --format FMT
                     [--size-bytes N] [--crop X,Y,W,H] [--gps-removed true|false]
                     [--quality Q] [--note TEXT] [--media-type TYPE]
size_bytes defaults to F's real size. Keys are written in a fixed order, 2-space indent.
"""
import argparse
import json
import os

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--file", required=True)
ap.add_argument("--original", required=True)
ap.add_argument("--width", type=int, required=True)
ap.add_argument("--height", type=int, required=True)
ap.add_argument("--format", required=True)
ap.add_argument("--size-bytes", type=int)
ap.add_argument("--crop")
ap.add_argument("--gps-removed", default="true", choices=("true", "false"))
ap.add_argument("--quality", default="high")
ap.add_argument("--media-type", default="image")
a = ap.parse_args()

name = os.path.splitext(os.path.basename(a.file))[0]
d = {
    "media_id": "fixture-" + name,
    "source": "photo_picker",
    "media_type": a.media_type,
    "format": a.format,
    "width": a.width,
    "height": a.height,
    "size_bytes": a.size_bytes if a.size_bytes is not None else os.path.getsize(a.file),
    "created_at_local": "2025-01-01T10:20:30+08:00",
    "gps_removed": a.gps_removed == "true",
    "quality": a.quality,
}
if a.crop:
    x, y, w, h = (int(v) for v in a.crop.split(","))
    d["crop"] = {"x": x, "y": y, "width": w, "height": h}
d["owner_context"] = "fixture"
# The original's path is written relative to the descriptor's own folder (as readers resolve it);
# --original names it relative to Fixtures/.
fixtures_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
d["original"] = os.path.relpath(os.path.join(fixtures_root, a.original), os.path.dirname(os.path.abspath(a.out)))
with open(a.out, "w") as f:
    json.dump(d, f, indent=2)
    f.write("\n")

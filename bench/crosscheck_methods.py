#!/usr/bin/env python3
"""Cross-check two of the explorer's methods against the libraries people use.

* extended-box (3 passes) against Pillow's ImageFilter.GaussianBlur(radius=sigma), which is
  three extended boxes (Gwosdek et al. 2011, src/libImaging/BoxBlur.c), clamped edges;
* stack against OpenCV's cv2.stackBlur(img, (ksize, ksize)): the explorer's radius r is
  OpenCV's ksize // 2, so ksize = 2r + 1; for a sigma the explorer picks the r whose triangle
  has the variance r(r + 2)/6 nearest sigma^2, and the same r is given to both.

Both run on the same 8-bit RGB image; the explorer writes an 8-bit PNG (rounded to nearest).
The libraries compute in 8 bits and round or truncate after every pass (Pillow after each of
its six box passes, OpenCV's 8-bit stackBlur truncates after each direction), so the script
also runs an exact version of each filter, rounded once: extended boxes in NumPy Float64, and
OpenCV's stackBlur on Float32 input. That tells the explorer's own error (against the exact
filter) from the library's rounding (the library against the same exact filter).
Reported per sigma: the largest |difference| in 8-bit levels over R, G, B, on the whole image
and on the interior (pixels farther than the method's reach from the border), and the share of
values that differ at all.

Usage (from the package folder, after `swift build`):
  pip install pillow opencv-python-headless numpy
  python3 bench/crosscheck_methods.py [--image Lessons/images/photo.png] [--sigmas 2,8,24]
                                      [--explorer .build/debug/explorer] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageFilter
import PIL
import cv2


def stack_radius(sigma: float) -> int:
    """The explorer's StackBlur(sigma:) rule: r(r + 2)/6 nearest sigma^2, r >= 1."""
    ideal = math.sqrt(6 * sigma * sigma + 1) - 1
    lower = max(1, int(math.floor(ideal)))
    upper = lower + 1
    miss = lambda r: abs(r * (r + 2) / 6 - sigma * sigma)
    return upper if miss(upper) < miss(lower) else lower


def extended_box_reach(sigma: float, passes: int = 3) -> int:
    """N (r + 1) with r = floor((sqrt(12 s^2 + 1) - 1) / 2), s^2 = sigma^2 / N (Pillow's rule)."""
    s2 = sigma * sigma / passes
    r = math.floor((math.sqrt(12 * s2 + 1) - 1) / 2)
    return passes * (r + 1)


def extended_boxes(pixels: np.ndarray, sigma: float, passes: int = 3) -> np.ndarray:
    """Three extended boxes in Float64 with clamped edges (Gwosdek et al. 2011, Pillow's
    parameters), each pass along x then each along y, rounded to 8 bits once at the end."""
    s2 = sigma * sigma / passes
    r = math.floor((math.sqrt(12 * s2 + 1) - 1) / 2)
    alpha = (2 * r + 1) * (r * (r + 1) - 3 * s2) / (6 * (s2 - (r + 1) ** 2))
    kernel = np.array([alpha] + [1.0] * (2 * r + 1) + [alpha]) / (2 * r + 1 + 2 * alpha)
    out = pixels.astype(np.float64)
    for axis in (1, 0):
        for _ in range(passes):
            pad = [(0, 0)] * 3
            pad[axis] = (r + 1, r + 1)
            padded = np.pad(out, pad, mode="edge")
            n = out.shape[axis]
            out = sum(w * np.take(padded, range(k, k + n), axis=axis) for k, w in enumerate(kernel))
    return np.floor(out + 0.5)


def explorer_blur(explorer: str, image: str, args: list[str]) -> np.ndarray:
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.png")
        subprocess.run([explorer, "blur", image, "-o", out, "--edges", "clamp", *args],
                       check=True, stdout=subprocess.DEVNULL)
        return np.asarray(Image.open(out).convert("RGB"), dtype=np.int16)


def compare(ours: np.ndarray, theirs: np.ndarray, reach: int) -> dict:
    diff = np.abs(ours.astype(np.int16) - theirs.astype(np.int16))
    h, w, _ = diff.shape
    inner = diff[reach:h - reach, reach:w - reach] if 2 * reach < min(h, w) else diff[:0]
    return {
        "max": int(diff.max()),
        "interiorMax": int(inner.max()) if inner.size else None,
        "differing": float((diff > 0).mean()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", default="Lessons/images/photo.png")
    parser.add_argument("--sigmas", default="2,8,24")
    parser.add_argument("--explorer", default=".build/debug/explorer")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not os.path.exists(args.explorer):
        print(f"{args.explorer} is not there: run `swift build` first, or pass --explorer PATH", file=sys.stderr)
        return 1
    cv2.setNumThreads(1)
    source = Image.open(args.image).convert("RGB")
    pixels = np.asarray(source)
    rows = []
    for sigma in [float(s) for s in args.sigmas.split(",")]:
        ours = explorer_blur(args.explorer, args.image, ["--method", "extended-box", "--sigma", repr(sigma), "--iterations", "3"])
        pillow = np.asarray(source.filter(ImageFilter.GaussianBlur(radius=sigma)), dtype=np.int16)
        exact = extended_boxes(pixels, sigma)
        reach = extended_box_reach(sigma)
        pillow_name = f"Pillow {PIL.__version__} GaussianBlur({sigma:g})"
        rows.append({"a": "explorer extended-box", "b": pillow_name, "sigma": sigma, **compare(ours, pillow, reach)})
        rows.append({"a": "explorer extended-box", "b": "the same boxes, Float64", "sigma": sigma, **compare(ours, exact, reach)})
        rows.append({"a": pillow_name, "b": "the same boxes, Float64", "sigma": sigma, **compare(pillow, exact, reach)})
        r = stack_radius(sigma)
        ours = explorer_blur(args.explorer, args.image, ["--method", "stack", "--radius", str(r)])
        opencv = cv2.stackBlur(pixels, (2 * r + 1, 2 * r + 1))
        exact = np.floor(cv2.stackBlur(pixels.astype(np.float32), (2 * r + 1, 2 * r + 1)).astype(np.float64) + 0.5)
        opencv_name = f"OpenCV {cv2.__version__} stackBlur(ksize={2 * r + 1})"
        rows.append({"a": f"explorer stack r={r}", "b": opencv_name, "sigma": sigma, **compare(ours, opencv, r)})
        rows.append({"a": f"explorer stack r={r}", "b": "stackBlur on Float32, rounded", "sigma": sigma, **compare(ours, exact, r)})
        rows.append({"a": opencv_name, "b": "stackBlur on Float32, rounded", "sigma": sigma, **compare(opencv, exact, r)})
    print(f"{'sigma':>5}  {'this':<34} {'against':<34} {'max':>4} {'interior':>8} {'differing':>9}")
    for row in rows:
        interior = "-" if row["interiorMax"] is None else str(row["interiorMax"])
        print(f"{row['sigma']:>5g}  {row['a']:<34} {row['b']:<34} {row['max']:>4} {interior:>8} {100 * row['differing']:>8.1f}%")
    print(f"Image {args.image} ({pixels.shape[1]}x{pixels.shape[0]}), clamped edges; |differences| in 8-bit levels over R, G, B.")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())

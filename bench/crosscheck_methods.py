#!/usr/bin/env python3
"""Cross-check two of the explorer's methods against the libraries people use.

* extended-box (3 passes) against Pillow's ImageFilter.GaussianBlur(radius=sigma), which is
  three extended boxes (Gwosdek et al. 2011, src/libImaging/BoxBlur.c), clamped edges;
* stack against OpenCV's cv2.stackBlur(img, (ksize, ksize)): the explorer's radius r is
  OpenCV's ksize // 2, so ksize = 2r + 1; for a sigma the explorer picks the r whose triangle
  has the variance r(r + 2)/6 nearest sigma^2, and the same r is given to both.

Both run on the same 8-bit RGB image; the explorer writes an 8-bit PNG (rounded to nearest).
The libraries compute in 8 bits and store every pass as 8-bit levels (Pillow rounds after each
of its six box passes; OpenCV's 8-bit stackBlur truncates the columns and the rows of kernels up
to 9 taps, and rounds the rows of wider kernels), so the script also runs an exact version of
each filter, rounded once: extended boxes in NumPy Float64, and OpenCV's stackBlur on Float32
input. That tells the explorer's own error (against the exact filter) from the library's
rounding (the library against the same exact filter). The explorer's `--eight-bit-passes`
stores its passes the way the library does; its rows say how close that reproduces the library.
Reported per sigma: the largest |difference| in 8-bit levels over R, G, B, on the whole image
and on the interior (pixels farther than the method's reach from the border), and the share of
values that are exactly equal.

Usage (from the package folder, after `swift build`):
  pip install pillow opencv-python-headless numpy
  python3 bench/crosscheck_methods.py [--image Lessons/images/photo.png] [--sigmas 2,8,24]
                                      [--explorer .build/debug/explorer] [--json out.json]
--image takes a PNG path or a built-in picture, e.g. builtin:zoneplate@480x320 (written to a
PNG by the explorer first); give --image more than once for several pictures. A picture with
transparency (e.g. builtin:cutout@480x320) also gets rows over R, G, B and A: the libraries blur
RGBA as stored (the explorer's --alpha straight), Pillow's mode "RGBa" premultiplies (the
explorer's default).
"""

from __future__ import annotations

import argparse
import datetime
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


def stack_triangle(pixels: np.ndarray, r: int) -> np.ndarray:
    """Klingemann's triangle of radius r (weights r + 1 - |k| over (r + 1)^2) in Float64 with
    clamped edges, along x then along y, rounded to 8 bits once at the end: an independent
    check of OpenCV's and the explorer's stack blur."""
    kernel = np.array([r + 1 - abs(k) for k in range(-r, r + 1)], dtype=np.float64) / (r + 1) ** 2
    out = pixels.astype(np.float64)
    for axis in (1, 0):
        pad = [(0, 0)] * 3
        pad[axis] = (r, r)
        padded = np.pad(out, pad, mode="edge")
        n = out.shape[axis]
        out = sum(w * np.take(padded, range(k, k + n), axis=axis) for k, w in enumerate(kernel))
    return np.floor(out + 0.5)


def explorer_blur(explorer: str, image: str, args: list[str], mode: str = "RGB") -> np.ndarray:
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.png")
        subprocess.run([explorer, "blur", image, "-o", out, "--edges", "clamp", *args],
                       check=True, stdout=subprocess.DEVNULL)
        return np.asarray(Image.open(out).convert(mode), dtype=np.int16)


def transparency_rows(explorer: str, image: str, sigmas: list[float]) -> list[dict]:
    """For a picture with transparency, R, G, B and A: the libraries blur RGBA as stored, which
    the explorer's --alpha straight does; Pillow's premultiplied mode "RGBa" is the explorer's
    default (premultiplied alpha)."""
    source = Image.open(image).convert("RGBA")
    pixels = np.asarray(source)
    if pixels[:, :, 3].min() == 255:
        return []
    rows = []
    for sigma in sigmas:
        box_args = ["--method", "extended-box", "--sigma", repr(sigma), "--iterations", "3", "--eight-bit-passes"]
        reach = extended_box_reach(sigma)
        pillow = np.asarray(source.filter(ImageFilter.GaussianBlur(radius=sigma)), dtype=np.int16)
        premultiplied = np.asarray(source.convert("RGBa").filter(ImageFilter.GaussianBlur(radius=sigma)).convert("RGBA"),
                                   dtype=np.int16)
        straight = explorer_blur(explorer, image, box_args + ["--alpha", "straight"], "RGBA")
        ours = explorer_blur(explorer, image, box_args, "RGBA")
        rows.append({"a": "extended-box 8-bit, straight alpha", "b": f"Pillow GaussianBlur({sigma:g}), RGBA",
                     "sigma": sigma, **compare(straight, pillow, reach)})
        rows.append({"a": "extended-box 8-bit, premultiplied", "b": f"Pillow GaussianBlur({sigma:g}), RGBa",
                     "sigma": sigma, **compare(ours, premultiplied, reach)})
        r = stack_radius(sigma)
        opencv = cv2.stackBlur(pixels, (2 * r + 1, 2 * r + 1))
        straight = explorer_blur(explorer, image, ["--method", "stack", "--radius", str(r), "--eight-bit-passes",
                                                   "--alpha", "straight"], "RGBA")
        rows.append({"a": f"stack r={r} 8-bit, straight alpha", "b": f"OpenCV stackBlur(ksize={2 * r + 1}), RGBA",
                     "sigma": sigma, **compare(straight, opencv, r)})
    return rows


def picture_png(explorer: str, image: str, folder: str) -> str:
    """A PNG path for `image`: the path itself, or a built-in picture written by the explorer
    unchanged (a box of radius 0)."""
    if not image.startswith("builtin:"):
        return image
    path = os.path.join(folder, image.replace(":", "-").replace("@", "-") + ".png")
    subprocess.run([explorer, "blur", image, "-o", path, "--method", "box", "--radius", "0"],
                   check=True, stdout=subprocess.DEVNULL)
    return path


def compare(ours: np.ndarray, theirs: np.ndarray, reach: int) -> dict:
    diff = np.abs(ours.astype(np.int16) - theirs.astype(np.int16))
    h, w, _ = diff.shape
    inner = diff[reach:h - reach, reach:w - reach] if 2 * reach < min(h, w) else diff[:0]
    return {
        "max": int(diff.max()),
        "interiorMax": int(inner.max()) if inner.size else None,
        "differing": float((diff > 0).mean()),
        "equal": float((diff == 0).mean()),
    }


def crosscheck(explorer: str, image: str, sigmas: list[float]) -> list[dict]:
    source = Image.open(image).convert("RGB")
    pixels = np.asarray(source)
    rows = []

    def row(a: str, b: str, sigma: float, ours: np.ndarray, theirs: np.ndarray, reach: int) -> None:
        rows.append({"image": image, "a": a, "b": b, "sigma": sigma, **compare(ours, theirs, reach)})

    for sigma in sigmas:
        box_args = ["--method", "extended-box", "--sigma", repr(sigma), "--iterations", "3"]
        ours = explorer_blur(explorer, image, box_args)
        ours8 = explorer_blur(explorer, image, box_args + ["--eight-bit-passes"])
        pillow = np.asarray(source.filter(ImageFilter.GaussianBlur(radius=sigma)), dtype=np.int16)
        exact = extended_boxes(pixels, sigma)
        reach = extended_box_reach(sigma)
        pillow_name = f"Pillow {PIL.__version__} GaussianBlur({sigma:g})"
        row("explorer extended-box", pillow_name, sigma, ours, pillow, reach)
        row("explorer extended-box", "the same boxes, Float64", sigma, ours, exact, reach)
        row(pillow_name, "the same boxes, Float64", sigma, pillow, exact, reach)
        row("explorer extended-box 8-bit passes", pillow_name, sigma, ours8, pillow, reach)
        row("explorer extended-box 8-bit passes", "the same boxes, Float64", sigma, ours8, exact, reach)
        r = stack_radius(sigma)
        stack_args = ["--method", "stack", "--radius", str(r)]
        ours = explorer_blur(explorer, image, stack_args)
        ours8 = explorer_blur(explorer, image, stack_args + ["--eight-bit-passes"])
        opencv = cv2.stackBlur(pixels, (2 * r + 1, 2 * r + 1))
        exact = np.floor(cv2.stackBlur(pixels.astype(np.float32), (2 * r + 1, 2 * r + 1)).astype(np.float64) + 0.5)
        opencv_name = f"OpenCV {cv2.__version__} stackBlur(ksize={2 * r + 1})"
        row(f"explorer stack r={r}", opencv_name, sigma, ours, opencv, r)
        row(f"explorer stack r={r}", "stackBlur on Float32, rounded", sigma, ours, exact, r)
        row(opencv_name, "stackBlur on Float32, rounded", sigma, opencv, exact, r)
        row(f"explorer stack r={r} 8-bit passes", opencv_name, sigma, ours8, opencv, r)
        row(f"explorer stack r={r} 8-bit passes", "stackBlur on Float32, rounded", sigma, ours8, exact, r)
        triangle = stack_triangle(pixels, r)
        row(f"explorer stack r={r}", "the same triangle, Float64", sigma, ours, triangle, r)
        row("stackBlur on Float32, rounded", "the same triangle, Float64", sigma, exact, triangle, r)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", action="append", help="PNG path or builtin:NAME@WxH (repeatable; default: the photo)")
    parser.add_argument("--sigmas", default="2,8,24")
    parser.add_argument("--explorer", default=".build/debug/explorer")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not os.path.exists(args.explorer):
        print(f"{args.explorer} is not there: run `swift build` first, or pass --explorer PATH", file=sys.stderr)
        return 1
    cv2.setNumThreads(1)
    sigmas = [float(s) for s in args.sigmas.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.image or ["Lessons/images/photo.png"]:
            image = picture_png(args.explorer, name, folder)
            size = Image.open(image).size
            image_rows = crosscheck(args.explorer, image, sigmas) + transparency_rows(args.explorer, image, sigmas)
            for r in image_rows:
                r["image"] = name
            rows += image_rows
            print(f"{name} ({size[0]}x{size[1]}), clamped edges; |differences| in 8-bit levels over R, G, B "
                  "(and A in the rows that name it); interior: farther than the method's reach from the border.")
            print(f"{'sigma':>5}  {'this':<38} {'against':<34} {'max':>4} {'interior':>8} {'equal':>7}")
            for row in image_rows:
                interior = "-" if row["interiorMax"] is None else str(row["interiorMax"])
                print(f"{row['sigma']:>5g}  {row['a']:<38} {row['b']:<34} {row['max']:>4} {interior:>8} {100 * row['equal']:>6.2f}%")
            print()
    load = os.getloadavg()[0]
    print(f"Pillow {PIL.__version__}, OpenCV {cv2.__version__}, NumPy {np.__version__}; "
          f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, load average {load:.2f}.")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())

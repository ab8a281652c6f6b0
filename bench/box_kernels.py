#!/usr/bin/env python3
"""How Gaussian are N box passes? Extended boxes against odd-width boxes, kernel by kernel.

Issue 17 asks that `extended-box` (3 passes) be at least as accurate as `iterated-box` with the
same number of passes at every sigma. Extended boxes (Gwosdek, Grewenig, Bruhn and Weickert,
SSVM 2011; Pillow's GaussianBlur) hit sigma exactly; the explorer's iterated box uses Kovesi's
(2010) mix of two odd widths, whose sigma is close but not exact. Exact sigma does not make a
kernel closer in shape, so this script measures the shapes independently of the explorer:

* the 1-D kernel of each cascade, by convolving its boxes in NumPy Float64;
* the 2-D kernel, its outer product with itself (every method here is separable);
* against the Gaussian of the same sigma sampled at pixel centres and normalised:
  255 * L1 and 255 * Linf of the 2-D difference (what one white pixel of level 255 spreads as,
  summed and at worst), and the sigma the cascade achieves.

Cascades, each with N passes:
* extended: N extended boxes of radius r + alpha, Pillow's parameters (equations [7], [11], [14]);
* kovesi: Kovesi's m boxes of width wl and N - m of wl + 2 (`explorer boxes`, `iterated-box --sigma`);
* equal: N boxes of one odd width, the one whose N-fold variance is nearest sigma^2 (what both
  improve on; `iterated-box --radius R` runs it).

With --image it also runs `explorer compare` on that picture for iterated-box and extended-box
and prints the largest interior error of each (8-bit levels against the exact Gaussian).

Usage (from the package folder; the --image part after `swift build`):
  python3 bench/box_kernels.py [--sigmas 2,8,24] [--passes 3] [--image photo]
                               [--explorer .build/debug/explorer]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys

import numpy as np


def box(width: int) -> np.ndarray:
    return np.full(width, 1.0 / width)


def extended_box(sigma: float, passes: int) -> tuple[np.ndarray, str]:
    s2 = sigma * sigma / passes
    r = math.floor((math.sqrt(12 * s2 + 1) - 1) / 2)                        # [7], [11]
    alpha = (2 * r + 1) * (r * (r + 1) - 3 * s2) / (6 * (s2 - (r + 1) ** 2))  # [14]
    kernel = np.array([alpha] + [1.0] * (2 * r + 1) + [alpha]) / (2 * r + 1 + 2 * alpha)
    return kernel, f"r={r}, alpha={alpha:.3f}"


def kovesi_widths(sigma: float, passes: int) -> list[int]:
    """Kovesi (2010), as BoxWidths.forSigma computes them."""
    ideal = math.sqrt(12 * sigma * sigma / passes + 1)
    wl = math.floor(ideal)
    if wl % 2 == 0:
        wl -= 1
    m_ideal = (12 * sigma * sigma - passes * wl * wl - 4 * passes * wl - 3 * passes) / (-4 * wl - 4)
    m = min(passes, max(0, int(math.floor(m_ideal + 0.5))))
    return [wl] * m + [wl + 2] * (passes - m)


def equal_widths(sigma: float, passes: int) -> list[int]:
    ideal = math.sqrt(12 * sigma * sigma / passes + 1)
    lower = math.floor(ideal)
    if lower % 2 == 0:
        lower -= 1
    miss = lambda w: abs(passes * (w * w - 1) / 12 - sigma * sigma)
    return [lower + 2 if miss(lower + 2) < miss(lower) else lower] * passes


def cascade(kernels: list[np.ndarray]) -> np.ndarray:
    out = np.array([1.0])
    for k in kernels:
        out = np.convolve(out, k)
    return out


def measure(kernel: np.ndarray, sigma: float) -> dict:
    half = max(len(kernel) // 2, math.ceil(8 * sigma)) + 1
    offsets = np.arange(-half, half + 1)
    padded = np.zeros(2 * half + 1)
    k = len(kernel) // 2
    padded[half - k:half + k + 1] = kernel
    gaussian = np.exp(-offsets ** 2 / (2 * sigma * sigma))
    gaussian /= gaussian.sum()
    difference = np.outer(padded, padded) - np.outer(gaussian, gaussian)
    return {
        "achievedSigma": float(math.sqrt((padded * offsets ** 2).sum())),
        "l1x255": float(255 * np.abs(difference).sum()),
        "linfx255": float(255 * np.abs(difference).max()),
    }


def explorer_errors(explorer: str, image: str, sigma: float, passes: int) -> dict:
    result = subprocess.run([explorer, "compare", image, "--sigma", repr(sigma), "--iterations", str(passes),
                             "--methods", "iterated-box,extended-box", "--no-time", "--format", "json"],
                            check=True, capture_output=True, text=True)
    return {row["method"]: row["interiorMax"] for row in json.loads(result.stdout)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sigmas", default="2,8,24")
    parser.add_argument("--passes", default="3", help="comma-separated numbers of passes, e.g. 3,4,5")
    parser.add_argument("--image", help="also run explorer compare on this picture (photo, a PNG or builtin:NAME@WxH)")
    parser.add_argument("--explorer", default=".build/debug/explorer")
    args = parser.parse_args()
    if args.image and not os.path.exists(args.explorer):
        print(f"{args.explorer} is not there: run `swift build` first, or pass --explorer PATH", file=sys.stderr)
        return 1
    print(f"{'sigma':>5} {'N':>2}  {'cascade':<9} {'parameters':<22} {'sigma achieved':>14} {'255 L1 (2-D)':>12} "
          f"{'255 Linf (2-D)':>14}")
    for passes in [int(p) for p in args.passes.split(",")]:
        for sigma in [float(s) for s in args.sigmas.split(",")]:
            extended, parameters = extended_box(sigma, passes)
            kovesi, equal = kovesi_widths(sigma, passes), equal_widths(sigma, passes)
            for name, kernels, text in [
                ("extended", [extended] * passes, parameters),
                ("kovesi", [box(w) for w in kovesi], "widths " + ", ".join(map(str, kovesi))),
                ("equal", [box(w) for w in equal], "widths " + ", ".join(map(str, equal))),
            ]:
                m = measure(cascade(kernels), sigma)
                print(f"{sigma:>5g} {passes:>2}  {name:<9} {text:<22} {m['achievedSigma']:>14.3f} {m['l1x255']:>12.2f} "
                      f"{m['linfx255']:>14.4f}")
            if args.image:
                errors = explorer_errors(args.explorer, args.image, sigma, passes)
                print(f"{'':>9}{args.image}, largest interior error: iterated-box {errors['iterated-box']:.2f}, "
                      f"extended-box {errors['extended-box']:.2f} (8-bit levels)")
    print("Against the Gaussian sampled at pixel centres and normalised; L1 and Linf of the 2-D kernels times 255.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

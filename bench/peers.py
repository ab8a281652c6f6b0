#!/usr/bin/env python3
"""The explorer's blur kernels beside the memory floor and OpenCV, in one run.

On a 2048×2048 RGBA Float32 image, one thread, ns per RGBA pixel (median of the runs):
  * the memory floor: one pass that reads and writes every pixel once (`numpy.copyto`);
  * OpenCV `GaussianBlur` on float32 (kernel cut at 4σ, OpenCV's size for float images);
  * the explorer's `separable` (with `--truncate 4`, the same cut) and `iterated-box`, timed by
    `explorer bench` in its own process.
Rounds are interleaved (floor, OpenCV, explorer, floor, …) so every figure sees the same machine
load; the ratios the targets of issue 18 speak of are printed at the end: iterated box against
the floor (target ≤ 3×), separable against OpenCV (targets ≤ 0.8× at σ = 2, ≤ 0.5× at σ ≥ 5).
`--before PATH` also times another explorer binary (e.g. main's, built into another scratch
path) in every round, so a change's figures and those before it share each round's load.
The method follows ../shared/bench/peers.py (see its README).

    python3 -m venv /tmp/peers-venv
    /tmp/peers-venv/bin/pip install numpy opencv-python-headless
    swift build -c release
    /tmp/peers-venv/bin/python bench/peers.py --sigmas 2,5,10,25 --rounds 2
    git worktree add /tmp/main main && swift build -c release --package-path /tmp/main
    /tmp/peers-venv/bin/python bench/peers.py --before /tmp/main/.build/release/explorer
"""
import argparse
import json
import os
import statistics
import subprocess
import time

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def per_pixel(seconds, pixels):
    return seconds * 1e9 / pixels


def time_median(body, runs):
    body()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def explorer_bench(explorer, size, sigmas, runs):
    """ns/px of separable (cut at 4σ) and iterated-box from `explorer bench --format json`."""
    out = subprocess.run([explorer, "bench", "--size", f"{size}x{size}", "--sigmas", ",".join(map(str, sigmas)),
                          "--methods", "separable,iterated-box", "--truncate", "4", "--runs", str(runs),
                          "--threads", "1", "--format", "json", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    return {(row["method"], float(row["sigma"])): row["nsPerPixel"] for row in json.loads(out)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build", "release", "explorer"))
    parser.add_argument("--size", type=int, default=2048)
    parser.add_argument("--sigmas", default="2,5,10,25")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--before", help="another explorer binary to time in every round")
    args = parser.parse_args()
    sigmas = [float(s) for s in args.sigmas.split(",")]
    cv2.setNumThreads(1)
    rng = np.random.default_rng(18)
    image = rng.random((args.size, args.size, 4), dtype=np.float32)
    target = np.empty_like(image)
    pixels = args.size * args.size
    floor, opencv, explorer, before = [], {s: [] for s in sigmas}, [], []
    for _ in range(args.rounds):
        floor.append(per_pixel(time_median(lambda: np.copyto(target, image), args.runs), pixels))
        for s in sigmas:
            opencv[s].append(per_pixel(time_median(
                lambda: cv2.GaussianBlur(image, (0, 0), s, dst=target, borderType=cv2.BORDER_REPLICATE), args.runs), pixels))
        explorer.append(explorer_bench(args.explorer, args.size, [f"{s:g}" for s in sigmas], args.runs))
        if args.before:
            before.append(explorer_bench(args.before, args.size, [f"{s:g}" for s in sigmas], args.runs))

    def show(values):
        return " / ".join(f"{v:.2f}" for v in values)

    print(f"{args.size}×{args.size} RGBA float32, one thread, ns per pixel, {args.rounds} interleaved rounds (each round's median)")
    print(f"memory floor (numpy copyto): {show(floor)}")
    def rows(runs, with_opencv):
        """One line per sigma: the explorer's separable and iterated box in `runs`, and their
        ratios to OpenCV and to the floor (medians of each round's ratio)."""
        opencv_head = f" {'OpenCV GaussianBlur':>22}" if with_opencv else ""
        print(f"{'σ':>4}{opencv_head} {'explorer separable':>20} {'sep/OpenCV':>11} {'iterated-box':>16} {'box/floor':>10}")
        for s in sigmas:
            sep = [r[("separable", s)] for r in runs]
            box = [r[("iterated-box", s)] for r in runs]
            sep_ratio = statistics.median(a / b for a, b in zip(sep, opencv[s]))
            box_ratio = statistics.median(a / b for a, b in zip(box, floor))
            opencv_cell = f" {show(opencv[s]):>22}" if with_opencv else ""
            print(f"{s:4g}{opencv_cell} {show(sep):>20} {sep_ratio:10.2f}× {show(box):>16} {box_ratio:9.2f}×")

    rows(explorer, with_opencv=True)
    if before:
        print(f"before ({args.before}), same rounds:")
        rows(before, with_opencv=False)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The explorer's Float32 blurs beside Halide, IPP, OpenCV and the memory floor, in one run.

On a seeded 2048×2048 RGBA Float32 image, one thread, clamped edges, ns per RGBA pixel:
  * the memory floor: one pass that reads and writes every pixel once (`numpy.copyto`);
  * Halide (PyPI `halide`, JIT-compiled for this CPU): the separable Gaussian under each of a few
    schedules written below (whole passes; strips of rows; a sliding window down column strips;
    the vertical pass down column strips that stay in L1), the best of them in each round;
  * OpenCV `GaussianBlur` on float32 RGBA;
  * IPP `ippiFilterGaussianBorder_32f_C3R` (IPP's Gaussian has 1- and 3-channel forms: RGB, three
    quarters of the channels), when the `ipp` wheel is installed;
  * the explorer's `separable` and `iterated-box`, timed by `explorer bench` in its own process,
    on one thread and on two.
Every Gaussian uses the same kernel: the sampled exp(−k²/2σ²), normalised, R = ⌊4σ + ½⌋ (the
explorer's `--truncate 4`, OpenCV's float size). Halide's and IPP's outputs are checked against
OpenCV's before they are timed. Rounds are interleaved (floor, OpenCV, IPP, Halide, explorer, floor,
…) so every figure of a round sees the same load; ratios are medians over rounds of each round's
ratio. Pillow blurs 8-bit images only: it is timed in `eight_bit.py`. `--before PATH` also times
another explorer binary in every round.

    python3 -m venv /tmp/eightbit-venv
    /tmp/eightbit-venv/bin/pip install numpy opencv-python-headless ipp ipp-include halide pillow
    swift build -c release --product explorer
    /tmp/eightbit-venv/bin/python bench/peers.py --sigmas 2,10,25 --rounds 3 --runs 5
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np

from eight_bit import gaussian_weights, load_ipp, time_median

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def machine():
    """The CPU's name and the vector units its flags report, from /proc/cpuinfo."""
    name, flags = "unknown CPU", set()
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() == "model name":
                    name = value.strip()
                elif key.strip() == "flags":
                    flags = set(value.split())
                    break
    except OSError:
        pass
    units = [f for f in ["sse2", "sse4_2", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512vl"] if f in flags]
    return f"{name}, {os.cpu_count()} CPUs; vector units: {' '.join(units) or 'none reported'}"


def halide_candidates(weights, width, height):
    """{schedule name: compiled Halide pipeline} for the separable blur of a (height, width·4)
    Float32 array (RGBA rows), clamped edges. Both passes sum 2R+1 weighted taps in an explicitly
    vectorised reduction (a Func computed per vector, so the accumulator stays in registers)."""
    import halide as hl
    r = len(weights) // 2
    i, y, io, ii, xo, yo, yi = (hl.Var(n) for n in ["i", "y", "io", "ii", "xo", "yo", "yi"])
    kernel = hl.Buffer(np.asarray(weights, dtype=np.float32))

    def pipeline(schedule, vector, size, unroll=1):
        source = hl.ImageParam(hl.Float(32), 2, "source")
        c, yc = i % 4, hl.clamp(y, 0, height - 1)
        # Clamped edges: a float index i is channel i % 4 of pixel i // 4. The interior branch is
        # `likely`, so Halide splits its loops and the steady state loads without clamping.
        clamped = hl.Func("clamped")
        clamped[i, y] = hl.select(i < 0, source[c, yc], i >= 4 * width, source[4 * width - 4 + c, yc],
                                  hl.likely(source[hl.clamp(i, 0, 4 * width - 1), yc]))
        taps = hl.RDom([(0, 2 * r + 1)])
        row_sum, rows, column_sum, out = hl.Func("row_sum"), hl.Func("rows"), hl.Func("column_sum"), hl.Func("out")
        row_sum[i, y] = 0.0
        row_sum[i, y] += kernel[taps.x] * clamped[i + 4 * (taps.x - r), y]
        rows[i, y] = row_sum[i, y]
        column_sum[i, y] = 0.0
        column_sum[i, y] += kernel[taps.x] * rows[i, y + taps.x - r]
        out[i, y] = column_sum[i, y]
        for f, s in [(rows, row_sum), (out, column_sum)]:
            f.split(i, io, ii, vector).vectorize(ii)
            s.compute_at(f, io).vectorize(i)
            s.update().reorder(i, taps.x).vectorize(i).unroll(taps.x, unroll)
        # Each row is copied with its clamped ends before its taps are summed: the sums then load
        # without a select.
        clamped.compute_at(rows, y).vectorize(i, 16)
        if schedule == "whole passes":
            rows.compute_root()
        elif schedule == "column strips":  # vertical pass down strips of `size` floats
            # Rows a power of two of bytes apart would share the L1 cache's sets: 16 floats more.
            rows.compute_root().bound_storage(i, 4 * width + 16)
            out.split(io, xo, io, size // vector).reorder(io, y, xo)
        elif schedule == "row strips":  # both passes per strip of `size` rows
            out.split(y, yo, yi, size)
            rows.compute_at(out, yo)
        elif schedule == "sliding window":  # rows computed once each, down strips of `size` floats
            out.split(io, xo, io, size // vector).reorder(io, y, xo)
            rows.store_at(out, xo).compute_at(out, y).bound_storage(i, size + 16)
        out.compile_jit(hl.get_jit_target_from_environment())
        return out, source

    plans = [("whole passes", 32, 0), ("column strips", 32, 64), ("column strips", 64, 128), ("row strips", 32, 32),
             ("row strips", 32, 64), ("sliding window", 32, 1024), ("sliding window", 32, 2048),
             ("sliding window", 64, 1024), ("sliding window", 64, 2048)]
    return {f"{s} {n}, vectors of {v}".replace(" 0,", ","): pipeline(s, v, n) for s, v, n in plans}


def explorer_bench(explorer, size, sigmas, runs, threads):
    """ns/px of separable (cut at 4σ) and iterated-box from `explorer bench --format json`."""
    out = subprocess.run([explorer, "bench", "--size", f"{size}x{size}", "--sigmas", ",".join(f"{s:g}" for s in sigmas),
                          "--methods", "separable,iterated-box", "--truncate", "4", "--runs", str(runs),
                          "--threads", str(threads), "--format", "json", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    return {(row["method"], float(row["sigma"])): row["nsPerPixel"] for row in json.loads(out)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build", "release", "explorer"))
    parser.add_argument("--size", type=int, default=2048)
    parser.add_argument("--sigmas", default="2,10,25")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=int, default=2, help="Halide schedules timed in the rounds (the fastest at first)")
    parser.add_argument("--no-halide", action="store_true")
    parser.add_argument("--no-ipp", action="store_true")
    parser.add_argument("--before", help="another explorer binary to time in every round")
    args = parser.parse_args()
    ipp = load_ipp(args.no_ipp)  # may start the script again
    sigmas = [float(s) for s in args.sigmas.split(",")]
    cv2.setNumThreads(1)
    n = args.size
    image = np.random.default_rng(18).random((n, n, 4), dtype=np.float32)
    flat = image.reshape(n, 4 * n)
    rgb = np.ascontiguousarray(image[:, :, :3])
    target = np.empty_like(image)
    pixels = n * n
    print(f"{n}×{n} RGBA float32, one thread, clamped edges; {machine()}")
    print(f"OpenCV {cv2.__version__}; " + ("IPP " + ipp.version if ipp else "IPP not loaded")
          + f"; load average at the start {os.getloadavg()[0]:.1f}")

    runners = {}  # (peer, σ) → function
    halide_kept = {}
    for s in sigmas:
        r = int(np.floor(4 * s + 0.5))
        w = gaussian_weights(s, r).astype(np.float32)
        expected = cv2.sepFilter2D(image, -1, w, w, borderType=cv2.BORDER_REPLICATE)
        runners[("OpenCV", s)] = lambda s=s, r=r: cv2.GaussianBlur(
            image, (2 * r + 1, 2 * r + 1), s, dst=target, borderType=cv2.BORDER_REPLICATE)
        if ipp:
            out, run = ipp.blur(rgb, s, r)
            run()
            error = float(np.abs(out - expected[:, :, :3]).max())
            assert error < 1e-4, f"IPP at σ = {s:g} is {error} from OpenCV"
            runners[("IPP", s)] = run
        if not args.no_halide:
            import halide as hl
            source_buffer, out_array = hl.Buffer(flat), np.empty_like(flat)
            out_buffer = hl.Buffer(out_array)
            first = {}
            for name, (pipeline, source) in halide_candidates(w, n, n).items():
                source.set(source_buffer)
                pipeline.realize(out_buffer)
                error = float(np.abs(out_array - expected.reshape(n, 4 * n)).max())
                assert error < 1e-4, f"Halide {name} at σ = {s:g} is {error} from OpenCV"
                run = lambda p=pipeline, o=out_buffer: p.realize(o)
                first[name] = (time_median(run, 2) * 1e9 / pixels, run)
            ranked = sorted(first.items(), key=lambda item: item[1][0])
            print(f"σ = {s:g}, R = {r}: Halide schedules, first timing (ns/px): "
                  + ", ".join(f"{name} {t:.1f}" for name, (t, _) in ranked))
            halide_kept[s] = [name for name, _ in ranked[:args.keep]]
            for name in halide_kept[s]:
                runners[("Halide " + name, s)] = first[name][1]

    timings = {}
    for _ in range(args.rounds):
        timings.setdefault("floor", []).append(time_median(lambda: np.copyto(target, image), args.runs) * 1e9 / pixels)
        for key, run in runners.items():
            timings.setdefault(key, []).append(time_median(run, args.runs) * 1e9 / pixels)
        for label, binary in [("explorer", args.explorer)] + ([("before", args.before)] if args.before else []):
            for threads in [1, 2]:
                for (method, s), value in explorer_bench(binary, n, sigmas, args.runs, threads).items():
                    timings.setdefault((f"{label} {method} {threads}t", s), []).append(value)
    for s in halide_kept:
        timings[("Halide best", s)] = [min(values) for values in zip(*(timings[("Halide " + k, s)] for k in halide_kept[s]))]

    def show(values):
        return " / ".join(f"{v:.1f}" for v in values)

    def ratio(a, b):
        return statistics.median(x / y for x, y in zip(timings[a], timings[b]))

    print(f"\nns per pixel, {args.rounds} interleaved rounds (each round's median of {args.runs} runs); "
          f"load average at the end {os.getloadavg()[0]:.1f}")
    print(f"  {'memory floor (numpy copyto)':<40} {show(timings['floor'])}")
    for s in sigmas:
        print(f"σ = {s:g}")
        for key in sorted((k for k in timings if k != "floor" and k[1] == s), key=lambda k: k[0]):
            print(f"  {key[0]:<40} {show(timings[key])}")
        for label in ["explorer"] + (["before"] if args.before else []):
            sep = (f"{label} separable 1t", s)
            parts = [f"÷ {peer} {ratio(sep, (peer, s)):.2f}×" for peer in ["Halide best", "IPP", "OpenCV"]
                     if (peer, s) in timings]
            print(f"  {label} separable, one thread: " + ", ".join(parts))
            box = (f"{label} iterated-box 1t", s)
            print(f"  {label} iterated-box ÷ floor: {ratio(box, 'floor'):.2f}×; speed-up on two threads: separable "
                  f"{ratio(sep, (f'{label} separable 2t', s)):.2f}×, iterated-box {ratio(box, (f'{label} iterated-box 2t', s)):.2f}×")


if __name__ == "__main__":
    main()

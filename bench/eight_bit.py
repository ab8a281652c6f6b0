#!/usr/bin/env python3
"""The 8-bit Gaussian blurs in one run: the explorer's exact path, OpenCV's and Intel IPP's.

On seeded 8-bit noise (2048×2048 by default), one thread, clamped edges, for each σ:
  * error in levels: each library's output against the Float64 blur with *that library's*
    kernel (the same sampled Gaussian exp(−k²/2σ²), normalised, at the size the library picks:
    R = ⌊3σ + ½⌋ for the explorer and IPP here, OpenCV's own ksize for 8-bit images), computed
    here in NumPy: the largest |out − reference| and how many outputs differ from the reference
    rounded to the nearest level;
  * ns per pixel, the median of `--runs` runs, rounds interleaved (OpenCV, IPP, the explorer with
    the loops it picks for the CPU, the explorer with BLURKIT_KERNELS=baseline):
    OpenCV `GaussianBlur` on 4-channel uint8; IPP `ippiFilterGaussianBorder_8u_C3R` (IPP's 8-bit
    Gaussian has 1- and 3-channel forms, so RGB: three quarters of the channels; and, for the same
    work as the explorer's, `_8u_C3R` on RGB followed by `_8u_C1R` on the alpha plane); the explorer's
    `bench --eight-bit-io`, which also times its Float32 separable beside it; Pillow's
    `GaussianBlur` on RGBA (three extended box blurs, an approximation of σ: its error is that of
    the approximation), when Pillow is installed.

    python3 -m venv /tmp/eightbit-venv
    /tmp/eightbit-venv/bin/pip install numpy opencv-python-headless ipp ipp-include pillow
    swift build -c release --product explorer
    /tmp/eightbit-venv/bin/python bench/eight_bit.py --sigmas 8,32 --rounds 3

IPP is optional: without the `ipp` wheel (or with `--no-ipp`) its rows are left out. The wheel
names its libraries `libipp*.so.12`, but IPP's dispatcher opens the one built for the CPU as
`*.so.12.1`: the script links those names in a temporary folder and starts again with that folder
on LD_LIBRARY_PATH.
"""
import argparse
import ctypes
import glob
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time

import cv2
import numpy as np

try:
    from PIL import Image, ImageFilter
except ImportError:  # Pillow is optional: its rows are left out
    Image = ImageFilter = None

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def time_median(body, runs):
    body()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def gaussian_weights(sigma, radius):
    k = np.arange(-radius, radius + 1, dtype=np.float64)
    shape = np.exp(-k * k / (2 * sigma * sigma))
    return shape / shape.sum()


def reference(image, weights):
    """The Float64 separable blur of an (h, w, c) uint8 image, clamped edges: rows, then columns."""
    r = len(weights) // 2
    rows = np.zeros(image.shape, dtype=np.float64)
    padded = np.pad(image.astype(np.float64), ((0, 0), (r, r), (0, 0)), mode="edge")
    w = image.shape[1]
    for k, weight in enumerate(weights):
        rows += weight * padded[:, k:k + w, :]
    out = np.zeros(image.shape, dtype=np.float64)
    padded = np.pad(rows, ((r, r), (0, 0), (0, 0)), mode="edge")
    h = image.shape[0]
    for k, weight in enumerate(weights):
        out += weight * padded[k:k + h, :, :]
    return out


def errors(out, exact):
    """Largest |out − exact| in levels, outputs differing from exact rounded, and of those the
    largest distance of exact from a half."""
    diff = np.abs(out.astype(np.float64) - exact)
    off = out.astype(np.float64) != np.rint(exact)
    tie = np.abs(exact - np.floor(exact) - 0.5)
    return float(diff.max()), int(off.sum()), float(tie[off].max()) if off.any() else 0.0


def opencv_radius(sigma):
    # OpenCV's createGaussianKernels for CV_8U: ksize = cvRound(σ·3·2 + 1) | 1.
    return (int(np.floor(sigma * 6 + 1 + 0.5)) | 1) // 2


def ipp_libdir():
    """The folder of the `ipp` wheel's libraries (the venv's lib/), or None."""
    libdir = os.path.join(sys.prefix, "lib")
    return libdir if glob.glob(os.path.join(libdir, "libippcore.so*")) else None


def ipp_links(libdir):
    """A folder where every `libipp*.so.12` is also `libipp*.so.12.1`, the name IPP's dispatcher
    opens the CPU-specific libraries by."""
    links = os.path.join(tempfile.gettempdir(), f"ipp-links-{os.getuid()}")
    os.makedirs(links, exist_ok=True)
    for path in glob.glob(os.path.join(libdir, "libipp*.so.*")):
        alias = os.path.join(links, os.path.basename(path) + ".1")
        if not os.path.lexists(alias):
            os.symlink(path, alias)
    return links


class IPP:
    """ippiFilterGaussianBorder_8u_C3R (in ippcv) through ctypes, one thread, replicated borders."""

    def __init__(self, libdir):
        self.core = ctypes.CDLL(os.path.join(libdir, "libippcore.so.12"), mode=ctypes.RTLD_GLOBAL)
        self.i = ctypes.CDLL(os.path.join(libdir, "libippcv.so.12"), mode=ctypes.RTLD_GLOBAL)
        status = self.core.ippInit()
        assert status == 0, f"ippInit: {status}"
        get_lib = self.i.ippcvGetLibVersion
        get_lib.restype = ctypes.POINTER(IppLibraryVersion)
        version = get_lib().contents
        self.version = f"{version.Name.decode()} {version.Version.decode()} ({version.targetCpu.decode()})"

    def blur(self, rgb, sigma, radius):
        """The output array and a function that blurs `rgb` (h × w × 3, or h × w for one channel;
        uint8 or float32) into it: ippiFilterGaussianBorder_8u_C3R (C1R) or _32f_C3R (C1R) with
        2·radius + 1 taps."""
        h, w = rgb.shape[:2]
        channels = rgb.shape[2] if rgb.ndim == 3 else 1
        size = IppiSize(w, h)
        # IppDataType: ipp8u = 1, ipp32f = 13.
        data_type, c_type, name = (13, ctypes.c_float, "32f") if rgb.dtype == np.float32 else (1, ctypes.c_uint8, "8u")
        spec_size, buffer_size = ctypes.c_int(), ctypes.c_int()
        status = self.i.ippiFilterGaussianGetBufferSize(size, ctypes.c_uint32(2 * radius + 1), data_type, channels,
                                                         ctypes.byref(spec_size), ctypes.byref(buffer_size))
        assert status == 0, f"ippiFilterGaussianGetBufferSize: {status}"
        spec = ctypes.create_string_buffer(spec_size.value)
        buffer = ctypes.create_string_buffer(buffer_size.value)
        status = self.i.ippiFilterGaussianInit(size, ctypes.c_uint32(2 * radius + 1), ctypes.c_float(sigma), 1,
                                               data_type, channels, spec, buffer)
        assert status == 0, f"ippiFilterGaussianInit: {status}"
        out = np.empty_like(rgb)
        border = (c_type * channels)(*([0] * channels))
        src, dst = rgb.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p)
        step = channels * w * rgb.itemsize
        function = getattr(self.i, f"ippiFilterGaussianBorder_{name}_C{channels}R")
        if channels == 1:  # the C1R form takes the border value itself, not a pointer to it
            border = c_type(0)

        def run():
            status = function(src, step, dst, step, size, border, spec, buffer)
            assert status == 0, f"ippiFilterGaussianBorder_{name}_C{channels}R: {status}"
        return out, run


def load_ipp(skip):
    """IPP, or None when `skip` or when the `ipp` wheel is missing. May start the script again
    with IPP's links on LD_LIBRARY_PATH (the loader reads it when a process starts)."""
    libdir = None if skip else ipp_libdir()
    if not libdir:
        if not skip:
            print("IPP not found (pip install ipp); its rows are left out", file=sys.stderr)
        return None
    links = ipp_links(libdir)
    if links not in os.environ.get("LD_LIBRARY_PATH", "").split(":"):
        env = dict(os.environ, LD_LIBRARY_PATH=":".join(filter(None, [links, os.environ.get("LD_LIBRARY_PATH")])))
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    return IPP(libdir)


class IppiSize(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int)]


class IppLibraryVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("majorBuild", ctypes.c_int),
                ("build", ctypes.c_int), ("targetCpu", ctypes.c_char * 4), ("Name", ctypes.c_char_p),
                ("Version", ctypes.c_char_p), ("BuildDate", ctypes.c_char_p)]


def explorer_blur(explorer, image, sigma, folder):
    """The explorer's --eight-bit-io output for an RGBA uint8 image (straight alpha, as stored)."""
    source, target = os.path.join(folder, "in.png"), os.path.join(folder, "out.png")
    cv2.imwrite(source, cv2.cvtColor(image, cv2.COLOR_RGBA2BGRA))
    subprocess.run([explorer, "blur", source, "-o", target, "--method", "separable", "--sigma", f"{sigma:g}",
                    "--eight-bit-io", "--alpha", "straight", "--edges", "clamp", "--max-pixels", str(image.size),
                    "--no-figure", "--quiet", "--format", "json"], check=True, capture_output=True)
    return cv2.cvtColor(cv2.imread(target, cv2.IMREAD_UNCHANGED), cv2.COLOR_BGRA2RGBA)


def explorer_bench(explorer, size, sigmas, runs, baseline=False):
    """ns/px of separable and separable 8-bit; `baseline` forces the Swift loops (no AVX2)."""
    env = dict(os.environ, BLURKIT_KERNELS="baseline") if baseline else None
    out = subprocess.run([explorer, "bench", "--size", f"{size}x{size}", "--sigmas", ",".join(f"{s:g}" for s in sigmas),
                          "--methods", "separable", "--eight-bit-io", "--runs", str(runs), "--threads", "1",
                          "--format", "json", "--quiet"], check=True, capture_output=True, text=True, env=env).stdout
    suffix = " baseline" if baseline else ""
    return {(row["method"] + suffix, float(row["sigma"])): row["nsPerPixel"] for row in json.loads(out)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build", "release", "explorer"))
    parser.add_argument("--size", type=int, default=2048)
    parser.add_argument("--sigmas", default="8,32")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-ipp", action="store_true")
    args = parser.parse_args()
    sigmas = [float(s) for s in args.sigmas.split(",")]
    cv2.setNumThreads(1)
    ipp = load_ipp(args.no_ipp)
    rng = np.random.default_rng(38)
    image = rng.integers(0, 256, (args.size, args.size, 4), dtype=np.uint8)
    rgb = np.ascontiguousarray(image[:, :, :3])
    alpha = np.ascontiguousarray(image[:, :, 3])
    pixels = args.size * args.size

    print(f"{args.size}×{args.size} seeded 8-bit noise, clamped edges, one thread")
    print(f"machine: {os.cpu_count()} cores; " + ("IPP " + ipp.version if ipp else "IPP not loaded")
          + f"; OpenCV {cv2.__version__}")
    print("\nError in levels against the Float64 blur with each library's own kernel:")
    print(f"{'σ':>4} {'library':<28} {'R':>4} {'max |error|':>12} {'≠ rounded':>10} {'of':>10} {'worst tie dist.':>16}")
    runners = {}
    with tempfile.TemporaryDirectory() as folder:
        for s in sigmas:
            r = int(np.floor(3 * s + 0.5))
            exact = reference(image, gaussian_weights(s, r))
            out = explorer_blur(args.explorer, image, s, folder)
            m, off, tie = errors(out, exact)
            print(f"{s:4g} {'explorer --eight-bit-io RGBA':<28} {r:4d} {m:12.4f} {off:10d} {out.size:10d} {tie:16.2e}")
            ro = opencv_radius(s)
            exact_cv = exact if ro == r else reference(image, gaussian_weights(s, ro))
            out = cv2.GaussianBlur(image, (2 * ro + 1, 2 * ro + 1), s, borderType=cv2.BORDER_REPLICATE)
            m, off, tie = errors(out, exact_cv)
            print(f"{s:4g} {'OpenCV GaussianBlur RGBA':<28} {ro:4d} {m:12.4f} {off:10d} {out.size:10d} {tie:16.2e}")
            runners[("opencv", s)] = lambda s=s, ro=ro: cv2.GaussianBlur(
                image, (2 * ro + 1, 2 * ro + 1), s, borderType=cv2.BORDER_REPLICATE)
            if Image:
                # Pillow's GaussianBlur: three extended box blurs approximating σ (8-bit only).
                picture = Image.fromarray(image, "RGBA")
                out = np.asarray(picture.filter(ImageFilter.GaussianBlur(s)))
                m, off, tie = errors(out, exact)
                print(f"{s:4g} {'Pillow GaussianBlur RGBA':<28} {'—':>4} {m:12.4f} {off:10d} {out.size:10d} {tie:16.2e}")
                runners[("pillow", s)] = lambda s=s, picture=picture: picture.filter(ImageFilter.GaussianBlur(s))
            if ipp:
                out, run = ipp.blur(rgb, s, r)
                run()
                m, off, tie = errors(out, exact[:, :, :3])
                print(f"{s:4g} {'IPP FilterGaussianBorder RGB':<28} {r:4d} {m:12.4f} {off:10d} {out.size:10d} {tie:16.2e}")
                runners[("ipp", s)] = run
                # Four channels' worth of IPP's work: C3R on RGB, then C1R on the alpha plane.
                alpha_out, alpha_run = ipp.blur(alpha, s, r)
                alpha_run()
                m, off, tie = errors(alpha_out, exact[:, :, 3])
                print(f"{s:4g} {'IPP FilterGaussianBorder A':<28} {r:4d} {m:12.4f} {off:10d} {alpha_out.size:10d} {tie:16.2e}")
                runners[("ipp rgb+a", s)] = lambda run=run, alpha_run=alpha_run: (run(), alpha_run())

    timings = {}
    for _ in range(args.rounds):
        for key, run in runners.items():
            timings.setdefault(key, []).append(time_median(run, args.runs) * 1e9 / pixels)
        for baseline in [False, True]:
            for key, value in explorer_bench(args.explorer, args.size, sigmas, args.runs, baseline).items():
                timings.setdefault(key, []).append(value)

    def show(values):
        return " / ".join(f"{v:.1f}" for v in values)

    print(f"\nns per pixel, {args.rounds} interleaved rounds (each round's median of {args.runs} runs):")
    for s in sigmas:
        print(f"σ = {s:g}")
        for key, name in [(("opencv", s), "OpenCV GaussianBlur 8u RGBA"), (("ipp", s), "IPP FilterGaussianBorder 8u RGB"),
                          (("ipp rgb+a", s), "IPP 8u C3R on RGB + C1R on A"),
                          (("pillow", s), "Pillow GaussianBlur RGBA"),
                          (("separable 8-bit", s), "explorer separable 8-bit RGBA"),
                          (("separable 8-bit baseline", s), "  the same, BLURKIT_KERNELS=baseline"),
                          (("separable", s), "explorer separable Float32 RGBA"),
                          (("separable baseline", s), "  the same, BLURKIT_KERNELS=baseline")]:
            if key in timings:
                print(f"  {name:<34} {show(timings[key]):>24}   median {statistics.median(timings[key]):7.1f}")
        if ("ipp", s) in timings:
            ratio = statistics.median(a / b for a, b in zip(timings[("separable 8-bit", s)], timings[("ipp", s)]))
            print(f"  explorer 8-bit / IPP (RGBA against RGB): {ratio:.2f}×")
        if ("ipp rgb+a", s) in timings:
            ratio = statistics.median(a / b for a, b in zip(timings[("separable 8-bit", s)], timings[("ipp rgb+a", s)]))
            print(f"  explorer 8-bit / IPP RGB + A (four channels each): {ratio:.2f}×")
        for name in ["separable 8-bit", "separable"]:
            ratio = statistics.median(a / b for a, b in zip(timings[(name, s)], timings[(name + " baseline", s)]))
            print(f"  explorer {name}, chosen loops / baseline: {ratio:.2f}×")


if __name__ == "__main__":
    main()

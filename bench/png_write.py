#!/usr/bin/env python3
"""`explorer blur` of a large photograph end to end, beside Pillow and OpenCV doing the same.

Each tool runs as a whole process under `/usr/bin/time` (load, blur, save: what a user waits
for), interleaved run by run so all see the same machine load. Printed: median wall time with
the spread over the runs, the output file's size and the peak resident memory.

    python3 -m venv /tmp/peers-venv
    /tmp/peers-venv/bin/pip install numpy pillow opencv-python-headless
    swift build -c release
    /tmp/peers-venv/bin/python bench/png_write.py --runs 3

Without `--image`, a 4096×2731 test photograph is made once by enlarging
`Lessons/images/photo.png` (Lanczos) into /tmp; it is not part of the repository.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PILLOW = """
import sys
from PIL import Image, ImageFilter
image = Image.open(sys.argv[1])
image.filter(ImageFilter.GaussianBlur(float(sys.argv[3]))).save(sys.argv[2])
"""

OPENCV = """
import sys, cv2
image = cv2.imread(sys.argv[1], cv2.IMREAD_UNCHANGED)
cv2.imwrite(sys.argv[2], cv2.GaussianBlur(image, (0, 0), float(sys.argv[3])))
"""


def test_photo(path):
    """Enlarges the lessons' photograph to 4096×2731 (once)."""
    if not os.path.exists(path):
        from PIL import Image
        small = Image.open(os.path.join(ROOT, "Lessons", "images", "photo.png")).convert("RGB")
        small.resize((4096, 2731), Image.LANCZOS).save(path)
    return path


def timed(command):
    """Runs a command under /usr/bin/time; returns (seconds, peak RSS in MiB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report.name] + command,
                       check=True, stdout=subprocess.DEVNULL)
        seconds, kib = report.read().split()[-2:]
    return float(seconds), int(kib) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--explorer", default=os.path.join(ROOT, ".build", "release", "explorer"))
    parser.add_argument("--image", help="input PNG (default: a 4096×2731 photo made in /tmp)")
    parser.add_argument("--sigma", type=float, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compressions", default="fast,default",
                        help="explorer --compression settings to time (small is slow)")
    args = parser.parse_args()
    image = args.image or test_photo("/tmp/photo-4096x2731.png")
    out = tempfile.mkdtemp(prefix="png-write-")
    tools = {}
    for setting in args.compressions.split(","):
        tools[f"explorer blur iterated-box --compression {setting}"] = lambda o, s=setting: [
            args.explorer, "blur", image, "-o", o, "--method", "iterated-box",
            "--sigma", str(args.sigma), "--compression", s]
    tools["Pillow GaussianBlur (Image.open, filter, save)"] = lambda o: [
        sys.executable, "-c", PILLOW, image, o, str(args.sigma)]
    tools["OpenCV GaussianBlur (imread, GaussianBlur, imwrite)"] = lambda o: [
        sys.executable, "-c", OPENCV, image, o, str(args.sigma)]
    results = {name: [] for name in tools}
    sizes, memory = {}, {}
    for _ in range(args.runs):
        for i, (name, command) in enumerate(tools.items()):
            path = os.path.join(out, f"{i}.png")
            seconds, mib = timed(command(path))
            results[name].append(seconds)
            sizes[name] = os.path.getsize(path) / 1e6
            memory[name] = max(memory.get(name, 0), mib)
    print(f"{image}, σ = {args.sigma:g}, {args.runs} runs each, interleaved")
    print(f"{'tool':58} {'median s':>9} {'spread s':>13} {'file MB':>8} {'peak MiB':>9}")
    for name, times in results.items():
        spread = f"{min(times):.2f}–{max(times):.2f}"
        print(f"{name:58} {statistics.median(times):9.2f} {spread:>13} {sizes[name]:8.2f} {memory[name]:9.0f}")
    pillow = next(n for n in tools if n.startswith("Pillow"))
    for name in tools:
        if name.startswith("explorer"):
            print(f"{name}: {statistics.median(results[name]) / statistics.median(results[pillow]):.2f}× Pillow's time, "
                  f"{sizes[name] / sizes[pillow]:.2f}× its file size")


if __name__ == "__main__":
    main()

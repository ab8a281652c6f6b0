#!/usr/bin/env python3
"""Writes library-blurs.json: a small seeded RGB picture and what the libraries make of it,
for EightBitPassesTests (the explorer's --eight-bit-passes against the libraries themselves,
without Python in the test suite). Re-run to regenerate:
    pip install pillow opencv-python-headless numpy
    python3 Tests/BlurKitTests/Fixtures/make_library_blurs.py

* Pillow's ImageFilter.GaussianBlur(sigma) for sigma 1.5, 2 and 5 (three extended boxes);
* OpenCV's 8-bit cv2.stackBlur(img, (2r + 1, 2r + 1)) for r = 3 and 6, one thread.
32 × 16 pixels: rows of 96 bytes, a whole number of OpenCV's vectors, so its column pass uses its
division table for every value, and taller than both kernels (OpenCV shrinks a kernel larger
than the picture to fit it).
"""
import json
import os

import cv2
import numpy as np
import PIL
from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 32, 16

rng = np.random.default_rng(17)
pixels = rng.integers(0, 256, size=(H, W, 3), dtype=np.uint8)
pixels[2:5, 3:9] = 255      # a bright block and a dark one, so sums reach both ends
pixels[7:10, 20:27] = 0
cv2.setNumThreads(1)
image = Image.fromarray(pixels, "RGB")
out = {
    "width": W, "height": H, "input": pixels.flatten().tolist(),
    "versions": {"Pillow": PIL.__version__, "OpenCV": cv2.__version__},
    "pillow": {f"{s:g}": np.asarray(image.filter(ImageFilter.GaussianBlur(s))).flatten().tolist() for s in (1.5, 2, 5)},
    "opencv": {str(r): cv2.stackBlur(pixels, (2 * r + 1, 2 * r + 1)).flatten().tolist() for r in (3, 6)},
}
with open(os.path.join(HERE, "library-blurs.json"), "w") as f:
    json.dump(out, f, separators=(",", ":"))

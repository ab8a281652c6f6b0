#!/usr/bin/env python3
"""Writes the PNG fixtures the PNG tests read, with a pure-Python encoder (zlib + struct), and
expected.json: for each file the 8-bit RGBA pixels it must decode to. Re-run to regenerate:
    python3 Tests/BlurKitTests/Fixtures/make_fixtures.py
"""
import json, os, struct, zlib
from png_encode import ADAM7, chunk, pack_row

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 5, 4

def png(rows, colour, depth, interlace=False, extra=b""):
    """rows: H lists of per-pixel sample tuples."""
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        for y in range(y0, H, dy):
            pixels = [rows[y][x] for x in range(x0, W, dx)]
            if not pixels:
                continue
            raw += b"\x00" + pack_row([s for p in pixels for s in p], depth)
    ihdr = struct.pack(">IIBBBBB", W, H, depth, colour, 0, 0, 1 if interlace else 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b"")

def scale(v, depth):  # a depth-bit sample to 8 bits, as libpng does (bit replication)
    return v * 255 // ((1 << depth) - 1)

files, expected = {}, {}
for depth in (1, 2, 4, 8, 16):
    top = (1 << depth) - 1
    g = [[((x + 2 * y) % (top + 1 if depth < 8 else 5)) for x in range(W)] for y in range(H)]
    if depth >= 8:
        g = [[[0, 51, 102, 204, 255][v] * (257 if depth == 16 else 1) for v in row] for row in g]
        to8 = (lambda v: v // 257) if depth == 16 else (lambda v: v)
    else:
        to8 = lambda v, d=depth: scale(v, d)
    name = f"grey{depth}.png"
    files[name] = png([[(v,) for v in row] for row in g], 0, depth)
    expected[name] = [c for row in g for v in row for c in (to8(v),) * 3 + (255,)]

vals = [0, 51, 102, 153, 204, 255]
def rgb(x, y): return (vals[x % 6], vals[(x + y) % 6], vals[(2 * x + y) % 6])
def a(x, y): return vals[(x + 3 * y) % 6]
for depth in (8, 16):
    k = 257 if depth == 16 else 1
    files[f"greyalpha{depth}.png"] = png([[(vals[x] * k, a(x, y) * k) for x in range(W)] for y in range(H)], 4, depth)
    expected[f"greyalpha{depth}.png"] = [c for y in range(H) for x in range(W) for c in (vals[x],) * 3 + (a(x, y),)]
    files[f"rgb{depth}.png"] = png([[tuple(c * k for c in rgb(x, y)) for x in range(W)] for y in range(H)], 2, depth)
    expected[f"rgb{depth}.png"] = [c for y in range(H) for x in range(W) for c in rgb(x, y) + (255,)]
    files[f"rgba{depth}.png"] = png([[tuple(c * k for c in rgb(x, y) + (a(x, y),)) for x in range(W)] for y in range(H)], 6, depth)
    expected[f"rgba{depth}.png"] = [c for y in range(H) for x in range(W) for c in rgb(x, y) + (a(x, y),)]

files["rgba8-interlaced.png"] = png([[rgb(x, y) + (a(x, y),) for x in range(W)] for y in range(H)], 6, 8, interlace=True)
expected["rgba8-interlaced.png"] = expected["rgba8.png"]

palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
alpha = [255, 128, 0]  # tRNS: entry 3 stays opaque
idx = [[(x + y) % 4 for x in range(W)] for y in range(H)]
plte = chunk(b"PLTE", bytes(c for p in palette for c in p)) + chunk(b"tRNS", bytes(alpha))
for depth in (2, 8):
    name = f"palette{depth}-trns.png"
    files[name] = png([[(i,) for i in row] for row in idx], 3, depth, extra=plte)
    expected[name] = [c for row in idx for i in row for c in palette[i] + ((alpha + [255])[i],)]

# Bad inputs: every one must give one clear error line.
good = files["rgb8.png"]
bad = {
    "truncated.png": good[: len(good) - 30],
    "bad-crc.png": good[:29] + bytes([good[29] ^ 0xFF]) + good[30:],
    "not-a-png.png": b"GIF89a this is not a PNG file at all\n",
    "huge.png": b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 200000, 200000, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(b"\x00")) + chunk(b"IEND", b""),
    "empty.png": b"",
}
os.makedirs(os.path.join(HERE, "bad"), exist_ok=True)
for name, data in files.items():
    open(os.path.join(HERE, name), "wb").write(data)
for name, data in bad.items():
    open(os.path.join(HERE, "bad", name), "wb").write(data)
json.dump({"width": W, "height": H, "pixels": expected}, open(os.path.join(HERE, "expected.json"), "w"), indent=0, sort_keys=True)
print(f"wrote {len(files)} fixtures and {len(bad)} bad inputs")

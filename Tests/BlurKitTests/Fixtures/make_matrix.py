#!/usr/bin/env python3
"""Writes matrix/*.png — every colour type × bit depth × interlacing (none, Adam7) at odd sizes —
and matrix.json, the 8-bit RGBA pixels each must decode to. Pixels are seeded random samples,
encoded by the pure-Python writer in make_fixtures.py's manner; each file is then decoded by an
independent decoder (pypng: `pip install pypng`) and its samples checked against those written,
so the expected pixels do not rest on our own encoder alone. 16-bit samples sit within ±100 of a
multiple of 257, so reducing them to 8 bits by rounding (v/257) is unambiguous and differs from
keeping the high byte. Re-run to regenerate:
    python3 Tests/BlurKitTests/Fixtures/make_matrix.py
"""
import json, os, random, struct, zlib
from png_encode import ADAM7, chunk, pack_row
import png as pypng

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "matrix")
KINDS = {0: ("grey", (1, 2, 4, 8, 16), 1), 2: ("rgb", (8, 16), 3), 3: ("palette", (1, 2, 4, 8), 1),
         4: ("greyalpha", (8, 16), 2), 6: ("rgba", (8, 16), 4)}
SIZES = [(1, 1), (3, 5), (9, 11)]

def encode(rows, w, h, colour, depth, interlace, extra=b""):
    raw = bytearray()
    for x0, y0, dx, dy in (ADAM7 if interlace else [(0, 0, 1, 1)]):
        for y in range(y0, h, dy):
            pixels = [rows[y][x] for x in range(x0, w, dx)]
            if pixels:
                raw += b"\x00" + pack_row([s for p in pixels for s in p], depth)
    ihdr = struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 1 if interlace else 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b"")

def sample(rng, depth):
    if depth == 16:
        return min(65535, max(0, 257 * rng.randrange(256) + rng.randrange(-99, 100)))
    return rng.randrange(1 << depth)

def to8(v, depth):
    if depth == 16:
        return (v + 128) // 257
    return v * 255 // ((1 << depth) - 1)

rng = random.Random(14)
os.makedirs(OUT, exist_ok=True)
expected = {}
for colour, (kind, depths, channels) in KINDS.items():
    for depth in depths:
        for w, h in SIZES:
            for interlace in (False, True):
                extra = b""
                if colour == 3:
                    entries = 1 << depth
                    palette = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(entries)]
                    alpha = [rng.randrange(256) for _ in range(entries // 2 + 1)]
                    extra = chunk(b"PLTE", bytes(c for p in palette for c in p)) + chunk(b"tRNS", bytes(alpha))
                rows = [[tuple(sample(rng, depth) for _ in range(channels)) for _ in range(w)] for _ in range(h)]
                name = f"{kind}{depth}-{w}x{h}{'-adam7' if interlace else ''}.png"
                data = encode(rows, w, h, colour, depth, interlace, extra)
                open(os.path.join(OUT, name), "wb").write(data)
                # The independent decoder must read back exactly the samples written.
                dw, dh, decoded, _ = pypng.Reader(bytes=data).read_flat() if colour != 3 else (None, None, None, None)
                if colour == 3:
                    dw, dh, idx, _ = pypng.Reader(bytes=data).read()
                    assert [list(r) for r in idx] == [[p[0] for p in row] for row in rows], name
                else:
                    assert list(decoded) == [s for row in rows for p in row for s in p], name
                pixels = []
                for row in rows:
                    for p in row:
                        if colour == 3:
                            i = p[0]
                            pixels += list(palette[i]) + [alpha[i] if i < len(alpha) else 255]
                        else:
                            v = [to8(s, depth) for s in p]
                            rgb = v[:3] if channels >= 3 else v[:1] * 3
                            a = v[-1] if channels in (2, 4) else 255
                            pixels += rgb + [a]
                expected[name] = {"width": w, "height": h, "rgba": pixels}
# A zlib bomb: a 16×16 RGBA image whose image data goes on to inflate 64 MiB of zeros.
raw = b"".join(b"\x00" + bytes(range(0, 256, 4)) for _ in range(16))
deflate = zlib.compressobj(9)
stream = deflate.compress(raw) + b"".join(deflate.compress(bytes(1 << 20)) for _ in range(64)) + deflate.flush()
ihdr = struct.pack(">IIBBBBB", 16, 16, 8, 6, 0, 0, 0)
bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", stream) + chunk(b"IEND", b"")
open(os.path.join(HERE, "bad", "bomb.png"), "wb").write(bomb)

# Wider and taller than libpng's default limit of 1,000,000 pixels a side: grey ramps.
for w, h in ((1_000_001, 1), (1, 1_000_001)):
    rows = [[((x + y) % 256,) for x in range(w)] for y in range(h)]
    open(os.path.join(HERE, f"long-{w}x{h}.png"), "wb").write(encode(rows, w, h, 0, 8, False))

json.dump(expected, open(os.path.join(HERE, "matrix.json"), "w"), separators=(",", ":"), sort_keys=True)
print(f"wrote {len(expected)} files to matrix/")

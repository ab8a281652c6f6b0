#!/usr/bin/env python3
"""Generates the data files of BlurFigures (the figure library); run once, commit the output.

    python3 Sources/BlurFigures/make_figure_data.py [--cm-listed PATH/_cm_listed.py]

Writes, beside this script:
  ../BlurCanvas/BitmapFontData.swift  anti-aliased glyph masks of DejaVu Sans (regular 18, 30, 40 and 60 px, bold
                        30, 40 and 60 px) rendered with Pillow (FreeType), with advances and
                        kerning pairs. The 40- and 60-px faces are for figures wider than 1,500
                        and 2,000 px, whose text a 1,200-px display shrinks.
  ColourMapData.swift   the 256-entry viridis and inferno tables, copied from matplotlib's
                        `_cm_listed.py` (the maps' authors dedicated them to the public domain, CC0).

Needs Pillow and the DejaVu fonts (Debian: fonts-dejavu-core). The colour tables are read from
matplotlib's source file, parsed as text (matplotlib need not import): pass --cm-listed, or
have matplotlib installed so the file can be found, or pass --fonts-only to leave the colour
tables as they are.

Encoding of one font face (all little-endian, then base64):
  metrics   per glyph 6 × int16: scalar, advance (1/64 px), left, top (from the baseline, y down),
            mask width, mask height
  kerning   per pair 3 × int16: left scalar, right scalar, adjustment (1/64 px)
  coverage  the glyphs' 8-bit masks, row-major, concatenated in metrics order; a 0 byte is
            followed by a count n (1...255) and stands for n zero bytes
"""
import argparse
import ast
import base64
import importlib.util
import os
import struct
import sys

from PIL import ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
FONT_FOLDER = "/usr/share/fonts/truetype/dejavu"
FACES = [  # Swift name, font file, pixel size (em)
    ("regular18", "DejaVuSans.ttf", 18),
    ("regular30", "DejaVuSans.ttf", 30),
    ("bold30", "DejaVuSans-Bold.ttf", 30),
    ("regular40", "DejaVuSans.ttf", 40),
    ("bold40", "DejaVuSans-Bold.ttf", 40),
    ("regular60", "DejaVuSans.ttf", 60),
    ("bold60", "DejaVuSans-Bold.ttf", 60),
]
# Printable ASCII, the symbols captions and axis labels use, superscripts for 10⁻³.
EXTRA = "σ×−–—≈≤≥²³¹µ°∞·±…→←Δπ√½∗⁰⁴⁵⁶⁷⁸⁹⁻αβγδθλμρωΣΠ⌊⌋"
CHARACTERS = [chr(c) for c in range(32, 127)] + list(EXTRA)
LICENCE = """\
// Glyphs rendered from DejaVu Sans by make_figure_data.py (Pillow/FreeType). Do not edit.
//
// DejaVu fonts licence: Fonts are (c) Bitstream (see below). DejaVu changes are in public domain.
// Bitstream Vera Fonts Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera
// is a trademark of Bitstream, Inc.
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of the fonts
// accompanying this license ("Fonts") and associated documentation files (the "Font Software"),
// to reproduce and distribute the Font Software, including without limitation the rights to use,
// copy, merge, publish, distribute, and/or sell copies of the Font Software, and to permit
// persons to whom the Font Software is furnished to do so, subject to the following conditions:
//
// The above copyright and trademark notices and this permission notice shall be included in all
// copies of one or more of the Font Software typefaces.
//
// The Font Software may be modified, altered, or added to, and in particular the designs of
// glyphs or characters in the Fonts may be modified and additional glyphs or characters may be
// added to the Fonts, only if the fonts are renamed to names not containing either the words
// "Bitstream" or the word "Vera".
//
// This License becomes null and void to the extent applicable to Fonts or Font Software that has
// been modified and is distributed under the "Bitstream Vera" names.
//
// The Font Software may be sold as part of a larger software package but no copy of one or more
// of the Font Software typefaces may be sold by itself.
//
// THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
// INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
// PURPOSE AND NONINFRINGEMENT OF COPYRIGHT, PATENT, TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL
// BITSTREAM OR THE GNOME FOUNDATION BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
// INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL DAMAGES, WHETHER IN AN
// ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF THE USE OR INABILITY TO USE THE
// FONT SOFTWARE OR FROM OTHER DEALINGS IN THE FONT SOFTWARE.
//
// Except as contained in this notice, the names of Gnome, the Gnome Foundation, and Bitstream Inc.,
// shall not be used in advertising or otherwise to promote the sale, use or other dealings in
// this Font Software without prior written authorization from the Gnome Foundation or Bitstream
// Inc., respectively. For further information, contact: fonts at gnome dot org.
"""


def run_length_zeros(data):
    out = bytearray()
    i = 0
    while i < len(data):
        if data[i] == 0:
            n = 1
            while i + n < len(data) and data[i + n] == 0 and n < 255:
                n += 1
            out += bytes([0, n])
            i += n
        else:
            out.append(data[i])
            i += 1
    return bytes(out)


def swift_base64(raw, indent):
    text = base64.b64encode(raw).decode("ascii")
    lines = [text[i:i + 96] for i in range(0, len(text), 96)]
    pad = " " * indent
    return '"""\n' + "".join(pad + line + "\n" for line in lines) + pad + '"""'


def encode_face(path, size):
    font = ImageFont.truetype(path, size)
    ascent, descent = font.getmetrics()
    metrics, coverage = bytearray(), bytearray()
    for ch in CHARACTERS:
        mask, (left, top) = font.getmask2(ch, mode="L", anchor="ls")
        width, height = mask.size
        pixels = bytes(mask) if width * height > 0 else b""
        if not pixels:
            width = height = left = top = 0
        advance = round(font.getlength(ch) * 64)
        metrics += struct.pack("<Hhhhhh", ord(ch), advance, left, top, width, height)
        coverage += pixels
    lengths = {ch: font.getlength(ch) for ch in CHARACTERS}
    kerning = bytearray()
    for a in CHARACTERS:
        for b in CHARACTERS:
            k = font.getlength(a + b) - lengths[a] - lengths[b]
            if abs(k) >= 0.25:
                kerning += struct.pack("<HHh", ord(a), ord(b), round(k * 64))
    return ascent, descent, bytes(metrics), bytes(kerning), run_length_zeros(bytes(coverage))


def write_font():
    out = [LICENCE, "extension BitmapFont {"]
    for name, file, size in FACES:
        ascent, descent, metrics, kerning, coverage = encode_face(os.path.join(FONT_FOLDER, file), size)
        out.append(f"    /// {file}, {size} px: {len(CHARACTERS)} glyphs.")
        out.append(f"    static let {name}Data = EncodedFace(")
        out.append(f"        pixelSize: {size}, ascent: {ascent}, descent: {descent},")
        out.append(f"        metrics: {swift_base64(metrics, 12)},")
        out.append(f"        kerning: {swift_base64(kerning, 12)},")
        out.append(f"        coverage: {swift_base64(coverage, 12)}")
        out.append("    )")
    out.append("}")
    with open(os.path.join(HERE, "..", "BlurCanvas", "BitmapFontData.swift"), "w") as f:
        f.write("\n".join(out) + "\n")


def find_cm_listed(explicit):
    if explicit:
        return explicit
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("matplotlib's _cm_listed.py not found: pass --cm-listed PATH")
    return os.path.join(list(spec.submodule_search_locations)[0], "_cm_listed.py")


def read_table(source, name):
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            table = ast.literal_eval(node.value)
            assert len(table) == 256 and all(len(row) == 3 for row in table), name
            return table
    sys.exit(f"{name} not found in _cm_listed.py")


def write_colour_maps(cm_listed):
    with open(cm_listed) as f:
        source = f.read()
    out = [
        "// The viridis and inferno colour maps by Nathaniel J. Smith, Stefan van der Walt and Eric",
        "// Firing, dedicated to the public domain (CC0); values copied from matplotlib's",
        "// lib/matplotlib/_cm_listed.py by make_figure_data.py. Do not edit.",
        "",
        "extension ColourMap {",
    ]
    for name in ["viridis", "inferno"]:
        table = read_table(source, f"_{name}_data")
        out.append(f"    /// matplotlib `_{name}_data`: 256 RGB triples, sRGB-encoded, 0...1.")
        out.append(f"    static let {name}Table: [Float] = [")
        for row in table:
            out.append("        " + ", ".join(f"{v:.6f}" for v in row) + ",")
        out.append("    ]")
    out.append("}")
    with open(os.path.join(HERE, "ColourMapData.swift"), "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cm-listed", help="path to matplotlib's lib/matplotlib/_cm_listed.py")
    parser.add_argument("--fonts-only", action="store_true", help="write BitmapFontData.swift only")
    args = parser.parse_args()
    write_font()
    if not args.fonts_only:
        write_colour_maps(find_cm_listed(args.cm_listed))

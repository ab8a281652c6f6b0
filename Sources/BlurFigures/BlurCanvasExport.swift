// The drawing primitives (Canvas, the bitmap font, rounded boxes) are the module BlurCanvas, which
// a debug build compiles optimised while the rest of BlurFigures (layout, plots) is not: every
// figure's pixels go through them. Re-exported, so whoever imports BlurFigures or BlurKit sees
// them as before (they are `package`, not public API).
@_exported import BlurCanvas

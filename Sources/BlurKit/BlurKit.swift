// BlurKit: the umbrella module. `import BlurKit` brings every part of the library; a package that
// only blurs can depend on BlurCore alone (no libpng, no font data).
@_exported import BlurCore
@_exported import BlurPNG
@_exported import BlurFigures
@_exported import BlurEffects

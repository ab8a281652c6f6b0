import PropertyBased
import Testing
import TestSupport
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Random sizes, σ, radii and rectangles never trap: each call either gives a value that makes
/// sense or throws one line. Integers cover the whole range (Int.min…Int.max) as well as the
/// small values where layouts run out of room.
@Suite struct GeometryPropertyTests {
    /// Any Int, half of them small (where layouts run out of room), half from the whole range.
    static let anyInt = zip(Gen.bool, Gen.int(in: -3...64), Gen.int()).map { small, little, any in small ? little : any }
    /// Any σ: negative, zero, tiny, ordinary, huge, infinite, NaN.
    static let special: [Double] = [0, 1e-300, 5e-324, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -0.0]
    static let anySigma = zip(Gen.int(in: 0...3), Gen.double(in: -5...50), Gen.double(in: -1e300...1e300), Gen.int(in: 0...7))
        .map { choice, ordinary, huge, index in
            switch choice {
            case 0: ordinary
            case 1: huge
            case 2: special[index]
            default: abs(ordinary) / 25
            }
        }

    @Test func gaussianKernelsFromAnySigmaAndRadiusAreNormalisedOrRefused() {
        forEachDrawn(200, from: zip(Self.anySigma, Self.anyInt)) { sigma, radius in
            if let kernel = try? GaussianKernel1D(sigma: sigma, radius: radius) {
                let sum = (-kernel.radius...kernel.radius).reduce(0.0) { $0 + kernel.weight(at: $1) }
                #expect(abs(sum - 1) < 1e-9, "σ \(sigma) r \(radius): weights sum to \(sum)")
            }
            if let kernel = try? GaussianKernel1D(sigma: sigma) {
                #expect(kernel.radius >= 0 && kernel.radius <= 100_000, "σ \(sigma): radius \(kernel.radius)")
            }
        }
    }

    @Test func boxWidthsFromAnySigmaAndPassCountAchieveTheirSigmaOrAreRefused() {
        forEachDrawn(200, from: zip(Self.anySigma, Self.anyInt)) { sigma, passes in
            guard let widths = try? BoxWidths.forSigma(sigma, passes: passes) else { return }
            #expect(widths.count == passes)
            #expect(widths.allSatisfy { $0 >= 1 && $0 % 2 == 1 }, "\(widths)")
            // Kovesi's widths bracket σ within one width step.
            #expect(abs(BoxWidths.achievedSigma(widths) - sigma) <= max(1, sigma), "σ \(sigma): \(widths)")
        }
    }

    @Test func builtinImagesOfAnySmallSizeRender() {
        forEachDrawn(60, from: zip(Gen.element(of: BuiltinImage.allCases), Gen.int(in: 1...90), Gen.int(in: 1...90))) { kind, width, height in
            guard let kind else { return }
            let image = try? ImageSource.load("builtin:\(kind.rawValue)@\(width)x\(height)")
            #expect(image?.width == width && image?.height == height, "\(kind) \(width)×\(height)")
        }
    }

    @Test func builtinSizesFromAnyIntegersRenderOrGiveOneLine() {
        forEachDrawn(200, from: zip(Self.anyInt, Self.anyInt)) { width, height in
            do {
                let image = try ImageSource.load("builtin:ui@\(width)x\(height)", maxPixels: 4096)
                #expect(image.width == width && image.height == height)
            } catch {
                #expect(!"\(error)".contains("\n"))
                #expect(width <= 0 || height <= 0 || width.multipliedReportingOverflow(by: height).overflow
                        || width * height > 4096, "\(width)×\(height) refused: \(error)")
            }
        }
    }

    @Test func rectangleHelpersStayInsideWhatTheyClipTo() {
        let coordinate = Gen.oneOf(Gen.int(in: -300...300), Gen.int(in: -1_000_000...1_000_000))
        forEachDrawn(300, from: zip(coordinate, coordinate, Gen.int(in: 0...2_000_000), Gen.int(in: 0...2_000_000))) { x, y, w, h in
            let image = PixelRect(width: 256, height: 200)
            let rect = PixelRect(x: x, y: y, width: w, height: h)
            let inside = rect.intersection(image)
            if inside.width > 0, inside.height > 0 { #expect(image.contains(inside), "\(rect) ∩ \(image) = \(inside)") }
            if inside.width > 0, inside.height > 0 {
                let crop = RGBAImage(width: 256, height: 200).cropped(to: inside)
                #expect(crop.width == inside.width && crop.height == inside.height)
            }
            let grown = rect.expanded(by: w % 1000)
            #expect(grown.width >= rect.width)
        }
    }

    @Test func stripsStayNarrowWhateverTheTitleAndCaptionLength() {
        forEachDrawn(40, from: zip(Gen.int(in: 0...3000), Gen.int(in: 0...3000), Gen.int(in: 1...40))) { titleLength, captionLength, size in
            var strip = Strip(title: String(repeating: "wide ", count: titleLength / 5) + String(repeating: "W", count: titleLength % 5))
            strip.add(RGBAImage(width: size, height: size), caption: String(repeating: "c", count: captionLength))
            let layout = strip.layout()
            #expect(layout.width <= 2 * Strip.margin + max(Strip.textWidth, layout.columnWidth))
            #expect(layout.titleLines.count <= Strip.titleLines)
        }
    }
}

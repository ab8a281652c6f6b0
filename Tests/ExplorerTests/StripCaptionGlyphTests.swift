import BlurKit
import XCTest
@testable import ExplorerCLI

/// Every method's parameter line, as strips print it under a panel, is drawn with real glyphs:
/// none falls back to `?` (the extended box's α once did).
final class StripCaptionGlyphTests: XCTestCase {
    func testEveryMethodsParametersHaveGlyphsInTheCaptionFont() throws {
        for entry in MethodCatalog.all {
            for sigma in [1.0, 8.0] {
                for eightBit in [false, true] where !eightBit || entry.reads(.eightBitPasses) {
                    let settings = MethodSettings(sigma: sigma, values: [MethodParameter.eightBitPasses.name: eightBit ? 1 : 0])
                    let method = try entry.method(settings)
                    let missing = BitmapFont.caption.missingCharacters(in: method.parameters)
                    XCTAssertTrue(missing.isEmpty, "\(entry.name) σ=\(sigma): '\(method.parameters)' lacks \(String(String.UnicodeScalarView(missing)))")
                }
            }
        }
    }
}

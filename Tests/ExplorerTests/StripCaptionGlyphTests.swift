import BlurKit
import XCTest
@testable import explorer

/// Every method's parameter line, as strips print it under a panel, is drawn with real glyphs:
/// none falls back to `?` (the extended box's α once did).
final class StripCaptionGlyphTests: XCTestCase {
    func testEveryMethodsParametersHaveGlyphsInTheCaptionFont() throws {
        for name in MethodName.allCases {
            for sigma in [1.0, 8.0] {
                for eightBit in [false, true] where !eightBit || BlurSize.eightBitMethods[name] != nil {
                    let method = try BlurSize(sigma: sigma, eightBitPasses: eightBit).make(name)
                    let missing = BitmapFont.caption.missingCharacters(in: method.parameters)
                    XCTAssertTrue(missing.isEmpty, "\(name.rawValue) σ=\(sigma): '\(method.parameters)' lacks \(String(String.UnicodeScalarView(missing)))")
                }
            }
        }
    }
}

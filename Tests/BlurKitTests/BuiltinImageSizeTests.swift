import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

/// Every built-in image renders at every size from 1×1 up, including the thin and short ones
/// where a layout drawn for 360×480 has no room (`builtin:ui` trapped below a height of 56).
final class BuiltinImageSizeTests: XCTestCase {
    func testEveryBuiltinRendersAtSmallAndThinSizes() throws {
        let sizes = [(1, 1), (1, 9), (9, 1), (2, 3), (30, 55), (360, 1), (360, 55), (360, 57), (3, 480), (360, 175)]
        for kind in BuiltinImage.allCases {
            for (width, height) in sizes {
                let image = try ImageSource.load("builtin:\(kind.rawValue)@\(width)x\(height)")
                XCTAssertEqual(image.width, width, "\(kind) \(width)×\(height)")
                XCTAssertEqual(image.height, height, "\(kind) \(width)×\(height)")
                XCTAssertTrue(image.pixels.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "\(kind) \(width)×\(height)")
            }
        }
    }

    func testSizesOutOfRangeGiveOneLine() {
        for spec in ["builtin:ui@0x5", "builtin:ui@-3x5", "builtin:ui@99999999999999999999x2",
                     "builtin:ui@9223372036854775807x2", "builtin:ui@5x", "builtin:nope"] {
            XCTAssertThrowsError(try ImageSource.load(spec), spec) { error in
                XCTAssertFalse(String(describing: error).contains("\n"), spec)
            }
        }
    }
}

import XCTest

@testable import BlurCore

/// The eight-line frame (`LaneLines.blur`) against a plain model of it: for each group of eight
/// rows, then of eight columns, a scratch line built pixel by pixel (`EdgeMode.sourceIndex` for
/// the padding, zeros in the lanes past the image), the same filter, the lines written back.
/// The filter mixes the lanes of each position, so a lane that should hold zeros and does not
/// shows in the result.
final class LaneLinesTests: XCTestCase {
    /// A filter of the frame's shape: reads `source` at every padded position, writes
    /// `before..<before + count` of `target`, and mixes each position's eight lanes a little.
    static func mix(
        _ source: UnsafeMutablePointer<SIMD16<Float>>, into target: UnsafeMutablePointer<SIMD16<Float>>,
        before: Int, after: Int, count: Int
    ) {
        for i in 0..<count {
            let q = i + before
            let across = (source[2 * q] + source[2 * q + 1]).sum() * 0.01
            for half in 0..<2 {
                target[2 * q + half] =
                    source[2 * q + half] * 0.5 + source[2 * i + half] * 0.25
                    + source[2 * (q + after) + half] * 0.125 + SIMD16(repeating: across)
            }
        }
    }

    /// The frame's result, worked out group by group without it.
    static func model(_ image: RGBAImage, edges: EdgeMode, before: Int, after: Int, intoB: Bool) -> RGBAImage {
        var out = image
        for alongColumns in [false, true] {
            let count = alongColumns ? image.height : image.width
            let lines = alongColumns ? image.width : image.height
            let padded = before + count + after
            let a = UnsafeMutablePointer<SIMD16<Float>>.allocate(capacity: 2 * padded)
            let b = UnsafeMutablePointer<SIMD16<Float>>.allocate(capacity: 2 * padded)
            defer { a.deallocate(); b.deallocate() }
            func index(_ line: Int, _ i: Int) -> Int {
                alongColumns ? 4 * (i * image.width + line) : 4 * (line * image.width + i)
            }
            for first in stride(from: 0, to: lines, by: 8) {
                b.initialize(repeating: SIMD16(repeating: 7), count: 2 * padded)
                for p in 0..<padded {
                    var values = [Float](repeating: 0, count: 32)
                    for l in 0..<8 where first + l < lines {
                        if let s = edges.sourceIndex(p - before, count: count) {
                            for c in 0..<4 { values[4 * l + c] = out.pixels[index(first + l, s) + c] }
                        }
                    }
                    a[2 * p] = SIMD16(values[0..<16])
                    a[2 * p + 1] = SIMD16(values[16..<32])
                }
                let result = intoB ? b : a
                mix(a, into: result, before: before, after: after, count: count)
                for l in 0..<8 where first + l < lines {
                    for i in 0..<count {
                        let position = result[2 * (i + before) + l / 4]
                        for c in 0..<4 { out.pixels[index(first + l, i) + c] = position[4 * (l % 4) + c] }
                    }
                }
            }
        }
        return out
    }

    func testTheFrameGivesThePlainModelsPixelsBitForBit() {
        // Sizes below, at and across the eight lanes; padding up to several times a line.
        let sizes = [(1, 1), (5, 3), (8, 8), (9, 17), (37, 11), (16, 40), (3, 70)]
        let paddings = [(0, 0), (1, 1), (2, 5), (4, 0), (12, 12)]
        for (width, height) in sizes {
            let image = BlurReference.randomImage(width: width, height: height)
            for edges in EdgeMode.allCases {
                for (before, after) in paddings {
                    for intoB in [false, true] {
                        let expected = Self.model(image, edges: edges, before: before, after: after, intoB: intoB)
                        for threads in [1, 2] {
                            var out = image
                            LaneLines.blur(&out, edges: edges, threads: threads, before: before, after: after) {
                                lines in
                                let target = intoB ? lines.b : lines.a
                                Self.mix(
                                    lines.a, into: target, before: lines.before, after: lines.after, count: lines.count)
                                return target
                            }
                            XCTAssertEqual(
                                out, expected,
                                "\(width)×\(height) \(edges) padding \(before), \(after) into b \(intoB) threads \(threads)"
                            )
                        }
                    }
                }
            }
        }
    }
}

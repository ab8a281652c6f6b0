@testable import BlurCore
import XCTest

/// The catalog's declarations hold together: unique names, defaults within their ranges, and
/// every method built from its entry at small and large σ.
final class MethodCatalogTests: XCTestCase {
    func testNamesAreUniqueAndFound() {
        XCTAssertEqual(Set(MethodCatalog.names).count, MethodCatalog.all.count)
        for entry in MethodCatalog.all { XCTAssertEqual(MethodCatalog.entry(named: entry.name)?.name, entry.name) }
        XCTAssertEqual(MethodCatalog.taught.map(\.name), ["box", "gaussian2d", "separable", "iterated-box", "downsampled"])
    }

    func testEveryParameterDefaultIsInItsRange() throws {
        for parameter in MethodCatalog.parameters { try parameter.check(parameter.defaultValue) }
        XCTAssertThrowsError(try MethodParameter.order.check(6)) { error in
            XCTAssertEqual("\(error)", "order must be 3, 4 or 5, got 6")
        }
        XCTAssertThrowsError(try MethodParameter.truncate.check(0)) { error in
            XCTAssertEqual("\(error)", "truncate must be in (0, 20], got 0")
        }
    }

    func testEveryMethodIsBuiltFromItsEntryAndKeepsItsName() throws {
        for entry in MethodCatalog.all {
            for sigma in [0.8, 8.0] {
                let method = try entry.method(MethodSettings(sigma: sigma))
                XCTAssertEqual(method.name, entry.name)
                XCTAssertGreaterThan(method.reach, 0, entry.name)
            }
        }
    }

    func testFlagsAreRefusedByMethodsThatDoNotReadThem() {
        let settings = MethodSettings(sigma: 2, values: [MethodParameter.eightBitPasses.name: 1])
        XCTAssertNoThrow(try MethodEntry.stack.method(settings))
        XCTAssertThrowsError(try MethodEntry.deriche.method(settings)) { error in
            XCTAssertEqual("\(error)", "eight-bit-passes applies to extended-box and stack, not deriche")
        }
    }

    /// The library names its parameters; the command line renames them as its options, only
    /// where a name stands as a word of its own.
    func testErrorsNameParametersAndTheCommandLineRenamesThem() throws {
        let option: (String) -> String = { name in
            "--" + name.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
        }
        XCTAssertThrowsError(try MethodEntry.box.method(MethodSettings())) { error in
            let error = error as! BlurKitError
            XCTAssertEqual("\(error)", "method box needs radius or sigma")
            XCTAssertEqual("\(error.renamingParameters(option))", "--method box needs --radius or --sigma")
        }
        XCTAssertThrowsError(try MethodCatalog.check(MethodSettings(sigma: 2, radius: 3), for: [.separable])) { error in
            XCTAssertEqual("\(error)", "give sigma or radius, not both")
        }
        XCTAssertThrowsError(try MethodLimits.standard.check(sigma: 2000, name: "sigmas")) { error in
            let error = error as! BlurKitError
            XCTAssertEqual("\((error).renamingParameters(option))",
                           "--sigmas 2000.0 is above the limit of 1000 pixels (the kernel would be wider than any image the explorer accepts)")
        }
        let words = BlurKitError("sigma and sigmas, eight-bit-passes and maxPixels", naming: ["sigma", "maxPixels"])
        XCTAssertEqual("\(words.renamingParameters(option))", "--sigma and sigmas, eight-bit-passes and --max-pixels")
    }

    func testLimitsAreOnePlace() {
        XCTAssertThrowsError(try MethodCatalog.check(MethodSettings(sigma: 1001), for: MethodCatalog.all))
        XCTAssertThrowsError(try MethodCatalog.check(MethodSettings(radius: 2001), for: MethodCatalog.all))
        XCTAssertNoThrow(try MethodCatalog.check(MethodSettings(sigma: 1000), for: MethodCatalog.all.filter { $0.limits == .standard }))
    }
}

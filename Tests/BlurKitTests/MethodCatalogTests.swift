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
            XCTAssertEqual("\(error)", "--order must be 3, 4 or 5, got 6")
        }
        XCTAssertThrowsError(try MethodParameter.truncate.check(0)) { error in
            XCTAssertEqual("\(error)", "--truncate must be in (0, 20], got 0")
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
        XCTAssertNoThrow(try StackBlur.entry.method(settings))
        XCTAssertThrowsError(try Deriche.entry.method(settings)) { error in
            XCTAssertEqual("\(error)", "--eight-bit-passes applies to extended-box and stack, not deriche")
        }
    }

    func testLimitsAreOnePlace() {
        XCTAssertThrowsError(try MethodCatalog.check(MethodSettings(sigma: 1001), for: MethodCatalog.all))
        XCTAssertThrowsError(try MethodCatalog.check(MethodSettings(radius: 2001), for: MethodCatalog.all))
        XCTAssertNoThrow(try MethodCatalog.check(MethodSettings(sigma: 1000), for: MethodCatalog.all.filter { $0.limits == .standard }))
    }
}

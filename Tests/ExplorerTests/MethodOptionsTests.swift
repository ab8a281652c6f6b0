import BlurKit
import XCTest
@testable import ExplorerCLI

/// The command line's method options are the catalog's: one option per declared parameter.
final class MethodOptionsTests: XCTestCase {
    func testEveryCatalogParameterHasItsOption() throws {
        XCTAssertEqual(Set(MethodOptions.declared.map(\.name)), Set(MethodCatalog.parameters.map(\.name)))
        let options = try MethodOptions.parse([])
        for parameter in MethodCatalog.parameters {
            XCTAssertEqual(options.values[parameter.name], parameter.defaultValue, parameter.name)
        }
    }

    func testHelpStatesRangesAndReaders() {
        XCTAssertEqual(MethodCatalog.help(for: .order), "Order K of the recursive filter. 3, 4 or 5. Read by young-van-vliet.")
    }
}

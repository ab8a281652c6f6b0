import XCTest
@testable import BlurCore
@testable import BlurEffects
@testable import BlurFigures
@testable import BlurPNG

final class TerminalTextTests: XCTestCase {
    func testControlCharactersBecomeVisibleEscapesAndTextStays() {
        XCTAssertEqual(TerminalText.visible("a\u{1B}[31mred\u{07}\r\nb\tc\u{7F}\u{85}\u{2028}"),
                       #"a\e[31mred\u{7}\r\nb\tc\u{7F}\u{85}\u{2028}"#)
        XCTAssertEqual(TerminalText.visible("σ = 3 · box \\ path/é.png"), "σ = 3 · box \\ path/é.png")
    }
}

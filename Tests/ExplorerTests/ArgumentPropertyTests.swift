import ArgumentParser
import PropertyBased
import Testing
@testable import ExplorerCLI
import TestSupport

/// Any number typed for an option is parsed and range-checked, or refused with one line; none
/// traps. Cheap commands that accept their values are also run. (Parsing costs about 40 ms in a
/// debug build, so the counts are small.)
@Suite struct ArgumentPropertyTests {
    /// Any Int, half of them small, half from the whole range.
    static let anyInt = zip(Gen.bool, Gen.int(in: -3...40), Gen.int()).map { small, little, any in small ? little : any }
    static let special: [String] = ["0", "-0", "1e-320", "inf", "-inf", "nan", "1e308", "-1e308", "9223372036854775808"]
    /// A number as typed: an ordinary decimal, a huge one, or a special spelling.
    static let anyNumber = zip(Gen.int(in: 0...2), Gen.double(in: -20...40), anyInt, Gen.int(in: 0...8))
        .map { choice, ordinary, integer, index in
            switch choice {
            case 0: String(ordinary)
            case 1: String(integer)
            default: special[index]
            }
        }

    /// Parses (which validates) `words`; a refusal must be one line naming a problem.
    static func parse(_ words: [String]) -> ParsableCommand? {
        do {
            return try Explorer.parseAsRoot(NegativeNumbers.attached(words))
        } catch {
            let message = Explorer.message(for: error)
            #expect(!message.isEmpty && !message.contains("\n"), "\(words): \(message)")
            return nil
        }
    }

    @Test func kernelAndBoxesRunOrRefuseAnySigmaRadiusAndPasses() {
        forEachDrawn(60, from: zip(Self.anyNumber, Self.anyInt, Self.anyInt)) { sigma, radius, passes in
            let context = RunContext(commandLine: "explorer", outputFolder: nil, quickTiming: true)
            if let kernel = Self.parse(["kernel", "--sigma", sigma, "--radius", String(radius)]) as? KernelCommand {
                #expect(throws: Never.self) { _ = try? kernel.makeReport(context) }
            }
            if let boxes = Self.parse(["boxes", "--sigma", sigma, "--passes", String(passes)]) as? BoxesCommand {
                #expect(throws: Never.self) { _ = try? boxes.makeReport(context) }
            }
        }
    }

    @Test func imageCommandsParseOrRefuseAnySizesAndCounts() {
        forEachDrawn(20, from: zip(Self.anyNumber, Self.anyInt, Self.anyInt)) { sigma, a, b in
            _ = Self.parse(["blur", "builtin:checker@\(a)x\(b)", "-o", "x.png", "--sigma", sigma])
            _ = Self.parse(["blur", "builtin:checker", "-o", "x.png", "--radius", String(a), "--threads", String(b)])
            _ = Self.parse(["blur", "builtin:checker", "-o", "x.png", "--method", "iterated-box", "--sigma", sigma, "--iterations", String(a)])
            _ = Self.parse(["bench", "--size", "\(a)x\(b)", "--sigmas", sigma, "--runs", String(b)])
            _ = Self.parse(["compare", "builtin:checker", "--sigma", sigma, "--amplify", String(a)])
            _ = Self.parse(["motion", "builtin:checker", "--sigma", sigma, "--frames", String(a), "--shift", String(b)])
            _ = Self.parse(["grid", "1 2 3", "--radius", String(a)])
            _ = Self.parse(["blur", "builtin:checker", "-o", "x.png", "--radius", "1", "--max-pixels", String(a)])
        }
    }

    @Test func sigmaValidationAcceptsExactlyTheFiniteRange() {
        forEachDrawn(200, from: Self.anyNumber) { text in
            guard let sigma = Double(text) else { return }
            let accepted = (try? SigmaValidation.check(sigma)) != nil
            #expect(accepted == (sigma.isFinite && sigma > 0 && sigma <= 1000), "\(text)")
        }
    }
}

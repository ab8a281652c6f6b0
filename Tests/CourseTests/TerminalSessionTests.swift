import Foundation
import TestSupport
import XCTest

/// The explorer as a person meets it: lesson 3 in a real 80×40 terminal (a tmux pane), read back
/// with `capture-pane`. Skipped, saying why, when tmux is not installed.
final class TerminalSessionTests: XCTestCase {
    /// tmux on the PATH, or nil.
    static var tmux: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// This test's own tmux server: one per test, since a server the previous test killed may
    /// still be going away when the next test starts its session.
    let socket = "explorer-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// Runs tmux on this test's own server and returns what it printed.
    ///
    /// Through `posix_spawn` and `waitpid`, with output in a file: the server that the first
    /// command starts lives on after it with whatever it inherited, which Foundation's `Process`
    /// waits for.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "explorer-tmux-out-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([Self.tmux!, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, Self.tmux!, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    /// Everything the pane has shown, wrapped lines joined (`-J`) so their real width shows.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", "lesson"]) }

    /// Polls the pane until `condition` holds (the lesson runs at its own pace); fails after a
    /// generous limit rather than timing anything.
    func waitFor(_ what: String, _ condition: (String) -> Bool) throws -> String {
        for _ in 0..<600 {
            let text = try screen()
            if condition(text) { return text }
            usleep(200_000)
        }
        XCTFail("the pane never showed \(what):\n\(try screen())")
        return try screen()
    }

    func testLessonThreeStepsAndDrawsPicturesIn80Columns() throws {
        guard Self.tmux != nil else {
            throw XCTSkip("tmux is not installed (apt-get install tmux): this test drives a real terminal through it")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let command =
            "cd '\(BinaryRunner.packageRoot.path)' && env -u NO_COLOR -u COLUMNS -u LINES EXPLORER_QUICK=1 EXPLORER_GNUPLOT=none "
            + "'\(BinaryRunner.executable.path)' lesson 3 --step --output '\(output.path)'; echo EXPLORER-EXIT=$?; sleep 600"
        try tmux(["new-session", "-d", "-s", "lesson", "-x", "80", "-y", "40", command])
        defer { _ = try? tmux(["kill-server"]) }
        // Both pauses, with and without a prediction to type, say it.
        let prompt = "[Enter] run the"

        let first = try waitFor("the first pause") { $0.contains(prompt) }
        XCTAssertTrue(first.contains("Predict: "), "lesson 3's first cell asks a question:\n\(first)")
        XCTAssertFalse(first.contains("$ explorer compare"), "the cell waits for Enter:\n\(first)")

        try tmux(["send-keys", "-t", "lesson", "Enter"])
        let second = try waitFor("the first cell's result and the next pause") {
            $0.components(separatedBy: prompt).count == 3
        }
        XCTAssertTrue(second.contains("$ explorer compare photo"), second)
        XCTAssertTrue(second.contains("Blur methods against the exact Gaussian"), second)
        XCTAssertTrue(second.contains("▀▀▀▀▀▀▀▀"), "the strip is drawn in half blocks where it is made:\n\(second)")

        try tmux(["send-keys", "-t", "lesson", "q", "Enter"])
        let end = try waitFor("the lesson to stop") { $0.contains("EXPLORER-EXIT=") }
        XCTAssertTrue(end.contains("EXPLORER-EXIT=0"), end)
        XCTAssertTrue(end.contains("The page was not written"), end)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("lesson-03").path))
        let wide = end.split(separator: "\n").filter { $0.count > 80 }
        XCTAssertEqual(wide, [], "every line fits the 80-column terminal")
    }

    /// A student types a number at lesson 3's first prediction; after the cell the lesson says how
    /// far it was from the box's largest error, the number the table beside it shows.
    func testATypedPredictionIsCheckedAgainstTheResult() throws {
        guard Self.tmux != nil else {
            throw XCTSkip("tmux is not installed (apt-get install tmux): this test drives a real terminal through it")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let command =
            "cd '\(BinaryRunner.packageRoot.path)' && env -u NO_COLOR -u COLUMNS -u LINES EXPLORER_QUICK=1 EXPLORER_GNUPLOT=none "
            + "'\(BinaryRunner.executable.path)' lesson 3 --step --images none --output '\(output.path)'; echo EXPLORER-EXIT=$?; sleep 600"
        try tmux(["new-session", "-d", "-s", "lesson", "-x", "80", "-y", "40", command])
        defer { _ = try? tmux(["kill-server"]) }
        let first = try waitFor("the first pause") { $0.contains("[Enter] run the cell") }
        XCTAssertTrue(first.contains("a number then Enter: check it"), first)

        try tmux(["send-keys", "-t", "lesson", "20", "Enter"])
        let checked = try waitFor("the check of the prediction") {
            $0.contains("You predicted 20;") && $0.contains("off.")
        }
        let flat = checked.replacingOccurrences(of: "\n", with: " ")
        let match = try XCTUnwrap(
            flat.firstMatch(
                of: /You predicted 20; the result \(errors\.box\.interiorMax\) is ([\d.]+): ([\d.]+) (below|above)/),
            flat)
        let result = try XCTUnwrap(Double(match.1)), distance = try XCTUnwrap(Double(match.2))
        XCTAssertEqual(distance, abs(result - 20), accuracy: 0.051)
        XCTAssertEqual(match.3 == "below", result > 20)
        XCTAssertNotNil(
            flat.firstMatch(of: try Regex("box +R=\\d+ +[\\d.]+ +" + String(match.1) + " ")),
            "the table shows \(match.1):\n\(checked)")

        try tmux(["send-keys", "-t", "lesson", "q", "Enter"])
        let end = try waitFor("the lesson to stop") { $0.contains("EXPLORER-EXIT=") }
        XCTAssertTrue(end.contains("EXPLORER-EXIT=0"), end)
        XCTAssertEqual(
            end.split(separator: "\n").filter { $0.count > 80 }, [], "every line fits the 80-column terminal")
    }

    func testStepWithoutATerminalIsAUsageError() throws {
        let result = try BinaryRunner.run(["lesson", "1", "--step"])
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("--step needs a terminal"), result.standardError)
        XCTAssertEqual(result.standardOutput, "")
    }
}

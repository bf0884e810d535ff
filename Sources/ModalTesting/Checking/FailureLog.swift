import Foundation
import ModalEvents

/// What both checks do with a failing sequence: write it as a log that
/// `modal-log` reads, and tell how to look at it and keep it as a test.
enum FailureLog {
    /// Writes `events` with a header of `fields` into `directory` (`nil`:
    /// `MODAL_TESTING_LOGS`, else the temporary folder's `modal-testing`),
    /// named `<property>-<name>.jsonl` in lower case, anything but letters
    /// and digits a dash; its path, or why it could not.
    static func write(
        _ events: [LoggedEvent], header fields: [JSONMember], property: String, name: String, in directory: String?
    ) -> Result<String, any Error> {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            directory ?? environment["MODAL_TESTING_LOGS"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("modal-testing").path
        let slug = { (text: String) in String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }) }
        let header = LogHeader(fields: [JSONMember("generatedBy", "ModalTesting")] + fields)
        let bytes = Data(EventLogEncoder.encode(header: header, events: events))
        return Result {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Another check may have failed the same way: never overwrite a different log.
            var attempt = 1
            while true {
                let suffix = attempt == 1 ? "" : "-\(attempt)"
                let path = URL(fileURLWithPath: folder).appendingPathComponent(
                    "\(slug(property).prefix(48))-\(slug(name))\(suffix).jsonl"
                ).path
                if let existing = FileManager.default.contents(atPath: path), existing != bytes {
                    attempt += 1
                    continue
                }
                try bytes.write(to: URL(fileURLWithPath: path))
                return path
            }
        }
    }

    /// The sequence's lines, then where its log is and the commands that
    /// replay it, show the state where it broke and make it a test.
    static func lines(
        of events: [LoggedEvent], brokeAt seq: Int?, property: String, logPath: String?, logProblem: String?
    ) -> [String] {
        var lines = events.map { "  " + String(decoding: EventLogEncoder.encode($0).dropLast(), as: UTF8.self) }
        if let logPath {
            let at = seq.map { " --at \($0)" } ?? ""
            lines += [
                "Log: \(logPath)", "  modal-log replay \(logPath)", "  modal-log state \(logPath)\(at)",
                "  modal-log export \(logPath) --format swift-test > \(testFileName(property))  (the failure as a test)",
            ]
        } else if let logProblem {
            lines.append("Log: not written: \(logProblem)")
        }
        return lines
    }

    /// A file name for the failure as a test: the property's words, `InvariantsHoldAfterEveryEventTests.swift`.
    static func testFileName(_ property: String) -> String {
        let words = property.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Tests.swift"
    }
}

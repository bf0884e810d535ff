public import Foundation
public import ModalEvents

/// Where the tests find the package's logs, shared by every test target.
public enum Fixtures {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The absolute path of `relativePath` under the package root.
    public static func path(_ relativePath: String) -> String {
        packageRoot.appendingPathComponent(relativePath).path
    }

    /// Every well-formed log: `EventLogs/` but `malformed/`, and the logs
    /// with rejections in `Tests/Fixtures/rejections/`; paths relative to the root.
    public static let wellFormedLogs: [String] = ["EventLogs", "Tests/Fixtures/rejections"].flatMap { folder in
        let files = FileManager.default.enumerator(atPath: path(folder))?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("malformed/") }.map { "\(folder)/\($0)" }
    }.sorted()

    /// The logs under `EventLogs/` that must validate clean.
    public static var sampleLogs: [String] { wellFormedLogs.filter { $0.hasPrefix("EventLogs/") } }

    /// The sample logs whose lines the differential tests change a byte at a time.
    public static let nearMissLogs = [
        "EventLogs/tour.jsonl", "EventLogs/morph-modal-kit/replace-sticky.jsonl",
        "EventLogs/version-2/relaunch-checkout.jsonl", "EventLogs/version-2/close-everything.jsonl",
    ]

    /// Every file in `EventLogs/malformed/`, the kind of its error and its line.
    public static let malformedLogs: [(file: String, kind: EventLogError.Kind, line: Int)] = [
        ("empty.jsonl", .emptyFile, 1),
        ("invalid-json.jsonl", .invalidJSON, 4),
        ("invalid-utf8.jsonl", .invalidUTF8, 3),
        ("missing-field.jsonl", .missingField, 4),
        ("newer-version.jsonl", .newerVersion, 1),
        ("no-header.jsonl", .missingHeader, 1),
        ("not-an-object.jsonl", .notAnObject, 5),
        ("seq-out-of-order.jsonl", .seqOutOfOrder, 4),
        ("unknown-type.jsonl", .unknownType, 3),
        ("wrong-type.jsonl", .wrongType, 6),
        // Version 2's.
        ("version-2-type-in-version-1.jsonl", .unknownType, 3),
        ("batch-empty.jsonl", .invalidBatch, 4),
        ("batch-nested.jsonl", .invalidBatch, 3),
        ("batch-event-with-seq.jsonl", .invalidBatch, 4),
        ("source-null.jsonl", .wrongType, 3),
        ("card-can-dismiss-null.jsonl", .wrongType, 4),
    ]

    /// The checked-in state a well-formed log replays to: its path under
    /// `EventLogs/` or `Tests/Fixtures/`, in `Tests/Fixtures/expected/`, `.json`.
    public static func goldenPath(of log: String) -> String {
        let relative =
            log.hasPrefix("EventLogs/") ? log.dropFirst("EventLogs/".count) : log.dropFirst("Tests/Fixtures/".count)
        return "Tests/Fixtures/expected/" + relative.dropLast(".jsonl".count) + ".json"
    }

    /// The text of a file under the package root.
    public static func text(_ relativePath: String) throws -> String {
        try String(contentsOfFile: path(relativePath), encoding: .utf8)
    }
}

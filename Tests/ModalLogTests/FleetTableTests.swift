import Foundation
import ModalEvents
import TestSupport
import Testing

@testable import modal_log

/// The many-log table's columns are a contract (Docs/Fleet.md, "The
/// table"): the rows have them, each version's are kept, and the page says
/// the current ones.
@Suite struct FleetTableTests {
    /// Each version's columns, from `Tests/Fixtures/fleet/table-columns.txt`.
    static func versions() throws -> [Int: [String]] {
        let text = try String(contentsOfFile: sample("Tests/Fixtures/fleet/table-columns.txt"), encoding: .utf8)
        var versions: [Int: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1)
            versions[Int(parts[0])!] = parts[1].split(separator: " ").map(String.init)
        }
        return versions
    }

    @Test func theColumnsAreTheirVersionsAndEveryRowHasThemInOrder() throws {
        let versions = try Self.versions()
        #expect(
            versions[TimelineLine.tableVersion] == TimelineLine.tableColumns,
            "the columns changed: raise TimelineLine.tableVersion and add its line to table-columns.txt")
        #expect(versions.keys.max() == TimelineLine.tableVersion, "a version with no columns kept")
        // Rows of one log and of many, a batch among them: each the columns in order.
        let (folder, log) = try VersionTwoLogs.written()
        defer { withExtendedLifetime(folder) {} }
        try folder.write(VersionTwoLogs.shop, to: "again.jsonl")
        for arguments in [["timeline", log, "--json"], ["timeline", log, folder.file("again.jsonl"), "--json"]] {
            let run = Run(arguments)
            #expect(run.status == 0 && run.output.contains(#"{"log":"#) == (arguments.count == 4))
            for line in run.output.split(separator: "\n") {
                guard case .object(let members) = try JSONReader.read(Array(line.utf8)) else {
                    Issue.record("a row is not an object: \(line)")
                    continue
                }
                let expected = TimelineLine.tableColumns.filter { column in
                    (column != "log" || members.first?.key == "log")
                        && (column != "events" || members.contains { $0.key == "type" && $0.value == "batch" })
                }
                #expect(members.map(\.key) == expected, "\(line)")
            }
        }
    }

    @Test func fleetMdSaysTheCurrentVersionAndItsColumns() throws {
        let page = try String(contentsOfFile: sample("Docs/Fleet.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let columns = TimelineLine.tableColumns.map { "`\($0)`" }.joined(separator: ", ")
        let said = columns.replacingOccurrences(of: ", `events`", with: ", and `events`")
        #expect(
            page.contains("table version \(TimelineLine.tableVersion), its columns in the order a row has them: ")
                && (page.contains(columns) || page.contains(said)))
    }
}

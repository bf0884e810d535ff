import Foundation

/// The fuzz targets' findings kept in `Tests/Fixtures/fuzz/TARGET/`, as
/// `Scripts/fuzz --regressions` takes them: every file in the target's
/// folder but hidden ones.
package enum FuzzFindings {
    /// The targets of `Scripts/fuzz`, each with a folder of findings.
    package enum Target: String, CaseIterable, Sendable {
        case log, sidecar, snapshot, batch, condition
    }

    /// The folder of the findings, relative to the package root.
    package static let folder = "Tests/Fixtures/fuzz"

    /// The list of findings that still crash until a fix lands, relative to the package root.
    package static let knownCrashesFile = folder + "/known-crashes"

    /// The findings of `target` (absolute paths, in name order) but the known
    /// crashes, which a test cannot run without crashing with it.
    package static func inputs(of target: Target) throws -> [String] {
        let known = try knownCrashes()
        return try findings(of: target).filter { known[$0] == nil }.map(Fixtures.path)
    }

    /// The findings of `target`, relative to the package root.
    static func findings(of target: Target) throws -> [String] {
        let path = Fixtures.path("\(folder)/\(target)")
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
            .map { "\(folder)/\(target)/\($0)" }
    }

    /// The findings that still crash, by path relative to the package root
    /// (`condition/deep-brackets.txt`), each with the fix it waits for: the
    /// lines of `known-crashes` but comments, each a path under the folder
    /// and the reason.
    package static func knownCrashes() throws -> [String: String] {
        let text = try String(contentsOfFile: Fixtures.path(knownCrashesFile), encoding: .utf8)
        var known: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            known["\(folder)/\(parts[0])"] = parts.count > 1 ? String(parts[1]) : ""
        }
        return known
    }

    /// What the folder holds that is not a target's folder of findings, its
    /// README or its list of known crashes (a folder moved or misnamed would
    /// have its findings go unread), and known crashes that name no finding.
    package static func unexpectedEntries() throws -> [String] {
        let expected = Set(Target.allCases.map(\.rawValue) + ["README.md", "known-crashes"])
        let entries = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder))
        let found = Set(try Target.allCases.flatMap(findings(of:)))
        return entries.filter { !expected.contains($0) && !$0.hasPrefix(".") }.map { "\(folder)/\($0)" }
            + (try knownCrashes()).keys.filter { !found.contains($0) }.sorted()
    }
}

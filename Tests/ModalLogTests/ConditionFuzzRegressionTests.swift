import Foundation
import TestSupport
import Testing

@testable import modal_log

/// Replays the `condition` fuzz target's seeds (`Fuzz/seeds/condition/`)
/// and findings (`Tests/Fixtures/fuzz/condition/`) through its checks
/// (`ConditionFuzzing`, which the target runs too), each failure here an issue.
@Suite struct ConditionFuzzRegressionTests {
    @Test func seedsAndFindings() throws {
        let seeds = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Fuzz/seeds/condition"))
            .sorted().map { Fixtures.path("Fuzz/seeds/condition/\($0)") }
        #expect(!seeds.isEmpty)
        for path in try seeds + FuzzFindings.inputs(of: .condition) {
            let bytes = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
            ConditionFuzzing.exercise(Array(bytes), check: FuzzCheck { Issue.record("\(path): \($0)") })
        }
    }
}

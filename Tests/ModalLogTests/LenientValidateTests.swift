import Foundation
import TestSupport
import Testing

@testable import modal_log

/// `validate --lenient` names every malformed line, as its help and the
/// README say, however many there are.
@Suite struct LenientValidateTests {
    @Test func validateLenientNamesEveryMalformedLine() throws {
        let folder = try TemporaryFolder()
        let log = folder.file("bad.jsonl")
        var lines = [#"{"format":"modal-events","version":2}"#, #"{"seq":1,"type":"root.register"}"#]
        lines += (1...250).map { "not JSON \($0)" }
        try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
        let run = Run(["validate", log, "--lenient"])
        #expect(run.status == ExitCode.dataError)
        let named = run.error.split(separator: "\n").filter { $0.contains("skipped a malformed line") }
        #expect(named.count == 250, "named \(named.count) of 250")
        #expect(named.last?.hasPrefix("warning: \(log):252:") == true, "\(named.last ?? "")")
    }
}

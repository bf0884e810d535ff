// The checks of the fuzz targets, shared by the targets (Fuzz/*.swift, which
// Scripts/fuzz compiles with this folder and LogReading.swift) and by the
// tests that replay the targets' findings (FuzzRegressionTests and the other
// suites that read Tests/Fixtures/fuzz/).

/// What a fuzz check does when it does not hold: a fuzz target traps, so
/// that libFuzzer keeps the input as a finding; a test records an issue
/// and goes on.
package struct FuzzCheck: Sendable {
    private let failure: @Sendable (_ message: String) -> Void

    /// A check that calls `failure` with what did not hold.
    package init(failure: @escaping @Sendable (_ message: String) -> Void) {
        self.failure = failure
    }

    /// A check that traps with its message, in every build (a
    /// `precondition` has none in an -O build): what the fuzz targets use.
    package static let trapping = FuzzCheck { message in fatalError(message) }

    /// Fails with `message` when `condition` does not hold.
    package func callAsFunction(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failure(message()) }
    }

    /// Fails with `message`.
    package func fail(_ message: String) {
        failure(message)
    }
}

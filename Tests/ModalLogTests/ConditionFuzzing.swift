// Shared by ConditionFuzzRegressionTests and the condition fuzz target
// (Fuzz/ConditionFuzzTarget.swift): Scripts/fuzz compiles this file into
// the target, which is the tool's module there, with MODAL_EVENTS_FUZZER set.
import ModalEvents
import ModalProjection

#if !MODAL_EVENTS_FUZZER
    import TestSupport
    @testable import modal_log
#endif

/// The `condition` fuzz target's checks: any bytes as the text of
/// `modal-log bisect --where`. A condition read must print as text that
/// reads back to it, and be checked at every step of ``FuzzLog``'s log,
/// where `not` it holds exactly where it does not. Text that is not a
/// condition must fail with a `ConditionParser.Failure`; a trap, a hang or
/// a failed check is a finding, and so is a failure whose column is not
/// the place it names: a character of the text (counted in Unicode scalars,
/// as the parser counts), or, when it found the end, just past the last one.
enum ConditionFuzzing {
    /// Each step of the fuzz log, as bisect checks a condition at it.
    static let contexts: [Condition.Context] = FuzzLog.steps.enumerated().map { place, step in
        Condition.Context(
            state: step.state, entry: step.entry, rejection: step.rejection,
            rejectionCount: FuzzLog.steps.prefix(place + 1).count { $0.rejection != nil })
    }

    /// Runs every check on `bytes` as a condition's text.
    static func exercise(_ bytes: [UInt8], check: FuzzCheck) {
        let text = String(decoding: bytes, as: UTF8.self)
        let condition: Condition
        do throws(ConditionParser.Failure) {
            condition = try ConditionParser.parse(text)
        } catch {
            checkColumn(of: error, in: text, check: check)
            return
        }
        let printed = condition.description
        do {
            let reread = try ConditionParser.parse(printed)
            check(reread == condition, "\(condition) printed as \(printed), which reads as \(reread)")
        } catch {
            check.fail("\(condition) printed as \(printed), which does not read: \(error)")
        }
        for context in contexts {
            let holds = condition.holds(at: context)
            check(
                Condition.not(condition).holds(at: context) == !holds, "not (\(condition)) at seq \(context.entry.seq)")
        }
    }

    /// `failure`, from reading `text`, names a column of it: past its last
    /// character when it found the end, else one of its characters.
    static func checkColumn(of failure: ConditionParser.Failure, in text: String, check: FuzzCheck) {
        let end = text.unicodeScalars.count + 1
        if failure.message.hasSuffix(", found the end") {
            check(failure.column == end, "\(failure): the end of the text is column \(end)")
        } else {
            check((1..<end).contains(failure.column), "\(failure): the text's columns are 1 to \(end - 1)")
        }
    }
}

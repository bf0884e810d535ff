import ModalEvents
import ModalProjection
import Testing

/// Replays `events` from the empty state, numbering them 1, 2, 3...
func replay(_ events: [ModalEvent], from start: ModalState = ModalState()) -> ModalState {
    var state = start
    for event in events { state.replay(LoggedEvent(seq: state.seq + 1, event: event)) }
    return state
}

/// Checks one step the TestStore way: the state after `event` must equal
/// `old` with `changes` made to it (and `seq` moved on).
func expectReduce(
    _ old: ModalState, _ event: ModalEvent, sourceLocation: SourceLocation = #_sourceLocation,
    changes: (inout ModalState) -> Void = { _ in }
) {
    var actual = old
    let seq = old.seq + 1
    actual.replay(LoggedEvent(seq: seq, event: event))
    var expected = old
    expected.seq = seq
    changes(&expected)
    // The changes name the stored values; the derived ones follow from them
    // (the invariants check `actual`'s against their rules).
    expected.refreshDerivedValues()
    expectEqualStates(actual, expected, sourceLocation: sourceLocation)
}

/// Checks that `event` is rejected with `code` and changes nothing but `seq`
/// and the `rejected` list.
///
/// - Parameter logged: Numbers the log gives the event's integer fields that
///   their `Int`s do not hold (``LoggedEvent/loggedNumbers``).
func expectRejected(
    _ old: ModalState, _ event: ModalEvent, logged: [IntegerField: Double] = [:], _ code: RejectionCode,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var actual = old
    let seq = old.seq + 1
    let numbers = logged.map { LoggedNumber(step: 0, field: $0.key, value: $0.value) }
    actual.replay(LoggedEvent(seq: seq, event: event, loggedNumbers: numbers))
    let rejection = actual.rejected.last
    #expect(rejection?.seq == seq, "event was not rejected", sourceLocation: sourceLocation)
    #expect(
        rejection?.code == code, "rejected as \(rejection.map { "\($0)" } ?? "nothing")", sourceLocation: sourceLocation
    )
    #expect(rejection?.message.isEmpty == false, sourceLocation: sourceLocation)
    var expected = old
    expected.seq = seq
    if let rejection { expected.rejected.append(rejection) }
    expectEqualStates(actual, expected, sourceLocation: sourceLocation)
}

/// Compares two states; on mismatch records a line diff of their JSON.
func expectEqualStates(_ actual: ModalState, _ expected: ModalState, sourceLocation: SourceLocation = #_sourceLocation)
{
    let violations = actual.invariantViolations()
    #expect(violations.isEmpty, "invariants broken: \(violations)", sourceLocation: sourceLocation)
    guard actual != expected else { return }
    let diff = LineDiff.diff(from: expected.jsonText(), to: actual.jsonText())
    Issue.record(
        "States differ (- expected, + actual):\n\(diff.isEmpty ? "(same JSON; \(expected) vs \(actual))" : diff)",
        sourceLocation: sourceLocation)
}

/// A line diff for failure messages: `- ` lines only in the old text,
/// `+ ` lines only in the new, with two lines of context.
enum LineDiff {
    static func diff(from old: String, to new: String, context: Int = 2) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence table, from the end.
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: Substring)] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                lines.append(("-", a[i])); i += 1
            } else {
                lines.append(("+", b[j])); j += 1
            }
        }
        let changed = lines.indices.filter { lines[$0].mark != " " }
        guard !changed.isEmpty else { return "" }
        let shown = Set(changed.flatMap { max(0, $0 - context)...min(lines.count - 1, $0 + context) })
        var output: [String] = []
        var previous = -1
        for index in shown.sorted() {
            if index != previous + 1 && previous >= 0 { output.append("  ...") }
            output.append("\(lines[index].mark) \(lines[index].text)")
            previous = index
        }
        return output.joined(separator: "\n")
    }
}

// Short builders for the rule tests.
func register(_ root: String = "default", level: Int = 0, policy: RootPolicy = .stack) -> ModalEvent {
    .rootRegister(RootRegistration(root: root, level: level, policy: policy))
}

func present(
    _ link: String, root: String = "default", parent: String? = nil, canDismiss: Bool = true,
    snapPoints: [Double] = [1.0], initialSnap: Int = 0, payload: JSONValue? = nil, sticky: String? = nil
) -> ModalEvent {
    .modalPresent(
        ModalPresentation(
            root: root, link: link, content: "\(link.prefix(1).uppercased() + link.dropFirst())View", parent: parent,
            payload: payload,
            canDismiss: canDismiss, snapPoints: snapPoints, initialSnap: initialSnap, sticky: sticky))
}

/// Indexes of a link's modal in the state, for writing expected changes.
extension ModalState {
    func path(_ link: String, in root: String = "default") -> (root: Int, modal: Int) {
        let rootIndex = roots.firstIndex { $0.id == root }!
        return (rootIndex, roots[rootIndex].modals.firstIndex { $0.link == link }!)
    }

    subscript(link: String, root: String = "default") -> Modal {
        get { let p = path(link, in: root); return roots[p.root].modals[p.modal] }
        set { let p = path(link, in: root); roots[p.root].modals[p.modal] = newValue }
    }
}

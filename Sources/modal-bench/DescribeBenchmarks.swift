import Foundation

/// The commands that describe every step of a log, as a user runs them: the
/// release `modal-log` built beside this program, its output thrown away,
/// against `modal-log replay --no-index` of the same log in the same run
/// (the same process start, the same read and reduce, no description).
func describeBenchmarks(log: BenchLog, measure: Measure) -> [Row] {
    guard let tool = Executable(builtBesideThisProgram: "modal-log") else {
        return [
            Row(
                measure: "describing commands", events: log.events, result: "not measured",
                baseline: "no modal-log beside modal-bench: `swift build -c release` builds both")
        ]
    }
    /// A row that says why a figure is missing: the rest of the run still prints.
    func notMeasured(_ what: String, _ error: any Error) -> Row {
        Row(measure: what, events: log.events, result: "not measured", baseline: "\(error)")
    }
    // Without the index another group may have built beside the log: a replay reads every event.
    let replay: Double
    do {
        replay = try measure.seconds { try tool.run(["replay", log.path, "--no-index"]) }
    } catch {
        return [notMeasured("modal-log replay --no-index", error)]
    }
    let commands: [(name: String, arguments: [String], unit: String, target: Double)] = [
        ("timeline --json", ["timeline", log.path, "--json"], "rows", 500e3),
        ("stats", ["stats", log.path], "events", 1e6),
        ("diff LOG 1 N", ["diff", log.path, "1", String(log.events)], "events", 1e6),
        ("export --format html", ["export", log.path, "--format", "html"], "events", 300e3),
    ]
    return commands.map { command in
        let seconds: Double
        do {
            seconds = try measure.seconds { try tool.run(command.arguments) }
        } catch {
            return notMeasured("modal-log \(command.name)", error)
        }
        let perSecond = Double(log.events) / seconds
        return Row(
            measure: "modal-log \(command.name)", events: log.events,
            result: rate(log.events, seconds).replacingOccurrences(of: "/s", with: " \(command.unit)/s"),
            baseline: "modal-log replay \(rate(log.events, replay))",
            ratio: "\(fixed(seconds / replay, digits: 1))x its time",
            target: ">= \(rate(Int(command.target), 1).replacingOccurrences(of: "/s", with: " \(command.unit)/s"))",
            verdict: verdict(met: perSecond >= command.target, shortBy: 1 - perSecond / command.target))
    }
}

import ModalTesting

/// Times a piece of work: the median of several runs, each on fresh input.
struct Measure {
    var runs = 5

    /// The median seconds of `runs` runs of `body`; `prepare` runs before
    /// each, untimed.
    func seconds<Input>(prepare: () throws -> Input, _ body: (Input) throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let input = try prepare()
            let start = ContinuousClock.now
            try body(input)
            times.append(start.duration(to: .now).seconds)
        }
        return times.sorted()[times.count / 2]
    }

    /// The median seconds of `runs` runs of `body`.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        try seconds(prepare: {}, body)
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

/// One line of the printed table.
struct Row {
    /// What was measured.
    var measure: String
    /// How many events it covered.
    var events: Int
    /// The figure: `5.31 M/s, 412 MB/s`.
    var result: String
    /// What it is compared with, measured in the same run.
    var baseline = ""
    /// The comparison: `24.5x faster`.
    var ratio = ""
    /// The target, and whether this run met it.
    var target = ""
    var verdict = ""
}

/// Prints rows as a table whose columns fit their widest cell.
struct Table {
    var rows: [Row] = []

    mutating func append(_ newRows: [Row]) { rows += newRows }

    var text: String {
        let header = Row(
            measure: "measure", events: -1, result: "result", baseline: "baseline (same run)", ratio: "ratio",
            target: "target", verdict: "")
        let cells = ([header] + rows).map { row in
            [
                row.measure, row.events < 0 ? "events" : grouped(row.events), row.result, row.baseline, row.ratio,
                row.target, row.verdict,
            ]
        }
        let widths = (0..<7).map { column in cells.map { $0[column].count }.max() ?? 0 }
        let lines = cells.map { line in
            zip(line, widths).enumerated().map { column, cell in
                let (text, width) = cell
                // Counts are right-aligned; the rest reads left to right.
                return column == 1 ? pad(text, width) : text + String(repeating: " ", count: width - text.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let rule = String(repeating: "-", count: lines.map(\.count).max() ?? 0)
        return ([lines[0], rule] + lines.dropFirst()).joined(separator: "\n")
    }
}

// MARK: Formatting

/// `value` with `digits` decimals.
func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if text.contains("e") { return text }
    let decimals = text.split(separator: ".").last.map(\.count) ?? 0
    if digits == 0 { return String(text.prefix { $0 != "." }) }
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    return text
}

/// Events per second: in millions (`5.31 M/s`), or in thousands below a
/// million (`262 k/s`, `1.4 k/s`).
func rate(_ events: Int, _ seconds: Double) -> String {
    let perSecond = Double(events) / seconds
    if perSecond >= 1e6 { return "\(fixed(perSecond / 1e6, digits: 2)) M/s" }
    return "\(fixed(perSecond / 1e3, digits: perSecond >= 1e4 ? 0 : 1)) k/s"
}

/// Bytes per second, in megabytes: `412 MB/s`.
func throughput(_ bytes: Int, _ seconds: Double) -> String {
    "\(fixed(Double(bytes) / seconds / 1e6, digits: 0)) MB/s"
}

/// A size in megabytes: `12.4 MB`.
func megabytes(_ bytes: Int) -> String {
    "\(fixed(Double(bytes) / 1e6, digits: 1)) MB"
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// Whether a figure met its target: `met`, or by how much it fell short.
func verdict(met: Bool, shortBy: Double) -> String {
    met ? "met" : "MISSED by \(fixed(shortBy * 100, digits: 0))%"
}

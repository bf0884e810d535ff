/// Times a piece of work: the median of several runs, each on fresh input.
struct Measure {
    var runs = 5

    /// The median seconds of `runs` runs of `body`; `prepare` runs before
    /// each, untimed.
    func seconds<Input>(prepare: () -> Input, _ body: (Input) -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let input = prepare()
            let start = ContinuousClock.now
            body(input)
            let elapsed = start.duration(to: .now).components
            times.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
        return times.sorted()[times.count / 2]
    }
}

/// One line of the printed table.
struct Row {
    var name: String
    var events: Int
    var seconds: Double
    var baseline: Double?

    var perSecond: Double { Double(events) / seconds }
    var nanosecondsPerEvent: Double { seconds * 1e9 / Double(events) }

    var text: String {
        let ratio = baseline.map { " \(fixed($0 / seconds, digits: 2))x" } ?? ""
        return name + String(repeating: " ", count: max(0, 46 - name.count))
            + pad(fixed(perSecond / 1e6, digits: 2) + " M/s", 12)
            + pad(fixed(nanosecondsPerEvent, digits: 1) + " ns", 12)
            + ratio
    }
}

func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    let decimals = text.split(separator: ".").last.map(\.count) ?? 0
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    return text
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

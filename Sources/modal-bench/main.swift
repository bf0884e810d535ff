// Prints the store's figures: `swift run -c release modal-bench [events]`.
// Each figure is the median of five runs; ratios compare with a baseline
// measured in the same run.

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
let measure = Measure()
print("store appends, \(count) events, median of \(measure.runs) runs; ratio = baseline time / time")
print(String(repeating: "-", count: 78))
for row in storeBenchmarks(count: count, measure: measure) {
    print(row.text)
}

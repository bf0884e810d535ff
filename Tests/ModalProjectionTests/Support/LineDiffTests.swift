import Testing

@Suite struct LineDiffTests {
    @Test func marksRemovedAndAddedLinesWithContext() {
        let diff = LineDiff.diff(from: "a\nb\nc\nd\ne\nf", to: "a\nb\nc\nX\ne\nf", context: 1)
        #expect(diff == "  c\n- d\n+ X\n  e")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.diff(from: "a\nb", to: "a\nb").isEmpty)
    }
}

import ModalEvents
import ModalProjection

/// `modal-log recover LOG`: repairs a torn tail in place.
struct RecoverCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "recover",
        abstract: "Repair a log in place after a crash, and report what was dropped.",
        discussion: """
            Cuts off a torn last line (a write that a crash cut short), removes \
            what a crash while starting a new segment left behind, and gives a log \
            that a crash left as an empty file or a torn header (it held no event) \
            a new header; everything fully written stays, and the file is synced. A malformed line anywhere else is \
            not a crash's doing and is not repaired: the error names it (exit 65), and \
            'validate --lenient' lists every such line.
            """)

    @OptionGroup var log = LogArgument(help: "The log to repair: a file, or a folder of segments.")
    @OptionGroup var color = ColorOption()

    static let changesFiles = true

    func run(io: ToolIO) throws -> Int32 {
        let path = try log.onDisk(
            io: io,
            instead: "recover repairs a log on disk in place: standard input cannot be repaired; save it to a file "
                + "and recover that")
        // Opening to append is what repairs (a torn last line, an empty file or a torn header that a
        // crash while creating the log left); it would create a missing log, which is not asked for here.
        try FileSystem.system.requireLog(at: path)
        let (writer, _, _) = try EventLogWriter.open(
            path, as: ModalState.self, options: EventLogWriter.Options(durability: .everyEvent))
        try writer.close()
        for warning in writer.recoveryWarnings { io.print("repaired: \(warning)") }
        let events = writer.lastSeq == 0 ? "it holds no events" : "it ends at seq \(writer.lastSeq)"
        io.print("\(path): \(writer.recoveryWarnings.isEmpty ? "nothing to repair" : "repaired"); \(events)")
        return ExitCode.success
    }
}

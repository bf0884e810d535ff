import Foundation
import ModalEvents
import ModalProjection

/// `modal-log append LOG [--sync every|group|none] [--ack]`: events from
/// standard input, appended durably.
struct AppendCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "append",
        abstract: "Append events read from standard input (JSON Lines) to a log.",
        discussion: """
            Creates LOG with its header, or resumes it: a torn last line is cut off \
            with a warning, and a malformed line elsewhere is an error. Each input \
            line is one event; its seq may be left out, and is then the next one. \
            An input line that is a log header is skipped, so one log can be piped \
            into another. An event that is malformed (exit 65), that the rules would \
            reject against the log's state (exit 1), or that the disk refuses (exit 74) \
            stops the command with an error naming its input line; nothing of it is \
            written, and every event before it stays. With --ack, each event's seq is \
            printed on its own line as soon as it is durable under --sync; when that \
            output cannot be written (closed, or a full disk), no more events are \
            appended (exit 74). LOG may be a folder of segments; --segment-bytes makes one.
            """)

    @OptionGroup var log = LogArgument(help: "The log to append to: a file, or a folder of segments.")
    @Option(
        .choice,
        help: "When events reach the disk: every (each synced before the next is read; the default), "
            + "group (synced together, within 5 ms), or none (left to the system).")
    var sync: SyncPolicy = .every
    @Flag(help: "Print each event's seq once it is durable under --sync.")
    var ack: Bool
    @Option(.count, valueName: "bytes", help: "Write LOG as a folder of segments, starting a new one past this size.")
    var segmentBytes: Int?
    @Option(.count, valueName: "files", help: "With --segment-bytes: keep only the last N segment files.")
    var keep: Int?
    @OptionGroup var color = ColorOption()

    /// What `--sync` takes.
    enum SyncPolicy: String, ArgumentChoice {
        case every, group, none
        static let valueName = "policy"

        var durability: EventLogWriter.Durability {
            switch self {
            case .every: .everyEvent
            case .group: .group()
            case .none: .none
            }
        }
    }

    static let changesFiles = true

    func run(io: ToolIO) throws -> Int32 {
        let path = try log.onDisk(
            io: io,
            instead: "append writes to a log on disk and reads its events from standard input: name the log's file "
                + "or folder ('modal-log append session.jsonl < events.jsonl')")
        var options = EventLogWriter.Options(
            durability: sync.durability, segments: try segments(of: path))
        let acks = ack ? Acknowledgements(io: io) : nil
        if let acks { options.onDurable = { acks.acknowledge(through: $0) } }
        let (writer, start, _) = try EventLogWriter.open(path, as: ModalState.self, options: options)
        for warning in writer.recoveryWarnings { io.printError("warning: \(warning)") }
        acks?.start(after: writer.lastSeq)

        var appender = Appender(writer: writer, state: start, limits: options.reading, acknowledgements: acks)
        let failure = appender.appendAll(
            from: io.standardInputLines(maximumLineLength: options.reading.maximumLineLength))
        // Closing syncs what was written and makes the last acknowledgements,
        // before any error is printed.
        try writer.close()
        guard let failure else { return ExitCode.success }
        io.printError("Error: \(failure.message)")
        return failure.status
    }

    /// The segments `--segment-bytes` and `--keep` ask for of the log at `path`.
    private func segments(of path: String) throws(UsageError) -> EventLogWriter.Segments? {
        guard let maximumBytes = segmentBytes else {
            if keep != nil { throw UsageError(message: "--keep needs --segment-bytes") }
            return nil
        }
        if FileSystem.system.entry(at: path) == .file {
            throw UsageError(
                message: "--segment-bytes writes a log as a folder of segments, but this log is one file: append to it "
                    + "without --segment-bytes, or name a folder for a new log")
        }
        return EventLogWriter.Segments(maximumBytes: maximumBytes, retainedFiles: keep)
    }
}

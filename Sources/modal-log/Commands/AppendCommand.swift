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

/// Reads events from input lines and appends each one the log's state accepts.
private struct Appender {
    struct Failure {
        var message: String
        var status: Int32

        init(message: String, status: Int32) {
            self.message = message
            self.status = status
        }

        init(_ error: EventLogError) {
            self.init(message: error.description, status: ExitCode.for(error))
        }
    }

    let writer: EventLogWriter
    var state: ModalState
    let limits: EventLogReader.Options
    /// Where `--ack` prints: when it cannot, appending stops, as the caller
    /// would not learn of what came after.
    let acknowledgements: Acknowledgements?

    /// Appends every input line's event; stops at the first that cannot be
    /// appended and says why.
    mutating func appendAll(from input: LineInput) -> Failure? {
        while true {
            let line: [UInt8]
            do throws(LineInput.Failure) {
                guard let next = try input.next() else { return nil }
                line = next
            } catch {
                switch error {
                case .lineTooLong(let number):
                    let message = "line is longer than \(limits.maximumLineLength) bytes"
                    return Failure(EventLogError(.lineTooLong, file: "-", line: number, message: message))
                case .readFailed(let reason):
                    return Failure(message: "cannot read standard input: \(reason)", status: ExitCode.ioError)
                }
            }
            let isBlank = line.allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            }
            if isBlank { continue }
            if let failure = acknowledgements?.failure {
                let message =
                    "cannot write the acknowledgements: \(failure); stopped before input line \(input.lineNumber)"
                return Failure(message: message, status: ExitCode.ioError)
            }
            if let failure = append(line: line, number: input.lineNumber) { return failure }
        }
    }

    /// Appends one input line's event, or says why it cannot be.
    private mutating func append(line: [UInt8], number: Int) -> Failure? {
        let entry: LoggedEvent
        do throws(EventLogError) {
            guard let decoded = try decode(line, number: number) else { return nil }
            entry = decoded
        } catch {
            return Failure(error)
        }
        var next = state
        do throws(Rejection) {
            try next.apply(entry)
        } catch {
            let message = "-:\(number): rejected: \(error.code.rawValue): \(error.message)"
            return Failure(message: message, status: ExitCode.checkFailed)
        }
        if let exceeded = next.limitExceeded(after: entry) {
            return Failure(EventLogError(exceeded, file: "-", line: number))
        }
        do throws(EventLogError) {
            try writer.append(entry) { state.json }
        } catch {
            return Failure(error)
        }
        state = next
        // Synced already (`--sync every`): its acknowledgement is on its way.
        if writer.durableSeq >= entry.seq { acknowledgements?.wait(for: entry.seq) }
        return nil
    }

    /// The event on an input line, its seq filled in when left out; `nil`
    /// for a header on line 1.
    private func decode(_ line: [UInt8], number: Int) throws(EventLogError) -> LoggedEvent? {
        do throws(EventLogError) {
            let json = try EventLogReader.json(ofLine: line, options: limits)
            if number == 1, json["format"] != nil {
                _ = try LogHeader(json: json)
                return nil
            }
            guard let expected = LoggedEvent.seq(after: state.seq) else { throw .logFull(after: state.seq) }
            var filled = json
            if case .object(let members) = json, json["seq"] == nil {
                filled = .object([JSONMember("seq", .number(JSONNumber(expected)))] + members)
            }
            let entry = try LoggedEvent(json: filled)
            guard entry.seq == expected else {
                throw EventLogError(
                    .seqOutOfOrder,
                    message: "seq \(entry.seq) does not follow the log's last seq \(state.seq): expected \(expected)")
            }
            return entry
        } catch {
            var located = error
            located.file = "-"
            located.line = number
            throw located
        }
    }
}

/// Prints the seq of each event once it is durable, from the writer's queue.
///
/// `@unchecked Sendable`: between the writer's opening and its closing, only
/// the writer's queue writes to standard output; the command itself prints
/// nothing there until `close()` has drained that queue. What both threads
/// read is behind `condition`.
private final class Acknowledgements: @unchecked Sendable {
    private let io: ToolIO
    private let condition = NSCondition()
    private var last = 0
    private var failed: String?

    init(io: ToolIO) {
        self.io = io
    }

    /// Why an acknowledgement could not be written, once one could not.
    var failure: String? {
        condition.withLock { failed }
    }

    /// Sets the seq the log ended at when opened: only later ones are printed.
    func start(after seq: Int) {
        condition.withLock { last = seq }
    }

    /// Prints the seqs up to `seq` (called on the writer's queue).
    func acknowledge(through seq: Int) {
        condition.withLock {
            guard seq > last else { return }
            io.write(exactly: (last + 1...seq).map { "\($0)\n" }.joined())
            last = seq
            failed = failed ?? io.writeFailure
            condition.broadcast()
        }
    }

    /// Waits until `seq` has been printed, or printing failed: an event is
    /// acknowledged before the next is read (`--sync every`).
    func wait(for seq: Int) {
        condition.withLock {
            while last < seq && failed == nil { condition.wait() }
        }
    }
}

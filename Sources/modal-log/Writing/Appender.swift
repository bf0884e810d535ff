import Foundation
import ModalEvents
import ModalProjection

/// Reads events from input lines and appends each one the log's state accepts.
struct Appender {
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
final class Acknowledgements: @unchecked Sendable {
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

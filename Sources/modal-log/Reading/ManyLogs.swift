import Dispatch
import Foundation
import ModalEvents

/// The logs a command reads and how it reads many: the paths given (a
/// file, or a folder of segments, each one log), and with `--recursive`
/// every log in a tree of folders, read in parallel over the machine's cores,
/// each one's output printed whole and in order.
enum ManyLogs {
    /// What a command that reads one log or many says of many, in its help;
    /// `json` when it takes `--json` (a line per log, naming it).
    static func discussion(json: Bool, status: String) -> String {
        "Many logs (several paths, or --recursive: every log in a tree, and a line per log even for one): each is read "
            + "on the machine's cores, its output whole under a line '== LOG', in the order given"
            + (json ? "; with --json, a line per log that names it. " : ". ")
            + "A log that cannot be read, or a seq past one log's end, is that log's error, and the others are still "
            + "read. \(status)"
    }

    /// Runs a command that reads one log over each log `logs` names: one
    /// log as it always ran; many, in parallel (``run(_:io:lenient:_:)``),
    /// each one's text under a line `== LOG`. With `json`, no such line:
    /// `body` names the log in its JSON (its third argument is true when it
    /// is one of many).
    ///
    /// - Parameters:
    ///   - following: Whether the command was asked to follow its log, which one log only can.
    ///   - width: The width the `== LOG` lines are cut to, as the
    ///     command's own lines are (the timeline's); `nil`: whole.
    ///   - combined: Makes the logs' statuses one: the worst by default, or
    ///     ``status(of:)`` for a search.
    static func each(
        _ logs: LogsArguments, recursive: Bool, io: ToolIO, json: Bool = false, lenient: Bool, following: Bool = false,
        width: Int? = nil, combined: ([Int32]) -> Int32 = { $0.max() ?? ExitCode.success },
        _ body: @escaping @Sendable (_ log: String, _ io: ToolIO, _ isOneOfMany: Bool) throws -> Int32
    ) throws -> Int32 {
        let paths = try logs.logs(recursive: recursive)
        guard paths.count > 1 || recursive else { return try body(paths[0], io, false) }
        if following { throw UsageError(message: "--follow follows one log, not many") }
        return combined(
            run(paths, io: io, lenient: lenient) { log, _, io in
                if !json {
                    io.print(io.style.apply(width.map { TimelineLine.cut("== \(log)", to: $0) } ?? "== \(log)", .bold))
                }
                return try body(log, io, true)
            })
    }

    /// The logs `paths` name, each once (`a.jsonl`, `./a.jsonl` and a link
    /// to it are one log, named as first given): each path itself, or with
    /// `recursive`, for a folder that is not a folder of segments, every log
    /// in its tree, in order of their paths. A link to a folder is not
    /// followed (a link back up would loop); a link to a log is read.
    ///
    /// - Throws: ``UsageError`` when a folder holds no log, or standard
    ///   input (`-`) is one of many logs; ``EventLogError`` (`readFailed`)
    ///   when a folder cannot be read.
    static func logs(_ paths: [String], recursive: Bool) throws -> [String] {
        var logs: [String] = []
        for path in paths {
            guard recursive, isFolder(path), !isSegmentFolder(path) else {
                logs.append(path)
                continue
            }
            let found = try walk(path)
            guard !found.isEmpty else { throw UsageError(message: "--recursive: no logs (*.jsonl) under \(path)") }
            logs += found
        }
        var seen: Set<String> = []
        let unique = logs.filter { log in
            seen.insert(log == "-" ? log : URL(fileURLWithPath: log).standardizedFileURL.resolvingSymlinksInPath().path)
                .inserted
        }
        if unique.contains("-"), unique.count > 1 || recursive {
            throw UsageError(message: "many logs are read from the disk, not standard input")
        }
        return unique
    }

    /// Whether `folder` is one log written in segments: its `.jsonl` files
    /// all have a segment's name (twenty digits, the seq it starts at).
    static func isSegmentFolder(_ folder: String) -> Bool {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".jsonl") && !$0.hasPrefix(".")
        }
        return !names.isEmpty
            && names.allSatisfy { name in
                let stem = name.dropLast(".jsonl".count)
                return stem.count == 20 && stem.allSatisfy(\.isASCII) && stem.allSatisfy(\.isNumber)
            }
    }

    /// Whether `path` is a folder (a link followed), as the writer and reader tell one.
    private static func isFolder(_ path: String) -> Bool {
        FileSystem.system.entry(at: path) == .folder
    }

    /// The logs in the tree under `folder`, sorted by path.
    private static func walk(_ folder: String) throws -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: base)
        } catch {
            throw EventLogError(
                .readFailed, file: base, message: "cannot read the folder: \(error.localizedDescription)")
        }
        var logs: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = "\(base)/\(name)"
            if isFolder(path) {
                if isLink(path) { continue }
                logs += isSegmentFolder(path) ? [path] : try walk(path)
            } else if name.hasSuffix(".jsonl") {
                logs.append(path)
            }
        }
        return logs
    }

    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    /// Runs `body` for each log on the machine's cores, each with an IO of
    /// its own, and prints what each wrote, log after log in order, as soon
    /// as the logs before it are printed (so a long run streams, and holds
    /// little more than the logs being read). A log that cannot be read is
    /// an error naming its file and line, and the others are still read;
    /// when one had a malformed line and the run was not `lenient`, a hint to
    /// add `--lenient` follows the last.
    ///
    /// - Returns: Each log's exit status, in order.
    static func run(
        _ logs: [String], io: ToolIO, lenient: Bool,
        _ body: @escaping @Sendable (_ log: String, _ index: Int, _ io: ToolIO) throws -> Int32
    ) -> [Int32] {
        let workers = Workers(parent: io, logs.map { _ in io.worker() })
        // The statuses, which logs are done, and the first not printed yet.
        let progress = Lock(
            (
                statuses: [Int32](repeating: 0, count: logs.count), done: [Bool](repeating: false, count: logs.count),
                next: 0, malformed: false
            ))
        DispatchQueue.concurrentPerform(iterations: logs.count) { index in
            let io = workers.ios[index]
            let status: Int32
            var malformed = false
            do {
                status = try body(logs[index], index, io)
            } catch let error as EventLogError {
                io.printError("Error: \(error)")
                status = ExitCode.for(error)
                malformed = error.isMalformedEventLine
            } catch let error as UsageError {
                // What is wrong with this log's use (a seq past its end), not the command line's.
                io.printError("Error: \(error.message)")
                status = ExitCode.usage
            } catch {
                io.printError("Error: \(logs[index]): \(error)")
                status = ExitCode.ioError
            }
            progress.withLock { progress in
                progress.statuses[index] = status
                progress.done[index] = true
                progress.malformed = progress.malformed || malformed
                // Under the lock: one thread at a time writes to the parent.
                while progress.next < logs.count, progress.done[progress.next] {
                    workers.parent.absorb(workers.ios[progress.next])
                    progress.next += 1
                }
            }
        }
        let (statuses, malformed) = progress.withLock { ($0.statuses, $0.malformed) }
        if malformed, !lenient { io.printError(ModalLog.lenientHint) }
        return statuses
    }

    /// One IO per log, each used by one thread at a time, and the parent they
    /// are written to, under the run's lock.
    private final class Workers: @unchecked Sendable {
        let parent: ToolIO
        let ios: [ToolIO]
        init(parent: ToolIO, _ ios: [ToolIO]) {
            self.parent = parent
            self.ios = ios
        }
    }

    /// The status of a run over many logs: a fault in any (the worst of
    /// theirs), else found (0) when `found` holds for one at least, else 1.
    static func status(of statuses: [Int32]) -> Int32 {
        let faults = statuses.filter { $0 != ExitCode.success && $0 != ExitCode.checkFailed }
        if let fault = faults.max() { return fault }
        return statuses.contains(ExitCode.success) ? ExitCode.success : ExitCode.checkFailed
    }
}

/// `<log>...`: the logs a command reads; with `--recursive` (each command
/// declares it where its help lists it), the logs in the folders' trees.
struct LogsArguments: ParsableArguments {
    @Argument(name: "log", help: Self.standardHelp, completion: .file)
    var paths: [String]

    static let standardHelp =
        "The logs to read: files, folders of segments, folders of logs with --recursive, or - (standard input, alone)."
    /// The help of `--recursive` (`-r`).
    static let recursiveHelp =
        "Read every log under each folder given (*.jsonl files; a folder of segments is one log)."

    init() {}

    /// The logs, with `help` for their argument.
    init(help: String) {
        _paths = Argument(name: "log", help: help, completion: .file)
    }

    /// The logs named, each once; with `recursive`, every log in the folders' trees.
    func logs(recursive: Bool) throws -> [String] { try ManyLogs.logs(paths, recursive: recursive) }
}

import ModalEvents
import ModalProjection

/// `modal-log redact LOG [--names] [--salt TEXT]`: a shareable copy of a log.
struct RedactCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "redact",
        abstract: "Print a copy of a log with its personal data replaced by stable hashes.",
        discussion: """
            Payloads become hashes; with --names, so do card contents, sticky names \
            and link names (and parents, which are links). The same text always gives \
            the same hash, so the copy replays to the same structure: the same roots, \
            modals, phases, card stacks and rejections. Root names, numbers, words \
            such as styles, an event's source and caller, and the header's fields \
            stay; a session's info is hashed. A folder of segments is printed as one \
            log, of its last segment's format version. Hashes of short names can be guessed by hashing \
            candidates; a secret --salt prevents that.
            """)

    @OptionGroup var log = LogArgument()
    @Flag(help: "Also hash card contents, sticky names and link names.")
    var names: Bool
    @Option(.text, help: "Text mixed into every hash.")
    var salt: String = ""

    func run(io: ToolIO) throws -> Int32 {
        let redaction = LogRedaction(names: names, salt: salt)
        let cursor = try LogCursor<ModalState>(io.source(log.log))
        let reader = cursor.reader
        var header = reader.header
        if header.snapshot != nil {
            header.snapshot = redaction.redact(cursor.state).json
        }
        // One file holds one version: a folder's last segment's, the newest.
        header.version = try reader.segments.last.map { try EventLogReader(path: $0).header.version } ?? header.version
        var output = EventLogEncoder.encode(header)
        // Through the cursor, which checks each segment's start against the state before it.
        while let entry = try cursor.next()?.entry {
            if reader.fileVersion < header.version, entry.event.formatVersion > reader.fileVersion {
                throw EventLogError(
                    .olderVersion, file: reader.file, line: reader.lineNumber,
                    message:
                        "seq \(entry.seq) means something else in version \(header.version), which the copy is: "
                        + "upgrade the log first ('modal-log upgrade')")
            }
            output += EventLogEncoder.encode(redaction.redact(entry), version: header.version)
            if output.count >= 64 << 10 {
                io.write(exactly: String(decoding: output, as: UTF8.self))
                output.removeAll(keepingCapacity: true)
            }
        }
        io.write(exactly: String(decoding: output, as: UTF8.self))
        io.printWarnings(of: reader)
        return ExitCode.success
    }
}

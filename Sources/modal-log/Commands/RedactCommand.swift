import ModalEvents
import ModalProjection

/// `modal-log redact LOG [--names] [--salt TEXT]`: a shareable copy of a log.
enum RedactCommand: ToolCommand {
    static let description = CommandDescription(
        name: "redact",
        abstract: "Print a copy of a log with its personal data replaced by stable hashes.",
        discussion: """
            Payloads become hashes; with --names, so do card contents, sticky names \
            and link names (and parents, which are links). The same text always gives \
            the same hash, so the copy replays to the same structure: the same roots, \
            modals, phases, card stacks and rejections. Root names, numbers, words \
            such as styles, and the header's fields stay. A folder of segments is \
            printed as one log. Hashes of short names can be guessed by hashing \
            candidates; a secret --salt prevents that.
            """,
        arguments: [CommonArguments.log],
        options: [
            OptionDescription(name: "names", help: "Also hash card contents, sticky names and link names."),
            OptionDescription(name: "salt", valueName: "text", help: "Text mixed into every hash."),
        ])

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws -> Int32 {
        let path = arguments.positionals["log"]!
        let redaction = LogRedaction(names: arguments.has("names"), salt: arguments.options["salt"] ?? "")
        let reader = try io.openLog(path)
        var header = reader.header
        if header.snapshot != nil {
            header.snapshot = redaction.redact(try ModalState(startOf: reader)).json
        }
        var output = EventLogEncoder.encode(header)
        while let entry = try reader.next() {
            output += EventLogEncoder.encode(redaction.redact(entry))
            if output.count >= 64 << 10 {
                io.write(String(decoding: output, as: UTF8.self))
                output.removeAll(keepingCapacity: true)
            }
        }
        io.write(String(decoding: output, as: UTF8.self))
        io.printWarnings(of: reader)
        return ExitCode.success
    }
}

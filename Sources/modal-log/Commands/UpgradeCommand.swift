import ModalEvents
import ModalProjection

/// `modal-log upgrade LOG`: moves a log to format version 2.
struct UpgradeCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "upgrade",
        abstract: "Move a log (a file or a folder of segments) to format version 2, and say what was done.",
        discussion: """
            A writer keeps a version-1 log at version 1, so it takes none of version 2's \
            events (session.start, batch, card.update, heights, a card's canDismiss) and \
            writes no source or caller. Upgrading writes each version-1 file again beside \
            itself with a version-2 header and renames it into place (a folder's last \
            segment first), so a reader finds a whole log at every moment; no writer may \
            have the log open meanwhile. Lines are kept byte for byte, but those holding \
            a field version 2 reads and version 1 ignored, which are written again \
            without it, so the log replays to the same states and rejections. A log that \
            would replay differently (a root registered with policy "queue", which \
            version 1 rejects) is left as it is (exit 65); so is one ending in a torn \
            line: run 'modal-log recover' first. Its index, if it has one, is built again.
            """)

    @OptionGroup var log = LogArgument(help: "The log to upgrade: a file, or a folder of segments.")
    @OptionGroup var color = ColorOption()

    static let changesFiles = true

    func run(io: ToolIO) throws -> Int32 {
        let path = try log.onDisk(
            io: io,
            instead: "upgrade rewrites a log on disk in place: standard input cannot be rewritten; save it to a file "
                + "and upgrade that")
        let upgrade = try EventLogWriter.upgrade(path, as: ModalState.self)
        for file in upgrade.files { io.print("rewrote \(file) as format version 2") }
        io.print("\(path): \(upgrade)")
        return ExitCode.success
    }
}

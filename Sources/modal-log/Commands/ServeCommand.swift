import Foundation
import ModalEvents

/// `modal-log serve LOG... [--port N]`: the page of each log, live, on 127.0.0.1.
struct ServeCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Serve the page of each log on 127.0.0.1, showing what an app appends as it happens.",
        discussion: """
            The page is export --format html's, served at http://127.0.0.1:PORT/ \
            (several logs: a page that lists them). It follows the log: an event \
            the app appends shows on the page as it lands, without a reload; a log \
            cut or replaced on disk, or a line that cannot be read, is said on the \
            page. Served, the page also searches with a --where condition and shows \
            the log replayed without an event (as replay --skip does), both answered \
            by the tool. Only 127.0.0.1 listens, and only requests addressed to \
            127.0.0.1:PORT or localhost:PORT are answered, so a page elsewhere cannot \
            reach it. Runs until stopped (Ctrl-C).
            """)

    @OptionGroup var logs = LogsArguments(help: "The logs to serve: files, or folders of segments.")
    @Option(.port, help: "The port to listen on (8040); 0 for one the system picks.")
    var port: Int = 8040

    func run(io: ToolIO) throws -> Int32 {
        let paths = try logs.logs(recursive: false)
        if paths.contains("-") { throw UsageError(message: "serve follows logs on disk, not standard input") }
        var live: [LiveLog] = []
        for path in paths { live.append(try LiveLog(path: path)) }
        let server: HTTPServer
        let routes = LogServer(logs: live)
        do {
            server = try HTTPServer(port: port) { routes.reply(to: $0) }
        } catch {
            throw UsageError(message: "\(error.description): give another with --port (--port 0: any free one)")
        }
        let what = live.count == 1 ? live[0].path : "\(live.count) logs"
        io.print("Serving \(what) at http://127.0.0.1:\(server.port)/ (Ctrl-C stops)")
        // The server's threads answer; this one waits until the process is stopped.
        while true { Thread.sleep(forTimeInterval: 3_600) }
    }
}

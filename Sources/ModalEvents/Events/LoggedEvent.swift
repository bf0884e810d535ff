/// An event as the log holds it: its envelope (`seq`, `time`) and its body.
public struct LoggedEvent: Sendable, Hashable {
    /// Its place in the log: 1 for the first event, then +1 each line.
    public var seq: Int
    /// Seconds since the log began, when the writer recorded it.
    public var time: Double?
    /// What happened.
    public var event: ModalEvent

    public init(seq: Int, time: Double? = nil, event: ModalEvent) {
        self.seq = seq
        self.time = time
        self.event = event
    }
}

import ModalEvents
import ModalProjection

/// Turns the steps of a log into one document.
protocol Exporter {
    mutating func add(_ step: Step, state: ModalState)
    /// The document, for a log whose header is `header`, in UTF-8.
    func output(header: LogHeader) -> [UInt8]
}

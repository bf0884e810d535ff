package import ModalEvents
package import ModalProjection

/// A small log of format 2 that several fuzz targets start from: the sidecar
/// target indexes it, the snapshot target cuts it into segments for seeds,
/// and the condition target checks conditions at each of its steps. Two
/// roots (one a queue), a payload, cards, a drag, the keyboard, two batches
/// (one rejected), a rejected event, sources and callers, and a relaunch.
package enum FuzzLog {
    /// The log's text.
    package static let text = """
        {"format":"modal-events","version":2,"app":"Fuzz"}
        {"seq":1,"time":0,"type":"root.register","root":"sheets","keyboard":{"additional":16},"source":"app"}
        {"seq":2,"time":0,"type":"root.register","root":"toasts","level":10,"policy":"queue","dimming":{"tap":"passThrough","hidden":true}}
        {"seq":3,"time":1,"type":"modal.present","root":"sheets","link":"checkout","content":"CartCard","style":"card","payload":{"items":[1,2]},"sticky":"Chrome","height":420,"source":"user","caller":"Cart.swift:30"}
        {"seq":4,"time":1.5,"type":"modal.presented","root":"sheets","link":"checkout"}
        {"seq":5,"time":2,"type":"card.push","root":"sheets","link":"checkout","content":"PaymentCard","canDismiss":false}
        {"seq":6,"time":2.5,"type":"modal.presented","root":"sheets","link":"missing"}
        {"seq":7,"time":3,"type":"modal.present","root":"sheets","link":"address","content":"AddressForm","parent":"checkout","snapPoints":[0.5,1]}
        {"seq":8,"time":3.2,"type":"modal.presented","root":"sheets","link":"address"}
        {"seq":9,"time":3.4,"type":"drag.change","root":"sheets","link":"address","position":0.8}
        {"seq":10,"time":3.6,"type":"keyboard.change","height":336,"responderBottom":780,"source":"system"}
        {"seq":11,"time":4,"type":"batch","events":[{"type":"modal.present","root":"toasts","link":"saved","content":"SavedToast","style":"toast"},{"type":"modal.present","root":"toasts","link":"synced","content":"SyncedToast","style":"toast"}],"source":"app"}
        {"seq":12,"time":4.5,"type":"card.update","root":"sheets","link":"checkout","height":null,"canDismiss":true}
        {"seq":13,"time":5,"type":"batch","events":[{"type":"modal.dismiss","root":"sheets","link":"address","reason":"programmatic"},{"type":"card.pop","root":"sheets","link":"nowhere"}]}
        {"seq":14,"time":5.5,"type":"drag.end","root":"sheets","link":"address","velocity":2}
        {"seq":15,"time":6,"type":"dimming.tap","root":"sheets","source":"user"}
        {"seq":16,"time":7,"type":"session.start","info":{"build":"1.4"}}
        {"seq":17,"time":7.1,"type":"root.register","root":"sheets"}

        """

    /// One step of its replay: the event, the state after it, and its rejection.
    package struct Step: Sendable {
        package var entry: LoggedEvent
        package var state: ModalState
        package var rejection: Rejection?
    }

    /// The log's header.
    package static let header: LogHeader = read().header

    /// Each event with the state after it, in order.
    package static let steps: [Step] = read().steps

    private static func read() -> (header: LogHeader, steps: [Step]) {
        do {
            let reader = try EventLogReader(bytes: Array(text.utf8), name: "fuzz-log")
            var state = ModalState()
            var steps: [Step] = []
            while let entry = try reader.next() {
                let rejection = state.replay(entry, formatVersion: reader.fileVersion)
                steps.append(Step(entry: entry, state: state, rejection: rejection))
            }
            return (reader.header, steps)
        } catch {
            fatalError("the fuzz log does not read: \(error)")
        }
    }
}

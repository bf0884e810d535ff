import TestSupport

/// Version-2 logs for the tool's tests, written into a temporary folder.
enum VersionTwoLogs {
    /// Two sessions of a shop: a checkout card stack with heights and a card
    /// that cannot be dismissed, a queue of toasts, a batch that applies (the
    /// next toast's turn comes within it) and one that is rejected at its
    /// second event, an event without a source, and callers, one short
    /// enough for the timeline to show.
    static let shop = """
        {"format":"modal-events","version":2}
        {"seq":1,"time":0,"type":"session.start","info":{"build":"1.4"},"source":"system"}
        {"seq":2,"time":0.1,"type":"root.register","root":"sheets","source":"app","caller":"App.swift:12"}
        {"seq":3,"time":0.2,"type":"root.register","root":"toasts","level":10,"policy":"queue","source":"app"}
        {"seq":4,"time":1,"type":"modal.present","root":"sheets","link":"checkout","content":"CartCard","style":"card","height":420,"source":"user","caller":"CartButton.swift:30"}
        {"seq":5,"time":1.3,"type":"modal.presented","root":"sheets","link":"checkout","source":"system","caller":"Host.swift:40"}
        {"seq":6,"time":2,"type":"card.push","root":"sheets","link":"checkout","content":"PaymentCard","height":300,"canDismiss":false,"source":"app","caller":"Pay.swift:42"}
        {"seq":7,"time":2.5,"type":"card.update","root":"sheets","link":"checkout","height":null,"source":"app"}
        {"seq":8,"time":3,"type":"modal.present","root":"toasts","link":"saved","content":"SavedToast","style":"toast","source":"app"}
        {"seq":9,"time":3.1,"type":"modal.present","root":"toasts","link":"synced","content":"SyncedToast","style":"toast","source":"app"}
        {"seq":10,"time":4,"type":"batch","events":[{"type":"modal.dismiss","root":"toasts","link":"saved","reason":"timeout"},{"type":"modal.dismissed","root":"toasts","link":"saved"}],"source":"system"}
        {"seq":11,"time":5,"type":"batch","events":[{"type":"card.pop","root":"sheets","link":"checkout"},{"type":"card.pop","root":"sheets","link":"checkout"}],"source":"user"}
        {"seq":12,"time":6,"type":"dimming.tap","root":"sheets"}
        {"seq":13,"time":9,"type":"session.start","source":"system"}
        {"seq":14,"time":9.1,"type":"root.register","root":"sheets","source":"app"}

        """

    /// A version-1 log that registers a root with policy `queue`, a word
    /// version 1 does not know: rejected there, in every command.
    static let versionOneQueue = """
        {"format":"modal-events","version":1}
        {"seq":1,"type":"root.register","root":"toasts","policy":"queue"}

        """

    /// `text` as the file `name` in a new temporary folder: the folder (keep
    /// it while the path is used) and the file's path.
    static func written(_ text: String = shop, as name: String = "shop.jsonl") throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        try folder.write(text, to: name)
        return (folder, folder.file(name))
    }
}

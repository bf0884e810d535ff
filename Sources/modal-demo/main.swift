// An app's launches in a few lines: what a relaunch does to a modal store on
// a log file (Docs/Store.md, "Relaunch").
//
//     swift run modal-demo /tmp/shop.jsonl --crash   # a checkout, cut short by a crash
//     swift run modal-demo /tmp/shop.jsonl           # the next launch: a new session
//     swift run modal-log timeline /tmp/shop.jsonl
//
// Each launch opens the store on the log (a new session when the log holds
// events), registers its roots, shows a toast and walks through a checkout:
// a cart card, a shipping card, then a payment card that cannot be swiped
// away and grows when the card form opens. With --crash the process dies
// there, as a crash would, with the checkout still on screen; otherwise the
// payment finishes and everything is closed in one step.

import Foundation
import ModalEvents
import ModalProjection

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first, arguments.dropFirst().allSatisfy({ $0 == "--crash" }) else {
    FileHandle.standardError.write(Data("usage: modal-demo LOG [--crash]\n".utf8))
    exit(64)
}
let crashes = arguments.contains("--crash")

do {
    // A launch: every event is synced before it returns, so a crash loses none.
    let store = try ModalStore(
        logAt: path, session: .new(info: ["app": "Shop", "build": "4.2"]),
        logOptions: EventLogWriter.Options(durability: .everyEvent))
    try store.registerRoot(RootRegistration(root: "sheets"))
    try store.registerRoot(RootRegistration(root: "toasts", level: 10, policy: .queue))

    let welcome = try store.present(
        ModalPresentation(root: "toasts", link: "welcome", content: "WelcomeToast", style: .toast))
    let checkout = try store.present(
        ModalPresentation(root: "sheets", link: "checkout", content: "CartCard", style: .card, height: 320))
    try store.presented("checkout", in: "sheets")
    try store.push("ShippingCard", height: 420, onto: "checkout", in: "sheets")
    try store.push("PaymentCard", canDismiss: false, onto: "checkout", in: "sheets")
    try store.updateTopCard(of: "checkout", height: .points(560), in: "sheets")
    if crashes {
        FileHandle.standardOutput.write(Data("crashing in the middle of the checkout at seq \(store.lastSeq)\n".utf8))
        kill(getpid(), SIGKILL)
    }
    try store.updateTopCard(of: "checkout", canDismiss: true, in: "sheets")
    try store.dismissAll(in: "sheets", reason: "paid")
    withExtendedLifetime((welcome, checkout)) {}
    try store.log?.close()
    let state = store.state
    print("session \(state.session): \(state.roots.count) roots, ends at seq \(state.seq)")
} catch {
    FileHandle.standardError.write(Data("modal-demo: \(error)\n".utf8))
    exit(1)
}

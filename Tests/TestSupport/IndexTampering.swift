// Shared by the tests and the sidecar fuzz target: Scripts/fuzz compiles this file into it.
import ModalEvents

/// `sidecar`, the text of a log index, with its header's `check` made to
/// match the header again: what a program that rewrote the header on
/// purpose would write. The text is returned as it is when it has no header line.
package func resigningIndexHeader(_ sidecar: String) -> String {
    guard let newline = sidecar.firstIndex(of: "\n") else { return sidecar }
    // The header ends with ,"check":"<16 hex digits>"}: 28 bytes.
    let body = Array(sidecar[..<newline].utf8.dropLast(28))
    return String(decoding: signedIndexHeader(body: body[...]), as: UTF8.self) + sidecar[newline...]
}

/// A sidecar's header line (without its `\n`) from `body`, the header's bytes
/// before its `check`: the body, then `,"check":"` and the body's hash, as
/// an index writes it.
package func signedIndexHeader(body: ArraySlice<UInt8>) -> [UInt8] {
    Array(body) + Array(#","check":""#.utf8) + Array(ContentHash(of: body).hex.utf8) + Array(#""}"#.utf8)
}

import ModalEvents
import ModalProjection

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `sidecar` fuzz target's checks: any bytes as the sidecar (`LOG.index`)
/// of ``FuzzLog``'s log, read as the tool and a store read one, then every
/// checkpoint sought. An index must be judged stale or read, and a seek
/// give a state that keeps the invariants or an `EventLogError` naming the
/// sidecar or the log; never a trap or a hang.
///
/// Each input is tried twice: as it is, and with its hashes made to hold (a
/// damaged sidecar fails them at once, which would hide the reading behind
/// them from the fuzzer): each checkpoint's row the hashes of its pieces,
/// the header the table's, and the header's `check` that of the header.
package final class SidecarFuzzing: Sendable {
    /// The log: ``FuzzLog``'s text, in a folder of its own.
    package let logPath: String
    /// Its sidecar, which each input is written to.
    package let sidecarPath: String

    /// Writes ``FuzzLog``'s log into `folder`, which must exist.
    package init(folder: String) {
        logPath = folder + "/log.jsonl"
        sidecarPath = LogIndex<ModalState>.path(forLog: logPath)
        Self.replaceFile(at: logPath, with: Array(FuzzLog.text.utf8))
    }

    /// Sidecars of the log as an index writes them: a checkpoint every 1, 2,
    /// 3, 5 and 20 events (none).
    package func seeds() -> [[UInt8]] {
        [1, 2, 3, 5, 20].map { interval in
            do {
                return try LogIndex<ModalState>.build(forLogAt: logPath, interval: interval).encoded
            } catch {
                fatalError("the fuzz log does not index: \(error)")
            }
        }
    }

    /// Runs every check on `bytes` as the sidecar, as it is and with its hashes made to hold.
    package func exercise(_ bytes: [UInt8], check: FuzzCheck) {
        let resigned = SidecarText.resigned(bytes)
        for sidecar in resigned == bytes ? [bytes] : [bytes, resigned] {
            exerciseSidecar(sidecar, check: check)
        }
    }

    /// Reads the log through a cursor that seeks from `sidecar`, put back
    /// before each read (a cursor builds a damaged one again, and writes it).
    /// The log is sound, so whatever the sidecar holds, every read gives the
    /// replay's state: a fault of the sidecar is never the caller's.
    private func exerciseSidecar(_ sidecar: [UInt8], check: FuzzCheck) {
        Self.replaceFile(at: sidecarPath, with: sidecar)
        let checkpoints: [Int]
        switch LogIndex<ModalState>.verdict(forLogAt: logPath, interval: nil, checkingEveryLine: false) {
        case .missing:
            check.fail("the sidecar was written, and found missing")
            return
        case .stale:
            checkpoints = []
        case .current(let found), .behind(let found):
            checkpoints = [found.lastSeq] + found.checkpoints.map(\.seq)
            _ = try? found.checkPieces()
        }
        let lastSeq = FuzzLog.steps.count
        for seq in Set([0, lastSeq, lastSeq + 1] + checkpoints) where seq >= 0 {
            Self.replaceFile(at: sidecarPath, with: sidecar)
            do {
                let cursor = try LogCursor<ModalState>(.path(logPath), at: seq, options: .init(index: .used))
                let reached = try cursor.advance(through: seq)
                check(
                    reached == (seq <= lastSeq),
                    "a read to seq \(seq) of a log of \(lastSeq) events reached: \(reached)")
                guard reached else { continue }
                check(cursor.state.seq == seq, "the state at seq \(seq) is at seq \(cursor.state.seq)")
                StateChecks.checkInvariants(cursor.state, "the state at seq \(seq)", check: check)
            } catch {
                check.fail("a read to seq \(seq) of a sound log failed: \(error)")
            }
        }
        // What `replay` does with it: brought up to date (extended, or built again). One judged
        // current from its files' stamps keeps the last seq its header says: an unchanged log is
        // not read (O(1)), so a sidecar with its hashes made to hold may say another; one extended
        // or built again has read the log, and ends where it does.
        Self.replaceFile(at: sidecarPath, with: sidecar)
        if let cursor = try? LogCursor<ModalState>(.path(logPath), options: .init(index: .extended)),
            let report = cursor.indexReport, report.change != .unchanged, report.change != .refreshed,
            let index = cursor.index
        {
            check(index.lastSeq == lastSeq, "an index \(report.change) ends at seq \(index.lastSeq), not \(lastSeq)")
        }
    }

    /// Writes `bytes` to the file at `path`, in place of what it held.
    static func replaceFile(at path: String, with bytes: [UInt8]) {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard file >= 0 else { fatalError("cannot write \(path): errno \(errno)") }
        defer { close(file) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, bytes.count - written) }
            guard count > 0 else { fatalError("cannot write \(path): errno \(errno)") }
            written += count
        }
    }
}

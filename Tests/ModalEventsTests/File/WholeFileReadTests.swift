import Foundation
import ModalEvents
import TestSupport
import Testing

/// Reading a whole file (a sidecar, a header) into memory.
@Suite struct WholeFileReadTests {
    @Test(arguments: [0, 1, 4_095, 4_096, 4_097, 100_000])
    func aFileIsReadWhole(bytes count: Int) throws {
        let folder = try TemporaryFolder()
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file("file")))
        #expect(try FileSystem.system.contents(ofFile: folder.file("file"), maximumBytes: count) == bytes)
        #expect(throws: EventLogError.self) {
            try FileSystem.system.contents(ofFile: folder.file("file"), maximumBytes: count - 1)
        }
    }

    /// A file of the length its status gave is read into one array: finding
    /// its end once made the array twice the file's length, zeroed (a third
    /// of a cold seek's time, for a sidecar of 1.6 MB).
    @Test func aFileIsReadIntoOneArrayOfItsLength() throws {
        let folder = try TemporaryFolder()
        let count = 1 << 20
        try Data(count: count).write(to: URL(fileURLWithPath: folder.file("file")))
        let bytes = try FileSystem.system.contents(ofFile: folder.file("file"), maximumBytes: 64 << 20)
        #expect(bytes.count == count)
        #expect(bytes.capacity < count + count / 4)
    }
}

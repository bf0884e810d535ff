import Foundation

#if os(Linux)
    import Glibc
#endif

/// The memory the process holds in RAM now (its resident set), in bytes;
/// `nil` where it is not read: only Linux's `/proc/self/statm` is read
/// (no Mac builds the package here to try Mach's `task_info`).
public func residentMemoryBytes() -> Int? {
    #if os(Linux)
        // "size resident shared text lib data dt", in pages.
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    #else
        return nil
    #endif
}

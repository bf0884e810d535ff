import Foundation
import TestSupport
import Testing

/// The package runs from Observation's floor (iOS 17, macOS 14, tvOS 17,
/// watchOS 10, visionOS 1). No Mac builds it here, so this reads what a Mac
/// build would check: the toolchain's own interfaces say which of its
/// declarations need a later release (`Mutex`, `Atomic`, `UInt128`, ...),
/// and no code that an Apple platform compiles (the targets and their
/// tests, but the branches for other systems) may use one without an
/// `@available` of its own. Nor may it hold a typed-throws function type as
/// a value (`let attempts: [() throws(E) -> Void]`): its metadata needs the
/// Swift 6 runtime, macOS 15 and iOS 18, which no interface says.
@Suite struct PlatformFloorTests {
    /// The toolchain's modules that say what needs which release.
    static let modules = ["Swift", "_Concurrency", "Synchronization", "Observation"]
    /// The folders of every target a Mac builds.
    static let folders = ["Sources", "Tests"]

    /// Where the toolchain keeps its Linux interfaces, from the `swift` on the PATH.
    static var interfaces: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: "\(folder)/swift").resolvingSymlinksInPath()
            let lib = swift.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "lib/swift/linux")
            if FileManager.default.fileExists(atPath: lib.appendingPathComponent("Swift.swiftmodule").path) {
                return lib.path
            }
        }
        return nil
    }

    /// Names of the toolchain's declarations that need more than the
    /// package's floor: public types (`Mutex`), and members whose name and
    /// first label say what they are (`next(isolation:`, `addTask(name:`).
    ///
    /// A member counts only when every declaration of its name needs more
    /// (`next(isolation:`); one that older types have too (`==`,
    /// `multipliedReportingOverflow(by:`, which `UInt128` adds) does not.
    static func laterNames(in folder: String) throws -> Set<String> {
        var later: Set<String> = []
        var earlier: Set<String> = []
        for module in modules {
            let file = "\(folder)/\(module).swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
            var attributes: [String] = []
            /// Whether the top-level type or extension the line is in needs more: its members do too.
            var inLaterScope = false
            for line in lines {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#") || (code.hasPrefix("@") && declaredName(line) == nil) {
                    attributes.append(code)
                    continue
                }
                defer { attributes = [] }
                let isLater = attributes.contains(where: needsLaterRelease)
                if line.first != " " { inLaterScope = isLater && code.hasSuffix("{") }
                guard let name = declaredName(line) else { continue }
                if isLater || (line.first == " " && inLaterScope) {
                    later.insert(name)
                } else {
                    earlier.insert(name)
                }
            }
        }
        return later.filter { !$0.hasSuffix(":") || !earlier.contains($0) }
    }

    /// Whether an `@available` line asks for more than the floor.
    static func needsLaterRelease(_ line: String) -> Bool {
        let floors = ["macOS": 14, "iOS": 17, "tvOS": 17, "watchOS": 10, "visionOS": 1]
        guard line.contains("@available(") else { return false }
        for (platform, floor) in floors {
            guard let range = line.range(of: "\(platform) ") else { continue }
            let version = line[range.upperBound...].prefix { $0.isNumber }
            if let major = Int(version), major > floor { return true }
        }
        return false
    }

    /// A public type's name (one declared at the top level: a nested
    /// `Index` is not `Index`), or a member's name with its first label
    /// when it has one.
    static func declaredName(_ line: String) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" }).map(String.init)
        for (index, word) in words.enumerated().dropLast()
        where ["struct", "class", "enum", "protocol", "actor"].contains(word) {
            let name = words[index + 1]
            return name.hasPrefix("_") || line.first == " " ? nil : name
        }
        guard let function = line.range(of: "func ") else { return nil }
        let signature = line[function.upperBound...]
        guard let open = signature.firstIndex(of: "("), let colon = signature[open...].firstIndex(of: ":") else {
            return nil
        }
        let name = signature[..<open]
        let label = signature[signature.index(after: open)..<colon].split(separator: " ").first ?? ""
        guard !name.hasPrefix("_"), !label.isEmpty, label != "_" else { return nil }
        return "\(name)(\(label):"
    }

    /// The lines of the sources and tests an Apple platform compiles (not the
    /// branches for other systems) and that have no `@available` of their own,
    /// that use a name of `names`.
    static func uses(of names: Set<String>) throws -> [String] {
        var found: [String] = []
        let root = Fixtures.packageRoot.path
        for top in folders {
            let folder = "\(root)/\(top)"
            guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
            // This file names what it looks for.
            for case let file as String in files
            where file.hasSuffix(".swift") && !file.hasSuffix("PlatformFloorTests.swift") {
                let lines = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                // The #if blocks around each line: whether Apple compiles the branch the
                // line is in, and whether an earlier branch of the block surely was.
                var blocks: [(compiled: Bool, taken: Bool)] = []
                var guarded = false
                for (number, line) in lines.enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("#if ") {
                        let apple = onApple(code)
                        blocks.append((apple != false, apple == true))
                        continue
                    }
                    if code.hasPrefix("#elseif ") || code.hasPrefix("#else"), let block = blocks.popLast() {
                        let apple = code.hasPrefix("#elseif ") ? onApple(code) : true
                        blocks.append((!block.taken && apple != false, block.taken || apple == true))
                        continue
                    }
                    if code.hasPrefix("#endif") {
                        _ = blocks.popLast()
                        continue
                    }
                    if code.hasPrefix("@available(") {
                        guarded = needsLaterRelease(code)
                        continue
                    }
                    defer { if !code.hasPrefix("@") && !code.hasPrefix("///") { guarded = false } }
                    guard blocks.allSatisfy(\.compiled), !guarded, !code.hasPrefix("//") else { continue }
                    for name in names where uses(name, in: code) {
                        found.append("\(top)/\(file):\(number + 1): \(name) in \(code)")
                    }
                    if holdsTypedThrowsFunction(code) {
                        found.append("\(top)/\(file):\(number + 1): a typed-throws function type as a value in \(code)")
                    }
                }
            }
        }
        return found
    }

    /// Whether an `#if` condition holds on Apple platforms: `true`
    /// (`canImport(Darwin)`), `false` (another system's), or `nil` when it
    /// may (a build flag).
    static func onApple(_ condition: String) -> Bool? {
        if condition.contains("!canImport(Darwin)") || condition.contains("canImport(Glibc)")
            || condition.contains("canImport(Musl)") || condition.contains("os(Linux)")
        {
            return false
        }
        return condition.contains("canImport(Darwin)") ? true : nil
    }

    /// Whether `code` declares a value whose type holds a typed-throws
    /// function type: a `let` or `var` annotated with one, or an array of them.
    static func holdsTypedThrowsFunction(_ code: String) -> Bool {
        guard code.contains("throws("), code.contains("->") else { return false }
        let declaresValue =
            (code.hasPrefix("let ") || code.hasPrefix("var ") || code.contains(" let ")
                || code.contains(" var ")) && code.contains(":") && !code.contains("func ")
        let inArray = code.range(of: #"\[[^\]]*throws\("#, options: .regularExpression) != nil
        return declaresValue || inArray
    }

    /// Whether `code` uses `name` as a word (a type) or a call (`name(label:`).
    static func uses(_ name: String, in code: String) -> Bool {
        var searched = code[...]
        while let range = searched.range(of: name) {
            let before = range.lowerBound == code.startIndex ? " " : code[code.index(before: range.lowerBound)]
            let after = range.upperBound == code.endIndex ? " " : code[range.upperBound]
            let isWord = !(before.isLetter || before.isNumber || before == "_")
            if isWord && (name.hasSuffix(":") || !(after.isLetter || after.isNumber || after == "_")) { return true }
            searched = code[range.upperBound...]
        }
        return false
    }

    @Test func noLibraryCodeNeedsMoreThanObservationsFloor() throws {
        guard let folder = Self.interfaces else {
            print("PlatformFloorTests: skipped: the toolchain's interfaces are not next to the swift on the PATH")
            return
        }
        let names = try Self.laterNames(in: folder)
        // The reading finds what it must: the names the package once used, and those it must not.
        // (`next(isolation:` is back-deployed on `AsyncStream`'s iterator, which the store's streams use.)
        let expected: Set = [
            "Mutex", "Atomic", "InlineArray", "Observations", "UInt128", "addTask(executorPreference:",
        ]
        #expect(expected.isSubset(of: names), "not found: \(expected.subtracting(names))")
        let uses = try Self.uses(of: names)
        #expect(uses.isEmpty, "\(uses.joined(separator: "\n"))")
    }

    @Test func theCheckFindsUsesAsWordsAndCalls() throws {
        #expect(Self.uses("Mutex", in: "let lock: Mutex<Int>"))
        #expect(!Self.uses("Mutex", in: "let lock: MutexLike<Int>"))
        #expect(Self.uses("addTask(executorPreference:", in: "group.addTask(executorPreference: nil) {}"))
        #expect(Self.needsLaterRelease("@available(macOS 15.0, iOS 18.0, *)"))
        #expect(Self.holdsTypedThrowsFunction("let attempts: [(Int, () throws(ModalStoreError) -> Void)] = ["))
        #expect(!Self.holdsTypedThrowsFunction("func run() throws(ModalStoreError) -> Int {"))
        #expect(!Self.holdsTypedThrowsFunction("_ body: (inout Value) throws(Failure) -> Result"))
        #expect(!Self.needsLaterRelease("@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)"))
    }

    @Test func thePackageSaysTheFloor() throws {
        let manifest = try String(contentsOfFile: Fixtures.path("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)]"))
    }
}

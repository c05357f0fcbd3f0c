// Replay of inputs without libFuzzer: each file runs in a forked child, so a violation (abort) or a
// trap in one file does not stop the others; the parent reports each failing file.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

func readFile(_ path: String) -> [UInt8]? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, handle)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return bytes
}

/// The files named, directories expanded one level.
func expand(_ paths: [String]) -> [String] {
    var files: [String] = []
    for path in paths {
        guard let dir = opendir(path) else { files.append(path); continue }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return "." }
                return String(cString: base)
            }
            if !name.hasPrefix(".") { files.append(path + "/" + name) }
        }
        closedir(dir)
    }
    return files.sorted()
}

/// Runs every input in this process, one after the other (no fork: a violation aborts the run), and
/// prints the time taken: a fixed workload for profiling the harness and the library
/// (`valgrind --tool=callgrind`, `perf record`), as libFuzzer's in-process runs see it. With
/// `passes` > 1 it runs them all again that many times, the inputs read once, and prints each pass's
/// time and the resident memory after it: memory that grows from pass to pass is something the
/// library (or the harness) keeps between calls, since every pass does the same work.
func runInProcess(_ paths: [String], passes: Int = 1) -> Int32 {
    let files = expand(paths)
    var inputs: [[UInt8]] = []
    for file in files {
        guard let bytes = readFile(file) else { print("cannot read \(file)"); return 2 }
        inputs.append(bytes)
    }
    for pass in 1...max(1, passes) {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        for bytes in inputs { runInput(bytes) }
        clock_gettime(CLOCK_MONOTONIC, &end)
        let ms = Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
        let passNote = passes > 1 ? " (pass \(pass) of \(passes), resident \(residentKiB()) KiB)" : ""
        print("fuzz-api in-process: \(inputs.count) inputs in \(Int(ms)) ms\(passNote)")
    }
    return 0
}

/// This process's resident set in KiB (the second field of /proc/self/statm, in pages), 0 where
/// that file cannot be read.
func residentKiB() -> Int {
    guard let bytes = readFile("/proc/self/statm"),
          let fields = String(validating: bytes, as: UTF8.self)?.split(separator: " "), fields.count > 1,
          let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func replay(_ paths: [String], verbose: Bool) -> Int32 {
    let files = expand(paths)
    var failures = 0
    for file in files {
        guard let bytes = readFile(file) else { print("cannot read \(file)"); failures += 1; continue }
        fflush(nil)
        let child = fork()
        if child == 0 {
            Session.tracing = verbose
            abortOnViolation = false
            currentInput = bytes
            let session = Session(bytes)
            session.run()
            if verbose { print("== \(file): \(session.trace.count) calls"); session.trace.forEach { print("  " + $0) } }
            fflush(nil)
            exit(0)
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        if status != 0 {
            print("== FAILED: \(file) (wait status \(status))")
            failures += 1
        }
    }
    print("fuzz-api replay: \(files.count) files, \(failures) failing")
    return failures == 0 ? 0 : 1
}

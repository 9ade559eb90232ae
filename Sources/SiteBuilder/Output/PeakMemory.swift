import Foundation

/// The process's peak resident memory so far, for `--verbose` phase timings.
enum PeakMemory {
    /// `VmHWM` from `/proc/self/status` in bytes, or 0 where the kernel does not report it.
    static var bytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}

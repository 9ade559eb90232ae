#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Swaps two paths in one atomic step: Linux `renameat2(…, RENAME_EXCHANGE)` (glibc 2.28+, looked
/// up at run time because Swift's Glibc module does not declare it). ext4, xfs, btrfs and tmpfs
/// support it; other file systems (and other systems) report `.unsupported` and the caller falls
/// back to two renames.
enum AtomicExchange {
    enum Outcome: Equatable {
        case exchanged
        case unsupported
        case failed(Int32)
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let renameExchange: UInt32 = 1 << 1

    private static let function: RenameAt2? = {
        #if os(Linux)
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()

    /// Exchanges `first` and `second`; both must exist.
    static func exchange(_ first: String, _ second: String) -> Outcome {
        #if os(Linux)
        guard let function else { return .unsupported }
        if function(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0 { return .exchanged }
        let code = errno
        return [EINVAL, ENOSYS, EOPNOTSUPP, ENOTSUP].contains(code) ? .unsupported : .failed(code)
        #else
        return .unsupported
        #endif
    }
}

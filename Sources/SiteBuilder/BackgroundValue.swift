import Foundation
import Synchronization

/// A value made on another thread while the caller goes on; ``value`` waits for it. (A build parses
/// its templates while the content loads, and the previous manifest's file lines while it
/// fingerprints the inputs.)
final class BackgroundValue<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    private let made = Mutex<Value?>(nil)

    /// Starts making the value.
    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            let value = make()
            self.made.withLock { $0 = value }
        }
    }

    /// The value, once it is made.
    var value: Value {
        group.wait()
        return made.withLock { $0! }
    }
}

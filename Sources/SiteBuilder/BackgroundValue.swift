import Foundation

/// A value made on another thread while the caller goes on; ``value`` waits for it. (A build parses
/// its templates while the content loads, and files the previous build's paths while it reads the deck.)
final class BackgroundValue<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    /// Written once, before `group` is left; read only after waiting for `group`, which orders the
    /// write before every read, so reading needs no lock (the previous build's paths are looked up
    /// 13,000 times, from every core).
    private nonisolated(unsafe) var made: Value?

    /// Starts making the value.
    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            self.made = make()
        }
    }

    /// A value already made.
    init(made value: Value) {
        made = value
    }

    /// The value, once it is made.
    var value: Value {
        group.wait()
        return made!
    }
}

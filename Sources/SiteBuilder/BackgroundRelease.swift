import Foundation
import Synchronization

/// Frees a build's large values (the content model, the plan, the search index) on another thread.
///
/// At 10,000 cards they are hundreds of thousands of small allocations: freeing them took one core
/// about 0.1 s at the end of every build while the manifest and the commit waited. Now they overlap, and a
/// one-shot command exits meanwhile (the kernel takes the memory back at once).
enum BackgroundRelease {
    /// Drops `value` on a background queue; its storage is freed there when that is the last copy.
    static func drop<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    private final class Box<Value: Sendable>: Sendable {
        private let value: Mutex<Value?>
        init(_ value: consuming Value) { self.value = Mutex(consume value) }
        func empty() { value.withLock { $0 = nil } }
    }
}

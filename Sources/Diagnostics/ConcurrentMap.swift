import Dispatch

extension Array where Element: Sendable {
    /// `transform` of every element, in order, made `part` elements at a time on every core: for work
    /// on each of thousands of elements that would otherwise keep one core busy while the other waits.
    public func concurrentMap<T>(part: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count, part = Swift.max(1, part)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: (count + part - 1) / part) { index in
                for position in (index * part)..<Swift.min(count, (index + 1) * part) {
                    (buffer.baseAddress! + position).initialize(to: transform(self[position]))
                }
            }
            initialized = count
        }
    }
}

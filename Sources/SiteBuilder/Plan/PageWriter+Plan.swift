import Foundation
import Synchronization

extension PageWriter {
    /// Makes the planned files on every core. A file whose digest equals the previous build's record
    /// is kept as it is; every other file is rendered and handed to the output at once, so no page is
    /// held after it is written.
    mutating func make(_ plan: [PlannedFile], renderer: PageRenderer, problems: inout ProblemList) {
        let shared = SharedProblems()
        let output = self.output
        let progress = options.progress
        let failedPages = Atomic<Int>(0), done = Atomic<Int>(0)
        let chunk = max(1, plan.count / (ProcessInfo.processInfo.activeProcessorCount * 8))
        let chunks = stride(from: 0, to: plan.count, by: chunk).map { $0..<min($0 + chunk, plan.count) }
        plan.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                // The files kept as they are, recorded together at the chunk's end.
                var kept: [PreviousFiles.Entry] = []
                defer { output.keep(kept) }
                for file in buffer[chunks[index]] {
                    do {
                        let digest = file.digest()
                        if let digest, let entry = output.keepable(file.path, digest: digest) {
                            kept.append(entry)
                            continue
                        }
                        try Self.make(file, digest: digest, renderer: renderer, output: output)
                    } catch {
                        shared.add(error, writing: file.path)
                        if file.isPage { failedPages.add(1, ordering: .relaxed) }
                    }
                }
                let count = done.add(chunks[index].count, ordering: .relaxed).newValue
                progress?("files \(count)/\(plan.count)")
            }
        }
        pageCount += plan.count(where: \.isPage) - failedPages.load(ordering: .relaxed)
        problems.diagnostics.append(contentsOf: shared.all)
    }

    /// Makes `file`, whose digest is `digest`, and writes it.
    private static func make(_ file: PlannedFile, digest: RecordedHex?, renderer: PageRenderer, output: HashingOutput) throws {
        switch file.recipe {
        case .page(let template, let page, let context):
            try renderer.write(template, context: try context(), page: page, to: file.path, output: output, digest: digest)
        case .shapedPage(let template, let page, let make):
            var shaped = try make()
            if let unspliced = shaped.unspliced {
                if digest != nil, let entries = shaped.entries, let html = try renderer.render(
                    template, entries: entries, page: page, splicing: shaped.splicedBlocks, context: shaped.context) {
                    try output.write(html, to: file.path, digest: digest)
                    return
                }
                shaped = unspliced()
            }
            guard let entries = shaped.entries, digest != nil else {
                try renderer.write(template, context: shaped.context(), page: page, to: file.path, output: output, digest: digest)
                return
            }
            try output.write(Data(renderer.render(template, entries: entries, page: page, context: shaped.context).utf8), to: file.path, digest: digest)
        case .data(let make):
            try output.write(try make(), to: file.path, digest: digest)
        }
    }
}

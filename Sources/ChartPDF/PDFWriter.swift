import CHaru
import Optotypes

/// Writes chart pages as PDF through libharu. The only file that touches the C library: handles are
/// created and freed here and every status is checked.
enum PDFWriter {
    static func write(_ pages: [ChartPage], title: String) throws(ChartError) -> [UInt8] {
        guard let document = HPDF_New(nil, nil) else { throw .pdfLibrary(code: 0x1015, detail: 0) }
        defer { HPDF_Free(document) }
        try check(document, HPDF_SetCompressionMode(document, UInt32(HPDF_COMP_ALL)))
        // Ask viewers and print dialogs not to scale: the chart is calibrated in millimetres.
        try check(document, HPDF_SetViewerPreference(document, UInt32(HPDF_PRINT_SCALING_NONE)))
        try check(document, HPDF_SetInfoAttr(document, HPDF_INFO_CREATOR, "Loupe"))
        try check(document, HPDF_SetInfoAttr(document, HPDF_INFO_TITLE, WinAnsi.pdfDocCString(title)))
        guard let regular = HPDF_GetFont(document, "Helvetica", "WinAnsiEncoding"),
              let bold = HPDF_GetFont(document, "Helvetica-Bold", "WinAnsiEncoding") else {
            throw .pdfLibrary(code: HPDF_GetError(document), detail: HPDF_GetErrorDetail(document))
        }
        for page in pages {
            guard let handle = HPDF_AddPage(document) else {
                throw .pdfLibrary(code: HPDF_GetError(document), detail: HPDF_GetErrorDetail(document))
            }
            try check(document, HPDF_Page_SetWidth(handle, Float(Millimetres(page.width).points)))
            try check(document, HPDF_Page_SetHeight(handle, Float(Millimetres(page.height).points)))
            try draw(page, on: handle, document: document, regular: regular, bold: bold)
        }
        try check(document, HPDF_SaveToStream(document))
        let size = Int(HPDF_GetStreamSize(document))
        var bytes = [UInt8](repeating: 0, count: size)
        var read: HPDF_UINT32 = HPDF_UINT32(size)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            HPDF_ReadFromStream(document, buffer.baseAddress, &read)
        }
        // libharu reports "end of stream" once everything was read.
        guard status == HPDF_OK || status == HPDF_STREAM_EOF, Int(read) == size else {
            throw .pdfLibrary(code: UInt(status), detail: HPDF_GetErrorDetail(document))
        }
        return bytes
    }

    private static func check(_ document: HPDF_Doc, _ status: HPDF_STATUS) throws(ChartError) {
        guard status == HPDF_OK else { throw .pdfLibrary(code: UInt(status), detail: HPDF_GetErrorDetail(document)) }
    }

    private static func draw(_ page: ChartPage, on handle: HPDF_Page, document: HPDF_Doc,
                             regular: HPDF_Font, bold: HPDF_Font) throws(ChartError) {
        let k = Millimetres.pointsPerMillimetre
        let s = page.scale
        let pageHeight = page.height
        func point(_ p: PathPoint) -> (Float, Float) {
            (Float(p.x * s * k), Float((pageHeight - p.y * s) * k))
        }
        // The subpath at `index` as the operands of `re` when it is drawn as `re` draws a rectangle: a
        // move, a horizontal line, a vertical one, a horizontal one back and a close, the same path in one
        // operator. Rulers' ticks are most of a tiled chart's subpaths, and libharu clears a 512-byte
        // buffer a byte at a time for every operator: a third of a chart's PDF took that.
        func rectangle(at index: Int, of commands: [PathCommand]) -> (x: Float, y: Float, width: Float, height: Float)? {
            guard index + 4 < commands.count, case let .move(a) = commands[index], case let .line(b) = commands[index + 1],
                  case let .line(c) = commands[index + 2], case let .line(d) = commands[index + 3],
                  case .close = commands[index + 4] else { return nil }
            let (x0, y0) = point(a), (x1, y1) = point(b), (x2, y2) = point(c), (x3, y3) = point(d)
            guard y1 == y0, x2 == x1, y3 == y2, x3 == x0 else { return nil }
            return (x0, y0, x1 - x0, y2 - y0)
        }
        func trace(_ path: GlyphPath) throws(ChartError) {
            let commands = path.commands
            var index = 0
            while index < commands.count {
                if let box = rectangle(at: index, of: commands) {
                    try check(document, HPDF_Page_Rectangle(handle, box.x, box.y, box.width, box.height))
                    index += 5
                    continue
                }
                let command = commands[index]
                index += 1
                switch command {
                case let .move(p):
                    let (x, y) = point(p)
                    try check(document, HPDF_Page_MoveTo(handle, x, y))
                case let .line(p):
                    let (x, y) = point(p)
                    try check(document, HPDF_Page_LineTo(handle, x, y))
                case let .curve(p, c1, c2):
                    let (x1, y1) = point(c1), (x2, y2) = point(c2), (x3, y3) = point(p)
                    try check(document, HPDF_Page_CurveTo(handle, x1, y1, x2, y2, x3, y3))
                case .close:
                    try check(document, HPDF_Page_ClosePath(handle))
                }
            }
        }
        try check(document, HPDF_Page_SetGrayFill(handle, 0))
        try check(document, HPDF_Page_SetGrayStroke(handle, 0))
        try drawElements(page.elements)
        func drawElements(_ elements: [PageElement]) throws(ChartError) {
        for element in elements {
            switch element {
            case let .clipped(box, inner):
                try check(document, HPDF_Page_GSave(handle))
                let (x0, y0) = point(PathPoint(box.minX, box.maxY)), (x1, y1) = point(PathPoint(box.maxX, box.minY))
                try check(document, HPDF_Page_Rectangle(handle, x0, y0, x1 - x0, y1 - y0))
                try check(document, HPDF_Page_Clip(handle))
                try check(document, HPDF_Page_EndPath(handle))
                try drawElements(inner)
                try check(document, HPDF_Page_GRestore(handle))
            case let .fill(path):
                try trace(path)
                try check(document, path.fillRule == .evenOdd ? HPDF_Page_Eofill(handle) : HPDF_Page_Fill(handle))
            case let .stroke(path, width):
                try check(document, HPDF_Page_SetLineWidth(handle, Float(width * s * k)))
                try trace(path)
                try check(document, HPDF_Page_Stroke(handle))
            case let .text(text):
                let font = text.isBold ? bold : regular
                let size = Float(text.size * s)
                let encoded = WinAnsi.cString(text.text)
                try check(document, HPDF_Page_BeginText(handle))
                try check(document, HPDF_Page_SetFontAndSize(handle, font, size))
                let width = Double(HPDF_Page_TextWidth(handle, encoded))
                let (x, y) = point(PathPoint(text.x, text.baseline))
                let shift: Double = switch text.anchor {
                case .start: 0
                case .middle: width / 2
                case .end: width
                }
                try check(document, HPDF_Page_TextOut(handle, x - Float(shift), y, encoded))
                try check(document, HPDF_Page_EndText(handle))
            }
        }
        }
    }
}
